# mypy: disable-error-code="assignment"
"""Compiled inner loops of the exact Steiner tree (numba, cached on disk).

The graph comes in CSR form: ``indptr``/``adj`` list each node's neighbours, ``adjw`` the
edge weights and ``adje`` the edge ids (to map a tree back to the caller's edges). Weights
are float64; when they are all small integers the shortest-path step uses a bucket queue
(Dial 1969) instead of a binary heap.
"""

from __future__ import annotations

import heapq

import numba
import numpy as np

INF = np.inf


@numba.njit(cache=True, nogil=True)
def relax_heap(
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    dist: np.ndarray,
    pred: np.ndarray,
) -> None:
    """Multi-source Dijkstra in place: ``dist`` holds start values (inf = not a source);
    on return it holds shortest distances and ``pred`` the edge id that reached each node
    (-1 for a node whose value is its start value)."""
    n = dist.shape[0]
    heap = [(0.0, np.int64(0)) for _ in range(0)]
    for v in range(n):
        pred[v] = -1
        if dist[v] < INF:
            heap.append((dist[v], np.int64(v)))
    heapq.heapify(heap)
    done = np.zeros(n, dtype=np.bool_)
    while heap:
        d, v = heapq.heappop(heap)
        if done[v] or d > dist[v]:
            continue
        done[v] = True
        for i in range(indptr[v], indptr[v + 1]):
            u = adj[i]
            nd = d + adjw[i]
            if nd < dist[u]:
                dist[u] = nd
                pred[u] = adje[i]
                heapq.heappush(heap, (nd, u))


@numba.njit(cache=True, nogil=True)
def relax_buckets(
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    dist: np.ndarray,
    pred: np.ndarray,
    head: np.ndarray,
    nxt: np.ndarray,
    item: np.ndarray,
    done: np.ndarray,
) -> None:
    """:func:`relax_heap` for small integer weights, with a bucket queue (Dial 1969).

    ``head`` (all -1, as long as the largest distance span), ``nxt``/``item`` (room for
    ``n + len(adj)`` entries) and ``done`` are work arrays that callers reuse; ``head`` is
    left all -1 again. Every successful relaxation adds one entry, and each arc succeeds at
    most once, so the entry pool never overflows.
    """
    n = dist.shape[0]
    lo = INF
    for v in range(n):
        pred[v] = -1
        done[v] = False
        if dist[v] < lo:
            lo = dist[v]
    if lo == INF:
        return
    base = np.int64(lo)
    used = 0
    for v in range(n):
        if dist[v] < INF:
            b = np.int64(dist[v]) - base
            item[used] = v
            nxt[used] = head[b]
            head[b] = used
            used += 1
    pending = used
    b = 0
    while pending > 0:
        e = head[b]
        head[b] = -1
        while e != -1:
            pending -= 1
            v = item[e]
            e_next = nxt[e]
            if not done[v] and np.int64(dist[v]) - base == b:
                done[v] = True
                dv = dist[v]
                for i in range(indptr[v], indptr[v + 1]):
                    u = adj[i]
                    nd = dv + adjw[i]
                    if nd < dist[u]:
                        dist[u] = nd
                        pred[u] = adje[i]
                        nb = np.int64(nd) - base
                        item[used] = u
                        if nb == b:  # a 0-weight edge: handle it in this same bucket
                            nxt[used] = e_next
                            e_next = used
                        else:
                            nxt[used] = head[nb]
                            head[nb] = used
                        used += 1
                        pending += 1
            e = e_next
        b += 1


@numba.njit(cache=True, nogil=True)
def relax(indptr, adj, adjw, adje, dist, pred, maxw, head, nxt, item, done):  # type: ignore[no-untyped-def]
    """Bucket queue when ``maxw >= 0`` (integer weights), binary heap otherwise."""
    if maxw >= 0:
        relax_buckets(indptr, adj, adjw, adje, dist, pred, head, nxt, item, done)
    else:
        relax_heap(indptr, adj, adjw, adje, dist, pred)


