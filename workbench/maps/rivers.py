"""Terrain lines drawn through lattice points: a leak in a river.

A segment is a double when its interior crosses a river (a terrain ``line``); a segment that
only *ends* on the river does not cross it. So where a river passes exactly through a lattice
point, every segment at that point merely touches it, and players go through the point
without paying for the crossing: the river leaks there. :func:`lines_through_points` finds
those places, by the vertex that says where in the file to move the line.

This module is meant for :func:`workbench.maps.check.check_board` to call (as a warning);
:func:`line_warning` words it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from workbench.maps.board import Board
from workbench.maps.lattice import Point, point_name

__all__ = ["LineThroughPoint", "line_warning", "lines_through_points"]

TOLERANCE = 1e-6
"""How close (lattice units) a line must pass to a point to go through it."""


class LineThroughPoint(NamedTuple):
    """Terrain feature ``feature`` passes through lattice point ``point``: at its vertex
    ``vertex`` (``on_vertex``), or between vertices ``vertex`` and ``vertex + 1``."""

    feature: int
    vertex: int
    point: Point
    on_vertex: bool


def _lattice_points_on(
    a: tuple[float, float], b: tuple[float, float], columns: int, rows: int
) -> list[tuple[Point, float]]:
    """The lattice points on segment a-b (lattice units), with where along it (0..1)."""
    found = []
    (x0, y0), (x1, y1) = a, b
    for row in range(max(0, math.floor(min(y0, y1))), min(rows - 1, math.ceil(max(y0, y1))) + 1):
        shift = 0.5 * (row & 1)
        if abs(y1 - y0) < TOLERANCE:  # a horizontal piece: only on its own row
            if abs(row - y0) > TOLERANCE:
                continue
            lo, hi = sorted((x0, x1))
            for col in range(max(0, math.ceil(lo - shift - TOLERANCE)), columns):
                x = col + shift
                if x > hi + TOLERANCE:
                    break
                t = 0.0 if abs(x1 - x0) < TOLERANCE else (x - x0) / (x1 - x0)
                found.append(((col, row), t))
            continue
        t = (row - y0) / (y1 - y0)
        if t < -TOLERANCE or t > 1 + TOLERANCE:
            continue
        x = x0 + t * (x1 - x0)
        col = round(x - shift)
        if 0 <= col < columns and abs(col + shift - x) <= TOLERANCE:
            found.append(((col, row), t))
    return found


def lines_through_points(board: Board) -> list[LineThroughPoint]:
    """Where the board's terrain lines pass exactly through a point of its lattice.

    Each place is reported once, by the first vertex of the line that reaches it.

    Examples
    --------
    >>> import dataclasses
    >>> from workbench import load_map
    >>> from workbench.maps.board import Feature
    >>> tiny = load_map("maps/tiny.yaml")
    >>> lines_through_points(tiny)
    []
    >>> river = Feature("water", line=((2.0, 0.5), (2.0, 2.0), (2.5, 3.5)))
    >>> leaky = dataclasses.replace(tiny, terrain=(*tiny.terrain, river))
    >>> [(p.vertex, p.point, p.on_vertex) for p in lines_through_points(leaky)]
    [(1, (2, 2), True)]
    """
    columns, rows = board.lattice.columns, board.lattice.rows
    out: list[LineThroughPoint] = []
    for i, feature in enumerate(board.terrain):
        line = feature.line
        if not line:
            continue
        seen: set[Point] = set()
        for j in range(len(line) - 1):
            for point, t in _lattice_points_on(line[j], line[j + 1], columns, rows):
                if point in seen:
                    continue
                seen.add(point)
                at_end = t >= 1 - TOLERANCE
                vertex = j + 1 if at_end else j
                on_vertex = t <= TOLERANCE or at_end
                out.append(LineThroughPoint(i, vertex, point, on_vertex))
    return out


def line_warning(place: LineThroughPoint, board: Board) -> tuple[str, str]:
    """The warning's message and hint for a line through a point.

    Examples
    --------
    >>> from workbench import load_map
    >>> line_warning(LineThroughPoint(0, 1, (2, 2), True), load_map("maps/tiny.yaml"))[0]
    "the water line's vertex 1 lies on point [2, 2]: segments there do not cross it"
    """
    feature = board.terrain[place.feature]
    what = f"the {feature.terrain} line"
    where = (
        f"vertex {place.vertex} lies on point {point_name(place.point)}"
        if place.on_vertex
        else f"piece from vertex {place.vertex} runs through point {point_name(place.point)}"
    )
    return (
        f"{what}'s {where}: segments there do not cross it",
        "move the line off the point, between points, so the segments across it become doubles",
    )
