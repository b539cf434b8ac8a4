"""Rules as data: one frozen value that holds every parameter a variant can touch.

A :class:`Rules` value is checked once, when it is made; a tweak is ``rules.replace(...)``
(checked again) or a rules file (:mod:`workbench.games.trans_europa.rules_io`). The named presets
are in
:data:`PRESETS`. What each field means is in ``docs/rules.md``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from workbench.exceptions import RulesError
from workbench.games.trans_europa.cards import CARDS
from workbench.maps.board import TERRAINS

__all__ = ["CARD_MODES", "PRESETS", "SCORINGS", "Rules"]

SCORINGS: tuple[str, ...] = ("rulebook", "countdown")
"""The scoring systems: the rulebook's race to a target, and the countdown from 13."""

CARD_MODES: tuple[str, ...] = ("per_round", "fixed")
"""How special cards are used: turned over each round, or all of them for the whole game."""

Scoring = Literal["rulebook", "countdown"]
CardMode = Literal["per_round", "fixed"]


class _Bad(Exception):
    """A field's value is wrong: what is wrong, and what is allowed."""

    def __init__(self, message: str, allowed: str) -> None:
        super().__init__(message)
        self.message, self.allowed = message, allowed


def _int(value: Any, least: int, most: int | None = None) -> int:
    allowed = f"a whole number, at least {least}" + (f" and at most {most}" if most else "")
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(f"{value!r}", allowed)
    if value < least or (most is not None and value > most):
        raise _Bad(f"{value!r}", allowed)
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"{value!r}", "true or false")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise _Bad(f"{value!r}", "text")
    return value


def _choice(options: Sequence[str]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in options:
            raise _Bad(f"{value!r}", "one of: " + ", ".join(options))
        return str(value)

    return check


def _items(value: Any, allowed: str) -> tuple[Any, ...]:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Sequence):
        raise _Bad(f"{value!r}", allowed)
    return tuple(value)


def _colors(value: Any) -> tuple[str, ...]:
    allowed = "a list of distinct color names, such as ['white']"
    items = _items(value, allowed)
    if not all(isinstance(c, str) and c for c in items) or len(set(items)) != len(items):
        raise _Bad(f"{value!r}", allowed)
    return tuple(sorted(items))


def _rhythm(value: Any) -> tuple[int, ...]:
    allowed = "a list of rails per lap, each at least 1, such as [3, 2, 1]; [] for none"
    items = _items(value, allowed)
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in items):
        raise _Bad(f"{value!r}", allowed)
    return items


def _table(value: Any) -> tuple[tuple[int, int], ...]:
    allowed = (
        "pairs [most missing rails, points] with the rails rising from 1 and the points "
        "0 or more and never rising, such as [[1, 3], [2, 2], [4, 1]]"
    )
    rows = _items(value, allowed)
    out: list[tuple[int, int]] = []
    for row in rows:
        pair = _items(row, allowed)
        if len(pair) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
            raise _Bad(f"{value!r}", allowed)
        out.append((pair[0], pair[1]))
    for i, (most, points) in enumerate(out):
        previous = out[i - 1] if i else (0, points)
        if most <= previous[0] or points < 0 or points > previous[1]:
            raise _Bad(f"{value!r}", allowed)
    return tuple(out)


def _double_cost(value: Any) -> tuple[tuple[str, int], ...]:
    allowed = f"rails per terrain ({', '.join(TERRAINS)}), each at least 1, such as {{water: 1}}"
    pairs = value.items() if isinstance(value, Mapping) else _items(value, allowed)
    cost = dict.fromkeys(TERRAINS, 2)
    for pair in pairs:
        pair = _items(pair, allowed)
        if len(pair) != 2 or pair[0] not in TERRAINS:
            raise _Bad(f"{value!r}", allowed)
        if isinstance(pair[1], bool) or not isinstance(pair[1], int) or pair[1] < 1:
            raise _Bad(f"{value!r}", allowed)
        cost[pair[0]] = pair[1]
    return tuple(sorted(cost.items()))


