"""The actions of Ticket to Ride and their text forms.

A card is named by its color (``red``, ..., ``black``) or ``loco`` for a locomotive. A
payment is written as the cards it spends: ``3red``, ``2red+1loco``, ``4loco``, ``0``
(nothing). The player actions and their texts:

=====================  =====================================  ===============================
action                 text                                   what it does
=====================  =====================================  ===============================
:class:`TakeCard`      ``take red`` / ``take loco``           take a face-up card
:class:`DrawBlind`     ``blind``                              draw the top card of the deck
:class:`Claim`         ``claim Paris-Wien 2red+1loco``        claim a route (offer, on a tunnel)
:class:`PayTunnel`     ``pay 1red``                           pay a tunnel's extra cards
:class:`Withdraw`      ``withdraw``                           give up a tunnel (turn over)
:class:`DrawTickets`   ``tickets``                            draw tickets
:class:`Keep`          ``keep Berlin-Roma,Paris-Wien``        keep some of the offered tickets
:class:`BuildStation`  ``station Wien 2red``                  build a station
:class:`Pass`          ``pass``                               only when nothing else is legal
=====================  =====================================  ===============================

Chance outcomes: :class:`Deal` (``deal red``: the next card of the deck, wherever it goes)
and :class:`DealTicket` (``deal ticket Berlin-Roma``).

>>> parse_action("claim Frankfurt-Paris#2 2white+1loco")
Claim(route='Frankfurt-Paris#2', payment=Payment(color='white', cards=2, locos=1))
>>> str(parse_action("keep Berlin-Roma,Paris-Wien"))
'keep Berlin-Roma,Paris-Wien'

City names may hold spaces, dashes and accents (``claim Dieppe-Paris Nord 1pink``): the
payment is always the last word, a route or ticket id is the rest, and tickets in a keep
are separated by commas, which ``workbench check`` refuses in a route board's city names;
a card color is one word (also checked), so every action of every board ``check`` accepts
reads back as it was written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = [
    "LOCO",
    "Action",
    "BuildStation",
    "Claim",
    "Deal",
    "DealTicket",
    "DrawBlind",
    "DrawTickets",
    "Keep",
    "Pass",
    "PayTunnel",
    "Payment",
    "TakeCard",
    "Withdraw",
    "parse_action",
    "parse_payment",
]

LOCO = "loco"
"""The name of a locomotive card in action texts."""


@dataclass(frozen=True)
class Payment:
    """``cards`` cards of ``color`` and ``locos`` locomotives (``color`` is ``None`` when
    only locomotives are paid).

    Examples
    --------
    >>> str(Payment("red", 2, 1)), str(Payment(None, 0, 3)), str(Payment(None, 0, 0))
    ('2red+1loco', '3loco', '0')
    >>> Payment("red", 2, 1).total
    3
    """

    color: str | None
    cards: int
    locos: int

    @property
    def total(self) -> int:
        """How many cards it spends."""
        return self.cards + self.locos

    def __str__(self) -> str:
        parts = []
        if self.cards:
            parts.append(f"{self.cards}{self.color}")
        if self.locos:
            parts.append(f"{self.locos}{LOCO}")
        return "+".join(parts) or "0"


def parse_payment(text: str) -> Payment:
    """The payment written ``text``; ``ValueError`` saying why if it is not one.

    Examples
    --------
    >>> parse_payment("2red+1loco"), parse_payment("0")
    (Payment(color='red', cards=2, locos=1), Payment(color=None, cards=0, locos=0))
    >>> parse_payment("2red+1blue")
    Traceback (most recent call last):
    ...
    ValueError: payment '2red+1blue' mixes two colors: pay one color and locomotives
    """
    if text == "0":
        return Payment(None, 0, 0)
    color: str | None = None
    cards = locos = 0
    seen_loco = False
    for term in text.split("+"):
        digits = len(term) - len(term.lstrip("0123456789"))
        if digits == 0 or digits == len(term):
            raise ValueError(
                f"payment {text!r}: {term!r} is not a count and a card, like 2red or 1loco"
            )
        n, name = int(term[:digits]), term[digits:]
        if n < 1:
            raise ValueError(f"payment {text!r}: {term!r} pays no card; leave it out")
        if name == LOCO:
            if seen_loco:
                raise ValueError(f"payment {text!r} names locomotives twice")
            seen_loco, locos = True, n
        elif color is not None:
            raise ValueError(f"payment {text!r} mixes two colors: pay one color and locomotives")
        else:
            color, cards = name, n
    return Payment(color, cards, locos)


@dataclass(frozen=True)
class TakeCard:
    """Take the face-up card of ``color`` (``loco`` for a locomotive)."""

    color: str

    def __str__(self) -> str:
        return f"take {self.color}"


@dataclass(frozen=True)
class DrawBlind:
    """Draw the top card of the deck."""

    def __str__(self) -> str:
        return "blind"


@dataclass(frozen=True)
class Claim:
    """Claim ``route`` (its id) with ``payment``; on a tunnel, the payment is the offer."""

    route: str
    payment: Payment

    def __str__(self) -> str:
        return f"claim {self.route} {self.payment}"


@dataclass(frozen=True)
class PayTunnel:
    """Pay the extra cards a tunnel's reveal asks for."""

    payment: Payment

    def __str__(self) -> str:
        return f"pay {self.payment}"


