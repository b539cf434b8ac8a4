"""Why a rail cannot go on a segment that already holds one: occupied, full (a ferry), or
another player's colored rail. Each reason is said as it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench import Board, load_map
from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import EndTurn, PlaceMarker, PlaceRail, Rules, TransEuropa

CORRIDOR = Path(__file__).parent / "maps" / "corridor.yaml"
FERRY = ((5, 1), (6, 1))


def test_a_segment_with_ones_own_colored_rail_is_occupied_not_full() -> None:
    board = load_map(CORRIDOR)
    game = TransEuropa(board, Rules(colored_rails=2), players=2, hands=[(("East",), ("West",))])
    state = game.new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((4, 0)))
    state.apply(PlaceRail(((2, 0), (3, 0)), colored=True))
    for rail in (PlaceRail(((2, 0), (3, 0))), PlaceRail(((2, 0), (3, 0)), colored=True)):
        with pytest.raises(IllegalActionError, match="is occupied: a rail is already there"):
            state.apply(rail)
    state.apply(EndTurn())
    with pytest.raises(IllegalActionError, match="holds a colored rail of seat 0"):
        state.apply(PlaceRail(((2, 0), (3, 0))))


def test_a_full_ferry_says_how_many_rails_it_holds(tiny: Board) -> None:
    game = TransEuropa(tiny, Rules(ferry_rails=2), players=2, hands=[(("Hazel",), ("Elder",))])
    state = game.new_state()
    state.apply(PlaceMarker((5, 1)))
    state.apply(PlaceMarker((6, 1)))
    state.apply(PlaceRail(FERRY))
    state.apply(PlaceRail(FERRY))
    with pytest.raises(IllegalActionError, match="is full: the ferry holds its 2 rails"):
        state.apply(PlaceRail(FERRY))
