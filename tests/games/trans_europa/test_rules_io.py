"""Rules files: loading with located problems, canonical dumping, round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from tests.games.trans_europa.strategies import rules
from workbench.exceptions import RulesError
from workbench.games.trans_europa import (
    DECK,
    GENEROUS_TABLE,
    PRESETS,
    Rules,
    dump_rules,
    load_rules,
    loads_rules,
    save_rules,
)
from workbench.games.trans_europa.rules_io import LIMITS


def problems(text: str) -> list[str]:
    with pytest.raises(RulesError) as info:
        loads_rules(text, "r.yaml")
    return [str(p) for p in info.value.problems]


def test_preset_alone() -> None:
    for name, preset in PRESETS.items():
        assert loads_rules(f"preset: {name}\n") == preset
    assert loads_rules("target: 13\n") == Rules()  # the preset defaults to the rulebook


def test_overrides_and_cards() -> None:
    text = """\
preset: countdown
name: family evenings
countdown_start: 20
table: [[2, 3], [4, 2], [7, 1]]
double_cost: {water: 1}
colors_out: [white]
special_cards: [rhythm, anywhere]
card_mode: fixed
cards: [rhythm, mountain_single]
"""
    r = loads_rules(text)
    assert r.scoring == "countdown" and r.name == "family evenings"
    assert r.countdown_start == 20 and r.table == GENEROUS_TABLE
    assert r.double_cost_map == {"mountain": 1, "water": 1}
    assert r.colors_out == ("white",) and r.rhythm == (3, 2, 1)
    assert r.special_cards == ("rhythm", "anywhere") and r.card_mode == "fixed"


def test_problems_are_located_and_all_reported() -> None:
    text = "preset: rulebok\ntarget: -2\nsingels_per_turn: 3\ncards: [generous, jocker]\n"
    found = problems(text)
    assert found == [
        "r.yaml:1:9: preset is 'rulebok', which is not a preset "
        "(did you mean 'rulebook'? use one of: rulebook, countdown, colored)",
        "r.yaml:2:9: target is -2 (use a whole number, at least 1)",
        found[2],
        found[3],
    ]
    assert found[2].startswith("r.yaml:3:1: unknown key 'singels_per_turn' (did you mean")
    assert found[3].startswith("r.yaml:4:19: 'jocker' is not a special card (use one of:")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "r.yaml:1:1: the file is empty (start from docs/rules.md's example)"),
        ("- 1\n- 2\n", "r.yaml:1:1: the file should be a mapping of keys, not list"),
        ("target: [1\n", "r.yaml:2:1: YAML syntax error"),
        ("target: !!python/object:os.system 1\n", "the tag !!python/object:os.system is not"),
        ("a: &x 1\nb: *x\n", "anchor &x is not allowed in a rules file"),
        ("target: 1\ntarget: 2\n", "r.yaml:2:1: key 'target' appears twice here"),
        ("cards: generous\n", "r.yaml:1:8: cards is 'generous', not a list"),
        ("preset: 3\n", "r.yaml:1:9: preset is 3, which is not a preset"),
        ("table: [[1, 3], [1, 2]]\n", "r.yaml:1:8: table is [[1, 3], [1, 2]] (use pairs"),
        ("double_cost: {lava: 1}\n", "r.yaml:1:14: double_cost is {'lava': 1}"),
        ("mixed_doubles: yes please\n", "mixed_doubles is 'yes please' (use true or false)"),
        (
            "special_cards: [rhythm]\ncards_per_round: 2\n",
            "r.yaml:1:1: Rules.cards_per_round is 2: it must be at most the 1 special cards",
        ),
    ],
)
def test_bad_files(text: str, expected: str) -> None:
    assert any(expected in p for p in problems(text)), problems(text)


def test_binary_and_non_utf8() -> None:
    assert "not a YAML rules file" in problems("\x00\x01")[0]
    with pytest.raises(RulesError, match="is not UTF-8"):
        loads_rules(b"target: \xff\n", "r.yaml")


def test_dump_is_minimal_and_canonical() -> None:
    assert dump_rules(Rules()) == "# rail-workbench rules: see docs/rules.md\npreset: rulebook\n"
    r = Rules.preset("colored").replace(
        name="a: b", colors_out=("white",), special_cards=DECK[:2], table=((1, 3),)
    )
    text = dump_rules(r)
    assert text.splitlines()[1:] == [
        "preset: colored",
        'name: "a: b"',
        "table: [[1, 3]]",
        "colors_out: [white]",
        "special_cards: [generous, three_rails]",
    ]
    assert loads_rules(text) == r
    assert dump_rules(loads_rules(text)) == text


@given(rules())
def test_round_trip(r: Rules) -> None:
    text = dump_rules(r)
    assert loads_rules(text) == r
    assert dump_rules(loads_rules(text)) == text


def test_save_and_load(tmp_path: Path) -> None:
    r = Rules.preset("countdown").replace(rhythm=(3, 2, 1), special_cards=DECK)
    path = save_rules(r, tmp_path / "house.yaml")
    assert load_rules(path) == r
    path.write_text("target: 0\n")
    with pytest.raises(RulesError, match=r"house\.yaml:1:9: target is 0"):
        load_rules(path)


# ---------------------------------------------------------------------- issue 14


@pytest.mark.parametrize("key", ["special_cards", "colors_out", "reveal", "draft_extra"])
def test_a_list_where_a_name_belongs(key: str) -> None:
    (message,) = problems(f"{key}: [[x]]\n")
    assert f"r.yaml:1:{len(key) + 3}: {key} is [['x']]: every item must be a name" in message


def test_control_characters_in_a_rules_file() -> None:
    assert "control character U+0001 is not allowed" in problems("name: fam\x01ily\n")[0]
    assert "holds the control character U+001B" in problems('name: "fam\\e[2Jily"\n')[0]
    assert "bidirectional control U+202E" in problems('name: "\\u202efamily"\n')[0]


@pytest.mark.parametrize("key", sorted(LIMITS))
def test_every_count_is_bounded_by_what_the_game_allows(key: str) -> None:
    try:  # the limit itself is allowed (another rule may still refuse it)
        loads_rules(f"{key}: {LIMITS[key]}\n")
    except RulesError as e:
        assert "over the limit" not in str(e)
    (message,) = problems(f"{key}: 1000000000\n")
    assert f"{key} is 1000000000, over the limit of {LIMITS[key]:,}" in message


def test_lists_of_counts_are_bounded() -> None:
    assert "over the limit of 100" in problems("rhythm: [1000000000]\n")[0]
    assert "over the limit of 100" in problems(f"rhythm: [{', '.join(['1'] * 101)}]\n")[0]
    assert "over the limit of 1,000" in problems("table: [[1, 1000000000]]\n")[0]


def test_non_finite_numbers_and_floats_as_whole_numbers() -> None:
    assert ".nan is not a finite number" in problems("target: .nan\n")[0]
    assert loads_rules("target: 15.0\n").target == 15


def test_the_size_limit_message_says_the_real_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("target: 15\n" + "#" * 2_000_000 + "\n")
    with pytest.raises(RulesError, match=f"{path.stat().st_size:,} bytes, over the limit"):
        load_rules(path)
