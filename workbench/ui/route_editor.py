"""The route-board editor: a Jupyter widget over a
:class:`~workbench.session.route_edit.RouteEditSession`.

:class:`RouteEditor` draws a route board as :func:`~workbench.ui.route_render.route_figure`
does (cars, lanes, tunnels, ferries, stations' legend) and turns what you do on it into
calls on its session:

* drag a city and its routes follow (the file keeps longitude and latitude);
* tap a city to select it, a route (the lane on the tap's side) to select it, an empty spot
  to place a new city there; a second city tapped after a first fills the new route's and
  new ticket's two ends;
* the route row sets the selected route's length, color, kind and locomotives at once,
  adds its parallel lane or removes it; the new-route row adds a route between two cities;
* the ticket rows change a ticket's points or deck, remove it, and add one, priced by its
  shortest path in cars when no points are typed;
* undo and redo, open and save (as the lattice editor: saving over another file needs a
  tick, opening over unsaved edits asks), the problems ``workbench check`` finds with a
  *show* button each, and the analysis: tickets against their shortest paths, the busiest
  routes, the cut points, and what the last edit changed;
* the ticket table: every ticket's points, shortest path and premium, and after
  **Ceiling** (:meth:`RouteEditor.compute_ceiling`, exact, so seconds to a minute a budget)
  the share of the optimal solo plans that keep it.

The widget decides nothing: whatever it does is a call on :attr:`RouteEditor.session`, and
the editor's methods are the session's. :class:`~workbench.ui.editor.MapEditor` opens a
route board in this editor.
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, CustomJS, PointDrawTool
from bokeh.models.glyphs import Circle, MultiLine
from bokeh.models.renderers import GlyphRenderer
from bokeh.palettes import YlOrRd9

from workbench.maps.routes import GRAY, MAX_LENGTH, ROUTE_KINDS, RouteBoard
from workbench.maps.routes_io import is_routes_text
from workbench.resources import find_map
from workbench.session.edit import reason
from workbench.session.events import Change
from workbench.session.route_analysis import RouteEditAnalysis
from workbench.session.route_edit import RouteEditSession, RouteOpened, RoutePlace
from workbench.ui._editor_common import (
    EDITOR_CSS,
    EDITOR_KEYS_JS,
    EditorView,
    OnceClosedBokehModel,
    close_widget,
)
from workbench.ui.play_doctor import PlayDoctorPanel
from workbench.ui.route_render import CITY_RADIUS, car_columns, route_figure

if TYPE_CHECKING:
    from bokeh.plotting import figure as Figure

__all__ = ["RouteEditor", "opens_route_board"]

HIGHLIGHT = "#d7191c"
SELECTED = "#111111"
SELECTED_ROUTE = "#f2b705"
LOAD_PALETTE: tuple[str, ...] = tuple(reversed(YlOrRd9))
"""Car fills by route load, light (no ticket's path) to dark red (the busiest route)."""
_CAR_KINDS = ("plain", "tunnel", "ferry")


def opens_route_board(board: Any) -> bool:
    """Whether ``board`` (a board, a map file's path or a shipped board's name) is a route
    board.

    Examples
    --------
    >>> opens_route_board("maps/ticket_to_ride_europe.yaml"), opens_route_board("tiny")
    (True, False)
    >>> opens_route_board("ticket_to_ride_europe"), opens_route_board("nowhere.yaml")
    (True, False)
    """
    if isinstance(board, RouteBoard):
        return True
    if isinstance(board, str | os.PathLike):
        try:
            return is_routes_text(find_map(board).read_bytes())
        except OSError:
            return False
    return False


def _city_columns(board: RouteBoard) -> dict[str, Any]:
    pos = board.positions
    names = [c.name for c in board.cities]
    return {
        "x": [pos[n][0] for n in names],
        "y": [pos[n][1] for n in names],
        "name": names,
        "label_y": [pos[n][1] + CITY_RADIUS * 1.1 for n in names],
    }


class RouteEditor(EditorView[RouteEditSession]):
    """Edit a route board in JupyterLab, with its problems and analysis kept up to date.

    Parameters
    ----------
    board : RouteBoard, str or os.PathLike
        The board to edit, or the path of a route-board file.
    players : int, optional
        The number of players the analysis is for.
    width : int, optional
        Width of the board picture in pixels.
    background : bool, optional
        Compute the analysis on a background thread (the default) or at once.
    play : dict, optional
        Options of *Plan by play* (:class:`~workbench.ui.play_doctor.PlayDoctorPanel`).

    Attributes
    ----------
    session : RouteEditSession
        What the editor shows and changes.
    widget : ipywidgets.VBox
        The editor's widget.
    controls : dict
        Its parts by name (``"undo"``, ``"route"``, ``"color"``, ``"add_route"``, ...), to
        drive it as a user would.

    Examples
    --------
    >>> editor = RouteEditor("maps/ticket_to_ride_europe.yaml", background=False)
    >>> editor.add_route("London", "Paris", 3, "red")
    'London-Paris'
    >>> editor.controls["route"].value, editor.controls["color"].value
    ('London-Paris', 'red')
    >>> editor.controls["color"].value = "blue"  # what picking blue in the form does
    >>> editor.board.route("London-Paris").color, editor.history[-1]
    ('blue', 'London-Paris: color blue')
    >>> editor.close()
    """

    _HEADER_NOTE = "route board; "

    def __init__(
        self,
        board: RouteBoard | str | os.PathLike[str],
        *,
        players: int = 4,
        width: int = 720,
        background: bool = True,
        play: dict[str, Any] | None = None,
    ) -> None:
        self._take_session(RouteEditSession(board, players=players, background=background),
                           players, width)  # fmt: skip
        self.play_panel = PlayDoctorPanel(self.session, background=background, **(play or {}))
        """*Plan by play*: the play doctor on this board (its options: ``play=``)."""
        self._syncing = False
        self._new_figure(self.session.board)
        self._build_widgets()
        self._show_first({"selection", "problems", "path", "message", "history"},
                         "drag a city, tap a route or a city, or use the forms")  # fmt: skip

    # ------------------------------------------------------------------ the session's calls

    @property
    def board(self) -> RouteBoard:
        """The board as it is now."""
        return self.session.board

    @property
    def analysis(self) -> RouteEditAnalysis:
        """The analysis of the board (waiting for it)."""
        return self.session.analysis

    def move_city(self, name: str, at: tuple[float, float]) -> RouteBoard:
        """Move a city to ``at`` (the board's coordinates) (:meth:`RouteEditSession.move_city`)"""
        return self.session.move_city(name, at)

    def drop_city(self, name: str, x: float, y: float) -> RouteBoard:
        """Drop a city at a plane point: what dragging it does.

        See :meth:`RouteEditSession.drop_city`.
        """
        return self.session.drop_city(name, x, y)

    def add_city(self, name: str, at: tuple[float, float]) -> RouteBoard:
        """Add a city (it waits for its first route) (:meth:`RouteEditSession.add_city`)"""
        return self.session.add_city(name, at)

    def rename_city(self, name: str, new_name: str) -> RouteBoard:
        """Rename a city in its routes and tickets too (:meth:`RouteEditSession.rename_city`)"""
        return self.session.rename_city(name, new_name)

    def remove_city(self, name: str) -> RouteBoard:
        """Remove a city with its routes and tickets (:meth:`RouteEditSession.remove_city`)"""
        return self.session.remove_city(name)

    def add_route(
        self,
        a: str,
        b: str,
        length: int,
        color: str = GRAY,
        kind: str = "plain",
        locomotives: int | None = None,
    ) -> str:
        """Add a route (a second one between two cities is a double's lane); its id.

        See :meth:`RouteEditSession.add_route`.
        """
        return self.session.add_route(a, b, length, color, kind, locomotives)

    def add_lane(self, id: str, color: str | None = None) -> str:
        """Add the parallel lane of route ``id``; the new lane's id.

        See :meth:`RouteEditSession.add_lane`.
        """
        return self.session.add_lane(id, color)

    def remove_route(self, id: str) -> RouteBoard:
        """Remove a route (:meth:`RouteEditSession.remove_route`)"""
        return self.session.remove_route(id)

    def add_ticket(self, a: str, b: str, points: int | None = None, long: bool = False) -> str:
        """Add a ticket, priced by its shortest path without ``points``; its id.

        See :meth:`RouteEditSession.add_ticket`.
        """
        return self.session.add_ticket(a, b, points, long)

    def remove_ticket(self, id: str) -> RouteBoard:
        """Remove a ticket (:meth:`RouteEditSession.remove_ticket`)"""
        return self.session.remove_ticket(id)

    def price(self, a: str, b: str) -> int:
        """A new ticket's points: its shortest path in cars (:meth:`RouteEditSession.price`)"""
        return self.session.price(a, b)

    def tap(self, x: float, y: float) -> str:
        """Do what a tap at a plane point does; say what (:meth:`RouteEditSession.tap`)"""
        return self.session.tap(x, y)

    def select(self, name: str | None) -> None:
        """Select a city (:meth:`RouteEditSession.select`)"""
        return self.session.select(name)

    def select_route(self, id: str | None) -> None:
        """Select a route (:meth:`RouteEditSession.select_route`)"""
        return self.session.select_route(id)

    def highlight(self, index: int) -> RoutePlace:
        """Mark where problem ``index`` is (:meth:`RouteEditSession.highlight`)"""
        return self.session.highlight(index)

    def undo(self) -> RouteBoard:
        """Take back the last step (:meth:`RouteEditSession.undo`)"""
        return self.session.undo()

    def redo(self) -> RouteBoard:
        """Make the last undone step again (:meth:`RouteEditSession.redo`)"""
        return self.session.redo()

    def open(self, path: str | os.PathLike[str], discard: bool = False) -> RouteOpened:
        """Open a route-board file (asks over unsaved edits) (:meth:`RouteEditSession.open`)"""
        return self.session.open(path, discard)

    def set_route(self, id: str, **changes: Any) -> RouteBoard:
        """Set a route's ``length``, ``color``, ``kind`` or ``locomotives``
        (:meth:`RouteEditSession.set_route`)."""
        return self.session.set_route(id, **changes)

    def set_ticket(self, id: str, **changes: Any) -> RouteBoard:
        """Set a ticket's ``points`` or ``long`` (:meth:`RouteEditSession.set_ticket`)."""
        return self.session.set_ticket(id, **changes)

    # ------------------------------------------------------------------ the figure

    def _new_figure(self, board: RouteBoard) -> None:
        fig = route_figure(board, width=self.width, title="")
        fig.name = "editor-board"
        fig.title = None
        self._renderers: dict[str, GlyphRenderer[Any]] = {
            r.name: r for r in fig.renderers if isinstance(r, GlyphRenderer) and r.name
        }
        self._sources = {name: _source(r) for name, r in self._renderers.items()}
        # the selected route and the places of problems glow under the cars
        self._route_glow = GlyphRenderer(
            data_source=ColumnDataSource({"xs": [], "ys": [], "color": []}),
            glyph=MultiLine(xs="xs", ys="ys", line_color="color", line_width=12,
                            line_alpha=0.7, line_cap="round"),
            name="route-glow",
        )  # fmt: skip
        fig.renderers.insert(1, self._route_glow)
        self._city_rings = GlyphRenderer(
            data_source=ColumnDataSource({"x": [], "y": [], "color": []}),
            glyph=Circle(x="x", y="y", radius=CITY_RADIUS * 1.9, fill_color=None,
                         line_color="color", line_width=3),
            name="city-rings",
        )  # fmt: skip
        fig.renderers.append(self._city_rings)
        self._cities = self._sources["cities"]
        tool = PointDrawTool(renderers=[self._renderers["cities"]], add=False, drag=True)
        tool.description = "Drag a city to move it"
        fig.add_tools(tool)
        fig.toolbar.active_drag = tool
        fig.toolbar.active_tap = tool
        fig.toolbar.active_inspect = None  # tooltips would catch the drags and taps
        fig.js_on_event(
            "tap",
            CustomJS(
                args={"source": self._cities}, code="source.selected.indices = [];" + EDITOR_KEYS_JS
            ),
        )
        self._cities.on_change("data", self._on_cities_data)
        fig.on_event(Tap, self._on_tap)  # type: ignore[arg-type]
        self._figure = fig
        self._drawn = board
        self._cars: dict[str, Any] = car_columns(board)

    def _draw_board(self, board: RouteBoard) -> None:
        drawn = self._drawn
        if (drawn.land, drawn.projection, drawn.colors) != (board.land, board.projection,
                                                            board.colors):  # fmt: skip
            self._new_figure(board)
            self._board_model.update_from_model(self._figure)
            return
        self._pushing = True
        try:
            if drawn.routes != board.routes or drawn.cities != board.cities:
                self._cars = car_columns(board)
                self._paint()
                self._sources["locomotives"].data = dict(self._cars["locomotives"])
            if drawn.cities != board.cities:
                self._cities.data = _city_columns(board)
        finally:
            self._pushing = False
        self._drawn = board

    def _paint(self) -> None:
        """Fill the cars with their card colors, or with their route's load (the tickets'
        shortest paths through it) when the box is ticked and the analysis is of this board."""
        result = self.session.latest_analysis
        board = self.session.board
        on = self._load_box.value and result is not None and result.board is board
        load: dict[str, float] = {}
        if on and result is not None:
            load = dict(zip(result.report.load.route, result.report.load.load, strict=True))
        top = max(load.values(), default=0.0) or 1.0
        for kind in _CAR_KINDS:
            data: dict[str, Any] = dict(self._cars[kind])
            if on:
                data["fill"] = [
                    LOAD_PALETTE[round(load.get(r, 0.0) / top * (len(LOAD_PALETTE) - 1))]
                    for r in data["route"]
                ]
            self._sources[f"cars-{kind}"].data = data

    def _draw_marks(self) -> None:
        s = self.session
        board = s.board
        place: RoutePlace = s.highlighted
        lines: dict[str, Any] = {"xs": [], "ys": [], "color": []}
        for rid, color in [(r, HIGHLIGHT) for r in place.routes] + (
            [(s.selected_route, SELECTED_ROUTE)] if s.selected_route else []
        ):
            if rid in {r.id for r in board.routes}:
                line = board.line(board.route(rid))
                lines["xs"].append([x for x, _ in line])
                lines["ys"].append([y for _, y in line])
                lines["color"].append(color)
        _source(self._route_glow).data = lines
        pos = board.positions
        rings: dict[str, Any] = {"x": [], "y": [], "color": []}
        for name, color in [(c, HIGHLIGHT) for c in place.cities] + (
            [(s.selected, SELECTED)] if s.selected else []
        ):
            if name in pos:
                rings["x"].append(pos[name][0])
                rings["y"].append(pos[name][1])
                rings["color"].append(color)
        if s.picked is not None:
            x, y = s.to_plane(s.picked)
            rings["x"].append(x)
            rings["y"].append(y)
            rings["color"].append(HIGHLIGHT)
        _source(self._city_rings).data = rings

    def _on_cities_data(self, attr: str, old: Any, new: Any) -> None:
        """A drag ended in the browser (jupyter_bokeh calls this twice: the second call
        finds the board's own positions and does nothing)."""
        if self._pushing:
            return
        board = self.session.board
        pos = board.positions
        self._cities_dragged(self._cities.data, [pos[c.name] for c in board.cities])
        self._pushing = True
        try:  # the cities where the board has them (rounded, or back after a refusal)
            self._cities.data = _city_columns(self.session.board)
        finally:
            self._pushing = False

    def _on_tap(self, event: Tap) -> None:
        if event.x is None or event.y is None:
            return
        before = self.session.selected
        said = self._guard(self.session.tap, float(event.x), float(event.y))
        now = self.session.selected
        if said and before and now and now != before:  # two cities: the new route's ends
            self._syncing = True
            try:
                for a, b in ((self._from, self._to), (self._ticket_from, self._ticket_to)):
                    a.value, b.value = before, now
            finally:
                self._syncing = False
            self._draw_price()

    # ------------------------------------------------------------------ redrawing

    def _on_change(self, change: Change) -> None:
        self._redraw(change.what)

    def _redraw(self, what: frozenset[str]) -> None:
        s = self.session
        if "board" in what:
            self._draw_board(s.board)
        if what & {"board", "selection", "highlight", "picked"}:
            self._draw_marks()
        if what & {"board", "selection"}:
            self._refresh_forms()
        if "board" in what:
            self._draw_price()  # the new ticket's price follows the routes
        if "picked" in what and s.picked is not None:
            self._new_at.value = f"{s.picked[0]:g}, {s.picked[1]:g}"
        if "problems" in what:
            self._draw_problems()
        if what & {"path", "history", "board"}:
            self._draw_header()
        if "message" in what:
            self._draw_status()
        if "working" in what:
            self._draw_working()
        if "analysis" in what:
            self._draw_analysis()
            if self._load_box.value:
                self._paint()

    def _draw_analysis(self) -> None:
        s = self.session
        result: RouteEditAnalysis | None = self._take_analysis()
        if result is None:
            return
        report = result.report
        self._working.value = f'<span class="wb-muted">analysed in {result.seconds:.2f} s</span>'
        tickets = report.tickets
        off = tickets[tickets.difference != 0] if len(tickets) else tickets
        off_rows = "".join(
            f"<tr><td>{html.escape(str(t))}</td><td>{p}</td><td>{_cars(c)}</td></tr>"
            for t, p, c in zip(off.get("ticket", []), off.get("points", []),
                               off.get("cars", []), strict=True)
        )  # fmt: skip
        busiest = report.load.head(5)
        load_rows = "".join(
            f"<tr><td>{html.escape(str(r))}</td><td>{x:.2f}</td><td>{n} {html.escape(str(c))}"
            f"</td></tr>"
            for r, x, n, c in zip(busiest.get("route", []), busiest.get("load", []),
                                  busiest.get("length", []), busiest.get("color", []),
                                  strict=True)
        )  # fmt: skip
        cuts = report.cuts
        b = s.board
        self._summary.value = (
            f"<b>{len(b.cities)} cities, {len(b.routes)} routes "
            f"({sum(r.length for r in b.routes)} cars), {len(b.tickets)} tickets</b><br>"
            f"<b>Tickets</b>: {result.matching} of {len(tickets)} are worth their shortest "
            "path in cars"
            + (
                '<table class="wb-table"><tr><th>off</th><th>points</th><th>path</th></tr>'
                f"{off_rows}</table>"
                if off_rows
                else ""
            )
            + f"<b>Busiest routes</b> ({result.players} players)"
            '<table class="wb-table wb-busiest"><tr><th>route</th><th>load</th><th>cars</th>'
            f"</tr>{load_rows}</table>"
            f"<b>Bridges</b>: {html.escape(', '.join(cuts.bridges) or 'none')}; "
            f"<b>articulation cities</b>: {html.escape(', '.join(cuts.articulations) or 'none')}"
        )
        self._change.value = f"<b>Last edit</b>: {html.escape(result.summary())}"
        self._draw_tickets()

    # ------------------------------------------------------------------ the ticket table

    def compute_ceiling(self, cars: range = range(44, 47)) -> None:
        """Solve the ceiling (:meth:`RouteEditSession.compute_ceiling`) and fill the ticket
        table's *kept* column: the share of optimal plans that score each ticket."""
        self._ceiling_status.value = (
            f'<span class="wb-muted">solving the ceiling, {cars.start} to {cars.stop - 1} '
            "cars...</span>"
        )
        balance = self.session.compute_ceiling(cars)
        scores = "; ".join(f"{c.cars} cars: {c.score}" for c in balance.plans)
        self._ceiling_status.value = f"<b>Ceiling</b> (one player alone): {html.escape(scores)}"
        self._draw_tickets()

    def _draw_tickets(self) -> None:
        table = self.session.ticket_table()
        rows = "".join(
            f"<tr><td>{html.escape(str(t))}</td><td>{p}</td><td>{_cars(c)}</td>"
            f"<td>{'' if d != d else f'{d:+g}' if d else '0'}</td>"
            f"<td>{'' if k != k else f'{k:.0%}'}</td></tr>"
            for t, p, c, d, k in zip(table.ticket, table.points, table.cars, table.premium,
                                     table.kept, strict=True)
        )  # fmt: skip
        if self.session.ceiling is None:
            self._ceiling_status.value = (
                '<span class="wb-muted">kept: press Ceiling to solve which tickets the '
                "optimal plans keep</span>"
            )
        self._tickets_table.value = (
            '<table class="wb-table wb-tickets"><tr><th>ticket</th><th>points</th>'
            f"<th>path</th><th>premium</th><th>kept</th></tr>{rows}</table>"
        )

    def _draw_price(self) -> None:
        a, b = self._ticket_from.value, self._ticket_to.value
        if not a or not b or a == b:
            self._price.value = ""
            return
        try:
            cars = self.session.price(a, b)
        except (KeyError, ValueError) as error:
            self._price.value = f'<span class="wb-muted">{html.escape(reason(error))}</span>'
            return
        self._price.value = f'<span class="wb-muted">shortest path {cars} cars</span>'

    # ------------------------------------------------------------------ widgets

    def _build_widgets(self) -> None:
        s = self.session
        button = w.Layout(width="auto")
        file_row = self._build_file_row("my_board.yaml")

        self._board_model = OnceClosedBokehModel(self._figure)
        self._board_model.add_class("wb-editor-board")
        self._working = w.HTML()
        self._working.add_class("wb-working-line")
        self._summary = w.HTML()
        self._summary.add_class("wb-route-summary")
        self._change = w.HTML()
        self._change.add_class("wb-last-edit")
        self._stale_parts = (self._summary, self._change)
        self._load_box = w.Checkbox(
            value=False,
            description="route load on the board",
            indent=False,
        )
        self._load_box.observe(lambda _ch: self._paint(), names="value")
        scale = w.HTML('<span class="wb-muted">(cars from light: no ticket\'s shortest path, '
                       "to dark red: the busiest route)</span>")  # fmt: skip
        # the ticket table (issue 30): points against the shortest path, and how often the
        # ceiling's optimal plans keep each ticket once the Ceiling button has solved it
        self._ceiling_status = w.HTML()
        self._tickets_table = w.HTML()
        self._tickets_table.add_class("wb-ticket-table")
        ceiling_button = w.Button(
            description="Ceiling",
            icon="line-chart",
            layout=w.Layout(width="100px", min_width="100px"),
        )
        ceiling_button.on_click(lambda _b: self.compute_ceiling())
        tickets_box = w.VBox([w.HBox([ceiling_button, self._ceiling_status]),
                              self._tickets_table])  # fmt: skip
        analysis = w.VBox([self._working, self._load_box, scale, self._change, self._summary,
                           tickets_box],
                          layout=w.Layout(width="380px", padding="0 0 0 12px"))  # fmt: skip
        analysis.add_class("wb-analysis")

        colors = [*s.board.color_names, GRAY]
        lengths = list(range(1, MAX_LENGTH + 1))
        small = w.Layout(width="95px")

        # cities
        self._city = w.Dropdown(description="City", layout=w.Layout(width="230px"))
        self._city.observe(self._city_changed, names="value")
        self._rename_box = w.Text(placeholder="new name", layout=w.Layout(width="140px"))
        rename = w.Button(description="Rename", layout=button)
        rename.on_click(lambda _b: self._with_city(s.rename_city, self._rename_box.value))
        remove_city = w.Button(description="Remove city", icon="trash", layout=button)
        remove_city.on_click(lambda _b: self._with_city(s.remove_city))
        self._new_city = w.Text(placeholder="name", description="New city",
                                layout=w.Layout(width="230px"))  # fmt: skip
        self._new_at = w.Text(placeholder="x, y (tap an empty spot)",
                              layout=w.Layout(width="190px"))  # fmt: skip
        add_city = w.Button(description="Add city", icon="plus", layout=button)
        add_city.on_click(lambda _b: self._add_city_clicked())

        # the selected route
        self._route = w.Dropdown(description="Route", layout=w.Layout(width="260px"))
        self._route.observe(self._route_changed, names="value")
        self._length = w.Dropdown(options=lengths, description="", layout=small)
        self._color = w.Dropdown(options=colors, layout=small)
        self._kind = w.Dropdown(options=list(ROUTE_KINDS), layout=small)
        self._locomotives = w.Dropdown(options=list(range(MAX_LENGTH + 1)), layout=small)
        for part, key in ((self._length, "length"), (self._color, "color"),
                          (self._kind, "kind"), (self._locomotives, "locomotives")):  # fmt: skip
            part.observe(lambda ch, key=key: self._set_route(key, ch["new"]), names="value")
        add_lane = w.Button(description="Add lane", icon="clone", layout=button)
        add_lane.on_click(lambda _b: self._with_route(s.add_lane))
        remove_route = w.Button(description="Remove route", icon="trash", layout=button)
        remove_route.on_click(lambda _b: self._with_route(s.remove_route))

        # a new route
        self._from = w.Dropdown(description="New route", layout=w.Layout(width="260px"))
        self._to = w.Dropdown(layout=w.Layout(width="150px"))
        self._new_length = w.Dropdown(options=lengths, value=2, layout=small)
        self._new_color = w.Dropdown(options=colors, value=GRAY, layout=small)
        self._new_kind = w.Dropdown(options=list(ROUTE_KINDS), layout=small)
        add_route = w.Button(description="Add route", icon="plus", layout=button)
        add_route.on_click(lambda _b: self._add_route_clicked())

        # tickets
        self._ticket = w.Dropdown(description="Ticket", layout=w.Layout(width="260px"))
        self._ticket.observe(self._ticket_changed, names="value")
        self._points = w.IntText(layout=w.Layout(width="70px"))
        set_points = w.Button(description="Set points", layout=button)
        set_points.on_click(lambda _b: self._with_ticket(s.set_ticket, points=self._points.value))
        self._long = w.Checkbox(description="long", indent=False, layout=w.Layout(width="70px"))
        self._long.observe(self._long_changed, names="value")
        remove_ticket = w.Button(description="Remove ticket", icon="trash", layout=button)
        remove_ticket.on_click(lambda _b: self._with_ticket(s.remove_ticket))
        self._ticket_from = w.Dropdown(description="New ticket", layout=w.Layout(width="260px"))
        self._ticket_to = w.Dropdown(layout=w.Layout(width="150px"))
        for part in (self._ticket_from, self._ticket_to):
            part.observe(self._ends_changed, names="value")
        self._new_points = w.Text(placeholder="points (blank: price)",
                                  layout=w.Layout(width="150px"))  # fmt: skip
        self._new_long = w.Checkbox(description="long", indent=False,
                                    layout=w.Layout(width="70px"))  # fmt: skip
        add_ticket = w.Button(description="Add ticket", icon="plus", layout=button)
        add_ticket.on_click(lambda _b: self._add_ticket_clicked())
        self._price = w.HTML()
        self._price.add_class("wb-price")

        form = w.VBox(
            [
                w.HBox([self._city, self._rename_box, rename, remove_city]),
                w.HBox([self._new_city, self._new_at, add_city]),
                w.HBox([self._route, self._length, self._color, self._kind,
                        w.HTML("locomotives", layout=w.Layout(padding="0 4px")),
                        self._locomotives, add_lane, remove_route]),
                w.HBox([self._from, self._to, self._new_length, self._new_color,
                        self._new_kind, add_route]),
                w.HBox([self._ticket, self._points, set_points, self._long, remove_ticket]),
                w.HBox([self._ticket_from, self._ticket_to, self._new_points, self._new_long,
                        add_ticket, self._price]),
            ]
        )  # fmt: skip
        form.add_class("wb-form")
        self._problems_box = w.VBox()
        self._problems_box.add_class("wb-problems")

        self.widget = w.VBox(
            [
                w.HTML(EDITOR_CSS),
                self._header,
                file_row,
                self._status,
                self._confirm,
                w.HBox([self._board_model, analysis], layout=w.Layout(flex_flow="row wrap")),
                form,
                w.HTML("<b>Plan by play</b> <span class=\"wb-muted\">(ticket points, route "
                       "lengths and colors, judged by simulated games)</span>",
                       _dom_classes=["wb-play-doctor-heading"]),
                self.play_panel.widget,
                self._problems_box,
            ]
        )  # fmt: skip
        self.widget.add_class("wb-editor")
        self.widget.add_class("wb-route-editor")
        self.controls: dict[str, Any] = {
            **self._file_controls(),
            "city": self._city, "new_name": self._rename_box, "rename": rename,
            "remove_city": remove_city, "add_name": self._new_city, "add_at": self._new_at,
            "add_city": add_city, "route": self._route, "length": self._length,
            "color": self._color, "kind": self._kind, "locomotives": self._locomotives,
            "add_lane": add_lane, "remove_route": remove_route, "from": self._from,
            "to": self._to, "new_length": self._new_length, "new_color": self._new_color,
            "new_kind": self._new_kind, "add_route": add_route, "ticket": self._ticket,
            "points": self._points, "set_points": set_points, "long": self._long,
            "remove_ticket": remove_ticket, "ticket_from": self._ticket_from,
            "ticket_to": self._ticket_to, "new_points": self._new_points,
            "new_long": self._new_long, "add_ticket": add_ticket, "price": self._price,
            "working": self._working, "summary": self._summary, "last_edit": self._change,
            "problems": self._problems_box, "load": self._load_box,
            **self.play_panel.controls,
        }  # fmt: skip
        for name, part in self.controls.items():  # for styles and browser tests
            if name not in {"status", "working", "last_edit", "problems", "undo", "redo"}:
                part.add_class(f"wb-{name.replace('_', '-')}")

    def _refresh_forms(self) -> None:
        s = self.session
        board = s.board
        self._syncing = True
        try:
            names = [c.name for c in board.cities]
            none: list[tuple[str, Any]] = [("(none)", None)]
            for box, options in (
                (self._city, none + [(n, n) for n in names]),
                (self._route, none + [(r.id, r.id) for r in board.routes]),
                (self._ticket, none + [(t.id, t.id) for t in dict.fromkeys(board.tickets)]),
            ):
                if list(box.options) != options:
                    box.options = options
            for box in (self._from, self._to, self._ticket_from, self._ticket_to):
                if list(box.options) != names:
                    keep = box.value
                    box.options = names
                    box.value = keep if keep in names else None
            ticket_ids = {t.id for t in board.tickets}
            chosen = s.selected_ticket if s.selected_ticket in ticket_ids else None
            for box, value in ((self._city, s.selected), (self._route, s.selected_route),
                               (self._ticket, chosen)):  # fmt: skip
                if value is None:
                    box.index = 0  # "(none)": a value of None would show an empty box
                else:
                    box.value = value
            route = None if s.selected_route is None else board.route(s.selected_route)
            for part in (self._length, self._color, self._kind, self._locomotives):
                part.disabled = route is None
            if route is not None:
                if route.color not in self._color.options:
                    self._color.options = [*self._color.options, route.color]
                self._length.value = min(max(route.length, 1), MAX_LENGTH)
                self._color.value = route.color
                self._kind.value = route.kind
                self._locomotives.value = min(route.locomotives, MAX_LENGTH)
            ticket = next((t for t in board.tickets if t.id == self._ticket.value), None)
            self._points.disabled = self._long.disabled = ticket is None
            if ticket is not None:
                self._points.value = ticket.points
                self._long.value = ticket.long
        finally:
            self._syncing = False

    def _ends_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._draw_price()

    def _city_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._guard(self.session.select, change["new"])

    def _route_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._guard(self.session.select_route, change["new"])

    def _ticket_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._guard(self.session.select_ticket, change["new"])

    def _long_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._with_ticket(self.session.set_ticket, long=bool(change["new"]))

    def _set_route(self, key: str, value: Any) -> None:
        if self._syncing:
            return
        if self.session.selected_route is None:
            self.session.say("select a route first: tap it or pick it in the list", error=True)
            return
        self._guard(self.session.set_route, self.session.selected_route, **{key: value})
        self._refresh_forms()  # a refused value goes back to the route's own

    def _with_city(self, action: Callable[..., Any], *args: Any) -> None:
        if self.session.selected is None:
            self.session.say("select a city first: tap it or pick it in the list", error=True)
            return
        if self._guard(action, self.session.selected, *args) is not None:
            self._rename_box.value = ""

    def _with_route(self, action: Callable[..., Any]) -> None:
        if self.session.selected_route is None:
            self.session.say("select a route first: tap it or pick it in the list", error=True)
            return
        self._guard(action, self.session.selected_route)

    def _with_ticket(self, action: Callable[..., Any], **kwargs: Any) -> None:
        ticket = self._ticket.value
        if ticket is None:
            self.session.say("select a ticket first: pick it in the list", error=True)
            return
        self._guard(action, ticket, **kwargs)
        self._refresh_forms()

    def _add_city_clicked(self) -> None:
        try:
            x, y = (float(v) for v in self._new_at.value.replace(",", " ").split())
        except ValueError:
            self.session.say(
                f"refused: {self._new_at.value!r} is not a position: type 'x, y' or tap an "
                "empty spot on the board",
                error=True,
            )
            return
        if self._guard(self.session.add_city, self._new_city.value, (x, y)) is not None:
            self._new_city.value = self._new_at.value = ""

    def _add_route_clicked(self) -> None:
        a, b = self._from.value, self._to.value
        if not a or not b:
            self.session.say("pick the new route's two cities (or tap them)", error=True)
            return
        self._guard(self.session.add_route, a, b, self._new_length.value, self._new_color.value,
                    self._new_kind.value)  # fmt: skip

    def _add_ticket_clicked(self) -> None:
        a, b = self._ticket_from.value, self._ticket_to.value
        if not a or not b:
            self.session.say("pick the new ticket's two cities (or tap them)", error=True)
            return
        text = self._new_points.value.strip()
        if text and not text.isdigit():
            self.session.say(f"refused: points {text!r} is not a whole number", error=True)
            return
        points = int(text) if text else None
        if self._guard(self.session.add_ticket, a, b, points, self._new_long.value):
            self._new_points.value = ""

    # ------------------------------------------------------------------ display

    @property
    def figure(self) -> Figure:
        """The Bokeh figure of the board (named ``"editor-board"``)."""
        return self._figure

    def close(self) -> None:
        """Stop the analysis thread and close the widgets.

        Examples
        --------
        >>> RouteEditor("maps/ticket_to_ride_europe.yaml", background=False).close()
        """
        self._stop()
        self.play_panel.close()
        self.session.close()
        close_widget(self.widget)


def _source(renderer: GlyphRenderer[Any]) -> ColumnDataSource:
    return cast(ColumnDataSource, renderer.data_source)


def _cars(value: float) -> str:
    return "-" if not math.isfinite(value) else f"{value:g}"
