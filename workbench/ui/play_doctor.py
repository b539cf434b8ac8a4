"""*Plan by play*: the play doctor as a row of an editor, for lattice maps and route boards.

:class:`PlayDoctorPanel` draws a :class:`~workbench.session.suggest.PlayDoctor`: *Plan by
play* starts the search on a background thread, a progress bar counts the games, *Stop*
ends it with the plan so far (still checked on fresh seeds), the plan arrives with its
before and after on those fresh games, and *Apply plan* makes it one undoable edit of the
editor's session. The map editor shows it under *Suggest*; the route editor under its
ticket table.

The panel's searches are smaller than the command line's (3,000 games searched, 1,000 fresh
games for each board's check, against 12,000 and 4,000): minutes, not tens of minutes, on a
laptop; ``options`` sets them (``PlayDoctorPanel(session, games_budget=12_000)``).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from workbench.session._history import BoardHistory, reason
from workbench.session.suggest import PlayDoctor

__all__ = ["PANEL_GAMES", "PlayDoctorPanel"]

PANEL_GAMES = {"games_budget": 3_000, "fresh_games": 1_000}
"""The panel's default search: games searched, and fresh games for each board's check."""


class PlayDoctorPanel:
    """The play doctor for an edit session's board, as a widget (``.widget``).

    Parameters
    ----------
    session : EditSession or RouteEditSession
    background : bool
        Search on a background thread (the default) or at once on *Plan by play*.
    **options
        Passed to :func:`~workbench.sim.doctor.play_plan` over :data:`PANEL_GAMES`
        (``objective``, ``edits``, ``bots``, ``candidates``, ``workers``, ...).

    Examples
    --------
    >>> from workbench.session.edit import EditSession
    >>> from workbench.sim.doctor import PlayObjective
    >>> session = EditSession("maps/tiny.yaml", players=2, background=False)
    >>> panel = PlayDoctorPanel(session, background=False, objective=PlayObjective(seat=1.0),
    ...                         edits=1, candidates=2, games_budget=12, fresh_games=4,
    ...                         bots=["random"])
    >>> panel.controls["play"].click()
    >>> panel.doctor.plan.fresh_after.games, panel.controls["play_stop"].disabled
    (4, True)
    >>> panel.close()
    """

    def __init__(
        self, session: BoardHistory[Any, Any, Any], *, background: bool = True, **options: Any
    ) -> None:
        self.session = session
        objective = options.pop("objective", None)
        self.doctor = PlayDoctor(
            session, objective, background=background, **{**PANEL_GAMES, **options}
        )
        """The play doctor behind the panel."""
        routes = getattr(session.board, "kind", "lattice") == "routes"
        lineup = (
            ", ".join(map(str, options["bots"]))
            if options.get("bots")
            else ("four bots of different playing styles" if routes else "greedy bots")
        )
        self._button = w.Button(
            description="Plan by play",
            icon="play",
            tooltip="search up to five edits by simulated games (slower: minutes)",
            layout=w.Layout(width="auto", min_width="120px"),
        )
        self._button.add_class("wb-play-doctor")
        self._button.on_click(lambda _b: self.start())
        self._stop_button = w.Button(description="Stop", icon="stop", disabled=True,
                                     tooltip="stop the search and keep the plan so far",
                                     layout=w.Layout(width="auto", min_width="80px"))  # fmt: skip
        self._stop_button.add_class("wb-play-doctor-stop")
        self._stop_button.on_click(lambda _b: self.doctor.stop())
        self._bar = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="220px"))
        self._status = w.HTML(
            f'<span class="wb-muted">judged by simulated games of {html.escape(lineup)}; the '
            "plan is checked on fresh seeds</span>"
        )
        self._text = w.HTML(layout=w.Layout(width="auto", max_width="980px"))
        self._apply = w.Button(description="Apply plan", icon="check", disabled=True,
                               tooltip="make the plan's edits, as one undoable edit",
                               layout=w.Layout(width="120px"))  # fmt: skip
        self._apply.add_class("wb-apply-play-plan")
        self._apply.on_click(lambda _b: self._apply_plan())
        self.widget = w.VBox(
            [
                w.HBox([self._button, self._stop_button, self._bar]),
                self._status,
                self._text,
                self._apply,
            ]
        )
        self.widget.add_class("wb-play-doctor-panel")
        self.controls: dict[str, Any] = {
            "play": self._button, "play_stop": self._stop_button, "play_progress": self._bar,
            "play_status": self._status, "play_text": self._text, "play_apply": self._apply,
        }  # fmt: skip
        self._unlisten = self.doctor.on_change(self._draw)
        self._unlisten_board = session.on_change(lambda _change: self._draw("board"))

    def start(self) -> None:
        """What *Plan by play* does: start a search on the board as it is now."""
        self._button.disabled = True
        self._stop_button.disabled = False
        self._apply.disabled = True
        self._status.value = (
            '<span class="wb-working"><span class="wb-spinner"></span>the play doctor is '
            "playing candidate boards...</span>"
        )
        self.doctor.start()
        self._bar.max = max(1, self.doctor.total)
        self._draw("progress")

    def _apply_plan(self) -> None:
        try:
            self.doctor.apply()
        except (ValueError, KeyError) as error:
            self.session.say(f"refused: {reason(error)}", error=True)

    def _draw(self, what: str) -> None:
        doctor = self.doctor
        working = doctor.working
        self._button.disabled = working
        self._stop_button.disabled = not working
        self._bar.max = max(1, doctor.total)
        self._bar.value = min(doctor.done, self._bar.max)
        if working:
            self._status.value = (
                f'<span class="wb-working">{doctor.done:,} of at most {doctor.total:,} '
                "games played</span>"
            )
            return
        if doctor.error is not None:
            self._status.value = (
                f'<span class="wb-status-error">no play plan: '
                f"{html.escape(reason(doctor.error))}</span>"
            )
            return
        plan = doctor.plan
        if plan is None:
            return
        self._bar.value = self._bar.max  # a stopped search skips games, never its check
        stale = doctor.stale
        self._apply.disabled = stale or not plan.steps
        self._status.value = (
            '<span class="wb-warning">the board changed: run the play doctor again</span>'
            if stale and plan.steps
            else f'<span class="wb-muted">{len(plan.steps)} edit(s), '
            f"{plan.games_played:,} games searched in {plan.seconds:,.0f} s"
            + (" (stopped)" if plan.stopped else "")
            + "</span>"
        )
        self._text.value = f'<pre class="wb-play-plan">{html.escape(plan.text())}</pre>'

    def close(self) -> None:
        """Stop the search, stop listening and close the widgets."""
        self._unlisten()
        self._unlisten_board()
        self.doctor.close()
        for widget in self.controls.values():
            widget.close()
        self.widget.close()
