"""The card set as data: the shipped set, every mistake located, canonical saving."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.games.transorient_express.conftest import CARDS_PATH
from workbench.exceptions import MapError
from workbench.games.transorient_express.cards import (
    CardSet,
    check_cards,
    dumps_cards,
    load_cards,
    loads_cards,
    save_cards,
)

TEXT = Path(CARDS_PATH).read_text(encoding="utf-8")


def test_the_shipped_set_has_the_rulebooks_structure(cards: CardSet) -> None:
    assert len(cards.destinations) == 72 and len(cards.luggage) == 16
    kinds = Counter(o.kind for o in cards.objectives)
    assert kinds == {"visa": 6, "season": 6, "route": 6}
    ranges = {"visa": range(1, 7), "season": range(7, 13), "route": range(13, 19)}
    assert all(o.number in ranges[o.kind] for o in cards.objectives)
    assert cards.tokens == (10,) * 5 and sum(cards.tokens) == 50
    assert len({(d.number, d.color) for d in cards.destinations}) == 72
    # the rulebook's Route examples: 1-2 = 2, 1-5 = 6, 1-7 = 9
    route = dict(cards.objectives_of("route")[0].table)
    assert (route[2], route[5], route[7]) == (2, 6, 9)
    assert "not the printed cards" in cards.description.lower()


def test_the_set_says_it_is_our_own() -> None:
    assert "NOT the printed cards" in TEXT and "Our own" in TEXT


def test_costs_are_level_across_token_colors(cards: CardSet) -> None:
    demand = Counter()
    for d in cards.destinations:
        for color, n in d.cost:
            demand[color] += n
    assert max(demand.values()) - min(demand.values()) <= 6


def test_the_shipped_file_is_canonical_and_clean(cards: CardSet) -> None:
    assert dumps_cards(cards) == TEXT
    assert check_cards(CARDS_PATH) == []
    assert loads_cards(dumps_cards(cards)) == cards


def test_the_schema_accepts_the_shipped_file() -> None:
    schema = json.loads(Path("maps/cards.schema.json").read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    jsonschema.validate(json.loads(json.dumps(yaml.safe_load(TEXT))), schema)


def test_saving_is_atomic_and_round_trips(cards: CardSet, tmp_path: Path) -> None:
    out = save_cards(cards, tmp_path / "set.yaml")
    assert load_cards(out) == cards
    assert [p.name for p in tmp_path.iterdir()] == ["set.yaml"]
    save_cards(load_cards(out), tmp_path / "again.yaml")
    assert (tmp_path / "again.yaml").read_bytes() == out.read_bytes()


def _problems(text: str) -> list[str]:
    with pytest.raises(MapError) as err:
        loads_cards(text, "set.yaml")
    return [str(p) for p in err.value.problems]


def _edit(old: str, new: str) -> str:
    assert old in TEXT
    return TEXT.replace(old, new, 1)


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        (
            "number: 1, color: red, name: Paris, cost: {red: 1}",
            "number: 1, color: rde, name: Paris, cost: {red: 1}",
            "rde",
            "unknown card color 'rde' (did you mean 'red'?",
        ),
        (
            "cost: {red: 1}, points: 1",
            "cost: {red: -1}, points: 1",
            "-1",
            "cost: red is -1, below 0",
        ),
        (
            "cost: {red: 1}, points: 1",
            "cost: {purple: 1}, points: 1",
            "purple",
            "unknown token color 'purple'",
        ),
        (
            "effect: {kind: wild_number}",
            "effect: {kind: wild_numbr}",
            "wild_numbr",
            "unknown effect 'wild_numbr'",
        ),
        (
            "effect: {kind: discount, color: red}",
            "effect: {kind: discount, color: white}",
            "color: white}",
            "unknown token color 'white'",
        ),
        (
            "points: 1, passports: 1, luggage: false, effect: none}",
            "points: 1, pasports: 1, luggage: false, effect: none}",
            "pasports",
            "unknown key 'pasports' in destination #1 (did you mean 'passports'?",
        ),
        (
            "  - {number: 1, color: yellow,",
            "  - {number: 1, color: red,",
            "number: 1, color: red,",
            "a second Destination card 1 red",
        ),
        ("medals: [8, 5, 2]", "medals: [8, -5, 2]", "medals: [8, -5", "medals are 1 to 3"),
        ("need: {distinct: 4}", "need: {distnct: 4}", "distnct", "unknown need 'distnct'"),
    ],
)
def test_every_mistake_is_located(old: str, new: str, needle: str, message: str) -> None:
    text = _edit(old, new)
    found = _problems(text)
    assert any(message in p for p in found), found
    line = _line_of(text, needle) if needle != "number: 1, color: red," else 10
    assert any(p.startswith(f"set.yaml:{line}:") for p in found), (found, line)


def test_a_duplicate_card_points_at_the_second(cards: CardSet) -> None:
    text = _edit("  - {number: 1, color: yellow,", "  - {number: 1, color: red,")
    (problem,) = [p for p in _problems(text) if "second" in p]
    assert problem.startswith("set.yaml:10:14:") and "destinations #1" in problem


def test_a_missing_objective_kind_is_reported() -> None:
    text = "\n".join(line for line in TEXT.splitlines() if "kind: visa" not in line) + "\n"
    found = _problems(text)
    assert any("the set has no visa objective" in p for p in found), found
    assert any(p.startswith(f"set.yaml:{_line_of(text, 'objectives:')}:") for p in found)


def test_yaml_mistakes_and_wrong_kinds() -> None:
    assert _problems("format: 1\nkind: cards\nname: [x\n")[0].startswith("set.yaml:")
    assert "kind is 'lattice'" in _problems(TEXT.replace("kind: cards", "kind: lattice"))[0]
    assert "the file is empty" in _problems("")[0]
    assert "alias" in " ".join(_problems("a: &x 1\nb: *x\n"))


def test_checking_reports_without_raising(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(_edit("cost: {red: 1}, points: 1", "cost: {red: 1}, points: -2"))
    (problem,) = check_cards(bad)
    assert problem.path == str(bad) and problem.line == 9 and "points is -2" in problem.message
