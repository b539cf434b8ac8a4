"""Geometry of the triangular lattice that lattice boards are drawn on.

A point is addressed ``(col, row)``; row 0 is the top (north) edge and odd rows sit half a
step to the right, so every point has up to six neighbours. Two coordinate systems are used:

* **lattice units** ``(x, y)``: ``x = col`` (plus 0.5 on odd rows) and ``y = row``. Map files
  draw land and terrain polygons in these units, so a polygon vertex can be read off the
  ``[col, row]`` addresses around it.
* **plane coordinates**: the same picture with true proportions and north up,
  ``(x, -y * sqrt(3) / 2)``, so neighbours are exactly 1 apart. Drawing, snapping and
  clicking use these.
"""

from __future__ import annotations

import math

__all__ = [
    "ROW_HEIGHT",
    "Edge",
    "Point",
    "are_neighbours",
    "edge",
    "lattice_xy",
    "neighbours",
    "parse_point",
    "plane_to_lattice",
    "plane_xy",
    "point_name",
]

Point = tuple[int, int]
"""A lattice point ``(col, row)``."""

Edge = tuple[Point, Point]
"""A segment's key: its two end points, the smaller first."""

ROW_HEIGHT = math.sqrt(3) / 2
"""Vertical distance between two rows in plane coordinates."""


def neighbours(p: Point) -> list[Point]:
    """The six points next to ``p`` (some may be off the board), in a fixed order.

    Examples
    --------
    >>> neighbours((3, 2))
    [(2, 2), (4, 2), (2, 1), (3, 1), (2, 3), (3, 3)]
    >>> neighbours((3, 1))
    [(2, 1), (4, 1), (3, 0), (4, 0), (3, 2), (4, 2)]
    """
    col, row = p
    shift = row & 1  # odd rows are shifted right: their diagonal neighbours are col and col+1
    lo, hi = col - 1 + shift, col + shift
    return [
        (col - 1, row),
        (col + 1, row),
        (lo, row - 1),
        (hi, row - 1),
        (lo, row + 1),
        (hi, row + 1),
    ]


def are_neighbours(a: Point, b: Point) -> bool:
    """Whether ``a`` and ``b`` are joined by a lattice segment.

    Examples
    --------
    >>> are_neighbours((3, 2), (3, 3)), are_neighbours((3, 2), (4, 3))
    (True, False)
    """
    return tuple(b) in neighbours(a)


def edge(a: Point, b: Point) -> Edge:
    """The canonical key of the segment between ``a`` and ``b`` (smaller point first).

    Examples
    --------
    >>> edge((4, 1), (3, 1))
    ((3, 1), (4, 1))
    """
    a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    return (a, b) if a <= b else (b, a)


def lattice_xy(p: Point) -> tuple[float, float]:
    """The point in lattice units (the units of map-file polygons).

    Examples
    --------
    >>> lattice_xy((3, 1))
    (3.5, 1.0)
    """
    col, row = p
    return col + 0.5 * (row & 1), float(row)


def plane_xy(p: Point) -> tuple[float, float]:
    """The point in plane coordinates: neighbours 1 apart, north up.

    Examples
    --------
    >>> x, y = plane_xy((3, 2))
    >>> x, round(y, 4)
    (3.0, -1.7321)
    """
    x, y = lattice_xy(p)
    return x, -y * ROW_HEIGHT


def plane_to_lattice(x: float, y: float) -> tuple[float, float]:
    """Convert plane coordinates back to lattice units (inverse of :func:`plane_xy`).

    Examples
    --------
    >>> plane_to_lattice(*plane_xy((3, 1)))
    (3.5, 1.0)
    """
    return x, -y / ROW_HEIGHT


def point_name(p: Point) -> str:
    """The point as written in map files.

    Examples
    --------
    >>> point_name((12, 3))
    '[12, 3]'
    """
    return f"[{p[0]}, {p[1]}]"


def parse_point(text: str) -> Point:
    """Parse ``"[12, 3]"`` or ``"12,3"`` into a point (inverse of :func:`point_name`).

    Examples
    --------
    >>> parse_point("[12, 3]")
    (12, 3)
    """
    parts = text.strip().strip("[]()").split(",")
    if len(parts) != 2:
        raise ValueError(f"expected a point like [12, 3], got {text!r}")
    return int(parts[0]), int(parts[1])
