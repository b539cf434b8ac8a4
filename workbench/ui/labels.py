"""Where to write the names of a graph's nodes and the lengths of its edges so that they
do not cover each other: a greedy placement on the picture's pixels.

Each node's name is tried at eight spots around its disc (above, right, left, below, then
the corners) and each edge's length at spots along both sides of the edge; each label takes
the spot that covers least of what is already placed (names, lengths, the discs), the most
crowded nodes choosing first. It is the simple greedy method of map labelling (point-feature
label placement, Christensen, Marks and Shieber [1]_ compare it with better ones); on a
route map it leaves the names clear of each other.

Text sizes are estimated from the number of characters (no fonts are measured), so the
boxes are a little generous.

References
----------
.. [1] J. Christensen, J. Marks and S. Shieber, "An empirical study of algorithms for
   point-feature label placement", ACM Transactions on Graphics 14 (1995) 203-232.
   https://doi.org/10.1145/212332.212334
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Placed", "overlaps", "place_labels", "text_box"]

Box = tuple[float, float, float, float]
"""A rectangle in pixels, ``(x0, y0, x1, y1)``, y growing upwards."""

_NAME_SPOTS = (
    (0.0, 1.0, "center", "bottom"),
    (1.0, 0.0, "left", "middle"),
    (-1.0, 0.0, "right", "middle"),
    (0.0, -1.0, "center", "top"),
    (0.75, 0.75, "left", "bottom"),
    (-0.75, 0.75, "right", "bottom"),
    (0.75, -0.75, "left", "top"),
    (-0.75, -0.75, "right", "top"),
)
_ALONG = (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82)


@dataclass(frozen=True)
class Placed:
    """A label's place: its anchor in data units, how the text hangs from it, and its box
    in pixels."""

    x: float
    y: float
    align: str
    baseline: str
    box: Box


def text_box(text: str, font_px: float, bold: bool = False) -> tuple[float, float]:
    """The width and height in pixels a line of ``text`` takes, estimated.

    Examples
    --------
    >>> [round(v, 1) for v in text_box("Paris", 10)]
    [28.0, 12.0]
    """
    return len(text) * font_px * (0.62 if bold else 0.56), font_px * 1.2


def overlaps(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they do not overlap).

    Examples
    --------
    >>> overlaps((0, 0, 2, 2), (1, 1, 3, 3)), overlaps((0, 0, 1, 1), (2, 2, 3, 3))
    (1, 0)
    """
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def _hang(ax: float, ay: float, w: float, h: float, align: str, baseline: str) -> Box:
    x0 = ax if align == "left" else ax - w if align == "right" else ax - w / 2
    y0 = ay if baseline == "bottom" else ay - h if baseline == "top" else ay - h / 2
    return (x0, y0, x0 + w, y0 + h)


def _cost(box: Box, placed: Sequence[Box]) -> float:
    return sum(overlaps(box, other) for other in placed)


def place_labels(
    points: Sequence[tuple[float, float]],
    names: Sequence[str],
    edges: Sequence[tuple[int, int, str]],
    scale: float,
    *,
    name_px: float = 10.7,
    length_px: float = 12.0,
    radius_px: float = 5.0,
) -> tuple[list[Placed], list[Placed]]:
    """Places for the names of ``points`` and the texts of ``edges``, clear of each other.

    Parameters
    ----------
    points : sequence of (x, y)
        The nodes, in data units.
    names : sequence of str
        Each node's name (bold).
    edges : sequence of (i, j, text)
        Edges between points ``i`` and ``j`` with the text to write beside them.
    scale : float
        Pixels per data unit in the picture (the same on both axes).
    name_px, length_px : float
        Font sizes in pixels (8 points are 10.7 pixels, 9 points 12).
    radius_px : float
        Half the size of a node's disc.

    Returns
    -------
    names, lengths : lists of Placed
        In the order of ``names`` and ``edges``.

    Examples
    --------
    >>> spots, lengths = place_labels([(0, 0), (1, 0)], ["a", "b"], [(0, 1, "7")], 40)
    >>> [p.baseline for p in spots], overlaps(spots[0].box, spots[1].box)
    (['bottom', 'bottom'], 0)
    >>> lengths[0].box[1] > 0 or lengths[0].box[3] < 0  # off the line, above or below
    True
    """
    if scale <= 0:
        raise ValueError(f"scale is {scale!r}: use pixels per data unit, more than 0")
    px = [(x * scale, y * scale) for x, y in points]
    r = radius_px
    discs: list[Box] = [(x - r, y - r, x + r, y + r) for x, y in px]
    gap = r + 2.0
    # every label's candidate spots, best first, with the price of a worse spot
    spots: list[list[tuple[float, Placed]]] = []
    for i, (x, y) in enumerate(px):
        w, h = text_box(names[i], name_px, bold=True)
        row = []
        for rank, (dx, dy, align, baseline) in enumerate(_NAME_SPOTS):
            ax, ay = x + dx * gap, y + dy * gap
            box = _hang(ax, ay, w, h, align, baseline)
            row.append((rank * 0.5, Placed(ax / scale, ay / scale, align, baseline, box)))
        spots.append(row)
    for i, j, text in edges:
        (x0, y0), (x1, y1) = px[i], px[j]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx_, ny_ = -(y1 - y0) / length, (x1 - x0) / length
        if ny_ < 0 or (ny_ == 0 and nx_ < 0):  # the first side tried is above the line
            nx_, ny_ = -nx_, -ny_
        w, h = text_box(text, length_px)
        off = max(w, h) / 2 + 2.0
        row = []
        for far, away in enumerate((off, off + h * 0.8)):
            for rank, t in enumerate(_ALONG):
                for side in (1.0, -1.0):
                    ax = x0 + (x1 - x0) * t + side * away * nx_
                    ay = y0 + (y1 - y0) * t + side * away * ny_
                    box = _hang(ax, ay, w, h, "center", "middle")
                    price = rank * 0.3 + far * 3 + (side < 0) * 0.2
                    row.append((price, Placed(ax / scale, ay / scale, "center", "middle", box)))
        spots.append(row)
    n = len(px)

    def region(row: list[tuple[float, Placed]]) -> Box:
        boxes = [p.box for _, p in row]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )

    # the most crowded nodes choose first, while most spots are free; then the lengths
    near = [sum(1 for q in px if math.dist(p, q) < 60) for p in px]
    order = [*sorted(range(n), key=lambda i: (-near[i], i)), *range(n, len(spots))]
    chosen: dict[int, Placed] = {}
    for k in order:
        area = region(spots[k])  # only what lies where this label may go can cost
        placed = [p.box for p in chosen.values() if overlaps(area, p.box)]
        under = [d for i, d in enumerate(discs) if i != k and overlaps(area, d)]

        def cost(
            spot: tuple[float, Placed], placed: list[Box] = placed, under: list[Box] = under
        ) -> float:
            return _cost(spot[1].box, placed) * 3 + _cost(spot[1].box, under) + spot[0]

        chosen[k] = min(spots[k], key=cost)[1]
    return [chosen[i] for i in range(n)], [chosen[k] for k in range(n, len(spots))]
