"""A board as a printed poster: the map at real size with a legend, tiled onto pages.

The poster is the map (sea, land, water, mountains, rivers, segments, points, cities and
their names, as on screen, in print colours) above a legend strip (what each style means,
the card colours with their marks, the board's name and the printed scale). It is printed
either on one large page for a print shop (``one_page=True``) or tiled onto A4 or Letter
pages that overlap, each with crop marks, ticks where its neighbour's edge lands and a
label ("B2: column B of 3, row 2 of 4"), after a first page that shows how the tiles fit
together with a bar to check the printer kept the scale (a board that fits one sheet is
that sheet alone).

The scales and the tiling are :mod:`workbench.printing.layout`'s; the legend is
:mod:`workbench.printing.legend`'s.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from workbench.maps.board import Board
from workbench.maps.drawing import (
    CITY_RADIUS,
    DASHED_RADIUS,
    DOUBLE_GAP,
    PADDING,
    ROUTE_CITY_RADIUS,
    Car,
    LabelPlace,
    board_extent,
    cars,
    double_lines,
    place_labels,
    portal_ticks,
    terrain_xy,
)
from workbench.maps.lattice import plane_xy
from workbench.maps.routes import GRAY, RouteBoard
from workbench.printing.canvas import PT, Canvas, View
from workbench.printing.layout import (
    LATTICE_SCALE,
    MARGIN,
    MAX_PAGE,
    NAME_SIZE,
    OVERLAP,
    PAPERS,
    PRINTED_CAR_WIDTH,
    ROUTE_NAME_SIZE,
    ROUTE_PADDING,
    ROUTE_SCALE,
    SHOP_MARGIN,
    Paper,
    Tile,
    column,
    hatch,
    measurer,
    plan_tiles,
)
from workbench.printing.legend import draw_legend
from workbench.printing.style import PRINT, ink_on, mark_of

__all__ = ["Poster", "PrintedBoard", "board_pdf", "poster"]

XY = tuple[float, float]
Box = tuple[float, float, float, float]


# ---------------------------------------------------------------------- the poster


@dataclass(frozen=True)
class Poster:
    """A board laid out at a scale: the map's plane window, the map and legend heights.

    ``k`` is mm per plane unit; the map shows plane ``x0..x1`` by ``y0..y1`` (north up) at
    the poster's top; the legend strip follows. :meth:`xy` is where a plane point lands
    on the poster, in mm from its top left; ``swatches`` where each legend entry's swatch
    sits (poster mm, by entry: ``single``, ``ferry``, ``color-brown``...).
    """

    board: Board | RouteBoard
    k: float
    x0: float
    x1: float
    y0: float
    y1: float
    legend_height: float = 0.0
    swatches: Mapping[str, Box] = field(default_factory=dict)

    @property
    def width(self) -> float:
        """The poster's width, mm."""
        return (self.x1 - self.x0) * self.k

    @property
    def map_height(self) -> float:
        """The map's height, mm."""
        return (self.y1 - self.y0) * self.k

    @property
    def height(self) -> float:
        """The poster's height with its legend, mm."""
        return self.map_height + self.legend_height

    def xy(self, x: float, y: float) -> XY:
        """A plane point's place on the poster, mm from its top left."""
        return (x - self.x0) * self.k, (self.y1 - y) * self.k

    @cached_property
    def cars(self) -> dict[str, list[Car]]:
        """A route board's car spaces as printed (wider than on screen), by route id."""
        if not isinstance(self.board, RouteBoard):
            return {}
        return cars(self.board, PRINTED_CAR_WIDTH)

    @cached_property
    def labels(self) -> list[LabelPlace]:
        """Where each city's name goes, in plane units (the same at any zoom): beside its
        disc (outside a dashed card's ring), clear of other discs, names and cars.

        >>> from workbench import load_map
        >>> place = poster(load_map("maps/tiny.yaml")).labels[0]
        >>> place.align, place.baseline
        ('left', 'bottom')
        """
        board, measure, k = self.board, measurer(), self.k
        if isinstance(board, RouteBoard):
            size, radius = ROUTE_NAME_SIZE, ROUTE_CITY_RADIUS
            centres = [board.positions[city.name] for city in board.cities]
            radii = None
            avoid = [
                (
                    min(x for x, _ in car.corners),
                    min(y for _, y in car.corners),
                    max(x for x, _ in car.corners),
                    max(y for _, y in car.corners),
                )
                for spaces in self.cars.values()
                for car in spaces
            ]
        else:
            size, radius, avoid = NAME_SIZE, CITY_RADIUS, []
            centres = [plane_xy(city.at) for city in board.cities]
            radii = [DASHED_RADIUS if city.dashed else CITY_RADIUS for city in board.cities]
        widths = [measure.width_of(city.name, size, bold=True) / k for city in board.cities]
        height = 0.73 * size * PT * 1.3 / k
        return place_labels(centres, widths, height, radius=radius, avoid=avoid, radii=radii)

    def city_xy(self, name: str) -> XY:
        """Where a city's centre lands on the poster, mm from its top left.

        >>> from workbench import load_map
        >>> x, y = poster(load_map("maps/tiny.yaml")).city_xy("Alder")
        >>> round(x, 1), round(y, 1)
        (50.4, 35.2)
        """
        if isinstance(self.board, RouteBoard):
            return self.xy(*self.board.positions[name])
        return self.xy(*plane_xy(self.board.city(name).at))


