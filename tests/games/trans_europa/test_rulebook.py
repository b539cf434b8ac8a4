"""The rulebook's cases, played on the tiny board with hands fixed through
``TransEuropa(hands=...)``.

Tiny board, row 0: (1,0) - (2,0) Ginkgo - (3,0) - (4,0) - (5,0) Fir - (6,0); Alder is at
(1,1), next to (2,0).
"""

from __future__ import annotations

import pytest

from workbench import Board
from workbench.analysis.costs import missing_rails
from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import (
    EndTurn,
    PlaceMarker,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
    round_points,
)


def start(
    board: Board,
    hands: tuple[tuple[str, ...], ...],
    *markers: tuple[int, int],
    rules: Rules | None = None,
) -> TransEuropaState:
    game = TransEuropa(board, rules or Rules(), players=len(hands), hands=[hands])
    state = game.new_state()
    for p in markers:
        state.apply(PlaceMarker(p))
    assert state.phase == "build"
    return state


def rail(a: tuple[int, int], b: tuple[int, int]) -> PlaceRail:
    return PlaceRail((a, b))


def test_merge_example(tiny: Board) -> None:
    """Joining another player's network makes one shared network, usable at once."""
    state = start(tiny, (("Dogwood",), ("Ivy",)), (1, 0), (4, 0))
    state.apply(rail((1, 0), (2, 0)))
    state.apply(rail((2, 0), (3, 0)))
    state.apply(rail((4, 0), (5, 0)))
    state.apply(rail((4, 0), (4, 1)))
    assert state.to_play == 0
    with pytest.raises(IllegalActionError, match="does not touch the network of seat 0"):
        state.apply(rail((5, 0), (6, 0)))
    state.apply(rail((3, 0), (4, 0)))  # rail 1: the networks touch
    assert state.network(0) == state.network(1)
    state.apply(rail((5, 0), (6, 0)))  # rail 2: built from the other player's part
    assert state.to_play == 1 and state.placed == ()
    state.apply(rail((1, 0), (1, 1)))  # and the other player may use the first's part
    assert (1, 0) in state.network(1)


def test_finishing_on_the_first_rail_lets_the_turn_finish(tiny: Board) -> None:
    """Seat 0's first rail joins seat 1's city; seat 0 places a second and finishes too."""
    state = start(tiny, (("Alder",), ("Ginkgo",)), (2, 0), (1, 0))
    state.apply(rail((1, 0), (2, 0)))
    assert state.finished() == (1,)
    assert state.phase == "build" and state.round_ending and state.to_play == 0
    state.apply(rail((1, 1), (2, 0)))
    assert state.phase == "round_over"
    result = state.results[-1]
    assert result.finishers == (0, 1) and result.reason == "complete"
    assert state.scores() == (4, 4)


def test_finishing_on_the_first_rail_then_end_turn(tiny: Board) -> None:
    state = start(tiny, (("Alder",), ("Ginkgo",)), (0, 0), (1, 0))
    state.apply(rail((0, 0), (0, 1)))
    state.apply(EndTurn())
    state.apply(rail((1, 0), (2, 0)))  # seat 1 joins Ginkgo itself: the round ends at once
    assert state.phase == "round_over"
    assert state.results[-1].missing == (1, 0) and state.scores() == (3, 4)


def test_first_rail_finishing_another_then_end_turn(tiny: Board) -> None:
    state = start(tiny, (("Fir",), ("Ginkgo",)), (2, 0), (1, 0))
    state.apply(rail((1, 0), (2, 0)))
    assert state.round_ending
    state.apply(EndTurn())
    assert state.phase == "round_over"
    assert state.results[-1].missing == (3, 0) and state.scores() == (1, 4)


def test_finishing_oneself_on_the_first_rail_ends_at_once(tiny: Board) -> None:
    state = start(tiny, (("Ginkgo",), ("Fir",)), (1, 0), (4, 0))
    state.apply(rail((1, 0), (2, 0)))
    assert state.phase == "round_over" and state.results[-1].finishers == (0,)
    assert len(state.rails) == 1


