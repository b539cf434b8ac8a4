"""The playtest report as a page: :func:`playtest_html` and :func:`save_playtest_html`.

One offline HTML page (BokehJS inline) in the order of :meth:`Playtest.sections
<workbench.sim.playtest.Playtest.sections>`: a header saying what was played, the findings
worth a look, then each section with its chart and its table. Rates are shown as
percentages with their 95 % intervals; long tables scroll in their own box. Each failure
state seen comes with its saved game as a download (a ``data:`` link, so the page stays one
file): open it with ``GAMES[game].load_record`` or in the play widget.
"""

from __future__ import annotations

import base64
import html
import json
import math
import os
from pathlib import Path
from typing import Any

import pandas as pd
from bokeh.embed import components
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, LinearColorMapper, Range1d
from bokeh.models.annotations import ColorBar, Whisker
from bokeh.palettes import Category10_10, Viridis256
from bokeh.plotting import figure

from workbench.files import write_atomic
from workbench.games.report import Section
from workbench.ui.render import bokehjs_once

__all__ = ["bars_figure", "findings", "playtest_html", "save_playtest_html", "section_figure"]

_CSS = """<style>
.wb-playtest{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;
  max-width:1180px;margin:0 auto;padding:0 12px 40px}
.wb-playtest h1{font-size:24px;margin:18px 0 2px}
.wb-playtest h2{font-size:19px;margin:30px 0 4px;border-bottom:2px solid #e4e4e8;padding-bottom:3px}
.wb-playtest .wb-sub{color:#555;margin:0 0 10px}
.wb-playtest .wb-text{color:#333;max-width:900px;margin:4px 0 10px}
.wb-playtest .wb-find li{margin:3px 0}
.wb-playtest .wb-box{max-height:380px;overflow:auto;border:1px solid #e4e4e8;border-radius:4px;
  display:inline-block;max-width:100%}
.wb-playtest table.wb{border-collapse:collapse;font:13px/1.3 system-ui,sans-serif}
.wb-playtest table.wb th{position:sticky;top:0;background:#f4f4f7;text-align:left;
  padding:4px 9px;border-bottom:1px solid #ccc;white-space:nowrap}
.wb-playtest table.wb td{padding:3px 9px;border-bottom:1px solid #eee;white-space:nowrap}
.wb-playtest table.wb td.num{text-align:right;font-variant-numeric:tabular-nums}
.wb-playtest .wb-bad{color:#a4161a;font-weight:600}
.wb-playtest a.wb-save{display:inline-block;margin:2px 10px 2px 0;padding:3px 9px;
  border:1px solid #2b6cb0;border-radius:4px;color:#2b6cb0;text-decoration:none}
</style>"""

_RATES = {"rate", "fair", "held_share", "edge"}
"""Columns shown as percentages."""


def _cell(column: str, value: Any) -> tuple[str, bool]:
    """A table cell's text and whether it is a number (aligned right)."""
    if isinstance(value, bool):
        return ("yes" if value else "no"), False
    if isinstance(value, (int,)) or (
        hasattr(value, "dtype") and str(value.dtype).startswith("int")
    ):
        return f"{int(value):,}", True
    if isinstance(value, float):
        if math.isnan(value):
            return "", True
        if column in _RATES:
            return f"{value * 100:.1f} %", True
        if column in ("lo", "hi", "low", "high") and 0 <= value <= 1.0001:
            return f"{value * 100:.1f} %", True
        if column == "spearman":
            return f"{value:+.2f}", True
        return f"{value:,.2f}", True
    return html.escape(str(value)), False


def table_html(frame: pd.DataFrame, limit: int | None = None) -> str:
    """``frame`` as an HTML table in a scrolling box: rates as percentages, an interval
    ``lo``/``hi`` beside its rate.

    Examples
    --------
    >>> t = pd.DataFrame({"seat": [0], "rate": [0.25], "lo": [0.1], "hi": [0.4]})
    >>> "25.0 %" in table_html(t) and "<th>seat</th>" in table_html(t)
    True
    """
    rows = frame if limit is None else frame.head(limit)
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in rows.columns)
    body = []
    for record in rows.itertuples(index=False):
        cells = []
        for name, value in zip(rows.columns, record, strict=True):
            text, number = _cell(str(name), value)
            cells.append(f'<td class="num">{text}</td>' if number else f"<td>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        '<div class="wb-box"><table class="wb"><thead><tr>'
        + head
        + "</tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table></div>"
    )


