"""A route board's ceiling: the most one player could score alone with a number of cars.

The player claims routes (one lane of a double at most: a player never holds both), pays
their length in cars out of a budget, scores each route's printed points, and scores the
points of every ticket whose two cities its routes join. Nobody else plays, nothing is drawn
from a deck: the ceiling is what the board itself allows, an upper bound on any real game's
score with those cars (and the tickets chosen are the best a player could wish to be dealt).
It is a prize-collecting budgeted Steiner forest (the points of a ticket are a prize for
joining its cities), NP-hard like the Steiner tree it contains, and small enough on a
published board to be solved exactly.

Two models and their exact methods (``method=``):

``"tree"`` (the default): one network
    The plans whose scored tickets all lie in one connected network, plus any other routes
    claimed for their points alone. A mixed-integer program solved by HiGHS through
    :func:`scipy.optimize.milp`: the network is a tree rooted at its first city, its
    routes oriented away from the root, and a city belongs to it only if every cut around
    the city lets a whole unit in from the root (directed cuts, separated by minimum cuts,
    first on the relaxation, then on each integer plan until none is broken). The rooted
    cuts are what makes it fast enough: the undirected models below let the relaxation
    claim half of every route on a cycle through all the tickets' cities, which joins any
    two of them by a whole unit (on the original board at 40 cars, a bound of 300 and more
    where the best plan known scores 248), and no oriented tree can do that.
``"flow"``, ``"cut"``, ``"brute"``: any forest
    Every plan, with the scored tickets in as many networks as it likes. ``"flow"``: one
    MILP, a binary per city pair split into a forest part and an extra part, a unit of
    flow per ticket over the forest (arcs no path within the budget could use are left
    out), subtour and Steiner partition cuts on the relaxation. ``"cut"``: the same with
    the tickets joined by cuts ``y_t <= x(delta(S))`` generated lazily (the last plan is
    feasible for the whole model and optimal for a relaxation of it, so it is optimal).
    ``"brute"``: every set of city pairs within the budget, each scored with a
    union-find (at most 22 pairs); ``"brute_tree"`` the same for the one-network model.
    These are exact but, on a published board at 40 cars and more, the relaxation is too
    weak for HiGHS to close the gap in minutes; on small boards and small budgets they are
    the tests' references.

Why not the forest model by default: on the shipped boards every budget of 40 to 50 cars
is proven in the one-network model in seconds, while the forest models run past minutes.
A plan with two separate ticket networks is allowed by the one-network model only as one
network plus routes that score their points; ``Ceiling.model`` says which model a value
belongs to, and the score printed is the plan's real score (every ticket it completes).

References
----------
E. J. Schaefer and A. J. Schaefer, "Maximizing the Score in Ticket to Ride", 2025,
arXiv:2511.08441 (the ceiling as a mixed-integer program, read for balance advice).
T. L. Magnanti and L. A. Wolsey, "Optimal trees", in Handbooks in Operations Research and
Management Science 7 (1995) 503-615, doi:10.1016/S0927-0507(05)80126-4 (flow and cut
formulations of network design, and why their relaxations agree).

Examples
--------
>>> from workbench import load_map
>>> usa = load_map("maps/ticket_to_ride_usa.yaml")
>>> best = ceiling(usa, 45)
>>> best.score, best.proven, best.cars_used <= 45
(..., True, True)
>>> best.score == best.route_points + best.ticket_points
True
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import networkx as nx
import numpy as np

from workbench.exceptions import WorkbenchError
from workbench.maps.routes import RouteBoard, Ticket

if TYPE_CHECKING:
    import pandas as pd
    from scipy.optimize import OptimizeResult

__all__ = [
    "METHODS",
    "Ceiling",
    "CeilingBalance",
    "CeilingError",
    "ceiling",
    "ceiling_balance",
    "ceilings",
    "forest_cars",
]

Method = Literal["tree", "flow", "cut", "brute", "brute_tree"]
METHODS: tuple[str, ...] = ("tree", "flow", "cut", "brute", "brute_tree")
"""The exact methods, by name: the one-network MILP (the default), a flow MILP and a cut MILP
for any forest, and enumeration of either model."""

BRUTE_LIMIT = 22
"""The most city pairs ``method="brute"`` enumerates (2**22 sets)."""


class CeilingError(WorkbenchError, ValueError):
    """A ceiling asked with a bad budget, ticket, route or method: which, and what to use."""


@dataclass(frozen=True)
class _Pair:
    ends: tuple[str, str]
    length: int
    points: int
    route: str  # the lane a plan claims (the first one open)


@dataclass(frozen=True)
class _Problem:
    pairs: tuple[_Pair, ...]
    tickets: tuple[Ticket, ...]
    cities: tuple[str, ...]


def _problem(
    board: RouteBoard,
    tickets: Iterable[Ticket | str] | None,
    claimed: Iterable[str],
    players: int,
    double_min_players: int,
) -> _Problem:
    taken = set()
    for rid in claimed:
        try:
            taken.add(board.route(rid).id)
        except KeyError as e:
            raise CeilingError(f"{e.args[0]} (claimed=: give route ids such as 'A-B#2')") from None
    lanes: dict[tuple[str, str], list[str]] = {}
    for r in board.routes:
        lanes.setdefault(r.ends, []).append(r.id)
    pairs = []
    for ends, ids in lanes.items():
        open_ = [i for i in ids if i not in taken]
        if not open_ or (len(open_) < len(ids) and players < double_min_players):
            continue  # gone, or a double closed by its other lane at a small table
        r = board.route(open_[0])
        pairs.append(_Pair(ends, r.length, board.claim_points(r), r.id))
    by_id = {t.id: t for t in board.tickets}
    if tickets is None:
        chosen = list(board.tickets)
    else:
        chosen = []
        for t in tickets:
            key = t.id if isinstance(t, Ticket) else "-".join(sorted(str(t).split("-", 1)))
            if key not in by_id:
                raise CeilingError(f"no ticket {t!r} on board {board.name!r} (use ids 'A-B')")
            chosen.append(by_id[key])
    return _Problem(tuple(pairs), tuple(chosen), tuple(c.name for c in board.cities))


@dataclass(frozen=True)
class Ceiling:
    """The best score one player can reach alone with ``cars`` cars, and a plan reaching it.

    ``routes`` are the route ids claimed (one lane per pair), ``tickets`` the tickets the
    routes complete and score; ``score`` is ``route_points + ticket_points + bonus``.
    ``proven`` says the solver proved it optimal; ``bound`` is the best bound it proved
    (equal to ``score`` when proven). Display it in a notebook to see the plan on the board.
    """

    board: RouteBoard = field(repr=False, compare=False)
    cars: int
    score: int
    route_points: int
    ticket_points: int
    bonus: int
    routes: tuple[str, ...]
    tickets: tuple[str, ...]
    cars_used: int
    proven: bool
    bound: float
    method: str
    seconds: float = field(compare=False)

    @property
    def model(self) -> str:
        """``"one network"`` (methods ``tree`` and ``brute_tree``) or ``"any forest"``."""
        return "one network" if self.method in ("tree", "brute_tree") else "any forest"

    def summary(self) -> str:
        """One paragraph in words.

        Examples
        --------
        >>> print(ceiling(_demo(), 3).summary())
        Demo, 3 cars: 8 points proven optimal (routes 3, tickets 5); 3 cars on 2 routes: ...
        """
        how = "proven optimal" if self.proven else f"best found (bound {self.bound:g})"
        extra = f", longest path {self.bonus}" if self.bonus else ""
        return (
            f"{self.board.name}, {self.cars} cars: {self.score} points {how} (routes "
            f"{self.route_points}, tickets {self.ticket_points}{extra}); {self.cars_used} cars "
            f"on {len(self.routes)} routes: {', '.join(self.routes) or 'none'}; tickets: "
            f"{', '.join(self.tickets) or 'none'} ({self.model}, {self.seconds:.2f} s)"
        )

    def _repr_html_(self) -> str:
        from workbench.ui.ceiling import ceiling_html  # noqa: TID251 - lazy drawing

        return ceiling_html(self)


def _demo() -> RouteBoard:
    """A four-city board for examples: a square with one diagonal and two tickets."""
    from workbench.maps.routes import Route, RouteCity

    return RouteBoard(
        name="Demo",
        cities=tuple(RouteCity(n, at) for n, at in (("A", (0, 0)), ("B", (2, 0)),
                                                     ("C", (2, 2)), ("D", (0, 2)))),
        routes=(
            Route(("A", "B"), 1, "red"), Route(("B", "C"), 2, "blue"),
            Route(("C", "D"), 1, "gray"), Route(("A", "D"), 3, "green"),
        ),
        tickets=(Ticket(("A", "C"), 4), Ticket(("B", "D"), 5)),
    )  # fmt: skip


def _check_cars(cars: int) -> int:
    if isinstance(cars, bool) or not isinstance(cars, (int, np.integer)) or cars < 0:
        raise CeilingError(f"cars is {cars!r}: use a whole number of cars, 0 or more")
    return int(cars)


def ceiling(
    board: RouteBoard,
    cars: int | None = None,
    *,
    tickets: Iterable[Ticket | str] | None = None,
    claimed: Iterable[str] = (),
    players: int = 2,
    double_min_players: int = 4,
    longest_bonus: int = 0,
    method: Method = "tree",
    time_limit: float = 120.0,
) -> Ceiling:
    """The exact ceiling of ``board`` for one player with ``cars`` cars (the deck's by default).

    Parameters
    ----------
    board : RouteBoard
        The board (its printed route points: ``board.route_points``).
    cars : int, optional
        The budget of cars; ``board.deck.cars`` (45) when left out.
    tickets : iterable of Ticket or str, optional
        Only these tickets may score (the ones a player was dealt, as ids ``"A-B"``); every
        ticket of the board by default.
    claimed : iterable of str
        Route ids already claimed by others: gone. At a table of fewer than
        ``double_min_players`` the other lane of such a double is closed too.
    players, double_min_players : int
        The table's size and the size from which both lanes of a double are open (4).
    longest_bonus : int
        The longest-path bonus to add. Alone, the player holds the longest path as soon as
        it claims a route, so the bonus is added to every plan with one (10 in the rules).
    method : {"flow", "cut", "brute"}
        How to solve it (see the module's notes); each is exact.
    time_limit : float
        Seconds the MILP may take; past them the best plan found is returned with
        ``proven=False`` and the bound proved so far.

    Returns
    -------
    Ceiling

    Raises
    ------
    CeilingError
        For a negative budget, an unknown ticket, route or method, or a board too big to
        enumerate.

    Examples
    --------
    >>> best = ceiling(_demo(), 3)
    >>> best.score, best.routes, best.tickets
    (8, ('B-C', 'C-D'), ('B-D',))
    >>> [ceiling(_demo(), 3, method=m).score for m in ("flow", "cut", "brute")]
    [8, 8, 8]
    >>> ceiling(_demo(), 4, tickets=["D-B"]).tickets
    ('B-D',)
    >>> ceiling(_demo(), 3, claimed=["B-C"]).routes
    ('A-D',)
    """
    budget = _check_cars(board.deck.cars if cars is None else cars)
    if method not in METHODS:
        raise CeilingError(f"no method {method!r}: use one of {', '.join(METHODS)}")
    problem = _problem(board, tickets, claimed, players, double_min_players)
    start = time.perf_counter()
    if method in ("brute", "brute_tree"):
        chosen, bound, proven = _brute(problem, budget, one=method == "brute_tree")
    elif method == "tree":
        chosen, bound, proven = _tree_value(problem, budget, time_limit)
    else:
        chosen, bound, proven = _milp(problem, budget, method, time_limit)
    seconds = time.perf_counter() - start
    pairs = [problem.pairs[i] for i in chosen]
    done = _completed(problem, pairs)
    route_points = sum(p.points for p in pairs)
    ticket_points = sum(t.points for t in done)
    bonus = longest_bonus if pairs else 0
    score = route_points + ticket_points + bonus
    return Ceiling(
        board=board,
        cars=budget,
        score=score,
        route_points=route_points,
        ticket_points=ticket_points,
        bonus=bonus,
        routes=tuple(sorted(p.route for p in pairs)),
        tickets=tuple(sorted(t.id for t in done)),
        cars_used=sum(p.length for p in pairs),
        proven=proven and score >= bound - 1e-6,
        bound=float(score) if proven else max(float(bound) + (bonus if pairs else 0), score),
        method=method,
        seconds=seconds,
    )


def ceilings(
    board: RouteBoard, cars: Iterable[int] = range(40, 51), **options: object
) -> list[Ceiling]:
    """:func:`ceiling` for every budget in ``cars`` (40 to 50 by default).

    Examples
    --------
    >>> [c.score for c in ceilings(_demo(), range(0, 5))]
    [0, 1, 2, 8, 13]
    """
    return [ceiling(board, n, **options) for n in cars]  # type: ignore[arg-type]


def _completed(problem: _Problem, pairs: Sequence[_Pair]) -> list[Ticket]:
    G: nx.Graph[str] = nx.Graph()
    G.add_nodes_from(problem.cities)
    G.add_edges_from(p.ends for p in pairs)
    comp = {n: i for i, c in enumerate(nx.connected_components(G)) for n in c}
    return [t for t in problem.tickets if comp[t.ends[0]] == comp[t.ends[1]]]


def _brute(problem: _Problem, budget: int, one: bool = False) -> tuple[list[int], float, bool]:
    n = len(problem.pairs)
    if n > BRUTE_LIMIT:
        raise CeilingError(
            f"method 'brute' enumerates at most {BRUTE_LIMIT} city pairs; this board has {n} "
            "(use method='flow' or 'cut')"
        )
    index = {c: i for i, c in enumerate(problem.cities)}
    ends = [(index[p.ends[0]], index[p.ends[1]]) for p in problem.pairs]
    best: tuple[int, list[int]] = (-1, [])
    for size in range(n + 1):
        for subset in itertools.combinations(range(n), size):
            if sum(problem.pairs[i].length for i in subset) > budget:
                continue
            parent = list(range(len(index)))

            for i in subset:
                a, b = ends[i]
                parent[_find(parent, a)] = _find(parent, b)
            held: dict[int, int] = {}
            for t in problem.tickets:
                root = _find(parent, index[t.ends[0]])
                if root == _find(parent, index[t.ends[1]]):
                    held[root] = held.get(root, 0) + t.points
            tickets = max(held.values(), default=0) if one else sum(held.values())
            score = sum(problem.pairs[i].points for i in subset) + tickets
            if score > best[0]:
                best = (score, list(subset))
    return best[1], float(best[0]), True


def _find(parent: list[int], a: int) -> int:
    """The representative of ``a`` in a union-find forest (with path halving)."""
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a


def _distances(problem: _Problem) -> dict[str, dict[str, float]]:
    G: nx.Graph[str] = nx.Graph()
    G.add_nodes_from(problem.cities)
    for p in problem.pairs:
        G.add_edge(*p.ends, weight=p.length)
    return {n: dict(d) for n, d in nx.all_pairs_dijkstra_path_length(G, weight="weight")}


class _Model:
    """The MILP: rows kept as triplets so that cuts can be added between solves.

    Variables: ``x`` (a pair claimed as part of the plan's spanning forest, which the
    tickets' connections use), ``w`` (a pair claimed for its points only: any plan is a
    forest plus such extra routes, so splitting them changes no plan's score), ``y`` (a
    ticket scored), ``z`` (a city touched by the forest) and, for ``"flow"``, the tickets'
    flows. The generalized subtour cuts ``x(E(S)) <= z(S) - z(k)`` (Lucena and Resende)
    keep ``x`` a forest; they are not needed for exactness (a forest with a cycle has an
    equal plan without) but they remove the relaxation's favourite cheat, half of every
    route on a cycle through all the tickets' cities, which carries a whole unit of flow
    between any two of them.
    """

    def __init__(self, problem: _Problem, budget: int, method: str) -> None:
        self.problem, self.budget, self.method = problem, budget, method
        pairs, tickets = problem.pairs, problem.tickets
        P, T, N = len(pairs), len(tickets), len(problem.cities)
        self.P, self.T, self.N = P, T, N
        self.city = {c: i for i, c in enumerate(problem.cities)}
        self.rows: list[int] = []
        self.cols: list[int] = []
        self.vals: list[float] = []
        self.lo: list[float] = []
        self.hi: list[float] = []
        self.cuts: set[tuple[int, ...]] = set()
        dist = _distances(problem)
        inf = float("inf")
        self.reach = [dist[t.ends[0]].get(t.ends[1], inf) <= budget for t in tickets]
        self.n = 2 * P + T + N
        X, W, Z = 0, P, 2 * P + T
        self.x, self.w, self.y, self.z = X, W, 2 * P, Z
        self.add(
            [*((X + i, float(p.length)) for i, p in enumerate(pairs)),
             *((W + i, float(p.length)) for i, p in enumerate(pairs))],
            -inf, float(budget),
        )  # fmt: skip
        self.incident: list[list[int]] = [[] for _ in range(N)]
        for i, p in enumerate(pairs):
            self.add([(X + i, 1.0), (W + i, 1.0)], -inf, 1.0)
            for c in p.ends:
                v = self.city[c]
                self.incident[v].append(i)
                self.add([(X + i, 1.0), (Z + v, -1.0)], -inf, 0.0)
        for v in range(N):
            self.add([(Z + v, 1.0), *((X + i, -1.0) for i in self.incident[v])], -inf, 0.0)
        for t, ticket in enumerate(tickets):
            for c in ticket.ends:  # a scored ticket's cities are in the forest
                self.add([(2 * P + t, 1.0), (Z + self.city[c], -1.0)], -inf, 0.0)
        if method == "flow":
            self._flows(dist)
        else:
            for t, ticket in enumerate(tickets):
                for c in ticket.ends:
                    self._cut(t, {self.city[c]})
        self.cost = np.zeros(self.n)
        self.cost[X : X + P] = [-p.points for p in pairs]
        self.cost[W : W + P] = [-p.points for p in pairs]
        self.cost[2 * P : 2 * P + T] = [-t.points for t in tickets]

    def add(self, entries: Iterable[tuple[int, float]], low: float, high: float) -> None:
        r = len(self.lo)
        for c, v in entries:
            self.rows.append(r)
            self.cols.append(c)
            self.vals.append(v)
        self.lo.append(low)
        self.hi.append(high)

    def _flows(self, dist: dict[str, dict[str, float]]) -> None:
        inf = float("inf")
        pairs, tickets = self.problem.pairs, self.problem.tickets
        sources = _sources(tickets, self.reach)
        # each source city orients the forest away from itself: every city has at most one
        # route coming in (none at the source), and its tickets' flows follow the arrows
        arc: dict[tuple[str, int, int], int] = {}
        for sigma in dict.fromkeys(sources.values()):
            into: dict[str, list[tuple[int, float]]] = {}
            for i, p in enumerate(pairs):
                a, b = p.ends
                both = []
                for k, (_u, v) in enumerate(((a, b), (b, a))):
                    if v == sigma:
                        continue
                    arc[sigma, i, k] = self.n
                    both.append((self.n, 1.0))
                    into.setdefault(v, []).append((self.n, 1.0))
                    self.n += 1
                self.add([*both, (self.x + i, -1.0)], -inf, 0.0)
            for city, entries in into.items():
                self.add([*entries, (self.z + self.city[city], -1.0)], -inf, 0.0)
        for t, ticket in enumerate(tickets):
            if not self.reach[t]:
                continue
            s = sources[t]
            d = ticket.ends[1] if ticket.ends[0] == s else ticket.ends[0]
            ds, dd = dist[s], dist[d]
            balance: dict[str, list[tuple[int, float]]] = {}
            for i, p in enumerate(pairs):
                a, b = p.ends
                for k, (u, v) in enumerate(((a, b), (b, a))):
                    # can a path within the budget use u -> v?
                    if (s, i, k) not in arc or ds.get(u, inf) + p.length + dd.get(
                        v, inf
                    ) > self.budget:
                        continue
                    self.add([(self.n, 1.0), (arc[s, i, k], -1.0)], -inf, 0.0)
                    balance.setdefault(u, []).append((self.n, 1.0))
                    balance.setdefault(v, []).append((self.n, -1.0))
                    self.n += 1
            if s not in balance or d not in balance:
                self.reach[t] = False
                continue
            for city, entries in balance.items():
                sign = 1.0 if city == s else -1.0 if city == d else 0.0
                self.add([*entries, *([(self.y + t, -sign)] if sign else [])], 0.0, 0.0)

    def _cut(self, t: int, side: set[int]) -> bool:
        """``y_t <= x(delta(side))``; False when it is there already."""
        crossing = tuple(
            i
            for i, p in enumerate(self.problem.pairs)
            if (self.city[p.ends[0]] in side) != (self.city[p.ends[1]] in side)
        )
        key = (-1 - t, *crossing)
        if key in self.cuts:
            return False
        self.cuts.add(key)
        self.add([(self.y + t, 1.0), *((self.x + i, -1.0) for i in crossing)], -np.inf, 0.0)
        return True

    def _gsec(self, side: set[int], k: int) -> bool:
        """``x(E(side)) <= z(side) - z(k)``; False when it is there already."""
        inside = tuple(
            i
            for i, p in enumerate(self.problem.pairs)
            if self.city[p.ends[0]] in side and self.city[p.ends[1]] in side
        )
        key = (k, *sorted(side), -1, *inside)
        if key in self.cuts:
            return False
        self.cuts.add(key)
        self.add(
            [*((self.x + i, 1.0) for i in inside),
             *((self.z + v, -1.0) for v in side if v != k)],
            -np.inf, 0.0,
        )  # fmt: skip
        return True

    def solve(self, relax: bool, time_limit: float) -> OptimizeResult:
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_array

        matrix = coo_array(
            (self.vals, (self.rows, self.cols)), shape=(len(self.lo), self.n)
        ).tocsr()
        integrality = np.zeros(self.n)
        if not relax:
            integrality[: 2 * self.P + self.T] = 1
        upper = np.ones(self.n)
        for t in range(self.T):
            if not self.reach[t]:
                upper[self.y + t] = 0.0
        return milp(
            self.cost,
            constraints=LinearConstraint(matrix, np.array(self.lo), np.array(self.hi)),
            integrality=integrality,
            bounds=Bounds(np.zeros(self.n), upper),
            options={"disp": False, "time_limit": max(time_limit, 0.01), "mip_rel_gap": 0.0},
        )

    def _partitions(self, x: np.ndarray, y: np.ndarray, ends: list[tuple[int, int]]) -> int:
        """Steiner partition cuts: for a partition of the cities and tickets ``F`` forming a
        forest between its parts, the forest's routes across parts are at least the scored
        tickets of ``F`` (each scored one merges two groups of parts, and merging needs a
        route). Partitions tried: single cities, and the groups the routes above a
        threshold join."""
        added = 0
        tickets = self.problem.tickets
        order = sorted(range(self.T), key=lambda t: -y[t])
        for threshold in (2.0, 0.99, 0.7, 0.5, 0.3):
            parent = list(range(self.N))

            for i, (a, b) in enumerate(ends):
                if x[i] >= threshold:
                    parent[_find(parent, a)] = _find(parent, b)
            part = [_find(parent, v) for v in range(self.N)]
            crossing = [i for i, (a, b) in enumerate(ends) if part[a] != part[b]]
            merge = list(part)

            forest = []
            for t in order:
                if y[t] <= 1e-6:
                    break
                a, b = (_find(merge, part[self.city[c]]) for c in tickets[t].ends)
                if a != b:
                    merge[a] = b
                    forest.append(t)
            if sum(y[t] for t in forest) - sum(x[i] for i in crossing) > 1e-4:
                key = (-(10**6), *forest, -1, *crossing)
                if key not in self.cuts:
                    self.cuts.add(key)
                    self.add(
                        [*((self.y + t, 1.0) for t in forest),
                         *((self.x + i, -1.0) for i in crossing)],
                        -np.inf, 0.0,
                    )  # fmt: skip
                    added += 1
        return added

    def separate(self, values: np.ndarray, integral: bool) -> int:
        """Add the subtour cuts (and for ``"cut"`` the connection cuts) ``values`` break."""
        eps = 1e-6
        P, N = self.P, self.N
        x = values[self.x : self.x + P]
        z = values[self.z : self.z + N]
        added = 0
        pairs = self.problem.pairs
        ends = [(self.city[p.ends[0]], self.city[p.ends[1]]) for p in pairs]
        # x(E(S)) - z(S) + z(k) > 0 for some S holding k: min over S of z(S) - x(E(S)),
        # that is sum of (z_v - deg_v / 2) over S plus x(delta(S)) / 2, is a minimum cut
        weight = [z[v] - sum(x[i] for i in self.incident[v]) / 2 for v in range(N)]
        support = [v for v in range(N) if z[v] > eps]
        for k in support:
            G: nx.DiGraph[int] = nx.DiGraph()
            G.add_nodes_from([-1, -2, *range(N)])
            offset = 0.0
            for v in range(N):
                if weight[v] > 0:
                    G.add_edge(v, -2, capacity=weight[v])
                elif weight[v] < 0:
                    G.add_edge(-1, v, capacity=-weight[v])
                    offset += -weight[v]
            G.add_edge(-1, k, capacity=float("inf"))
            for i, (a, b) in enumerate(ends):
                if x[i] > eps:
                    G.add_edge(a, b, capacity=x[i] / 2)
                    G.add_edge(b, a, capacity=x[i] / 2)
            value, (source_side, _) = nx.minimum_cut(G, -1, -2)
            side = {v for v in source_side if v >= 0}
            if len(side) >= 2 and value - offset < z[k] - 1e-4:
                added += self._gsec(side, k)
        added += self._partitions(x, values[self.y : self.y + self.T], ends)
        if self.method == "cut":
            y = values[self.y : self.y + self.T]
            for t, ticket in enumerate(self.problem.tickets):
                if y[t] <= eps:
                    continue
                s, d = (self.city[c] for c in ticket.ends)
                H: nx.Graph[int] = nx.Graph()
                H.add_nodes_from(range(N))
                for i, (a, b) in enumerate(ends):
                    if x[i] > eps:
                        H.add_edge(
                            a, b, capacity=x[i] + (H[a][b]["capacity"] if H.has_edge(a, b) else 0)
                        )
                if integral:
                    comp = nx.node_connected_component(H, s)
                    if d not in comp:
                        added += self._cut(t, set(comp))
                        added += self._cut(t, set(nx.node_connected_component(H, d)))
                    continue
                value, (side, _) = nx.minimum_cut(H, s, d)
                if value < y[t] - 1e-4:
                    added += self._cut(t, set(side))
        return added


def _sources(tickets: Sequence[Ticket], reach: Sequence[bool]) -> dict[int, str]:
    """A source city for each ticket: a small set of cities covering every ticket (greedy
    vertex cover of the tickets' graph), so that a source sends flow to several cities."""
    left = {t for t in range(len(tickets)) if reach[t]}
    out: dict[int, str] = {}
    while left:
        count: dict[str, int] = {}
        for t in left:
            for c in tickets[t].ends:
                count[c] = count.get(c, 0) + 1
        best = min(count, key=lambda c: (-count[c], c))
        for t in sorted(left):
            if best in tickets[t].ends:
                out[t] = best
                left.discard(t)
    return out


def _milp(
    problem: _Problem, budget: int, method: str, time_limit: float
) -> tuple[list[int], float, bool]:
    model = _Model(problem, budget, method)
    deadline = time.perf_counter() + time_limit
    relaxed = np.inf
    for _ in range(60):  # the relaxation's cutting planes, at the root
        result = model.solve(True, deadline - time.perf_counter())
        if result.x is None:
            break
        relaxed = -float(result.fun)
        if not model.separate(result.x, integral=False):
            break
    while True:
        result = model.solve(False, deadline - time.perf_counter())
        if result.x is None:  # out of time before a plan: none, and the relaxation's bound
            return [], relaxed, False
        P = model.P
        chosen = [
            i for i in range(P) if round(result.x[model.x + i]) or round(result.x[model.w + i])
        ]
        proven = result.status == 0
        bound = -float(result.mip_dual_bound) if result.mip_dual_bound is not None else np.inf
        if method == "flow" or not model.separate(result.x, integral=True):
            return chosen, bound, proven
        if time.perf_counter() > deadline:
            raise CeilingError("the cut method ran out of time before its plan was connected")


def forest_cars(board: RouteBoard, tickets: Iterable[Ticket | str]) -> int:
    """The fewest cars joining every ticket's two cities (an exact Steiner forest, by the
    flow MILP with every ticket forced to score and the cars as the cost).

    Examples
    --------
    >>> forest_cars(_demo(), ["A-C", "B-D"])
    4
    >>> forest_cars(_demo(), [])
    0
    """
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_array

    problem = _problem(board, tickets, (), 2, 4)
    pairs, wanted = problem.pairs, problem.tickets
    if not wanted:
        return 0
    P = len(pairs)
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    lo: list[float] = []
    hi: list[float] = []
    n = P
    for ticket in wanted:
        s, d = ticket.ends
        balance: dict[str, list[tuple[int, float]]] = {}
        for i, p in enumerate(pairs):
            a, b = p.ends
            r = len(lo)
            for u, v, c in ((a, b, n), (b, a, n + 1)):
                rows.append(r)
                cols.append(c)
                vals.append(1.0)
                balance.setdefault(u, []).append((c, 1.0))
                balance.setdefault(v, []).append((c, -1.0))
            rows.append(r)
            cols.append(i)
            vals.append(-1.0)
            lo.append(-np.inf)
            hi.append(0.0)
            n += 2
        for city, entries in balance.items():
            r = len(lo)
            for c, value in entries:
                rows.append(r)
                cols.append(c)
                vals.append(value)
            need = 1.0 if city == s else -1.0 if city == d else 0.0
            lo.append(need)
            hi.append(need)
    integrality = np.zeros(n)
    integrality[:P] = 1
    cost = np.zeros(n)
    cost[:P] = [p.length for p in pairs]
    matrix = coo_array((vals, (rows, cols)), shape=(len(lo), n)).tocsr()
    result = milp(
        cost,
        constraints=LinearConstraint(matrix, np.array(lo), np.array(hi)),
        integrality=integrality,
        bounds=Bounds(np.zeros(n), np.ones(n)),
        options={"disp": False, "mip_rel_gap": 0.0},
    )
    if result.x is None:
        raise CeilingError(f"no network joins those tickets: {result.message}")
    return round(result.fun)


@dataclass(frozen=True)
class CeilingBalance:
    """What the ceilings over a range of budgets say about a board's balance.

    ``plans`` are the ceilings; ``tickets`` has a row per ticket: its ``points``, its
    shortest path in ``cars``, ``premium`` (points minus cars: the convention is 0),
    ``share`` (of the plans that score it), ``saving`` (the mean over those plans of the cars
    it would cost alone, its shortest path, minus the cars it adds to the plan's network
    pruned to what its tickets need: what holding it with the others saves); ``routes``
    has a row per city pair (its first open lane's id) with its ``share`` of plans.
    """

    board: RouteBoard = field(repr=False, compare=False)
    plans: tuple[Ceiling, ...]
    tickets: pd.DataFrame = field(repr=False, compare=False)
    routes: pd.DataFrame = field(repr=False, compare=False)

    def always(self) -> list[str]:
        """Tickets every plan scores."""
        return list(self.tickets.ticket[self.tickets.share == 1.0])

    def never(self) -> list[str]:
        """Tickets no plan scores."""
        return list(self.tickets.ticket[self.tickets.share == 0.0])

    def unused_routes(self) -> list[str]:
        """City pairs (their first lane's id) no plan claims."""
        return list(self.routes.route[self.routes.share == 0.0])

    def text(self, top: int = 8) -> str:
        """The balance in words: scores per budget, tickets kept and never, premiums.

        Examples
        --------
        >>> print(ceiling_balance(_demo(), range(3, 5)).text().splitlines()[1])
          3 cars: 8 (proven); 4 cars: 13 (proven)
        """
        t = self.tickets
        lines = [
            f"Ceiling: the most one player scores alone (routes + completed tickets), "
            f"{self.plans[0].cars} to {self.plans[-1].cars} cars",
            "  "
            + "; ".join(
                f"{c.cars} cars: {c.score} ({'proven' if c.proven else 'not proven'})"
                for c in self.plans
            ),
        ]
        kept = t[t.share > 0].sort_values(["share", "points"], ascending=False).head(top)
        lines.append(
            "  tickets optimal plans keep: "
            + ", ".join(f"{r.ticket} ({r.share:.0%})" for r in kept.itertuples())
        )
        lines.append("  tickets no optimal plan keeps: " + (", ".join(self.never()) or "none"))
        off = t[t.premium != 0]
        far = off.reindex(off.premium.abs().sort_values(ascending=False).index).head(top)
        lines.append(
            "  points off the shortest path in cars: "
            + (
                ", ".join(f"{r.ticket} ({r.points} for {r.cars:g} cars)" for r in far.itertuples())
                or "none"
            )
        )
        saved = t[t.saving > 0].sort_values("saving", ascending=False).head(top)
        lines.append(
            "  cheaper held with others (cars saved in the plans' networks): "
            + (", ".join(f"{r.ticket} ({r.saving:.1f})" for r in saved.itertuples()) or "none")
        )
        lines.append(
            f"  routes no optimal plan claims: {len(self.unused_routes())} of {len(self.routes)}"
        )
        return "\n".join(lines)


def _pruned_cars(board: RouteBoard, routes: Iterable[str], tickets: Iterable[str]) -> int:
    """The cars of ``routes`` left once routes no ticket needs are pruned: leaves that are
    no ticket's city go, repeatedly (on a plan's tree this is the least network joining the
    tickets; where extra routes close a cycle it is an upper bound on it)."""
    wanted = {c for tid in tickets for c in _ticket_ends(board, tid)}
    G: nx.MultiGraph[str] = nx.MultiGraph()
    for rid in routes:
        r = board.route(rid)
        G.add_edge(*r.ends, length=r.length)
    joined = {frozenset(_ticket_ends(board, tid)) for tid in tickets}
    # drop the components that hold no ticket whole
    for comp in list(nx.connected_components(G)):
        if not any(pair <= comp for pair in joined):
            G.remove_nodes_from(comp)
    leaves = [n for n in G if G.degree(n) == 1 and n not in wanted]
    while leaves:
        n = leaves.pop()
        if n not in G or G.degree(n) != 1:
            continue
        (other,) = list(G.neighbors(n))
        G.remove_node(n)
        if G.degree(other) == 1 and other not in wanted:
            leaves.append(other)
    return int(sum(d["length"] for _, _, d in G.edges(data=True)))


def _ticket_ends(board: RouteBoard, tid: str) -> tuple[str, str]:
    for t in board.tickets:
        if t.id == tid:
            return t.ends
    raise CeilingError(f"no ticket {tid!r} on board {board.name!r}")


def ceiling_balance(
    board: RouteBoard, cars: Iterable[int] = range(40, 51), **options: object
) -> CeilingBalance:
    """The ceilings for every budget in ``cars`` and what they keep choosing.

    ``options`` go to :func:`ceiling` (``claimed=`` and ``players=`` to see a table where
    doubles close; alone, one lane of each double is all a player may take anyway).

    Examples
    --------
    >>> b = ceiling_balance(_demo(), range(3, 5))
    >>> list(b.tickets.ticket), list(b.tickets.share)
    (['A-C', 'B-D'], [0.5, 1.0])
    >>> b.never(), b.unused_routes()
    ([], ['A-D'])
    """
    import pandas as pd

    plans = tuple(ceilings(board, cars, **options))
    problem = _problem(board, None, (), 2, 4)
    dist = _distances(problem)
    n = max(len(plans), 1)
    rows = []
    for t in board.tickets:
        holding = [c for c in plans if t.id in c.tickets]
        savings = []
        for c in holding:
            others = [x for x in c.tickets if x != t.id]
            adds = _pruned_cars(board, c.routes, c.tickets) - _pruned_cars(board, c.routes, others)
            savings.append(dist[t.ends[0]][t.ends[1]] - adds)
        cars_ = dist[t.ends[0]].get(t.ends[1], float("inf"))
        rows.append(
            {
                "ticket": t.id,
                "points": t.points,
                "cars": cars_,
                "premium": t.points - cars_,
                "share": len(holding) / n,
                "saving": float(np.mean(savings)) if savings else 0.0,
            }
        )
    tickets = pd.DataFrame(rows)
    route_rows = []
    for p in problem.pairs:
        lanes = [r.id for r in board.routes_between(*p.ends)]
        share = sum(any(x in c.routes for x in lanes) for c in plans) / n
        route_rows.append(
            {"route": p.route, "length": p.length, "points": p.points, "share": share}
        )
    return CeilingBalance(board, plans, tickets, pd.DataFrame(route_rows))


# ---------------------------------------------------------------------------- one tree


class _TreeModel(_Model):
    """The plans whose scored tickets lie in one connected network: a tree rooted at its
    first city (by index, so each tree has one root), its routes oriented away from the
    root (one route in at each other city), plus extra routes anywhere for their points.
    A ticket scores when both its cities are in the tree. The tree is held together by
    directed cuts, ``z_k <= a(into S) + r(S)`` for every set ``S`` of cities holding ``k``:
    city ``k`` is in the tree only if a unit can reach it from the root along the arrows.
    They are separated by minimum cuts, on the relaxation first and then on each integer
    plan, until none is broken. This rooted formulation is the strong one for Steiner
    trees: half of every route on a cycle feeds no city a whole unit."""

    def __init__(self, problem: _Problem, budget: int) -> None:
        self.problem, self.budget, self.method = problem, budget, "tree"
        pairs, tickets = problem.pairs, problem.tickets
        P, T, N = len(pairs), len(tickets), len(problem.cities)
        self.P, self.T, self.N = P, T, N
        self.city = {c: i for i, c in enumerate(problem.cities)}
        self.rows, self.cols, self.vals, self.lo, self.hi = [], [], [], [], []
        self.cuts = set()
        dist = _distances(problem)
        inf = float("inf")
        self.reach = [dist[t.ends[0]].get(t.ends[1], inf) <= budget for t in tickets]
        X, W, Y, Z = 0, P, 2 * P, 2 * P + T
        self.r = R = Z + N
        self.a = A = R + N
        self.x, self.w, self.y, self.z = X, W, Y, Z
        self.n = A + 2 * P
        self.add(
            [*((X + i, float(p.length)) for i, p in enumerate(pairs)),
             *((W + i, float(p.length)) for i, p in enumerate(pairs))],
            -inf, float(budget),
        )  # fmt: skip
        into: list[list[tuple[int, float]]] = [[] for _ in range(N)]
        self.arcs: list[tuple[int, int, int]] = []  # (tail, head, variable)
        for i, p in enumerate(pairs):
            a, b = (self.city[c] for c in p.ends)
            self.add([(X + i, 1.0), (W + i, 1.0)], -inf, 1.0)
            self.add([(A + 2 * i, 1.0), (A + 2 * i + 1, 1.0), (X + i, -1.0)], 0.0, 0.0)
            for v in (a, b):
                self.add([(X + i, 1.0), (Z + v, -1.0)], -inf, 0.0)
            into[b].append((A + 2 * i, 1.0))
            into[a].append((A + 2 * i + 1, 1.0))
            self.arcs += [(a, b, A + 2 * i), (b, a, A + 2 * i + 1)]
        for v in range(N):  # one way in: a route, or being the root
            self.add([*into[v], (R + v, 1.0), (Z + v, -1.0)], 0.0, 0.0)
        self.add([(R + v, 1.0) for v in range(N)], -inf, 1.0)
        for v in range(N):  # the root is the tree's first city
            for u in range(v):
                self.add([(R + v, 1.0), (Z + u, 1.0)], -inf, 1.0)
        for t, ticket in enumerate(tickets):
            for c in ticket.ends:
                self.add([(Y + t, 1.0), (Z + self.city[c], -1.0)], -inf, 0.0)
        self.cost = np.zeros(self.n)
        self.cost[X : X + P] = [-p.points for p in pairs]
        self.cost[W : W + P] = [-p.points for p in pairs]
        self.cost[Y : Y + T] = [-t.points for t in tickets]

    def separate(self, values: np.ndarray, integral: bool) -> int:
        """Add the directed cuts ``values`` break: a city of the tree the root cannot feed."""
        eps = 1e-6
        N = self.N
        z = values[self.z : self.z + N]
        r = values[self.r : self.r + N]
        G: nx.DiGraph[int] = nx.DiGraph()
        G.add_nodes_from(range(-1, N))
        for v in range(N):
            if r[v] > eps:
                G.add_edge(-1, v, capacity=float(r[v]))
        for u, v, var in self.arcs:
            if values[var] > eps:
                G.add_edge(u, v, capacity=float(values[var]))
        added = 0
        done: set[frozenset[int]] = set()
        for k in sorted(range(N), key=lambda v: -z[v]):
            if z[k] <= 1e-4:
                break
            value, (_, far) = nx.minimum_cut(G, -1, k)
            if value < z[k] - 1e-4:
                side = frozenset(far)
                if side in done:
                    continue
                done.add(side)
                entering = [var for u, v, var in self.arcs if v in side and u not in side]
                key = (k, *sorted(side))
                if key in self.cuts:
                    continue
                self.cuts.add(key)
                self.add(
                    [(self.z + k, 1.0), *((var, -1.0) for var in entering),
                     *((self.r + v, -1.0) for v in side)],
                    -np.inf, 0.0,
                )  # fmt: skip
                added += 1
        return added


def _tree_value(problem: _Problem, budget: int, time_limit: float) -> tuple[list[int], float, bool]:
    model = _TreeModel(problem, budget)
    deadline = time.perf_counter() + time_limit
    relaxed = np.inf
    for _ in range(200):  # the relaxation's cuts first: the integer solves start strong
        result = model.solve(True, deadline - time.perf_counter())
        if result.x is None:
            break
        relaxed = -float(result.fun)
        if not model.separate(result.x, integral=False):
            break
    while True:
        result = model.solve(False, deadline - time.perf_counter())
        if result.x is None:  # out of time before a plan: none, and the relaxation's bound
            return [], relaxed, False
        broken = model.separate(result.x, integral=True)
        P = model.P
        if broken and time.perf_counter() < deadline:
            continue
        chosen = [
            i for i in range(P) if round(result.x[model.x + i]) or round(result.x[model.w + i])
        ]
        bound = -float(result.mip_dual_bound) if result.mip_dual_bound is not None else np.inf
        return chosen, bound, result.status == 0 and not broken
