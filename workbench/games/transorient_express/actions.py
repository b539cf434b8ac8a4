"""Actions and chance outcomes of Transorient Express: small frozen values with a text form.

Columns count from 1 in text (as players count them) and from 0 in the values. Cards are
written by number and color (``5-green``); the index into the card set is what the value
holds, its label is carried for the text only.

>>> str(Take(2)), str(Pile(0)), str(Place(4)), str(Pass())
('take 3', 'pile 1', 'master 5', 'pass')
>>> str(Play(7, "2-green")), str(TokenDraw("red")), str(LuggageDraw(3))
('play 2-green', 'draw red', 'luggage 4')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from workbench.games.transorient_express.cards import CardSet

__all__ = [
    "Action",
    "CardDraw",
    "Discard",
    "Keep",
    "LoseToken",
    "LuggageDraw",
    "ObjectiveDraw",
    "Pass",
    "Pile",
    "Place",
    "Play",
    "Return",
    "Take",
    "TokenDraw",
    "parse_action",
]


@dataclass(frozen=True)
class Take:
    """Mandatory action: the Destination card of ``column`` into the hand."""

    column: int

    def __str__(self) -> str:
        return f"take {self.column + 1}"


@dataclass(frozen=True)
class Pile:
    """Mandatory action: the tokens under ``column`` into the store; its card is discarded."""

    column: int

    def __str__(self) -> str:
        return f"pile {self.column + 1}"


@dataclass(frozen=True)
class Place:
    """The round's first player puts the Stationmaster token in ``column``."""

    column: int

    def __str__(self) -> str:
        return f"master {self.column + 1}"


@dataclass(frozen=True)
class Play:
    """Optional action: play hand card ``card`` (an index into the card set), paying it."""

    card: int
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"play {self.label or self.card}"


@dataclass(frozen=True)
class Pass:
    """Optional action: play no card this turn."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Keep:
    """Keep Luggage card ``luggage`` of the two drawn; the other goes under the pile."""

    luggage: int

    def __str__(self) -> str:
        return f"keep {self.luggage + 1}"


@dataclass(frozen=True)
class Discard:
    """End of turn, over the hand limit: put hand card ``card`` under the Destination pile."""

    card: int
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"discard {self.label or self.card}"


@dataclass(frozen=True)
class Return:
    """End of turn, over the store limit: put a ``color`` token back in the bag."""

    color: str

    def __str__(self) -> str:
        return f"return {self.color}"


@dataclass(frozen=True)
class TokenDraw:
    """Chance: a ``color`` token comes out of the bag."""

    color: str

    def __str__(self) -> str:
        return f"draw {self.color}"


@dataclass(frozen=True)
class CardDraw:
    """Chance: Destination card ``card`` comes off the pile."""

    card: int
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"deal {self.label or self.card}"


@dataclass(frozen=True)
class LuggageDraw:
    """Chance: Luggage card ``luggage`` comes off the Luggage pile."""

    luggage: int

    def __str__(self) -> str:
        return f"luggage {self.luggage + 1}"


@dataclass(frozen=True)
class ObjectiveDraw:
    """Chance, at setup: objective card ``number`` is in play."""

    number: int

    def __str__(self) -> str:
        return f"objective {self.number}"


@dataclass(frozen=True)
class LoseToken:
    """Chance (rule ``returns: random``): a ``color`` token leaves the store for the bag."""

    color: str

    def __str__(self) -> str:
        return f"lose {self.color}"


Action = (
    Take
    | Pile
    | Place
    | Play
    | Pass
    | Keep
    | Discard
    | Return
    | TokenDraw
    | CardDraw
    | LuggageDraw
    | ObjectiveDraw
    | LoseToken
)
"""Any action or chance outcome of the game."""

_COLUMN = ("take", "pile", "master")


def parse_action(text: str, cards: CardSet) -> Action:
    """The action written ``text``; ``ValueError`` saying why when there is none.

    >>> from workbench.games.transorient_express.cards import load_cards
    >>> cards = load_cards("maps/transorient_express.yaml")
    >>> parse_action("play 5-green", cards) == Play(cards.destination("5 green"))
    True
    >>> parse_action("take 0", cards)
    Traceback (most recent call last):
    ...
    ValueError: 'take 0': columns count from 1
    """
    words = text.strip().split()
    if not words:
        raise ValueError("an empty action: write take 3, pile 2, play 5-green, pass ...")
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return Pass()
    if len(rest) != 1:
        raise ValueError(f"{text!r} is not an action: write take 3, pile 2, play 5-green, pass")
    arg = rest[0]
    if head in _COLUMN or head in ("keep", "luggage", "objective"):
        if not arg.isdigit():
            raise ValueError(f"{text!r}: {arg!r} is not a number")
        n = int(arg)
        if head == "objective":
            return ObjectiveDraw(n)
        if n < 1:
            raise ValueError(f"{text!r}: {'columns' if head in _COLUMN else 'cards'} count from 1")
        if head == "keep":
            return Keep(n - 1)
        if head == "luggage":
            return LuggageDraw(n - 1)
        if head == "take":
            return Take(n - 1)
        return Pile(n - 1) if head == "pile" else Place(n - 1)
    if head in ("play", "discard", "deal"):
        index = cards.destination(arg)
        label = f"{cards.destinations[index].number}-{cards.destinations[index].color}"
        if head == "play":
            return Play(index, label)
        return Discard(index, label) if head == "discard" else CardDraw(index, label)
    if head in ("return", "draw", "lose"):
        if arg not in cards.token_colors:
            raise ValueError(f"{text!r}: no token color {arg!r} ({', '.join(cards.token_colors)})")
        if head == "return":
            return Return(arg)
        return TokenDraw(arg) if head == "draw" else LoseToken(arg)
    raise ValueError(f"{text!r} is not an action: write take 3, pile 2, play 5-green, pass")
