"""Editing a route board, without a widget: :class:`RouteEditSession`.

The route-board twin of :class:`~workbench.session.edit.EditSession`. The session holds the
board (an immutable :class:`~workbench.maps.routes.RouteBoard`; every edit makes a new one),
the undo and redo stacks, the file the board belongs to, the selected city, route and ticket,
the spot last tapped, the problems ``workbench check`` finds, the status line, and the
analysis of the board (:func:`~workbench.session.route_analysis.analyze_route_edit`),
recomputed in the background after each edit (latest wins).

Edits: move, add, rename and remove a city; add a route (a second one between two cities is
the parallel lane of a double), remove it, set its length, color, kind and locomotives; add,
price, change and remove tickets. An edit is refused, with the reason, when it would make a
problem the board did not have (an error of :func:`~workbench.maps.routes_check.check_routes`);
the one exception is a new city, which no route reaches until one is added. So a board opened
with errors can still be edited, one fix at a time.

Positions: the editor's figure is drawn in the board's plane (projected when the board is
written in longitude and latitude); :meth:`RouteEditSession.to_board` and
:meth:`RouteEditSession.to_plane` convert, and a dragged city is stored in the file's own
coordinates, rounded to :data:`DIGITS` decimals.

Parts named in :class:`~workbench.session.events.Change`: ``board``, ``path``, ``history``,
``selection`` (city, route or ticket), ``picked``, ``highlight``, ``problems``, ``message``,
``working`` and ``analysis``, as for lattice boards.
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from workbench.exceptions import MapError, Problem, WorkbenchError
from workbench.maps.routes import GRAY, ROUTE_KINDS, Route, RouteBoard, RouteCity, Ticket
from workbench.maps.routes_check import check_routes
from workbench.maps.routes_io import is_routes_text, load_routes, save_routes
from workbench.resources import find_map
from workbench.session._history import BoardHistory, Kind, OpenResult
from workbench.session.jobs import Handoff
from workbench.session.route_analysis import RouteEditAnalysis, analyze_route_edit, price_ticket

if TYPE_CHECKING:
    import pandas as pd

    from workbench.analysis.ceiling import CeilingBalance

__all__ = [
    "CITY_PICK",
    "DIGITS",
    "ROUTE_PICK",
    "RouteEditSession",
    "RouteOpened",
    "RoutePlace",
]

CITY_PICK = 0.4
"""A tap this close to a city (plane units: degrees of arc on a projected board) selects it."""
ROUTE_PICK = 0.3
"""A tap this close to a route's line (and not near a city) selects the route."""
DIGITS = 2
"""Decimals a dragged or added city's position keeps (0.01 degree is about 1 km)."""

XY = tuple[float, float]


class RoutePlace(NamedTuple):
    """Where a problem is on a route board: city names and route ids."""

    cities: tuple[str, ...] = ()
    routes: tuple[str, ...] = ()


class RouteOpened(OpenResult[RouteBoard]):
    """What :meth:`RouteEditSession.open` did: the board it opened, or the question it asks.

    Examples
    --------
    >>> RouteOpened(Path("a.yaml"), None, "discard your edits?").needs_confirmation
    True
    """


def _same_route(a: Route, b: Route) -> bool:
    return dataclasses.replace(a, lane=0) == dataclasses.replace(b, lane=0)


def _distance(p: XY, line: Iterable[XY]) -> tuple[float, float]:
    """The distance from ``p`` to a polyline, and on which side of it ``p`` lies (+ left)."""
    best = (math.inf, 0.0)
    for (x0, y0), (x1, y1) in pairwise(line):
        dx, dy = x1 - x0, y1 - y0
        d2 = dx * dx + dy * dy
        t = 0.0 if d2 == 0 else max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / d2))
        d = math.hypot(p[0] - (x0 + t * dx), p[1] - (y0 + t * dy))
        if d < best[0]:
            best = (d, dx * (p[1] - y0) - dy * (p[0] - x0))
    return best


def _load(path: Path) -> RouteBoard:
    data = path.read_bytes()
    if not is_routes_text(data):
        raise MapError(
            [
                Problem(
                    str(path),
                    1,
                    1,
                    f"{path} is a lattice map, not a route board (no 'kind: routes')",
                    "open it in MapEditor, which edits lattice boards",
                )
            ]
        )
    return load_routes(path)


