"""What the two board editors' sessions share: :class:`BoardHistory`.

A board editor's session (:class:`~workbench.session.edit.EditSession` for lattice boards,
:class:`~workbench.session.route_edit.RouteEditSession` for route boards) holds an immutable
board that every edit replaces, the undo and redo stacks, the file the board belongs to and
what was last read from or written to each file, the status line, the problems the board's
checker finds and where they are, and the analysis of the board, recomputed after each edit
(latest wins). This module holds that machinery once; a session supplies what depends on its
kind of board: how a file is found, read and written, how the board is checked and where a
problem is, which selections an edit can leave dangling, and how the analysis is computed.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, TypeVar

from workbench.exceptions import MapError, Problem, WorkbenchError
from workbench.session.events import Listener, Listeners
from workbench.session.jobs import Handoff, LatestJob, loop_handoff

__all__ = ["MAP_SUFFIXES", "BoardHistory", "Kind", "OpenResult", "reason"]

MAP_SUFFIXES = (".yaml", ".yml")
"""The endings a map file keeps; a name without one gets ``.yaml`` when saved."""

Kind = Literal["ok", "error", "question"]

B = TypeVar("B")  # the board (immutable, compared with ==)
P = TypeVar("P")  # where a problem is on the board
A = TypeVar("A")  # the analysis of a board


def reason(error: BaseException) -> str:
    """A refused edit's reason in words (a MapError's problems without their location).

    Examples
    --------
    >>> reason(KeyError("no city 'Pari' (did you mean 'Paris'?)"))
    "no city 'Pari' (did you mean 'Paris'?)"
    """
    if isinstance(error, MapError):
        return "; ".join(f"{p.message} ({p.hint})" if p.hint else p.message for p in error.problems)
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    return str(error)


@dataclass(frozen=True)
class OpenResult(Generic[B]):
    """What a session's ``open`` did: the board it opened, or the question it asks.

    Examples
    --------
    >>> OpenResult(Path("a.yaml"), None, "discard your edits?").needs_confirmation
    True
    """

    path: Path
    board: B | None
    question: str | None = None

    @property
    def needs_confirmation(self) -> bool:
        """Whether nothing was opened because unsaved edits would be set aside."""
        return self.question is not None


@dataclass(frozen=True)
class _Step(Generic[B]):
    board: B
    path: Path | None
    edit: str
    opened: bool = False  # the step opened a file: undoing it brings back the path too


class BoardHistory(Generic[B, P, A]):
    """The board, its history, its file, its problems and its analysis, for a board editor.

    Subclasses set :attr:`_JOB_NAME` and implement :meth:`_read`, :meth:`_write`,
    :meth:`_check`, :meth:`_place`, :meth:`_forget_missing` and :meth:`_compute`; they may
    override :meth:`_find` (where a name given to ``open`` points), :meth:`_vet` (refuse an
    edit by what it made) and :meth:`_saved_message`.

    Parameters
    ----------
    board : board
        The board to start from (an immutable value with a ``name``).
    path : Path or None
        The file it was read from (``None``: none yet).
    nowhere : place
        The place that marks nothing (what :attr:`highlighted` is after an edit).
    players : int
        The number of players the analysis is for.
    background : bool
        Compute the analysis on a background thread, or at once.
    handoff : callable or None
        How a background result comes back to this thread (by default through the event
        loop running here, if any).

    Examples
    --------
    >>> from workbench.session.edit import EditSession
    >>> session = EditSession("maps/tiny.yaml", background=False)
    >>> isinstance(session, BoardHistory), session.history
    (True, ())
    """

    _JOB_NAME: ClassVar[str] = "board-editor-analysis"
    _BATCH_PARTS: ClassVar[frozenset[str]] = frozenset({"board", "path", "message"})
    """What listeners hear of an edit inside :meth:`batch` (the rest comes at its end)."""

    def __init__(
        self,
        board: B,
        path: Path | None,
        *,
        nowhere: P,
        players: int,
        background: bool,
        handoff: Handoff | None,
    ) -> None:
        self._board = board
        self._path = path
        self._disk: dict[Path, B] = {} if path is None else {path.resolve(): board}
        self.players = players
        self._past: list[_Step[B]] = []
        self._future: list[_Step[B]] = []
        self._batch: B | None = None  # the board before the open batch
        self._selected: str | None = None
        self._nowhere = nowhere
        self._highlight = nowhere
        self._message: tuple[Kind, str] = ("ok", f"opened {self._name(board)}")
        self._problems: tuple[B, list[Problem], list[P]] | None = None
        self._analysis: A | None = None
        self._analysis_error: BaseException | None = None
        self._listeners = Listeners()
        self._job: LatestJob[tuple[B, B | None, str], A] = LatestJob(
            self._compute,
            self._computed,
            background=background,
            handoff=handoff if handoff is not None else loop_handoff(),
            name=self._JOB_NAME,
        )
        self._send({"working"})
        self._job.submit((self._board, None, ""))

    # ------------------------------------------------------------------ what a session supplies

    def _find(self, target: Path) -> Path:
        """The file ``open(target)`` reads (by default ``target`` itself)."""
        return target

    def _read(self, path: Path) -> B:
        """The board in the file ``path``."""
        raise NotImplementedError

    def _write(self, board: B, path: Path) -> None:
        """Write ``board`` to ``path``, canonically and atomically."""
        raise NotImplementedError

    def _check(
        self, board: B, locate: Callable[[str, Any, str | None], tuple[int, int]]
    ) -> list[Problem]:
        """The board's problems (errors, then warnings), each located through ``locate``."""
        raise NotImplementedError

    def _place(self, kind: str, key: Any) -> P:
        """Where the thing ``locate`` was called with is on the board."""
        raise NotImplementedError

    def _forget_missing(self, parts: set[str]) -> None:
        """Drop selections the new board no longer has (adding ``"selection"`` to ``parts``)."""
        raise NotImplementedError

    def _compute(self, job: tuple[B, B | None, str]) -> A:
        """The analysis of ``board`` made from ``before`` by the edit ``what``."""
        raise NotImplementedError

    def _vet(self, before: B, new: B, allow: frozenset[str]) -> None:
        """Raise if the edit that made ``new`` out of ``before`` must be refused."""

    def _saved_message(self, target: Path) -> tuple[Kind, str]:
        """The status line after the board was saved to ``target``."""
        return ("ok", f"saved {target}")

    @staticmethod
    def _name(board: Any) -> str:
        return str(board.name)

    # ------------------------------------------------------------------ listening

    def on_change(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with a :class:`~workbench.session.events.Change` after each change.

        Returns a function that stops the calls.

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> seen = []
        >>> stop = session.on_change(lambda change: seen.append(sorted(change.what)))
        >>> _ = session.set_dashed("Alder", True)
        >>> seen
        [['board', 'history', 'message', 'path', 'problems', 'working'], ['analysis']]
        >>> from workbench.session.route_edit import RouteEditSession
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> seen = []
        >>> stop = session.on_change(lambda change: seen.append(sorted(change.what)))
        >>> _ = session.set_route("Paris-Zurich", length=4)
        >>> seen[-2:]
        [['board', 'history', 'message', 'path', 'problems', 'working'], ['analysis']]
        """
        return self._listeners.add(listener)

    def _send(self, what: Iterable[str], before: B | None = None) -> None:
        self._listeners.send(what, before)

    # ------------------------------------------------------------------ state

    @property
    def board(self) -> B:
        """The board as it is now (never changed in place: every edit makes a new one)."""
        return self._board

    @property
    def path(self) -> Path | None:
        """The file the board belongs to: opened from, or last saved to (``None``: none yet)."""
        return self._path

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
        """The selected city's name."""
        return self._selected

    @property
    def highlighted(self) -> P:
        """What is marked on the board (the place of a problem, or a picked point)."""
        return self._highlight

    @property
    def message(self) -> str:
        """The status line: what the last action did, or why it was refused."""
        return self._message[1]

    @property
    def message_kind(self) -> Kind:
        """``"ok"``, ``"error"`` (refused) or ``"question"`` (waiting for a confirmation)."""
        return self._message[0]

    @property
    def modified(self) -> bool:
        """Whether the board differs from its file as last read or written (or has none).

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> _ = session.set_dashed("Alder", True); m = session.modified
        >>> _ = session.undo(); m, session.modified
        (True, False)
        """
        return self._path is None or self._disk.get(self._path.resolve()) != self._board

    @property
    def problems(self) -> list[Problem]:
        """What ``workbench check`` says about the board (errors, then warnings), without
        line and column."""
        problems, _ = self._checked()
        return [dataclasses.replace(p, line=0, column=0) for p in problems]

    @property
    def places(self) -> list[P]:
        """Where each of :attr:`problems` is on the board."""
        return self._checked()[1]

    @property
    def analysis(self) -> A:
        """The analysis of the current board, waiting for it if it is being computed.

        Raises the analysis's error (for example a color without cities has no hands).
        """
        self.wait()
        if self._analysis_error is not None:
            raise self._analysis_error
        assert self._analysis is not None
        return self._analysis

    @property
    def latest_analysis(self) -> A | None:
        """The last analysis that arrived, without waiting (it may be of an older board)."""
        return self._analysis

    @property
    def analysis_error(self) -> BaseException | None:
        """Why the last analysis failed, or ``None``."""
        return self._analysis_error

    @property
    def working(self) -> bool:
        """Whether the analysis of the current board has not arrived yet."""
        return self._job.busy

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the analysis of the current board and take it in; ``False`` on timeout.

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml")
        >>> session.wait(timeout=60), session.working
        (True, False)
        >>> session.close()
        """
        return self._job.wait(timeout)

    def poll(self) -> bool:
        """Take in the analysis if it has arrived (listeners hear of it); whether it did."""
        return self._job.collect()

    def close(self) -> None:
        """Stop the analysis thread."""
        self._job.close()

    # ------------------------------------------------------------------ edits

    def drop_city(self, name: str, x: float, y: float) -> B:
        """Drop city ``name`` at the plane point ``(x, y)``: what dragging it does."""
        raise NotImplementedError

    def drop_cities(self, drops: Iterable[tuple[str, float, float]]) -> B:
        """Drop several cities at once (a drag of a selection): one undo step.

        A refused drop says why and leaves the others done.

        Examples
        --------
        >>> from workbench.maps.lattice import plane_xy
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> _ = session.drop_cities([("Alder", *plane_xy((2, 1))), ("Ivy", *plane_xy((1, 5)))])
        >>> session.history
        ('move Alder, Ivy',)
        """
        drops = list(drops)
        if len(drops) == 1:
            return self.drop_city(*drops[0])
        with self.batch(f"move {', '.join(name for name, _, _ in drops)}"):
            for name, x, y in drops:
                with suppress(WorkbenchError, ValueError, KeyError):
                    self.drop_city(name, x, y)  # a refusal says why; the other drops stand
        return self._board

    def _refuse(self, error: BaseException) -> None:
        """Say on the status line why an edit is refused (the caller raises ``error``)."""
        self._say("error", f"refused: {reason(error)}")

    def _refused(self, message: str, hint: str = "") -> MapError:
        """A :class:`~workbench.exceptions.MapError` refusing an edit for ``message``
        (``hint``: how to fix it), said on the status line; the caller raises it."""
        error = MapError([Problem("<board>", 0, 0, message, hint)])
        self._refuse(error)
        return error

    def apply(self, what: str, change: Callable[[B], B]) -> B:
        """Make ``change(board)`` one undoable edit called ``what`` (a refused change says
        why on the status line and raises): what the doctors' *Apply* buttons call.

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> _ = session.apply("dash Alder", lambda b: b.set_dashed("Alder", True))
        >>> session.history
        ('dash Alder',)
        """
        return self._edit(what, change)

    def _edit(self, what: str, change: Callable[[B], B], allow: frozenset[str] = frozenset()) -> B:
        """Make ``change(board)`` one undoable edit called ``what``, unless :meth:`_vet`
        refuses the board it makes (``allow``: what it may let through)."""
        before = self._board
        try:
            new = change(before)
            if new != before:
                self._vet(before, new, allow)
        except (WorkbenchError, ValueError, KeyError) as error:
            self._refuse(error)
            raise
        return self._commit(new, what)

    def _commit(self, new: B, what: str, *, said: str | None = None, path: Path | None = None) -> B:
        before = self._board
        opened = path is not None
        if new == before and not opened:
            self._say("ok", f"no change ({what})")
            return new
        self._board = new
        self._message = ("ok", said if said is not None else what)
        if self._batch is not None:
            self._send(self._BATCH_PARTS, before)
            return new
        self._past.append(_Step(before, self._path, what, opened))
        self._future.clear()
        if opened:
            self._path = path
        self._changed(before, what)
        return new

    def _changed(self, before: B, what: str) -> None:
        """Tell the listeners of the board that replaced ``before``; start its analysis."""
        parts = {"board", "history", "path", "problems", "message"}
        self._forget_missing(parts)
        if self._highlight != self._nowhere:
            self._highlight = self._nowhere
            parts.add("highlight")
        # listeners hear of the change (and that an analysis is coming) before it can arrive
        self._send({*parts, "working"}, before)
        self._job.submit((self._board, before, what))

    @contextmanager
    def batch(self, edit: str) -> Iterator[None]:
        """Group the edits made inside the ``with`` block into one undo step called ``edit``.

        Listeners hear of the board after each edit, and of the analysis once, at the end.

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> with session.batch("swap Alder and Ginkgo's colors"):
        ...     _ = session.recolor_city("Alder", "orange")
        ...     _ = session.recolor_city("Ginkgo", "brown")
        >>> session.history
        ("swap Alder and Ginkgo's colors",)
        >>> session.undo().city("Alder").color
        'brown'
        >>> from workbench.session.route_edit import RouteEditSession
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> with session.batch("make Paris-Zurich a long red route"):
        ...     _ = session.set_route("Paris-Zurich", length=6)
        ...     _ = session.set_route("Paris-Zurich", color="red")
        >>> session.history
        ('make Paris-Zurich a long red route',)
        """
        if self._batch is not None:  # nested: part of the outer step
            yield
            return
        start = self._batch = self._board
        try:
            yield
        finally:
            self._batch = None
            if self._board != start:
                self._past.append(_Step(start, self._path, edit))
                self._future.clear()
                self._message = ("ok", edit)
                self._changed(start, edit)

    # ------------------------------------------------------------------ undo, redo

    def undo(self) -> B:
        """Take back the last step; the board before it comes back (with its file name,
        when the step opened a file).

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.undo()
        Traceback (most recent call last):
        ...
        IndexError: nothing to undo
        """
        return self._move_step(self._past, self._future, "undo")

    def redo(self) -> B:
        """Make the last undone step again.

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> _ = session.set_dashed("Alder", True); _ = session.undo()
        >>> session.redo().city("Alder").dashed, session.future
        (True, ())
        """
        return self._move_step(self._future, self._past, "redo")

    def _move_step(self, source: list[_Step[B]], target: list[_Step[B]], verb: str) -> B:
        """Move the last step of ``source`` to ``target``: an undo, or (reversed) a redo."""
        if not source:
            self._say("error", f"nothing to {verb}")
            raise IndexError(f"nothing to {verb}")
        step = source.pop()
        target.append(_Step(self._board, self._path, step.edit, step.opened))
        before, self._board = self._board, step.board
        if step.opened:
            self._path = step.path
        self._message = ("ok", f"{'undid' if verb == 'undo' else 'redid'}: {step.edit}")
        self._changed(before, f"undo {step.edit}" if verb == "undo" else step.edit)
        return self._board

    # ------------------------------------------------------------------ problems

    def _checked(self) -> tuple[list[Problem], list[P]]:
        """The board's problems, each with its place (found through the checker's locate)."""
        cached = self._problems
        if cached is not None and cached[0] is self._board:
            return cached[1], cached[2]
        board = self._board
        keys: list[tuple[str, Any]] = []

        def locate(kind: str, key: Any, field: str | None) -> tuple[int, int]:
            keys.append((kind, key))
            return len(keys), 0  # problems are then sorted in the order they were found

        problems = self._check(board, locate)
        places = [self._place(*keys[p.line - 1]) for p in problems]
        self._problems = (board, problems, places)
        return problems, places

    def highlight(self, index: int) -> P:
        """Mark on the board where problem ``index`` of :attr:`problems` is.

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> _ = session.remove_city("Alder")
        >>> session.highlight(0)  # brown has one city left: Birch
        Place(points=((7, 4),), edges=(), outlines=())
        >>> from workbench.session.route_edit import RouteEditSession
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> _ = session.set_route("Frankfurt-Paris#2", color="orange")
        >>> session.highlight(0)
        RoutePlace(cities=(), routes=('Frankfurt-Paris#2',))
        """
        problems, places = self._checked()
        self._highlight = places[index]
        p = problems[index]
        self._message = ("ok", f"{p.severity}: {p.message}")
        self._send({"highlight", "message"})
        return self._highlight

    # ------------------------------------------------------------------ files

    def open(self, path: str | os.PathLike[str], discard: bool = False) -> OpenResult[B]:
        """Open the map file ``path``: one undoable step that brings the file's name along.

        Over unsaved edits it asks first: nothing is opened and the result's ``question``
        says what would be set aside; ``discard=True`` opens anyway (undo still brings the
        edits back, under their own file name).
        """
        return OpenResult(*self._open(path, discard))

    def _open(
        self, path: str | os.PathLike[str], discard: bool
    ) -> tuple[Path, B | None, str | None]:
        """Open the file ``path`` as one undoable step; ``(path, board, question)``: the
        board opened, or the question asked first over unsaved edits."""
        target = Path(path).expanduser()
        if self.modified and not discard:
            edits = len(self._past)
            where = f"{self._path}" if self._path is not None else "no file yet"
            question = (
                f"open {target}? The board has unsaved edits ({edits} "
                f"{'step' if edits == 1 else 'steps'}; {where}): save them first, or open "
                "anyway (Undo brings them back)"
            )
            self._say("question", question)
            return target, None, question
        try:
            target = self._find(target)
            board = self._read(target)
        except (WorkbenchError, OSError) as error:
            self._say("error", f"cannot open {target}: {reason(error)}")
            raise
        self._disk[target.resolve()] = board
        if board == self._board and target == self._path:
            self._say("ok", f"opened {target}: the same board")
            return target, board, None
        self._commit(board, f"open {target}", path=target)
        return target, board, None

    def save(self, path: str | os.PathLike[str] | None = None, overwrite: bool = False) -> Path:
        """Save the board to ``path`` (its own file by default), canonically and atomically.

        A name without ``.yaml`` (or ``.yml``) gets it; a missing folder is refused with its
        name. A file that holds a map this session did not read from it or write to it (or
        that was changed since) is only replaced with ``overwrite=True``; otherwise
        :class:`FileExistsError` says so and nothing is written. The board then belongs to
        the file saved.

        Examples
        --------
        >>> import tempfile
        >>> from pathlib import Path
        >>> from workbench import load_map
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> _ = session.set_dashed("Alder", True)
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     out = session.save(Path(folder) / "mine")
        ...     _ = session.set_dashed("Birch", True)
        ...     _ = session.save()  # its own file: saved
        ...     other = Path(folder) / "other.yaml"
        ...     _ = other.write_text(Path("maps/trans_amerika.yaml").read_text())
        ...     try:
        ...         session.save(other)
        ...     except FileExistsError as error:
        ...         print("refused")
        ...     _ = session.save(other, overwrite=True)
        ...     out.name, load_map(out) == load_map(other) == session.board
        refused
        ('mine.yaml', True)
        """
        if path is None and self._path is None:
            self._say("error", "give a file name to save to")
            raise ValueError("no file to save to: give a path")
        if path is not None and not str(path).strip():
            self._say("error", "type a file name to save to")
            raise ValueError("the file name is empty: type one")
        target = Path(path if path is not None else self._path).expanduser()  # type: ignore[arg-type]
        if target.suffix.lower() not in MAP_SUFFIXES and not target.is_dir():
            target = target.with_name(target.name + ".yaml")
        if target.is_dir():
            self._say("error", f"cannot save: {target} is a folder")
            raise IsADirectoryError(f"{target} is a folder: give a file name")
        if not target.parent.is_dir():
            message = f"the folder {target.parent} does not exist: create it first"
            self._say("error", f"cannot save: {message}")
            raise FileNotFoundError(message)
        if target.exists() and not overwrite and not self._ours(target):
            message = (
                f"{target} already exists and holds a different map: tick 'overwrite' "
                "(or pass overwrite=True) to replace it"
            )
            self._say("error", f"not saved: {message}")
            raise FileExistsError(message)
        try:
            self._write(self._board, target)
        except OSError as error:
            self._say("error", f"cannot save to {target}: {error.strerror or error}")
            raise
        self._path = target
        self._disk[target.resolve()] = self._board
        self._message = self._saved_message(target)
        self._send({"path", "message"})
        return target

    def _ours(self, target: Path) -> bool:
        """Whether ``target`` holds this board, or the map this session last read from or
        wrote to it (so saving there loses nothing the session does not know)."""
        try:
            on_disk = self._read(target)
        except (WorkbenchError, OSError, UnicodeDecodeError):
            return False
        known = self._disk.get(target.resolve())
        return on_disk == self._board or (known is not None and on_disk == known)

    # ------------------------------------------------------------------ the analysis

    def _computed(self, result: A | None, error: BaseException | None) -> None:
        self._analysis, self._analysis_error = result, error
        self._send({"analysis"})

    # ------------------------------------------------------------------ messages

    def _say(self, kind: Kind, text: str) -> None:
        self._message = (kind, text)
        self._send({"message"})

    def say(self, text: str, error: bool = False) -> None:
        """Put ``text`` on the status line (a view's own refusal, for example).

        Examples
        --------
        >>> from workbench.session.edit import EditSession
        >>> session = EditSession("maps/tiny.yaml", background=False)
        >>> session.say("select a city first", error=True); session.message_kind
        'error'
        """
        self._say("error" if error else "ok", text)

    def __repr__(self) -> str:
        where = f", path={str(self._path)!r}" if self._path else ""
        name = self._name(self._board)
        return f"<{type(self).__name__} {name!r}{where}, {len(self._past)} steps to undo>"
