"""The Bokeh half of the map editor: the board figure it edits and the analysis charts.

Everything here turns values (a Board, a usage table, a cost summary) into the data of
named renderers, so that :class:`~workbench.ui.editor.MapEditor` can redraw after an edit by
assigning new data to a few sources instead of building a new figure. Nothing here edits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

import pandas as pd
from bokeh.models import (
    ColumnDataSource,
    CustomJS,
    FixedTicker,
    HoverTool,
    LinearColorMapper,
    NumeralTickFormatter,
    PointDrawTool,
    Range1d,
)
from bokeh.models.annotations import ColorBar
from bokeh.models.glyphs import Circle, MultiLine, Segment
from bokeh.models.renderers import GlyphRenderer
from bokeh.plotting import figure

from workbench.maps.lattice import ROW_HEIGHT, plane_xy
from workbench.ui.render import (
    DOUBLE_MOUNTAIN,
    DOUBLE_WATER,
    FERRY,
    PADDING,
    SINGLE,
    TUNNEL,
    _double_data,
    _portal_data,
    _segment_data,
    board_extent,
    board_figure,
    city_columns,
)
from workbench.ui.report import usage_columns, usage_overlay

if TYPE_CHECKING:
    from workbench.analysis.summary import CostSummary
    from workbench.maps.board import Board
    from workbench.maps.board import Segment as BoardSegment
    from workbench.maps.lattice import Edge, Point

__all__ = [
    "EDITOR_RENDERERS",
    "SEGMENT_LAYERS",
    "Columns",
    "EditorFigure",
    "bar_ticks",
    "cost_histogram",
    "draw_histogram",
    "histogram_columns",
    "segment_layers",
]

Columns = dict[str, Any]
"""The data of a ColumnDataSource: column name -> list of values."""

SEGMENT_LAYERS: tuple[str, ...] = (
    "segments-single",
    "segments-double-water",
    "segments-double-mountain",
    "segments-ferry",
    "segments-tunnel",
    "tunnel-portals",
)
"""The renderers of :func:`~workbench.ui.render.board_figure` that an edit of a segment redraws."""

EDITOR_RENDERERS: tuple[str, ...] = (
    "usage-heatmap",
    "edited-halo",
    "edited",
    "highlight",
    "highlight-lines",
    "selected",
)
"""The renderers the editor adds to the board figure: the usage heatmap, the segments of
the last edit (drawn over the heatmap, on a white halo), the places of a problem (points and
lines) and the ring around the selected city."""

EDITED_COLORS: dict[tuple[str, str | None], str] = {
    ("single", None): SINGLE,
    ("double", "water"): DOUBLE_WATER,
    ("double", "mountain"): DOUBLE_MOUNTAIN,
    ("ferry", None): FERRY,
    ("tunnel", None): TUNNEL,
}
"""The color of an edited segment by ``(type, terrain)``; a removed one is light grey."""
REMOVED = "#b0b0b0"

HIGHLIGHT = "#d7191c"
SELECTED = "#111111"
FADED = 0.35


def _px_per_unit(board: Board, width: int) -> float:
    """Pixels per plane unit at the first zoom, as :func:`board_figure` places city names."""
    xmin, xmax, ymin, ymax = board_extent(board)
    span_x, span_y = max(xmax - xmin, 1.0), max(ymax - ymin, 1.0)
    padding = 2 * PADDING / min(span_x, span_y)
    return (width - 10) / (span_x * (1 + padding))


def segment_layers(board: Board) -> dict[str, Columns]:
    """The data of each segment renderer of a board figure (see :data:`SEGMENT_LAYERS`).

    Parameters
    ----------
    board : Board
        The board whose segments to draw.

    Returns
    -------
    dict
        Renderer name -> its columns, as :func:`~workbench.ui.render.board_figure` fills them.

    Examples
    --------
    >>> from workbench import load_map
    >>> layers = segment_layers(load_map("maps/tiny.yaml"))
    >>> len(layers["segments-ferry"]["x0"]), len(layers["tunnel-portals"]["x0"])
    (1, 2)
    """
    groups: dict[str, list[BoardSegment]] = {name: [] for name in SEGMENT_LAYERS[:-1]}
    for s in board.segments.values():
        kind = f"double-{s.terrain}" if s.kind == "double" else s.kind
        groups[f"segments-{kind}"].append(s)
    layers = {
        name: _double_data(group) if name.startswith("segments-double") else _segment_data(group)
        for name, group in groups.items()
    }
    layers["tunnel-portals"] = _portal_data(groups["segments-tunnel"])
    return layers


def bar_ticks(top: float) -> list[float]:
    """Five ticks from 0 to ``top`` for a color bar: its ends are always labelled.

    Examples
    --------
    >>> bar_ticks(0.8)
    [0.0, 0.2, 0.4, 0.6, 0.8]
    """
    top = top if top > 0 else 1.0
    return [round(top * i / 4, 6) for i in range(5)]


def _source(renderer: Any) -> ColumnDataSource:
    """The ColumnDataSource of a glyph renderer (every renderer here has one)."""
    return cast(ColumnDataSource, renderer.data_source)


def _no_usage() -> pd.DataFrame:
    return pd.DataFrame(
        {"a": [], "b": [], "kind": [], "terrain": [], "hands": [], "share": []}
    ).astype({"hands": "int64", "share": "float64"})


class EditorFigure:
    """The board figure the editor draws on, and the sources an edit or an analysis changes.

    The figure is :func:`~workbench.ui.render.board_figure`'s, named ``"editor-board"``,
    with the usage heatmap of :func:`~workbench.ui.report.usage_overlay` (empty until the
    first analysis), a :class:`~bokeh.models.PointDrawTool` on the cities (it only drags:
    ``add=False``; a tap leaves no selection behind, so a later drag moves one city only),
    and the renderers of :data:`EDITOR_RENDERERS`. The hover tooltips start switched off:
    they open under the pointer and would catch the drags and taps meant for the board.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> view = EditorFigure(board, width=500)
    >>> view.figure.name, view.cities.data["name"][0]
    ('editor-board', 'Alder')
    >>> view.draw_tool.add, view.figure.toolbar.active_drag is view.draw_tool
    (False, True)
    """

    def __init__(self, board: Board, *, width: int = 760, keys_js: str = "") -> None:
        self.width = width
        self.px_per_unit = _px_per_unit(board, width)
        fig = board_figure(board, width=width, title="")
        fig.name = "editor-board"
        fig.title = None
        self.figure = fig
        self.renderers: dict[str, GlyphRenderer[Any]] = {
            r.name: r for r in fig.renderers if isinstance(r, GlyphRenderer) and r.name
        }
        self.usage = usage_overlay(fig, board, _no_usage())
        self.renderers["usage-heatmap"] = self.usage
        empty: Columns = {"x0": [], "y0": [], "x1": [], "y1": [], "color": []}
        self.edited_halo = self._add(
            "edited-halo",
            Segment(x0="x0", y0="y0", x1="x1", y1="y1", line_color="white", line_width=7,
                    line_cap="round"),
            dict(empty),
        )  # fmt: skip
        self.edited = self._add(
            "edited",
            Segment(x0="x0", y0="y0", x1="x1", y1="y1", line_color="color", line_width=3.5,
                    line_cap="round"),
            dict(empty),
        )  # fmt: skip
        bar = cast(ColorBar, fig.select_one({"name": "usage-colorbar"}))
        self.usage_bar = bar
        self.usage_mapper = cast(LinearColorMapper, bar.color_mapper)
        # one ticker whose ticks change (a new ticker model would not reach the page)
        self.usage_ticker = FixedTicker(ticks=bar_ticks(float(self.usage_mapper.high or 1.0)))
        bar.ticker = self.usage_ticker
        cities = self.renderers["cities"]
        self.cities = _source(cities)

        self.highlight = self._add(
            "highlight",
            Circle(x="x", y="y", radius=0.55, fill_color=HIGHLIGHT, fill_alpha=0.18,
                   line_color=HIGHLIGHT, line_width=3),
            {"x": [], "y": []},
        )  # fmt: skip
        self.highlight_lines = self._add(
            "highlight-lines",
            MultiLine(xs="xs", ys="ys", line_color=HIGHLIGHT, line_width=5, line_alpha=0.75),
            {"xs": [], "ys": []},
        )
        self.selected = self._add(
            "selected",
            Circle(x="x", y="y", radius=0.45, fill_color=None, line_color=SELECTED,
                   line_width=3.5),
            {"x": [], "y": []},
        )  # fmt: skip

        self.draw_tool = PointDrawTool(renderers=[cities], add=False, drag=True)
        self.draw_tool.description = "Drag a city to move it"
        fig.add_tools(self.draw_tool)
        fig.toolbar.active_drag = self.draw_tool
        fig.toolbar.active_tap = self.draw_tool
        # tooltips open under the pointer and would catch the drags and taps meant for the
        # board: they start switched off (the toolbar's hover buttons switch them on)
        fig.toolbar.active_inspect = None
        # PointDrawTool selects the city under a tap and drags every selected city: clear the
        # selection after each tap (this runs after the tool has handled it)
        fig.js_on_event(
            "tap",
            CustomJS(args={"source": self.cities}, code="source.selected.indices = [];" + keys_js),
        )

    def _add(self, name: str, glyph: Any, data: Columns) -> GlyphRenderer[Any]:
        renderer = GlyphRenderer(data_source=ColumnDataSource(data), glyph=glyph, name=name)
        self.figure.renderers.append(renderer)
        self.renderers[name] = renderer
        return renderer

    # ------------------------------------------------------------------ redrawing

    def draw_cities(self, board: Board) -> None:
        """Give the cities' source the data of ``board`` (snaps a dragged city, or puts it back)."""
        self.cities.data = city_columns(board, px_per_unit=self.px_per_unit)

    def draw_segments(self, before: Board | None, board: Board) -> None:
        """Redraw the segment renderers whose data changed between ``before`` and ``board``."""
        new = segment_layers(board)
        old = segment_layers(before) if before is not None else {}
        for name, columns in new.items():
            if old.get(name) != columns:
                _source(self.renderers[name]).data = columns

    def draw_usage(self, board: Board, usage: pd.DataFrame | None) -> None:
        """Show ``usage`` as the heatmap (``None``: nothing); the color bar is labelled from
        0 to the largest share, whatever it is."""
        columns, top = usage_columns(board, usage if usage is not None else _no_usage())
        self.usage_mapper.high = top
        self.usage_ticker.ticks = bar_ticks(top)
        _source(self.usage).data = columns

    def draw_edited(self, board: Board, keys: Iterable[Edge]) -> None:
        """Draw the segments ``keys`` as they are on ``board``, over the heatmap (a removed
        one in light grey); an empty ``keys`` clears them."""
        columns: Columns = {"x0": [], "y0": [], "x1": [], "y1": [], "color": []}
        for key in keys:
            (x0, y0), (x1, y1) = plane_xy(key[0]), plane_xy(key[1])
            segment = board.segments.get(key)
            state = (segment.kind, segment.terrain) if segment is not None else None
            color = REMOVED if state is None else EDITED_COLORS.get(state, SINGLE)
            for name, value in zip(columns, (x0, y0, x1, y1, color), strict=True):
                columns[name].append(value)
        _source(self.edited_halo).data = {k: list(v) for k, v in columns.items()}
        _source(self.edited).data = columns

    def show_usage(self, visible: bool) -> None:
        """Show or hide the heatmap (and its color bar), fading the segments under it."""
        self.usage.visible = visible
        self.usage_bar.visible = visible
        for name in SEGMENT_LAYERS:
            self.renderers[name].glyph.line_alpha = FADED if visible else 1.0

    def draw_selected(self, point: Point | None) -> None:
        """Ring the selected city (``None``: no ring)."""
        xy = [] if point is None else [plane_xy(point)]
        _source(self.selected).data = {"x": [x for x, _ in xy], "y": [y for _, y in xy]}

    def draw_highlight(
        self,
        points: Iterable[Point] = (),
        edges: Iterable[Edge] = (),
        outlines: Iterable[Sequence[tuple[float, float]]] = (),
    ) -> None:
        """Mark points (a disc), segments and polygons in lattice units (a thick red line)."""
        xy = [plane_xy(p) for p in points]
        _source(self.highlight).data = {"x": [x for x, _ in xy], "y": [y for _, y in xy]}
        xs: list[list[float]] = []
        ys: list[list[float]] = []
        for a, b in edges:
            (x0, y0), (x1, y1) = plane_xy(a), plane_xy(b)
            xs.append([x0, x1])
            ys.append([y0, y1])
        for outline in outlines:
            ring = [*outline, outline[0]] if outline else []
            xs.append([x for x, _ in ring])
            ys.append([-y * ROW_HEIGHT for _, y in ring])
        _source(self.highlight_lines).data = {"xs": xs, "ys": ys}


