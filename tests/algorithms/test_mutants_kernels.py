"""Behaviours of the Steiner kernels that a mutation run (issue 18, ``--jit-off``) found
untested. Each test works with the JIT on (the suite) and off (the mutation run): it calls
the kernels as they are and checks them against values worked out here or by networkx."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np

from workbench.algorithms._kernels import emv, workspace

INF = np.inf


def csr(n: int, edges: list[tuple[int, int, int]]) -> tuple[np.ndarray, ...]:
    """``indptr, adj, adjw, adje`` of an undirected graph on ``0..n-1``."""
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


def test_the_bucket_queue_spans_a_far_nodes_start_value_in_a_table_row() -> None:
    # t0 -1- x -1- t1, and a heavy spur x -6- y. The row of {t0, t1} starts at
    # d(t0, v) + d(t1, v): 2 at t0, t1 and x, but 7 + 7 = 14 at y, 12 buckets above the
    # row's lowest start. The buckets must reach it (one edge's weight less would not).
    edges = [(0, 2, 1), (1, 2, 1), (2, 3, 6)]
    indptr, adj, adjw, adje = csr(4, edges)
    G = nx.Graph()
    G.add_weighted_edges_from(edges)
    d = dict(nx.all_pairs_dijkstra_path_length(G))
    terminals = [0, 1]
    starts = [d[0][v] + d[1][v] for v in range(4)]
    assert starts == [2, 2, 2, 14]
    head = workspace(indptr, adj, adjw, 6)[0]
    assert len(head) > max(starts) - min(starts)
    assert (head == -1).all()
    dp, _, _ = emv(indptr, adj, adjw, adje, np.array(terminals, dtype=np.int64), 6)
    # the pair's row: the path t0-x-t1 plus the way out to v
    assert dp[3].tolist() == [2.0, 2.0, 2.0, 8.0]
    for v, (a, b) in itertools.product(range(4), [(1, 0), (2, 1)]):
        assert dp[a, v] == d[terminals[b]][v]


def test_the_work_arrays_hold_an_entry_per_start_and_per_arc_and_empty_buckets() -> None:
    # relax_buckets' contract: head all -1 (its length: the test above), nxt and item with
    # room for n + len(adj) entries (a start value per node, a relaxation per arc), done a
    # flag per node; compiled, a pass writes past the end of a shorter array unnoticed
    for n, edges in [(3, []), (4, [(0, 2, 1), (1, 2, 1), (2, 3, 6)]), (2, [(0, 1, 3)])]:
        indptr, adj, adjw, _ = csr(n, edges)
        maxw = max((w for _, _, w in edges), default=0)
        head, nxt, item, done = workspace(indptr, adj, adjw, maxw)
        assert len(nxt) >= n + len(adj) and len(item) >= n + len(adj)
        assert len(done) >= n and len(head) >= 1 and (head == -1).all()
