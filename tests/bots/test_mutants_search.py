"""The search bot's parts, each held to what it promises, on small games made here.

The games are tables: a list of steps, each a seat to move (or ``None``, a chance step) with
its choices, and an end decided by a function of the moves. Every state is the true one
(nothing is hidden), so a determinization is a copy, and each test can count and inspect
the states the search played.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import pytest

from workbench.bots.search import SearchBot, _Node


@dataclass(frozen=True)
class Obs:
    player: int
    legal_actions: tuple[str, ...]


@dataclass
class TableGame:
    """``steps[i]`` is ``(seat, choices)``: who moves at step ``i`` (``None`` for chance,
    outcomes equally likely) and the action texts. A move ``"s<k>"`` adds ``k`` to the mover's
    score; ``outcome`` may replace the end's winners."""

    steps: list[tuple[int | None, tuple[str, ...]]]
    players: int = 2
    outcome: Callable[[tuple[str, ...]], tuple[int, ...]] | None = None
    sampled: list[TableState] = field(default_factory=list)

    def new_state(self) -> TableState:
        return TableState(self, [])

    def sample_state(self, observation: Any, rng: np.random.Generator) -> TableState:
        state = self.new_state()
        self.sampled.append(state)
        return state


@dataclass
class TableState:
    game: TableGame
    moves: list[str]

    @property
    def history(self) -> tuple[str, ...]:
        return tuple(self.moves)

    @property
    def to_play(self) -> int | None:
        if self.is_terminal():
            return None
        return self.game.steps[len(self.moves)][0]

    def is_terminal(self) -> bool:
        return len(self.moves) >= len(self.game.steps)

    def legal_actions(self) -> list[str]:
        if self.is_terminal() or self.to_play is None:
            return []
        return list(self.game.steps[len(self.moves)][1])

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.is_terminal() or self.to_play is not None:
            return []
        choices = self.game.steps[len(self.moves)][1]
        return [(c, 1.0 / len(choices)) for c in choices]

    def apply(self, action: str) -> None:
        assert not self.is_terminal()
        _, choices = self.game.steps[len(self.moves)]
        assert action in choices, (action, choices)
        self.moves.append(action)

    def scores(self) -> tuple[float, ...]:
        out = [0.0] * self.game.players
        for (seat, _), move in zip(self.game.steps, self.moves, strict=False):
            if seat is not None and move.startswith("s"):
                out[seat] += int(move[1:])
        return tuple(out)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        if self.game.outcome is not None:
            return self.game.outcome(tuple(self.moves))
        scores = self.scores()
        return tuple(s for s, v in enumerate(scores) if v == max(scores))

    def observation(self, seat: int) -> Obs:
        return Obs(seat, tuple(self.legal_actions()) if self.to_play == seat else ())

    def copy(self) -> TableState:
        return TableState(self.game, list(self.moves))


def doors(prize: str, count: int = 5) -> TableGame:
    """Seat 0 opens one door; it wins behind ``prize``, seat 1 wins behind every other."""
    names = tuple(f"d{i}" for i in range(count))
    return TableGame([(0, names)], outcome=lambda moves: (0,) if moves[0] == prize else (1,))


def bot(game: TableGame, seed: int = 0, **params: Any) -> SearchBot:
    return SearchBot(game, 0, np.random.default_rng(seed), **params)  # type: ignore[arg-type]


def playouts(search: SearchBot, game: TableGame, n: int) -> _Node:
    """``n`` playouts from the start into a root kept here (``act`` keeps its own)."""
    root = _Node(None)
    for _ in range(n):
        search._playout(root, game.sample_state(None, search.rng))
    return root


# ---------------------------------------------------------------------- choosing


@pytest.mark.parametrize("widening", [None, 1.0])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_search_opens_the_door_with_the_prize(widening: float | None, seed: int) -> None:
    game = doors("d2")
    choice = bot(game, seed, playouts=60, widening=widening).act(game.new_state().observation(0))
    assert choice == "d2"


