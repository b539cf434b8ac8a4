"""The state: hand-worked positions on the tiny board for what the other tests let through.

Written for the mutants of ``workbench/engine/state.py`` that the other tests let through
(issue 18); each test names the behaviour it pins.

Tiny board, row 0: (1,0) - (2,0) Ginkgo - (3,0) - (4,0) - (5,0) Fir - (6,0); Alder is at
(1,1); the ferry is (5,1)-(6,1). Cities by color: brown Alder, Birch; white Cedar,
Dogwood; pink Elder, Fir; orange Ginkgo, Hazel; turquoise Ivy, Juniper.
"""

from __future__ import annotations

import pytest

from workbench import Board
from workbench.engine import (
    Discard,
    EndTurn,
    Game,
    PassCard,
    PlaceMarker,
    PlaceRail,
    SeatRails,
    seat_rails,
)
from workbench.exceptions import IllegalActionError
from workbench.rules import Rules

FERRY = ((5, 1), (6, 1))


def game_of(board: Board, hands: tuple[tuple[str, ...], ...], **rules: object) -> Game:
    return Game(board, Rules().replace(**rules), players=len(hands), hands=[hands])


def test_the_last_seat_of_a_draft_is_told_to_return_a_card_of_the_color(tiny: Board) -> None:
    hands = (("Alder", "Ginkgo"), ("Birch", "Cedar"))
    state = game_of(tiny, hands, draft_extra=("orange",)).new_state()
    with pytest.raises(
        IllegalActionError,
        match=r"^round 1, draft orange, seat 0: D Ginkgo is not allowed in the orange draft "
        r"\(pass one of your orange cards left: 'P city'\)$",
    ):
        state.apply(Discard("Ginkgo"))
    state.apply(PassCard("Ginkgo"))
    with pytest.raises(
        IllegalActionError,
        match=r"^round 1, draft orange, seat 1: P Ginkgo is not allowed in the orange draft "
        r"\(return one of your orange cards: 'D city'\)$",
    ):
        state.apply(PassCard("Ginkgo"))


def test_the_ferry_costs_of_a_seat_view_are_listed_by_segment() -> None:
    f, g, h = ((0, 0), (1, 0)), ((5, 1), (6, 1)), ((2, 2), (2, 3))
    view = seat_rails([g], ((g, (None,)),), [h, g, f], 2, seat=0)
    assert view.costs == ((f, 2), (h, 2), (g, 1))
    assert view.rails == frozenset() and view.blocked == frozenset()


def test_one_rail_ferries_add_no_cost_to_a_seat_view_with_colored_rails() -> None:
    s, f = ((0, 0), (0, 1)), ((5, 1), (6, 1))
    view = seat_rails([s], ((s, (1,)),), [f], 1, seat=0)
    assert view.costs == () and view.blocked == frozenset({s}) and view.rails == frozenset()
    assert seat_rails([s], ((s, (1,)),), [f], 1, seat=1).rails == frozenset({s})


def test_an_observation_sees_the_rails_as_the_observer_or_the_seat_asked_for(
    tiny: Board,
) -> None:
    game = game_of(tiny, (("Hazel",), ("Elder",)), colored_rails=1, ferry_rails=2)
    state = game.new_state()
    state.apply(PlaceMarker(FERRY[0]))
    state.apply(PlaceMarker(FERRY[1]))
    state.apply(PlaceRail(FERRY))  # one black rail of the ferry's two
    state.apply(EndTurn())
    wall = ((6, 0), (6, 1))
    state.apply(PlaceRail(wall, colored=True))  # seat 1's own double: the turn is over
    assert state.to_play == 0
    half = ((FERRY, 1),)
    mine = SeatRails(frozenset(), frozenset({wall}), half)
    theirs = SeatRails(frozenset({wall}), frozenset(), half)
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs.seat_rails(tiny) == (mine if seat == 0 else theirs) == state.seat_rails(seat)
        assert obs.seat_rails(tiny, 0) == mine and obs.seat_rails(tiny, seat=1) == theirs


def test_after_a_double_a_turn_of_two_doubles_offers_only_doubles(tiny: Board) -> None:
    # (4,1)-(5,2) and (4,3)-(5,2) cross the lake: doubles; no mixing of singles and doubles
    state = game_of(tiny, (("Cedar",), ("Elder",)), doubles_per_turn=2).new_state()
    state.apply(PlaceMarker((4, 1)))
    state.apply(PlaceMarker((0, 0)))
    state.apply(PlaceRail(((4, 1), (5, 2))))
    assert state.to_play == 0
    assert state.legal_actions() == [PlaceRail(((4, 3), (5, 2))), EndTurn()]
    with pytest.raises(IllegalActionError, match="is over the turn's budget: a single after"):
        state.apply(PlaceRail(((5, 2), (6, 2))))
    state.apply(PlaceRail(((4, 3), (5, 2))))
    assert state.to_play == 1 and state.placed == ()
