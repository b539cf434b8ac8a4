"""A round that ends because nobody can build: colored rails wall every network in.

The board is ``tests/games/trans_europa/maps/corridor.yaml``: six points in a row, West at [0, 0]
and
East at [5, 0]. Each player's marker sits in the middle and their city lies beyond the
other's marker, so one colored rail each closes the corridor between them; once each has
built out to the wall's end of their side, neither has a legal rail.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench import Board, load_map
from workbench.games.trans_europa import (
    EndTurn,
    PlaceMarker,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
)

CORRIDOR = Path(__file__).parent / "maps" / "corridor.yaml"


@pytest.fixture(scope="module")
def corridor() -> Board:
    return load_map(CORRIDOR)


def walled(board: Board, **rules: object) -> TransEuropaState:
    """Seat 0 (East) on [2, 0], seat 1 (West) on [3, 0]; each closes the other's way."""
    game = TransEuropa(
        board, Rules().replace(colored_rails=1, **rules), players=2, hands=[(("East",), ("West",))]
    )
    state = game.new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((3, 0)))
    state.apply(PlaceRail(((2, 0), (3, 0)), colored=True))
    state.apply(EndTurn())
    assert state.to_play == 1
    assert state.legal_actions() == [
        PlaceRail(((3, 0), (4, 0))),
        PlaceRail(((3, 0), (4, 0)), colored=True),
    ], "seat 0's colored rail is a wall for seat 1"
    state.apply(PlaceRail(((3, 0), (4, 0)), colored=True))
    state.apply(EndTurn())
    return state


def test_the_corridor_is_a_valid_board(corridor: Board) -> None:
    assert len(corridor.points) == 6 and len(corridor.segments) == 5
    assert {c.name: c.at for c in corridor.cities} == {"West": (0, 0), "East": (5, 0)}


def test_colored_rails_that_wall_every_network_in_end_the_round_blocked(corridor: Board) -> None:
    state = walled(corridor)
    # seat 0 may still build west, on its own side of the wall
    assert state.to_play == 0
    assert state.legal_actions() == [PlaceRail(((1, 0), (2, 0)))]
    state.apply(PlaceRail(((1, 0), (2, 0))))
    state.apply(PlaceRail(((0, 0), (1, 0))))  # the turn's budget is spent: seat 1's turn
    assert state.phase == "build" and state.to_play == 1
    assert state.legal_actions() == [PlaceRail(((4, 0), (5, 0)))]
    state.apply(PlaceRail(((4, 0), (5, 0))))
    assert state.legal_actions() == [EndTurn()]
    state.apply(EndTurn())
    # nobody has a legal rail left: the round ends, and not because someone finished
    assert state.phase in ("round_over", "game_over")
    result = state.results[-1]
    assert result.reason == "blocked"
    # each hand is cut off; counted as though the other's colored rail were not there:
    # East is 1 rail away from seat 0 (the wall at [3, 0]-[4, 0]), West 1 from seat 1
    assert result.missing == (1, 1)


def test_a_walled_in_seat_is_skipped_while_another_can_build(corridor: Board) -> None:
    state = walled(corridor)
    state.apply(PlaceRail(((1, 0), (2, 0))))
    state.apply(EndTurn())
    # seat 1 may build east; after its turn seat 0 still has [0, 0]-[1, 0]
    assert state.to_play == 1
    state.apply(PlaceRail(((4, 0), (5, 0))))
    state.apply(EndTurn())
    assert state.to_play == 0 and state.legal_actions() == [PlaceRail(((0, 0), (1, 0)))]
    state.apply(PlaceRail(((0, 0), (1, 0))))
    state.apply(EndTurn())
    # seat 1 is walled in, seat 0 too: blocked, after no further action
    assert state.results[-1].reason == "blocked"


def test_without_colored_rails_the_corridor_is_never_blocked(corridor: Board) -> None:
    game = TransEuropa(corridor, Rules(), players=2, hands=[(("East",), ("West",))])
    state = game.new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((3, 0)))
    state.apply(PlaceRail(((2, 0), (3, 0))))
    state.apply(PlaceRail(((3, 0), (4, 0))))
    state.apply(PlaceRail(((4, 0), (5, 0))))  # seat 1 joins East for seat 0
    state.apply(EndTurn())  # seat 1 may finish its turn first
    assert state.results[-1].reason == "complete"
    assert state.results[-1].missing == (0, 2)
