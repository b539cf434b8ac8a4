"""The search bot's candidates mode, each promise on the small table games of
``test_mutants_search`` (every state is the true one, so a determinization is a copy and
each test can count the states the search drew)."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pytest

from workbench.bots.search import SearchBot

from .test_mutants_search import TableGame, doors


class Fixed:
    """A candidate bot that always proposes ``move`` (or the first legal action when it
    is not legal), counting how often it is asked."""

    made: ClassVar[list[Fixed]] = []

    def __init__(self, move: str) -> None:
        self.move = move
        self.asked = 0

    def act(self, observation: Any) -> str:
        self.asked += 1
        legal = observation.legal_actions
        return self.move if self.move in legal else legal[0]


def fixed(move: str) -> Any:
    def make(game: Any, seat: int, rng: np.random.Generator) -> Fixed:
        bot = Fixed(move)
        Fixed.made.append(bot)
        return bot

    return make


def bot(game: TableGame, candidates: list[str], seed: int = 0, **params: Any) -> SearchBot:
    return SearchBot(
        game,  # type: ignore[arg-type]
        0,
        np.random.default_rng(seed),
        candidates=[fixed(m) for m in candidates],
        **params,
    )


def test_candidates_that_agree_are_played_without_a_search() -> None:
    game = doors("d3")
    search = bot(game, ["d1", "d1"], playouts=20)
    assert search.act(game.new_state().observation(0)) == "d1"
    assert game.sampled == []
    assert search.searched == 0


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_better_candidate_is_played(seed: int) -> None:
    game = doors("d2")
    search = bot(game, ["d0", "d2", "d4"], seed=seed, playouts=10)
    assert search.act(game.new_state().observation(0)) == "d2"
    assert search.searched == 1


def test_every_candidate_is_played_on_the_same_draws() -> None:
    # one determinization a round, shared by the three candidates
    game = doors("d2")
    bot(game, ["d0", "d2", "d4"], playouts=6).act(game.new_state().observation(0))
    assert len(game.sampled) == 6


def test_the_prior_stays_unless_another_move_is_clearly_better() -> None:
    # a chance step decides the winner whatever seat 0 opened: every door is as good,
    # so the prior's door stays however the luck of the playouts fell
    def outcome(moves: tuple[str, ...]) -> tuple[int, ...]:
        return (0,) if moves[1] == "h" else (1,)

    for seed in range(8):
        game = TableGame([(0, ("a", "b")), (None, ("h", "t"))], outcome=outcome)
        search = bot(game, ["b", "a"], seed=seed, playouts=12, switch=3.0)
        assert search.act(game.new_state().observation(0)) == "b"


def test_a_step_budget_stops_the_rounds() -> None:
    # a playout of the doors game is one action, the candidate's (the game ends there):
    # three candidates make 3 steps a round, so 10 steps stop it after four rounds
    game = doors("d2")
    bot(game, ["d0", "d2", "d4"], playouts=50, steps=10).act(game.new_state().observation(0))
    assert len(game.sampled) == 4


def test_small_choices_are_searched_in_full() -> None:
    game = doors("d3", count=4)
    search = bot(game, ["d0"], playouts=12, every_move_below=5)
    assert search.act(game.new_state().observation(0)) == "d3"
    game = doors("d3", count=4)
    search = bot(game, ["d0"], playouts=12, every_move_below=4)
    assert search.act(game.new_state().observation(0)) == "d0"
    assert game.sampled == []


def test_the_margin_reward_counts_the_score_against_the_best_other() -> None:
    # seat 0 scores 1 ("s1") or 3 ("s3"), then seat 1 scores 2: "s3" wins by 1
    game = TableGame([(0, ("s1", "s3")), (1, ("s2",))])
    search = bot(game, ["s1"], reward="margin")
    state = game.new_state()
    state.apply("s3")
    assert search._play_out(state, np.random.default_rng(0)) == 3 - 2 + 100.0
    state = game.new_state()
    state.apply("s1")
    assert search._play_out(state, np.random.default_rng(0)) == 1 - 2


def test_the_candidate_bots_live_for_the_whole_game() -> None:
    Fixed.made.clear()
    game = doors("d1")
    search = bot(game, ["d1", "d1"], playouts=4)
    for _ in range(3):
        search.act(game.new_state().observation(0))
    assert len(Fixed.made) == 2
    assert [b.asked for b in Fixed.made] == [3, 3]


def test_bad_parameters_say_what_to_use() -> None:
    game = doors("d1")
    with pytest.raises(ValueError, match="reward is 'points': use 'win' or 'margin'"):
        bot(game, ["d1"], reward="points")
    with pytest.raises(ValueError, match="candidates is empty"):
        SearchBot(game, 0, np.random.default_rng(0), candidates=[])  # type: ignore[arg-type]
