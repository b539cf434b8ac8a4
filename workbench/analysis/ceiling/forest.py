"""The any-forest MILPs: ``"flow"`` (a unit of flow per ticket) and ``"cut"`` (the tickets
joined by cuts generated lazily), and :func:`forest_cars`, the exact Steiner forest in cars."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

import networkx as nx
import numpy as np

from workbench.analysis.ceiling.problem import (
    CHECK_NODES,
    CeilingError,
    _completed,
    _demo,  # noqa: F401 - the examples' board
    _distances,
    _find,
    _Milp,
    _Problem,
    _problem,
)
from workbench.maps.routes import RouteBoard, Ticket

__all__ = ["forest_cars"]


class _Model(_Milp):
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
    relaxed = model.relax(deadline, 60)
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


def _forest_check(
    problem: _Problem, budget: int, score: int, chosen: list[int], time_limit: float
) -> tuple[list[int], int, bool]:
    """Is any plan worth more than ``score`` (the real score of the plan ``chosen``)? The cut
    model with the floor ``objective >= score + 1`` (points are whole numbers): when it has
    no plan, ``chosen`` is optimal over every plan. A plan it finds, once its tickets are
    really joined (lazy cuts), becomes the new answer and the floor rises above it.

    Returns the best plan, its score, and whether it is proven optimal over every plan
    (False when a solve ran out of :data:`CHECK_NODES` nodes or of time).
    """
    model = _Model(problem, budget, "cut")
    floor = len(model.lo)
    model.add([(j, -float(c)) for j, c in enumerate(model.cost) if c], score + 1.0, np.inf)
    deadline = time.perf_counter() + time_limit
    for _ in range(60):  # the relaxation's cuts first, as in :func:`_milp`
        result = model.solve(True, deadline - time.perf_counter())
        if result.x is None:
            return chosen, score, result.status == 2  # no fractional plan above the floor
        if not model.separate(result.x, integral=False):
            break
    while time.perf_counter() < deadline:
        result = model.solve(False, deadline - time.perf_counter(), node_limit=CHECK_NODES)
        if result.x is None:
            return chosen, score, result.status == 2  # 2: infeasible, proven
        if model.separate(result.x, integral=True):
            continue  # a plan whose tickets are not joined: cut it off and solve again
        found = [
            i
            for i in range(model.P)
            if round(result.x[model.x + i]) or round(result.x[model.w + i])
        ]
        pairs = [problem.pairs[i] for i in found]
        real = sum(p.points for p in pairs) + sum(t.points for t in _completed(problem, pairs))
        chosen, score = found, real
        model.lo[floor] = score + 1.0
    return chosen, score, False


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
