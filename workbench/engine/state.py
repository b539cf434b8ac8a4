"""The :class:`State` of a game: the one place where a game changes.

How a round is played (our reading of the rulebook, each choice documented here):

* **Markers.** From the round's starting seat, clockwise, each player puts their marker on a
  free point (a city is allowed; not on another marker). Points cut off from every city by
  missing segments are not offered (see :attr:`Game.marker_points`).
* **Turns.** A turn is one or more :class:`PlaceRail` actions, one rail each, within the
  turn's budget (``Rules.allows_turn`` on the round's lap: 2 singles or 1 double in the base
  game). A turn ends by itself when its budget allows no more rail, or early with
  :class:`EndTurn` once at least one rail is down; there is no passing.
* **Connection.** A rail must touch the network of the player on turn: the marker's point
  and every rail joined to it, whoever built them (touching networks are shared). With
  ``build_anywhere`` any free segment is allowed.
* **Rail pieces.** Every rail, single or double, uses one piece of ``rail_supply``.
* **Round end.** After every rail: if the supply is empty, the round ends at once. If some
  player's cities are now all joined to their marker, the round ends at once, except when
  this was the first rail of the turn, the player on turn is not among those finished and
  their budget allows another rail: they may finish their turn (place more rails within the
  budget, or ``EndTurn``) and the round ends when that turn ends. So two players can finish.
* **Scoring.** Each player's missing-rail count is 0 if they finished, else
  :func:`workbench.analysis.costs.missing_rails` with the rules' ``double_cost``;
  :func:`workbench.rules.apply_round` turns the counts into scores. The round is then
  ``round_over`` (the only action is :class:`NextRound`) or, when the rules end the game,
  ``game_over``.
* **Next round.** Rails and markers come off, hands are dealt again from the seed, and the
  starting seat moves one to the left.

Because markers lie on the cities' component of the board and a turn may always begin with
one single or one double (``Game`` refuses ``doubles_per_turn=0`` on a board with doubles),
a player on turn always has a legal rail: a network with no free segment at its edge would
hold the whole component, and everyone would have finished.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from workbench.analysis.costs import missing_rails
from workbench.engine.actions import (
    Action,
    EndTurn,
    NextRound,
    PlaceMarker,
    PlaceRail,
)
from workbench.engine.game import Game, Hands
from workbench.exceptions import IllegalActionError
from workbench.maps.lattice import Edge, Point, point_name
from workbench.rules.scoring import apply_round, game_over, start_scores, winners

__all__ = ["Observation", "Phase", "RoundResult", "State"]

Phase = Literal["markers", "build", "round_over", "game_over"]


@dataclass(frozen=True)
class RoundResult:
    """What a scored round leaves behind (every hand is shown at a round's end).

    ``reason`` is ``"complete"`` (someone joined all their cities) or ``"supply"`` (the
    rails ran out); ``finishers`` are the seats with 0 missing rails.

    Examples
    --------
    >>> r = RoundResult(1, 0, (("A",), ("B",)), ((0, 0), (1, 0)), (), "complete", (0, 3),
    ...                 (4, 0), (4, 0))
    >>> r.finishers
    (0,)
    """

    round: int
    starter: int
    hands: Hands
    markers: tuple[Point, ...]
    rails: tuple[Edge, ...]
    reason: Literal["complete", "supply"]
    missing: tuple[int | None, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def finishers(self) -> tuple[int, ...]:
        """The seats that joined all their cities this round."""
        return tuple(i for i, m in enumerate(self.missing) if m == 0)


@dataclass(frozen=True)
class Observation:
    """What one player sees: the public state, their own hand and the others' hand sizes.

    ``legal_actions`` is the player's legal actions when they are on turn, else ``()``
    (legal moves depend on public information only). Past rounds' results show every hand,
    as the rulebook reveals them when a round ends.

    Examples
    --------
    >>> from workbench import load_map
    >>> state = Game(load_map("maps/tiny.yaml"), players=2, seed=1).new_state()
    >>> obs = state.observation(1)
    >>> obs.hand == state.hands[1], obs.hand_sizes, obs.legal_actions
    (True, (5, 5), ())
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


class State:
    """The changing part of a game: round, phase, seat to play, hands, markers, rails, scores.

    Make one with :meth:`Game.new_state`; change it only with :meth:`apply`. Two states
    are equal when all of that and the action log are equal; :meth:`copy` gives an equal,
    independent state.

    Attributes
    ----------
    game : Game
    round : int
        The round being played, from 1.
    phase : {"markers", "build", "round_over", "game_over"}
    starter : int
        The round's starting seat.
    turn : int
        Markers placed so far (markers phase), or turns begun so far minus one (build phase).
    hands : tuple of tuple of str
    markers : tuple of point or None
    rails : frozenset of segments
    rails_left : int
    placed : tuple of segments
        The rails of the turn being played, in order.
    round_ending : bool
        The first rail of this turn finished another player: the round ends with the turn.
    scores : tuple of int
    results : tuple of RoundResult
        The scored rounds, in order.
    history : tuple of Action
        Every action applied since :meth:`Game.new_state`: the game's log.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=1)
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

    def __init__(self, game: Game) -> None:
        self.game = game
        self.scores: tuple[int, ...] = start_scores(game.rules, game.players)
        self.results: tuple[RoundResult, ...] = ()
        self._history: list[Action] = []
        self._start_round(1)

    def _start_round(self, round: int) -> None:
        self.round = round
        self.phase: Phase = "markers"
        self.starter = self.game.starter(round)
        self.turn = 0
        self.hands: Hands = self.game.deal(round)
        self.markers: tuple[Point | None, ...] = (None,) * self.game.players
        self.rails: frozenset[Edge] = frozenset()
        self.rails_left = self.game.rules.rail_supply
        self.placed: tuple[Edge, ...] = ()
        self.round_ending = False

    # ------------------------------------------------------------------ value behaviour

    def _fields(self) -> tuple[object, ...]:
        return (
            self.game,
            self.round,
            self.phase,
            self.starter,
            self.turn,
            self.hands,
            self.markers,
            self.rails,
            self.rails_left,
            self.placed,
            self.round_ending,
            self.scores,
            self.results,
            tuple(self._history),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # a state changes: not hashable

    def copy(self) -> State:
        """An independent state equal to this one.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = Game(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> twin = state.copy()
        >>> twin == state, twin is state
        (True, False)
        >>> twin.apply(twin.legal_actions()[0]); twin == state
        False
        """
        twin = State.__new__(State)
        twin.__dict__.update(self.__dict__)
        twin._history = list(self._history)
        return twin

    def __repr__(self) -> str:
        return (
            f"<State round {self.round}, {self.phase}, to play {self.to_play}, "
            f"{len(self.rails)} rails, scores {self.scores}>"
        )

    # ------------------------------------------------------------------ derived values

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the game began; :func:`replay` rebuilds the state."""
        return tuple(self._history)

    @property
    def to_play(self) -> int | None:
        """The seat on turn, or ``None`` between rounds and after the game."""
        if self.phase in ("markers", "build"):
            return (self.starter + self.turn) % self.game.players
        return None

    @property
    def lap(self) -> int:
        """The lap of the round's build phase, from 1 (the markers count as lap 0)."""
        return self.turn // self.game.players + 1 if self.phase == "build" else 0

    @property
    def turn_budget(self) -> int:
        """The most single rails the current turn allows (``Rules.turn_budget`` of the lap)."""
        return self.game.rules.turn_budget(max(self.lap, 1))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the game, or ``()`` while it goes on."""
        return winners(self.game.rules, self.scores) if self.phase == "game_over" else ()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == "game_over"

    def _counts(self, extra: Edge | None = None) -> tuple[int, int]:
        doubles = self.game.doubles
        placed = (*self.placed, extra) if extra is not None else self.placed
        d = sum(1 for s in placed if s in doubles)
        return len(placed) - d, d

    def _budget_allows(self, extra: Edge) -> bool:
        singles, doubles = self._counts(extra)
        return self.game.rules.allows_turn(singles, doubles, self.lap)

    def _budget_left(self) -> bool:
        """Whether some further rail (a single or a double) fits this turn's budget."""
        singles, doubles = self._counts()
        rules = self.game.rules
        return rules.allows_turn(singles + 1, doubles, self.lap) or (
            bool(self.game.doubles) and rules.allows_turn(singles, doubles + 1, self.lap)
        )

    def _adjacency(self) -> dict[Point, list[Point]]:
        adj: dict[Point, list[Point]] = {}
        for a, b in self.rails:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        return adj

    def network(self, player: int) -> frozenset[Point]:
        """The points of ``player``'s network: their marker and every rail joined to it.

        Empty before the marker is placed.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = Game(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> state.apply(PlaceMarker((1, 1)))
        >>> sorted(state.network(0)), state.network(1)
        ([(1, 1)], frozenset())
        """
        return self._component(player, self._adjacency())

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
        >>> state = Game(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> state.finished()
        ()
        """
        adj = self._adjacency()
        out = []
        for seat in range(self.game.players):
            if self.markers[seat] is None:
                continue
            net = self._component(seat, adj)
            if all(self.game.board.city(name).at in net for name in self.hands[seat]):
                out.append(seat)
        return tuple(out)

    def missing_rails(self, player: int) -> int:
        """The rails ``player`` still needs to join their marker and cities (0 if joined).

        Counts doubles by the rules' ``double_cost``; every rail on the board counts,
        whoever built it (:func:`workbench.analysis.costs.missing_rails`).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = Game(load_map("maps/tiny.yaml"), players=2, hands=[[("Alder",), ("Birch",)]])
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
        return missing_rails(
            self.game.board,
            self.rails,
            marker,
            self.hands[player],
            self.game.rules.double_cost_map,
        ).cost

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """The actions the player on turn may take, sorted (:func:`action_key`).

        Markers phase: a :class:`PlaceMarker` per free point. Build phase: a
        :class:`PlaceRail` per free segment that touches the network and fits the budget,
        then :class:`EndTurn` if a rail is down this turn. Between rounds:
        ``[NextRound()]``. After the game: ``[]``.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = Game(load_map("maps/tiny.yaml"), players=2).new_state()
        >>> len(state.legal_actions()), state.legal_actions()[0]
        (53, PlaceMarker(point=(0, 0)))
        """
        if self.phase == "markers":
            taken = set(self.markers)
            return [PlaceMarker(p) for p in sorted(self.game.marker_points) if p not in taken]
        if self.phase == "round_over":
            return [NextRound()]
        if self.phase == "game_over":
            return []
        out: list[Action] = [PlaceRail(s) for s in self._rail_candidates()]
        if self.placed:
            out.append(EndTurn())
        return out

    def _rail_candidates(self) -> list[Edge]:
        if self.game.rules.build_anywhere:
            candidates: Iterable[Edge] = self.game.board.segments
        else:
            seat = self.to_play
            assert seat is not None
            net = self._component(seat, self._adjacency())
            incident = self.game.incident
            candidates = {s for p in net for s in incident.get(p, ())}
        return sorted(s for s in candidates if s not in self.rails and self._budget_allows(s))

    # ------------------------------------------------------------------ applying actions

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        seat = self.to_play
        where = f"round {self.round}, turn {self.turn + 1}, seat {seat}"
        if seat is None:
            where = f"round {self.round}, {self.phase.replace('_', ' ')}"
        return IllegalActionError(f"{where}: {action} {why}")

    def apply(self, action: Action, player: int | None = None) -> None:
        """Play ``action`` for the player on turn, or raise ``IllegalActionError`` saying why.

        The state is unchanged when the action is illegal. Give ``player`` to have the
        seat checked too: an action by a player who is not on turn is illegal.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = Game(load_map("maps/tiny.yaml"), players=2).new_state()
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
        if isinstance(action, PlaceMarker):
            self._place_marker(action)
        elif isinstance(action, PlaceRail):
            self._place_rail(action)
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
        else:
            raise IllegalActionError(f"{action!r} is not an action of the game")
        self._history.append(action)

    def _phase_hint(self) -> str:
        return {
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

    def _place_rail(self, action: PlaceRail) -> None:
        if self.phase != "build":
            raise self._illegal(action, f"is not allowed {self._phase_hint()}")
        s = action.segment
        if s not in self.game.board.segments:
            raise self._illegal(action, f"is not a segment of {self.game.board.name!r}")
        if s in self.rails:
            raise self._illegal(action, "is occupied: a rail is already there")
        if not self._budget_allows(s):
            singles, doubles = self._counts()
            kind = "double" if s in self.game.doubles else "single"
            raise self._illegal(
                action,
                f"is over the turn's budget: a {kind} after {singles} single(s) and "
                f"{doubles} double(s) (up to {self.turn_budget} singles or "
                f"{self.game.rules.doubles_per_turn} double on lap {self.lap})",
            )
        seat = self.to_play
        assert seat is not None
        if not self.game.rules.build_anywhere:
            net = self.network(seat)
            if s[0] not in net and s[1] not in net:
                marker = self.markers[seat]
                assert marker is not None
                raise self._illegal(
                    action,
                    f"does not touch the network of seat {seat} (marker at {point_name(marker)})",
                )
        first = not self.placed
        self.rails = self.rails | {s}
        self.rails_left -= 1
        self.placed = (*self.placed, s)
        if self.rails_left == 0:
            self._end_round("supply")
            return
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
        if not self._budget_left():
            self._end_turn()

    def _end_turn(self) -> None:
        if self.round_ending:
            self._end_round("complete")
            return
        self.turn += 1
        self.placed = ()

    def _end_round(self, reason: Literal["complete", "supply"]) -> None:
        missing = tuple(self.missing_rails(p) for p in range(self.game.players))
        before = self.scores
        self.scores = apply_round(self.game.rules, before, missing)
        markers = tuple(m for m in self.markers if m is not None)
        self.results = (
            *self.results,
            RoundResult(
                self.round,
                self.starter,
                self.hands,
                markers,
                tuple(sorted(self.rails)),
                reason,
                missing,
                tuple(a - b for a, b in zip(self.scores, before, strict=True)),
                self.scores,
            ),
        )
        self.placed = ()
        self.round_ending = False
        self.phase = "game_over" if game_over(self.game.rules, self.scores) else "round_over"

    # ------------------------------------------------------------------ observations

    def observation(self, player: int) -> Observation:
        """What ``player`` sees: everything public, their own hand, the others' hand sizes.

        Examples
        --------
        >>> from workbench import load_map
        >>> state = Game(load_map("maps/tiny.yaml"), players=2, seed=2).new_state()
        >>> obs = state.observation(0)
        >>> obs.hand == state.hands[0], len(obs.legal_actions)
        (True, 53)
        """
        if not 0 <= player < self.game.players:
            raise ValueError(f"player is {player!r}: seats are 0 to {self.game.players - 1}")
        return Observation(
            player=player,
            round=self.round,
            phase=self.phase,
            to_play=self.to_play,
            starter=self.starter,
            lap=self.lap,
            hand=self.hands[player],
            hand_sizes=tuple(len(h) for h in self.hands),
            markers=self.markers,
            rails=self.rails,
            rails_left=self.rails_left,
            placed=self.placed,
            round_ending=self.round_ending,
            scores=self.scores,
            results=self.results,
            legal_actions=tuple(self.legal_actions()) if self.to_play == player else (),
        )


def replay(game: Game, log: Sequence[Action | str]) -> State:
    """The state reached by playing ``log`` (actions, or their text) from the game's start.

    The deal of every round comes from the game's seed, so the game and its log are a
    complete saved game. An illegal entry raises ``IllegalActionError``.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=4)
    >>> state = game.new_state()
    >>> for _ in range(6):
    ...     state.apply(state.legal_actions()[0])
    >>> [str(a) for a in state.history][:3]
    ['M 0,0', 'M 0,1', 'R 0,0-0,1']
    >>> replay(game, state.history) == state, replay(game, [str(a) for a in state.history]) == state
    (True, True)
    """
    from workbench.engine.actions import parse_action

    state = game.new_state()
    for entry in log:
        state.apply(parse_action(entry) if isinstance(entry, str) else entry)
    return state
