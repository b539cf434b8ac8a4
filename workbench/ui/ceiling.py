"""Draw a board's ceiling: the plan of :func:`workbench.analysis.ceiling.ceiling` on the board.

The plan's routes keep their colors and get a heavy outline; every other route is faded;
each ticket the plan scores is drawn as a thin dashed chord between its two cities, and
the cities of the plan's tickets are ringed. The title says the score and how it splits.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any, cast

from bokeh.embed import components, file_html
from bokeh.layouts import column
from bokeh.models import ColumnDataSource
from bokeh.models.glyphs import MultiLine, Scatter
from bokeh.models.renderers import GlyphRenderer
from bokeh.models.widgets import Div
from bokeh.plotting import figure
from bokeh.resources import INLINE

from workbench.analysis.ceiling import Ceiling
from workbench.files import write_atomic
from workbench.ui.render import bokehjs_once, draw_glyph
from workbench.ui.route_render import route_figure

__all__ = ["ceiling_figure", "ceiling_html", "save_ceiling_html"]

FADED = "#f1ede3"
"""The fill of a route the plan does not claim."""
TICKET_LINE = "#6a1b9a"
"""The color of a scored ticket's chord and of its cities' rings."""


def ceiling_figure(result: Ceiling, *, width: int = 1100) -> figure:
    """The board with the plan's routes in their colors and the rest faded.

    Examples
    --------
    >>> from workbench.analysis.ceiling import _demo, ceiling
    >>> fig = ceiling_figure(ceiling(_demo(), 3), width=500)
    >>> fills = fig.select_one({"name": "cars-plain"}).data_source.data["fill"]
    >>> sorted(set(fills))[:1]
    ['#2F6DB5']
    >>> len(fig.select_one({"name": "ceiling-tickets"}).data_source.data["xs"])
    1
    """
    board = result.board
    how = "proven" if result.proven else f"not proven, bound {result.bound:g}"
    fig = route_figure(
        board,
        width=width,
        title=(
            f"Ceiling of {board.name}, {result.cars} cars: {result.score} points ({how}): "
            f"routes {result.route_points} + tickets {result.ticket_points}"
            + (f" + longest path {result.bonus}" if result.bonus else "")
        ),
    )
    plan = set(result.routes)
    for kind in ("plain", "tunnel", "ferry"):
        renderer = cast("GlyphRenderer[Any]", fig.select_one({"name": f"cars-{kind}"}))
        source = renderer.data_source
        assert isinstance(source, ColumnDataSource)
        fills = [
            fill if rid in plan else FADED
            for rid, fill in zip(source.data["route"], source.data["fill"], strict=True)
        ]
        source.data = {**source.data, "fill": fills}
    pos = board.positions
    chords: dict[str, list[Any]] = {"xs": [], "ys": [], "ticket": []}
    ringed: dict[str, list[Any]] = {"x": [], "y": [], "city": []}
    points = {t.id: t.points for t in board.tickets}
    for tid in result.tickets:
        a, b = tid.split("-", 1) if tid.count("-") == 1 else _ends(board, tid)
        chords["xs"].append([pos[a][0], pos[b][0]])
        chords["ys"].append([pos[a][1], pos[b][1]])
        chords["ticket"].append(f"{tid} ({points.get(tid, 0)})")
        for c in (a, b):
            if c not in ringed["city"]:
                ringed["city"].append(c)
                ringed["x"].append(pos[c][0])
                ringed["y"].append(pos[c][1])
    draw_glyph(
        fig,
        "ceiling-tickets",
        MultiLine(
            xs="xs",
            ys="ys",
            line_color=TICKET_LINE,
            line_width=1.5,
            line_dash="dashed",
            line_alpha=0.7,
        ),
        chords,
    )
    draw_glyph(
        fig,
        "ceiling-cities",
        Scatter(
            x="x",
            y="y",
            marker="circle",
            size=17,
            fill_alpha=0.0,
            line_color=TICKET_LINE,
            line_width=2.5,
        ),
        ringed,
    )
    return fig


def _ends(board: Any, tid: str) -> tuple[str, str]:
    for t in board.tickets:
        if t.id == tid:
            return t.ends
    raise KeyError(tid)


def ceiling_html(result: Ceiling, *, width: int = 1000) -> str:
    """The plan on the board and in words, as an HTML fragment (BokehJS inline).

    Examples
    --------
    >>> from workbench.analysis.ceiling import _demo, ceiling
    >>> fragment = ceiling_html(ceiling(_demo(), 3))
    >>> "cdn.bokeh.org" in fragment, "proven optimal" in fragment
    (False, True)
    """
    text = Div(
        text=f"<p style='font:13px sans-serif'>{html.escape(result.summary())}</p>", width=width
    )
    script, div = components(column(ceiling_figure(result, width=width), text))
    return f'<div class="workbench-ceiling">{bokehjs_once()}\n{div}\n{script}</div>'


def save_ceiling_html(result: Ceiling, path: str | os.PathLike[str], *, width: int = 1100) -> Path:
    """Write the plan on the board and in words as a page (BokehJS inline, works offline).

    Examples
    --------
    >>> import tempfile
    >>> from workbench.analysis.ceiling import _demo, ceiling
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     page = save_ceiling_html(ceiling(_demo(), 3), Path(folder) / "c.html").read_text()
    >>> "proven optimal" in page, "cdn.bokeh.org" in page
    (True, False)
    """
    text = Div(text=f"<p style='font:13px sans-serif'>{html.escape(result.summary())}</p>",
               width=width)  # fmt: skip
    page = column(ceiling_figure(result, width=width), text)
    title = f"{result.board.name}: ceiling with {result.cars} cars"
    return write_atomic(Path(path), file_html(page, resources=INLINE, title=title))
