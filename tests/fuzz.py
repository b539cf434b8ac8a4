"""Mutations of map files, rules files and saved games, as a careless or hostile user makes them.

Shared by the suite (``tests/test_fuzz_inputs.py``, driven by hypothesis) and the long run
(``benchmarks/fuzz_inputs.py``, driven by a seeded ``random.Random``). Each function takes
the text (or record) and a ``random.Random`` and returns one mutated copy.
"""

from __future__ import annotations

import contextlib
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


# ------------------------------------------------------- route boards, card sets, saves

ROUTE_BOARDS = sorted(
    p for p in (ROOT / "maps").glob("*.yaml") if "\nkind: routes\n" in p.read_text("utf-8")
)
CARD_SETS = sorted(
    p for p in (ROOT / "maps").glob("*.yaml") if "\nkind: cards\n" in p.read_text("utf-8")
)
HOSTILE = [
    "1" * 5000, "1.0e+308", "-1.0e+308", "1" + "0" * 100, "10000000000000000000", "!!int 1x",
    '!!bool "maybe"', "!!float x", "!!null 3", "[" * 1000 + "]" * 1000,
    "{a: " * 200 + "1" + "}" * 200,
    "1000000000", "0", "-5", "true", "1e308", "0x7fffffffffffffff", "2147483648", "4294967296",
]  # fmt: skip
"""Values the issue found escaping as tracebacks or reaching an engine unchecked."""
MULTIWORD = ["Paris Nord", "Aix-en-Provence", "Zürich", "Los Angeles", "New York", "São Paulo",
             "Saint-Étienne", "Salt Lake City", "A-B", "Ciudad Real"]  # fmt: skip
"""City names a board may use that a saved game must carry (spaces, dashes, accents)."""
LINE_ENDS = ["\r\n", "\r", "\x85", "\u2028", "\u2029"]
KIND_LINES = [
    'kind: "{k}"',
    "kind: '{k}'",
    "kind: {k}  # a comment",
    "kind:    {k}",
    "kind: !!str {k}",
]


def rename_city(text: str, rng: random.Random) -> str:
    """Rename one city everywhere it is written (``Paris`` -> ``Paris Nord``), quoting the
    new name: the board stays what it was, with a name a careless reader splits."""
    names = re.findall(r"\{name: ([^,}\n]+), at:", text)
    if not names:
        return text
    old, new = rng.choice(names).strip(), rng.choice(MULTIWORD)
    if new in names:
        return text
    quoted = '"' + new + '"'
    return re.sub(rf"(?<=[\[ ,]){re.escape(old)}(?=[,\]}}])", quoted, text)


