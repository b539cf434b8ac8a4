"""Playing Trans Europa without a widget: :class:`PlaySession`.

A :class:`~workbench.session.game.GameSession` of ``GAMES["trans_europa"]`` (the seats,
the referee, the log, the message, saving and loading are the shared session's) with what
the Trans Europa widget (:class:`~workbench.ui.play.PlayRound`) shows and decides besides
the state:

* the game's special card (:data:`DECK_CHOICE` turns one over each round) on top of a rule
  preset (:func:`make_game`), and a game the engine refuses kept as a reason
  (:attr:`PlaySession.error`) instead of a state;
* taps on the board (:meth:`~PlaySession.tap`: the nearest point while markers are put
  down, the segment under the tap while rails are built), ``End turn`` and ``Next round``;
  with people at the table, the next round's deal waits for "Next round", so that everyone
  can read the revealed hands first;
* the hint (:meth:`~PlaySession.hint`: the cheapest finish, or the best start point) and
  the rails of the turn in progress, drawn highlighted;
* the log in words (city names, the round's start and its scoring), the status line, the
  rules and the scoring in force, and the table of a scored round (:func:`round_table`).

Its :attr:`~PlaySession.state` and :attr:`~PlaySession.game` are the engine's (what the
board view draws); the protocol's are :attr:`PlaySession.match`'s. Extra parts of its
changes: ``hint``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import pandas as pd

from workbench.analysis.costs import Completion, missing_rails
from workbench.analysis.routes import start_heatmap
from workbench.exceptions import InfeasibleError
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
from workbench.session.game import HUMAN, MAX_BOT_MOVES, GameSession
from workbench.session.game import seat_kinds as game_seat_kinds

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

DECK_CHOICE = "deck"
"""The ``card`` that turns over a special card of the rulebook's deck each round."""

POINT_REACH = 0.5
"""How far from a point (plane units; neighbours are 1 apart) a tap still picks it."""
SEGMENT_REACH = 0.35
"""How far from a segment (plane units) a tap still picks it."""


def seat_kinds(game: str = "trans_europa") -> tuple[str, ...]:
    """What a seat can be: :data:`HUMAN`, or any bot the game registers.

    Examples
    --------
    >>> seat_kinds()[:3]
    ('human', 'random', 'greedy')
    """
    return game_seat_kinds(game)


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
    effect is applied to the rules (:func:`~workbench.games.trans_europa.apply_cards`).
    ``card="deck"`` turns over a card of the rulebook's deck each round instead. When the
    engine plays none of that, the engine's own ``ValueError`` is raised, saying what it
    does not play.

    Parameters
    ----------
    board : Board
    players : int
    rules : str or Rules, optional
        A name from :data:`workbench.games.trans_europa.PRESETS`, or rules.
    card : str, optional
        A special card id from :data:`workbench.games.trans_europa.CARDS`, or ``"deck"``.
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


# ---------------------------------------------------------------------- the engine's door
# The one place where this session meets Trans Europa's game and state: they speak the
# protocol themselves, so the door is open (kept as one place to read them through).


def _engine(value: Any) -> Any:
    """Trans Europa's game or state itself (it speaks the protocol natively)."""
    return value


def _protocol_game(engine_game: Game) -> Any:
    """The protocol game: Trans Europa's game itself."""
    return engine_game


