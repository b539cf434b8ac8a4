"""The incremental engine against a search from scratch.

The state keeps its networks as they grow (one merge per rail) and lists legal rails from
each network's frontier. Here every position of seeded playouts is checked against the
plain definitions, computed with networkx: the networks, the finished seats and the whole
list of legal actions, in order.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from workbench import load_map
from workbench.games.trans_europa import (
    Action,
    EndTurn,
    NextRound,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
    action_key,
)
from workbench.maps.lattice import Edge, Point

TINY = load_map(MAPS / "tiny.yaml")
EUROPE = load_map(MAPS / "trans_europa.yaml")


def usable(state: TransEuropaState, seat: int) -> set[Edge]:
    rules = state.round_rules
    out = set()
    for s in state.rails:
        owners = state.pieces.get(s, (None,))
        need = rules.ferry_rails if state.game.board.segments[s].kind == "ferry" else 1
        if sum(1 for o in owners if o is None or o == seat) >= need:
            out.add(s)
    return out


def network(state: TransEuropaState, seat: int) -> set[Point]:
    marker = state.markers[seat]
    if marker is None:
        return set()
    G = nx.Graph(list(usable(state, seat)))
    G.add_node(marker)
    return set(nx.node_connected_component(G, marker))


def legal_rails(state: TransEuropaState) -> list[Action]:
    """The build phase's legal actions by their definition (black rails only)."""
    seat = state.to_play
    assert seat is not None
    net = network(state, seat)
    doubles = state.game.doubles_for(state.round_rules)
    singles = sum(1 for s in state.placed if s not in doubles)
    placed_doubles = len(state.placed) - singles
    out: list[Action] = []
    for s in sorted(state.game.board.segments):
        if s in state.rails:
            continue
        if not state.round_rules.build_anywhere and s[0] not in net and s[1] not in net:
            continue
        d = s in doubles
        if state.round_rules.allows_turn(singles + (not d), placed_doubles + d, state.lap):
            out.append(PlaceRail(s))
    if state.placed:
        out.append(EndTurn())
    return out


def check(state: TransEuropaState) -> None:
    where = state.game.city_points
    for seat in range(state.game.players):
        net = network(state, seat)
        assert set(state.network(seat)) == net
    finished = tuple(
        seat
        for seat in range(state.game.players)
        if state.markers[seat] is not None
        and all(where[c] in network(state, seat) for c in state.hands[seat])
    )
    assert state.finished() == finished
    if state.phase == "build" and not state.pieces:
        black = [a for a in state.legal_actions() if not (isinstance(a, PlaceRail) and a.colored)]
        assert black == legal_rails(state)
    actions = state.legal_actions()
    assert sorted(actions, key=action_key) == actions


def playout(game: TransEuropa, seed: int, steps: int) -> TransEuropaState:
    state = game.new_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        check(state)
        actions = state.legal_actions() or [NextRound()]
        state.apply(actions[int(rng.integers(len(actions)))])
    check(state)
    return state


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.sampled_from(
        [
            Rules(),
            Rules(rhythm=(3, 2, 1)),
            Rules(double_cost={"water": 1}),
            Rules(build_anywhere=True),
            Rules(mixed_doubles=True, singles_per_turn=3),
            Rules(colored_rails=2, ferry_rails=2, scoring="countdown"),
        ]
    ),
)
def test_tiny_positions_match_a_search(seed: int, rules: Rules) -> None:
    playout(TransEuropa(TINY, rules, players=2, seed=seed), seed, 250)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_europe_positions_match_a_search(seed: int, players: int) -> None:
    playout(TransEuropa(EUROPE, players=players, seed=seed), seed, 120)


def test_a_copy_grows_its_own_networks() -> None:
    state = playout(TransEuropa(EUROPE, players=3, seed=4), 4, 60)
    assert state.phase == "build"
    twin = state.copy()
    seat = twin.to_play
    assert seat is not None
    before = [state.network(s) for s in range(3)]
    legal = state.legal_actions()
    for _ in range(6):
        if twin.phase != "build":
            break
        twin.apply((twin.legal_actions() or [NextRound()])[0])
    assert [state.network(s) for s in range(3)] == before
    assert state.legal_actions() == legal
    check(state)
    check(twin)
