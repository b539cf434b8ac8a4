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
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w
from bokeh.events import Tap
from jupyter_bokeh.widgets import BokehModel

from workbench.exceptions import Problem, WorkbenchError
from workbench.maps.board import Board
from workbench.maps.lattice import Edge, Point, parse_point, plane_xy
from workbench.session.analysis import EditorAnalysis, analyze_edit
from workbench.session.edit import SEGMENT_CYCLE, EditSession, Opened, Place, reason
from workbench.session.events import Change
from workbench.ui._editor_view import EditorFigure, cost_histogram, draw_histogram
from workbench.ui.render import legend_html
from workbench.ui.suggest import SuggestPanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from bokeh.plotting import figure as Figure

__all__ = ["SEGMENT_CYCLE", "EditorAnalysis", "MapEditor", "Place", "analyze_edit"]


class _BokehModel(BokehModel):
    """jupyter_bokeh's widget, closed once only (its ``close`` fails when called again, and
    ipywidgets calls it again when the widget is garbage collected)."""

    def close(self) -> None:
        if not getattr(self, "_closed", False):
            self._closed = True
            super().close()


def _close(widget: Any) -> None:
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()


_CSS = """<style>
.wb-editor { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
.wb-editor .wb-title { font-size: 1.15em; font-weight: 600; }
.wb-editor .wb-muted { color: #666; }
.wb-editor .wb-status-error { color: #b3261e; font-weight: 600; }
.wb-editor .wb-status-ok { color: #1e6b30; }
.wb-editor .wb-status-question { color: #8a5a00; font-weight: 600; }
.wb-editor .wb-working { color: #8a5a00; font-weight: 600; }
.wb-editor .wb-spinner { display: inline-block; width: 0.8em; height: 0.8em;
  margin-right: 0.35em; vertical-align: -0.1em; border: 2px solid #e0c58a;
  border-top-color: #8a5a00; border-radius: 50%; animation: wb-spin 0.9s linear infinite; }
@keyframes wb-spin { to { transform: rotate(360deg); } }
.wb-editor .wb-stale { opacity: 0.4; transition: opacity 0.15s; }
.wb-editor .wb-warning { color: #8a5a00; }
.wb-editor .wb-error { color: #b3261e; }
.wb-editor table.wb-table { border-collapse: collapse; font-size: 0.9em; }
.wb-editor table.wb-table td, .wb-editor table.wb-table th { padding: 1px 6px;
  border-bottom: 1px solid #e4e4e4; text-align: right; }
.wb-editor table.wb-table td:first-child, .wb-editor table.wb-table th:first-child {
  text-align: left; }
.wb-editor table.wb-distances td { text-align: left; vertical-align: top; }
</style>"""

# Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) press the Undo / Redo buttons of the editor last
# pointed at, unless a text box has the keyboard; a click outside the editors leaves the keys
# to JupyterLab. Installed once per page, by the first tap on a board
_KEYS_JS = """
if (!window.__wbEditorKeys) {
  window.__wbEditorKeys = true;
  // installed by a tap on a board: that editor is the one pointed at (when it is alone)
  const editors = document.querySelectorAll('.wb-editor');
  let last = editors.length === 1 ? editors[0] : null;
  document.addEventListener('pointerdown', (e) => {
    last = (e.target.closest && e.target.closest('.wb-editor')) || null;
  }, true);
  document.addEventListener('keydown', (e) => {
    if (!(e.ctrlKey || e.metaKey) || !last || !document.body.contains(last)) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    const key = e.key.toLowerCase();
    const which = key === 'y' || (key === 'z' && e.shiftKey) ? 'redo'
                : key === 'z' ? 'undo' : null;
    if (!which) return;
    const name = '.wb-' + which + '-button';
    const button = last.querySelector(name + ' button, button' + name);
    e.preventDefault(); e.stopPropagation();
    if (button && !button.disabled) button.click();
  }, true);
}
"""


