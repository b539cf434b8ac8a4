"""Places and links: the one view of a board that analyses of both kinds of board share.

A lattice board is points joined by segments; a route board is cities joined by routes,
some of them parallel. Both are *places* (an id, a name, a position, tags such as a card
color) joined by *links* (an id, two ends, a lane that tells parallel links apart, a cost,
a kind and a color). A route board *is* such a network (:meth:`RouteBoard.network`); a lattice
board compiles to one with :func:`lattice_network`, which adds a view and changes nothing
about the lattice board itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

    from workbench.maps.board import Board

__all__ = ["Link", "Network", "Place", "lattice_network"]


@dataclass(frozen=True)
class Place:
    """A place links can join: a city of a route board, a point of a lattice board.

    ``at`` is a position in plane coordinates (x east, y north); ``tags`` are free words
    such as ``"city"`` or a card color.

    Examples
    --------
    >>> Place("Paris", "Paris", (2.35, 48.86), ("city",))
    Place(id='Paris', name='Paris', at=(2.35, 48.86), tags=('city',))
    """

    id: str
    name: str
    at: tuple[float, float]
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Link:
    """A link between two places: a route of a route board, a segment of a lattice board.

    ``lane`` tells parallel links apart (0 for the first, 1 for the second of a double
    route); ``cost`` is what claiming or building it takes (cars, rails).

    Examples
    --------
    >>> Link("Paris-Zurich", ("Paris", "Zurich"), 0, 3, "tunnel", "gray")
    Link(id='Paris-Zurich', ends=('Paris', 'Zurich'), lane=0, cost=3, kind='tunnel', color='gray')
    """

    id: str
    ends: tuple[str, str]
    lane: int
    cost: float
    kind: str
    color: str = ""


@dataclass(frozen=True)
class Network:
    """Places and the links between them, with a networkx view.

    Examples
    --------
    >>> net = Network(
    ...     (Place("a", "A", (0, 0)), Place("b", "B", (1, 0))),
    ...     (Link("a-b", ("a", "b"), 0, 2, "plain", "red"),
    ...      Link("a-b#2", ("a", "b"), 1, 2, "plain", "blue")),
    ... )
    >>> G = net.graph()
    >>> G.number_of_edges(), sorted(G["a"]["b"])
    (2, ['a-b', 'a-b#2'])
    >>> net.link("a-b#2").color
    'blue'
    """

    places: tuple[Place, ...]
    links: tuple[Link, ...]

    @cached_property
    def _links(self) -> dict[str, Link]:
        return {link.id: link for link in self.links}

    @cached_property
    def _places(self) -> dict[str, Place]:
        return {place.id: place for place in self.places}

    def link(self, id: str) -> Link:
        """The link with this id (``KeyError`` if there is none)."""
        return self._links[id]

    def place(self, id: str) -> Place:
        """The place with this id (``KeyError`` if there is none)."""
        return self._places[id]

    def graph(self) -> nx.MultiGraph:
        """A networkx multigraph: nodes are place ids, edges are keyed by link id and carry
        ``weight`` (the cost), ``lane``, ``kind`` and ``color``.

        Shortest-path functions of networkx take the cheapest of parallel edges.
        """
        import networkx as nx  # here: the command line starts without it

        G: nx.MultiGraph[str] = nx.MultiGraph()
        for p in self.places:
            G.add_node(p.id, name=p.name, pos=p.at, tags=p.tags)
        for k in self.links:
            G.add_edge(*k.ends, key=k.id, weight=k.cost, lane=k.lane, kind=k.kind, color=k.color)
        return G


def lattice_network(board: Board) -> Network:
    """The places and links of a lattice board: every point on the board is a place (its id
    is ``"col,row"``, its name the city's there, if any), every segment a link of lane 0
    whose cost is its rails.

    The lattice board and everything computed from it are unchanged; this is another view
    of the same board for analyses written against places and links.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> net = lattice_network(board)
    >>> len(net.places) == len(board.points), len(net.links) == len(board.segments)
    (True, True)
    >>> G, H = net.graph(), board.graph()
    >>> sum(d["weight"] for *_, d in G.edges(data=True)) == H.size(weight="weight")
    True
    """
    from workbench.maps.lattice import plane_xy

    def pid(p: tuple[int, int]) -> str:
        return f"{p[0]},{p[1]}"

    places = []
    for p in sorted(board.points):
        city = board.city_at(p)
        tags = ("city", city.color) if city is not None else ()
        places.append(Place(pid(p), city.name if city else "", plane_xy(p), tags))
    links = tuple(
        Link(f"{pid(a)}-{pid(b)}", (pid(a), pid(b)), 0, s.cost, s.kind, s.terrain or "")
        for (a, b), s in sorted(board.segments.items())
    )
    return Network(tuple(places), links)
