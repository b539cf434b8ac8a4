"""The one-tree bound of the bounded Steiner table, checked against exact trees.

:func:`~workbench.algorithms._kernels.one_tree_bounds` raises the table's lower bound of
what joining a node to the root and the terminals outside a set still costs. The bounded
table is exact only if that bound never exceeds the true cost (checked here against the
plain table's exact trees) and changes by at most an edge's weight along the edge (it is
consistent); the value itself is checked against the formula computed independently.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, given, settings

from tests.algorithms.test_kernels import csr, steiner_cases
from workbench.algorithms._kernels import emv, one_tree_bounds

INF = np.inf


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steiner_cases())
def test_the_one_tree_bound_is_exact_formula_and_a_consistent_lower_bound(
    case: tuple[int, list[tuple[int, int, int]], list[int], int],
) -> None:
    n, edges, terms, root = case
    indptr, adj, adjw, adje = csr(n, edges)
    maxw = int(max((w for _, _, w in edges), default=0))
    k = len(terms)
    full = (1 << k) - 1
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for u, v, w in edges:
        if not G.has_edge(u, v) or G.edges[u, v]["weight"] > w:
            G.add_edge(u, v, weight=w)
    pts = [*terms, root]
    dist = {a: nx.single_source_dijkstra_path_length(G, a) for a in pts}
    if any(b not in dist[a] for a in pts for b in pts):
        return  # the table stops at an infinite bound before it needs this one
    dp, _, _ = emv(indptr, adj, adjw, adje, np.asarray(terms, dtype=np.int64), maxw)
    away = np.zeros((full + 1, n))
    away[full] = [dist[root].get(v, INF) for v in range(n)]
    one_tree_bounds(dp, away, np.asarray(terms, dtype=np.int64), root)
    assert away[full].tolist() == [dist[root].get(v, INF) for v in range(n)]
    assert not away[0].any()  # the empty set is not a row the table reads
    for mask in range(1, full):
        rest = [root, *(t for i, t in enumerate(terms) if not mask >> i & 1)]
        K = nx.Graph()
        K.add_nodes_from(rest)
        K.add_weighted_edges_from((a, b, dist[a][b]) for a in rest for b in rest if a != b)
        span = sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(K, data=True))
        # the exact cost of joining v to the rest: the plain table with v as its root
        exact, _, _ = emv(indptr, adj, adjw, adje, np.asarray(rest, dtype=np.int64), maxw)
        for v in range(n):
            near = sorted(dist[t].get(v, INF) for t in rest)
            expected = max(0.0, 0.5 * (near[0] + near[1] + span))
            assert away[mask, v] == expected
            assert away[mask, v] <= exact[-1, v]
        for u, v, w in edges:  # consistent: an edge changes the bound by its weight at most
            a, b = away[mask, u], away[mask, v]
            if a < INF or b < INF:
                assert abs(a - b) <= w
