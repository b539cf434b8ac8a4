"""Play Trans Europa in Jupyter: a round or a whole game, against bots or hot-seat humans.

:class:`PlayRound` is the widget of a :class:`~workbench.session.play.PlaySession`: it
draws the session's state with a :class:`~workbench.ui.boardview.BoardView` wrapped in a
``jupyter_bokeh`` ``BokehModel``, and turns clicks into session calls:

* a tap on the board is :meth:`PlaySession.tap` (the nearest point while markers are placed,
  the segment under it while rails are built); an illegal one shows the engine's
  :class:`~workbench.exceptions.IllegalActionError` message and changes nothing;
* buttons end the turn, show a hint (your cheapest completion, drawn dashed, and its cost),
  start the next round, and set up a new game (seats, rule preset, special card, seed);
* bots (any the game registers: :func:`seat_kinds`) answer one move at a time, ``delay``
  seconds apart on the kernel's event loop, so their moves can be followed; ``delay=0``
  plays them at once and ``delay=None`` waits for the "Bot move" button;
* when a round ends, every hand is revealed with the scoring table, and the scoring in
  force is one click away at any time.

The widget decides only when the bots move; everything else is the session's, and the
session's actions are also the widget's methods (:meth:`PlayRound.click_point`,
:meth:`PlayRound.click_segment`, :meth:`PlayRound.end_turn`, :meth:`PlayRound.hint`,
:meth:`PlayRound.next_round`, :meth:`PlayRound.step`), which is how the tests and the
notebooks drive it. The helpers of :mod:`workbench.session.play` are re-exported here.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from workbench.analysis.costs import Completion
from workbench.games.trans_europa import CARDS, PRESETS, Action, Rules
from workbench.games.trans_europa import TransEuropa as Game
from workbench.games.trans_europa import TransEuropaState as State
from workbench.session.events import Change
from workbench.session.play import (
    DECK_CHOICE,
    HUMAN,
    MAX_BOT_MOVES,
    POINT_REACH,
    SEGMENT_REACH,
    PlaySession,
    completion,
    describe_action,
    describe_rules,
    describe_scoring,
    make_game,
    round_cards,
    round_rules,
    round_table,
    seat_kinds,
    state_rules,
)
from workbench.ui.boardview import BoardView, player_color
from workbench.ui.render import legend_html

if TYPE_CHECKING:
    from workbench.maps.board import Board
    from workbench.maps.lattice import Edge, Point

__all__ = [
    "DECK_CHOICE",
    "HUMAN",
    "MAX_BOT_MOVES",
    "POINT_REACH",
    "SEGMENT_REACH",
    "PlayRound",
    "completion",
    "describe_action",
    "describe_rules",
    "describe_scoring",
    "make_game",
    "round_cards",
    "round_rules",
    "round_table",
    "seat_kinds",
    "state_rules",
]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this thread (a Jupyter kernel's), or ``None`` (a script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


_CSS = """<style>
.wb-play { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 13px; }
.wb-play .widget-html-content { line-height: 1.4; }
.wb-play .wb-chip { display: inline-block; padding: 1px 7px; margin: 1px 2px;
  border-radius: 9px; border: 1px solid #555; color: #111; }
.wb-play .wb-error { color: #b3261e; font-weight: 600; }
.wb-play .wb-info { color: #1f4e79; }
.wb-play table.wb-score { border-collapse: collapse; margin-top: 4px; }
.wb-play table.wb-score th, .wb-play table.wb-score td { padding: 2px 8px;
  border-bottom: 1px solid #ddd; text-align: left; }
.wb-play .wb-swatch { display: inline-block; width: 11px; height: 11px;
  border: 1px solid #111; margin-right: 4px; vertical-align: -1px; }
.wb-play-log .wb-log-scroll { max-height: 240px; overflow-y: auto; border: 1px solid #ddd;
  padding: 2px 6px; background: #fafafa; font-size: 12px; line-height: 1.35;
  display: flex; flex-direction: column-reverse; }
.wb-play-log .wb-log-line { padding-left: 1em; text-indent: -1em; }
.wb-play details.wb-scoring summary { cursor: pointer; color: #1f4e79; }
.wb-play table.wb-scoring-table td { padding: 0 8px 0 0; }
</style>"""


class PlayRound:
    """A game on ``board`` to play in a notebook: you (or several people) against bots.

    Parameters
    ----------
    board : Board
    seats : sequence of str, optional
        One entry per seat (2 to 6): :data:`HUMAN` or a bot name from
        :func:`seat_kinds`. Seat 0 starts the first round.
    rules : str or Rules, optional
        A preset name from :data:`workbench.rules.PRESETS`, or rules.
    card : str, optional
        A special card id (:data:`workbench.rules.CARDS`) in force for the whole game.
    seed : int, optional
        The game's seed: the deal of every round.
    bot_seed : int, optional
        The seed of the bots' generators.
    delay : float or None, optional
        Seconds between two bot moves in a notebook. ``0`` plays bots at once (and so does
        any value outside a running event loop, as in a script or a test); ``None`` waits
        for :meth:`step` (the "Bot move" button).
    width : int, optional
        Width of the board in pixels.

    Attributes
    ----------
    session : PlaySession
        The game in progress: what the widget shows and changes.
    view : BoardView

    Examples
    --------
    >>> from workbench import load_map
    >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], seed=1, delay=0)
    >>> play.click_point((1, 1))
    True
    >>> play.state.phase, play.state.to_play, len(play.log)
    ('build', 0, 3)
    >>> play.click_segment(((5, 5), (6, 5)))
    False
    >>> play.message
    'round 1, turn 1, seat 0: R 5,5-6,5 does not touch the network of seat 0 (marker at [1, 1])'
    """

    def __init__(
        self,
        board: Board,
        seats: Sequence[str] = (HUMAN, "random", "random"),
        *,
        rules: str | Rules = "rulebook",
        card: str | None = None,
        seed: int = 0,
        bot_seed: int = 0,
        delay: float | None = 0.4,
        width: int = 640,
    ) -> None:
        self.delay = delay
        self.width = width
        self.view = BoardView(board, width=width, title=board.name)
        self.view.on_tap(self.tap)
        self._pending: asyncio.TimerHandle | None = None
        self._widgets: dict[str, Any] = {}
        self._root: Any = None
        self.session = PlaySession(
            board, seats, rules=rules, card=card, seed=seed, bot_seed=bot_seed
        )
        self.session.on_change(self._on_change)
        self._draw_board()
        self._schedule()

    # ------------------------------------------------------------------ the session's state

    @property
    def board(self) -> Board:
        """The board played on."""
        return self.session.board

    @property
    def seats(self) -> tuple[str, ...]:
        """What plays each seat."""
        return self.session.seats

    @property
    def rules(self) -> str | Rules:
        """The rule preset's name, or the rules."""
        return self.session.rules

    @property
    def card(self) -> str | None:
        """The special card in force, :data:`DECK_CHOICE`, or ``None``."""
        return self.session.card

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self.session.seed

    @property
    def game(self) -> Game | None:
        """The game (``None`` when the engine refused the rules: see :attr:`error`)."""
        return self.session.game

    @property
    def state(self) -> State | None:
        """The state of the game."""
        return self.session.state

    @property
    def error(self) -> str | None:
        """Why no game could be made (the engine's message), else ``None``."""
        return self.session.error

    @property
    def log(self) -> list[str]:
        """The moves so far, one line each, in words."""
        return self.session.log

    @property
    def message(self) -> str:
        """The last thing said: why a click was illegal, a hint, or whose turn."""
        return self.session.message

    @property
    def colored(self) -> bool:
        """Whether a tap builds a colored rail (the "Colored rail" toggle)."""
        return self.session.colored

    @colored.setter
    def colored(self, value: bool) -> None:
        self.session.colored = bool(value)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people."""
        return self.session.humans

    def name(self, seat: int) -> str:
        """What to call a seat (:meth:`PlaySession.name`)."""
        return self.session.name(seat)

    def viewer(self) -> int | None:
        """The human whose hand is shown (:meth:`PlaySession.viewer`)."""
        return self.session.viewer()

    def status(self) -> str:
        """Whose turn it is and what they may do (:meth:`PlaySession.status`)."""
        return self.session.status()

    def choices(self) -> list[Action]:
        """The human's choices that are buttons (:meth:`PlaySession.choices`)."""
        return self.session.choices()

    # ------------------------------------------------------------------ the session's actions

    def new_game(
        self,
        seats: Sequence[str] | None = None,
        *,
        rules: str | Rules | None = None,
        card: str | None = "",
        seed: int | None = None,
        bot_seed: int | None = None,
    ) -> None:
        """Start a new game (:meth:`PlaySession.new_game`); the bots then answer.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> play.new_game(["human", "human"], seed=5)
        >>> play.seats, play.game.seed, play.state.to_play
        (('human', 'human'), 5, 0)
        """
        self._cancel()
        self.session.new_game(seats, rules=rules, card=card, seed=seed, bot_seed=bot_seed)
        self._schedule()

    def tap(self, x: float, y: float) -> bool:
        """Play what a tap on the board means (:meth:`PlaySession.tap`); the board calls this."""
        return self._then_bots(self.session.tap(x, y))

    def click_point(self, point: Point) -> bool:
        """Put the human's marker on a point (:meth:`PlaySession.click_point`)."""
        return self._then_bots(self.session.click_point(point))

    def click_segment(self, segment: Edge, colored: bool | None = None) -> bool:
        """Build a rail for the human (:meth:`PlaySession.click_segment`)."""
        return self._then_bots(self.session.click_segment(segment, colored))

    def end_turn(self) -> bool:
        """End the human's turn (:meth:`PlaySession.end_turn`)."""
        return self._then_bots(self.session.end_turn())

    def next_round(self) -> bool:
        """Deal the next round (:meth:`PlaySession.next_round`)."""
        return self._then_bots(self.session.next_round())

    def play(self, action: Action) -> bool:
        """Play an action for the human on turn (:meth:`PlaySession.play`)."""
        return self._then_bots(self.session.play(action))

    def hint(self) -> Completion | None:
        """Show the human's cheapest finish, dashed (:meth:`PlaySession.hint`).

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], seed=1, delay=0)
        >>> play.click_point((1, 1))
        True
        >>> tip = play.hint()
        >>> tip.cost == play.state.missing_rails(0) == play.view.sources["tree"].data["total"][0]
        True
        """
        return self.session.hint()

    def step(self) -> Action | None:
        """Play one bot move (:meth:`PlaySession.step`); ``None`` when no bot is on turn.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["random", "human"], delay=None)
        >>> play.step()
        PlaceMarker(point=...)
        >>> play.step() is None, play.state.to_play
        (True, 1)
        """
        return self.session.step()

    def play_bots(self) -> int:
        """Play bot moves until a human is on turn or the game is over; how many were played.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["random", "random"], delay=None)
        >>> play.play_bots() > 0, play.state.phase
        (True, 'game_over')
        """
        self._cancel()
        return self.session.run()

    # ------------------------------------------------------------------ when the bots move

    def _then_bots(self, played: bool) -> bool:
        if played:
            self._schedule()
        return played

    def _schedule(self) -> None:
        """Let the bots answer: at once, after ``delay`` seconds each (on the kernel's event
        loop, where the widgets are changed), or on "Bot move"."""
        if self._pending is not None or not self.session.bot_on_turn or self.delay is None:
            return
        loop = _running_loop()
        if self.delay <= 0 or loop is None:
            self.session.run()
            return
        self._pending = loop.call_later(self.delay, self._tick)

    def _tick(self) -> None:
        self._pending = None
        try:
            self.session.step()
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
        if change.what & {"game", "state", "hint"}:
            self._draw_board()
        self._refresh_text()

    def _draw_board(self) -> None:
        """Redraw the board: the state, the hand on show, the hint."""
        state, view = self.state, self.view
        if state is None:
            view.update(None)
            view.show_hands({})
            view.show_tree(None)
            return
        view.update(state, turn=self.session.turn_rails)
        if state.phase in ("round_over", "game_over") and state.results:
            result = state.results[-1]
            view.show_hands(result.hands)
            view.set_missing(list(result.missing))
        else:
            viewer = self.viewer()
            view.show_hands({} if viewer is None else {viewer: state.hands[viewer]})
            view.set_missing([])
        hint = self.session.hint_completion
        if hint is None:
            view.show_tree(None)
        else:
            view.show_tree(hint[1], hint[0])

    @property
    def widget(self) -> Any:
        """The ipywidgets box: setup, board, buttons, hand, log and scores (built once)."""
        if self._root is None:
            self._root = self._build()
            self._refresh_text()
        return self._root

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        from workbench.ui.render import bokehjs_once

        display(HTML(bokehjs_once()))  # the board's view needs BokehJS on the page, offline
        display(self.widget)

    def _build(self) -> Any:
        import ipywidgets as w
        from jupyter_bokeh.widgets import BokehModel

        def narrow(width: int, label: int) -> dict[str, Any]:
            return {
                "layout": w.Layout(width=f"{width}px"),
                "style": {"description_width": f"{label}px"},
            }

        kinds = list(seat_kinds())
        n = len(self.seats)
        players = w.Dropdown(
            options=list(range(2, 7)), value=n, description="players", **narrow(130, 50)
        )
        seats = [
            w.Dropdown(
                options=kinds,
                value=self.seats[i] if i < n else kinds[-1],
                description=f"seat {i}",
                **narrow(160, 44),
            )
            for i in range(6)
        ]
        for i, d in enumerate(seats):
            d.layout.display = "" if i < n else "none"
        custom = "(custom)"
        preset = self.rules if isinstance(self.rules, str) else custom
        options = list(PRESETS) if preset != custom else [custom, *PRESETS]
        rules = w.Dropdown(options=options, value=preset, description="rules", **narrow(170, 36))
        cards = [
            ("no special card", ""),
            ("a card from the deck each round", DECK_CHOICE),
            *((c.name, cid) for cid, c in CARDS.items()),
        ]
        card = w.Dropdown(
            options=cards, value=self.card or "", description="card", **narrow(270, 34)
        )
        seed = w.BoundedIntText(
            value=self.seed, min=0, max=2**31 - 1, description="seed", **narrow(130, 34)
        )
        new = w.Button(description="New game", button_style="primary", icon="refresh")

        def on_players(change: dict[str, Any]) -> None:
            for i, d in enumerate(seats):
                d.layout.display = "" if i < change["new"] else "none"

        def on_new(_: Any) -> None:
            self.new_game(
                [d.value for d in seats[: players.value]],
                rules=self.rules if rules.value == custom else rules.value,
                card=card.value or None,
                seed=int(seed.value),
            )

        def on_step(_: Any) -> None:
            if self.step() is None:
                self.session.say("no bot is on turn")

        def on_colored(change: dict[str, Any]) -> None:
            self.session.colored = bool(change["new"])

        players.observe(on_players, names="value")
        new.on_click(on_new)
        end = w.Button(description="End turn", icon="check")
        end.on_click(lambda _: self.end_turn())
        hint = w.Button(description="Hint", icon="lightbulb-o")
        hint.on_click(lambda _: self.hint())
        nxt = w.Button(description="Next round", icon="forward")
        nxt.on_click(lambda _: self.next_round())
        step = w.Button(description="Bot move", icon="step-forward")
        step.on_click(on_step)
        colored = w.ToggleButton(description="Colored rail", value=self.session.colored)
        colored.observe(on_colored, names="value")
        board = BokehModel(self.view.figure)
        legend = w.HTML(legend_html(self.board), layout=w.Layout(width=f"{self.width}px"))
        board.add_class("wb-play-board")
        texts = {}
        for name in ("about", "status", "message", "hand", "log", "table", "scoring"):
            texts[name] = w.HTML()
            texts[name].add_class(f"wb-play-{name}")
        texts["log"].layout = w.Layout(width="290px")
        choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._widgets = {
            "players": players, "seats": seats, "rules": rules, "card": card, "seed": seed,
            "new": new, "end": end, "hint": hint, "next": nxt, "step": step,
            "colored": colored, "board": board, "choices": choices, **texts,
        }  # fmt: skip
        wrap = w.Layout(flex_flow="row wrap")
        side = w.VBox(
            [
                texts["status"],
                texts["message"],
                w.HBox([end, hint, nxt, step, colored], layout=wrap),
                choices,
                texts["hand"],
                w.HTML("<b>Moves</b> (newest at the bottom)"),
                texts["log"],
                texts["scoring"],
            ],
            layout=w.Layout(width="300px", margin="0 0 0 10px"),
        )
        root = w.VBox(
            [
                w.HTML(_CSS),
                w.HBox([players, *seats, rules, card, seed, new], layout=wrap),
                texts["about"],
                w.HBox([w.VBox([board, legend]), side], layout=wrap),
                texts["table"],
            ]
        )
        root.add_class("wb-play")
        return root

    def _refresh_text(self) -> None:
        """Fill the widget's text panels and set its buttons (nothing before it is built)."""
        if not self._widgets:
            return
        import ipywidgets as w

        wd = self._widgets
        s = self.session
        state = self.state
        wd["about"].value = f"<span class='wb-info'>{html.escape(s.rules_text())}</span>"
        wd["status"].value = f"<b>{html.escape(self.status())}</b>"
        css = "wb-error" if s.message_kind == "error" else "wb-info"
        text = html.escape(self.message)
        wd["message"].value = f"<div class='{css}'>{text}</div>" if self.message else ""
        wd["hand"].value = self._hand_html()
        lines = "".join(
            f"<div class='wb-log-line'>{html.escape(line)}</div>" for line in self.log[-200:]
        )
        # the scroll box runs bottom-up (column-reverse): it opens on the newest line
        wd["log"].value = f"<div class='wb-log-scroll'><div>{lines}</div></div>"
        wd["table"].value = self._table_html()
        wd["scoring"].value = self._scoring_html()
        seat = state.to_play if state is not None else None
        human = seat is not None and seat in self.humans
        wd["end"].disabled = not (human and state is not None and bool(state.placed))
        wd["hint"].disabled = self.viewer() is None or state is None
        wd["next"].disabled = state is None or state.phase != "round_over"
        wd["step"].layout.display = "" if self.delay is None else "none"
        has_colored = self.game is not None and self.game.rules.colored_rails > 0
        wd["colored"].layout.display = "" if has_colored else "none"
        choices = self.choices()
        if [b.tooltip for b in wd["choices"].children] != [str(a) for a in choices]:
            buttons = []
            for action in choices:
                button = w.Button(
                    description=describe_action(action, self.board), tooltip=str(action)
                )
                button.on_click(lambda _, a=action: self.play(a))
                buttons.append(button)
            wd["choices"].children = buttons

    def _chips(self, names: Sequence[str], joined: frozenset[Point] = frozenset()) -> str:
        fills = {c.name: c.fill for c in self.board.colors}
        out = []
        for name in names:
            city = self.board.city(name)
            mark = " &#10003;" if city.at in joined else ""
            style = f"background:{fills.get(city.color, '#ffffff')}"
            out.append(f"<span class='wb-chip' style='{style}'>{html.escape(name)}{mark}</span>")
        return "".join(out)

    def _hand_html(self) -> str:
        state, seat = self.state, self.viewer()
        if state is None or seat is None or state.phase in ("round_over", "game_over"):
            return ""
        swatch = f"<span class='wb-swatch' style='background:{player_color(seat)}'></span>"
        who = html.escape(self.session.who(seat))
        chips = self._chips(state.hands[seat], state.network(seat))
        shown = ""
        revealed = getattr(state, "revealed", None)  # cards every player shows face up
        if callable(revealed):
            faces = [
                f"seat {s}: {self._chips(cards)}"
                for s, cards in enumerate(revealed())
                if cards and s != seat
            ]
            if faces:
                shown = "<br><b>Face up</b> " + " ".join(faces)
        return f"<div>{swatch}<b>Cities of {who}</b> (&#10003;: joined)<br>{chips}{shown}</div>"

    def _scoring_html(self, open_: bool = False) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(what)}</td><td><b>{html.escape(points)}</b></td></tr>"
            for what, points in self.session.scoring()
        )
        if not rows:
            return ""
        rules = state_rules(self.state) if self.state is not None else None
        name = html.escape(rules.name) if rules is not None else ""
        return (
            f"<details class='wb-scoring'{' open' if open_ else ''}><summary>Scoring in force"
            f" ({name})</summary><table class='wb-scoring-table'>{rows}</table></details>"
        )

    def _table_html(self) -> str:
        state = self.state
        table = self.session.table()
        if state is None or table is None:
            return ""
        result = state.results[-1]
        rows = []
        for record in table.to_dict("records"):
            seat = int(record["seat"])
            swatch = f"<span class='wb-swatch' style='background:{player_color(seat)}'></span>"
            missing = int(record["missing rails"])
            cells = [
                f"{swatch}{seat}",
                html.escape(str(record["player"])),
                self._chips(result.hands[seat]),
                "cannot join" if missing < 0 else str(missing),
                f"{int(record['points']):+d}",
                str(int(record["score"])),
            ]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in table.columns)
        return (
            f"<b>Round {result.round}: the hands revealed</b>"
            f"<table class='wb-score'><tr>{head}</tr>{''.join(rows)}</table>"
            f"{self._scoring_html(open_=True)}"
        )

    def __repr__(self) -> str:
        return f"<PlayRound on {self.board.name!r}: seats {list(self.seats)}, {self.state!r}>"
