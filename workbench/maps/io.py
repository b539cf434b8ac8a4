"""Reading and writing map files: safe, located, complete loading; canonical, atomic saving.

Loading never evaluates anything from a file: YAML is composed into nodes with PyYAML's safe
loader, anchors, aliases and tags other than the plain ones are refused, and the nodes are
turned into Python values by hand so that every value keeps its line and column. Then the
structure is checked against :data:`workbench.maps.schema.SCHEMA` and the meaning with
:func:`workbench.maps.check.check_board`, and every problem found is reported at once.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

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
from workbench.resources import find_map
from workbench.yamlfile import (
    MAX_BYTES,
    SCHEMA_LINE,
    YamlPath,
    YamlReader,
    file_size,
    read_bytes,
    yaml_block,
    yaml_flow,
    yaml_number,
    yaml_text,
)

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

# ---------------------------------------------------------------------- reading


class _MapReader(YamlReader):
    """Turns one map file's bytes into a Board and the list of its problems."""

    schema = SCHEMA
    labels = MappingProxyType(
        {
            "cities": "city",
            "colors": "color",
            "land": "land area",
            "terrain": "terrain feature",
            "segments": "segment override",
        }
    )

    def __init__(self, path: str, size: int | None = None) -> None:
        super().__init__(path, size)
        self.schema_url = "map.schema.json"
        self._color_rows: dict[Any, int] | None = None

    # ------------------------------------------------------------------ meaning

    def build(self, data: dict[str, Any], bad: set[YamlPath]) -> Board | None:
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
        path: YamlPath
        if kind == "city":
            path = ("cities", self.index["city", id(key)])
        elif kind == "override":
            path = ("segments", self.index["override", id(key)])
        elif kind == "color":
            if self._color_rows is None:  # the first entry of each name, found once
                rows: dict[Any, int] = {}
                for i, c in enumerate(self.data.get("colors", [])):
                    if isinstance(c, dict):
                        rows.setdefault(c.get("name"), i)
                self._color_rows = rows
            row = self._color_rows.get(key) if isinstance(key, Hashable) else None
            path = ("colors", row) if row is not None else ("colors",)
        elif kind == "land":
            path = ("land", key)
        elif kind == "terrain":
            path = ("terrain", self.terrain_index[key])
        elif kind == "terrain-vertex":
            feature, vertex = key
            path = ("terrain", self.terrain_index[feature], "line", vertex)
        else:
            path = ()
        return self.where((*path, field) if field else path)

    def read(self, data: bytes) -> Board | None:
        self._color_rows = None
        self.data = self.document(data, "start from maps/README.md's example")
        if self.data is None and self.problems:  # a document of null is the schema's to refuse
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


def check_map(path: str | os.PathLike[str]) -> list[Problem]:
    """Every problem of the map file at ``path`` (errors and warnings); never raises for a
    bad file, only for one that cannot be read (``OSError``).

    Examples
    --------
    >>> check_map("maps/tiny.yaml")
    []
    """
    data = read_bytes(path)
    from workbench.maps import routes_io  # route boards (kind: routes) have their own reader

    if routes_io.is_routes_text(data):
        return routes_io.check_routes_map(path, data)
    reader = _MapReader(str(path), file_size(path) if len(data) > MAX_BYTES else None)
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
    reader = _MapReader(path)
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
    data = read_bytes(path)
    from workbench.maps import routes_io  # route boards (kind: routes) have their own reader

    if routes_io.is_routes_text(data):
        return routes_io.loads_routes(data, str(path))
    reader = _MapReader(str(path), file_size(path) if len(data) > MAX_BYTES else None)
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


def _point_text(p: tuple[int, int]) -> str:
    return f"[{p[0]}, {p[1]}]"


def _coordinate(v: float) -> str:
    """A lattice drawing's coordinate, refused when loading would refuse it."""
    if not abs(float(v)) <= MAX_COORDINATE:
        raise MapError(
            f"the coordinate {float(v)!r} cannot be saved: loading reads finite numbers from "
            f"{-MAX_COORDINATE} to {MAX_COORDINATE}"
        )
    return yaml_number(v)


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
        f"name: {yaml_text(board.name)}",
    ]
    for key in ("description", "author", "license"):
        value = getattr(board, key)
        if value:
            out.append(f"{key}: {yaml_text(value)}")
    lattice, deck = board.lattice, board.deck
    out.append(f"lattice: {{columns: {lattice.columns}, rows: {lattice.rows}}}")
    out.append(f"deck: {{per_color: {deck.per_color}, dashed_per_color: {deck.dashed_per_color}}}")
    out.append("colors:")
    out.extend(
        f"  - {yaml_flow([('name', yaml_text(c.name, True)), ('fill', yaml_text(c.fill, True))])}"
        for c in board.colors
    )
    out.append("land:")
    for area in board.land:
        pairs: list[tuple[str, str | list[str]]] = []
        if area.name:
            pairs.append(("name", yaml_text(area.name)))
        if area.note:
            pairs.append(("note", yaml_text(area.note)))
        pairs.append(("polygon", vertices(area.polygon)))
        out.extend(yaml_block("  ", pairs))
    if board.terrain:
        out.append("terrain:")
        for f in board.terrain:
            pairs = []
            if f.name:
                pairs.append(("name", yaml_text(f.name)))
            pairs.append(("type", f.terrain))
            if f.note:
                pairs.append(("note", yaml_text(f.note)))
            if f.polygon is not None:
                pairs.append(("polygon", vertices(f.polygon)))
            else:
                pairs.append(("line", vertices(f.line)))
            out.extend(yaml_block("  ", pairs))
    out.append("cities:" if board.cities else "cities: []")
    for c in board.cities:
        pairs_c = [
            ("name", yaml_text(c.name, True)),
            ("color", yaml_text(c.color, True)),
            ("at", _point_text(c.at)),
            ("dashed", "true" if c.dashed else "false"),
        ]
        if c.note:
            pairs_c.append(("note", yaml_text(c.note, True)))
        out.append(f"  - {yaml_flow(pairs_c)}")
    if board.overrides:
        out.append("segments:")
        for o in board.overrides:
            a, b = o.between
            pairs_o = [("between", f"[{_point_text(a)}, {_point_text(b)}]"), ("type", o.type)]
            if o.terrain:
                pairs_o.append(("terrain", o.terrain))
            if o.note:
                pairs_o.append(("note", yaml_text(o.note, True)))
            out.append(f"  - {yaml_flow(pairs_o)}")
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
