"""The corpus of broken maps: each fails with a located message, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from workbench import MapError, check_map, load_map, yamlfile
from workbench.maps.io import MAX_BYTES

BROKEN = Path(__file__).parent / "broken"

# file -> (line, column, words the first error must contain)
EXPECTED = {
    "yaml_syntax.yaml": (11, 3, "YAML syntax error"),
    "wrong_type.yaml": (10, 37, "at should be a list, not text '12, 3'"),
    "missing_keys.yaml": (1, 1, "missing the required key 'lattice'"),
    "unknown_key.yaml": (10, 19, "unknown key 'colour'"),
    "unknown_color.yaml": (11, 26, "unknown color 'browne'"),
    "duplicate_name.yaml": (10, 12, "city name 'Alder' is used 2 times"),
    "same_point.yaml": (11, 37, "'Alder' and 'Birch' are both on [1, 1]"),
    "off_lattice.yaml": (11, 37, "off the lattice"),
    "sea_point.yaml": (11, 37, "on a sea point [5, 2]"),
    "not_neighbours.yaml": (13, 15, "not neighbours"),
    "segment_off_board.yaml": (13, 15, "[6, 0] is not on the board"),
    "unknown_segment_type.yaml": (13, 39, "type is 'bridge'"),
    "unreachable_city.yaml": (14, 37, "no path reaches city 'Birch'"),
    "empty.yaml": (1, 1, "the file is empty"),
    "binary.yaml": (1, 1, "binary file"),
    "not_utf8.yaml": (10, 13, "byte 0xfc is not UTF-8"),
    "alias_bomb.yaml": (3, 4, "anchor &a is not allowed"),
    "self_crossing.yaml": (39, 7, "mountain polygon 'Bent ridge' crosses itself"),
    "python_tag.yaml": (10, 12, "tag !!python/object/apply:os.system is not allowed"),
    # issue 14: numbers, control characters, list keys, deck keys and names
    "nan_coordinate.yaml": (29, 10, ".nan is not a finite number"),
    "infinite_coordinate.yaml": (22, 10, ".inf is not a finite number"),
    "huge_coordinate.yaml": (36, 16, "is 1e+308, it must be at most 1000"),
    "control_character.yaml": (47, 14, "the control character U+0001 is not allowed"),
    "escaped_control.yaml": (47, 12, "holds the control character U+001B"),
    "scalar_cities.yaml": (44, 9, "cities should be a list, not the number 7"),
    "scalar_terrain.yaml": (24, 10, "terrain should be a list, not the number 7"),
    "scalar_segments.yaml": (55, 11, "segments should be a list, not the number 7"),
    "deck_unknown_key.yaml": (10, 22, "unknown key 'dashed_per_colour' in deck"),
    "padded_name.yaml": (45, 12, "city name ' Alder': it has spaces before or after it"),
    "blank_name.yaml": (45, 12, "city name '  ': it is blank"),
    "zero_width_name.yaml": (45, 12, "invisible character U+200B (ZERO WIDTH SPACE)"),
    "bidi_name.yaml": (45, 12, "bidirectional control U+202E"),
    "surrogate_name.yaml": (45, 12, "lone surrogate U+D800"),
    "lookalike_names.yaml": (45, 12, "city name '\u00c5land' is used 2 times"),
    "case_names.yaml": (45, 12, "city names 'ALDER' and 'Alder' read the same"),
}


def test_every_broken_file_has_an_expectation() -> None:
    files = {p.name for p in BROKEN.glob("*.yaml")} - {"warn_color_counts.yaml"}
    assert files == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_map_fails_with_location(name: str) -> None:
    line, column, words = EXPECTED[name]
    path = BROKEN / name
    with pytest.raises(MapError) as info:
        load_map(path)
    first = info.value.problems[0]
    assert (first.path, first.line, first.column) == (str(path), line, column)
    assert words in first.message
    assert first.hint, "every problem says how to fix it"
    assert str(first).startswith(f"{path}:{line}:{column}: ")
    assert isinstance(info.value, ValueError)


def test_did_you_mean_for_unknown_key() -> None:
    (problem,) = check_map(BROKEN / "unknown_key.yaml")
    assert "did you mean 'color'?" in problem.hint


def test_all_problems_are_reported_at_once(tmp_path: Path) -> None:
    text = (BROKEN / "same_point.yaml").read_text()
    text = text.replace(
        "color: brown, at: [1, 1]}\n  - {name: Birch", "color: pink, at: [1, 1]}\n  - {name: Birch"
    )
    text += "segments:\n  - {between: [[0, 0], [2, 0]], type: none}\n"
    path = tmp_path / "many.yaml"
    path.write_text(text)
    messages = [p.message for p in check_map(path) if p.severity == "error"]
    assert len(messages) == 3
    assert any("unknown color 'pink'" in m for m in messages)
    assert any("both on [1, 1]" in m for m in messages)
    assert any("not neighbours" in m for m in messages)


def test_python_tags_are_never_executed(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.yaml"
    path.write_text(f'format: !!python/object/apply:os.system ["touch {marker}"]\nname: x\n')
    with pytest.raises(MapError, match="not allowed"):
        load_map(path)
    assert not marker.exists()


def test_alias_bomb_is_refused_before_anything_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first anchor stops the reading: a handful of nodes are composed and nothing is
    constructed, so the billion strings behind the aliases are never made (how fast that
    is depends on the machine, and is not asserted)."""
    composed = []
    compose = yamlfile._Loader.compose_node

    def counting(self: Any, parent: Any, index: Any) -> Any:
        composed.append(index)
        return compose(self, parent, index)

    def never(self: Any, node: Any) -> Any:
        raise AssertionError("the document was constructed")

    monkeypatch.setattr(yamlfile._Loader, "compose_node", counting)
    monkeypatch.setattr(yamlfile._Loader, "construct_document", never)
    with pytest.raises(MapError) as info:
        load_map(BROKEN / "alias_bomb.yaml")
    assert "anchor &a is not allowed" in info.value.problems[0].message
    assert len(composed) <= 10, composed


