"""The :class:`TransEuropaState` of a game: the one place where a game changes.

How a round is played (our reading of the rulebook, each choice documented here and in
``docs/engine.md``):

* **Cards.** The round's special cards (:meth:`TransEuropa.round_cards`) are turned over before
  anything else; the round is played by ``apply_cards(rules, cards)``
  (:attr:`TransEuropaState.round_rules`). Colors a card takes out of the hands go back under their
  stacks at once.
* **Hand exchanges.** Between the deal and the markers, in this order: everyone returns a
  card (``discard_one``); each drafted color in the board's order (``draft_extra``): the
  starting seat draws the top card of that color's leftover stack and each seat in turn
  passes one of its cards of that color left, the last returning one instead; the passes of
  one card left (``pass_one_times``, each pass its own step); the whole hands go left
  (``pass_hand``, no decision). Everyone chooses "at the same time" in the discard and the
  passes: the choices are taken one seat at a time from the starting seat, kept out of the
  other players' observations, and carried out together when the last seat has chosen.
  A seat with nothing to choose (a one-card hand cannot discard, an empty hand cannot pass)
  is skipped. Cards put back go under their stack, so a draft draws an unseen card.
* **Reveal.** Cards of the ``reveal`` colors are shown once the exchanges are over, so what
  is shown is what is played: from the markers on they are in every observation.
* **Markers.** From the round's starting seat, clockwise, each player puts their marker on a
  free point (a city is allowed; not on another marker). Points cut off from every city by
  missing segments are not offered (see :attr:`TransEuropa.marker_points`).
* **Turns.** A turn is one or more :class:`PlaceRail` actions, one rail each, within the
  turn's budget (``Rules.allows_turn`` on the round's lap: 2 singles or 1 double in the base
  game; colored rails count like black ones, at most ``colored_per_turn`` of them). A turn
  ends by itself when its budget allows no more rail, or early with :class:`EndTurn` once at
  least one rail is down; there is no passing.
* **Connection.** A rail must touch the network of the player on turn: the marker's point
  and every rail joined to it that the player may use (touching networks are shared). With
  ``build_anywhere`` any free segment is allowed.
* **Colored rails.** Each player has ``colored_rails`` of their own each round, outside the
  shared ``rail_supply``. A colored rail is part of its owner's network only: nobody else
  may build on its segment, join through it, or count it in their missing rails (for them
  the segment is not there).
* **Two-rail ferries.** With ``ferry_rails=2`` a ferry segment holds two rails and joins its
  ends only when full; each rail on it is placed like a single (two in one turn, or one
  now and one later, by anyone whose network touches it). For a player, a ferry is complete
  when both its rails are black or their own; one colored rail of another player on it
  closes it to them. A free ferry counts 2 missing rails, a half-built one 1.
* **Rail pieces.** Every black rail, single or double, uses one piece of ``rail_supply``.
* **Round end.** After every rail: if the supply is empty, the round ends at once. If some
  player's cities are now all joined to their marker, the round ends at once, except when
  this was the first rail of the turn, the player on turn is not among those finished and
  their budget allows another rail: they may finish their turn (place more rails within the
  budget, or ``EndTurn``) and the round ends when that turn ends. So two players can finish.
  A player whose network is walled in by other players' colored rails has no legal rail:
  their turn is skipped; when nobody can build, the round ends (``"blocked"``).
* **Scoring.** Each player's missing-rail count is 0 if they finished, else
  :func:`workbench.analysis.costs.missing_rails` with the round's ``double_cost`` (and the
  blocked segments and ferry costs of the later edition);
  :func:`workbench.games.trans_europa.apply_round`
  turns the counts into scores. If other players' colored rails cut a hand off completely,
  its count is taken as though those rails were absent (so every count is a number). The
  round is then ``round_over`` (the only action is :class:`NextRound`) or, when the rules
  end the game, ``game_over``.
* **Next round.** Rails and markers come off, hands are dealt again from the seed, and the
  starting seat moves one to the left.

Without colored rails, markers lie on the cities' component of the board and a turn may
always begin with one single or one double (``TransEuropa`` refuses ``doubles_per_turn=0`` on a
board with doubles), so a player on turn always has a legal rail: a network with no free
segment at its edge would hold the whole component, and everyone would have finished.
"""

from __future__ import annotations

import weakref
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from workbench.exceptions import IllegalActionError, InfeasibleError
from workbench.games.trans_europa.actions import (
    Action,
    Discard,
    EndTurn,
    NextRound,
    PassCard,
    PlaceMarker,
    PlaceRail,
)
from workbench.games.trans_europa.game import Hands, TransEuropa
from workbench.games.trans_europa.rules import Rules
from workbench.games.trans_europa.scoring import apply_round, game_over, start_scores, winners
from workbench.maps.board import Board
from workbench.maps.lattice import Edge, Point, point_name

__all__ = [
    "Observation",
    "Phase",
    "Pieces",
    "RoundResult",
    "SeatRails",
    "TransEuropaState",
    "replay",
    "seat_rails",
]

Phase = Literal["discard", "draft", "pass", "markers", "build", "round_over", "game_over"]
"""The phases of a round: three hand exchanges, markers, building, then between rounds."""

Reason = Literal["complete", "supply", "blocked"]

Pieces = tuple[tuple[Edge, tuple[int | None, ...]], ...]
"""Segments whose rails are not just one black rail, each with its rails' owners, in the
order placed: a seat for a colored rail, ``None`` for a black one (``((s, (None, 2)), ...)``)."""

_EXCHANGES = ("discard", "draft", "pass")
_ROOMS: weakref.WeakKeyDictionary[Rules, tuple[dict[Any, Any], dict[Any, Any]]] = (
    weakref.WeakKeyDictionary()
)
"""Per rules (equal rules alike): the room left in a turn by (singles, doubles, lap), on a
board without doubles and on one with them (see ``TransEuropaState._set_room``)."""
_END_TURN = EndTurn()  # actions are immutable values: one serves every list of actions
_NEXT_ROUND = NextRound()

_S = TypeVar("_S")
_V = TypeVar("_V")