def mutate_data(text: str, rng: random.Random) -> str:
    """One to three edits of a route board or card set: :func:`mutate_text`'s, and the
    issue's classes (huge and tagged numbers, deep nesting, YAML's other line ends, the kind
    line quoted, commented or moved past 4 KiB, cities with multi-word names)."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(8)
        if kind == 0:
            found = list(_NUMBER.finditer(text))
            if found:
                m = rng.choice(found)
                text = text[: m.start()] + rng.choice(HOSTILE) + text[m.end() :]
        elif kind == 1:
            text = text.replace("\n", rng.choice(LINE_ENDS))
        elif kind == 2:
            k = re.search(r"^kind: (\w+)$", text, re.M)
            if k:
                line = rng.choice(KIND_LINES).format(k=k.group(1))
                if rng.random() < 0.3:  # the kind line after the first 4 KiB
                    text = text.replace(k.group(0) + "\n", "", 1) + "\n" + line + "\n"
                else:
                    text = text.replace(k.group(0), line, 1)
        elif kind in (3, 4):
            text = rename_city(text, rng)
        elif kind == 5:
            form = rng.choice(["format: true", "format: 1.0", "format: '1'"])
            text = re.sub(r"^format: 1$", form, text, count=1, flags=re.M)
        else:
            text = _edit(text, rng)
    return text


def mutate_saved(record: dict[str, Any], rng: random.Random) -> Any:
    """A saved game of any game, damaged in one to three ways: :func:`mutate_record`'s,
    and huge numbers in its rules, deep nesting, actions with multi-word names."""
    out: Any = mutate_record(record, rng)
    for _ in range(rng.randint(0, 2)):
        if not isinstance(out, dict):
            break
        kind = rng.randrange(5)
        if kind == 0 and isinstance(out.get("rules"), dict) and out["rules"]:
            key = rng.choice(sorted(out["rules"]))
            out["rules"][key] = rng.choice([10**12, -1, 10**100, 1e308, [], "x", None, True])
        elif kind == 1:
            deep: Any = 1
            for _ in range(rng.choice([50, 5000])):
                deep = [deep]
            out[rng.choice(["rules", "actions", "extra", "seed"])] = deep
        elif kind == 2:
            out["seed"] = rng.choice([10**40, -1, 2**64, 1.5])
        elif kind == 3 and isinstance(out.get("players"), int):
            out["players"] = rng.choice([0, 1, 7, 10**9])
        elif kind == 4 and isinstance(out.get("actions"), list) and out["actions"]:
            i = rng.randrange(len(out["actions"]))
            out["actions"][i] = rng.choice(["claim Paris Nord-Dieppe 2red", "keep ,", "deal ticket",
                                            "station  0", "take", "claim", "pay"])  # fmt: skip
        if rng.random() < 0.3 and "digest" in out:
            from workbench.records import digest

            with contextlib.suppress(ValueError, RecursionError, TypeError):
                out["digest"] = digest(out)  # a careful tamperer
    return out


def verdicts(path: Path) -> tuple[list[Any], dict[str, bool]]:
    """What ``workbench check`` says of the file at ``path`` (its problems) and whether each
    loader a command uses on it refuses it (``True``: a ``MapError``): the same bytes must
    get the same verdict everywhere. Other exceptions propagate (they are the bugs)."""
    from workbench import cli
    from workbench.exceptions import MapError
    from workbench.games import GAMES
    from workbench.maps.io import load_map
    from workbench.yamlfile import data_kind, read_bytes

    problems = cli._checker(str(path))(str(path))
    kind = data_kind(read_bytes(path))
    loaders: dict[str, Any] = {"load_map": load_map}
    for name in GAMES:
        if GAMES[name].map_kind == kind or (
            kind not in ("routes", "cards") and name == "trans_europa"
        ):
            loaders[name] = GAMES[name].load_board
    if kind == "cards":
        del loaders["load_map"]  # a card set is no board: print and analyze send it to its game
    refused = {}
    for name, loader in loaders.items():
        try:
            loader(path)
            refused[name] = False
        except MapError:
            refused[name] = True
    return problems, refused


def saved_games(seed: int = 0) -> list[tuple[str, Any, dict[str, Any]]]:
    """Saved games of every registered game, part played at random: ``(game, board, record)``."""
    import json

    from workbench.games import GAMES
    from workbench.games.record import dump_record

    out = []
    for name in GAMES:
        info = GAMES[name]
        board = info.board(ROOT / "maps" / "tiny.yaml" if info.map_kind == "lattice" else None)
        for k in range(2):
            state = info.new_game(players=2, seed=seed + k, board=board).new_state()
            rng = random.Random(seed + k)
            for _ in range(15 + 25 * k):
                if state.is_terminal():
                    break
                if state.to_play is None:
                    outcomes = state.chance_outcomes()
                    state.apply(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    actions = state.legal_actions()
                    state.apply(actions[rng.randrange(len(actions))])
            out.append((name, board, json.loads(json.dumps(dump_record(state)))))
    return out


def replays_on(board: Any, seed: int) -> None:
    """Play a short random game of Ticket to Ride on ``board``, save it as JSON and load it
    back: a board ``check`` accepts must carry its saved games (names with spaces, dashes,
    accents). Raises ``AssertionError`` when the loaded game differs."""
    import json

    from workbench.games import GAMES
    from workbench.games.record import dump_record, load_record

    info = GAMES["ticket_to_ride"]
    try:
        game = info.new_game(players=2, seed=seed, board=board)
    except ValueError:
        return  # a board the game cannot deal (too few tickets): a clean refusal, said so
    state = game.new_state()
    rng = random.Random(seed)
    for _ in range(120):
        if state.is_terminal():
            break
        if state.to_play is None:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    record = json.loads(json.dumps(dump_record(state)))
    assert load_record(record, board=board) == state, "a saved game loads as another game"


def route_seeds() -> list[str]:
    """Route boards to mutate: each shipped one, and a small part of Europe (fast to check,
    so that more mutations run)."""
    import dataclasses

    from workbench.maps.io import load_map
    from workbench.maps.routes_io import dumps_routes

    texts = [p.read_text("utf-8") for p in ROUTE_BOARDS]
    europe: Any = load_map(ROUTE_BOARDS[0])
    import networkx as nx

    near = {c.name for c in europe.cities if c.name[0] in "ABCDEFGLMP"}
    graph: Any = nx.Graph([r.ends for r in europe.routes if set(r.ends) <= near])
    keep = max(nx.connected_components(graph), key=len)
    small = dataclasses.replace(
        europe,
        name="Part of Europe",
        cities=tuple(c for c in europe.cities if c.name in keep),
        routes=tuple(r for r in europe.routes if set(r.ends) <= keep),
        tickets=tuple(t for t in europe.tickets if set(t.ends) <= keep),
        land=(),
    )
    return [*texts, dumps_routes(small)]
