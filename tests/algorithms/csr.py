"""Graphs in the kernels' CSR form, for the tests that call the kernels directly."""

from __future__ import annotations

import numpy as np


def csr(n: int, edges: list[tuple[int, int, float]]) -> tuple[np.ndarray, ...]:
    """``indptr, adj, adjw, adje`` of an undirected graph on ``0..n-1`` (edge ``e`` of
    ``edges`` is ``(u, v, weight)``; each node lists its arcs in edge order)."""
    arcs: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for e, (u, v, w) in enumerate(edges):
        arcs[u].append((v, w, e))
        arcs[v].append((u, w, e))
    indptr = np.zeros(n + 1, dtype=np.int64)
    adj, adjw, adje = [], [], []
    for v in range(n):
        for u, w, e in arcs[v]:
            adj.append(u)
            adjw.append(float(w))
            adje.append(e)
        indptr[v + 1] = len(adj)
    return (
        indptr,
        np.asarray(adj, dtype=np.int64),
        np.asarray(adjw, dtype=np.float64),
        np.asarray(adje, dtype=np.int64),
    )
