"""The state: hand-worked positions on the tiny board for what the other tests let through.

Written for the mutants of ``workbench/games/trans_europa/state.py`` that the other tests let
through
(issue 18); each test names the behaviour it pins.

Tiny board, row 0: (1,0) - (2,0) Ginkgo - (3,0) - (4,0) - (5,0) Fir - (6,0); Alder is at
(1,1); the ferry is (5,1)-(6,1). Cities by color: brown Alder, Birch; white Cedar,
Dogwood; pink Elder, Fir; orange Ginkgo, Hazel; turquoise Ivy, Juniper.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench import Board, load_map
from workbench.exceptions import IllegalActionError
from workbench.games.trans_europa import (
    Discard,
    EndTurn,
    PassCard,
    PlaceMarker,
    PlaceRail,
    Rules,
    SeatRails,
    TransEuropa,
    seat_rails,
)

FERRY = ((5, 1), (6, 1))
CORRIDOR = Path(__file__).parent / "maps" / "corridor.yaml"


def game_of(board: Board, hands: tuple[tuple[str, ...], ...], **rules: object) -> TransEuropa:
    return TransEuropa(board, Rules().replace(**rules), players=len(hands), hands=[hands])


def test_a_draft_names_the_cards_of_its_color_and_tells_the_last_seat_to_return_one(
    tiny: Board,
) -> None:
    hands = (("Alder", "Ginkgo"), ("Birch", "Cedar"))
    state = game_of(tiny, hands, draft_extra=("orange",)).new_state()
    with pytest.raises(
        IllegalActionError,
        match=r"P Alder is not one of your orange cards: choose one of Ginkgo, Hazel$",
    ):
        state.apply(PassCard("Alder"))
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


def test_a_scored_round_leaves_no_turn_half_played(tiny: Board) -> None:
    # seat 0's first rail joins Ginkgo to seat 1's marker: the round ends with the turn;
    # seat 0's colored second rail joins its own Alder and ends it at once
    state = game_of(tiny, (("Alder",), ("Ginkgo",)), colored_rails=1).new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((1, 0)))
    state.apply(PlaceRail(((1, 0), (2, 0))))
    assert state.round_ending and state.finished() == (1,)
    state.apply(PlaceRail(((1, 1), (2, 0)), colored=True))
    assert state.phase == "round_over" and state.results[-1].missing == (0, 0)
    assert (state.round_ending, state.placed, state.placed_colored) == (False, (), 0)
    assert state.observation(1).round_ending is False


def test_a_hand_cut_off_by_colored_singles_counts_them_as_singles_whatever_ferries_take() -> None:
    # the corridor: West [0,0] ... East [5,0]; seat 0 (East) on [2,0], seat 1 (West) on
    # [3,0]; each one's colored rail walls the other in; ferries would take two rails
    corridor = load_map(CORRIDOR)
    rules = Rules(colored_rails=1, ferry_rails=2)
    state = TransEuropa(corridor, rules, players=2, hands=[(("East",), ("West",))]).new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((3, 0)))
    state.apply(PlaceRail(((2, 0), (3, 0)), colored=True))
    state.apply(EndTurn())
    state.apply(PlaceRail(((3, 0), (4, 0)), colored=True))
    state.apply(EndTurn())
    # seat 0 from [2,0] to East: its own rail, seat 1's wall [3,0]-[4,0] and [4,0]-[5,0],
    # 2 missing with the wall counted as one rail; seat 1 from [3,0] to West: seat 0's
    # wall, [1,0]-[2,0] and [0,0]-[1,0], 3 missing
    assert (state.missing_rails(0), state.missing_rails(1)) == (2, 3)


def texts(actions: list[object]) -> list[str]:
    return [str(a) for a in actions]


def test_colored_twins_are_offered_where_a_colored_rail_fits_the_turn(tiny: Board) -> None:
    # from [4,1]: four singles and the lake double [4,1]-[5,2]; one colored rail a turn
    state = game_of(tiny, (("Cedar",), ("Elder",)), colored_rails=2).new_state()
    state.apply(PlaceMarker((4, 1)))
    state.apply(PlaceMarker((0, 0)))
    ends = ["3,1-4,1", "4,0-4,1", "4,1-5,0", "4,1-5,1", "4,1-5,2"]
    assert texts(state.legal_actions()) == [f"{k} {e}" for e in ends for k in "RC"]
    after_black = state.copy()
    after_black.apply(PlaceRail(((3, 1), (4, 1))))  # a single: the double no longer fits
    ends = ["2,1-3,1", "3,0-3,1", "3,1-4,0", "4,0-4,1", "4,1-5,0", "4,1-5,1"]
    assert texts(after_black.legal_actions()) == [f"{k} {e}" for e in ends for k in "RC"] + ["E"]
    after_colored = state.copy()
    after_colored.apply(PlaceRail(((3, 1), (4, 1)), colored=True))  # the turn's colored rail
    assert texts(after_colored.legal_actions()) == [f"R {e}" for e in ends] + ["E"]


def test_beside_a_colored_ferry_rail_others_still_get_colored_twins_elsewhere(
    tiny: Board,
) -> None:
    rules = Rules(ferry_rails=2, colored_rails=3, ferry_beside_colored=True)
    state = TransEuropa(tiny, rules, players=2, hands=[(("Hazel",), ("Elder",))]).new_state()
    state.apply(PlaceMarker(FERRY[0]))
    state.apply(PlaceMarker(FERRY[1]))
    state.apply(PlaceRail(FERRY, colored=True))
    state.apply(EndTurn())
    ends = ["6,0-6,1", "6,1-6,2", "6,1-7,0", "6,1-7,1", "6,1-7,2"]
    assert texts(state.legal_actions()) == ["R 5,1-6,1"] + [f"{k} {e}" for e in ends for k in "RC"]


def test_a_one_rail_ferry_holds_just_one_black_rail_and_is_no_piece(tiny: Board) -> None:
    state = game_of(tiny, (("Hazel",), ("Elder",))).new_state()
    state.apply(PlaceMarker(FERRY[0]))
    state.apply(PlaceMarker((0, 0)))
    state.apply(PlaceRail(FERRY))
    assert state.pieces == {} and FERRY in state.rails and (6, 1) in state.network(0)
    assert state.observation(1).pieces == ()
    with pytest.raises(IllegalActionError, match="is occupied: a rail is already there"):
        state.apply(PlaceRail(FERRY))


def test_a_round_result_lists_markers_by_seat_and_rails_and_pieces_by_segment(
    tiny: Board,
) -> None:
    state = game_of(tiny, (("Alder",), ("Ginkgo",)), colored_rails=2).new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((1, 0)))
    state.apply(PlaceRail(((2, 0), (3, 0)), colored=True))
    state.apply(EndTurn())
    state.apply(PlaceRail(((1, 0), (1, 1)), colored=True))
    state.apply(EndTurn())
    state.apply(PlaceRail(((1, 1), (2, 0))))  # joins both hands: the round is over
    result = state.results[-1]
    assert (result.reason, result.missing, result.finishers) == ("complete", (0, 0), (0, 1))
    assert result.markers == ((2, 0), (1, 0))
    assert result.rails == (((1, 0), (1, 1)), ((1, 1), (2, 0)), ((2, 0), (3, 0)))
    assert result.pieces == ((((1, 0), (1, 1)), (1,)), (((2, 0), (3, 0)), (0,)))
    assert result.points == tuple(s - b for s, b in zip(result.scores, (0, 0), strict=True))


def test_an_illegal_pass_names_the_pass_and_how_many_there_are(tiny: Board) -> None:
    state = game_of(tiny, (("Alder", "Cedar"), ("Birch", "Dogwood")), pass_one_times=2)
    state = state.new_state()
    state.apply(PassCard("Alder"))
    with pytest.raises(
        IllegalActionError,
        match=r"^round 1, pass 1 of 2, seat 1: D Birch is not allowed while cards are passed "
        r"\(pass one left: 'P city'\)$",
    ):
        state.apply(Discard("Birch"))
    state.apply(PassCard("Birch"))
    with pytest.raises(IllegalActionError, match=r"^round 1, pass 2 of 2, seat 0: P Alder is not"):
        state.apply(PassCard("Alder"))  # passed on to seat 1 at the first pass


def test_cards_of_a_color_a_special_card_takes_out_are_the_cards_returned(tiny: Board) -> None:
    rules = Rules(special_cards=("no_white",), card_mode="fixed")
    hands = [(("Alder", "Cedar"), ("Birch", "Dogwood"))]
    state = TransEuropa(tiny, rules, players=2, hands=hands).new_state()
    assert state.hands == (("Alder",), ("Birch",))
    assert state.returned == ("Cedar", "Dogwood")


def test_before_the_build_the_turn_budget_is_the_first_laps(tiny: Board) -> None:
    state = game_of(tiny, (("Alder",), ("Birch",)), rhythm=(3, 2, 1)).new_state()
    assert state.phase == "markers" and state.lap == 0
    assert state.turn_budget == 3
    state.apply(PlaceMarker((0, 0)))
    state.apply(PlaceMarker((8, 5)))
    assert (state.lap, state.turn_budget) == (1, 3)


def test_with_three_players_a_walled_in_seat_is_passed_over_to_the_next_on_the_left() -> None:
    # seven points in a row; seat 1's marker on the west end [0,0], walled in by seat 0's
    # colored rail [0,0]-[1,0]: its turn is skipped and seat 2 plays
    board = load_map(Path(__file__).parent / "maps" / "three_corridor.yaml")
    hands = (("Beech",), ("Ash",), ("Cherry",))
    state = TransEuropa(board, Rules(colored_rails=1), players=3, hands=[hands]).new_state()
    for p in ((1, 0), (0, 0), (5, 0)):
        state.apply(PlaceMarker(p))
    state.apply(PlaceRail(((0, 0), (1, 0)), colored=True))
    state.apply(EndTurn())
    assert (state.to_play, state.turn, state.phase) == (2, 2, "build")
    assert texts(state.legal_actions()) == ["R 4,0-5,0", "C 4,0-5,0", "R 5,0-6,0", "C 5,0-6,0"]


def test_after_a_double_a_seat_with_colored_rails_may_lay_its_second_double_either_way(
    tiny: Board,
) -> None:
    rules = {"doubles_per_turn": 2, "colored_rails": 1}
    state = game_of(tiny, (("Cedar",), ("Elder",)), **rules).new_state()
    state.apply(PlaceMarker((4, 1)))
    state.apply(PlaceMarker((0, 0)))
    state.apply(PlaceRail(((4, 1), (5, 2))))
    assert texts(state.legal_actions()) == ["R 4,3-5,2", "C 4,3-5,2", "E"]
    state.apply(PlaceRail(((4, 3), (5, 2)), colored=True))
    assert state.to_play == 1 and state.colored_left == (0, 1)


def test_after_a_pass_each_player_has_seen_the_card_it_received(tiny: Board) -> None:
    state = game_of(tiny, (("Alder", "Cedar"), ("Birch", "Dogwood")), pass_one_times=1)
    state = state.new_state()
    state.apply(PassCard("Alder"))
    state.apply(PassCard("Dogwood"))
    assert state.hands == (("Cedar", "Dogwood"), ("Alder", "Birch"))
    assert state.observation(0).seen == ("Alder", "Cedar", "Dogwood")
    assert state.observation(1).seen == ("Alder", "Birch", "Dogwood")


def test_with_three_players_a_seat_that_cannot_discard_is_passed_over(europe: Board) -> None:
    # seat 1 holds one card: it keeps it, and seat 2 chooses after seat 0
    hands = (("Barcelona", "Bordeaux"), ("Lisbon",), ("Madrid", "Valencia"))
    state = TransEuropa(europe, Rules(discard_one=True), players=3, hands=[hands]).new_state()
    assert (state.phase, state.to_play) == ("discard", 0)
    state.apply(Discard("Barcelona"))
    assert (state.phase, state.to_play) == ("discard", 2)
    assert state.legal_actions() == [Discard("Madrid"), Discard("Valencia")]
    state.apply(Discard("Valencia"))
    assert state.phase == "markers"
    assert state.hands == (("Bordeaux",), ("Lisbon",), ("Madrid",))


def test_a_hand_cut_off_by_a_colored_ferry_rail_counts_the_whole_ferry() -> None:
    # six points in a row, the ferry [3,0]-[4,0] in the middle taking two rails; seat 1's
    # colored rail on it cuts seat 0 (on [2,0]) off from East [5,0]: counted as though it
    # were absent, seat 0 needs [2,0]-[3,0], both ferry rails and [4,0]-[5,0]: 4; seat 1
    # (on [4,0]) needs the ferry's second rail, [2,0]-[3,0] and [0,0]-[1,0]: 3
    board = load_map(Path(__file__).parent / "maps" / "ferry_corridor.yaml")
    rules = Rules(colored_rails=1, ferry_rails=2)
    state = TransEuropa(board, rules, players=2, hands=[(("East",), ("West",))]).new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((4, 0)))
    state.apply(PlaceRail(((1, 0), (2, 0))))
    state.apply(EndTurn())
    state.apply(PlaceRail(((3, 0), (4, 0)), colored=True))
    state.apply(EndTurn())
    assert state.seat_rails(0).blocked == {((3, 0), (4, 0))}
    assert (state.missing_rails(0), state.missing_rails(1)) == (4, 3)
