"""The one-network MILP: the scored tickets in one tree rooted at its first city, held
together by directed cuts (the default model, see the package's notes)."""

from __future__ import annotations

import time

import networkx as nx
import numpy as np

from workbench.analysis.ceiling.problem import _distances, _Milp, _Problem


class _TreeModel(_Milp):
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
        self.dist = dist
        self.floor = len(self.lo)  # objective >= floor: off until rebudget() sets it
        self.add([(j, -float(c)) for j, c in enumerate(self.cost) if c], -inf, inf)
        self.value = -inf  # the model's objective at the last optimum proven

    def rebudget(self, budget: int) -> None:
        """Solve for another budget, keeping every cut found so far (none depends on the
        budget). A larger budget keeps the last optimum feasible, so its value becomes a
        floor the search need not look below."""
        if budget >= self.budget and self.value > -np.inf:
            self.lo[self.floor] = self.value - 0.5  # objectives are whole numbers
        else:
            self.lo[self.floor] = -np.inf
        self.budget = budget
        self.hi[0] = float(budget)
        inf = float("inf")
        self.reach = [
            self.dist[t.ends[0]].get(t.ends[1], inf) <= budget for t in self.problem.tickets
        ]

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


def _tree_value(
    problem: _Problem, budget: int, time_limit: float, model: _TreeModel | None = None
) -> tuple[list[int], float, bool]:
    """The one-network optimum: the plan's pairs, the bound proved, and whether it is proven.
    ``model``, from an earlier budget, is solved again with its cuts (see ``rebudget``)."""
    if model is None:
        model = _TreeModel(problem, budget)
    else:
        model.rebudget(budget)
    deadline = time.perf_counter() + time_limit
    relaxed = model.relax(deadline, 200)
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
        proven = result.status == 0 and not broken
        model.value = -float(result.fun) if proven else -np.inf
        return chosen, bound, proven


class _TreeFlowModel(_TreeModel):
    """The one-network model again, written another way: the directed cuts replaced by a
    flow per ticket city, from a super-root through the root's arc (``r``) and the tree's
    arcs, of value ``z_k`` (a city is in the tree only if the root can send it a unit).
    By max-flow min-cut it has the same relaxation as the cuts, but it is compact (one
    solve, no separation) and shares no cut code: the tests' and the benchmark's second
    formulation of the default on the shipped boards."""

    def __init__(self, problem: _Problem, budget: int) -> None:
        super().__init__(problem, budget)
        self.method = "tree_flow"
        N, inf = self.N, float("inf")
        wanted = sorted({self.city[c] for t in problem.tickets for c in t.ends})
        for k in wanted:
            base = self.n
            self.n += len(self.arcs) + N
            balance: list[list[tuple[int, float]]] = [[] for _ in range(N)]
            for j, (u, v, var) in enumerate(self.arcs):
                self.add([(base + j, 1.0), (var, -1.0)], -inf, 0.0)  # only on the tree's arcs
                balance[v].append((base + j, 1.0))
                balance[u].append((base + j, -1.0))
            for v in range(N):  # from the super-root into the root
                col = base + len(self.arcs) + v
                self.add([(col, 1.0), (self.r + v, -1.0)], -inf, 0.0)
                balance[v].append((col, 1.0))
            for v in range(N):  # what comes in goes on, except at k, which keeps z_k
                keep = [(self.z + k, -1.0)] if v == k else []
                self.add([*balance[v], *keep], 0.0, 0.0)
        self.cost = np.concatenate([self.cost, np.zeros(self.n - len(self.cost))])

    def separate(self, values: np.ndarray, integral: bool) -> int:
        """Nothing to separate: the flows hold the tree together."""
        return 0


def _tree_flow_value(
    problem: _Problem, budget: int, time_limit: float
) -> tuple[list[int], float, bool]:
    model = _TreeFlowModel(problem, budget)
    result = model.solve(False, time_limit)
    if result.x is None:
        return [], np.inf, False
    chosen = [
        i for i in range(model.P) if round(result.x[model.x + i]) or round(result.x[model.w + i])
    ]
    bound = -float(result.mip_dual_bound) if result.mip_dual_bound is not None else np.inf
    return chosen, bound, result.status == 0
