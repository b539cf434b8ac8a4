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

import numpy as np

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


def _points_on_pieces(
    line: np.ndarray, columns: int, rows: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_lattice_points_on` for every piece of ``line`` at once: the piece, column,
    row and ``t`` of each point found, in the order the pieces and the function give them.

    Each float is computed by the same operations in the same order as there (numpy's
    float64 arithmetic is Python's, and both round half to even), so the points are the
    same; a line whose pieces run across many rows costs arrays, not a Python loop."""
    x0, y0, x1, y1 = line[:-1, 0], line[:-1, 1], line[1:, 0], line[1:, 1]
    flat = np.abs(y1 - y0) < TOLERANCE
    low = np.maximum(0, np.floor(np.minimum(y0, y1))).astype(np.int64)
    high = np.minimum(rows - 1, np.ceil(np.maximum(y0, y1))).astype(np.int64)
    span = np.maximum(high - low + 1, 0)
    found: list[tuple[np.ndarray, ...]] = []
    # pieces across rows: one candidate point on each row
    sloped = np.flatnonzero(~flat & (span > 0))
    for chunk in _chunks(sloped, span[sloped]):
        j = np.repeat(chunk, span[chunk])
        row = low[j] + _offsets(span[chunk])
        t = (row - y0[j]) / (y1[j] - y0[j])
        x = x0[j] + t * (x1[j] - x0[j])
        shift = 0.5 * (row & 1)
        col = np.round(x - shift)
        keep = (t >= -TOLERANCE) & (t <= 1 + TOLERANCE)
        keep &= (col >= 0) & (col < columns) & (np.abs(col + shift - x) <= TOLERANCE)
        found.append((j[keep], col[keep].astype(np.int64), row[keep], t[keep]))
    # pieces along a row: the points of their own row between their ends
    level = np.flatnonzero(flat & (span > 0))
    j = np.repeat(level, span[level])
    row = low[j] + _offsets(span[level])
    on = np.abs(row - y0[j]) <= TOLERANCE
    j, row = j[on], row[on]
    shift = 0.5 * (row & 1)
    lo, hi = np.minimum(x0[j], x1[j]), np.maximum(x0[j], x1[j])
    first = np.maximum(0, np.ceil(lo - shift - TOLERANCE)).astype(np.int64)
    last = np.minimum(columns - 1, np.floor(hi + TOLERANCE - shift).astype(np.int64) + 1)
    count = np.maximum(last - first + 1, 0)
    for chunk in _chunks(np.arange(len(j)), count):
        k = np.repeat(chunk, count[chunk])
        col = first[k] + _offsets(count[chunk])
        x = col + shift[k]
        keep = x <= hi[k] + TOLERANCE
        a, b = x0[j[k]], x1[j[k]]
        level_t = np.where(np.abs(b - a) < TOLERANCE, 0.0, (x - a) / np.where(b == a, 1.0, b - a))
        found.append((j[k][keep], col[keep], row[k][keep], level_t[keep]))
    if not found:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty, np.zeros(0)
    piece, col, row, t = (np.concatenate(parts) for parts in zip(*found, strict=True))
    order = np.lexsort((col, row, piece))
    return piece[order], col[order], row[order], t[order]


def _offsets(counts: np.ndarray) -> np.ndarray:
    """``0, 1, ..., n - 1`` for each ``n`` of ``counts``, one after the other."""
    total = int(counts.sum())
    starts = np.repeat(np.cumsum(counts) - counts, counts)
    return np.arange(total, dtype=np.int64) - starts


def _chunks(items: np.ndarray, sizes: np.ndarray, most: int = 1 << 20) -> list[np.ndarray]:
    """``items`` in runs whose ``sizes`` add up to about ``most`` (bounded memory)."""
    if not len(items):
        return []
    ends = np.cumsum(sizes)
    cuts = np.searchsorted(ends, np.arange(most, int(ends[-1]), most), side="right")
    return [c for c in np.split(items, cuts) if len(c)]


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
        if not line or len(line) < 2:
            continue
        piece, col, row, t = _points_on_pieces(np.asarray(line, dtype=float), columns, rows)
        _, first = np.unique(row * columns + col, return_index=True)  # each point once
        first.sort()
        for j, c, r, at in zip(
            piece[first].tolist(),
            col[first].tolist(),
            row[first].tolist(),
            t[first].tolist(),
            strict=True,
        ):
            at_end = at >= 1 - TOLERANCE
            vertex = j + 1 if at_end else j
            out.append(LineThroughPoint(i, vertex, (c, r), at <= TOLERANCE or at_end))
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
