"""The card set of Transorient Express as data: Destination, Luggage and Objective cards,
read from a ``kind: cards`` file with every mistake located at ``file:line:col``, checked,
and written back canonically and atomically.

A card file (``maps/transorient_express.yaml`` is the shipped one) holds:

* ``tokens``: the train-token colors and how many of each the bag holds (10 of 5 colors);
* ``colors``: the Destination cards' colors (the token colors may be among them);
* ``destinations``: ``number``, ``color``, ``name``, ``cost`` (token color -> count),
  ``points``, ``passports``, ``luggage`` (the icon: draw 2 Luggage, keep 1) and an
  ``effect`` (see :class:`Effect`); ``number`` and ``color`` together are unique;
* ``luggage``: ``points``, ``passports`` and an optional ``per_luggage`` effect;
* ``objectives``: ``number``, ``kind`` (``visa``, ``season`` or ``route``) and how it
  scores: a ``table`` (at least N -> points, the best row reached), ``medals`` (ranked,
  1st to 3rd), or for a season a ``need`` (``distinct``, ``same``, ``pairs`` or ``colors``)
  and its ``points``.

>>> cards = load_cards("maps/transorient_express.yaml")
>>> len(cards.destinations), len(cards.luggage), len(cards.objectives)
(72, 16, 18)
>>> first = cards.destinations[0]
>>> first.label, first.name, first.cost, first.points, first.effect.text()
('1 red', 'Paris', (('red', 1),), 1, 'none')
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workbench.exceptions import MapError, Problem
from workbench.files import write_atomic

__all__ = [
    "EFFECTS",
    "LUGGAGE_EFFECTS",
    "OBJECTIVE_KINDS",
    "SEASON_NEEDS",
    "CardSet",
    "Destination",
    "Effect",
    "Luggage",
    "Objective",
    "check_cards",
    "dumps_cards",
    "is_cards_file",
    "load_cards",
    "loads_cards",
    "save_cards",
]

EFFECTS = ("none", "discount", "store", "per_color", "per_passport", "wild_number", "wild_color")
"""The Destination effects of the rulebook's summary: ``discount`` (1 token of ``color``
off every later card, stackable), ``store`` (keep ``amount`` more tokens at the end of a
turn, stackable), ``per_color`` (``amount`` points per Destination card of ``color``),
``per_passport`` (``amount`` points per passport), ``wild_number`` and ``wild_color`` (at
the end, the card counts as any number for a Route set, or as any color)."""

LUGGAGE_EFFECTS = ("none", "per_luggage")
"""The Luggage effects: ``per_luggage`` is ``amount`` points per Luggage card held."""

OBJECTIVE_KINDS = {"visa": (1, 6), "season": (7, 12), "route": (13, 18)}
"""The objective kinds and the numbers the rulebook gives them."""

SEASON_NEEDS = ("distinct", "same", "pairs", "colors")
"""What a Season card asks: ``distinct`` N colors, N cards of the ``same`` color, N
``pairs`` (colors with 2 cards or more), or one card of each of the ``colors`` listed."""


MAX_VALUE = 1000
"""The largest count, cost, number or score a card file may give (the shipped set's
largest is 10 tokens of a color): what the game's tables and search can hold."""
_WORD = re.compile(r"[^\W\d_][^\W_]*(?:_[^\W_]+)*")
"""A color as the game's log writes it (``play 5-green``, ``return red``): one word of
letters and digits that starts with a letter, parts joined by ``_``."""


@dataclass(frozen=True)
class Effect:
    """A card's effect: ``kind`` (one of :data:`EFFECTS` or ``per_luggage``), the
    ``color`` it names (``discount``, ``per_color``) and its ``amount`` (points or tokens).

    >>> Effect("discount", "red").text()
    'discount red'
    >>> Effect("per_color", "green", 2).text(), Effect().text()
    ('2 per green', 'none')
    """

    kind: str = "none"
    color: str = ""
    amount: int = 0

    def text(self) -> str:
        """The effect in words, as the widgets and reports print it."""
        if self.kind == "discount":
            return f"discount {self.color}"
        if self.kind == "store":
            return f"store +{self.amount}"
        if self.kind == "per_color":
            return f"{self.amount} per {self.color}"
        if self.kind == "per_passport":
            return f"{self.amount} per passport"
        if self.kind == "per_luggage":
            return f"{self.amount} per luggage"
        return self.kind.replace("_", " ")


