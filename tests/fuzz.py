"""Mutations of map files, rules files and saved games, as a careless or hostile user makes them.

Shared by the suite (``tests/test_fuzz_inputs.py``, driven by hypothesis) and the long run
(``benchmarks/fuzz_inputs.py``, driven by a seeded ``random.Random``). Each function takes
the text (or record) and a ``random.Random`` and returns one mutated copy.
"""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

from workbench.games.trans_europa import PRESETS, Rules
from workbench.games.trans_europa.rules_io import dump_rules

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted(
    p for p in (ROOT / "maps").glob("*.yaml") if "\nkind: cards\n" not in p.read_text("utf-8")
)  # card sets (kind: cards) have their own reader and tests

NUMBERS = [
    ".nan", ".NaN", ".inf", "-.inf", "1.0e+308", "-1.0e+308", "1e-05", "6.0", "9.0", "0",
    "-1", "-0.0", "99999999999", "1000000000", "2.5", "0x10", "1_000", "[1]", "{}", "null",
    "~", "true", "''", '"7"', "[]", "[[x]]", "!!float 1", "7",
]  # fmt: skip
NASTY = [
    "\x00", "\x01", "\x07", "\x1b[31m", "\x7f", "\x85", "\u200b", "\u202e", "\ufeff", "\ufffe",
    "\t", "\r", "\n", " ", "#", ":", "- ", "&a ", "*a", "!!python/object:os.system ", "{",
    "[", "'", '"', "\\", "%", "@", "`", "|", ">",
]  # fmt: skip
ESCAPES = ["\\x01", "\\x1b[2J", "\\u200b", "\\u202e", "\\ud800", "\\x7f", "\\0", "\\t"]
NAMES = [" Alder", "Alder ", "", " ", "Al\\u200bder", "A\\u030aland", "\\u00c5land", "ALDER",
         "alder", "Al\\x1bder", "\\u202eredla", "Paris\\u00a0", "Ａlder"]  # fmt: skip
VALUES = ["7", "[]", "{}", "null", "[[x]]", "{a: 1}", "yes", "-3", ".nan", "'text'", "[1, [2]]"]
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_NAME = re.compile(r"(name: )([^,}\n]+)")
_KEY = re.compile(r"^(\s*-?\s*)([a-z_]+):", re.MULTILINE)


def read_map_text(text: str) -> tuple[Any, list[Any], Any]:
    """``(board or None, problems, dumps)`` of a map file's text, read by the reader its
    ``kind`` calls for (lattice or route board), with the function that saves that kind."""
    from workbench.maps import routes_io
    from workbench.maps.io import _MapReader, dumps_map

    data = text.encode("utf-8", "surrogatepass")
    routes = routes_io.is_routes_text(data)
    reader = routes_io._RouteReader("<fuzz>") if routes else _MapReader("<fuzz>")
    board = reader.read(data)
    return board, reader.problems, routes_io.dumps_routes if routes else dumps_map


def rules_seeds() -> list[str]:
    """Rules files to mutate: every preset, and one that sets many fields."""
    texts = [dump_rules(p) for p in PRESETS.values()]
    busy = Rules.preset("countdown").replace(
        target=15, double_cost={"water": 1}, rhythm=(3, 2, 1), colors_out=("white",),
        pass_one_times=3, special_cards=("generous", "pass_one"), cards_per_round=1,
    )  # fmt: skip
    texts.append(dump_rules(busy) + "cards: [generous]\n")
    return texts


def mutate_text(text: str, rng: random.Random) -> str:
    """One to three random edits of a YAML file's text."""
    for _ in range(rng.randint(1, 3)):
        text = _edit(text, rng)
    return text