class MapEditor:
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
        self.session = EditSession(board, players=players, background=background)
        self.players = players
        self.width = width
        self._pushing = False
        self._syncing_form = False
        self._shown_problems: list[Problem] | None = None
        self._shown_header: tuple[Any, ...] | None = None
        self._shown_path = self.session.path
        self._view = self._new_view(self.session.board)
        self._histogram, _ = cost_histogram(width=360, height=220)
        self.suggest = SuggestPanel(self.session, background=background)  # the map doctor
        self._build_widgets()
        first = {"selection", "problems", "path", "message"}
        self._redraw(frozenset({*first, "working" if self.session.working else "analysis"}))
        self._stop = self.session.on_change(self._on_change)
        self.session.say(
            f"opened {self.session.board.name}: drag a city, tap a segment, or use the form"
        )

    # ------------------------------------------------------------------ the session's state

    @property
    def board(self) -> Board:
        """The board as it is now (:attr:`EditSession.board`)."""
        return self.session.board

    @property
    def path(self) -> Path | None:
        """The file the board belongs to (:attr:`EditSession.path`)."""
        return self.session.path

    @property
    def history(self) -> tuple[str, ...]:
        """The steps undo can take back, oldest first (:attr:`EditSession.history`)."""
        return self.session.history

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
    def problems(self) -> list[Problem]:
        """What ``workbench check`` says about the board (:attr:`EditSession.problems`)."""
        return self.session.problems

    @property
    def analysis(self) -> EditorAnalysis:
        """The analysis of the current board, waiting for it (:attr:`EditSession.analysis`)."""
        return self.session.analysis

    @property
    def working(self) -> bool:
        """Whether the analysis of the current board is still coming."""
        return self.session.working

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the analysis of the current board is shown; ``False`` on timeout.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml")
        >>> editor.wait(timeout=60), editor.working
        (True, False)
        >>> editor.close()
        """
        return self.session.wait(timeout)

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

    def save(self, path: str | os.PathLike[str] | None = None, overwrite: bool = False) -> Path:
        """Save the board, atomically (:meth:`EditSession.save`)."""
        return self.session.save(path, overwrite)

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
            self._draw_working()
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

    def _draw_header(self) -> None:
        s = self.session
        state = (s.board.name, s.path, s.modified, s.history, s.future)
        if state == self._shown_header:
            return
        self._shown_header = state
        where = html.escape(str(s.path)) if s.path else "not saved yet"
        mark = " &mdash; <i>modified</i>" if s.modified else ""
        self._header.value = (
            f'<span class="wb-title">{html.escape(s.board.name)}</span> '
            f'<span class="wb-muted">({where}){mark}</span>'
        )
        if s.path != self._shown_path:  # the file box follows the board's file
            self._shown_path = s.path
            self._path_box.value = str(s.path or "")
        self._undo_button.disabled = not s.history
        self._redo_button.disabled = not s.future
        self._undo_button.tooltip = f"undo: {s.history[-1]} (Ctrl+Z)" if s.history else ""
        self._redo_button.tooltip = f"redo: {s.future[0]} (Ctrl+Shift+Z)" if s.future else ""

    def _draw_status(self) -> None:
        kind = self.session.message_kind
        self._status.value = (
            f'<span class="wb-status-{kind}">{html.escape(self.session.message)}</span>'
        )
        self._confirm.layout.display = "flex" if kind == "question" else "none"

    def _draw_working(self) -> None:
        what = self.session.history[-1] if self.session.history else ""
        self._working.value = (
            '<span class="wb-working"><span class="wb-spinner"></span>working&hellip; '
            f"analysing every hand{' after: ' + html.escape(what) if what else ''}</span>"
        )
        for part in self._stale_parts:
            part.add_class("wb-stale")

    def _draw_problems(self) -> None:
        problems = self.session.problems
        if problems == self._shown_problems:
            return
        self._shown_problems = problems
        errors = sum(p.severity == "error" for p in problems)
        warnings = len(problems) - errors
        title = (
            "No problems: <code>workbench check</code> has nothing to say"
            if not problems
            else f"Problems: {errors} {'error' if errors == 1 else 'errors'}, {warnings} "
            f"{'warning' if warnings == 1 else 'warnings'} (as <code>workbench check</code> "
            "says them)"
        )
        rows: list[Any] = [w.HTML(f"<b>{title}</b>")]
        for i, p in enumerate(problems):
            show = w.Button(description="show", layout=w.Layout(width="58px"))
            show.add_class("wb-problem-show")
            show.on_click(lambda _b, i=i: self._guard(self.session.highlight, i))
            hint = f" ({html.escape(p.hint)})" if p.hint else ""
            text = w.HTML(
                f'<span class="wb-{p.severity}">{p.severity}: {html.escape(p.message)}</span>'
                f'<span class="wb-muted">{hint}</span>'
            )
            rows.append(w.HBox([show, text], layout=w.Layout(align_items="center")))
        old, self._problems_box.children = self._problems_box.children, rows
        for row in old:
            _close(row)

    def _draw_analysis(self) -> None:
        s = self.session
        result, error = s.latest_analysis, s.analysis_error
        for part in self._stale_parts:
            part.remove_class("wb-stale")
        if error is not None or result is None:
            self._working.value = (
                f'<span class="wb-status-error">no analysis: {html.escape(reason(error))}</span>'
                if error is not None
                else ""
            )
            self._summary.value = self._change.value = ""
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
        view = EditorFigure(board, width=self.width, keys_js=_KEYS_JS)
        view.cities.on_change("data", self._on_cities_data)
        view.figure.on_event(Tap, self._on_tap)  # type: ignore[arg-type]
        return view

    def _on_cities_data(self, attr: str, old: Any, new: Any) -> None:
        """A drag ended in the browser (jupyter_bokeh calls this twice: the second call
        finds the board's own positions and does nothing)."""
        if self._pushing:
            return
        board = self.session.board
        data = self._view.cities.data
        names = [str(n) for n in data.get("name", [])]
        xs, ys = list(data.get("x", [])), list(data.get("y", []))
        if names != [c.name for c in board.cities] or len(xs) != len(names):
            self.session.say("add and remove cities with the form, not on the board", error=True)
            self._push_cities()
            return
        moved = [
            (c.name, float(x), float(y))
            for c, x, y in zip(board.cities, xs, ys, strict=True)
            if math.hypot(x - plane_xy(c.at)[0], y - plane_xy(c.at)[1]) > 1e-6
        ]
        if moved:
            self._guard(self.session.drop_cities, moved)
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

    def _guard(self, action: Callable[..., Any], *args: Any) -> Any:
        """Run a widget action; a refused one has already said why on the status line."""
        said = (self.session.message_kind, self.session.message)
        try:
            return action(*args)
        except (WorkbenchError, ValueError, KeyError, IndexError, OSError) as error:
            if (self.session.message_kind, self.session.message) == said:
                self.session.say(reason(error), error=True)
            return None

    # ------------------------------------------------------------------ widgets

    def _build_widgets(self) -> None:
        button = w.Layout(width="auto")
        self._header = w.HTML()
        self._undo_button = w.Button(description="Undo", icon="undo", layout=button)
        self._redo_button = w.Button(description="Redo", icon="repeat", layout=button)
        self._undo_button.add_class("wb-undo-button")
        self._redo_button.add_class("wb-redo-button")
        self._undo_button.on_click(lambda _b: self._guard(self.session.undo))
        self._redo_button.on_click(lambda _b: self._guard(self.session.redo))
        self._path_box = w.Text(
            value=str(self.session.path or ""), placeholder="my_map.yaml", description="File",
            layout=w.Layout(width="340px"),
        )  # fmt: skip
        self._open_button = w.Button(description="Open", icon="folder-open", layout=button)
        self._save_button = w.Button(description="Save", icon="save", layout=button)
        self._overwrite = w.Checkbox(value=False, description="overwrite", indent=False,
                                     layout=w.Layout(width="100px"))  # fmt: skip
        self._open_button.on_click(lambda _b: self._open_clicked(False))
        self._save_button.on_click(lambda _b: self._save_clicked())
        self._status = w.HTML()
        self._status.add_class("wb-status")
        self._open_anyway = w.Button(description="Open anyway", icon="folder-open",
                                     button_style="warning", layout=button)  # fmt: skip
        self._open_anyway.add_class("wb-open-anyway")
        self._open_anyway.on_click(lambda _b: self._open_clicked(True))
        self._keep = w.Button(description="Keep editing", layout=button)
        self._keep.on_click(lambda _b: self.session.say("kept the board: nothing opened"))
        self._confirm = w.HBox([self._open_anyway, self._keep], layout=w.Layout(display="none"))

        self._board_model = _BokehModel(self._view.figure)
        self._board_model.add_class("wb-editor-board")
        self._legend = w.HTML(legend_html(self.session.board, heatmap=True),
                              layout=w.Layout(width=f"{self.width}px"))  # fmt: skip
        self._histogram_model = _BokehModel(self._histogram)
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
                w.HTML(_CSS),
                self._header,
                w.HBox([self._undo_button, self._redo_button, self._path_box,
                        self._open_button, self._save_button, self._overwrite]),
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
            "undo": self._undo_button, "redo": self._redo_button, "path": self._path_box,
            "open": self._open_button, "save": self._save_button, "overwrite": self._overwrite,
            "status": self._status, "confirm": self._confirm, "open_anyway": self._open_anyway,
            "keep": self._keep,
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

    def _open_clicked(self, discard: bool) -> None:
        self._guard(self.session.open, self._path_box.value, discard)

    def _save_clicked(self) -> None:
        if self._guard(self.session.save, self._path_box.value, self._overwrite.value):
            self._overwrite.value = False

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

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        from workbench.ui.render import bokehjs_once

        display(HTML(bokehjs_once()))  # the widgets' views need BokehJS on the page
        display(self.widget)

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
        _close(self.widget)

    def __repr__(self) -> str:
        where = f", path={str(self.path)!r}" if self.path else ""
        return f"<MapEditor {self.board.name!r}{where}, {len(self.history)} steps to undo>"
