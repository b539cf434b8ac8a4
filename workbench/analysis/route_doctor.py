"""The map doctor for route boards (Ticket to Ride): tickets worth their shortest path and
colors balanced by length, each edit with its exact measured effect.

The route report (:mod:`workbench.analysis.route_report`) compares every ticket with its
shortest path in cars (the convention: points = cars) and counts each color's routes by
length. The doctor searches for edits that close those gaps:

* set a ticket's points to its shortest path in cars;
* recolor a colored route to another card color (not the color of its double's other lane);
* make a route one car longer or shorter (to another printed length; a ferry keeps room for
  its locomotives), which moves the shortest paths of the tickets through it.

Every candidate is measured exactly, from what it changes (:class:`_Scorer`): one ticket's
gap, two colors' tables, or the shortest paths of the tickets a route's new length can move
(on a board of 1,600 cities, 6,000 routes and 500 tickets, 48,000 candidates in about 3 s);
the tests hold it to measuring the whole edited board again (:func:`_score`).
The score is a :class:`RouteObjective`; :func:`plan_routes` is a greedy search of up to
``edits`` edits, deterministic (candidates in a fixed order, ties to the first).

Examples
--------
>>> from workbench import load_map
>>> found = plan_routes(load_map("maps/ticket_to_ride_europe.yaml"), edits=2)
>>> [str(s.edit) for s in found.steps]
['set London-Wien to 9 points (was 10)', 'set Athina-Edinburgh to 20 points (was 21)']
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import networkx as nx
import numpy as np

from workbench.analysis._search import Weights, plan_lines
from workbench.analysis.tickets import route_graph
from workbench.exceptions import MapError
from workbench.maps.routes import GRAY, Route, RouteBoard

__all__ = [
    "RecolorRoute",
    "RouteMeasures",
    "RouteObjective",
    "RoutePlan",
    "RouteStep",
    "SetRouteLength",
    "SetTicketPoints",
    "measure_routes",
    "plan_routes",
    "rank_route_edits",
]


@dataclass(frozen=True)
class RouteObjective(Weights):
    """What the route doctor minimises: ``tickets`` per point a ticket is off its shortest
    path (summed over tickets), ``color_cars`` per car between the card color holding the
    most cars and the one holding fewest, ``color_lengths`` per route in that spread for
    each length (summed over lengths), and ``edit`` per edit.

    Examples
    --------
    >>> RouteObjective.from_text("edit=1").edit
    1.0
    """

    tickets: float = 1.0
    color_cars: float = 0.5
    color_lengths: float = 0.25
    edit: float = 0.25

    def score(self, m: RouteMeasures, edits: int) -> float:
        """The score of a board's measures after ``edits`` edits.

        Examples
        --------
        >>> RouteObjective().score(RouteMeasures(3, 2, 4, 6), edits=0)
        6.5
        """
        return (
            self.tickets * m.ticket_points
            + self.color_cars * m.cars_spread
            + self.color_lengths * m.length_spread
            + self.edit * edits
        )


@dataclass(frozen=True)
class RouteMeasures:
    """``ticket_points``: the points by which tickets are off their shortest paths (summed),
    over ``tickets_off`` tickets; ``cars_spread``: the most cars a card color holds minus the
    fewest; ``length_spread``: for each route length, the most routes of it a card color has
    minus the fewest, summed over lengths (gray routes count for no color)."""

    ticket_points: float
    tickets_off: int
    cars_spread: int
    length_spread: int


def _paths(G: nx.Graph, board: RouteBoard) -> dict[str, float]:
    out: dict[str, float] = {}
    sources: dict[str, dict[str, float]] = {}
    for t in board.tickets:
        a, b = t.ends
        if a not in sources:
            sources[a] = nx.single_source_dijkstra_path_length(G, a, weight="weight")
        out[t.id] = sources[a].get(b, math.inf)
    return out


def _measures(board: RouteBoard, cars: dict[str, float]) -> RouteMeasures:
    off = [abs(t.points - cars[t.id]) for t in board.tickets]
    colors = [c for c in board.color_names if c != GRAY]
    lengths = sorted({r.length for r in board.routes})
    held = {c: 0 for c in colors}
    count = {(c, n): 0 for c in colors for n in lengths}
    for r in board.routes:
        if r.color in held:
            held[r.color] += r.length
            count[r.color, r.length] += 1
    cars_spread = max(held.values()) - min(held.values()) if held else 0
    length_spread = sum(
        max(count[c, n] for c in colors) - min(count[c, n] for c in colors) for n in lengths
    ) if colors else 0  # fmt: skip
    return RouteMeasures(float(sum(off)), sum(x > 0 for x in off), cars_spread, length_spread)


def measure_routes(board: RouteBoard) -> RouteMeasures:
    """What the route doctor measures of ``board``.

    Examples
    --------
    >>> from workbench import load_map
    >>> measure_routes(load_map("maps/ticket_to_ride_europe.yaml")).tickets_off
    2
    """
    return _measures(board, _paths(route_graph(board), board))


# ---------------------------------------------------------------------- edits


@dataclass(frozen=True)
class SetTicketPoints:
    """Ticket ``ticket`` scores ``points`` (it scored ``was``).

    Examples
    --------
    >>> str(SetTicketPoints("London-Wien", 10, 9))
    'set London-Wien to 9 points (was 10)'
    """

    ticket: str
    was: int
    points: int

    def apply(self, board: RouteBoard) -> RouteBoard:
        """The board with the ticket's points changed."""
        tickets = [replace(t, points=self.points) if t.id == self.ticket else t
                   for t in board.tickets]  # fmt: skip
        return board.replace(tickets=tuple(tickets))

    def __str__(self) -> str:
        return f"set {self.ticket} to {self.points} points (was {self.was})"