def test_finishing_another_on_a_later_rail_ends_at_once(tiny: Board) -> None:
    """The exception is for the first rail only: with 3 rails a turn, the second ends it."""
    state = start(tiny, (("Fir",), ("Ginkgo",)), (3, 0), (1, 0), rules=Rules(singles_per_turn=3))
    state.apply(rail((3, 0), (4, 0)))
    state.apply(rail((2, 0), (3, 0)))
    state.apply(rail((1, 0), (2, 0)))  # would be the third rail, but...
    assert state.phase == "round_over"
    state = start(tiny, (("Fir",), ("Ginkgo",)), (2, 0), (1, 0), rules=Rules(singles_per_turn=3))
    state.apply(rail((2, 0), (3, 0)))
    state.apply(rail((1, 0), (2, 0)))  # second rail joins seat 1: the round ends now
    assert state.phase == "round_over" and len(state.rails) == 2


def test_finishing_another_with_a_double_ends_at_once(tiny: Board) -> None:
    """A double is the whole turn: there is no second rail to place."""
    state = start(tiny, (("Alder",), ("Juniper",)), (6, 3), (6, 4))
    state.apply(rail((6, 3), (6, 4)))
    assert state.phase == "round_over" and state.results[-1].finishers == (1,)


def test_rails_running_out(tiny: Board) -> None:
    rules = Rules(rail_supply=3)
    state = start(tiny, (("Fir", "Ivy"), ("Dogwood", "Elder")), (2, 0), (7, 0), rules=rules)
    state.apply(rail((2, 0), (3, 0)))
    state.apply(rail((3, 0), (4, 0)))
    assert state.rails_left == 1 and state.phase == "build"
    state.apply(rail((7, 0), (8, 0)))
    assert state.phase == "round_over" and state.rails_left == 0
    result = state.results[-1]
    assert result.reason == "supply" and result.finishers == ()
    assert result.missing == tuple(
        missing_rails(tiny, state.rails, result.markers[p], result.hands[p]).cost for p in (0, 1)
    )
    assert result.points == round_points(rules, result.missing)


def test_a_double_is_a_whole_turn(tiny: Board) -> None:
    state = start(tiny, (("Alder",), ("Birch",)), (6, 1), (0, 5))
    with pytest.raises(IllegalActionError, match="over the turn's budget"):
        state.apply(rail((5, 1), (6, 1)))  # ferry: a single...
        state.apply(rail((6, 1), (6, 2)))  # ...then a double: too much
    assert state.placed == (((5, 1), (6, 1)),)
    state.apply(EndTurn())
    state.apply(rail((0, 5), (1, 5)))
    state.apply(EndTurn())
    state.apply(rail((6, 0), (6, 1)))  # a double alone ends the turn by itself
    assert state.to_play == 1 and state.placed == ()


def test_no_passing(tiny: Board) -> None:
    state = start(tiny, (("Alder",), ("Birch",)), (0, 0), (8, 5))
    with pytest.raises(IllegalActionError, match="without a rail"):
        state.apply(EndTurn())


def test_occupied_and_not_a_segment(tiny: Board) -> None:
    state = start(tiny, (("Alder",), ("Birch",)), (1, 0), (2, 0))
    state.apply(rail((1, 0), (2, 0)))
    state.apply(EndTurn())
    with pytest.raises(IllegalActionError, match="occupied"):
        state.apply(rail((1, 0), (2, 0)))
    with pytest.raises(IllegalActionError, match="not a segment"):
        state.apply(rail((0, 0), (1, 0)))  # the cliff
    with pytest.raises(IllegalActionError, match="not their turn"):
        state.apply(rail((2, 0), (3, 0)), player=0)


def test_marker_on_another_marker(tiny: Board) -> None:
    state = TransEuropa(tiny, players=2).new_state()
    state.apply(PlaceMarker((4, 4)))  # a city is allowed
    with pytest.raises(IllegalActionError, match="taken by the marker of seat 0"):
        state.apply(PlaceMarker((4, 4)))
    assert PlaceMarker((4, 4)) not in state.legal_actions()


