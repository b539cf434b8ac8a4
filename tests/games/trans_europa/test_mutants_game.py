"""The game's parameters: what is refused and with which words, and the derived tables.

Written for the mutants of ``workbench/games/trans_europa/game.py`` that the other tests let through
(issue 18); each test names the behaviour it pins.
"""

from __future__ import annotations

import numpy as np
import pytest

from workbench import Board
from workbench.games.trans_europa import DECK, Rules, TransEuropa, schedule


@pytest.mark.parametrize("players", [True, 2.0, "2"])
def test_players_must_be_a_whole_number_and_not_a_bool(tiny: Board, players: object) -> None:
    with pytest.raises(ValueError, match=r"use a whole number from 2 to 6$"):
        TransEuropa(tiny, players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 7])
def test_players_are_two_to_six(europe: Board, players: int) -> None:
    with pytest.raises(ValueError, match="the game is for 2 to 6 players"):
        TransEuropa(europe, players=players)
    assert (
        TransEuropa(europe, players=2).players == 2 and TransEuropa(europe, players=6).players == 6
    )


@pytest.mark.parametrize("seed", [True, "3", 1.0, -1])
def test_the_seed_must_be_a_whole_number_from_zero(tiny: Board, seed: object) -> None:
    with pytest.raises(ValueError, match=r"^seed is .*: use a whole number, 0 or more$"):
        TransEuropa(tiny, players=2, seed=seed)  # type: ignore[arg-type]
    assert TransEuropa(tiny, players=2, seed=0).seed == 0


def test_scores_given_as_text_are_refused_as_not_one_per_seat(tiny: Board) -> None:
    with pytest.raises(ValueError, match="give one score per seat"):
        TransEuropa(tiny, players=2, scores="12")  # type: ignore[arg-type]


def test_a_bool_score_is_not_a_whole_number(tiny: Board) -> None:
    with pytest.raises(ValueError, match="True is not a whole number"):
        TransEuropa(tiny, players=2, scores=(True, 0))


def test_scores_given_as_a_list_are_kept_as_a_tuple(tiny: Board) -> None:
    game = TransEuropa(tiny, players=2, scores=[3, 4])
    assert game.scores == (3, 4) and game.new_state().scores() == (3, 4)


@pytest.mark.parametrize("deal", [("Alder", "Birch"), (("Alder",), ())])
def test_a_fixed_hand_must_be_a_non_empty_sequence_of_names(tiny: Board, deal: object) -> None:
    with pytest.raises(ValueError, match=r"of seat \d in deal 1: use city names"):
        TransEuropa(tiny, players=2, hands=[deal])  # type: ignore[list-item]


def test_an_empty_list_of_deals_is_refused(tiny: Board) -> None:
    with pytest.raises(ValueError, match="hands is empty"):
        TransEuropa(tiny, players=2, hands=[])


@pytest.mark.parametrize("round", [0, -1])
def test_rounds_count_from_one_for_the_deal_and_the_cards(tiny: Board, round: int) -> None:
    game = TransEuropa(tiny, players=2, seed=1)
    with pytest.raises(ValueError, match=f"round is {round}; rounds count from 1"):
        game.deal(round)
    with pytest.raises(ValueError, match=f"round is {round}; rounds count from 1"):
        game.round_cards(round)


def test_the_segments_at_each_point_are_listed_in_canonical_order(tiny: Board) -> None:
    game = TransEuropa(tiny, players=2)
    assert game.incident[(1, 1)] == tuple(sorted(s for s in tiny.segments if (1, 1) in s))
    for p, segments in game.incident.items():
        assert list(segments) == sorted(segments)
        assert set(segments) == {s for s in tiny.segments if p in s}
    assert game.incident_ranks[(1, 1)] == tuple(
        sorted(game.segment_rank[s] for s in game.incident[(1, 1)])
    )


def test_fixed_hands_take_turns_round_after_round(tiny: Board) -> None:
    deals = [
        (("Alder",), ("Birch",)),
        (("Cedar",), ("Dogwood",)),
        (("Elder",), ("Fir",)),
    ]
    game = TransEuropa(tiny, players=2, hands=deals)
    assert [game.deal(r) for r in range(1, 8)] == [*deals, *deals, deals[0]]


def test_the_stack_left_of_a_fixed_deal_is_the_colors_cards_in_no_hand(tiny: Board) -> None:
    game = TransEuropa(tiny, players=2, hands=[(("Alder", "Cedar"), ("Elder",))])
    assert game.stack(1, "brown") == ("Birch",)
    assert game.stack(1, "white") == ("Dogwood",)
    assert game.stack(1, "pink") == ("Fir",)
    assert game.stack(1, "orange") == ("Ginkgo", "Hazel")
    assert game.stack(1, "black") == ()


def test_the_stack_of_a_color_out_of_the_hands_is_empty(tiny: Board) -> None:
    game = TransEuropa(tiny, Rules(colors_out=("white",)), players=2, seed=1)
    assert game.stack(1, "white") == ()
    assert len(game.stack(1, "brown")) == 0 and len(game.stacks["brown"]) == 2


def test_per_round_cards_come_from_their_own_stream_and_change_with_the_seed(
    tiny: Board,
) -> None:
    rules = Rules(special_cards=DECK)
    game = TransEuropa(tiny, rules, players=2, seed=11)
    seq = np.random.SeedSequence(11, spawn_key=(0, 1))
    expected = schedule(rules, 20, np.random.default_rng(seq))
    assert [game.round_cards(r) for r in range(1, 21)] == expected
    # asked late first: the schedule is made long enough at once, and the same
    late = TransEuropa(tiny, rules, players=2, seed=11)
    assert late.round_cards(13) == expected[12] and late.round_cards(1) == expected[0]