def bars_figure(section: Section, *, width: int = 1100, height: int = 300) -> figure:
    """A bar per row of ``section.table`` (``section.label`` against ``section.value``),
    grouped by ``section.by``, with the 95 % interval as whiskers and the fair share (a
    ``fair`` column) as a dashed mark.

    Examples
    --------
    >>> t = pd.DataFrame({"players": [2, 2], "seat": [0, 1], "rate": [0.6, 0.4],
    ...                   "lo": [0.4, 0.2], "hi": [0.8, 0.6], "fair": [0.5, 0.5]})
    >>> fig = bars_figure(Section("seat", "Seats", "", t, "bars", "seat", "rate", "players"))
    >>> [str(f) for f in fig.x_range.factors]
    ["('2 players', '0')", "('2 players', '1')"]
    """
    t = section.table
    if section.by:
        factors: list[Any] = [
            (f"{g} players", str(x)) for g, x in zip(t[section.by], t[section.label], strict=True)
        ]
        x_range = FactorRange(factors=factors, group_padding=1.2)
    else:
        factors = [str(x) for x in t[section.label]]
        x_range = FactorRange(factors=factors)
    labels = [str(x) for x in t[section.label]]
    palette = {name: Category10_10[i % 10] for i, name in enumerate(dict.fromkeys(labels))}
    data: dict[str, Any] = {
        "x": factors,
        "top": list(t[section.value]),
        "color": [palette[name] for name in labels],
        "name": labels,
    }
    has_interval = {"lo", "hi"} <= set(t.columns) or {"low", "high"} <= set(t.columns)
    lo, hi = ("lo", "hi") if "lo" in t.columns else ("low", "high")
    if has_interval:
        data["lo"] = list(t[lo])
        data["hi"] = list(t[hi])
    source = ColumnDataSource(data)
    top = max([*data["top"], *(data.get("hi") or [])], default=1.0)
    fig = figure(
        x_range=x_range,
        y_range=Range1d(start=0, end=top * 1.12 if top > 0 else 1),
        width=width,
        height=height,
        title=section.title,
        toolbar_location=None,
        name=f"bars-{section.key}",
    )
    fig.vbar(
        x="x",
        top="top",
        width=0.8,
        source=source,
        fill_color="color",
        line_color="color",
        fill_alpha=0.75,
    )
    if has_interval:
        fig.add_layout(Whisker(source=source, base="x", lower="lo", upper="hi", line_width=1.5))
    if "fair" in t.columns:
        fair = ColumnDataSource({"x": factors, "y": list(t["fair"])})
        fig.scatter(
            x="x",
            y="y",
            source=fair,
            marker="dash",
            size=28,
            line_width=2.5,
            line_color="#222222",
            line_dash="dashed",
            legend_label="fair share",
        )
        fig.legend.location = "top_right"
    tips = [("", "@name"), (section.value, "@top{0.000}")]
    if has_interval:
        tips.append(("95 % interval", "@lo{0.000} to @hi{0.000}"))
    fig.add_tools(HoverTool(tooltips=tips))
    fig.xaxis.major_label_orientation = 0.9 if len(factors) > 14 else 0
    fig.xgrid.grid_line_color = None
    fig.yaxis.axis_label = section.value
    return fig


def _largest(section: Section) -> tuple[pd.DataFrame, str]:
    """The rows of the largest group of ``section.by`` (the whole table without one)."""
    t = section.table
    if not section.by or t.empty:
        return t, ""
    n = t[section.by].max()
    return t[t[section.by] == n], f", {n} players"


