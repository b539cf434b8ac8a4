"""Editing a board, without a widget: :class:`EditSession`.

The session holds what the map editor decides: the board (an immutable
:class:`~workbench.maps.board.Board`; every edit makes a new one), the undo and redo stacks,
the file the board belongs to, the selected city and the picked point, the problems
``workbench check`` finds, the status line, and the analysis of the board, recomputed in the
background after each edit (latest wins). Listeners (:meth:`EditSession.on_change`) hear
what changed; :class:`~workbench.ui.editor.MapEditor` is such a listener and draws.

The file name follows the board: opening a file is one undoable step that brings its own
file name, so undoing it brings back the board before *and* its file name, and a later save
cannot write the old board under the new name. Opening over unsaved edits asks first
(:class:`Opened` with a question; ``open(path, discard=True)`` confirms).

Parts named in :class:`~workbench.session.events.Change`: ``board``, ``path`` (the file or
whether the board differs from it), ``history``, ``selection``, ``picked``, ``highlight``,
``problems``, ``message``, ``working`` (an analysis started) and ``analysis`` (one arrived).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pandas as pd

from workbench.exceptions import MapError, Problem
from workbench.maps.board import Board, City
from workbench.maps.check import check_board
from workbench.maps.io import load_lattice, save_map
from workbench.maps.lattice import Edge, Point, edge, neighbours, plane_xy, point_name
from workbench.session._history import BoardHistory, OpenResult, reason
from workbench.session.analysis import EditorAnalysis, analyze_edit
from workbench.session.jobs import Handoff

__all__ = [
    "CITY_PICK",
    "POINT_PICK",
    "SEGMENT_CYCLE",
    "SEGMENT_PICK",
    "SNAP_DISTANCE",
    "EditSession",
    "Opened",
    "Place",
    "reason",
]

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


class Place(NamedTuple):
    """Where a problem is on the board: points, segments and polygons (lattice units)."""

    points: tuple[Point, ...] = ()
    edges: tuple[Edge, ...] = ()
    outlines: tuple[tuple[tuple[float, float], ...], ...] = ()


class Opened(OpenResult[Board]):
    """What :meth:`EditSession.open` did: the board it opened, or the question it asks.

    Examples
    --------
    >>> Opened(Path("a.yaml"), None, "discard your edits?").needs_confirmation
    True
    """


def _segment_name(key: Edge) -> str:
    return f"{point_name(key[0])}-{point_name(key[1])}"


def _state_name(kind: str, terrain: str | None) -> str:
    return f"{kind} ({terrain})" if terrain else kind


def _distance_to_segment(x: float, y: float, a: Point, b: Point) -> float:
    (x0, y0), (x1, y1) = plane_xy(a), plane_xy(b)
    dx, dy = x1 - x0, y1 - y0
    t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))


class EditSession(BoardHistory[Board, Place, EditorAnalysis]):
    """A board being edited: its history, its file, its problems and its analysis.

    Parameters
    ----------
    board : Board, str or os.PathLike
        The board to edit, or the path of a map file to open.
    players : int, optional
        The number of players the analysis deals hands for (4-6: every city; 2-3: not the
        dashed ones).
    background : bool, optional
        Compute the analysis on a background thread (the default) or at once, in the call
        that made the edit.
    handoff : callable, optional
        How a background result comes back to this thread: by default through the event
        loop running here (a Jupyter kernel's), if any; otherwise results are taken in by
        :meth:`wait`, :meth:`poll` or :attr:`analysis`. Listeners always hear of an analysis
        on the thread that made the session.

    Examples
    --------
    >>> session = EditSession("maps/tiny.yaml", background=False)
    >>> session.board.name, session.path.name, session.modified
    ('Tiny Island', 'tiny.yaml', False)
    >>> _ = session.move_city("Fir", (5, 1))
    >>> session.history, session.modified
    (('move Fir to [5, 1]',), True)
    >>> print(session.analysis.comparison.summary().split(";")[0])
    moving Fir from [5, 0] to [5, 1] made the hands with Fir 0.4 rails cheaper (11.3 -> 10.9)
    >>> session.undo().city("Fir").at
    (5, 0)
    """

    _JOB_NAME = "map-editor-analysis"

    def __init__(
        self,
        board: Board | str | os.PathLike[str],
        *,
        players: int = 4,
        background: bool = True,
        handoff: Handoff | None = None,
    ) -> None:
        self._picked: Point | None = None
        path: Path | None = None
        if not isinstance(board, Board):
            path = Path(board)
            board = load_lattice(path)
        super().__init__(
            board,
            path,
            nowhere=Place(),
            players=players,
            background=background,
            handoff=handoff,
        )

    # ------------------------------------------------------------------ state

    @property
    def picked(self) -> Point | None:
        """The free point last tapped (where the add-city form puts a new city)."""
        return self._picked

    # ------------------------------------------------------------------ edits

    def move_city(self, name: str, to: Point) -> Board:
        """Move city ``name`` to point ``to`` (see :meth:`Board.move_city`).

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.move_city("Alder", (2, 1)).city("Alder").at
        (2, 1)
        >>> session.move_city("Alder", (8, 0))  # Dogwood is there
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: cities 'Alder' and 'Dogwood' are both on [8, 0] (move...
        >>> print(session.message)
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
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> x, y = plane_xy((2, 1))
        >>> session.drop_city("Alder", x + 0.2, y - 0.1).city("Alder").at
        (2, 1)
        >>> session.drop_city("Alder", 30.0, -30.0)
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: Alder was dropped off the board, at (30.0, -30.0) (drop...
        """
        board = self._board
        city = board.city(name)
        to = board.nearest_point(x, y)
        far = to is None or math.hypot(x - plane_xy(to)[0], y - plane_xy(to)[1]) > SNAP_DISTANCE
        if to is None or far:
            raise self._refused(
                f"{name} was dropped off the board, at ({x:.1f}, {y:.1f})",
                "drop it on a point of the board",
            )
        if to == city.at:
            self._say("ok", f"{name} stays on {point_name(to)}")
            return board
        return self.move_city(name, to)

    def add_city(self, name: str, color: str, at: Point, dashed: bool = False) -> Board:
        """Add a city called ``name`` of card color ``color`` on point ``at``, and select it.

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.add_city("Elm", "white", (2, 1)).city("Elm").color
        'white'
        >>> session.selected, session.message
        ('Elm', 'add Elm on [2, 1]')
        """
        city = City(name.strip(), color, (int(at[0]), int(at[1])), bool(dashed))
        board = self._edit(f"add {city.name} on {point_name(city.at)}", lambda b: b.add_city(city))
        self._selected, self._picked = city.name, None
        self._highlight = Place()
        self._send({"selection", "picked", "highlight"})
        return board

    def remove_city(self, name: str) -> Board:
        """Remove city ``name``.

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> len(session.remove_city("Alder").cities)
        9
        >>> print(session.problems[0].message)
        color 'brown' has 1 city, the deck expects 2
        """
        return self._edit(f"remove {name}", lambda b: b.remove_city(name))

    def rename_city(self, name: str, new_name: str) -> Board:
        """Rename city ``name`` to ``new_name`` (the selection follows it).

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.select("Alder")
        >>> session.rename_city("Alder", "Aldergate").city("Aldergate").at, session.selected
        ((1, 1), 'Aldergate')
        """
        new_name = new_name.strip()
        follow = self._selected == name
        board = self._edit(f"rename {name} to {new_name}", lambda b: b.rename_city(name, new_name))
        if follow:
            self._selected = new_name
            self._send({"selection"})
        return board

    def recolor_city(self, name: str, color: str) -> Board:
        """Give city ``name`` the card color ``color``.

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.recolor_city("Alder", "white").city("Alder").color
        'white'
        """
        return self._edit(f"recolor {name} {color}", lambda b: b.recolor_city(name, color))

    def set_dashed(self, name: str, dashed: bool) -> Board:
        """Mark city ``name``'s card as dashed (out of the deck with 2-3 players) or not.

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.set_dashed("Alder", True).city("Alder").dashed, session.history
        (True, ('dash Alder',))
        """
        word = "dash" if dashed else "undash"
        return self._edit(f"{word} {name}", lambda b: b.set_dashed(name, dashed))

    def _note(self, key: Edge) -> str:
        return next((o.note for o in self._board.overrides if o.between == key), "")

    def set_segment(self, a: Point, b: Point, type: str, terrain: str | None = None) -> Board:
        """Make the segment between ``a`` and ``b`` of ``type`` (its note stays).

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.set_segment((5, 1), (6, 1), "tunnel").segments[(5, 1), (6, 1)].note
        'ferry over the river'
        """
        key = edge(a, b)
        what = f"segment {_segment_name(key)}: {_state_name(type, terrain)}"
        note = self._note(key)
        return self._edit(what, lambda board: board.set_segment(*key, type, terrain, note))  # type: ignore[arg-type]

    def segment_state(self, a: Point, b: Point) -> tuple[str, str | None]:
        """The ``(type, terrain)`` of the segment between ``a`` and ``b`` (``none`` if absent).

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.segment_state((7, 3), (7, 4)), session.segment_state((0, 0), (1, 0))
        (('double', 'mountain'), ('none', None))
        """
        segment = self._board.segments.get(edge(a, b))
        return ("none", None) if segment is None else (segment.kind, segment.terrain)

    def cycle_segment(self, between: Edge) -> Board:
        """Give the segment ``between`` two points the next type of :data:`SEGMENT_CYCLE`.

        An absent segment becomes a single. When the next type is refused (removing a segment
        that would cut a city off), the one after it is taken and the status says why. The
        segment's note stays through every type.

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> key = ((1, 1), (2, 1))
        >>> states = []
        >>> for _ in range(3):
        ...     _ = session.cycle_segment(key)
        ...     states.append(session.segment_state(*key))
        >>> states
        [('double', 'water'), ('double', 'mountain'), ('ferry', None)]
        >>> session.history[-1]
        'segment [1, 1]-[2, 1]: double (mountain) -> ferry'
        """
        key = edge(*between)
        if key[0] not in self._board.points or key[1] not in self._board.points:
            raise self._refused(f"segment {_segment_name(key)} is not on the board")
        now = self.segment_state(*key)
        note = self._note(key)
        start = SEGMENT_CYCLE.index(now) if now in SEGMENT_CYCLE else len(SEGMENT_CYCLE) - 1
        refused: list[str] = []
        for step in range(1, len(SEGMENT_CYCLE)):
            kind, terrain = SEGMENT_CYCLE[(start + step) % len(SEGMENT_CYCLE)]
            what = (
                f"segment {_segment_name(key)}: {_state_name(*now)} -> {_state_name(kind, terrain)}"
            )
            try:
                candidate = self._board.set_segment(*key, kind, terrain, note)  # type: ignore[arg-type]
            except MapError as error:
                refused.append(f"not {_state_name(kind, terrain)}: {reason(error)}")
                continue
            return self._commit(
                candidate, what, said=f"{what} ({'; '.join(refused)})" if refused else what
            )
        raise AssertionError("single is always allowed on a segment of the board")

    def tap(self, x: float, y: float) -> str:
        """Do what a tap at ``(x, y)`` (plane coordinates) on the board does; say what.

        A tap on a city selects it; on a free point, picks it for the add-city form; on a
        segment, or between two neighbouring points without one, cycles it
        (:meth:`cycle_segment`).

        Examples
        --------
        >>> from workbench.maps.lattice import plane_xy
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.tap(*plane_xy((1, 1)))
        'selected Alder'
        >>> (x0, y0), (x1, y1) = plane_xy((1, 1)), plane_xy((2, 1))
        >>> session.tap((x0 + x1) / 2, (y0 + y1) / 2)
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
                self.pick_point(near)
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

    # ------------------------------------------------------------------ selection, problems

    def select(self, name: str | None) -> None:
        """Select city ``name`` (``None``: no city): the form and the distances follow.

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.select("Alder")
        >>> session.selected, session.distances().index[0]
        ('Alder', 'Ginkgo')
        """
        if name is not None:
            self._board.city(name)  # KeyError naming close matches
        self._selected = name
        parts = {"selection"}
        if name is not None:
            self._message = ("ok", f"selected {name}")
            parts.add("message")
        self._send(parts)

    def distances(self) -> pd.Series | None:
        """Rails from the selected city to every other, nearest first (``None``: no city
        selected, or the analysis of this board has not arrived)."""
        result = self._analysis
        if self._selected is None or result is None or result.board is not self._board:
            return None
        return result.distances_from(self._selected)

    def pick_point(self, point: Point) -> None:
        """Pick the free point ``point`` for a new city (it is marked on the board).

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.pick_point((2, 1)); session.picked, session.highlighted.points
        ((2, 1), ((2, 1),))
        """
        self._picked = point
        self._highlight = Place(points=(point,))
        self._message = ("ok", f"{point_name(point)} is free: name a city and press 'Add city'")
        self._send({"picked", "highlight", "message"})

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
        if kind == "terrain-vertex":
            feature = board.terrain[key[0]]
            return Place(outlines=(feature.line or (),))
        return Place()

    # ------------------------------------------------------------------ files

    def open(self, path: str | os.PathLike[str], discard: bool = False) -> Opened:
        """Open the map file ``path``: one undoable step that brings the file's name along.

        Over unsaved edits it asks first: nothing is opened and the result's ``question``
        says what would be set aside; ``discard=True`` opens anyway (undo still brings the
        edits back, under their own file name).

        Examples
        --------
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> _ = session.set_dashed("Alder", True)
        >>> session.open("maps/trans_europa.yaml").needs_confirmation
        True
        >>> session.open("maps/trans_europa.yaml", discard=True).board.name
        'Trans Europa'
        >>> session.undo().city("Alder").dashed, session.path.name
        (True, 'tiny.yaml')
        """
        return Opened(*self._open(path, discard))

    # ------------------------------------------------------------------ what the history asks

    def _read(self, path: Path) -> Board:
        return load_lattice(path)

    def _write(self, board: Board, path: Path) -> None:
        save_map(board, path)

    def _check(
        self, board: Board, locate: Callable[[str, Any, str | None], tuple[int, int]]
    ) -> list[Problem]:
        return check_board(board, locate=locate)

    def _forget_missing(self, parts: set[str]) -> None:
        if self._selected is not None and self._selected not in {
            c.name for c in self._board.cities
        }:
            self._selected = None
            parts.add("selection")

    def _compute(self, job: tuple[Board, Board | None, str]) -> EditorAnalysis:
        board, before, what = job
        return analyze_edit(board, before, self.players, what)
