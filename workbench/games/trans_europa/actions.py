"""The actions of a game, as frozen values with a short text form.

A round is played as a flat sequence of actions:

* :class:`Discard` and :class:`PassCard` -- the hand-exchange cards of the special-card
  variant, between the deal and the markers: a city card put back, or passed to the left;
* :class:`PlaceMarker` -- a player puts their start marker on a point (the round's first lap);
* :class:`PlaceRail` -- one rail on one segment, black or (``colored=True``) of the player's
  own color; a turn is one or more of these;
* :class:`EndTurn` -- ends a turn after at least one rail (there is no passing). A turn also
  ends by itself when its budget is used up, so ``EndTurn`` is only needed to stop early;
* :class:`NextRound` -- after a round has been scored, deals the next one.

Each action prints as a short text (``D Alder``, ``P Alder``, ``M 3,4``, ``R 3,4-4,4``,
``C 3,4-4,4``, ``E``, ``N``) that :func:`parse_action` reads back, like a chess move in UCI
notation; that text is what a saved game's log holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from workbench.maps.lattice import Edge, Point, edge

__all__ = [
    "Action",
    "Discard",
    "EndTurn",
    "NextRound",
    "PassCard",
    "PlaceMarker",
    "PlaceRail",
    "action_key",
    "parse_action",
]


def _point(p: Any) -> Point:
    return (int(p[0]), int(p[1]))


def _point_text(p: Point) -> str:
    return f"{p[0]},{p[1]}"


@dataclass(frozen=True)
class PlaceMarker:
    """Put the start marker of the player on turn on ``point``.

    Examples
    --------
    >>> PlaceMarker((3, 4))
    PlaceMarker(point=(3, 4))
    >>> str(PlaceMarker((3, 4)))
    'M 3,4'
    """

    point: Point

    def __post_init__(self) -> None:
        object.__setattr__(self, "point", _point(self.point))

    def __str__(self) -> str:
        return f"M {_point_text(self.point)}"


@dataclass(frozen=True, repr=False)
class PlaceRail:
    """Put one rail on the segment ``segment`` (its two points, in either order).

    The segment is stored in canonical order (:func:`workbench.maps.lattice.edge`). With
    ``colored=True`` the rail is one of the player's own colored rails (``Rules.colored_rails``):
    it joins that player's network only. A black rail prints as ``R``, a colored one as ``C``.

    Examples
    --------
    >>> PlaceRail(((4, 4), (3, 4)))
    PlaceRail(segment=((3, 4), (4, 4)))
    >>> str(PlaceRail(((4, 4), (3, 4))))
    'R 3,4-4,4'
    >>> own = PlaceRail(((3, 4), (4, 4)), colored=True)
    >>> own, str(own)
    (PlaceRail(segment=((3, 4), (4, 4)), colored=True), 'C 3,4-4,4')
    """

    segment: Edge
    colored: bool = False

    def __post_init__(self) -> None:
        a, b = self.segment
        object.__setattr__(self, "segment", edge(_point(a), _point(b)))
        object.__setattr__(self, "colored", bool(self.colored))

    def __repr__(self) -> str:
        tail = ", colored=True" if self.colored else ""
        return f"PlaceRail(segment={self.segment!r}{tail})"

    def __str__(self) -> str:
        a, b = self.segment
        return f"{'C' if self.colored else 'R'} {_point_text(a)}-{_point_text(b)}"


def _city_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise ValueError(f"city is {name!r}: use a city's name, without spaces around it")
    return name


@dataclass(frozen=True)
class Discard:
    """Put the city card ``city`` of the player on turn back, face down, under its stack.

    Played when every player returns a card of their choice (``Rules.discard_one``) and by
    the last player of a draft (``Rules.draft_extra``), who returns one of their two cards
    of the drafted color.

    Examples
    --------
    >>> Discard("Alder")
    Discard(city='Alder')
    >>> str(Discard("St. Louis"))
    'D St. Louis'
    """

    city: str

    def __post_init__(self) -> None:
        _city_name(self.city)

    def __str__(self) -> str:
        return f"D {self.city}"


@dataclass(frozen=True)
class PassCard:
    """Pass the city card ``city`` of the player on turn, face down, to the left neighbour.

    Played when everyone passes a card of their choice (``Rules.pass_one_times``), and in a
    draft (``Rules.draft_extra``), where it must be a card of the drafted color.

    Examples
    --------
    >>> PassCard("Alder")
    PassCard(city='Alder')
    >>> str(PassCard("Alder"))
    'P Alder'
    """

    city: str

    def __post_init__(self) -> None:
        _city_name(self.city)

    def __str__(self) -> str:
        return f"P {self.city}"


@dataclass(frozen=True)
class EndTurn:
    """End the turn early, after at least one rail (a turn without a rail is not allowed).

    Examples
    --------
    >>> str(EndTurn())
    'E'
    """

    def __str__(self) -> str:
        return "E"


@dataclass(frozen=True)
class NextRound:
    """Deal and start the next round once a round has been scored.

    Examples
    --------
    >>> str(NextRound())
    'N'
    """

    def __str__(self) -> str:
        return "N"


Action = PlaceMarker | PlaceRail | EndTurn | NextRound | Discard | PassCard
"""Any action of the game."""

_ORDER = {PlaceMarker: 0, PlaceRail: 1, EndTurn: 2, NextRound: 3, Discard: 4, PassCard: 5}


def action_key(action: Action) -> tuple[int, tuple[int, ...]]:
    """The sort key of an action: markers, rails (by segment, black before colored), ``E``,
    ``N``, then discards and passes (by city name, as code points).

    :meth:`~workbench.games.trans_europa.TransEuropaState.legal_actions` lists actions in this
    order.

    Examples
    --------
    >>> sorted([EndTurn(), PlaceRail(((1, 0), (2, 0))), PlaceRail(((0, 0), (0, 1)))],
    ...        key=action_key)
    [PlaceRail(segment=((0, 0), (0, 1))), PlaceRail(segment=((1, 0), (2, 0))), EndTurn()]
    >>> [str(a) for a in sorted([PassCard("Fir"), PassCard("Alder")], key=action_key)]
    ['P Alder', 'P Fir']
    """
    if isinstance(action, PlaceMarker):
        return (0, action.point)
    if isinstance(action, PlaceRail):
        (a, b), (c, d) = action.segment
        return (1, (a, b, c, d, 1) if action.colored else (a, b, c, d))
    if isinstance(action, (Discard, PassCard)):
        return (_ORDER[type(action)], tuple(map(ord, action.city)))
    return (_ORDER[type(action)], ())


def _parse_point(text: str, whole: str) -> Point:
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"cannot read a point in action {whole!r}: use 'col,row' such as '3,4'")
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise ValueError(
            f"cannot read a point in action {whole!r}: use 'col,row' such as '3,4'"
        ) from None


_FORMS = "'M c,r', 'R c,r-c,r', 'C c,r-c,r', 'E', 'N', 'D city' or 'P city'"


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    Raises ``ValueError`` quoting the text when it is not an action.

    Examples
    --------
    >>> parse_action("R 4,4-3,4")
    PlaceRail(segment=((3, 4), (4, 4)))
    >>> parse_action("M 0,1"), parse_action("E"), parse_action("N")
    (PlaceMarker(point=(0, 1)), EndTurn(), NextRound())
    >>> parse_action("C 0,0-0,1"), parse_action("D St. Louis"), parse_action("P Alder")
    (PlaceRail(segment=((0, 0), (0, 1)), colored=True), Discard(city='St. Louis'), \
PassCard(city='Alder'))
    >>> parse_action("X 1")
    Traceback (most recent call last):
    ...
    ValueError: cannot read action 'X 1': use 'M c,r', 'R c,r-c,r', 'C c,r-c,r', 'E', 'N', \
'D city' or 'P city'
    """
    head, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if head in ("D", "P") and rest:
        return Discard(rest) if head == "D" else PassCard(rest)
    parts = text.split()
    if parts == ["E"]:
        return EndTurn()
    if parts == ["N"]:
        return NextRound()
    if len(parts) == 2 and parts[0] == "M":
        return PlaceMarker(_parse_point(parts[1], text))
    if len(parts) == 2 and parts[0] in ("R", "C") and parts[1].count("-") == 1:
        a, b = parts[1].split("-")
        return PlaceRail((_parse_point(a, text), _parse_point(b, text)), parts[0] == "C")
    raise ValueError(f"cannot read action {text!r}: use {_FORMS}")
