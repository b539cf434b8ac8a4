"""The shapes a board is drawn with, in plane coordinates, for every kind of picture.

The Bokeh renderers (:mod:`workbench.ui.render`, :mod:`workbench.ui.route_render`) and the
printed board (:mod:`workbench.printing`) draw the same board; what they share is here, with
no drawing library: where a double's two lines run, where a tunnel's portal ticks sit, where
each city's name goes so it covers no other city or name, and the car rectangles of a route
board. Everything is in plane coordinates (:func:`~workbench.maps.lattice.plane_xy`, or a
route board's projected plane), north up; a picture only scales it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from workbench.maps.lattice import ROW_HEIGHT, plane_xy

if TYPE_CHECKING:
    from workbench.maps.board import Board
    from workbench.maps.lattice import Edge
    from workbench.maps.routes import RouteBoard

__all__ = [
    "CAR_GAP",
    "CAR_WIDTH",
    "CITY_RADIUS",
    "DASHED_RADIUS",
    "DOUBLE_GAP",
    "PADDING",
    "PORTAL_HALF",
    "ROUTE_CITY_RADIUS",
    "Car",
    "LabelPlace",
    "board_extent",
    "cars",
    "double_lines",
    "place_labels",
    "portal_ticks",
    "route_extent",
    "terrain_xy",
]

XY = tuple[float, float]
Line = tuple[XY, XY]
Box = tuple[float, float, float, float]
"""An axis-aligned box ``(x0, y0, x1, y1)`` in plane coordinates."""

CITY_RADIUS = 0.28
"""Radius of a lattice board's city disc, in plane units (neighbours are 1 apart)."""
DASHED_RADIUS = 0.41
"""Radius of the dashed ring drawn around the cities whose card is dashed."""
PADDING = 0.6
"""Room left around a lattice board, in plane units: enough for a city, its ring and its name."""
DOUBLE_GAP = 0.06
"""How far each line of a double is drawn from the segment's axis, in plane units."""
PORTAL_HALF = 0.2
"""Half the length of a tunnel portal tick, in plane units."""
ROUTE_CITY_RADIUS = 0.26
"""Radius of a route board's city disc, in plane units (degrees of arc on a projected board)."""
CAR_WIDTH = 0.2
"""Width of a car across its route; lanes of a double sit this far apart plus a gap."""
CAR_GAP = 0.18
"""The share of each car's space left empty between cars."""

_LABEL_PLACES = (  # dx, dy (plane units), align, baseline
    (0.27, 0.2, "left", "bottom"),
    (-0.27, 0.2, "right", "bottom"),
    (0.27, -0.2, "left", "top"),
    (-0.27, -0.2, "right", "top"),
)


def terrain_xy(p: XY) -> XY:
    """A map file's polygon vertex (lattice units) in plane coordinates.

    >>> terrain_xy((2.0, 2.0))
    (2.0, -1.7320508075688772)
    """
    return p[0], -p[1] * ROW_HEIGHT


def _normal(x0: float, y0: float, x1: float, y1: float, by: float) -> XY:
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    return -(y1 - y0) / length * by, (x1 - x0) / length * by


def double_lines(key: Edge, gap: float = DOUBLE_GAP) -> tuple[Line, Line]:
    """The two parallel lines a double is drawn as, ``gap`` either side of its axis.

    >>> (a, b), (c, d) = double_lines(((0, 0), (1, 0)))
    >>> a, b, c, d
    ((0.0, 0.06), (1.0, 0.06), (0.0, -0.06), (1.0, -0.06))
    """
    (x0, y0), (x1, y1) = plane_xy(key[0]), plane_xy(key[1])
    nx, ny = _normal(x0, y0, x1, y1, gap)
    return ((x0 + nx, y0 + ny), (x1 + nx, y1 + ny)), ((x0 - nx, y0 - ny), (x1 - nx, y1 - ny))


def portal_ticks(key: Edge, half: float = PORTAL_HALF) -> tuple[Line, Line]:
    """Two short ticks across a tunnel (its portals), a third of the way in from each end,
    just outside a city disc at either end.

    >>> (a, b), _ = portal_ticks(((0, 0), (1, 0)))
    >>> a, b
    ((0.34, 0.2), (0.34, -0.2))
    """
    (x0, y0), (x1, y1) = plane_xy(key[0]), plane_xy(key[1])
    nx, ny = _normal(x0, y0, x1, y1, half)
    ticks = []
    for t in (0.34, 0.66):
        cx, cy = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        ticks.append(((cx + nx, cy + ny), (cx - nx, cy - ny)))
    return ticks[0], ticks[1]