@dataclass(frozen=True)
class RecolorRoute:
    """Route ``route`` becomes ``color`` (it was ``was``).

    Examples
    --------
    >>> str(RecolorRoute("Paris-Wien", "red", "blue"))
    'make Paris-Wien blue (was red)'
    """

    route: str
    was: str
    color: str

    def apply(self, board: RouteBoard) -> RouteBoard:
        """The board with the route recolored."""
        return board.set_route(self.route, color=self.color)

    def __str__(self) -> str:
        return f"make {self.route} {self.color} (was {self.was})"


@dataclass(frozen=True)
class SetRouteLength:
    """Route ``route`` becomes ``length`` cars long (it was ``was``).

    Examples
    --------
    >>> str(SetRouteLength("Paris-Wien", 8, 6))
    'make Paris-Wien 6 cars long (was 8)'
    """

    route: str
    was: int
    length: int

    def apply(self, board: RouteBoard) -> RouteBoard:
        """The board with the route's length changed."""
        return board.set_route(self.route, length=self.length)

    def __str__(self) -> str:
        return f"make {self.route} {self.length} cars long (was {self.was})"


RouteEdit = SetTicketPoints | RecolorRoute | SetRouteLength


def _candidates(board: RouteBoard, cars: dict[str, float]) -> Iterator[RouteEdit]:
    for t in board.tickets:
        if math.isfinite(cars[t.id]) and t.points != cars[t.id]:
            yield SetTicketPoints(t.id, t.points, int(cars[t.id]))
    colors = [c for c in board.color_names if c != GRAY]
    lanes: dict[tuple[str, str], list[Route]] = {}
    for r in board.routes:  # the lanes of each pair, once (not a search of the routes a route)
        lanes.setdefault(r.ends, []).append(r)
    for r in board.routes:
        if r.color == GRAY:
            continue
        twins = {x.color for x in lanes[r.ends] if x.id != r.id}
        for c in colors:
            if c != r.color and c not in twins:
                yield RecolorRoute(r.id, r.color, c)
    printed = sorted(board.route_points)
    for r in board.routes:
        i = printed.index(r.length) if r.length in printed else None
        if i is None:
            continue
        for j in (i - 1, i + 1):
            if 0 <= j < len(printed) and printed[j] >= max(1, r.locomotives):
                yield SetRouteLength(r.id, r.length, printed[j])


