"""What every play widget shares: :class:`PlayWidget`.

The three play widgets (:class:`~workbench.ui.play.PlayRound` for Trans Europa,
:class:`~workbench.ui.ttr_play.TicketToRidePlay`,
:class:`~workbench.ui.transorient.TransorientPlay`) draw a
:class:`~workbench.session.game.GameSession` and differ only in their board or card view.
The rest is here, once:

* the **seats** row: how many players, what plays each seat (a person or any bot the game
  registers), the rule preset, the seed, and **New game**;
* the **status line** (whose turn, what they may do) and the **message** (why a move was
  refused, a hint, a file saved);
* the **Hint** button and, when the bots wait for it, **Bot move**;
* the **bots' pace** (``delay``): the bots answer at once (``0``), one decision every
  ``delay`` seconds on the kernel's event loop (so their moves can be followed), or one
  decision per press of **Bot move** (``None``);
* the **log**, a scroll box that opens on its newest line;
* **Save** and **Load** (the session's saved games, JSON).

A widget redraws when its session comes to rest: after a call it made (a tap, a load: the
bots then answer and it draws once), after a change made on the session from code, and
after each bot decision when the bots move one by one. A game's widget says what its view
is (:meth:`PlayWidget.build_view`), draws it (:meth:`PlayWidget.draw`), and may add setup
widgets and buttons; it decides nothing the session decides.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from workbench.session.events import Change
from workbench.session.game import HUMAN, GameSession, seat_kinds

__all__ = ["CSS", "PlayWidget", "running_loop"]

CUSTOM = "(custom)"
"""The rules drop-down's entry for rules that are not a named preset."""