def poster(board: Board | RouteBoard, scale: float | None = None) -> Poster:
    """Lay ``board`` out at ``scale`` mm per plane unit (the kind's default when None).

    Examples
    --------
    >>> from workbench import load_map
    >>> p = poster(load_map("maps/trans_europa.yaml"))
    >>> round(p.width), round(p.map_height)  # mm: about the published boards' size
    (744, 518)
    """
    if scale is not None and not scale > 0:
        raise ValueError(f"scale {scale!r} must be a positive number of mm")
    if isinstance(board, RouteBoard):
        k = ROUTE_SCALE if scale is None else scale
        # the cities' extent: land outlines may run far beyond them (off the board)
        xy = list(board.positions.values()) or [(0.0, 0.0), (1.0, 1.0)]
        xmin, xmax = min(x for x, _ in xy), max(x for x, _ in xy)
        ymin, ymax = min(y for _, y in xy), max(y for _, y in xy)
        pad = ROUTE_PADDING
    else:
        k = LATTICE_SCALE if scale is None else scale
        xmin, xmax, ymin, ymax = board_extent(board)
        pad = PADDING
    p = Poster(board, k, xmin - pad, xmax + pad, ymin - pad, ymax + pad)
    height, swatches = draw_legend(None, p, 0.0, 0.0, 1.0)
    return dataclasses.replace(p, legend_height=height, swatches=swatches)


# ---------------------------------------------------------------------- drawing


def _visible(points: Sequence[XY], box: Box | None, slack: float) -> bool:
    if box is None:
        return True
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return not (
        max(xs) < box[0] - slack
        or min(xs) > box[2] + slack
        or max(ys) < box[1] - slack
        or min(ys) > box[3] + slack
    )


def _draw_land(c: Canvas, v: View, f: float, areas: list[list[tuple[float, float]]]) -> None:
    """The land areas (each a polygon in plane coordinates) over the sea."""
    for plane in areas:
        c.polygon(v.many(plane), PRINT["land"], PRINT["land-line"], 0.35 * f)


def _draw_names(
    c: Canvas, p: Poster, v: View, f: float, box: Box | None, slack: float, size: float
) -> None:
    """The cities' names at their placed labels, each with a white halo."""
    names: list[str] = [city.name for city in p.board.cities]
    for name, place in zip(names, p.labels, strict=True):
        if _visible([(place.box[0], place.box[1]), (place.box[2], place.box[3])], box, slack):
            x, y = v(place.x, place.y)
            c.text(
                x,
                y,
                name,
                size,
                True,
                PRINT["text"],
                place.align,
                "bottom" if place.baseline == "bottom" else "top",
                halo=1.1 * f,
            )


