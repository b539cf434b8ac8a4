"""What the two board editors' widgets share: :class:`EditorView`.

:class:`~workbench.ui.editor.MapEditor` (lattice boards) and
:class:`~workbench.ui.route_editor.RouteEditor` (route boards) look and behave alike around
their boards: the same style sheet and keyboard shortcuts, the same file row (undo, redo, a
file box, open, save, overwrite) with its status line and open-anyway question, the same
problems panel, the same way of greying the analysis panel while a new analysis is computed,
and the same guard that turns a refused action into a line on the status bar. This module
holds those parts once; each editor adds its board, its forms and its analysis panel.
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import ipywidgets as w
from jupyter_bokeh.widgets import BokehModel

from workbench.exceptions import Problem, WorkbenchError
from workbench.session._history import reason

if TYPE_CHECKING:
    from workbench.session._history import BoardHistory
    from workbench.session.events import Change

__all__ = ["EDITOR_CSS", "EDITOR_KEYS_JS", "EditorView", "OnceClosedBokehModel", "close_widget"]

S = TypeVar("S", bound="BoardHistory[Any, Any, Any]")


class OnceClosedBokehModel(BokehModel):
    """jupyter_bokeh's widget, closed once only (its ``close`` fails when called again, and
    ipywidgets calls it again when the widget is garbage collected)."""

    def close(self) -> None:
        if not getattr(self, "_closed", False):
            self._closed = True
            super().close()


def close_widget(widget: Any) -> None:
    """Close ``widget`` and, first, all the widgets inside it.

    Examples
    --------
    >>> import ipywidgets as w
    >>> inner = w.HTML("a")
    >>> close_widget(w.VBox([inner])); inner.comm is None
    True
    """
    for child in getattr(widget, "children", ()):
        close_widget(child)
    widget.close()


EDITOR_CSS = """<style>
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
"""The editors' style sheet (classes ``wb-NAME`` inside ``.wb-editor``)."""

# Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) press the Undo / Redo buttons of the editor last
# pointed at, unless a text box has the keyboard; a click outside the editors leaves the keys
# to JupyterLab. Installed once per page, by the first tap on a board
EDITOR_KEYS_JS = """
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


class EditorView(Generic[S]):
    """The parts of a board editor's widget that do not depend on the kind of board.

    A subclass sets :attr:`session`, calls :meth:`_build_file_row` while it builds its
    widgets, makes ``_problems_box``, ``_working``, ``_summary``, ``_change`` and
    ``_stale_parts`` (what greys while an analysis is computed), and sets ``widget`` and
    ``_stop``.

    Examples
    --------
    >>> from workbench.ui.editor import MapEditor
    >>> editor = MapEditor("maps/tiny.yaml", background=False)
    >>> isinstance(editor, EditorView), editor.controls["undo"].disabled
    (True, True)
    >>> _ = editor.set_dashed("Alder", True); editor.controls["undo"].tooltip
    'undo: dash Alder (Ctrl+Z)'
    >>> editor.close()
    """

    _HEADER_NOTE: ClassVar[str] = ""
    """Words in the header before the file's name (``"route board; "``)."""

    session: S
    widget: w.VBox
    _stop: Callable[[], None]
    _shown_problems: list[Problem] | None = None
    _shown_header: tuple[Any, ...] | None = None
    _shown_path: Path | None = None
    _problems_box: w.VBox
    _working: w.HTML
    _summary: w.HTML
    _change: w.HTML
    _stale_parts: tuple[Any, ...]

    # ------------------------------------------------------------------ starting

    def _take_session(self, session: S, players: int, width: int) -> None:
        """Hold ``session`` (what the editor shows and changes); nothing is drawn yet."""
        self.session = session
        self.players = players
        self.width = width
        self._pushing = False  # the editor is writing the figure's city columns
        self._shown_problems = None
        self._shown_header = None
        self._shown_path = session.path

    def _show_first(self, first: set[str], hint: str) -> None:
        """Draw the ``first`` parts and the analysis (or that it is coming), listen to the
        session, and greet with ``hint`` (what to do)."""
        self._redraw(frozenset({*first, "working" if self.session.working else "analysis"}))
        self._stop = self.session.on_change(self._on_change)
        self.session.say(f"opened {self.session.board.name}: {hint}")

    def _redraw(self, what: frozenset[str]) -> None:
        """Draw the parts of the widget that show ``what`` changed."""
        raise NotImplementedError

    def _on_change(self, change: Change) -> None:
        """Hear of a change of the session."""
        raise NotImplementedError

    # ------------------------------------------------------------------ the session's

    @property
    def path(self) -> Path | None:
        """The file the board belongs to (the session's :attr:`path`)."""
        return self.session.path

    @property
    def history(self) -> tuple[str, ...]:
        """The steps undo can take back, oldest first (the session's :attr:`history`)."""
        return self.session.history

    @property
    def problems(self) -> list[Problem]:
        """What ``workbench check`` says about the board (the session's :attr:`problems`)."""
        return self.session.problems

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the analysis of the current board is shown; ``False`` on timeout.

        Examples
        --------
        >>> from workbench.ui.editor import MapEditor
        >>> editor = MapEditor("maps/tiny.yaml")
        >>> editor.wait(timeout=60), editor.working
        (True, False)
        >>> editor.close()
        """
        return self.session.wait(timeout)

    def save(self, path: str | os.PathLike[str] | None = None, overwrite: bool = False) -> Path:
        """Save the board, canonically and atomically (the session's :meth:`save`)."""
        return self.session.save(path, overwrite)

    # ------------------------------------------------------------------ the file row

    def _build_file_row(self, placeholder: str) -> w.HBox:
        """Make the header, the file row (returned), the status line and the open-anyway
        question."""
        button = w.Layout(width="auto")
        self._header = w.HTML()
        self._undo_button = w.Button(description="Undo", icon="undo", layout=button)
        self._redo_button = w.Button(description="Redo", icon="repeat", layout=button)
        self._undo_button.add_class("wb-undo-button")
        self._redo_button.add_class("wb-redo-button")
        self._undo_button.on_click(lambda _b: self._guard(self.session.undo))
        self._redo_button.on_click(lambda _b: self._guard(self.session.redo))
        self._path_box = w.Text(
            value=str(self.session.path or ""), placeholder=placeholder, description="File",
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
        return w.HBox([self._undo_button, self._redo_button, self._path_box,
                       self._open_button, self._save_button, self._overwrite])  # fmt: skip

    def _file_controls(self) -> dict[str, Any]:
        """The file row's parts by name, for :attr:`controls`."""
        return {
            "undo": self._undo_button, "redo": self._redo_button, "path": self._path_box,
            "open": self._open_button, "save": self._save_button, "overwrite": self._overwrite,
            "status": self._status, "confirm": self._confirm, "open_anyway": self._open_anyway,
            "keep": self._keep,
        }  # fmt: skip

    def _open_clicked(self, discard: bool) -> None:
        self._guard(self.session.open, self._path_box.value, discard)

    def _save_clicked(self) -> None:
        if self._guard(self.session.save, self._path_box.value, self._overwrite.value):
            self._overwrite.value = False

    def _guard(self, action: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run a widget action; a refused one has already said why on the status line."""
        said = (self.session.message_kind, self.session.message)
        try:
            return action(*args, **kwargs)
        except (WorkbenchError, ValueError, KeyError, IndexError, OSError) as error:
            if (self.session.message_kind, self.session.message) == said:
                self.session.say(reason(error), error=True)
            return None

    # ------------------------------------------------------------------ drawing

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
            f'<span class="wb-muted">({self._HEADER_NOTE}{where}){mark}</span>'
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

    def _draw_working(self, detail: str = "") -> None:
        """Say that an analysis is being computed (``detail``: of what) and grey the panel."""
        self._working.value = (
            f'<span class="wb-working"><span class="wb-spinner"></span>working&hellip;{detail}'
            "</span>"
        )
        for part in self._stale_parts:
            part.add_class("wb-stale")

    def _take_analysis(self) -> Any:
        """Un-grey the analysis panel; the analysis to draw, or ``None`` when there is none
        (the panel then says why and is emptied)."""
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
            return None
        return result

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
            close_widget(row)

    # ------------------------------------------------------------------ dragging

    def _cities_dragged(self, data: Any, positions: Sequence[tuple[float, float]]) -> bool:
        """Hand the cities a drag moved to the session (``data``: the figure's city columns;
        ``positions``: where the board has its cities, in the plane, in the board's order).

        Whether the figure's cities must be drawn again: a drop was made or refused, or the
        columns were not the board's cities (which the status line then says).
        """
        names = [str(n) for n in data.get("name", [])]
        xs, ys = list(data.get("x", [])), list(data.get("y", []))
        if names != [c.name for c in self.session.board.cities] or len(xs) != len(names):
            self.session.say("add and remove cities with the form, not on the board", error=True)
            return True
        moved = [
            (n, float(x), float(y))
            for n, x, y, (x0, y0) in zip(names, xs, ys, positions, strict=True)
            if math.hypot(x - x0, y - y0) > 1e-6
        ]
        if moved:
            self._guard(self.session.drop_cities, moved)
        return bool(moved)

    # ------------------------------------------------------------------ display

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        from workbench.ui.render import bokehjs_once

        display(HTML(bokehjs_once()))  # the widgets' views need BokehJS on the page
        display(self.widget)

    def __repr__(self) -> str:
        s = self.session
        where = f", path={str(s.path)!r}" if s.path else ""
        return f"<{type(self).__name__} {s.board.name!r}{where}, {len(s.history)} steps to undo>"