def test_each_seat_is_credited_with_its_own_reward_max_n() -> None:
    # seat 0 picks "a" or "b"; after "a" seat 1 answers: three answers lose for seat 1 and
    # one wins ("w"), so random answers make "a" look good for seat 0 (3 in 4), but a seat 1
    # that plays for itself always wins; after "b" the game is a draw (1/2 each)
    def outcome(moves: tuple[str, ...]) -> tuple[int, ...]:
        if moves[0] == "b":
            return (0, 1)
        return (1,) if moves[1] == "w" else (0,)

    game = TableGame([(0, ("a", "b")), (1, ("x", "y", "z", "w"))], outcome=outcome)
    search = bot(game, 0, playouts=400, widening=None, exploration=0.5)
    assert search.act(game.new_state().observation(0)) == "b"


def test_the_most_visited_root_action_is_played_ties_to_the_first() -> None:
    game = doors("d3", count=4)
    search = bot(game, 0, playouts=1, widening=None)
    # one playout: one child with one visit, the others unexpanded (ranked below it)
    choice = search.act(game.new_state().observation(0))
    (state,) = game.sampled
    assert choice == state.moves[0]


def test_with_one_legal_action_the_bot_answers_without_searching() -> None:
    game = TableGame([(0, ("only",)), (1, ("s1", "s2"))])
    search = bot(game, playouts=10)
    assert search.act(game.new_state().observation(0)) == "only"
    assert game.sampled == []


def test_a_bot_with_no_legal_action_says_so() -> None:
    game = TableGame([(1, ("s1", "s2"))])
    with pytest.raises(ValueError, match="seat 0 has no legal action"):
        bot(game).act(game.new_state().observation(0))


def test_one_playout_is_the_least_a_search_may_run() -> None:
    game = doors("d0")
    assert bot(game, playouts=1).playouts == 1
    with pytest.raises(ValueError, match="playouts is 0: use at least 1"):
        bot(game, playouts=0)


def test_without_a_time_budget_every_playout_runs() -> None:
    game = doors("d1")
    bot(game, playouts=7).act(game.new_state().observation(0))
    assert len(game.sampled) == 7


def test_a_long_time_budget_leaves_the_playout_count_as_the_bound() -> None:
    game = doors("d1")
    bot(game, playouts=7, seconds=3600.0).act(game.new_state().observation(0))
    assert len(game.sampled) == 7


def test_a_spent_time_budget_stops_after_one_playout() -> None:
    game = doors("d1")
    bot(game, playouts=50, seconds=0.0).act(game.new_state().observation(0))
    assert len(game.sampled) == 1


# ---------------------------------------------------------------------- the tree


def test_every_playout_is_counted_along_its_path() -> None:
    game = doors("d2")
    root = playouts(bot(game, widening=None), game, 12)
    assert root.visits == 12
    assert sorted(root.children) == ["d0", "d1", "d2", "d3", "d4"]
    assert sum(c.visits for c in root.children.values()) == 12
    assert all(c.seat == 0 for c in root.children.values())
    # the prize's child won every one of its playouts, the others none
    for name, child in root.children.items():
        assert child.reward == (child.visits if name == "d2" else 0.0)


def test_a_child_counts_each_playout_it_was_available_in() -> None:
    # without widening the first five playouts add one door each; every later playout
    # offers all five doors, so the door added in playout i was available 12 - i + 1 times
    game = doors("d2")
    search = bot(game, widening=None)
    root = _Node(None)
    order = []
    for _ in range(12):
        search._playout(root, game.sample_state(None, search.rng))
        order.extend(k for k in root.children if k not in order)
    assert [root.children[k].avail for k in order] == [12, 11, 10, 9, 8]