def _draw_lattice(c: Canvas, p: Poster, v: View, f: float, box: Box | None) -> None:
    board = p.board
    assert isinstance(board, Board)
    k = v.k
    c.rect(v.ox, v.oy, p.width * f, p.map_height * f, fill=PRINT["sea"])
    _draw_land(c, v, f, [[terrain_xy(q) for q in area.polygon] for area in board.land])
    for feature in board.terrain:
        if feature.polygon:
            plane = [terrain_xy(q) for q in feature.polygon]
            if feature.terrain == "water":
                c.polygon(v.many(plane), PRINT["water"], PRINT["water-line"], 0.3 * f)
            else:
                c.polygon(v.many(plane), PRINT["mountain"], None)
                for a, b in hatch(plane, 3.0 / p.k):
                    c.line(v(*a), v(*b), PRINT["hatch"], 0.3 * f)
                c.polygon(v.many(plane), None, PRINT["mountain-hatch"], 0.3 * f)
        if feature.line:
            plane = [terrain_xy(q) for q in feature.line]
            if feature.terrain == "water":
                c.polyline(v.many(plane), PRINT["river"], 1.3 * f, cap="round")
            else:
                c.polyline(v.many(plane), PRINT["mountain-hatch"], 1.6 * f, cap="round")
    slack = 1.0
    for s in board.segments.values():
        a, b = plane_xy(s.between[0]), plane_xy(s.between[1])
        if not _visible([a, b], box, slack):
            continue
        if s.kind == "double":
            color = PRINT.get(f"double-{s.terrain}", PRINT["double-mountain"])
            for q, r in double_lines(s.between, DOUBLE_GAP):
                c.line(v(*q), v(*r), color, 0.45 * f)
        elif s.kind == "ferry":
            c.line(v(*a), v(*b), PRINT["ferry"], 1.0 * f, dash=(3.0 * f, 1.8 * f))
        elif s.kind == "tunnel":
            c.line(v(*a), v(*b), PRINT["tunnel"], 1.1 * f, dash=(1.6 * f, 1.0 * f))
            for q, r in portal_ticks(s.between):
                c.line(v(*q), v(*r), PRINT["tunnel"], 1.1 * f)
        else:
            c.line(v(*a), v(*b), PRINT["single"], 0.5 * f)
    for pt in board.points:
        xy = plane_xy(pt)
        if _visible([xy], box, slack):
            c.disc(v(*xy), 0.75 * f, PRINT["point"])
    marks = {col.name: mark_of(i) for i, col in enumerate(board.colors)}
    fills = {col.name: col.fill for col in board.colors}
    centres = [plane_xy(city.at) for city in board.cities]
    size = NAME_SIZE * f
    for city, xy in zip(board.cities, centres, strict=True):
        if city.dashed and _visible([xy], box, slack):
            c.disc(
                v(*xy),
                DASHED_RADIUS * k,
                "#ffffff",
                PRINT["city-line"],
                0.5 * f,
                dash=(1.6 * f, 1.1 * f),
            )
    for city, xy in zip(board.cities, centres, strict=True):
        if not _visible([xy], box, slack):
            continue
        fill = fills.get(city.color, "#ffffff")
        c.disc(v(*xy), CITY_RADIUS * k, fill, PRINT["city-line"], 0.55 * f)
        c.mark(marks.get(city.color, "dot"), v(*xy), CITY_RADIUS * k * 0.55, ink_on(fill))
    _draw_names(c, p, v, f, box, slack, size)


def _draw_routes(c: Canvas, p: Poster, v: View, f: float, box: Box | None) -> None:
    board = p.board
    assert isinstance(board, RouteBoard)
    k = v.k
    background = PRINT["sea"] if board.land else PRINT["plain-board"]
    c.rect(v.ox, v.oy, p.width * f, p.map_height * f, fill=background)
    _draw_land(c, v, f, [[board.xy(q) for q in area.polygon] for area in board.land])
    marks = {col.name: mark_of(i) for i, col in enumerate(board.colors)}
    spaces = p.cars
    for route in board.routes:
        fill = board.fill(route.color)
        for car in spaces[route.id]:
            if not _visible(list(car.corners), box, 1.0):
                continue
            corners = v.many(car.corners)
            if route.kind == "tunnel":
                c.polygon(corners, fill, PRINT["tunnel-line"], 0.9 * f)
            elif route.kind == "ferry":
                c.polygon(corners, fill, PRINT["ferry"], 0.55 * f, dash=(1.2 * f, 0.7 * f))
            else:
                c.polygon(corners, fill, PRINT["car-line"], 0.3 * f)
            if car.locomotive:
                c.disc(v(*car.centre), PRINTED_CAR_WIDTH * k * 0.3, "#ffffff", "#111111", 0.3 * f)
            elif route.color != GRAY and route.color in marks:
                c.mark(
                    marks[route.color], v(*car.centre), PRINTED_CAR_WIDTH * k * 0.34, ink_on(fill)
                )
    size = ROUTE_NAME_SIZE * f
    centres = [board.positions[city.name] for city in board.cities]
    for xy in centres:
        if _visible([xy], box, 2.0):
            c.disc(
                v(*xy),
                ROUTE_CITY_RADIUS * k,
                PRINT["route-city"],
                PRINT["route-city-line"],
                0.5 * f,
            )
    _draw_names(c, p, v, f, box, 2.0, size)


