"""The map editor: a Jupyter widget that edits a board and keeps its analysis live.

:class:`MapEditor` shows a board (Bokeh, in a :class:`jupyter_bokeh.widgets.BokehModel`) and
turns what you do on it into calls on the board's editing operations:

* drag a city and it snaps to the point you drop it on; a drop on another city or off the
  board is refused, with the reason, and the city goes back;
* tap a segment and it cycles through single, double (water), double (mountain), ferry,
  tunnel and none; tap between two points without a segment to add one;
* tap a city to select it (the form and the distances follow the selection);
* a form adds, removes, renames and recolors cities and toggles their dashed card;
* undo and redo (each drag, tap or form action is one step; :meth:`MapEditor.batch` groups
  scripted edits), open and save YAML files (saving over a different file needs a tick);
* a problems panel lists what ``workbench check`` would say; *show* marks the place;
* the analysis panel shows the hand-cost histogram (and the one before the edit), what the
  last edit changed, the selected city's distances and, on the board, the segment usage.

Every action is a method (:meth:`MapEditor.move_city`, :meth:`MapEditor.cycle_segment`,
:meth:`MapEditor.undo`, :meth:`MapEditor.save`, ...) and the widget's callbacks call those
same methods, so whatever you can click you can also script. The widget holds no map logic:
boards are immutable values, an edit is a call on :class:`~workbench.maps.board.Board`, the
history is a stack of boards, and the analysis comes from :mod:`workbench.analysis`.

The analysis of a Europe-sized board takes longer than an edit should (every hand's exact
cost, about 0.1-0.2 s on two cores; ``benchmarks/editor.py`` times it), so it runs on a
background thread: the board and the problems update at once, the analysis panel says it is
working and refreshes when the result arrives, and a result for a board that has meanwhile
been edited again is dropped.
"""

from __future__ import annotations

import dataclasses
import html
import math
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, cast

import ipywidgets as w
import networkx as nx
import pandas as pd
from bokeh.events import Tap
from jupyter_bokeh.widgets import BokehModel

from workbench.analysis import (
    Comparison,
    compare,
    cost_graph,
    cost_summary,
    distance_table,
    hand_table,
    segment_usage,
)
from workbench.analysis.summary import CostSummary
from workbench.exceptions import MapError, Problem, WorkbenchError
from workbench.maps.board import Board, City
from workbench.maps.check import check_board
from workbench.maps.io import dumps_map, load_lattice, save_map
from workbench.maps.lattice import Edge, Point, edge, neighbours, parse_point, plane_xy, point_name
from workbench.ui._editor_view import EditorFigure, cost_histogram, draw_histogram

if TYPE_CHECKING:
    from bokeh.plotting import figure as Figure

__all__ = ["SEGMENT_CYCLE", "EditorAnalysis", "MapEditor", "Place", "analyze_edit"]

SEGMENT_CYCLE: tuple[tuple[str, str | None], ...] = (
    ("single", None),
    ("double", "water"),
    ("double", "mountain"),
    ("ferry", None),
    ("tunnel", None),
    ("none", None),
)
"""The ``(type, terrain)`` a tapped segment takes, in order; after ``none`` comes ``single``."""

SNAP_DISTANCE = 0.6
"""How far (plane units; neighbours are 1 apart) a city may be dropped from a board point."""
CITY_PICK = 0.32
"""A tap this close to a city selects it instead of editing a segment."""
POINT_PICK = 0.2
"""A tap this close to a free point picks it (for the add-city form)."""
SEGMENT_PICK = 0.25
"""A tap this close to a segment (or to the line between two points without one) cycles it."""


# ---------------------------------------------------------------------------- the analysis


@dataclass(frozen=True, eq=False)
class EditorAnalysis:
    """What the analysis panel shows about a board, and how long it took.

    ``summary`` and ``usage`` describe every hand for ``players``; ``comparison`` says what
    the ``edit`` that led to the board changed (``None`` for the first board, or after
    opening one with other colors) and ``before`` summarises the board before it.
    :attr:`distances` (rails between every two cities) is computed when first asked for.
    """

    board: Board
    players: int
    summary: CostSummary
    usage: pd.DataFrame
    comparison: Comparison | None
    before: CostSummary | None
    edit: str
    seconds: float

    @cached_property
    def distances(self) -> pd.DataFrame:
        """Rails between every two cities (:func:`~workbench.analysis.distance_table`)."""
        return distance_table(self.board)

    @cached_property
    def _rows(self) -> dict[str, pd.Series]:
        return {}

    def distances_from(self, name: str) -> pd.Series:
        """Rails from city ``name`` to every other city, nearest first.

        One shortest-path search from the city (the same figures as its row of
        :attr:`distances`, which is used once computed), kept for the next call.

        Examples
        --------
        >>> from workbench import load_map
        >>> result = analyze_edit(load_map("maps/tiny.yaml"))
        >>> result.distances_from("Alder").head(2).to_dict()
        {'Ginkgo': 1, 'Elder': 2}
        """
        if name in self._rows:
            return self._rows[name]
        if "distances" in self.__dict__:
            row = cast(pd.Series, self.distances.loc[name]).drop(name)
        else:
            G = cost_graph(self.board)
            lengths = nx.single_source_dijkstra_path_length(G, self.board.city(name).at)
            others = [c for c in self.board.cities if c.name != name]
            values = [lengths.get(c.at, math.inf) for c in others]
            row = pd.Series(values, index=[c.name for c in others], name=name)
            row = row.astype(int) if all(math.isfinite(v) for v in values) else row
        self._rows[name] = row = row.sort_values(kind="stable")
        return row