@dataclass(frozen=True)
class Destination:
    """A Destination card. ``cost`` is ``((token color, count), ...)`` in the file's
    token order.

    >>> card = Destination(5, "green", "Sofia", (("green", 2), ("red", 1)), 1)
    >>> card.label, card.total_cost
    ('5 green', 3)
    """

    number: int
    color: str
    name: str
    cost: tuple[tuple[str, int], ...]
    points: int
    passports: int = 0
    luggage: bool = False
    effect: Effect = field(default_factory=Effect)

    @property
    def label(self) -> str:
        """The card's short name: number and color (``5 green``)."""
        return f"{self.number} {self.color}"

    @property
    def total_cost(self) -> int:
        """How many tokens it costs before discounts."""
        return sum(n for _, n in self.cost)


@dataclass(frozen=True)
class Luggage:
    """A Luggage card (kept face down until the end).

    >>> Luggage(2, 1).points, Luggage(0, 0, Effect("per_luggage", "", 1)).effect.text()
    (2, '1 per luggage')
    """

    points: int = 0
    passports: int = 0
    effect: Effect = field(default_factory=Effect)


@dataclass(frozen=True)
class Objective:
    """An Objective card. ``table`` is ``((at least, points), ...)`` ascending;
    ``medals`` the points of the 1st, 2nd and 3rd; a season's ``need`` and ``need_value``
    (a count, or the colors for ``colors``) and ``points``.

    >>> Objective(13, "route", table=((2, 2), (5, 6), (7, 9))).describe()
    'route 13: 2+ = 2, 5+ = 6, 7+ = 9'
    """

    number: int
    kind: str
    table: tuple[tuple[int, int], ...] = ()
    medals: tuple[int, ...] = ()
    need: str = ""
    need_value: int | tuple[str, ...] = 0
    points: int = 0

    @property
    def ranked(self) -> bool:
        """Whether it scores by ranking (medals)."""
        return bool(self.medals)

    def describe(self) -> str:
        """The card in words."""
        head = f"{self.kind} {self.number}: "
        if self.medals:
            return head + "ranked " + "/".join(map(str, self.medals))
        if self.kind == "season":
            what = (
                "+".join(self.need_value)
                if isinstance(self.need_value, tuple)
                else f"{self.need} {self.need_value}"
            )
            return head + f"{what} = {self.points}"
        return head + ", ".join(f"{k}+ = {v}" for k, v in self.table)


@dataclass(frozen=True)
class CardSet:
    """A complete card set (see the module's text).

    >>> cards = load_cards("maps/transorient_express.yaml")
    >>> cards.token_colors, cards.tokens
    (('red', 'yellow', 'green', 'blue', 'black'), (10, 10, 10, 10, 10))
    >>> [o.number for o in cards.objectives_of("visa")]
    [1, 2, 3, 4, 5, 6]
    """

    name: str
    description: str
    token_colors: tuple[str, ...]
    tokens: tuple[int, ...]
    colors: tuple[str, ...]
    destinations: tuple[Destination, ...]
    luggage: tuple[Luggage, ...]
    objectives: tuple[Objective, ...]

    def __repr__(self) -> str:
        return (
            f"<CardSet {self.name!r}: {len(self.destinations)} destinations, "
            f"{len(self.luggage)} luggage, {len(self.objectives)} objectives>"
        )

    def objectives_of(self, kind: str) -> list[Objective]:
        """The objective cards of ``kind`` in file order."""
        return [o for o in self.objectives if o.kind == kind]

    def destination(self, label: str) -> int:
        """The index of the Destination card labelled ``label`` (``5 green`` or ``5-green``).

        >>> cards = load_cards("maps/transorient_express.yaml")
        >>> cards.destinations[cards.destination("5-green")].label
        '5 green'
        """
        text = label.replace("-", " ").split()
        for i, d in enumerate(self.destinations):
            if len(text) == 2 and text[0] == str(d.number) and text[1] == d.color:
                return i
        raise ValueError(f"no Destination card {label!r} in {self.name!r}")


# ---------------------------------------------------------------------- reading


