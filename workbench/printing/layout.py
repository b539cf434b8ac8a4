"""Sizes and sheets of printed boards: the scales, the paper, the tiles a poster is cut into.

Scale. A lattice board prints at :data:`LATTICE_SCALE` mm between neighbouring points, so
Trans Europa's map comes out 74 x 52 cm (with the legend 74 x 55 cm), about the size of
the published boards of this family (roughly 80 x 55 cm); a route board prints at
:data:`ROUTE_SCALE` mm per plane unit (a degree of arc on a projected board), which makes
the Ticket to Ride Europe board 77 x 47 cm (49 cm with the legend).
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from shapely.geometry import LineString, Polygon

from workbench.printing.canvas import Canvas

__all__ = [
    "LATTICE_SCALE",
    "MARGIN",
    "OVERLAP",
    "PAPERS",
    "ROUTE_SCALE",
    "Paper",
    "Tile",
    "column",
    "hatch",
    "measurer",
    "plan_tiles",
]

XY = tuple[float, float]
Box = tuple[float, float, float, float]

LATTICE_SCALE = 24.0
"""Millimetres between two neighbouring points of a printed lattice board."""
ROUTE_SCALE = 19.0
"""Millimetres per plane unit (a degree of arc on a projected board) of a printed route board."""
MARGIN = 8.0
"""The unprinted border of a tiled page, in mm (office printers leave 4-6 mm blank)."""
OVERLAP = 10.0
"""How much two neighbouring tiles repeat, in mm: room to glue or tape them."""
SHOP_MARGIN = 12.0
"""The border around the poster on the one-page PDF, where its crop marks go, in mm."""
NAME_SIZE = 12.0
"""A lattice board's city names, in points (bold)."""
ROUTE_NAME_SIZE = 11.0
"""A route board's city names, in points (bold)."""
MAX_PAGE = 5080.0
"""The largest page side PDF readers take (200 inches, 14,400 points), in mm."""
ROUTE_PADDING = 1.0
"""Room left around a route board's cities, in plane units."""
PRINTED_CAR_WIDTH = 0.34
"""A printed car's width, in plane units (6.5 mm at the default scale): wider than on
screen, where cars are thin lines, so that the colour marks inside them read on paper."""


@dataclass(frozen=True)
class Paper:
    """A sheet, ``width`` x ``height`` mm when held upright."""

    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}
"""The sheets a tiled board prints on, by the name ``--paper`` takes."""


@dataclass(frozen=True)
class Tile:
    """One page of a tiled poster: the poster's box ``(x, y, w, h)`` in mm that it shows,
    its ``row`` and ``col`` (from 0) of ``rows`` x ``cols``, and its ``label`` (``B2``:
    column B, row 2)."""

    label: str
    row: int
    col: int
    rows: int
    cols: int
    x: float
    y: float
    w: float
    h: float


MAX_TILES = 400
"""The most pages a tiled board may take (a board at Trans Europa's real size takes 12 A4
pages; 400 is a poster several metres wide): more is refused before anything is drawn."""


def column(i: int) -> str:
    letters = string.ascii_uppercase
    return letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26]


def plan_tiles(
    width: float,
    height: float,
    paper: Paper,
    *,
    margin: float = MARGIN,
    overlap: float = OVERLAP,
) -> tuple[bool, list[Tile]]:
    """Cut a ``width`` x ``height`` mm poster into pages of ``paper``.

    Each page prints a ``margin`` inside its edges; neighbouring pages repeat ``overlap``
    mm of the poster. The orientation (upright or landscape) that needs fewer pages wins.

    Returns
    -------
    (bool, list of Tile)
        Whether the pages are landscape, and the tiles row by row.

    Examples
    --------
    >>> landscape, tiles = plan_tiles(775, 570, PAPERS["a4"])
    >>> landscape, len(tiles), tiles[4].label, tiles[4].x, tiles[4].y
    (True, 12, 'B2', 271.0, 184.0)
    """
    if overlap < 0 or margin < 0:
        raise ValueError(f"margin {margin!r} and overlap {overlap!r} must be 0 or more")
    best: tuple[int, bool, int, int, float, float] | None = None
    for landscape in (False, True):
        pw, ph = (paper.height, paper.width) if landscape else (paper.width, paper.height)
        w, h = pw - 2 * margin, ph - 2 * margin
        if w <= overlap or h <= overlap:
            raise ValueError(
                f"a margin of {margin} mm and an overlap of {overlap} mm leave no room on "
                f"{paper.name}"
            )
        cols = max(1, math.ceil((width - overlap) / (w - overlap) - 1e-9))
        rows = max(1, math.ceil((height - overlap) / (h - overlap) - 1e-9))
        if best is None or cols * rows < best[0]:
            best = (cols * rows, landscape, cols, rows, w, h)
    assert best is not None
    pages, landscape, cols, rows, w, h = best
    if pages > MAX_TILES:
        raise ValueError(
            f"a {width / 10:.0f} x {height / 10:.0f} cm board takes {pages:,} pages of "
            f"{paper.name}, more than the {MAX_TILES} a print may take: print it at a smaller "
            "--scale, or on one page (--one-page)"
        )
    tiles = [
        Tile(
            f"{column(c)}{r + 1}",
            r,
            c,
            rows,
            cols,
            round(c * (w - overlap), 6),
            round(r * (h - overlap), 6),
            w,
            h,
        )
        for r in range(rows)
        for c in range(cols)
    ]
    return landscape, tiles


def hatch(polygon: Sequence[XY], spacing: float) -> list[tuple[XY, XY]]:
    """Diagonal lines ``spacing`` apart across ``polygon`` (plane units), clipped to it."""
    shape = Polygon(polygon)
    if not shape.is_valid:
        shape = shape.buffer(0)
    if shape.is_empty:
        return []
    xmin, ymin, xmax, ymax = shape.bounds
    out: list[tuple[XY, XY]] = []
    span = (xmax - xmin) + (ymax - ymin)
    t = xmin - (ymax - ymin)
    while t <= xmax:
        cut = shape.intersection(LineString([(t, ymin), (t + span, ymin + span)]))
        for part in getattr(cut, "geoms", [cut]):
            if isinstance(part, LineString) and not part.is_empty:
                (ax, ay), (bx, by) = part.coords[0], part.coords[-1]
                out.append(((ax, ay), (bx, by)))
        t += spacing
    return out


@cache
def measurer() -> Canvas:
    """A document to measure text with, made once (loading the fonts takes a tenth of a
    second)."""
    return Canvas()
