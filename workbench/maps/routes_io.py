"""Reading and writing route-board files: safe, located, complete loading; canonical, atomic
saving.

A route board is a YAML file with ``kind: routes``. It is read with the same safe reader as
lattice maps (:mod:`workbench.maps.io`: no tags, anchors or aliases, every value located),
checked against :data:`~workbench.maps.routes_schema.ROUTES_SCHEMA` and then for meaning
with :func:`~workbench.maps.routes_check.check_routes`, and every problem is reported at
once as ``file:line:col: what (how to fix)``. :func:`workbench.load_map` and
:func:`workbench.save_map` hand route boards to this module.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from workbench.exceptions import MapError, Problem
from workbench.files import write_atomic
from workbench.maps.board import Area, CardColor
from workbench.maps.routes import (
    CARD_COLORS,
    MAX_LENGTH,
    Projection,
    Route,
    RouteBoard,
    RouteCity,
    RouteDeck,
    Ticket,
)
from workbench.maps.routes_check import check_routes
from workbench.maps.routes_schema import ROUTES_SCHEMA
from workbench.maps.validate import iter_errors
from workbench.yamlfile import (
    SCHEMA_LINE,
    YamlPath,
    YamlReader,
    data_kind,
    read_bytes,
    schema_label,
    yaml_block,
    yaml_flow,
    yaml_number,
    yaml_text,
)

__all__ = [
    "check_routes_map",
    "dumps_routes",
    "is_routes_text",
    "load_routes",
    "loads_routes",
    "save_routes",
]


def is_routes_text(data: str | bytes) -> bool:
    """Whether a map file's text says ``kind: routes`` at the top level (as
    :func:`workbench.yamlfile.data_kind` reads it, the one reading every command shares).

    Examples
    --------
    >>> is_routes_text("format: 1\\nkind: routes\\nname: x\\n"), is_routes_text("kind: lattice")
    (True, False)
    """
    return data_kind(data) == "routes"


_HINTS = {
    "length": f"a route is 1 to {MAX_LENGTH} cars long",
    "points": "a ticket scores 1 point or more",
    "parallels": "pick two latitudes between -89 and 89, on one side of the equator",
}


_WORDS = {"cities": "city", "colors": "color", "land": "land area"}
"""Words for the items of a route board's lists in messages (routes and tickets have their
own, see ``_item_label``)."""


class _RouteReader(YamlReader):
    """Turns one file's bytes into a RouteBoard and the list of its problems."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.schema_url = "routes.schema.json"

    # ------------------------------------------------------------------ structure

    def validate(self, data: Any) -> set[YamlPath]:
        bad: set[YamlPath] = set()
        errors = sorted(iter_errors(data, ROUTES_SCHEMA), key=lambda e: tuple(map(str, e.path)))
        for error in errors:
            path = error.path
            if error.validator == "additionalProperties":
                pass  # an unknown key is reported, and the rest of its item is still used
            elif error.validator == "required":
                required: Any = error.validator_value
                bad.update((*path, key) for key in required if key not in error.instance)
            else:
                bad.add(path)
            old, new = schema_label(path, data, _WORDS), _item_label(path, data)
            for where, message, hint in self._describe(error, data):
                if old != new:
                    message = message.replace(old, new, 1)
                if not hint:
                    hint = _HINTS.get(str(path[-1]) if path else "", "see maps/README.md")
                self.problem(where, message, hint)
        return bad

    # ------------------------------------------------------------------ meaning

    def build(self, data: Any, bad: set[YamlPath]) -> RouteBoard | None:
        """A board from the valid parts of ``data``; None if its frame is broken."""

        def ok(*path: Any) -> bool:
            return not any(b[: len(path)] == path or path[: len(b)] == b for b in bad)

        def items(key: str) -> Iterator[tuple[int, dict[str, Any]]]:
            for i, item in enumerate(data.get(key) or []):
                if ok(key, i):
                    yield i, item

        frame = ("format", "kind", "colors", "deck", "projection")
        if not isinstance(data, dict) or () in bad or not all(ok(k) for k in frame):
            return None
        self.rows: dict[tuple[str, Any], list[int]] = {}

        def remember(kind: str, key: Any, i: int) -> None:
            self.rows.setdefault((kind, key), []).append(i)

        cities = []
        for i, c in items("cities"):
            city = RouteCity(c["name"], tuple(c["at"]), c.get("note", ""))
            remember("city", city, i)
            cities.append(city)
        routes = []
        for i, r in items("routes"):
            route = Route(
                tuple(r["between"]),
                r["length"],
                r["color"],
                r.get("kind", "plain"),
                r.get("locomotives", 0),
                via=tuple(tuple(v) for v in r.get("via", ())),
                note=r.get("note", ""),
            )
            remember("route", (route._order(), route.note), i)
            routes.append(route)
        tickets = []
        for i, t in items("tickets"):
            ticket = Ticket(
                tuple(t["between"]), t["points"], t.get("long", False), t.get("note", "")
            )
            remember("ticket", ticket, i)
            tickets.append(ticket)
        self.land_rows = [i for i, _ in items("land")]
        land = [a for _, a in items("land")]
        projection = data.get("projection")
        colors = data.get("colors")
        known = {f.name for f in dataclasses.fields(RouteDeck)}
        deck = {k: v for k, v in (data.get("deck") or {}).items() if k in known}  # typos: told
        if "players" in deck:
            deck["players"] = tuple(deck["players"])
        return RouteBoard(
            name=data.get("name", "") if ok("name") else "",
            cities=tuple(cities),
            routes=tuple(routes),
            tickets=tuple(tickets),
            deck=RouteDeck(**deck),
            projection=(
                Projection(tuple(projection["center"]), tuple(projection["parallels"]))
                if projection
                else None
            ),
            land=tuple(Area(a["polygon"], a.get("name", ""), a.get("note", "")) for a in land),
            description=data.get("description", "") if ok("description") else "",
            author=data.get("author", "") if ok("author") else "",
            license=data.get("license", "") if ok("license") else "",
            schema=self.schema_url,
            colors=tuple(CardColor(c["name"], c["fill"]) for c in colors)
            if colors
            else CARD_COLORS,
        )

    def locate(self, kind: str, key: Any, field: str | None) -> tuple[int, int]:
        path: YamlPath
        if kind == "city":
            path = ("cities", self.rows[kind, key][0])
        elif kind == "route":
            rows = self.rows[kind, (key._order(), key.note)]
            if not hasattr(self, "twins"):  # built once: a big board reports many routes
                self.twins: dict[tuple[Any, str], list[Route]] = {}
                for r in self.board.routes:
                    self.twins.setdefault((r._order(), r.note), []).append(r)
            twins = self.twins[key._order(), key.note]
            path = ("routes", rows[min(twins.index(key), len(rows) - 1)])
        elif kind == "ticket":
            path = ("tickets", self.rows[kind, key][0])
        elif kind == "color":
            names = [c.get("name") for c in self.data.get("colors") or []]
            path = ("colors", names.index(key)) if key in names else ("colors",)
        elif kind == "land":
            path = ("land", self.land_rows[key])
        elif kind in ("deck", "projection"):
            path = (kind,) if kind in self.data else ()
        else:
            path = ()
        if field and (*path, field) in self.keypos:
            return self.where((*path, field))
        return self.where(path)

    def read(self, data: bytes) -> RouteBoard | None:
        self.data = self.document(data, "start from maps/README.md's example")
        if self.data is None and self.problems:  # a document of null is the schema's to refuse
            return None
        bad = self.validate(self.data)
        board = self.build(self.data, bad)
        if board is not None:
            self.board = board
            found = check_routes(board, self.path, self.locate)
            if any(p[0] in ("cities", "routes") for p in bad if p):
                found = [p for p in found if p.severity == "error"]
            self.problems.extend(found)
        self.problems.sort(key=lambda p: (p.severity != "error", p.line, p.column))
        return board