class _CardReader:
    """One file's values with their positions, and the problems found in them."""

    def __init__(self, path: str) -> None:
        from workbench.yamlfile import YamlReader

        self.reader = YamlReader(path)
        self.path = path
        self.problems: list[Problem] = self.reader.problems

    def at(self, *path: Any) -> tuple[int, int]:
        return self.reader.where(tuple(path))

    def key_at(self, *path: Any) -> tuple[int, int]:
        return self.reader.keypos.get(tuple(path), self.at(*path))

    def problem(self, where: tuple[int, int], message: str, hint: str = "") -> None:
        self.problems.append(Problem(self.path, where[0], where[1], message, hint))

    def read(self, data: bytes) -> CardSet | None:
        doc = self.reader.document(data, "see maps/README.md")
        if doc is None and self.problems:
            return None
        if not isinstance(doc, dict):
            self.problem((1, 1), "a card file is a mapping of keys", "start with format: 1")
            return None
        return self.build(doc)

    # -------------------------------------------------------------- small checks

    def keys(self, item: dict[str, Any], path: tuple[Any, ...], allowed: tuple[str, ...]) -> None:
        for key in item:
            if key not in allowed:
                close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
                hint = f"did you mean {close[0]!r}? " if close else ""
                self.problem(
                    self.key_at(*path, key),
                    f"unknown key {key!r} in {_label(path)}",
                    f"{hint}allowed keys: {', '.join(allowed)}",
                )

    def integer(
        self,
        item: dict[str, Any],
        path: tuple[Any, ...],
        key: str,
        low: int,
        default: Any = None,
        high: int = MAX_VALUE,
    ) -> int | None:
        if key not in item:
            if default is None:
                self.problem(
                    self.at(*path), f"{_label(path)} is missing {key!r}", f"add {key}: {low}"
                )
            return default if default is None else int(default)
        value = item[key]
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(
                self.at(*path, key),
                f"{_label(path)}: {key} is {value!r}, not a whole number",
                f"write a whole number, {low} or more",
            )
            return None
        if value < low:
            self.problem(
                self.at(*path, key),
                f"{_label(path)}: {key} is {value}, below {low}",
                f"use {low} or more",
            )
            return None
        if value > high:
            self.problem(
                self.at(*path, key),
                f"{_label(path)}: {key} is {value}, above {high}",
                f"use {low} to {high}; no card of the game needs more",
            )
            return None
        return value

    def word(self, value: str, where: tuple[int, int], what: str) -> bool:
        """Whether the color ``value`` can be written in the game's log; if not, say why."""
        from workbench.maps.text import name_problem

        problem = name_problem(value)
        if problem is None and not _WORD.fullmatch(value):
            problem = (
                "the game's log writes a color as one word of letters and digits that starts "
                "with a letter (play 5-green, return red)",
                "rename it, such as light_blue",
            )
        if problem is not None:
            self.problem(where, f"{what} {value!r}: {problem[0]}", problem[1])
            return False
        return True

    def color(self, value: Any, where: tuple[int, int], known: tuple[str, ...], what: str) -> str:
        if isinstance(value, str) and value in known:
            return value
        close = difflib.get_close_matches(str(value), known, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        self.problem(where, f"unknown {what} {value!r}", f"{hint}use one of: {', '.join(known)}")
        return ""

    def items(self, doc: dict[str, Any], key: str) -> Iterator[tuple[int, dict[str, Any]]]:
        values = doc.get(key)
        if not isinstance(values, list):
            self.problem(
                self.key_at(key) if key in doc else (1, 1),
                f"{key} should be a list" if key in doc else f"the file has no {key!r}",
                f"add {key}: with one entry per card",
            )
            return
        for i, item in enumerate(values):
            if isinstance(item, dict):
                yield i, item
            else:
                self.problem(
                    self.at(key, i), f"{key} #{i + 1} is not a mapping", "write {number: ..., ...}"
                )

    # -------------------------------------------------------------- the file

    def build(self, doc: dict[str, Any]) -> CardSet | None:
        self.keys(doc, (), _TOP_KEYS)
        if isinstance(doc.get("format"), bool) or doc.get("format") != 1:
            self.problem(
                self.at("format") if "format" in doc else (1, 1),
                f"format is {doc.get('format')!r}; this reader reads format 1",
                "write format: 1",
            )
        if doc.get("kind") != "cards":
            self.problem(
                self.at("kind") if "kind" in doc else (1, 1),
                f"kind is {doc.get('kind')!r}, not 'cards'",
                "write kind: cards (a board file is read by workbench.maps.io)",
            )
        name = doc.get("name")
        if not isinstance(name, str) or not name.strip():
            self.problem(
                self.at("name") if "name" in doc else (1, 1),
                "the set has no name",
                "write name: ...",
            )
            name = ""
        description = doc.get("description", "")
        if not isinstance(description, str):
            self.problem(self.at("description"), "description should be text", "quote it")
            description = ""
        tokens = doc.get("tokens")
        token_colors: tuple[str, ...] = ()
        counts: tuple[int, ...] = ()
        if not isinstance(tokens, dict) or not tokens:
            self.problem(
                self.at("tokens") if "tokens" in doc else (1, 1),
                "tokens should map each train color to how many the bag holds",
                "write tokens: {red: 10, yellow: 10, ...}",
            )
        else:
            good = []
            for color, _n in tokens.items():
                self.word(str(color), self.key_at("tokens", color), "token color")
                ok = self.integer(tokens, ("tokens",), color, 1)
                if ok is not None:
                    good.append((str(color), ok))
            token_colors = tuple(c for c, _ in good)
            counts = tuple(n for _, n in good)
        colors_value = doc.get("colors")
        colors: tuple[str, ...] = ()
        if not isinstance(colors_value, list) or not all(isinstance(c, str) for c in colors_value):
            self.problem(
                self.at("colors") if "colors" in doc else (1, 1),
                "colors should list the Destination cards' colors",
                "write colors: [red, yellow, ...]",
            )
        else:
            colors = tuple(colors_value)
            for i, c in enumerate(colors):
                self.word(c, self.at("colors", i), "card color")
                if colors.index(c) != i:
                    self.problem(self.at("colors", i), f"color {c!r} is listed twice", "keep one")
        destinations = self.destinations(doc, token_colors, colors)
        luggage = self.luggages(doc)
        objectives = self.objectives(doc, colors)
        if self.problems:
            return None
        return CardSet(
            name, description, token_colors, counts, colors, destinations, luggage, objectives
        )

    def effect(
        self,
        value: Any,
        path: tuple[Any, ...],
        allowed: tuple[str, ...],
        colors: dict[str, tuple[str, ...]],
    ) -> Effect:
        if value is None or value == "none":
            return Effect()
        if isinstance(value, str):
            value = {"kind": value}
        if not isinstance(value, dict):
            self.problem(
                self.at(*path),
                f"{_label(path)} is not an effect",
                "write {kind: discount, color: red} or none",
            )
            return Effect()
        self.keys(value, path, ("kind", "color", "amount"))
        kind = value.get("kind")
        if kind not in allowed:
            close = difflib.get_close_matches(str(kind), allowed, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            self.problem(
                self.at(*path, "kind") if "kind" in value else self.at(*path),
                f"unknown effect {kind!r} in {_label(path)}",
                f"{hint}use one of: {', '.join(allowed)}",
            )
            return Effect()
        color = ""
        if kind in ("discount", "per_color"):
            known = colors["token" if kind == "discount" else "card"]
            what = "token color" if kind == "discount" else "card color"
            if "color" not in value:
                self.problem(
                    self.at(*path),
                    f"the {kind} effect needs a color",
                    f"add color: one of {', '.join(known)}",
                )
            else:
                color = self.color(value["color"], self.at(*path, "color"), known, what)
        amount = 0
        if kind in ("store", "per_color", "per_passport", "per_luggage"):
            amount = self.integer(value, path, "amount", 1) or 0
        return Effect(str(kind), color, amount)

    def destinations(
        self, doc: dict[str, Any], token_colors: tuple[str, ...], colors: tuple[str, ...]
    ) -> tuple[Destination, ...]:
        out: list[Destination] = []
        seen: dict[tuple[int, str], int] = {}
        allowed = ("number", "color", "name", "cost", "points", "passports", "luggage", "effect")
        for i, item in self.items(doc, "destinations"):
            path = ("destinations", i)
            self.keys(item, path, allowed)
            number = self.integer(item, path, "number", 1)
            color = ""
            if "color" not in item:
                self.problem(self.at(*path), f"{_label(path)} is missing 'color'", "add color: ...")
            else:
                color = self.color(item["color"], self.at(*path, "color"), colors, "card color")
            if number is not None and color:
                if (number, color) in seen:
                    self.problem(
                        self.at(*path, "number"),
                        f"a second Destination card {number} {color} "
                        f"(the first is destinations #{seen[number, color] + 1})",
                        "number and color together name a card: change one of them",
                    )
                seen[number, color] = i
            name = item.get("name", "")
            if not isinstance(name, str):
                self.problem(self.at(*path, "name"), f"{_label(path)}: name should be text", "")
                name = ""
            cost_value = item.get("cost")
            cost: list[tuple[str, int]] = []
            if not isinstance(cost_value, dict):
                self.problem(
                    self.at(*path, "cost") if "cost" in item else self.at(*path),
                    f"{_label(path)}: cost should map token colors to counts",
                    "write cost: {red: 2, blue: 1}",
                )
            else:
                for c, _n in cost_value.items():
                    self.color(c, self.key_at(*path, "cost", c), token_colors, "token color")
                    k = self.integer(cost_value, (*path, "cost"), c, 0)
                    if k is None:
                        continue
                    if c in token_colors and k:
                        cost.append((c, k))
                cost.sort(key=lambda p: token_colors.index(p[0]) if p[0] in token_colors else 0)
            points = self.integer(item, path, "points", 0)
            passports = self.integer(item, path, "passports", 0, 0)
            luggage = item.get("luggage", False)
            if not isinstance(luggage, bool):
                self.problem(
                    self.at(*path, "luggage"),
                    f"{_label(path)}: luggage is {luggage!r}",
                    "write true (the Luggage icon) or false",
                )
                luggage = False
            effect = self.effect(
                item.get("effect"),
                (*path, "effect"),
                EFFECTS,
                {"token": token_colors, "card": colors},
            )
            out.append(
                Destination(
                    number or 0,
                    color,
                    name,
                    tuple(cost),
                    points or 0,
                    passports or 0,
                    luggage,
                    effect,
                )
            )
        return tuple(out)

    def luggages(self, doc: dict[str, Any]) -> tuple[Luggage, ...]:
        out = []
        for i, item in self.items(doc, "luggage"):
            path = ("luggage", i)
            self.keys(item, path, ("points", "passports", "effect"))
            points = self.integer(item, path, "points", 0, 0)
            passports = self.integer(item, path, "passports", 0, 0)
            effect = self.effect(item.get("effect"), (*path, "effect"), LUGGAGE_EFFECTS, {})
            out.append(Luggage(points or 0, passports or 0, effect))
        return tuple(out)

    def objectives(self, doc: dict[str, Any], colors: tuple[str, ...]) -> tuple[Objective, ...]:
        out: list[Objective] = []
        numbers: dict[int, int] = {}
        allowed = ("number", "kind", "table", "medals", "need", "points")
        for i, item in self.items(doc, "objectives"):
            path = ("objectives", i)
            self.keys(item, path, allowed)
            number = self.integer(item, path, "number", 1)
            kind = item.get("kind")
            if kind not in OBJECTIVE_KINDS:
                self.problem(
                    self.at(*path, "kind") if "kind" in item else self.at(*path),
                    f"{_label(path)}: kind is {kind!r}"
                    if "kind" in item
                    else f"{_label(path)} is missing its kind",
                    f"use one of: {', '.join(OBJECTIVE_KINDS)}",
                )
                continue
            if number is not None:
                if number in numbers:
                    self.problem(
                        self.at(*path, "number"),
                        f"objective number {number} is used twice",
                        "number them apart",
                    )
                numbers[number] = i
            shapes = [k for k in ("table", "medals", "need") if k in item]
            if kind == "season" and shapes != ["need"]:
                self.problem(
                    self.at(*path),
                    f"{_label(path)}: a season card has need and points",
                    "write need: {distinct: 4} and points: 6",
                )
                continue
            if (kind != "season" and len(shapes) != 1) or (shapes == ["need"] and kind != "season"):
                self.problem(
                    self.at(*path),
                    f"{_label(path)}: a {kind} card has a table or medals",
                    "write table: {2: 2, 5: 6} or medals: [8, 5, 2]",
                )
                continue
            if kind == "season":
                need = item["need"]
                if not isinstance(need, dict) or len(need) != 1:
                    self.problem(
                        self.at(*path, "need"),
                        f"{_label(path)}: need has one key",
                        f"use one of: {', '.join(SEASON_NEEDS)}",
                    )
                    continue
                ((what, value),) = need.items()
                if what not in SEASON_NEEDS:
                    self.problem(
                        self.key_at(*path, "need", what),
                        f"unknown need {what!r}",
                        f"use one of: {', '.join(SEASON_NEEDS)}",
                    )
                    continue
                need_value: int | tuple[str, ...]
                if what == "colors":
                    if not isinstance(value, list) or not value:
                        self.problem(self.at(*path, "need", what), "colors needs a list", "")
                        continue
                    for j, c in enumerate(value):
                        self.color(c, self.at(*path, "need", what, j), colors, "card color")
                    need_value = tuple(str(c) for c in value)
                else:
                    need_value = self.integer(need, (*path, "need"), what, 1) or 1
                points = self.integer(item, path, "points", 1) or 0
                out.append(
                    Objective(number or 0, kind, need=what, need_value=need_value, points=points)
                )
            elif "medals" in item:
                medals = item["medals"]
                if (
                    not isinstance(medals, list)
                    or not 1 <= len(medals) <= 3
                    or any(isinstance(m, bool) or not isinstance(m, int) or m < 0 for m in medals)
                ):
                    self.problem(
                        self.at(*path, "medals"),
                        f"{_label(path)}: medals are 1 to 3 whole numbers, 0 or more",
                        "write medals: [8, 5, 2]",
                    )
                    continue
                out.append(Objective(number or 0, kind, medals=tuple(medals)))
            else:
                table = item["table"]
                rows: list[tuple[int, int]] = []
                if not isinstance(table, dict) or not table:
                    self.problem(
                        self.at(*path, "table"),
                        f"{_label(path)}: table maps 'at least' to points",
                        "write table: {2: 2, 5: 6}",
                    )
                    continue
                for key, value in table.items():
                    try:
                        k = int(key)
                    except (TypeError, ValueError):
                        k = -1
                    if k < 1 or isinstance(value, bool) or not isinstance(value, int) or value < 0:
                        self.problem(
                            self.key_at(*path, "table", key),
                            f"{_label(path)}: table row {key!r}: {value!r}",
                            "write at-least: points, both whole numbers",
                        )
                        continue
                    rows.append((k, value))
                out.append(Objective(number or 0, kind, table=tuple(sorted(rows))))
        for kind in OBJECTIVE_KINDS:
            if not any(o.kind == kind for o in out) and isinstance(doc.get("objectives"), list):
                self.problem(
                    self.key_at("objectives"),
                    f"the set has no {kind} objective",
                    f"add at least one objective of kind: {kind}",
                )
        return tuple(out)


_TOP_KEYS = (
    "format",
    "kind",
    "name",
    "description",
    "tokens",
    "colors",
    "destinations",
    "luggage",
    "objectives",
)


def _label(path: tuple[Any, ...]) -> str:
    if not path:
        return "the file"
    head = str(path[0]).removesuffix("s") if path[0] != "luggage" else "luggage"
    if len(path) > 1 and isinstance(path[1], int):
        tail = ".".join(map(str, path[2:]))
        what = f"{head} #{path[1] + 1}"
        return f"{what}: {tail}" if tail else what
    return ".".join(map(str, path))


def _read(path: str | os.PathLike[str]) -> bytes:
    from workbench.yamlfile import read_bytes  # bounded, regular files only

    return read_bytes(path)


def is_cards_file(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` says ``kind: cards`` at the top level (as
    :func:`workbench.yamlfile.data_kind` reads it, as every command does), so ``workbench
    check`` and ``analyze`` can send it here rather than to the board loader. Unreadable
    files are not card files (the board loader says why).

    >>> is_cards_file("maps/transorient_express.yaml"), is_cards_file("maps/tiny.yaml")
    (True, False)
    """
    from workbench.yamlfile import data_kind, read_bytes

    try:
        return data_kind(read_bytes(path)) == "cards"
    except OSError:
        return False


def check_cards(path: str | os.PathLike[str]) -> list[Problem]:
    """Every problem of the card file at ``path``, each located; ``[]`` for a good file.

    >>> check_cards("maps/transorient_express.yaml")
    []
    """
    reader = _CardReader(str(path))
    reader.read(_read(path))
    return sorted(reader.problems, key=lambda p: (p.line, p.column))


def loads_cards(text: str | bytes, path: str = "<string>") -> CardSet:
    """The card set described by ``text``; :class:`~workbench.exceptions.MapError` listing
    every problem, each as ``path:line:col: what (how to fix it)``.

    >>> try:
    ...     loads_cards("format: 1\\nkind: cards\\nname: x\\ntokens: {red: -1}\\n")
    ... except MapError as e:
    ...     print(e.problems[-1])
    <string>:4:15: tokens: red is -1, below 1 (use 1 or more)
    """
    reader = _CardReader(path)
    cards = reader.read(text.encode("utf-8") if isinstance(text, str) else text)
    if cards is None or reader.problems:
        raise MapError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return cards


def load_cards(path: str | os.PathLike[str]) -> CardSet:
    """Load the card file at ``path`` (see :func:`loads_cards`).

    >>> load_cards("maps/transorient_express.yaml").name
    'Transorient Express (workbench set)'
    """
    return loads_cards(_read(path), str(path))


# ---------------------------------------------------------------------- writing


def _q(s: str) -> str:
    from workbench.yamlfile import yaml_text

    return yaml_text(s, flow=True)


def _effect_text(e: Effect) -> str:
    if e.kind == "none":
        return "none"
    parts = [f"kind: {e.kind}"]
    if e.color:
        parts.append(f"color: {e.color}")
    if e.amount:
        parts.append(f"amount: {e.amount}")
    return "{" + ", ".join(parts) + "}"


def dumps_cards(cards: CardSet) -> str:
    """The canonical text of ``cards``: one card a line, fixed key order, so that
    ``loads_cards(dumps_cards(c)) == c`` and a saved file diffs card by card.

    >>> cards = load_cards("maps/transorient_express.yaml")
    >>> loads_cards(dumps_cards(cards)) == cards
    True
    """
    lines = [
        "# yaml-language-server: $schema=cards.schema.json",
        "format: 1",
        "kind: cards",
        f"name: {_q(cards.name)}",
        f"description: {_q(cards.description)}",
        "tokens: {"
        + ", ".join(f"{c}: {n}" for c, n in zip(cards.token_colors, cards.tokens, strict=True))
        + "}",
        "colors: [" + ", ".join(cards.colors) + "]",
        "destinations:",
    ]
    for d in cards.destinations:
        cost = "{" + ", ".join(f"{c}: {n}" for c, n in d.cost) + "}"
        lines.append(
            f"  - {{number: {d.number}, color: {d.color}, name: {_q(d.name)}, cost: {cost}, "
            f"points: {d.points}, passports: {d.passports}, "
            f"luggage: {'true' if d.luggage else 'false'}, effect: {_effect_text(d.effect)}}}"
        )
    lines.append("luggage:")
    for lg in cards.luggage:
        lines.append(
            f"  - {{points: {lg.points}, passports: {lg.passports}, "
            f"effect: {_effect_text(lg.effect)}}}"
        )
    lines.append("objectives:")
    for o in cards.objectives:
        head = f"  - {{number: {o.number}, kind: {o.kind}, "
        if o.medals:
            lines.append(head + "medals: [" + ", ".join(map(str, o.medals)) + "]}")
        elif o.kind == "season":
            value = (
                "[" + ", ".join(o.need_value) + "]"
                if isinstance(o.need_value, tuple)
                else str(o.need_value)
            )
            lines.append(head + f"need: {{{o.need}: {value}}}, points: {o.points}}}")
        else:
            rows = ", ".join(f"{k}: {v}" for k, v in o.table)
            lines.append(head + "table: {" + rows + "}}")
    return "\n".join(lines) + "\n"


def save_cards(cards: CardSet, path: str | os.PathLike[str]) -> Path:
    """Write ``cards`` canonically to ``path``, atomically (all or nothing).

    >>> import tempfile, os
    >>> cards = load_cards("maps/transorient_express.yaml")
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = save_cards(cards, os.path.join(folder, "set.yaml"))
    ...     load_cards(out) == cards
    True
    """
    return write_atomic(path, dumps_cards(cards))
