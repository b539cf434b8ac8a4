"""The safe YAML reader every data file shares, and the writing helpers of canonical files.

Loading never evaluates anything from a file: YAML is composed into nodes with PyYAML's safe
loader, anchors, aliases and tags other than the plain ones are refused, and the nodes are
turned into Python values by hand so that every value keeps its line and column. The
structure is checked against a JSON Schema and every problem is described in plain words,
at its place. Map files (:mod:`workbench.maps.io`), route boards, rules files and card sets
each subclass :class:`YamlReader` for the step that builds their value.
"""

from __future__ import annotations

import difflib
import json
import math
import os
import re
import unicodedata
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

import yaml

from workbench.exceptions import MapError, Problem

if TYPE_CHECKING:
    from workbench.maps.validate import SchemaError

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "SCHEMA_LINE",
    "YamlPath",
    "YamlReader",
    "data_kind",
    "file_size",
    "read_bytes",
    "schema_label",
    "yaml_block",
    "yaml_flow",
    "yaml_number",
    "yaml_text",
]

MAX_BYTES = 1 << 20
"""The largest map file the loader reads (1 MiB; the shipped boards are under 30 KiB)."""
MAX_DEPTH = 24
"""The deepest nesting of lists and mappings a data file may hold (the formats use 5)."""
MAX_DIGITS = 40
"""The most characters a number may be written with (digits, signs, ``_`` and the rest):
enough for any value a file means, and far from Python's limit on converting digits."""

SCHEMA_LINE = "# yaml-language-server: $schema="
_SCHEMA_RE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$")
_PLAIN_TAGS = {
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "timestamp")
}
YamlPath = tuple[Any, ...]
"""Where a value is: the keys and list indices from the document's root."""
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


