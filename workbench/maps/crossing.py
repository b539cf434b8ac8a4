"""Which lattice segments run into terrain: exact, and fast on drawings of many vertices.

A segment becomes a double when its interior meets the interior of a terrain polygon or of a
terrain line (the DE-9IM pattern ``T********``). Asking GEOS that question of every segment
against one geometry costs time in proportion to the geometry's vertices, so a legal
200 x 200 board with one 38,000-vertex river took minutes. :func:`interiors_meet` answers the
same question with a spatial index over short pieces of the drawing, so each segment only
meets the few pieces near it:

- a line is cut into pieces of a few vertices; a segment's answer is GEOS's own answer against
  the pieces it touches. That is exact: every piece holding a point the segment touches is
  among them, so the mod-2 boundary of the pieces at that point is the drawing's own (a cut
  is counted twice, an end of the drawing as often as before);
- a polygon's segments inside it (``contains_properly``) or apart from it (not
  ``intersects``) are settled by GEOS's prepared predicates, which use an index; only the
  segments that touch the outline (a few thousand on a 200 x 200 board) are asked
  ``relate_pattern`` itself. (Cutting them by the outline and testing the middles of the
  stretches is faster, but GEOS rounds the cuts, and a stretch 1e-16 long inside a spike
  was lost.)

Small drawings are answered by ``relate_pattern`` directly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import shapely

__all__ = ["interiors_meet"]

_DIRECT = 512
"""Drawings with at most this many vertices are answered by ``relate_pattern`` directly."""
_PIECE = 16
"""Vertices per piece of a cut line or outline."""


def _pieces(lines: Any) -> np.ndarray:
    """The parts of a (multi)line cut into linestrings of at most ``_PIECE`` vertices."""
    out = []
    for part in shapely.get_parts(lines):
        coords = shapely.get_coordinates(part)
        for start in range(0, max(len(coords) - 1, 1), _PIECE - 1):
            chunk = coords[start : start + _PIECE]
            if len(chunk) >= 2:
                out.append(chunk)
    pieces = np.empty(len(out), dtype=object)
    pieces[:] = [shapely.LineString(chunk) for chunk in out]
    return pieces


_NEAR = 1e-7
"""Pieces this close to a segment count as touching it: GEOS may find a segment touching one
piece at a vertex that is off the segment by a rounding error, and the other pieces that end
at that vertex must be there too for the vertex to count as the drawing's interior (found by
hypothesis: a river crossing itself on a lattice segment)."""


def _touching(segments: np.ndarray, pieces: np.ndarray) -> dict[int, np.ndarray]:
    """For each segment near a piece, the indices of the pieces near it."""
    tree = shapely.STRtree(pieces)
    seg, piece = tree.query(segments, predicate="dwithin", distance=_NEAR)
    groups: dict[int, np.ndarray] = {}
    if len(seg):
        order = np.argsort(seg, kind="stable")
        seg, piece = seg[order], piece[order]
        starts = np.flatnonzero(np.r_[True, seg[1:] != seg[:-1]])
        for first, last in zip(starts, [*starts[1:], len(seg)], strict=True):
            groups[int(seg[first])] = piece[first:last]
    return groups


def _meet_lines(segments: np.ndarray, lines: Any) -> np.ndarray:
    hit = np.zeros(len(segments), dtype=bool)
    pieces = _pieces(lines)
    for i, near in _touching(segments, pieces).items():
        local = shapely.multilinestrings(pieces[near])
        hit[i] = bool(shapely.relate_pattern(segments[i], local, "T********"))
    return hit


def _meet_polygons(segments: np.ndarray, polygons: Any) -> np.ndarray:
    shapely.prepare(polygons)
    hit = shapely.contains_properly(polygons, segments)
    unsure = np.flatnonzero(~hit & shapely.intersects(polygons, segments))
    if len(unsure):  # they touch the outline: GEOS's own answer, the polygons prepared
        hit[unsure] = shapely.relate_pattern(polygons, segments[unsure], "T********")
    return hit


def interiors_meet(segments: np.ndarray, geometry: Any) -> np.ndarray:
    """Whether each of ``segments`` (two-point linestrings) has interior points in common
    with the interior of ``geometry`` (polygons or lines), as
    ``shapely.relate_pattern(segments, geometry, "T********")`` says.

    Examples
    --------
    >>> import shapely
    >>> segments = shapely.linestrings([[(0, 0), (1, 0)], [(0, 2), (1, 2)], [(0, 1), (1, 1)]])
    >>> river = shapely.LineString([(0.5, -1), (0.5, 1)])
    >>> interiors_meet(segments, river).tolist()  # the river ends on the third one
    [True, False, False]
    >>> lake = shapely.box(0, 0.5, 1, 1.5)
    >>> interiors_meet(segments, lake).tolist()
    [False, False, True]
    """
    segments = np.asarray(segments, dtype=object)
    if geometry.is_empty or len(segments) == 0:
        return np.zeros(len(segments), dtype=bool)
    kind = shapely.get_type_id(geometry)
    if shapely.get_num_coordinates(geometry) <= _DIRECT or kind not in (1, 3, 5, 6):
        return np.asarray(shapely.relate_pattern(segments, geometry, "T********"), dtype=bool)
    if kind in (3, 6):  # Polygon, MultiPolygon
        return _meet_polygons(segments, geometry)
    return _meet_lines(segments, geometry)
