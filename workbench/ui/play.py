"""Play Trans Europa in Jupyter: a round or a whole game, against bots or hot-seat humans.

:class:`PlayRound` is a thin widget over the engine. It keeps a
:class:`~workbench.engine.State`, draws it with a :class:`~workbench.ui.boardview.BoardView`
wrapped in a ``jupyter_bokeh`` ``BokehModel``, and turns clicks into actions:

* a tap on the board is mapped to the nearest point (:meth:`Board.nearest_point`) while
  markers are placed, and to the segment under it (:meth:`Board.segment_at`) while rails are
  built; the action goes to :meth:`State.apply`, and an illegal one shows the engine's
  :class:`~workbench.exceptions.IllegalActionError` message and changes nothing;
* buttons end the turn, show a hint (your cheapest completion, drawn dashed, and its cost),
  start the next round, and set up a new game (seats, rule preset, special card, seed);
* bots (any name of :data:`workbench.bots.BOTS`) answer one move at a time, ``delay``
  seconds apart, so their moves can be followed; ``delay=0`` plays them at once and
  ``delay=None`` waits for the "Bot move" button;
* when a round ends, every hand is revealed with the scoring table.

Everything the widget does is a method you can call from Python, which is how the tests and
the notebooks drive it: :meth:`PlayRound.click_point`, :meth:`PlayRound.click_segment`,
:meth:`PlayRound.end_turn`, :meth:`PlayRound.hint`, :meth:`PlayRound.next_round`,
:meth:`PlayRound.step`; read :attr:`PlayRound.state`, :attr:`PlayRound.log` and
:attr:`PlayRound.message`. The widget's callbacks call the same methods.
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from workbench.analysis.costs import Completion, missing_rails
from workbench.analysis.routes import start_heatmap
from workbench.bots import BOTS, Bot, bot_rngs
from workbench.engine import (
    Action,
    EndTurn,
    Game,
    NextRound,
    PlaceMarker,
    PlaceRail,
    RoundResult,
    State,
)
from workbench.exceptions import IllegalActionError, InfeasibleError
from workbench.maps.lattice import edge, plane_xy, point_name
from workbench.rules import CARDS, DECK, PRESETS, Rules, apply_cards
from workbench.rules import card as special_card
from workbench.ui.boardview import BoardView, player_color

if TYPE_CHECKING:
    from workbench.maps.board import Board
    from workbench.maps.lattice import Edge, Point

__all__ = [
    "DECK_CHOICE",
    "HUMAN",
    "PlayRound",
    "completion",
    "describe_action",
    "describe_rules",
    "make_game",
    "round_cards",
    "round_rules",
    "round_table",
    "seat_kinds",
    "state_rules",
]

HUMAN = "human"
"""The seat kind of a person at the screen (several humans play hot-seat)."""
DECK_CHOICE = "deck"
"""The ``card`` that turns over a special card of the rulebook's deck each round."""

POINT_REACH = 0.5
"""How far from a point (plane units; neighbours are 1 apart) a tap still picks it."""
SEGMENT_REACH = 0.35
"""How far from a segment (plane units) a tap still picks it."""
MAX_BOT_MOVES = 100_000
"""A guard for :meth:`PlayRound.play_bots`: a game of bots ends long before this."""


def seat_kinds() -> tuple[str, ...]:
    """What a seat can be: :data:`HUMAN`, or any bot in :data:`workbench.bots.BOTS` now.

    Examples
    --------
    >>> seat_kinds()[:2]
    ('human', 'random')
    """
    return (HUMAN, *BOTS)


