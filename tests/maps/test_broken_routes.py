"""The corpus of broken route boards: each fails (or warns) with a located message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from workbench import MapError, RouteBoard, check_map, load_map

BROKEN = Path(__file__).parent / "broken_routes"

# file -> (line, column, words the first error must contain)
ERRORS = {
    "unknown_city_route.yaml": (15, 15, "route Alder-Deltaa: no city 'Deltaa'"),
    "unknown_city_ticket.yaml": (17, 15, "ticket Alder-Cedarr: no city 'Cedarr'"),
    "length_out_of_range.yaml": (15, 39, "route Alder-Delta: length is 9, it must be at most 8"),
    "unknown_color.yaml": (15, 49, "has color 'greem', which is not a card color"),
    "three_parallel.yaml": (16, 15, "Alder and Delta are joined by more than two routes"),
    "ferry_locomotives.yaml": (15, 81, "needs 3 locomotives but has only 2 spaces"),
    "locomotives_on_tunnel.yaml": (15, 82, "tunnel route Alder-Delta asks for 1 locomotive"),
    "ticket_to_itself.yaml": (17, 15, "ticket Cedar-Cedar joins 'Cedar' to itself"),
    "ticket_unreachable.yaml": (20, 15, "no path of routes joins 'Alder' and 'Eagle'"),
    "isolated_city.yaml": (11, 12, "no route reaches city 'Eagle'"),
    "duplicate_city.yaml": (8, 12, "city name 'Birch' is used 2 times"),
    "unknown_key.yaml": (15, 31, "unknown key 'lenght' in route Alder-Delta"),
    "yaml_syntax.yaml": (16, 8, "YAML syntax error"),
    "land_crosses_itself.yaml": (9, 7, "land polygon 'Bow tie' crosses itself"),
}
# file -> (line, column, words of the first warning); these boards still load
WARNINGS = {
    "warn_unprinted_length.yaml": (15, 39, "5 cars long, a length the scoring table does not"),
    "warn_double_same_color.yaml": (16, 49, "double route Alder-Delta has two green lanes"),
    "warn_crossing.yaml": (17, 15, "routes Alder-Cedar and Birch-Delta cross on the plane"),
    "warn_totals.yaml": (5, 14, "the routes hold 8 cars, fewer than the 90 of 2 players"),
}


def test_every_broken_file_has_an_expectation() -> None:
    assert {p.name for p in BROKEN.glob("*.yaml")} == set(ERRORS) | set(WARNINGS)


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_broken_route_board_fails_with_location(name: str) -> None:
    line, column, words = ERRORS[name]
    path = BROKEN / name
    with pytest.raises(MapError) as info:
        load_map(path)
    first = info.value.problems[0]
    assert (first.path, first.line, first.column) == (str(path), line, column)
    assert words in first.message and first.severity == "error"
    assert first.hint, "every problem says how to fix it"
    assert str(first).startswith(f"{path}:{line}:{column}: ")


@pytest.mark.parametrize("name", sorted(WARNINGS))
def test_warnings_are_located_and_do_not_stop_loading(name: str) -> None:
    line, column, words = WARNINGS[name]
    path = BROKEN / name
    assert isinstance(load_map(path), RouteBoard)
    problems = check_map(path)
    assert problems and all(p.severity == "warning" for p in problems)
    first = problems[0]
    assert (first.line, first.column) == (line, column) and words in first.message
    assert first.hint


def test_totals_warn_about_cars_and_tickets() -> None:
    messages = [p.message for p in check_map(BROKEN / "warn_totals.yaml")]
    assert len(messages) == 2
    assert "the board has 0 long tickets, the deck expects 6" in messages[1]


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path) -> None:
    text = (BROKEN / "unknown_color.yaml").read_text()
    text = text.replace("length: 2, color: blue}", "length: 2, color: blue, kind: ferry}")
    text = text.replace(
        "{between: [Alder, Cedar], points: 4}", "{between: [Alder, Zed], points: 4}"
    )
    path = tmp_path / "many.yaml"
    path.write_text(text)
    messages = [p.message for p in check_map(path) if p.severity == "error"]
    assert len(messages) == 3, messages
    assert any("'greem'" in m for m in messages)
    assert any("ferry Birch-Cedar needs no locomotive" in m for m in messages)
    assert any("no city 'Zed'" in m for m in messages)


def test_cli_reports_every_broken_route_board_without_traceback() -> None:
    files = sorted(str(p) for p in BROKEN.glob("*.yaml"))
    result = subprocess.run(
        [sys.executable, "-m", "workbench", "check", *files],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    for name, (line, column, _) in {**ERRORS, **WARNINGS}.items():
        assert f"{BROKEN / name}:{line}:{column}: " in output
    strict = subprocess.run(
        [sys.executable, "-m", "workbench", "check", "--strict", str(BROKEN / "warn_totals.yaml")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert strict.returncode == 1 and "warning:" in strict.stdout