def _item_label(path: YamlPath, data: Any) -> str:
    """``route Paris-Zurich: length`` rather than ``routes.12.length``."""
    words = {"routes": "route", "tickets": "ticket"}
    if len(path) >= 2 and path[0] in words and isinstance(path[1], int):
        item = data[path[0]][path[1]] if isinstance(data, dict) else None
        ends = item.get("between") if isinstance(item, dict) else None
        if isinstance(ends, list) and len(ends) == 2 and all(isinstance(e, str) for e in ends):
            what = f"{words[path[0]]} {ends[0]}-{ends[1]}"
        else:
            what = f"{words[path[0]]} #{path[1] + 1}"
        tail = ".".join(map(str, path[2:]))
        return f"{what}: {tail}" if tail else what
    return schema_label(path, data, _WORDS)


# ---------------------------------------------------------------------- public reading


def check_routes_map(path: str | os.PathLike[str], data: bytes | None = None) -> list[Problem]:
    """Every problem of the route-board file at ``path`` (errors and warnings).

    Examples
    --------
    >>> check_routes_map("maps/ticket_to_ride_europe.yaml")
    []
    """
    reader = _RouteReader(str(path))
    reader.read(read_bytes(path) if data is None else data)
    return reader.problems


def loads_routes(text: str | bytes, path: str = "<string>") -> RouteBoard:
    """The route board described by ``text``; :class:`MapError` lists every problem.

    Examples
    --------
    >>> board = loads_routes('''
    ... format: 1
    ... kind: routes
    ... name: Two towns
    ... cities: [{name: A, at: [0, 0]}, {name: B, at: [3, 0]}]
    ... routes: [{between: [A, B], length: 3, color: red}]
    ... ''')
    >>> board.route("A-B").length
    3
    >>> try:
    ...     loads_routes("format: 1\\nkind: routes\\nname: x\\ncities: []\\n"
    ...                  "routes: [{between: [A, B], length: 9, color: red}]\\n")
    ... except MapError as e:
    ...     print(e.problems[0])
    <string>:5:36: route A-B: length is 9, it must be at most 8 (write a number from 1 to 8)
    """
    reader = _RouteReader(path)
    board = reader.read(text.encode("utf-8") if isinstance(text, str) else text)
    if board is None or any(p.severity == "error" for p in reader.problems):
        raise MapError(reader.problems)
    return board


