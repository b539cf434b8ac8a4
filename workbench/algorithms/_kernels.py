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


@numba.njit(cache=True, nogil=True)
def relax_bounded(
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    dist: np.ndarray,
    pred: np.ndarray,
    h: np.ndarray,
    ub: float,
    head: np.ndarray,
    nxt: np.ndarray,
    item: np.ndarray,
    done: np.ndarray,
) -> None:
    """:func:`relax_buckets` restricted to the entries that can still be on a tree of cost
    ``ub`` or less: a node enters the queue only while ``dist + h <= ub``, ``h`` being a
    consistent lower bound of what joining it to the rest still costs.

    Entries within the bound end with the very distances and predecessors that
    :func:`relax_buckets` gives them, in the same order: a bucket is a list, and leaving
    entries out of a list does not reorder the others; an entry out of bound, ``h`` being
    consistent, only ever reaches entries out of bound. Entries out of bound keep a value
    at least their true one.
    """
    n = dist.shape[0]
    lo = INF
    for v in range(n):
        pred[v] = -1
        done[v] = False
        d = dist[v]
        if d < lo and d + h[v] <= ub:
            lo = d
    if lo == INF:
        return
    base = np.int64(lo)
    used = 0
    for v in range(n):
        d = dist[v]
        if d < INF and d + h[v] <= ub:
            b = np.int64(d) - base
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
                    if nd < dist[u] and nd + h[u] <= ub:
                        dist[u] = nd
                        pred[u] = adje[i]
                        nb = np.int64(nd) - base
                        item[used] = u
                        if nb == b:
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
def terminal_mst(dp: np.ndarray, droot: np.ndarray, terminals: np.ndarray, root: int) -> float:
    """The weight of a minimum spanning tree of the terminals and ``root`` under their
    shortest distances (``dp[1 << i]`` from terminal ``i``, ``droot`` from the root): the
    paths of that tree join everything, so it bounds the Steiner tree's cost from above
    (Kou, Markowsky and Berman 1981 show it is less than twice that cost)."""
    k = terminals.shape[0]
    m = k + 1
    intree = np.zeros(m, dtype=np.bool_)
    best = np.full(m, INF)
    best[k] = 0.0
    total = 0.0
    for _ in range(m):
        j = -1
        for x in range(m):
            if not intree[x] and (j < 0 or best[x] < best[j]):
                j = x
        intree[j] = True
        total += best[j]
        for x in range(m):
            if not intree[x]:
                p = root if x == k else terminals[x]
                d = droot[p] if j == k else dp[1 << j, p]
                if d < best[x]:
                    best[x] = d
    return total


@numba.njit(cache=True, nogil=True)
def emv_bounded(
    indptr: np.ndarray,
    adj: np.ndarray,
    adjw: np.ndarray,
    adje: np.ndarray,
    terminals: np.ndarray,
    root: int,
    maxw: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """:func:`emv` for the tree joining ``terminals`` and ``root``, skipping the entries
    that cannot be on it, with the same answer and the same tree (ties broken alike).

    ``maxw`` must be at least 0 (integer weights: the bucket queue). Returns the tables
    and the upper bound ``ub`` used: the spanning tree of :func:`terminal_mst`. Every
    table entry ``(S, v)`` on the tree behind ``dp[full, root]`` has ``dp[S, v] +
    h(S, v) <= dp[full, root] <= ub``, where ``h(S, v)`` is the largest distance from
    ``v`` to the root or a terminal outside ``S`` (what joining ``v`` to them costs at
    least). The single-terminal rows and the root's distances are computed in full; the
    other rows only where ``max over t in S of dist(v, t) + h(S, v) <= ub``, and their
    shortest-path passes by :func:`relax_bounded`. Entries within the bound are therefore
    exactly :func:`emv`'s (a split of ``S`` at ``v`` that achieves the minimum has both
    parts within the bound; the others only grow), and those out of it are at least
    their true values, so :func:`trace` walks back the same tree. If the optimum exceeds
    ``ub`` (it cannot: ``ub`` is a tree's cost) or ``ub`` is infinite, the caller falls
    back to :func:`emv`.
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
        relax_buckets(indptr, adj, adjw, adje, dp[1 << i], pred[1 << i], head, nxt, item, done)
    # away[S]: the largest distance to the root or a terminal outside S
    away = np.empty((full + 1, n))
    away[full, :] = INF
    away[full, root] = 0.0
    scratch = np.empty(n, dtype=np.int32)
    relax_buckets(indptr, adj, adjw, adje, away[full], scratch, head, nxt, item, done)
    ub = terminal_mst(dp, away[full], terminals, root)
    if ub == INF:
        return dp, pred, split, ub
    for mask in range(full - 1, 0, -1):
        bit = 0
        while (mask >> bit) & 1:
            bit += 1
        up = away[mask | (1 << bit)]
        d = dp[1 << bit]
        row = away[mask]
        for v in range(n):
            row[v] = max(up[v], d[v])
    # near[S]: the largest distance to a terminal in S (a lower bound of dp[S])
    near = np.empty((full + 1, n))
    near[0, :] = 0.0
    active = np.empty(n, dtype=np.int64)
    for mask in range(1, full + 1):
        low = mask & -mask
        below = near[mask ^ low]
        d = dp[low]
        here = near[mask]
        for v in range(n):
            here[v] = max(below[v], d[v])
        if low == mask:
            continue
        h = away[mask]
        count = 0
        for v in range(n):
            if here[v] + h[v] <= ub:
                active[count] = v
                count += 1
        row = dp[mask]
        best = split[mask]
        rest = mask ^ low
        s = (rest - 1) & rest
        while True:
            sub = low | s
            a = dp[sub]
            b = dp[mask ^ sub]
            for j in range(count):
                v = active[j]
                c = a[v] + b[v]
                if c < row[v]:
                    row[v] = c
                    best[v] = sub
            if s == 0:
                break
            s = (s - 1) & rest
        relax_bounded(indptr, adj, adjw, adje, row, pred[mask], h, ub, head, nxt, item, done)
    return dp, pred, split, ub
