"""Saved games: what a record of fixed hands or of a game over must say to load.

Written for the mutants of ``workbench/games/trans_europa/record.py`` that the other tests let
through
(issue 18); each test names the behaviour it pins.
"""

from __future__ import annotations

from typing import Any

import pytest

from workbench import Board
from workbench.games.trans_europa import NextRound, PlaceMarker, TransEuropa, load_game, save_game
from workbench.records import digest

DEALS = [[["Alder", "Cedar"], ["Birch", "Dogwood"]], [["Elder"], ["Fir", "Ginkgo"]]]


def resealed(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its digest made again, as a careful editor would."""
    return {**record, "digest": digest(record)}


def fixed(tiny: Board) -> dict[str, Any]:
    state = TransEuropa(tiny, players=2, hands=DEALS).new_state()
    state.apply(PlaceMarker((1, 1)))
    return save_game(state)


def test_a_record_of_fixed_hands_loads_with_those_hands(tiny: Board) -> None:
    record = fixed(tiny)
    assert record["hands"] == DEALS
    state = load_game(record, tiny)
    assert state.game.hands == (
        (("Alder", "Cedar"), ("Birch", "Dogwood")),
        (("Elder",), ("Fir", "Ginkgo")),
    )
    assert state.markers == ((1, 1), None)


def test_a_card_dealt_twice_is_named_with_its_seats_and_deal_counted_from_one(tiny: Board) -> None:
    hands = [DEALS[0], [["Elder"], ["Fir", "Elder"]]]
    with pytest.raises(
        ValueError, match=r"^card 'Elder' is in the hands of seats 0 and 1 in deal 2: every card"
    ):
        load_game(resealed({**fixed(tiny), "hands": hands}), tiny)


def test_a_card_in_a_hand_that_is_not_a_name_is_refused(tiny: Board) -> None:
    hands = [DEALS[0], [["Elder"], ["Fir", 3]]]
    with pytest.raises(ValueError, match=r"^card 3 of seat 1 in deal 2 is not a name$"):
        load_game(resealed({**fixed(tiny), "hands": hands}), tiny)


@pytest.mark.parametrize("deal", ["Alder", [["Alder"], "Birch"], [["Alder"], None]])
def test_a_deal_that_is_not_a_list_of_hands_is_refused(tiny: Board, deal: Any) -> None:
    hands = [DEALS[0], deal]
    with pytest.raises(
        ValueError, match=r"^deal 2 of the saved game's hands should be a list of hands$"
    ):
        load_game(resealed({**fixed(tiny), "hands": hands}), tiny)


def test_a_record_that_says_over_for_a_game_going_on_is_refused(tiny: Board) -> None:
    record = resealed({**fixed(tiny), "over": True})
    with pytest.raises(ValueError, match="says the game was over after 1 actions"):
        load_game(record, tiny)


def test_a_record_on_another_board_names_both_boards(tiny: Board) -> None:
    record = resealed({**fixed(tiny), "board": "Elsewhere"})
    with pytest.raises(ValueError, match="on board 'Elsewhere', not on 'Tiny Island'"):
        load_game(record, tiny)


def test_a_game_saved_mid_way_loads_at_its_round(tiny: Board) -> None:
    state = TransEuropa(tiny, players=2, seed=5, scores=(3, 4), start_round=4).new_state()
    state.apply((state.legal_actions() or [NextRound()])[0])
    record = save_game(state)
    loaded = load_game(record, tiny)
    assert loaded == state and (loaded.round, loaded.scores()) == (4, (3, 4))
    plain = TransEuropa(tiny, players=2, seed=5).new_state()
    plain.apply((plain.legal_actions() or [NextRound()])[0])
    assert "start_round" not in save_game(plain) and load_game(save_game(plain), tiny).round == 1