class RouteEditSession(BoardHistory[RouteBoard, RoutePlace, RouteEditAnalysis]):
    """A route board being edited: its history, its file, its problems and its analysis.

    Parameters
    ----------
    board : RouteBoard, str or os.PathLike
        The board to edit, or the path of a route-board file to open (or a shipped board's
        name, ``"ticket_to_ride_europe"``).
    players : int, optional
        The number of players the analysis is for (with 2-3 only one lane of a double may
        be claimed).
    background : bool, optional
        Compute the analysis on a background thread (the default) or at once.
    handoff : callable, optional
        How a background result comes back to this thread (see
        :class:`~workbench.session.edit.EditSession`).

    Examples
    --------
    >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
    >>> session.board.name, session.path.name, session.modified
    ('Ticket to Ride Europe', 'ticket_to_ride_europe.yaml', False)
    >>> session.add_route("London", "Paris", 3, "red")
    'London-Paris'
    >>> session.set_route("London-Paris", kind="ferry").route("London-Paris").locomotives
    1
    >>> session.history
    ('add route London-Paris (3 red)', 'London-Paris: kind ferry, locomotives 1')
    >>> print(session.analysis.summary())  # doctest: +ELLIPSIS
    London-Paris: kind ferry, locomotives 1: no ticket's shortest path changed
    >>> _ = session.undo(); session.undo().routes_between("London", "Paris")
    ()
    """

    _JOB_NAME = "route-editor-analysis"
    _BATCH_PARTS = frozenset({"board", "path", "message", "problems"})

    def __init__(
        self,
        board: RouteBoard | str | os.PathLike[str],
        *,
        players: int = 4,
        background: bool = True,
        handoff: Handoff | None = None,
    ) -> None:
        self._route: str | None = None
        self._ticket: str | None = None
        self._picked: XY | None = None
        path: Path | None = None
        if not isinstance(board, RouteBoard):
            path = find_map(board)  # a path, or a shipped board's name
            board = _load(path)
        super().__init__(
            board,
            path,
            nowhere=RoutePlace(),
            players=players,
            background=background,
            handoff=handoff,
        )

    # ------------------------------------------------------------------ state

    @property
    def selected_route(self) -> str | None:
        """The selected route's id (``"A-B"``, ``"A-B#2"`` for a double's second lane)."""
        return self._route

    @property
    def selected_ticket(self) -> str | None:
        """The selected ticket's id."""
        return self._ticket

    @property
    def picked(self) -> XY | None:
        """The empty spot last tapped, in the board's coordinates (where a new city goes)."""
        return self._picked

    # ------------------------------------------------------------------ coordinates

    def to_board(self, x: float, y: float) -> XY:
        """The board's coordinates (longitude and latitude on a projected board) of the
        plane point ``(x, y)``, rounded to :data:`DIGITS` decimals.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.to_board(*session.to_plane((16.37, 48.21)))
        (16.37, 48.21)
        """
        p = self._board.projection
        at = (x, y) if p is None else p.unproject(x, y)
        return (round(at[0], DIGITS) + 0.0, round(at[1], DIGITS) + 0.0)

    def to_plane(self, at: XY) -> XY:
        """The plane point where a position written in the board's coordinates is drawn."""
        return self._board.xy((float(at[0]), float(at[1])))

    # ------------------------------------------------------------------ cities

    def move_city(self, name: str, at: XY) -> RouteBoard:
        """Move city ``name`` to ``at`` (the board's coordinates); its routes follow.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.move_city("Wien", (16.0, 48.5)).city("Wien").at
        (16.0, 48.5)
        >>> _ = session.move_city("Wienn", (16.0, 48.5))
        Traceback (most recent call last):
        ...
        KeyError: "no city 'Wienn' on board 'Ticket to Ride Europe'; did you mean 'Wien', 'Wilno'?"
        """
        at = (float(at[0]), float(at[1]))

        def move(b: RouteBoard) -> RouteBoard:
            old = b.city(name)
            cities = tuple(dataclasses.replace(c, at=at) if c is old else c for c in b.cities)
            return dataclasses.replace(b, cities=cities)

        return self._edit(f"move {name} to ({at[0]:g}, {at[1]:g})", move)

    def drop_city(self, name: str, x: float, y: float) -> RouteBoard:
        """Drop city ``name`` at the plane point ``(x, y)``: what dragging it does.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> x, y = session.to_plane((2.0, 48.0))
        >>> session.drop_city("Paris", x, y).city("Paris").at
        (2.0, 48.0)
        """
        return self.move_city(name, self.to_board(x, y))

    def add_city(self, name: str, at: XY) -> RouteBoard:
        """Add a city called ``name`` at ``at`` (the board's coordinates) and select it.

        The new city has no route yet (the problems list says so until one is added).

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.add_city("Praha", (14.42, 50.09)).city("Praha").at
        (14.42, 50.09)
        >>> session.problems[0].message, session.selected
        ("no route reaches city 'Praha'", 'Praha')
        >>> session.add_city("Praha", (14.0, 50.0))
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: city name 'Praha' is used 2 times (give each city its...
        """
        name = name.strip()
        if not name:
            raise self._refused("the new city has no name", "type one")
        city = RouteCity(name, (float(at[0]), float(at[1])))
        board = self._edit(
            f"add {name} at ({city.at[0]:g}, {city.at[1]:g})",
            lambda b: dataclasses.replace(b, cities=(*b.cities, city)),
            allow=frozenset({f"no route reaches city {name!r}"}),
        )
        self._selected, self._picked = name, None
        self._send({"selection", "picked"})
        return board

    def remove_city(self, name: str) -> RouteBoard:
        """Remove city ``name`` with its routes and tickets.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> board = session.remove_city("Cadiz")
        >>> len(board.cities), len(board.routes), len(board.tickets)
        (46, 99, 45)
        """

        def remove(b: RouteBoard) -> RouteBoard:
            old = b.city(name)
            return dataclasses.replace(
                b,
                cities=tuple(c for c in b.cities if c is not old),
                routes=tuple(r for r in b.routes if name not in r.ends),
                tickets=tuple(t for t in b.tickets if name not in t.ends),
            )

        return self._edit(f"remove {name}", remove)

    def rename_city(self, name: str, new_name: str) -> RouteBoard:
        """Rename city ``name`` in its routes and tickets too (the selections follow).

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.select("Angora")
        >>> _ = session.rename_city("Angora", "Ankara")
        >>> session.selected, [r.id for r in session.board.routes_between("Ankara", "Erzurum")]
        ('Ankara', ['Ankara-Erzurum'])
        """
        new_name = new_name.strip()
        if not new_name:
            raise self._refused(f"no new name for {name}", "type one")

        def rename(b: RouteBoard) -> RouteBoard:
            old = b.city(name)

            def swap(ends: tuple[str, str]) -> tuple[str, str]:
                first, second = (new_name if e == name else e for e in ends)
                return (first, second)

            return dataclasses.replace(
                b,
                cities=tuple(
                    dataclasses.replace(c, name=new_name) if c is old else c for c in b.cities
                ),
                routes=tuple(dataclasses.replace(r, ends=swap(r.ends)) for r in b.routes),
                tickets=tuple(dataclasses.replace(t, ends=swap(t.ends)) for t in b.tickets),
            )

        kept = (self._selected, self._route, self._ticket)
        if self._selected == name:  # the selections follow the name (a lane keeps its place)
            self._selected = new_name
        if self._route is not None and name in self._board.route(self._route).ends:
            route = self._board.route(self._route)
            a, b = (new_name if e == name else e for e in route.ends)
            self._route = dataclasses.replace(route, ends=(a, b)).id
        if self._ticket is not None and name in self._ticket.split("-"):
            self._ticket = None
        try:
            board = self._edit(f"rename {name} to {new_name}", rename)
        except (WorkbenchError, ValueError, KeyError):
            self._selected, self._route, self._ticket = kept
            raise
        self._send({"selection"})
        return board

    # ------------------------------------------------------------------ routes

    def add_route(
        self,
        a: str,
        b: str,
        length: int,
        color: str = GRAY,
        kind: str = "plain",
        locomotives: int | None = None,
    ) -> str:
        """Add a route between cities ``a`` and ``b``, select it and return its id.

        A second route between the same two cities is the other lane of a double. A ferry
        without ``locomotives`` needs 1.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.add_route("Roma", "Venezia", 2, "red")
        'Roma-Venezia#2'
        >>> session.add_route("Roma", "Venezia", 2, "blue")
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: Roma and Venezia are joined by more than two routes ...
        >>> print(session.message)  # doctest: +ELLIPSIS
        refused: Roma and Venezia are joined by more than two routes (keep at most two ...
        """
        if kind not in ROUTE_KINDS:
            raise self._refused(f"{kind!r} is not a kind of route", f"use one of {ROUTE_KINDS}")
        if locomotives is None:
            locomotives = 1 if kind == "ferry" else 0
        route = Route((a, b), int(length), color, kind, int(locomotives))  # type: ignore[arg-type]
        what = f"add route {route.ends[0]}-{route.ends[1]} ({route.length} {color}"
        what += f" {kind})" if kind != "plain" else ")"
        self._edit(what, lambda board: dataclasses.replace(board, routes=(*board.routes, route)))
        self._route = self._find_route(route)
        self._send({"selection"})
        return self._route or route.id

    def add_lane(self, id: str, color: str | None = None) -> str:
        """Make route ``id`` a double: add its parallel lane (same length and kind), in
        ``color`` or, by default, the first card color neither lane would share.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.add_lane("Berlin-Danzig")
        'Berlin-Danzig#2'
        >>> session.board.route("Berlin-Danzig#2").color, session.board.route("Berlin-Danzig").color
        ('red', 'gray')
        """
        route = self._board.route(id)
        if color is None:
            taken = {r.color for r in self._board.routes_between(*route.ends)}
            color = next((c for c in self._board.color_names if c not in taken), GRAY)
        return self.add_route(*route.ends, route.length, color, route.kind, route.locomotives)

    def remove_route(self, id: str) -> RouteBoard:
        """Remove route ``id`` (refused when it would cut a city or a ticket off).

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> len(session.remove_route("Frankfurt-Paris#2").routes)
        100
        >>> session.remove_route("Frankfurt-Paris#2")
        Traceback (most recent call last):
        ...
        KeyError: "no route 'Frankfurt-Paris#2' on board 'Ticket to Ride Europe'"
        """

        def remove(b: RouteBoard) -> RouteBoard:
            old = b.route(id)
            return dataclasses.replace(b, routes=tuple(r for r in b.routes if r is not old))

        board = self._edit(f"remove route {id}", remove)
        if self._route is not None and self._route not in {r.id for r in board.routes}:
            self._route = None
            self._send({"selection"})
        return board

    def set_route(
        self,
        id: str,
        *,
        length: int | None = None,
        color: str | None = None,
        kind: str | None = None,
        locomotives: int | None = None,
    ) -> RouteBoard:
        """Give route ``id`` a new length, color, kind or locomotives (the selection follows
        it when the lanes of a double swap to stay in order).

        A route made a ferry without ``locomotives`` needs 1; a ferry made plain or tunnel
        needs none.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.set_route("Paris-Zurich", length=4, kind="plain").route("Paris-Zurich").kind
        'plain'
        >>> session.history[-1]
        'Paris-Zurich: length 4, kind plain'
        >>> session.set_route("Paris-Zurich", length=9)
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: route Paris-Zurich is 9 cars long (a route is 1 to 8...
        """
        old = self._board.route(id)
        changes: dict[str, Any] = {}
        if length is not None:
            changes["length"] = int(length)
        if color is not None:
            changes["color"] = color
        if kind is not None:
            if kind not in ROUTE_KINDS:
                raise self._refused(f"{kind!r} is not a kind of route", f"use one of {ROUTE_KINDS}")
            changes["kind"] = kind
            if locomotives is None and kind == "ferry" and old.locomotives == 0:
                locomotives = 1
            elif locomotives is None and kind != "ferry":
                locomotives = 0
        if locomotives is not None:
            changes["locomotives"] = int(locomotives)
        changes = {k: v for k, v in changes.items() if getattr(old, k) != v}
        new = dataclasses.replace(old, **changes)
        words = ", ".join(f"{k} {v}" for k, v in changes.items()) or "no change"
        follow = self._route == id

        def change(b: RouteBoard) -> RouteBoard:
            now = b.route(id)
            return dataclasses.replace(b, routes=tuple(new if r is now else r for r in b.routes))

        board = self._edit(f"{id}: {words}", change)
        if follow:
            self._route = self._find_route(new)
            self._send({"selection"})
        return board

    def _find_route(self, route: Route) -> str | None:
        return next((r.id for r in self._board.routes if _same_route(r, route)), None)

    # ------------------------------------------------------------------ tickets

    def price(self, a: str, b: str) -> int:
        """What a ticket from ``a`` to ``b`` is worth on this board: its shortest path in
        cars (see :func:`~workbench.session.route_analysis.price_ticket`).

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.price("Paris", "Wien")
        8
        """
        return price_ticket(self._board, a, b)

    def add_ticket(self, a: str, b: str, points: int | None = None, long: bool = False) -> str:
        """Add a ticket from ``a`` to ``b``, priced by its shortest path when ``points`` is
        not given; select it and return its id.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.add_ticket("Lisboa", "Wien")
        'Lisboa-Wien'
        >>> session.history[-1]
        'add ticket Lisboa-Wien (16 points)'
        """
        if points is None:
            try:
                points = self.price(a, b)
            except (KeyError, ValueError) as error:
                self._refuse(error)
                raise
        ticket = Ticket((a, b), int(points), bool(long))
        word = "long ticket" if long else "ticket"
        self._edit(
            f"add {word} {ticket.id} ({ticket.points} points)",
            lambda board: dataclasses.replace(board, tickets=(*board.tickets, ticket)),
        )
        self._ticket = ticket.id
        self._send({"selection"})
        return ticket.id

    def remove_ticket(self, id: str) -> RouteBoard:
        """Remove the ticket ``id`` (the first, if the deck holds it twice).

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> len(session.remove_ticket("Paris-Wien").tickets)
        45
        """
        board = self._edit(f"remove ticket {id}", lambda b: b.remove_ticket(id))
        if self._ticket == id and id not in {t.id for t in board.tickets}:
            self._ticket = None
            self._send({"selection"})
        return board

    def set_ticket(
        self, id: str, *, points: int | None = None, long: bool | None = None
    ) -> RouteBoard:
        """Give ticket ``id`` new ``points`` or move it to the long or short deck.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> board = session.set_ticket("London-Wien", points=9)
        >>> [t.points for t in board.tickets if t.id == "London-Wien"], session.history[-1]
        ([9], 'ticket London-Wien: points 9')
        """
        old = next((t for t in self._board.tickets if t.id == id), None)
        if old is None:
            error = KeyError(f"no ticket {id!r} on board {self._board.name!r}")
            self._refuse(error)
            raise error
        changes: dict[str, Any] = {}
        if points is not None and int(points) != old.points:
            changes["points"] = int(points)
        if long is not None and bool(long) != old.long:
            changes["long"] = bool(long)
        new = dataclasses.replace(old, **changes)
        words = ", ".join(f"{k} {v}" for k, v in changes.items()) or "no change"

        def change(b: RouteBoard) -> RouteBoard:
            now = next(t for t in b.tickets if t.id == id)
            return dataclasses.replace(b, tickets=tuple(new if t is now else t for t in b.tickets))

        return self._edit(f"ticket {id}: {words}", change)

    # ------------------------------------------------------------------ taps and selection

    def tap(self, x: float, y: float) -> str:
        """Do what a tap at the plane point ``(x, y)`` does; say what.

        A tap on a city selects it; on a route (its line, the lane on the tap's side),
        selects the route; elsewhere, picks the spot for a new city.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.tap(*session.board.positions["Wien"])
        'selected Wien'
        >>> pos = session.board.positions
        >>> (x0, y0), (x1, y1) = pos["Paris"], pos["Pamplona"]
        >>> session.tap((x0 + x1) / 2, (y0 + y1) / 2)
        'selected route Pamplona-Paris#2'
        >>> session.tap(-30.0, 30.0)
        'picked (-62.9, 63.03)'
        """
        board = self._board
        pos = board.positions
        if pos:
            name, (cx, cy) = min(pos.items(), key=lambda kv: math.dist(kv[1], (x, y)))
            if math.dist((cx, cy), (x, y)) <= CITY_PICK:
                self.select(name)
                return f"selected {name}"
        best: tuple[float, Route, float] | None = None
        for r in board.routes:
            if r.lane:
                continue
            d, side = _distance((x, y), board.line(r))
            if best is None or d < best[0]:
                best = (d, r, side)
        if best is not None and best[0] <= ROUTE_PICK:
            lanes = board.routes_between(*best[1].ends)
            route = lanes[0] if len(lanes) == 1 or best[2] < 0 else lanes[1]
            self.select_route(route.id)
            return f"selected route {route.id}"
        at = self.to_board(x, y)
        self._picked = at
        self._selected = self._route = None
        self._message = ("ok", f"picked ({at[0]:g}, {at[1]:g}): name a city and press 'Add city'")
        self._send({"picked", "selection", "message"})
        return f"picked ({at[0]:g}, {at[1]:g})"

    def select(self, name: str | None) -> None:
        """Select city ``name`` (``None``: no city).

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.select("Wien"); session.selected, session.message
        ('Wien', 'selected Wien: 6 routes')
        """
        parts = {"selection"}
        if name is not None:
            self._board.city(name)  # KeyError naming close matches
            count = sum(name in r.ends for r in self._board.routes)
            self._message = ("ok", f"selected {name}: {count} route{'s' if count != 1 else ''}")
            parts.add("message")
        self._selected = name
        self._send(parts)

    def select_route(self, id: str | None) -> None:
        """Select route ``id`` (``None``: no route).

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> session.select_route("Dieppe-London#2"); session.message
        'selected route Dieppe-London#2: 2 gray ferry, 1 locomotive'
        """
        parts = {"selection"}
        if id is not None:
            r = self._board.route(id)
            text = f"selected route {r.id}: {r.length} {r.color} {r.kind}"
            if r.locomotives:
                text += f", {r.locomotives} locomotive{'s' if r.locomotives > 1 else ''}"
            self._message = ("ok", text)
            parts.add("message")
        self._route = id
        self._send(parts)

    def select_ticket(self, id: str | None) -> None:
        """Select ticket ``id`` (``None``: no ticket)."""
        if id is not None and id not in {t.id for t in self._board.tickets}:
            raise KeyError(f"no ticket {id!r} on board {self._board.name!r}")
        self._ticket = id
        self._send({"selection"})

    @staticmethod
    def _place(kind: str, key: Any) -> RoutePlace:
        if kind == "city":
            return RoutePlace(cities=(key.name,))
        if kind == "route":
            return RoutePlace(routes=(key.id,))
        if kind == "ticket":
            return RoutePlace(cities=key.ends)
        return RoutePlace()

    def _vet(self, before: RouteBoard, new: RouteBoard, allow: frozenset[str]) -> None:
        """Raise a MapError listing the errors ``new`` has that ``before`` did not."""
        had = Counter(
            p.message for p in self._checked()[0] if p.severity == "error"
        ) if before is self._board else Counter(
            p.message for p in check_routes(before) if p.severity == "error"
        )  # fmt: skip
        fresh = []
        for p in check_routes(new):
            if p.severity != "error" or p.message in allow:
                continue
            if had[p.message]:
                had[p.message] -= 1
            else:
                fresh.append(p)
        if fresh:
            raise MapError(fresh)

    # ------------------------------------------------------------------ files

    def open(self, path: str | os.PathLike[str], discard: bool = False) -> RouteOpened:
        """Open the route-board file ``path``: one undoable step that brings its name along.

        Over unsaved edits it asks first (``discard=True`` opens anyway); a lattice map is
        refused with a pointer to the lattice editor.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> _ = session.remove_route("Frankfurt-Paris#2")
        >>> session.open("maps/ticket_to_ride_europe.yaml").needs_confirmation
        True
        >>> session.open("maps/tiny.yaml", discard=True)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        workbench.exceptions.MapError: maps/tiny.yaml:1:1: maps/tiny.yaml is a lattice map, ...
        """
        return RouteOpened(*self._open(path, discard))

    def save(self, path: str | os.PathLike[str] | None = None, overwrite: bool = False) -> Path:
        """Save the board to ``path`` (its own file by default), canonically and atomically.

        As for lattice boards: ``.yaml`` is added to a bare name, a missing folder is
        refused, and a file holding a map this session did not read or write is only
        replaced with ``overwrite=True``. A board with errors (a new city without its
        first route) is saved too, and the status line says that loading it will fail until
        they are fixed.

        Examples
        --------
        >>> import tempfile
        >>> from workbench import load_map
        >>> session = RouteEditSession("maps/ticket_to_ride_europe.yaml", background=False)
        >>> _ = session.add_lane("Berlin-Danzig")
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     out = session.save(Path(folder) / "mine")
        ...     out.name, load_map(out) == session.board, session.modified
        ('mine.yaml', True, False)
        """
        return super().save(path, overwrite)

    # ------------------------------------------------------------------ what the history asks

    def _find(self, target: Path) -> Path:
        return find_map(target)  # a path, or a shipped board's name

    def _read(self, path: Path) -> RouteBoard:
        return _load(path)

    def _write(self, board: RouteBoard, path: Path) -> None:
        save_routes(board, path)

    def _check(
        self, board: RouteBoard, locate: Callable[[str, Any, str | None], tuple[int, int]]
    ) -> list[Problem]:
        return check_routes(board, locate=locate)

    def _saved_message(self, target: Path) -> tuple[Kind, str]:
        wrong = [p for p in self._checked()[0] if p.severity == "error"]
        if wrong:  # work in progress may be saved; loading it will list the errors
            count = f"{len(wrong)} error{'s' if len(wrong) > 1 else ''}"
            return ("error", f"saved {target}, with {count}: fix before loading it")
        return ("ok", f"saved {target}")

    def _forget_missing(self, parts: set[str]) -> None:
        board = self._board
        if self._selected is not None and self._selected not in board.positions:
            self._selected = None
            parts.add("selection")
        if self._route is not None and self._route not in {r.id for r in board.routes}:
            self._route = None
            parts.add("selection")
        if self._ticket is not None and self._ticket not in {t.id for t in board.tickets}:
            self._ticket = None
            parts.add("selection")

    # ------------------------------------------------------------------ the ceiling (issue 30)

    def compute_ceiling(self, cars: Iterable[int] = range(44, 47)) -> CeilingBalance:
        """Solve the board's ceiling for each budget in ``cars`` (exact, so seconds to a
        minute a budget) and keep what it says about the tickets for :meth:`ticket_table`,
        until the next edit.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_usa.yaml", background=False)
        >>> balance = session.compute_ceiling(range(8, 9))
        >>> balance.plans[0].cars, session.ticket_table().kept.notna().all()
        (8, np.True_)
        """
        from workbench.analysis.ceiling import ceiling_balance

        balance = ceiling_balance(self.board, cars, players=self.players)
        self._ceiling = (self.board, balance)
        return balance

    @property
    def ceiling(self) -> CeilingBalance | None:
        """The last :meth:`compute_ceiling` result, or None once the board was edited."""
        kept = getattr(self, "_ceiling", None)
        return kept[1] if kept is not None and kept[0] is self.board else None

    def ticket_table(self) -> pd.DataFrame:
        """Every ticket: its ``points``, shortest path in ``cars``, ``premium`` (points
        minus cars; the convention is 0) and ``kept``, the share of the ceiling's optimal
        plans that score it (empty until :meth:`compute_ceiling`), most kept first.

        Examples
        --------
        >>> session = RouteEditSession("maps/ticket_to_ride_usa.yaml", background=False)
        >>> table = session.ticket_table()
        >>> list(table.columns), len(table)
        (['ticket', 'points', 'cars', 'premium', 'kept'], 30)
        """
        import numpy as np
        import pandas as pd

        from workbench.analysis.tickets import ticket_paths

        paths = ticket_paths(self.board)
        table = pd.DataFrame(
            {
                "ticket": paths.ticket,
                "points": paths.points,
                "cars": paths.cars,
                "premium": paths.points - paths.cars,
            }
        )
        balance = self.ceiling
        if balance is None:
            table["kept"] = np.nan
            return table.reset_index(drop=True)
        share = dict(zip(balance.tickets.ticket, balance.tickets.share, strict=True))
        table["kept"] = [share.get(t, np.nan) for t in table.ticket]
        return table.sort_values(["kept", "points"], ascending=False).reset_index(drop=True)

    def _compute(self, job: tuple[RouteBoard, RouteBoard | None, str]) -> RouteEditAnalysis:
        board, before, what = job
        # the last analysis is usually of the board before (an undo: of the board itself)
        return analyze_route_edit(board, before, self.players, what, known=self._analysis)