def test_the_tree_grows_below_a_move_that_changes_the_scores() -> None:
    # every move scores; playouts run to the end, and the tree keeps growing below the root
    game = TableGame([(0, ("s1", "s2")), (1, ("s1", "s2")), (0, ("s1", "s2"))])
    root = playouts(bot(game, widening=None), game, 7)
    assert len(root.children) == 2
    assert any(child.children for child in root.children.values())
    assert all(state.is_terminal() for state in game.sampled)


def test_chance_steps_in_the_tree_get_one_child_per_outcome_drawn() -> None:
    game = TableGame([(0, ("s1", "s2")), (None, ("c0", "c1")), (1, ("s1", "s2"))])
    root = playouts(bot(game, widening=None), game, 40)
    assert root.visits == 40
    below = [c for child in root.children.values() for c in child.children.values()]
    assert {c.seat for c in below} == {None}
    # each move's child holds one node per chance outcome drawn, visited as often as drawn
    for child in root.children.values():
        assert set(child.children) <= {"c0", "c1"}
        assert sum(c.visits for c in child.children.values()) == child.visits - 1
    assert all(state.is_terminal() for state in game.sampled)


def test_a_playout_stops_at_the_depth_limit_in_the_tree_and_in_the_rollout() -> None:
    game = TableGame([(i % 2, ("s0", "s1")) for i in range(10)])
    search = bot(game, widening=None, max_depth=3)
    playouts(search, game, 10)
    assert [len(state.moves) for state in game.sampled] == [3] * 10


def test_a_playout_of_depth_zero_plays_nothing() -> None:
    game = TableGame([(0, ("s0", "s1")), (1, ("s0", "s1"))])
    root = playouts(bot(game, max_depth=0), game, 3)
    assert [len(state.moves) for state in game.sampled] == [0, 0, 0]
    assert root.children == {} and root.visits == 3


def test_until_score_change_ends_each_playout_at_the_first_score_change() -> None:
    # nothing scores until the fourth move, then every move does
    steps = [(i % 2, ("p0", "p1") if i < 3 else ("s1", "s2")) for i in range(8)]
    game = TableGame(steps)
    search = bot(game, widening=None, until_score_change=True)
    playouts(search, game, 20)
    assert {len(state.moves) for state in game.sampled} == {4}
    for state in game.sampled:
        assert state.scores() != (0.0, 0.0)


def test_without_until_score_change_playouts_run_to_the_end() -> None:
    game = TableGame([(i % 2, ("s1", "s2")) for i in range(6)])
    playouts(bot(game, widening=None), game, 20)
    assert {len(state.moves) for state in game.sampled} == {6}


# ---------------------------------------------------------------------- the rollout policy


class First:
    """A rollout bot that always plays the first legal action, counting its calls."""

    made: ClassVar[list[int]] = []

    def __init__(self, game: Any, seat: int, rng: np.random.Generator) -> None:
        self.made.append(seat)

    def act(self, observation: Obs) -> str:
        return observation.legal_actions[0]


class Last(First):
    def act(self, observation: Obs) -> str:
        return observation.legal_actions[-1]


def test_the_rollout_policy_plays_every_move_after_the_tree() -> None:
    First.made.clear()
    game = TableGame([(i % 2, ("s1", "s2", "s3")) for i in range(6)])
    search = bot(game, widening=None, rollout=First)
    playouts(search, game, 1)
    (state,) = game.sampled
    # the new node is the policy's choice too (a prior), then the policy plays on
    assert state.moves == ["s1"] * 6
    assert set(First.made) == {0, 1}


def test_a_rollout_policy_per_seat_plays_for_its_seat() -> None:
    First.made.clear()
    game = TableGame([(i % 2, ("s1", "s2", "s3")) for i in range(6)])
    search = bot(game, widening=None, rollout=[First, Last])
    assert search.rollout == [First, Last]
    playouts(search, game, 1)
    (state,) = game.sampled
    assert state.moves == ["s1", "s3"] * 3


def test_one_rollout_policy_is_every_seats() -> None:
    game = TableGame([(0, ("s1", "s2"))], players=3)
    assert bot(game, rollout=First).rollout == [First, First, First]
    assert bot(game).rollout is None


