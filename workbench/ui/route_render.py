"""Draw a :class:`~workbench.maps.routes.RouteBoard` as players know it, with Bokeh.

Each route is a row of cars: rectangles along its line (straight, or bent at its ``via``
points), in the route's card color or gray. The two lanes of a double lie side by side,
tunnels have a heavy dark outline, and a ferry's locomotive spaces carry a white locomotive
mark. Cities are discs with their names; land outlines, when the board has them, lie
behind. A station is a triangle on its city's disc, in its owner's color (any city may hold one;
each player has ``deck.stations``): a figure drawn with ``stations=`` shows them, and the
legend names the symbol on every board, bare or not. Drawing is in the board's plane
coordinates (projected when the board is written in degrees), north up.

Every glyph renderer has a ``name`` (:data:`ROUTE_RENDERER_NAMES`) for tests and widgets.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bokeh.embed import components, file_html
from bokeh.models import ColumnDataSource, DataRange1d, HoverTool, WheelZoomTool
from bokeh.models.annotations import LabelSet, Legend, LegendItem
from bokeh.models.glyphs import Circle, Patches, Scatter
from bokeh.plotting import figure
from bokeh.resources import INLINE

from workbench.files import write_atomic
from workbench.maps.drawing import ROUTE_CITY_RADIUS as CITY_RADIUS
from workbench.maps.drawing import cars as car_spaces
from workbench.maps.drawing import route_extent
from workbench.maps.routes import Route, RouteBoard
from workbench.ui.render import LAND_FILL, LAND_LINE, SEA, bokehjs_once, draw_glyph

__all__ = [
    "ROUTE_RENDERER_NAMES",
    "car_columns",
    "route_board_html",
    "route_figure",
    "save_route_board_html",
    "station_columns",
]

ROUTE_RENDERER_NAMES: tuple[str, ...] = (
    "land",
    "cars-plain",
    "cars-tunnel",
    "cars-ferry",
    "locomotives",
    "cities",
    "station-marks",
    "station-key",
)
"""The ``name`` of every glyph renderer :func:`route_figure` draws, bottom to top; the city
names are a :class:`~bokeh.models.LabelSet` called ``"city-names"`` over a white halo."""

Columns = dict[str, list[Any]]
XY = tuple[float, float]

# CITY_RADIUS, CAR_WIDTH and CAR_GAP (plane units) live in workbench.maps.drawing, shared
# with the printed board
CITY_FILL, CITY_LINE = "#f2e6c9", "#5b4a2f"
STATION_STYLE: dict[str, Any] = {"marker": "triangle", "size": 16, "line_color": "black"}
"""How a station is drawn (its fill is its owner's color)."""


def station_columns(board: RouteBoard, stations: Mapping[str, str]) -> Columns:
    """Where the triangles of ``stations`` (city name -> fill color) stand, as Bokeh
    columns ``x``, ``y``, ``fill`` and ``city``, in city order: on their city's disc (above
    it, the city's name would hide them).

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> columns = station_columns(europe, {"Wien": "#1f77b4", "Paris": "#d62728"})
    >>> columns["city"], columns["fill"]
    (['Paris', 'Wien'], ['#d62728', '#1f77b4'])
    >>> (columns["x"][1], columns["y"][1]) == europe.positions["Wien"]  # on its city's disc
    True
    """
    pos = board.positions
    items = sorted((c, f) for c, f in stations.items() if c in pos)
    return {
        "x": [pos[c][0] for c, _ in items],
        "y": [pos[c][1] for c, _ in items],
        "fill": [f for _, f in items],
        "city": [c for c, _ in items],
    }


def car_columns(board: RouteBoard) -> dict[str, Columns]:
    """The cars to draw, by kind, and the locomotive marks, as Bokeh columns.

    Returns ``{"plain": ..., "tunnel": ..., "ferry": ..., "locomotives": ...}``. A car row
    has its rectangle (``xs``, ``ys``), its fill and the route's ``route``, ``length``,
    ``color``, ``kind``, ``locomotives`` and ``points`` for the hover; a locomotive row its
    centre (``x``, ``y``). The first ``locomotives`` cars of a ferry are its locomotive
    spaces.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> cars = car_columns(europe)
    >>> sum(len(cars[k]["xs"]) for k in ("plain", "tunnel", "ferry"))  # one per car
    300
    >>> len(cars["locomotives"]["x"])
    17
    """
    out: dict[str, Columns] = {
        kind: {
            k: []
            for k in (
                "xs",
                "ys",
                "fill",
                "route",
                "length",
                "color",
                "kind",
                "locomotives",
                "points",
            )
        }
        for kind in ("plain", "tunnel", "ferry")
    }
    locos: Columns = {"x": [], "y": [], "route": []}
    spaces = car_spaces(board)
    for route in board.routes:
        table = out[route.kind]
        for car in spaces[route.id]:
            table["xs"].append([x for x, _ in car.corners])
            table["ys"].append([y for _, y in car.corners])
            table["fill"].append(board.fill(route.color))
            _describe(table, route, board.claim_points(route))
            if car.locomotive:
                locos["x"].append(car.centre[0])
                locos["y"].append(car.centre[1])
                locos["route"].append(route.id)
    return {**out, "locomotives": locos}


def _rows(columns: Columns) -> int:
    return len(next(iter(columns.values())))


def _describe(table: Columns, route: Route, points: int) -> None:
    table["route"].append(route.id)
    table["length"].append(route.length)
    table["color"].append(route.color)
    table["kind"].append(route.kind)
    table["locomotives"].append(route.locomotives)
    table["points"].append(points)


_CAR_STYLE: dict[str, dict[str, Any]] = {
    "plain": {"line_color": "#3a3a3a", "line_width": 0.8},
    "tunnel": {"line_color": "#8B4513", "line_width": 2.6},
    "ferry": {"line_color": "#1f4e79", "line_width": 1.4, "line_dash": "dashed"},
}


def route_figure(
    board: RouteBoard,
    *,
    width: int = 1100,
    title: str | None = None,
    stations: Mapping[str, str] | None = None,
) -> figure:
    """Draw a route board as a Bokeh figure: cars, lanes, tunnels, ferries, cities, the
    ``stations`` placed (city name -> owner's fill; none on a bare board), legend.

    Examples
    --------
    >>> from workbench import load_map
    >>> fig = route_figure(load_map("maps/ticket_to_ride_europe.yaml"), width=700)
    >>> len(fig.select_one({"name": "cities"}).data_source.data["name"])
    47
    >>> [item.label.value.split()[0] for item in fig.legend[0].items]
    ['route', 'tunnel', 'ferry', 'a', 'station:']
    """
    pos = board.positions
    xmin, xmax, ymin, ymax = route_extent(board)
    span_x, span_y = max(xmax - xmin, 1.0), max(ymax - ymin, 1.0)
    padding = 0.06
    height = max(250, round(width * span_y / span_x * 0.95) + 60)
    fig = figure(
        width=width,
        height=height,
        title=board.name if title is None else title,
        tools="pan,reset,save",
        x_range=DataRange1d(range_padding=padding),
        y_range=DataRange1d(range_padding=padding),
        match_aspect=True,
        background_fill_color=SEA if board.land else "#f4efe1",
        border_fill_color="white",
        outline_line_color=None,
        min_border=4,
        toolbar_location="above",
        x_axis_type=None,
        y_axis_type=None,
    )
    wheel = WheelZoomTool()
    fig.add_tools(wheel)
    fig.toolbar.active_scroll = wheel
    fig.toolbar.logo = None

    land = {
        "xs": [[board.xy(v)[0] for v in a.polygon] for a in board.land],
        "ys": [[board.xy(v)[1] for v in a.polygon] for a in board.land],
    }
    draw_glyph(
        fig, "land", Patches(xs="xs", ys="ys", fill_color=LAND_FILL, line_color=LAND_LINE), land
    )

    cars = car_columns(board)
    drawn = {}
    for kind in ("plain", "tunnel", "ferry"):
        glyph = Patches(xs="xs", ys="ys", fill_color="fill", **_CAR_STYLE[kind])
        drawn[kind] = draw_glyph(fig, f"cars-{kind}", glyph, cars[kind])
    loco = Scatter(
        x="x",
        y="y",
        marker="circle",
        size=6,
        fill_color="white",
        line_color="#111111",
        line_width=1.2,
    )
    drawn["locomotives"] = draw_glyph(fig, "locomotives", loco, cars["locomotives"])

    names = [c.name for c in board.cities]
    cities = ColumnDataSource(
        {
            "x": [pos[n][0] for n in names],
            "y": [pos[n][1] for n in names],
            "name": names,
            "label_y": [pos[n][1] + CITY_RADIUS * 1.1 for n in names],
        }
    )
    disc = Circle(
        x="x", y="y", radius=CITY_RADIUS, fill_color=CITY_FILL, line_color=CITY_LINE, line_width=1.5
    )
    discs = draw_glyph(fig, "cities", disc, cities)
    for name, extra in (
        (
            "city-names-halo",
            {"text_color": "white", "text_outline_color": "white", "text_outline_width": 3},
        ),
        ("city-names", {"text_color": "#222222"}),
    ):
        labels = LabelSet(
            x="x",
            y="label_y",
            text="name",
            source=cities,
            name=name,
            text_align="center",
            text_baseline="bottom",
            text_font_size="8pt",
            **extra,
        )
        fig.add_layout(labels)

    marks = draw_glyph(
        fig,
        "station-marks",
        Scatter(x="x", y="y", fill_color="fill", **STATION_STYLE),
        station_columns(board, stations or {}),
    )
    # the legend's sample: one station nowhere on the map (BokehJS draws no legend sample
    # for a renderer without rows), so the symbol shows on a board without stations too
    key = draw_glyph(
        fig,
        "station-key",
        Scatter(x="x", y="y", fill_color="white", **STATION_STYLE),
        {"x": [math.nan], "y": [math.nan]},
    )
    per = board.deck.stations
    station_label = f"station: a player's triangle on a city ({per} each, one per city)"

    legend = Legend(
        items=[
            LegendItem(label=label, renderers=[drawn[kind]], index=0)
            for kind, label in (
                ("plain", "route (cars in its color)"),
                ("tunnel", "tunnel (heavy brown outline)"),
                ("ferry", "ferry (dashed outline)"),
                ("locomotives", "a ferry's locomotive space"),
            )
            if _rows(cars[kind])
        ]
        + ([LegendItem(label=station_label, renderers=[key])] if per else []),
        orientation="horizontal",
        ncols="auto" if width >= 1000 else 3,  # a narrow figure: two rows, none cut off
        label_text_font_size="9pt",
    )
    fig.add_layout(legend, "below")  # under the map: over it, it hid Edinburgh

    tooltips = [
        ("route", "@route"),
        ("cars", "@length"),
        ("color", "@color"),
        ("kind", "@kind"),
        ("locomotives", "@locomotives"),
        ("points", "@points"),
    ]
    fig.add_tools(
        HoverTool(
            renderers=[drawn[k] for k in ("plain", "tunnel", "ferry")],
            tooltips=tooltips,
            name="route-hover",
        )
    )
    fig.add_tools(HoverTool(renderers=[discs], tooltips=[("city", "@name")], name="city-hover"))
    fig.add_tools(
        HoverTool(renderers=[marks], tooltips=[("station", "@city")], name="station-hover")
    )
    return fig


def route_board_html(board: RouteBoard) -> str:
    """An HTML fragment that shows a route board, BokehJS inline (what ``_repr_html_``
    returns in a notebook).

    Examples
    --------
    >>> from workbench import load_map
    >>> fragment = route_board_html(load_map("maps/ticket_to_ride_europe.yaml"))
    >>> "cdn.bokeh.org" in fragment, "Bokeh" in fragment
    (False, True)
    """
    script, div = components(route_figure(board))
    return f'<div class="workbench-board">{bokehjs_once()}\n{div}\n{script}</div>'


def save_route_board_html(
    board: RouteBoard,
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    width: int = 1100,
) -> Path:
    """Write a self-contained page (BokehJS inline, works offline) that draws the board.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from workbench import load_map
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = save_route_board_html(
    ...         load_map("maps/ticket_to_ride_europe.yaml"), Path(folder) / "europe.html"
    ...     )
    ...     page = out.read_text(encoding="utf-8")
    >>> page.lstrip().startswith("<!DOCTYPE html>"), "cdn.bokeh.org" in page
    (True, False)
    """
    name = board.name if title is None else title
    page = file_html(route_figure(board, width=width, title=name), resources=INLINE, title=name)
    return write_atomic(Path(path), page)