def _route_heat(report: Any, section: Section, width: int) -> figure:
    """The route board with each route drawn over in a color from its value."""
    from workbench.ui.route_render import route_figure

    rows, suffix = _largest(section)
    board = report.board
    fig = route_figure(board, width=width, title=f"{section.title}{suffix}")
    value = dict(zip(rows[section.label], rows[section.value], strict=True))
    top = max(value.values(), default=1.0) or 1.0
    mapper = LinearColorMapper(palette=list(reversed(Viridis256)), low=0, high=top)
    xs, ys, vals, ids = [], [], [], []
    for route in board.routes:
        line = board.line(route)
        shift = (route.lane - 0.5) * 0.25 if _lanes(board, route) > 1 else 0.0
        (ax, ay), (bx, by) = line[0], line[-1]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / norm * shift, dx / norm * shift
        xs.append([x + ox for x, _ in line])
        ys.append([y + oy for _, y in line])
        vals.append(float(value.get(route.id, 0.0)))
        ids.append(route.id)
    source = ColumnDataSource({"xs": xs, "ys": ys, "value": vals, "route": ids})
    heat = fig.multi_line(
        xs="xs",
        ys="ys",
        source=source,
        line_width=6,
        line_alpha=0.9,
        line_color={"field": "value", "transform": mapper},
        name="heat",
    )
    fig.add_tools(
        HoverTool(renderers=[heat], tooltips=[("route", "@route"), (section.value, "@value{0.00}")])
    )
    fig.add_layout(ColorBar(color_mapper=mapper, title=section.value, width=12), "right")
    return fig


def _lanes(board: Any, route: Any) -> int:
    return sum(1 for r in board.routes if r.ends == route.ends)


def _city_heat(report: Any, section: Section, width: int) -> figure:
    """The board with each city's disc colored by its value."""
    rows, suffix = _largest(section)
    board = report.board
    if getattr(board, "kind", "") == "routes":
        from workbench.ui.route_render import route_figure

        fig = route_figure(board, width=width, title=f"{section.title}{suffix}")
        pos = board.positions
        radius = 0.42
    else:
        from workbench.maps.lattice import plane_xy
        from workbench.ui.render import board_figure

        fig = board_figure(board, width=width, title=f"{section.title}{suffix}")
        pos = {c.name: plane_xy(c.at) for c in board.cities}
        radius = 0.45
    names = [n for n in rows[section.label] if n in pos]
    value = dict(zip(rows[section.label], rows[section.value], strict=True))
    top = max(value.values(), default=1.0) or 1.0
    mapper = LinearColorMapper(palette=list(reversed(Viridis256)), low=0, high=top)
    source = ColumnDataSource(
        {
            "x": [pos[n][0] for n in names],
            "y": [pos[n][1] for n in names],
            "name": names,
            "value": [float(value[n]) for n in names],
        }
    )
    discs = fig.circle(
        x="x",
        y="y",
        radius=radius,
        source=source,
        line_color="#222222",
        fill_color={"field": "value", "transform": mapper},
        name="heat",
    )
    fig.add_tools(
        HoverTool(renderers=[discs], tooltips=[("city", "@name"), (section.value, "@value{0.000}")])
    )
    fig.add_layout(ColorBar(color_mapper=mapper, title=section.value, width=12), "right")
    return fig


def section_figure(report: Any, section: Section, *, width: int = 1100) -> Any:
    """The chart of ``section`` (``None`` for a table alone).

    Examples
    --------
    >>> t = pd.DataFrame({"players": [2], "seat": [0], "rate": [0.5]})
    >>> section_figure(None, Section("x", "X", "", t)) is None
    True
    """
    if section.table.empty:
        return None
    if section.plot == "bars":
        t = section.table
        if len(t) > 40:  # the top and the bottom 20: a chart of hundreds of bars reads as noise
            t = pd.concat([t.head(20), t.tail(20)])
            section = Section(
                section.key,
                section.title + " (top and bottom 20)",
                section.text,
                t,
                section.plot,
                section.label,
                section.value,
                section.by,
            )
        return bars_figure(section, width=width)
    if section.plot == "routes":
        return _route_heat(report, section, width)
    if section.plot == "cities":
        return _city_heat(report, section, width)
    return None


def findings(report: Any) -> list[str]:
    """Sentences worth a designer's look: seats, bots and first players whose interval
    leaves out the fair share, and the failure states seen.

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/tiny.yaml", players=2, bots=["random"], games=4, seed=1)
    >>> findings(r)[-1]
    'No failure state was seen.'
    """
    out = []
    seats = report.win_shares("seat")
    for row in seats.itertuples():
        if row.lo > row.fair or row.hi < row.fair:
            side = "more" if row.lo > row.fair else "less"
            out.append(
                f"At {row.players} players, seat {row.seat} wins {row.rate:.0%} of games "
                f"({row.lo:.0%} to {row.hi:.0%}): {side} than the fair {row.fair:.0%}."
            )
    bots = report.win_shares("bot")
    for n, group in bots.groupby("players"):
        if len(group) > 1:
            best = group.loc[group.rate.idxmax()]
            worst = group.loc[group.rate.idxmin()]
            clear = best.lo > worst.hi
            out.append(
                f"At {n} players, {best.bot} wins most ({best.rate:.0%}) and {worst.bot} least "
                f"({worst.rate:.0%}); "
                + (
                    "the intervals do not overlap."
                    if clear
                    else "the intervals overlap, so more games would tell."
                )
            )
    failures = report.failures()
    seen = failures[failures.games > 0]
    for row in seen.itertuples():
        out.append(
            f"Failure state '{row.kind}' in {row.games} of {row.n} games at {row.players} "
            f"players (first: game {row.first_game}); the report holds a saved game that "
            "replays to it."
        )
    if seen.empty:
        out.append("No failure state was seen.")
    return out