def test_tie_at_the_end_shares_the_win(tiny: Board) -> None:
    state = start(tiny, (("Alder",), ("Ginkgo",)), (2, 0), (1, 0), rules=Rules(target=4))
    state.apply(rail((1, 0), (2, 0)))
    state.apply(rail((1, 1), (2, 0)))
    assert state.phase == "game_over" and state.winners() == (0, 1)
    assert state.legal_actions() == []


def test_further_past_the_target_wins(tiny: Board) -> None:
    state = start(tiny, (("Alder",), ("Ginkgo",)), (2, 0), (1, 0), rules=Rules(target=4))
    state.apply(rail((1, 0), (2, 0)))
    state.apply(EndTurn())
    assert state.scores() == (3, 4) and state.winners() == (1,)


def test_countdown_tie(tiny: Board) -> None:
    rules = Rules.preset("countdown").replace(countdown_start=1)
    state = start(tiny, (("Fir",), ("Dogwood",)), (4, 0), (7, 0), rules=rules)
    state.apply(rail((4, 0), (5, 0)))
    assert state.phase == "game_over"
    assert state.scores() == (1, 0) and state.winners() == (0,)
    state = start(tiny, (("Alder",), ("Ginkgo",)), (2, 0), (1, 0), rules=rules)
    state.apply(rail((1, 0), (2, 0)))
    state.apply(rail((1, 1), (2, 0)))
    assert state.phase == "round_over" and state.scores() == (1, 1)


def test_rhythm_sets_each_laps_budget(tiny: Board) -> None:
    state = start(tiny, (("Dogwood",), ("Birch",)), (2, 0), (0, 5), rules=Rules(rhythm=(3, 1)))
    assert state.turn_budget == 3
    state.apply(rail((2, 0), (3, 0)))
    state.apply(rail((3, 0), (4, 0)))
    state.apply(rail((4, 0), (5, 0)))  # the third rail ends the turn
    assert state.to_play == 1
    for seg in [((0, 5), (1, 5)), ((0, 4), (0, 5)), ((0, 3), (0, 4))]:
        state.apply(PlaceRail(seg))
    assert state.lap == 2 and state.turn_budget == 1
    state.apply(rail((5, 0), (6, 0)))
    assert state.to_play == 1


def test_build_anywhere(tiny: Board) -> None:
    state = start(
        tiny, (("Dogwood",), ("Elder",)), (2, 0), (0, 5), rules=Rules(build_anywhere=True)
    )
    state.apply(rail((7, 0), (8, 0)))
    assert state.network(0) == {(2, 0)}


def test_water_single_builds_water_doubles_as_singles(tiny: Board) -> None:
    rules = Rules().replace(double_cost={"water": 1})
    state = start(tiny, (("Alder",), ("Ivy",)), (6, 2), (0, 0), rules=rules)
    state.apply(rail((6, 1), (6, 2)))  # water: now a single, so the turn goes on
    assert state.to_play == 0
    state.apply(rail((6, 2), (6, 3)))
    assert state.to_play == 1


def test_three_rails_card_mixes_a_double_with_a_single(tiny: Board) -> None:
    rules = Rules(singles_per_turn=3, mixed_doubles=True)
    state = start(tiny, (("Alder",), ("Ivy",)), (6, 2), (0, 0), rules=rules)
    state.apply(rail((6, 1), (6, 2)))  # a double counts 2 of the 3
    state.apply(rail((5, 2), (6, 2)))
    assert state.to_play == 1


def test_a_one_city_hand_under_the_marker_finishes_at_once(tiny: Board) -> None:
    game = TransEuropa(tiny, players=2, hands=[(("Alder",), ("Birch",))])
    state = game.new_state()
    state.apply(PlaceMarker((1, 1)))  # on Alder: seat 0 is done once every marker is down
    assert state.phase == "markers"
    state.apply(PlaceMarker((0, 0)))
    assert state.phase == "round_over" and state.results[-1].finishers == (0,)


def test_fixed_hands_cycle_by_round(tiny: Board) -> None:
    deals = [(("Alder",), ("Birch",)), (("Cedar",), ("Elder",))]
    game = TransEuropa(tiny, players=2, hands=deals)
    assert [game.deal(r) for r in (1, 2, 3)] == [deals[0], deals[1], deals[0]]
