"""Route boards: cities joined by named routes, as in Ticket to Ride.

A :class:`RouteBoard` holds what a route-board file says: cities with their positions,
routes (two ends, a length in cars, a card color or gray, plain, tunnel or ferry, the
locomotives a ferry needs), tickets (two cities and their points), the card colors and the
deck, and optional land outlines drawn behind. Positions are plane coordinates, or longitude
and latitude when the board has a :class:`Projection`. Like a lattice board it is frozen
and canonical: cities, routes and tickets are kept sorted, and the parallel routes between
two cities get their lanes from that order, so two boards that say the same thing are equal.

A route board *is* a network of places and links (:meth:`RouteBoard.network`), the view
the analyses share with lattice boards.
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

from workbench.maps.board import Area, CardColor
from workbench.maps.network import Link, Network, Place

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "CARD_COLORS",
    "GRAY",
    "PRINTED_LENGTHS",
    "ROUTE_KINDS",
    "ROUTE_POINTS",
    "Projection",
    "Route",
    "RouteBoard",
    "RouteCity",
    "RouteDeck",
    "Ticket",
]

RouteKind = Literal["plain", "tunnel", "ferry"]
XY = tuple[float, float]

CARD_COLORS: tuple[CardColor, ...] = (
    CardColor("red", "#D7263D"),
    CardColor("orange", "#F39A2E"),
    CardColor("yellow", "#F2D438"),
    CardColor("green", "#3C9D4E"),
    CardColor("blue", "#2F6DB5"),
    CardColor("pink", "#E77FB3"),
    CardColor("white", "#F4F4F4"),
    CardColor("black", "#2B2B2B"),
)
"""The eight train-card colors of Ticket to Ride and the fills they are drawn with."""

GRAY = "gray"
"""The color of a route that any one card color can claim."""

ROUTE_KINDS: tuple[str, ...] = ("plain", "tunnel", "ferry")
"""The kinds of route: plain, tunnel (extra cards may be asked) and ferry (locomotives)."""

PRINTED_LENGTHS: tuple[int, ...] = (1, 2, 3, 4, 6, 8)
"""The route lengths the scoring table prints (lengths 5 and 7 score nothing printed)."""

ROUTE_POINTS: dict[int, int] = {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}
"""Points for claiming a route of each printed length."""

MAX_LENGTH = 8
"""The longest route a board may have, in cars."""


def _xy(p: Any) -> XY:
    return (float(p[0]), float(p[1]))


@dataclass(frozen=True)
class Projection:
    """Lambert conformal conic projection of a sphere, for boards written in degrees.

    ``center`` is ``(longitude, latitude)`` of the origin and ``parallels`` the two
    standard parallels; the plane is in degrees of arc, x east and y north. One parallel
    twice gives the tangent cone.

    Examples
    --------
    >>> p = Projection((10.0, 50.0), (40.0, 60.0))
    >>> p.project(10.0, 50.0)
    (0.0, 0.0)
    >>> x, y = p.project(2.35, 48.86)   # Paris lies west and a little south
    >>> round(x, 2), round(y, 2)
    (-4.95, -0.87)
    """

    center: XY
    parallels: XY

    def __post_init__(self) -> None:
        object.__setattr__(self, "center", _xy(self.center))
        object.__setattr__(self, "parallels", _xy(self.parallels))

    @cached_property
    def _constants(self) -> tuple[float, float, float]:
        p1, p2 = (math.radians(p) for p in self.parallels)
        lat0 = math.radians(self.center[1])

        def t(phi: float) -> float:
            return math.tan(math.pi / 4 + phi / 2)

        if abs(p1 - p2) < 1e-12:
            n = math.sin(p1)
        else:
            n = math.log(math.cos(p1) / math.cos(p2)) / math.log(t(p2) / t(p1))
        f = math.cos(p1) * t(p1) ** n / n
        return n, f, f / t(lat0) ** n

    def project(self, lon: float, lat: float) -> XY:
        """``(lon, lat)`` in degrees -> ``(x, y)`` in degrees of arc."""
        n, f, rho0 = self._constants
        rho = f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - self.center[0])
        x = math.degrees(rho * math.sin(theta))
        y = math.degrees(rho0 - rho * math.cos(theta))
        return (round(x, 9) + 0.0, round(y, 9) + 0.0)

    def unproject(self, x: float, y: float) -> XY:
        """``(x, y)`` in degrees of arc -> ``(lon, lat)`` in degrees: :meth:`project` undone.

        Examples
        --------
        >>> p = Projection((10.0, 50.0), (40.0, 60.0))
        >>> lon, lat = p.unproject(*p.project(2.35, 48.86))
        >>> round(lon, 9), round(lat, 9)
        (2.35, 48.86)
        """
        n, f, rho0 = self._constants
        dx, dy = math.radians(x), rho0 - math.radians(y)
        sign = 1.0 if n > 0 else -1.0
        rho = sign * math.hypot(dx, dy)
        theta = math.atan2(sign * dx, sign * dy)
        lon = self.center[0] + math.degrees(theta / n)
        if rho == 0:
            return (lon, 90.0 * sign)
        lat = math.degrees(2 * math.atan((f / rho) ** (1 / n)) - math.pi / 2)
        return (lon, lat)


@dataclass(frozen=True)
class RouteCity:
    """A city of a route board at ``at``: plane coordinates, or ``(longitude, latitude)``
    on a board with a projection.

    Examples
    --------
    >>> RouteCity("Wien", (16.37, 48.21))
    RouteCity(name='Wien', at=(16.37, 48.21), note='')
    """

    name: str
    at: XY
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _xy(self.at))


@dataclass(frozen=True)
class Route:
    """A route between two cities: ``length`` cars of one ``color`` (or gray).

    ``kind`` is ``"plain"``, ``"tunnel"`` or ``"ferry"``; ``locomotives`` is how many of a
    ferry's spaces need a locomotive (0 for other routes). ``via`` are bend points of the
    drawn line, in the board's coordinates, from the first end to the second. The ends are
    kept in alphabetical order (``via`` reversed with them); ``lane`` tells the parallel
    routes of a double apart and is given by the board.

    Examples
    --------
    >>> r = Route(("Zurich", "Paris"), 3, "gray", "tunnel")
    >>> r.ends, r.id
    (('Paris', 'Zurich'), 'Paris-Zurich')
    >>> Route(("Dieppe", "London"), 2, "gray", "ferry", 1, lane=1).id
    'Dieppe-London#2'
    """

    ends: tuple[str, str]
    length: int
    color: str = GRAY
    kind: RouteKind = "plain"
    locomotives: int = 0
    lane: int = 0
    via: tuple[XY, ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        a, b = self.ends
        via = tuple(_xy(v) for v in self.via)
        if b < a:
            a, b, via = b, a, via[::-1]
        object.__setattr__(self, "ends", (a, b))
        object.__setattr__(self, "via", via)

    @property
    def id(self) -> str:
        """``"A-B"`` for the first lane between A and B, ``"A-B#2"`` for the second."""
        base = f"{self.ends[0]}-{self.ends[1]}"
        return base if self.lane == 0 else f"{base}#{self.lane + 1}"

    @property
    def points(self) -> int:
        """The points for claiming it (0 for a length the table does not print)."""
        return ROUTE_POINTS.get(self.length, 0)

    def _order(self) -> tuple[Any, ...]:
        return (self.ends, self.color, self.kind, self.length, self.locomotives, self.via)


@dataclass(frozen=True)
class Ticket:
    """A destination ticket: join ``ends`` to score ``points``; ``long`` for the long deck.

    Examples
    --------
    >>> Ticket(("Lisboa", "Danzig"), 20, long=True).ends
    ('Danzig', 'Lisboa')
    """

    ends: tuple[str, str]
    points: int
    long: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        a, b = self.ends
        object.__setattr__(self, "ends", (a, b) if a <= b else (b, a))

    @property
    def id(self) -> str:
        """``"A-B"``: the two cities in alphabetical order."""
        return f"{self.ends[0]}-{self.ends[1]}"


@dataclass(frozen=True)
class RouteDeck:
    """The game's components that a board's totals are checked against.

    ``cards_per_color`` train cards of each color, ``locomotives`` wild cards, ``cars``
    and ``stations`` per player, ``players`` the smallest and largest table, and the
    number of ``short_tickets`` and ``long_tickets`` the deck holds (Europe's values).
    ``route_points`` is the scoring table the board's rulebook prints, points for routes of
    1, 2, 3, ... cars (0 where it prints none); empty means Europe's table,
    :data:`ROUTE_POINTS`.

    Examples
    --------
    >>> RouteDeck().cars, RouteDeck().players
    (45, (2, 5))
    >>> RouteDeck(route_points=(1, 2, 4, 7, 10, 15)).table()[5]
    10
    """

    cards_per_color: int = 12
    locomotives: int = 14
    cars: int = 45
    stations: int = 3
    players: tuple[int, int] = (2, 5)
    short_tickets: int = 40
    long_tickets: int = 6
    route_points: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", (int(self.players[0]), int(self.players[1])))
        object.__setattr__(self, "route_points", tuple(int(p) for p in self.route_points))

    def table(self) -> dict[int, int]:
        """Points for each length the scoring table prints (the board's, or Europe's)."""
        if not self.route_points:
            return dict(ROUTE_POINTS)
        return {n: p for n, p in enumerate(self.route_points, 1) if p > 0}


@dataclass(frozen=True)
class RouteBoard:
    """An immutable route board.

    Load one with :func:`workbench.load_map`, or build it directly; routes may be given in
    any order and with any lanes: the board sorts them and numbers the lanes of parallel
    routes.

    Examples
    --------
    >>> board = RouteBoard(
    ...     name="Triangle",
    ...     cities=(RouteCity("B", (1, 0)), RouteCity("A", (0, 0)), RouteCity("C", (0, 1))),
    ...     routes=(
    ...         Route(("B", "A"), 2, "red"),
    ...         Route(("A", "B"), 2, "blue"),
    ...         Route(("A", "C"), 1, "gray", "ferry", 1),
    ...     ),
    ...     tickets=(Ticket(("C", "B"), 4),),
    ... )
    >>> [r.id for r in board.routes]
    ['A-B', 'A-B#2', 'A-C']
    >>> board.route("A-B#2").color, board.kind
    ('red', 'routes')
    >>> board.network().graph().number_of_edges()
    3
    """

    name: str
    cities: tuple[RouteCity, ...]
    routes: tuple[Route, ...]
    tickets: tuple[Ticket, ...] = ()
    colors: tuple[CardColor, ...] = CARD_COLORS
    deck: RouteDeck = RouteDeck()
    projection: Projection | None = None
    land: tuple[Area, ...] = ()
    description: str = ""
    author: str = ""
    license: str = ""
    kind: Literal["routes"] = "routes"
    schema: str = field(default="routes.schema.json", compare=False, repr=False)

    def __post_init__(self) -> None:
        groups: dict[tuple[str, str], list[Route]] = defaultdict(list)
        for r in self.routes:
            groups[r.ends].append(r)
        routes = []
        for ends in sorted(groups):
            for lane, r in enumerate(sorted(groups[ends], key=Route._order)):
                routes.append(r if r.lane == lane else dataclasses.replace(r, lane=lane))
        object.__setattr__(self, "routes", tuple(routes))
        object.__setattr__(self, "cities", tuple(sorted(self.cities, key=_city_key)))
        object.__setattr__(
            self,
            "tickets",
            tuple(sorted(self.tickets, key=lambda t: (t.long, t.ends, t.points, t.note))),
        )
        object.__setattr__(self, "colors", tuple(self.colors))
        object.__setattr__(self, "land", tuple(self.land))

    # ------------------------------------------------------------------ lookups

    @cached_property
    def _city_by_name(self) -> dict[str, RouteCity]:
        return {c.name: c for c in self.cities}

    @cached_property
    def _route_by_id(self) -> dict[str, Route]:
        return {r.id: r for r in self.routes}

    def city(self, name: str) -> RouteCity:
        """The city called ``name``; ``KeyError`` naming the closest names otherwise.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/ticket_to_ride_europe.yaml").city("Wien").at
        (16.37, 48.21)
        """
        try:
            return self._city_by_name[name]
        except KeyError:
            from difflib import get_close_matches

            close = get_close_matches(name, list(self._city_by_name), n=3)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            raise KeyError(f"no city {name!r} on board {self.name!r}{hint}") from None

    def route(self, id: str) -> Route:
        """The route with this id (``"A-B"``, ``"A-B#2"`` for the second lane)."""
        try:
            return self._route_by_id[id]
        except KeyError:
            raise KeyError(f"no route {id!r} on board {self.name!r}") from None

    def routes_between(self, a: str, b: str) -> tuple[Route, ...]:
        """The routes joining ``a`` and ``b`` (two for a double), in lane order.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/ticket_to_ride_europe.yaml")
        >>> [r.color for r in board.routes_between("Paris", "Frankfurt")]
        ['orange', 'white']
        """
        ends = (a, b) if a <= b else (b, a)
        return tuple(r for r in self.routes if r.ends == ends)

    @cached_property
    def route_points(self) -> dict[int, int]:
        """Points for each route length the board's scoring table prints (``deck``'s table).

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/ticket_to_ride_usa.yaml").route_points[5]
        10
        >>> 5 in load_map("maps/ticket_to_ride_europe.yaml").route_points
        False
        """
        return self.deck.table()

    def claim_points(self, route: Route) -> int:
        """The points for claiming ``route`` on this board (0 for a length not printed)."""
        return self.route_points.get(route.length, 0)

    @property
    def color_names(self) -> tuple[str, ...]:
        """The card colors' names, in the file's order."""
        return tuple(c.name for c in self.colors)

    def fill(self, color: str) -> str:
        """The fill a route of ``color`` is drawn with (gray and unknown colors: gray)."""
        for c in self.colors:
            if c.name == color:
                return c.fill
        return "#9A9A9A"

    # ------------------------------------------------------------------ geometry

    def xy(self, at: XY) -> XY:
        """Plane coordinates of a position written in the board's coordinates."""
        if self.projection is None:
            return (at[0], at[1])
        return self.projection.project(at[0], at[1])

    @cached_property
    def positions(self) -> dict[str, XY]:
        """Every city's plane position (projected on a board in degrees).

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/ticket_to_ride_europe.yaml")
        >>> x, y = board.positions["Madrid"]
        >>> x < board.positions["Paris"][0] and y < board.positions["Paris"][1]
        True
        """
        return {c.name: self.xy(c.at) for c in self.cities}

    def line(self, route: Route) -> tuple[XY, ...]:
        """The plane polyline a route is drawn along: first end, bends, second end."""
        a, b = route.ends
        pos = self.positions
        middle = tuple(self.xy(v) for v in route.via)
        return (pos.get(a, (0.0, 0.0)), *middle, pos.get(b, (0.0, 0.0)))

    # ------------------------------------------------------------------ the network view

    def network(self) -> Network:
        """The board as places (cities, tagged ``"city"``) and links (routes; cost = cars).

        Examples
        --------
        >>> from workbench import load_map
        >>> net = load_map("maps/ticket_to_ride_europe.yaml").network()
        >>> len(net.places), len(net.links), net.link("Dieppe-London#2").kind
        (47, 101, 'ferry')
        """
        return self._network

    @cached_property
    def _network(self) -> Network:
        pos = self.positions
        places = tuple(Place(c.name, c.name, pos[c.name], ("city",)) for c in self.cities)
        links = tuple(Link(r.id, r.ends, r.lane, r.length, r.kind, r.color) for r in self.routes)
        return Network(places, links)

    def graph(self) -> nx.MultiGraph:
        """A networkx multigraph of the board: nodes are city names (with ``pos``), edges
        are routes keyed by id, with ``weight`` (cars), ``lane``, ``kind`` and ``color``.

        Examples
        --------
        >>> from workbench import load_map
        >>> G = load_map("maps/ticket_to_ride_europe.yaml").graph()
        >>> import networkx as nx
        >>> nx.shortest_path_length(G, "Lisboa", "Danzig", weight="weight")  # the ticket: 20
        20
        """
        return self.network().graph()

    # ------------------------------------------------------------------ values

    def replace(self, **changes: Any) -> RouteBoard:
        """A copy with some fields changed, checked like every edit: ``MapError`` lists the
        errors the change would make (``dataclasses.replace`` skips the check).

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/ticket_to_ride_europe.yaml").replace(name="Europa").name
        'Europa'
        """
        return _checked(dataclasses.replace(self, **changes))

    def move_city(self, name: str, to: XY) -> RouteBoard:
        """A board with city ``name`` at ``to`` (in the board's coordinates); its routes
        follow it.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/ticket_to_ride_europe.yaml").move_city("Wien", (16.0, 48.0))
        >>> board.city("Wien").at
        (16.0, 48.0)
        """
        old = self.city(name)
        moved = dataclasses.replace(old, at=_xy(to))
        return self.replace(cities=tuple(moved if c is old else c for c in self.cities))

    def add_city(self, city: RouteCity) -> RouteBoard:
        """A board with ``city`` added (unchecked: a new city has no route yet, which the
        checker calls an error; add its first route with :meth:`add_route`)."""
        return dataclasses.replace(self, cities=(*self.cities, city))

    def remove_city(self, name: str) -> RouteBoard:
        """A board without city ``name``, its routes and its tickets.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/ticket_to_ride_europe.yaml").remove_city("Cadiz")
        >>> len(board.cities), len(board.routes), len(board.tickets)
        (46, 99, 45)
        """
        old = self.city(name)
        return self.replace(
            cities=tuple(c for c in self.cities if c is not old),
            routes=tuple(r for r in self.routes if name not in r.ends),
            tickets=tuple(t for t in self.tickets if name not in t.ends),
        )

    def rename_city(self, name: str, new_name: str) -> RouteBoard:
        """A board where city ``name`` is called ``new_name`` in its routes and tickets too.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/ticket_to_ride_europe.yaml").rename_city("Angora", "Ankara")
        >>> [r.id for r in board.routes_between("Ankara", "Erzurum")]
        ['Ankara-Erzurum']
        """
        old = self.city(name)

        def swap(ends: tuple[str, str]) -> tuple[str, str]:
            a, b = (new_name if e == name else e for e in ends)
            return (a, b)

        return self.replace(
            cities=tuple(
                dataclasses.replace(c, name=new_name) if c is old else c for c in self.cities
            ),
            routes=tuple(dataclasses.replace(r, ends=swap(r.ends)) for r in self.routes),
            tickets=tuple(dataclasses.replace(t, ends=swap(t.ends)) for t in self.tickets),
        )

    def add_route(self, route: Route) -> RouteBoard:
        """A board with ``route`` added (a second one between two cities makes a double).

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/ticket_to_ride_europe.yaml")
        >>> board = board.add_route(Route(("Roma", "Venezia"), 2, "red"))
        >>> [r.color for r in board.routes_between("Roma", "Venezia")]
        ['black', 'red']
        """
        return self.replace(routes=(*self.routes, route))

    def remove_route(self, id: str) -> RouteBoard:
        """A board without the route ``id``."""
        old = self.route(id)
        return self.replace(routes=tuple(r for r in self.routes if r is not old))

    def set_route(self, id: str, **changes: Any) -> RouteBoard:
        """A board where route ``id`` has new ``length``, ``color``, ``kind``,
        ``locomotives``, ``via`` or ``note``; lanes of a double may swap to stay canonical.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/ticket_to_ride_europe.yaml")
        >>> board.set_route("Paris-Zurich", kind="plain").route("Paris-Zurich").kind
        'plain'
        >>> board.set_route("Amsterdam-London", locomotives=3)
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: ferry Amsterdam-London needs 3 locomotives ...
        """
        old = self.route(id)
        new = dataclasses.replace(old, **changes)
        return self.replace(routes=tuple(new if r is old else r for r in self.routes))

    def add_ticket(self, ticket: Ticket) -> RouteBoard:
        """A board with ``ticket`` added to its deck."""
        return self.replace(tickets=(*self.tickets, ticket))

    def remove_ticket(self, id: str) -> RouteBoard:
        """A board without the (first) ticket ``id``, such as ``"Paris-Wien"``."""
        for t in self.tickets:
            if t.id == id:
                return self.replace(tickets=tuple(x for x in self.tickets if x is not t))
        raise KeyError(f"no ticket {id!r} on board {self.name!r}")

    def problems(self) -> list[Any]:
        """Every problem with this board (errors and warnings), as ``Problem`` values.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/ticket_to_ride_europe.yaml").problems()
        []
        """
        from workbench.maps.routes_check import check_routes

        return check_routes(self)

    # ------------------------------------------------------------------ notebook display

    def _repr_html_(self) -> str:
        from workbench.ui.route_render import route_board_html  # noqa: TID251 - lazy drawing

        return route_board_html(self)


def _checked(board: RouteBoard) -> RouteBoard:
    from workbench.exceptions import MapError
    from workbench.maps.routes_check import check_routes

    errors = [p for p in check_routes(board) if p.severity == "error"]
    if errors:
        raise MapError(errors)
    return board


def _city_key(c: RouteCity) -> tuple[str, XY, str]:
    return (c.name, c.at, c.note)