def _score(
    board: RouteBoard, G: nx.Graph, cars: dict[str, float], edit: RouteEdit
) -> RouteMeasures:
    """The measures after ``edit``, without building the edited board where it is not
    needed (a recolor or a ticket's points leave every path as it is)."""
    if isinstance(edit, SetTicketPoints):
        tickets = tuple(replace(t, points=edit.points) if t.id == edit.ticket else t
                        for t in board.tickets)  # fmt: skip
        edited = replace(board, tickets=tickets)  # measured only: never handed out
        return _measures(edited, cars)
    if isinstance(edit, RecolorRoute):
        routes = tuple(replace(r, color=edit.color) if r.id == edit.route else r
                       for r in board.routes)  # fmt: skip
        return _measures(replace(board, routes=routes), cars)
    route = board.route(edit.route)
    a, b = route.ends
    H = G.copy()
    others = [x.length for x in board.routes_between(a, b) if x.id != route.id]
    H[a][b]["weight"] = min([edit.length, *others])
    routes = tuple(replace(r, length=edit.length) if r.id == edit.route else r
                   for r in board.routes)  # fmt: skip
    return _measures(replace(board, routes=routes), _paths(H, board))


_EXACT = 2**24
"""Sums of route lengths below this are exact in single-precision floats, which the
incremental scorer keeps its distances in: its shortest paths then equal networkx's (in
integers). Every legal board is far below it (at most 8 cars a route)."""

_TABLE = 2**26
"""The most distances (ticket ends times cities) the incremental scorer keeps: 256 MB.
A board that needs more is scored the plain way."""


