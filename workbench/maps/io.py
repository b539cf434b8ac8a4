"""Reading and writing map files: safe, located, complete loading; canonical, atomic saving.

Loading never evaluates anything from a file: YAML is composed into nodes with PyYAML's safe
loader, anchors, aliases and tags other than the plain ones are refused, and the nodes are
turned into Python values by hand so that every value keeps its line and column. Then the
structure is checked against :data:`workbench.maps.schema.SCHEMA` and the meaning with
:func:`workbench.maps.check.check_board`, and every problem found is reported at once.
"""

from __future__ import annotations

import difflib
import json
import math
import os
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from workbench.exceptions import MapError, Problem
from workbench.files import write_atomic
from workbench.maps.board import (
    Area,
    Board,
    CardColor,
    City,
    Deck,
    Feature,
    Lattice,
    SegmentOverride,
)
from workbench.maps.check import check_board
from workbench.maps.schema import MAX_COORDINATE, SCHEMA
from workbench.maps.text import text_problem
from workbench.maps.validate import SchemaError, iter_errors
from workbench.resources import find_map

if TYPE_CHECKING:
    from workbench.maps.routes import RouteBoard

__all__ = [
    "MAX_BYTES",
    "SCHEMA_LINE",
    "check_map",
    "dumps_map",
    "load_lattice",
    "load_map",
    "loads_map",
    "save_map",
]

MAX_BYTES = 1 << 20
"""The largest map file the loader reads (1 MiB; the shipped boards are under 30 KiB)."""

SCHEMA_LINE = "# yaml-language-server: $schema="
_SCHEMA_RE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$")
_PLAIN_TAGS = {
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "timestamp")
}
Path_ = tuple[Any, ...]
_SCALARS = yaml.constructor.SafeConstructor()  # builds plain scalars only; keeps no state
_UNREADABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
"""Characters YAML does not allow in a file (controls, DEL, lone surrogates, U+FFFE/U+FFFF)."""
_FAST = getattr(yaml, "CSafeLoader", None)


class _Refused(Exception):
    def __init__(self, mark: Any, message: str, hint: str) -> None:
        super().__init__(message)
        self.mark, self.message, self.hint = mark, message, hint


