"""Small graphs for lessons: the textbook's spanning-tree example and seeded random ones.

A board is the graph a class knows best, but a first lesson often wants nine letters and
fourteen numbered edges that fit on a slide. :func:`textbook_graph` is the classic example
of minimum spanning trees (Cormen et al. [1]_, figure 23.1); :func:`random_graph` draws as
many fresh, planar, connected graphs as a class needs, each one fixed by its seed. For
Ticket to Ride, :func:`route_graph` turns a route board (or one player's routes) into a
graph, :func:`player_network` is the lesson's player network for the longest trail and
:data:`FOREST_HAND` its hand of tickets for the Steiner forest. All give every node a
``pos`` (for drawing) and every edge an integer ``weight``.

References
----------
.. [1] T. H. Cormen, C. E. Leiserson, R. L. Rivest and C. Stein, *Introduction to
   Algorithms*, 3rd edition, MIT Press (2009), chapter 23.
"""

from __future__ import annotations

import math
import random
import string
from collections.abc import Iterable
from typing import TYPE_CHECKING

import networkx as nx

if TYPE_CHECKING:
    from workbench.maps.routes import RouteBoard

__all__ = [
    "FOREST_HAND",
    "PLAYER_ROUTES",
    "player_network",
    "random_graph",
    "route_graph",
    "textbook_graph",
]

_TEXTBOOK_POS = {
    "a": (0.0, 1.0),
    "b": (1.0, 2.0),
    "c": (2.0, 2.0),
    "d": (3.0, 2.0),
    "e": (4.0, 1.0),
    "f": (3.0, 0.0),
    "g": (2.0, 0.0),
    "h": (1.0, 0.0),
    "i": (1.6, 1.0),
}
_TEXTBOOK_EDGES = (
    ("a", "b", 4),
    ("a", "h", 8),
    ("b", "c", 8),
    ("b", "h", 11),
    ("c", "d", 7),
    ("c", "f", 4),
    ("c", "i", 2),
    ("d", "e", 9),
    ("d", "f", 14),
    ("e", "f", 10),
    ("f", "g", 2),
    ("g", "h", 1),
    ("g", "i", 6),
    ("h", "i", 7),
)


def textbook_graph() -> nx.Graph:
    """The textbook's minimum spanning tree example: 9 nodes ``a``-``i``, 14 weighted edges.

    Its minimum spanning trees weigh 37 (two of them: ``b-c`` and ``a-h`` tie).

    Returns
    -------
    networkx.Graph
        Nodes carry ``pos`` (as in the book's figure), edges an integer ``weight``.

    Examples
    --------
    >>> G = textbook_graph()
    >>> len(G), G.number_of_edges(), int(G.size(weight="weight"))
    (9, 14, 93)
    >>> import networkx as nx
    >>> int(nx.minimum_spanning_tree(G).size(weight="weight"))
    37
    """
    G: nx.Graph[str] = nx.Graph(name="textbook graph")
    for v, xy in _TEXTBOOK_POS.items():
        G.add_node(v, pos=xy)
    for u, v, w in _TEXTBOOK_EDGES:
        G.add_edge(u, v, weight=w)
    return G


