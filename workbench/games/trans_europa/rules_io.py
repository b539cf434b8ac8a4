"""Rules files: a preset, the fields that differ from it, and cards to apply, in YAML.

A rules file is a mapping. ``preset:`` names the starting point (``rulebook`` if left
out); every other key is a :class:`~workbench.games.trans_europa.Rules` field that overrides the
preset;
``cards:`` lists special cards applied on top, in order, for the whole game::

    preset: countdown
    name: family evenings
    target: 15
    double_cost: {water: 1}
    cards: [generous]

Loading is as safe and as precise as a map's: the YAML is read by the same reader as
:mod:`workbench.maps.io` (no tags, anchors or aliases; every value keeps its line and
column), and every problem is reported at once in a
:class:`~workbench.exceptions.RulesError` as ``path:line:col: what is wrong (what is
allowed)``.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import Any

from workbench.exceptions import RulesError
from workbench.files import write_atomic
from workbench.games.trans_europa.cards import CARDS, apply_cards
from workbench.games.trans_europa.rules import _CHECKS, PRESETS, Rules, _Bad
from workbench.yamlfile import MAX_BYTES, YamlReader, file_size, read_bytes, yaml_text

__all__ = ["LIMITS", "dump_rules", "load_rules", "loads_rules", "save_rules"]

_WORDING = (
    (re.compile(r"maps/README\.md"), "docs/rules.md"),
    (re.compile(r"\bmap files?\b"), "rules file"),
    (re.compile(r"\bmap\b"), "rules file"),
)
_KEYS = ("preset", *_CHECKS, "cards")

LIMITS: dict[str, int] = {
    "winner_points": 100,
    "target": 1000,
    "countdown_start": 1000,
    "singles_per_turn": 100,
    "doubles_per_turn": 100,
    "rail_supply": 10_000,
    "pass_one_times": 20,
    "colored_rails": 1000,
    "colored_per_turn": 100,
    "cards_per_round": len(CARDS),
}
"""The largest count a rules file may give each field: far beyond any game the rules
describe (the rulebook passes a card 3 times and scores to 13), and small enough that a game
always ends. ``rhythm`` and ``table`` take at most 100 entries, each at most the limit of
``singles_per_turn`` or ``target``."""


def _over_limit(key: str, value: Any) -> str | None:
    """What in ``value`` is over the limit for ``key``, or None."""
    if key in LIMITS and isinstance(value, int) and not isinstance(value, bool):
        return f"{value!r}, over the limit of {LIMITS[key]:,}" if value > LIMITS[key] else None
    if key in ("rhythm", "table") and isinstance(value, list):
        most = LIMITS["singles_per_turn" if key == "rhythm" else "target"]
        numbers = [v for v in value if isinstance(v, int)] + [
            n for row in value if isinstance(row, list) for n in row if isinstance(n, int)
        ]
        if len(value) > 100:
            return f"a list of {len(value):,} entries, over the limit of 100"
        if any(n > most for n in numbers):
            return f"{value!r}, with a number over the limit of {most:,}"
    return None


def _names_are_text(key: str, value: Any) -> bool:
    """Whether the names in a list field are text (a list where a name belongs is not)."""
    if key in ("special_cards", "colors_out", "reveal", "draft_extra") and isinstance(value, list):
        return all(isinstance(v, str) for v in value)
    return True


def _reword(text: str) -> str:
    for pattern, words in _WORDING:
        text = pattern.sub(words, text)
    return text


def _close(word: Any, options: list[str]) -> str:
    close = difflib.get_close_matches(str(word), options, n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}? " if close else ""


class _RulesReader(YamlReader):
    """The map reader's safe, located YAML, turned into rules."""

    def problem(self, where: tuple[int, int], message: str, hint: str = "") -> None:
        super().problem(where, _reword(message), _reword(hint))

    def read_rules(self, data: bytes) -> Rules | None:
        doc = self.document(data, "write preset: rulebook")
        if doc is None and self.problems:
            return None
        if not isinstance(doc, dict):
            self.problem(
                self.where(()),
                f"the file should be a mapping of keys, not {type(doc).__name__} {doc!r}",
                "write one key: value per line, starting with preset: rulebook",
            )
            return None
        base = self._preset(doc)
        overrides: dict[str, Any] = {}
        for key, value in doc.items():
            if key not in _KEYS:
                self.problem(
                    self.keypos.get((key,), (1, 1)),
                    f"unknown key {key!r}",
                    f"{_close(key, list(_KEYS))}allowed keys: {', '.join(_KEYS)}",
                )
            elif key in _CHECKS:
                over = _over_limit(key, value)
                if over is not None:
                    self.problem(
                        self.where((key,)),
                        f"{key} is {over}",
                        "a game with it would not end; use a smaller number",
                    )
                    continue
                if not _names_are_text(key, value):
                    self.problem(
                        self.where((key,)),
                        f"{key} is {value!r}: every item must be a name",
                        f"write {key}: [name, name]",
                    )
                    continue
                try:
                    overrides[key] = _CHECKS[key](value)
                except _Bad as e:
                    self.problem(self.where((key,)), f"{key} is {e.message}", f"use {e.allowed}")
        cards = self._cards(doc)
        if base is None or self.problems:
            return None
        try:
            rules = base.replace(**overrides)
        except RulesError as e:  # a rule between fields, such as cards_per_round
            for p in e.problems:
                self.problem((1, 1), p.message)
            return None
        return apply_cards(rules, cards)

    def _preset(self, doc: dict[str, Any]) -> Rules | None:
        name = doc.get("preset", "rulebook")
        if isinstance(name, str) and name in PRESETS:
            return PRESETS[name]
        self.problem(
            self.where(("preset",)),
            f"preset is {name!r}, which is not a preset",
            f"{_close(name, list(PRESETS))}use one of: {', '.join(PRESETS)}",
        )
        return None

    def _cards(self, doc: dict[str, Any]) -> list[str]:
        cards = doc.get("cards", [])
        if not isinstance(cards, list):
            self.problem(
                self.where(("cards",)),
                f"cards is {cards!r}, not a list",
                "write cards: [generous, water_single]",
            )
            return []
        for i, c in enumerate(cards):
            if not isinstance(c, str) or c not in CARDS:
                self.problem(
                    self.where(("cards", i)),
                    f"{c!r} is not a special card",
                    f"{_close(c, list(CARDS))}use one of: {', '.join(CARDS)}",
                )
        return cards