def test_aliases_without_anchor_names_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "alias.yaml"
    path.write_text("format: 1\nname: &n x\nauthor: *n\n")
    problems = check_map(path)
    assert problems[0].line == 2 and "anchor &n" in problems[0].message


def test_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("format: 1\nname: x\n# " + "x" * MAX_BYTES + "\n")
    (problem,) = check_map(path)
    assert (problem.line, problem.column) == (1, 1)
    assert "over the limit" in problem.message


def test_deeply_nested_file(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("format: 1\nname: " + "[" * 50_000 + "]" * 50_000 + "\n")
    problems = check_map(path)
    assert problems and problems[0].severity == "error"


def test_duplicate_keys_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text("format: 1\nname: a\nname: b\n")
    problems = check_map(path)
    assert (problems[0].line, problems[0].column) == (3, 1)
    assert "appears twice" in problems[0].message


def test_warnings_do_not_stop_loading() -> None:
    path = BROKEN / "warn_color_counts.yaml"
    board = load_map(path)
    problems = check_map(path)
    assert len(board.cities) == 3
    assert [p.severity for p in problems] == ["warning", "warning"]
    assert "has 3 cities, the deck expects 2" in problems[0].message


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args], capture_output=True, text=True, timeout=120
    )


def test_cli_reports_every_broken_file_without_traceback() -> None:
    files = sorted(str(p) for p in BROKEN.glob("*.yaml") if p.name in EXPECTED)
    result = _cli("check", *files)
    assert result.returncode == 1
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    for name, (line, column, _) in EXPECTED.items():
        assert f"{BROKEN / name}:{line}:{column}: " in output


def test_cli_warnings_exit_zero_unless_strict() -> None:
    path = str(BROKEN / "warn_color_counts.yaml")
    assert _cli("check", path).returncode == 0
    strict = _cli("check", "--strict", path)
    assert strict.returncode == 1 and "warning:" in strict.stdout


def test_cli_missing_file_is_a_clear_error() -> None:
    result = _cli("check", "no/such/map.yaml")
    assert result.returncode == 1
    assert "cannot read the file" in result.stderr and "Traceback" not in result.stderr
