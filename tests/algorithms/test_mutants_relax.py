"""The shortest-path kernel's tie-break, which decides which of equally short paths the
exact Steiner tree returns on boards with fractional weights (the binary-heap kernel)."""

from __future__ import annotations

import numpy as np

from tests.algorithms.csr import csr
from workbench.algorithms._kernels import relax_heap


def test_a_tie_keeps_the_edge_from_the_node_settled_first() -> None:
    # s=0 reaches t=3 through a=1 or b=2, both 3.0 long: a is settled first (same
    # distance as b, lower number), so t keeps the edge a-t; a later equal offer is refused
    s, a, b, t = range(4)
    edges = [(s, a, 1.5), (s, b, 1.5), (a, t, 1.5), (b, t, 1.5)]
    indptr, adj, adjw, adje = csr(4, edges)
    dist = np.array([0.0, np.inf, np.inf, np.inf])
    pred = np.full(4, 7, dtype=np.int64)
    relax_heap(indptr, adj, adjw, adje, dist, pred)
    assert dist.tolist() == [0.0, 1.5, 1.5, 3.0]
    assert pred.tolist() == [-1, 0, 1, 2]  # t by the edge a-t (edge 2), not b-t (edge 3)


def test_a_tie_with_a_start_value_keeps_the_start() -> None:
    # b starts at 1.5 (a source of its own); the path s-a-b is 1.5 too: b stays a start
    s, a, b = range(3)
    indptr, adj, adjw, adje = csr(3, [(s, a, 0.75), (a, b, 0.75)])
    dist = np.array([0.0, np.inf, 1.5])
    pred = np.zeros(3, dtype=np.int64)
    relax_heap(indptr, adj, adjw, adje, dist, pred)
    assert dist.tolist() == [0.0, 0.75, 1.5]
    assert pred.tolist() == [-1, 0, -1]
