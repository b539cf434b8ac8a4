"""A thin drawing layer over fpdf2: millimetres, y down, a few shapes, embedded fonts.

:class:`Canvas` is the only module that speaks to the PDF library; boards and cards draw
through it in page millimetres (origin at the top left, y down), and a :class:`View` turns
a board's plane coordinates (north up) into page millimetres at a scale.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF

from workbench.files import write_atomic
from workbench.printing.fonts import find_fonts
from workbench.printing.style import rgb

__all__ = ["FONT", "PT", "Canvas", "View"]

PT = 25.4 / 72
"""One typographic point in millimetres."""
FONT = "DejaVu"
"""The family name the embedded DejaVu Sans goes by inside our PDFs."""
_ASCENT = 0.73  # DejaVu Sans cap height, in em: where "top" hangs a line of text from
_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)  # a fixed date, so the same input makes the same file

XY = tuple[float, float]


@dataclass(frozen=True)
class View:
    """Plane coordinates to page millimetres: ``k`` mm per plane unit; plane ``(x0, y1)``
    (the left and the top of what is shown) lands at page ``(ox, oy)``.

    >>> View(k=10.0, x0=-1.0, y1=2.0, ox=5.0, oy=5.0)(0.0, 0.0)
    (15.0, 25.0)
    """

    k: float
    x0: float
    y1: float
    ox: float = 0.0
    oy: float = 0.0

    def __call__(self, x: float, y: float) -> XY:
        return self.ox + (x - self.x0) * self.k, self.oy + (self.y1 - y) * self.k

    def many(self, points: Sequence[XY]) -> list[XY]:
        """Several points at once."""
        return [self(x, y) for x, y in points]


class Canvas:
    """A PDF document being drawn, in millimetres, with DejaVu Sans embedded.

    Examples
    --------
    >>> c = Canvas(title="demo")
    >>> c.page(100, 50)
    >>> c.disc((20, 20), 5, fill="#ff0000", line="#000000", width=0.3)
    >>> c.text(30, 20, "Kraków", size=10, bold=True)
    >>> len(c.to_bytes()) > 1000
    True
    """

    def __init__(self, title: str = "", subject: str = "") -> None:
        pdf = FPDF(unit="mm")
        pdf.set_auto_page_break(False)
        pdf.set_margin(0)
        pdf.set_compression(True)
        for style, path in find_fonts().items():
            pdf.add_font(FONT, style, str(path))
        pdf.set_title(title)
        pdf.set_subject(subject)
        pdf.set_creator("rail-workbench")
        pdf.set_creation_date(_EPOCH)
        self.pdf = pdf
        self._style_stack = ExitStack()

    # ------------------------------------------------------------------ pages

    def page(self, width: float, height: float) -> None:
        """Start a page of ``width`` x ``height`` mm."""
        self._style_stack.close()
        self.pdf.add_page(format=(width, height))
        # fpdf2 starts each page with square caps, which lengthen every dash by the line's
        # width (a dashed frame's gaps all but close): butt caps and round joins instead
        self._style_stack.enter_context(
            self.pdf.local_context(stroke_cap_style="BUTT", stroke_join_style="ROUND")
        )

    @contextmanager
    def clip(self, x: float, y: float, w: float, h: float) -> Iterator[None]:
        """Draw only inside the box while the ``with`` block runs.

        The clip's graphics state ends with it, colours and pens included; a local context
        around it makes fpdf2 forget them too (else it would skip setting a colour it
        believes is current, and the next white card came out in the clip's last fill).
        """
        with self.pdf.local_context(), self.pdf.rect_clip(x, y, w, h):
            yield

    # ------------------------------------------------------------------ pens

    def _pen(self, line: str | None, width: float, dash: tuple[float, float] | None) -> None:
        if line is not None:
            self.pdf.set_draw_color(*rgb(line))
        self.pdf.set_line_width(width)
        if dash:
            self.pdf.set_dash_pattern(dash=dash[0], gap=dash[1])
        else:
            self.pdf.set_dash_pattern()

    def _paint(
        self, fill: str | None, line: str | None, width: float, dash: tuple[float, float] | None
    ) -> str:
        """Set the pen and the fill of a shape; the fpdf2 style that draws them."""
        self._pen(line, width, dash)
        if fill is not None:
            self.pdf.set_fill_color(*rgb(fill))
        return "DF" if fill and line else "F" if fill else "D"

    # ------------------------------------------------------------------ shapes

    def line(
        self,
        a: XY,
        b: XY,
        color: str,
        width: float,
        dash: tuple[float, float] | None = None,
        cap: str = "butt",
    ) -> None:
        """A straight line from ``a`` to ``b``."""
        self.polyline([a, b], color, width, dash, cap)

    def polyline(
        self,
        points: Sequence[XY],
        color: str,
        width: float,
        dash: tuple[float, float] | None = None,
        cap: str = "butt",
    ) -> None:
        """An open line through ``points``."""
        self._pen(color, width, dash)
        if cap == "butt":  # the page's own (a local context costs a graphics state)
            self.pdf.polyline(list(points), style="D")
            return
        with self.pdf.local_context(stroke_cap_style=cap.upper()):
            self.pdf.polyline(list(points), style="D")

    def polygon(
        self,
        points: Sequence[XY],
        fill: str | None,
        line: str | None = None,
        width: float = 0.2,
        dash: tuple[float, float] | None = None,
    ) -> None:
        """A closed polygon, filled and/or outlined."""
        self.pdf.polygon(list(points), style=self._paint(fill, line, width, dash))

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str | None,
        line: str | None = None,
        width: float = 0.2,
        dash: tuple[float, float] | None = None,
        round_corners: float = 0.0,
    ) -> None:
        """A rectangle, its top left at ``(x, y)``."""
        style = self._paint(fill, line, width, dash)
        if round_corners:
            with self.pdf.local_context():
                self.pdf.rect(
                    x, y, w, h, style=style, round_corners=True, corner_radius=round_corners
                )
        else:
            self.pdf.rect(x, y, w, h, style=style)

    def disc(
        self,
        centre: XY,
        r: float,
        fill: str | None,
        line: str | None = None,
        width: float = 0.2,
        dash: tuple[float, float] | None = None,
    ) -> None:
        """A circle of radius ``r`` about ``centre``."""
        style = self._paint(fill, line, width, dash)
        self.pdf.ellipse(centre[0] - r, centre[1] - r, 2 * r, 2 * r, style=style)

    def mark(self, kind: str, centre: XY, r: float, ink: str) -> None:
        """A small mark (one of :data:`~workbench.printing.style.MARKS`) of size ``r``."""
        x, y = centre
        w = r * 0.32
        if kind == "dot":
            self.disc(centre, r * 0.42, fill=ink)
        elif kind == "bar":
            self.line((x - r * 0.7, y), (x + r * 0.7, y), ink, w)
        elif kind == "cross":
            self.line((x - r * 0.7, y), (x + r * 0.7, y), ink, w)
            self.line((x, y - r * 0.7), (x, y + r * 0.7), ink, w)
        elif kind == "ring":
            self.disc(centre, r * 0.5, fill=None, line=ink, width=w * 0.8)
        elif kind == "triangle":
            s = r * 0.75
            pts = [
                (x + s * math.cos(a), y - s * math.sin(a))
                for a in (math.pi / 2, 7 * math.pi / 6, 11 * math.pi / 6)
            ]
            self.polygon(pts, fill=ink)
        elif kind == "square":
            s = r * 0.48
            self.rect(x - s, y - s, 2 * s, 2 * s, fill=ink)
        elif kind == "diamond":
            s = r * 0.7
            self.polygon([(x, y - s), (x + s, y), (x, y + s), (x - s, y)], fill=ink)
        elif kind == "slash":
            self.line((x - r * 0.55, y + r * 0.55), (x + r * 0.55, y - r * 0.55), ink, w)
        else:
            raise ValueError(f"unknown mark {kind!r}")

    # ------------------------------------------------------------------ text

    def width_of(self, text: str, size: float, bold: bool = False) -> float:
        """The width of ``text`` at ``size`` points, in mm."""
        self.pdf.set_font(FONT, "B" if bold else "", size)
        return float(self.pdf.get_string_width(text))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        bold: bool = False,
        color: str = "#1a1a1a",
        align: str = "left",
        baseline: str = "bottom",
        halo: float = 0.0,
    ) -> None:
        """One line of ``text`` at ``size`` points.

        ``align`` says where ``x`` is (``left``, ``center``, ``right`` of the text) and
        ``baseline`` where ``y`` is (``bottom``: the text sits on it; ``top``: capitals hang
        from it; ``middle``: capitals are centred on it). ``halo`` draws a white outline of
        that width (mm) first, so the text stays legible over lines.
        """
        w = self.width_of(text, size, bold)
        left = x - (w if align == "right" else w / 2 if align == "center" else 0.0)
        cap = _ASCENT * size * PT
        base = y + (cap if baseline == "top" else cap / 2 if baseline == "middle" else 0.0)
        if halo:
            with self.pdf.local_context(
                text_mode="STROKE", line_width=halo, draw_color=rgb("#ffffff")
            ):
                self.pdf.set_dash_pattern()
                self.pdf.set_draw_color(255, 255, 255)
                self.pdf.set_line_width(halo)
                self.pdf.text(left, base, text)
        self.pdf.set_text_color(*rgb(color))
        self.pdf.text(left, base, text)

    # ------------------------------------------------------------------ output

    def to_bytes(self) -> bytes:
        """The document as PDF bytes."""
        self._style_stack.close()
        return bytes(self.pdf.output())

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the document to ``path`` atomically; returns it as a Path."""
        return write_atomic(Path(path), self.to_bytes())

    @property
    def pages(self) -> int:
        """How many pages the document has so far."""
        return int(self.pdf.pages_count)