def test_the_rollout_policy_plays_through_chance_steps() -> None:
    game = TableGame([(0, ("s1", "s2")), (None, ("c0", "c1")), (1, ("s1", "s2"))])
    playouts(bot(game, widening=None, rollout=Last), game, 4)
    assert all(state.is_terminal() for state in game.sampled)


def test_a_new_node_is_the_policys_choice_when_it_is_new() -> None:
    game = doors("d0")
    search = bot(game, rollout=Last)
    state = game.new_state()
    assert search._expand(state, 0, ["d1", "d4", "d3"]) == "d4"
    # the policy's choice is in the tree already: one of the fresh ones at random
    picks = {search._expand(state, 0, ["d1", "d2"]) for _ in range(30)}
    assert picks == {"d1", "d2"}


# ---------------------------------------------------------------------- the formulas


def test_ucb_is_the_mean_plus_the_exploration_term() -> None:
    search = bot(doors("d0"), exploration=0.7)
    child = _Node(0)
    child.visits, child.avail, child.reward = 4, 8, 3.0
    assert search._ucb(child) == pytest.approx(0.75 + 0.7 * math.sqrt(math.log(8) / 4))
    child.visits, child.avail, child.reward = 1, 1, 0.25
    assert search._ucb(child) == pytest.approx(0.25)  # log 1 = 0: no exploration yet
    child.visits = 0
    assert search._ucb(child) == math.inf


def test_the_width_grows_with_the_square_root_of_the_visits() -> None:
    node = _Node(0)
    node.visits = 3
    assert bot(doors("d0"), widening=1.0)._width(node) == pytest.approx(2.0)
    assert bot(doors("d0"), widening=1.5)._width(node) == pytest.approx(3.0)
    node.visits = 0
    assert bot(doors("d0"), widening=0.25)._width(node) == 1.0  # at least one child
    assert bot(doors("d0"), widening=None)._width(node) == math.inf


def test_a_finished_game_rewards_its_winners_and_ties_share() -> None:
    search = bot(doors("d0"))
    game = TableGame([(0, ("s1", "s2"))], players=3, outcome=lambda moves: (0, 2))
    state = game.new_state()
    state.apply("s1")
    assert search._rewards(state, (0.0, 0.0, 0.0)) == [0.5, 0.0, 0.5]
    game.outcome = lambda moves: (1,)
    assert search._rewards(state, (0.0, 0.0, 0.0)) == [0.0, 1.0, 0.0]


def test_an_unfinished_playout_rewards_the_score_gains_scaled_to_0_1() -> None:
    search = bot(doors("d0"))
    game = TableGame([(0, ("s3",)), (1, ("s6",)), (2, ("s5",)), (0, ("s1",))], players=3)
    state = game.new_state()
    for move in ("s3", "s6", "s5"):
        state.apply(move)
    # scores (3, 6, 5) from (1, 1, 4): gains 2, 5, 1
    assert search._rewards(state, (1.0, 1.0, 4.0)) == pytest.approx([0.25, 1.0, 0.0])
    # equal gains: one half each
    assert search._rewards(state, (2.0, 5.0, 4.0)) == [0.5, 0.5, 0.5]


def test_a_score_change_is_any_seat_scoring() -> None:
    search = bot(doors("d0"))
    game = TableGame([(1, ("s2", "s0"))])
    state = game.new_state()
    assert not search._changed(state, (0.0, 0.0))
    state.apply("s2")
    assert search._changed(state, (0.0, 0.0))
    assert not search._changed(state, (0.0, 2.0))


def test_the_factory_makes_bots_with_its_parameters() -> None:
    game = doors("d0")
    make = SearchBot.factory("deep", playouts=5, max_depth=9)
    made = make(game, 1, np.random.default_rng(0))
    assert isinstance(made, SearchBot)
    assert (made.seat, made.playouts, made.max_depth, made.name) == (1, 5, 9, "search")