def _failure_links(report: Any, table: pd.DataFrame) -> str:
    links = []
    seen = table[table.games > 0]
    for kind, players, first in zip(
        seen.kind.astype(str), seen.players.astype(int), seen.first_game.astype(int), strict=True
    ):
        try:
            record = report.failure_record(kind, players)
        except (ValueError, KeyError) as e:  # a game without a replay entry says why
            links.append(f"<span>{html.escape(kind)}: {html.escape(str(e))}</span>")
            continue
        data = base64.b64encode(json.dumps(record, indent=1).encode()).decode()
        name = f"failure-{kind.replace(' ', '-')}-{players}p-game{first}.json"
        links.append(
            f'<a class="wb-save" download="{html.escape(name)}" '
            f'href="data:application/json;base64,{data}">saved game: {html.escape(kind)}, '
            f"{players} players, game {first}</a>"
        )
    return "<p>" + "".join(links) + "</p>" if links else ""


def playtest_html(report: Any, *, width: int = 1100) -> str:
    """The report as an HTML fragment with BokehJS inline (works offline).

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2, seed=1)
    >>> page = playtest_html(r)
    >>> "Failure states" in page, "cdn.bokeh.org" in page
    (True, False)
    """
    info = report.info
    counts = ", ".join(str(n) for n in report.players)
    rules = getattr(report.rules, "name", "") or "custom"
    bots = ", ".join(dict.fromkeys(report.bots))
    parts = [
        '<div class="wb-playtest">',
        _CSS,
        f"<h1>Playtest: {html.escape(report.board_name)}</h1>",
        f'<p class="wb-sub">{html.escape(info.title)}, rules {html.escape(rules)}; '
        f"{report.games:,} games at each of {counts} players; bots {html.escape(bots)} "
        f"(line-ups turned one seat per game); seed {report.seed}; "
        f"{report.seconds:,.1f} s of simulation.</p>",
        "<h2>What to look at</h2>",
        '<ul class="wb-find">'
        + "".join(f"<li>{html.escape(line)}</li>" for line in findings(report))
        + "</ul>",
    ]
    figures = []
    for section in report.sections():
        fig = section_figure(report, section, width=width)
        anchor = f"wb-fig-{section.key}"
        parts.append(f'<h2 id="{html.escape(section.key)}">{html.escape(section.title)}</h2>')
        parts.append(f'<p class="wb-text">{html.escape(section.text)}</p>')
        if fig is not None:
            parts.append(f'<div id="{anchor}"></div>')
            figures.append((anchor, fig))
        parts.append(table_html(section.table))
        if section.key == "failures":
            parts.append(_failure_links(report, section.table))
    if figures:
        script, divs = components({anchor: fig for anchor, fig in figures})
        for anchor, div in divs.items():
            parts = [p.replace(f'<div id="{anchor}"></div>', div) for p in parts]
        parts.append(script)
    parts.insert(1, bokehjs_once())
    parts.append("</div>")
    return "\n".join(parts)


def save_playtest_html(report: Any, path: str | os.PathLike[str], *, width: int = 1100) -> Path:
    """Write the report as one standalone page, atomically (an interrupted save leaves an
    existing file whole).

    Examples
    --------
    >>> import tempfile
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2, seed=1)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     text = save_playtest_html(r, Path(d) / "p.html").read_text()
    >>> text.startswith("<!DOCTYPE html>")
    True
    """
    title = html.escape(f"Playtest: {report.board_name}")
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}</title></head><body>\n"
        f"{playtest_html(report, width=width)}\n</body></html>\n"
    )
    return write_atomic(Path(path), page)
