"""The immutable :class:`TransEuropa` game: board, rules, players, seed, the deal and the cards.

A game makes states (:meth:`TransEuropa.new_state`), deals each round's hands
(:meth:`TransEuropa.deal`)
and says which special cards rule each round (:meth:`TransEuropa.round_cards`,
:meth:`TransEuropa.round_rules`). Everything that changes lives in
:class:`~workbench.games.trans_europa.TransEuropaState`.

Randomness: round ``r`` is dealt with ``numpy.random.default_rng(SeedSequence(seed,
spawn_key=(r,)))``, a generator of its own per round derived from the game's seed, so a
round's deal depends only on the seed and the round number and a state needs to carry no
generator. Each color's cards are shuffled separately (the rulebook's five stacks) and
player ``i`` takes the ``i``-th card of every stack; the cards below are the stack left
for the round (a draft draws from its top). Special cards in ``"per_round"`` mode come from
a stream of their own, ``SeedSequence(seed, spawn_key=(0, 1))``: the deck is shuffled once
and :func:`workbench.games.trans_europa.schedule` turns cards over round after round, so the cards
never
touch the deal's generators and a game without special cards deals as it always did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, wraps
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from workbench.games.trans_europa.cards import CARDS, apply_cards, schedule
from workbench.games.trans_europa.rules import Rules
from workbench.maps.board import Board
from workbench.maps.cache import board_cache
from workbench.maps.lattice import Edge, Point

if TYPE_CHECKING:
    import networkx as nx

    from workbench.games.trans_europa.actions import Action
    from workbench.games.trans_europa.state import Observation, TransEuropaState

__all__ = ["NAME", "Hands", "TransEuropa"]

NAME = "trans_europa"
"""The game's name in :data:`workbench.games.GAMES`."""

Hands = tuple[tuple[str, ...], ...]
"""One hand per seat: the names of the player's cities, in the board's color order."""

_T = TypeVar("_T")


def _per_board(method: Callable[[TransEuropa], _T]) -> cached_property[_T]:
    """A property computed from the board alone: made once per board and shared by every
    game on it (a simulation makes thousands of games of one board), kept in the board's
    table (:func:`workbench.maps.cache.board_cache`) and cached on the game too."""
    name = f"engine.game.{method.__name__}"

    @wraps(method)
    def get(self: TransEuropa) -> _T:
        table = board_cache(self.board)
        try:
            return table[name]
        except KeyError:
            value = table[name] = method(self)
            return value

    return cached_property(get)


