"""What a board means, checked: the problems no schema can see.

:func:`check_board` finds every semantic problem of a board (unknown colors, cities at sea,
overrides between non-neighbours, unreachable cities, ...) and the designer's warnings
(colors without the deck's number of cities). The loader calls it with a ``locate`` function
that turns a part of the board into a line and column of the file; editing operations call
it without one.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from shapely.geometry import Polygon

from workbench.exceptions import Problem
from workbench.maps.board import Board
from workbench.maps.lattice import Point, are_neighbours, point_name
from workbench.maps.schema import MAX_COORDINATE
from workbench.maps.text import name_key, name_problem

__all__ = ["Locate", "check_board"]

Locate = Callable[[str, Any, str | None], tuple[int, int]]
"""``locate(kind, key, field) -> (line, column)``: where a part of the board is written.

``kind`` is ``"city"`` (key: the City), ``"override"`` (key: the SegmentOverride),
``"color"`` (key: its name), ``"land"`` or ``"terrain"`` (key: the index),
``"terrain-vertex"`` (key: the feature's index and the vertex's) or ``"file"``.
"""


def _nowhere(kind: str, key: Any, field: str | None) -> tuple[int, int]:
    return (0, 0)


def check_board(board: Board, path: str = "<board>", locate: Locate = _nowhere) -> list[Problem]:
    """Every semantic problem of ``board``, errors first, each with a hint to fix it.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> check_board(board)
    []
    >>> import dataclasses
    >>> from workbench.maps.board import City
    >>> broken = dataclasses.replace(board, cities=board.cities + (City("Wet", "brown", (4, 2)),))
    >>> print(check_board(broken)[0])
    <board>:0:0: city 'Wet' is on a sea point [4, 2] (move it onto land)
    """
    problems: list[Problem] = []

    def report(
        kind: str,
        key: Any,
        field: str | None,
        message: str,
        hint: str = "",
        severity: str = "error",
    ) -> None:
        line, column = locate(kind, key, field)
        problems.append(Problem(path, line, column, message, hint, severity))

    colors = board.color_names
    for card in board.colors:
        problem = name_problem(card.name)
        if problem:
            report(
                "color", card.name, "name", f"color name {card.name!r}: {problem[0]}", problem[1]
            )
    for city in board.cities:
        problem = name_problem(city.name)
        if problem:
            report("city", city, "name", f"city name {city.name!r}: {problem[0]}", problem[1])
    color_keys: dict[str, str] = {}
    for name in colors:
        other = color_keys.setdefault(name_key(name), name)
        if other != name:
            report(
                "color",
                name,
                "name",
                f"color names {other!r} and {name!r} read the same",
                "give each color a name that differs in more than case or look-alike letters",
            )
    drawings = [("land", i, a.name, a.polygon) for i, a in enumerate(board.land)] + [
        ("terrain", i, f.name, f.polygon if f.polygon is not None else f.line)
        for i, f in enumerate(board.terrain)
    ]
    broken = False
    for kind, i, label, vertices in drawings:
        for x, y in vertices or ():
            if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > MAX_COORDINATE:
                report(
                    kind,
                    i,
                    None,
                    f"{kind} {label or i!r} has the vertex [{x!r}, {y!r}]",
                    f"every coordinate is a finite number from {-MAX_COORDINATE:g} to "
                    f"{MAX_COORDINATE:g}",
                )
                broken = True
                break
    if broken:  # no geometry can be made of it
        problems.sort(key=lambda p: (p.severity != "error", p.line, p.column))
        return problems
    for name, count in Counter(colors).items():
        if count > 1:
            report(
                "color",
                name,
                "name",
                f"color {name!r} is defined {count} times",
                "give each color one entry",
            )
    lattice = board.lattice
    for i, area in enumerate(board.land):
        if not Polygon(area.polygon).is_valid:
            report(
                "land",
                i,
                "polygon",
                f"land polygon {area.name or i!r} crosses itself",
                "order its vertices around the outline",
            )
    for i, feature in enumerate(board.terrain):
        if feature.polygon is not None and not Polygon(feature.polygon).is_valid:
            report(
                "terrain",
                i,
                "polygon",
                f"{feature.terrain} polygon {feature.name or i!r} crosses itself",
                "order its vertices around the outline",
            )
    from workbench.maps.rivers import line_warning, lines_through_points

    for place in lines_through_points(board):  # a river through a point leaks there
        message, hint = line_warning(place, board)
        report("terrain-vertex", (place.feature, place.vertex), None, message, hint, "warning")

    names: Counter[str] = Counter(c.name for c in board.cities)
    city_keys: dict[str, str] = {}
    seen_at: dict[tuple[int, int], str] = {}
    points = board.points
    for city in board.cities:
        if names[city.name] > 1:
            report(
                "city",
                city,
                "name",
                f"city name {city.name!r} is used {names[city.name]} times",
                "give each city its own name",
            )
            names[city.name] = 0  # report each duplicate name once
        other = city_keys.setdefault(name_key(city.name), city.name)
        if other != city.name:
            report(
                "city",
                city,
                "name",
                f"city names {other!r} and {city.name!r} read the same",
                "give each city a name that differs in more than case or look-alike letters",
            )
        if city.color not in colors:
            from difflib import get_close_matches

            close = get_close_matches(city.color, colors, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            report(
                "city",
                city,
                "color",
                f"city {city.name!r} has unknown color {city.color!r}",
                f"{hint}colors are: {', '.join(colors)}",
            )
        where = point_name(city.at)
        if not lattice.contains(city.at):
            report(
                "city",
                city,
                "at",
                f"city {city.name!r} at {where} is off the lattice",
                f"columns are 0-{lattice.columns - 1}, rows 0-{lattice.rows - 1}",
            )
        elif city.at not in points:
            report(
                "city",
                city,
                "at",
                f"city {city.name!r} is on a sea point {where}",
                "move it onto land",
            )
        if city.at in seen_at:
            report(
                "city",
                city,
                "at",
                f"cities {seen_at[city.at]!r} and {city.name!r} are both on {where}",
                "move one of them to a free point",
            )
        else:
            seen_at[city.at] = city.name

    seen_edges: set[Any] = set()
    for o in board.overrides:
        a, b = o.between
        label = f"{point_name(a)}-{point_name(b)}"
        if o.between in seen_edges:
            report(
                "override",
                o,
                "between",
                f"segment {label} is overridden twice",
                "keep one entry for it",
            )
        seen_edges.add(o.between)
        off = [p for p in (a, b) if p not in points]
        if off:
            report(
                "override",
                o,
                "between",
                f"segment {label}: {', '.join(point_name(p) for p in off)} "
                f"{'is' if len(off) == 1 else 'are'} not on the board",
                "draw land there or pick points on the board",
            )
        elif not are_neighbours(a, b):
            report(
                "override",
                o,
                "between",
                f"segment {label} joins points that are not neighbours",
                "a segment joins two of the six points around a point",
            )
        if o.type == "double" and o.terrain is None:
            report(
                "override",
                o,
                "type",
                f"double segment {label} has no terrain",
                "add terrain: water or terrain: mountain",
            )
        if o.type != "double" and o.terrain is not None:
            report(
                "override",
                o,
                "terrain",
                f"{o.type} segment {label} cannot have a terrain",
                "terrain applies to doubles only; remove it or use type: double",
            )

    if not board.cities:
        report(
            "file",
            None,
            None,
            "the board has no cities",
            "add cities: games and analyses deal them as cards",
            "warning",
        )
    placed = [c for c in board.cities if c.at in points]
    if placed:
        components = _components(board)
        home = max(components, key=lambda comp: sum(c.at in comp for c in placed))
        for city in placed:
            if city.at not in home:
                report(
                    "city",
                    city,
                    "at",
                    f"no path reaches city {city.name!r} from the others",
                    "add land or a segment override (ferry, tunnel) to connect it",
                )

    expected = board.deck
    members_of: dict[str, list[Any]] = {}
    for c in board.cities:  # one pass: a board may have thousands of colors
        members_of.setdefault(c.color, []).append(c)
    for color in dict.fromkeys(colors):
        members = members_of.get(color, [])
        dashed = sum(c.dashed for c in members)
        if len(members) != expected.per_color:
            report(
                "color",
                color,
                "name",
                f"color {color!r} has {_cities(len(members))}, the deck expects "
                f"{expected.per_color}",
                "add or recolor cities, or set deck.per_color",
                "warning",
            )
        if dashed != expected.dashed_per_color:
            report(
                "color",
                color,
                "name",
                f"color {color!r} has {_cities(dashed, 'dashed ')}, the deck expects "
                f"{expected.dashed_per_color}",
                "set dashed on its cities, or set deck.dashed_per_color",
                "warning",
            )

    problems.sort(key=lambda p: (p.severity != "error", p.line, p.column))
    return problems


def _cities(n: int, adjective: str = "") -> str:
    return f"{n} {adjective}{'city' if n == 1 else 'cities'}"


def _components(board: Board) -> list[set[Point]]:
    """The board's points in groups joined by segments (a search of our own: the command
    line's ``check`` starts without importing networkx)."""
    nbrs: dict[Point, list[Point]] = {p: [] for p in sorted(board.points)}
    for a, b in board.segments:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    seen: set[Point] = set()
    out = []
    for start in nbrs:
        if start in seen:
            continue
        group = {start}
        stack = [start]
        while stack:
            for q in nbrs[stack.pop()]:
                if q not in group:
                    group.add(q)
                    stack.append(q)
        seen |= group
        out.append(group)
    return out
