"""What a route board means, checked: the problems no schema can see.

:func:`check_routes` finds every semantic problem of a :class:`RouteBoard` at once: unknown
cities in routes and tickets, lengths, colors and locomotives the game cannot have, too many
parallel routes, tickets no path can complete, cities no route reaches, duplicate names, and
the designer's warnings (lengths the scoring table does not print, a double of one color,
routes that cross on the plane, totals that do not match the deck). The loader passes a
``locate`` function that turns a part of the board into a line and column of the file.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from difflib import get_close_matches
from typing import Any

import shapely
from shapely.geometry import LineString, Polygon

from workbench.exceptions import Problem
from workbench.maps.routes import GRAY, MAX_LENGTH, PRINTED_LENGTHS, Route, RouteBoard
from workbench.maps.text import name_problem

__all__ = ["RouteLocate", "check_routes"]

RouteLocate = Callable[[str, Any, str | None], tuple[int, int]]
"""``locate(kind, key, field) -> (line, column)``: where a part of the board is written.

``kind`` is ``"city"`` (key: the RouteCity), ``"route"`` (key: the Route), ``"ticket"``
(key: the Ticket), ``"color"`` (key: its name), ``"land"`` (key: its index), ``"deck"``,
``"projection"`` or ``"file"``.
"""


_COLOR_WORD = re.compile(r"[^\W\d_][^\W_]*(?:_[^\W_]+)*")
"""A card color's name as the game's log writes it (``take red``, ``claim A-B 2red``): one
word of letters and digits that starts with a letter, parts joined by ``_``."""
_RESERVED = ("loco", "ticket")
"""Words the log uses for other things: a locomotive card, a ticket dealt."""


def _nowhere(kind: str, key: Any, field: str | None) -> tuple[int, int]:
    return (0, 0)


def _did_you_mean(name: str, options: list[str]) -> str:
    close = get_close_matches(name, options, n=1)
    return f"did you mean {close[0]!r}? " if close else ""


def check_routes(
    board: RouteBoard, path: str = "<board>", locate: RouteLocate = _nowhere
) -> list[Problem]:
    """Every semantic problem of a route board, errors first, each with a hint to fix it.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/ticket_to_ride_europe.yaml")
    >>> check_routes(board)
    []
    >>> from workbench.maps.routes import Route
    >>> import dataclasses
    >>> extra = Route(("Paris", "Pariss"), 9, "mauve")
    >>> broken = dataclasses.replace(board, routes=board.routes + (extra,))
    >>> for p in check_routes(broken)[:3]:
    ...     print(p.message)
    route Paris-Pariss: no city 'Pariss'
    route Paris-Pariss is 9 cars long
    route Paris-Pariss has color 'mauve', which is not a card color
    >>> check_routes(broken)[0].hint
    "did you mean 'Paris'? add the city or fix the name"
    """
    problems: list[Problem] = []

    def report(
        kind: str,
        key: Any,
        field: str | None,
        message: str,
        hint: str,
        severity: str = "error",
    ) -> None:
        line, column = locate(kind, key, field)
        problems.append(Problem(path, line, column, message, hint, severity))

    colors = list(board.color_names)
    for name in dict.fromkeys(colors):
        problem = name_problem(name)
        if problem is None and (not _COLOR_WORD.fullmatch(name) or name in _RESERVED):
            problem = (
                "the game's log writes a color as one word of letters and digits that starts "
                f"with a letter, other than {' and '.join(_RESERVED)}",
                "rename it, such as light_blue",
            )
        if problem is not None:
            report("color", name, "name", f"color name {name!r}: {problem[0]}", problem[1])
    for name, count in Counter(colors).items():
        if count > 1:
            report(
                "color",
                name,
                "name",
                f"color {name!r} is defined {count} times",
                "give each color one entry",
            )
    if GRAY in colors:
        report(
            "color",
            GRAY,
            "name",
            "gray is not a card color: it marks routes any color can claim",
            "remove gray from colors",
        )

    projected = True  # whether positions can be drawn (a projection that cannot is reported)
    if board.projection is not None:
        p1, p2 = board.projection.parallels
        lon, lat = board.projection.center
        if not (-89 < p1 < 89 and -89 < p2 < 89) or p1 * p2 <= 0 or abs(p1 + p2) < 1e-9:
            report(
                "projection",
                None,
                "parallels",
                f"the projection's parallels {p1:g} and {p2:g} cannot make a conic projection",
                "pick two latitudes on the same side of the equator, such as [40, 60]",
            )
            projected = False
        elif not (-180 <= lon <= 360 and -85 <= lat <= 85):
            report(
                "projection",
                None,
                "center",
                f"the projection's center {[lon, lat]} is not a longitude and latitude",
                "write center: [longitude, latitude] in degrees, latitude between -85 and 85",
            )
            projected = False

    for i, area in enumerate(board.land):
        if not Polygon(area.polygon).is_valid:
            report(
                "land",
                i,
                "polygon",
                f"land polygon {area.name or i + 1!r} crosses itself",
                "order its vertices around the outline",
            )

    names = Counter(c.name for c in board.cities)
    for city in board.cities:
        problem = name_problem(city.name)
        if problem is None and "," in city.name:
            problem = (
                "it holds a comma, which the game's log writes between tickets",
                "write the name without a comma",
            )
        if problem is not None:
            report("city", city, "name", f"city name {city.name!r}: {problem[0]}", problem[1])
        if names[city.name] > 1:
            report(
                "city",
                city,
                "name",
                f"city name {city.name!r} is used {names[city.name]} times",
                "give each city its own name",
            )
            names[city.name] = 0
        if board.projection is not None and not (
            -180 <= city.at[0] <= 360 and -85 <= city.at[1] <= 85
        ):
            projected = False
            report(
                "city",
                city,
                "at",
                f"city {city.name!r} at {list(city.at)} is not a longitude and latitude",
                "write at: [longitude, latitude] in degrees, latitude between -85 and 85",
            )
    known = set(names)

    printed = board.route_points or dict.fromkeys(PRINTED_LENGTHS, 0)
    pairs: Counter[tuple[str, str]] = Counter()
    by_pair: dict[tuple[str, str], list[Route]] = {}
    for r in board.routes:
        label = f"route {r.id}"
        for end in dict.fromkeys(r.ends):
            if end not in known:
                report(
                    "route",
                    r,
                    "between",
                    f"{label}: no city {end!r}",
                    f"{_did_you_mean(end, sorted(known))}add the city or fix the name",
                )
        if r.ends[0] == r.ends[1]:
            report(
                "route",
                r,
                "between",
                f"{label} joins {r.ends[0]!r} to itself",
                "a route joins two different cities",
            )
        if not 1 <= r.length <= MAX_LENGTH:
            report(
                "route",
                r,
                "length",
                f"{label} is {r.length} cars long",
                f"a route is 1 to {MAX_LENGTH} cars long",
            )
        elif r.length not in printed:
            lengths = sorted(printed)
            report(
                "route",
                r,
                "length",
                f"{label} is {r.length} cars long, a length the scoring table does not print",
                f"use {', '.join(map(str, lengths[:-1]))} or {lengths[-1]} cars, or print "
                f"points for {r.length} (deck: route_points)",
                "warning",
            )
        if r.color != GRAY and r.color not in colors:
            report(
                "route",
                r,
                "color",
                f"{label} has color {r.color!r}, which is not a card color",
                f"{_did_you_mean(r.color, [*colors, GRAY])}use gray or one of: {', '.join(colors)}",
            )
        if r.kind == "ferry":
            if r.locomotives > r.length:
                report(
                    "route",
                    r,
                    "locomotives",
                    f"ferry {r.id} needs {r.locomotives} "
                    f"locomotives but has only {r.length} spaces",
                    f"use at most {r.length} locomotives, or lengthen it",
                )
            elif r.locomotives < 1:
                report(
                    "route",
                    r,
                    "locomotives",
                    f"ferry {r.id} needs no locomotive",
                    "set locomotives: 1 or more, or make it kind: plain",
                )
        elif r.locomotives:
            report(
                "route",
                r,
                "locomotives",
                f"{r.kind} route {r.id} asks for {r.locomotives} "
                f"locomotive{'s' if r.locomotives > 1 else ''}",
                "only ferries need locomotives: make it kind: ferry or remove locomotives",
            )
        if board.projection is not None and any(
            not (-180 <= x <= 360 and -85 <= y <= 85) for x, y in r.via
        ):
            projected = False
            report(
                "route",
                r,
                "via",
                f"{label} bends at a point that is not a longitude and latitude",
                "write via: [[longitude, latitude], ...] in degrees, latitude between -85 and 85",
            )
        pairs[r.ends] += 1
        by_pair.setdefault(r.ends, []).append(r)
        if pairs[r.ends] == 3:
            report(
                "route",
                r,
                "between",
                f"{r.ends[0]} and {r.ends[1]} are joined by more than two routes",
                "keep at most two parallel routes: one double",
            )

    for lanes in by_pair.values():
        if len(lanes) == 2:
            a, b = lanes
            if a.color == b.color and a.color != GRAY:
                report(
                    "route",
                    b,
                    "color",
                    f"double route {a.id} has two {a.color} lanes",
                    "give the two lanes different colors",
                    "warning",
                )

    import networkx as nx  # here: the command line starts without it

    graph: nx.MultiGraph[str] = nx.MultiGraph()
    graph.add_nodes_from(known)
    graph.add_edges_from(r.ends for r in board.routes if set(r.ends) <= known)
    for city in board.cities:
        if city.name in graph and graph.degree(city.name) == 0:
            report(
                "city",
                city,
                "name",
                f"no route reaches city {city.name!r}",
                "add a route to it or remove it",
            )
    component = {n: i for i, comp in enumerate(nx.connected_components(graph)) for n in comp}

    seen_tickets: Counter[tuple[str, str]] = Counter()
    for t in board.tickets:
        label = f"ticket {t.id}"
        missing = [e for e in dict.fromkeys(t.ends) if e not in known]
        for end in missing:
            report(
                "ticket",
                t,
                "between",
                f"{label}: no city {end!r}",
                f"{_did_you_mean(end, sorted(known))}add the city or fix the name",
            )
        if t.ends[0] == t.ends[1]:
            report(
                "ticket",
                t,
                "between",
                f"{label} joins {t.ends[0]!r} to itself",
                "a ticket joins two different cities",
            )
        elif not missing and component[t.ends[0]] != component[t.ends[1]]:
            report(
                "ticket",
                t,
                "between",
                f"{label}: no path of routes joins {t.ends[0]!r} and {t.ends[1]!r}",
                "add routes between their parts of the board, or change the ticket",
            )
        seen_tickets[t.ends] += 1
        if seen_tickets[t.ends] == 2:
            report("ticket", t, "between", f"{label} appears twice", "keep one of them", "warning")

    written: dict[str, Any] = {}
    for kind, items in (("route", board.routes), ("ticket", board.tickets)):
        for item in items:
            first = written.setdefault(f"{kind} {item.id}", item)
            if first is not item and first.ends != item.ends:
                report(
                    kind,
                    item,
                    "between",
                    f"{kind}s {'-'.join(first.ends)!r} and {'-'.join(item.ends)!r} are both "
                    f"written {item.id!r} in the game's log",
                    "rename one of the cities, so that a name and a dash do not make another",
                )
    if projected:
        _check_crossings(board, report)
    _check_totals(board, report)

    problems.sort(key=lambda p: (p.severity != "error", p.line, p.column))
    return problems


def _check_crossings(board: RouteBoard, report: Callable[..., None]) -> None:
    """Warn about two routes whose drawn lines cross away from their cities."""
    pos = board.positions
    drawn = [r for r in board.routes if r.lane == 0 and set(r.ends) <= set(pos)]
    lines = [LineString(board.line(r)) for r in drawn]
    if not lines:
        return
    tree = shapely.STRtree(lines)
    left, right = tree.query(lines, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i >= j:
            continue
        a, b = drawn[i], drawn[j]
        shared = set(a.ends) & set(b.ends)
        where = lines[i].intersection(lines[j])
        if shared and where.geom_type == "Point":  # most often: they meet at their city
            if any(where.distance(shapely.Point(pos[c])) < 1e-9 for c in shared):
                continue
        elif shared:
            corners = shapely.MultiPoint([pos[c] for c in shared]).buffer(1e-9)
            where = where.difference(corners)
        if where.is_empty:
            continue
        x, y = where.representative_point().coords[0]
        if board.projection is not None:  # say where in the file's own coordinates
            x, y = board.projection.unproject(x, y)
        report(
            "route",
            b,
            "between",
            f"routes {a.id} and {b.id} cross on the plane near ({x:.2f}, {y:.2f})",
            "bend one of them with via: points, or move a city",
            "warning",
        )


def _check_totals(board: RouteBoard, report: Callable[..., None]) -> None:
    """The cars and tickets on the board against the deck and the players' cars."""
    deck = board.deck
    short = sum(not t.long for t in board.tickets)
    long = sum(t.long for t in board.tickets)
    for count, expected, word, key in (
        (short, deck.short_tickets, "short", "short_tickets"),
        (long, deck.long_tickets, "long", "long_tickets"),
    ):
        if count != expected:
            report(
                "deck",
                None,
                key,
                f"the board has {count} {word} tickets, the deck expects {expected}",
                f"add or remove tickets, or set deck.{key}",
                "warning",
            )
    lo, hi = deck.players
    if lo > hi or lo < 1:
        report(
            "deck",
            None,
            "players",
            f"deck.players [{lo}, {hi}] is not a range of players",
            "write [fewest, most], such as [2, 5]",
        )
        return
    total = sum(r.length for r in board.routes)
    single = sum(r.length for r in board.routes if r.lane == 0)
    if total < hi * deck.cars:
        report(
            "deck",
            None,
            "cars",
            f"the routes hold {total} cars, fewer than the "
            f"{hi * deck.cars} of {hi} players with {deck.cars} each: the game may never "
            "end",
            "add routes or give players fewer cars",
            "warning",
        )
    few = min(3, hi)
    said = total < hi * deck.cars and few == hi  # the warning above already says it
    if lo <= 3 and single < few * deck.cars and not said:
        report(
            "deck",
            None,
            "cars",
            f"with one lane of each double the routes hold {single} cars, fewer than the "
            f"{few * deck.cars} of {few} players",
            "add routes or give players fewer cars",
            "warning",
        )
    longest = max((r.length for r in board.routes), default=0)
    if longest > deck.cards_per_color + deck.locomotives:
        report(
            "deck",
            None,
            "cards_per_color",
            f"a route of {longest} cars needs more cards "
            f"of one color than the deck's {deck.cards_per_color} and "
            f"{deck.locomotives} locomotives",
            "add cards or shorten the route",
        )
    if longest > deck.cars:
        report(
            "deck",
            None,
            "cars",
            f"a route of {longest} cars is longer than a player's {deck.cars} cars",
            "give players more cars or shorten the route",
        )
