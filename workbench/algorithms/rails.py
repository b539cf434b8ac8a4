# mypy: disable-error-code="assignment"
"""Compiled missing-rail query: contract the rails, then the exact Steiner program.

A public module of the algorithms layer: :class:`workbench.analysis.CostModel` calls
:func:`solve` on a board's arrays.

One call does what :func:`workbench.algorithms.steiner_tree` does through networkx, on a
board's fixed edge arrays: segments whose ``state`` is 1 (a rail) join their ends into one
node, segments whose state is 2 (blocked) are left out, and the Erickson-Monma-Veinott
table of :mod:`workbench.algorithms._kernels` runs on what remains. From three terminals on
it runs bounded (:func:`~workbench.algorithms._kernels.emv_bounded`): the entries that
cannot be on a tree cheaper than the terminals' spanning tree are skipped, and the answer
and the tree are the same, ties broken alike.
"""

from __future__ import annotations

import numba
import numpy as np

from workbench.algorithms._kernels import emv, emv_bounded, trace


@numba.njit(cache=True, nogil=True)
def _find(parent: np.ndarray, v: int) -> int:
    root = v
    while parent[root] != root:
        root = parent[root]
    while parent[v] != root:  # path compression
        parent[v], v = root, parent[v]
    return root


@numba.njit(cache=True, nogil=True)
def solve(
    n: int,
    eu: np.ndarray,
    ev: np.ndarray,
    w: np.ndarray,
    state: np.ndarray,
    terminals: np.ndarray,
    want_tree: bool,
) -> tuple[float, np.ndarray]:
    """The cheapest tree's cost and (if ``want_tree``) its free edge ids.

    ``eu``, ``ev``, ``w``: each edge's ends and weight (positive integers as floats);
    ``state``: 0 free, 1 rail (weight 0), 2 blocked; ``terminals``: node ids.
    An infeasible query returns ``inf``.
    """
    m = eu.shape[0]
    parent = np.arange(n)
    for e in range(m):
        if state[e] == 1:
            a = _find(parent, eu[e])
            b = _find(parent, ev[e])
            if a != b:
                parent[a] = b
    label = np.full(n, -1, dtype=np.int64)
    comp = np.empty(n, dtype=np.int64)
    ncomp = 0
    for v in range(n):
        r = _find(parent, v)
        if label[r] < 0:
            label[r] = ncomp
            ncomp += 1
        comp[v] = label[r]
    # the distinct components of the terminals, in order
    seen = np.zeros(ncomp, dtype=np.bool_)
    tc = np.empty(terminals.shape[0], dtype=np.int64)
    k = 0
    for t in terminals:
        c = comp[t]
        if not seen[c]:
            seen[c] = True
            tc[k] = c
            k += 1
    if k <= 1:
        return 0.0, np.empty(0, dtype=np.int64)
    ceu = np.empty(m, dtype=np.int64)
    cev = np.empty(m, dtype=np.int64)
    degree = np.zeros(ncomp + 1, dtype=np.int64)
    maxw = 0
    for e in range(m):
        cu, cv = comp[eu[e]], comp[ev[e]]
        ceu[e], cev[e] = cu, cv
        if state[e] == 0 and cu != cv:
            degree[cu + 1] += 1
            degree[cv + 1] += 1
            if w[e] > maxw:
                maxw = np.int64(w[e])
    indptr = np.cumsum(degree)
    fill = indptr[:-1].copy()
    adj = np.empty(indptr[-1], dtype=np.int64)
    adjw = np.empty(indptr[-1], dtype=np.float64)
    adje = np.empty(indptr[-1], dtype=np.int64)
    for e in range(m):
        cu, cv = ceu[e], cev[e]
        if state[e] == 0 and cu != cv:
            i = fill[cu]
            adj[i], adjw[i], adje[i] = cv, w[e], e
            fill[cu] += 1
            i = fill[cv]
            adj[i], adjw[i], adje[i] = cu, w[e], e
            fill[cv] += 1
    term = tc[: k - 1].copy()
    root = tc[k - 1]
    full = (1 << (k - 1)) - 1
    if k >= 3:  # the same tables where the tree can be, skipping the rest
        dp, pred, split, ub = emv_bounded(indptr, adj, adjw, adje, term, root, maxw)
        if ub == np.inf or dp[full, root] > ub:
            dp, pred, split = emv(indptr, adj, adjw, adje, term, maxw)
    else:
        dp, pred, split = emv(indptr, adj, adjw, adje, term, maxw)
    cost = dp[full, root]
    if not want_tree or cost == np.inf:
        return cost, np.empty(0, dtype=np.int64)
    return cost, trace(dp, pred, split, ceu, cev, term, full, root)