class _Loader(yaml.SafeLoader):
    """A safe loader that refuses anchors and aliases before they can be expanded."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(
                event.start_mark,
                f"alias *{event.anchor} is not allowed in a map",
                "write the value out in full",
            )
        if getattr(event, "anchor", None):
            raise _Refused(
                event.start_mark,
                f"anchor &{event.anchor} is not allowed in a map",
                "remove the anchor; map files do not use anchors or aliases",
            )
        return super().compose_node(parent, index)


# ---------------------------------------------------------------------- reading


class _Reader:
    """Turns one file's bytes into a Board and the list of its problems."""

    def __init__(self, path: str, size: int | None = None) -> None:
        self.path = path
        self.size = size  # the real size of a file read in part (0: unknown, as for a pipe)
        self.problems: list[Problem] = []
        self.pos: dict[Path_, tuple[int, int]] = {}
        self.keypos: dict[Path_, tuple[int, int]] = {}
        self.schema_url = "map.schema.json"

    def problem(self, where: tuple[int, int], message: str, hint: str = "") -> None:
        self.problems.append(Problem(self.path, where[0], where[1], message, hint))

    def decode(self, data: bytes) -> str | None:
        if not data.strip():
            self.problem((1, 1), "the file is empty", "start from maps/README.md's example")
            return None
        if len(data) > MAX_BYTES:
            size = len(data) if self.size is None else self.size
            amount = f"{size:,} bytes" if size > 0 else f"more than {MAX_BYTES:,} bytes"
            self.problem(
                (1, 1),
                f"the file is {amount}, over the limit of {MAX_BYTES:,} bytes",
                "a map needs far less; is this the right file?",
            )
            return None
        if b"\x00" in data[:8192]:
            self.problem(
                (1, 1), "this is a binary file, not a YAML map", "give the path of a .yaml map file"
            )
            return None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            self.problem(
                (line, column), f"byte 0x{data[e.start]:02x} is not UTF-8", "save the file as UTF-8"
            )
            return None
        text = text.removeprefix("\ufeff")
        unreadable = list(_UNREADABLE.finditer(text))
        for match in unreadable[:5]:
            line = text.count("\n", 0, match.start()) + 1
            column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
            self.problem(
                (line, column),
                f"the control character U+{ord(match.group()):04X} is not allowed in a YAML file",
                "delete it; an editor that shows invisible characters helps",
            )
        if len(unreadable) > 5:
            self.problem(
                (1, 1),
                f"{len(unreadable) - 5} more control characters",
                "is this a text file?",
            )
        return None if unreadable else text

    def compose(self, text: str) -> Any:
        first = text.split("\n", 1)[0].strip()
        match = _SCHEMA_RE.match(first)
        if match:
            self.schema_url = match.group(1)
        if _FAST is not None:
            node = _compose_fast(text)
            if node is not None:
                return node
        loader = _Loader(text)  # slower, but with PyYAML's own messages and marks
        try:
            return loader.get_single_node()
        except _Refused as e:
            self.problem(_mark(e.mark), e.message, e.hint)
        except yaml.MarkedYAMLError as e:
            mark = e.problem_mark or e.context_mark
            what = (e.problem or "invalid YAML").strip()
            if e.context:
                what = f"{what} ({e.context}"
                if e.context_mark is not None and e.context_mark is not mark:
                    line, column = _mark(e.context_mark)
                    what = f"{what} that starts at line {line}, column {column}"
                what += ")"
            self.problem(
                _mark(mark),
                f"YAML syntax error: {what}",
                "check the indentation, brackets and quotes here",
            )
        except yaml.YAMLError as e:
            self.problem((1, 1), f"YAML error: {e}", "check the file is YAML")
        except RecursionError:
            self.problem((1, 1), "the file is nested too deeply", "a map is only a few levels deep")
        finally:
            loader.dispose()
        return None

    def value(self, node: Any, path: Path_) -> Any:
        """The Python value of ``node``, recording where every value and key is."""
        self.pos[path] = _mark(node.start_mark)
        if isinstance(node, yaml.MappingNode):
            if node.tag != "tag:yaml.org,2002:map":
                return self._bad_tag(node)
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _PLAIN_TAGS:
                    self.problem(
                        _mark(key_node.start_mark),
                        "a key must be a plain word",
                        "write keys like name: or color:",
                    )
                    continue
                key = key_node.value
                if key in result:
                    self.problem(
                        _mark(key_node.start_mark),
                        f"key {key!r} appears twice here",
                        "keep one of them",
                    )
                self.keypos[(*path, key)] = _mark(key_node.start_mark)
                result[key] = self.value(value_node, (*path, key))
            return result
        if isinstance(node, yaml.SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                return self._bad_tag(node)
            return [self.value(item, (*path, i)) for i, item in enumerate(node.value)]
        if node.tag not in _PLAIN_TAGS:
            return self._bad_tag(node)
        if node.tag in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:str"):
            return self._text(node)
        value = _SCALARS.yaml_constructors[node.tag](_SCALARS, node)
        if isinstance(value, float):
            if not math.isfinite(value):
                self.problem(
                    _mark(node.start_mark),
                    f"{node.value} is not a finite number",
                    "write a plain number such as 12.5",
                )
                return None
            if value.is_integer() and abs(value) <= 2**53:
                return int(value)  # 6.0 is 6, wherever a whole number is expected
        return value

    def _text(self, node: Any) -> str | None:
        text = unicodedata.normalize("NFC", node.value)
        problem = text_problem(text)
        if problem is not None:
            what, hint = problem
            self.problem(_mark(node.start_mark), f"the text {node.value!r}: {what}", hint)
            return None
        return text

    def _bad_tag(self, node: Any) -> None:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        self.problem(
            _mark(node.start_mark),
            f"the tag {tag} is not allowed in a map",
            "remove it; map files hold plain values only and nothing is executed",
        )
        return None

    # ------------------------------------------------------------------ structure

    def validate(self, data: Any) -> set[Path_]:
        """Check ``data`` against the schema; return the paths that have errors."""
        bad: set[Path_] = set()
        errors = sorted(iter_errors(data, SCHEMA), key=lambda e: tuple(map(str, e.path)))
        mistyped = {e.path for e in errors if e.validator == "type"}
        for error in errors:
            path = error.path
            if error.validator == "oneOf" and path in mistyped:
                continue  # "polygon or line" means nothing for a value of the wrong type
            if error.validator == "additionalProperties":
                pass  # an unknown key is reported, and the rest of its item is still used
            elif error.validator == "required":
                required: Any = error.validator_value
                bad.update((*path, key) for key in required if key not in error.instance)
            else:
                bad.add(path)
            for where, message, hint in self._describe(error, data):
                self.problem(where, message, hint)
        return bad

    def where(self, path: Path_) -> tuple[int, int]:
        while path and path not in self.pos:
            path = path[:-1]
        return self.pos.get(path, (1, 1))

    def _describe(
        self, error: SchemaError, data: Any
    ) -> Iterator[tuple[tuple[int, int], str, str]]:
        path = error.path
        label = _label(path, data)
        value: Any = error.instance
        kind = error.validator
        expected: Any = error.validator_value
        schema = error.schema if isinstance(error.schema, dict) else {}
        if kind == "required":
            for key in expected:
                typos = difflib.get_close_matches(key, list(value), n=1, cutoff=0.6)
                if typos and typos[0] not in schema.get("properties", {}):
                    continue  # reported as an unknown key, with a did-you-mean
                if isinstance(value, dict) and key not in value:
                    yield (
                        self.where(path),
                        f"{label} is missing the required key {key!r}",
                        f"add {key}: ...; see maps/README.md",
                    )
        elif kind == "additionalProperties":
            allowed = list(schema.get("properties", {}))
            for key in value:
                if key in allowed:
                    continue
                close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
                hint = f"did you mean {close[0]!r}? " if close else ""
                yield (
                    self.keypos.get((*path, key), self.where(path)),
                    f"unknown key {key!r} in {label}",
                    f"{hint}allowed keys: {', '.join(allowed)}",
                )
        elif kind == "type":
            words = _TYPE_WORDS.get(str(expected), str(expected))
            hint = (
                "write it as [col, row], for example [12, 3]"
                if _is_point(schema)
                else f"write {words} here; maps/README.md shows the format"
            )
            yield (
                self.where(path),
                f"{label} should be {words}, not {_describe_value(value)}",
                hint,
            )
        elif kind in ("enum", "const"):
            options = expected if kind == "enum" else [expected]
            close = difflib.get_close_matches(str(value), [str(o) for o in options], n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            yield (
                self.where(path),
                f"{label} is {value!r}, which is not allowed",
                f"{hint}use {'one of: ' if len(options) > 1 else ''}{', '.join(map(str, options))}",
            )
        elif kind in ("minItems", "maxItems"):
            n = expected
            size = "at least" if kind == "minItems" else "at most"
            hint = "write it as [col, row]" if _is_point(schema) else ""
            yield (
                self.where(path),
                f"{label} has {len(value)} item{'s' if len(value) != 1 else ''}, "
                f"it needs {size} {n}",
                hint,
            )
        elif kind == "pattern":
            yield (
                self.where(path),
                f"{label} is {value!r}, not a color like '#8B5A2B'",
                "write a # and six hex digits, in quotes",
            )
        elif kind in ("minimum", "maximum"):
            bound = "at least" if kind == "minimum" else "at most"
            if "minimum" in schema and "maximum" in schema:
                hint = f"write a number from {schema['minimum']} to {schema['maximum']}"
            else:
                hint = f"write a number {bound} {expected}"
            yield (self.where(path), f"{label} is {value!r}, it must be {bound} {expected}", hint)
        elif kind == "minLength":
            yield (self.where(path), f"{label} is empty", "write a name")
        elif kind == "oneOf":
            yield (
                self.where(path),
                f"{label} needs either a polygon or a line, not both",
                "keep polygon: for an area, line: for a river or ridge",
            )
        else:  # pragma: no cover - every validator the schema uses is handled above
            yield (self.where(path), f"{label} breaks the schema's {kind!r} rule", "")

    # ------------------------------------------------------------------ meaning

    def build(self, data: dict[str, Any], bad: set[Path_]) -> Board | None:
        """A board from the valid parts of ``data``; None if its frame is broken."""

        def ok(*path: Any) -> bool:
            return not any(b[: len(path)] == path or path[: len(b)] == b for b in bad)

        def items(key: str) -> Iterator[tuple[int, dict[str, Any]]]:
            found = data.get(key)
            if not ok(key) or not isinstance(found, list):
                return
            for i, item in enumerate(found):
                if ok(key, i):
                    yield i, item

        if (
            not isinstance(data, dict)
            or not all(ok(k) for k in ("lattice", "colors", "land", "deck", "format"))
            or () in bad
        ):
            return None
        self.index: dict[tuple[str, int], int] = {}
        cities = []
        for i, c in items("cities"):
            city = City(
                c["name"],
                c["color"],
                tuple(c["at"]),
                bool(c.get("dashed", False)),
                c.get("note", ""),
            )
            self.index["city", id(city)] = i
            cities.append(city)
        overrides = []
        for i, s in items("segments"):
            a, b = s["between"]
            o = SegmentOverride(
                (tuple(a), tuple(b)), s["type"], s.get("terrain"), s.get("note", "")
            )
            self.index["override", id(o)] = i
            overrides.append(o)
        terrain = [
            Feature(
                f["type"], f.get("polygon"), f.get("line"), f.get("name", ""), f.get("note", "")
            )
            for _, f in items("terrain")
        ]
        self.terrain_index = [i for i, _ in items("terrain")]
        return Board(
            name=data.get("name", "") if ok("name") else "",
            lattice=Lattice(data["lattice"]["columns"], data["lattice"]["rows"]),
            colors=tuple(CardColor(c["name"], c["fill"]) for c in data["colors"]),
            land=tuple(
                Area(a["polygon"], a.get("name", ""), a.get("note", "")) for a in data["land"]
            ),
            cities=tuple(cities),
            terrain=tuple(terrain),
            overrides=tuple(overrides),
            deck=Deck(**{k: v for k, v in data.get("deck", {}).items() if k in _DECK_KEYS}),
            description=data.get("description", "") if ok("description") else "",
            author=data.get("author", "") if ok("author") else "",
            license=data.get("license", "") if ok("license") else "",
            schema=self.schema_url,
        )

    def locate(self, kind: str, key: Any, field: str | None) -> tuple[int, int]:
        path: Path_
        if kind == "city":
            path = ("cities", self.index["city", id(key)])
        elif kind == "override":
            path = ("segments", self.index["override", id(key)])
        elif kind == "color":
            names = [c.get("name") for c in self.data.get("colors", [])]
            path = ("colors", names.index(key)) if key in names else ("colors",)
        elif kind == "land":
            path = ("land", key)
        elif kind == "terrain":
            path = ("terrain", self.terrain_index[key])
        else:
            path = ()
        return self.where((*path, field) if field else path)

    def read(self, data: bytes) -> Board | None:
        text = self.decode(data)
        if text is None:
            return None
        node = self.compose(text)
        if node is None:
            if not self.problems:
                self.problem(
                    (1, 1), "the file holds no YAML document", "start from maps/README.md's example"
                )
            return None
        self.data = self.value(node, ())
        if self.problems:  # refused tags or duplicate keys: do not guess what was meant
            return None
        bad = self.validate(self.data)
        board = self.build(self.data, bad)
        if board is not None:
            found = check_board(board, self.path, self.locate)
            if any(p[0] == "cities" for p in bad if p):  # counts would miss skipped cities
                found = [p for p in found if p.severity == "error"]
            self.problems.extend(found)
        self.problems.sort(key=lambda p: (p.severity != "error", p.line, p.column))
        return board


_DECK_KEYS = ("per_color", "dashed_per_color")
_TYPE_WORDS = {
    "array": "a list",
    "object": "a mapping of keys",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
}


def _mark(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _is_point(schema: dict[str, Any]) -> bool:
    items = schema.get("items", {})
    return "[col, row]" in str(schema.get("description", "")) or (
        isinstance(items, dict) and items.get("type") == "integer"
    )


def _describe_value(value: Any) -> str:
    kinds = {
        str: "text",
        bool: "true/false",
        int: "the number",
        float: "the number",
        list: "a list",
        dict: "a mapping",
        type(None): "nothing",
    }
    word = kinds.get(type(value), type(value).__name__)
    if isinstance(value, (list, dict)):
        return word
    if value is None:
        return "empty"
    return f"{word} {value!r}"


def _label(path: Path_, data: Any) -> str:
    """A readable name for the value at ``path``, such as ``city 'Paris': at``."""
    if not path:
        return "the file"
    words = {
        "cities": "city",
        "colors": "color",
        "land": "land area",
        "terrain": "terrain feature",
        "segments": "segment override",
    }
    head, rest = path[0], path[1:]
    if head in words and rest and isinstance(rest[0], int):
        item = data[head][rest[0]] if isinstance(data, dict) else None
        name = item.get("name") if isinstance(item, dict) else None
        what = (
            f"{words[head]} {name!r}" if isinstance(name, str) else f"{words[head]} #{rest[0] + 1}"
        )
        tail = ".".join(map(str, rest[1:]))
        return f"{what}: {tail}" if tail else what
    return ".".join(map(str, path))


def _compose_fast(text: str) -> Any:
    """The document's node composed by libyaml, or None when the file needs PyYAML's reader
    for a message (a syntax error, an anchor, an alias, no document)."""
    assert _FAST is not None
    try:
        for event in yaml.parse(text, Loader=_FAST):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                return None  # refused, with its place, by the careful reader
        return yaml.compose(text, Loader=_FAST)
    except (yaml.YAMLError, RecursionError):
        return None


def _read_bytes(path: str | os.PathLike[str]) -> bytes:
    with open(path, "rb") as f:
        return f.read(MAX_BYTES + 1)


def _file_size(path: str | os.PathLike[str]) -> int:
    """The size of a regular file; 0 when it is unknown (a pipe, a device)."""
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def check_map(path: str | os.PathLike[str]) -> list[Problem]:
    """Every problem of the map file at ``path`` (errors and warnings); never raises for a
    bad file, only for one that cannot be read (``OSError``).

    Examples
    --------
    >>> check_map("maps/tiny.yaml")
    []
    """
    data = _read_bytes(path)
    from workbench.maps import routes_io  # route boards (kind: routes) have their own reader

    if routes_io.is_routes_text(data):
        return routes_io.check_routes_map(path, data)
    reader = _Reader(str(path), _file_size(path) if len(data) > MAX_BYTES else None)
    reader.read(data)
    return reader.problems


def loads_map(text: str | bytes, path: str = "<string>") -> Board | RouteBoard:
    """The board described by ``text``, a map file's content.

    Raises :class:`~workbench.exceptions.MapError` listing every error (and warning).

    Examples
    --------
    >>> board = loads_map(open("maps/tiny.yaml").read())
    >>> board.name
    'Tiny Island'
    >>> try:
    ...     loads_map("format: 1\\nname: x\\n")
    ... except MapError as e:
    ...     print(e.problems[0].message)
    the file is missing the required key 'lattice'
    """
    from workbench.maps import routes_io  # route boards (kind: routes) have their own reader

    if routes_io.is_routes_text(text):
        return routes_io.loads_routes(text, path)
    reader = _Reader(path)
    board = reader.read(text.encode("utf-8") if isinstance(text, str) else text)
    if board is None or any(p.severity == "error" for p in reader.problems):
        raise MapError(reader.problems)
    return board


def load_map(path: str | os.PathLike[str]) -> Board | RouteBoard:
    """Load the map file at ``path`` into a :class:`~workbench.maps.board.Board`.

    ``path`` may also name a shipped board, ``load_map("trans_europa")``, from any folder
    (see :func:`workbench.resources.find_map`).

    Every problem is reported at once in one :class:`~workbench.exceptions.MapError`, each
    as ``path:line:col: what is wrong (how to fix it)``. Warnings alone do not stop loading;
    see them with :func:`check_map`.

    Examples
    --------
    >>> board = load_map("maps/trans_europa.yaml")
    >>> len(board.cities)
    35
    >>> load_map("tiny").name
    'Tiny Island'
    """
    path = find_map(path)  # a path that exists, else a shipped board by name
    data = _read_bytes(path)
    from workbench.maps import routes_io  # route boards (kind: routes) have their own reader

    if routes_io.is_routes_text(data):
        return routes_io.loads_routes(data, str(path))
    reader = _Reader(str(path), _file_size(path) if len(data) > MAX_BYTES else None)
    board = reader.read(data)
    if board is None or any(p.severity == "error" for p in reader.problems):
        raise MapError(reader.problems)
    return board


def load_lattice(path: str | os.PathLike[str]) -> Board:
    """Like :func:`load_map`, for callers that work on lattice boards only: a route board
    is refused with a :class:`~workbench.exceptions.MapError` that says so.

    Examples
    --------
    >>> load_lattice("maps/tiny.yaml").name
    'Tiny Island'
    >>> load_lattice("maps/ticket_to_ride_europe.yaml")
    Traceback (most recent call last):
    ...
    workbench.exceptions.MapError: maps/ticket_to_ride_europe.yaml:1:1: this is a route board ...
    """
    board = load_map(path)
    if not isinstance(board, Board):
        hint = "this command works on lattice boards only"
        raise MapError([Problem(str(path), 1, 1, "this is a route board (kind: routes)", hint)])
    return board


# ---------------------------------------------------------------------- writing


def _num(v: float) -> str:
    """A number as the loader reads it back: ``1e-05`` is text to YAML 1.1, ``1.0e-05`` a
    number; a number that is not finite cannot be written at all."""
    value = float(v)
    if not math.isfinite(value):
        raise MapError(f"the number {value!r} cannot be saved: loading reads finite numbers")
    if value.is_integer() and abs(value) <= 2**53:
        return str(int(value))
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        if "." not in mantissa:
            mantissa += ".0"
        text = f"{mantissa}e{exponent[0]}{exponent[1:].lstrip('0') or '0'}"
    return text


def _str(s: str, flow: bool = False) -> str:
    """A YAML scalar for ``s``: plain when that reads back as the same string, else quoted.

    ``flow`` says the scalar sits inside ``{...}``, where commas and brackets are special.
    """
    if s and s == s.strip() and "\n" not in s and s.isprintable():
        probe = f"{{k: {s}}}" if flow else f"k: {s}"
        try:
            if yaml.safe_load(probe) == {"k": s}:
                return s
        except yaml.YAMLError:
            pass
    out = []
    for ch in json.dumps(s, ensure_ascii=False)[1:-1]:
        if ch.isprintable():
            out.append(ch)
        elif ord(ch) > 0xFFFF:
            out.append(f"\\U{ord(ch):08x}")
        else:
            out.append(f"\\u{ord(ch):04x}")
    return '"' + "".join(out) + '"'


def _point_text(p: tuple[int, int]) -> str:
    return f"[{p[0]}, {p[1]}]"


def _flow(pairs: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"


def _block(first_indent: str, pairs: list[tuple[str, str | list[str]]]) -> list[str]:
    lines = []
    for i, (key, value) in enumerate(pairs):
        lead = first_indent + "- " if i == 0 else first_indent + "  "
        if isinstance(value, list):
            lines.append(f"{lead}{key}:")
            lines.extend(f"{first_indent}    - {v}" for v in value)
        else:
            lines.append(f"{lead}{key}: {value}")
    return lines


def _coordinate(v: float) -> str:
    """A lattice drawing's coordinate, refused when loading would refuse it."""
    if not abs(float(v)) <= MAX_COORDINATE:
        raise MapError(
            f"the coordinate {float(v)!r} cannot be saved: loading reads finite numbers from "
            f"{-MAX_COORDINATE} to {MAX_COORDINATE}"
        )
    return _num(v)


def _vertices(vs: Any) -> list[str]:
    return [f"[{_coordinate(x)}, {_coordinate(y)}]" for x, y in vs]


def _compact(vs: Any) -> str:
    """Vertices as one flow list, eight to a line: the layout of boards near the size limit."""
    items = [f"[{_coordinate(x)},{_coordinate(y)}]" for x, y in vs]
    rows = [",".join(items[i : i + 8]) for i in range(0, len(items), 8)]
    return "[" + ",\n      ".join(rows) + "]"


def dumps_map(board: Board | RouteBoard, compact: bool = False) -> str:
    """The canonical text of ``board``'s map file.

    Keys come in a fixed order, cities and overrides in canonical order, one city or
    override per line and one polygon vertex per line, so that a moved city changes one line.
    ``compact`` writes the vertices of each drawing as a flow list, eight to a line: the
    layout :func:`save_map` falls back to for a board whose canonical text would be over
    :data:`MAX_BYTES`.

    Examples
    --------
    >>> board = load_map("maps/tiny.yaml")
    >>> text = dumps_map(board)
    >>> text.splitlines()[0]
    '# yaml-language-server: $schema=map.schema.json'
    >>> loads_map(text) == board and dumps_map(loads_map(text)) == text
    True
    """
    if board.kind == "routes":
        from workbench.maps.routes_io import dumps_routes

        return dumps_routes(board)
    vertices = _compact if compact else _vertices
    out = [
        f"{SCHEMA_LINE}{board.schema}",
        "format: 1",
        f"kind: {board.kind}",
        f"name: {_str(board.name)}",
    ]
    for key in ("description", "author", "license"):
        value = getattr(board, key)
        if value:
            out.append(f"{key}: {_str(value)}")
    lattice, deck = board.lattice, board.deck
    out.append(f"lattice: {{columns: {lattice.columns}, rows: {lattice.rows}}}")
    out.append(f"deck: {{per_color: {deck.per_color}, dashed_per_color: {deck.dashed_per_color}}}")
    out.append("colors:")
    out.extend(
        f"  - {_flow([('name', _str(c.name, True)), ('fill', _str(c.fill, True))])}"
        for c in board.colors
    )
    out.append("land:")
    for area in board.land:
        pairs: list[tuple[str, str | list[str]]] = []
        if area.name:
            pairs.append(("name", _str(area.name)))
        if area.note:
            pairs.append(("note", _str(area.note)))
        pairs.append(("polygon", vertices(area.polygon)))
        out.extend(_block("  ", pairs))
    if board.terrain:
        out.append("terrain:")
        for f in board.terrain:
            pairs = []
            if f.name:
                pairs.append(("name", _str(f.name)))
            pairs.append(("type", f.terrain))
            if f.note:
                pairs.append(("note", _str(f.note)))
            if f.polygon is not None:
                pairs.append(("polygon", vertices(f.polygon)))
            else:
                pairs.append(("line", vertices(f.line)))
            out.extend(_block("  ", pairs))
    out.append("cities:" if board.cities else "cities: []")
    for c in board.cities:
        pairs_c = [
            ("name", _str(c.name, True)),
            ("color", _str(c.color, True)),
            ("at", _point_text(c.at)),
            ("dashed", "true" if c.dashed else "false"),
        ]
        if c.note:
            pairs_c.append(("note", _str(c.note, True)))
        out.append(f"  - {_flow(pairs_c)}")
    if board.overrides:
        out.append("segments:")
        for o in board.overrides:
            a, b = o.between
            pairs_o = [("between", f"[{_point_text(a)}, {_point_text(b)}]"), ("type", o.type)]
            if o.terrain:
                pairs_o.append(("terrain", o.terrain))
            if o.note:
                pairs_o.append(("note", _str(o.note, True)))
            out.append(f"  - {_flow(pairs_o)}")
    return "\n".join(out) + "\n"


def save_map(board: Board | RouteBoard, path: str | os.PathLike[str]) -> Path:
    """Write ``board`` to ``path`` in the canonical layout, atomically.

    The text goes to a temporary file in the same folder, which is flushed to disk and then
    renamed over ``path``: a save that is interrupted leaves the old file as it was. What is
    written always loads: a board whose canonical text would be over :data:`MAX_BYTES` is
    written in the compact layout, and one that is over the limit even then is refused with
    a :class:`~workbench.exceptions.MapError` before anything is written.

    Examples
    --------
    >>> import tempfile, os
    >>> board = load_map("maps/tiny.yaml")
    >>> with tempfile.TemporaryDirectory() as d:
    ...     saved = save_map(board, os.path.join(d, "copy.yaml"))
    ...     load_map(saved) == board
    True
    """
    data = dumps_map(board).encode("utf-8")
    if len(data) > MAX_BYTES:
        data = dumps_map(board, compact=True).encode("utf-8")
    if len(data) > MAX_BYTES:
        raise MapError(
            [
                Problem(
                    str(path),
                    0,
                    0,
                    f"the board would take {len(data):,} bytes, over the limit of "
                    f"{MAX_BYTES:,} bytes that loading reads; nothing was written",
                    "simplify the longest polygons and lines (fewer vertices)",
                )
            ]
        )
    return write_atomic(path, data)
