"""The immutable :class:`Game`: board, rules, number of players, seed, and the deal.

A game makes states (:meth:`Game.new_state`) and deals each round's hands
(:meth:`Game.deal`). Everything that changes lives in :class:`~workbench.engine.State`.

Randomness: round ``r`` is dealt with ``numpy.random.default_rng(SeedSequence(seed,
spawn_key=(r,)))``, a generator of its own per round derived from the game's seed, so a
round's deal depends only on the seed and the round number and a state needs to carry no
generator. Each color's cards are shuffled separately (the rulebook's five stacks) and
player ``i`` takes the ``i``-th card of every stack.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np

from workbench.maps.board import Board
from workbench.maps.lattice import Edge, Point
from workbench.rules.rules import Rules

if TYPE_CHECKING:
    from workbench.engine.state import State

__all__ = ["Game", "Hands"]

Hands = tuple[tuple[str, ...], ...]
"""One hand per seat: the names of the player's cities, in the board's color order."""


def _unsupported(rules: Rules) -> list[str]:
    """The variants in ``rules`` that the engine does not play yet."""
    out = []
    if rules.discard_one:
        out.append("discard_one (each player puts back a card)")
    if rules.reveal:
        out.append(f"reveal={rules.reveal!r} (cards shown face up)")
    if rules.draft_extra:
        out.append(f"draft_extra={rules.draft_extra!r} (cards drafted round the table)")
    if rules.pass_one_times:
        out.append(f"pass_one_times={rules.pass_one_times!r} (cards passed left)")
    if rules.pass_hand:
        out.append("pass_hand (hands passed left)")
    if rules.colored_rails:
        out.append(f"colored_rails={rules.colored_rails!r} (colored rails)")
    if rules.ferry_rails != 1:
        out.append(f"ferry_rails={rules.ferry_rails!r} (two-rail ferries)")
    if rules.special_cards:
        out.append(
            f"special_cards={rules.special_cards!r} (apply a fixed set with "
            "workbench.rules.apply_cards and clear special_cards)"
        )
    return out


@dataclass(frozen=True)
class Game:
    """A game of Trans Europa: who plays, on which board, by which rules, from which seed.

    The game is immutable; :meth:`new_state` makes the state of its first round.

    Parameters
    ----------
    board : Board
    rules : Rules, default the rulebook's basic game
        Hand-exchange cards (discard, pass, draft, reveal), colored rails, two-rail ferries
        and special cards are not played yet: such rules raise ``ValueError``.
    players : int, default 4
        2 to 6; seats are numbered 0 to ``players - 1`` clockwise.
    seed : int, default 0
        The seed of every round's deal.
    hands : sequence of hands, optional
        A fixed deal instead of the random one (a test and teaching hook): round ``r``
        uses ``hands[(r - 1) % len(hands)]``, one tuple of city names per seat.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=7)
    >>> state = game.new_state()
    >>> state.phase, state.to_play, len(state.hands[0])
    ('markers', 0, 5)
    >>> Game(game.board, Rules(pass_hand=True), players=2)
    Traceback (most recent call last):
    ...
    ValueError: the engine does not play these rules yet: pass_hand (hands passed left)
    """

    board: Board
    rules: Rules = field(default_factory=Rules)
    players: int = 4
    seed: int = 0
    hands: Sequence[Sequence[Sequence[str]]] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ValueError(f"players is {self.players!r}: use a whole number from 2 to 6")
        if not 2 <= self.players <= 6:
            raise ValueError(f"players is {self.players!r}: the game is for 2 to 6 players")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"seed is {self.seed!r}: use a whole number, 0 or more")
        unsupported = _unsupported(self.rules)
        if unsupported:
            raise ValueError("the engine does not play these rules yet: " + "; ".join(unsupported))
        if self.rules.doubles_per_turn == 0 and self.doubles:
            raise ValueError(
                "the engine does not play these rules yet: doubles_per_turn=0 on a board with "
                "doubles (a network walled in by doubles would leave a player no legal rail)"
            )
        colors = self.rules.hand_colors(self.board.color_names)
        if not colors:
            raise ValueError(
                f"rules take every color out of the hands (colors_out={self.rules.colors_out!r})"
            )
        for color, cards in self.stacks.items():
            if len(cards) < self.players:
                raise ValueError(
                    f"{self.board.name!r} has {len(cards)} {color} cards in the deck for "
                    f"{self.players} players: each player needs one"
                )
        if self.hands is not None:
            object.__setattr__(self, "hands", self._check_hands(self.hands))

    def _check_hands(self, rounds: Sequence[Sequence[Sequence[str]]]) -> tuple[Hands, ...]:
        if not rounds:
            raise ValueError("hands is empty: give the hands of at least one round, or None")
        out = []
        for r, deal in enumerate(rounds, 1):
            if len(deal) != self.players:
                raise ValueError(f"hands of deal {r} has {len(deal)} hands for {self.players}")
            for seat, hand in enumerate(deal):
                if isinstance(hand, str) or not hand:
                    raise ValueError(f"hand {hand!r} of seat {seat} in deal {r}: use city names")
                for name in hand:
                    self.board.city(name)  # KeyError naming close matches
            out.append(tuple(tuple(hand) for hand in deal))
        return tuple(out)

    def __repr__(self) -> str:
        hands = "" if self.hands is None else f", hands={self.hands!r}"
        return (
            f"Game(load_map(...{self.board.name!r}...), {self.rules!r}, "
            f"players={self.players}, seed={self.seed}{hands})"
        )

    # ------------------------------------------------------------------ derived tables

    @cached_property
    def stacks(self) -> dict[str, tuple[str, ...]]:
        """The cards of each color dealt from, before shuffling, in the board's order.

        Dashed cards are out unless ``rules.uses_dashed(players)``; colors in
        ``rules.colors_out`` are dealt none.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = Game(load_map("maps/trans_europa.yaml"), Rules(colors_out=("white",)), 3)
        >>> {color: len(cards) for color, cards in game.stacks.items()}
        {'brown': 5, 'pink': 5, 'orange': 5, 'turquoise': 5}
        """
        dashed = self.rules.uses_dashed(self.players)
        return {
            color: tuple(
                c.name for c in self.board.cities if c.color == color and (dashed or not c.dashed)
            )
            for color in self.rules.hand_colors(self.board.color_names)
        }

    @cached_property
    def graph(self) -> nx.Graph:
        """The board's graph (:meth:`Board.graph`), built once."""
        return self.board.graph()

    @cached_property
    def marker_points(self) -> frozenset[Point]:
        """Where a start marker may go: every point joined by segments to the cities.

        That is every point of the board but those cut off from all cities (a marker there
        could never join a hand, nor be scored).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = Game(load_map("maps/tiny.yaml"), players=2)
        >>> len(game.marker_points)
        53
        """
        G = self.graph
        first = self.board.cities[0].at
        return frozenset(nx.node_connected_component(G, first)) if first in G else frozenset()

    @cached_property
    def incident(self) -> dict[Point, tuple[Edge, ...]]:
        """The segments at each point, in canonical order."""
        out: dict[Point, list[Edge]] = {}
        for key in self.board.segments:
            out.setdefault(key[0], []).append(key)
            out.setdefault(key[1], []).append(key)
        return {p: tuple(sorted(v)) for p, v in out.items()}

    @cached_property
    def doubles(self) -> frozenset[Edge]:
        """Segments that take a whole turn: doubles costing 2 or more rails by the rules.

        A double whose terrain costs 1 (``water_single``, ``mountain_single``) is built as a
        single, and ferries and tunnels are singles (``ferry_rails=1``).

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml")
        >>> len(Game(board, players=2).doubles) > len(
        ...     Game(board, Rules(double_cost={"water": 1}), players=2).doubles)
        True
        """
        cost = self.rules.double_cost_map
        return frozenset(
            key
            for key, s in self.board.segments.items()
            if s.kind == "double" and cost.get(s.terrain or "", 2) >= 2
        )

    # ------------------------------------------------------------------ rounds

    def starter(self, round: int) -> int:
        """The starting seat of round ``round`` (from 1): seat 0, then one to the left each round.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = Game(load_map("maps/tiny.yaml"), players=2)
        >>> [game.starter(r) for r in (1, 2, 3)]
        [0, 1, 0]
        """
        return (round - 1) % self.players

    def rng(self, round: int) -> np.random.Generator:
        """The random generator of round ``round``'s deal, derived from the seed.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=3)
        >>> int(game.rng(1).integers(100)) == int(game.rng(1).integers(100))
        True
        """
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(round,)))

    def deal(self, round: int) -> Hands:
        """The hands of round ``round``: one city of each color per seat.

        With ``hands`` given, that fixed deal; otherwise each color's stack is shuffled by
        :meth:`rng` and seat ``i`` takes its ``i``-th card.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=1)
        >>> hands = game.deal(1)
        >>> len(hands), [len(h) for h in hands], hands == game.deal(1)
        (2, [5, 5], True)
        >>> sorted(hands[0] + hands[1]) == sorted(c.name for c in game.board.cities)
        True
        """
        if round < 1:
            raise ValueError(f"round is {round!r}; rounds count from 1")
        if self.hands is not None:
            fixed = self._check_hands(self.hands)
            return fixed[(round - 1) % len(fixed)]
        rng = self.rng(round)
        shuffled = [
            [cards[i] for i in rng.permutation(len(cards))] for cards in self.stacks.values()
        ]
        return tuple(tuple(stack[seat] for stack in shuffled) for seat in range(self.players))

    def new_state(self) -> State:
        """The state at the start of the game: round 1, markers to place.

        Examples
        --------
        >>> from workbench import load_map
        >>> Game(load_map("maps/tiny.yaml"), players=2).new_state().round
        1
        """
        from workbench.engine.state import State

        return State(self)

    def to_dict(self) -> dict[str, Any]:
        """The game's parameters as plain data (the rules as a rules file's text).

        Examples
        --------
        >>> from workbench import load_map
        >>> Game(load_map("maps/tiny.yaml"), players=2, seed=5).to_dict()["seed"]
        5
        """
        from workbench.rules.io import dump_rules

        return {
            "board": self.board.name,
            "rules": dump_rules(self.rules),
            "players": self.players,
            "seed": self.seed,
            "hands": None if self.hands is None else [[list(h) for h in d] for d in self.hands],
        }
