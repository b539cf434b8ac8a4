"""Route costs on a board: the weighted graph of a game position and the missing rails.

The round's scoring, the bots' plans and the designer's figures all ask one question: how
many rails does it still take to join a start point and a hand of cities? The answer is the
weight of a minimum Steiner tree in the board's graph where a segment that already has a
rail costs 0 (whoever built it), a free single, ferry or tunnel 1, and a free double 2 (or
what a rule says for its terrain).

Two keywords serve the later edition's rules: ``blocked`` segments are left out of the graph
(another player's colored rail: neither usable nor free to build on), and ``costs`` replaces
the cost of some free segments (a ferry that takes two rails, or one already half built).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import networkx as nx

from workbench.algorithms.steiner import steiner_tree
from workbench.maps.board import Board, City
from workbench.maps.cache import per_board
from workbench.maps.lattice import Edge, Point, edge, point_name

__all__ = ["Completion", "DoubleCost", "cost_graph", "missing_rails", "segment_cost"]

DoubleCost = int | Mapping[str, int]
"""What a free double costs: one number, or one per terrain (``{"water": 1, "mountain": 2}``)."""


def segment_cost(kind: str, terrain: str | None, double_cost: DoubleCost = 2) -> int:
    """Rails a free segment takes under the rules' cost of doubles.

    Examples
    --------
    >>> segment_cost("single", None), segment_cost("double", "water")
    (1, 2)
    >>> segment_cost("double", "water", {"water": 1, "mountain": 2})
    1
    """
    if kind != "double":
        return 1
    if isinstance(double_cost, Mapping):
        return int(double_cost.get(terrain or "", 2))
    return int(double_cost)


def _keys(board: Board, segments: Iterable[Edge]) -> list[Edge]:
    """Canonical segment keys, each checked to be a segment of the board."""
    out = []
    for a, b in segments:
        key = edge(a, b)
        if key not in board.segments:
            raise ValueError(
                f"{point_name(key[0])}-{point_name(key[1])} is not a segment of {board.name!r}"
            )
        out.append(key)
    return out


def cost_graph(
    board: Board,
    rails: Iterable[Edge] = (),
    double_cost: DoubleCost = 2,
    *,
    blocked: Iterable[Edge] = (),
    costs: Mapping[Edge, int] | None = None,
) -> nx.Graph:
    """The board's graph with ``weight`` = rails still needed: 0 where a rail lies.

    ``rails`` are segment keys ``((c, r), (c, r))`` in either order; each must be a
    segment of the board. ``costs`` replaces the cost of free segments and ``blocked``
    segments are removed from the graph; a rail wins over both.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> G = cost_graph(board, rails=[((1, 1), (2, 1))], double_cost={"water": 1})
    >>> G.edges[(1, 1), (2, 1)]["weight"], G.edges[(3, 1), (3, 2)]["weight"]
    (0, 1)
    >>> H = cost_graph(board, blocked=[((1, 1), (2, 1))], costs={((5, 1), (6, 1)): 2})
    >>> H.has_edge((1, 1), (2, 1)), H.edges[(5, 1), (6, 1)]["weight"]
    (False, 2)
    """
    G = board.graph()
    for data in G.edges.values():
        data["weight"] = segment_cost(data["kind"], data["terrain"], double_cost)
    overrides = dict(costs or {})
    for key, value in zip(_keys(board, overrides), overrides.values(), strict=True):
        G.edges[key]["weight"] = int(value)
    rail_keys = set(_keys(board, rails))
    for key in rail_keys:
        G.edges[key]["weight"] = 0
    G.remove_edges_from(key for key in _keys(board, blocked) if key not in rail_keys)
    return G


@dataclass(frozen=True)
class Completion:
    """The cheapest way to finish: how many rails are missing and which segments to build.

    Examples
    --------
    >>> Completion(3, (((1, 1), (2, 1)), ((2, 1), (3, 1))))
    Completion(cost=3, build=(((1, 1), (2, 1)), ((2, 1), (3, 1))))
    """

    cost: int
    build: tuple[Edge, ...]


def _point_of(board: Board, city: str | City | Point) -> Point:
    if isinstance(city, City):
        return city.at
    if isinstance(city, str):
        return board.city(city).at
    return (int(city[0]), int(city[1]))


def missing_rails(
    board: Board,
    rails: Iterable[Edge],
    start: Point,
    hand: Iterable[str | City | Point],
    double_cost: DoubleCost = 2,
    *,
    blocked: Iterable[Edge] = (),
    costs: Mapping[Edge, int] | None = None,
) -> Completion:
    """The missing-rail count of a hand, and one optimal set of segments to build.

    This is the rulebook's scoring question: the rails a player would still need to join
    their start marker and their cities, where every rail on the board counts (whoever
    placed it) and a free double costs ``double_cost``. The count is exact (a minimum
    Steiner tree); the segments are one optimal choice, in canonical order.

    Parameters
    ----------
    board : Board
    rails : iterable of segment keys
        Segments that have a rail on them.
    start : (col, row)
        The player's start marker.
    hand : iterable of city names, City values or points
    double_cost : int or mapping terrain -> int, default 2
    blocked : iterable of segment keys, optional
        Segments the player can neither use nor build on (another player's colored rail):
        they are left out of the graph (unless they are in ``rails``).
    costs : mapping segment -> int, optional
        Rails still needed on some free segments, instead of their usual cost (a ferry that
        takes two rails costs 2, or 1 when one rail is already on it). A segment in
        ``rails`` costs 0 whatever this says.

    Returns
    -------
    Completion

    Raises
    ------
    InfeasibleError
        When the blocked segments cut the start off from a city.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> missing_rails(board, [], (1, 1), ["Alder"]).cost
    0
    >>> done = missing_rails(board, [], (0, 1), ["Alder", "Ginkgo"])
    >>> done.cost, done.build
    (2, (((0, 1), (1, 1)), ((1, 1), (2, 0))))
    >>> missing_rails(board, done.build, (0, 1), ["Alder", "Ginkgo"]).cost
    0

    Leaving out the segment (0, 1)-(1, 1) makes the way round dearer:

    >>> missing_rails(board, [], (0, 1), ["Alder", "Ginkgo"], blocked=[done.build[0]]).cost
    3
    """
    rail_keys = _keys(board, rails)
    blocked_keys = _keys(board, blocked)
    overrides = dict(costs or {})
    cost_keys = list(zip(_keys(board, overrides), overrides.values(), strict=True))
    terminals = [_point_of(board, start), *(_point_of(board, c) for c in hand)]
    for p in terminals:
        if p not in board.points:
            raise ValueError(f"{point_name(p)} is not a point of {board.name!r}")
    # One graph per board and cost of doubles, reused by every query: the rails are set to
    # 0 for the query and put back after, under a lock. Building a graph per query cost
    # more than solving it.
    # Blocked segments get the weight None, which hides an edge from the solver.
    G = _base_graph(board, double_cost_key(double_cost))
    with _BASE_LOCK:
        touched = [key for key, _ in cost_keys] + blocked_keys + rail_keys
        saved = [(key, G.edges[key]["weight"]) for key in touched]
        try:
            for key, value in cost_keys:
                G.edges[key]["weight"] = int(value)
            for key in blocked_keys:
                G.edges[key]["weight"] = None
            for key in rail_keys:
                G.edges[key]["weight"] = 0
            tree = steiner_tree(G, terminals)
            weighted: list[tuple[Point, Point, object]] = list(tree.edges(data="weight"))
            build = sorted(edge(a, b) for a, b, w in weighted if w)
            cost = int(sum(G.edges[e]["weight"] for e in build))
        finally:
            for key, weight in reversed(saved):
                G.edges[key]["weight"] = weight
    return Completion(cost, tuple(build))


_BASE_LOCK = threading.Lock()


def double_cost_key(double_cost: DoubleCost) -> int | tuple[tuple[str, int], ...]:
    """A hashable form of a cost of doubles (for caches).

    Examples
    --------
    >>> double_cost_key({"water": 1}), double_cost_key(2)
    ((('water', 1),), 2)
    """
    if isinstance(double_cost, Mapping):
        return tuple(sorted((str(k), int(v)) for k, v in double_cost.items()))
    return int(double_cost)


@per_board
def _base_graph(board: Board, key: int | tuple[tuple[str, int], ...]) -> nx.Graph:
    return cost_graph(board, (), dict(key) if isinstance(key, tuple) else key)
