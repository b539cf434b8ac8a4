"""The map editor: a Jupyter widget over an :class:`~workbench.session.edit.EditSession`.

:class:`MapEditor` shows a board (Bokeh, in a :class:`jupyter_bokeh.widgets.BokehModel`) and
turns what you do on it into calls on its session:

* drag a city and it snaps to the point you drop it on; a drop on another city or off the
  board is refused, with the reason, and the city goes back;
* tap a segment and it cycles through single, double (water), double (mountain), ferry,
  tunnel and none; tap between two points without a segment to add one;
* tap a city to select it (the form and the distances follow the selection);
* a form adds, removes, renames and recolors cities and toggles their dashed card;
* undo and redo (buttons, or Ctrl+Z / Ctrl+Shift+Z after a tap on the board), open and save
  YAML files (saving over a different file needs a tick; opening over unsaved edits asks);
* a problems panel lists what ``workbench check`` would say; *show* marks the place;
* the analysis panel shows the hand-cost histogram (shares, against the board before the
  edit), what the last edit changed, the selected city's distances and, on the board, the
  segment usage (a checkbox hides it; the segment just edited stays drawn over it).

The widget decides nothing: the session holds the board, its history and file, the problems
and the analysis, and says what changed (:meth:`EditSession.on_change`); the editor redraws
those parts. The analysis runs on a background thread and its result comes back to the
kernel's event loop, where the widgets are updated. The session's actions are also the
editor's methods (:meth:`MapEditor.move_city`, :meth:`MapEditor.undo`, ...), so whatever you
can click you can also script.
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from bokeh.events import Tap

from workbench.maps.board import Board
from workbench.maps.lattice import Edge, Point, parse_point, plane_xy
from workbench.session.analysis import EditorAnalysis, analyze_edit
from workbench.session.edit import SEGMENT_CYCLE, EditSession, Opened, Place
from workbench.session.events import Change
from workbench.ui._editor_common import (
    EDITOR_CSS,
    EDITOR_KEYS_JS,
    EditorView,
    OnceClosedBokehModel,
    close_widget,
)
from workbench.ui._editor_view import EditorFigure, cost_histogram, draw_histogram
from workbench.ui.render import legend_html
from workbench.ui.suggest import SuggestPanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from bokeh.plotting import figure as Figure

__all__ = ["SEGMENT_CYCLE", "EditorAnalysis", "MapEditor", "Place", "analyze_edit"]


class MapEditor(EditorView[EditSession]):
    """Edit a board in JupyterLab, with its problems and analysis kept up to date.

    Display the editor (``editor`` as the last line of a cell, or ``editor.widget`` when
    BokehJS is already on the page). Every action on the widget is a call on
    :attr:`session`, and the editor's methods are the session's, so an edit made in code
    shows on the board and in the panels too.

    Parameters
    ----------
    board : Board, str or os.PathLike
        The board to edit, or the path of a map file to open.
    players : int, optional
        The number of players the analysis deals hands for (4-6: every city; 2-3: not the
        dashed ones).
    width : int, optional
        Width of the board picture in pixels.
    background : bool, optional
        Compute the analysis on a background thread (the default) or at once, in the call
        that made the edit (scripts and tests that want no threads).

    Attributes
    ----------
    session : EditSession
        What the editor shows and changes.
    widget : ipywidgets.VBox
        The editor's widget.
    controls : dict
        Its parts by name (``"undo"``, ``"save"``, ``"overwrite"``, ``"city"``, ``"rename"``,
        ``"add"``, ``"status"``, ``"last_edit"``, ...), to drive it as a user would.

    Examples
    --------
    >>> editor = MapEditor("maps/tiny.yaml", background=False)
    >>> editor.board.name, editor.path.name
    ('Tiny Island', 'tiny.yaml')
    >>> board = editor.move_city("Fir", (5, 1))
    >>> editor.board.city("Fir").at, editor.history
    ((5, 1), ('move Fir to [5, 1]',))
    >>> editor.undo().city("Fir").at
    (5, 0)
    >>> editor.close()
    """

    def __new__(cls, board: Any, **options: Any) -> Any:
        """A route board (or a file with ``kind: routes``) opens in a
        :class:`~workbench.ui.route_editor.RouteEditor` instead."""
        from workbench.ui.route_editor import RouteEditor, opens_route_board

        return RouteEditor(board, **options) if opens_route_board(board) else super().__new__(cls)

    def __init__(
        self,
        board: Board | str | os.PathLike[str],
        *,
        players: int = 4,
        width: int = 720,
        background: bool = True,
    ) -> None:
        self._take_session(EditSession(board, players=players, background=background),
                           players, width)  # fmt: skip
        self._syncing_form = False
        self._view = self._new_view(self.session.board)
        self._histogram, _ = cost_histogram(width=360, height=220)
        self.suggest = SuggestPanel(self.session, background=background)  # the map doctor
        self._build_widgets()
        self._show_first({"selection", "problems", "path", "message"},
                         "drag a city, tap a segment, or use the form")  # fmt: skip

    # ------------------------------------------------------------------ the session's state

    @property
    def board(self) -> Board:
        """The board as it is now (:attr:`EditSession.board`)."""
        return self.session.board

    @property
    def future(self) -> tuple[str, ...]:
        """The steps redo can take again (:attr:`EditSession.future`)."""
        return self.session.future

    @property
    def selected(self) -> str | None:
        """The selected city (:attr:`EditSession.selected`)."""
        return self.session.selected

    @property
    def message(self) -> str:
        """The status line (:attr:`EditSession.message`)."""
        return self.session.message

    @property
    def modified(self) -> bool:
        """Whether the board differs from its file (:attr:`EditSession.modified`)."""
        return self.session.modified

    @property
    def analysis(self) -> EditorAnalysis:
        """The analysis of the current board, waiting for it (:attr:`EditSession.analysis`)."""
        return self.session.analysis

    @property
    def working(self) -> bool:
        """Whether the analysis of the current board is still coming."""
        return self.session.working

    # ------------------------------------------------------------------ the session's actions

    def move_city(self, name: str, to: Point) -> Board:
        """Move a city to a point (:meth:`EditSession.move_city`)."""
        return self.session.move_city(name, to)

    def drop_city(self, name: str, x: float, y: float) -> Board:
        """Drop a city at plane coordinates, as a drag does (:meth:`EditSession.drop_city`)."""
        return self.session.drop_city(name, x, y)

    def add_city(self, name: str, color: str, at: Point, dashed: bool = False) -> Board:
        """Add a city and select it (:meth:`EditSession.add_city`)."""
        return self.session.add_city(name, color, at, dashed)

    def remove_city(self, name: str) -> Board:
        """Remove a city (:meth:`EditSession.remove_city`)."""
        return self.session.remove_city(name)

    def rename_city(self, name: str, new_name: str) -> Board:
        """Rename a city (:meth:`EditSession.rename_city`)."""
        return self.session.rename_city(name, new_name)

    def recolor_city(self, name: str, color: str) -> Board:
        """Give a city another card color (:meth:`EditSession.recolor_city`)."""
        return self.session.recolor_city(name, color)

    def set_dashed(self, name: str, dashed: bool) -> Board:
        """Dash a city's card or not (:meth:`EditSession.set_dashed`)."""
        return self.session.set_dashed(name, dashed)

    def set_segment(self, a: Point, b: Point, type: str, terrain: str | None = None) -> Board:
        """Set a segment's type (:meth:`EditSession.set_segment`)."""
        return self.session.set_segment(a, b, type, terrain)

    def segment_state(self, a: Point, b: Point) -> tuple[str, str | None]:
        """A segment's ``(type, terrain)`` (:meth:`EditSession.segment_state`)."""
        return self.session.segment_state(a, b)

    def cycle_segment(self, between: Edge) -> Board:
        """Give a segment its next type (:meth:`EditSession.cycle_segment`)."""
        return self.session.cycle_segment(between)

    def tap(self, x: float, y: float) -> str:
        """Do what a tap on the board does (:meth:`EditSession.tap`)."""
        return self.session.tap(x, y)

    @contextmanager
    def batch(self, edit: str) -> Iterator[None]:
        """Group edits into one undo step (:meth:`EditSession.batch`)."""
        with self.session.batch(edit):
            yield

    def undo(self) -> Board:
        """Take back the last step (:meth:`EditSession.undo`)."""
        return self.session.undo()

    def redo(self) -> Board:
        """Make the last undone step again (:meth:`EditSession.redo`)."""
        return self.session.redo()

    def select(self, name: str | None) -> None:
        """Select a city (:meth:`EditSession.select`)."""
        self.session.select(name)

    def highlight(self, index: int) -> Place:
        """Mark where a problem is (:meth:`EditSession.highlight`)."""
        return self.session.highlight(index)

    def open(self, path: str | os.PathLike[str], discard: bool = False) -> Opened:
        """Open a map file; asks over unsaved edits (:meth:`EditSession.open`)."""
        return self.session.open(path, discard)

    # ------------------------------------------------------------------ redrawing

    def _on_change(self, change: Change) -> None:
        self._redraw(change.what, change.before)

    def _redraw(self, what: frozenset[str], before: Board | None = None) -> None:
        s = self.session
        if "board" in what:
            self._draw_board(before, s.board)
        if "board" in what or "selection" in what:
            self._refresh_form()
            city = None if s.selected is None else s.board.city(s.selected)
            self._view.draw_selected(None if city is None else city.at)
        if "highlight" in what or "board" in what:
            place = s.highlighted
            self._view.draw_highlight(place.points, place.edges, place.outlines)
        if "picked" in what and s.picked is not None:
            self._add_at.value = f"{s.picked[0]}, {s.picked[1]}"
        if "problems" in what:
            self._draw_problems()
        if what & {"path", "history", "board"}:
            self._draw_header()
        if "message" in what:
            self._draw_status()
        if "working" in what:  # an analysis started (its result may follow in this call)
            done = s.history[-1] if s.history else ""
            self._draw_working(
                f" analysing every hand{' after: ' + html.escape(done) if done else ''}"
            )
        if "analysis" in what:
            self._draw_analysis()
        elif what & {"selection", "board"}:
            self._draw_distances()

    def _draw_board(self, before: Board | None, board: Board) -> None:
        outline = ("lattice", "land", "terrain", "colors")
        if before is None or any(getattr(before, f) != getattr(board, f) for f in outline):
            self._view = self._new_view(board)
            self._board_model.update_from_model(self._view.figure)
            self._view.show_usage(self._usage_box.value)
            self._legend.value = legend_html(board, heatmap=True)
            return
        self._pushing = True
        try:
            if before.cities != board.cities:
                self._view.draw_cities(board)
            if before.segments != board.segments:
                self._view.draw_segments(before, board)
                changed = [
                    k
                    for k in set(before.segments) | set(board.segments)
                    if before.segments.get(k) != board.segments.get(k)
                ]
                self._view.draw_edited(board, changed)
        finally:
            self._pushing = False

    def _draw_analysis(self) -> None:
        s = self.session
        result: EditorAnalysis | None = self._take_analysis()
        if result is None:
            draw_histogram(self._histogram, None, None)
            self._view.draw_usage(s.board, None)
            self._draw_distances()
            return
        summary = result.summary
        self._working.value = (
            f'<span class="wb-muted">analysed {summary.hands:,} hands in '
            f"{result.seconds:.2f} s</span>"
        )
        self._summary.value = (
            f"<b>Hand costs</b> ({result.players} players, {summary.hands:,} hands): mean "
            f"<b>{summary.mean:.1f}</b> rails, std {summary.std:.1f}, min {summary.minimum}, "
            f"median {summary.median:.0f}, max {summary.maximum}"
        )
        draw_histogram(self._histogram, summary, result.before)
        self._view.draw_usage(result.board, result.usage)
        self._change.value = self._change_html(result)
        self._draw_distances()

    @staticmethod
    def _change_html(result: EditorAnalysis) -> str:
        c = result.comparison
        if c is None:
            return "<b>Last edit</b>: none yet"
        moved = c.cities[c.cities["change"].abs() >= 0.05]  # NaN (added, removed) drops out
        top = moved.head(5)
        rows = "".join(
            f"<tr><td>{html.escape(str(city))}</td><td>{before:.1f}</td><td>{after:.1f}</td>"
            f"<td>{change:+.1f}</td></tr>"
            for city, before, after, change in zip(
                top["city"], top["before"], top["after"], top["change"], strict=True
            )
            if math.isfinite(change)
        )
        table = (
            '<table class="wb-table"><tr><th>hands with</th><th>before</th><th>after</th>'
            f"<th>change</th></tr>{rows}</table>"
            if rows
            else ""
        )
        return (
            f'<b>Last edit</b> ({html.escape(result.edit)}):<br><span class="wb-change">'
            f"{html.escape(c.summary())}</span>{table}"
        )

    def _draw_distances(self) -> None:
        s = self.session
        name = s.selected
        if name is None:
            self._distances.value = (
                '<b>Distances</b>: <span class="wb-muted">tap a city to see them</span>'
            )
            return
        row = s.distances()  # one shortest-path search (milliseconds)
        if row is None:
            self._distances.value = f"<b>From {html.escape(name)}</b>: working&hellip;"
            return
        colors = {c.name: c.color for c in s.board.cities}
        lines = []
        for color in s.board.color_names:
            items = [f"{html.escape(str(n))} {int(d) if math.isfinite(d) else '-'}"
                     for n, d in row.items() if colors.get(str(n)) == color]  # fmt: skip
            if items:
                lines.append(f"<tr><td>{html.escape(color)}</td><td>{', '.join(items)}</td></tr>")
        self._distances.value = (
            f"<b>From {html.escape(name)}</b> (rails, nearest first)"
            f'<table class="wb-table wb-distances">{"".join(lines)}</table>'
        )

    # ------------------------------------------------------------------ Bokeh callbacks

    def _new_view(self, board: Board) -> EditorFigure:
        view = EditorFigure(board, width=self.width, keys_js=EDITOR_KEYS_JS)
        view.cities.on_change("data", self._on_cities_data)
        view.figure.on_event(Tap, self._on_tap)  # type: ignore[arg-type]
        return view

    def _on_cities_data(self, attr: str, old: Any, new: Any) -> None:
        """A drag ended in the browser (jupyter_bokeh calls this twice: the second call
        finds the board's own positions and does nothing)."""
        if self._pushing:
            return
        board = self.session.board
        if self._cities_dragged(self._view.cities.data, [plane_xy(c.at) for c in board.cities]):
            self._push_cities()

    def _push_cities(self) -> None:
        self._pushing = True
        try:
            self._view.draw_cities(self.session.board)
        finally:
            self._pushing = False

    def _on_tap(self, event: Tap) -> None:
        if event.x is not None and event.y is not None:
            self._guard(self.session.tap, float(event.x), float(event.y))

    # ------------------------------------------------------------------ widgets

    def _build_widgets(self) -> None:
        button = w.Layout(width="auto")
        file_row = self._build_file_row("my_map.yaml")

        self._board_model = OnceClosedBokehModel(self._view.figure)
        self._board_model.add_class("wb-editor-board")
        self._legend = w.HTML(legend_html(self.session.board, heatmap=True),
                              layout=w.Layout(width=f"{self.width}px"))  # fmt: skip
        self._histogram_model = OnceClosedBokehModel(self._histogram)
        self._working = w.HTML()
        self._working.add_class("wb-working-line")
        self._summary = w.HTML()
        self._change = w.HTML()
        self._change.add_class("wb-last-edit")
        self._distances = w.HTML()
        self._usage_box = w.Checkbox(value=True, description="segment usage on the board",
                                     indent=False)  # fmt: skip
        self._usage_box.observe(lambda ch: self._view.show_usage(ch["new"]), names="value")
        self._stale_parts = (self._summary, self._histogram_model, self._change, self._distances)
        analysis = w.VBox(
            [self._working, self._summary, self._histogram_model, self._usage_box,
             self._change, self._distances],
            layout=w.Layout(width="380px", padding="0 0 0 12px"),
        )  # fmt: skip
        analysis.add_class("wb-analysis")

        board = self.session.board
        colors = list(board.color_names)
        names = [(c.name, c.name) for c in board.cities]
        self._city = w.Dropdown(options=[("(none)", None), *names], description="City",
                                layout=w.Layout(width="230px"))  # fmt: skip
        self._city.observe(self._city_changed, names="value")
        self._rename_box = w.Text(placeholder="new name", layout=w.Layout(width="140px"))
        rename = w.Button(description="Rename", layout=button)
        rename.on_click(lambda _b: self._form(self.session.rename_city, self._rename_box.value))
        self._color = w.Dropdown(options=colors, layout=w.Layout(width="120px"))
        recolor = w.Button(description="Recolor", layout=button)
        recolor.on_click(lambda _b: self._form(self.session.recolor_city, self._color.value))
        self._dashed = w.Checkbox(description="dashed", indent=False,
                                  layout=w.Layout(width="80px"))  # fmt: skip
        self._dashed.observe(self._dashed_changed, names="value")
        remove = w.Button(description="Remove", icon="trash", layout=button)
        remove.on_click(lambda _b: self._form(self.session.remove_city))
        self._add_name = w.Text(placeholder="name", description="New city",
                                layout=w.Layout(width="230px"))  # fmt: skip
        self._add_color = w.Dropdown(options=colors, layout=w.Layout(width="120px"))
        self._add_at = w.Text(placeholder="col, row (tap a point)",
                              layout=w.Layout(width="170px"))  # fmt: skip
        self._add_dashed = w.Checkbox(description="dashed", indent=False,
                                      layout=w.Layout(width="80px"))  # fmt: skip
        add = w.Button(description="Add city", icon="plus", layout=button)
        add.on_click(lambda _b: self._add_clicked())
        form = w.VBox(
            [
                w.HBox([self._city, self._rename_box, rename, self._color, recolor,
                        self._dashed, remove]),
                w.HBox([self._add_name, self._add_color, self._add_at, self._add_dashed, add]),
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
                w.HBox([w.VBox([self._board_model, self._legend]), analysis],
                       layout=w.Layout(flex_flow="row wrap")),
                form,
                self._problems_box,
                self.suggest.widget,
            ]
        )  # fmt: skip
        self.widget.add_class("wb-editor")
        self.controls: dict[str, Any] = {
            **self._file_controls(),
            "city": self._city, "new_name": self._rename_box,
            "rename": rename, "color": self._color, "recolor": recolor, "dashed": self._dashed,
            "remove": remove, "add_name": self._add_name, "add_color": self._add_color,
            "add_at": self._add_at, "add_dashed": self._add_dashed, "add": add,
            "usage": self._usage_box, "working": self._working, "summary": self._summary,
            "last_edit": self._change, "distances": self._distances,
            "problems": self._problems_box, "legend": self._legend,
            "suggest": self.suggest.controls["suggest"],
        }  # fmt: skip

    def _refresh_form(self) -> None:
        s = self.session
        self._syncing_form = True
        try:
            options = [("(none)", None)] + [(c.name, c.name) for c in s.board.cities]
            if list(self._city.options) != options:
                self._city.options = options
            if s.selected is None:
                self._city.index = 0  # "(none)": a value of None would show an empty box
            else:
                self._city.value = s.selected
            if s.selected is not None:
                city = s.board.city(s.selected)
                self._color.value = city.color
                self._dashed.value = city.dashed
            self._dashed.disabled = s.selected is None
        finally:
            self._syncing_form = False

    def _city_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing_form:
            self._guard(self.session.select, change["new"])

    def _dashed_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing_form and self.session.selected is not None:
            self._guard(self.session.set_dashed, self.session.selected, bool(change["new"]))
            self._refresh_form()

    def _form(self, action: Callable[..., Board], *args: Any) -> None:
        if self.session.selected is None:
            self.session.say(
                "select a city first: tap it on the board or pick it in the list", error=True
            )
            return
        if self._guard(action, self.session.selected, *args) is not None:
            self._rename_box.value = ""

    def _add_clicked(self) -> None:
        try:
            at = parse_point(self._add_at.value)
        except ValueError as error:
            self.session.say(f"refused: {error}", error=True)
            return
        done = self._guard(
            self.session.add_city,
            self._add_name.value, self._add_color.value, at, self._add_dashed.value,
        )  # fmt: skip
        if done is not None:
            self._add_name.value = self._add_at.value = ""

    # ------------------------------------------------------------------ display

    @property
    def figure(self) -> Figure:
        """The Bokeh figure of the board (named ``"editor-board"``)."""
        return self._view.figure

    @property
    def view(self) -> EditorFigure:
        """The board figure and the sources the editor redraws."""
        return self._view

    @property
    def histogram(self) -> Figure:
        """The hand-cost histogram of the analysis panel (``"editor-histogram"``)."""
        return self._histogram

    def close(self) -> None:
        """Stop the analysis thread and close the widgets.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.close()
        """
        self._stop()
        self.suggest.close()
        self.session.close()
        close_widget(self.widget)
