"""Random playouts with invariants checked after every action.

Each example is a game on the tiny board (2 players; it has two cards of each color) under
rules drawn among those the engine plays, by a seeded random player. Checked: rails on the
board plus rails left make the supply; every rail touches its builder's network when placed
(computed here with networkx, independently of the engine), unless ``build_anywhere``; each
turn keeps to ``Rules.allows_turn``; markers are distinct; legal actions are sorted, legal,
and exist until the game ends; each round's scores follow the table for the exact missing
rails; copies compare equal and replaying the log rebuilds the state.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from workbench import Board, load_map
from workbench.analysis.costs import missing_rails
from workbench.engine import (
    EndTurn,
    Game,
    NextRound,
    PlaceMarker,
    PlaceRail,
    State,
    action_key,
    replay,
)
from workbench.exceptions import IllegalActionError
from workbench.rules import Rules, round_points, start_scores

TINY = load_map(MAPS / "tiny.yaml")

rules_strategy = st.builds(
    Rules,
    scoring=st.sampled_from(["rulebook", "countdown"]),
    target=st.integers(4, 13),
    countdown_start=st.integers(4, 13),
    singles_per_turn=st.integers(1, 3),
    doubles_per_turn=st.integers(1, 2),
    mixed_doubles=st.booleans(),
    rhythm=st.sampled_from([(), (3, 2, 1), (1,), (2, 1)]),
    double_cost=st.sampled_from([{}, {"water": 1}, {"mountain": 1}, {"water": 1, "mountain": 3}]),
    rail_supply=st.integers(1, 85),
    colors_out=st.sampled_from([(), ("white",), ("brown", "pink", "orange", "turquoise")]),
    build_anywhere=st.booleans(),
)


def network(state: State, seat: int) -> set[tuple[int, int]]:
    marker = state.markers[seat]
    assert marker is not None
    G = nx.Graph(list(state.rails))
    G.add_node(marker)
    return set(nx.node_connected_component(G, marker))


def check_round(state: State, rules: Rules, board: Board) -> None:
    result = state.results[-1]
    for seat in range(state.game.players):
        exact = missing_rails(
            board, result.rails, result.markers[seat], result.hands[seat], rules.double_cost_map
        ).cost
        assert result.missing[seat] == exact
    assert result.points == round_points(rules, result.missing)
    assert result.reason == "supply" or result.finishers
    total = [
        s + sum(r.points[i] for r in state.results)
        for i, s in enumerate(start_scores(rules, state.game.players))
    ]
    assert list(state.scores) == total


def playout(
    board: Board, rules: Rules, players: int, seed: int, max_actions: int, rounds: int | None = None
) -> State:
    game = Game(board, rules, players=players, seed=seed)
    state = game.new_state()
    rng = np.random.default_rng(seed)
    turn_rails: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for _ in range(max_actions):
        if state.is_terminal() or (rounds is not None and len(state.results) == rounds):
            break
        actions = state.legal_actions()
        assert actions, f"no legal action in {state!r}"
        assert sorted(actions, key=action_key) == actions
        action = actions[int(rng.integers(len(actions)))]
        seat, lap, before = state.to_play, state.lap, len(state.results)
        if isinstance(action, PlaceRail):
            assert seat is not None
            a, b = action.segment
            assert action.segment not in state.rails
            if not rules.build_anywhere:
                net = network(state, seat)
                assert a in net or b in net
            turn_rails.append(action.segment)
            singles = sum(1 for s in turn_rails if s not in game.doubles)
            assert rules.allows_turn(singles, len(turn_rails) - singles, lap)
        state.apply(action)
        if isinstance(action, EndTurn) or state.placed == () or state.to_play != seat:
            turn_rails = []
        if state.phase in ("markers", "build"):
            assert len(state.rails) + state.rails_left == rules.rail_supply
        placed = [m for m in state.markers if m is not None]
        assert len(set(placed)) == len(placed)
        if len(state.results) > before:
            assert len(state.rails) + state.rails_left == rules.rail_supply
            check_round(state, rules, board)
            turn_rails = []
        if isinstance(action, NextRound):
            assert state.rails == frozenset() and state.placed == ()
    twin = state.copy()
    assert twin == state
    assert replay(game, state.history) == state
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_the_invariants(rules: Rules, seed: int) -> None:
    state = playout(TINY, rules, 2, seed, max_actions=300)
    if state.phase == "game_over":
        assert state.winners


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_illegal_actions_change_nothing(seed: int, data: st.DataObject) -> None:
    state = playout(TINY, Rules(), 2, seed, max_actions=data.draw(st.integers(0, 60)))
    before = state.copy()
    bogus = data.draw(
        st.one_of(
            st.builds(PlaceMarker, st.tuples(st.integers(-1, 9), st.integers(-1, 6))),
            st.builds(PlaceRail, st.sampled_from(sorted(TINY.segments))),
            st.just(EndTurn()),
            st.just(NextRound()),
        )
    )
    if bogus in state.legal_actions():
        return
    try:
        state.apply(bogus)
    except IllegalActionError:
        assert state == before
    else:
        raise AssertionError(f"{bogus} is not listed as legal but was applied")


def test_europe_rounds_keep_the_invariants(europe: Board) -> None:
    for players, seed in [(4, 1), (6, 2), (3, 3)]:
        state = playout(europe, Rules(), players, seed, max_actions=2000, rounds=1)
        assert len(state.results) == 1
