"""Bots: legal, deterministic by seed, and the plans they claim to follow."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench import Board
from workbench.analysis.costmodel import cost_model
from workbench.games.trans_europa import (
    Action,
    PlaceMarker,
    PlaceRail,
    TransEuropa,
    TransEuropaState,
)
from workbench.games.trans_europa.bots import BOTS, GreedyBot, RandomBot, ShrewdBot, play_game
from workbench.games.trans_europa.bots.greedy import tree_center


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_finishes_games_and_repeats_them_by_seed(tiny: Board, name: str) -> None:
    bot = BOTS[name]
    for seed in range(3):
        game = TransEuropa(tiny, players=2, seed=seed)
        a = play_game(game, [bot, GreedyBot], seed=seed)
        b = play_game(game, [bot, GreedyBot], seed=seed)
        assert a.is_terminal() and a.history == b.history


def test_a_different_bot_seed_changes_random_play(tiny: Board) -> None:
    game = TransEuropa(tiny, players=2, seed=1)
    histories = {play_game(game, [RandomBot] * 2, seed=s).history for s in range(4)}
    assert len(histories) > 1


@pytest.mark.parametrize("bot", [GreedyBot, ShrewdBot])
def test_planners_start_on_their_tree_and_every_rail_saves_its_cost(
    europe: Board, bot: type[GreedyBot]
) -> None:
    """A rail on an optimal completion lowers the missing rails by exactly its cost; a
    marker on the hand's optimal tree adds nothing to it."""
    model = cost_model(europe)
    checked = {"markers": 0, "rails": 0}

    def check(state: TransEuropaState, action: Action) -> None:
        seat = state.to_play
        if seat != 0 or not isinstance(action, (PlaceMarker, PlaceRail)):
            return
        hand = list(state.hands[0])
        if isinstance(action, PlaceMarker):
            alone = model.cost(state.rails, hand)
            assert model.cost(state.rails, [action.point, *hand]) == alone
            checked["markers"] += 1
            return
        marker = state.markers[0]
        before = model.cost(state.rails, [marker, *hand])
        after = model.cost([*state.rails, action.segment], [marker, *hand])
        assert before - after == model.weights[model.edge_index[action.segment]]
        checked["rails"] += 1

    for seed in range(2):
        game = TransEuropa(europe, players=4, seed=seed)
        play_game(game, [bot, GreedyBot, GreedyBot, GreedyBot], seed=seed, on_action=check)
    assert checked["markers"] >= 2 and checked["rails"] >= 20


def test_shrewd_guesses_use_unseen_cities_only(europe: Board) -> None:
    game = TransEuropa(europe, players=4, seed=3)
    state = game.new_state()
    bots = [ShrewdBot(game, s, np.random.default_rng(s)) for s in range(4)]
    while state.phase == "markers":
        state.apply(bots[state.to_play].act(state.observation(state.to_play)))
    obs = state.observation(0)
    guesses = bots[0].guesses(obs)
    assert sorted(guesses) == [1, 2, 3]
    for samples in guesses.values():
        assert abs(sum(w for w, _ in samples) - 1) < 1e-9
        for _, hand in samples:
            assert not set(hand) & set(obs.hand)
            colors = [europe.city(name).color for name in hand]
            assert sorted(colors) == sorted(europe.color_names)


def test_bots_say_when_they_are_not_on_turn(tiny: Board) -> None:
    state = TransEuropa(tiny, players=2, seed=0).new_state()
    for bot in (RandomBot, GreedyBot):
        with pytest.raises(ValueError, match="not on turn"):
            bot(TransEuropa(tiny, state.game.rules, players=2), 1, np.random.default_rng(0)).act(
                state.observation(1)
            )


VARIANTS = {
    "colored": {"scoring": "countdown", "colored_rails": 3, "ferry_rails": 2},
    "discard": {"discard_one": True},
    "pass": {"pass_one_times": 3},
    "hand": {"pass_hand": True},
    "cards per round": {"special_cards": ("three_rails", "water_single", "draft_pink")},
    "reveal": {"reveal": ("orange", "pink")},
    "anywhere": {"build_anywhere": True},
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_planners_play_every_variant_legally(tiny: Board, variant: str) -> None:
    from workbench.games.trans_europa import Rules

    rules = Rules().replace(**VARIANTS[variant])
    for seed in range(2):
        game = TransEuropa(tiny, rules, players=2, seed=seed)
        end = play_game(game, [ShrewdBot, GreedyBot], seed=seed)
        assert end.is_terminal()


def test_greedy_gives_away_the_card_that_costs_it_most(europe: Board) -> None:
    """Discarding: the hand left behind is the cheapest of the five possible."""
    from workbench.games.trans_europa import Rules

    game = TransEuropa(europe, Rules(discard_one=True), players=4, seed=5)
    state = game.new_state()
    model = cost_model(europe)
    bots = [GreedyBot(game, s, np.random.default_rng(s)) for s in range(4)]
    assert state.phase == "discard"
    seat = state.to_play
    hand = list(state.hands[seat])
    action = bots[seat].act(state.observation(seat))
    left = {c: model.cost([], [x for x in hand if x != c]) for c in hand}
    assert left[action.city] == min(left.values())


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 40), st.integers(0, 2**16))
def test_tree_center_agrees_with_networkx(size: int, seed: int) -> None:
    T = nx.random_labeled_tree(size, seed=seed)
    T = nx.relabel_nodes(T, {v: (v, 0) for v in T})
    assert tree_center(list(T.edges), []) == sorted(nx.center(T))
