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


# ---------------------------------------------------------------------- lattice segments
#
# A drawing whose long pieces run across the board (a river folded like an accordion, a
# mountain shaped as a comb) defeats every index of bounding boxes: each segment lies in the
# boxes of thousands of pieces, in GEOS's prepared geometries as in ours. When the segments
# are the lattice's own, the crossings are found the other way round: each piece of the
# drawing is followed across the three families of lattice lines (rows, and the two
# diagonals), as a line through a grid is, and each crossing names the segment it crosses.

_MARGIN = 1e-6
"""Crossings closer than this (lattice units) to a lattice point or to a piece's end, and
pieces this close to running along a lattice line, leave their segments to GEOS."""


class _Lattice:
    """Lattice segments by their lower point and direction: 0 east, 1 south-east along
    ``x - y / 2`` constant, 2 south-west along ``x + y / 2`` constant."""

    def __init__(self, col: np.ndarray, row: np.ndarray, way: np.ndarray) -> None:
        self.c0, self.r0 = int(col.min()) - 2, int(row.min()) - 2
        self.width = int(col.max()) - self.c0 + 3
        self.height = int(row.max()) - self.r0 + 3
        self.table = np.full(self.width * self.height * 3, -1, dtype=np.int64)
        self.table[self._slot(col, row, way)] = np.arange(len(col))

    def _slot(self, col: np.ndarray, row: np.ndarray, way: np.ndarray | int) -> np.ndarray:
        return ((row - self.r0) * self.width + (col - self.c0)) * 3 + way

    def find(self, col: np.ndarray, row: np.ndarray, way: np.ndarray | int) -> np.ndarray:
        """The index of each segment (``-1`` where the lattice has none)."""
        col, row = np.asarray(col, dtype=np.int64), np.asarray(row, dtype=np.int64)
        inside = (col >= self.c0) & (col < self.c0 + self.width)
        inside &= (row >= self.r0) & (row < self.r0 + self.height)
        out = np.full(len(col), -1, dtype=np.int64)
        way = np.broadcast_to(way, col.shape)
        out[inside] = self.table[self._slot(col[inside], row[inside], way[inside])]
        return out

    def around(self, col: np.ndarray, row: np.ndarray) -> np.ndarray:
        """The segments at each of the points ``col, row`` (up to six each)."""
        shift = row & 1
        lo, hi = col - 1 + shift, col + shift
        found = [
            self.find(col, row, 0), self.find(col - 1, row, 0),  # east and west
            self.find(col, row, 1), self.find(col, row, 2),  # down, right and left
            self.find(lo, row - 1, 1), self.find(hi, row - 1, 2),  # up, left and right
        ]  # fmt: skip
        out = np.concatenate(found)
        return out[out >= 0]


def _as_lattice(segments: np.ndarray) -> _Lattice | None:
    """The lattice index of ``segments`` when each is a lattice segment in lattice units."""
    if not len(segments) or shapely.get_num_coordinates(segments).max() != 2:
        return None
    xy = shapely.get_coordinates(segments).reshape(-1, 2, 2)
    a, b = xy[:, 0], xy[:, 1]
    swap = (b[:, 1] < a[:, 1]) | ((b[:, 1] == a[:, 1]) & (b[:, 0] < a[:, 0]))
    a, b = np.where(swap[:, None], b, a), np.where(swap[:, None], a, b)
    if not (np.isfinite(xy).all() and (np.abs(xy) < 2**30).all()):
        return None
    row = np.round(a[:, 1])
    col = a[:, 0] - 0.5 * (row.astype(np.int64) & 1)
    if not ((a[:, 1] == row) & (col == np.round(col))).all():
        return None
    dx, dy = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    way = np.where(dy == 0, 0, np.where(dx > 0, 1, 2))
    ok = ((dy == 0) & (dx == 1)) | ((dy == 1) & (np.abs(dx) == 0.5))
    if not ok.all():
        return None
    return _Lattice(col.astype(np.int64), row.astype(np.int64), way)