@dataclass(frozen=True)
class Withdraw:
    """Give up the tunnel: the offered cards go back to the hand and the turn is over."""

    def __str__(self) -> str:
        return "withdraw"


@dataclass(frozen=True)
class DrawTickets:
    """Draw tickets (three in the published rules)."""

    def __str__(self) -> str:
        return "tickets"


@dataclass(frozen=True)
class Keep:
    """Keep these offered tickets (their ids, sorted); the others go back or leave."""

    tickets: tuple[str, ...]

    def __str__(self) -> str:
        return "keep " + ",".join(self.tickets)


@dataclass(frozen=True)
class BuildStation:
    """Build a station in ``city``, paying ``payment``."""

    city: str
    payment: Payment

    def __str__(self) -> str:
        return f"station {self.city} {self.payment}"


@dataclass(frozen=True)
class Pass:
    """Do nothing: legal only when no other action is."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Deal:
    """Chance: the next card off the deck is ``color`` (``loco``)."""

    color: str

    def __str__(self) -> str:
        return f"deal {self.color}"


@dataclass(frozen=True)
class DealTicket:
    """Chance: the next ticket drawn is ``ticket`` (its id)."""

    ticket: str

    def __str__(self) -> str:
        return f"deal ticket {self.ticket}"


Action = (
    TakeCard
    | DrawBlind
    | Claim
    | PayTunnel
    | Withdraw
    | DrawTickets
    | Keep
    | BuildStation
    | Pass
    | Deal
    | DealTicket
)

_SINGLE: dict[str, Any] = {
    "blind": DrawBlind(),
    "withdraw": Withdraw(),
    "tickets": DrawTickets(),
    "pass": Pass(),
}


def _name(text: str, what: str) -> str:
    """``text`` as the name of a ``what``; ``ValueError`` for a blank or padded one."""
    if not text.strip() or text != text.strip():
        raise ValueError(f"{text!r} is not a {what}'s name")
    return text


def parse_action(text: str) -> Action:
    """The action written ``text`` (see the module's table); ``ValueError`` saying why.

    Examples
    --------
    >>> parse_action("take loco"), parse_action("deal ticket Berlin-Roma")
    (TakeCard(color='loco'), DealTicket(ticket='Berlin-Roma'))
    >>> parse_action("claim Dieppe-Paris Nord 1pink")
    Claim(route='Dieppe-Paris Nord', payment=Payment(color='pink', cards=1, locos=0))
    >>> parse_action("build Wien")
    Traceback (most recent call last):
    ...
    ValueError: 'build Wien' is not a Ticket to Ride action (take, blind, claim, pay, ...)
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not an action's text")
    if text in _SINGLE:
        return _SINGLE[text]  # type: ignore[no-any-return,unused-ignore]
    head, _, rest = text.partition(" ")
    words = rest.split(" ")
    try:
        if head == "take" and len(words) == 1:
            return TakeCard(_name(rest, "card"))
        if head == "claim" and len(words) >= 2:
            return Claim(_name(" ".join(words[:-1]), "route"), parse_payment(words[-1]))
        if head == "pay" and len(words) == 1:
            return PayTunnel(parse_payment(rest))
        if head == "keep" and rest:
            return Keep(tuple(_name(t, "ticket") for t in rest.split(",")))
        if head == "station" and len(words) >= 2:
            return BuildStation(_name(" ".join(words[:-1]), "city"), parse_payment(words[-1]))
        if head == "deal" and rest.startswith("ticket "):
            return DealTicket(_name(rest.removeprefix("ticket "), "ticket"))
        if head == "deal" and len(words) == 1:
            return Deal(_name(rest, "card"))
    except ValueError as e:
        raise ValueError(f"{text!r}: {e}") from None
    raise ValueError(
        f"{text!r} is not a Ticket to Ride action (take, blind, claim, pay, withdraw, "
        "tickets, keep, station, pass, deal)"
    )
