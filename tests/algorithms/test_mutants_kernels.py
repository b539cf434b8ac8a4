"""Behaviours of the Steiner kernels that a mutation run (issue 18, ``--jit-off``) found
untested. Each test works with the JIT on (the suite) and off (the mutation run): it calls
the kernels as they are and checks them against values worked out here or by networkx."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np

from tests.algorithms.csr import csr
from workbench.algorithms._kernels import emv, emv_bounded, trace, workspace

INF = np.inf


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


def test_the_tables_have_a_row_per_set_of_terminals_and_a_column_per_node() -> None:
    # a 4-node star, centre 2: t0 -1- 2 -1- t1, 2 -6- 3. Compiled, a kernel does not check
    # its indices, so a table one row short would be written past its end unnoticed; its
    # shape says it. Rows: the 2 ** k sets of terminals (row 0, the empty set, unused)
    edges = [(0, 2, 1), (1, 2, 1), (2, 3, 6)]
    indptr, adj, adjw, adje = csr(4, edges)
    eu = np.array([u for u, _, _ in edges], dtype=np.int64)
    ev = np.array([v for _, v, _ in edges], dtype=np.int64)
    for terms in ([0], [0, 1], [0, 1, 3]):
        term = np.array(terms, dtype=np.int64)
        full = (1 << len(terms)) - 1
        dp, pred, split = emv(indptr, adj, adjw, adje, term, 6)
        assert dp.shape == pred.shape == split.shape == (full + 1, 4)
        # the tree of all terminals at the centre: its edges to each terminal
        assert dp[full, 2] == sum(1 if t < 2 else 6 for t in terms)
        got = sorted(trace(dp, pred, split, eu, ev, term, full, 2).tolist())
        assert got == sorted(0 if t == 0 else 1 if t == 1 else 2 for t in terms)
    # the bounded table for terminals {t0, t1} and the root 3: the whole star
    term = np.array([0, 1], dtype=np.int64)
    bdp, bpred, bsplit, ub = emv_bounded(indptr, adj, adjw, adje, term, 3, 6)
    assert bdp.shape == bpred.shape == bsplit.shape == (4, 4)
    # the bound: the spanning tree of the distances t0-t1 2, t0-3 7, t1-3 7
    assert bdp[3, 3] == 8.0 and ub == 9.0
    assert sorted(trace(bdp, bpred, bsplit, eu, ev, term, 3, 3).tolist()) == [0, 1, 2]


def test_the_bounded_table_keeps_the_entries_exactly_at_the_bound() -> None:
    # t0 -1- t1 -1- r: the terminals' spanning tree is the optimal tree, so the bound is
    # tight (ub == 2) and every entry on the tree sits exactly at it (dist + h == ub): at
    # t1 the pair {t0, t1} costs 1 and the root is 1 away; the root's entry is 2 + 0
    edges = [(0, 1, 1), (1, 2, 1)]
    indptr, adj, adjw, adje = csr(3, edges)
    term = np.array([0, 1], dtype=np.int64)
    bdp, bpred, bsplit, ub = emv_bounded(indptr, adj, adjw, adje, term, 2, 1)
    assert ub == 2.0
    assert bdp[3, 1] == 1.0 and bdp[3, 2] == 2.0
    eu = np.array([0, 1], dtype=np.int64)
    ev = np.array([1, 2], dtype=np.int64)
    assert sorted(trace(bdp, bpred, bsplit, eu, ev, term, 3, 2).tolist()) == [0, 1]
