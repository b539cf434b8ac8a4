"""The traced Steiner forest against a MILP, brute force and the route analysis.

The MILP is the undirected multi-commodity flow formulation solved by HiGHS: a binary per
edge, one unit of flow per ticket from one city to the other, flow only on chosen edges.
Brute force tries every set of edges. On the Europe board the traced forest must cost what
:func:`workbench.analysis.tickets.steiner_forest` (a program over subsets of tickets, with
its own Steiner trees) says, for hands of real tickets.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Hashable, Sequence

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.optimize import Bounds, LinearConstraint, milp

from tests.conftest import MAPS
from workbench import load_map
from workbench.analysis.tickets import steiner_forest as analysed_forest
from workbench.exceptions import InfeasibleError
from workbench.maps.routes import RouteBoard
from workbench.teach import EDGE_ROLES, EXACT_SEARCHES, NODE_ROLES, trace
from workbench.teach.forest import MAX_FOREST_TICKETS, splits, steiner_forest
from workbench.teach.textbook import FOREST_HAND, route_graph

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

Ticket = tuple[Hashable, Hashable]


@pytest.fixture(scope="module")
def europe() -> RouteBoard:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


@st.composite
def hands(draw: st.DrawFn, max_nodes: int = 7) -> tuple[nx.Graph, list[Ticket]]:
    """A connected graph with lengths 0-5 and one to four tickets (some maybe repeated)."""
    n = draw(st.integers(2, max_nodes))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for v in range(1, n):
        G.add_edge(v, draw(st.integers(0, v - 1)))
    pairs = list(itertools.combinations(range(n), 2))
    G.add_edges_from(draw(st.lists(st.sampled_from(pairs), max_size=n)))
    for u, v in sorted(G.edges()):
        G.edges[u, v]["weight"] = draw(st.integers(0, 5))
    tickets = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=4))
    return G, tickets


def milp_forest_cost(G: nx.Graph, tickets: Sequence[Ticket]) -> float:
    """Minimum Steiner forest by the multi-commodity flow MILP (HiGHS)."""
    edges = list(G.edges(data="weight"))
    nodes = {v: i for i, v in enumerate(G)}
    m, k = len(edges), len(tickets)
    if k == 0 or m == 0:
        return 0.0
    # variables: x (m), then per ticket the flow on 2m arcs (u->v for edge a, then v->u)
    size = m + k * 2 * m
    cost = np.zeros(size)
    cost[:m] = [w for _, _, w in edges]
    rows, lo, hi = [], [], []
    for t, (a, b) in enumerate(tickets):
        base = m + t * 2 * m
        for v, i in nodes.items():
            row = np.zeros(size)
            for j, (x, y, _) in enumerate(edges):
                # arc j: x -> y, arc m + j: y -> x; out minus in
                if nodes[x] == i:
                    row[base + j] += 1
                    row[base + m + j] -= 1
                if nodes[y] == i:
                    row[base + m + j] += 1
                    row[base + j] -= 1
            want = 1 if v == a else -1 if v == b else 0
            rows.append(row)
            lo.append(want)
            hi.append(want)
        for j in range(m):
            row = np.zeros(size)
            row[base + j] = row[base + m + j] = 1
            row[j] = -1
            rows.append(row)
            lo.append(-np.inf)
            hi.append(0)
    integrality = np.zeros(size)
    integrality[:m] = 1
    result = milp(
        cost,
        constraints=LinearConstraint(np.array(rows), lo, hi),
        integrality=integrality,
        bounds=Bounds(0, 1),
    )
    assert result.success, result.message
    return round(result.fun)


def brute_force_forest_cost(G: nx.Graph, tickets: Sequence[Ticket]) -> float:
    edges = list(G.edges(data="weight"))
    best = math.inf
    for r in range(len(edges) + 1):
        for subset in itertools.combinations(edges, r):
            H = nx.Graph()
            H.add_nodes_from(G)
            H.add_edges_from((u, v) for u, v, _ in subset)
            if all(nx.has_path(H, a, b) for a, b in tickets):
                best = min(best, sum(w for _, _, w in subset))
    return best


def check_forest(G: nx.Graph, tickets: Sequence[Ticket], result: dict) -> None:
    H = nx.Graph(list(result["edges"]))
    for a, b in tickets:
        assert a == b or (a in H and b in H and nx.has_path(H, a, b)), (a, b)
    assert sum(G.edges[e]["weight"] for e in result["edges"]) == result["cost"]
    served = sorted(t for group in result["groups"] for t in group)
    assert served == sorted({tuple(sorted(t)) for t in tickets if t[0] != t[1]})


@SETTINGS
@given(hands())
def test_the_forest_agrees_with_a_milp(hand: tuple[nx.Graph, list[Ticket]]) -> None:
    G, tickets = hand
    t = steiner_forest(G, tickets)
    assert t.result["cost"] == milp_forest_cost(G, tickets)
    check_forest(G, tickets, t.result)
    # the two easy answers are networks that complete the hand too, never cheaper
    assert t.result["cost"] <= t.result["paths_cost"]
    assert t.result["cost"] <= t.result["tree_cost"]
    for key in ("paths_edges", "tree_edges"):
        H = nx.Graph(list(t.result[key]))
        assert all(a == b or nx.has_path(H, a, b) for a, b in tickets)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_nodes=5))
def test_the_forest_agrees_with_brute_force(hand: tuple[nx.Graph, list[Ticket]]) -> None:
    G, tickets = hand
    if G.number_of_edges() > 9:
        G = nx.minimum_spanning_tree(G).copy()  # keep brute force quick
        G.add_edges_from(list(nx.complement(G).edges())[:2], weight=1)
    assert steiner_forest(G, tickets).result["cost"] == brute_force_forest_cost(G, tickets)


@pytest.mark.parametrize("seed", range(4))
def test_real_hands_cost_what_the_analysis_says(europe: RouteBoard, seed: int) -> None:
    G = route_graph(europe)
    rng = random.Random(seed)
    hand = [t.ends for t in rng.sample(europe.tickets, 2 + seed % 3)]
    t = steiner_forest(G, hand)
    assert t.result["cost"] == analysed_forest(europe, hand).cost
    check_forest(G, hand, t.result)


def test_the_lesson_hand_beats_both_easy_answers(europe: RouteBoard) -> None:
    t = trace("steiner_forest", route_graph(europe), tickets=FOREST_HAND)
    r = t.result
    assert (r["cost"], r["paths_cost"], r["tree_cost"]) == (17, 21, 22)
    assert r["cost"] == analysed_forest(europe, FOREST_HAND).cost
    assert len(r["groups"]) == 2  # the two crossing tickets share a tree, the third alone
    assert {frozenset(g) for g in r["groups"]} == {
        frozenset({("Paris", "Wien"), ("Brest", "Venezia")}),
        frozenset({("Smyrna", "Sofia")}),
    }


def test_frames(europe: RouteBoard) -> None:
    G = route_graph(europe)
    t = trace("steiner_forest", G, tickets=FOREST_HAND)
    assert t.pseudocode == EXACT_SEARCHES["steiner_forest"].pseudocode
    cities = {v for ticket in FOREST_HAND for v in ticket}
    for f in t.frames:
        assert 0 <= f.line < len(t.pseudocode) and f.message.endswith(".")
        assert all(v in G and r in NODE_ROLES for v, r in f.nodes.items())
        assert all(G.has_edge(*e) and r in EDGE_ROLES for e, r in f.edges.items())
        assert cities <= set(f.nodes)
    # 3 paths and their union, one tree, 7 groups, 5 splits, the forest
    assert len(t.frames) == 4 + 1 + 7 + 5 + 1
    assert [f.line for f in t.frames].count(2) == 7
    bests = [f.state["this split"] for f in t.frames if f.line == 4]
    assert bests == sorted(bests, reverse=True) and bests[-1] == 17
    assert t.frames[-1].line == len(t.pseudocode) - 1
    assert set(t.frames[-1].edges.values()) == {"tree"}


def test_splits_are_the_set_partitions() -> None:
    bell = [1, 1, 2, 5, 15, 52, 203]
    for k, b in enumerate(bell):
        found = list(splits(list(range(k))))
        assert len(found) == len(set(found)) == b
        for split in found:
            assert sorted(x for group in split for x in group) == list(range(k))
            assert all(group for group in split)


def test_bad_hands() -> None:
    G = nx.Graph([(1, 2, {"weight": 1}), (3, 4, {"weight": 1})])
    with pytest.raises(InfeasibleError, match="no path"):
        steiner_forest(G, [(1, 3)])
    with pytest.raises(nx.NodeNotFound):
        steiner_forest(G, [(1, 9)])
    with pytest.raises(ValueError, match="pair"):
        steiner_forest(G, [(1, 2, 3)])
    many = [(1, 2)] + [(i, i + 100) for i in range(MAX_FOREST_TICKETS)]
    H = nx.Graph([(u, v) for u, v in many])
    with pytest.raises(ValueError, match="at most"):
        steiner_forest(H, many)
    assert steiner_forest(G, []).result["cost"] == 0
    assert steiner_forest(G, [(1, 1), (2, 1), (1, 2)]).result["groups"] == (((1, 2),),)
    # two tickets in different parts: the single tree is impossible, the forest is not
    t = steiner_forest(G, [(1, 2), (3, 4)])
    assert t.result["cost"] == 2 and t.result["tree_cost"] == math.inf