def _cards(value: Any) -> tuple[str, ...]:
    allowed = "a list of special card ids: " + ", ".join(CARDS)
    items = _items(value, allowed)
    for c in items:
        if c not in CARDS:
            raise _Bad(f"{value!r} (no card {c!r})", allowed)
    return tuple(items)


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "name": _text,
    "scoring": _choice(SCORINGS),
    "winner_points": lambda v: _int(v, 0),
    "table": _table,
    "target": lambda v: _int(v, 1),
    "countdown_start": lambda v: _int(v, 1),
    "singles_per_turn": lambda v: _int(v, 1),
    "doubles_per_turn": lambda v: _int(v, 0),
    "mixed_doubles": _bool,
    "rhythm": _rhythm,
    "double_cost": _double_cost,
    "rail_supply": lambda v: _int(v, 1),
    "dashed_out_below": lambda v: _int(v, 2, 7),
    "colors_out": _colors,
    "discard_one": _bool,
    "reveal": _colors,
    "draft_extra": _colors,
    "pass_one_times": lambda v: _int(v, 0),
    "pass_hand": _bool,
    "build_anywhere": _bool,
    "colored_rails": lambda v: _int(v, 0),
    "colored_per_turn": lambda v: _int(v, 1),
    "ferry_rails": lambda v: _int(v, 1, 2),
    "ferry_beside_colored": _bool,
    "special_cards": _cards,
    "card_mode": _choice(CARD_MODES),
    "cards_per_round": lambda v: _int(v, 1),
}


def normalize(field: str, value: Any) -> Any:
    """The canonical form of ``value`` for the field ``field``, or :class:`RulesError`.

    Lists become tuples, a terrain mapping becomes sorted pairs over every terrain, and
    color lists are sorted. The error names the field, the bad value and what is allowed.

    Examples
    --------
    >>> normalize("double_cost", {"water": 1})
    (('mountain', 2), ('water', 1))
    >>> normalize("target", -1)
    Traceback (most recent call last):
    ...
    workbench.exceptions.RulesError: Rules.target is -1: it must be a whole number, at least 1
    """
    if field not in _CHECKS:
        raise RulesError(f"Rules has no field {field!r}; its fields are: {', '.join(_CHECKS)}")
    try:
        return _CHECKS[field](value)
    except _Bad as e:
        raise RulesError(f"Rules.{field} is {e.message}: it must be {e.allowed}") from None