def analyze_edit(
    board: Board, before: Board | None = None, players: int = 4, edit: str = ""
) -> EditorAnalysis:
    """Analyse ``board`` for the editor, comparing it with ``before`` when given.

    Every hand's cost is computed once per board (the table is cached by
    :func:`~workbench.analysis.hand_table` and shared by the summary, the usage and the
    comparison); the previous board's table is usually still cached. The distances between
    cities wait until they are asked for.

    Parameters
    ----------
    board : Board
        The board to analyse.
    before : Board, optional
        The board before the edit; ``None`` (or a board with other colors, or one without
        hands) skips the comparison.
    players : int, optional
        Number of players, which decides the deck (dashed cities are out with 2-3).
    edit : str, optional
        What the edit was, in words (shown with the comparison).

    Returns
    -------
    EditorAnalysis

    Examples
    --------
    >>> from workbench import load_map
    >>> tiny = load_map("maps/tiny.yaml")
    >>> result = analyze_edit(tiny.move_city("Fir", (5, 1)), tiny, edit="move Fir")
    >>> result.summary.hands, result.comparison.edits
    (32, ['moving Fir from [5, 0] to [5, 1]'])
    """
    start = time.perf_counter()
    # no progress bar: on a background thread it would land in whichever cell is running;
    # the tables are cached without regard to it, so compare and segment_usage reuse them
    summary = _summary(board, players)
    usage = segment_usage(board, players)
    comparison, previous = None, None
    if before is not None and before != board and before.colors == board.colors:
        try:
            previous = _summary(before, players)  # usually the previous analysis's, cached
            comparison = compare(before, board, players)
        except ValueError:  # the board before had no hands (a color without cities)
            comparison, previous = None, None
    return EditorAnalysis(
        board=board,
        players=players,
        summary=summary,
        usage=usage,
        comparison=comparison,
        before=previous,
        edit=edit,
        seconds=time.perf_counter() - start,
    )


@lru_cache(maxsize=16)
def _summary(board: Board, players: int) -> CostSummary:
    """The cost summary of a board's hands, from its (cached) table without building a frame."""
    costs = hand_table(board, players, progress=False).costs
    return cost_summary(pd.DataFrame({"cost": costs}, copy=False))


class _Latest:
    """Run jobs on one daemon thread, always the most recent one: older pending jobs are
    dropped, and ``done(generation, result, error)`` decides whether a result is still wanted.

    With ``background=False`` a job runs at once, in the caller's thread.
    """

    def __init__(
        self,
        work: Callable[[Any], Any],
        done: Callable[[int, Any, BaseException | None], None],
        background: bool = True,
    ) -> None:
        self._work, self._done, self.background = work, done, background
        self._cond = threading.Condition()
        self.generation = 0
        self.finished = 0
        self._pending: tuple[int, Any] | None = None
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, job: Any) -> int:
        with self._cond:
            self.generation += 1
            generation = self.generation
            if self.background:
                self._pending = (generation, job)
                if self._thread is None:
                    self._thread = threading.Thread(
                        target=self._loop, name="map-editor-analysis", daemon=True
                    )
                    self._thread.start()
                self._cond.notify_all()
                return generation
        self._run(generation, job)
        return generation

    def _run(self, generation: int, job: Any) -> None:
        try:
            result, error = self._work(job), None
        except Exception as exc:  # shown in the panel; the editor keeps working
            result, error = None, exc
        try:
            self._done(generation, result, error)
        finally:
            with self._cond:
                self.finished = max(self.finished, generation)
                self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._closed)
                if self._closed:
                    return
                assert self._pending is not None
                generation, job = self._pending
                self._pending = None
            self._run(generation, job)

    @property
    def busy(self) -> bool:
        return self.finished < self.generation

    def wait(self, timeout: float | None = None) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self.finished >= self.generation, timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()


# ---------------------------------------------------------------------------- the editor


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


class Place(NamedTuple):
    """Where a problem is on the board: points, segments and polygons (lattice units)."""

    points: tuple[Point, ...] = ()
    edges: tuple[Edge, ...] = ()
    outlines: tuple[tuple[tuple[float, float], ...], ...] = ()


@dataclass(frozen=True)
class _Step:
    board: Board
    edit: str


def _why(error: BaseException) -> str:
    """A refused edit's reason in words (without the ``<board>:0:0:`` of a MapError)."""
    if isinstance(error, MapError):
        return "; ".join(f"{p.message} ({p.hint})" if p.hint else p.message for p in error.problems)
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    return str(error)


def _segment_name(key: Edge) -> str:
    return f"{point_name(key[0])}-{point_name(key[1])}"


def _state_name(kind: str, terrain: str | None) -> str:
    return f"{kind} ({terrain})" if terrain else kind


def _distance_to_segment(x: float, y: float, a: Point, b: Point) -> float:
    (x0, y0), (x1, y1) = plane_xy(a), plane_xy(b)
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))


_CSS = """<style>
.wb-editor { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
.wb-editor .wb-title { font-size: 1.15em; font-weight: 600; }
.wb-editor .wb-muted { color: #666; }
.wb-editor .wb-status-error { color: #b3261e; font-weight: 600; }
.wb-editor .wb-status-ok { color: #1e6b30; }
.wb-editor .wb-working { color: #8a5a00; font-weight: 600; }
.wb-editor .wb-warning { color: #8a5a00; }
.wb-editor .wb-error { color: #b3261e; }
.wb-editor table.wb-table { border-collapse: collapse; font-size: 0.9em; }
.wb-editor table.wb-table td, .wb-editor table.wb-table th { padding: 1px 6px;
  border-bottom: 1px solid #e4e4e4; text-align: right; }
.wb-editor table.wb-table td:first-child, .wb-editor table.wb-table th:first-child {
  text-align: left; }
.wb-editor table.wb-distances td { text-align: left; vertical-align: top; }
</style>"""