def make_game(
    board: Board,
    players: int,
    rules: str | Rules = "rulebook",
    card: str | None = None,
    seed: int = 0,
) -> Game:
    """A game under a rule preset (or rules) with, optionally, one special card in force.

    The card is first offered to the engine as the game's only special card for every round
    (``special_cards=(card,), card_mode="fixed"``); if the engine does not take that, its
    effect is applied to the rules (:func:`~workbench.rules.apply_cards`). ``card="deck"``
    turns over a card of the rulebook's deck each round instead. When the engine plays none
    of that, the engine's own ``ValueError`` is raised, saying what it does not play.

    Parameters
    ----------
    board : Board
    players : int
    rules : str or Rules, optional
        A name from :data:`workbench.rules.PRESETS`, or rules.
    card : str, optional
        A special card id from :data:`workbench.rules.CARDS`, or ``"deck"``.
    seed : int, optional
        The game's seed (the deal of every round).

    Examples
    --------
    >>> from workbench import load_map
    >>> game = make_game(load_map("maps/tiny.yaml"), 2, "rulebook", "water_single", seed=3)
    >>> round_rules(game, 1).double_cost_map["water"], game.seed
    (1, 3)
    """
    base = PRESETS[rules] if isinstance(rules, str) else rules
    if card is None:
        return Game(board, base, players=players, seed=seed)
    if card == DECK_CHOICE:
        return Game(board, base.replace(special_cards=DECK), players=players, seed=seed)
    special_card(card)  # a KeyError naming close matches, before the engine's message
    errors: list[ValueError] = []
    for attempt in (
        lambda: base.replace(special_cards=(card,), card_mode="fixed"),
        lambda: apply_cards(base, [card]),
    ):
        try:
            return Game(board, attempt(), players=players, seed=seed)
        except ValueError as error:
            errors.append(error)
    raise errors[-1]


def round_rules(game: Game, round: int) -> Rules:
    """The rules of round ``round``: the game's, with the round's special cards applied.

    Examples
    --------
    >>> from workbench import load_map
    >>> round_rules(Game(load_map("maps/tiny.yaml"), players=2), 1).name
    'rulebook'
    """
    per_round = getattr(game, "round_rules", None)
    return per_round(round) if callable(per_round) else game.rules


def round_cards(game: Game, round: int) -> tuple[str, ...]:
    """The special cards that rule round ``round`` (ids); ``()`` without special cards.

    Examples
    --------
    >>> from workbench import load_map
    >>> round_cards(make_game(load_map("maps/tiny.yaml"), 2, card="rhythm"), 1)
    ('rhythm',)
    """
    cards = getattr(game, "round_cards", None)
    if callable(cards):
        return tuple(cards(round))
    return tuple(game.rules.special_cards)


def describe_rules(rules: Rules, card: str | None = None) -> str:
    """One line on the rules in force: scoring, rails a turn, doubles, and the special card.

    Examples
    --------
    >>> describe_rules(PRESETS["rulebook"])
    'rulebook: first to 13 points; a round won is worth 4, the others score by missing rails; \
2 singles or 1 double a turn; a double costs 2 rails; 85 rails in the box'
    >>> describe_rules(PRESETS["countdown"], "water_single").split("; ")[-1]
    'special card: Water is flat (a double over water costs one rail, to build and in the \
missing count.)'
    """
    if rules.scoring == "countdown":
        scoring = (
            f"everyone starts at {rules.countdown_start} and loses a point per missing rail; "
            "the game ends when someone reaches 0"
        )
    else:
        scoring = (
            f"first to {rules.target} points; a round won is worth {rules.winner_points}, "
            "the others score by missing rails"
        )
    costs = sorted(set(rules.double_cost_map.values()))
    doubles = (
        f"a double costs {costs[0]} rail{'s' if costs[0] != 1 else ''}"
        if len(costs) == 1
        else "doubles cost "
        + ", ".join(f"{n} over {t}" for t, n in sorted(rules.double_cost_map.items()))
    )
    parts = [
        f"{rules.name}: {scoring}",
        f"{rules.singles_per_turn} singles or {rules.doubles_per_turn} double a turn",
        doubles,
        f"{rules.rail_supply} rails in the box",
    ]
    if rules.colored_rails:
        parts.append(f"{rules.colored_rails} colored rails each")
    if card == DECK_CHOICE:
        parts.append("a special card from the deck each round")
    elif card is not None:
        c = CARDS[card]
        parts.append(f"special card: {c.name} ({c.description[0].lower()}{c.description[1:]})")
    return "; ".join(parts)