class _Scorer:
    """The measures of ``board`` after any one candidate edit, found from what the edit
    changes; :func:`_score` (the plain method) measures the whole edited board again.

    - a ticket's points change that ticket's gap alone;
    - a recolor moves one route's cars and count from one color to another;
    - a route's new length changes its color's tables and the weight of its pair of cities
      (the shorter lane's length). A shorter pair shortens exactly the tickets for which a
      path through it beats their shortest path: with ``d`` the distances before the edit
      (one Dijkstra run from every ticket's end), the new distance is
      ``min(d(s, t), d(s, a) + w + d(b, t), d(s, b) + w + d(a, t))``. A longer pair
      changes only the tickets with a shortest path through it
      (``d(s, a) + w_old + d(b, t) == d(s, t)``, or the other way round); those are found
      again by Dijkstra on the edited graph, each run stopped at the longest distance
      such a ticket can reach, ``d(s, t) + w - w_old``.

    The distances come from :func:`scipy.sparse.csgraph.dijkstra` in floats; the board's
    lengths are whole numbers and their sums below :data:`_EXACT`, so they are the
    integers networkx finds (:attr:`usable` says whether the board allows it).
    """

    def __init__(self, board: RouteBoard, G: nx.Graph) -> None:
        self.board = board
        self.G = G
        nodes = list(G)
        self.index = index = {n: i for i, n in enumerate(nodes)}
        weights: list[Any] = [d["weight"] for _, _, d in G.edges(data=True)]
        self.usable = (
            all(type(w) is int and w >= 1 for w in weights)
            and sum(weights) < _EXACT
            and all(u != v for u, v in G.edges())
            and all(a in index and b in index for t in board.tickets for a, b in [t.ends])
            and all(type(t.points) is int for t in board.tickets)
            and len({x for t in board.tickets for x in t.ends}) * len(nodes) <= _TABLE
        )
        self.lanes: dict[tuple[str, str], list[Route]] = {}
        for r in board.routes:
            self.lanes.setdefault(r.ends, []).append(r)
        if not self.usable:
            self.cars = _paths(G, board)
        else:
            self._distances(nodes, weights)
        self._tables()

    def _distances(self, nodes: list[str], weights: list[Any]) -> None:
        from scipy.sparse import csr_array
        from scipy.sparse.csgraph import dijkstra

        self.dijkstra = dijkstra
        index, n = self.index, len(nodes)
        us = [index[u] for u, v in self.G.edges()]
        vs = [index[v] for u, v in self.G.edges()]
        ws = [float(w) for w in weights]
        graph = csr_array((ws + ws, (us + vs, vs + us)), shape=(n, n))
        graph.sort_indices()
        self.graph = graph
        tickets = self.board.tickets
        ends = sorted({index[x] for t in tickets for x in t.ends})
        row = {node: k for k, node in enumerate(ends)}
        self.D = np.zeros((len(ends), n), dtype=np.float32)
        for at in range(0, len(ends), 256):  # in blocks: scipy's own table is in doubles
            block = ends[at : at + 256]
            self.D[at : at + len(block)] = dijkstra(graph, directed=True, indices=block)
        self.src = np.array([row[index[t.ends[0]]] for t in tickets], dtype=np.intp)
        self.dst = np.array([row[index[t.ends[1]]] for t in tickets], dtype=np.intp)
        self.dst_node = np.array([index[t.ends[1]] for t in tickets], dtype=np.intp)
        self.src_node = np.array([index[t.ends[0]] for t in tickets], dtype=np.intp)
        self.d = self.D[self.src, self.dst_node]
        self.cars = {t.id: _car(x) for t, x in zip(tickets, self.d.tolist(), strict=True)}
        self._moved: dict[tuple[tuple[str, str], int], dict[int, float]] = {}

    def _tables(self) -> None:
        board = self.board
        self.off = [abs(t.points - self.cars[t.id]) for t in board.tickets]
        self.by_id: dict[str, list[int]] = {}
        for i, t in enumerate(board.tickets):
            self.by_id.setdefault(t.id, []).append(i)
        self.colors = [c for c in board.color_names if c != GRAY]
        self.held = {c: 0 for c in self.colors}
        self.count: dict[tuple[str, int], int] = {}
        for r in board.routes:
            if r.color in self.held:
                self.held[r.color] += r.length
                key = (r.color, r.length)
                self.count[key] = self.count.get(key, 0) + 1
        self.start = _measures(board, self.cars)

    def _spread(self, count: dict[tuple[str, int], int], n: int) -> int:
        if not self.colors:
            return 0
        got = [count.get((c, n), 0) for c in self.colors]
        return max(got) - min(got)

    def _colors(self, route: Route, color: str, length: int) -> tuple[int, int]:
        """The cars and length spreads once ``route`` is ``color`` and ``length`` long."""
        held, count = dict(self.held), dict(self.count)
        if route.color in held:
            held[route.color] -= route.length
            key = (route.color, route.length)
            count[key] -= 1
        if color in held:
            held[color] += length
            count[color, length] = count.get((color, length), 0) + 1
        cars = max(held.values()) - min(held.values()) if held else 0
        lengths = {route.length, length}
        spread = self.start.length_spread + sum(
            self._spread(count, n) - self._spread(self.count, n) for n in lengths
        )
        return cars, spread

    def _tickets(self, changed: dict[int, float], points: dict[int, int]) -> tuple[float, int]:
        off = list(self.off)
        tickets = self.board.tickets
        for i, cars in changed.items():
            off[i] = abs(tickets[i].points - cars)
        for i, p in points.items():
            off[i] = abs(p - self.cars[tickets[i].id])
        return float(sum(off)), sum(x > 0 for x in off)

    def _moved_tickets(self, route: Route, length: int) -> dict[int, float]:
        """The tickets whose shortest path changes when ``route`` is ``length`` long, with
        their new shortest paths."""
        a, b = route.ends
        others = [x.length for x in self.lanes[route.ends] if x.id != route.id]
        old, new = self.G[a][b]["weight"], min([length, *others])
        if new == old or not len(self.d):
            return {}
        key = (route.ends, new)
        if key in self._moved:
            return self._moved[key]
        ia, ib = self.index[a], self.index[b]
        D, src, dst, d = self.D, self.src, self.dst, self.d
        changed: dict[int, float] = {}
        if new < old:
            via = np.minimum(D[src, ia] + new + D[dst, ib], D[src, ib] + new + D[dst, ia])
            for i in np.flatnonzero(via < d).tolist():
                changed[i] = _car(float(via[i]))
        else:
            on = (D[src, ia] + old + D[dst, ib] == d) | (D[src, ib] + old + D[dst, ia] == d)
            hit = np.flatnonzero(on & np.isfinite(d))
            if len(hit):
                changed = self._again(hit, ia, ib, float(new), float(new - old))
        self._moved[key] = changed
        return changed

    def _again(self, hit: np.ndarray, ia: int, ib: int, w: float, grow: float) -> dict[int, float]:
        """The new shortest paths of tickets ``hit`` once the pair ``ia``-``ib`` is ``w``
        long (``grow`` longer than it was): Dijkstra on the edited graph, kept to the cities
        such a path can pass. A path of at most ``d(s, t) + grow`` cars passes only cities
        ``u`` with ``d(s, u) + d(u, t) <= d(s, t) + grow`` (distances before the edit, which
        are no longer than after), and the old shortest path is such a path; so the
        search among those cities finds the new shortest path exactly."""
        D, d = self.D, self.d
        reach = D[self.src[hit]] + D[self.dst[hit]] <= (d[hit] + grow)[:, None]
        nodes = np.flatnonzero(reach.any(axis=0))
        graph = self.graph
        spots = [self._spot(ia, ib), self._spot(ib, ia)]
        kept = graph.data[spots].copy()
        graph.data[spots] = w
        try:
            near = graph[nodes][:, nodes]
        finally:
            graph.data[spots] = kept
        sources = np.unique(self.src_node[hit])
        far = self.dijkstra(
            near,
            directed=True,
            indices=np.searchsorted(nodes, sources),
            limit=float(d[hit].max() + grow) + 0.5,
        )
        at = {int(x): k for k, x in enumerate(sources.tolist())}
        ends = np.searchsorted(nodes, self.dst_node[hit])
        changed = {}
        for i, end in zip(hit.tolist(), ends.tolist(), strict=True):
            cars = float(far[at[int(self.src_node[i])], end])
            if cars != d[i]:
                changed[i] = _car(cars)
        return changed

    def _spot(self, i: int, j: int) -> int:
        graph = self.graph
        lo, hi = graph.indptr[i], graph.indptr[i + 1]
        return int(lo + np.searchsorted(graph.indices[lo:hi], j))

    def measures(self, edit: RouteEdit) -> RouteMeasures:
        """The measures of the board after ``edit`` (as :func:`_score` finds them)."""
        if not self.usable:
            return _score(self.board, self.G, self.cars, edit)
        s = self.start
        if isinstance(edit, SetTicketPoints):
            points = {i: edit.points for i in self.by_id.get(edit.ticket, [])}
            return RouteMeasures(*self._tickets({}, points), s.cars_spread, s.length_spread)
        route = self.board.route(edit.route)
        if isinstance(edit, RecolorRoute):
            cars, spread = self._colors(route, edit.color, route.length)
            return RouteMeasures(s.ticket_points, s.tickets_off, cars, spread)
        cars, spread = self._colors(route, route.color, edit.length)
        moved = self._moved_tickets(route, edit.length)
        if not moved:
            return RouteMeasures(s.ticket_points, s.tickets_off, cars, spread)
        return RouteMeasures(*self._tickets(moved, {}), cars, spread)