class MapEditor:
    """Edit a board in JupyterLab, with its problems and analysis kept up to date.

    Display the editor (``editor`` as the last line of a cell, or ``editor.widget`` when
    BokehJS is already on the page). Every action on the widget is one of the methods
    below, so an edit made in code shows on the board and in the panels too.

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
    widget : ipywidgets.VBox
        The editor's widget.
    controls : dict
        Its parts by name (``"undo"``, ``"save"``, ``"overwrite"``, ``"city"``, ``"rename"``,
        ``"add"``, ``"status"``, ``"last_edit"``, ...), to drive it as a user would.
    path : pathlib.Path or None
        The file the board was opened from or last saved to.

    Examples
    --------
    >>> editor = MapEditor("maps/tiny.yaml", background=False)
    >>> editor.board.name, editor.path.name
    ('Tiny Island', 'tiny.yaml')
    >>> board = editor.move_city("Fir", (5, 1))
    >>> editor.board.city("Fir").at, editor.history
    ((5, 1), ('move Fir to [5, 1]',))
    >>> print(editor.analysis.comparison.summary().split(";")[0])
    moving Fir from [5, 0] to [5, 1] made the hands with Fir 0.4 rails cheaper (11.3 -> 10.9)
    >>> editor.undo().city("Fir").at
    (5, 0)
    >>> editor.close()
    """

    def __init__(
        self,
        board: Board | str | os.PathLike[str],
        *,
        players: int = 4,
        width: int = 720,
        background: bool = True,
    ) -> None:
        if isinstance(board, Board):
            self.path: Path | None = None
            self._board = board
        else:
            self.path = Path(board)
            self._board = load_lattice(self.path)
        self.players = players
        self.width = width
        self._saved: Board | None = None if self.path is None else self._board
        self._past: list[_Step] = []
        self._future: list[_Step] = []
        self._batch: list[str] | None = None
        self._selected: str | None = None
        self._analysis: EditorAnalysis | None = None
        self._analysis_error: BaseException | None = None
        self._message: tuple[str, str] = ("ok", "")
        self._lock = threading.RLock()
        self._pushing = False
        self._syncing_form = False
        self._problems_cache: tuple[Board, list[Problem], list[Place]] | None = None
        self._shown_problems: list[Problem] | None = None
        self._worker = _Latest(self._compute, self._computed, background)

        self._view = self._new_view(self._board)
        self._histogram, _ = cost_histogram(width=360, height=220)
        self._build_widgets()
        self._refresh_form()
        self._draw_problems()
        self._say("ok", f"opened {self._board.name}: drag a city, tap a segment, or use the form")
        self._start_analysis(None, "")

    # ------------------------------------------------------------------ state

    @property
    def board(self) -> Board:
        """The board as it is now (a :class:`~workbench.maps.board.Board`, never changed in
        place: every edit makes a new one)."""
        return self._board

    @property
    def history(self) -> tuple[str, ...]:
        """The steps :meth:`undo` can take back, oldest first, in words."""
        return tuple(step.edit for step in self._past)

    @property
    def future(self) -> tuple[str, ...]:
        """The steps :meth:`redo` can take again, next first, in words."""
        return tuple(step.edit for step in reversed(self._future))

    @property
    def selected(self) -> str | None:
        """The selected city's name (its distances show in the analysis panel)."""
        return self._selected

    @property
    def message(self) -> str:
        """The status line: what the last action did, or why it was refused."""
        return self._message[1]

    @property
    def modified(self) -> bool:
        """Whether the board differs from the file it was opened from or last saved to."""
        return self._saved is None or self._saved != self._board

    @property
    def problems(self) -> list[Problem]:
        """What ``workbench check`` says about the board: the same list as
        :func:`~workbench.maps.check.check_board` (errors, then warnings)."""
        problems, _ = self._checked()
        return [dataclasses.replace(p, line=0, column=0) for p in problems]

    @property
    def analysis(self) -> EditorAnalysis:
        """The analysis of the current board, waiting for it if it is being computed.

        Raises the analysis's error (for example a color without cities has no hands).
        """
        self.wait()
        with self._lock:
            if self._analysis_error is not None:
                raise self._analysis_error
            assert self._analysis is not None
            return self._analysis

    @property
    def working(self) -> bool:
        """Whether the analysis of the current board is still being computed."""
        return self._worker.busy

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the analysis of the current board is shown; ``False`` on timeout.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml")
        >>> editor.wait(timeout=60), editor.working
        (True, False)
        >>> editor.close()
        """
        return self._worker.wait(timeout)

    # ------------------------------------------------------------------ edits

    def move_city(self, name: str, to: Point) -> Board:
        """Move city ``name`` to point ``to`` (see :meth:`Board.move_city`).

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.move_city("Alder", (2, 1)).city("Alder").at
        (2, 1)
        >>> editor.move_city("Alder", (8, 0))  # Dogwood is there
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: <board>:0:0: cities 'Alder' and 'Dogwood' are both on...
        >>> print(editor.message)
        refused: cities 'Alder' and 'Dogwood' are both on [8, 0] (move one of them to a free
        point)
        """
        to = (int(to[0]), int(to[1]))
        return self._edit(f"move {name} to {point_name(to)}", lambda b: b.move_city(name, to))

    def drop_city(self, name: str, x: float, y: float) -> Board:
        """Drop city ``name`` at ``(x, y)`` (plane coordinates): what dragging it does.

        The city snaps to the nearest board point (:meth:`Board.nearest_point`). A drop
        nearer to another city's point, or farther than :data:`SNAP_DISTANCE` from any board
        point, is refused with a :class:`~workbench.exceptions.MapError`; a drop back on
        its own point changes nothing.

        Examples
        --------
        >>> from workbench.maps.lattice import plane_xy
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> x, y = plane_xy((2, 1))
        >>> editor.drop_city("Alder", x + 0.2, y - 0.1).city("Alder").at
        (2, 1)
        >>> editor.drop_city("Alder", 30.0, -30.0)
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: <board>:0:0: Alder was dropped off the board...
        """
        board = self._board
        city = board.city(name)
        to = board.nearest_point(x, y)
        far = to is None or math.hypot(x - plane_xy(to)[0], y - plane_xy(to)[1]) > SNAP_DISTANCE
        if to is None or far:
            error = MapError(
                [
                    Problem(
                        "<board>", 0, 0,
                        f"{name} was dropped off the board, at ({x:.1f}, {y:.1f})",
                        "drop it on a point of the board",
                    )
                ]
            )  # fmt: skip
            self._say("error", f"refused: {_why(error)}")
            raise error
        if to == city.at:
            self._say("ok", f"{name} stays on {point_name(to)}")
            return board
        return self.move_city(name, to)

    def add_city(self, name: str, color: str, at: Point, dashed: bool = False) -> Board:
        """Add a city called ``name`` of card color ``color`` on point ``at``.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.add_city("Elm", "white", (2, 1)).city("Elm").color
        'white'
        """
        city = City(name.strip(), color, (int(at[0]), int(at[1])), bool(dashed))
        return self._edit(f"add {city.name} on {point_name(city.at)}", lambda b: b.add_city(city))

    def remove_city(self, name: str) -> Board:
        """Remove city ``name``.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> len(editor.remove_city("Alder").cities)
        9
        >>> print(editor.problems[0])
        <board>:0:0: warning: color 'brown' has 1 city, the deck expects 2 (add or recolor
        cities, or set deck.per_color)
        """
        return self._edit(f"remove {name}", lambda b: b.remove_city(name))

    def rename_city(self, name: str, new_name: str) -> Board:
        """Rename city ``name`` to ``new_name`` (the selection follows it).

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.select("Alder")
        >>> editor.rename_city("Alder", "Aldergate").city("Aldergate").at, editor.selected
        ((1, 1), 'Aldergate')
        """
        new_name = new_name.strip()
        follow = self._selected == name
        board = self._edit(f"rename {name} to {new_name}", lambda b: b.rename_city(name, new_name))
        if follow:
            self.select(new_name)
        return board

    def recolor_city(self, name: str, color: str) -> Board:
        """Give city ``name`` the card color ``color``.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.recolor_city("Alder", "white").city("Alder").color
        'white'
        """
        return self._edit(f"recolor {name} {color}", lambda b: b.recolor_city(name, color))

    def set_dashed(self, name: str, dashed: bool) -> Board:
        """Mark city ``name``'s card as dashed (out of the deck with 2-3 players) or not.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.set_dashed("Alder", True).city("Alder").dashed, editor.history
        (True, ('dash Alder',))
        """
        word = "dash" if dashed else "undash"
        return self._edit(f"{word} {name}", lambda b: b.set_dashed(name, dashed))

    def set_segment(self, a: Point, b: Point, type: str, terrain: str | None = None) -> Board:
        """Make the segment between ``a`` and ``b`` of ``type`` (see :meth:`Board.set_segment`).

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.set_segment((1, 1), (2, 1), "ferry").segments[(1, 1), (2, 1)].kind
        'ferry'
        """
        key = edge(a, b)
        what = f"segment {_segment_name(key)}: {_state_name(type, terrain)}"
        return self._edit(what, lambda board: board.set_segment(*key, type, terrain))  # type: ignore[arg-type]

    def segment_state(self, a: Point, b: Point) -> tuple[str, str | None]:
        """The ``(type, terrain)`` of the segment between ``a`` and ``b`` (``none`` if absent).

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.segment_state((7, 3), (7, 4)), editor.segment_state((0, 0), (1, 0))
        (('double', 'mountain'), ('none', None))
        """
        segment = self._board.segments.get(edge(a, b))
        return ("none", None) if segment is None else (segment.kind, segment.terrain)

    def cycle_segment(self, between: Edge) -> Board:
        """Give the segment ``between`` two points the next type of :data:`SEGMENT_CYCLE`.

        An absent segment becomes a single. When the next type is refused (removing a segment
        that would cut a city off), the one after it is taken and the status says why.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> key = ((1, 1), (2, 1))
        >>> states = []
        >>> for _ in range(3):
        ...     _ = editor.cycle_segment(key)
        ...     states.append(editor.segment_state(*key))
        >>> states
        [('double', 'water'), ('double', 'mountain'), ('ferry', None)]
        >>> editor.history[-1]
        'segment [1, 1]-[2, 1]: double (mountain) -> ferry'
        """
        key = edge(*between)
        if key[0] not in self._board.points or key[1] not in self._board.points:
            raise MapError(
                [Problem("<board>", 0, 0, f"segment {_segment_name(key)} is not on the board")]
            )
        now = self.segment_state(*key)
        start = SEGMENT_CYCLE.index(now) if now in SEGMENT_CYCLE else len(SEGMENT_CYCLE) - 1
        refused: list[str] = []
        for step in range(1, len(SEGMENT_CYCLE)):
            kind, terrain = SEGMENT_CYCLE[(start + step) % len(SEGMENT_CYCLE)]
            what = (
                f"segment {_segment_name(key)}: {_state_name(*now)} -> {_state_name(kind, terrain)}"
            )
            try:
                candidate = self._board.set_segment(*key, kind, terrain)  # type: ignore[arg-type]
            except MapError as error:
                refused.append(f"not {_state_name(kind, terrain)}: {_why(error)}")
                continue
            board = self._commit(candidate, what)
            if refused:
                self._say("ok", f"{what} ({'; '.join(refused)})")
            return board
        raise AssertionError("single is always allowed on a segment of the board")

    def tap(self, x: float, y: float) -> str:
        """Do what a tap at ``(x, y)`` (plane coordinates) on the board does; say what.

        A tap on a city selects it; on a free point, picks it for the add-city form; on a
        segment, or between two neighbouring points without one, cycles it
        (:meth:`cycle_segment`).

        Examples
        --------
        >>> from workbench.maps.lattice import plane_xy
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.tap(*plane_xy((1, 1)))
        'selected Alder'
        >>> (x0, y0), (x1, y1) = plane_xy((1, 1)), plane_xy((2, 1))
        >>> editor.tap((x0 + x1) / 2, (y0 + y1) / 2)
        'segment [1, 1]-[2, 1]: single -> double (water)'
        """
        board = self._board
        near = board.nearest_point(x, y)
        if near is not None:
            distance = math.hypot(x - plane_xy(near)[0], y - plane_xy(near)[1])
            city = board.city_at(near)
            if city is not None and distance <= CITY_PICK:
                self.select(city.name)
                return f"selected {city.name}"
            if city is None and distance <= POINT_PICK:
                self._pick_point(near)
                return f"picked {point_name(near)}"
        key = self._edge_near(x, y)
        if key is None:
            self._say("ok", "nothing to edit there: tap a segment, a city or a point")
            return "nothing"
        self.cycle_segment(key)
        return self.history[-1] if self.history else self.message

    def _edge_near(self, x: float, y: float) -> Edge | None:
        board = self._board
        segment = board.segment_at(x, y, tolerance=SEGMENT_PICK)
        if segment is not None:
            return segment.between
        near = board.nearest_point(x, y)
        if near is None:
            return None
        best: tuple[float, Edge] | None = None
        for other in neighbours(near):
            if other in board.points:
                d = _distance_to_segment(x, y, near, other)
                if d <= SEGMENT_PICK and (best is None or d < best[0]):
                    best = (d, edge(near, other))
        return None if best is None else best[1]

    @contextmanager
    def batch(self, edit: str) -> Iterator[None]:
        """Group the edits made inside the ``with`` block into one undo step called ``edit``.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> with editor.batch("swap Alder and Ginkgo's colors"):
        ...     _ = editor.recolor_city("Alder", "orange")
        ...     _ = editor.recolor_city("Ginkgo", "brown")
        >>> editor.history
        ("swap Alder and Ginkgo's colors",)
        >>> editor.undo().city("Alder").color
        'brown'
        """
        if self._batch is not None:  # nested: part of the outer step
            yield
            return
        start = self._board
        self._batch = []
        try:
            yield
        finally:
            self._batch = None
            if self._board != start:
                with self._lock:
                    self._past.append(_Step(start, edit))
                    self._future.clear()
                    self._changed(start, edit)
                    self._say("ok", edit)

    def undo(self) -> Board:
        """Take back the last step; the board before it comes back.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.undo()
        Traceback (most recent call last):
        ...
        IndexError: nothing to undo
        """
        if not self._past:
            self._say("error", "nothing to undo")
            raise IndexError("nothing to undo")
        with self._lock:
            step = self._past.pop()
            self._future.append(_Step(self._board, step.edit))
            before, self._board = self._board, step.board
            self._changed(before, f"undo {step.edit}")
            self._say("ok", f"undid: {step.edit}")
        return self._board

    def redo(self) -> Board:
        """Make the last undone step again.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> _ = editor.set_dashed("Alder", True); _ = editor.undo()
        >>> editor.redo().city("Alder").dashed, editor.future
        (True, ())
        """
        if not self._future:
            self._say("error", "nothing to redo")
            raise IndexError("nothing to redo")
        with self._lock:
            step = self._future.pop()
            self._past.append(_Step(self._board, step.edit))
            before, self._board = self._board, step.board
            self._changed(before, step.edit)
            self._say("ok", f"redid: {step.edit}")
        return self._board

    def _edit(self, what: str, change: Callable[[Board], Board]) -> Board:
        try:
            new = change(self._board)
        except (WorkbenchError, ValueError, KeyError) as error:
            self._say("error", f"refused: {_why(error)}")
            raise
        return self._commit(new, what)

    def _commit(self, new: Board, what: str) -> Board:
        with self._lock:
            before = self._board
            if new == before:
                self._say("ok", f"no change ({what})")
                return new
            self._board = new
            if self._batch is not None:
                self._batch.append(what)
                self._draw_board(before, new)
                return new
            self._past.append(_Step(before, what))
            self._future.clear()
            self._changed(before, what)
            self._say("ok", what)
        return new

    def _changed(self, before: Board, what: str) -> None:
        """Show the board that just replaced ``before``, and start its analysis."""
        if self._selected is not None and self._selected not in {
            c.name for c in self._board.cities
        }:
            self._selected = None
        self._draw_board(before, self._board)
        self._refresh_form()
        self._draw_problems()
        self._start_analysis(before, what)

    # ------------------------------------------------------------------ selection, problems

    def select(self, name: str | None) -> None:
        """Select city ``name`` (``None``: no city): the form and the distances follow.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.select("Alder")
        >>> editor.selected, editor.analysis.distances_from("Alder").index[0]
        ('Alder', 'Ginkgo')
        """
        if name is not None:
            self._board.city(name)  # KeyError naming close matches
        with self._lock:
            self._selected = name
            city = None if name is None else self._board.city(name)
            self._view.draw_selected(None if city is None else city.at)
            self._refresh_form()
            self._draw_distances()
        if name is not None:
            self._say("ok", f"selected {name}")

    def _pick_point(self, point: Point) -> None:
        self._add_at.value = f"{point[0]}, {point[1]}"
        self._view.draw_highlight(points=[point])
        self._say("ok", f"{point_name(point)} is free: name a city below and press 'Add city'")

    def _checked(self) -> tuple[list[Problem], list[Place]]:
        """The board's problems, each with its place (found through check_board's locate)."""
        cached = self._problems_cache
        if cached is not None and cached[0] is self._board:
            return cached[1], cached[2]
        board = self._board
        keys: list[tuple[str, Any]] = []

        def locate(kind: str, key: Any, field: str | None) -> tuple[int, int]:
            keys.append((kind, key))
            return len(keys), 0  # problems are then sorted in the order they were found

        problems = check_board(board, locate=locate)
        places = [self._place(*keys[p.line - 1]) for p in problems]
        self._problems_cache = (board, problems, places)
        return problems, places

    def _place(self, kind: str, key: Any) -> Place:
        board = self._board
        if kind == "city":
            return Place(points=(key.at,))
        if kind == "override":
            return Place(edges=(key.between,))
        if kind == "color":
            return Place(points=tuple(c.at for c in board.cities if c.color == key))
        if kind == "land":
            return Place(outlines=(board.land[key].polygon,))
        if kind == "terrain":
            feature = board.terrain[key]
            return Place(outlines=(feature.polygon or feature.line or (),))
        return Place()

    def highlight(self, index: int) -> Place:
        """Mark on the board where problem ``index`` of :attr:`problems` is.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> _ = editor.remove_city("Alder")
        >>> editor.highlight(0)  # brown has one city left: Birch
        Place(points=((7, 4),), edges=(), outlines=())
        """
        problems, places = self._checked()
        place = places[index]
        with self._lock:
            self._view.draw_highlight(place.points, place.edges, place.outlines)
        p = problems[index]
        self._say("ok", f"{p.severity}: {p.message}")
        return place

    # ------------------------------------------------------------------ files

    def open(self, path: str | os.PathLike[str]) -> Board:
        """Open the map file ``path`` (one undoable step: nothing of the old board is lost).

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.open("maps/trans_europa.yaml").name, editor.path.name
        ('Trans Europa', 'trans_europa.yaml')
        >>> editor.undo().name
        'Tiny Island'
        """
        target = Path(path).expanduser()
        try:
            board = load_lattice(target)
        except (WorkbenchError, OSError) as error:
            self._say("error", f"cannot open {target}: {_why(error)}")
            raise
        self.path, self._saved = target, board
        if board == self._board:
            self._say("ok", f"opened {target}: the same board")
            self._draw_header()
            return board
        return self._commit(board, f"open {target}")

    def save(self, path: str | os.PathLike[str] | None = None, overwrite: bool = False) -> Path:
        """Save the board to ``path`` (the file it came from by default), atomically.

        A file that already holds a different map is only replaced with ``overwrite=True``;
        otherwise :class:`FileExistsError` says so and nothing is written.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from workbench import load_map
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> _ = editor.set_dashed("Alder", True)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     out = editor.save(Path(folder) / "mine.yaml")
        ...     _ = editor.set_dashed("Birch", True)
        ...     try:
        ...         editor.save(out)
        ...     except FileExistsError as error:
        ...         print("refused")
        ...     _ = editor.save(out, overwrite=True)
        ...     load_map(out) == editor.board
        refused
        True
        """
        if path is None and self.path is None:
            self._say("error", "give a file name to save to")
            raise ValueError("no file to save to: give a path")
        target = Path(path if path is not None else self.path).expanduser()  # type: ignore[arg-type]
        text = dumps_map(self._board)
        if target.is_dir():
            self._say("error", f"cannot save: {target} is a folder")
            raise IsADirectoryError(f"{target} is a folder: give a file name")
        if target.exists() and not overwrite:
            same = target.read_bytes() == text.encode("utf-8")
            if not same:
                message = (
                    f"{target} already exists and holds a different map: tick 'overwrite' "
                    "(or pass overwrite=True) to replace it"
                )
                self._say("error", f"not saved: {message}")
                raise FileExistsError(message)
        try:
            save_map(self._board, target)
        except OSError as error:
            self._say("error", f"cannot save to {target}: {error}")
            raise
        self.path, self._saved = target, self._board
        self._path_box.value = str(target)
        self._draw_header()
        self._say("ok", f"saved {target}")
        return target

    # ------------------------------------------------------------------ the analysis

    def _start_analysis(self, before: Board | None, what: str) -> None:
        with self._lock:  # a result is shown under the lock: after this line is written
            self._working.value = (
                '<span class="wb-working">&#8987; working&hellip; analysing every hand'
                f"{' after: ' + html.escape(what) if what else ''}</span>"
            )
            self._worker.submit((self._board, before, what))

    def _compute(self, job: tuple[Board, Board | None, str]) -> EditorAnalysis:
        board, before, what = job
        return analyze_edit(board, before, self.players, what)

    def _computed(
        self, generation: int, result: EditorAnalysis | None, error: BaseException | None
    ) -> None:
        with self._lock:
            if generation != self._worker.generation:
                return  # the board was edited again meanwhile: a newer analysis is coming
            self._analysis, self._analysis_error = result, error
            self._draw_analysis()

    # ------------------------------------------------------------------ drawing

    def _new_view(self, board: Board) -> EditorFigure:
        view = EditorFigure(board, width=self.width)
        view.cities.on_change("data", self._on_cities_data)
        view.figure.on_event(Tap, self._on_tap)  # type: ignore[arg-type]
        return view

    def _draw_board(self, before: Board, board: Board) -> None:
        outline = ("lattice", "land", "terrain", "colors")
        if any(getattr(before, f) != getattr(board, f) for f in outline):
            self._view = self._new_view(board)
            self._board_model.update_from_model(self._view.figure)
            self._view.show_usage(self._usage_box.value)
        else:
            self._pushing = True
            try:
                if before.cities != board.cities:
                    self._view.draw_cities(board)
                if before.segments != board.segments:
                    self._view.draw_segments(before, board)
            finally:
                self._pushing = False
        self._view.draw_highlight()
        city = None if self._selected is None else board.city(self._selected)
        self._view.draw_selected(None if city is None else city.at)
        self._draw_header()

    def _draw_header(self) -> None:
        where = html.escape(str(self.path)) if self.path else "not saved yet"
        mark = " &mdash; <i>modified</i>" if self.modified else ""
        self._header.value = (
            f'<span class="wb-title">{html.escape(self._board.name)}</span> '
            f'<span class="wb-muted">({where}){mark}</span>'
        )
        self._undo_button.disabled = not self._past
        self._redo_button.disabled = not self._future
        self._undo_button.tooltip = f"undo: {self._past[-1].edit}" if self._past else ""
        self._redo_button.tooltip = f"redo: {self._future[-1].edit}" if self._future else ""

    def _draw_problems(self) -> None:
        problems, _ = self._checked()
        if problems == self._shown_problems:
            return
        self._shown_problems = problems
        errors = sum(p.severity == "error" for p in problems)
        title = (
            "No problems: <code>workbench check</code> has nothing to say"
            if not problems
            else f"Problems: {errors} errors, {len(problems) - errors} warnings "
            "(as <code>workbench check</code> says them)"
        )
        rows: list[Any] = [w.HTML(f"<b>{title}</b>")]
        for i, p in enumerate(problems):
            show = w.Button(description="show", layout=w.Layout(width="58px"))
            show.add_class("wb-problem-show")
            show.on_click(lambda _b, i=i: self._guard(self.highlight, i))
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
        result, error = self._analysis, self._analysis_error
        if error is not None or result is None:
            self._working.value = (
                f'<span class="wb-status-error">no analysis: {html.escape(_why(error))}</span>'
                if error is not None
                else ""
            )
            self._summary.value = self._change.value = ""
            draw_histogram(self._histogram, None, None)
            self._view.draw_usage(self._board, None)
            self._draw_distances()
            return
        s = result.summary
        self._working.value = (
            f'<span class="wb-muted">analysed {s.hands:,} hands in {result.seconds:.2f} s</span>'
        )
        self._summary.value = (
            f"<b>Hand costs</b> ({result.players} players, {s.hands:,} hands): mean "
            f"<b>{s.mean:.1f}</b> rails, std {s.std:.1f}, min {s.minimum}, median "
            f"{s.median:.0f}, max {s.maximum}"
        )
        draw_histogram(self._histogram, s, result.before)
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
        result, name = self._analysis, self._selected
        if name is None:
            self._distances.value = (
                '<b>Distances</b>: <span class="wb-muted">tap a city to see them</span>'
            )
            return
        # one shortest-path search (milliseconds): on the analysis thread after an edit, on
        # the UI thread after a selection
        if result is None or result.board is not self._board:
            self._distances.value = f"<b>From {html.escape(name)}</b>: working&hellip;"
            return
        row = result.distances_from(name)
        colors = {c.name: c.color for c in self._board.cities}
        lines = []
        for color in self._board.color_names:
            items = [f"{html.escape(str(n))} {int(d) if math.isfinite(d) else '-'}"
                     for n, d in row.items() if colors.get(str(n)) == color]  # fmt: skip
            if items:
                lines.append(f"<tr><td>{color}</td><td>{', '.join(items)}</td></tr>")
        self._distances.value = (
            f"<b>From {html.escape(name)}</b> (rails, nearest first)"
            f'<table class="wb-table wb-distances">{"".join(lines)}</table>'
        )

    # ------------------------------------------------------------------ Bokeh callbacks

    def _on_cities_data(self, attr: str, old: Any, new: Any) -> None:
        """A drag ended in the browser (jupyter_bokeh calls this twice: the second call
        finds the board's own positions and does nothing)."""
        if self._pushing:
            return
        with self._lock:
            board = self._board
            data = self._view.cities.data
            names = [str(n) for n in data.get("name", [])]
            xs, ys = list(data.get("x", [])), list(data.get("y", []))
            if names != [c.name for c in board.cities] or len(xs) != len(names):
                self._say("error", "add and remove cities with the form, not on the board")
                self._push_cities()
                return
            moved = [
                (c.name, float(x), float(y))
                for c, x, y in zip(board.cities, xs, ys, strict=True)
                if math.hypot(x - plane_xy(c.at)[0], y - plane_xy(c.at)[1]) > 1e-6
            ]
            if not moved:
                return
            if len(moved) == 1:
                self._guard(self.drop_city, *moved[0])
            else:
                with self.batch(f"move {', '.join(name for name, _, _ in moved)}"):
                    for name, x, y in moved:
                        self._guard(self.drop_city, name, x, y)
            self._push_cities()

    def _push_cities(self) -> None:
        self._pushing = True
        try:
            self._view.draw_cities(self._board)
        finally:
            self._pushing = False

    def _on_tap(self, event: Tap) -> None:
        if event.x is not None and event.y is not None:
            self._guard(self.tap, float(event.x), float(event.y))

    def _guard(self, action: Callable[..., Any], *args: Any) -> Any:
        """Run a widget action; a refused one has already said why in the status line."""
        said = self._message
        try:
            return action(*args)
        except (WorkbenchError, ValueError, KeyError, IndexError, OSError) as error:
            if self._message is said:  # the action did not say why itself
                self._say("error", _why(error))
            return None

    # ------------------------------------------------------------------ widgets

    def _say(self, kind: str, text: str) -> None:
        self._message = (kind, text)
        status = getattr(self, "_status", None)
        if status is not None:
            status.value = f'<span class="wb-status-{kind}">{html.escape(text)}</span>'

    def _build_widgets(self) -> None:
        button = w.Layout(width="auto")
        self._header = w.HTML()
        self._undo_button = w.Button(description="Undo", icon="undo", layout=button)
        self._redo_button = w.Button(description="Redo", icon="repeat", layout=button)
        self._undo_button.on_click(lambda _b: self._guard(self.undo))
        self._redo_button.on_click(lambda _b: self._guard(self.redo))
        self._path_box = w.Text(
            value=str(self.path or ""), placeholder="my_map.yaml", description="File",
            layout=w.Layout(width="340px"),
        )  # fmt: skip
        self._open_button = w.Button(description="Open", icon="folder-open", layout=button)
        self._save_button = w.Button(description="Save", icon="save", layout=button)
        self._overwrite = w.Checkbox(value=False, description="overwrite", indent=False,
                                     layout=w.Layout(width="100px"))  # fmt: skip
        self._open_button.on_click(lambda _b: self._guard(self.open, self._path_box.value))
        self._save_button.on_click(lambda _b: self._save_clicked())
        self._status = w.HTML()
        self._status.add_class("wb-status")
        self._say(*self._message)

        self._board_model = _BokehModel(self._view.figure)
        self._board_model.add_class("wb-editor-board")
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
        analysis = w.VBox(
            [self._working, self._summary, self._histogram_model, self._usage_box,
             self._change, self._distances],
            layout=w.Layout(width="380px", padding="0 0 0 12px"),
        )  # fmt: skip
        analysis.add_class("wb-analysis")

        names = [c.name for c in self._board.cities]
        colors = list(self._board.color_names)
        self._city = w.Dropdown(options=[("(none)", None)] + [(n, n) for n in names],
                                description="City", layout=w.Layout(width="230px"))  # fmt: skip
        self._city.observe(self._city_changed, names="value")
        self._rename_box = w.Text(placeholder="new name", layout=w.Layout(width="140px"))
        rename = w.Button(description="Rename", layout=button)
        rename.on_click(lambda _b: self._form(self.rename_city, self._rename_box.value))
        self._color = w.Dropdown(options=colors, layout=w.Layout(width="120px"))
        recolor = w.Button(description="Recolor", layout=button)
        recolor.on_click(lambda _b: self._form(self.recolor_city, self._color.value))
        self._dashed = w.Checkbox(description="dashed", indent=False,
                                  layout=w.Layout(width="80px"))  # fmt: skip
        self._dashed.observe(self._dashed_changed, names="value")
        remove = w.Button(description="Remove", icon="trash", layout=button)
        remove.on_click(lambda _b: self._form(self.remove_city))
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
                w.HBox([self._board_model, analysis], layout=w.Layout(flex_flow="row wrap")),
                form,
                self._problems_box,
            ]
        )  # fmt: skip
        self.widget.add_class("wb-editor")
        self.controls: dict[str, Any] = {
            "undo": self._undo_button, "redo": self._redo_button, "path": self._path_box,
            "open": self._open_button, "save": self._save_button, "overwrite": self._overwrite,
            "status": self._status, "city": self._city, "new_name": self._rename_box,
            "rename": rename, "color": self._color, "recolor": recolor, "dashed": self._dashed,
            "remove": remove, "add_name": self._add_name, "add_color": self._add_color,
            "add_at": self._add_at, "add_dashed": self._add_dashed, "add": add,
            "usage": self._usage_box, "working": self._working, "summary": self._summary,
            "last_edit": self._change, "distances": self._distances,
            "problems": self._problems_box,
        }  # fmt: skip
        self._draw_header()

    def _refresh_form(self) -> None:
        self._syncing_form = True
        try:
            names = [c.name for c in self._board.cities]
            options = [("(none)", None)] + [(n, n) for n in names]
            if list(self._city.options) != options:
                self._city.options = options
            self._city.value = self._selected
            if self._selected is not None:
                city = self._board.city(self._selected)
                self._color.value = city.color
                self._dashed.value = city.dashed
            self._dashed.disabled = self._selected is None
        finally:
            self._syncing_form = False

    def _city_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing_form:
            self._guard(self.select, change["new"])

    def _dashed_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing_form and self._selected is not None:
            self._guard(self.set_dashed, self._selected, bool(change["new"]))
            self._refresh_form()

    def _form(self, action: Callable[..., Board], *args: Any) -> None:
        if self._selected is None:
            self._say("error", "select a city first: tap it on the board or pick it in the list")
            return
        if self._guard(action, self._selected, *args) is not None:
            self._rename_box.value = ""

    def _add_clicked(self) -> None:
        try:
            at = parse_point(self._add_at.value)
        except ValueError as error:
            self._say("error", f"refused: {error}")
            return
        done = self._guard(
            self.add_city, self._add_name.value, self._add_color.value, at, self._add_dashed.value
        )
        if done is not None:
            self.select(self._add_name.value.strip())
            self._add_name.value = self._add_at.value = ""

    def _save_clicked(self) -> None:
        if self._guard(self.save, self._path_box.value or None, self._overwrite.value):
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

        from workbench.ui.render import _bokehjs_once

        display(HTML(_bokehjs_once()))  # the widgets' views need BokehJS on the page
        display(self.widget)

    def close(self) -> None:
        """Stop the analysis thread and close the widgets.

        Examples
        --------
        >>> editor = MapEditor("maps/tiny.yaml", background=False)
        >>> editor.close()
        """
        self._worker.close()
        _close(self.widget)

    def __repr__(self) -> str:
        where = f", path={str(self.path)!r}" if self.path else ""
        return f"<MapEditor {self._board.name!r}{where}, {len(self._past)} steps to undo>"