@dataclass(frozen=True)
class LabelPlace:
    """Where a name goes: its anchor ``(x, y)``, ``align`` (``left``: the text starts at x,
    ``right``: it ends there) and ``baseline`` (``bottom``: the text sits on y, ``top``: it
    hangs from y), and the ``box`` it was measured to take."""

    x: float
    y: float
    align: str
    baseline: str
    box: Box


def _overlap(a: Box, b: Box) -> float:
    """The area two boxes ``(x0, y0, x1, y1)`` have in common."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def place_labels(
    centres: Sequence[XY],
    widths: Sequence[float],
    height: float,
    *,
    radius: float = CITY_RADIUS,
    avoid: Sequence[Box] = (),
    radii: Sequence[float] | None = None,
) -> list[LabelPlace]:
    """Place one name beside each city disc, covering as little else as it can.

    Each name goes above and to the right of its disc or, when that covers another disc or
    an earlier name, above left, below right or below left (the first place that covers
    nothing, else the one that covers least). Widths and height are in plane units, so
    the caller measures names for its own picture.

    Parameters
    ----------
    centres : sequence of (x, y)
        The discs' centres, in plane coordinates.
    widths : sequence of float
        Each name's width, in plane units.
    height : float
        A name's height, in plane units.
    radius : float, optional
        The discs' radius.
    avoid : sequence of boxes, optional
        Anything else names should not cover, as boxes ``(x0, y0, x1, y1)``.
    radii : sequence of float, optional
        Each disc's own radius (a city in a wider ring); its name moves out in proportion.

    Returns
    -------
    list of LabelPlace
        One per centre, in order.

    Examples
    --------
    >>> a, b = place_labels([(0.0, 0.0), (1.0, 0.0)], [2.0, 0.5], 0.3)
    >>> (a.align, a.baseline), (b.align, b.baseline)  # the first would cover the second disc
    (('right', 'bottom'), ('left', 'bottom'))
    """
    rs = [radius] * len(centres) if radii is None else list(radii)
    discs = [(x - r, y - r, x + r, y + r) for (x, y), r in zip(centres, rs, strict=True)]
    placed: list[Box] = []
    out: list[LabelPlace] = []
    # Boxes by grid cell, so that a name is measured against the boxes near it only: the
    # boxes it misses add 0.0, and the rest are summed in the order of the full list
    # (discs, names placed, boxes to avoid), so the sums are the same floats.
    cell = max(2.0 * height, 4.0 * max(rs, default=radius), 1e-9)
    grid: dict[tuple[int, int], list[tuple[int, int]]] = {}
    boxes: dict[tuple[int, int], Box] = {}

    def cells(b: Box) -> Iterator[tuple[int, int]]:
        if not all(math.isfinite(v) for v in b):
            yield (0, 0)
            return
        x0, x1 = math.floor(b[0] / cell), math.floor(b[2] / cell)
        y0, y1 = math.floor(b[1] / cell), math.floor(b[3] / cell)
        if (x1 - x0 + 1) * (y1 - y0 + 1) > 4096:  # a huge box: kept in one list for all
            yield (0, 0)
            return
        for cx in range(x0, x1 + 1):
            for cy in range(y0, y1 + 1):
                yield (cx, cy)

    def add(key: tuple[int, int], b: Box) -> None:
        boxes[key] = b
        for c in cells(b):
            grid.setdefault(c, []).append(key)

    big: list[tuple[int, int]] = []
    for j, b in enumerate(discs):
        add((0, j), b)
    for j, b in enumerate(avoid):
        add((2, j), b)
    big = grid.get((0, 0), [])

    def near(b: Box, skip: tuple[int, int]) -> list[Box]:
        keys = {k for c in cells(b) for k in grid.get(c, ())} | set(big)
        keys.discard(skip)
        return [boxes[k] for k in sorted(keys)]

    for i, ((x, y), w) in enumerate(zip(centres, widths, strict=True)):
        best: tuple[float, LabelPlace] | None = None
        grow = rs[i] / radius if radius else 1.0
        for bx, by, align, baseline in _LABEL_PLACES:
            dx, dy = bx * grow, by * grow
            left = x + dx if align == "left" else x + dx - w
            bottom = y + dy if baseline == "bottom" else y + dy - height
            box = (left, bottom, left + w, bottom + height)
            overlap = sum(_overlap(box, other) for other in near(box, (0, i)))
            if best is None or overlap < best[0] - 1e-9:
                best = (overlap, LabelPlace(x + dx, y + dy, align, baseline, box))
            if overlap == 0:
                break
        assert best is not None
        placed.append(best[1].box)
        add((1, len(placed) - 1), best[1].box)
        out.append(best[1])
    return out


def board_extent(board: Board) -> tuple[float, float, float, float]:
    """``(xmin, xmax, ymin, ymax)`` of a lattice board's land and points, in plane coordinates.

    Examples
    --------
    >>> from workbench import load_map
    >>> xmin, xmax, ymin, ymax = board_extent(load_map("maps/tiny.yaml"))
    >>> xmin < xmax and ymin < ymax
    True
    """
    plane = [terrain_xy(v) for area in board.land for v in area.polygon]
    plane += [plane_xy(p) for p in board.points]
    if not plane:
        return 0.0, 1.0, -1.0, 0.0
    xs = [x for x, _ in plane]
    ys = [y for _, y in plane]
    return min(xs), max(xs), min(ys), max(ys)


def route_extent(board: RouteBoard) -> tuple[float, float, float, float]:
    """``(xmin, xmax, ymin, ymax)`` of a route board's cities and land, in plane coordinates.

    Examples
    --------
    >>> from workbench import load_map
    >>> xmin, xmax, ymin, ymax = route_extent(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> xmin < xmax and ymin < ymax
    True
    """
    points = list(board.positions.values()) + [board.xy(v) for a in board.land for v in a.polygon]
    xs = [x for x, _ in points] or [0.0, 1.0]
    ys = [y for _, y in points] or [0.0, 1.0]
    return min(xs), max(xs), min(ys), max(ys)


# ---------------------------------------------------------------------- route boards


@dataclass(frozen=True)
class Car:
    """One car space of a route: its ``corners`` (a rectangle), its ``centre``, the route's
    ``route`` id, and whether it is one of a ferry's ``locomotive`` spaces."""

    route: str
    corners: tuple[XY, XY, XY, XY]
    centre: XY
    locomotive: bool


def _along(line: list[XY], s: float) -> tuple[XY, XY]:
    """The point at arc length ``s`` along ``line`` and the unit direction there."""
    for (x0, y0), (x1, y1) in pairwise(line):
        d = math.hypot(x1 - x0, y1 - y0)
        if s <= d or (x1, y1) == line[-1]:
            t = 0.0 if d == 0 else min(s / d, 1.0)
            u = ((x1 - x0) / d, (y1 - y0) / d) if d else (1.0, 0.0)
            return (x0 + t * (x1 - x0), y0 + t * (y1 - y0)), u
        s -= d
    return line[-1], (1.0, 0.0)  # pragma: no cover - a line has at least two points


def _offset(line: list[XY], by: float) -> list[XY]:
    """``line`` moved sideways by ``by`` (left of its direction), vertex by vertex."""
    if by == 0:
        return line
    out = []
    for i, (x, y) in enumerate(line):
        a = line[max(i - 1, 0)]
        b = line[min(i + 1, len(line) - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        out.append((x - dy / d * by, y + dx / d * by))
    return out


def cars(board: RouteBoard, width: float = CAR_WIDTH) -> dict[str, list[Car]]:
    """Every route's car spaces, ``width`` wide, by route id, in the board's route order.

    A route's cars are evenly spaced along its line (straight, or bent at its ``via``
    points), clear of the city discs; the lanes of a double route lie side by side. The
    first ``locomotives`` cars of a ferry are its locomotive spaces.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> spaces = cars(europe)
    >>> sum(len(c) for c in spaces.values()), sum(c.locomotive for v in spaces.values() for c in v)
    (300, 17)
    """
    out: dict[str, list[Car]] = {}
    lanes = {r.ends: len(board.routes_between(*r.ends)) for r in board.routes}
    for route in board.routes:
        shift = (route.lane - (lanes[route.ends] - 1) / 2) * (width * 1.35)
        line = _offset(list(board.line(route)), shift)
        total = sum(math.dist(p, q) for p, q in pairwise(line))
        start = min(ROUTE_CITY_RADIUS * 1.1, total * 0.2)
        usable = max(total - 2 * start, 1e-9)
        step = usable / route.length
        half = step * (1 - CAR_GAP) / 2
        spaces = []
        for i in range(route.length):
            (cx, cy), (ux, uy) = _along(line, start + step * (i + 0.5))
            nx, ny = -uy * width / 2, ux * width / 2
            corners = (
                (cx - ux * half + nx, cy - uy * half + ny),
                (cx + ux * half + nx, cy + uy * half + ny),
                (cx + ux * half - nx, cy + uy * half - ny),
                (cx - ux * half - nx, cy - uy * half - ny),
            )
            loco = route.kind == "ferry" and i < route.locomotives
            spaces.append(Car(route.id, corners, (cx, cy), loco))
        out[route.id] = spaces
    return out