@dataclass(frozen=True)
class TransEuropa:
    """A game of Trans Europa: who plays, on which board, by which rules, from which seed.

    The game is immutable; :meth:`new_state` makes the state of its first round.

    Parameters
    ----------
    board : Board
    rules : Rules, default the rulebook's basic game
        Every variant is played: hand-exchange cards, colored rails, two-rail ferries and
        special cards, turned over per round or fixed for the game. Only
        ``doubles_per_turn=0`` on a board with doubles is refused (a network walled in by
        doubles would leave a player no legal rail).
    players : int, default 4
        2 to 6; seats are numbered 0 to ``players - 1`` clockwise.
    seed : int, default 0
        The seed of every round's deal.
    hands : sequence of hands, optional
        A fixed deal instead of the random one (a test and teaching hook): round ``r``
        uses ``hands[(r - 1) % len(hands)]``, one tuple of city names per seat. Each deal
        follows the deal's rules: every city at most once in the whole deal, no card of a
        color that ``rules.colors_out`` takes out of the deck, and no dashed card when the
        rules leave the dashed cards out (``rules.uses_dashed(players)``). As a test and
        teaching hook a hand may hold fewer cards than a dealt one (a color left out).
    scores : sequence of int, optional
        The scores to start from (a game started mid-way, for instance to test its end);
        by default the scoring system's start (``start_scores``).
    start_round : int, default 1
        The round the game starts at (its deal, special cards and starting seat are that
        round's).

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=7)
    >>> state = game.new_state()
    >>> state.phase, state.to_play, len(state.hands[0])
    ('markers', 0, 5)
    >>> cards = TransEuropa(game.board, Rules(special_cards=("no_white", "rhythm")), players=2)
    >>> cards.round_cards(1), cards.round_rules(1).colors_out
    (('no_white',), ('white',))

    A game near its end: two rounds played, the scores of the rulebook's race to 13.

    >>> late = TransEuropa(game.board, players=2, seed=7, scores=(11, 9), start_round=3)
    >>> state = late.new_state()
    >>> state.round, state.scores(), state.starter
    (3, (11, 9), 0)
    """

    board: Board
    rules: Rules = field(default_factory=Rules)
    players: int = 4
    seed: int = 0
    hands: Sequence[Sequence[Sequence[str]]] | None = None
    scores: Sequence[int] | None = None
    start_round: int = 1

    name = NAME

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ValueError(f"players is {self.players!r}: use a whole number from 2 to 6")
        if not 2 <= self.players <= 6:
            raise ValueError(f"players is {self.players!r}: the game is for 2 to 6 players")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"seed is {self.seed!r}: use a whole number, 0 or more")
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
        self._check_cards()
        for color, cards in self.stacks.items():
            if len(cards) < self.players:
                raise ValueError(
                    f"{self.board.name!r} has {len(cards)} {color} cards in the deck for "
                    f"{self.players} players: each player needs one"
                )
        if self.hands is not None:
            object.__setattr__(self, "hands", self._check_hands(self.hands))
        r = self.start_round
        if isinstance(r, bool) or not isinstance(r, int) or r < 1:
            raise ValueError(f"start_round is {r!r}: use a whole number, 1 or more")
        if self.scores is not None:
            object.__setattr__(self, "scores", self._check_scores(self.scores))

    def _check_scores(self, scores: Sequence[int]) -> tuple[int, ...]:
        from workbench.games.trans_europa.scoring import game_over

        if isinstance(scores, str) or len(scores) != self.players:
            raise ValueError(
                f"scores is {scores!r}: give one score per seat ({self.players} whole numbers)"
            )
        for x in scores:
            if isinstance(x, bool) or not isinstance(x, int):
                raise ValueError(f"scores is {scores!r}: {x!r} is not a whole number")
        out = tuple(int(x) for x in scores)
        if game_over(self.rules, out):
            raise ValueError(
                f"scores is {out!r}: the game would already be over by the "
                f"{self.rules.scoring} scoring (target {self.rules.target})"
            )
        return out

    def _check_cards(self) -> None:
        """Refuse special cards that could take every color out of the hands together."""
        cards = self.rules.special_cards
        if not cards:
            return
        together = self.rules.card_mode == "fixed" or self.rules.cards_per_round > 1
        groups = [cards] if together else [(c,) for c in cards]
        for group in groups:
            out = {*self.rules.colors_out}
            for c in group:
                out.update(dict(CARDS[c].changes).get("colors_out", ()))
            if all(color in out for color in self.board.color_names):
                raise ValueError(
                    f"special cards {group!r} can take every color out of the hands "
                    f"({', '.join(sorted(out))}): leave some card colors in play"
                )

    def _check_hands(self, rounds: Sequence[Sequence[Sequence[str]]]) -> tuple[Hands, ...]:
        if not rounds:
            raise ValueError("hands is empty: give the hands of at least one round, or None")
        out = []
        dashed = self.rules.uses_dashed(self.players)
        out_colors = set(self.rules.colors_out)
        for r, deal in enumerate(rounds, 1):
            if len(deal) != self.players:
                raise ValueError(f"hands of deal {r} has {len(deal)} hands for {self.players}")
            dealt: dict[str, int] = {}  # each city dealt so far, to its seat
            for seat, hand in enumerate(deal):
                if isinstance(hand, str) or not hand:
                    raise ValueError(f"hand {hand!r} of seat {seat} in deal {r}: use city names")
                for name in hand:
                    city = self.board.city(name)  # KeyError naming close matches
                    where = f"city {name!r} in the hand of seat {seat} in deal {r}"
                    other = dealt.get(name)
                    if other == seat:
                        raise ValueError(f"{where} is there twice: a hand holds a card once")
                    if other is not None:
                        raise ValueError(
                            f"{where} is dealt to seat {other} too: the deck holds each city "
                            "once, so give one of them another city"
                        )
                    dealt[name] = seat
                    if city.color in out_colors:
                        raise ValueError(
                            f"{where} is {city.color}, a color the rules take out of the deck "
                            f"(colors_out={self.rules.colors_out!r}): leave it out of the hand"
                        )
                    if city.dashed and not dashed:
                        raise ValueError(
                            f"{where} is a dashed card, left out of the deck with "
                            f"{self.players} players (dealt from {self.rules.dashed_out_below} "
                            "players on): choose another city"
                        )
            out.append(tuple(tuple(hand) for hand in deal))
        return tuple(out)

    def __repr__(self) -> str:
        hands = "" if self.hands is None else f", hands={self.hands!r}"
        if self.scores is not None:
            hands += f", scores={self.scores!r}"
        if self.start_round != 1:
            hands += f", start_round={self.start_round!r}"
        return (
            f"TransEuropa(load_map(...{self.board.name!r}...), {self.rules!r}, "
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
        >>> game = TransEuropa(load_map("maps/trans_europa.yaml"), Rules(colors_out=("white",)), 3)
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

    @_per_board
    def graph(self) -> nx.Graph:
        """The board's graph (:meth:`Board.graph`), built once."""
        return self.board.graph()

    @_per_board
    def marker_points(self) -> frozenset[Point]:
        """Where a start marker may go: every point joined by segments to the cities.

        That is every point of the board but those cut off from all cities (a marker there
        could never join a hand, nor be scored).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> len(game.marker_points)
        53
        """
        G = self.graph
        first = self.board.cities[0].at
        import networkx as nx

        return frozenset(nx.node_connected_component(G, first)) if first in G else frozenset()

    @_per_board
    def sorted_marker_points(self) -> tuple[Point, ...]:
        """:attr:`marker_points` in sorted order (the order of the markers' legal actions).

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).sorted_marker_points[:2]
        ((0, 0), (0, 1))
        """
        return tuple(sorted(self.marker_points))

    @_per_board
    def marker_actions(self) -> tuple[Any, ...]:
        """A :class:`PlaceMarker` for each of :attr:`sorted_marker_points`, made once.

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).marker_actions[0]
        PlaceMarker(point=(0, 0))
        """
        from workbench.games.trans_europa.actions import PlaceMarker

        return tuple(PlaceMarker(p) for p in self.sorted_marker_points)

    @_per_board
    def marker_index(self) -> dict[Point, int]:
        """Each of :attr:`sorted_marker_points`'s place in that order (and in
        :attr:`marker_actions`).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> game.marker_actions[game.marker_index[(3, 2)]]
        PlaceMarker(point=(3, 2))
        """
        return {p: i for i, p in enumerate(self.sorted_marker_points)}

    @_per_board
    def city_colors(self) -> dict[str, str]:
        """The card color of every city, by name.

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).city_colors["Alder"]
        'brown'
        """
        return {c.name: c.color for c in self.board.cities}

    @_per_board
    def city_points(self) -> dict[str, Point]:
        """The point of every city, by name.

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).city_points["Alder"]
        (1, 1)
        """
        return {c.name: c.at for c in self.board.cities}

    @_per_board
    def segment_rank(self) -> dict[Edge, int]:
        """Each segment's place in sorted order (a fast sort key for legal actions).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> min(game.segment_rank, key=game.segment_rank.__getitem__) == min(game.board.segments)
        True
        """
        return {s: i for i, s in enumerate(sorted(self.board.segments))}

    @_per_board
    def rail_actions(self) -> dict[Edge, tuple[Any, Any]]:
        """Every segment's two rail actions, black and colored, made once (legal-action
        lists reuse them)."""
        from workbench.games.trans_europa.actions import PlaceRail

        return {s: (PlaceRail(s), PlaceRail(s, True)) for s in self.board.segments}

    @_per_board
    def color_rank(self) -> dict[str, int]:
        """The position of each card color in the board's order (hands are kept in it).

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).color_rank["white"]
        1
        """
        return {c: i for i, c in enumerate(self.board.color_names)}

    @_per_board
    def incident(self) -> dict[Point, tuple[Edge, ...]]:
        """The segments at each point, in canonical order."""
        out: dict[Point, list[Edge]] = {}
        for key in self.board.segments:
            out.setdefault(key[0], []).append(key)
            out.setdefault(key[1], []).append(key)
        return {p: tuple(sorted(v)) for p, v in out.items()}

    @_per_board
    def sorted_segments(self) -> tuple[Edge, ...]:
        """The board's segments in sorted order: a segment's rank is its index here.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> all(game.segment_rank[s] == i for i, s in enumerate(game.sorted_segments))
        True
        """
        return tuple(sorted(self.board.segments))

    @_per_board
    def rank_actions(self) -> tuple[Any, ...]:
        """The black :class:`PlaceRail` of each segment, by rank (the same objects as
        :attr:`rail_actions`)."""
        made = self.rail_actions
        return tuple(made[s][0] for s in self.sorted_segments)

    @_per_board
    def incident_ranks(self) -> dict[Point, tuple[int, ...]]:
        """The ranks of the segments at each point, in increasing order.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> [game.sorted_segments[r] for r in game.incident_ranks[(0, 0)]]
        [((0, 0), (0, 1))]
        """
        rank = self.segment_rank
        return {p: tuple(sorted(rank[s] for s in v)) for p, v in self.incident.items()}

    def double_flags_for(self, rules: Rules) -> tuple[bool, ...]:
        """Whether each segment, by rank, takes a whole turn under ``rules``
        (:meth:`doubles_for` as a table).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> sum(game.double_flags_for(game.rules)) == len(game.doubles)
        True
        """
        table = board_cache(self.board)
        key = ("engine.game.double_flags", rules.double_cost)
        found: tuple[bool, ...] | None = table.get(key)
        if found is None:
            doubles = self.doubles_for(rules)
            found = table[key] = tuple(s in doubles for s in self.sorted_segments)
        return found

    @cached_property
    def doubles(self) -> frozenset[Edge]:
        """Segments that take a whole turn: doubles costing 2 or more rails by the rules.

        A double whose terrain costs 1 (``water_single``, ``mountain_single``) is built as a
        single, and ferries and tunnels are singles (``ferry_rails=1``).

        Examples
        --------
        >>> from workbench import load_map
        >>> board = load_map("maps/tiny.yaml")
        >>> len(TransEuropa(board, players=2).doubles) > len(
        ...     TransEuropa(board, Rules(double_cost={"water": 1}), players=2).doubles)
        True
        """
        return self.doubles_for(self.rules)

    def doubles_for(self, rules: Rules) -> frozenset[Edge]:
        """The segments that take a whole turn under ``rules`` (:attr:`doubles` for a round's
        rules, which special cards may change), kept per board and cost of doubles.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> game.doubles_for(Rules(double_cost={"water": 1, "mountain": 1}))
        frozenset()
        """
        table = board_cache(self.board)
        key = ("engine.game.doubles", rules.double_cost)
        found: frozenset[Edge] | None = table.get(key)
        if found is None:
            cost = dict(rules.double_cost)
            found = table[key] = frozenset(
                k
                for k, s in self.board.segments.items()
                if s.kind == "double" and cost.get(s.terrain or "", 2) >= 2
            )
        return found

    @_per_board
    def ferries(self) -> frozenset[Edge]:
        """The ferry segments of the board (they take ``rules.ferry_rails`` rails each).

        Examples
        --------
        >>> from workbench import load_map
        >>> sorted(TransEuropa(load_map("maps/tiny.yaml"), players=2).ferries)
        [((5, 1), (6, 1))]
        """
        return frozenset(k for k, s in self.board.segments.items() if s.kind == "ferry")

    # ------------------------------------------------------------------ rounds

    def starter(self, round: int) -> int:
        """The starting seat of round ``round`` (from 1): seat 0, then one to the left each round.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2)
        >>> [game.starter(r) for r in (1, 2, 3)]
        [0, 1, 0]
        """
        return (round - 1) % self.players

    def rng(self, round: int) -> np.random.Generator:
        """The random generator of round ``round``'s deal, derived from the seed.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=3)
        >>> int(game.rng(1).integers(100)) == int(game.rng(1).integers(100))
        True
        """
        return np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(round,)))

    def round_cards(self, round: int) -> tuple[str, ...]:
        """The special cards that rule round ``round`` (ids), ``()`` without special cards.

        ``"fixed"`` mode: every card of ``rules.special_cards``, every round. ``"per_round"``
        mode: the cards :func:`workbench.games.trans_europa.schedule` turns over for that round,
        from a
        generator seeded by ``SeedSequence(seed, spawn_key=(0, 1))`` (apart from the deal's).

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.games.trans_europa import DECK
        >>> tiny = load_map("maps/tiny.yaml")
        >>> game = TransEuropa(tiny, Rules(special_cards=DECK), players=2, seed=4)
        >>> len(game.round_cards(1)), game.round_cards(2) == game.round_cards(2)
        (1, True)
        >>> TransEuropa(game.board, players=2).round_cards(1)
        ()
        """
        if round < 1:
            raise ValueError(f"round is {round!r}; rounds count from 1")
        if not self.rules.special_cards:
            return ()
        if self.rules.card_mode == "fixed":
            return self.rules.special_cards
        drawn = self._card_schedule
        if len(drawn) < round:
            # the schedule of the first ``round`` rounds extends the shorter one
            more = max(round, 2 * len(drawn), 8)
            seq = np.random.SeedSequence(self.seed, spawn_key=(0, 1))
            drawn[:] = schedule(self.rules, more, np.random.default_rng(seq))
        return drawn[round - 1]

    @cached_property
    def _card_schedule(self) -> list[tuple[str, ...]]:
        return []

    def round_rules(self, round: int) -> Rules:
        """The rules of round ``round``: ``apply_cards(rules, round_cards(round))``.

        Examples
        --------
        >>> from workbench import load_map
        >>> rules = Rules(special_cards=("water_single",), card_mode="fixed")
        >>> TransEuropa(load_map("maps/tiny.yaml"), rules, players=2).round_rules(3).double_cost_map
        {'mountain': 2, 'water': 1}
        """
        cards = self.round_cards(round)
        found = self._rules_cache.get(cards)
        if found is None:
            found = self._rules_cache[cards] = apply_cards(self.rules, cards)
        return found

    @cached_property
    def _rules_cache(self) -> dict[tuple[str, ...], Rules]:
        return {}

    def stack(self, round: int, color: str) -> tuple[str, ...]:
        """The cards of ``color`` left after round ``round``'s deal, top first.

        With a random deal, the rest of that color's shuffled stack; with fixed ``hands``,
        the color's cards in no hand, in the board's order. A draft draws from the top.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/trans_europa.yaml"), players=4, seed=1)
        >>> left = game.stack(1, "pink")
        >>> len(left), set(left) & {n for hand in game.deal(1) for n in hand}
        (3, set())
        """
        if color not in self.stacks:
            return ()
        if self.hands is not None:
            dealt = {name for hand in self.deal(round) for name in hand}
            return tuple(c for c in self.stacks[color] if c not in dealt)
        return tuple(self._shuffled(round)[color][self.players :])

    def _shuffled(self, round: int) -> dict[str, list[str]]:
        rng = self.rng(round)
        return {
            color: [cards[i] for i in rng.permutation(len(cards))]
            for color, cards in self.stacks.items()
        }

    def deal(self, round: int) -> Hands:
        """The hands of round ``round``: one city of each color per seat.

        With ``hands`` given, that fixed deal; otherwise each color's stack is shuffled by
        :meth:`rng` and seat ``i`` takes its ``i``-th card.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=1)
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
        shuffled = list(self._shuffled(round).values())
        return tuple(tuple(stack[seat] for stack in shuffled) for seat in range(self.players))

    def new_state(self) -> TransEuropaState:
        """The state at the start of the game: round 1, markers to place.

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state().round
        1
        """
        from workbench.games.trans_europa.state import TransEuropaState

        return TransEuropaState(self)

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (``M 3,4``, ``R 3,4-4,4``, ``E``, ``N`` ...).

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2).parse_action("M 1,1")
        PlaceMarker(point=(1, 1))
        """
        from workbench.games.trans_europa.actions import parse_action

        return parse_action(text)

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> TransEuropaState:
        """A state the observing seat cannot tell from the real one (see
        :func:`workbench.games.trans_europa.sample.sample_state`).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
        >>> obs = game.new_state().observation(1)
        >>> game.sample_state(obs, np.random.default_rng(1)).hands[1] == obs.hand
        True
        """
        from workbench.games.trans_europa.sample import sample_state

        return sample_state(self, observation, rng)

    def to_dict(self) -> dict[str, Any]:
        """The game's parameters as plain data (the rules as a rules file's text).

        Examples
        --------
        >>> from workbench import load_map
        >>> TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=5).to_dict()["seed"]
        5
        """
        from workbench.games.trans_europa.rules_io import dump_rules

        return {
            "board": self.board.name,
            "rules": dump_rules(self.rules),
            "players": self.players,
            "seed": self.seed,
            "hands": None if self.hands is None else [[list(h) for h in d] for d in self.hands],
            **({} if self.scores is None else {"scores": list(self.scores)}),
            **({} if self.start_round == 1 else {"start_round": self.start_round}),
        }