def _car(x: float) -> float:
    """A distance as networkx gives it: an integer, or ``math.inf`` when there is none."""
    return int(x) if math.isfinite(x) else math.inf


@dataclass(frozen=True)
class RouteStep:
    """One edit of a route plan with the board it makes and its measured effect."""

    edit: RouteEdit
    board: RouteBoard
    before: RouteMeasures
    after: RouteMeasures
    score_before: float
    score_after: float

    def effect(self) -> str:
        """The edit and what it did, in words.

        Examples
        --------
        >>> from workbench import load_map
        >>> step = plan_routes(load_map("maps/ticket_to_ride_europe.yaml"), edits=1).steps[0]
        >>> print(step.effect())
        set London-Wien to 9 points (was 10): tickets off their shortest path 2 -> 1 (2 -> 1 points)
        """
        b, a = self.before, self.after
        words = []
        if (b.tickets_off, b.ticket_points) != (a.tickets_off, a.ticket_points):
            words.append(
                f"tickets off their shortest path {b.tickets_off} -> {a.tickets_off} "
                f"({b.ticket_points:g} -> {a.ticket_points:g} points)"
            )
        if b.cars_spread != a.cars_spread:
            words.append(f"cars per color spread {b.cars_spread} -> {a.cars_spread}")
        if b.length_spread != a.length_spread:
            words.append(f"routes per color and length spread {b.length_spread} -> "
                         f"{a.length_spread}")  # fmt: skip
        return f"{self.edit}: " + (", ".join(words) or "no measure changed")