def _draw_poster(c: Canvas, p: Poster, ox: float, oy: float, f: float, box: Box | None) -> None:
    """The whole poster with its top left at page ``(ox, oy)``, at zoom ``f``; ``box`` is
    the part that shows, in poster mm (None: all of it)."""
    v = View(p.k * f, p.x0, p.y1, ox, oy)
    plane_box = None
    if box is not None:
        plane_box = (
            p.x0 + box[0] / p.k,
            p.y1 - (box[1] + box[3]) / p.k,
            p.x0 + (box[0] + box[2]) / p.k,
            p.y1 - box[1] / p.k,
        )
    if isinstance(p.board, RouteBoard):
        _draw_routes(c, p, v, f, plane_box)
    else:
        _draw_lattice(c, p, v, f, plane_box)
    draw_legend(c, p, ox, oy, f)


# ---------------------------------------------------------------------- pages


def _crop_marks(
    c: Canvas, x: float, y: float, w: float, h: float, gap: float, length: float
) -> None:
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            c.line((cx + sx * gap, cy), (cx + sx * (gap + length), cy), "#000000", 0.25)
            c.line((cx, cy + sy * gap), (cx, cy + sy * (gap + length)), "#000000", 0.25)


@dataclass
class PrintedBoard:
    """A printed board: the PDF's ``data``, its ``poster`` and its ``tiles`` (empty on one
    page), whether the tiles are ``landscape``, the ``paper`` and the ``margin`` (mm)."""

    data: bytes
    poster: Poster
    tiles: list[Tile]
    landscape: bool
    paper: Paper | None
    margin: float
    overlap: float

    @property
    def pages(self) -> int:
        """How many pages the PDF has: an assembly page when there are several tiles, then
        one page per tile; or one."""
        return len(self.tiles) + (len(self.tiles) > 1) if self.tiles else 1

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the PDF to ``path`` atomically."""
        from workbench.files import write_atomic

        return write_atomic(Path(path), self.data)


def board_pdf(
    board: Board | RouteBoard,
    *,
    paper: str = "a4",
    one_page: bool = False,
    scale: float | None = None,
    overlap: float = OVERLAP,
    margin: float = MARGIN,
) -> PrintedBoard:
    """Print ``board`` as a vector PDF at real size.

    Parameters
    ----------
    board : Board or RouteBoard
        The board.
    paper : {"a4", "letter"}
        The sheets to tile onto.
    one_page : bool
        One page the poster's size (plus a border with crop marks), for a print shop.
    scale : float, optional
        mm per plane unit; :data:`LATTICE_SCALE` or :data:`ROUTE_SCALE` by default.
    overlap, margin : float
        mm two neighbouring tiles repeat, and mm left blank at a tile page's edges.

    Returns
    -------
    PrintedBoard

    Examples
    --------
    >>> from workbench import load_map
    >>> printed = board_pdf(load_map("maps/tiny.yaml"))
    >>> printed.pages, [t.label for t in printed.tiles], printed.data[:5]
    (1, ['A1'], b'%PDF-')
    """
    if paper not in PAPERS:
        raise ValueError(f"paper {paper!r} is not one of {sorted(PAPERS)}")
    p = poster(board, scale)
    c = Canvas(title=p.board.name, subject="printed by rail-workbench")
    if one_page:
        m = SHOP_MARGIN
        if max(p.width, p.height) + 2 * m > MAX_PAGE:
            raise ValueError(
                f"at {p.k:g} mm a unit the board is {p.width / 10:.0f} x {p.height / 10:.0f} cm, "
                f"more than one PDF page holds ({MAX_PAGE / 10:.0f} cm a side): print it at a "
                "smaller scale, or on tiles"
            )
        c.page(p.width + 2 * m, p.height + 2 * m)
        _draw_poster(c, p, m, m, 1.0, None)
        _crop_marks(c, m, m, p.width, p.height, 2.0, 7.0)
        c.text(
            m,
            p.height + m + 3.0,
            f"{p.board.name}: {p.width / 10:.1f} x "
            f"{p.height / 10:.1f} cm, trim along the crop marks",
            7.0,
            False,
            PRINT["faint"],
            baseline="top",
        )
        return PrintedBoard(c.to_bytes(), p, [], False, None, m, 0.0)
    sheet = PAPERS[paper]
    landscape, tiles = plan_tiles(p.width, p.height, sheet, margin=margin, overlap=overlap)
    pw, ph = (sheet.height, sheet.width) if landscape else (sheet.width, sheet.height)
    several = len(tiles) > 1
    if several:
        _guide(c, p, tiles, sheet, landscape, margin, overlap)
    total = len(tiles) + several
    for n, t in enumerate(tiles, start=1 + several):
        c.page(pw, ph)
        with c.clip(margin, margin, t.w, t.h):
            _draw_poster(c, p, margin - t.x, margin - t.y, 1.0, (t.x, t.y, t.w, t.h))
        _crop_marks(c, margin, margin, t.w, t.h, 1.0, max(margin - 2.0, 2.0))
        # where the neighbours' trimmed edges land: the start of the overlap
        if t.col + 1 < t.cols:
            x = margin + t.w - overlap
            for y0, y1 in ((1.0, margin - 1.0), (ph - margin + 1.0, ph - 1.0)):
                c.line((x, y0), (x, y1), "#7a7a7a", 0.2, dash=(1.0, 0.8))
        if t.row + 1 < t.rows:
            y = margin + t.h - overlap
            for x0, x1 in ((1.0, margin - 1.0), (pw - margin + 1.0, pw - 1.0)):
                c.line((x0, y), (x1, y), "#7a7a7a", 0.2, dash=(1.0, 0.8))
        under = []
        if t.col:
            under.append(f"over {column(t.col - 1)}{t.row + 1} on the left")
        if t.row:
            under.append(f"over {column(t.col)}{t.row} above")
        how = f"; trim the left and top edges and lay it {' and '.join(under)}" if under else ""
        label = (
            f"{t.label}: column {column(t.col)} of {t.cols}, row {t.row + 1} of {t.rows}"
            f" · {p.board.name} · page {n} of {total}{how}"
        )
        c.text(margin + 3.0, ph - margin + 2.2, label, 7.0, False, PRINT["faint"], baseline="top")
        c.text(pw - margin - 3.0, margin - 2.2, t.label, 9.0, True, PRINT["text"], "right")
    return PrintedBoard(c.to_bytes(), p, tiles, landscape, sheet, margin, overlap)


def _guide(
    c: Canvas,
    p: Poster,
    tiles: list[Tile],
    sheet: Paper,
    landscape: bool,
    margin: float,
    overlap: float,
) -> None:
    """The first page: the whole poster small, the tiles over it, how to put them together."""
    pw, ph = (sheet.height, sheet.width) if landscape else (sheet.width, sheet.height)
    c.page(pw, ph)
    m = 15.0
    c.text(m, m, p.board.name, 16.0, True, PRINT["text"], baseline="top")
    rows, cols = tiles[-1].rows, tiles[-1].cols
    lines = [
        f"{len(tiles)} pages of {sheet.name} {'landscape' if landscape else 'upright'}, "
        f"{cols} columns (A-{column(cols - 1)}) by {rows} rows (1-{rows}); "
        f"the board is {p.width / 10:.1f} x {p.height / 10:.1f} cm at {p.k:g} mm a unit.",
        "Print at actual size (100 %, no 'fit to page'): the bar below is 100 mm long.",
        f"Trim each page along its crop marks on the left and top (not column A, not row 1), "
        f"lay it over its neighbour so the {overlap:g} mm",
        "overlap matches (dashed ticks mark where the trimmed edge lands) and tape it from "
        "behind. Each page says where it goes.",
    ]
    for i, text in enumerate(lines):
        c.text(m, m + 10 + i * 5.0, text, 8.5, False, PRINT["text"], baseline="top")
    top = m + 10 + len(lines) * 5.0 + 3
    c.rect(m, top, 100.0, 2.5, PRINT["text"])
    c.text(m + 102, top + 1.25, "100 mm", 8.0, False, PRINT["text"], baseline="middle")
    top += 9
    cover_w = cols * tiles[0].w - (cols - 1) * overlap
    cover_h = rows * tiles[0].h - (rows - 1) * overlap
    f = min((pw - 2 * m) / cover_w, (ph - top - m) / cover_h)
    with c.clip(m, top, p.width * f, p.height * f):
        _draw_poster(c, p, m, top, f, None)
    for t in tiles:
        c.rect(m + t.x * f, top + t.y * f, t.w * f, t.h * f, None, "#c0392b", 0.35, dash=(1.5, 1.0))
        c.text(
            m + (t.x + t.w / 2) * f,
            top + (t.y + t.h / 2) * f,
            t.label,
            20.0,
            True,
            "#c0392b",
            "center",
            "middle",
            halo=1.2,
        )