_FAMILIES = (
    # the value constant along a family's lines, and the coordinate that runs along them
    (lambda x, y: y, lambda x, y: x),
    (lambda x, y: x - y / 2, lambda x, y: y),
    (lambda x, y: x + y / 2, lambda x, y: y),
)


def _cells(family: int, k: np.ndarray, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lower point of the segment of line ``k`` of ``family`` holding position ``s``."""
    if family == 0:
        col = np.floor(s - 0.5 * (k & 1)).astype(np.int64)
        return col, k
    row = np.floor(s).astype(np.int64)
    col = k + row // 2 if family == 1 else k - (row + 1) // 2
    return col, row


def _sweep(
    lattice: _Lattice, edges: np.ndarray, vertices: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray]:
    """Which segments ``edges`` (rows ``x0, y0, x1, y1``) surely cross at a point inside
    both, away from every vertex (``crossed``), and which they may touch otherwise
    (``unsure``): every segment the drawing meets is one or the other."""
    crossed = np.zeros(count, dtype=bool)
    unsure = np.zeros(count, dtype=bool)
    # every segment at the points around a vertex: a piece may end on them
    vx, vy = vertices[:, 0], vertices[:, 1]
    base = np.floor(vy).astype(np.int64)
    for dr in (0, 1):
        row = base + dr
        start = np.floor(vx - 0.5 * (row & 1)).astype(np.int64)
        for dc in (-1, 0, 1, 2):
            unsure[lattice.around(start + dc, row)] = True
    x0, y0, x1, y1 = edges.T
    for family, (value, along) in enumerate(_FAMILIES):
        fa, fb = value(x0, y0), value(x1, y1)
        sa, sb = along(x0, y0), along(x1, y1)
        lo, hi = np.minimum(fa, fb), np.maximum(fa, fb)
        first = np.ceil(lo - _MARGIN).astype(np.int64)
        span = np.maximum(np.floor(hi + _MARGIN).astype(np.int64) - first + 1, 0)
        big = 1 + np.maximum(np.abs(fa), np.abs(fb))
        for chunk in _chunks(np.flatnonzero(span), span):
            e = np.repeat(chunk, span[chunk])
            k = first[e] + _offsets(span[chunk])
            width = hi[e] - lo[e]
            t = np.clip((k - fa[e]) / np.where(width > 0, fb[e] - fa[e], 1.0), 0.0, 1.0)
            s = sa[e] + t * (sb[e] - sa[e])
            # how far s may be from the true crossing: rounding, magnified by a shallow angle
            error = 64e-16 * (big[e] * np.abs(sb[e] - sa[e]) / np.maximum(width, 1e-300)
                              + 1 + np.abs(s))  # fmt: skip
            offset = s - 0.5 * (k & 1) if family == 0 else s
            gap = np.abs(offset - np.round(offset))  # to the nearest lattice point
            sure = (lo[e] + _MARGIN < k) & (k < hi[e] - _MARGIN)
            sure &= (error < _MARGIN / 4) & (gap > _MARGIN + error)
            found = lattice.find(*_cells(family, k[sure], s[sure]), family)
            crossed[found[found >= 0]] = True
            # the rest: every segment at the lattice points near where the crossing may be
            doubt = np.flatnonzero(~sure)
            if not len(doubt):
                continue
            ends = np.minimum(sa[e][doubt], sb[e][doubt]), np.maximum(sa[e][doubt], sb[e][doubt])
            reach = error[doubt] + _MARGIN
            low = np.maximum(s[doubt] - reach, ends[0] - _MARGIN)
            high = np.minimum(s[doubt] + reach, ends[1] + _MARGIN)
            first_point = _cells(family, k[doubt], low)
            last_point = _cells(family, k[doubt], high)
            run = last_point[1] - first_point[1] if family else last_point[0] - first_point[0]
            run = np.maximum(run, 0) + 3  # a point more on either side
            which = np.repeat(np.arange(len(doubt)), run)
            n = _offsets(run) - 1
            kk = k[doubt][which]
            if family == 0:
                pc, pr = first_point[0][which] + n, kk
            else:
                pr = first_point[1][which] + n
                pc = kk + pr // 2 if family == 1 else kk - (pr + 1) // 2
            unsure[lattice.around(pc, pr)] = True
    return crossed, unsure


def _offsets(counts: np.ndarray) -> np.ndarray:
    """``0, 1, ..., n - 1`` for each ``n`` of ``counts``, one after the other."""
    starts = np.repeat(np.cumsum(counts) - counts, counts)
    return np.arange(int(counts.sum()), dtype=np.int64) - starts


def _chunks(items: np.ndarray, sizes: np.ndarray, most: int = 1 << 20) -> list[np.ndarray]:
    """``items`` in runs whose ``sizes`` add up to about ``most`` (bounded memory)."""
    if not len(items):
        return []
    ends = np.cumsum(sizes[items])
    cuts = np.searchsorted(ends, np.arange(most, int(ends[-1]), most), side="right")
    return [c for c in np.split(items, cuts) if len(c)]


def _edges(geometry: Any) -> tuple[np.ndarray, np.ndarray]:
    """The straight pieces of every line or ring of ``geometry`` (``x0, y0, x1, y1``), and
    its vertices."""
    lines = shapely.get_parts(geometry)
    if shapely.get_type_id(geometry) in (3, 6):
        lines = shapely.get_rings(lines)
    coords, index = shapely.get_coordinates(lines, return_index=True)
    same = index[1:] == index[:-1]
    edges = np.hstack([coords[:-1][same], coords[1:][same]])
    return edges, coords


def _meet_on_lattice(lattice: _Lattice, segments: np.ndarray, geometry: Any) -> np.ndarray:
    """:func:`interiors_meet` for lattice segments: sure answers from the sweep, GEOS's
    own answer for the segments the sweep leaves unsure."""
    edges, vertices = _edges(geometry)
    crossed, unsure = _sweep(lattice, edges, vertices, len(segments))
    hit = crossed & ~unsure
    doubt = np.flatnonzero(unsure)
    if shapely.get_type_id(geometry) in (3, 6):
        shapely.prepare(geometry)
        # a segment the outline does not meet lies wholly inside or outside: points joined
        # by such segments are on one side, so one point of each group is asked
        hit |= _inside_untouched(lattice, segments, ~crossed & ~unsure, geometry)
        if len(doubt):
            hit[doubt] = _meet_polygons(segments[doubt], geometry)
    elif len(doubt):
        hit[doubt] = _meet_lines(segments[doubt], geometry)
    return hit


def _inside_untouched(
    lattice: _Lattice, segments: np.ndarray, apart: np.ndarray, polygons: Any
) -> np.ndarray:
    """Which of the segments ``apart`` (meeting no outline) lie inside ``polygons``."""
    from scipy.sparse import coo_array
    from scipy.sparse.csgraph import connected_components

    inside = np.zeros(len(segments), dtype=bool)
    chosen = np.flatnonzero(apart)
    if not len(chosen):
        return inside
    xy = shapely.get_coordinates(segments[chosen]).reshape(-1, 2, 2)
    points, ends = np.unique(xy.reshape(-1, 2), axis=0, return_inverse=True)
    ends = ends.reshape(-1, 2)
    n = len(points)
    graph = coo_array((np.ones(len(ends)), (ends[:, 0], ends[:, 1])), shape=(n, n))
    _, label = connected_components(graph, directed=False)
    _, first = np.unique(label, return_index=True)  # a point of each group
    status = shapely.contains_xy(polygons, points[first, 0], points[first, 1])
    inside[chosen] = status[label[ends[:, 0]]]
    return inside


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
    lattice = _as_lattice(segments)
    if lattice is not None and (kind in (1, 5) or geometry.is_valid):
        return _meet_on_lattice(lattice, segments, geometry)
    if kind in (3, 6):  # Polygon, MultiPolygon
        return _meet_polygons(segments, geometry)
    return _meet_lines(segments, geometry)
