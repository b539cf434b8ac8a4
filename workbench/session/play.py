"""Playing a game, without a widget: :class:`PlaySession`.

The session holds what the play widget decides: the game (board, rules, special card, seed),
the seats (a person, or any bot the game registers), the state, the move log,
the hint, the status line and the message; it plays the human's moves (a point, a segment,
a button), steps the bots one move at a time, and says the state in words. Listeners
(:meth:`PlaySession.on_change`) hear what changed; :class:`~workbench.ui.play.PlayRound`
is such a listener and draws, and decides only *when* the bots move (a delay on the
kernel's event loop).

Parts named in :class:`~workbench.session.events.Change`: ``game`` (a new game, or one
that could not start), ``state`` (an action was applied), ``log``, ``hint`` and ``message``.

Games come from the registry (:data:`workbench.games.GAMES`) and are refereed by
:class:`workbench.games.Match`, the one loop every caller shares: the session gives it a
bot factory or ``None`` (a person) per seat, plays a person's move with ``Match.play`` and a
bot's or chance's with ``Match.step``, and logs each action from the match's callbacks.
With people at the table, the chance move between two rounds of Trans Europa waits for
"Next round", so that everyone can read the revealed hands first. Trans Europa also gets
taps on the board, hints and its round tables; a game without a board is played with its
legal actions as buttons (:meth:`PlaySession.choices`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any, Literal

import pandas as pd

from workbench.analysis.costs import Completion, missing_rails
from workbench.analysis.routes import start_heatmap
from workbench.exceptions import IllegalActionError, InfeasibleError
from workbench.games import GAMES, Match
from workbench.games import State as ProtocolState
from workbench.games.trans_europa import (
    CARDS,
    DECK,
    PRESETS,
    Action,
    EndTurn,
    NextRound,
    PlaceMarker,
    PlaceRail,
    RoundResult,
    Rules,
    TransEuropa,
    apply_cards,
)
from workbench.games.trans_europa import (
    TransEuropa as Game,
)
from workbench.games.trans_europa import (
    TransEuropaState as State,
)
from workbench.games.trans_europa import card as special_card
from workbench.maps.board import Board
from workbench.maps.lattice import Edge, Point, edge, plane_xy, point_name
from workbench.session.events import Listener, Listeners

__all__ = [
    "DECK_CHOICE",
    "HUMAN",
    "MAX_BOT_MOVES",
    "POINT_REACH",
    "SEGMENT_REACH",
    "PlaySession",
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


def seat_kinds(game: str = "trans_europa") -> tuple[str, ...]:
    """What a seat can be: :data:`HUMAN`, or any bot the game registers.

    Examples
    --------
    >>> seat_kinds()[:3]
    ('human', 'random', 'greedy')
    """
    return (HUMAN, *GAMES[game].bots)


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
    >>> from workbench.games.trans_europa import TransEuropa as Game
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


def describe_scoring(rules: Rules) -> list[tuple[str, str]]:
    """The scoring table in force, one ``(what, points)`` row each, as a player reads it.

    Examples
    --------
    >>> describe_scoring(PRESETS["rulebook"])  # doctest: +NORMALIZE_WHITESPACE
    [('all cities joined (the round is won)', '+4'), ('1 rail missing', '+3'),
     ('2 rails missing', '+2'), ('3-4 rails missing', '+1'), ('5 or more rails missing', '0')]
    >>> describe_scoring(PRESETS["countdown"])[0]
    ('all cities joined', '0 (keep your points)')
    """
    if rules.scoring == "countdown":
        return [
            ("all cities joined", "0 (keep your points)"),
            ("each rail missing", "-1"),
            ("the game ends", "when someone reaches 0"),
        ]
    rows = [("all cities joined (the round is won)", f"+{rules.winner_points}")]
    low = 1
    for most, points in rules.table:
        span = f"{low}" if most == low else f"{low}-{most}"
        rows.append((f"{span} rail{'s' if most > 1 else ''} missing", f"+{points}"))
        low = most + 1
    rows.append((f"{low} or more rails missing", "0"))
    return rows


def _rail_keys(state: State) -> list[Edge]:
    """The segments with a rail (a mapping of rail counts is read by its keys)."""
    return [edge(a, b) for a, b in state.rails]


def _supports_colored() -> bool:
    return any(f.name == "colored" for f in dataclasses.fields(PlaceRail))


Kind = Literal["info", "error", "hint"]


class PlaySession:
    """A game on ``board`` in progress: seats, state, log, hints, and the state in words.

    Parameters
    ----------
    board : Board
    seats : sequence of str, optional
        One entry per seat (2 to 6): :data:`HUMAN` or a bot the game registers
        (:func:`seat_kinds`). Seat 0 starts the first round.
    rules : str or Rules, optional
        A preset name from :data:`workbench.rules.PRESETS`, or rules.
    card : str, optional
        A special card id (:data:`workbench.rules.CARDS`) in force for the whole game, or
        :data:`DECK_CHOICE`.
    seed : int, optional
        The game's seed: the deal of every round.
    bot_seed : int, optional
        The seed of the bots' generators.
    game : str, optional
        The game's name in :data:`workbench.games.GAMES`.

    Attributes
    ----------
    match : workbench.games.Match or None
        The referee of the game in progress (``None`` when the game could not start).

    Examples
    --------
    >>> from workbench import load_map
    >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"], seed=1)
    >>> session.click_point((1, 1)), session.bot_on_turn
    (True, True)
    >>> session.run() > 0, session.state.to_play, session.log[1]
    (True, 0, 'seat 0 (you): start marker on Alder [1, 1]')
    >>> session.click_segment(((5, 5), (6, 5)))
    False
    >>> session.message
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
        game: str = "trans_europa",
    ) -> None:
        self.board = board
        self.info = GAMES[game]
        self.match: Match | None = None
        self.seats: tuple[str, ...] = ()
        self.rules: str | Rules = rules
        self.card: str | None = card
        self.seed = seed
        self.bot_seed = bot_seed
        self.error: str | None = None
        self.log: list[str] = []
        self.colored = False
        self._message: tuple[Kind, str] = ("info", "")
        self._hint: tuple[int, Completion] | None = None
        self._turn: tuple[int, list[Edge]] = (0, [])
        self._before: tuple[bool, int] = (True, 0)
        self._listeners = Listeners()
        self.new_game(seats, rules=rules, card=card, seed=seed, bot_seed=bot_seed)

    def on_change(self, listener: Listener) -> Any:
        """Call ``listener`` with a :class:`~workbench.session.events.Change` after each change;
        returns a function that stops the calls.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"])
        >>> heard = []
        >>> _ = session.on_change(lambda change: heard.append(sorted(change.what)))
        >>> _ = session.click_point((1, 1))
        >>> heard
        [['hint', 'log', 'message', 'state']]
        """
        return self._listeners.add(listener)

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
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"])
        >>> session.new_game(["human", "human"], seed=5)
        >>> session.seats, session.game.seed, session.state.to_play
        (('human', 'human'), 5, 0)
        """
        if seats is not None:
            kinds = seat_kinds(self.info.name)
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
        self.log = []
        self._turn = (0, [])
        self._hint = None
        self.error = None
        self.match = None
        try:
            game = self._make_game()
        except ValueError as error:
            self.error = str(error)
            self._message = ("error", f"This game cannot start: {error}")
            self._listeners.send({"game", "state", "log", "hint", "message"})
            return
        bots = self.info.bots
        self.match = Match(
            game,
            [None if kind == HUMAN else bots[kind] for kind in self.seats],
            seed=self.bot_seed,
            on_action=self._about_to_apply,
            on_applied=self._applied,
            names=[self.name(s) for s in range(len(self.seats))],
        )
        state = self.state
        starter = getattr(state, "starter", 0)
        self.log.append(f"round 1: seat {starter} starts")
        self._message = ("info", "")
        self._listeners.send({"game", "state", "log", "hint", "message"})

    def _make_game(self) -> Any:
        """The protocol game of the current settings (Trans Europa with its special card)."""
        if self.info.name == "trans_europa":
            engine = make_game(self.board, len(self.seats), self.rules, self.card, self.seed)
            return TransEuropa(engine)
        return self.info.new_game(
            players=len(self.seats), seed=self.seed, rules=self.rules, board=self.board
        )

    @property
    def game(self) -> Game | None:
        """The engine's game of Trans Europa (for another game, its protocol game)."""
        if self.match is None:
            return None
        game: Any = self.match.game
        return game.engine if isinstance(game, TransEuropa) else game

    @property
    def state(self) -> State | None:
        """The engine's state of Trans Europa (for another game, its protocol state)."""
        if self.match is None:
            return None
        state: Any = self.match.state
        return getattr(state, "engine", state)

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
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"])
        >>> session.name(0), session.name(1)
        ('you', 'random')
        """
        kind = self.seats[seat]
        if kind == HUMAN:
            return "you" if len(self.humans) == 1 else "human"
        return kind

    def who(self, seat: int) -> str:
        """``"seat 1 (random)"``: a seat and what plays it."""
        return f"seat {seat} ({self.name(seat)})"

    def viewer(self) -> int | None:
        """The human whose hand is shown: the one on turn, or the only human; else ``None``.

        Examples
        --------
        >>> from workbench import load_map
        >>> PlaySession(load_map("maps/tiny.yaml"), ["random", "human"]).viewer()
        1
        """
        state = self.state
        if state is not None and state.to_play is not None and state.to_play in self.humans:
            return state.to_play
        return self.humans[0] if len(self.humans) == 1 else None

    @property
    def message(self) -> str:
        """The last thing said to the players: why a move was refused, a hint, whose turn."""
        return self._message[1]

    @property
    def message_kind(self) -> Kind:
        """``"error"`` (a refusal), ``"hint"`` or ``"info"``."""
        return self._message[0]

    @property
    def hint_completion(self) -> tuple[int, Completion] | None:
        """The hint on show: ``(seat, completion)``, until the next move."""
        return self._hint

    @property
    def turn_rails(self) -> tuple[int, list[Edge]]:
        """The seat that built last and the rails of its turn so far (drawn highlighted)."""
        return self._turn

    def say(self, text: str, error: bool = False) -> bool:
        """Put ``text`` in :attr:`message`; returns ``False`` (a refused move says why).

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"])
        >>> session.say("no bot is on turn"), session.message
        (False, 'no bot is on turn')
        """
        self._message = ("error" if error else "info", text)
        self._listeners.send({"message"})
        return False

    # ------------------------------------------------------------------ human moves

    def tap(self, x: float, y: float) -> bool:
        """Play what a tap at plane point ``(x, y)`` means now; whether something was played.

        While markers are placed, the nearest point (within :data:`POINT_REACH`) gets the
        marker; while rails are built, the segment under the tap (within
        :data:`SEGMENT_REACH`) gets a rail.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"])
        >>> x, y = plane_xy((1, 1))
        >>> session.tap(x + 0.1, y - 0.1), session.state.markers[0]
        (True, (1, 1))
        """
        state = self.state
        if state is None:
            return self.say(self.message or "there is no game: press New game", error=True)
        if state.phase == "markers":
            p = self.board.nearest_point(x, y)
            if p is None or math.dist(plane_xy(p), (x, y)) > POINT_REACH:
                return self.say("tap on a point of the board to put your marker there", True)
            return self.click_point(p)
        if state.phase == "build":
            s = self.board.segment_at(x, y, tolerance=SEGMENT_REACH)
            if s is None:
                return self.say("tap on a segment (a line between two points) to build", True)
            return self.click_segment(s.between)
        if state.phase == "round_over":
            return self.say("the round is over: press Next round", error=True)
        if state.phase == "game_over":
            return self.say("the game is over: press New game to play again", error=True)
        return self.say("choose with the buttons under the board", error=True)

    def click_point(self, point: Point) -> bool:
        """Put the start marker of the human on turn on ``point``; whether it was played.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "human"])
        >>> session.click_point((1, 1)), session.click_point((1, 1))
        (True, False)
        >>> session.message
        'round 1, turn 2, seat 1: M 1,1 is taken by the marker of seat 0'
        """
        return self.play(PlaceMarker((int(point[0]), int(point[1]))))

    def click_segment(self, segment: Edge, colored: bool | None = None) -> bool:
        """Build a rail on ``segment`` for the human on turn; whether it was played.

        ``colored=True`` (or :attr:`colored`) places one of the player's colored rails,
        when the rules have them.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"])
        >>> session.click_point((1, 1)), session.run() > 0
        (True, True)
        >>> session.click_segment(((2, 1), (1, 1))), ((1, 1), (2, 1)) in session.state.rails
        (True, True)
        """
        colored = self.colored if colored is None else colored
        (c0, r0), (c1, r1) = segment
        key = edge((int(c0), int(r0)), (int(c1), int(r1)))
        if not colored:
            return self.play(PlaceRail(key))
        if not _supports_colored():
            return self.say("this engine has no colored rails yet: build a black rail", True)
        return self.play(PlaceRail(key, colored=True))  # type: ignore[call-arg,unused-ignore]

    def end_turn(self) -> bool:
        """End the turn of the human on turn (after at least one rail); whether it was played.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "human"])
        >>> session.click_point((1, 1)), session.click_point((7, 4)), session.end_turn()
        (True, True, False)
        >>> session.message
        'round 1, turn 1, seat 0: E ends a turn without a rail: place at least one'
        """
        return self.play(EndTurn())

    def next_round(self) -> bool:
        """Deal the next round once a round is scored; whether it was played.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"])
        >>> session.next_round(), session.message
        (False, 'the round is not over yet')
        """
        state = self.state
        if state is None or self.match is None or state.phase != "round_over":
            return self.say("the round is not over yet", error=True)
        self.match.step()  # the chance move between rounds: the next deal
        return True

    def play(self, action: Action) -> bool:
        """Play ``action`` for the human on turn; whether it was played.

        Every click comes here. It is refused, with the reason in :attr:`message`, when no
        human is on turn or the engine finds it illegal; the state is then unchanged.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["random", "human"])
        >>> session.play(PlaceMarker((0, 0))), session.message
        (False, 'wait: seat 0 (random) is playing')
        """
        state = self.state
        if state is None:
            return self.say(self.message or "there is no game: press New game", error=True)
        seat = state.to_play
        if seat is None:
            if state.phase == "game_over":
                return self.say("the game is over: press New game to play again", error=True)
            return self.say("the round is over: press Next round", error=True)
        if seat not in self.humans:
            return self.say(f"wait: {self.who(seat)} is playing", error=True)
        assert self.match is not None
        try:
            self.match.play(action)
        except IllegalActionError as error:
            return self.say(str(error), error=True)
        return True

    def hint(self) -> Completion | None:
        """The cheapest way for the human to finish, and its cost in :attr:`message`.

        Before the marker is down, the hint is the best free start point (the cheapest
        finish, :func:`~workbench.analysis.start_heatmap`) and the completion from there.
        The hint stays until the next move (:attr:`hint_completion`). ``None`` when there
        is no human to help or nothing to compute.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["human", "random"], seed=1)
        >>> session.click_point((1, 1))
        True
        >>> session.hint().cost == session.state.missing_rails(0)
        True
        """
        state, seat = self.state, self.viewer()
        if state is None or seat is None:
            self.say("there is no human hand to help", error=True)
            return None
        if state.phase not in ("markers", "build"):
            self.say("hints are for markers and rails: the round is not being played", True)
            return None
        hand = state.hands[seat]
        marker = state.markers[seat]
        if marker is None:
            cost = state_rules(state).double_cost_map
            heat = start_heatmap(self.board, hand, sorted(_rail_keys(state)), cost)
            free = set(state.game.marker_points) - set(state.markers)
            heat = heat[[p in free for p in heat.index]]
            if heat.empty or not math.isfinite(float(heat.min())):
                self.say("no free point joins your cities", error=True)
                return None
            found: Any = heat.idxmin()
            marker = (int(found[0]), int(found[1]))
            best = completion(state, seat, marker)
            text = (
                f"Hint for {self.who(seat)}: start at {_point_label(self.board, marker)}; "
                f"from there your cities take {best.cost} rails (dashed)."
            )
        else:
            best = completion(state, seat)
            text = (
                f"Hint for {self.who(seat)}: {best.cost} more rails join your cities; the "
                "dashed line is one cheapest way."
            )
        self._hint = (seat, best)
        self._message = ("hint", text)
        self._listeners.send({"hint", "message"})
        return best

    # ------------------------------------------------------------------ bots

    @property
    def bot_on_turn(self) -> bool:
        """Whether :meth:`step` has a move to play: a bot's, or chance's (between two rounds
        of Trans Europa only when no person plays: they press "Next round")."""
        match = self.match
        if match is None or match.state.is_terminal():
            return False
        seat = match.state.to_play
        if seat is None:
            return not (self.humans and isinstance(match.game, TransEuropa))
        return match.bots[seat] is not None

    def step(self) -> Action | None:
        """Play one bot move (or chance's: with bots only, the next round); the action, or
        ``None`` when a human is on turn or the game is over.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["random", "human"])
        >>> session.step()
        PlaceMarker(point=...)
        >>> session.step() is None, session.state.to_play
        (True, 1)
        """
        if self.match is None or not self.bot_on_turn:
            return None
        action: Action | None = self.match.step()
        return action

    def run(self, limit: int = MAX_BOT_MOVES) -> int:
        """Play bot moves until a human is on turn or the game is over; how many were played.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["random", "random"])
        >>> session.run() > 0, session.state.phase
        (True, 'game_over')
        """
        for n in range(limit):
            if self.step() is None:
                return n
        raise RuntimeError(f"the bots did not stop within {limit} moves")

    # ------------------------------------------------------------------ applying

    def _about_to_apply(self, state: ProtocolState, action: Action, seat: int | None) -> None:
        engine = getattr(state, "engine", None)
        if engine is not None:
            self._before = (not engine.placed, len(engine.results))

    def _applied(self, state: ProtocolState, action: Action, seat: int | None) -> None:
        """Log an action the match applied and tell the listeners."""
        engine = getattr(state, "engine", None)
        self._hint = None
        if engine is not None:
            first, results = self._before
            if isinstance(action, PlaceRail) and seat is not None:
                rails = [] if first or self._turn[0] != seat else self._turn[1]
                self._turn = (seat, [*rails, action.segment])
        who = "table" if seat is None else self.who(seat)
        secret = seat is None or seat not in self.humans or len(self.humans) > 1
        self.log.append(f"{who}: {describe_action(action, self.board, secret)}")
        if engine is not None:
            if isinstance(action, NextRound):
                self._turn = (0, [])
                self.log.append(f"round {engine.round}: seat {engine.starter} starts")
            if len(engine.results) > results:
                self._log_result(engine.results[-1])
        parts = {"state", "log", "hint"}
        # a person's move answers what was said to them; a bot's move leaves a refusal
        # ("wait: seat 1 is playing") on show, and only takes the hint away
        if seat is None or seat in self.humans or self.message_kind == "hint":
            self._message = ("info", "")
            parts.add("message")
        self._listeners.send(parts)

    def _log_result(self, result: RoundResult) -> None:
        why = "the rails ran out" if result.reason == "supply" else "a network is complete"
        parts = []
        for seat, (missing, points) in enumerate(zip(result.missing, result.points, strict=True)):
            left = "done" if missing == 0 else f"{missing} missing"
            parts.append(f"seat {seat} {left}, {points:+d}")
        self.log.append(f"round {result.round} over ({why}): " + "; ".join(parts))
        state = self.state
        if state is not None and state.phase == "game_over":
            won = ", ".join(self.who(s) for s in state.winners)
            self.log.append(f"game over: {won} won with {max(state.scores)} points")

    # ------------------------------------------------------------------ in words

    def status(self) -> str:
        """Whose turn it is and what they may do, in one line.

        Examples
        --------
        >>> from workbench import load_map
        >>> PlaySession(load_map("maps/tiny.yaml"), ["human", "random"]).status()
        'Round 1: seat 0 (you) puts down a start marker: tap a free point.'
        """
        state = self.state
        if state is None:
            return "No game."
        seat = state.to_play
        if state.phase == "game_over":
            won = ", ".join(self.who(s) for s in state.winners)
            rounds = f"{state.round} round{'s' if state.round != 1 else ''}"
            return f"Game over after {rounds}: {won} won."
        if state.phase == "round_over":
            return f"Round {state.round} is over: every hand is shown below. Press Next round."
        assert seat is not None
        human = seat in self.humans
        if state.phase == "markers":
            tail = ": tap a free point." if human else "."
            return f"Round {state.round}: {self.who(seat)} puts down a start marker{tail}"
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
                f"Round {state.round}, lap {state.lap}: {self.who(seat)} builds ({budget}; "
                f"{placed} placed this turn; {left}).{tail}"
            )
        return f"Round {state.round}: {self.who(seat)} chooses ({state.phase})."

    def rules_text(self) -> str:
        """The rules in force in one line, with this round's special cards.

        Examples
        --------
        >>> from workbench import load_map
        >>> PlaySession(load_map("maps/tiny.yaml"), ["human", "random"]).rules_text()[:30]
        'rulebook: first to 13 points; '
        """
        if self.game is None:
            return ""
        text = describe_rules(self.game.rules, self.card)
        cards = round_cards(self.game, self.state.round) if self.state is not None else ()
        if cards and self.card == DECK_CHOICE:
            text += f"; this round: {', '.join(CARDS[c].name for c in cards)}"
        return text

    def scoring(self) -> list[tuple[str, str]]:
        """The scoring table in force (:func:`describe_scoring` of the round's rules)."""
        if self.state is not None:
            return describe_scoring(state_rules(self.state))
        return describe_scoring(self.game.rules) if self.game is not None else []

    def choices(self) -> list[Action]:
        """The human's legal actions that are not taps on the board (hand-exchange cards).

        Examples
        --------
        >>> from workbench import load_map
        >>> PlaySession(load_map("maps/tiny.yaml"), ["human", "random"]).choices()
        []
        """
        state = self.state
        if state is None or state.to_play is None or state.to_play not in self.humans:
            return []
        taps = (PlaceMarker, PlaceRail, EndTurn, NextRound)
        return [a for a in state.legal_actions() if not isinstance(a, taps)]

    def table(self) -> pd.DataFrame | None:
        """The scoring table of the last round once it is over (:func:`round_table`)."""
        state = self.state
        if state is None or state.phase not in ("round_over", "game_over") or not state.results:
            return None
        return round_table(state.results[-1], [self.name(s) for s in range(len(self.seats))])

    def __repr__(self) -> str:
        return f"<PlaySession on {self.board.name!r}: seats {list(self.seats)}, {self.state!r}>"
