"""The state after the speed work (issue 18, helper mut-rerun): what the mutants of
``workbench/games/trans_europa/state.py`` run again showed untested.

The room a turn has left is kept in a one-entry cache keyed by the rails placed this turn,
the turn and the round. A round whose first rail ends it (here: a supply of one rail) can
leave the entry of its empty turn behind, and the next round's first turn is empty too, at
the same turn number: only the round tells them apart. Tiny's lake crossing
(4,1)-(5,2) is a water double; with the special cards ``water_single`` and
``mountain_single`` tiny has no double at all.
"""

from __future__ import annotations

import pytest

from workbench import Board
from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import (
    NextRound,
    PlaceMarker,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
)

LAKE = ((4, 1), (5, 2))
# per round three of these six cards: with seed 0 round 1 turns over the first three
# (build anywhere, and no double anywhere) and round 2 the other three (doubles again)
CARDS = ("anywhere", "water_single", "mountain_single", "three_rails", "rhythm", "demanding")


def _second_round(tiny: Board) -> TransEuropaState:
    """Round 2's build, seat 1 on turn with its marker at the lake's double, after a round
    1 without doubles that its first rail ended."""
    rules = Rules().replace(rail_supply=1, special_cards=CARDS, cards_per_round=3)
    game = TransEuropa(tiny, rules, players=2, hands=[(("Cedar",), ("Elder",))], seed=0)
    assert set(game.round_cards(1)) == {"anywhere", "water_single", "mountain_single"}
    assert set(game.round_cards(2)) == {"three_rails", "rhythm", "demanding"}
    state = game.new_state()
    assert not state._doubles and state.round_rules.build_anywhere
    state.apply(PlaceMarker((4, 1)))
    state.apply(PlaceMarker((0, 0)))
    state.apply(PlaceRail(((1, 1), (2, 1))))  # anywhere; the supply's one rail
    assert state.phase == "round_over" and state.results[-1].reason == "supply"
    state.apply(NextRound())
    state.apply(PlaceMarker((4, 1)))  # seat 1 starts round 2
    state.apply(PlaceMarker((0, 0)))
    assert (state.round, state.phase, state.to_play, state.turn) == (2, "build", 1, 0)
    assert LAKE in state._doubles
    return state


def test_a_round_after_one_without_doubles_offers_its_doubles_at_its_first_rail(
    tiny: Board,
) -> None:
    state = _second_round(tiny)
    assert PlaceRail(LAKE) in state.legal_actions()
    assert PlaceRail(LAKE) in state.observation(1).legal_actions


def test_a_double_applied_at_once_in_a_round_after_one_without_doubles_is_placed(
    tiny: Board,
) -> None:
    # applied without asking for the legal actions first, as a replay does
    state = _second_round(tiny)
    state.apply(PlaceRail(LAKE))
    assert LAKE in state.rails
    assert state.results[-1].reason == "supply" and state.results[-1].rails == (LAKE,)


def test_a_black_rail_over_the_budget_is_told_no_colored_limit_even_with_colored_rails(
    tiny: Board,
) -> None:
    # seat 0 lays a single, then tries the lake's double: over the budget either way; only
    # the colored rail's refusal adds the colored rails' limit
    game = TransEuropa(
        tiny, Rules().replace(colored_rails=1), players=2, hands=[(("Cedar",), ("Elder",))]
    )
    state = game.new_state()
    state.apply(PlaceMarker((4, 1)))
    state.apply(PlaceMarker((0, 0)))
    state.apply(PlaceRail(((3, 1), (4, 1))))
    budget = "is over the turn's budget: a double after 1 single(s) and 0 double(s) (up to 2 "
    with pytest.raises(IllegalActionError) as black:
        state.apply(PlaceRail(LAKE))
    assert str(black.value).endswith(f"R 4,1-5,2 {budget}singles or 1 double on lap 1)")
    with pytest.raises(IllegalActionError) as colored:
        state.apply(PlaceRail(LAKE, colored=True))
    assert str(colored.value).endswith(
        f"C 4,1-5,2 {budget}singles or 1 double on lap 1, at most 1 colored)"
    )
