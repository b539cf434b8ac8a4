"""Draw a :class:`~workbench.analysis.report.MapReport`: overlays, charts and an HTML page.

Two overlays go on a board figure from :func:`~workbench.ui.render.board_figure`:
:func:`usage_overlay`, the designer's heatmap of where the game is played (each segment as
wide and as dark as the share of hands whose optimal tree uses it), and
:func:`start_heatmap_overlay`, the cost of finishing a hand from every start point.
:func:`report_figures` lays out the charts of a report and :func:`report_html` /
:func:`save_report_html` embed them, with BokehJS inline, in a notebook or a page.

Every renderer is a single vectorised glyph with a ``name`` (see :data:`OVERLAY_NAMES`), so
tests and widgets find it with ``figure.select(name=...)``.
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import pandas as pd
from bokeh.embed import components
from bokeh.layouts import column, row
from bokeh.models import (
    CategoricalAxis,
    ColumnDataSource,
    FactorRange,
    HoverTool,
    LinearColorMapper,
    NumeralTickFormatter,
    Range1d,
)
from bokeh.models.annotations import ColorBar, Span
from bokeh.models.glyphs import Patches, Segment
from bokeh.models.renderers import GlyphRenderer
from bokeh.palettes import YlGnBu9, YlOrRd9, interp_palette
from bokeh.plotting import figure

from workbench.analysis.summary import FAIR_COLOR_SPREAD
from workbench.files import write_atomic
from workbench.maps.lattice import plane_xy, point_name
from workbench.ui.render import board_figure, bokehjs_once, legend_html, wheel_zoom_off

if TYPE_CHECKING:
    from bokeh.models import LayoutDOM

    from workbench.analysis.report import MapReport
    from workbench.maps.board import Board
    from workbench.maps.lattice import Point

__all__ = [
    "OVERLAY_NAMES",
    "plural",
    "report_figures",
    "report_html",
    "save_report_html",
    "shown_list",
    "start_heatmap_overlay",
    "usage_columns",
    "usage_overlay",
]

OVERLAY_NAMES: tuple[str, ...] = (
    "usage-heatmap",
    "usage-colorbar",
    "start-heatmap",
    "start-heatmap-best",
    "start-heatmap-colorbar",
)
"""The ``name`` of every model the overlays add: glyph renderers and their color bars."""

USAGE_PALETTE: tuple[str, ...] = tuple(interp_palette(YlOrRd9[::-1][2:], 256))
"""Light orange (a segment few hands use) to dark red (one most hands use)."""
START_PALETTE: tuple[str, ...] = tuple(interp_palette(YlGnBu9[2:], 256))
"""Blue (a cheap start) to pale yellow (a dear one); light enough for the segments to show."""

USAGE_WIDTH = (1.5, 9.0)
"""Line width, in pixels, of the least and of the most used segment."""
FADED_SEGMENTS = 0.35
"""Alpha the board's own segments are faded to under the usage heatmap."""
TILE_RADIUS = 1 / math.sqrt(3)
"""Circumradius of a point's hexagonal tile: the tiles of neighbours (1 apart) meet exactly."""
TILE_ALPHA = 0.6
"""Opacity of the start-heatmap tiles (the terrain below still shows through)."""
BEST = "#d7191c"
"""Outline of the cheapest start points' tiles."""

Columns = dict[str, Any]
"""The data of a ColumnDataSource: column name -> values."""

_HEXAGON = [
    (TILE_RADIUS * math.cos(math.radians(a)), TILE_RADIUS * math.sin(math.radians(a)))
    for a in range(30, 390, 60)
]


def _point_label(board: Board, p: Point) -> str:
    """``"Paris [10, 7]"`` for a city's point, ``"[10, 8]"`` for any other."""
    city = board.city_at(p)
    return point_name(p) if city is None else f"{city.name} {point_name(p)}"


def _add_below(fig: figure, renderer: GlyphRenderer[Any], below: Sequence[str]) -> None:
    """Insert ``renderer`` just under the first renderer named in ``below`` (else on top)."""
    names = [getattr(r, "name", None) for r in fig.renderers]
    for name in below:
        if name in names:
            fig.renderers.insert(names.index(name), renderer)
            return
    fig.renderers.append(renderer)


