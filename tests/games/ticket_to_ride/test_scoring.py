"""The exact scoring searches checked against independent brute force."""

from __future__ import annotations

from itertools import combinations, product

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.ticket_to_ride.scoring import best_ticket_points, longest_trail

CITIES = "ABCDEF"

edges_strategy = st.lists(
    st.tuples(st.sampled_from(CITIES), st.sampled_from(CITIES), st.integers(1, 8)).filter(
        lambda e: e[0] != e[1]
    ),
    max_size=9,
)


def brute_longest(edges: list[tuple[str, str, int]]) -> int:
    """The heaviest subset of edges that is a trail: connected, with 0 or 2 odd cities
    (Euler's theorem), tried subset by subset."""
    best = 0
    for k in range(1, len(edges) + 1):
        for subset in combinations(range(len(edges)), k):
            G = nx.MultiGraph()
            for i in subset:
                a, b, _ = edges[i]
                G.add_edge(a, b)
            if not nx.is_connected(G):
                continue
            odd = sum(1 for _, d in G.degree() if d % 2)
            if odd in (0, 2):
                best = max(best, sum(edges[i][2] for i in subset))
    return best


@settings(max_examples=150, deadline=None)
@given(edges=edges_strategy)
def test_the_longest_trail_is_the_heaviest_euler_subgraph(
    edges: list[tuple[str, str, int]],
) -> None:
    assert longest_trail(edges) == brute_longest(edges)


def test_the_longest_trail_of_hand_worked_networks() -> None:
    # a figure eight: every route once, through the middle city twice
    eight = [
        ("A", "B", 1),
        ("B", "C", 1),
        ("C", "A", 1),
        ("A", "D", 1),
        ("D", "E", 1),
        ("E", "A", 1),
    ]
    assert longest_trail(eight) == 6
    # a star of three arms: the two longest arms
    star = [("O", "A", 4), ("O", "B", 3), ("O", "C", 2)]
    assert longest_trail(star) == 7


@settings(max_examples=100, deadline=None)
@given(
    own=st.lists(st.tuples(st.sampled_from(CITIES), st.sampled_from(CITIES)), max_size=4),
    choices=st.lists(
        st.lists(st.tuples(st.sampled_from(CITIES), st.sampled_from(CITIES)), max_size=3),
        max_size=3,
    ),
    tickets=st.lists(
        st.tuples(st.sampled_from(CITIES), st.sampled_from(CITIES), st.integers(1, 20)),
        max_size=4,
    ),
)
def test_stations_borrow_the_best_routes(
    own: list[tuple[str, str]],
    choices: list[list[tuple[str, str]]],
    tickets: list[tuple[str, str, int]],
) -> None:
    points, done, pick = best_ticket_points(own, choices, tickets)
    best = None
    for assignment in product(*[[None, *c] for c in choices]):
        G = nx.Graph()
        G.add_nodes_from(CITIES)
        G.add_edges_from(own)
        G.add_edges_from(e for e in assignment if e is not None)
        ok = [nx.has_path(G, a, b) for a, b, _ in tickets]
        value = (sum(p if o else -p for o, (_, _, p) in zip(ok, tickets, strict=True)), sum(ok))
        best = value if best is None or value > best else best
    assert (points, done) == best
    assert len(pick) == len(choices) and all(
        -1 <= p < len(c) for p, c in zip(pick, choices, strict=True)
    )