def _crosses(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float],
             d: tuple[float, float]) -> bool:  # fmt: skip
    """Whether segments ``ab`` and ``cd`` cross at a point inside both (not at an end)."""

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    if {a, b} & {c, d}:
        return False
    d1, d2 = side(c, d, a), side(c, d, b)
    d3, d4 = side(a, b, c), side(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0


def random_graph(
    seed: int = 0, n: int = 8, max_weight: int = 9, edges_per_node: float = 1.6
) -> nx.Graph:
    """A random connected planar graph on ``n`` lettered nodes, fixed by ``seed``.

    Nodes sit on a jittered grid; the shortest non-crossing edges make a triangulation, and
    edges are then removed at random (keeping the graph connected) until about
    ``edges_per_node * n`` are left: the sparser, the more bridges. Weights are integers
    from 1 to ``max_weight``.

    Parameters
    ----------
    seed : int
    n : int, default 8
        Number of nodes, 2 to 26 (named ``A``, ``B``, ... from the top left).
    max_weight : int, default 9
    edges_per_node : float, default 1.6
        How many edges to keep per node (at least ``n - 1`` are kept, at most all).

    Returns
    -------
    networkx.Graph
        Nodes carry ``pos``, edges ``weight``.

    Raises
    ------
    ValueError
        If ``n`` is not between 2 and 26, or ``max_weight < 1``.

    Examples
    --------
    >>> G = random_graph(seed=1)
    >>> sorted(G)[:3], nx.is_connected(G), nx.is_planar(G)
    (['A', 'B', 'C'], True, True)
    >>> nx.utils.graphs_equal(G, random_graph(seed=1))
    True
    """
    if not 2 <= n <= 26:
        raise ValueError(f"n must be between 2 and 26, got {n!r}")
    if max_weight < 1:
        raise ValueError(f"max_weight must be at least 1, got {max_weight!r}")
    rng = random.Random(seed)
    columns = math.ceil(math.sqrt(n * 1.5))
    rows = math.ceil(n * 1.5 / columns)
    cells = rng.sample([(c, r) for r in range(rows) for c in range(columns)], n)
    xy = [(c + rng.uniform(-0.25, 0.25), -r + rng.uniform(-0.25, 0.25)) for c, r in cells]
    xy.sort(key=lambda p: (-round(p[1]), p[0]))  # name them row by row from the top left
    names = string.ascii_uppercase[:n]
    pos = dict(zip(names, xy, strict=True))
    pairs = sorted(
        ((u, v) for i, u in enumerate(names) for v in names[i + 1 :]),
        key=lambda uv: (math.dist(pos[uv[0]], pos[uv[1]]), uv),
    )
    G: nx.Graph[str] = nx.Graph(name=f"random graph (seed {seed})")
    for v in names:
        G.add_node(v, pos=pos[v])
    for u, v in pairs:
        if not any(_crosses(pos[u], pos[v], pos[a], pos[b]) for a, b in G.edges()):
            G.add_edge(u, v)
    target = max(n - 1, round(edges_per_node * n))
    for u, v in rng.sample(sorted(G.edges()), G.number_of_edges()):
        if G.number_of_edges() <= target:
            break
        G.remove_edge(u, v)
        if not nx.has_path(G, u, v):
            G.add_edge(u, v)
    for u, v in sorted(G.edges()):
        G.edges[u, v]["weight"] = rng.randint(1, max_weight)
    return G


def route_graph(board: RouteBoard, routes: Iterable[str] | None = None) -> nx.Graph:
    """A route board, or some of its routes, as a graph to draw and search.

    One edge per pair of joined cities (a player never holds both lanes of a double), its
    ``weight`` the route's length in cars and ``route`` its id; nodes are city names with
    their ``pos`` on the board's plane. Given ``routes`` (ids), only those and their cities
    are kept: one player's network.

    Parameters
    ----------
    board : RouteBoard
    routes : iterable of str, optional
        Route ids such as ``"Paris-Wien"`` (``"Frankfurt-Paris#2"`` for a second lane).

    Returns
    -------
    networkx.Graph

    Raises
    ------
    KeyError
        If a route id is not on the board.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> G = route_graph(europe)
    >>> len(G), G.number_of_edges(), G["Paris"]["Frankfurt"]["weight"]
    (47, 90, 3)
    >>> sorted(route_graph(europe, ["Paris-Zurich", "Munchen-Zurich"]).edges(data="weight"))
    [('Munchen', 'Zurich', 2), ('Paris', 'Zurich', 3)]
    """
    by_id = {r.id: r for r in board.routes}
    if routes is None:
        chosen = list(board.routes)
    else:
        chosen = []
        for rid in routes:
            if rid not in by_id:
                raise KeyError(f"no route {rid!r} on {board.name!r}")
            chosen.append(by_id[rid])
    G: nx.Graph[str] = nx.Graph(name=board.name)
    ends = {c for r in chosen for c in r.ends}
    for city in board.cities:
        if routes is None or city.name in ends:
            x, y = board.xy(city.at)
            G.add_node(city.name, pos=(float(x), float(y)))
    for r in chosen:
        a, b = r.ends
        if not G.has_edge(a, b) or G[a][b]["weight"] > r.length:
            G.add_edge(a, b, weight=r.length, route=r.id)
    return G


PLAYER_ROUTES = (
    "Brest-Dieppe",
    "Dieppe-Paris",
    "Brest-Paris",
    "Bruxelles-Paris",
    "Amsterdam-Bruxelles",
    "Amsterdam-Frankfurt",
    "Bruxelles-Frankfurt",
    "Essen-Frankfurt",
    "Frankfurt-Munchen",
    "Munchen-Zurich",
    "Marseille-Zurich",
    "Marseille-Paris",
    "Munchen-Venezia",
    "Roma-Venezia",
)
"""The lesson's player network on Ticket to Ride Europe: 14 routes, 29 cars, 12 cities."""

FOREST_HAND = (("Paris", "Wien"), ("Brest", "Venezia"), ("Smyrna", "Sofia"))
"""The lesson's hand of tickets on Ticket to Ride Europe: two that cross and one far away.

Its cheapest network costs 17 cars; one shortest path per ticket costs 21 and one tree over
all six cities 22.
"""


def player_network() -> nx.Graph:
    """One player's routes at the end of a game of Ticket to Ride Europe, for the longest
    trail: :data:`PLAYER_ROUTES` (two loops and four branches) as a :func:`route_graph`.

    Examples
    --------
    >>> G = player_network()
    >>> len(G), G.number_of_edges(), int(G.size(weight="weight"))
    (12, 14, 29)
    >>> sorted(v for v, d in G.degree() if d % 2)
    ['Bruxelles', 'Essen', 'Munchen', 'Roma']
    """
    from workbench.maps.io import load_map
    from workbench.maps.routes import RouteBoard
    from workbench.resources import maps_dir

    board = load_map(maps_dir() / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    G = route_graph(board, PLAYER_ROUTES)
    G.graph["name"] = "a player's routes"
    return G
