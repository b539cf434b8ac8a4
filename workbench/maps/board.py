"""The immutable Board and the values it is made of.

A :class:`Board` holds what a map file says (lattice, land and terrain drawings, colors,
cities, per-segment overrides, metadata) and derives the rest lazily: which points are on the
board, every segment with its kind and cost, the networkx graph, and the spatial indexes used
to snap a dragged city and to find a clicked segment. Editing operations return a new board
and refuse edits that would make it invalid.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union

from workbench.exceptions import MapError
from workbench.maps.crossing import interiors_meet
from workbench.maps.lattice import Edge, Point, edge, lattice_xy, neighbours, plane_xy

if TYPE_CHECKING:
    import networkx as nx
    from shapely.geometry.base import BaseGeometry

__all__ = [
    "SEGMENT_TYPES",
    "TERRAINS",
    "Area",
    "Board",
    "CardColor",
    "City",
    "Deck",
    "Feature",
    "Lattice",
    "Segment",
    "SegmentOverride",
]

SegmentType = Literal["single", "double", "ferry", "tunnel", "none"]
SegmentKind = Literal["single", "double", "ferry", "tunnel"]
Terrain = Literal["water", "mountain"]
Vertex = tuple[float, float]

SEGMENT_TYPES: tuple[str, ...] = ("single", "double", "ferry", "tunnel", "none")
"""The values of a segment override's ``type``; ``none`` removes the segment."""

TERRAINS: tuple[str, ...] = ("water", "mountain")
"""The terrains a double segment (and a terrain feature) can have."""


def _vertices(points: Any) -> tuple[Vertex, ...]:
    return tuple((float(x), float(y)) for x, y in points)


def _point(p: Any) -> Point:
    return (int(p[0]), int(p[1]))


@dataclass(frozen=True)
class Lattice:
    """The size of the triangular lattice: ``columns`` x ``rows`` points.

    Examples
    --------
    >>> Lattice(30, 20).contains((29, 19)), Lattice(30, 20).contains((30, 0))
    (True, False)
    """

    columns: int
    rows: int

    def contains(self, p: Point) -> bool:
        """Whether ``p`` is a lattice address (on the board or not)."""
        return 0 <= p[0] < self.columns and 0 <= p[1] < self.rows


@dataclass(frozen=True)
class Deck:
    """How many cities each color should have and how many of them are dashed.

    Only used to warn a designer; the rulebook's deck is 7 per color, 2 of them dashed.

    Examples
    --------
    >>> Deck()
    Deck(per_color=7, dashed_per_color=2)
    """

    per_color: int = 7
    dashed_per_color: int = 2


@dataclass(frozen=True)
class CardColor:
    """A card color and the fill its cities are drawn with.

    Examples
    --------
    >>> CardColor("turquoise", "#40C0C0")
    CardColor(name='turquoise', fill='#40C0C0')
    """

    name: str
    fill: str


@dataclass(frozen=True)
class City:
    """A city on a point of the board.

    ``dashed`` marks the cards taken out of the deck with 2-3 players.

    Examples
    --------
    >>> City("Paris", "pink", (10, 7))
    City(name='Paris', color='pink', at=(10, 7), dashed=False, note='')
    """

    name: str
    color: str
    at: Point
    dashed: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _point(self.at))


@dataclass(frozen=True)
class Area:
    """A land polygon, in lattice units; points inside are on the board.

    Examples
    --------
    >>> Area(((0, 0), (4, 0), (4, 3)), name="Wedge").polygon
    ((0.0, 0.0), (4.0, 0.0), (4.0, 3.0))
    """

    polygon: tuple[Vertex, ...]
    name: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "polygon", _vertices(self.polygon))

    def geometry(self) -> BaseGeometry:
        """The polygon as a shapely geometry (lattice units); one that crosses itself is
        repaired (``shapely.make_valid``) so that a broken drawing still gives a board to
        check, and the checker reports it."""
        return _valid(Polygon(self.polygon))


