"""Draw a :class:`~workbench.maps.board.Board` as an interactive Bokeh figure.

The picture is built from a handful of vectorised glyphs, one per layer and segment style, so
a full board (hundreds of points, thousands of segments) builds in about a tenth of a second.
Every glyph renderer carries a ``name`` (see :data:`RENDERER_NAMES`) by which tests and
widgets find it with ``figure.select(name=...)``. Drawing is in plane coordinates
(:func:`~workbench.maps.lattice.plane_xy`): neighbours are 1 apart and north is up.

Layers, bottom to top: sea (the background), land, water areas, mountains, rivers, segments
(single, double over water, double over mountains, ferry, tunnel), points, the rings of dashed
cities, cities, city names.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bokeh import __version__ as BOKEH_VERSION
from bokeh.core.properties import field
from bokeh.embed import components, file_html
from bokeh.models import (
    CDSView,
    ColumnDataSource,
    DataRange1d,
    GroupFilter,
    HoverTool,
    Toolbar,
    WheelZoomTool,
)
from bokeh.models.annotations import LabelSet
from bokeh.models.glyph import Glyph
from bokeh.models.glyphs import Circle, MultiLine, Patches, Scatter, Segment
from bokeh.models.renderers import GlyphRenderer
from bokeh.plotting import figure
from bokeh.resources import INLINE, Resources

from workbench.files import write_atomic
from workbench.maps.drawing import (
    CITY_RADIUS,
    DASHED_RADIUS,
    DOUBLE_GAP,
    PADDING,
    board_extent,
    double_lines,
    place_labels,
    portal_ticks,
    terrain_xy,
)
from workbench.maps.lattice import plane_xy, point_name

if TYPE_CHECKING:
    from workbench.maps.board import Board
    from workbench.maps.board import Segment as BoardSegment
    from workbench.maps.lattice import Edge

__all__ = [
    "RENDERER_NAMES",
    "board_extent",
    "board_figure",
    "board_html",
    "bokehjs_once",
    "city_columns",
    "draw_glyph",
    "legend_html",
    "save_board_html",
    "wheel_zoom_off",
]

RENDERER_NAMES: tuple[str, ...] = (
    "land",
    "water-areas",
    "mountains",
    "water-lines",
    "segments-single",
    "segments-double-water",
    "segments-double-mountain",
    "segments-ferry",
    "segments-tunnel",
    "tunnel-portals",
    "points",
    "cities-dashed",
    "cities",
)
"""The ``name`` of every glyph renderer :func:`board_figure` draws, bottom to top.

