"""Transorient Express behind the game protocol: the game, its state and observations.

The state follows the rulebook turn by turn (``docs/transorient_express.md`` lists every
rule and every decided point). A turn is a sequence of decisions by the seat on turn:

1. ``take C`` or ``pile C`` (the mandatory action);
2. ``master C``: the round's first player places the Stationmaster (3 and 4 players);
3. ``play CARD`` or ``pass`` (the optional action); a card with the Luggage icon is followed
   by two Luggage draws (chance) and ``keep L``;
4. over the limits at the end of the turn: ``discard CARD`` until the hand is at its limit,
   then ``return COLOR`` until the store is (or ``lose COLOR`` chance outcomes under the
   ``returns: random`` rule).

Chance outcomes are every token out of the bag (``draw red``), every card off the
Destination pile (``deal 5-green``), every Luggage card drawn (``luggage 4``) and the three
objectives at setup (``objective 14``). Cards put under a pile are drawn again, in order,
once the shuffled part is used up; drawing from that known part is not a chance node.

>>> from workbench.games import GAMES
>>> game = GAMES["transorient_express"].new_game(players=4, seed=1)
>>> state = game.new_state()
>>> state.to_play is None, state.chance_outcomes()[0][1]
(True, 0.16666666666666666)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Protocol

import numpy as np

from workbench.exceptions import IllegalActionError
from workbench.games.referee import outcome_cdf, pick_outcome
from workbench.games.transorient_express.actions import (
    Action,
    CardDraw,
    Discard,
    Keep,
    LoseToken,
    LuggageDraw,
    ObjectiveDraw,
    Pass,
    Pile,
    Place,
    Play,
    Return,
    Take,
    TokenDraw,
    parse_action,
)
from workbench.games.transorient_express.cards import CardSet
from workbench.games.transorient_express.rules import Rules
from workbench.games.transorient_express.scoring import Breakdown, scorer

__all__ = [
    "FORMAT",
    "NAME",
    "Observation",
    "TransorientExpress",
    "TransorientState",
    "cards_fingerprint",
    "load_record",
    "save_record",
]

NAME = "transorient_express"
FORMAT = 1
"""The version of a Transorient Express saved game."""
_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "format": int, "game": str, "board": str, "board_fingerprint": str, "rules": dict,
    "players": int, "seed": int, "actions": list, "action_count": int, "over": bool,
    "digest": str,
}  # fmt: skip
_DECISIONS = ("take", "place", "play", "keep", "discard", "return")
_PASS = Pass()


class Uniform(Protocol):
    """What :meth:`TransorientState.draw` draws with: ``random()``, a uniform number in
    [0, 1) (a :class:`numpy.random.Generator`'s, or the same numbers drawn ahead)."""

    def random(self) -> float: ...


_TOKEN_DRAWS = frozenset(("store", "pile", "bonus"))
_CARD_DEALS = frozenset(("bottom", "top"))


def cards_fingerprint(cards: CardSet) -> str:
    """The fingerprint of the card set's canonical text (see
    :func:`workbench.games.record.fingerprint`).

    >>> from workbench.games.transorient_express.cards import load_cards
    >>> len(cards_fingerprint(load_cards("maps/transorient_express.yaml")))
    16
    """
    from workbench.games.transorient_express.cards import dumps_cards
    from workbench.records import fingerprint

    return fingerprint(dumps_cards(cards))


@dataclass(frozen=True)
class TransorientExpress:
    """A game of Transorient Express: the card set, the rules, players (2 to 4), seed.

    >>> from workbench.games.transorient_express.cards import load_cards
    >>> game = TransorientExpress(load_cards("maps/transorient_express.yaml"), Rules(), 3, 7)
    >>> game.name, game.players, game.columns
    ('transorient_express', 3, 4)
    >>> game.parse_action("pile 2")
    Pile(column=1)
    """

    cards: CardSet
    rules: Rules
    players: int
    seed: int

    name = NAME

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in (2, 3, 4):
            raise ValueError(f"players is {self.players!r}: Transorient Express is for 2 to 4")
        for kind in ("visa", "season", "route"):
            if not self.cards.objectives_of(kind):
                raise ValueError(f"the card set has no {kind} objective")
        first = self.rules.first_player
        if first >= self.players:
            raise ValueError(
                f"Rules.first_player is {first}: a game of {self.players} players has seats "
                f"0 to {self.players - 1}"
            )

    def __repr__(self) -> str:
        return f"TransorientExpress({self.cards.name!r}, players={self.players}, seed={self.seed})"

    @cached_property
    def color_index(self) -> dict[str, int]:
        """Token color -> its index in the set's token order."""
        return _kept(self.cards, "color_index", 0, self._color_index)

    def _color_index(self) -> dict[str, int]:
        return {c: i for i, c in enumerate(self.cards.token_colors)}

    @cached_property
    def costs(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Every Destination card's cost as ``((token index, count), ...)``."""
        return _kept(self.cards, "costs", 0, self._costs)

    def _costs(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        index = self.color_index
        return tuple(tuple((index[c], n) for c, n in d.cost) for d in self.cards.destinations)

    @cached_property
    def draws(self) -> tuple[CardDraw, ...]:
        """The chance outcome of dealing each Destination card, made once per card set."""
        return _kept(self.cards, "draws", 0, self._draws)

    def _draws(self) -> tuple[CardDraw, ...]:
        return tuple(
            CardDraw(i, _label(self.cards, i)) for i in range(len(self.cards.destinations))
        )

    @cached_property
    def actions(self) -> _Actions:
        """Every action and chance outcome value of this game, made once (states hand
        these out, so the referee and the bots do not build thousands of them a game).

        >>> from workbench.games.transorient_express.cards import load_cards
        >>> game = TransorientExpress(load_cards("maps/transorient_express.yaml"), Rules(), 2, 1)
        >>> game.actions.takes[2], str(game.actions.tokens[0]), str(game.actions.plays[0])
        (Take(column=2), 'draw red', 'play 1-red')
        """
        return _kept(self.cards, "actions", self.columns, self._actions)

    def _actions(self) -> _Actions:
        cards = self.cards
        colors = cards.token_colors
        columns = range(self.columns)
        n = len(cards.destinations)
        return _Actions(
            takes=tuple(Take(c) for c in columns),
            piles=tuple(Pile(c) for c in columns),
            places=tuple(Place(c) for c in columns),
            plays=tuple(Play(i, _label(cards, i)) for i in range(n)),
            discards=tuple(Discard(i, _label(cards, i)) for i in range(n)),
            keeps=tuple(Keep(i) for i in range(len(cards.luggage))),
            returns=tuple(Return(c) for c in colors),
            tokens=tuple(TokenDraw(c) for c in colors),
            losses=tuple(LoseToken(c) for c in colors),
            luggage=tuple(LuggageDraw(i) for i in range(len(cards.luggage))),
        )

    @property
    def columns(self) -> int:
        """Columns of the Central Station."""
        return self.rules.columns(self.players)

    def new_state(self) -> TransorientState:
        """The state before setup: the setup's draws are the first chance outcomes."""
        return TransorientState(self)

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (``take 3``, ``play 5-green``, ``draw red`` ...)."""
        return parse_action(text, self.cards)

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> TransorientState:
        """A state the observing seat cannot tell from the real one: the other hands, the
        Luggage cards held or offered and the order of both piles drawn at random."""
        return _sample(self, observation, rng)

    def to_record(self) -> dict[str, Any]:
        """The game's parameters as JSON-ready data.

        >>> from workbench.games import GAMES
        >>> record = GAMES["transorient_express"].new_game(players=2, seed=4).to_record()
        >>> record["board"], record["players"], record["rules"]
        ('Transorient Express (workbench set)', 2, {})
        """
        return {
            "board": self.cards.name,
            "board_fingerprint": cards_fingerprint(self.cards),
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any], cards: CardSet) -> TransorientExpress:
        """The game a saved-game record describes, checked against ``cards``."""
        if record.get("board") != cards.name:
            raise ValueError(
                f"the saved game is on card set {record.get('board')!r}, not on {cards.name!r}"
            )
        if record.get("board_fingerprint") != cards_fingerprint(cards):
            raise ValueError(
                f"the saved game was played on another version of {cards.name!r} "
                f"(fingerprint {record.get('board_fingerprint')!r}, this set's is "
                f"{cards_fingerprint(cards)!r}): load it with the set it was played on"
            )
        rules = record.get("rules")
        if not isinstance(rules, dict):
            raise ValueError(f"the saved game's 'rules' is {rules!r}: a mapping of rules")
        values = {}
        for key in ("players", "seed"):
            v = record.get(key)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"the saved game's {key!r} is {v!r}: use a whole number")
            values[key] = v
        return cls(cards, Rules.from_dict(rules), values["players"], values["seed"])


@dataclass(frozen=True)
class _Actions:
    """The action values of one game, by kind, indexed by column, card or color index."""

    takes: tuple[Take, ...]
    piles: tuple[Pile, ...]
    places: tuple[Place, ...]
    plays: tuple[Play, ...]
    discards: tuple[Discard, ...]
    keeps: tuple[Keep, ...]
    returns: tuple[Return, ...]
    tokens: tuple[TokenDraw, ...]
    losses: tuple[LoseToken, ...]
    luggage: tuple[LuggageDraw, ...]


@dataclass(frozen=True)
class Observation:
    """What ``seat`` sees: everything on the table, its own hand, Luggage and offer; of
    the others only how many cards they hold; of the piles only their sizes.

    Card values are indices into the card set; ``bottom``/``top`` hold ``-1`` for an empty
    slot; ``piles``, ``bag`` and ``stores`` are token counts in the set's token order.
    ``luggage_shown`` is every seat's Luggage cards once the game is over (each player
    reveals them), and ``()`` before.
    """

    seat: int
    legal_actions: tuple[Action, ...]
    to_play: int | None
    phase: str
    round: int
    turn: int
    order: tuple[int, ...]
    objectives: tuple[int, ...]
    bottom: tuple[int, ...]
    top: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    stores: tuple[tuple[int, ...], ...]
    stationmaster: tuple[int | None, int | None, int | None]
    tableaux: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    luggage: tuple[int, ...]
    luggage_counts: tuple[int, ...]
    luggage_shown: tuple[tuple[int, ...], ...]
    offer: tuple[int, ...]
    offer_size: int
    deck_size: int
    luggage_size: int
    discarded: tuple[int, ...]
    pending: tuple[tuple[str, int], ...]
    over: bool

    @property
    def player(self) -> int:
        return self.seat


class TransorientState:
    """The changing part of a game (see the module's text).

    >>> from workbench.games import GAMES, play
    >>> info = GAMES["transorient_express"]
    >>> end = play(info.new_game(players=3, seed=2), [info.bots["greedy"]] * 3, seed=1)
    >>> end.is_terminal(), max(len(t) for t in end.tableaux) >= 7
    (True, True)
    """

    def __init__(self, game: TransorientExpress, *, empty: bool = False) -> None:
        self.game = game
        if empty:
            return
        cards, rules, n = game.cards, game.rules, game.players
        k = len(cards.token_colors)
        c = game.columns
        self.log: list[Action] = []
        self.bag = list(cards.tokens)
        self.stores = [[0] * k for _ in range(n)]
        self.discounts = [[0] * k for _ in range(n)]
        self.bonus = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.tableaux: list[list[int]] = [[] for _ in range(n)]
        self.luggage: list[list[int]] = [[] for _ in range(n)]
        self.offer: list[int] = []
        self.bottom = [-1] * c
        self.top = [-1] * c
        self.piles = [[0] * k for _ in range(c)]
        self.deck = list(range(len(cards.destinations)))
        self.deck_bottom: list[int] = []
        self.discarded: list[int] = []
        self.lug = list(range(len(cards.luggage)))
        self.lug_bottom: list[int] = []
        self.objectives: list[int] = []
        self.sm_holder: int | None = rules.first_player
        self.sm_column: int | None = None
        self.sm_owner: int | None = None
        self.round = 0
        self.starter = rules.first_player
        self.order: list[int] = []
        self.turn = 0
        self.phase = "newround"
        pending: list[tuple[str, int]] = [("objective", i) for i in range(3)]
        for seat in range(n):
            pending += [("store", seat)] * rules.start_tokens
        pending += [("bottom", col) for col in range(c)]
        pending += [("top", col) for col in range(c)]
        for col in range(c):
            pending += [("pile", col)] * rules.pile_size
        self.pending = pending
        self._settle()

    # ------------------------------------------------------------------ protocol

    def __repr__(self) -> str:
        return (
            f"<TransorientState round {self.round}, {self.phase}, to play {self.to_play}, "
            f"{len(self.history)} actions>"
        )

    _FIELDS = (
        "bag",
        "stores",
        "discounts",
        "bonus",
        "hands",
        "tableaux",
        "luggage",
        "offer",
        "bottom",
        "top",
        "piles",
        "deck",
        "deck_bottom",
        "discarded",
        "lug",
        "lug_bottom",
        "objectives",
        "sm_holder",
        "sm_column",
        "sm_owner",
        "round",
        "starter",
        "order",
        "turn",
        "phase",
        "pending",
        "log",
    )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TransorientState):
            return NotImplemented
        return self.game == other.game and all(
            getattr(self, f) == getattr(other, f) for f in self._FIELDS
        )

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> TransorientState:
        new = TransorientState(self.game, empty=True)
        for f in self._FIELDS:
            value = getattr(self, f)
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(new, f, value)
        return new

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action and chance outcome so far (a sampled state's starts empty)."""
        return tuple(self.log)

    @property
    def to_play(self) -> int | None:
        if self.pending or self.phase not in _DECISIONS:
            return None
        return self.order[self.turn]

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[Action]:
        """The seat on turn's actions: ``take`` then ``pile`` by column; ``master`` by
        column; ``play`` by card then ``pass``; ``keep``, ``discard`` by card; ``return``
        in token order. ``[]`` at chance nodes and at the end."""
        phase = self.phase
        if self.pending or phase not in _DECISIONS:
            return []
        seat = self.order[self.turn]
        acts = self.game.actions
        if phase == "take":
            open_ = [c for c, card in enumerate(self.bottom) if card >= 0]
            takes: list[Action] = [acts.takes[c] for c in open_]
            return takes + [acts.piles[c] for c in open_]
        if phase == "place":
            return [acts.places[c] for c, card in enumerate(self.bottom) if card >= 0]
        if phase == "play":
            if self.played_out(seat):
                return [_PASS]
            hand = self.hands[seat]
            cards = sorted(set(hand)) if len(hand) > 1 else hand
            affordable = self.affordable
            out: list[Action] = [acts.plays[i] for i in cards if affordable(seat, i)]
            out.append(_PASS)
            return out
        if phase == "keep":
            return [acts.keeps[i] for i in sorted(set(self.offer))]
        if phase == "discard":
            return [acts.discards[i] for i in sorted(set(self.hands[seat]))]
        return [acts.returns[i] for i, n in enumerate(self.stores[seat]) if n]

    def _is_legal(self, action: Action) -> bool:
        """``action in self.legal_actions()`` without listing them (the referee checks
        every move); anything but a plain action of the phase's kind takes the list."""
        phase = self.phase
        kind = type(action)
        seat = self.order[self.turn]
        columns = (Take, Pile) if phase == "take" else (Place,) if phase == "place" else ()
        if kind in columns:
            col = action.column  # type: ignore[union-attr]
            if type(col) is int:
                return 0 <= col < len(self.bottom) and self.bottom[col] >= 0
        elif phase == "play" and kind is Pass:
            return True
        elif phase == "play" and kind is Play:
            card = action.card  # type: ignore[union-attr]
            if type(card) is int:
                return (
                    card in self.hands[seat]
                    and self.affordable(seat, card)
                    and not self.played_out(seat)
                )
        elif phase == "keep" and kind is Keep:
            lug = action.luggage  # type: ignore[union-attr]
            if type(lug) is int:
                return lug in self.offer
        elif phase == "discard" and kind is Discard:
            card = action.card  # type: ignore[union-attr]
            if type(card) is int:
                return card in self.hands[seat]
        elif phase == "return" and kind is Return:
            color = action.color  # type: ignore[union-attr]
            if type(color) is str:
                i = self.game.color_index.get(color, -1)
                return i >= 0 and self.stores[seat][i] > 0
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The next draw's outcomes with their probabilities; ``[]`` off chance nodes."""
        if not self.pending:
            return []
        kind, target = self.pending[0]
        cards = self.game.cards
        if kind in ("store", "pile", "bonus"):
            total = sum(self.bag)
            tokens = self.game.actions.tokens
            return [(tokens[i], n / total) for i, n in enumerate(self.bag) if n]
        if kind in ("bottom", "top"):
            p = 1.0 / len(self.deck)
            draws = self.game.draws
            return [(draws[i], p) for i in self.deck]
        if kind == "luggage":
            p = 1.0 / len(self.lug)
            bags = self.game.actions.luggage
            return [(bags[i], p) for i in self.lug]
        if kind == "objective":
            kind_name = ("visa", "season", "route")[target]
            numbers = [o.number for o in cards.objectives if o.kind == kind_name]
            return [(ObjectiveDraw(n), 1.0 / len(numbers)) for n in numbers]
        store = self.stores[target]
        total = sum(store)
        losses = self.game.actions.losses
        return [(losses[i], n / total) for i, n in enumerate(store) if n]

    def draw(self, rng: Uniform) -> Action:
        """Draw the next chance outcome with ``rng`` (a generator, or anything whose
        ``random()`` gives the generator's uniform numbers in turn) and apply it; return it.

        The outcome is the one :func:`~workbench.games.referee.sample_chance` draws from
        the same generator (the same ``rng.random()`` on the same cumulative
        probabilities, and no draw at all when one outcome is possible), so a game drawn
        here is the game the referee draws; but the list of outcomes is not built (the
        cumulative probabilities are kept by bag, store or pile size) and the outcome is
        applied without the checks a move from outside needs.

        Raises
        ------
        IllegalActionError
            The state is not a chance node.

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> from workbench.games.referee import sample_chance
        >>> game = GAMES["transorient_express"].new_game(players=3, seed=5)
        >>> a, b = game.new_state(), game.new_state()
        >>> ra, rb = np.random.default_rng(1), np.random.default_rng(1)
        >>> while a.pending:
        ...     b.apply(sample_chance(b, rb))
        ...     _ = a.draw(ra)
        >>> a == b
        True
        """
        pending = self.pending
        if not pending:
            raise IllegalActionError("no chance outcome here: the state is not a chance node")
        kind, target = pending[0]
        if kind in ("store", "pile", "bonus", "lose"):
            source = self.bag if kind != "lose" else self.stores[target]
            found = _TOKEN_CDFS.get(tuple(source))
            if found is None:
                found = _token_cdf(source)
            cdf, colors = found
            i = colors[0] if len(colors) == 1 else colors[bisect_right(cdf, rng.random())]
            source[i] -= 1
            if kind == "lose":
                self.bag[i] += 1
                action: Action = self.game.actions.losses[i]
            else:
                (self.stores if kind == "store" else self.piles)[target][i] += 1
                action = self.game.actions.tokens[i]
        elif kind in ("bottom", "top"):
            deck = self.deck
            j = 0 if len(deck) == 1 else bisect_right(_uniform_cdf(len(deck)), rng.random())
            card = deck.pop(j)
            (self.bottom if kind == "bottom" else self.top)[target] = card
            action = self.game.draws[card]
        elif kind == "luggage":
            lug = self.lug
            j = 0 if len(lug) == 1 else bisect_right(_uniform_cdf(len(lug)), rng.random())
            self.offer.append(lug[j])
            action = self.game.actions.luggage[lug.pop(j)]
        else:
            # sample_chance's draw: one uniform number unless one outcome is possible
            outcomes = self.chance_outcomes()
            action = outcomes[0][0] if len(outcomes) == 1 else pick_outcome(outcomes, rng.random())
            self._chance(action)
            self.log.append(action)
            self._settle()
            return action
        pending.pop(0)
        self.log.append(action)
        if not self._next_draw_ready():
            self._settle()
        return action

    def _next_draw_ready(self) -> bool:
        """Whether the next pending draw can simply be drawn (nothing for :meth:`_settle`
        to do): a token from a bag that has some, or a card from a deck that has some."""
        pending = self.pending
        if not pending:
            return False
        kind = pending[0][0]
        if kind in _TOKEN_DRAWS:
            return any(self.bag)
        return kind in _CARD_DEALS and bool(self.deck)

    def draw_all(self, rng: Uniform, most: int) -> int:
        """:meth:`draw` until the state is no longer a chance node, or ``most`` outcomes
        are drawn; how many were. The same outcomes as :meth:`draw` one at a time (the
        tokens out of the bag written out here: the bulk of a game's draws).

        Examples
        --------
        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=4, seed=5)
        >>> a, b = game.new_state(), game.new_state()
        >>> ra, rb = np.random.default_rng(1), np.random.default_rng(1)
        >>> n = a.draw_all(ra, 1_000)
        >>> for _ in range(n):
        ...     _ = b.draw(rb)
        >>> a == b, a.pending, n > 20
        (True, [], True)
        """
        drawn = 0
        tokens = self.game.actions.tokens
        while drawn < most:
            pending = self.pending
            if not pending:
                break
            kind, target = pending[0]
            if kind not in _TOKEN_DRAWS:
                self.draw(rng)
                drawn += 1
                continue
            # draw's token out of the bag, as there
            bag = self.bag
            found = _TOKEN_CDFS.get(tuple(bag))
            if found is None:
                found = _token_cdf(bag)
            cdf, colors = found
            i = colors[0] if len(colors) == 1 else colors[bisect_right(cdf, rng.random())]
            bag[i] -= 1
            (self.stores if kind == "store" else self.piles)[target][i] += 1
            pending.pop(0)
            self.log.append(tokens[i])
            drawn += 1
            if not self._next_draw_ready():
                self._settle()
        return drawn

    def apply(self, action: Action) -> None:
        """Play ``action``; :class:`~workbench.exceptions.IllegalActionError` saying why."""
        if self.phase == "over":
            raise IllegalActionError(f"{action}: the game is over")
        if self.pending:
            self._chance(action)
        else:
            self._decide(action)
        self.log.append(action)
        self._settle()

    def scores(self) -> tuple[int, ...]:
        """Every seat's points as if the game ended now (the final scores at the end)."""
        return tuple(b.total for b in self.breakdown())

    def breakdown(self) -> list[Breakdown]:
        """Every seat's points by source (see :mod:`.scoring`)."""
        return scorer(self.game.cards, self.objectives, self.game.rules.ranked_ties).breakdown(
            self.tableaux, self.luggage
        )

    def winners(self, breakdown: list[Breakdown] | None = None) -> tuple[int, ...]:
        """The most points, then the most passports; players still tied share.
        ``breakdown`` is :meth:`breakdown` if the caller has it already."""
        if self.phase != "over":
            return ()
        parts = self.breakdown() if breakdown is None else breakdown
        marks = [(b.total, b.passports) for b in parts]
        best = max(marks)
        return tuple(s for s, m in enumerate(marks) if m == best)

    def observation(self, seat: int, legal: Sequence[Action] | None = None) -> Observation:
        """What ``seat`` sees now. ``legal`` is :meth:`legal_actions` if the caller has
        it already and ``seat`` is on turn (the simulator does)."""
        phase = self.phase
        # to_play's test written out
        to_play = None if self.pending or phase not in _DECISIONS else self.order[self.turn]
        own_offer = phase == "keep" and self.order[self.turn] == seat
        if to_play != seat:
            legal = ()
        elif legal is None:
            legal = self.legal_actions()
        # the frozen dataclass's own __init__ sets its 27 fields one by one through
        # object.__setattr__, which took a third of the time of a whole observation
        obs = object.__new__(Observation)
        obs.__dict__.update(
            seat=seat,
            legal_actions=tuple(legal),
            to_play=to_play,
            phase=phase,
            round=self.round,
            turn=self.turn,
            order=tuple(self.order),
            objectives=tuple(self.objectives),
            bottom=tuple(self.bottom),
            top=tuple(self.top),
            piles=tuple(map(tuple, self.piles)),
            bag=tuple(self.bag),
            stores=tuple(map(tuple, self.stores)),
            stationmaster=(self.sm_holder, self.sm_column, self.sm_owner),
            tableaux=tuple(map(tuple, self.tableaux)),
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(map(len, self.hands)),
            luggage=tuple(self.luggage[seat]),
            luggage_counts=tuple(map(len, self.luggage)),
            luggage_shown=tuple(map(tuple, self.luggage)) if phase == "over" else (),
            offer=tuple(self.offer) if own_offer else (),
            offer_size=len(self.offer),
            deck_size=len(self.deck) + len(self.deck_bottom),
            luggage_size=len(self.lug) + len(self.lug_bottom),
            discarded=tuple(self.discarded),
            pending=tuple(self.pending),
            over=phase == "over",
        )
        return obs

    # ------------------------------------------------------------------ helpers

    def text(self, action: Action) -> str:
        """``action``'s text with its card named (``play 5-green``) even when the value
        was made without the label."""
        if not isinstance(action, Play | Discard | CardDraw) or action.label:
            return str(action)
        if not 0 <= action.card < len(self.game.cards.destinations):
            return str(action)
        return str(replace(action, label=_label(self.game.cards, action.card)))

    @property
    def seat(self) -> int | None:
        """The seat whose turn is going on (also at the chance nodes inside it, such as a
        Luggage draw); ``None`` between rounds and at the end."""
        if self.phase in ("over", "newround") or self.turn >= len(self.order):
            return None
        return self.order[self.turn]

    def cost(self, seat: int, card: int) -> list[tuple[int, int]]:
        """What ``card`` costs ``seat`` after its discounts: ``[(token index, count)]``."""
        disc = self.discounts[seat]
        return [(i, n - disc[i]) for i, n in self.game.costs[card] if n > disc[i]]

    def affordable(self, seat: int, card: int) -> bool:
        """Whether ``seat``'s store pays ``card`` now."""
        # store[i] >= n - discount[i] for every color of the cost, as self.cost's does
        # (a color the discounts cover in full asks nothing: the store is never negative)
        store, disc = self.stores[seat], self.discounts[seat]
        for i, n in self.game.costs[card]:  # noqa: SIM110 (a loop: all() of a generator is slower)
            if store[i] + disc[i] < n:
                return False
        return True

    def played_out(self, seat: int) -> bool:
        """Whether ``seat`` has played the most Destination cards a player may: the number
        that ends the game (``Rules.end_at``; 8 with two players, who take two turns a
        round and could otherwise pass it).

        >>> from workbench.games import GAMES
        >>> state = GAMES["transorient_express"].new_game(players=2, seed=1).new_state()
        >>> state.played_out(0), state.game.rules.end_at(2)
        (False, 8)
        """
        return len(self.tableaux[seat]) >= self.game.rules.end_at(self.game.players)

    def store_limit(self, seat: int) -> int:
        """Tokens ``seat`` may keep at the end of a turn."""
        return self.game.rules.store_limit + self.bonus[seat]

    def store_size(self, seat: int) -> int:
        """Tokens counted against the limit (the Stationmaster too, by the rule)."""
        extra = self.game.rules.stationmaster_counts and self.sm_holder == seat
        return sum(self.stores[seat]) + (1 if extra else 0)

    # ------------------------------------------------------------------ chance

    def _chance(self, action: Action) -> None:
        kind, target = self.pending[0]
        cards = self.game.cards
        if kind in ("store", "pile", "bonus", "lose"):
            if not isinstance(action, TokenDraw if kind != "lose" else LoseToken):
                raise IllegalActionError(f"{action}: a token is drawn here ({kind})")
            i = self.game.color_index.get(action.color, -1)
            source = self.bag if kind != "lose" else self.stores[target]
            if i < 0 or source[i] == 0:
                where = "the bag" if kind != "lose" else f"seat {target}'s store"
                raise IllegalActionError(f"{action}: no {action.color} token in {where}")
            self.pending.pop(0)
            source[i] -= 1
            if kind == "lose":
                self.bag[i] += 1
            elif kind == "store":
                self.stores[target][i] += 1
            else:
                self.piles[target][i] += 1
            return
        if kind in ("bottom", "top"):
            if not isinstance(action, CardDraw) or action.card not in self.deck:
                raise IllegalActionError(f"{action}: a card of the shuffled pile is dealt here")
            self.pending.pop(0)
            self.deck.remove(action.card)
            (self.bottom if kind == "bottom" else self.top)[target] = action.card
            return
        if kind == "luggage":
            if not isinstance(action, LuggageDraw) or action.luggage not in self.lug:
                raise IllegalActionError(f"{action}: a Luggage card of the pile is drawn here")
            self.pending.pop(0)
            self.lug.remove(action.luggage)
            self.offer.append(action.luggage)
            return
        kind_name = ("visa", "season", "route")[target]
        numbers = {o.number: i for i, o in enumerate(cards.objectives) if o.kind == kind_name}
        if not isinstance(action, ObjectiveDraw) or action.number not in numbers:
            raise IllegalActionError(f"{action}: a {kind_name} objective is drawn here")
        self.pending.pop(0)
        self.objectives.append(numbers[action.number])

    def _settle(self) -> None:
        """Resolve what needs no decision: draws from the known part of a pile, draws from
        an empty bag or pile (nothing comes), and the start of a round."""
        while True:
            while self.pending:
                kind, target = self.pending[0]
                if kind in ("store", "pile", "bonus") and not any(self.bag):
                    self.pending.pop(0)
                elif kind in ("bottom", "top") and not self.deck:
                    self.pending.pop(0)
                    if self.deck_bottom:
                        card = self.deck_bottom.pop(0)
                        (self.bottom if kind == "bottom" else self.top)[target] = card
                elif kind == "luggage" and not self.lug:
                    self.pending.pop(0)
                    if self.lug_bottom:
                        self.offer.append(self.lug_bottom.pop(0))
                elif kind == "lose" and not any(self.stores[target]):
                    self.pending.pop(0)
                else:
                    return
            if self.phase == "newround":
                self._start_round()
                continue
            if self.phase == "keep" and not self.offer:
                self._end_turn()
                continue
            if self.phase == "endturn":
                self._next_turn()
                continue
            return

    # ------------------------------------------------------------------ turns

    def _start_round(self) -> None:
        n = self.game.players
        self.round += 1
        if n == 2:
            self.sm_holder = self.starter
            pattern = [self.starter, 1 - self.starter, 1 - self.starter, self.starter]
        else:
            assert self.sm_holder is not None
            self.starter = self.sm_holder
            pattern = [(self.starter + i) % n for i in range(n)]
        turns = sum(1 for card in self.bottom if card >= 0) - 1
        self.order = [pattern[i % len(pattern)] for i in range(turns)]
        self.turn = 0
        self.phase = "take"
        if turns < 1:
            self.phase = "over"

    def _decide(self, action: Action) -> None:
        seat = self.order[self.turn]
        if not self._is_legal(action):
            legal = self.legal_actions()
            if self.phase == "play" and isinstance(action, Play) and self.played_out(seat):
                most = self.game.rules.end_at(self.game.players)
                raise IllegalActionError(
                    f"round {self.round}, turn {self.turn + 1}, seat {seat}: "
                    f"{self.text(action)} is not legal: seat {seat} has {most} Destination "
                    f"cards in front, the most a player may play with {self.game.players} "
                    "players (pass)"
                )
            raise IllegalActionError(
                f"round {self.round}, turn {self.turn + 1}, seat {seat}: {self.text(action)} "
                f"is not legal in the {self.phase} step (legal: {', '.join(map(str, legal[:12]))}"
                f"{' ...' if len(legal) > 12 else ''})"
            )
        rules = self.game.rules
        cards = self.game.cards
        # a legal action is of its kind's class itself (a subclass's value is not equal
        # to any legal action): its class tells the kind
        if type(action) is Take or type(action) is Pile:
            col = action.column
            card = self.bottom[col]
            self.bottom[col] = -1
            pile = self.piles[col]
            if type(action) is Take:
                self.hands[seat].append(card)
                for i, k in enumerate(pile):
                    self.bag[i] += k
            else:
                store = self.stores[seat]
                for i, k in enumerate(pile):
                    store[i] += k
                (self.deck_bottom if rules.discard == "bottom" else self.discarded).append(card)
            self.piles[col] = [0] * len(pile)
            if self.sm_column == col:
                self.sm_holder, self.sm_column = seat, None
            first = self.turn == 0 and self.game.players > 2
            self.phase = "place" if first and self.sm_holder == seat else "play"
        elif type(action) is Place:
            self.sm_owner = seat
            self.sm_holder, self.sm_column = None, action.column
            self.phase = "play"
        elif type(action) is Play:
            played = cards.destinations[action.card]
            store = self.stores[seat]
            for i, k in self.cost(seat, action.card):
                store[i] -= k
                self.bag[i] += k
            self.hands[seat].remove(action.card)
            self.tableaux[seat].append(action.card)
            if played.effect.kind == "discount":
                self.discounts[seat][cards.token_colors.index(played.effect.color)] += 1
            elif played.effect.kind == "store":
                self.bonus[seat] += played.effect.amount
            if played.luggage:
                self.phase = "keep"
                self.pending += [("luggage", seat)] * 2
            else:
                self._end_turn()
        elif type(action) is Pass:
            self._end_turn()
        elif type(action) is Keep:
            self.offer.remove(action.luggage)
            self.luggage[seat].append(action.luggage)
            self.lug_bottom += self.offer
            self.offer = []
            self._end_turn()
        elif type(action) is Discard:
            self.hands[seat].remove(action.card)
            self.deck_bottom.append(action.card)
            self._end_turn()
        elif type(action) is Return:
            i = cards.token_colors.index(action.color)
            self.stores[seat][i] -= 1
            self.bag[i] += 1
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.order[self.turn]
        rules = self.game.rules
        if len(self.hands[seat]) > rules.hand_limit:
            self.phase = "discard"
            return
        # store_size(seat) - store_limit(seat) written out
        store = self.stores[seat]
        over = sum(store) - rules.store_limit - self.bonus[seat]
        if rules.stationmaster_counts and self.sm_holder == seat:
            over += 1
        if over > 0 and any(store):
            if rules.returns == "player":
                self.phase = "return"
                return
            self.pending += [("lose", seat)] * min(over, sum(self.stores[seat]))
            self.phase = "endturn"
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.phase = "take"
            return
        self._end_round()

    def _end_round(self) -> None:
        game = self.game
        if max(len(t) for t in self.tableaux) >= game.rules.end_at(game.players):
            self.phase = "over"
            return
        left = [c for c, card in enumerate(self.bottom) if card >= 0]
        self.pending += [("bonus", c) for c in left for _ in range(game.rules.round_bonus)]
        if game.players == 2:
            self.starter = 1 - self.starter
        elif self.sm_column is not None:
            self.sm_holder, self.sm_column = self.sm_owner, None
        for c in range(len(self.bottom)):
            if self.bottom[c] < 0:
                self.bottom[c], self.top[c] = self.top[c], -1
                if self.bottom[c] >= 0:
                    self.pending += [("pile", c)] * game.rules.pile_size
        if any(card < 0 for card in self.bottom):
            self.pending = []
            self.phase = "over"  # the deck ran out: the station cannot be dealt in full
            return
        # the top row is dealt before the new piles, as the rulebook's list has it
        piles = [p for p in self.pending if p[0] == "pile"]
        self.pending = [p for p in self.pending if p[0] == "bonus"]
        self.pending += [("top", c) for c in range(len(self.top)) if self.top[c] < 0]
        self.pending += piles
        self.phase = "newround"


def _label(cards: CardSet, index: int) -> str:
    d = cards.destinations[index]
    return f"{d.number}-{d.color}"


def _sample(
    game: TransorientExpress, obs: Observation, rng: np.random.Generator
) -> TransorientState:
    cards = game.cards
    seat = obs.seat
    n = game.players
    state = TransorientState(game, empty=True)
    seen: set[int] = {c for c in (*obs.bottom, *obs.top) if c >= 0}
    for t in obs.tableaux:
        seen.update(t)
    seen.update(obs.hand)
    seen.update(obs.discarded)
    unseen = [i for i in range(len(cards.destinations)) if i not in seen]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for s in range(n):
        if s == seat:
            hands.append(list(obs.hand))
        else:
            hands.append(unseen[: obs.hand_sizes[s]])
            unseen = unseen[obs.hand_sizes[s] :]
    lug_seen = set(obs.luggage) | set(obs.offer)
    for shown in obs.luggage_shown:
        lug_seen.update(shown)
    lug_unseen = [i for i in range(len(cards.luggage)) if i not in lug_seen]
    rng.shuffle(lug_unseen)
    luggage: list[list[int]] = []
    for s in range(n):
        if s == seat:
            luggage.append(list(obs.luggage))
        elif obs.luggage_shown:
            luggage.append(list(obs.luggage_shown[s]))
        else:
            luggage.append(lug_unseen[: obs.luggage_counts[s]])
            lug_unseen = lug_unseen[obs.luggage_counts[s] :]
    offer = list(obs.offer)
    if obs.offer_size and not offer:
        offer, lug_unseen = lug_unseen[: obs.offer_size], lug_unseen[obs.offer_size :]
    state.bag = list(obs.bag)
    state.stores = [list(s) for s in obs.stores]
    state.discounts = [[0] * len(cards.token_colors) for _ in range(n)]
    state.bonus = [0] * n
    index = game.color_index
    for s, t in enumerate(obs.tableaux):
        for i in t:
            e = cards.destinations[i].effect
            if e.kind == "discount":
                state.discounts[s][index[e.color]] += 1
            elif e.kind == "store":
                state.bonus[s] += e.amount
    state.hands = hands
    state.tableaux = [list(t) for t in obs.tableaux]
    state.luggage = luggage
    state.offer = offer
    state.bottom = list(obs.bottom)
    state.top = list(obs.top)
    state.piles = [list(p) for p in obs.piles]
    state.deck = sorted(unseen)
    state.deck_bottom = []
    state.discarded = list(obs.discarded)
    state.lug = sorted(lug_unseen)
    state.lug_bottom = []
    state.objectives = list(obs.objectives)
    state.sm_holder, state.sm_column, state.sm_owner = obs.stationmaster
    state.round = obs.round
    state.order = list(obs.order)
    state.turn = obs.turn
    state.starter = obs.order[0] if obs.order else 0
    state.phase = obs.phase
    state.pending = list(obs.pending)
    state.log = []
    return state


def save_record(state: TransorientState) -> dict[str, Any]:
    """The saved game of ``state``: the game's parameters (the card set's name and
    fingerprint, the rules that differ from the rulebook's, players, seed), the log as
    action texts (chance outcomes included), its length, whether the game was over, and a
    digest.

    >>> from workbench.games import GAMES
    >>> state = GAMES["transorient_express"].new_game(players=2, seed=4).new_state()
    >>> record = save_record(state)
    >>> record["game"], record["format"], record["action_count"], record["over"]
    ('transorient_express', 1, 0, False)
    """
    from workbench.records import digest

    actions = [str(a) for a in state.history]
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": NAME,
        **state.game.to_record(),
        "actions": actions,
        "action_count": len(actions),
        "over": state.is_terminal(),
    }
    record["digest"] = digest(record)
    return record


def load_record(record: dict[str, Any], cards: CardSet) -> TransorientState:
    """The state a :func:`save_record` record describes, replayed on ``cards``.

    Raises ``ValueError`` saying what is wrong: another format or game, missing or
    mistyped fields, another card set or an edited one, a log cut or extended, an edited
    record (digest), a log that breaks the rules (``IllegalActionError``) or that does not
    end the way the record says.

    >>> from workbench.games import GAMES
    >>> info = GAMES["transorient_express"]
    >>> state = info.new_game(players=2, seed=4).new_state()
    >>> load_record(save_record(state), info.board()) == state
    True
    >>> load_record({**save_record(state), "seed": 5}, info.board())
    Traceback (most recent call last):
    ...
    ValueError: the saved game was changed after it was saved (its digest does not match)...
    """
    from workbench.games.record import replay
    from workbench.records import check_count, check_digest, check_over, check_record

    check_record(record, game=NAME, version=FORMAT, required=_REQUIRED, example="take 3")
    game = TransorientExpress.from_record(record, cards)
    check_count(record)
    check_digest(record, "rules, seed or actions")
    state = replay(game, record["actions"])
    assert isinstance(state, TransorientState)
    check_over(record, state.is_terminal())
    return state


_TOKEN_CDFS: dict[tuple[int, ...], tuple[list[float], list[int]]] = {}


def _token_cdf(counts: list[int]) -> tuple[list[float], list[int]]:
    """The cumulative probabilities of drawing each color of ``counts`` (a bag or a
    store, as :meth:`TransorientState.chance_outcomes` weighs them) and the colors'
    indices, kept by counts."""
    total = sum(counts)
    colors = []
    weights = []
    added = 0.0
    for i, n in enumerate(counts):
        if n:
            colors.append(i)
            p = n / total
            weights.append(p)
            added += p
    if len(weights) < 8:
        # outcome_cdf's arithmetic written out (the same floats: the weights' sum left
        # to right, then the running sum of the weights over it, over its last value),
        # without its table: a bag's counts are seldom seen twice, their weights no more
        running = 0.0
        cumulative = []
        for p in weights:
            running += p / added
            cumulative.append(running)
        cdf = [c / running for c in cumulative]
    else:
        cdf = outcome_cdf(tuple(weights))
    found = (cdf, colors)
    if len(_TOKEN_CDFS) >= 20_000:
        _TOKEN_CDFS.clear()
    _TOKEN_CDFS[tuple(counts)] = found
    return found


_UNIFORM_CDFS: dict[int, list[float]] = {}


def _uniform_cdf(n: int) -> list[float]:
    """The cumulative probabilities of ``n`` equally likely outcomes (a pile's cards, as
    :meth:`TransorientState.chance_outcomes` weighs them), kept by ``n``."""
    found = _UNIFORM_CDFS.get(n)
    if found is None:
        p = 1.0 / n
        found = _UNIFORM_CDFS[n] = outcome_cdf((p,) * n)
    return found


_KEPT_VALUES: dict[tuple[int, str, int], tuple[CardSet, Any]] = {}


def _kept(cards: CardSet, what: str, columns: int, make: Any) -> Any:
    """``make()``, the values a game derives from its card set (and columns), made once
    per card set and kept (a simulation makes a game per game played): at most a few
    dozen card sets' worth are kept."""
    key = (id(cards), what, columns)
    found = _KEPT_VALUES.get(key)
    if found is not None and found[0] is cards:
        return found[1]
    if len(_KEPT_VALUES) >= 64:
        _KEPT_VALUES.clear()
    value = make()
    _KEPT_VALUES[key] = (cards, value)
    return value
