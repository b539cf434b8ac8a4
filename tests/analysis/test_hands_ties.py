"""Where several routes are equally good, the hands share them out.

The hand table adds each hand's optimal tree to the segment usage; when two trees tie, it
draws one at random per hand (seeded by the hand's number). Two places make that choice:
the node where the pivot city's path meets the rest of the hand, and each step of tracing
a tree back through the table. Each test below ties at one place only and deals the same
hand many times over, so a table that always took the first (or last) option would put
every hand on one route.
"""

from __future__ import annotations

from itertools import pairwise

import networkx as nx

from workbench.analysis.hands import table_on_graph
from workbench.maps.board import Board, CardColor, City, Lattice
from workbench.maps.lattice import Edge, Point, edge

COPIES = 60


def _board(cities: dict[str, Point]) -> Board:
    colors = ("brown", "white", "pink")[: len(cities)]
    return Board(
        name="ties",
        lattice=Lattice(8, 2),
        colors=tuple(CardColor(c, "#000000") for c in colors),
        land=(),
        cities=tuple(
            City(name, color, at) for (name, at), color in zip(cities.items(), colors, strict=True)
        ),
    )


def _path(*points: Point) -> set[Edge]:
    return {edge(a, b) for a, b in pairwise(points)}


def _graph(order: list[Point], edges: set[Edge]) -> nx.Graph:
    G = nx.Graph()
    G.add_nodes_from(order)  # the node order decides which option comes first
    G.add_edges_from(edges, weight=1)
    return G


def test_equal_routes_around_a_ring_are_shared_by_the_meeting_node() -> None:
    # a ring of six: A and B opposite, two routes of 3. Every ring node is an equally good
    # meeting node; one inside a route leaves a single way back, so only drawing the
    # meeting node at random (not the first or last in node order) shares the routes.
    u1, a, w1, b, u2, w2 = (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)
    upper, lower = _path(a, u1, u2, b), _path(a, w1, w2, b)
    G = _graph([u1, a, w1, b, u2, w2], upper | lower)
    board = _board({"A": a, "B": b})
    costs, usage = table_on_graph(G, board, {"brown": ("A",) * COPIES, "white": ("B",)})
    assert costs.tolist() == [3.0] * COPIES
    up = {usage.get(e, 0) for e in upper}
    down = {usage.get(e, 0) for e in lower}
    assert len(up) == len(down) == 1, "each hand uses one whole route"
    (n_up,), (n_down,) = up, down
    assert n_up + n_down == COPIES
    assert min(n_up, n_down) >= COPIES // 4, (n_up, n_down)


def test_equal_routes_behind_a_city_are_shared_by_the_trace() -> None:
    # A - x - B, then two routes of 2 from B to C. The meeting node is on A-x-B whatever
    # is drawn, so only the step-by-step trace from B chooses between the routes to C.
    a, x, b, p, q, c = (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)
    stem, upper, lower = _path(a, x, b), _path(b, p, c), _path(b, q, c)
    G = _graph([a, x, b, p, q, c], stem | upper | lower)
    board = _board({"A": a, "B": b, "C": c})
    cards = {"brown": ("A",) * COPIES, "white": ("B",), "pink": ("C",)}
    costs, usage = table_on_graph(G, board, cards)
    assert costs.tolist() == [4.0] * COPIES
    assert all(usage[e] == COPIES for e in stem)
    n_up, n_down = usage.get(edge(b, p), 0), usage.get(edge(b, q), 0)
    assert usage.get(edge(p, c), 0) == n_up and usage.get(edge(q, c), 0) == n_down
    assert n_up + n_down == COPIES
    assert min(n_up, n_down) >= COPIES // 4, (n_up, n_down)


def test_a_branch_and_a_path_that_tie_are_shared_by_the_trace() -> None:
    # A - v, and a triangle v, B, C: three trees of 3 rails join A, B and C (the star at v,
    # or the path through B or through C). At v the trace may go on to B, to C, or split the
    # hand there; only a trace that also draws among splits ever builds the star.
    a, v, b, c = (0, 0), (1, 0), (2, 0), (3, 0)
    G = _graph([a, v, b, c], _path(a, v, b) | _path(v, c, b))
    board = _board({"A": a, "B": b, "C": c})
    copies = 2 * COPIES
    cards = {"brown": ("A",) * copies, "white": ("B",), "pink": ("C",)}
    costs, usage = table_on_graph(G, board, cards)
    assert costs.tolist() == [3.0] * copies
    assert usage[edge(a, v)] == copies
    star = copies - usage[edge(b, c)]
    by_b, by_c = usage[edge(v, b)] - star, usage[edge(v, c)] - star
    assert star + by_b + by_c == copies
    assert min(star, by_b, by_c) >= copies // 12, (star, by_b, by_c)


def test_shared_usage_is_the_same_on_any_number_of_threads() -> None:
    u1, a, w1, b, u2, w2 = (0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)
    G = _graph([u1, a, w1, b, u2, w2], _path(a, u1, u2, b) | _path(a, w1, w2, b))
    board = _board({"A": a, "B": b})
    cards = {"brown": ("A",) * 200, "white": ("B",)}
    runs = [table_on_graph(G, board, cards, threads=t)[1] for t in (1, 2)]
    assert runs[0] == runs[1]
