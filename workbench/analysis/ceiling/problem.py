"""The ceiling's problem as data: the city pairs a plan may claim, the tickets that may score,
the checks on a caller's input, and the MILP scaffolding every model shares."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np

from workbench.exceptions import WorkbenchError
from workbench.maps.routes import RouteBoard, Ticket

if TYPE_CHECKING:
    from scipy.optimize import OptimizeResult

BRUTE_LIMIT = 22
"""The most city pairs ``method="brute"`` enumerates (2**22 sets)."""

FOREST_CHECK_LIMIT = 30
"""The most city pairs on which the default method checks its one-network answer against
every plan (the cut model, with the answer as a floor). Above it the check is skipped: on
the shipped boards (78 and 90 pairs) its relaxation stays far above the answer (302 against
248 on the original board at 40 cars) and it does not close in minutes."""

CHECK_NODES = 20_000
"""The branch-and-bound nodes each solve of that check may use (deterministic, unlike a
time limit); a check that runs out leaves the answer in the one-network model."""


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


def _completed(problem: _Problem, pairs: Sequence[_Pair]) -> list[Ticket]:
    G: nx.Graph[str] = nx.Graph()
    G.add_nodes_from(problem.cities)
    G.add_edges_from(p.ends for p in pairs)
    comp = {n: i for i, c in enumerate(nx.connected_components(G)) for n in c}
    return [t for t in problem.tickets if comp[t.ends[0]] == comp[t.ends[1]]]


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


class _Milp:
    """A MILP kept as row triplets, so that cuts can be added between solves; subclasses
    lay out the variables (``x`` claimed in the network, ``w`` claimed for points alone,
    ``y`` tickets scored) and separate their cuts."""

    problem: _Problem
    budget: int
    method: str
    P: int
    T: int
    N: int
    n: int
    x: int
    w: int
    y: int
    rows: list[int]
    cols: list[int]
    vals: list[float]
    lo: list[float]
    hi: list[float]
    cuts: set[tuple[int, ...]]
    reach: list[bool]
    cost: np.ndarray

    def add(self, entries: Iterable[tuple[int, float]], low: float, high: float) -> None:
        r = len(self.lo)
        for c, v in entries:
            self.rows.append(r)
            self.cols.append(c)
            self.vals.append(v)
        self.lo.append(low)
        self.hi.append(high)

    def separate(self, values: np.ndarray, integral: bool) -> int:
        """Add the cuts ``values`` break; how many (each model has its own)."""
        raise NotImplementedError

    def relax(self, deadline: float, rounds: int) -> float:
        """Cut the relaxation first, at most ``rounds`` times before ``deadline`` (a
        ``time.perf_counter`` reading), so the integer solves start strong; the last
        relaxation's bound (``inf`` when none was solved)."""
        relaxed = np.inf
        for _ in range(rounds):
            result = self.solve(True, deadline - time.perf_counter())
            if result.x is None:
                break
            relaxed = -float(result.fun)
            if not self.separate(result.x, integral=False):
                break
        return relaxed

    def solve(
        self, relax: bool, time_limit: float, node_limit: int | None = None
    ) -> OptimizeResult:
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
            options={
                "disp": False,
                "time_limit": max(time_limit, 0.01),
                "mip_rel_gap": 0.0,
                **({} if node_limit is None else {"node_limit": node_limit}),
            },
        )