class YamlReader:
    """Reads one YAML data file safely, keeping every value's line and column.

    The steps, each recording located :class:`~workbench.exceptions.Problem` values in
    ``problems`` instead of raising: :meth:`decode` (size, UTF-8, control characters),
    :meth:`compose` (YAML syntax; anchors, aliases and tags refused, so nothing is ever
    evaluated), :meth:`value` (plain Python values, positions kept in ``pos`` and
    ``keypos``), :meth:`validate` (against ``schema``, described in plain words) and
    :meth:`where` (a value's place). A data file's reader subclasses it, sets ``schema``
    and ``labels``, and adds the step that builds its value and checks its meaning: the map
    reader (:mod:`workbench.maps.io`), the route boards', the rules files' and the card
    sets' all do.

    Examples
    --------
    >>> reader = YamlReader("<example>")
    >>> text = reader.decode(b"name: Tiny\\nsize: [3, 4]\\n")
    >>> data = reader.value(reader.compose(text), ())
    >>> data, reader.where(("size", 1)), reader.problems
    ({'name': 'Tiny', 'size': [3, 4]}, (2, 11), [])
    >>> bad = YamlReader("<bad>")
    >>> bad.value(bad.compose("a: !!python/object:os.system x"), ())  # refused: nothing runs
    {'a': None}
    >>> bad.decode(b"\\x00binary") is None, len(bad.problems)
    (True, 2)
    """

    schema: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    """The JSON Schema the data is checked against (the subclass's)."""
    labels: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """Words for the items of top-level lists in messages: ``{"cities": "city"}``."""

    def __init__(self, path: str, size: int | None = None) -> None:
        self.path = path
        self.size = size  # the real size of a file read in part (0: unknown, as for a pipe)
        self.problems: list[Problem] = []
        self.pos: dict[YamlPath, tuple[int, int]] = {}
        self.keypos: dict[YamlPath, tuple[int, int]] = {}
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
        deep = _too_deep(text)
        if deep is not None:
            self.problem(
                deep,
                f"the values here are nested more than {MAX_DEPTH} deep",
                "a data file is only a few levels deep; is this the right file?",
            )
            return None
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
            self.problem(
                (1, 1),
                "the file is nested too deeply",
                "a data file is only a few levels deep; is this the right file?",
            )
        finally:
            loader.dispose()
        return None

    def value(self, node: Any, path: YamlPath) -> Any:
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
        where = _mark(node.start_mark)
        numeric = node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")
        if numeric and len(node.value) > MAX_DIGITS:
            self.problem(
                where,
                f"the number {node.value[:20]}... is written with {len(node.value):,} "
                f"characters, more than the {MAX_DIGITS} a number may take",
                "write a number of a few digits; no count, position or score needs more",
            )
            return None
        try:
            value = _SCALARS.yaml_constructors[node.tag](_SCALARS, node)
        except (ValueError, KeyError, TypeError, OverflowError, yaml.YAMLError):
            what = node.tag.replace("tag:yaml.org,2002:", "")
            words = {"int": "a whole number", "float": "a number", "bool": "true or false",
                     "null": "null"}.get(what, what)  # fmt: skip
            self.problem(
                where,
                f"{node.value!r} is not {words}, as its tag !!{what} says",
                "remove the tag, or write the value it asks for",
            )
            return None
        if isinstance(value, float):
            if not math.isfinite(value):
                self.problem(
                    where,
                    f"{node.value} is not a finite number",
                    "write a plain number such as 12.5",
                )
                return None
            if value.is_integer() and abs(value) <= 2**53:
                return int(value)  # 6.0 is 6, wherever a whole number is expected
        return value  # each file's schema and checks bound it to what its game can use

    def _text(self, node: Any) -> str | None:
        from workbench.maps.text import text_problem  # here: the maps package imports this one

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

    def validate(self, data: Any) -> set[YamlPath]:
        """Check ``data`` against the schema; return the paths that have errors."""
        from workbench.maps.validate import iter_errors  # here, as text_problem

        bad: set[YamlPath] = set()
        errors = sorted(iter_errors(data, dict(self.schema)), key=lambda e: tuple(map(str, e.path)))
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

    def document(self, data: bytes, empty_hint: str) -> Any:
        """The file's one YAML document as plain values (positions kept), or ``None`` after
        recording why not: the bytes do not decode, the YAML does not parse, there is no
        document (``empty_hint`` says what to write), or a tag or key was refused, in which
        case nothing is guessed.

        Examples
        --------
        >>> reader = YamlReader("<example>")
        >>> reader.document(b"a: 1\\n", "write a: 1"), reader.document(b"# nothing", "write a: 1")
        ({'a': 1}, None)
        >>> print(reader.problems[0])
        <example>:1:1: the file holds no YAML document (write a: 1)
        """
        text = self.decode(data)
        if text is None:
            return None
        node = self.compose(text)
        if node is None:
            if not self.problems:
                self.problem((1, 1), "the file holds no YAML document", empty_hint)
            return None
        doc = self.value(node, ())
        return None if self.problems else doc

    def where(self, path: YamlPath) -> tuple[int, int]:
        while path and path not in self.pos:
            path = path[:-1]
        return self.pos.get(path, (1, 1))

    def _describe(
        self, error: SchemaError, data: Any
    ) -> Iterator[tuple[tuple[int, int], str, str]]:
        path = error.path
        label = schema_label(path, data, self.labels)
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


def schema_label(path: YamlPath, data: Any, words: Mapping[str, str] | None = None) -> str:
    """A readable name for the value at ``path``, such as ``city 'Paris': at``; ``words``
    names the items of top-level lists (``{"cities": "city"}``).

    Examples
    --------
    >>> data = {"cities": [{"name": "Paris", "at": [1, 2]}]}
    >>> schema_label(("cities", 0, "at"), data, {"cities": "city"})
    "city 'Paris': at"
    >>> schema_label(("deck", "per_color"), data), schema_label((), data)
    ('deck.per_color', 'the file')
    """
    if not path:
        return "the file"
    words = words or {}
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


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where the values of ``text`` first nest deeper than :data:`MAX_DEPTH`, or None
    (read from libyaml's events, which need no recursion; a file that does not parse is
    left to the reader, which says why)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_FAST or yaml.SafeLoader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return _mark(event.start_mark)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as e:
        if "nesting depth" in str(e.problem):  # libyaml's own limit (1,000 levels)
            return _mark(e.problem_mark)
    except (yaml.YAMLError, RecursionError):
        pass
    return None


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


_BREAKS = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
"""YAML's line breaks (PyYAML's reader counts all of these as ends of lines)."""
_KIND_LINE = re.compile(r"""kind:[ \t]*(?:"([^"\\]*)"|'([^']*)'|([^\s#"'][^#]*?))[ \t]*(?:#.*)?""")