@dataclass(frozen=True)
class RoundResult:
    """What a scored round leaves behind (every hand is shown at a round's end).

    ``reason`` is ``"complete"`` (someone joined all their cities), ``"supply"`` (the
    rails ran out) or ``"blocked"`` (colored rails walled every network in);
    ``finishers`` are the seats with 0 missing rails. ``cards`` are the special cards that
    ruled the round and ``pieces`` the colored rails and ferry rails (see :data:`Pieces`).

    Examples
    --------
    >>> r = RoundResult(1, 0, (("A",), ("B",)), ((0, 0), (1, 0)), (), "complete", (0, 3),
    ...                 (4, 0), (4, 0))
    >>> r.finishers, r.cards
    ((0,), ())
    """

    round: int
    starter: int
    hands: Hands
    markers: tuple[Point, ...]
    rails: tuple[Edge, ...]
    reason: Reason
    missing: tuple[int | None, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    cards: tuple[str, ...] = ()
    pieces: Pieces = ()

    @property
    def finishers(self) -> tuple[int, ...]:
        """The seats that joined all their cities this round."""
        return tuple(i for i, m in enumerate(self.missing) if m == 0)


@dataclass(frozen=True)
class SeatRails:
    """The rails on the board as one seat may use them.

    Attributes
    ----------
    rails : frozenset of segments
        Complete for the seat: they cost it nothing and carry its network.
    blocked : frozenset of segments
        Segments holding another seat's colored rail: neither usable nor open to build.
    costs : tuple of (segment, rails)
        Rails still needed where that differs from the segment's usual cost: every
        two-rail ferry not complete for the seat (2 when free, 1 when half built).

    Pass them on as ``missing_rails(board, view.rails, start, hand, double_cost,
    blocked=view.blocked, costs=dict(view.costs))``.

    Examples
    --------
    >>> view = seat_rails([((0, 0), (0, 1))], (), frozenset(), 1, seat=0)
    >>> sorted(view.rails), view.blocked, view.costs
    ([((0, 0), (0, 1))], frozenset(), ())
    """

    rails: frozenset[Edge]
    blocked: frozenset[Edge]
    costs: tuple[tuple[Edge, int], ...]


def _complete(owners: tuple[int | None, ...], need: int, seat: int) -> bool:
    return sum(1 for o in owners if o is None or o == seat) >= need


def _foreign(owners: tuple[int | None, ...], seat: int) -> bool:
    return any(o is not None and o != seat for o in owners)


def seat_rails(
    rails: Iterable[Edge],
    pieces: Pieces | Mapping[Edge, tuple[int | None, ...]],
    ferries: Iterable[Edge],
    ferry_rails: int,
    seat: int,
) -> SeatRails:
    """What the rails on the board are to ``seat`` (see :class:`SeatRails`).

    Parameters
    ----------
    rails : iterable of segments
        Every segment holding at least one rail (:attr:`Observation.rails`).
    pieces : Pieces or mapping
        The segments whose rails are not one black rail (:attr:`Observation.pieces`).
    ferries : iterable of segments
        The board's ferry segments (``TransEuropa.ferries``).
    ferry_rails : int
        Rails a ferry takes (``Rules.ferry_rails``).
    seat : int

    Examples
    --------
    A colored rail of seat 1 on one segment and a ferry with one black rail:

    >>> s, f = ((0, 0), (0, 1)), ((5, 1), (6, 1))
    >>> view = seat_rails([s, f], ((s, (1,)), (f, (None,))), [f], 2, seat=0)
    >>> view.rails, sorted(view.blocked), view.costs
    (frozenset(), [((0, 0), (0, 1))], ((((5, 1), (6, 1)), 1),))
    >>> sorted(seat_rails([s, f], ((s, (1,)), (f, (None,))), [f], 2, seat=1).rails)
    [((0, 0), (0, 1))]
    """
    owners_of = dict(pieces)
    ferry_set = frozenset(ferries)
    rail_set = frozenset(rails)
    if not owners_of and (ferry_rails <= 1 or not ferry_set):
        return SeatRails(rail_set, frozenset(), ())
    out: set[Edge] = set()
    blocked: set[Edge] = set()
    costs: dict[Edge, int] = {}
    for s in rail_set:
        owners = owners_of.get(s)
        if owners is None:
            out.add(s)
            continue
        need = ferry_rails if s in ferry_set else 1
        if _complete(owners, need, seat):
            out.add(s)
        elif _foreign(owners, seat):
            blocked.add(s)
        else:
            costs[s] = need - len(owners)
    if ferry_rails > 1:
        for f in ferry_set:
            if f not in rail_set:
                costs[f] = ferry_rails
    return SeatRails(frozenset(out), frozenset(blocked), tuple(sorted(costs.items())))


@dataclass(frozen=True)
class Observation:
    """What one player sees: the public state, their own hand and the others' hand sizes.

    ``legal_actions`` is the player's legal actions when they are on turn, else ``()``
    (legal moves depend on public information and the player's own hand only). Past rounds'
    results show every hand, as the rulebook reveals them when a round ends.

    The fields after ``legal_actions`` serve the variants: ``rules`` and ``cards`` are the
    round's rules and special cards; ``chosen`` the player's own card set aside in a
    simultaneous exchange, not yet carried out (it is still in ``hand``); ``seen`` every card
    the player has held this round, in hand or passed on; ``revealed`` per seat, the cards
    of the ``reveal`` colors, shown once the exchanges are over; ``hand_colors`` per seat,
    the colors of the cards held (the backs, which are public); ``colored_left`` per seat,
    colored rails not yet placed; ``pieces`` the segments whose rails are not just one black
    rail (:data:`Pieces`); ``step`` the exchange being played (``"pass 2 of 3"``), else ``""``.

    Examples
    --------
    >>> from workbench import load_map
    >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=1).new_state()
    >>> obs = state.observation(1)
    >>> obs.hand == state.hands[1], obs.hand_sizes, obs.legal_actions
    (True, (5, 5), ())
    >>> obs.rules == state.game.rules, obs.cards, obs.revealed
    (True, (), ((), ()))
    """

    player: int
    round: int
    phase: Phase
    to_play: int | None
    starter: int
    lap: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    markers: tuple[Point | None, ...]
    rails: frozenset[Edge]
    rails_left: int
    placed: tuple[Edge, ...]
    round_ending: bool
    scores: tuple[int, ...]
    results: tuple[RoundResult, ...]
    legal_actions: tuple[Action, ...]
    rules: Rules = field(default_factory=Rules)
    cards: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()
    revealed: tuple[tuple[str, ...], ...] = ()
    hand_colors: tuple[tuple[str, ...], ...] = ()
    colored_left: tuple[int, ...] = ()
    pieces: Pieces = ()
    step: str = ""

    if not TYPE_CHECKING:  # (for the type checker every field is an ordinary attribute)

        def __getattr__(self, name: str) -> Any:
            # an observation made by TransEuropaState.observation leaves out the parts bots seldom
            # read (the cards seen, the pieces, the step's text) and keeps what they are
            # made from, which never changes; a part is made the first time it is read
            parts = self.__dict__.get("_parts")
            make = _LAZY.get(name)
            if parts is None or make is None:
                raise AttributeError(f"'Observation' object has no attribute {name!r}")
            value = make(parts)
            self.__dict__[name] = value
            return value

    def seat_rails(self, board: Board, seat: int | None = None) -> SeatRails:
        """The rails on the board as ``seat`` (by default the observer) may use them.

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml")
        >>> obs = TransEuropa(board, players=2).new_state().observation(0)
        >>> obs.seat_rails(board).rails
        frozenset()
        """
        ferries = [k for k, s in board.segments.items() if s.kind == "ferry"]
        who = self.player if seat is None else seat
        return seat_rails(self.rails, self.pieces, ferries, self.rules.ferry_rails, who)


def _seen_part(parts: tuple[Any, ...]) -> tuple[str, ...]:
    return tuple(sorted(parts[0]))


def _pieces_part(parts: tuple[Any, ...]) -> Pieces:
    return tuple(sorted(parts[1].items())) if parts[1] else ()


def _step_part(parts: tuple[Any, ...]) -> str:
    step, passes = parts[2], parts[3]
    if step is None:
        return ""
    kind, arg = step
    if kind == "draft":
        return f"draft {arg}"
    if kind == "pass":
        return f"pass {arg} of {passes}"
    return str(kind)


_LAZY: dict[str, Callable[[tuple[Any, ...]], Any]] = {
    "seen": _seen_part,
    "pieces": _pieces_part,
    "step": _step_part,
}
"""The parts of an observation made on first read, from ``_parts``: (the cards the
player has seen, the pieces, the exchange step, the passes of the round)."""

for _name in _LAZY:  # so that a part left out is looked up through __getattr__, not
    delattr(Observation, _name)  # found as the field's default on the class

Step = tuple[str, str]
"""An exchange step: ``("discard", "")``, ``("draft", color)``, ``("pass", "2")`` (the
second pass) or ``("hand", "")`` (the whole hands passed left)."""


class _Net:
    """A network of rails everyone may use: its points and its frontier, the ranks
    (:attr:`TransEuropa.segment_rank`) of the free segments at its points, in increasing order."""

    __slots__ = ("front", "points")

    def __init__(self, points: set[Point], front: list[int]) -> None:
        self.points = points
        self.front = front


class TransEuropaState:
    """The changing part of a game: round, phase, seat to play, hands, markers, rails, scores.

    Make one with :meth:`TransEuropa.new_state`; change it only with :meth:`apply`. Two states
    are equal when all of that and the action log are equal; :meth:`copy` gives an equal,
    independent state.

    Attributes
    ----------
    game : TransEuropa
    round : int
        The round being played, from 1.
    phase : {"discard", "draft", "pass", "markers", "build", "round_over", "game_over"}
    starter : int
        The round's starting seat.
    turn : int
        Choices made in this exchange step, markers placed so far (markers phase), or turns
        begun so far minus one (build phase).
    cards : tuple of str
        The special cards ruling this round.
    round_rules : Rules
        The rules of this round: the game's rules with ``cards`` applied.
    hands : tuple of tuple of str
    step : tuple of str or None
        The exchange step being played (see :data:`Step`), else ``None``.
    steps : tuple of Step
        The exchange steps still to come this round.
    pending : tuple of (str or None)
        Per seat, the card set aside in a simultaneous exchange, until all have chosen.
    seen : tuple of frozenset of str
        Per seat, every card the player has held this round.
    returned : tuple of str
        The cards put back under their stacks this round, in order (hidden from everyone).
    markers : tuple of point or None
    rails : frozenset of segments
        Every segment holding at least one rail (black or colored).
    pieces : dict of segment -> owners
        The segments whose rails are not just one black rail (see :data:`Pieces`).
    rails_left : int
        Black rails left in the supply.
    colored_left : tuple of int
        Per seat, colored rails not yet placed this round.
    placed : tuple of segments
        The rails of the turn being played, in order.
    placed_colored : int
        How many of them are colored.
    round_ending : bool
        The first rail of this turn finished another player: the round ends with the turn.
    scores : tuple of int
    results : tuple of RoundResult
        The scored rounds, in order.
    history : tuple of Action
        Every action applied since :meth:`TransEuropa.new_state`: the game's log.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=1)
    >>> state = game.new_state()
    >>> state.apply(PlaceMarker((1, 1)))
    >>> state.apply(PlaceMarker((7, 4)))
    >>> state.phase, state.to_play, state.turn_budget
    ('build', 0, 2)
    >>> state.legal_actions()[:2]
    [PlaceRail(segment=((0, 1), (1, 1))), PlaceRail(segment=((1, 0), (1, 1)))]
    >>> state.apply(PlaceRail(((1, 1), (2, 1))))
    >>> state.apply(PlaceRail(((5, 5), (6, 5))))
    Traceback (most recent call last):
    ...
    workbench.exceptions.IllegalActionError: round 1, turn 1, seat 0: R 5,5-6,5 does not touch \
the network of seat 0 (marker at [1, 1])
    """

    def __init__(self, game: TransEuropa) -> None:
        self.game = game
        self._scores: tuple[int, ...] = (
            start_scores(game.rules, game.players) if game.scores is None else tuple(game.scores)
        )
        self.results: tuple[RoundResult, ...] = ()
        self._history: list[Action] = []
        self._cache: dict[str, Any] = {}
        self._start_round(game.start_round)

    def _start_round(self, round: int) -> None:
        game = self.game
        n = game.players
        self.round = round
        self.starter = game.starter(round)
        self.turn = 0
        self.cards: tuple[str, ...] = game.round_cards(round)
        self.round_rules: Rules = game.round_rules(round)
        rules = self.round_rules
        self._doubles = game.doubles_for(rules)
        self._colored = rules.colored_rails > 0
        self._ferries2 = rules.ferry_rails > 1 and bool(game.ferries)
        hands = game.deal(round)
        returned: tuple[str, ...] = ()
        self.seen: tuple[frozenset[str], ...] = tuple(frozenset(h) for h in hands)
        out = set(rules.colors_out) - set(game.rules.colors_out)
        if out:
            color = game.city_colors
            returned = tuple(c for h in hands for c in h if color[c] in out)
            hands = tuple(tuple(c for c in h if color[c] not in out) for h in hands)
        self.hands: Hands = hands
        self.returned = returned
        self.markers: tuple[Point | None, ...] = (None,) * n
        self.rails: frozenset[Edge] = frozenset()
        # the networks of the rails, kept per rail while every rail is a plain black one
        # (no colored rails, no ferry rails): then everyone uses every rail, and a point's
        # network is its _Net here (a point without rails is a network of its own)
        self._nets: dict[Point, _Net] | None = {}
        self._dbl_flags = game.double_flags_for(rules)
        self.pieces: dict[Edge, tuple[int | None, ...]] = {}
        self.rails_left = rules.rail_supply
        self.colored_left: tuple[int, ...] = (rules.colored_rails,) * n
        self.placed: tuple[Edge, ...] = ()
        self.placed_colored = 0
        self.round_ending = False
        self.pending: tuple[str | None, ...] = (None,) * n
        self.step: Step | None = None
        self.steps: tuple[Step, ...] = self._exchange_steps(rules)
        self.phase: Phase = "markers"
        if self.steps:
            self._next_step()

    # ------------------------------------------------------------------ value behaviour

    def _fields(self) -> tuple[object, ...]:
        return (
            self.game,
            self.round,
            self.phase,
            self.starter,
            self.turn,
            self.cards,
            self.hands,
            self.step,
            self.steps,
            self.pending,
            self.seen,
            self.returned,
            self.markers,
            self.rails,
            self.pieces,
            self.rails_left,
            self.colored_left,
            self.placed,
            self.placed_colored,
            self.round_ending,
            self._scores,
            self.results,
            tuple(self._history),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TransEuropaState):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # a state changes: not hashable

    def copy(self) -> TransEuropaState:
        """An independent state equal to this one.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> twin = state.copy()
        >>> twin == state, twin is state
        (True, False)
        >>> twin.apply((twin.legal_actions() or [NextRound()])[0]); twin == state
        False
        """
        twin = TransEuropaState.__new__(TransEuropaState)
        twin.__dict__.update(self.__dict__)  # the values held are immutable, or replaced
        twin._history = list(self._history)
        if self._nets is not None:  # but the networks change in place: copy them (an
            # empty table too, or the twin's first rail would land in this state's table)
            copies: dict[int, _Net] = {}
            nets: dict[Point, _Net] = {}
            for p, net in self._nets.items():
                twin_net = copies.get(id(net))
                if twin_net is None:
                    twin_net = copies[id(net)] = _Net(set(net.points), list(net.front))
                nets[p] = twin_net
            twin._nets = nets
        twin._cache = {}
        return twin

    def __repr__(self) -> str:
        return (
            f"<TransEuropaState round {self.round}, {self.phase}, to play {self.to_play}, "
            f"{len(self.rails)} rails, scores {self._scores}>"
        )

    # ------------------------------------------------------------------ derived values

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the game began; :func:`replay` rebuilds the state."""
        return tuple(self._history)

    @property
    def to_play(self) -> int | None:
        """The seat on turn, or ``None`` between rounds and after the game."""
        if self.phase in ("round_over", "game_over"):
            return None
        return (self.starter + self.turn) % self.game.players

    @property
    def lap(self) -> int:
        """The lap of the round's build phase, from 1 (markers and exchanges count as 0)."""
        return self.turn // self.game.players + 1 if self.phase == "build" else 0

    @property
    def turn_budget(self) -> int:
        """The most single rails the current turn allows (``Rules.turn_budget`` of the lap)."""
        return self.round_rules.turn_budget(max(self.lap, 1))

    def scores(self) -> tuple[int, ...]:
        """Every seat's score, by seat: the scores after the rounds played so far.

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state().scores()
        (0, 0)
        """
        return self._scores

    def winners(self) -> tuple[int, ...]:
        """The seats that won the game, or ``()`` while it goes on."""
        return winners(self.game.rules, self._scores) if self.phase == "game_over" else ()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(NextRound(), 1.0)]`` between rounds (the next deal follows from the game's
        seed), else ``[]``.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=4).new_state()
        >>> while state.to_play is not None:
        ...     state.apply(state.legal_actions()[0])
        >>> state.chance_outcomes(), state.legal_actions()
        ([(NextRound(), 1.0)], [])
        >>> state.apply(NextRound()); state.round
        2
        """
        if self.phase == "round_over":
            return [(_NEXT_ROUND, 1.0)]
        return []

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == "game_over"

    def _need(self, s: Edge) -> int:
        return self.round_rules.ferry_rails if s in self.game.ferries else 1

    def _counts(self) -> tuple[int, int]:
        doubles = self._doubles
        d = sum(1 for s in self.placed if s in doubles)
        return len(self.placed) - d, d

    def _room(self) -> tuple[bool, bool]:
        """Whether one more single, and one more double, fits this turn's budget (black
        rails; worked out once per rail placed)."""
        placed = self.placed
        last = self._cache.get("room")
        if (
            last is not None
            and last[0] is placed
            and last[1] == self.turn
            and last[2] == self.round
        ):
            return last[3]
        singles, doubles = self._counts() if placed else (0, 0)
        return self._set_room(singles, doubles)

    def _set_room(self, singles: int, doubles: int) -> tuple[bool, bool]:
        """:meth:`_room` for the turn's rails so far, ``singles`` and ``doubles`` of them,
        remembered with those counts."""
        # (singles, doubles, lap) -> the room left: a function of the round's rules and of
        # whether the board has doubles, shared by every state under those rules (a game of
        # one round would otherwise fill its own table at every lap) and filled as turns
        # are played
        rules, cache = self.round_rules, self._cache
        table = cache.get("rooms")
        if table is None or table[0] is not rules:
            shared = _ROOMS.get(rules)
            if shared is None:
                shared = _ROOMS[rules] = ({}, {})
            table = cache["rooms"] = (rules, shared[bool(self._doubles)])
        rooms: dict[tuple[int, int, int], tuple[bool, bool]] = table[1]
        lap = self.turn // self.game.players + 1 if self.phase == "build" else 0
        key = (singles, doubles, lap)
        room = rooms.get(key)
        if room is None:
            room = rooms[key] = (
                rules.allows_turn(singles + 1, doubles, lap),
                bool(self._doubles) and rules.allows_turn(singles, doubles + 1, lap),
            )
        cache["room"] = (self.placed, self.turn, self.round, room, singles, doubles)
        return room

    def _budget_left(self) -> bool:
        """Whether some further rail (a single or a double) fits this turn's budget."""
        single_ok, double_ok = self._room()
        return single_ok or double_ok

    def _excluded(self, seat: int) -> list[Edge]:
        """Rails on the board that ``seat`` may not use: not complete for them."""
        return [
            s for s, owners in self.pieces.items() if not _complete(owners, self._need(s), seat)
        ]

    def _adjacency(self, seat: int | None = None) -> dict[Point, list[Point]]:
        skip = set(self._excluded(seat)) if seat is not None and self.pieces else ()
        adj: dict[Point, list[Point]] = {}
        for s in self.rails:
            if s in skip:
                continue
            a, b = s
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        return adj

    def _add_rail(self, s: Edge, r: int | None = None) -> Point | bool:
        """Join the networks at the ends of the new black rail ``s`` (already in ``rails``),
        of rank ``r``.

        Returns what the rail added to a network, for :meth:`_finished_by`: the one point
        it added when it reached out from a network to a point without rails; ``False``
        when it joined two points of one network (nothing added); else ``True`` (two
        networks joined, or a rail on its own)."""
        nets = self._nets
        assert nets is not None
        if r is None:
            r = self.game.segment_rank[s]
        p, q = s
        a, b = nets.get(p), nets.get(q)
        grown: Point | bool = False
        if a is None and b is None:  # a rail on its own (build_anywhere)
            a = _Net({p}, [x for x in self.game.incident_ranks[p] if x != r])
            nets[p] = a
            grown = True
        elif a is None:
            a, b, p, q = b, a, q, p
        assert a is not None
        front = a.front
        i = bisect_left(front, r)
        if i < len(front) and front[i] == r:
            del front[i]
        if b is None:  # the far end has no rails: it joins a, with its free segments
            nets[q] = a
            a.points.add(q)
            for x in self.game.incident_ranks[q]:
                if x != r:
                    i = bisect_left(front, x)
                    if i == len(front) or front[i] != x:
                        front.insert(i, x)
            return grown or q
        front = b.front
        i = bisect_left(front, r)
        if i < len(front) and front[i] == r:
            del front[i]
        if a is b:
            return False
        if len(a.points) < len(b.points):
            a, b = b, a
        for p in b.points:
            nets[p] = a
        a.points |= b.points
        if len(b.front) <= 6:
            front = a.front
            for x in b.front:
                i = bisect_left(front, x)
                if i == len(front) or front[i] != x:
                    insort(front, x, i, i)
        else:
            a.front = sorted(set(a.front).union(b.front))
        return True

    def _finished_by(self, s: Edge, grown: Point | bool = True) -> tuple[int, ...]:
        """:meth:`finished` just after the black rail ``s``, when nobody had finished before
        it (with ``_nets``): only seats on the network holding ``s`` can have finished.

        ``grown`` is what the rail added (:meth:`_add_rail`): when it added no point, or one
        point that is nobody's marker or city, nobody can have finished."""
        if grown is not True:
            if grown is False:
                return ()
            markers, hands = self.markers, self.hands
            found = self._cache.get("touch")
            if found is None or found[0] is not markers or found[1] is not hands:
                where = self.game.city_points
                points = {m for m in markers if m is not None}
                points.update(where[c] for h in hands for c in h)
                found = self._cache["touch"] = (markers, hands, points)
            if grown not in found[2]:
                return ()
        nets = self._nets
        assert nets is not None
        net = nets[s[0]]
        found = self._cache.get("hand points")  # self._derived(...), its hit written out
        hand_points = (
            found[1]
            if found is not None and found[0] is self.hands
            else self._derived("hand points", self.hands, self._hand_points)
        )
        out: tuple[int, ...] = ()
        for seat, marker in enumerate(self.markers):
            if (
                marker is not None
                and nets.get(marker) is net
                and net.points.issuperset(hand_points[seat])
            ):
                out = (*out, seat)
        return out

    def _front(self, seat: int) -> Sequence[int]:
        """The ranks of the free segments at the network of ``seat`` (with ``_nets``)."""
        marker = self.markers[seat]
        assert marker is not None and self._nets is not None
        net = self._nets.get(marker)
        return self.game.incident_ranks.get(marker, ()) if net is None else net.front

    def _net(self, seat: int) -> frozenset[Point]:
        marker = self.markers[seat]
        if marker is None:
            return frozenset()
        if self._nets is not None:
            net = self._nets.get(marker)
            return frozenset((marker,)) if net is None else frozenset(net.points)
        return self._component(seat, self._adjacency(seat))

    def _joined(self, seat: int, p: Point) -> bool:
        """Whether ``p`` is in the network of ``seat``."""
        marker = self.markers[seat]
        if marker is None:
            return False
        if p == marker:
            return True
        if self._nets is not None:
            net = self._nets.get(p)
            return net is not None and net is self._nets.get(marker)
        return p in self._net(seat)

    def network(self, player: int) -> frozenset[Point]:
        """The points of ``player``'s network: their marker and every rail joined to it.

        Only rails the player may use count: black rails and their own colored rails, and
        two-rail ferries complete for them. Empty before the marker is placed.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> state.apply(PlaceMarker((1, 1)))
        >>> sorted(state.network(0)), state.network(1)
        ([(1, 1)], frozenset())
        """
        return self._net(player)

    def _component(self, player: int, adj: dict[Point, list[Point]]) -> frozenset[Point]:
        start = self.markers[player]
        if start is None:
            return frozenset()
        seen = {start}
        stack = [start]
        while stack:
            for q in adj.get(stack.pop(), ()):
                if q not in seen:
                    seen.add(q)
                    stack.append(q)
        return frozenset(seen)

    def finished(self) -> tuple[int, ...]:
        """The seats whose cities are all joined to their marker by rails now.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> state.finished()
        ()
        """
        where = self.game.city_points
        nets = self._nets
        out = []
        if nets is not None:
            hand_points = self._derived("hand points", self.hands, self._hand_points)
            for seat, marker in enumerate(self.markers):
                if marker is None:
                    continue
                net = nets.get(marker)
                if net is None:
                    if all(p == marker for p in hand_points[seat]):
                        out.append(seat)
                elif net.points.issuperset(hand_points[seat]):
                    out.append(seat)
            return tuple(out)
        for seat in range(self.game.players):
            if self.markers[seat] is None:
                continue
            points = self._net(seat)
            if all(where[name] in points for name in self.hands[seat]):
                out.append(seat)
        return tuple(out)

    def seat_rails(self, player: int) -> SeatRails:
        """The rails on the board as ``player`` may use them (:func:`seat_rails`).

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> state.seat_rails(0).blocked
        frozenset()
        """
        return seat_rails(
            self.rails, self.pieces, self.game.ferries, self.round_rules.ferry_rails, player
        )

    def missing_rails(self, player: int) -> int:
        """The rails ``player`` still needs to join their marker and cities (0 if joined).

        Counts doubles by the round's ``double_cost``; every rail on the board that the
        player may use counts, whoever built it (:func:`workbench.analysis.costs.missing_rails`).
        Other players' colored rails are left out of the board for them; if that cuts the
        hand off, they are counted as if those rails were absent.

        Examples
        --------
        >>> from workbench import load_map
        >>> tiny = load_map("maps/tiny.yaml")
        >>> game = TransEuropa(tiny, players=2, hands=[[("Alder",), ("Birch",)]])
        >>> state = game.new_state()
        >>> state.apply(PlaceMarker((0, 1)))
        >>> state.apply(PlaceMarker((7, 4)))
        >>> state.missing_rails(0), state.missing_rails(1)
        (1, 0)
        """
        marker = self.markers[player]
        if marker is None:
            raise ValueError(f"seat {player} has no marker yet in round {self.round}")
        if player in self.finished():
            return 0
        # the compiled cost model answers as missing_rails does, several times faster
        from workbench.analysis.costmodel import cost_model  # numba: imported when scoring

        model = cost_model(self.game.board, self.round_rules.double_cost_map)
        terminals: list[str | Point] = [marker, *self.hands[player]]
        if not self.pieces and not self._ferries2:
            return model.cost(self._derived("rail state", self.rails, model.state), terminals)
        view = self.seat_rails(player)
        costs = dict(view.costs)
        try:
            return model.cost(view.rails, terminals, view.blocked, costs)
        except InfeasibleError:
            ferry = self.round_rules.ferry_rails
            costs.update({s: ferry for s in view.blocked if s in self.game.ferries})
            return model.cost(view.rails, terminals, (), costs)

    # ------------------------------------------------------------------ hand exchanges

    def _exchange_steps(self, rules: Rules) -> tuple[Step, ...]:
        steps: list[Step] = []
        if rules.discard_one:
            steps.append(("discard", ""))
        colors = rules.hand_colors(self.game.board.color_names)
        steps.extend(("draft", c) for c in colors if c in rules.draft_extra)
        steps.extend(("pass", str(k)) for k in range(1, rules.pass_one_times + 1))
        if rules.pass_hand:
            steps.append(("hand", ""))
        return tuple(steps)

    def _step_text(self) -> str:
        if self.step is None:
            return ""
        kind, arg = self.step
        if kind == "draft":
            return f"draft {arg}"
        if kind == "pass":
            return f"pass {arg} of {self.round_rules.pass_one_times}"
        return kind

    def _sorted_hand(self, cards: Iterable[str]) -> tuple[str, ...]:
        rank = self.game.color_rank
        color = self.game.city_colors
        return tuple(sorted(cards, key=lambda c: (rank[color[c]], c)))

    def _next_step(self) -> None:
        """Begin the next exchange step that asks for a decision, or the markers phase."""
        n = self.game.players
        while self.steps:
            step, self.steps = self.steps[0], self.steps[1:]
            kind, arg = step
            if kind == "hand":
                self.hands = tuple(self.hands[(i - 1) % n] for i in range(n))
                self.seen = tuple(s | set(h) for s, h in zip(self.seen, self.hands, strict=True))
                continue
            if kind == "draft":
                top = self._draw(arg)
                if top is None:
                    continue  # no card of that color left to draw
                s = self.starter
                self.hands = tuple(
                    self._sorted_hand((*h, top)) if i == s else h for i, h in enumerate(self.hands)
                )
                self.seen = tuple(v | {top} if i == s else v for i, v in enumerate(self.seen))
            self.step = step
            self.phase = kind  # type: ignore[assignment]
            self.turn = 0
            if kind != "draft":
                self._skip_unable()  # which goes on to the next step if nobody can choose
            return
        self.step = None
        self.phase = "markers"
        self.turn = 0

    def _draw(self, color: str) -> str | None:
        colors = self.game.city_colors
        left = (
            *self.game.stack(self.round, color),
            *(c for c in self.returned if colors[c] == color),
        )
        return left[0] if left else None

    def _can_choose(self, seat: int) -> bool:
        least = 2 if self.phase == "discard" else 1
        return len(self.hands[seat]) >= least

    def _skip_unable(self) -> bool:
        """Move past seats with nothing to choose; carry the exchange out when all are done.

        Returns whether a seat is now to choose in this step.
        """
        n = self.game.players
        while self.turn < n and not self._can_choose((self.starter + self.turn) % n):
            self.turn += 1
        if self.turn < n:
            return True
        self._carry_out()
        return False

    def _carry_out(self) -> None:
        """Carry out a simultaneous exchange: every set-aside card goes where it was sent."""
        n = self.game.players
        pending = self.pending
        if self.phase == "discard":
            self.hands = tuple(
                tuple(c for c in h if c != pending[i]) for i, h in enumerate(self.hands)
            )
            self.returned = (*self.returned, *(c for c in pending if c is not None))
        else:
            hands, seen = [], []
            for i, h in enumerate(self.hands):
                got = pending[(i - 1) % n]
                kept = [c for c in h if c != pending[i]]
                hands.append(self._sorted_hand(kept + ([got] if got is not None else [])))
                seen.append(self.seen[i] | {got} if got is not None else self.seen[i])
            self.hands = tuple(hands)
            self.seen = tuple(seen)
        self.pending = (None,) * n
        self._next_step()

    def _choose(self, action: Discard | PassCard) -> None:
        phase = self.phase
        if phase not in _EXCHANGES:
            raise self._illegal(action, f"is not allowed {self._phase_hint()}")
        n = self.game.players
        seat = self.to_play
        assert seat is not None and self.step is not None
        last = phase == "draft" and self.turn == n - 1
        wanted = Discard if phase == "discard" or last else PassCard
        if not isinstance(action, wanted):
            raise self._illegal(action, f"is not allowed {self._phase_hint()}")
        card = action.city
        hand = self.hands[seat]
        if card not in hand:
            raise self._illegal(
                action,
                f"is not a card of seat {seat}'s hand: choose one of {', '.join(hand)}",
            )
        if phase == "draft":
            color = self.step[1]
            if self.game.city_colors[card] != color:
                mine = [c for c in hand if self.game.city_colors[c] == color]
                raise self._illegal(
                    action, f"is not one of your {color} cards: choose one of {', '.join(mine)}"
                )
            self.hands = tuple(
                tuple(c for c in h if c != card) if i == seat else h
                for i, h in enumerate(self.hands)
            )
            if last:
                self.returned = (*self.returned, card)
                self._next_step()
                return
            left = (seat + 1) % n
            self.hands = tuple(
                self._sorted_hand((*h, card)) if i == left else h for i, h in enumerate(self.hands)
            )
            self.seen = tuple(v | {card} if i == left else v for i, v in enumerate(self.seen))
            self.turn += 1
            return
        self.pending = tuple(card if i == seat else p for i, p in enumerate(self.pending))
        self.turn += 1
        self._skip_unable()

    def revealed(self) -> tuple[tuple[str, ...], ...]:
        """Per seat, the cards every player sees: those of the round's ``reveal`` colors,
        once the hand exchanges are over (``()`` each before, or without the card).

        Examples
        --------
        >>> from workbench import load_map
        >>> rules = Rules(reveal=("brown",))
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), rules, players=2, seed=1).new_state()
        >>> [len(cards) for cards in state.revealed()]
        [1, 1]
        """
        colors = self.round_rules.reveal
        if not colors or self.phase in _EXCHANGES:
            return ((),) * self.game.players
        color = self.game.city_colors
        return tuple(tuple(c for c in h if color[c] in colors) for h in self.hands)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """The actions the player on turn may take, sorted (:func:`action_key`).

        Exchanges: a :class:`Discard` or :class:`PassCard` per card the seat may choose.
        Markers phase: a :class:`PlaceMarker` per free point. Build phase: a
        :class:`PlaceRail` per free segment that touches the network and fits the budget
        (and its colored twin when a colored rail may go there), then :class:`EndTurn` if a
        rail is down this turn. Between rounds (a chance node: see :meth:`chance_outcomes`)
        and after the game: ``[]``.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> len(state.legal_actions()), state.legal_actions()[0]
        (53, PlaceMarker(point=(0, 0)))
        """
        phase = self.phase
        if phase == "build":
            out: list[Action] = self._rail_actions()
            if self.placed:
                out.append(_END_TURN)
            return out
        if phase == "markers":
            # every free point's marker, in order: the whole list cut at the markers down
            actions, index = self.game.marker_actions, self.game.marker_index
            cuts = sorted(index[m] for m in self.markers if m is not None)
            out = []
            start = 0
            for i in cuts:
                out.extend(actions[start:i])
                start = i + 1
            out.extend(actions[start:])
            return out
        if phase in ("round_over", "game_over"):
            return []
        seat = self.to_play
        assert seat is not None and self.step is not None
        hand = sorted(self.hands[seat])
        if phase == "draft":
            color = self.game.city_colors
            mine = [c for c in hand if color[c] == self.step[1]]
            if self.turn == self.game.players - 1:
                return [Discard(c) for c in mine]
            return [PassCard(c) for c in mine]
        if phase == "discard":
            return [Discard(c) for c in hand]
        return [PassCard(c) for c in hand]

    def _front_actions(self, seat: int) -> tuple[Action, ...] | None:
        """The black rails that ``seat`` may place now, from its network's frontier, while
        every rail is black and placed next to a network (else ``None``)."""
        nets = self._nets
        if (
            nets is None
            or self.round_rules.build_anywhere
            or (self._colored and self.colored_left[seat])
        ):
            return None
        # the network's frontier, in rank order: no search and no sort
        marker = self.markers[seat]  # self._front(seat), written out
        assert marker is not None
        net = nets.get(marker)
        front = self.game.incident_ranks.get(marker, ()) if net is None else net.front
        ranked = self.game.rank_actions
        single_ok, double_ok = self._room()
        if single_ok and (double_ok or not self._doubles):
            if len(front) > 1:  # picked out in C: faster than a loop for a few items already
                out: tuple[Action, ...] = itemgetter(*front)(ranked)
                return out
            return tuple([ranked[r] for r in front])
        flags = self._dbl_flags
        if single_ok:
            return tuple([ranked[r] for r in front if not flags[r]])
        if double_ok:
            return tuple([ranked[r] for r in front if flags[r]])
        return ()

    def _rail_actions(self) -> list[Action]:
        seat = self.to_play
        assert seat is not None
        found = self._front_actions(seat)
        if found is not None:
            return list(found)
        segments = self._rail_candidates(seat)
        made = self.game.rail_actions
        if not self._colored or not self.colored_left[seat]:
            return [made[s][0] for s in segments]
        singles, doubles = self._counts()
        rules, lap, c = self.round_rules, self.lap, self.placed_colored + 1
        single_ok = rules.allows_turn(singles + 1, doubles, lap, c)
        double_ok = rules.allows_turn(singles, doubles + 1, lap, c)
        beside = self.round_rules.ferry_beside_colored and bool(self.pieces)
        out: list[Action] = []
        for s in segments:
            black, colored = made[s]
            out.append(black)
            if (double_ok if s in self._doubles else single_ok) and (
                not beside or self._open(s, seat, True)
            ):
                out.append(colored)
        return out

    def _open(self, s: Edge, seat: int, colored: bool = False) -> bool:
        """Whether ``seat`` may put a rail (``colored`` or black) on ``s``: free, or a ferry
        with room and no other seat's colored rail on it (with ``ferry_beside_colored``, a
        black rail may go beside another seat's colored one)."""
        if s not in self.rails:
            return True
        owners = self.pieces.get(s)
        if owners is None or len(owners) >= self._need(s):
            return False
        if not _foreign(owners, seat):
            return True
        return not colored and self.round_rules.ferry_beside_colored

    def _rail_candidates(self, seat: int) -> list[Edge]:
        if self.round_rules.build_anywhere:
            candidates: Iterable[Edge] = self.game.board.segments
        else:
            net = self._net(seat)
            incident = self.game.incident
            candidates = {s for p in net for s in incident.get(p, ())}
        singles, doubles = self._counts()
        rules, lap = self.round_rules, self.lap
        single_ok = rules.allows_turn(singles + 1, doubles, lap)
        double_ok = bool(self._doubles) and rules.allows_turn(singles, doubles + 1, lap)
        dbl = self._doubles
        rank = self.game.segment_rank  # sorting by a number is much faster than by tuples
        if not self.pieces:
            rails = self.rails
            return sorted(
                (
                    s
                    for s in candidates
                    if s not in rails and (double_ok if s in dbl else single_ok)
                ),
                key=rank.__getitem__,
            )
        return sorted(
            (
                s
                for s in candidates
                if (double_ok if s in dbl else single_ok) and self._open(s, seat)
            ),
            key=rank.__getitem__,
        )

    # ------------------------------------------------------------------ applying actions

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        seat = self.to_play
        if seat is None:
            where = f"round {self.round}, {self.phase.replace('_', ' ')}"
        elif self.phase in _EXCHANGES:
            where = f"round {self.round}, {self._step_text()}, seat {seat}"
        else:
            where = f"round {self.round}, turn {self.turn + 1}, seat {seat}"
        return IllegalActionError(f"{where}: {action} {why}")

    def apply(self, action: Action, player: int | None = None) -> None:
        """Play ``action`` for the player on turn, or raise ``IllegalActionError`` saying why.

        The state is unchanged when the action is illegal. Give ``player`` to have the
        seat checked too: an action by a player who is not on turn is illegal.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> state.apply(PlaceMarker((1, 1)))
        >>> state.apply(PlaceMarker((1, 1)))
        Traceback (most recent call last):
        ...
        workbench.exceptions.IllegalActionError: round 1, turn 2, seat 1: M 1,1 is taken by \
the marker of seat 0
        >>> state.apply(EndTurn())
        Traceback (most recent call last):
        ...
        workbench.exceptions.IllegalActionError: round 1, turn 2, seat 1: E is not allowed \
while markers are placed (place a marker)
        >>> state.apply(PlaceMarker((2, 2)), player=0)
        Traceback (most recent call last):
        ...
        workbench.exceptions.IllegalActionError: round 1, turn 2, seat 1: M 2,2 is played by \
seat 0: it is not their turn
        """
        if player is not None and player != self.to_play:
            raise self._illegal(action, f"is played by seat {player}: it is not their turn")
        if isinstance(action, PlaceRail):
            self._place_rail(action)
        elif isinstance(action, PlaceMarker):
            self._place_marker(action)
        elif isinstance(action, EndTurn):
            if self.phase != "build":
                raise self._illegal(action, f"is not allowed {self._phase_hint()}")
            if not self.placed:
                raise self._illegal(action, "ends a turn without a rail: place at least one")
            self._end_turn()
        elif isinstance(action, NextRound):
            if self.phase != "round_over":
                raise self._illegal(action, f"is not allowed {self._phase_hint()}")
            self._start_round(self.round + 1)
        elif isinstance(action, (Discard, PassCard)):
            self._choose(action)
        else:
            raise IllegalActionError(f"{action!r} is not an action of the game")
        self._history.append(action)

    def _phase_hint(self) -> str:
        if self.phase == "draft":
            color = self.step[1] if self.step else ""
            if self.turn == self.game.players - 1:
                return f"in the {color} draft (return one of your {color} cards: 'D city')"
            return f"in the {color} draft (pass one of your {color} cards left: 'P city')"
        return {
            "discard": "while cards are put back (put one back: 'D city')",
            "pass": "while cards are passed (pass one left: 'P city')",
            "markers": "while markers are placed (place a marker)",
            "build": "while rails are built (place a rail)",
            "round_over": "after the round is scored (start the next round)",
            "game_over": "after the game is over",
        }[self.phase]

    def _place_marker(self, action: PlaceMarker) -> None:
        if self.phase != "markers":
            raise self._illegal(action, f"is not allowed {self._phase_hint()}")
        p = action.point
        if p not in self.game.marker_points:
            raise self._illegal(
                action, f"is not a point of {self.game.board.name!r} joined to the cities"
            )
        if p in self.markers:
            raise self._illegal(action, f"is taken by the marker of seat {self.markers.index(p)}")
        seat = self.to_play
        assert seat is not None
        self.markers = tuple(p if i == seat else m for i, m in enumerate(self.markers))
        self.turn += 1
        if self.turn == self.game.players:
            self.phase = "build"
            self.turn = 0
            if self.finished():  # e.g. a one-city hand under the marker
                self._end_round("complete")

    def _check_rail(self, action: PlaceRail, seat: int) -> None:
        """Raise why ``action`` is illegal for ``seat``, if it is."""
        s = action.segment
        if s not in self.game.board.segments:
            raise self._illegal(action, f"is not a segment of {self.game.board.name!r}")
        if s in self.rails and not self._open(s, seat, action.colored):
            owners = self.pieces.get(s, ())
            other = next((o for o in owners if o is not None and o != seat), None)
            if other is not None and self.round_rules.ferry_beside_colored:
                raise self._illegal(
                    action,
                    f"holds a colored rail of seat {other}: only a black rail may go beside it",
                )
            if other is not None:
                raise self._illegal(
                    action, f"holds a colored rail of seat {other}: only they may build there"
                )
            if len(owners) > 1:
                raise self._illegal(action, f"is full: the ferry holds its {len(owners)} rails")
            raise self._illegal(action, "is occupied: a rail is already there")
        rules = self.round_rules
        if action.colored:
            if not rules.colored_rails:
                raise self._illegal(action, "is a colored rail, but none are in play (use R)")
            if not self.colored_left[seat]:
                raise self._illegal(
                    action, f"is a colored rail, but seat {seat} has none left (use R)"
                )
        is_double = s in self._doubles
        colored = self.placed_colored + action.colored
        if colored:
            singles, doubles = self._counts()
            fits = rules.allows_turn(
                singles + (not is_double), doubles + is_double, self.lap, colored
            )
        else:
            fits = self._room()[is_double]
        if not fits:
            singles, doubles = self._counts()
            kind = "double" if is_double else "single"
            tail = (
                f", at most {rules.colored_per_turn} colored"
                if action.colored and rules.colored_rails
                else ""
            )
            raise self._illegal(
                action,
                f"is over the turn's budget: a {kind} after {singles} single(s) and "
                f"{doubles} double(s) (up to {self.turn_budget} singles or "
                f"{rules.doubles_per_turn} double on lap {self.lap}{tail})",
            )
        if (
            not rules.build_anywhere
            and not self._joined(seat, s[0])
            and not self._joined(seat, s[1])
        ):
            marker = self.markers[seat]
            assert marker is not None
            raise self._illegal(
                action,
                f"does not touch the network of seat {seat} (marker at {point_name(marker)})",
            )

    def _place_rail(self, action: PlaceRail) -> None:
        if self.phase != "build":
            raise self._illegal(action, f"is not allowed {self._phase_hint()}")
        game, nets = self.game, self._nets
        seat = (self.starter + self.turn) % game.players  # self.to_play in the build phase
        s, colored = action.segment, action.colored
        rank = game.segment_rank.get(s) if nets is not None else None
        counts = None  # the turn's singles and doubles after this rail, when known here
        if rank is None or colored or self.round_rules.build_anywhere:
            self._check_rail(action, seat)
        else:
            # a black rail while every rail is black: legal when it is on the frontier of
            # the seat's network (free and touching it) and fits the turn's budget
            # self._front(seat), written out
            marker = self.markers[seat]
            assert nets is not None and marker is not None
            net = nets.get(marker)
            front = game.incident_ranks.get(marker, ()) if net is None else net.front
            i = bisect_left(front, rank)
            double = self._dbl_flags[rank]
            # the room left before this rail: self._room(), its hit written out
            before = self._cache.get("room")
            if (
                before is None
                or before[0] is not self.placed
                or before[1] != self.turn
                or before[2] != self.round
            ):
                self._room()
                before = self._cache["room"]
            if i == len(front) or front[i] != rank or not before[3][double]:
                self._check_rail(action, seat)  # raises, saying why
                raise AssertionError(f"{action} is legal but off the frontier")  # pragma: no cover
            counts = (before[4] + (not double), before[5] + double)
        first = not self.placed
        if (
            colored
            or (self.pieces and s in self.pieces)
            or (self._ferries2 and s in self.game.ferries)
        ):
            self.pieces = {**self.pieces, s: (*self.pieces.get(s, ()), seat if colored else None)}
            self._nets = None  # networks now differ per seat: found by search from here on
        self.rails = self.rails | {s}
        grown: Point | bool = True
        if self._nets is not None:
            grown = self._add_rail(s, rank)
        if colored:
            self.colored_left = tuple(
                k - 1 if i == seat else k for i, k in enumerate(self.colored_left)
            )
            self.placed_colored += 1
        else:
            self.rails_left -= 1
        self.placed = (*self.placed, s)
        room = None  # the room left in the turn, when known here
        if counts is not None:
            room = self._set_room(*counts)
        if self.rails_left == 0:
            self._end_round("supply")
            return
        if self._nets is not None and not self.round_ending:
            done = self._finished_by(s, grown)
        else:
            done = self.finished()
        if done and not self.round_ending:
            if first and seat not in done and self._budget_left():
                self.round_ending = True  # the rulebook's special case: finish the turn
            else:
                self._end_round("complete")
                return
        elif seat in done:  # finishing oneself ends the round even while it is ending
            self._end_round("complete")
            return
        if not (room[0] or room[1] if room is not None else self._budget_left()):
            self._end_turn()

    def _end_turn(self) -> None:
        if self.round_ending:
            self._end_round("complete")
            return
        self.turn += 1
        self.placed = ()
        self.placed_colored = 0
        if self.pieces:
            self._skip_walled_in()

    def _skip_walled_in(self) -> None:
        """Pass over seats without a legal rail (walled in by colored rails); if no seat has
        one, the round ends."""
        n = self.game.players
        for _ in range(n):
            if self._rail_candidates((self.starter + self.turn) % n):
                return
            self.turn += 1
        self._end_round("blocked")

    def _all_missing(self) -> tuple[int, ...]:
        """:meth:`missing_rails` of every seat, at the end of a round: who has finished,
        the cost model and the rails' array are found once for all seats."""
        markers = self.markers
        if self.pieces or self._ferries2 or None in markers:
            return tuple(self.missing_rails(p) for p in range(self.game.players))
        from workbench.analysis.costmodel import cost_model  # numba: imported when scoring

        done = self.finished()
        model = cost_model(self.game.board, self.round_rules.double_cost_map)
        rails = self._derived("rail state", self.rails, model.state)
        out = []
        for p, marker in enumerate(markers):
            if p in done:
                out.append(0)
                continue
            assert marker is not None
            out.append(model.cost(rails, [marker, *self.hands[p]]))
        return tuple(out)

    def _end_round(self, reason: Reason) -> None:
        missing = self._all_missing()
        before = self._scores
        self._scores = apply_round(self.round_rules, before, missing)
        markers = tuple(m for m in self.markers if m is not None)
        self.results = (
            *self.results,
            RoundResult(
                self.round,
                self.starter,
                self.hands,
                markers,
                # the rails in sorted order: by rank, the same order, sorted faster
                tuple(sorted(self.rails, key=self.game.segment_rank.__getitem__)),
                reason,
                missing,
                tuple(a - b for a, b in zip(self._scores, before, strict=True)),
                self._scores,
                self.cards,
                tuple(sorted(self.pieces.items())),
            ),
        )
        self.placed = ()
        self.placed_colored = 0
        self.round_ending = False
        self.phase = "game_over" if game_over(self.game.rules, self._scores) else "round_over"

    # ------------------------------------------------------------------ observations

    def _derived(self, name: str, source: _S, make: Callable[[_S], _V]) -> _V:
        """``make(source)``, made again only when ``source`` is another object: the
        observations' derived parts change far less often than observations are made."""
        found = self._cache.get(name)
        if found is not None and found[0] is source:
            return found[1]
        value = make(source)
        self._cache[name] = (source, value)
        return value

    def _hand_points(self, hands: Hands) -> tuple[tuple[Point, ...], ...]:
        where = self.game.city_points
        return tuple(tuple(map(where.__getitem__, h)) for h in hands)

    def _hand_sizes(self, hands: Hands) -> tuple[int, ...]:
        return tuple(map(len, hands))

    def _hand_colors(self, hands: Hands) -> tuple[tuple[str, ...], ...]:
        color, rank = self.game.city_colors, self.game.color_rank
        return tuple(tuple(sorted((color[c] for c in h), key=rank.__getitem__)) for h in hands)

    def _unrevealed(self) -> tuple[tuple[str, ...], ...]:
        found = self._cache.get("unrevealed")
        if found is None:
            found = self._cache["unrevealed"] = (None, ((),) * self.game.players)
        return found[1]

    def observation(self, player: int) -> Observation:
        """What ``player`` sees: everything public, their own hand, the others' hand sizes.

        Other players' hands never show, except the cards the rules reveal; a card set
        aside in a simultaneous exchange shows only to its owner until the exchange.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2).new_state()
        >>> obs = state.observation(0)
        >>> obs.hand == state.hands[0], len(obs.legal_actions)
        (True, 53)
        """
        players = self.game.players
        if not 0 <= player < players:
            raise ValueError(f"player is {player!r}: seats are 0 to {players - 1}")
        mine = self.pending[player]
        phase = self.phase
        # self.to_play and the hits of self._derived(...) written out: this runs at
        # every move of every simulated game
        to_play = (
            None
            if phase == "round_over" or phase == "game_over"
            else (self.starter + self.turn) % players
        )
        rules = self.round_rules
        hands = self.hands
        cache = self._cache
        found = cache.get("sizes")
        sizes = (
            found[1]
            if found is not None and found[0] is hands
            else self._derived("sizes", hands, self._hand_sizes)
        )
        found = cache.get("colors")
        colors = (
            found[1]
            if found is not None and found[0] is hands
            else self._derived("colors", hands, self._hand_colors)
        )
        if to_play != player:
            legal: tuple[Action, ...] = ()
        elif phase == "build":  # self.legal_actions(), written out
            front = self._front_actions(player)
            if front is None:
                front = tuple(self._rail_actions())
            legal = (*front, _END_TURN) if self.placed else front
        else:
            legal = tuple(self.legal_actions())
        # a frozen dataclass's __init__ sets each field through object.__setattr__; this
        # makes the same value several times faster (observations are made at every move);
        # the seen cards, the pieces and the step's text are made when first read
        obs = Observation.__new__(Observation)
        obs.__dict__.update(
            player=player,
            round=self.round,
            phase=phase,
            to_play=to_play,
            starter=self.starter,
            lap=self.turn // players + 1 if phase == "build" else 0,
            hand=hands[player],
            hand_sizes=sizes,
            markers=self.markers,
            rails=self.rails,
            rails_left=self.rails_left,
            placed=self.placed,
            round_ending=self.round_ending,
            scores=self._scores,
            results=self.results,
            legal_actions=legal,
            rules=rules,
            cards=self.cards,
            chosen=() if mine is None else (mine,),
            revealed=self.revealed() if rules.reveal else self._unrevealed(),
            hand_colors=colors,
            colored_left=self.colored_left,
            _parts=(self.seen[player], self.pieces, self.step, rules.pass_one_times),
        )
        return obs


def replay(game: TransEuropa, log: Sequence[Action | str]) -> TransEuropaState:
    """The state reached by playing ``log`` (actions, or their text) from the game's start.

    The deal of every round comes from the game's seed, so the game and its log are a
    complete saved game. An illegal entry raises ``IllegalActionError``.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=4)
    >>> state = game.new_state()
    >>> for _ in range(6):
    ...     state.apply((state.legal_actions() or [NextRound()])[0])
    >>> [str(a) for a in state.history][:3]
    ['M 0,0', 'M 0,1', 'R 0,0-0,1']
    >>> replay(game, state.history) == state, replay(game, [str(a) for a in state.history]) == state
    (True, True)
    """
    from workbench.games.trans_europa.actions import parse_action

    state = game.new_state()
    for entry in log:
        state.apply(parse_action(entry) if isinstance(entry, str) else entry)
    return state