def _edit(text: str, rng: random.Random) -> str:
    kind = rng.randrange(11)
    lines = text.split("\n")
    if kind == 0:  # a number becomes something else
        found = list(_NUMBER.finditer(text))
        if found:
            m = rng.choice(found)
            return text[: m.start()] + rng.choice(NUMBERS) + text[m.end() :]
    if kind == 1:  # a character that does not belong, anywhere
        at = rng.randrange(len(text) + 1)
        return text[:at] + rng.choice(NASTY) + text[at:]
    if kind == 2:  # an escape inside a quoted name or note
        found = list(_NAME.finditer(text))
        if found:
            m = rng.choice(found)
            value = f'"{m.group(2).strip()}{rng.choice(ESCAPES)}"'
            return text[: m.start(2)] + value + text[m.end(2) :]
    if kind == 3:  # a name people would read alike, padded or invisible
        found = list(_NAME.finditer(text))
        if found:
            m = rng.choice(found)
            return text[: m.start(2)] + f'"{rng.choice(NAMES)}"' + text[m.end(2) :]
    if kind == 4:  # a key's value becomes a scalar, a list or a mapping
        found = list(_KEY.finditer(text))
        if found:
            m = rng.choice(found)
            end = text.find("\n", m.end())
            end = len(text) if end < 0 else end
            return text[: m.end()] + " " + rng.choice(VALUES) + text[end:]
    if kind == 5 and len(lines) > 1:  # a line lost
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 6 and len(lines) > 1:  # a line twice
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if kind == 7:  # cut short
        return text[: rng.randrange(len(text) + 1)]
    if kind == 8 and len(lines) > 1:  # indentation
        i = rng.randrange(len(lines))
        lines[i] = rng.choice(["", " ", "  ", "\t"]) + lines[i].lstrip(" ")
        return "\n".join(lines)
    if kind == 9:  # an unknown key, at the top or under a mapping
        key = rng.choice(["colour", "deck", "extra", "per_colour", "cities", "format"])
        value = rng.choice(VALUES)
        if "deck: {" in text and rng.random() < 0.5:
            return text.replace("deck: {", f"deck: {{{key}: {value}, ", 1)
        return text + f"\n{key}: {value}\n"
    if kind == 10:  # a key's value swapped for another key's line
        found = list(_KEY.finditer(text))
        if len(found) > 1:
            a, b = rng.sample(found, 2)
            return text.replace(a.group(2) + ":", b.group(2) + ":", 1)
    return text[::-1] if rng.random() < 0.05 else text + rng.choice(NASTY)


def mutate_record(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A saved game, damaged or edited in one to three ways."""
    out = copy.deepcopy(record)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        keys = list(out) if isinstance(out, dict) else []
        if not keys:
            return out
        key = rng.choice(keys)
        if kind == 0:
            del out[key]
        elif kind == 1:
            out[key] = rng.choice([None, [], {}, True, "x", -1, 1.5, [[1]], 10**30])
        elif kind == 2 and isinstance(out.get("actions"), list) and out["actions"]:
            cut = rng.randrange(len(out["actions"]))
            out["actions"] = out["actions"][:cut]
            if rng.random() < 0.5 and "action_count" in out:
                out["action_count"] = cut  # a careful tamperer
        elif kind == 3:
            out["format"] = rng.choice([True, 1.0, "1", 2, 3, None])
        elif kind == 4 and isinstance(out.get("rules"), str):
            out["rules"] = out["rules"].replace("preset: rulebook", "preset: countdown") + (
                rng.choice(["target: 5\n", "pass_one_times: 1000000000\n", "x: [\n", "\x01"])
            )
        elif kind == 5 and isinstance(out.get("actions"), list) and out["actions"]:
            i = rng.randrange(len(out["actions"]))
            out["actions"][i] = rng.choice(["R 0,0-9,9", "M -1,0", "D Nowhere", "E", "", 7, None])
        elif kind == 6:
            a, b = rng.sample(["A", "B", "C", "D"], 2)
            out["hands"] = [[[a, b], [b, a]]] if rng.random() < 0.5 else [[["Alder"], ["Alder"]]]
        elif kind == 7:
            out["over"] = not out.get("over")
    return out