@dataclass(frozen=True)
class Feature:
    """A terrain feature: a water or mountain ``polygon``, or a ``line`` such as a river.

    Segments that cross it become doubles of its terrain.

    Examples
    --------
    >>> Feature("water", line=((2.25, 0), (2.25, 5)), name="Rhine").terrain
    'water'
    """

    terrain: Terrain
    polygon: tuple[Vertex, ...] | None = None
    line: tuple[Vertex, ...] | None = None
    name: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.polygon is not None:
            object.__setattr__(self, "polygon", _vertices(self.polygon))
        if self.line is not None:
            object.__setattr__(self, "line", _vertices(self.line))

    def geometry(self) -> BaseGeometry:
        """The feature as a shapely Polygon or LineString (lattice units)."""
        if self.polygon is not None:
            return _valid(Polygon(self.polygon))
        return LineString(self.line or ())


@dataclass(frozen=True, order=True)
class SegmentOverride:
    """A designer's decision about one segment, which wins over terrain.

    Examples
    --------
    >>> SegmentOverride(((15, 3), (14, 3)), "ferry", note="English Channel").between
    ((14, 3), (15, 3))
    """

    between: Edge
    type: SegmentType
    terrain: Terrain | None = None
    note: str = ""

    def __post_init__(self) -> None:
        a, b = self.between
        object.__setattr__(self, "between", edge(a, b))


@dataclass(frozen=True)
class Segment:
    """A segment of the board, as derived from terrain and overrides.

    ``cost`` is the number of rails it takes in the base rules: 2 for a double, else 1.

    Examples
    --------
    >>> Segment(((3, 1), (4, 1)), "double", "mountain").cost
    2
    """

    between: Edge
    kind: SegmentKind
    terrain: Terrain | None = None
    note: str = ""

    @property
    def cost(self) -> int:
        """Rails needed to build it: 2 for a double, 1 otherwise."""
        return 2 if self.kind == "double" else 1