@dataclass(frozen=True)
class Rules:
    """Every parameter of a game of Trans Europa, as one frozen, hashable value.

    Each field is checked when the value is made (so also by :meth:`replace`); a bad value
    raises :class:`~workbench.exceptions.RulesError` naming the field, the value and what
    is allowed. The defaults are the rulebook's basic game. ``docs/rules.md`` explains
    every field.

    Attributes
    ----------
    name : str
        A label, shown in the repr and saved in files.
    scoring : {"rulebook", "countdown"}
    winner_points : int
        Points for each player who joined all their cities (rulebook scoring).
    table : tuple of (most missing rails, points)
        Points of the others, rising thresholds: ``((1, 3), (2, 2), (4, 1))`` gives 3 for
        1 missing rail, 2 for 2, 1 for 3-4 and 0 for more.
    target : int
        Rulebook scoring: the game ends after a round in which someone has this many points.
    countdown_start : int
        Countdown scoring: everyone's points at the start.
    singles_per_turn, doubles_per_turn : int
        Rails a turn: up to this many singles, or this many doubles.
    mixed_doubles : bool
        A double may share a turn with singles, counting as 2 of ``singles_per_turn``.
    rhythm : tuple of int
        Rails allowed on each lap of a round, repeating; ``()`` uses ``singles_per_turn``.
    double_cost : tuple of (terrain, rails)
        What a double costs per terrain, to build and in the missing-rail count.
    rail_supply : int
        Black rails in the box; the round ends when they run out.
    dashed_out_below : int
        With fewer players than this, the dashed city cards are out.
    colors_out : tuple of str
        Card colors taken out of every hand.
    discard_one : bool
        Each player returns one card of their choice.
    reveal : tuple of str
        Card colors every player shows face up.
    draft_extra : tuple of str
        Colors drafted: an extra card is drawn and passed left, each keeping one.
    pass_one_times : int
        How many times everyone passes one card of their choice to the left.
    pass_hand : bool
        Everyone passes their whole hand to the left.
    build_anywhere : bool
        Rails need not join the builder's network.
    colored_rails, colored_per_turn : int
        Colored rails per player and round (part of their own network only; a stock of
        their own, not taken from ``rail_supply``), and at most how many a turn.
    ferry_rails : int
        Rails a ferry space needs before it joins anything (1, or 2 in the 2018 edition);
        each is placed like a single.
    ferry_beside_colored : bool
        With two-rail ferries, another player may lay the black line beside someone's
        colored rail on a ferry (a reading of the 2018 summary); by default only the
        colored rail's owner may build there.
    special_cards : tuple of str
        The special cards in play (ids, with repeats); ``()`` for none. The engine turns
        them over before each round's markers (``Game.round_cards``).
    card_mode : {"per_round", "fixed"}
        Turn cards over each round, or apply them all for the whole game.
    cards_per_round : int
        Cards turned over each round in ``"per_round"`` mode.

    Examples
    --------
    >>> r = Rules.preset("rulebook").replace(target=15)
    >>> r
    Rules.preset('rulebook').replace(target=15)
    >>> r.replace(target=0)
    Traceback (most recent call last):
    ...
    workbench.exceptions.RulesError: Rules.target is 0: it must be a whole number, at least 1
    """

    name: str = "rulebook"
    scoring: Scoring = "rulebook"
    winner_points: int = 4
    table: tuple[tuple[int, int], ...] = ((1, 3), (2, 2), (4, 1))
    target: int = 13
    countdown_start: int = 13
    singles_per_turn: int = 2
    doubles_per_turn: int = 1
    mixed_doubles: bool = False
    rhythm: tuple[int, ...] = ()
    double_cost: tuple[tuple[str, int], ...] = (("mountain", 2), ("water", 2))
    rail_supply: int = 85
    dashed_out_below: int = 4
    colors_out: tuple[str, ...] = ()
    discard_one: bool = False
    reveal: tuple[str, ...] = ()
    draft_extra: tuple[str, ...] = ()
    pass_one_times: int = 0
    pass_hand: bool = False
    build_anywhere: bool = False
    colored_rails: int = 0
    colored_per_turn: int = 1
    ferry_rails: int = 1
    special_cards: tuple[str, ...] = ()
    card_mode: CardMode = "per_round"
    cards_per_round: int = 1
    ferry_beside_colored: bool = False

    def __post_init__(self) -> None:
        errors = []
        for f in dataclasses.fields(self):
            try:
                object.__setattr__(self, f.name, normalize(f.name, getattr(self, f.name)))
            except RulesError as e:
                errors.append(str(e))
        cards = len(self.special_cards)
        if cards and self.card_mode == "per_round" and self.cards_per_round > cards:
            errors.append(
                f"Rules.cards_per_round is {self.cards_per_round!r}: it must be at most "
                f"the {cards} special cards in play"
            )
        if errors:
            raise RulesError("\n".join(errors))

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes``, checked like a new value.

        Examples
        --------
        >>> Rules().replace(double_cost={"water": 1}).double_cost
        (('mountain', 2), ('water', 1))
        >>> Rules().replace(targt=15)
        Traceback (most recent call last):
        ...
        workbench.exceptions.RulesError: Rules has no field 'targt'; did you mean 'target'?
        """
        unknown = [k for k in changes if k not in _CHECKS]
        if unknown:
            import difflib

            close = difflib.get_close_matches(unknown[0], list(_CHECKS), n=1)
            hint = f"did you mean {close[0]!r}?" if close else "its fields: " + ", ".join(_CHECKS)
            raise RulesError(f"Rules has no field {unknown[0]!r}; {hint}")
        return dataclasses.replace(self, **changes)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name`` (see :data:`PRESETS`).

        Examples
        --------
        >>> Rules.preset("countdown").scoring
        'countdown'
        >>> Rules.preset("vexation")
        Traceback (most recent call last):
        ...
        workbench.exceptions.RulesError: no preset 'vexation'; use one of: rulebook, ...
        """
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(f"no preset {name!r}; use one of: {', '.join(PRESETS)}") from None

    def changes(self, base: Rules | None = None) -> dict[str, Any]:
        """The fields that differ from ``base`` (by default the preset this one is nearest).

        Examples
        --------
        >>> Rules(target=15).changes()
        {'target': 15}
        """
        base = base if base is not None else self.nearest_preset()
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }

    def nearest_preset(self) -> Rules:
        """The preset with the fewest fields other than ``name`` different from this one.

        Ties go to the preset of the same name, then to the first.

        Examples
        --------
        >>> Rules(scoring="countdown").nearest_preset().name
        'countdown'
        """

        def distance(p: Rules) -> tuple[int, bool]:
            return (len(self.changes(p).keys() - {"name"}), p.name != self.name)

        return min(PRESETS.values(), key=distance)

    def __repr__(self) -> str:
        base = self.nearest_preset()
        changes = ", ".join(f"{k}={v!r}" for k, v in self.changes(base).items())
        tail = f".replace({changes})" if changes else ""
        return f"Rules.preset({base.name!r}){tail}"

    # ------------------------------------------------------------------ derived values

    @property
    def double_cost_map(self) -> dict[str, int]:
        """The cost of doubles as a dict, for :func:`workbench.analysis.costs.missing_rails`.

        Examples
        --------
        >>> Rules().double_cost_map
        {'mountain': 2, 'water': 2}
        """
        return dict(self.double_cost)

    def turn_budget(self, lap: int = 1) -> int:
        """The most single rails a turn allows on ``lap`` (1 is a round's first lap).

        Examples
        --------
        >>> r = Rules(rhythm=(3, 2, 1))
        >>> [r.turn_budget(lap) for lap in range(1, 6)]
        [3, 2, 1, 3, 2]
        >>> Rules().turn_budget(4)
        2
        """
        if lap < 1:
            raise ValueError(f"lap is {lap!r}; laps count from 1")
        return self.rhythm[(lap - 1) % len(self.rhythm)] if self.rhythm else self.singles_per_turn

    def allows_turn(self, singles: int, doubles: int = 0, lap: int = 1, colored: int = 0) -> bool:
        """Whether one turn may place ``singles`` single and ``doubles`` double rails.

        At least one rail goes down. Singles alone: up to :meth:`turn_budget`. Doubles alone:
        up to ``doubles_per_turn``, on any lap. Doubles with singles only with
        ``mixed_doubles``, each double counting 2 of the budget. ``colored`` of those rails
        may be colored: at most ``colored_per_turn``, and only if ``colored_rails`` > 0.

        Examples
        --------
        >>> r = Rules()
        >>> r.allows_turn(2), r.allows_turn(3), r.allows_turn(0, 1), r.allows_turn(1, 1)
        (True, False, True, False)
        >>> Rules(singles_per_turn=3, mixed_doubles=True).allows_turn(1, 1)
        True
        """
        if min(singles, doubles, colored) < 0 or singles + doubles == 0:
            return False
        if colored and (colored > self.colored_per_turn or self.colored_rails == 0):
            return False
        if colored > singles + doubles:
            return False
        budget = self.turn_budget(lap)
        if doubles == 0:
            return singles <= budget
        if doubles > self.doubles_per_turn:
            return False
        if singles == 0:
            return True
        return self.mixed_doubles and singles + 2 * doubles <= budget

    def uses_dashed(self, players: int) -> bool:
        """Whether the dashed city cards are dealt with ``players`` players.

        Examples
        --------
        >>> Rules().uses_dashed(3), Rules().uses_dashed(4)
        (False, True)
        """
        return players >= self.dashed_out_below

    def hand_colors(self, colors: Sequence[str]) -> tuple[str, ...]:
        """The card colors dealt into a hand, from a board's colors: those not taken out.

        Examples
        --------
        >>> Rules(colors_out=("white",)).hand_colors(["brown", "white", "pink"])
        ('brown', 'pink')
        """
        return tuple(c for c in colors if c not in self.colors_out)


PRESETS: dict[str, Rules] = {
    "rulebook": Rules(),
    "countdown": Rules(name="countdown", scoring="countdown"),
    "colored": Rules(name="colored", scoring="countdown", colored_rails=3, ferry_rails=2),
}
"""The named rule sets: ``rulebook`` (the race to 13), ``countdown`` (down from 13) and
``colored`` (the 2018 edition: countdown, 3 colored rails each, ferries of 2 rails)."""
