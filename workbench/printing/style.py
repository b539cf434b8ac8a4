"""Print colours, and the marks that keep colours apart when a page is printed in grey.

Paper is not a screen: a colour that reads well on a monitor may come out of an office
laser printer as the same grey as its neighbour. Every printed style is therefore a colour
*and* a shape: the two lines of a double, the dashes of a ferry, a tunnel's portal ticks,
hatching on mountains, and a small mark inside every city disc and car that names its card
colour (a dot, a bar, a cross...), as the colour-blind symbols of recent rail games do.
:func:`grey` is the luminance a greyscale printer uses, for tests and for picking a mark's
ink (dark on a light fill, white on a dark one).
"""

from __future__ import annotations

__all__ = [
    "MARKS",
    "PRINT",
    "TOKEN_COLORS",
    "grey",
    "ink_on",
    "mark_of",
    "rgb",
]

PRINT: dict[str, str] = {
    "sea": "#b3cde2",
    "land": "#fffcf0",
    "land-line": "#8f8260",
    "water": "#9cc1e2",
    "water-line": "#4f86bf",
    "river": "#4f86bf",
    "mountain": "#eadbc3",
    "mountain-hatch": "#a07a4c",
    "hatch": "#c9ab85",
    "single": "#262626",
    "double-water": "#4a90dc",
    "double-mountain": "#6b3a10",
    "ferry": "#15508f",
    "tunnel": "#3b2410",
    "point": "#6f6f6f",
    "city-line": "#1e1e1e",
    "text": "#1a1a1a",
    "faint": "#6b6b6b",
    "plain-board": "#f7f1e1",
    "route-city": "#f2e6c9",
    "route-city-line": "#5b4a2f",
    "car-line": "#2e2e2e",
    "tunnel-line": "#7a3b0c",
}
"""The printed board's colours by role: a paler land and a darker sea than on screen (less
ink, and apart in grey), doubles over water and over mountains two greys apart."""

TOKEN_COLORS: dict[str, str] = {
    "red": "#c0392b",
    "yellow": "#e8c21a",
    "green": "#2e8b57",
    "blue": "#2c6fbb",
    "black": "#2b2b2b",
    "white": "#f4f4f4",
}
"""Fills of Transorient Express's token and card colours (others print grey)."""

MARKS: tuple[str, ...] = ("dot", "bar", "cross", "ring", "triangle", "square", "diamond", "slash")
"""The marks drawn inside a disc or a car for the 1st, 2nd, ... card colour of a board."""


def rgb(color: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` (or ``"#rgb"``) as three integers 0-255.

    >>> rgb("#1a5fb4"), rgb("#fff")
    ((26, 95, 180), (255, 255, 255))
    """
    text = color.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    if len(text) != 6:
        raise ValueError(f"colour {color!r} is not #rrggbb")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def grey(color: str) -> float:
    """The grey a colour prints as, 0 (black) to 1 (white): ITU-R BT.601 luma, the weights
    greyscale printing and ``pdftoppm -gray`` use.

    >>> round(grey("#ffffff"), 3), round(grey("#000000"), 3), round(grey("#808080"), 2)
    (1.0, 0.0, 0.5)
    """
    r, g, b = rgb(color)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def ink_on(fill: str) -> str:
    """The ink a mark or a letter takes on ``fill``: of near black and white, the one
    further from it in grey (so at least 0.44 apart).

    >>> ink_on("#f4f4f4"), ink_on("#2b2b2b"), ink_on("#9c6b3c")
    ('#1a1a1a', '#ffffff', '#ffffff')
    """
    dark, light = "#1a1a1a", "#ffffff"
    g = grey(fill)
    return dark if g - grey(dark) > grey(light) - g else light


def mark_of(index: int) -> str:
    """The mark of the ``index``-th card colour (cycling after eight).

    >>> mark_of(0), mark_of(4), mark_of(9)
    ('dot', 'triangle', 'bar')
    """
    return MARKS[index % len(MARKS)]