def data_kind(data: str | bytes) -> str:
    """The ``kind:`` a data file's top-level mapping declares (``lattice`` when it declares
    none, as lattice maps may): the one answer ``workbench check``, the loaders and every
    command go by, so that they never read the same bytes as different kinds of file.

    The kind is read as the YAML reader reads it: quoted or not, with a comment after it,
    anywhere in the top-level mapping, whatever the line ends (``\\r``, NEL, U+2028 are
    line ends to YAML). A file that does not parse is looked at line by line instead, so
    that its own reader reports its syntax error.

    Examples
    --------
    >>> data_kind(b"format: 1\\nkind: routes\\n"), data_kind("kind: 'cards'  # set\\n")
    ('routes', 'cards')
    >>> data_kind("name: x\\rkind: routes\\r"), data_kind("name: x\\n  kind: routes\\n")
    ('routes', 'lattice')
    >>> data_kind("name: [unclosed\\nkind: cards\\n"), data_kind("- a list")
    ('cards', 'lattice')
    """
    raw = data[: MAX_BYTES + 1]
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    text = text.removeprefix("\ufeff")
    try:
        depth = 0
        is_key = True
        want = False
        for event in yaml.parse(text, Loader=_FAST or yaml.SafeLoader):
            if isinstance(event, (yaml.DocumentEndEvent, yaml.StreamEndEvent)):
                break
            starts = isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent))
            if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)) or starts:
                if depth == 0 and not isinstance(event, yaml.MappingStartEvent):
                    return "lattice"  # the document is not a mapping
                if depth == 1:
                    if want:
                        return str(event.value) if isinstance(event, yaml.ScalarEvent) else ""
                    want = is_key and isinstance(event, yaml.ScalarEvent) and event.value == "kind"
                    is_key = not is_key
                if starts:
                    depth += 1
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        return "lattice"
    except (yaml.YAMLError, RecursionError):
        pass
    for line in _BREAKS.split(text):
        found = _KIND_LINE.fullmatch(line)
        if found:
            return next(g for g in found.groups() if g is not None).strip()
    return "lattice"


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The first ``MAX_BYTES + 1`` bytes of the file at ``path`` (enough to say it is too
    big); anything but a regular file is refused with an ``OSError`` before it is opened
    for reading (:func:`workbench.files.read_regular`).

    Examples
    --------
    >>> read_bytes("maps/tiny.yaml")[:10]
    b'# yaml-lan'
    """
    from workbench.files import read_regular

    return read_regular(path, MAX_BYTES)


def file_size(path: str | os.PathLike[str]) -> int:
    """The size of a regular file; 0 when it is unknown (a pipe, a device).

    Examples
    --------
    >>> file_size("maps/tiny.yaml") > 0, file_size("/no/such/file")
    (True, 0)
    """
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def yaml_number(v: float) -> str:
    """A number as the loader reads it back: ``1e-05`` is text to YAML 1.1, ``1.0e-05`` a
    number; a number that is not finite cannot be written at all (``MapError``).

    Examples
    --------
    >>> yaml_number(6.0), yaml_number(1e-05), yaml_number(2.5)
    ('6', '1.0e-5', '2.5')
    """
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


def yaml_text(s: str, flow: bool = False) -> str:
    """A YAML scalar for ``s``: plain when that reads back as the same string, else quoted.

    ``flow`` says the scalar sits inside ``{...}``, where commas and brackets are special.

    Examples
    --------
    >>> yaml_text("Paris"), yaml_text("yes"), yaml_text("a, b", flow=True)
    ('Paris', '"yes"', '"a, b"')
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


def yaml_flow(pairs: list[tuple[str, str]]) -> str:
    """``key: value`` pairs as one flow mapping.

    Examples
    --------
    >>> yaml_flow([("name", "Alder"), ("at", "[1, 1]")])
    '{name: Alder, at: [1, 1]}'
    """
    return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"


def yaml_block(first_indent: str, pairs: list[tuple[str, str | list[str]]]) -> list[str]:
    """``key: value`` pairs as one item of a block list (a list value one item a line).

    Examples
    --------
    >>> yaml_block("  ", [("name", "Sea"), ("polygon", ["[0, 0]", "[1, 0]"])])
    ['  - name: Sea', '    polygon:', '      - [0, 0]', '      - [1, 0]']
    """
    lines = []
    for i, (key, value) in enumerate(pairs):
        lead = first_indent + "- " if i == 0 else first_indent + "  "
        if isinstance(value, list):
            lines.append(f"{lead}{key}:")
            lines.extend(f"{first_indent}    - {v}" for v in value)
        else:
            lines.append(f"{lead}{key}: {value}")
    return lines
