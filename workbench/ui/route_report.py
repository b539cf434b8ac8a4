"""The route-board report as a self-contained HTML page: pictures first, then tables.

The page shows the board twice, as players know it and with every route's cars colored by
its load (the tickets' shortest paths through it), then the ticket bands, the tickets whose
points differ from their shortest path, the busiest routes, the cut points and the
color-by-length table.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any, cast

import pandas as pd
from bokeh.core.property.vectorization import value
from bokeh.embed import file_html
from bokeh.layouts import column
from bokeh.models import ColumnDataSource, LinearColorMapper
from bokeh.models.annotations import ColorBar
from bokeh.models.renderers import GlyphRenderer
from bokeh.models.widgets import Div
from bokeh.palettes import YlOrRd9
from bokeh.plotting import figure
from bokeh.resources import INLINE

from workbench.analysis.route_report import RouteReport
from workbench.analysis.tickets import propose_tickets, ticket_overlaps
from workbench.files import write_atomic
from workbench.ui.ceiling import ceiling_figure
from workbench.ui.route_render import route_figure

__all__ = ["load_figure", "save_route_report_html"]

_PALETTE = tuple(reversed(YlOrRd9))


def load_figure(report: RouteReport, *, width: int = 1100) -> figure:
    """The board with each route's cars filled by its load (light: unused, dark red: busy).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis.route_report import route_report
    >>> fig = load_figure(route_report(load_map("maps/ticket_to_ride_europe.yaml")))
    >>> fig.select_one({"name": "cars-plain"}).data_source.data["fill"][0].startswith("#")
    True
    """
    fig = route_figure(
        report.board, width=width, title=f"Route load, {report.players} players (ticket paths)"
    )
    load = dict(zip(report.load.route, report.load.load, strict=True))
    top = max(load.values(), default=0.0) or 1.0
    for kind in ("plain", "tunnel", "ferry"):
        source = cast("GlyphRenderer[Any]", fig.select_one({"name": f"cars-{kind}"})).data_source
        assert isinstance(source, ColumnDataSource)
        fills = []
        for rid in source.data["route"]:
            step = min(int(load[rid] / top * (len(_PALETTE) - 1) + 0.5), len(_PALETTE) - 1)
            fills.append(_PALETTE[step])
        loads = [round(load[r], 2) for r in source.data["route"]]
        source.data = {**source.data, "fill": fills, "load": loads}
    first: Any = fig.legend[0].items[0]
    first.label = value("route (cars colored by its load)")
    mapper = LinearColorMapper(palette=list(_PALETTE), low=0, high=top)
    fig.add_layout(ColorBar(color_mapper=mapper, title="load", width=12), "right")
    return fig


def _table(frame: pd.DataFrame, caption: str, index: bool = True) -> str:
    table = frame.to_html(border=0, classes="wb", index=index, float_format=lambda v: f"{v:.2f}")
    return f"<h3>{html.escape(caption)}</h3>{table}"


def _balance(report: RouteReport) -> str:
    """The ceiling's section: scores per budget, then tickets and routes by how often the
    optimal plans keep them."""
    b = report.balance
    if b is None:
        return ""
    scores = pd.DataFrame(
        [
            {"cars": c.cars, "ceiling": c.score, "routes": c.route_points,
             "tickets": c.ticket_points, "proven": c.proven, "seconds": round(c.seconds, 1)}
            for c in b.plans
        ]
    )  # fmt: skip
    tickets = b.tickets.sort_values(["share", "points"], ascending=False)
    never = b.routes[b.routes.share == 0].sort_values("length", ascending=False)
    return "".join(
        [
            "<h2>Ceiling: the most one player scores alone</h2>"
            "<p>Each budget's best plan (routes and the tickets they complete), proven by "
            "the exact solver; the last one is drawn above. A ticket kept by every plan is "
            "worth more than its cars; one never kept is worth less than the routes it "
            "would cost. Premium: points minus the shortest path in cars. Saving: cars it "
            "costs alone minus cars it adds to the plans' networks.</p>",
            _table(scores, "Ceiling by budget", False),
            _table(tickets, "Tickets in optimal plans (share of budgets)", False),
            _table(never, f"Routes no optimal plan claims ({len(never)})", False),
        ]
    )


def save_route_report_html(
    report: RouteReport, path: str | os.PathLike[str], *, width: int = 1100
) -> Path:
    """Write the report page (BokehJS inline, works offline) to ``path``.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from workbench import load_map
    >>> from workbench.analysis.route_report import route_report
    >>> report = route_report(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     page = save_route_report_html(report, Path(folder) / "r.html").read_text()
    >>> "Busiest routes" in page, "cdn.bokeh.org" in page
    (True, False)
    """
    t = report.tickets
    off = t[t.difference != 0][["ticket", "points", "cars", "difference", "route"]]
    busiest = report.load.head(15)[["route", "length", "color", "kind", "double", "usage", "load"]]
    cuts = report.cuts
    text = "".join(
        [
            "<style>table.wb{border-collapse:collapse;font:13px sans-serif}"
            "table.wb td,table.wb th{padding:2px 8px;border-bottom:1px solid #ddd}</style>",
            _table(report.bands().to_frame(), "Tickets by shortest path (length bands)"),
            _table(off, "Tickets whose points differ from their shortest path in cars", False)
            if len(off)
            else "<h3>Every ticket's points equal its shortest path in cars</h3>",
            _table(ticket_overlaps(report.board).head(10), "Tickets whose paths share cars", False),
            _table(
                propose_tickets(report.board, count=5, players=report.players),
                "New tickets through little-used routes (points: shortest path)",
                False,
            ),
            _table(busiest, f"Busiest routes, {report.players} players", False),
            "<h3>Cut points</h3><p>bridges: "
            + html.escape(", ".join(cuts.bridges) or "none")
            + "; articulation cities: "
            + html.escape(", ".join(cuts.articulations) or "none")
            + "</p>",
            _table(report.colors, "Routes by color and length, against the deck's cards"),
            _balance(report),
        ]
    )
    figures = [route_figure(report.board, width=width), load_figure(report, width=width)]
    if report.balance is not None and report.balance.plans:
        figures.append(ceiling_figure(report.balance.plans[-1], width=width))
    page = column(*figures, Div(text=text, width=width))
    name = f"{report.board.name}: route-board report"
    return write_atomic(Path(path), file_html(page, resources=INLINE, title=name))