@dataclass(frozen=True)
class Board:
    """An immutable lattice board.

    Construct it from a map file with :func:`workbench.load_map`, or directly. Cities and
    overrides are kept in canonical order (cities by color order then name, overrides by
    their points), so two boards that say the same thing compare equal.

    Examples
    --------
    >>> board = Board(
    ...     name="Strip",
    ...     lattice=Lattice(4, 2),
    ...     colors=(CardColor("brown", "#8B5A2B"),),
    ...     land=(Area(((0, 0), (3.5, 0), (3.5, 1), (0, 1))),),
    ...     cities=(City("B", "brown", (3, 0)), City("A", "brown", (0, 0))),
    ... )
    >>> [c.name for c in board.cities]
    ['A', 'B']
    >>> len(board.points), len(board.segments)
    (8, 13)
    >>> board.city("A").at
    (0, 0)
    """

    name: str
    lattice: Lattice
    colors: tuple[CardColor, ...]
    land: tuple[Area, ...]
    cities: tuple[City, ...]
    terrain: tuple[Feature, ...] = ()
    overrides: tuple[SegmentOverride, ...] = ()
    deck: Deck = Deck()
    description: str = ""
    author: str = ""
    license: str = ""
    kind: Literal["lattice"] = "lattice"
    schema: str = field(default="map.schema.json", compare=False, repr=False)

    def __post_init__(self) -> None:
        order = {c.name: i for i, c in enumerate(self.colors)}
        cities = sorted(self.cities, key=lambda c: (order.get(c.color, len(order)), c.name, c.at))
        object.__setattr__(self, "colors", tuple(self.colors))
        object.__setattr__(self, "land", tuple(self.land))
        object.__setattr__(self, "terrain", tuple(self.terrain))
        object.__setattr__(self, "cities", tuple(cities))
        object.__setattr__(self, "overrides", tuple(sorted(self.overrides)))

    # ------------------------------------------------------------------ lookups

    @cached_property
    def _city_by_name(self) -> dict[str, City]:
        return {c.name: c for c in self.cities}

    @cached_property
    def _city_by_point(self) -> dict[Point, City]:
        return {c.at: c for c in self.cities}

    def city(self, name: str) -> City:
        """The city called ``name``; raises ``KeyError`` naming close matches.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").city("Alder").color
        'brown'
        """
        try:
            return self._city_by_name[name]
        except KeyError:
            from difflib import get_close_matches

            close = get_close_matches(name, list(self._city_by_name), n=3)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            raise KeyError(f"no city called {name!r} on {self.name!r}{hint}") from None

    def city_at(self, point: Point) -> City | None:
        """The city on ``point``, or ``None``.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml")
        >>> board.city_at(board.city("Alder").at).name
        'Alder'
        """
        return self._city_by_point.get(_point(point))

    @property
    def color_names(self) -> tuple[str, ...]:
        """The card colors' names, in order."""
        return tuple(c.name for c in self.colors)

    # ------------------------------------------------------------------ derived geometry

    @cached_property
    def _land_geometry(self) -> BaseGeometry:
        geometry = unary_union([a.geometry() for a in self.land]) if self.land else Polygon()
        shapely.prepare(geometry)
        return geometry

    @cached_property
    def _terrain_geometries(self) -> dict[tuple[str, str], BaseGeometry]:
        """Union of the terrain features, per (terrain, "polygon" | "line")."""
        out: dict[tuple[str, str], BaseGeometry] = {}
        for terrain in TERRAINS:
            for shape in ("polygon", "line"):
                parts = [
                    f.geometry()
                    for f in self.terrain
                    if f.terrain == terrain and getattr(f, shape) is not None
                ]
                geometry = unary_union(parts) if parts else Polygon()
                shapely.prepare(geometry)
                out[terrain, shape] = geometry
        return out

    def _crosses(self, lines: Any, terrain: str) -> np.ndarray:
        """Which lines run into a polygon of ``terrain`` or cross one of its lines."""
        hit = np.zeros(len(lines), dtype=bool)
        polygons = self._terrain_geometries[terrain, "polygon"]
        features = self._terrain_geometries[terrain, "line"]
        # the segment's interior meets the drawing's interior: touching an edge is not enough
        # (an index over pieces of the drawing keeps this fast for drawings of many vertices)
        hit |= interiors_meet(lines, polygons)
        hit |= interiors_meet(lines, features)
        return hit

    @cached_property
    def points(self) -> frozenset[Point]:
        """Every point on the board: on land and not inside water."""
        grid = np.meshgrid(np.arange(self.lattice.columns), np.arange(self.lattice.rows))
        cols, rows = grid[0].ravel(), grid[1].ravel()
        xs = cols + 0.5 * (rows & 1)
        on_land = shapely.intersects_xy(self._land_geometry, xs, rows)
        water = self._terrain_geometries["water", "polygon"]
        keep = on_land.copy()
        if not water.is_empty:
            keep &= ~shapely.contains_xy(water, xs, rows)
        return frozenset(zip(cols[keep].tolist(), rows[keep].tolist(), strict=True))

    @cached_property
    def segments(self) -> Mapping[Edge, Segment]:
        """Every segment of the board, keyed by its :func:`~workbench.maps.lattice.edge`."""
        points = self.points
        candidates = sorted({edge(p, q) for p in points for q in neighbours(p) if q in points})
        result: dict[Edge, Segment] = {}
        if candidates:
            ends = np.array([[lattice_xy(a), lattice_xy(b)] for a, b in candidates])
            lines = shapely.linestrings(ends)
            mid = ends.mean(axis=1)
            on_land = shapely.intersects_xy(self._land_geometry, mid[:, 0], mid[:, 1])
            wet = self._crosses(lines, "water")
            high = self._crosses(lines, "mountain")
            for i, key in enumerate(candidates):
                if not on_land[i]:
                    continue
                if wet[i]:
                    result[key] = Segment(key, "double", "water")
                elif high[i]:
                    result[key] = Segment(key, "double", "mountain")
                else:
                    result[key] = Segment(key, "single")
        for o in self.overrides:
            a, b = o.between
            if a not in points or b not in points or b not in neighbours(a):
                continue  # reported by the checker; ignored here
            if o.type == "none":
                result.pop(o.between, None)
            else:
                terrain = o.terrain if o.type == "double" else None
                result[o.between] = Segment(o.between, o.type, terrain, o.note)
        return dict(sorted(result.items()))

    def derived_segment(self, a: Point, b: Point) -> Segment | None:
        """The segment between ``a`` and ``b`` as terrain alone makes it (no overrides).

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").derived_segment((0, 0), (1, 0)).kind
        'single'
        """
        bare = dataclasses.replace(self, overrides=())
        return bare.segments.get(edge(a, b))

    def graph(self) -> nx.Graph:
        """The board as a networkx Graph.

        Nodes are ``(col, row)`` points with ``pos`` (plane coordinates) and, for cities,
        ``city`` (the name). Edges carry ``kind``, ``terrain`` and ``weight`` (rails).

        Examples
        --------
        >>> from workbench import load_map
        >>> G = load_map("maps/tiny.yaml").graph()
        >>> G.nodes[(1, 1)]["city"], G.edges[(0, 0), (0, 1)]["weight"]
        ('Alder', 1)
        """
        import networkx as nx  # imported here: the command line starts without it

        G: nx.Graph[Point] = nx.Graph(name=self.name)
        for p in sorted(self.points):
            G.add_node(p, pos=plane_xy(p))
        for c in self.cities:
            if c.at in G:
                G.nodes[c.at]["city"] = c.name
        for (a, b), s in self.segments.items():
            G.add_edge(a, b, kind=s.kind, terrain=s.terrain, weight=s.cost)
        return G

    # ------------------------------------------------------------------ snapping and clicking

    @cached_property
    def _point_index(self) -> tuple[list[Point], shapely.STRtree]:
        ordered = sorted(self.points)
        geoms: Any = shapely.points([plane_xy(p) for p in ordered]) if ordered else []
        return ordered, shapely.STRtree(geoms)

    @cached_property
    def _segment_index(self) -> tuple[list[Edge], shapely.STRtree]:
        keys = list(self.segments)
        geoms: Any = (
            shapely.linestrings([[plane_xy(a), plane_xy(b)] for a, b in keys]) if keys else []
        )
        return keys, shapely.STRtree(geoms)

    def nearest_point(self, x: float, y: float, free: bool = False) -> Point | None:
        """The board point nearest to ``(x, y)`` in plane coordinates (snapping).

        With ``free=True``, points holding a city are skipped, which is where a dragged
        city may land. ``None`` when there is no such point.

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.maps.lattice import plane_xy
        >>> board = load_map("maps/tiny.yaml")
        >>> x, y = plane_xy((2, 1))
        >>> board.nearest_point(x + 0.2, y - 0.1)
        (2, 1)
        """
        ordered, tree = self._point_index
        if not ordered:
            return None
        if not free:
            return ordered[int(tree.query_nearest(shapely.Point(x, y))[0])]
        taken = set(self._city_by_point)
        xy = np.array([plane_xy(p) for p in ordered])
        dist = np.hypot(xy[:, 0] - x, xy[:, 1] - y)
        for i in np.argsort(dist, kind="stable"):
            if ordered[int(i)] not in taken:
                return ordered[int(i)]
        return None

    def segment_at(self, x: float, y: float, tolerance: float = 0.25) -> Segment | None:
        """The segment under ``(x, y)`` in plane coordinates, within ``tolerance`` (clicking).

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml")
        >>> board.segment_at(1.5, 0.02).between
        ((1, 0), (2, 0))
        """
        keys, tree = self._segment_index
        if not keys:
            return None
        hits = tree.query_nearest(shapely.Point(x, y), max_distance=tolerance)
        if len(hits) == 0:
            return None
        return self.segments[keys[int(min(hits))]]

    # ------------------------------------------------------------------ editing

    def replace(self, **changes: Any) -> Board:
        """A copy with some fields changed, checked like every edit.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").replace(name="Tiny II").name
        'Tiny II'
        """
        return _checked(dataclasses.replace(self, **changes))

    def _with_cities(self, cities: list[City]) -> Board:
        return _checked(dataclasses.replace(self, cities=tuple(cities)))

    def _edit_city(self, name: str, /, **changes: Any) -> Board:
        old = self.city(name)
        new = dataclasses.replace(old, **changes)
        return self._with_cities([new if c is old else c for c in self.cities])

    def move_city(self, name: str, to: Point) -> Board:
        """A board with city ``name`` moved to the point ``to``.

        Raises :class:`~workbench.exceptions.MapError` if ``to`` is off the board, at sea
        or taken, or if the move cuts the city off.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").move_city("Alder", (2, 1)).city("Alder").at
        (2, 1)
        """
        return self._edit_city(name, at=_point(to))

    def add_city(self, city: City) -> Board:
        """A board with ``city`` added.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml").add_city(City("Elm", "white", (2, 1)))
        >>> board.city("Elm").at
        (2, 1)
        """
        return self._with_cities([*self.cities, city])

    def remove_city(self, name: str) -> Board:
        """A board without city ``name``.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml")
        >>> len(board.remove_city("Alder").cities) == len(board.cities) - 1
        True
        """
        old = self.city(name)
        return self._with_cities([c for c in self.cities if c is not old])

    def rename_city(self, name: str, new_name: str) -> Board:
        """A board where city ``name`` is called ``new_name``.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").rename_city("Alder", "Aldergate").city("Aldergate").at
        (1, 1)
        """
        return self._edit_city(name, name=new_name)

    def recolor_city(self, name: str, color: str) -> Board:
        """A board where city ``name`` has card color ``color``.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").recolor_city("Alder", "white").city("Alder").color
        'white'
        """
        return self._edit_city(name, color=color)

    def set_dashed(self, name: str, dashed: bool) -> Board:
        """A board where city ``name``'s card is (or is not) dashed.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").set_dashed("Alder", True).city("Alder").dashed
        True
        """
        return self._edit_city(name, dashed=bool(dashed))

    def set_segment(
        self,
        a: Point,
        b: Point,
        type: SegmentType,
        terrain: Terrain | None = None,
        note: str = "",
    ) -> Board:
        """A board where the segment between ``a`` and ``b`` is of ``type``.

        ``type`` is one of :data:`SEGMENT_TYPES`; a ``double`` needs ``terrain``. An override
        that says what the terrain already says (and has no note) is dropped, which keeps
        map files short.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml").set_segment((1, 1), (2, 1), "ferry")
        >>> board.segments[(1, 1), (2, 1)].kind
        'ferry'
        """
        key = edge(a, b)
        kept = [o for o in self.overrides if o.between != key]
        new = SegmentOverride(key, type, terrain, note)
        derived = self.derived_segment(*key)
        same = (
            derived is not None
            and derived.kind == type
            and derived.terrain == (terrain if type == "double" else None)
        ) or (derived is None and type == "none" and not self._is_lattice_pair(key))
        if not same or note:
            kept.append(new)
        return _checked(dataclasses.replace(self, overrides=tuple(kept)))

    def _is_lattice_pair(self, key: Edge) -> bool:
        a, b = key
        return a in self.points and b in self.points

    def problems(self) -> list[Any]:
        """Every problem with this board (errors and warnings), as :class:`Problem` values.

        Examples
        --------
        >>> from workbench import load_map
        >>> load_map("maps/tiny.yaml").problems()
        []
        """
        from workbench.maps.check import check_board

        return check_board(self)

    # ------------------------------------------------------------------ notebook display

    def _repr_html_(self) -> str:
        from workbench.ui.render import board_html  # noqa: TID251 - drawing, imported lazily

        return board_html(self)


def _valid(polygon: Polygon) -> BaseGeometry:
    return polygon if polygon.is_valid else shapely.make_valid(polygon)


def _checked(board: Board) -> Board:
    from workbench.maps.check import check_board

    errors = [p for p in check_board(board) if p.severity == "error"]
    if errors:
        raise MapError(errors)
    return board