def describe_action(action: Action, board: Board, secret: bool = False) -> str:
    """An action in words, with city names where the points have cities.

    A card put back or passed (the hand-exchange special cards) is named unless ``secret``:
    a log everyone reads must not show another player's cards.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> describe_action(PlaceMarker((1, 1)), board)
    'start marker on Alder [1, 1]'
    >>> describe_action(PlaceRail(((1, 1), (2, 1))), board)
    'rail Alder [1, 1] - [2, 1]'
    >>> describe_action(EndTurn(), board), describe_action(NextRound(), board)
    ('ends the turn', 'starts the next round')
    """
    if isinstance(action, PlaceMarker):
        return f"start marker on {_point_label(board, action.point)}"
    if isinstance(action, PlaceRail):
        a, b = action.segment
        kind = "colored rail" if getattr(action, "colored", False) else "rail"
        return f"{kind} {_point_label(board, a)} - {_point_label(board, b)}"
    if isinstance(action, EndTurn):
        return "ends the turn"
    if isinstance(action, NextRound):
        return "starts the next round"
    city = getattr(action, "city", None)
    if isinstance(city, str):
        card = "a card" if secret else city
        if type(action).__name__ == "Discard":
            return f"puts back {card}"
        if type(action).__name__ == "PassCard":
            return f"passes {card} to the left"
        return f"{type(action).__name__} {card}"
    return str(action)


def _point_label(board: Board, p: Point) -> str:
    city = board.city_at(p)
    return point_name(p) if city is None else f"{city.name} {point_name(p)}"


def round_table(result: RoundResult, names: Sequence[str]) -> pd.DataFrame:
    """The scoring table of a round: each seat's hand, missing rails, points and score.

    Parameters
    ----------
    result : RoundResult
        A scored round (``state.results[-1]``).
    names : sequence of str
        What to call each seat (``"you"``, a bot's name, ...).

    Examples
    --------
    >>> r = RoundResult(1, 0, (("Alder",), ("Birch",)), ((1, 1), (7, 4)), (), "complete",
    ...                 (0, 3), (4, 1), (4, 1))
    >>> round_table(r, ["you", "random"]).to_dict("records")[1]
    {'seat': 1, 'player': 'random', 'hand': 'Birch', 'missing rails': 3, 'points': 1, \
'score': 1}
    """
    rows = []
    for seat, hand in enumerate(result.hands):
        missing = result.missing[seat]
        rows.append(
            {
                "seat": seat,
                "player": names[seat] if seat < len(names) else f"seat {seat}",
                "hand": ", ".join(hand),
                "missing rails": -1 if missing is None else missing,
                "points": result.points[seat],
                "score": result.scores[seat],
            }
        )
    return pd.DataFrame(rows)


def state_rules(state: State) -> Rules:
    """The rules of the round ``state`` is in (special cards applied).

    Examples
    --------
    >>> from workbench import load_map
    >>> state = make_game(load_map("maps/tiny.yaml"), 2, card="water_single").new_state()
    >>> state_rules(state).double_cost_map["water"]
    1
    """
    rules = getattr(state, "round_rules", None)
    return rules if isinstance(rules, Rules) else round_rules(state.game, state.round)