@numba.njit(cache=True, nogil=True)
def workspace(indptr, adj, adjw, maxw):  # type: ignore[no-untyped-def]
    """Work arrays for :func:`relax_buckets`.

    A table value is a tree's cost, at most the sum W of all weights, but a value before
    the shortest-path pass is the sum of two of them, so the buckets span 2W plus one edge.
    """
    n = indptr.shape[0] - 1
    span = 1
    if maxw >= 0:
        span = np.int64(adjw.sum()) + maxw + 2  # adjw holds each edge twice: 2W
    head = np.full(span, -1, dtype=np.int64)
    nxt = np.empty(n + adj.shape[0] + 1, dtype=np.int64)
    item = np.empty(n + adj.shape[0] + 1, dtype=np.int64)
    done = np.zeros(n, dtype=np.bool_)
    return head, nxt, item, done


@numba.njit(cache=True, nogil=True)
def emv(
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    terminals: np.ndarray,
    maxw: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The Dreyfus-Wagner table in its Erickson-Monma-Veinott form.

    ``dp[S, v]`` is the cost of the cheapest tree joining the terminals in the bit set ``S``
    and node ``v``. For each ``S`` (in increasing order, so every proper subset is done),
    ``v``'s value is first the best split of ``S`` into two parts meeting at ``v``
    (``split[S, v]`` keeps the part), then shortest paths spread it over the graph
    (``pred[S, v]`` keeps the edge that brought it).
    """
    n = indptr.shape[0] - 1
    k = terminals.shape[0]
    full = (1 << k) - 1
    dp = np.full((full + 1, n), INF)
    pred = np.full((full + 1, n), -1, dtype=np.int32)
    split = np.zeros((full + 1, n), dtype=np.int32)
    head, nxt, item, done = workspace(indptr, adj, adjw, maxw)
    for i in range(k):
        dp[1 << i, terminals[i]] = 0.0
        relax(indptr, adj, adjw, adje, dp[1 << i], pred[1 << i], maxw, head, nxt, item, done)
    for mask in range(1, full + 1):
        low = mask & -mask
        if low == mask:
            continue
        row = dp[mask]
        best = split[mask]
        rest = mask ^ low
        s = (rest - 1) & rest
        while True:
            sub = low | s
            a = dp[sub]
            b = dp[mask ^ sub]
            for v in range(n):
                c = a[v] + b[v]
                if c < row[v]:
                    row[v] = c
                    best[v] = sub
            if s == 0:
                break
            s = (s - 1) & rest
        relax(indptr, adj, adjw, adje, row, pred[mask], maxw, head, nxt, item, done)
    return dp, pred, split


@numba.njit(cache=True, nogil=True)
def trace(
    dp: np.ndarray,
    pred: np.ndarray,
    split: np.ndarray,
    eu: np.ndarray,
    ev: np.ndarray,
    terminals: np.ndarray,
    mask: int,
    node: int,
) -> np.ndarray:
    """The edge ids of the tree behind ``dp[mask, node]`` (a walk back through the table)."""
    edges = []
    stack_mask = [np.int64(mask)]
    stack_node = [np.int64(node)]
    while stack_mask:
        s = stack_mask.pop()
        v = stack_node.pop()
        while pred[s, v] != -1:
            e = pred[s, v]
            edges.append(e)
            v = eu[e] if ev[e] == v else ev[e]
        if s & (s - 1) == 0:  # one terminal: the path ends at it
            continue
        sub = split[s, v]
        stack_mask.append(np.int64(sub))
        stack_node.append(v)
        stack_mask.append(np.int64(s ^ sub))
        stack_node.append(v)
    out = np.empty(len(edges), dtype=np.int64)
    for i in range(len(edges)):
        out[i] = edges[i]
    return out
