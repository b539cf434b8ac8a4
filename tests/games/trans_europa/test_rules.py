"""The Rules value: defaults from the rulebook, presets, validation, replace and repr."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.trans_europa.strategies import rules
from workbench.analysis.costs import segment_cost
from workbench.exceptions import RulesError, WorkbenchError
from workbench.games.trans_europa import PRESETS, Rules


def test_defaults_are_the_rulebook() -> None:
    r = Rules()
    assert r == Rules.preset("rulebook") == PRESETS["rulebook"]
    assert (r.winner_points, r.target, r.rail_supply) == (4, 13, 85)
    assert r.table == ((1, 3), (2, 2), (4, 1))
    assert (r.singles_per_turn, r.doubles_per_turn, r.mixed_doubles) == (2, 1, False)
    assert r.double_cost_map == {"mountain": 2, "water": 2}
    assert not r.uses_dashed(2) and not r.uses_dashed(3)
    assert r.uses_dashed(4) and r.uses_dashed(6)


def test_presets() -> None:
    assert set(PRESETS) == {"rulebook", "countdown", "colored"}
    countdown = Rules.preset("countdown")
    assert (countdown.scoring, countdown.countdown_start) == ("countdown", 13)
    colored = Rules.preset("colored")
    assert (colored.colored_rails, colored.colored_per_turn, colored.ferry_rails) == (3, 1, 2)
    for name, preset in PRESETS.items():
        assert preset.name == name
        assert repr(preset) == f"Rules.preset({name!r})"


def test_unknown_preset() -> None:
    with pytest.raises(RulesError, match="no preset 'rulbook'"):
        Rules.preset("rulbook")


def test_hashable_and_frozen() -> None:
    assert len({Rules(), Rules(), Rules(target=14)}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().target = 3  # type: ignore[misc]


def test_double_cost_map_feeds_segment_cost() -> None:
    r = Rules().replace(double_cost={"water": 1})
    assert r.double_cost == (("mountain", 2), ("water", 1))
    assert segment_cost("double", "water", r.double_cost_map) == 1
    assert segment_cost("double", "mountain", r.double_cost_map) == 2
    assert segment_cost("single", None, r.double_cost_map) == 1


def test_sequences_are_normalized() -> None:
    r = Rules(table=[[1, 3], [2, 2]], rhythm=[3, 2, 1], colors_out=["white", "brown"])  # type: ignore[arg-type]
    assert r.table == ((1, 3), (2, 2))
    assert r.rhythm == (3, 2, 1)
    assert r.colors_out == ("brown", "white")
    assert r == Rules(table=((1, 3), (2, 2)), rhythm=(3, 2, 1), colors_out=("brown", "white"))


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("target", 0, "at least 1"),
        ("target", "13", "a whole number"),
        ("target", True, "a whole number"),
        ("winner_points", -1, "at least 0"),
        ("scoring", "race", "one of: rulebook, countdown"),
        ("mixed_doubles", 1, "true or false"),
        ("table", ((2, 3), (1, 2)), "rails rising"),
        ("table", ((1, 2), (2, 3)), "never rising"),
        ("table", ((0, 3),), "rising from 1"),
        ("table", ((1, -1),), "0 or more"),
        ("table", "1-3", "pairs"),
        ("rhythm", (3, 0), "each at least 1"),
        ("double_cost", {"lava": 1}, "water"),
        ("double_cost", {"water": 0}, "at least 1"),
        ("ferry_rails", 3, "at most 2"),
        ("dashed_out_below", 1, "at least 2"),
        ("colors_out", ("white", "white"), "distinct color names"),
        ("colors_out", "white", "a list"),
        ("special_cards", ("joker",), "special card ids"),
        ("card_mode", "always", "per_round, fixed"),
        ("cards_per_round", 0, "at least 1"),
        ("name", 3, "text"),
    ],
)
def test_bad_values_name_field_value_and_what_is_allowed(
    field: str, value: Any, allowed: str
) -> None:
    with pytest.raises(RulesError) as info:
        Rules().replace(**{field: value})
    message = str(info.value)
    assert f"Rules.{field} is {value!r}" in message
    assert allowed in message
    assert isinstance(info.value, ValueError) and isinstance(info.value, WorkbenchError)


def test_every_bad_field_is_reported() -> None:
    with pytest.raises(RulesError) as info:
        Rules(target=0, rail_supply=0)
    assert "Rules.target" in str(info.value) and "Rules.rail_supply" in str(info.value)


def test_cards_per_round_cannot_exceed_the_deck() -> None:
    with pytest.raises(RulesError, match="at most the 1 special cards"):
        Rules(special_cards=("rhythm",), cards_per_round=2)
    assert Rules(special_cards=("rhythm",), card_mode="fixed", cards_per_round=2)


def test_unknown_field_suggests() -> None:
    with pytest.raises(RulesError, match="did you mean 'rail_supply'"):
        Rules().replace(rail_suply=60)


def test_repr_pastes_back() -> None:
    r = Rules.preset("countdown").replace(target=20, rhythm=(3, 2, 1), name="house")
    assert repr(r) == (
        "Rules.preset('countdown').replace(name='house', target=20, rhythm=(3, 2, 1))"
    )
    assert eval(repr(r)) == r


@given(rules())
def test_repr_round_trip(r: Rules) -> None:
    assert eval(repr(r)) == r


@given(rules(), st.sampled_from(["target", "rail_supply", "singles_per_turn"]), st.integers(-5, 0))
def test_replace_keeps_validation(r: Rules, field: str, bad: int) -> None:
    with pytest.raises(RulesError, match=f"Rules.{field} is {bad}"):
        r.replace(**{field: bad})


@given(rules())
def test_replace_with_own_fields_is_identity(r: Rules) -> None:
    assert r.replace(**{f.name: getattr(r, f.name) for f in dataclasses.fields(r)}) == r
    assert Rules(**dataclasses.asdict(r)) == r


def test_turn_budget_and_rhythm() -> None:
    r = Rules(rhythm=(3, 2, 1))
    assert [r.turn_budget(lap) for lap in range(1, 8)] == [3, 2, 1, 3, 2, 1, 3]
    assert Rules().turn_budget(1) == 2
    with pytest.raises(ValueError, match="laps count from 1"):
        r.turn_budget(0)


@pytest.mark.parametrize(
    ("rules", "singles", "doubles", "lap", "ok"),
    [
        (Rules(), 0, 0, 1, False),  # a turn places at least one rail
        (Rules(), 1, 0, 1, True),
        (Rules(), 2, 0, 1, True),
        (Rules(), 3, 0, 1, False),
        (Rules(), 0, 1, 1, True),
        (Rules(), 0, 2, 1, False),
        (Rules(), 1, 1, 1, False),  # basic game: a double is the whole turn
        (Rules(singles_per_turn=3, mixed_doubles=True), 3, 0, 1, True),
        (Rules(singles_per_turn=3, mixed_doubles=True), 1, 1, 1, True),
        (Rules(singles_per_turn=3, mixed_doubles=True), 2, 1, 1, False),
        (Rules(rhythm=(3, 2, 1)), 3, 0, 1, True),
        (Rules(rhythm=(3, 2, 1)), 2, 0, 3, False),
        (Rules(rhythm=(3, 2, 1)), 0, 1, 3, True),  # a lone double is one rail, on any lap
        (Rules(rhythm=(3, 2, 1), mixed_doubles=True), 1, 1, 1, True),
        (Rules(rhythm=(3, 2, 1), mixed_doubles=True), 1, 1, 2, False),
    ],
)
def test_allows_turn(rules: Rules, singles: int, doubles: int, lap: int, ok: bool) -> None:
    assert rules.allows_turn(singles, doubles, lap) is ok


def test_colored_rails_per_turn() -> None:
    colored = Rules.preset("colored")
    assert colored.allows_turn(2, colored=1)
    assert not colored.allows_turn(2, colored=2)
    assert not colored.allows_turn(0, 1, colored=2)
    assert not Rules().allows_turn(1, colored=1)  # no colored rails in the basic game


def test_hand_colors() -> None:
    r = Rules(colors_out=("white", "turquoise"))
    assert r.hand_colors(["brown", "white", "pink", "orange", "turquoise"]) == (
        "brown",
        "pink",
        "orange",
    )