CSS = """<style>
.wb-playbase { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 13px; }
.wb-playbase .widget-html-content { line-height: 1.4; }
.wb-playbase .wb-chip { display: inline-block; padding: 1px 7px; margin: 1px 2px;
  border-radius: 9px; border: 1px solid #555; color: #111; }
.wb-playbase .wb-error { color: #b3261e; font-weight: 600; }
.wb-playbase .wb-info { color: #1f4e79; }
.wb-playbase .wb-hint { color: #1a5e20; }
.wb-playbase table.wb-score { border-collapse: collapse; margin-top: 4px; }
.wb-playbase table.wb-score th, .wb-playbase table.wb-score td { padding: 2px 8px;
  border-bottom: 1px solid #ddd; text-align: left; }
.wb-playbase .wb-swatch { display: inline-block; width: 11px; height: 11px;
  border: 1px solid #111; margin-right: 4px; vertical-align: -1px; }
.wb-playbase .wb-log-scroll { max-height: 240px; overflow-y: auto; border: 1px solid #ddd;
  padding: 2px 6px; background: #fafafa; font-size: 12px; line-height: 1.35;
  display: flex; flex-direction: column-reverse; }
.wb-playbase .wb-log-line { padding-left: 1em; text-indent: -1em; }
.wb-playbase details.wb-scoring summary { cursor: pointer; color: #1f4e79; }
.wb-playbase table.wb-scoring-table td { padding: 0 8px 0 0; }
</style>"""
"""The style sheet of every play widget (drawn once at the top of each)."""


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this thread (a Jupyter kernel's), or ``None`` (a script).

    Examples
    --------
    >>> running_loop() is None
    True
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def narrow(width: int, label: int) -> dict[str, Any]:
    """Keyword arguments of a narrow ipywidget with a short description."""
    import ipywidgets as w

    return {"layout": w.Layout(width=f"{width}px"), "style": {"description_width": f"{label}px"}}


class PlayWidget:
    """The shared part of a play widget over ``session`` (see the module's text).

    Parameters
    ----------
    session : GameSession
        The game the widget draws and plays.
    delay : float or None
        The bots' pace: ``0`` at once (and any delay outside a running event loop, as in a
        script or a test), seconds between two bot decisions in a notebook, or ``None``
        for one decision per press of **Bot move** (:meth:`step_bot`).

    Class attributes
    ----------------
    prefix : str
        The CSS class of the widget; its parts are ``{prefix}-status``, ``-message``,
        ``-log``, ``-hint``, ``-path`` ...
    save_name : str
        The file name the Save box offers.
    side_by_side : bool
        Whether the status, buttons and log stand beside the view (a board) or below it
        (a row of cards).
    side_width : int
        The width of that column in pixels.
    """

    prefix: ClassVar[str] = "wb-game"
    save_name: ClassVar[str] = "game.json"
    side_by_side: ClassVar[bool] = True
    side_width: ClassVar[int] = 360

    def __init__(self, session: GameSession, delay: float | None = 0) -> None:
        self.session = session
        self.delay = delay
        self._pending: asyncio.TimerHandle | None = None
        self._busy = False
        self._widgets: dict[str, Any] = {}
        self._root: Any = None
        session.on_change(self._on_change)

    def _start(self) -> None:
        """The end of a widget's ``__init__``: the bots answer, and it is drawn."""
        self._call(lambda: None)

    # ------------------------------------------------------------------ the session's

    @property
    def seats(self) -> tuple[str, ...]:
        """What plays each seat."""
        return self.session.seats

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self.session.seed

    @property
    def board(self) -> Any:
        """The board (or card set) played on."""
        return self.session.board

    @property
    def log(self) -> list[str]:
        """The moves so far, one line each, in words."""
        return self.session.log

    @property
    def message(self) -> str:
        """The last thing said: why a move was refused, a hint, a file saved."""
        return self.session.message

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people."""
        return self.session.humans

    def name(self, seat: int) -> str:
        """What to call a seat (:meth:`GameSession.name`)."""
        return self.session.name(seat)

    def viewer(self) -> Any:
        """The seat whose hand is shown (:meth:`GameSession.viewer`)."""
        return self.session.viewer()

    def status(self) -> str:
        """Whose turn it is and what they may do (:meth:`GameSession.status`)."""
        return self.session.status()

    def choices(self) -> list[Any]:
        """The moves on offer to the person on turn (the session's ``choices``)."""
        return self.session.choices()

    # ------------------------------------------------------------------ calls

    def _call(self, call: Callable[..., Any], *args: Any) -> Any:
        """Run a session call, let the bots answer (at once, or scheduled), draw once."""
        self._busy = True
        try:
            result = call(*args)
            self._schedule()
        finally:
            self._busy = False
        self.render()
        return result

    def play(self, action: Any) -> bool:
        """Play ``action`` (an action or its text) for the person on turn; the bots then
        answer. ``False``, with :attr:`message` saying why, when it is refused."""
        return bool(self._call(self.session.play, action))

    def new_game(self, seats: Sequence[str] | None = None, **settings: Any) -> None:
        """Start a new game (the session's ``new_game``: seats, ``rules``, ``seed`` ...);
        the bots then answer."""
        self._cancel()
        self._call(lambda: self.session.new_game(seats, **settings))

    def hint(self) -> Any:
        """The session's hint for the person on turn, shown in :attr:`message` (and drawn
        on a board); what the session's ``hint`` returns."""
        hint = getattr(self.session, "hint", None)
        if hint is None:
            return self.session.say("this game has no hint yet", error=True)
        return self._call(hint)

    def can_hint(self) -> bool:
        """Whether the Hint button helps now: a person is on turn."""
        return self.session.human_to_play()

    def step(self) -> Any:
        """Play one bot move or chance outcome; ``None`` when none is due."""
        return self._call(self.session.step)

    def step_bot(self) -> list[Any]:
        """Play one bot decision with the chance outcomes around it (the **Bot move**
        button); ``[]`` when no bot is on turn (and the message says so)."""

        def one() -> list[Any]:
            played = list(self.session.step_bot())
            if not played:
                self.session.say("no bot is on turn")
            return played

        return list(self._call(one))

    def play_bots(self) -> int:
        """Let the bots (and chance) play until a person is on turn or the game is over;
        how many actions were played."""
        self._cancel()
        return int(self._call(self.session.run))

    def save(self, path: Any) -> Any:
        """Save the game to ``path`` (:meth:`GameSession.save`); the path written."""
        return self.session.save(path)

    def load(self, path: Any) -> None:
        """Continue the game saved at ``path`` (:meth:`GameSession.load`); the bots then
        answer. Raises ``ValueError`` or ``OSError`` for a file that is not one."""
        self._cancel()
        self._call(self.session.load, path)

    # ------------------------------------------------------------------ the bots' pace

    def _schedule(self) -> None:
        """Let the bots answer: at once, after ``delay`` seconds each (on the kernel's event
        loop, where the widgets are changed), or on "Bot move"."""
        if self._pending is not None or not self.session.bot_on_turn or self.delay is None:
            return
        loop = running_loop()
        if self.delay <= 0 or loop is None:
            self.session.run()
            return
        self._pending = loop.call_later(self.delay, self._tick)

    def _tick(self) -> None:
        self._pending = None
        try:
            self.session.step_bot()
        except Exception as error:  # a bot's failure is shown, not lost in the kernel's log
            self.session.say(f"the bot failed: {type(error).__name__}: {error}", error=True)
            return
        self._schedule()

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # ------------------------------------------------------------------ drawing

    def _on_change(self, change: Change) -> None:
        """Redraw after a change the widget did not ask for (made from code, or a bot's
        scheduled move), once the session is at rest: not after each move of a run."""
        if self._busy:
            return
        if "state" in change and self.delay == 0 and self.session.bot_on_turn:
            return
        self.render()

    def render(self) -> None:
        """Draw the session: the game's view, then (once built) the shared texts."""
        self.draw()
        if self._widgets:
            self._refresh()

    def draw(self) -> None:
        """Draw the game's own view (a board, cards); a game's widget says how."""

    def refresh_view(self) -> None:
        """Fill the game's own widgets of the built widget (texts, buttons)."""

    @property
    def widget(self) -> Any:
        """The ipywidgets box (built once)."""
        if self._root is None:
            self._root = self._build()
            self.render()
        return self._root

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        from workbench.ui.render import bokehjs_once

        display(HTML(bokehjs_once()))  # a board's view needs BokehJS on the page, offline
        display(self.widget)

    def setup_widgets(self) -> dict[str, Any]:
        """The game's own setup widgets (beside rules and seed), by name; none here."""
        return {}

    def setup_values(self) -> dict[str, Any]:
        """The game's own settings for :meth:`new_game`, read from its setup widgets."""
        return {}

    def build_view(self) -> tuple[list[Any], list[Any], list[Any]]:
        """The game's own widgets: ``(view, side, below)``: the board or cards, what stands
        under the status and buttons (or beside them), and what stands below it all."""
        return [], [], []

    def buttons(self) -> list[Any]:
        """The game's own buttons, put before Hint and Bot move."""
        return []

    def _part(self, widget: Any, name: str) -> Any:
        widget.add_class(f"{self.prefix}-{name}")
        self._widgets[name] = widget
        return widget

    def _build(self) -> Any:
        import ipywidgets as w

        session = self.session
        info = session.info
        low, high = info.players
        kinds = list(seat_kinds(info.name))
        n = len(self.seats)
        players = w.Dropdown(
            options=list(range(low, high + 1)), value=n, description="players", **narrow(130, 50)
        )
        seats = [
            w.Dropdown(
                options=kinds,
                value=self.seats[i] if i < n else kinds[-1],
                description=f"seat {i}",
                **narrow(160, 44),
            )
            for i in range(high)
        ]
        for i, d in enumerate(seats):
            d.layout.display = "" if i < n else "none"
        rules_now = session.rules
        presets = list(info.presets)
        options: list[Any]
        if isinstance(rules_now, str) and rules_now in presets:
            options, value = presets, rules_now
        else:
            label = "(published)" if rules_now is None else CUSTOM
            options, value = [(label, CUSTOM), *((p, p) for p in presets)], CUSTOM
        rules = w.Dropdown(options=options, value=value, description="rules", **narrow(210, 36))
        seed = w.BoundedIntText(
            value=self.seed, min=0, max=2**31 - 1, description="seed", **narrow(130, 34)
        )
        new = w.Button(description="New game", button_style="primary", icon="refresh")
        own = self.setup_widgets()

        def on_players(change: dict[str, Any]) -> None:
            for i, d in enumerate(seats):
                d.layout.display = "" if i < change["new"] else "none"

        def on_new(_: Any) -> None:
            chosen = rules.value
            self.new_game(
                [d.value for d in seats[: players.value]],
                rules=session.rules if chosen == CUSTOM else chosen,
                seed=int(seed.value),
                **self.setup_values(),
            )

        players.observe(on_players, names="value")
        new.on_click(on_new)
        self._widgets.update(
            {"players": players, "seats": seats, "rules": rules, "seed": seed, "new": new}
        )
        hint = self._part(w.Button(description="Hint", icon="lightbulb-o"), "hint")
        hint.on_click(lambda _: self.hint())
        step = self._part(w.Button(description="Bot move", icon="step-forward"), "step")
        step.on_click(lambda _: self.step_bot())
        path = self._part(w.Text(value=self.save_name, layout=w.Layout(width="145px")), "path")
        save = w.Button(description="Save", layout=w.Layout(width="70px"))
        load = w.Button(description="Load", layout=w.Layout(width="70px"))
        save.tooltip = "write the game to the file named on the left (JSON)"
        load.tooltip = "continue the game saved in the file named on the left"

        def on_save(_: Any) -> None:
            try:
                written = self.save(path.value)
            except (OSError, ValueError) as error:
                session.say(f"not saved: {error}", error=True)
            else:
                session.say(f"saved to {written}")

        def on_load(_: Any) -> None:
            try:
                self.load(path.value)
            except (OSError, ValueError) as error:
                session.say(f"not loaded: {error}", error=True)
            else:
                session.say(f"loaded {path.value}")

        save.on_click(on_save)
        load.on_click(on_load)
        self._widgets.update({"save": save, "load": load})
        for name in ("status", "message", "log"):
            self._part(w.HTML(layout=w.Layout(width="100%")), name)
        view, side, below = self.build_view()
        wrap = w.Layout(flex_flow="row wrap")
        controls = w.HBox([*self.buttons(), hint, step], layout=wrap)
        said = [self._widgets["status"], self._widgets["message"]]
        rest = [
            controls,
            *side,
            w.HTML("<b>Moves</b> (newest at the bottom)"),
            self._widgets["log"],
            w.HBox([path, save, load]),
        ]
        if self.side_by_side:
            column = w.VBox(
                [*said, *rest],
                layout=w.Layout(width=f"{self.side_width}px", margin="0 0 0 10px"),
            )
            body: Any = w.HBox([w.VBox(view), column], layout=wrap)
        else:  # a row of cards: what is said above it, the buttons and the log below
            body = w.VBox([*said, *view, w.VBox(rest, layout=w.Layout(width="760px"))])
        root = w.VBox(
            [
                w.HTML(CSS),
                w.HBox([players, *seats, rules, seed, *own.values(), new], layout=wrap),
                body,
                *below,
            ]
        )
        root.add_class("wb-playbase")
        root.add_class(self.prefix)
        return root

    def _refresh(self) -> None:
        """Fill the shared texts and set the shared buttons, then the game's own."""
        wd = self._widgets
        session = self.session
        wd["status"].value = f"<b>{html.escape(self.status())}</b>"
        css = {"error": "wb-error", "hint": "wb-hint"}.get(session.message_kind, "wb-info")
        text = html.escape(self.message)
        wd["message"].value = f"<div class='{css}'>{text}</div>" if self.message else ""
        lines = "".join(
            f"<div class='wb-log-line'>{html.escape(line)}</div>" for line in self.log[-200:]
        )
        # the scroll box runs bottom-up (column-reverse): it opens on the newest line
        wd["log"].value = f"<div class='wb-log-scroll'><div>{lines}</div></div>"
        can = self.can_hint()
        wd["hint"].disabled = not can
        wd["hint"].tooltip = (
            "one good move for the person on turn" if can else "hints are for a person's turn"
        )
        wd["step"].layout.display = "" if self.delay is None else "none"
        self.refresh_view()

    @staticmethod
    def human_seats(players: int, bots: Sequence[str], seat: int = 0) -> list[str]:
        """A person at ``seat`` and ``bots`` (cycled) at the others.

        Examples
        --------
        >>> PlayWidget.human_seats(3, ["greedy"], seat=1)
        ['greedy', 'human', 'greedy']
        """
        names = list(bots)
        others = iter(names[i % len(names)] for i in range(players - 1))
        return [HUMAN if s == seat else next(others) for s in range(players)]