@dataclass(frozen=True)
class RoutePlan:
    """The route doctor's plan (as :class:`~workbench.analysis.doctor.Plan`)."""

    original: RouteBoard
    board: RouteBoard
    steps: tuple[RouteStep, ...]
    start: RouteMeasures
    candidates: int
    seconds: float
    stopped: bool = False

    def text(self) -> str:
        """The plan as the command line prints it."""
        end = self.steps[-1].after if self.steps else self.start
        out = plan_lines(
            f"{self.original.name}: ",
            [step.effect() for step in self.steps],
            self.candidates,
            self.seconds,
            self.stopped,
        )
        s = self.start
        out.append(
            f"tickets off their shortest path: {s.tickets_off} -> {end.tickets_off}; cars per "
            f"color spread {s.cars_spread} -> {end.cars_spread}; routes per color and length "
            f"spread {s.length_spread} -> {end.length_spread}"
        )
        return "\n".join(out)


def plan_routes(
    board: RouteBoard,
    objective: RouteObjective | None = None,
    edits: int = 5,
    stop: Callable[[], bool] | None = None,
) -> RoutePlan:
    """The best sequence of up to ``edits`` edits of a route board, greedy; ``stop`` (asked
    between candidates) or Ctrl-C ends the search with the plan so far.

    Examples
    --------
    >>> from workbench import load_map
    >>> found = plan_routes(load_map("maps/ticket_to_ride_europe.yaml"), edits=3)
    >>> found.start.tickets_off, found.steps[-1].after.tickets_off
    (2, 0)
    """
    objective = objective or RouteObjective()
    started = time.perf_counter()
    scorer = _Scorer(board, route_graph(board))
    start = scorer.start
    current, score = board, objective.score(start, 0)
    steps: list[RouteStep] = []
    scored = 0
    stopped = False
    try:
        for round_ in range(edits):
            best: tuple[float, RouteEdit, RouteMeasures] | None = None
            for edit in _candidates(current, scorer.cars):
                m = scorer.measures(edit)
                scored += 1
                if stop is not None and stop():
                    raise KeyboardInterrupt
                s = objective.score(m, round_ + 1)
                if s < score - 1e-9 and (best is None or s < best[0] - 1e-9):
                    best = (s, edit, m)
            if best is None:
                break
            s, edit, m = best
            try:
                new = edit.apply(current)
            except MapError:
                break
            before = steps[-1].after if steps else start
            steps.append(RouteStep(edit, new, before, m, score, s))
            current, score = new, s
            scorer = _Scorer(current, route_graph(current))
    except KeyboardInterrupt:
        stopped = True
    return RoutePlan(board, current, tuple(steps), start, scored,
                     time.perf_counter() - started, stopped)  # fmt: skip


def rank_route_edits(
    board: RouteBoard, objective: RouteObjective | None = None, top: int | None = None
) -> list[tuple[float, RouteEdit]]:
    """Every single edit the route doctor would try on ``board``, scored by ``objective``
    and ranked best first (ties in the candidates' fixed order), the ``top`` first.

    The play doctor (:mod:`workbench.sim.doctor`) takes these as its candidates, the exact
    cost measures as a cheap pre-filter before simulated games.

    Examples
    --------
    >>> from workbench import load_map
    >>> ranked = rank_route_edits(load_map("maps/ticket_to_ride_europe.yaml"), top=2)
    >>> [str(edit) for _, edit in ranked]
    ['set London-Wien to 9 points (was 10)', 'set Athina-Edinburgh to 20 points (was 21)']
    """
    objective = objective or RouteObjective()
    scorer = _Scorer(board, route_graph(board))
    scored = [
        (objective.score(scorer.measures(edit), 1), i, edit)
        for i, edit in enumerate(_candidates(board, scorer.cars))
    ]
    scored.sort(key=lambda t: (round(t[0], 9), t[1]))
    return [(score, edit) for score, _, edit in scored[:top]]
