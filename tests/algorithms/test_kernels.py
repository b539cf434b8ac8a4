"""The shortest-path kernels on their own: the bucket queue (Dial) agrees with the binary
heap and with networkx, 0-weight edges included.

The Steiner solvers contract 0-weight edges before they call the kernels, so no solver
reaches the bucket queue's 0-weight case (a node reached at the distance of the bucket
being emptied joins that bucket). The kernel still promises it, and these tests hold it
to that promise directly, on CSR arrays built by `tests/algorithms/csr.py`.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.algorithms.csr import csr
from workbench.algorithms._kernels import relax_buckets, relax_heap, workspace

INF = np.inf


def run_both(
    n: int, edges: list[tuple[int, int, int]], starts: dict[int, int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    indptr, adj, adjw, adje = csr(n, edges)
    maxw = int(max((w for _, _, w in edges), default=0))
    _, nxt, item, done = workspace(indptr, adj, adjw, maxw)
    # the buckets span the start values' range plus every path: workspace() sizes them for
    # the Steiner tables (start values at most twice the total weight); these starts are
    # arbitrary, so the span is made here
    span = max(starts.values()) - min(starts.values()) + sum(w for _, _, w in edges) + 1
    head = np.full(span, -1, dtype=np.int64)
    dist_b = np.full(n, INF)
    dist_h = np.full(n, INF)
    for v, d in starts.items():
        dist_b[v] = dist_h[v] = d
    pred_b = np.empty(n, dtype=np.int64)
    pred_h = np.empty(n, dtype=np.int64)
    relax_buckets(indptr, adj, adjw, adje, dist_b, pred_b, head, nxt, item, done)
    assert (head == -1).all(), "the buckets are left empty for the next call"
    relax_heap(indptr, adj, adjw, adje, dist_h, pred_h)
    return dist_b, pred_b, dist_h, pred_h


def networkx_distances(
    n: int, edges: list[tuple[int, int, int]], starts: dict[int, int]
) -> np.ndarray:
    G = nx.Graph()
    G.add_nodes_from(range(n + 1))  # n: a source joined to each start at its start value
    for u, v, w in edges:
        if not G.has_edge(u, v) or G.edges[u, v]["weight"] > w:
            G.add_edge(u, v, weight=w)
    for v, d in starts.items():
        G.add_edge(n, v, weight=d)
    found = nx.single_source_dijkstra_path_length(G, n, weight="weight")
    return np.array([found.get(v, INF) for v in range(n)], dtype=float)


def check_pred(
    edges: list[tuple[int, int, int]], starts: dict[int, int], dist: np.ndarray, pred: np.ndarray
) -> None:
    """Every node reached by an edge was reached by a tight one; the others are starts."""
    for v, e in enumerate(pred):
        if e == -1:
            assert dist[v] == INF or dist[v] == starts.get(v)
            continue
        a, b, w = edges[e]
        other = a if b == v else b
        assert v in (a, b) and dist[v] == dist[other] + w


def test_zero_weight_edges_are_followed_within_the_bucket() -> None:
    # 0 -0- 1 -0- 2 -1- 3, and 0 -2- 3: every 0-weight relaxation lands in bucket 0
    edges = [(0, 1, 0), (1, 2, 0), (2, 3, 1), (0, 3, 2)]
    dist_b, pred_b, dist_h, _ = run_both(4, edges, {0: 0})
    assert dist_b.tolist() == dist_h.tolist() == [0, 0, 0, 1]
    assert pred_b.tolist() == [-1, 0, 1, 2]


def test_a_zero_weight_chain_from_a_later_start() -> None:
    # starts at 0 (value 3) and 4 (value 1); 4 -0- 5 -0- 6 -0- 0 brings 0 down to 1
    edges = [(4, 5, 0), (5, 6, 0), (6, 0, 0), (0, 1, 2), (1, 2, 1), (2, 3, 0)]
    dist_b, pred_b, dist_h, _ = run_both(7, edges, {0: 3, 4: 1})
    assert dist_b.tolist() == dist_h.tolist() == [1, 3, 4, 4, 1, 1, 1]
    check_pred(edges, {0: 3, 4: 1}, dist_b, pred_b)


@st.composite
def graphs_with_starts(
    draw: st.DrawFn,
) -> tuple[int, list[tuple[int, int, int]], dict[int, int]]:
    n = draw(st.integers(1, 12))
    pairs = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1])
    edges = [
        (u, v, w)
        for (u, v), w in draw(st.lists(st.tuples(pairs, st.integers(0, 3)), max_size=3 * n))
    ]
    starts = draw(st.dictionaries(st.integers(0, n - 1), st.integers(0, 4), min_size=1))
    return n, edges, starts


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs_with_starts())
def test_bucket_queue_agrees_with_the_heap_and_networkx(
    case: tuple[int, list[tuple[int, int, int]], dict[int, int]],
) -> None:
    n, edges, starts = case
    dist_b, pred_b, dist_h, pred_h = run_both(n, edges, starts)
    expected = networkx_distances(n, edges, starts)
    assert dist_b.tolist() == expected.tolist() == dist_h.tolist()
    check_pred(edges, starts, dist_b, pred_b)
    check_pred(edges, starts, dist_h, pred_h)


def test_positive_weights_take_the_cached_arrays_as_they_are() -> None:
    """A white-box check of the common case: with every edge present and no 0 weight, the
    prepared problem uses the graph's cached CSR arrays (nothing contracted, nothing
    copied); a 0-weight edge takes the contracting path instead. The answers are the same
    either way (tested with the solvers); this is the speed path the boards take."""
    from workbench.algorithms.steiner import _structure, prepare_problem

    G = nx.cycle_graph(6)
    nx.set_edge_attributes(G, 1, "weight")
    problem = prepare_problem(G, "weight")
    shape = _structure(G)
    assert problem.comp is shape.identity and problem.indptr is shape.indptr
    G.edges[0, 1]["weight"] = 0  # a rail: contracted, so new arrays
    contracted = prepare_problem(G, "weight")
    assert contracted.comp is not shape.identity and len(contracted.indptr) == len(G)


@st.composite
def steiner_cases(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]], list[int], int]:
    """A grid with some edges dropped (small integer weights: many ties, as on a board),
    three to six distinct terminals and a root among them."""
    width = draw(st.integers(2, 6))
    height = draw(st.integers(2, 6))
    n = width * height
    edges = []
    for r in range(height):
        for c in range(width):
            v = r * width + c
            for u in (v + 1 if c + 1 < width else -1, v + width if r + 1 < height else -1):
                if u >= 0 and draw(st.integers(0, 5)) > 0:
                    edges.append((v, u, draw(st.sampled_from([1, 1, 1, 2, 3]))))
    picks = draw(st.lists(st.integers(0, n - 1), min_size=3, max_size=min(6, n), unique=True))
    return n, edges, picks[:-1], picks[-1]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steiner_cases())
def test_the_bounded_table_gives_the_plain_tables_tree(
    case: tuple[int, list[tuple[int, int, int]], list[int], int],
) -> None:
    """emv_bounded skips entries that cannot be on the optimal tree; the cost, the tree
    walked back (with its tie-breaks) and every entry it walks through are emv's."""
    from workbench.algorithms._kernels import emv, emv_bounded, trace

    n, edges, terms, root = case
    indptr, adj, adjw, adje = csr(n, edges)
    maxw = int(max((w for _, _, w in edges), default=0))
    term = np.asarray(terms, dtype=np.int64)
    eu = np.asarray([u for u, _, _ in edges], dtype=np.int64)
    ev = np.asarray([v for _, v, _ in edges], dtype=np.int64)
    full = (1 << len(terms)) - 1
    dp, pred, split = emv(indptr, adj, adjw, adje, term, maxw)
    bdp, bpred, bsplit, ub = emv_bounded(indptr, adj, adjw, adje, term, root, maxw)
    best = dp[full, root]
    if best == INF:  # some terminal cut off: the bound is infinite and the caller falls back
        assert ub == INF
        return
    assert best <= ub  # the terminals' spanning tree is a tree
    assert bdp[full, root] == best
    tree = trace(dp, pred, split, eu, ev, term, full, root)
    assert trace(bdp, bpred, bsplit, eu, ev, term, full, root).tolist() == tree.tolist()
    # no entry is below its true value, and the singleton rows are complete
    finite = np.isfinite(dp)
    assert (bdp[finite] >= dp[finite]).all()
    for i in range(len(terms)):
        assert bdp[1 << i].tolist() == dp[1 << i].tolist()
    # the bound is the spanning tree of the terminals' distances, checked with networkx
    G = nx.Graph()
    G.add_nodes_from(range(n))
    for u, v, w in edges:
        if not G.has_edge(u, v) or G.edges[u, v]["weight"] > w:
            G.add_edge(u, v, weight=w)
    pts = [*terms, root]
    K = nx.Graph()
    for i, a in enumerate(pts):
        lengths = nx.single_source_dijkstra_path_length(G, a)
        for b in pts[i + 1 :]:
            K.add_edge(a, b, weight=lengths[b])
    assert ub == sum(d["weight"] for _, _, d in nx.minimum_spanning_edges(K, data=True))