def _color_bar(fig: figure, mapper: LinearColorMapper, title: str, name: str, fmt: str) -> None:
    """A horizontal color bar under the figure (the figure grows to make room for it)."""
    bar = ColorBar(
        color_mapper=mapper,
        title=title,
        name=name,
        orientation="horizontal",
        location="center",
        width=min(360, max(120, (fig.width or 600) // 2)),
        height=10,
        padding=4,
        title_text_font_size="9pt",
        title_text_font_style="normal",
        major_label_text_font_size="8pt",
        formatter=NumeralTickFormatter(format=fmt),
        bar_line_color="#888888",
    )
    fig.add_layout(bar, "below")
    fig.height = (fig.height or 0) + 62


def usage_columns(board: Board, usage: pd.DataFrame) -> tuple[Columns, float]:
    """The data of the ``"usage-heatmap"`` renderer for ``usage``, and the largest share.

    The columns :func:`usage_overlay` gives its renderer, computed without building any
    Bokeh model, so the map editor can refresh its heatmap after every edit cheaply and
    draw it exactly as the report does.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis import segment_usage
    >>> board = load_map("maps/tiny.yaml")
    >>> columns, top = usage_columns(board, segment_usage(board))
    >>> 0 < top <= 1, bool(max(columns["share"]) == top)
    (True, True)
    """
    used = usage[usage["share"] > 0].sort_values(["share", "a", "b"], ignore_index=True)
    a = np.array([plane_xy(p) for p in used["a"]], dtype=float).reshape(-1, 2)
    b = np.array([plane_xy(p) for p in used["b"]], dtype=float).reshape(-1, 2)
    share = used["share"].to_numpy(dtype=float)
    top = float(share.max()) if len(share) else 1.0
    low, high = USAGE_WIDTH
    # missing terrains are None or NaN (pandas 3 stores the column as strings)
    terrain = [None if pd.isna(t) else t for t in used["terrain"]]
    data: Columns = {
        "x0": a[:, 0],
        "y0": a[:, 1],
        "x1": b[:, 0],
        "y1": b[:, 1],
        "between": [
            f"{_point_label(board, p)} - {_point_label(board, q)}"
            for p, q in zip(used["a"], used["b"], strict=True)
        ],
        "kind": [
            k if t is None else f"{k} ({t})" for k, t in zip(used["kind"], terrain, strict=True)
        ],
        "hands": used["hands"].to_numpy(dtype=np.int64),
        "share": share,
        "width": low + (high - low) * share / top,
    }
    return data, top


def usage_overlay(
    fig: figure,
    board: Board,
    usage: pd.DataFrame,
    *,
    palette: Sequence[str] = USAGE_PALETTE,
    fade: float | None = FADED_SEGMENTS,
) -> GlyphRenderer[Any]:
    """Draw on ``fig`` how much each segment is used, as a heatmap over the board.

    Each used segment becomes a line whose width and color grow with its ``share`` (of the
    hands whose optimal tree uses it); unused segments are not drawn. The lines go above the
    board's segments and below its points and cities, the most used on top. A color bar
    under the figure reads the shares; hovering a line shows its ends, kind and share.

    Parameters
    ----------
    fig : bokeh.plotting.figure
        A figure of ``board`` from :func:`~workbench.ui.render.board_figure`.
    board : Board
        The board drawn in ``fig``; its cities name the segments' ends in the hover.
    usage : pandas.DataFrame
        Columns ``a, b, kind, terrain, hands, share``, as from
        :func:`~workbench.analysis.segment_usage` (``a`` and ``b`` are points).
    palette : sequence of str, optional
        Colors from the least to the most used segment.
    fade : float or None, optional
        Alpha to fade the board's own segments to, so that the heatmap reads; ``None``
        leaves them.

    Returns
    -------
    bokeh.models.GlyphRenderer
        The ``"usage-heatmap"`` renderer: a ``Segment`` glyph with one row per used segment
        (columns ``x0, y0, x1, y1, between, kind, hands, share, width``).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis import segment_usage
    >>> from workbench.ui.render import board_figure
    >>> board = load_map("maps/tiny.yaml")
    >>> usage = segment_usage(board)
    >>> fig = board_figure(board)
    >>> heat = usage_overlay(fig, board, usage)
    >>> heat.name, len(heat.data_source.data["share"]) == int((usage.share > 0).sum())
    ('usage-heatmap', True)
    >>> fig.select_one({"name": "usage-colorbar"}) is not None
    True
    """
    data, top = usage_columns(board, usage)
    mapper = LinearColorMapper(palette=list(palette), low=0.0, high=top)
    glyph = Segment(
        x0="x0",
        y0="y0",
        x1="x1",
        y1="y1",
        line_width={"field": "width"},
        line_color={"field": "share", "transform": mapper},
        line_cap="round",
        line_alpha=0.9,
    )
    renderer = GlyphRenderer(data_source=ColumnDataSource(data), glyph=glyph, name="usage-heatmap")
    if fade is not None:
        for r in fig.renderers:
            name = r.name or ""
            if isinstance(r, GlyphRenderer) and (
                name.startswith("segments-") or name == "tunnel-portals"
            ):
                r.glyph.line_alpha = fade
    _add_below(fig, renderer, ["points", "cities-dashed", "cities"])
    tooltips = [
        ("segment", "@between"),
        ("kind", "@kind"),
        ("used by", "@share{0.0%} of hands (@hands{0,0})"),
    ]
    fig.add_tools(HoverTool(renderers=[renderer], tooltips=tooltips, name="usage-hover"))
    _color_bar(
        fig, mapper, "share of hands whose best tree uses the segment", "usage-colorbar", "0%"
    )
    return renderer


def start_heatmap_overlay(
    fig: figure,
    board: Board,
    costs: pd.Series,
    *,
    palette: Sequence[str] = START_PALETTE,
) -> GlyphRenderer[Any]:
    """Color every point of ``fig`` by the cost of finishing a hand from it.

    Each point gets a hexagonal tile (neighbouring tiles meet, so the board reads as a
    continuous map) colored from cheap (dark) to dear (pale), drawn over the terrain and
    under the segments and cities. A red outline marks the cheapest tile(s); a color bar under
    the figure reads the costs; hovering a tile shows the point and its cost.

    Parameters
    ----------
    fig : bokeh.plotting.figure
        A figure of ``board`` from :func:`~workbench.ui.render.board_figure`.
    board : Board
        The board drawn in ``fig``; its cities name the tiles in the hover.
    costs : pandas.Series
        Cost per point (index: points), as from :func:`~workbench.analysis.start_heatmap`.
        Points that cannot reach the hand (``inf``) are drawn grey.
    palette : sequence of str, optional
        Colors from the cheapest to the dearest start.

    Returns
    -------
    bokeh.models.GlyphRenderer
        The ``"start-heatmap"`` renderer: a ``Patches`` glyph with one row per point
        (columns ``xs, ys, x, y, point, cost``). The outlines of the cheapest tiles are the
        ``"start-heatmap-best"`` renderer.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis import start_heatmap
    >>> from workbench.ui.render import board_figure
    >>> board = load_map("maps/tiny.yaml")
    >>> costs = start_heatmap(board, ["Alder", "Cedar", "Fir", "Ginkgo", "Ivy"])
    >>> fig = board_figure(board)
    >>> tiles = start_heatmap_overlay(fig, board, costs)
    >>> len(tiles.data_source.data["cost"]) == len(costs) == len(board.points)
    True
    >>> best = fig.select_one({"name": "start-heatmap-best"}).data_source.data
    >>> float(costs.min()), {float(c) for c in best["cost"]}, len(best["cost"])
    (9.0, {9.0}, 10)
    """
    points: list[Point] = [tuple(p) for p in costs.index]
    value = costs.to_numpy(dtype=float)
    finite = np.isfinite(value)
    value = np.where(finite, value, np.nan)  # NaN takes the mapper's nan_color
    xy = np.array([plane_xy(p) for p in points], dtype=float).reshape(-1, 2)
    names = [_point_label(board, p) for p in points]
    data: Columns = {
        "xs": [[x + dx for dx, _ in _HEXAGON] for x in xy[:, 0]],
        "ys": [[y + dy for _, dy in _HEXAGON] for y in xy[:, 1]],
        "x": xy[:, 0],
        "y": xy[:, 1],
        "point": names,
        "cost": value,
    }
    low = float(value[finite].min()) if finite.any() else 0.0
    high = float(value[finite].max()) if finite.any() else 1.0
    mapper = LinearColorMapper(
        palette=list(palette), low=low, high=max(high, low + 1), nan_color="#bdbdbd"
    )
    glyph = Patches(
        xs="xs",
        ys="ys",
        fill_color={"field": "cost", "transform": mapper},
        fill_alpha=TILE_ALPHA,
        line_color="white",
        line_alpha=0.5,
        line_width=0.5,
    )
    tiles = GlyphRenderer(data_source=ColumnDataSource(data), glyph=glyph, name="start-heatmap")
    _add_below(fig, tiles, ["segments-single", "points", "cities"])

    best = np.flatnonzero(finite & (value == low))
    outlines: Columns = {key: [data[key][i] for i in best] for key in ("xs", "ys", "point")}
    outlines["cost"] = value[best]
    outline = Patches(xs="xs", ys="ys", fill_color=None, line_color=BEST, line_width=1.6)
    marks = GlyphRenderer(
        data_source=ColumnDataSource(outlines), glyph=outline, name="start-heatmap-best"
    )
    _add_below(fig, marks, ["segments-single", "points", "cities"])
    tooltips = [("start", "@point"), ("rails to finish the hand", "@cost{0}")]
    fig.add_tools(HoverTool(renderers=[tiles], tooltips=tooltips, name="start-hover"))
    _color_bar(fig, mapper, "rails to finish the hand from here", "start-heatmap-colorbar", "0")
    return tiles


# ---------------------------------------------------------------------------- the report


def _histogram(report: MapReport, width: int, height: int) -> figure:
    s = report.summary
    costs = list(s.histogram)
    counts = [s.histogram[c] for c in costs]
    data: Columns = {"cost": costs, "hands": counts, "share": [n / s.hands for n in counts]}
    fig = figure(
        width=width,
        height=height,
        title=f"Hand costs: {s.hands:,} hands, mean {s.mean:.1f} rails",
        tools="pan,wheel_zoom,reset,save",
        active_scroll=None,  # the wheel scrolls the page
        toolbar_location=None,
        x_axis_label="rails to join the hand",
        y_axis_label="hands",
        y_range=Range1d(start=0, end=max(counts, default=1) * 1.08),
        name="cost-histogram",
    )
    bars = fig.vbar(
        x="cost", top="hands", width=0.85, source=ColumnDataSource(data),
        fill_color="#4a78a8", line_color="#2d4f73", name="cost-bars",
    )  # fmt: skip
    fig.add_layout(Span(location=s.mean, dimension="height", line_color="#c0392b",
                        line_dash="dashed", line_width=1.5))  # fmt: skip
    fig.add_tools(HoverTool(renderers=[bars], tooltips=[
        ("rails", "@cost"), ("hands", "@hands{0,0} (@share{0.0%})")]))  # fmt: skip
    fig.xgrid.grid_line_color = None
    fig.yaxis.formatter = NumeralTickFormatter(format="0,0")
    return fig


def _city_chart(report: MapReport, width: int, height: int) -> figure:
    fills = {c.name: c.fill for c in report.board.colors}
    cities = report.cities.iloc[::-1]  # categorical axes run bottom to top: first color on top
    factors = list(zip(cities["color"], cities["city"], strict=True))
    data: Columns = {
        "factor": factors,
        "city": cities["city"].tolist(),
        "color": cities["color"].tolist(),
        "effect": cities["effect"].to_numpy(dtype=float),
        "mean": cities["mean"].to_numpy(dtype=float),
        "fill": [fills.get(c, "#ffffff") for c in cities["color"]],
    }
    reach = max(FAIR_COLOR_SPREAD / 2, float(np.abs(data["effect"]).max(initial=0.0))) * 1.1
    fig = figure(
        width=width,
        height=height,
        title="What each city adds to its hands",
        y_range=FactorRange(factors=factors, group_padding=0.6, range_padding=0.02),
        x_range=Range1d(start=-reach, end=reach),
        tools="save",
        toolbar_location=None,
        x_axis_label="rails vs the mean hand",
        name="city-effects",
    )
    bars = fig.hbar(
        y="factor", left=0, right="effect", height=0.75, source=ColumnDataSource(data),
        fill_color="fill", line_color="#4d4d4d", name="city-bars",
    )  # fmt: skip
    fig.add_layout(Span(location=0, dimension="height", line_color="#4d4d4d", line_width=1))
    fig.add_tools(HoverTool(renderers=[bars], tooltips=[
        ("city", "@city (@color)"), ("adds", "@effect{+0.0} rails"),
        ("mean hand", "@mean{0.0} rails")]))  # fmt: skip
    fig.ygrid.grid_line_color = None
    for axis in fig.yaxis:
        if isinstance(axis, CategoricalAxis):
            axis.major_label_text_font_size = "8pt"
            axis.group_text_font_size = "9pt"
            axis.separator_line_alpha = 0
    return fig


def report_figures(report: MapReport, *, width: int = 1100) -> LayoutDOM:
    """The charts of ``report``: hand costs, the usage heatmap and city effects.

    On top, the histogram of hand costs (the dashed line is the mean); below it the board
    with :func:`usage_overlay` and, beside the board and as tall, the effect of each city,
    grouped by color and filled with the color's card fill.

    Parameters
    ----------
    report : MapReport
        The analysis to draw, from :func:`~workbench.analysis.report.analyze`.
    width : int, optional
        Width of the layout in pixels.

    Returns
    -------
    bokeh.models.LayoutDOM
        A column: the histogram (a figure named ``"cost-histogram"``), then a row of the
        board (``"usage-board"``) and the city effects (``"city-effects"``).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis.report import analyze
    >>> report = analyze(load_map("maps/tiny.yaml"), chokepoint_candidates=None)
    >>> layout = report_figures(report)
    >>> sorted(fig.name for fig in layout.select({"type": figure}))
    ['city-effects', 'cost-histogram', 'usage-board']
    """
    gap = 16
    side = max(300, round(width * 0.29))
    board = board_figure(
        report.board,
        width=width - side - gap,
        title=f"{report.board.name}: where the game is played",
    )
    board.name = "usage-board"
    usage_overlay(board, report.board, report.usage)
    effects = _city_chart(report, side, max(board.height or 0, 120 + 16 * len(report.cities)))
    histogram = _histogram(report, width, 250)
    return wheel_zoom_off(column(histogram, row(board, effects, spacing=gap), spacing=gap))


_CSS = """<style>
.workbench-report { font-family: system-ui, -apple-system, "Segoe UI", sans-serif;
  color: #202020; max-width: 1120px; }
.workbench-report h2 { margin: 0.2em 0 0.1em; font-size: 1.45em; }
.workbench-report h3 { margin: 0.9em 0 0.3em; font-size: 1.05em; }
.workbench-report .wb-sub { color: #606060; margin: 0 0 0.4em; }
.workbench-report ul { margin: 0.2em 0 0.6em; padding-left: 1.4em; line-height: 1.45; }
.workbench-report .wb-tables { display: flex; flex-wrap: wrap; gap: 0 2.5em;
  margin-bottom: 1em; }
.workbench-report table.workbench-table { border-collapse: collapse; font-size: 0.88em; }
.workbench-report table.workbench-table th,
.workbench-report table.workbench-table td { padding: 0.2em 0.7em; text-align: right;
  border-bottom: 1px solid #e0e0e0; }
.workbench-report table.workbench-table th { background: #f3f3f3; }
.workbench-report table.wb-colors td:nth-child(-n+3),
.workbench-report table.wb-colors th:nth-child(-n+3) { text-align: left; }
.workbench-report table.workbench-table td.wb-unfair { color: #b3261e; font-weight: 600; }
.workbench-report table.wb-usage td:nth-child(-n+2),
.workbench-report table.wb-usage th:nth-child(-n+2) { text-align: left; }
.workbench-report .wb-more { color: #606060; font-size: 0.85em; margin: 0.2em 0; }
</style>"""


def _summary_table(report: MapReport) -> str:
    s = report.summary
    frame = pd.DataFrame(
        [[f"{s.hands:,}", f"{s.mean:.1f}", f"{s.std:.1f}", s.minimum, f"{s.p10:.0f}",
          f"{s.median:.0f}", f"{s.p90:.0f}", s.maximum]],
        columns=["hands", "mean", "std", "min", "10%", "median", "90%", "max"],
    )  # fmt: skip
    return frame.to_html(index=False, classes="workbench-table wb-costs", border=0)


def plural(count: int, word: str, words: str | None = None) -> str:
    """``count`` and the noun in the right number: ``1 bridge``, ``3 bridges``.

    Examples
    --------
    >>> plural(1, "bridge"), plural(12, "bridge"), plural(0, "articulation point")
    ('1 bridge', '12 bridges', '0 articulation points')
    """
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


def shown_list(items: Sequence[str], limit: int) -> str:
    """``items`` joined with commas, the first ``limit`` of them, saying how many more exist.

    Examples
    --------
    >>> shown_list(["a", "b", "c"], 5), shown_list(["a", "b", "c"], 2)
    ('a, b, c', 'a, b and 1 more')
    """
    if len(items) <= limit:
        return ", ".join(items)
    return f"{', '.join(items[:limit])} and {len(items) - limit:,} more"


def _segment(a: Any, b: Any) -> str:
    return f"{point_name(a)}-{point_name(b)}"


def _usage_table(report: MapReport, top: int = 8) -> str:
    usage = report.usage
    shown = usage.head(top)
    frame = pd.DataFrame(
        {
            "segment": [f"{_point_label(report.board, a)} - {_point_label(report.board, b)}"
                        for a, b in zip(shown["a"], shown["b"], strict=True)],
            "type": list(shown["kind"]),
            "hands": [f"{v:.1%}" for v in shown["share"]],
        }
    )  # fmt: skip
    table = frame.to_html(index=False, classes="workbench-table wb-usage", border=0)
    used = int((usage["share"] > 0).sum())
    more = (
        f'<p class="wb-more">the {top} most used of {plural(used, "used segment")}</p>'
        if used > top
        else ""
    )
    return table + more


def _chokepoints_html(report: MapReport, limit: int = 12) -> str:
    c = report.choke
    if c is None:
        return (
            '<p class="wb-sub">not computed (<code>analyze(board, chokepoint_candidates=8)'
            "</code> finds them)</p>"
        )
    bridges = [_segment(a, b) for a, b in c.bridges]
    points = [point_name(p) for p in c.articulation_points]
    lines = [
        f"<li>{plural(len(bridges), 'bridge')} (segments whose loss splits the board)"
        + (f": {html.escape(shown_list(bridges, limit))}" if bridges else "")
        + "</li>",
        f"<li>{plural(len(points), 'articulation point')} (points whose loss splits the board)"
        + (f": {html.escape(shown_list(points, limit))}" if points else "")
        + "</li>",
    ]
    critical = c.critical
    cut = critical[critical.cut_hands > 0].head(4)
    dearer = critical[critical.cut_hands == 0].head(4)
    for r in pd.concat([cut, dearer]).itertuples():
        effect = (
            f"+{r.increase:.2f} rails per hand"
            if r.cut_hands == 0
            else f"cuts {plural(int(cast(float, r.cut_hands)), 'hand')} apart"
        )
        lines.append(
            f"<li>without {html.escape(_segment(r.a, r.b))} ({html.escape(str(r.kind))}, used "
            f"by {r.share:.0%} of hands): {effect}</li>"
        )
    return f"<ul>{''.join(lines)}</ul>"


def _farthest_html(report: MapReport) -> str:
    far = report.distances.stack()
    if far.empty:
        return ""
    a, b = cast(tuple[str, str], far.idxmax())
    rails = int(cast(float, far.max()))
    return (
        f"<p><b>Farthest cities</b>: {html.escape(str(a))} to {html.escape(str(b))}, "
        f"{plural(rails, 'rail')}</p>"
    )


def _colors_table(report: MapReport) -> str:
    c = report.colors
    frame = pd.DataFrame(
        {
            "color": c["color"],
            "cheapest": [f"{n} ({e:+.1f})" for n, e in zip(c["cheapest"], c["cheapest_effect"],
                                                          strict=True)],
            "dearest": [f"{n} ({e:+.1f})" for n, e in zip(c["dearest"], c["dearest_effect"],
                                                         strict=True)],
            "spread": [f"{v:.1f}" for v in c["spread"]],
            "fair": ["yes" if f else "NO" for f in c["fair"]],
        }
    )  # fmt: skip
    table = frame.to_html(index=False, classes="workbench-table wb-colors", border=0)
    return table.replace("<td>NO</td>", '<td class="wb-unfair">NO</td>')


def report_html(report: MapReport, *, width: int = 1100) -> str:
    """An HTML fragment that shows ``report``, with BokehJS inline (works offline).

    This is what :meth:`MapReport._repr_html_` returns: a title, the findings, tables of the
    hand costs, of the colors' fairness and of the most used segments, the chokepoints
    (bridges, articulation points, the segments whose loss costs most) and the farthest
    cities, then :func:`report_figures` with a legend. BokehJS is included
    inline, as in :func:`~workbench.ui.render.board_html`, but only runs when the page does
    not have it yet.

    Parameters
    ----------
    report : MapReport
        The analysis to show.
    width : int, optional
        Width of the figures in pixels.

    Returns
    -------
    str
        A ``<div class="workbench-report">`` with its styles, text, tables and figures.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis.report import analyze
    >>> report = analyze(load_map("maps/tiny.yaml"), chokepoint_candidates=None)
    >>> fragment = report_html(report)
    >>> "cdn.bokeh.org" in fragment, "Tiny Island" in fragment, "luckiest hand" in fragment
    (False, True, True)
    """
    s = report.summary
    name = html.escape(report.board.name)
    findings = "\n".join(f"<li>{html.escape(line)}</li>" for line in report.findings)
    script, div = components(report_figures(report, width=width))
    return "\n".join(
        [
            '<div class="workbench-report">',
            _CSS,
            f"<h2>{name}</h2>",
            f'<p class="wb-sub">{s.hands:,} hands with {report.players} players, one exact '
            f"Steiner tree each, computed in {report.table.seconds:.2f} s</p>",
            "<h3>What to look at</h3>",
            f"<ul>\n{findings}\n</ul>",
            '<div class="wb-tables">',
            f"<div><h3>Hand costs (rails)</h3>\n{_summary_table(report)}</div>",
            f"<div><h3>Colors (fair: spread &le; {FAIR_COLOR_SPREAD:g} rails)</h3>\n"
            f"{_colors_table(report)}</div>",
            "</div>",
            '<div class="wb-tables">',
            f"<div><h3>Most used segments (share of hands)</h3>\n{_usage_table(report)}</div>",
            f"<div><h3>Chokepoints</h3>\n{_chokepoints_html(report)}\n"
            f"{_farthest_html(report)}</div>",
            "</div>",
            bokehjs_once(),
            div,
            script,
            legend_html(report.board, heatmap=True),
            "</div>",
        ]
    )


def save_report_html(report: MapReport, path: str | os.PathLike[str], *, width: int = 1100) -> Path:
    """Write ``report`` as a standalone HTML page with BokehJS inline (works offline).

    The page holds :func:`report_html`. It is written to a temporary file beside ``path``
    and renamed into place, so an interrupted save leaves an existing file whole (a new
    file is readable by all, ``0o644``; an existing one keeps its mode).

    Parameters
    ----------
    report : MapReport
        The analysis to show.
    path : str or os.PathLike
        Where to write the page; its folder must exist.
    width : int, optional
        Width of the figures in pixels.

    Returns
    -------
    pathlib.Path
        ``path``, as a Path.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from workbench import load_map
    >>> from workbench.analysis.report import analyze
    >>> report = analyze(load_map("maps/tiny.yaml"), chokepoint_candidates=None)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = save_report_html(report, Path(folder) / "tiny.html")
    ...     page = out.read_text(encoding="utf-8")
    >>> page.startswith("<!DOCTYPE html>"), "cdn.bokeh.org" in page
    (True, False)
    """
    target = Path(path)
    title = html.escape(f"{report.board.name}: map report")
    page = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n</head>\n<body>\n{report_html(report, width=width)}\n"
        "</body>\n</html>\n"
    )
    return write_atomic(target, page)