def completion(state: State, seat: int, start: Point | None = None) -> Completion:
    """One cheapest way for ``seat`` to join its cities from ``start`` (its marker by default).

    The rails count as the engine counts them for that seat: rails it may use cost 0, other
    players' colored rails are closed to it (unless that cuts a city off: then they count
    as absent), doubles cost what the round's rules say
    (:func:`~workbench.analysis.costs.missing_rails`).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.engine import Game
    >>> state = Game(load_map("maps/tiny.yaml"), players=2, seed=1).new_state()
    >>> state.apply(PlaceMarker((1, 1)))
    >>> best = missing_rails(state.game.board, [], (1, 1), state.hands[0])
    >>> completion(state, 0) == best
    True
    """
    board, hand = state.game.board, state.hands[seat]
    marker = start if start is not None else state.markers[seat]
    if marker is None:
        raise ValueError(f"seat {seat} has no marker yet: give a start point")
    cost = state_rules(state).double_cost_map
    per_seat = getattr(state, "seat_rails", None)
    if not callable(per_seat):
        return missing_rails(board, _rail_keys(state), marker, hand, cost)
    view = per_seat(seat)
    extra: dict[str, Any] = {}
    if view.blocked:
        extra["blocked"] = sorted(view.blocked)
    if view.costs:
        extra["costs"] = dict(view.costs)
    try:
        return missing_rails(board, view.rails, marker, hand, cost, **extra)
    except InfeasibleError:  # the blocked rails cut a city off: count them as absent
        extra.pop("blocked", None)
        return missing_rails(board, view.rails, marker, hand, cost, **extra)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running this thread (a Jupyter kernel's), or ``None`` (a script)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _supports_colored() -> bool:
    return any(f.name == "colored" for f in dataclasses.fields(PlaceRail))


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
.wb-play-log { max-height: 240px; overflow-y: auto; border: 1px solid #ddd;
  padding: 2px 6px; background: #fafafa; font-size: 12px; line-height: 1.35; }
.wb-play-log div { padding-left: 1em; text-indent: -1em; }
</style>"""


class PlayRound:
    """A game on ``board`` to play in a notebook: you (or several people) against bots.

    Parameters
    ----------
    board : Board
    seats : sequence of str, optional
        One entry per seat (2 to 6): :data:`HUMAN` or a bot name from
        :data:`workbench.bots.BOTS`. Seat 0 starts the first round.
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
    board : Board
    seats : tuple of str
    game : Game or None
        ``None`` when the engine refused the rules (see :attr:`error`).
    state : State or None
    error : str or None
        Why no game could be made (the engine's message), else ``None``.
    log : list of str
        The moves so far, one line each, in words.
    message : str
        The last thing the widget said: why a click was illegal, a hint, or whose turn.
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
        self.board = board
        self.delay = delay
        self.width = width
        self.view = BoardView(board, width=width, title=board.name)
        self.view.on_tap(self.tap)
        self.game: Game | None = None
        self.state: State | None = None
        self.error: str | None = None
        self.log: list[str] = []
        self.message = ""
        self.colored = False
        self._bots: dict[int, Bot] = {}
        self._pending: asyncio.TimerHandle | None = None
        self._turn: tuple[int, list[Edge]] = (0, [])
        self._hint: Completion | None = None
        self._widgets: dict[str, Any] = {}
        self._root: Any = None
        self._error = False
        self.new_game(seats, rules=rules, card=card, seed=seed, bot_seed=bot_seed)

    # ------------------------------------------------------------------ setting up

    def new_game(
        self,
        seats: Sequence[str] | None = None,
        *,
        rules: str | Rules | None = None,
        card: str | None = "",
        seed: int | None = None,
        bot_seed: int | None = None,
    ) -> None:
        """Start a new game; arguments left out keep their current value.

        ``card=None`` plays without a special card. A game the engine refuses (rules it
        does not play yet) leaves :attr:`state` ``None`` and its reason in :attr:`error`.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> play.new_game(["human", "human"], seed=5)
        >>> play.seats, play.game.seed, play.state.to_play
        (('human', 'human'), 5, 0)
        """
        if seats is not None:
            kinds = seat_kinds()
            for kind in seats:
                if kind not in kinds:
                    raise ValueError(f"seat kind {kind!r} is unknown: use one of {kinds}")
            self.seats = tuple(seats)
        if rules is not None:
            self.rules = rules
        if card != "":
            if card is not None and card != DECK_CHOICE:
                special_card(card)  # a KeyError naming close matches
            self.card = card
        if seed is not None:
            self.seed = seed
        if bot_seed is not None:
            self.bot_seed = bot_seed
        self._cancel()
        self.log = []
        self._turn = (0, [])
        self._hint = None
        self.error = None
        self.game = self.state = None
        try:
            self.game = make_game(self.board, len(self.seats), self.rules, self.card, self.seed)
        except ValueError as error:
            self.error = str(error)
            self.message = f"This game cannot start: {error}"
            self._refresh()
            return
        rngs = bot_rngs(self.bot_seed, self.game.players)
        self._bots = {
            seat: BOTS[kind](self.board, self.game.rules, self.game.players, seat, rngs[seat])
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN
        }
        self.state = self.game.new_state()
        self.log.append(f"round 1: seat {self.state.starter} starts")
        self.message = ""
        self._refresh()
        self._schedule()

    # ------------------------------------------------------------------ who is who

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people."""
        return tuple(i for i, kind in enumerate(self.seats) if kind == HUMAN)

    def name(self, seat: int) -> str:
        """What to call ``seat``: ``"you"`` (the only human), ``"human"``, or a bot's name.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> play.name(0), play.name(1)
        ('you', 'random')
        """
        kind = self.seats[seat]
        if kind == HUMAN:
            return "you" if len(self.humans) == 1 else "human"
        return kind

    def _who(self, seat: int) -> str:
        return f"seat {seat} ({self.name(seat)})"

    def viewer(self) -> int | None:
        """The human whose hand is shown: the one on turn, or the only human; else ``None``.

        Examples
        --------
        >>> from workbench import load_map
        >>> PlayRound(load_map("maps/tiny.yaml"), ["random", "human"], delay=0).viewer()
        1
        """
        state = self.state
        if state is not None and state.to_play is not None and state.to_play in self.humans:
            return state.to_play
        return self.humans[0] if len(self.humans) == 1 else None

    # ------------------------------------------------------------------ human moves

    def tap(self, x: float, y: float) -> bool:
        """Play what a tap at plane point ``(x, y)`` means now; the board calls this.

        While markers are placed, the nearest point (within :data:`POINT_REACH`) gets the
        marker; while rails are built, the segment under the tap (within
        :data:`SEGMENT_REACH`) gets a rail. Returns whether something was played.

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.maps.lattice import plane_xy
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> x, y = plane_xy((1, 1))
        >>> play.tap(x + 0.1, y - 0.1), play.state.markers[0]
        (True, (1, 1))
        """
        state = self.state
        if state is None:
            return self._say(self.message or "there is no game: press New game", error=True)
        if state.phase == "markers":
            p = self.board.nearest_point(x, y)
            if p is None or math.dist(plane_xy(p), (x, y)) > POINT_REACH:
                return self._say("tap on a point of the board to put your marker there", True)
            return self.click_point(p)
        if state.phase == "build":
            s = self.board.segment_at(x, y, tolerance=SEGMENT_REACH)
            if s is None:
                return self._say("tap on a segment (a line between two points) to build", True)
            return self.click_segment(s.between)
        if state.phase == "round_over":
            return self._say("the round is over: press Next round", error=True)
        if state.phase == "game_over":
            return self._say("the game is over: press New game to play again", error=True)
        return self._say("choose with the buttons under the board", error=True)

    def click_point(self, point: Point) -> bool:
        """Put the start marker of the human on turn on ``point``; whether it was played.

        An illegal move changes nothing and leaves the engine's reason in :attr:`message`.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "human"], delay=0)
        >>> play.click_point((1, 1)), play.click_point((1, 1))
        (True, False)
        >>> play.message
        'round 1, turn 2, seat 1: M 1,1 is taken by the marker of seat 0'
        """
        return self.play(PlaceMarker((int(point[0]), int(point[1]))))

    def click_segment(self, segment: Edge, colored: bool | None = None) -> bool:
        """Build a rail on ``segment`` for the human on turn; whether it was played.

        ``colored=True`` (or the "Colored rail" toggle) places one of the player's colored
        rails, when the rules have them.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> play.click_point((1, 1)), play.click_segment(((2, 1), (1, 1)))
        (True, True)
        >>> sorted(play.state.rails)
        [((1, 1), (2, 1))]
        """
        colored = self.colored if colored is None else colored
        (c0, r0), (c1, r1) = segment
        key = edge((int(c0), int(r0)), (int(c1), int(r1)))
        if not colored:
            return self.play(PlaceRail(key))
        if not _supports_colored():
            return self._say("this engine has no colored rails yet: build a black rail", True)
        return self.play(PlaceRail(key, colored=True))  # type: ignore[call-arg,unused-ignore]

    def end_turn(self) -> bool:
        """End the turn of the human on turn (after at least one rail); whether it was played.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> play.click_point((1, 1)), play.end_turn()
        (True, False)
        >>> play.message
        'round 1, turn 1, seat 0: E ends a turn without a rail: place at least one'
        """
        return self.play(EndTurn())

    def next_round(self) -> bool:
        """Deal the next round once a round is scored; whether it was played.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> play.next_round()
        False
        >>> play.message
        'the round is not over yet'
        """
        state = self.state
        if state is None or state.phase != "round_over":
            return self._say("the round is not over yet", error=True)
        self._apply(NextRound(), None)
        self._schedule()
        return True

    def play(self, action: Action) -> bool:
        """Play ``action`` for the human on turn; whether it was played.

        Every click comes here. It is refused, with the reason in :attr:`message`, when no
        human is on turn or the engine finds it illegal; the state is then unchanged.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0)
        >>> play.play(PlaceMarker((0, 0))), play.state.markers[0]
        (True, (0, 0))
        """
        state = self.state
        if state is None:
            return self._say(self.message or "there is no game: press New game", error=True)
        seat = state.to_play
        if seat is None:
            if state.phase == "game_over":
                return self._say("the game is over: press New game to play again", error=True)
            return self._say("the round is over: press Next round", error=True)
        if seat not in self.humans:
            return self._say(f"wait: {self._who(seat)} is playing", error=True)
        try:
            self._apply(action, seat)
        except IllegalActionError as error:
            return self._say(str(error), error=True)
        self._schedule()
        return True

    def hint(self) -> Completion | None:
        """Show the cheapest way for the human to finish, dashed on the board, and its cost.

        Before the marker is down, the hint is the best free start point (the cheapest
        finish, :func:`~workbench.analysis.start_heatmap`) and the completion from there.
        The hint stays until the next move. Returns the completion (``None`` when there is
        no human to help or nothing to compute).

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], seed=1, delay=0)
        >>> tip = play.hint()
        >>> play.click_point((1, 1))
        True
        >>> tip = play.hint()
        >>> tip.cost == play.state.missing_rails(0) == play.view.sources["tree"].data["total"][0]
        True
        """
        state, seat = self.state, self.viewer()
        if state is None or seat is None:
            self._say("there is no human hand to help", error=True)
            return None
        if state.phase not in ("markers", "build"):
            self._say("hints are for markers and rails: the round is not being played", True)
            return None
        game = state.game
        hand = state.hands[seat]
        marker = state.markers[seat]
        if marker is None:
            cost = state_rules(state).double_cost_map
            heat = start_heatmap(self.board, hand, sorted(_rail_keys(state)), cost)
            free = set(game.marker_points) - set(state.markers)
            heat = heat[[p in free for p in heat.index]]
            if heat.empty or not math.isfinite(float(heat.min())):
                self._say("no free point joins your cities", error=True)
                return None
            found: Any = heat.idxmin()
            marker = (int(found[0]), int(found[1]))
            best = completion(state, seat, marker)
            text = (
                f"Hint for {self._who(seat)}: start at {_point_label(self.board, marker)}; "
                f"from there your cities take {best.cost} rails (dashed)."
            )
        else:
            best = completion(state, seat)
            text = (
                f"Hint for {self._who(seat)}: {best.cost} more rails join your cities; the "
                "dashed line is one cheapest way."
            )
        self._hint = best
        self.view.show_tree(best, seat)
        self._say(text)
        return best

    # ------------------------------------------------------------------ bots

    def step(self) -> Action | None:
        """Play one bot move (or, with bots only, the next round); the action or ``None``.

        ``None`` when a human is on turn or the game is over.

        Examples
        --------
        >>> from workbench import load_map
        >>> play = PlayRound(load_map("maps/tiny.yaml"), ["random", "human"], delay=None)
        >>> play.step()
        PlaceMarker(point=...)
        >>> play.step() is None, play.state.to_play
        (True, 1)
        """
        state = self.state
        if state is None:
            return None
        seat = state.to_play
        if seat is None:
            if state.phase == "round_over" and not self.humans:
                self._apply(NextRound(), None)
                return NextRound()
            return None
        bot = self._bots.get(seat)
        if bot is None:
            return None
        action = bot.act(state.observation(seat))
        self._apply(action, seat)
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
        self._cancel()
        for n in range(MAX_BOT_MOVES):
            if self.step() is None:
                return n
        raise RuntimeError(f"the bots did not stop within {MAX_BOT_MOVES} moves")

    def _bot_on_turn(self) -> bool:
        state = self.state
        if state is None or state.phase == "game_over":
            return False
        if state.to_play is None:
            return state.phase == "round_over" and not self.humans
        return state.to_play in self._bots

    def _schedule(self) -> None:
        """Let the bots answer: at once, after ``delay`` seconds each, or on "Bot move"."""
        if self._pending is not None or not self._bot_on_turn() or self.delay is None:
            return
        loop = _running_loop()
        if self.delay <= 0 or loop is None:
            self.play_bots()
            return
        self._pending = loop.call_later(self.delay, self._tick)

    def _tick(self) -> None:
        self._pending = None
        try:
            self.step()
        except Exception as error:  # a bot's failure is shown, not lost in the kernel's log
            self._say(f"the bot failed: {type(error).__name__}: {error}", error=True)
            return
        self._schedule()

    def _cancel(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # ------------------------------------------------------------------ applying

    def _apply(self, action: Action, seat: int | None) -> None:
        """Apply ``action`` (legal or raising), log it and redraw."""
        state = self.state
        assert state is not None
        first = not state.placed
        results = len(state.results)
        state.apply(action, player=seat)
        self._hint = None
        self.view.show_tree(None)
        if isinstance(action, PlaceRail) and seat is not None:
            rails = [] if first or self._turn[0] != seat else self._turn[1]
            self._turn = (seat, [*rails, action.segment])
        who = "table" if seat is None else self._who(seat)
        secret = seat is None or seat not in self.humans or len(self.humans) > 1
        self.log.append(f"{who}: {describe_action(action, self.board, secret)}")
        if isinstance(action, NextRound):
            self._turn = (0, [])
            self.log.append(f"round {state.round}: seat {state.starter} starts")
        if len(state.results) > results:
            self._log_result(state.results[-1])
        self.message = ""
        self._refresh()

    def _log_result(self, result: RoundResult) -> None:
        why = "the rails ran out" if result.reason == "supply" else "a network is complete"
        parts = []
        for seat, (missing, points) in enumerate(zip(result.missing, result.points, strict=True)):
            left = "done" if missing == 0 else f"{missing} missing"
            parts.append(f"seat {seat} {left}, {points:+d}")
        self.log.append(f"round {result.round} over ({why}): " + "; ".join(parts))
        state = self.state
        if state is not None and state.phase == "game_over":
            won = ", ".join(self._who(s) for s in state.winners)
            self.log.append(f"game over: {won} won with {max(state.scores)} points")

    def _say(self, text: str, error: bool = False) -> bool:
        self.message = text
        self._error = error
        self._refresh_text()
        return False

    # ------------------------------------------------------------------ drawing

    def _refresh(self) -> None:
        """Redraw the board and, once the widget exists, its panels."""
        state = self.state
        view = self.view
        if state is None:
            view.update(None)
            view.show_hands({})
        else:
            seat, rails = self._turn
            view.update(state, turn=(seat, rails))
            if state.phase in ("round_over", "game_over") and state.results:
                result = state.results[-1]
                view.show_hands(result.hands)
                view.set_missing(list(result.missing))
            else:
                viewer = self.viewer()
                view.show_hands({} if viewer is None else {viewer: state.hands[viewer]})
                view.set_missing([])
        self._error = self.message.startswith("This game cannot start")
        self._refresh_text()

    def status(self) -> str:
        """Whose turn it is and what they may do, in one line.

        Examples
        --------
        >>> from workbench import load_map
        >>> PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0).status()
        'Round 1: seat 0 (you) puts down a start marker: tap a free point.'
        """
        state = self.state
        if state is None:
            return "No game."
        seat = state.to_play
        if state.phase == "game_over":
            won = ", ".join(self._who(s) for s in state.winners)
            return f"Game over after {state.round} round(s): {won} won."
        if state.phase == "round_over":
            return f"Round {state.round} is over: every hand is shown below. Press Next round."
        assert seat is not None
        human = seat in self.humans
        if state.phase == "markers":
            tail = ": tap a free point." if human else "."
            return f"Round {state.round}: {self._who(seat)} puts down a start marker{tail}"
        if state.phase == "build":
            rules = state_rules(state)
            budget = f"up to {state.turn_budget} singles or {rules.doubles_per_turn} double"
            placed = len(state.placed)
            left = f"{state.rails_left} rails left"
            colored = getattr(state, "colored_left", ())
            if rules.colored_rails and seat < len(colored):
                left += f", {colored[seat]} colored"
            tail = " Tap segments next to your network." if human else ""
            return (
                f"Round {state.round}, lap {state.lap}: {self._who(seat)} builds ({budget}; "
                f"{placed} placed this turn; {left}).{tail}"
            )
        return f"Round {state.round}: {self._who(seat)} chooses ({state.phase})."

    # ------------------------------------------------------------------ the widget

    def choices(self) -> list[Action]:
        """The human's legal actions that are not taps on the board (hand-exchange cards).

        The widget shows one button per choice; :meth:`play` plays one.

        Examples
        --------
        >>> from workbench import load_map
        >>> PlayRound(load_map("maps/tiny.yaml"), ["human", "random"], delay=0).choices()
        []
        """
        state = self.state
        if state is None or state.to_play is None or state.to_play not in self.humans:
            return []
        taps = (PlaceMarker, PlaceRail, EndTurn, NextRound)
        return [a for a in state.legal_actions() if not isinstance(a, taps)]

    @property
    def widget(self) -> Any:
        """The ipywidgets box: setup, board, buttons, hand, log and scores (built once)."""
        if self._root is None:
            self._root = self._build()
            self._refresh_text()
        return self._root

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        from workbench.ui.render import _bokehjs_once

        display(HTML(_bokehjs_once()))  # the board's view needs BokehJS on the page, offline
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
                self._say("no bot is on turn")

        def on_colored(change: dict[str, Any]) -> None:
            self.colored = bool(change["new"])

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
        colored = w.ToggleButton(description="Colored rail", value=self.colored)
        colored.observe(on_colored, names="value")
        board = BokehModel(self.view.figure)
        board.add_class("wb-play-board")
        texts = {}
        for name in ("about", "status", "message", "hand", "log", "table"):
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
                w.HTML("<b>Moves</b>"),
                texts["log"],
            ],
            layout=w.Layout(width="300px", margin="0 0 0 10px"),
        )
        root = w.VBox(
            [
                w.HTML(_CSS),
                w.HBox([players, *seats, rules, card, seed, new], layout=wrap),
                texts["about"],
                w.HBox([board, side], layout=wrap),
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
        state = self.state
        rules_text = ""
        if self.game is not None:
            rules_text = describe_rules(self.game.rules, self.card)
            cards = round_cards(self.game, state.round) if state is not None else ()
            if cards and self.card == DECK_CHOICE:
                names = ", ".join(CARDS[c].name for c in cards)
                rules_text += f"; this round: {names}"
        wd["about"].value = f"<span class='wb-info'>{html.escape(rules_text)}</span>"
        wd["status"].value = f"<b>{html.escape(self.status())}</b>"
        css = "wb-error" if self._error else "wb-info"
        text = html.escape(self.message)
        wd["message"].value = f"<div class='{css}'>{text}</div>" if self.message else ""
        wd["hand"].value = self._hand_html()
        wd["log"].value = "".join(f"<div>{html.escape(line)}</div>" for line in self.log[-200:])
        wd["table"].value = self._table_html()
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
        who = html.escape(self._who(seat))
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

    def _table_html(self) -> str:
        state = self.state
        if state is None or state.phase not in ("round_over", "game_over") or not state.results:
            return ""
        result = state.results[-1]
        table = round_table(result, [self.name(s) for s in range(len(self.seats))])
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
        )

    def __repr__(self) -> str:
        return f"<PlayRound on {self.board.name!r}: seats {list(self.seats)}, {self.state!r}>"


def _rail_keys(state: State) -> list[Edge]:
    """The segments with a rail (a mapping of rail counts is read by its keys)."""
    return [edge(a, b) for a, b in state.rails]