A mountain drawn as a line (rare) adds ``"mountain-lines"`` right after ``"water-lines"``. The city
names are a :class:`~bokeh.models.LabelSet` called ``"city-names"``, drawn over a white copy
called ``"city-names-halo"`` that keeps them legible on any background.
"""

# ---------------------------------------------------------------------------- style

SEA = "#d5e3ec"
LAND_FILL, LAND_LINE = "#f6f1dc", "#b9ad86"
WATER_FILL, WATER_LINE = "#a9cbe6", "#6d9fcb"
RIVER = "#6d9fcb"
MOUNTAIN_FILL, MOUNTAIN_LINE = "#b58e5f", "#9b7447"
SINGLE = "#4d4d4d"
DOUBLE_WATER = "#1a5fb4"
DOUBLE_MOUNTAIN = "#8a4b14"
FERRY = "#1a5fb4"
TUNNEL = "#3b2410"
POINT = "#8c8c8c"
CITY_LINE = "#1e1e1e"

# CITY_RADIUS, DASHED_RADIUS, PADDING and DOUBLE_GAP (plane units) come from
# workbench.maps.drawing, which the printed board shares

_SEGMENT_RENDERERS = (
    "segments-single",
    "segments-double-water",
    "segments-double-mountain",
    "segments-ferry",
    "segments-tunnel",
)

STYLE: dict[str, dict[str, Any]] = {
    "land": {"fill_color": LAND_FILL, "line_color": LAND_LINE, "line_width": 1},
    "water-areas": {"fill_color": WATER_FILL, "line_color": WATER_LINE, "line_width": 1},
    "mountains": {
        "fill_color": MOUNTAIN_FILL,
        "fill_alpha": 0.3,
        "line_color": MOUNTAIN_LINE,
        "line_alpha": 0.5,
    },
    "water-lines": {"line_color": RIVER, "line_width": 3.5, "line_alpha": 0.8, "line_cap": "round"},
    "mountain-lines": {"line_color": MOUNTAIN_FILL, "line_width": 5, "line_alpha": 0.5},
    "segments-single": {"line_color": SINGLE, "line_width": 1.2},
    "segments-double-water": {"line_color": DOUBLE_WATER, "line_width": 1.4},
    "segments-double-mountain": {"line_color": DOUBLE_MOUNTAIN, "line_width": 1.4},
    "segments-ferry": {"line_color": FERRY, "line_width": 2.6, "line_dash": [6, 4]},
    "segments-tunnel": {"line_color": TUNNEL, "line_width": 3, "line_dash": [3, 2]},
    "tunnel": {"line_color": TUNNEL, "line_width": 3, "line_cap": "round"},
    "points": {"size": 3.5, "fill_color": POINT, "line_color": POINT},
    "ring": {
        "radius": DASHED_RADIUS,
        "fill_color": "white",
        "fill_alpha": 0.75,
        "line_color": CITY_LINE,
        "line_width": 1.6,
        "line_dash": [4, 3],
    },
    "cities": {
        "radius": CITY_RADIUS,
        "fill_color": field("fill"),
        "line_color": CITY_LINE,
        "line_width": 1.6,
    },
    "names": {
        "text": "name",
        "text_font_size": "9pt",
        "text_font_style": "bold",
        "text_color": "#202020",
        "text_baseline": field("label_baseline"),
        "text_align": field("label_align"),
    },
    "halo": {"text_color": "white", "text_outline_color": "white", "text_outline_width": 3},
}
"""How each layer is drawn: keyword arguments of its Bokeh glyph (radii in plane units)."""

LABEL_CHAR_PX = 7.2
"""Average width of a character of a city name, in pixels (9 pt bold)."""
LABEL_HEIGHT_PX = 13.0
"""Height of a city name, in pixels."""

_NAN = float("nan")
_ENDS: dict[str, Any] = {"x0": "x0", "y0": "y0", "x1": "x1", "y1": "y1"}

Columns = dict[str, Any]
"""The data of a ColumnDataSource: column name -> list of values."""


def _shapes(shapes: Iterable[Sequence[tuple[float, float]]]) -> Columns:
    xs: list[list[float]] = []
    ys: list[list[float]] = []
    for shape in shapes:
        plane = [terrain_xy(v) for v in shape]
        xs.append([x for x, _ in plane])
        ys.append([y for _, y in plane])
    return {"xs": xs, "ys": ys}


def _ends(key: Edge) -> tuple[float, float, float, float]:
    (x0, y0), (x1, y1) = plane_xy(key[0]), plane_xy(key[1])
    return x0, y0, x1, y1


def _segment_data(segments: Sequence[BoardSegment]) -> Columns:
    """Columns for a ``segment`` glyph: one row per board segment."""
    columns = ("x0", "y0", "x1", "y1", "between", "kind", "cost", "note")
    data: dict[str, list[Any]] = {column: [] for column in columns}
    for s in segments:
        x0, y0, x1, y1 = _ends(s.between)
        data["x0"].append(x0)
        data["y0"].append(y0)
        data["x1"].append(x1)
        data["y1"].append(y1)
        data["between"].append(f"{point_name(s.between[0])} - {point_name(s.between[1])}")
        data["kind"].append(s.kind if s.terrain is None else f"{s.kind} ({s.terrain})")
        data["cost"].append(s.cost)
        data["note"].append(s.note)
    return data


def _double_data(segments: Sequence[BoardSegment]) -> Columns:
    """Columns for a ``multi_line`` glyph: each row is two parallel lines split by a NaN."""
    data = _segment_data(segments)
    xs: list[list[float]] = []
    ys: list[list[float]] = []
    for s in segments:
        ((ax, ay), (bx, by)), ((cx, cy), (dx, dy)) = double_lines(s.between)
        xs.append([ax, bx, _NAN, cx, dx])
        ys.append([ay, by, _NAN, cy, dy])
    data["xs"], data["ys"] = xs, ys
    return data


def _portal_data(segments: Sequence[BoardSegment]) -> Columns:
    """Two short ticks across each tunnel (its portals), a third of the way in from each end."""
    data: dict[str, list[float]] = {"x0": [], "y0": [], "x1": [], "y1": []}
    for s in segments:
        for (x0, y0), (x1, y1) in portal_ticks(s.between):
            data["x0"].append(x0)
            data["y0"].append(y0)
            data["x1"].append(x1)
            data["y1"].append(y1)
    return data


def city_columns(board: Board, *, px_per_unit: float = 30.0) -> Columns:
    """The data of the ``"cities"`` source: one row per city, in the board's order.

    Besides the city (``x, y, name, color, fill, point, dashed``) each row says where its name
    goes (``label_x, label_y, label_align, label_baseline``): above and to the right of the
    disc, or, when that would cover another city or an earlier name, above left, below right
    or below left. Names are measured for a picture of ``px_per_unit`` pixels per plane unit.
    A widget that changes the board replaces the source's data with this function's result.

    Parameters
    ----------
    board : Board
        The board whose cities to list.
    px_per_unit : float, optional
        The scale of the picture, used to guess how much room a name takes.

    Returns
    -------
    dict
        Column name -> list of values, ready for a :class:`~bokeh.models.ColumnDataSource`.

    Examples
    --------
    >>> from workbench import load_map
    >>> columns = city_columns(load_map("maps/tiny.yaml"))
    >>> columns["name"][:2], columns["point"][:2], columns["dashed"][:2]
    (['Alder', 'Birch'], ['[1, 1]', '[7, 4]'], ['no', 'no'])
    >>> columns["label_align"][1], columns["label_baseline"][1]  # Birch: above right
    ('left', 'bottom')
    """
    fills = {c.name: c.fill for c in board.colors}
    xy = [plane_xy(c.at) for c in board.cities]
    widths = [LABEL_CHAR_PX * len(c.name) / px_per_unit for c in board.cities]
    places = place_labels(xy, widths, LABEL_HEIGHT_PX / px_per_unit, radius=CITY_RADIUS)
    labels = [(p.x, p.y, p.align, p.baseline) for p in places]
    return {
        "x": [x for x, _ in xy],
        "y": [y for _, y in xy],
        "name": [c.name for c in board.cities],
        "color": [c.color for c in board.cities],
        "fill": [fills.get(c.color, "#ffffff") for c in board.cities],
        "point": [point_name(c.at) for c in board.cities],
        "dashed": ["yes" if c.dashed else "no" for c in board.cities],
        "label_x": [label[0] for label in labels],
        "label_y": [label[1] for label in labels],
        "label_align": [label[2] for label in labels],
        "label_baseline": [label[3] for label in labels],
    }


def board_figure(board: Board, *, width: int = 900, title: str | None = None) -> figure:
    """Draw ``board`` as a Bokeh figure in plane coordinates.

    Segments are styled by kind: a single is a thin grey line, a double a pair of parallel
    lines (blue over water, brown over mountains), a ferry a thick dashed blue line and a
    tunnel a thick dark line of short dashes with a portal tick across it near each end.
    Cities are discs in their card color with a dark outline; a dashed ring marks the cards
    taken out with 2-3 players.
    Hovering a city shows its name, color, point and whether it is dashed; hovering a ferry
    or a tunnel shows its ends and its note. The mouse wheel scrolls the page, not the
    board, until the toolbar's wheel zoom is picked (:func:`wheel_zoom_off`);
    :func:`legend_html` says what the styles mean.

    Parameters
    ----------
    board : Board
        The board to draw.
    width : int, optional
        Width of the figure in pixels; the height follows the board's proportions.
    title : str, optional
        The figure's title; the board's name by default.

    Returns
    -------
    bokeh.plotting.figure
        The figure. Its glyph renderers are named as in :data:`RENDERER_NAMES`; each segment
        renderer's source has one row per segment (columns ``x0, y0, x1, y1, between, kind,
        cost, note``, plus ``xs, ys`` for doubles) and the ``"cities"`` source one row per city
        (see :func:`city_columns`).

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> fig = board_figure(board, width=600)
    >>> cities = fig.select_one({"name": "cities"})
    >>> len(cities.data_source.data["name"]) == len(board.cities)
    True
    >>> doubles = fig.select_one({"name": "segments-double-water"}).data_source.data
    >>> len(doubles["xs"]) == sum(s.terrain == "water" for s in board.segments.values())
    True
    """
    xmin, xmax, ymin, ymax = board_extent(board)
    span_x, span_y = max(xmax - xmin, 1.0), max(ymax - ymin, 1.0)
    # padding in percent keeps the aspect that match_aspect sets (absolute padding would not)
    padding = 2 * PADDING / min(span_x, span_y)
    height = max(200, round(width * span_y / span_x) + 40)  # + title and borders
    px_per_unit = (width - 10) / (span_x * (1 + padding))  # at the initial zoom

    fig = figure(
        width=width,
        height=height,
        title=board.name if title is None else title,
        tools="pan,reset,save",
        x_range=DataRange1d(range_padding=padding),
        y_range=DataRange1d(range_padding=padding),
        match_aspect=True,
        background_fill_color=SEA,
        border_fill_color="white",
        outline_line_color=None,
        min_border=4,
        toolbar_location="above",
        x_axis_type=None,  # no axes and no grid
        y_axis_type=None,
    )
    fig.add_tools(WheelZoomTool())
    wheel_zoom_off(fig)
    fig.toolbar.logo = None

    # ---- terrain
    water = [f for f in board.terrain if f.terrain == "water"]
    high = [f for f in board.terrain if f.terrain == "mountain"]
    areas = {
        "land": [a.polygon for a in board.land],
        "water-areas": [f.polygon for f in water if f.polygon],
        "mountains": [f.polygon for f in high if f.polygon],
    }
    lines = {
        "water-lines": [f.line for f in water if f.line],
        "mountain-lines": [f.line for f in high if f.line],  # a ridge: rare, drawn if present
    }
    for name, shapes in areas.items():
        draw_glyph(fig, name, Patches(xs="xs", ys="ys", **STYLE[name]), _shapes(shapes))
    for name, shapes in lines.items():
        if shapes or name in RENDERER_NAMES:
            draw_glyph(fig, name, MultiLine(xs="xs", ys="ys", **STYLE[name]), _shapes(shapes))

    # ---- segments, one renderer per style
    groups: dict[str, list[BoardSegment]] = {name: [] for name in _SEGMENT_RENDERERS}
    for s in board.segments.values():
        kind = f"double-{s.terrain}" if s.kind == "double" else s.kind
        groups[f"segments-{kind}"].append(s)
    drawn: dict[str, GlyphRenderer[Any]] = {}
    for name, group in groups.items():
        if name.startswith("segments-double"):
            glyph: Glyph = MultiLine(xs="xs", ys="ys", **STYLE[name])
            drawn[name] = draw_glyph(fig, name, glyph, _double_data(group))
        else:
            drawn[name] = draw_glyph(
                fig, name, Segment(**_ENDS, **STYLE[name]), _segment_data(group)
            )
    portals = _portal_data(groups["segments-tunnel"])
    draw_glyph(fig, "tunnel-portals", Segment(**_ENDS, **STYLE["tunnel"]), portals)

    # ---- points and cities
    xy = [plane_xy(p) for p in sorted(board.points)]
    points = {"x": [x for x, _ in xy], "y": [y for _, y in xy]}
    draw_glyph(fig, "points", Scatter(x="x", y="y", **STYLE["points"]), points)
    cities = ColumnDataSource(city_columns(board, px_per_unit=px_per_unit))
    dashed = CDSView(filter=GroupFilter(column_name="dashed", group="yes"))
    draw_glyph(fig, "cities-dashed", Circle(x="x", y="y", **STYLE["ring"]), cities, view=dashed)
    discs = draw_glyph(fig, "cities", Circle(x="x", y="y", **STYLE["cities"]), cities)
    for name, style in (("city-names-halo", STYLE["halo"]), ("city-names", {})):
        labels = LabelSet(x="label_x", y="label_y", source=cities, name=name)
        labels.update(**{**STYLE["names"], **style})
        fig.add_layout(labels)
    tooltips = [("city", "@name"), ("color", "@color"), ("point", "@point"), ("dashed", "@dashed")]
    fig.add_tools(HoverTool(renderers=[discs], tooltips=tooltips, name="city-hover"))
    crossings = [drawn["segments-ferry"], drawn["segments-tunnel"]]
    tooltips = [("segment", "@kind"), ("between", "@between"), ("note", "@note")]
    fig.add_tools(HoverTool(renderers=[*crossings], tooltips=tooltips, name="crossing-hover"))
    return fig


def wheel_zoom_off(fig: Any) -> Any:
    """Leave the mouse wheel to the page: no scroll tool is active until the user picks one.

    A wheel zoom that is active from the start catches the gestures meant to scroll the
    notebook (three of them shrink a board to a speck); the tool stays in the toolbar.
    Returns ``fig`` (or a layout's figures, each changed).

    Examples
    --------
    >>> from workbench import load_map
    >>> fig = board_figure(load_map("maps/tiny.yaml"))
    >>> fig.toolbar.active_scroll is None, any(isinstance(t, WheelZoomTool) for t in fig.tools)
    (True, True)
    """
    toolbars = list(fig.select({"type": Toolbar}))
    own = getattr(fig, "toolbar", None)
    if isinstance(own, Toolbar) and own not in toolbars:
        toolbars.append(own)
    for toolbar in toolbars:
        toolbar.active_scroll = None
    return fig


def _swatch(svg: str, label: str, width: int = 30) -> str:
    return (
        f'<span class="wb-legend-item"><svg width="{width}" height="14" '
        f'viewBox="0 0 {width} 14" aria-hidden="true">{svg}</svg>{html.escape(label)}</span>'
    )


def _line(color: str, width: float, dash: str = "", y: float = 7) -> str:
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="2" y1="{y}" x2="28" y2="{y}" stroke="{color}" stroke-width="{width}"{dashed}/>'
    )


def legend_html(board: Board | None = None, *, heatmap: bool = False) -> str:
    """A one-line HTML legend of the board's drawing: segments, terrain, cities.

    Segment types (single, double over water, double over mountains, ferry, tunnel), the
    terrain (sea, water, mountains, rivers), a city and a dashed card, and with
    ``heatmap=True`` the usage heatmap's scale. Given a board, the card colors follow.

    Examples
    --------
    >>> from workbench import load_map
    >>> text = legend_html(load_map("maps/tiny.yaml"))
    >>> [w in text for w in ("ferry", "tunnel", "dashed card", "brown")]
    [True, True, True, True]
    """
    gap = DOUBLE_GAP * 40
    items = [
        _swatch(_line(SINGLE, 1.5), "single (1 rail)"),
        _swatch(
            _line(DOUBLE_WATER, 1.5, y=7 - gap) + _line(DOUBLE_WATER, 1.5, y=7 + gap),
            "double, water (2)",
        ),
        _swatch(
            _line(DOUBLE_MOUNTAIN, 1.5, y=7 - gap) + _line(DOUBLE_MOUNTAIN, 1.5, y=7 + gap),
            "double, mountain (2)",
        ),
        _swatch(_line(FERRY, 2.6, "6 4"), "ferry"),
        _swatch(
            _line(TUNNEL, 3, "3 2")
            + f'<line x1="7" y1="2" x2="7" y2="12" stroke="{TUNNEL}" stroke-width="3"/>'
            + f'<line x1="23" y1="2" x2="23" y2="12" stroke="{TUNNEL}" stroke-width="3"/>',
            "tunnel",
        ),
        _swatch(
            f'<rect x="1" y="1" width="12" height="12" fill="{WATER_FILL}" stroke="{WATER_LINE}"/>'
            f'<rect x="16" y="1" width="12" height="12" fill="{MOUNTAIN_FILL}" '
            f'fill-opacity="0.3" stroke="{MOUNTAIN_LINE}"/>',
            "water, mountains",
        ),
        _swatch(_line(RIVER, 3.5), "river"),
        _swatch(
            f'<circle cx="7" cy="7" r="5" fill="#ddd" stroke="{CITY_LINE}" stroke-width="1.4"/>'
            f'<circle cx="22" cy="7" r="6" fill="white" stroke="{CITY_LINE}" '
            'stroke-width="1.2" stroke-dasharray="3 2"/>'
            f'<circle cx="22" cy="7" r="3.5" fill="#ddd" stroke="{CITY_LINE}"/>',
            "city, dashed card (out with 2-3 players)",
        ),
    ]
    if heatmap:
        items.append(
            _swatch(
                '<defs><linearGradient id="wb-heat"><stop offset="0" stop-color="#fff5eb"/>'
                '<stop offset="1" stop-color="#7f2704"/></linearGradient></defs>'
                '<rect x="1" y="3" width="28" height="8" fill="url(#wb-heat)"/>',
                "segment usage (share of hands)",
            )
        )
    if board is not None:
        chips = "".join(
            f'<span class="wb-legend-chip" style="background:{html.escape(c.fill)}"></span>'
            f"{html.escape(c.name)} "
            for c in board.colors
        )
        items.append(f'<span class="wb-legend-item">cards: {chips}</span>')
    return (
        '<div class="wb-legend" style="font: 12px system-ui, sans-serif; color: #333; '
        'display: flex; flex-wrap: wrap; gap: 2px 12px; align-items: center; margin: 4px 0">'
        + "".join(items)
        .replace(
            'class="wb-legend-item"',
            'class="wb-legend-item" style="display: inline-flex; align-items: center; gap: 4px"',
        )
        .replace(
            'class="wb-legend-chip" style="',
            'class="wb-legend-chip" style="display: inline-block; width: 10px; height: 10px; '
            "border: 1px solid #333; border-radius: 50%; margin: 0 2px 0 4px; vertical-align: "
            "-1px; ",
        )
        + "</div>"
    )


def draw_glyph(
    fig: figure,
    name: str,
    glyph: Glyph,
    data: Columns | ColumnDataSource,
    view: CDSView | None = None,
) -> GlyphRenderer[Any]:
    """Add a renderer of ``glyph`` called ``name`` (cheaper than ``figure.segment`` & co.).

    Examples
    --------
    >>> from bokeh.models import Scatter
    >>> from bokeh.plotting import figure
    >>> fig = figure()
    >>> draw_glyph(fig, "dots", Scatter(x="x", y="y"), {"x": [1, 2], "y": [3, 4]}).name
    'dots'
    """
    source = data if isinstance(data, ColumnDataSource) else ColumnDataSource(data)
    renderer = GlyphRenderer(data_source=source, glyph=glyph, name=name)
    if view is not None:
        renderer.view = view
    fig.renderers.append(renderer)
    return renderer


_CORE = Resources(mode="inline", components=["bokeh"])


@cache
def bokehjs_once() -> str:
    """BokehJS, inline, in a script that runs only when this version is not yet on the page.

    A notebook shows many boards; loading 1.3 MB of JavaScript again for each would also
    replace the registry that earlier plots (and jupyter_bokeh widgets) use.

    Examples
    --------
    >>> html = bokehjs_once()
    >>> html.startswith("<script") and html is bokehjs_once()  # made once, then reused
    True
    """
    code = "\n".join(_CORE.js_raw)
    guard = (
        f'if (typeof window.Bokeh === "undefined" || window.Bokeh["{BOKEH_VERSION}"] === undefined)'
    )
    # the function keeps the bundle's 'use strict' prologue and runs it with this = window
    return f"<script>{guard} {{ (function() {{\n{code}\n}}).call(window); }}</script>"


def board_html(board: Board) -> str:
    """An HTML fragment that shows ``board``, with BokehJS inline (works offline).

    This is what :meth:`Board._repr_html_` returns, so a board displays itself in Jupyter.
    BokehJS is included inline but only runs when the page does not have it yet.

    Parameters
    ----------
    board : Board
        The board to draw.

    Returns
    -------
    str
        A ``<div>`` with the figure and the ``<script>`` tags that load BokehJS and draw it.

    Examples
    --------
    >>> from workbench import load_map
    >>> fragment = board_html(load_map("maps/tiny.yaml"))
    >>> "cdn.bokeh.org" in fragment, "Bokeh" in fragment
    (False, True)
    """
    script, div = components(board_figure(board))
    legend = legend_html(board)
    return f'<div class="workbench-board">{bokehjs_once()}\n{div}\n{script}{legend}</div>'


def save_board_html(
    board: Board,
    path: str | os.PathLike[str],
    title: str | None = None,
    *,
    width: int = 900,
) -> Path:
    """Write ``board`` as a standalone HTML page with BokehJS inline (works offline).

    The page is written to a temporary file beside ``path`` and renamed into place, so an
    interrupted save leaves an existing file whole.

    Parameters
    ----------
    board : Board
        The board to draw.
    path : str or os.PathLike
        Where to write the page; its folder must exist.
    title : str, optional
        The page's and the figure's title; the board's name by default.
    width : int, optional
        Width of the figure in pixels, as in :func:`board_figure`.

    Returns
    -------
    pathlib.Path
        ``path``, as a Path.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from workbench import load_map
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = save_board_html(load_map("maps/tiny.yaml"), Path(folder) / "tiny.html")
    ...     page = out.read_text(encoding="utf-8")
    >>> page.lstrip().startswith("<!DOCTYPE html>"), "cdn.bokeh.org" in page
    (True, False)
    """
    target = Path(path)
    name = board.name if title is None else title
    page = file_html(board_figure(board, width=width, title=name), resources=INLINE, title=name)
    legend = legend_html(board)
    page = page.replace("</body>", f'<div style="margin: 0 8px">{legend}</div>\n</body>', 1)
    return write_atomic(target, page)