class PlaySession(GameSession):
    """A game of Trans Europa on ``board`` in progress: a
    :class:`~workbench.session.game.GameSession` with taps on the board, hints, round
    tables, the special card and the state in words.

    Parameters
    ----------
    board : Board
    seats : sequence of str, optional
        One entry per seat (2 to 6): :data:`HUMAN` or a bot the game registers
        (:func:`seat_kinds`). Seat 0 starts the first round.
    rules : str or Rules, optional
        A preset name from :data:`workbench.games.trans_europa.PRESETS`, or rules.
    card : str, optional
        A special card id (:data:`workbench.games.trans_europa.CARDS`) in force for the
        whole game, or :data:`DECK_CHOICE`.
    seed : int, optional
        The game's seed: the deal of every round.
    bot_seed : int, optional
        The seed of the bots' generators.

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
    ) -> None:
        if card is not None and card != DECK_CHOICE:
            special_card(card)  # a KeyError naming close matches
        self.card: str | None = card
        self.error: str | None = None
        self.colored = False
        self._hint: tuple[int, Completion] | None = None
        self._turn: tuple[int, list[Edge]] = (0, [])
        self._before: tuple[bool, int] = (True, 0)
        super().__init__(
            "trans_europa", seats, rules=rules, board=board, seed=seed, bot_seed=bot_seed
        )

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
        chosen = self.check_seats(self.seats if seats is None else seats)
        if card != "":
            if card is not None and card != DECK_CHOICE:
                special_card(card)  # a KeyError naming close matches
            self.card = card
        self.seats = chosen
        self.rules = self.rules if rules is None else rules
        self.seed = self.seed if seed is None else seed
        self.error = None
        try:
            super().new_game(chosen, rules=self.rules, seed=self.seed, bot_seed=bot_seed)
        except ValueError as error:  # the seats were checked: the engine refuses the rules
            if bot_seed is not None:
                self.bot_seed = bot_seed
            self.error = str(error)
            self.match = None
            self.log = []
            self.reset_view()
            self._message = ("error", f"This game cannot start: {error}")
            self.send({"game", "state", "log", "hint", "message"})

    def create_game(self, players: int, rules: Any, seed: int) -> Any:
        """Trans Europa under ``rules`` with the session's special card (:func:`make_game`)."""
        return _protocol_game(make_game(self.board, players, rules, self.card, seed))

    def load(self, path: Any, seats: Sequence[str] | None = None) -> None:
        """Continue the saved game at ``path`` (:meth:`GameSession.load`); the special card
        is read from its rules."""
        super().load(path, seats)
        assert self.match is not None
        rules = _engine(self.match.game).rules
        cards = tuple(rules.special_cards)
        if cards == tuple(DECK):
            self.card = DECK_CHOICE
        else:
            self.card = cards[0] if len(cards) == 1 else None
        self.error = None

    def first_lines(self, state: Any) -> list[str]:
        return [f"round 1: seat {getattr(_engine(state), 'starter', 0)} starts"]

    def reset_view(self) -> None:
        """No hint and no rails of a turn."""
        self._hint = None
        self._turn = (0, [])

    def view_parts(self) -> set[str]:
        return {"hint"}

    @property
    def game(self) -> Game | None:
        """The engine's game of Trans Europa (``None`` when it could not start)."""
        return None if self.match is None else _engine(self.match.game)

    @property
    def state(self) -> State | None:
        """The engine's state of Trans Europa (``None`` when the game could not start)."""
        return None if self.match is None else _engine(self.match.state)

    # ------------------------------------------------------------------ who is who

    def viewer(self) -> int | None:  # type: ignore[override]
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
    def hint_completion(self) -> tuple[int, Completion] | None:
        """The hint on show: ``(seat, completion)``, until the next move."""
        return self._hint

    @property
    def turn_rails(self) -> tuple[int, list[Edge]]:
        """The seat that built last and the rails of its turn so far (drawn highlighted)."""
        return self._turn

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
        why = self.refusal()
        return self.say(why or "choose with the buttons under the board", error=True)

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

    def refusal(self) -> str | None:
        """Why no person may move now, with the button that moves the game on.

        Examples
        --------
        >>> from workbench import load_map
        >>> session = PlaySession(load_map("maps/tiny.yaml"), ["random", "human"])
        >>> session.play(PlaceMarker((0, 0))), session.message
        (False, 'wait: seat 0 (random) is playing')
        """
        state = self.state
        if state is None:
            return self.message or "there is no game: press New game"
        if state.phase == "game_over":
            return "the game is over: press New game to play again"
        if state.to_play is None:
            return "the round is over: press Next round"
        return super().refusal()

    def chance_waits(self) -> bool:
        """With people at the table, the next round's deal waits for "Next round", so that
        everyone can read the revealed hands first."""
        return bool(self.humans)

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
        self.send({"hint", "message"})
        return best

    # ------------------------------------------------------------------ the log

    def before(self, state: Any, action: Any, seat: int | None) -> None:
        engine = _engine(state)
        self._before = (not engine.placed, len(engine.results))

    def describe(self, state: Any, action: Any, seat: int | None) -> str:
        """The log line of ``action``: who, and the action in words; the cards a person
        puts back or passes are named only when the log is theirs alone."""
        who = "table" if seat is None else self.who(seat)
        return f"{who}: {describe_action(action, self.board, not self.sees(seat))}"

    def applied(self, state: Any, action: Any, seat: int | None) -> None:
        """After each action: the hint is gone, the turn's rails grow, a new round and a
        scored round get their lines."""
        engine = _engine(state)
        self._hint = None
        first, results = self._before
        if isinstance(action, PlaceRail) and seat is not None:
            rails = [] if first or self._turn[0] != seat else self._turn[1]
            self._turn = (seat, [*rails, action.segment])
        if isinstance(action, NextRound):
            self._turn = (0, [])
            self.log.append(f"round {engine.round}: seat {engine.starter} starts")
        if len(engine.results) > results:
            result = engine.results[-1]
            why = "the rails ran out" if result.reason == "supply" else "a network is complete"
            parts = [
                f"seat {seat} {'done' if missing == 0 else f'{missing} missing'}, {points:+d}"
                for seat, (missing, points) in enumerate(
                    zip(result.missing, result.points, strict=True)
                )
            ]
            self.log.append(f"round {result.round} over ({why}): " + "; ".join(parts))

    def result_line(self) -> str:
        """``game over: seat 0 (you) won with 13 points``."""
        state = self.state
        assert state is not None
        won = ", ".join(self.who(s) for s in state.winners())
        return f"game over: {won} won with {max(state.scores())} points"

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
            won = ", ".join(self.who(s) for s in state.winners())
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
        taps = (PlaceMarker, PlaceRail, EndTurn, NextRound)
        return [a for a in super().choices() if not isinstance(a, taps)]

    def table(self) -> pd.DataFrame | None:
        """The scoring table of the last round once it is over (:func:`round_table`)."""
        state = self.state
        if state is None or state.phase not in ("round_over", "game_over") or not state.results:
            return None
        return round_table(state.results[-1], [self.name(s) for s in range(len(self.seats))])
