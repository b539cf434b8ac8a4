"""Games started mid-way (``scores=``, ``start_round=``); fixed deals checked by the rules."""

from __future__ import annotations

import pytest

from workbench.games.trans_europa import Rules, TransEuropa, replay
from workbench.games.trans_europa.bots import GreedyBot, play_game
from workbench.games.trans_europa.record import load_game, save_game
from workbench.maps.board import Board


def test_a_game_starts_at_its_round_with_its_scores(europe: Board) -> None:
    game = TransEuropa(europe, players=3, seed=4, scores=(12, 7, 3), start_round=5)
    state = game.new_state()
    assert (state.round, state.scores(), state.starter) == (5, (12, 7, 3), game.starter(5))
    assert state.hands == game.deal(5)
    plain = TransEuropa(europe, players=3, seed=4).new_state()
    assert plain.round == 1 and plain.scores() == (0, 0, 0)


def test_the_end_of_a_game_is_one_round_away(europe: Board) -> None:
    game = TransEuropa(europe, players=2, seed=1, scores=(12, 12), start_round=6)
    end = play_game(game, [GreedyBot, GreedyBot], seed=3)
    assert end.is_terminal() and len(end.results) == 1
    assert end.results[0].round == 6
    assert max(end.scores()) >= 13 and end.winners()
    assert replay(game, end.history) == end
    assert load_game(save_game(end), europe) == end
    assert save_game(end)["scores"] == [12, 12] and save_game(end)["start_round"] == 6


def test_countdown_scores_start_where_given(tiny: Board) -> None:
    game = TransEuropa(tiny, Rules.preset("countdown"), players=2, scores=(2, 5))
    assert game.new_state().scores() == (2, 5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"scores": (1, 2, 3)}, "one score per seat"),
        ({"scores": (1.5, 2)}, "not a whole number"),
        ({"scores": (13, 0)}, "already be over"),
        ({"start_round": 0}, "start_round is 0"),
        ({"start_round": True}, "start_round is True"),
    ],
)
def test_bad_starts_are_refused(tiny: Board, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TransEuropa(tiny, players=2, **kwargs)  # type: ignore[arg-type]


def test_a_fixed_hand_holds_a_card_once(tiny: Board) -> None:
    with pytest.raises(ValueError, match="'Alder' in the hand of seat 0 in deal 1 is there twice"):
        TransEuropa(tiny, players=2, hands=[(("Alder", "Alder"), ("Birch",))])


def test_dashed_cards_follow_the_number_of_players(europe: Board) -> None:
    dashed = next(c for c in europe.cities if c.dashed)
    a, b, c = [(p.name,) for p in europe.cities if not p.dashed][:3]
    with pytest.raises(ValueError, match=f"{dashed.name!r} .* is a dashed card"):
        TransEuropa(europe, players=3, hands=[((dashed.name,), a, b)])
    four = [((dashed.name,), a, b, c)]
    assert TransEuropa(europe, players=4, hands=four).deal(1)[0] == (dashed.name,)


def test_a_fixed_deal_gives_each_city_once(tiny: Board) -> None:
    with pytest.raises(
        ValueError, match="'Alder' in the hand of seat 1 in deal 2 is dealt to seat 0 too"
    ):
        TransEuropa(tiny, players=2, hands=[(("Alder",), ("Birch",)), (("Alder",), ("Alder",))])
    TransEuropa(tiny, players=2, hands=[(("Alder",), ("Birch",)), (("Birch",), ("Alder",))])


def test_a_fixed_deal_holds_no_color_the_rules_take_out(tiny: Board) -> None:
    rules = Rules(colors_out=("white",))
    with pytest.raises(ValueError, match=r"'Cedar' in the hand of seat 1 .* is white, a color"):
        TransEuropa(tiny, rules, players=2, hands=[(("Alder",), ("Birch", "Cedar"))])
    game = TransEuropa(tiny, rules, players=2, hands=[(("Alder",), ("Birch",))])
    assert game.deal(1) == (("Alder",), ("Birch",))
    # a special card that takes a color out for one round is the round's business: the
    # deal may hold the color, and the round puts those cards back under their stack
    TransEuropa(tiny, players=2, hands=[(("Cedar",), ("Birch",))])
