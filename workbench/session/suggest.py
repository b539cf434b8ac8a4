"""The map doctor's suggestions for a board being edited, without a widget.

:class:`Suggestions` asks :func:`workbench.analysis.doctor.suggest` for the best single edits
of an :class:`~workbench.session.edit.EditSession`'s board (on a background thread, latest
wins, like the session's analysis) and applies one as one undoable edit; the session's
analysis then shows its effect. Listeners hear ``"suggestions"`` when a list arrives or goes
stale (the board changed since it was made). :class:`~workbench.ui.suggest.SuggestPanel`
draws it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from workbench.analysis.doctor import Allowed, Objective, Suggestion, suggest
from workbench.maps.board import Board
from workbench.session._history import BoardHistory
from workbench.session.edit import EditSession
from workbench.session.events import Change
from workbench.session.jobs import Handoff, LatestJob, loop_handoff

__all__ = ["PlayDoctor", "Suggestions"]


class Suggestions:
    """The doctor's top suggestions for an edit session's board.

    Parameters
    ----------
    session : EditSession
        The board being edited; suggestions are applied to it.
    objective, allowed : optional
        What the doctor weighs and may change (:mod:`workbench.analysis.doctor`).
    top : int
        How many suggestions to list.
    background : bool
        Compute on a background thread (the default) or at once, in :meth:`refresh`.

    Examples
    --------
    >>> from workbench.analysis.doctor import Objective
    >>> session = EditSession("maps/tiny.yaml", background=False)
    >>> ideas = Suggestions(session, Objective(fair_spread=1.0), top=3, background=False)
    >>> found = ideas.refresh()
    >>> len(found), ideas.stale
    (3, False)
    >>> board = ideas.apply(0)
    >>> session.history == (str(found[0].edit),), ideas.stale
    (True, True)
    >>> session.undo() == session.board
    True
    """

    def __init__(
        self,
        session: EditSession,
        objective: Objective | None = None,
        allowed: Allowed | None = None,
        top: int = 5,
        *,
        background: bool = True,
        handoff: Handoff | None = None,
    ) -> None:
        self.session = session
        self.objective = objective or Objective()
        self.allowed = allowed or Allowed()
        self.top = top
        self.original = session.board
        """The board moves are measured from (the one the session had at the start)."""
        self.suggestions: list[Suggestion] = []
        self.board: Board | None = None
        """The board the suggestions are for."""
        self.error: BaseException | None = None
        self._listeners: list[Callable[[str], None]] = []
        self._job: LatestJob[Board, tuple[Board, list[Suggestion]]] = LatestJob(
            self._compute,
            self._computed,
            background=background,
            handoff=handoff if handoff is not None else loop_handoff(),
            name="map-doctor",
        )
        self._stop = session.on_change(self._on_change)

    def on_change(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call ``listener("suggestions")`` when the list arrives or goes stale."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _send(self) -> None:
        for listener in list(self._listeners):
            listener("suggestions")

    def _on_change(self, change: Change) -> None:
        if "board" in change.what and self.suggestions:
            self._send()  # they are stale now

    @property
    def stale(self) -> bool:
        """Whether the board changed since the suggestions were made (or there are none)."""
        return self.board is None or self.board != self.session.board

    @property
    def working(self) -> bool:
        """Whether suggestions are being computed."""
        return self._job.busy

    def refresh(self) -> list[Suggestion]:
        """Ask for suggestions for the board as it is now (in the background by default,
        the list arriving later); returns the list there is now."""
        self._job.submit(self.session.board)
        return self.suggestions

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the suggestions being computed; whether they arrived."""
        return self._job.wait(timeout)

    def _compute(self, board: Board) -> tuple[Board, list[Suggestion]]:
        found = suggest(board, self.session.players, self.objective, self.allowed, self.top,
                        original=self.original)  # fmt: skip
        return board, found

    def _computed(
        self, result: tuple[Board, list[Suggestion]] | None, error: BaseException | None
    ) -> None:
        self.error = error
        if result is not None:
            self.board, self.suggestions = result
        self._send()

    def apply(self, index: int) -> Board:
        """Make suggestion ``index`` on the session's board: one undoable edit named by the
        edit's words. Refused (``ValueError``) when the board changed since the suggestions
        were made."""
        if self.stale:
            raise ValueError("the board changed since these suggestions: ask again")
        chosen = self.suggestions[index]
        return self.session.apply(str(chosen.edit), chosen.edit.apply)

    def close(self) -> None:
        """Stop listening to the session and stop the background thread."""
        self._stop()
        self._job.close()