# ---------------------------------------------------------------------------- the histogram


def histogram_columns(summary: CostSummary | None) -> Columns:
    """The ``"cost-bars"`` data for a cost summary (``None``: no bars).

    Examples
    --------
    >>> import pandas as pd
    >>> from workbench.analysis import cost_summary
    >>> histogram_columns(cost_summary(pd.DataFrame({"cost": [3, 4, 4]})))["hands"]
    [1, 2]
    """
    if summary is None:
        return {"cost": [], "hands": [], "share": []}
    costs = list(summary.histogram)
    hands = [summary.histogram[c] for c in costs]
    return {"cost": costs, "hands": hands, "share": [n / summary.hands for n in hands]}


def _steps(columns: Columns) -> Columns:
    """The outline of a histogram's shares, as a step line (for the board before the edit)."""
    xs: list[float] = []
    ys: list[float] = []
    for cost, share in zip(columns["cost"], columns["share"], strict=True):
        xs += [cost - 0.5, cost + 0.5]
        ys += [share, share]
    return {"x": xs, "y": ys}


def cost_histogram(width: int = 380, height: int = 210) -> tuple[figure, ColumnDataSource]:
    """An empty hand-cost histogram (``"editor-histogram"``) and the source of its bars.

    The bars are shares of all hands, so that a board with fewer hands (a city removed)
    compares fairly with the board before the edit, drawn as the ``"before-steps"`` line
    (see :func:`draw_histogram`).

    Examples
    --------
    >>> fig, bars = cost_histogram()
    >>> fig.name, sorted(bars.data)
    ('editor-histogram', ['cost', 'hands', 'share'])
    """
    fig = figure(
        width=width,
        height=height,
        tools="",
        toolbar_location=None,
        x_axis_label="rails to join the hand",
        y_axis_label="share of hands",
        y_range=Range1d(start=0, end=1),
        name="editor-histogram",
        min_border_left=40,
    )
    bars = ColumnDataSource(histogram_columns(None))
    drawn = fig.vbar(
        x="cost", top="share", width=0.85, source=bars,
        fill_color="#4a78a8", line_color="#2d4f73", name="cost-bars",
    )  # fmt: skip
    fig.line(x="x", y="y", source=ColumnDataSource({"x": [], "y": []}), line_color="#c0392b",
             line_width=1.5, line_alpha=0.8, name="before-steps",
             legend_label="before the edit")  # fmt: skip
    fig.add_tools(HoverTool(renderers=[drawn], tooltips=[
        ("rails", "@cost"), ("hands", "@hands{0,0} (@share{0.0%})")]))  # fmt: skip
    fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    fig.legend.location = "top_left"
    fig.legend.label_text_font_size = "8pt"
    fig.legend.background_fill_alpha = 0.6
    fig.xgrid.grid_line_color = None
    fig.yaxis.axis_label_text_font_size = "9pt"
    fig.xaxis.axis_label_text_font_size = "9pt"
    return fig, bars


def draw_histogram(fig: figure, now: CostSummary | None, before: CostSummary | None) -> None:
    """Show the shares of ``now`` as bars and those of ``before`` as a red step line.

    Examples
    --------
    >>> import pandas as pd
    >>> from workbench.analysis import cost_summary
    >>> fig, bars = cost_histogram()
    >>> draw_histogram(fig, cost_summary(pd.DataFrame({"cost": [3, 4, 4]})), None)
    >>> bars.data["hands"], round(fig.y_range.end, 3)
    ([1, 2], 0.733)
    """
    columns = histogram_columns(now)
    previous = histogram_columns(before)
    named = {r.name: r for r in fig.renderers}
    _source(named["cost-bars"]).data = columns
    _source(named["before-steps"]).data = _steps(previous)
    top = max([*columns["share"], *previous["share"]], default=1.0)
    cast(Range1d, fig.y_range).end = top * 1.1