def load_routes(path: str | os.PathLike[str]) -> RouteBoard:
    """Load the route-board file at ``path`` (what :func:`workbench.load_map` does for one).

    Examples
    --------
    >>> len(load_routes("maps/ticket_to_ride_europe.yaml").routes)
    101
    """
    return loads_routes(read_bytes(path), str(path))


# ---------------------------------------------------------------------- writing


@lru_cache(maxsize=4096)
def _text(s: str, flow: bool = False) -> str:
    """:func:`workbench.yamlfile.yaml_text`, remembered: a board repeats its city names often."""
    return yaml_text(s, flow)


def _pos(p: tuple[float, float]) -> str:
    return f"[{yaml_number(p[0])}, {yaml_number(p[1])}]"


def _between(ends: tuple[str, str]) -> str:
    return f"[{_text(ends[0], True)}, {_text(ends[1], True)}]"


def dumps_routes(board: RouteBoard) -> str:
    """The canonical text of a route board's file: fixed key order, one city, route or
    ticket per line, so that an edit is a one-line diff.

    Examples
    --------
    >>> board = load_routes("maps/ticket_to_ride_europe.yaml")
    >>> text = dumps_routes(board)
    >>> text.splitlines()[0]
    '# yaml-language-server: $schema=routes.schema.json'
    >>> loads_routes(text) == board and dumps_routes(loads_routes(text)) == text
    True
    """
    out = [
        f"{SCHEMA_LINE}{board.schema}",
        "format: 1",
        "kind: routes",
        f"name: {_text(board.name)}",
    ]
    for key in ("description", "author", "license"):
        value = getattr(board, key)
        if value:
            out.append(f"{key}: {_text(value)}")
    if board.projection is not None:
        p = board.projection
        out.append(f"projection: {{center: {_pos(p.center)}, parallels: {_pos(p.parallels)}}}")
    d = board.deck
    out.append(
        f"deck: {{cards_per_color: {d.cards_per_color}, locomotives: {d.locomotives}, "
        f"cars: {d.cars}, stations: {d.stations}, players: [{d.players[0]}, {d.players[1]}], "
        f"short_tickets: {d.short_tickets}, long_tickets: {d.long_tickets}"
        + (f", route_points: [{', '.join(map(str, d.route_points))}]" if d.route_points else "")
        + "}"
    )
    out.append("colors:")
    out.extend(
        f"  - {yaml_flow([('name', _text(c.name, True)), ('fill', _text(c.fill, True))])}"
        for c in board.colors
    )
    if board.land:
        out.append("land:")
        for area in board.land:
            pairs: list[tuple[str, str | list[str]]] = []
            if area.name:
                pairs.append(("name", _text(area.name)))
            if area.note:
                pairs.append(("note", _text(area.note)))
            pairs.append(("polygon", [_pos(v) for v in area.polygon]))
            out.extend(yaml_block("  ", pairs))
    out.append("cities:" if board.cities else "cities: []")
    for c in board.cities:
        pairs_c = [("name", _text(c.name, True)), ("at", _pos(c.at))]
        if c.note:
            pairs_c.append(("note", _text(c.note, True)))
        out.append(f"  - {yaml_flow(pairs_c)}")
    out.append("routes:" if board.routes else "routes: []")
    for r in board.routes:
        pairs_r = [
            ("between", _between(r.ends)),
            ("length", str(r.length)),
            ("color", _text(r.color, True)),
        ]
        if r.kind != "plain":
            pairs_r.append(("kind", r.kind))
        if r.locomotives:
            pairs_r.append(("locomotives", str(r.locomotives)))
        if r.via:
            pairs_r.append(("via", "[" + ", ".join(_pos(v) for v in r.via) + "]"))
        if r.note:
            pairs_r.append(("note", _text(r.note, True)))
        out.append(f"  - {yaml_flow(pairs_r)}")
    if board.tickets:
        out.append("tickets:")
    for t in board.tickets:
        pairs_t = [("between", _between(t.ends)), ("points", str(t.points))]
        if t.long:
            pairs_t.append(("long", "true"))
        if t.note:
            pairs_t.append(("note", _text(t.note, True)))
        out.append(f"  - {yaml_flow(pairs_t)}")
    return "\n".join(out) + "\n"


def save_routes(board: RouteBoard, path: str | os.PathLike[str]) -> Path:
    """Write a route board to ``path`` canonically and atomically (temporary file, then
    rename): an interrupted save leaves the old file as it was.

    Examples
    --------
    >>> import tempfile, os
    >>> board = load_routes("maps/ticket_to_ride_europe.yaml")
    >>> with tempfile.TemporaryDirectory() as d:
    ...     load_routes(save_routes(board, os.path.join(d, "copy.yaml"))) == board
    True
    """
    return write_atomic(path, dumps_routes(board))
