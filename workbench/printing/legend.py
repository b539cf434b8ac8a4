"""The legend strip under a printed board: what each style means, the card colours with
their marks, the board's name and the printed scale with a bar to check it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from workbench.maps.board import Board
from workbench.maps.drawing import DOUBLE_GAP
from workbench.maps.routes import GRAY, RouteBoard
from workbench.printing.canvas import PT, Canvas
from workbench.printing.layout import (
    LATTICE_SCALE,
    PRINTED_CAR_WIDTH,
    ROUTE_SCALE,
    hatch,
    measurer,
)
from workbench.printing.style import PRINT, ink_on, mark_of

if TYPE_CHECKING:
    from workbench.printing.board import Poster

__all__ = ["Swatch", "draw_legend", "legend_items"]

Box = tuple[float, float, float, float]

_SW, _SH = 14.0, 7.0  # a swatch's box, mm at full size


Swatch = Callable[[Canvas, Box, float], None]
"""Draws a legend swatch in a box (page mm) at a zoom."""


def legend_items(board: Board | RouteBoard) -> list[tuple[str, str, Swatch]]:
    """``(key, label, draw)`` per legend entry; ``draw(canvas, (x, y, w, h), f)``.

    >>> from workbench import load_map
    >>> [key for key, _, _ in legend_items(load_map("maps/tiny.yaml"))][:5]
    ['single', 'double-water', 'double-mountain', 'ferry', 'tunnel']
    """

    def line(color: str, width: float, dash: tuple[float, float] | None = None) -> Swatch:
        def draw(c: Canvas, b: Box, f: float) -> None:
            y = b[1] + b[3] / 2
            c.line(
                (b[0], y),
                (b[0] + b[2], y),
                color,
                width * f,
                None if dash is None else (dash[0] * f, dash[1] * f),
            )

        return draw

    def double(color: str) -> Swatch:
        def draw(c: Canvas, b: Box, f: float) -> None:
            gap = DOUBLE_GAP * LATTICE_SCALE * f
            for dy in (-gap, gap):
                y = b[1] + b[3] / 2 + dy
                c.line((b[0], y), (b[0] + b[2], y), color, 0.45 * f)

        return draw

    def tunnel(c: Canvas, b: Box, f: float) -> None:
        y = b[1] + b[3] / 2
        c.line((b[0], y), (b[0] + b[2], y), PRINT["tunnel"], 1.1 * f, (1.6 * f, 1.0 * f))
        for x in (b[0] + b[2] * 0.25, b[0] + b[2] * 0.75):
            c.line((x, b[1] + 0.8 * f), (x, b[1] + b[3] - 0.8 * f), PRINT["tunnel"], 1.1 * f)

    def area(fill: str, line: str, hatched: bool = False) -> Swatch:
        def draw(c: Canvas, b: Box, f: float) -> None:
            c.rect(b[0], b[1], b[2], b[3], fill, line, 0.3 * f)
            if hatched:
                for a, q in hatch([(0, 0), (b[2], 0), (b[2], b[3]), (0, b[3])], 3.0 * f):
                    c.line(
                        (b[0] + a[0], b[1] + a[1]),
                        (b[0] + q[0], b[1] + q[1]),
                        PRINT["hatch"],
                        0.3 * f,
                    )

        return draw

    def disc(fill: str, mark: str | None, dashed: bool = False) -> Swatch:
        def draw(c: Canvas, b: Box, f: float) -> None:
            centre = (b[0] + b[3] / 2, b[1] + b[3] / 2)
            r = b[3] / 2 - 0.3 * f
            if dashed:
                c.disc(centre, r, "#ffffff", PRINT["city-line"], 0.4 * f, (1.2 * f, 0.8 * f))
                r *= 0.62
            c.disc(centre, r, fill, PRINT["city-line"], 0.45 * f)
            if mark:
                c.mark(mark, centre, r * 0.55, ink_on(fill))

        return draw

    def car(
        fill: str,
        line: str,
        width: float,
        dash: tuple[float, float] | None = None,
        mark: str | None = None,
        loco: bool = False,
    ) -> Swatch:
        def draw(c: Canvas, b: Box, f: float) -> None:
            h = PRINTED_CAR_WIDTH * ROUTE_SCALE * f
            y = b[1] + (b[3] - h) / 2
            c.rect(
                b[0] + 1 * f,
                y,
                b[2] - 2 * f,
                h,
                fill,
                line,
                width * f,
                None if dash is None else (dash[0] * f, dash[1] * f),
            )
            centre = (b[0] + b[2] / 2, b[1] + b[3] / 2)
            if loco:
                c.disc(centre, h * 0.3, "#ffffff", "#111111", 0.3 * f)
            elif mark:
                c.mark(mark, centre, h * 0.34, ink_on(fill))

        return draw

    items: list[tuple[str, str, Swatch]] = []
    if isinstance(board, RouteBoard):
        grey = board.fill(GRAY)
        items += [
            (
                "route",
                "gray route: any one color (a space a car)",
                car(grey, PRINT["car-line"], 0.3),
            ),
            ("tunnel", "tunnel (heavy outline)", car(grey, PRINT["tunnel-line"], 0.9)),
            ("ferry", "ferry (dashed outline)", car(grey, PRINT["ferry"], 0.55, (1.2, 0.7))),
            (
                "locomotive",
                "a ferry's locomotive space",
                car(grey, PRINT["ferry"], 0.55, (1.2, 0.7), loco=True),
            ),
        ]
        if board.land:
            items.append(("land", "land", area(PRINT["land"], PRINT["land-line"])))
        items += [
            (f"color-{col.name}", col.name, car(col.fill, PRINT["car-line"], 0.3, mark=mark_of(i)))
            for i, col in enumerate(board.colors)
        ]
        return items
    items += [
        ("single", "single (1 rail)", line(PRINT["single"], 0.5)),
        ("double-water", "double over water (2)", double(PRINT["double-water"])),
        ("double-mountain", "double over mountains (2)", double(PRINT["double-mountain"])),
        ("ferry", "ferry", line(PRINT["ferry"], 1.0, (3.0, 1.8))),
        ("tunnel", "tunnel", tunnel),
        ("sea", "sea", area(PRINT["sea"], PRINT["sea"])),
        ("land", "land", area(PRINT["land"], PRINT["land-line"])),
        ("water", "lake, water", area(PRINT["water"], PRINT["water-line"])),
        ("mountain", "mountains", area(PRINT["mountain"], PRINT["mountain-hatch"], hatched=True)),
        ("river", "river", line(PRINT["river"], 1.3)),
        ("dashed", "dashed card: out with 2-3 players", disc("#ffffff", None, dashed=True)),
    ]
    items += [
        (f"color-{col.name}", f"{col.name} city", disc(col.fill, mark_of(i)))
        for i, col in enumerate(board.colors)
    ]
    return items


def draw_legend(
    c: Canvas | None, p: Poster, ox: float, oy: float, f: float
) -> tuple[float, dict[str, Box]]:
    """Draw the legend strip with its top left at page ``(ox, oy)`` at zoom ``f`` (or, with
    no canvas, only measure it); returns its height at full size and where each swatch
    sits (poster mm)."""
    board = p.board
    measure = c if c is not None else measurer()
    pad, gap, row_h, text = 6.0, 7.0, 10.0, 8.5
    title_size = 14.0
    y = p.map_height + pad
    title = board.name or "Untitled board"
    unit = "between neighbouring points" if isinstance(board, Board) else "per degree of arc"
    note = f"printed at {p.k:g} mm {unit}; the bar is 50 mm long at actual size"
    by = " · ".join(x for x in (board.author, board.license) if x)
    if c is not None:
        c.text(ox + pad * f, oy + y * f, title, title_size * f, True, PRINT["text"], baseline="top")
        tw = measure.width_of(title, title_size, True) + 6
        c.text(
            ox + (pad + tw) * f,
            oy + (y + 0.6) * f,
            note,
            text * f,
            False,
            PRINT["faint"],
            baseline="top",
        )
        nw = measure.width_of(note, text) + 3
        bar_x = pad + tw + nw
        c.rect(ox + bar_x * f, oy + (y + 0.8) * f, 50 * f, 2.2 * f, PRINT["text"])
        if by:
            c.text(
                ox + (bar_x + 54) * f,
                oy + (y + 0.6) * f,
                by,
                text * f,
                False,
                PRINT["faint"],
                baseline="top",
            )
    y += title_size * PT + 4.0
    x = pad
    width = p.width
    swatches: dict[str, Box] = {}
    for key, label, draw in legend_items(board):
        w = _SW + 2.0 + measure.width_of(label, text)
        if x + w > width - pad and x > pad:
            x, y = pad, y + row_h
        swatches[key] = (x, y, _SW, _SH)
        if c is not None:
            draw(c, (ox + x * f, oy + y * f, _SW * f, _SH * f), f)
            c.text(
                ox + (x + _SW + 2.0) * f,
                oy + (y + _SH / 2) * f,
                label,
                text * f,
                False,
                PRINT["text"],
                baseline="middle",
            )
        x += w + gap
    return y + _SH + pad - p.map_height, swatches
