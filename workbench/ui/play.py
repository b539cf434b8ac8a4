"""Play Trans Europa in Jupyter: a round or a whole game, against bots or hot-seat humans.

:class:`PlayRound` is the widget of a :class:`~workbench.session.play.PlaySession`, built
on the play widgets' shared base (:class:`~workbench.ui._play_base.PlayWidget`: the seats
row, status line, message, Hint and Bot move, the bots' pace, the log, Save and Load). Its
own view is the session's state drawn with a :class:`~workbench.ui.boardview.BoardView`
wrapped in a ``jupyter_bokeh`` ``BokehModel``; clicks become session calls:

* a tap on the board is :meth:`PlaySession.tap` (the nearest point while markers are placed,
  the segment under it while rails are built); an illegal one shows the engine's
  :class:`~workbench.exceptions.IllegalActionError` message and changes nothing;
* buttons end the turn, show a hint (your cheapest completion, drawn dashed, and its cost),
  start the next round, and set up a new game (seats, rule preset, special card, seed);
  a game is saved and loaded again by its file name;
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

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from workbench.analysis.costs import Completion
from workbench.games.trans_europa import CARDS, Action, Rules
from workbench.games.trans_europa import TransEuropa as Game
from workbench.games.trans_europa import TransEuropaState as State
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
from workbench.ui._play_base import PlayWidget, narrow
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


class PlayRound(PlayWidget):
    """A game on ``board`` to play in a notebook: you (or several people) against bots.

    Parameters
    ----------
    board : Board
    seats : sequence of str, optional
        One entry per seat (2 to 6): :data:`HUMAN` or a bot name from
        :func:`seat_kinds`. Seat 0 starts the first round.
    rules : str or Rules, optional
        A preset name from :data:`workbench.games.trans_europa.PRESETS`, or rules.
    card : str, optional
        A special card id (:data:`workbench.games.trans_europa.CARDS`) in force for the whole game.
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

    prefix = "wb-play"
    side_width = 300
    save_name = "trans_europa_game.json"
    session: PlaySession

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
        self.width = width
        self.view = BoardView(board, width=width, title=board.name)
        self.view.on_tap(self.tap)
        session = PlaySession(board, seats, rules=rules, card=card, seed=seed, bot_seed=bot_seed)
        super().__init__(session, delay)
        self._start()

    # ------------------------------------------------------------------ the session's state

    @property
    def rules(self) -> str | Rules:
        """The rule preset's name, or the rules."""
        return self.session.rules

    @property
    def card(self) -> str | None:
        """The special card in force, :data:`DECK_CHOICE`, or ``None``."""
        return self.session.card

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
    def colored(self) -> bool:
        """Whether a tap builds a colored rail (the "Colored rail" toggle)."""
        return self.session.colored

    @colored.setter
    def colored(self, value: bool) -> None:
        self.session.colored = bool(value)

    # ------------------------------------------------------------------ the session's actions

    def new_game(  # type: ignore[override]
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
        super().new_game(seats, rules=rules, card=card, seed=seed, bot_seed=bot_seed)

    def tap(self, x: float, y: float) -> bool:
        """Play what a tap on the board means (:meth:`PlaySession.tap`); the board calls this."""
        return bool(self._call(self.session.tap, x, y))

    def click_point(self, point: Point) -> bool:
        """Put the human's marker on a point (:meth:`PlaySession.click_point`)."""
        return bool(self._call(self.session.click_point, point))

    def click_segment(self, segment: Edge, colored: bool | None = None) -> bool:
        """Build a rail for the human (:meth:`PlaySession.click_segment`)."""
        return bool(self._call(self.session.click_segment, segment, colored))

    def end_turn(self) -> bool:
        """End the human's turn (:meth:`PlaySession.end_turn`)."""
        return bool(self._call(self.session.end_turn))

    def next_round(self) -> bool:
        """Deal the next round (:meth:`PlaySession.next_round`)."""
        return bool(self._call(self.session.next_round))

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
        tip: Completion | None = self._call(self.session.hint)
        return tip

    def can_hint(self) -> bool:
        return self.viewer() is not None and self.state is not None

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
        action: Action | None = super().step()
        return action

    def play_bots(self) -> int:
        """Play bot moves until a human is on turn or the game is over; how many were played.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["random", "random"], delay=None)
        >>> play.play_bots() > 0, play.state.phase
        (True, 'game_over')
        """
        return super().play_bots()

    # ------------------------------------------------------------------ drawing

    def draw(self) -> None:
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

    def setup_widgets(self) -> dict[str, Any]:
        import ipywidgets as w

        cards = [
            ("no special card", ""),
            ("a card from the deck each round", DECK_CHOICE),
            *((c.name, cid) for cid, c in CARDS.items()),
        ]
        card = w.Dropdown(
            options=cards, value=self.card or "", description="card", **narrow(270, 34)
        )
        self._widgets["card"] = card
        return {"card": card}

    def setup_values(self) -> dict[str, Any]:
        return {"card": self._widgets["card"].value or None}

    def buttons(self) -> list[Any]:
        import ipywidgets as w

        end = self._part(w.Button(description="End turn", icon="check"), "end")
        end.on_click(lambda _: self.end_turn())
        nxt = self._part(w.Button(description="Next round", icon="forward"), "next")
        nxt.on_click(lambda _: self.next_round())
        colored = self._part(
            w.ToggleButton(description="Colored rail", value=self.session.colored), "colored"
        )

        def on_colored(change: dict[str, Any]) -> None:
            self.session.colored = bool(change["new"])

        colored.observe(on_colored, names="value")
        return [end, nxt, colored]

    def build_view(self) -> tuple[list[Any], list[Any], list[Any]]:
        import ipywidgets as w
        from jupyter_bokeh.widgets import BokehModel

        board = self._part(BokehModel(self.view.figure), "board")
        legend = w.HTML(legend_html(self.board), layout=w.Layout(width=f"{self.width}px"))
        about = self._part(w.HTML(layout=w.Layout(width=f"{self.width}px")), "about")
        choices = self._part(w.HBox(layout=w.Layout(flex_flow="row wrap")), "choices")
        hand = self._part(w.HTML(), "hand")
        scoring = self._part(w.HTML(), "scoring")
        table = self._part(w.HTML(), "table")
        return [about, board, legend], [choices, hand, scoring], [table]

    def refresh_view(self) -> None:
        """Fill the board's texts (rules, hand, scoring, round table) and set its buttons."""
        import ipywidgets as w

        wd = self._widgets
        s = self.session
        state = self.state
        wd["about"].value = f"<span class='wb-info'>{html.escape(s.rules_text())}</span>"
        wd["hand"].value = self._hand_html()
        wd["table"].value = self._table_html()
        wd["scoring"].value = self._scoring_html()
        seat = state.to_play if state is not None else None
        human = seat is not None and seat in self.humans
        wd["end"].disabled = not (human and state is not None and bool(state.placed))
        wd["next"].disabled = state is None or state.phase != "round_over"
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
