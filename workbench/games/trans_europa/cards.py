"""The special cards of the rulebook's variant: the 19-card deck as data, each card a modifier.

A card is a named change of the rules: ``card.apply(rules)`` returns new rules. Cards compose
by applying them in order, under two merge rules:

* a field a card *sets* (the scoring table, rails per turn, the rhythm, a flag) takes the
  value of the last card that sets it, so ``generous`` then ``demanding`` plays demanding;
* a field a card *adds to* merges: colors taken out of the hands, revealed colors, drafted
  colors (unions) and the cost of doubles per terrain (each card changes only its terrain),
  so ``water_single`` with ``mountain_single`` makes every double cost one rail.

The rulebook names 14 effects for 19 cards. Our reading of the counts: the reveal card and
the draft card each come in three versions, one per color pair or color of the wording "as
applicable" (pink/orange, brown/pink, brown/orange; pink, brown, orange), and the 3-rails
card is printed twice. That makes the first 15 cards the simplifying ones and the last 4
(demanding table, pass one card three times, pass the hand, build anywhere) the demanding
ones, as the rulebook says. :data:`DECK` holds these counts; any other reading is a
different ``special_cards`` tuple.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from workbench.games.trans_europa.rules import Rules

__all__ = [
    "CARDS",
    "DECK",
    "DEMANDING_TABLE",
    "GENEROUS_TABLE",
    "MERGED_FIELDS",
    "SpecialCard",
    "SpecialDeck",
    "apply_cards",
    "card",
    "schedule",
]

Table = tuple[tuple[int, int], ...]

GENEROUS_TABLE: Table = ((2, 3), (4, 2), (7, 1))
"""Our generous table: 1-2 missing rails score 3, 3-4 score 2, 5-7 score 1, 8 or more 0."""

DEMANDING_TABLE: Table = ((1, 2), (3, 1))
"""Our demanding table: 1 missing rail scores 2, 2-3 score 1, 4 or more 0."""

MERGED_FIELDS: tuple[str, ...] = ("colors_out", "reveal", "draft_extra", "double_cost")
"""Fields that cards add to rather than set: three color sets and the cost per terrain."""


@dataclass(frozen=True)
class SpecialCard:
    """One special card: an id, a short name, what it does, and the fields it changes.

    ``changes`` pairs a :class:`~workbench.games.trans_europa.Rules` field with a value. Fields in
    :data:`MERGED_FIELDS` merge with the current value; every other field is replaced.

    Examples
    --------
    >>> from workbench.games.trans_europa import Rules
    >>> water = card("water_single")
    >>> water
    card('water_single')
    >>> water.apply(Rules.preset("rulebook")).double_cost_map
    {'mountain': 2, 'water': 1}
    """

    id: str
    name: str
    description: str
    changes: tuple[tuple[str, Any], ...]
    demanding: bool = False

    def __repr__(self) -> str:
        return f"card({self.id!r})"

    def apply(self, rules: Rules) -> Rules:
        """The rules with this card's changes.

        Examples
        --------
        >>> from workbench.games.trans_europa import Rules
        >>> r = card("no_white").apply(card("no_turquoise").apply(Rules()))
        >>> r.colors_out
        ('turquoise', 'white')
        """
        updates: dict[str, Any] = {}
        for field, value in self.changes:
            if field == "double_cost":
                merged = dict(rules.double_cost)
                merged.update(dict(value))
                updates[field] = merged
            elif field in MERGED_FIELDS:
                updates[field] = tuple(sorted({*getattr(rules, field), *value}))
            else:
                updates[field] = value
        return rules.replace(**updates)


def _card(
    id: str, name: str, description: str, *changes: tuple[str, Any], demanding: bool = False
) -> SpecialCard:
    return SpecialCard(id, name, description, tuple(changes), demanding)


_PAIRS = (("pink", "orange"), ("brown", "pink"), ("brown", "orange"))

CARDS: dict[str, SpecialCard] = {
    c.id: c
    for c in (
        _card(
            "generous",
            "Generous scoring",
            "Losers of the round score by the generous table (1-2 missing: 3, 3-4: 2, 5-7: 1).",
            ("table", GENEROUS_TABLE),
        ),
        _card(
            "three_rails",
            "Three rails",
            "Up to 3 rails a turn, and a double (worth 2 of them) may go with a single.",
            ("singles_per_turn", 3),
            ("mixed_doubles", True),
        ),
        _card(
            "water_single",
            "Water is flat",
            "A double over water costs one rail, to build and in the missing count.",
            ("double_cost", (("water", 1),)),
        ),
        _card(
            "mountain_single",
            "Mountains are flat",
            "A double over mountains costs one rail, to build and in the missing count.",
            ("double_cost", (("mountain", 1),)),
        ),
        _card(
            "no_white",
            "No white city",
            "Everyone returns their white card and plays to 4 cities.",
            ("colors_out", ("white",)),
        ),
        _card(
            "no_turquoise",
            "No turquoise city",
            "Everyone returns their turquoise card and plays to 4 cities.",
            ("colors_out", ("turquoise",)),
        ),
        _card(
            "discard_one",
            "Discard one",
            "Everyone returns a card of their choice, face down, and plays to 4 cities.",
            ("discard_one", True),
        ),
        _card(
            "rhythm",
            "3-2-1 rhythm",
            "Rails a turn follow the lap: 3 on the first, 2 on the second, 1 on the third, again.",
            ("rhythm", (3, 2, 1)),
        ),
        *(
            _card(
                f"reveal_{a}_{b}" if a < b else f"reveal_{b}_{a}",
                f"Reveal {min(a, b)} and {max(a, b)}",
                f"Everyone shows their {min(a, b)} and {max(a, b)} cities to the table.",
                ("reveal", tuple(sorted((a, b)))),
            )
            for a, b in _PAIRS
        ),
        *(
            _card(
                f"draft_{color}",
                f"Draft {color}",
                f"The starting player draws an extra {color} card, keeps one and passes "
                f"the other left; each player in turn does the same, the last returns one.",
                ("draft_extra", (color,)),
            )
            for color in ("pink", "brown", "orange")
        ),
        _card(
            "demanding",
            "Demanding scoring",
            "Losers of the round score by the demanding table (1 missing: 2, 2-3: 1).",
            ("table", DEMANDING_TABLE),
            demanding=True,
        ),
        _card(
            "pass_one",
            "Pass one, three times",
            "Three times, everyone passes a card of their choice face down to the left.",
            ("pass_one_times", 3),
            demanding=True,
        ),
        _card(
            "pass_hand",
            "Pass the hand",
            "Everyone memorises their hand and passes all of it to the left.",
            ("pass_hand", True),
            demanding=True,
        ),
        _card(
            "anywhere",
            "Build anywhere",
            "Rails may go on any free segment, joined to a network or not.",
            ("build_anywhere", True),
            demanding=True,
        ),
    )
}
"""Every special card by id: the 14 effects, with reveal and draft in three versions each."""

DECK: tuple[str, ...] = (
    "generous",
    "three_rails",
    "three_rails",
    "water_single",
    "mountain_single",
    "no_white",
    "no_turquoise",
    "discard_one",
    "rhythm",
    "reveal_orange_pink",
    "reveal_brown_pink",
    "reveal_brown_orange",
    "draft_pink",
    "draft_brown",
    "draft_orange",
    "demanding",
    "pass_one",
    "pass_hand",
    "anywhere",
)
"""The 19 special cards as we read the rulebook: 15 simplifying, then 4 demanding."""


def card(id: str) -> SpecialCard:
    """The special card named ``id``.

    Raises ``KeyError`` (with the close names) for an unknown id.

    Examples
    --------
    >>> card("rhythm").name
    '3-2-1 rhythm'
    >>> card("rythm")
    Traceback (most recent call last):
    ...
    KeyError: "no special card 'rythm'; did you mean 'rhythm'?"
    """
    try:
        return CARDS[id]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(str(id), list(CARDS), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; use one of: {', '.join(CARDS)}"
        raise KeyError(f"no special card {id!r}{hint}") from None


def apply_cards(rules: Rules, cards: Iterable[str | SpecialCard]) -> Rules:
    """The rules with every card applied, in order (see the module's merge rules).

    Examples
    --------
    >>> from workbench.games.trans_europa import Rules
    >>> r = apply_cards(Rules(), ["generous", "demanding"])
    >>> r.table == DEMANDING_TABLE
    True
    >>> apply_cards(Rules(), ["water_single", "mountain_single"]).double_cost_map
    {'mountain': 1, 'water': 1}
    """
    for c in cards:
        rules = (card(c) if isinstance(c, str) else c).apply(rules)
    return rules


def _generator(rng: np.random.Generator | int | None) -> np.random.Generator:
    return rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)


@dataclass(frozen=True)
class SpecialDeck:
    """A face-down stack of special cards: the whole deck and what is left to turn over.

    ``cards`` is the deck (ids, with repeats); ``stack`` the cards still face down, top
    first. Drawing returns the cards and the deck after the draw, so the deck is a value.
    When the stack runs out, every card not on the table is shuffled into a new stack (the
    rulebook does not say; a game seldom lasts 19 rounds).

    Examples
    --------
    >>> deck = SpecialDeck.shuffled(DECK, rng=7)
    >>> len(deck.stack)
    19
    >>> drawn, rest = deck.draw(rng=7)
    >>> drawn == deck.stack[:1], len(rest.stack)
    (True, 18)
    """

    cards: tuple[str, ...] = DECK
    stack: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for c in (*self.cards, *self.stack):
            card(c)
        left = list(self.cards)
        for c in self.stack:
            if c not in left:
                raise ValueError(f"the stack holds {c!r} more often than the deck does")
            left.remove(c)

    @classmethod
    def shuffled(
        cls, cards: Sequence[str] = DECK, rng: np.random.Generator | int | None = None
    ) -> SpecialDeck:
        """A deck of ``cards`` with all of them shuffled into the stack.

        Examples
        --------
        >>> SpecialDeck.shuffled(["rhythm", "generous"], rng=1).stack
        ('rhythm', 'generous')
        """
        cards = tuple(cards)
        order = _generator(rng).permutation(len(cards))
        return cls(cards, tuple(cards[i] for i in order))

    def draw(
        self, n: int = 1, rng: np.random.Generator | int | None = None
    ) -> tuple[tuple[str, ...], SpecialDeck]:
        """Turn over ``n`` cards: the cards, and the deck without them.

        ``rng`` is only used when the stack runs out and the rest is reshuffled.

        Examples
        --------
        >>> deck = SpecialDeck(("rhythm", "generous"), ("generous",))
        >>> drawn, rest = deck.draw(2, rng=0)
        >>> drawn
        ('generous', 'rhythm')
        >>> rest.stack
        ()
        """
        if not 0 <= n <= len(self.cards):
            raise ValueError(f"cannot draw {n!r} cards from a deck of {len(self.cards)}")
        drawn = list(self.stack[:n])
        stack = self.stack[n:]
        if len(drawn) < n:
            rest = list(self.cards)
            for c in drawn:
                rest.remove(c)
            order = _generator(rng).permutation(len(rest))
            fresh = tuple(rest[i] for i in order)
            k = n - len(drawn)
            drawn.extend(fresh[:k])
            stack = fresh[k:]
        return tuple(drawn), SpecialDeck(self.cards, stack)


def schedule(
    rules: Rules, rounds: int, rng: np.random.Generator | int | None = None
) -> list[tuple[str, ...]]:
    """The special cards in force in each of ``rounds`` rounds.

    With no ``special_cards`` every round has none. With ``card_mode="fixed"`` every round
    has all of them. With ``"per_round"`` the deck is shuffled once and each round turns over
    ``cards_per_round`` cards. The same ``rng`` seed gives the same schedule.

    Examples
    --------
    >>> from workbench.games.trans_europa import Rules
    >>> r = Rules(special_cards=DECK)
    >>> schedule(r, 3, rng=42) == schedule(r, 3, rng=42)
    True
    >>> [len(c) for c in schedule(r.replace(cards_per_round=2), 3, rng=42)]
    [2, 2, 2]
    >>> schedule(r.replace(special_cards=("rhythm",), card_mode="fixed"), 2)
    [('rhythm',), ('rhythm',)]
    """
    if rounds < 0:
        raise ValueError(f"rounds is {rounds!r}, it must be 0 or more")
    if not rules.special_cards:
        return [() for _ in range(rounds)]
    if rules.card_mode == "fixed":
        return [rules.special_cards for _ in range(rounds)]
    gen = _generator(rng)
    deck = SpecialDeck.shuffled(rules.special_cards, gen)
    out = []
    for _ in range(rounds):
        drawn, deck = deck.draw(rules.cards_per_round, gen)
        out.append(drawn)
    return out