class PlayDoctor:
    """The play doctor (:func:`workbench.sim.doctor.play_plan`) for an edit session's board
    (a lattice map's or a route board's), on a background thread: it counts the games
    played, stops when asked, and applies the plan it found as one undoable edit.

    Parameters
    ----------
    session : EditSession or RouteEditSession
        The board being edited.
    objective : PlayObjective, optional
        What the doctor evens out (the game's default: start colors for Trans Europa).
    background : bool
        Search on a background thread (the default) or at once, in :meth:`start`.
    **options
        Passed to :func:`~workbench.sim.doctor.play_plan` (``edits``, ``games_budget``,
        ``fresh_games``, ``bots``, ``candidates``, ``seed``, ``workers``, ...).

    Examples
    --------
    >>> from workbench.sim.doctor import PlayObjective
    >>> session = EditSession("maps/tiny.yaml", players=2, background=False)
    >>> doctor = PlayDoctor(session, PlayObjective(seat=1.0), background=False, edits=1,
    ...                     candidates=2, games_budget=12, fresh_games=4, bots=["random"])
    >>> plan = doctor.start()
    >>> doctor.done == doctor.total or doctor.done >= 12, doctor.working
    (True, False)
    >>> doctor.close()
    """

    def __init__(
        self,
        session: BoardHistory[Any, Any, Any],
        objective: Any = None,
        *,
        background: bool = True,
        handoff: Handoff | None = None,
        **options: Any,
    ) -> None:
        self.session = session
        self.objective = objective
        self.options = options
        self.plan: Any = None
        """The last plan found (a :class:`~workbench.sim.doctor.PlayPlan`), or None."""
        self.error: BaseException | None = None
        self.done = 0
        """Games played so far by the running search (the check on fresh seeds included)."""
        self.total = 0
        """Games the running search will play at most."""
        self._asked_to_stop = threading.Event()
        self._listeners: list[Callable[[str], None]] = []
        self._handoff = handoff if handoff is not None else loop_handoff()
        self._last_note = 0.0
        self._job: LatestJob[Any, Any] = LatestJob(
            self._compute,
            self._computed,
            background=background,
            handoff=self._handoff,
            name="play-doctor",
        )

    def on_change(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call ``listener(what)``: ``"progress"`` as games are played (a few times a
        second at most), ``"plan"`` when a plan arrives or the search failed."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _send(self, what: str) -> None:
        for listener in list(self._listeners):
            listener(what)

    @property
    def working(self) -> bool:
        """Whether a search is running."""
        return self._job.busy

    @property
    def stale(self) -> bool:
        """Whether the board changed since the plan was made (or there is none)."""
        return self.plan is None or self.plan.original != self.session.board

    def start(self) -> Any:
        """Start a search on the board as it is now; returns the plan there is now (the
        new one when the search runs at once)."""
        from workbench.sim.doctor import PlayObjective, play_plan  # noqa: F401 - checked early

        self._asked_to_stop.clear()
        self.done = 0
        budget = int(self.options.get("games_budget", 12_000))
        self.total = budget + 2 * int(self.options.get("fresh_games", 4_000))
        self._job.submit(self.session.board)
        return self.plan

    def stop(self) -> None:
        """Ask the running search to stop: it ends with the plan found so far, which is
        still checked on fresh seeds."""
        self._asked_to_stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running search; whether its plan arrived."""
        return self._job.wait(timeout)

    def _progress(self, n: int) -> None:
        self.done += n
        now = time.monotonic()
        if self._handoff is not None and now - self._last_note > 0.25:
            self._last_note = now
            self._handoff(lambda: self._send("progress"))

    def _compute(self, board: Any) -> Any:
        from workbench.sim.doctor import play_plan

        return play_plan(
            board,
            players=self.session.players,
            objective=self.objective,
            progress=self._progress,
            stop=self._asked_to_stop.is_set,
            **self.options,
        )

    def _computed(self, result: Any, error: BaseException | None) -> None:
        self.error = error
        if result is not None:
            self.plan = result
        self._send("plan")

    def apply(self) -> Any:
        """Make the plan's edits on the session's board: one undoable edit. Refused
        (``ValueError``) when there is no plan, it has no edit, or the board changed."""
        if self.plan is None or not self.plan.steps:
            raise ValueError("there is no play plan with an edit to apply: run the doctor")
        if self.stale:
            raise ValueError("the board changed since this plan: run the doctor again")
        plan = self.plan
        words = "; ".join(str(e) for e in plan.edits)
        return self.session.apply(f"play plan: {words}", lambda _board: plan.board)

    def close(self) -> None:
        """Stop the search and the background thread."""
        self._asked_to_stop.set()
        self._job.close()