def loads_rules(text: str | bytes, path: str = "<string>") -> Rules:
    """The rules a rules file's ``text`` describes.

    Raises :class:`~workbench.exceptions.RulesError` listing every problem, located.

    Examples
    --------
    >>> r = loads_rules("preset: countdown\\ndouble_cost: {water: 1}\\ncards: [rhythm]\\n")
    >>> r.scoring, r.double_cost_map["water"], r.rhythm
    ('countdown', 1, (3, 2, 1))
    >>> try:
    ...     loads_rules("preset: rulebook\\ntargte: 15\\nwinner_points: -1\\n", "house.yaml")
    ... except RulesError as e:
    ...     print(e)
    house.yaml:2:1: unknown key 'targte' (did you mean 'target'? allowed keys: ...)
    house.yaml:3:16: winner_points is -1 (use a whole number, at least 0)
    """
    reader = _RulesReader(path)
    rules = reader.read_rules(text.encode("utf-8") if isinstance(text, str) else text)
    if rules is None or reader.problems:
        raise RulesError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return rules


def load_rules(path: str | os.PathLike[str]) -> Rules:
    """Load the rules file at ``path``.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "house.yaml")
    ...     _ = open(p, "w").write("preset: rulebook\\ntarget: 20\\n")
    ...     load_rules(p).target
    20
    """
    data = read_bytes(path)
    reader = _RulesReader(str(path), file_size(path) if len(data) > MAX_BYTES else None)
    rules = reader.read_rules(data)
    if rules is None or reader.problems:
        raise RulesError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return rules


def _yaml(value: Any, flow: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return yaml_text(value, flow)
    return "[" + ", ".join(_yaml(v, True) for v in value) + "]"


def dump_rules(rules: Rules) -> str:
    """The text of a rules file for ``rules``: its nearest preset and what differs.

    Fields come in the order of :class:`~workbench.games.trans_europa.Rules`, one per line.

    Examples
    --------
    >>> text = dump_rules(Rules.preset("countdown").replace(target=15, double_cost={"water": 1}))
    >>> print(text, end="")
    # rail-workbench rules: see docs/rules.md
    preset: countdown
    target: 15
    double_cost: {mountain: 2, water: 1}
    >>> loads_rules(text) == Rules.preset("countdown").replace(target=15, double_cost={"water": 1})
    True
    """
    base = rules.nearest_preset()
    out = ["# rail-workbench rules: see docs/rules.md", f"preset: {base.name}"]
    for key, value in rules.changes(base).items():
        if key == "double_cost":
            text = "{" + ", ".join(f"{t}: {n}" for t, n in value) + "}"
        else:
            text = _yaml(value)
        out.append(f"{key}: {text}")
    return "\n".join(out) + "\n"


def save_rules(rules: Rules, path: str | os.PathLike[str]) -> Path:
    """Write ``rules`` to ``path`` as :func:`dump_rules` does, atomically.

    Examples
    --------
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     saved = save_rules(Rules(target=9), os.path.join(d, "short.yaml"))
    ...     load_rules(saved).target
    9
    """
    return write_atomic(path, dump_rules(rules))
