"""The greedy bot's parts on fixed positions: the marker points it finds once (at its first
marker) include the points other markers held then, and a plan asked for without a view."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from workbench.games.trans_europa import NextRound, PlaceMarker, Rules, TransEuropa
from workbench.games.trans_europa.bots import GreedyBot
from workbench.maps import load_lattice

CORRIDOR = Path(__file__).parent.parent / "maps" / "corridor.yaml"
THREE_CORRIDOR = Path(__file__).parent.parent / "maps" / "three_corridor.yaml"


def test_a_point_taken_at_its_first_marker_is_a_centre_it_uses_in_a_later_round() -> None:
    """Three Corridor: Ash [2, 0], Beech [4, 0], Cherry [6, 0]. Round 1: seat 0 puts its
    marker on [3, 0] before the bot (seat 1, holding Cherry) places its own, on Cherry,
    which ends the round at once. Round 2: the bot holds Ash and Beech, whose tree
    [2, 0]-[3, 0]-[4, 0] has its centre on [3, 0], free now: the marker goes there."""
    board = load_lattice(THREE_CORRIDOR)
    hands = [(("Ash",), ("Cherry",)), (("Cherry",), ("Ash", "Beech"))]
    for seed in range(4):
        game = TransEuropa(board, Rules(), players=2, hands=hands)
        state = game.new_state()
        bot = GreedyBot(game, 1, np.random.default_rng(seed))
        assert state.to_play == 0
        state.apply(PlaceMarker((3, 0)))
        assert bot.act(state.observation(1)) == PlaceMarker((6, 0))
        state.apply(PlaceMarker((6, 0)))
        assert state.phase == "round_over"
        state.apply(NextRound())
        assert (state.round, state.phase, state.to_play) == (2, "markers", 1)
        assert bot.act(state.observation(1)) == PlaceMarker((3, 0)), seed


def test_a_plan_asked_for_without_a_view_is_the_completion_from_the_marker() -> None:
    """Corridor: seat 0 holds West [0, 0] and sits on [2, 0]; the only tree joining them is
    the two segments between, so that is the plan, with the bot's view or without one."""
    board = load_lattice(CORRIDOR)
    game = TransEuropa(board, Rules(), players=2, hands=[(("West",), ("East",))])
    state = game.new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((4, 0)))
    obs = state.observation(0)
    bot = GreedyBot(game, 0, np.random.default_rng(0))
    between = frozenset({((0, 0), (1, 0)), ((1, 0), (2, 0))})
    assert bot.plan(obs) == between
    fresh = GreedyBot(game, 0, np.random.default_rng(0))
    assert fresh.plan(obs, fresh.view(obs)) == between
