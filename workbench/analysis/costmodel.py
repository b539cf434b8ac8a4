"""Missing-rail costs for many queries on one board: the fast path of bots and simulations.

:func:`workbench.analysis.costs.missing_rails` answers one question through networkx, which
is convenient but spends most of its time outside the solver. A :class:`CostModel` fixes a
board and the cost of every free segment once, as arrays, and answers each query with one
compiled call: rails are contracted, blocked segments left out, and the exact Steiner
program (:mod:`workbench.algorithms._kernels`) runs on the rest. Its answers equal
``missing_rails``'s (tested on random positions).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

import numpy as np

from workbench.algorithms.rails import solve as solve_with_rails
from workbench.analysis.costs import Completion, DoubleCost, segment_cost
from workbench.exceptions import InfeasibleError
from workbench.maps.board import Board
from workbench.maps.cache import board_cache
from workbench.maps.lattice import Edge, Point, point_name

__all__ = ["CostModel", "cost_model"]

_FREE, _RAIL, _BLOCKED = 0, 1, 2
_INF = float("inf")


class CostModel:
    """A board's segments as arrays, for fast exact missing-rail queries.

    Parameters
    ----------
    board : Board
    double_cost : int or mapping terrain -> int, default 2
        What a free double costs (as in :func:`~workbench.analysis.costs.missing_rails`).
    costs : mapping segment -> int, optional
        Costs that replace the computed ones for some segments (for example a ferry that
        takes two rails).

    Examples
    --------
    >>> from workbench import load_map
    >>> model = CostModel(load_map("maps/tiny.yaml"))
    >>> model.cost([], [(0, 1), "Alder", "Ginkgo"])
    2
    >>> done = model.completion([], [(0, 1), "Alder", "Ginkgo"])
    >>> done
    Completion(cost=2, build=(((0, 1), (1, 1)), ((1, 1), (2, 0))))
    >>> model.cost(done.build, [(0, 1), "Alder", "Ginkgo"])
    0
    """

    def __init__(
        self,
        board: Board,
        double_cost: DoubleCost = 2,
        costs: Mapping[Edge, int] | None = None,
    ) -> None:
        self.board = board
        self.edges: tuple[Edge, ...] = tuple(sorted(board.segments))
        self.edge_index: dict[Edge, int] = {e: i for i, e in enumerate(self.edges)}
        self.points: tuple[Point, ...] = tuple(sorted(board.points))
        self.point_index: dict[Point, int] = {p: i for i, p in enumerate(self.points)}
        self._eu = np.array([self.point_index[a] for a, _ in self.edges], dtype=np.int64)
        self._ev = np.array([self.point_index[b] for _, b in self.edges], dtype=np.int64)
        weights = [
            segment_cost(s.kind, s.terrain, double_cost)
            for s in (board.segments[e] for e in self.edges)
        ]
        for key, value in (costs or {}).items():
            weights[self._edge_id(key)] = int(value)
        self.weights = np.asarray(weights, dtype=np.float64)
        self.weight_of: dict[Edge, float] = dict(zip(self.edges, map(float, weights), strict=True))
        """Each segment's cost when free, as a float (faster to read than ``weights``)."""
        self._city_point = {c.name: c.at for c in board.cities}
        # every terminal named so far (a city's name or a point) -> its node
        self._nodes: dict[object, int] = {}

    def __repr__(self) -> str:
        return f"<CostModel of {self.board.name!r}: {len(self.edges)} segments>"

    def _edge_id(self, key: Edge) -> int:
        try:
            return self.edge_index[key]
        except KeyError:
            a, b = key
            try:
                return self.edge_index[(b, a)]
            except KeyError:
                raise ValueError(
                    f"{point_name(a)}-{point_name(b)} is not a segment of {self.board.name!r}"
                ) from None

    def _node(self, where: str | Point) -> int:
        if isinstance(where, str):
            point = self._city_point.get(where)
            if point is None:
                self.board.city(where)  # raises, naming close matches
                raise KeyError(where)
            where = point
        try:
            return self.point_index[(int(where[0]), int(where[1]))]
        except KeyError:
            raise ValueError(f"{where!r} is not a point of {self.board.name!r}") from None

    def _node_of(self, where: str | Point) -> int:
        """:meth:`_node`, remembered for the terminals that can be (names and points)."""
        node = self._node(where)
        if isinstance(where, str) or (
            isinstance(where, tuple) and all(type(x) is int for x in where)
        ):
            self._nodes[where] = node
        return node

    def state(self, rails: Iterable[Edge] = (), blocked: Iterable[Edge] = ()) -> np.ndarray:
        """The per-segment state array of a position: 0 free, 1 rail, 2 blocked.

        Build it once and pass it to :meth:`cost` or :meth:`completion` for several
        queries on the same position.

        Examples
        --------
        >>> from workbench import load_map
        >>> model = CostModel(load_map("maps/tiny.yaml"))
        >>> int(model.state([((0, 1), (1, 1))]).sum())
        1
        """
        out = np.zeros(len(self.edges), dtype=np.int8)
        for key in rails:
            out[self._edge_id(key)] = _RAIL
        for key in blocked:
            out[self._edge_id(key)] = _BLOCKED
        return out

    def _solve(
        self,
        rails: Iterable[Edge] | np.ndarray,
        terminals: Sequence[str | Point],
        blocked: Iterable[Edge],
        want_tree: bool,
        costs: Mapping[Edge, int] | None = None,
    ) -> tuple[int, np.ndarray]:
        state = rails if isinstance(rails, np.ndarray) else self.state(rails, blocked)
        known = self._nodes
        try:
            where = [known[t] for t in terminals]
        except (KeyError, TypeError):  # a terminal seen for the first time (or unhashable)
            where = [self._node_of(t) for t in terminals]
        nodes = np.array(where, dtype=np.int64)
        weights = self.weights
        if costs:
            weights = weights.copy()
            for key, value in costs.items():
                weights[self._edge_id(key)] = value
        cost, ids = solve_with_rails(
            len(self.points), self._eu, self._ev, weights, state, nodes, want_tree
        )
        if cost == _INF:
            named = ", ".join(
                t if isinstance(t, str) else point_name((int(t[0]), int(t[1]))) for t in terminals
            )
            raise InfeasibleError(f"no tree joins {named} on {self.board.name!r}")
        return int(cost), ids

    def cost(
        self,
        rails: Iterable[Edge] | np.ndarray,
        terminals: Sequence[str | Point],
        blocked: Iterable[Edge] = (),
        costs: Mapping[Edge, int] | None = None,
    ) -> int:
        """The fewest rails that join ``terminals`` (city names or points).

        ``rails`` cost 0, ``blocked`` segments cannot be used; or pass a :meth:`state`
        array as ``rails``. ``costs`` replaces some free segments' costs for this query
        (a half-built two-rail ferry). Raises ``InfeasibleError`` when nothing joins them.

        Examples
        --------
        >>> from workbench import load_map
        >>> model = CostModel(load_map("maps/tiny.yaml"))
        >>> model.cost([], ["Alder"]), model.cost([], [(0, 1), "Alder"])
        (0, 1)
        """
        return self._solve(rails, terminals, blocked, False, costs)[0]

    def completion(
        self,
        rails: Iterable[Edge] | np.ndarray,
        terminals: Sequence[str | Point],
        blocked: Iterable[Edge] = (),
        costs: Mapping[Edge, int] | None = None,
    ) -> Completion:
        """The fewest rails that join ``terminals``, and one optimal set of them to build.

        Examples
        --------
        >>> from workbench import load_map
        >>> model = CostModel(load_map("maps/tiny.yaml"))
        >>> model.completion([((0, 1), (1, 1))], [(0, 1), "Alder"])
        Completion(cost=0, build=())
        """
        cost, ids = self._solve(rails, terminals, blocked, True, costs)
        # the edges are sorted, so sorted ids give the segments in sorted order (a set and
        # sorted() beat np.unique on a tree's few dozen ids)
        return Completion(cost, tuple(map(self.edges.__getitem__, sorted(set(ids.tolist())))))

    def plan(
        self,
        rails: Iterable[Edge] | np.ndarray,
        terminals: Sequence[str | Point],
        blocked: Iterable[Edge] = (),
        costs: Mapping[Edge, int] | None = None,
    ) -> tuple[int, frozenset[Edge]]:
        """:meth:`completion` as a bot keeps it: the cost and the segments as a set.

        The same segments as :meth:`completion`'s, made straight from the solver's edge
        ids (no sort, no :class:`~workbench.analysis.costs.Completion`): a bot asks this
        at nearly every move.

        Examples
        --------
        >>> from workbench import load_map
        >>> model = CostModel(load_map("maps/tiny.yaml"))
        >>> cost, build = model.plan([], [(0, 1), "Alder", "Ginkgo"])
        >>> cost, sorted(build)
        (2, [((0, 1), (1, 1)), ((1, 1), (2, 0))])
        >>> model.plan([((0, 1), (1, 1))], [(0, 1), "Alder"])
        (0, frozenset())
        """
        cost, ids = self._solve(rails, terminals, blocked, True, costs)
        return cost, frozenset(map(self.edges.__getitem__, ids.tolist()))


def cost_model(board: Board, double_cost: DoubleCost = 2) -> CostModel:
    """The :class:`CostModel` of a board and cost of doubles, made once and then reused.

    Kept in the board's table (:func:`workbench.maps.cache.board_cache`): looked up by the
    board's identity, and gone with the board.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> cost_model(board) is cost_model(board, {"water": 1, "mountain": 2})
    False
    >>> cost_model(board) is cost_model(board)
    True
    """
    from workbench.analysis.costs import double_cost_key

    table = board_cache(board)
    key = ("analysis.costmodel", double_cost_key(double_cost))
    found = table.get(key)
    if found is None:
        # the model refers to its board weakly, so that the table does not keep it alive
        found = table[key] = CostModel(cast(Board, weakref.proxy(board)), double_cost)
    return found
