# mypy: disable-error-code="assignment,arg-type,return-value"
"""The map doctor's exact tables: every partial hand's Steiner row, kept so that a candidate
edit is costed from them instead of from scratch.

The analyst's hand table (:mod:`workbench.analysis._hands`) keeps only the rows that one
pivot color needs. The doctor keeps them all: ``dp[P, v]`` is the cheapest tree joining the
cities of the partial hand ``P`` (at most one city of each color, not all colors) and node
``v`` (Dreyfus and Wagner [1]_). With every row at hand, three kinds of edit are costed
exactly with a few vector operations each:

* **a city moves** (color ``X``, to point ``p``): a hand with it costs ``dp[S - X, p]``,
  the cheapest tree joining the rest of the hand and ``p``, and no other hand changes;
* **two cities swap colors**: a hand that now holds a city of each one's old color
  (``d`` and ``y``, say) costs ``dp[S - X, d's point]`` in the same way;
* **a segment gets cheaper** (a double becomes a ferry or tunnel, or a crossing is added
  where there was none), from ``w`` to ``w'`` between ``u`` and ``v``: a tree that uses it
  splits, without it, into a tree joining ``A`` and ``u`` and one joining ``S - A`` and
  ``v``, neither using it, so ``new(S) = min(old(S), min_A dp[A, u] + w' + dp[S - A, v])``
  over the non-empty proper parts ``A`` of ``S``. Both parts' rows are in the table (a tree
  that avoids the segment costs the same before and after), so this is exact.

References
----------
.. [1] S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1(3),
   195-207 (1971). https://doi.org/10.1002/net.3230010302
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

import networkx as nx
import numba
import numpy as np

from workbench.algorithms.steiner import prepare_problem
from workbench.analysis import _hands
from workbench.maps.lattice import Point

INF = np.inf


@numba.njit(cache=True, nogil=True)
def cross(
    col_u: np.ndarray,
    col_v: np.ndarray,
    weight: float,
    parts: np.ndarray,
    full: int,
    old: np.ndarray,
    out: np.ndarray,
) -> None:
    """Every hand's cost once a segment between ``u`` and ``v`` costs ``weight``.

    ``col_u``/``col_v`` are the table's columns at ``u`` and ``v`` (one value per row) and
    ``parts[m, h]`` the row of hand ``h``'s cities of the colors in mask ``m``.
    """
    for h in range(old.shape[0]):
        best = old[h]
        for m in range(1, full):
            x = col_u[parts[m, h]] + weight + col_v[parts[full ^ m, h]]
            if x < best:
                best = x
        out[h] = best


class FullTable:
    """Every partial hand's Steiner row of a board's weighted graph, and every hand's cost.

    ``cards[color]`` lists the cities per color (the 4-6 player deck, all of them) in the
    order of the hand axes; ``costs`` has one axis per color.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis.costs import cost_graph
    >>> from workbench.analysis.hands import deck, hand_table
    >>> board = load_map("maps/tiny.yaml")
    >>> table = FullTable(cost_graph(board), {c.name: c.at for c in board.cities}, deck(board))
    >>> table.costs.shape, bool((table.costs.ravel() == hand_table(board).costs).all())
    ((2, 2, 2, 2, 2), True)
    """

    def __init__(
        self,
        G: nx.Graph,
        where: Mapping[str, Point],
        cards: Mapping[str, Sequence[str]],
    ) -> None:
        problem = prepare_problem(G, "weight")
        self.problem = problem
        self.colors = list(cards)
        self.cards = {c: tuple(cards[c]) for c in self.colors}
        counts = np.array([len(self.cards[c]) for c in self.colors], dtype=np.int64)
        if len(counts) < 2 or counts.min() < 1:
            raise ValueError("the doctor needs two colors or more, each with a city")
        self.counts = counts
        ncolors = len(counts)
        self.full = (1 << ncolors) - 1
        cities = np.full((ncolors, int(counts.max())), -1, dtype=np.int64)
        for i, color in enumerate(self.colors):
            for j, name in enumerate(self.cards[color]):
                cities[i, j] = problem.comp[problem.index[where[name]]]
        self.city_nodes = cities
        base = counts + 1
        stride = np.ones(ncolors, dtype=np.int64)
        for c in range(ncolors - 2, -1, -1):
            stride[c] = stride[c + 1] * base[c + 1]
        self.stride, self.base = stride, base
        n = len(problem.indptr) - 1
        self.n = n
        sizes = {m: int(np.prod(counts[[c for c in range(ncolors) if m >> c & 1]]))
                 for m in range(1, self.full)}  # fmt: skip
        rows = sum(sizes.values())
        self.dp = np.empty((rows, n), dtype=np.float64)
        self.rowof = np.full(int(np.prod(base)), -1, dtype=np.int64)
        self.start: dict[int, int] = {}
        row = 0
        for m in range(1, self.full):  # a mask's proper sub-masks are smaller numbers
            self.start[m] = row
            row = _hands.fill_rows(
                m, problem.indptr, problem.adj, problem.adjw, problem.adje, problem.maxw,
                cities, counts, stride, base, self.rowof, self.dp, row,
            )  # fmt: skip
        out = np.empty(tuple(counts.tolist()), dtype=np.float64)
        for j in range(int(counts[0])):
            out[j] = self.pivot_costs(0, int(cities[0, j]))
        self.costs = out
        self._parts: np.ndarray | None = None

    def moved(self, color: int, index: int, node: int) -> FullTable:
        """The table once city ``index`` of ``color`` stands on ``node``: only the rows of
        the partial hands that hold it are computed again (in order of their masks, so that
        each row's parts are new before it is; the rows without it stay as they are).

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.analysis.costs import cost_graph
        >>> from workbench.analysis.hands import deck
        >>> board = load_map("maps/tiny.yaml")
        >>> table = FullTable(cost_graph(board), {c.name: c.at for c in board.cities}, deck(board))
        >>> moved = board.move_city("Fir", (5, 1))
        >>> fresh = FullTable(cost_graph(moved), {c.name: c.at for c in moved.cities}, deck(moved))
        >>> again = table.moved(2, deck(board)["pink"].index("Fir"), table.node((5, 1)))
        >>> bool((again.dp == fresh.dp).all() and (again.costs == fresh.costs).all())
        True
        """
        other = copy.copy(self)
        other.dp = self.dp.copy()
        other.city_nodes = self.city_nodes.copy()
        other.city_nodes[color, index] = node
        p, counts = self.problem, self.counts
        ncolors = len(counts)
        for m in range(1, self.full):
            if not m >> color & 1:
                continue
            members = [c for c in range(ncolors) if m >> c & 1]
            at = members.index(color)
            before = int(np.prod(counts[members[:at]]))
            after = int(np.prod(counts[members[at + 1 :]]))
            for b in range(before):  # the hands of the mask holding the city: runs of rows
                first = (b * int(counts[color]) + index) * after
                _hands.fill_rows(
                    m, p.indptr, p.adj, p.adjw, p.adje, p.maxw, other.city_nodes, counts,
                    self.stride, self.base, other.rowof, other.dp, self.start[m], first,
                    first + after,
                )  # fmt: skip
        other.costs = self.costs.copy()
        np.moveaxis(other.costs, color, 0)[index] = other.pivot_costs(color, node)
        return other

    # ------------------------------------------------------------------ rows

    def block(self, color: int) -> np.ndarray:
        """The rows of every partial hand with one city of each color but ``color``, in the
        order of the other colors' hand axes (C order)."""
        mask = self.full ^ (1 << color)
        first = self.start[mask]
        size = int(np.prod(np.delete(self.counts, color)))
        return self.dp[first : first + size]

    def pivot_costs(self, color: int, node: int) -> np.ndarray:
        """The costs of the hands made of a city of ``color`` on ``node`` and one city of
        each other color, shaped like the other colors' axes: the column of ``node`` in
        :meth:`block` (a row's value at a node is the cheapest tree joining its cities and
        that node)."""
        shape = tuple(np.delete(self.counts, color).tolist())
        return self.block(color)[:, node].reshape(shape)

    def node(self, point: Point) -> int:
        """The table's node of a board point."""
        return int(self.problem.comp[self.problem.index[point]])

    # ------------------------------------------------------------------ cheaper segments

    @property
    def parts(self) -> np.ndarray:
        """``parts[m, h]``: the row of hand ``h``'s cities of the colors in mask ``m``."""
        if self._parts is None:
            ncolors = len(self.counts)
            digits = np.indices(tuple(self.counts.tolist())).reshape(ncolors, -1)
            hands = digits.shape[1]
            parts = np.zeros((self.full + 1, hands), dtype=np.int64)
            for m in range(1, self.full):
                code = np.zeros(hands, dtype=np.int64)
                for c in range(ncolors):
                    if m >> c & 1:
                        code += (digits[c] + 1) * self.stride[c]
                parts[m] = self.rowof[code]
            self._parts = parts
        return self._parts

    def cheaper(self, u: int, v: int, weight: float) -> np.ndarray:
        """Every hand's cost once the segment between nodes ``u`` and ``v`` costs
        ``weight`` (no more than before, or a new segment), shaped like :attr:`costs`."""
        old = self.costs.ravel()
        out = np.empty_like(old)
        cross(
            np.ascontiguousarray(self.dp[:, u]), np.ascontiguousarray(self.dp[:, v]),
            float(weight), self.parts, self.full, old, out,
        )  # fmt: skip
        return out.reshape(self.costs.shape)


def hand_costs_on(
    G: nx.Graph, where: Mapping[str, Point], cards: Mapping[str, Sequence[str]]
) -> np.ndarray:
    """Every hand's cost in ``G``, one axis per color: the rows of the partial hands
    without the first color, read at the first color's cities (no usage traced, one
    thread; what a dearer segment's candidate needs).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.analysis.costs import cost_graph
    >>> from workbench.analysis.hands import deck, hand_table
    >>> board = load_map("maps/tiny.yaml")
    >>> costs = hand_costs_on(cost_graph(board), {c.name: c.at for c in board.cities},
    ...                       deck(board))
    >>> bool((costs.ravel() == hand_table(board).costs).all())
    True
    """
    problem = prepare_problem(G, "weight")
    colors = list(cards)
    counts = np.array([len(cards[c]) for c in colors], dtype=np.int64)
    ncolors = len(colors)
    full = (1 << ncolors) - 1
    cities = np.full((ncolors, int(counts.max())), -1, dtype=np.int64)
    for i, color in enumerate(colors):
        for j, name in enumerate(cards[color]):
            cities[i, j] = problem.comp[problem.index[where[name]]]
    base = counts + 1
    stride = np.ones(ncolors, dtype=np.int64)
    for c in range(ncolors - 2, -1, -1):
        stride[c] = stride[c + 1] * base[c + 1]
    masks = [m for m in range(2, full, 2)]  # every mask without the first color
    rows = sum(int(np.prod(counts[[c for c in range(ncolors) if m >> c & 1]])) for m in masks)
    dp = np.empty((rows, len(problem.indptr) - 1), dtype=np.float64)
    rowof = np.full(int(np.prod(base)), -1, dtype=np.int64)
    row = 0
    for m in masks:
        first = row
        row = _hands.fill_rows(
            m, problem.indptr, problem.adj, problem.adjw, problem.adje, problem.maxw,
            cities, counts, stride, base, rowof, dp, row,
        )  # fmt: skip
    block = dp[first:row]  # the last mask is every color but the first
    return block[:, cities[0, : counts[0]]].T.reshape(tuple(counts.tolist()))
