"""The traced longest-trail search against brute force and Ticket to Ride's scorer.

Brute force knows nothing of searches: a set of routes can be walked as one trail exactly
when it is connected and has no or two cities of odd degree (Euler), so the longest trail
is the heaviest such set. The scorer (:func:`workbench.games.ticket_to_ride.scoring.
longest_trail`) is a separate bounded search written for the game. All three must agree on
random small multigraphs (parallel edges are the two lanes of a double), and the trail the
trace returns must really be a trail of that length.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.games.ticket_to_ride.scoring import longest_trail as scored_trail
from workbench.teach import EDGE_ROLES, EXACT_SEARCHES, NODE_ROLES, trace
from workbench.teach.textbook import PLAYER_ROUTES, player_network
from workbench.teach.trails import count_trails, longest_trail, trail_edges

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def multigraphs(draw: st.DrawFn, max_nodes: int = 6, max_edges: int = 9) -> nx.MultiGraph:
    """A small multigraph on letters, maybe disconnected, lengths 0-6 (parallel edges too)."""
    n = draw(st.integers(1, max_nodes))
    names = "ABCDEFGH"[:n]
    G = nx.MultiGraph()
    G.add_nodes_from(names)
    pairs = list(itertools.combinations(names, 2))
    if pairs:
        for u, v in draw(st.lists(st.sampled_from(pairs), max_size=max_edges)):
            G.add_edge(u, v, weight=draw(st.integers(0, 6)))
    return G


def brute_force(routes: list[tuple[Hashable, Hashable, float]]) -> float:
    """The heaviest set of routes that is connected with 0 or 2 odd cities."""
    best: float = 0
    for r in range(1, len(routes) + 1):
        for subset in itertools.combinations(routes, r):
            degree: Counter[Hashable] = Counter()
            for a, b, _ in subset:
                degree[a] += 1
                degree[b] += 1
            if sum(d % 2 for d in degree.values()) not in (0, 2):
                continue
            H = nx.MultiGraph([(a, b) for a, b, _ in subset])
            if nx.is_connected(H):
                best = max(best, sum(w for _, _, w in subset))
    return best


def check_is_trail(G: nx.MultiGraph, result: dict) -> None:
    """The returned cities and routes form a trail of the returned length."""
    nodes, edges = result["nodes"], result["edges"]
    assert len(edges) == max(len(nodes) - 1, 0)
    available = Counter(tuple(sorted((a, b))) for a, b, _ in trail_edges(G))
    used = Counter(tuple(sorted(e)) for e in edges)
    assert all(used[e] <= available[e] for e in used), "a route used more than it exists"
    for (u, v), e in zip(itertools.pairwise(nodes), edges, strict=True):
        assert {u, v} == set(e)
    # each step takes one lane between its cities: some choice of lanes gives the length
    lanes: dict[tuple[Hashable, ...], list[float]] = {}
    for a, b, w in trail_edges(G):
        lanes.setdefault(tuple(sorted((a, b))), []).append(w)
    choices = [
        {sum(c) for c in itertools.combinations(lanes[e], n)} for e, n in sorted(used.items())
    ]
    assert result["length"] in {sum(p) for p in itertools.product(*choices)}


@SETTINGS
@given(multigraphs())
def test_the_search_agrees_with_brute_force_and_the_scorer(G: nx.MultiGraph) -> None:
    t = longest_trail(G)
    routes = trail_edges(G)
    assert t.result["length"] == brute_force(routes)
    assert t.result["length"] == scored_trail([(a, b, int(w)) for a, b, w in routes])
    check_is_trail(G, t.result)
    # the search never walks more trails than the plain one (counted up to one more)
    explored = t.result["explored"]
    assert count_trails(G, limit=explored + 1) >= explored
    assert t.frames[-1].state["best"] == t.result["length"]


@SETTINGS
@given(multigraphs(max_nodes=5, max_edges=7))
def test_frames_use_known_roles_and_lines(G: nx.MultiGraph) -> None:
    t = trace("longest_trail", G)
    assert t.pseudocode == EXACT_SEARCHES["longest_trail"].pseudocode
    for f in t.frames:
        assert 0 <= f.line < len(t.pseudocode) and f.message.endswith(".")
        for v, role in f.nodes.items():
            assert v in G and role in NODE_ROLES
        for (u, v), role in f.edges.items():
            assert G.has_edge(u, v) and role in EDGE_ROLES
        trail = f.state["trail"]
        assert f.state["length"] <= f.state["best"] or f.line in (2, 5)
        if trail:
            assert f.nodes.get(trail[-1]) == "current"
    assert t.frames[-1].line == len(t.pseudocode) - 1
    # the same graph built in another order gives the same trace
    H = nx.MultiGraph()
    H.add_nodes_from(reversed(list(G)))
    H.add_edges_from((v, u, d) for u, v, d in reversed(list(G.edges(data=True))))
    assert trace("longest_trail", H) == t


def test_every_new_best_is_longer_and_the_last_is_the_answer() -> None:
    t = longest_trail(player_network())
    bests = [f.state["best"] for f in t.frames if f.line == 2]
    assert bests == sorted(set(bests)) and bests[-1] == t.result["length"] == 25
    assert t.result["pruned"] > 0 and t.result["explored"] < count_trails(player_network())


def test_the_lesson_network_needs_a_trail_not_a_path() -> None:
    G = player_network()
    assert G.number_of_edges() == len(PLAYER_ROUTES)
    # a path that never passes a city twice is shorter than the trail
    longest_path = max(
        nx.path_weight(G, p, "weight")
        for s, d in itertools.permutations(G, 2)
        for p in nx.all_simple_paths(G, s, d)
    )
    t = longest_trail(G)
    assert longest_path == 19 < t.result["length"] == 25
    assert len(set(t.result["nodes"])) < len(t.result["nodes"])  # it passes a city again


def test_the_scorer_counts_the_lesson_network_the_same() -> None:
    G = player_network()
    edges = [(u, v, w) for u, v, w in G.edges(data="weight")]
    assert scored_trail(edges) == longest_trail(G).result["length"]


def test_counting_trails() -> None:
    assert count_trails(nx.Graph()) == 0
    assert count_trails(nx.path_graph(3)) == 9
    # a triangle: at each corner the empty trail, 2 of one route, 2 of two, 2 of three
    assert count_trails(nx.cycle_graph(3)) == 21
    counts = [count_trails(nx.grid_2d_graph(2, k)) for k in range(1, 5)]
    assert counts == sorted(counts) and counts[-1] > 20 * counts[0]
    assert count_trails(nx.complete_graph(7), limit=500) == 500


def test_even_networks_are_walked_whole() -> None:
    t = longest_trail(nx.cycle_graph(5))
    assert t.result["length"] == 5 and len(t.result["edges"]) == 5
    assert t.result["nodes"][0] == t.result["nodes"][-1]


def test_edge_cases() -> None:
    assert longest_trail(nx.Graph()).result["length"] == 0
    empty = longest_trail(nx.empty_graph(3))
    assert empty.result == {"length": 0, "nodes": (), "edges": (), "explored": 0, "pruned": 0}
    assert longest_trail(nx.path_graph(4), weight=None).result["length"] == 3
    with pytest.raises(ValueError, match="loop"):
        longest_trail(nx.Graph([(1, 1)]))
    with pytest.raises(ValueError, match="negative"):
        longest_trail(nx.Graph([(1, 2, {"weight": -1})]))
    with pytest.raises(nx.NetworkXNotImplemented):
        longest_trail(nx.DiGraph([(1, 2)]))


def test_frames_are_capped() -> None:
    t = longest_trail(player_network(), max_frames=20)
    assert len(t.frames) == 20 and t.dropped > 0
    assert t.frames[-1].state["best"] == 25
