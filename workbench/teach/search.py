"""Searches from one source: breadth-first search, Dijkstra's algorithm, Dial's buckets.

On a board, breadth-first search counts segments (levels), Dijkstra's algorithm [1]_
counts rails (a double costs 2, a built rail 0), and Dial's bucket queue [2]_ does the
same with one list per distance, which suits the small integer weights of a board.

References
----------
.. [1] E. W. Dijkstra, "A note on two problems in connexion with graphs", Numerische
   Mathematik 1 (1959) 269-271. https://doi.org/10.1007/BF01386390
.. [2] R. B. Dial, "Algorithm 360: shortest-path forest with topological ordering",
   Communications of the ACM 12 (1969) 632-633. https://doi.org/10.1145/363269.363610
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Hashable
from typing import Any

import networkx as nx

from workbench.teach._graphs import Weight, require_node, require_nonnegative, view
from workbench.teach.frames import DEFAULT_MAX_FRAMES, FrozenMap, Recorder, Trace

__all__ = ["BFS", "DIAL", "DIJKSTRA", "bfs", "dial", "dijkstra"]

BFS = (
    "level[source] = 0; Q = [source]",
    "while Q is not empty:",
    "    u = Q.pop_front()",
    "    for each neighbour v of u:",
    "        if v has no level yet:",
    "            level[v] = level[u] + 1; Q.push_back(v)",
    "return level",
)
"""Pseudo-code of :func:`bfs`."""

DIJKSTRA = (
    "dist[source] = 0; PQ = {(0, source)}",
    "while PQ is not empty:",
    "    (d, u) = PQ.pop_min()",
    "    if u is settled: skip this stale entry",
    "    settle u at distance d",
    "    for each edge (u, v) of weight w:",
    "        if d + w < dist[v]:",
    "            dist[v] = d + w; parent[v] = u; PQ.push((dist[v], v))",
    "return dist",
)
"""Pseudo-code of :func:`dijkstra`."""

DIAL = (
    "dist[source] = 0; bucket[0] = [source]",
    "for d = 0, 1, 2, ... while a bucket is not empty:",
    "    while bucket[d] is not empty:",
    "        u = bucket[d].pop(); if u is settled: skip it",
    "        settle u at distance d",
    "        for each edge (u, v) of weight w:",
    "            if d + w < dist[v]:",
    "                move v to bucket[d + w]; dist[v] = d + w; parent[v] = u",
    "return dist",
)
"""Pseudo-code of :func:`dial`."""


def bfs(G: nx.Graph, source: Hashable, *, max_frames: int = DEFAULT_MAX_FRAMES) -> Trace:
    """Trace a breadth-first search: the level of every node reachable from ``source``.

    Frames: the start, each node taken from the queue (``current``) and each node
    discovered (``frontier``, its edge ``tree``); dequeued nodes become ``visited``. The
    state holds ``queue`` (a tuple, front first) and ``level`` (``node -> level``).

    Parameters
    ----------
    G : networkx Graph (directed graphs follow out-edges)
    source : node
        Where the search starts.
    max_frames : int
        Frames kept at most (see :data:`~workbench.teach.frames.DEFAULT_MAX_FRAMES`).

    Returns
    -------
    Trace
        ``result["level"]``: ``node -> number of edges from source``;
        ``result["parent"]``: ``node -> its parent in the search tree``.

    Raises
    ------
    networkx.NodeNotFound
        If ``source`` is not in ``G``.

    Examples
    --------
    >>> import networkx as nx
    >>> t = bfs(nx.cycle_graph(5), 0)
    >>> t.result["level"]
    {0: 0, 1: 1, 4: 1, 2: 2, 3: 2}
    >>> t.frames[1].message
    'Take 0 (level 0) from the front of the queue.'
    """
    require_node(G, source, "source")
    g = view(G, weight=None)
    rec = Recorder("bfs", BFS, max_frames)
    level: dict[Hashable, int] = {source: 0}
    parent: dict[Hashable, Hashable] = {}
    queue: deque[Hashable] = deque([source])
    nodes: dict[Hashable, str] = {source: "frontier"}
    edges: dict[Hashable, str] = {}

    def state() -> dict[str, Any]:
        return {"queue": tuple(queue), "level": FrozenMap(level)}

    rec.add(0, f"Start at {source!r}: level 0, and the queue holds it.", nodes, edges, state)
    while queue:
        u = queue.popleft()
        nodes[u] = "current"
        rec.add(
            2, f"Take {u!r} (level {level[u]}) from the front of the queue.", nodes, edges, state
        )
        for v, _ in g.adj[u]:
            if v not in level:
                level[v] = level[u] + 1
                parent[v] = u
                queue.append(v)
                nodes[v] = "frontier"
                edges[g.key(u, v)] = "tree"
                message = f"Discover {v!r} from {u!r}: level {level[v]}, queued at the back."
                rec.add(5, message, nodes, edges, state)
        nodes[u] = "visited"
    rec.final(6, f"The queue is empty: {len(level)} nodes reached.", nodes, edges, state)
    return rec.trace({"level": level, "parent": parent})


def dijkstra(
    G: nx.Graph,
    source: Hashable,
    weight: Weight = "weight",
    *,
    max_frames: int = DEFAULT_MAX_FRAMES,
) -> Trace:
    """Trace Dijkstra's algorithm [1]_ with a binary heap and lazy deletion.

    Frames: the start, each entry popped (a settled node, or a stale entry skipped) and
    each improvement of a distance. Settled nodes are ``visited``, queued ones
    ``frontier``; the edges of the shortest-path tree so far are ``tree``, the edge just
    relaxed ``current``. The state holds ``queue`` (the heap's ``(distance, node)``
    entries in pop order, stale ones included) and ``distance`` (tentative distances).

    Parameters
    ----------
    G : networkx Graph (directed graphs follow out-edges)
    source : node
    weight : str or callable, default "weight"
        As in networkx: an edge attribute (1 where missing) or ``f(u, v, data)``.
    max_frames : int

    Returns
    -------
    Trace
        ``result["distance"]``: ``node -> cost from source``;
        ``result["parent"]``: the shortest-path tree, ``node -> parent``.

    Raises
    ------
    networkx.NodeNotFound
        If ``source`` is not in ``G``.
    ValueError
        If a weight is negative.

    References
    ----------
    .. [1] E. W. Dijkstra (1959). https://doi.org/10.1007/BF01386390

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([(0, 1, {"weight": 2}), (1, 2, {"weight": 0}), (0, 2, {"weight": 3})])
    >>> t = dijkstra(G, 0)
    >>> t.result["distance"]
    {0: 0, 1: 2, 2: 2}
    >>> t.frames[-1].state["distance"] == t.result["distance"]
    True
    """
    require_node(G, source, "source")
    g = view(G, weight)
    require_nonnegative(g)
    rec = Recorder("dijkstra", DIJKSTRA, max_frames)
    dist: dict[Hashable, Any] = {source: 0}
    parent: dict[Hashable, Hashable] = {}
    heap: list[tuple[Any, int, Hashable]] = [(0, g.rank[source], source)]
    settled: set[Hashable] = set()
    nodes: dict[Hashable, str] = {source: "frontier"}
    edges: dict[Hashable, str] = {}

    def state() -> dict[str, Any]:
        return {
            "queue": tuple((d, v) for d, _, v in sorted(heap)),
            "distance": FrozenMap(dist),
        }

    rec.add(0, f"Start at {source!r} at distance 0.", nodes, edges, state)
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in settled:
            rec.add(
                3, f"Skip the stale entry ({d!r}, {u!r}): {u!r} is settled.", nodes, edges, state
            )
            continue
        settled.add(u)
        nodes[u] = "current"
        rec.add(
            4, f"Settle {u!r} at distance {d!r}, the smallest in the queue.", nodes, edges, state
        )
        for v, w in g.adj[u]:
            if v not in settled and d + w < dist.get(v, float("inf")):
                old = dist.get(v)
                dist[v] = d + w
                if v in parent:
                    edges[g.key(parent[v], v)] = "rejected"
                parent[v] = u
                heapq.heappush(heap, (d + w, g.rank[v], v))
                nodes[v] = "frontier"
                edges[g.key(u, v)] = "current"
                was = "" if old is None else f" (was {old!r})"
                message = f"Relax {u!r}-{v!r}: {v!r} can be reached at {d + w!r}{was}."
                rec.add(7, message, nodes, edges, state)
                edges[g.key(u, v)] = "tree"
        nodes[u] = "visited"
    for key, role in list(edges.items()):
        if role == "rejected":
            del edges[key]
    rec.final(8, f"The queue is empty: {len(dist)} nodes settled.", nodes, edges, state)
    return rec.trace({"distance": dist, "parent": parent})


def dial(
    G: nx.Graph,
    source: Hashable,
    weight: Weight = "weight",
    *,
    max_frames: int = DEFAULT_MAX_FRAMES,
) -> Trace:
    """Trace Dial's algorithm [1]_: Dijkstra with one bucket per distance.

    Weights must be non-negative integers (a board's 0 / 1 / 2). The buckets are scanned
    in increasing distance; a node that gets a smaller distance moves to an earlier
    bucket (its old entry is skipped when met). Frames and roles are those of
    :func:`dijkstra`; the state holds ``buckets`` (``(distance, nodes)`` pairs of the
    non-empty buckets, live entries only) and ``distance``.

    Parameters
    ----------
    G : networkx Graph (directed graphs follow out-edges)
    source : node
    weight : str or callable, default "weight"
    max_frames : int

    Returns
    -------
    Trace
        ``result["distance"]`` and ``result["parent"]``, as for :func:`dijkstra`.

    Raises
    ------
    networkx.NodeNotFound
        If ``source`` is not in ``G``.
    ValueError
        If a weight is negative or not an integer.

    References
    ----------
    .. [1] R. B. Dial (1969). https://doi.org/10.1145/363269.363610

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([(0, 1, {"weight": 2}), (1, 2, {"weight": 0}), (0, 2, {"weight": 1})])
    >>> t = dial(G, 0)
    >>> t.result["distance"]
    {0: 0, 1: 1, 2: 1}
    >>> t.frames[0].state["buckets"]
    ((0, (0,)),)
    """
    require_node(G, source, "source")
    g = view(G, weight)
    require_nonnegative(g)
    for e, w in g.edges():
        if float(w) != int(w):
            raise ValueError(f"Dial's buckets need integer weights: edge {e!r} weighs {w!r}")
    rec = Recorder("dial", DIAL, max_frames)
    dist: dict[Hashable, int] = {source: 0}
    parent: dict[Hashable, Hashable] = {}
    buckets: dict[int, deque[Hashable]] = {0: deque([source])}
    settled: set[Hashable] = set()
    nodes: dict[Hashable, str] = {source: "frontier"}
    edges: dict[Hashable, str] = {}

    def state() -> dict[str, Any]:
        live = []
        for b in sorted(buckets):
            members = tuple(v for v in buckets[b] if v not in settled and dist[v] == b)
            if members:
                live.append((b, members))
        return {"buckets": tuple(live), "distance": FrozenMap(dist)}

    rec.add(0, f"Start at {source!r}: bucket 0 holds it.", nodes, edges, state)
    d = 0
    while buckets:
        bucket = buckets.get(d)
        while bucket:
            u = bucket.popleft()
            if u in settled or dist[u] != d:
                rec.add(
                    3, f"Skip {u!r} in bucket {d}: it has moved or is settled.", nodes, edges, state
                )
                continue
            settled.add(u)
            nodes[u] = "current"
            rec.add(4, f"Settle {u!r} at distance {d}, from bucket {d}.", nodes, edges, state)
            for v, w in g.adj[u]:
                dv = d + int(w)
                if v not in settled and dv < dist.get(v, dv + 1):
                    old = dist.get(v)
                    dist[v] = dv
                    if v in parent:
                        edges[g.key(parent[v], v)] = "rejected"
                    parent[v] = u
                    buckets.setdefault(dv, deque()).append(v)
                    nodes[v] = "frontier"
                    edges[g.key(u, v)] = "current"
                    was = "" if old is None else f" (was in bucket {old})"
                    message = f"Relax {u!r}-{v!r}: {v!r} goes to bucket {dv}{was}."
                    rec.add(7, message, nodes, edges, state)
                    edges[g.key(u, v)] = "tree"
            nodes[u] = "visited"
        buckets.pop(d, None)
        d = min(buckets, default=d + 1)  # the next non-empty bucket: skip the empty ones
    for key, role in list(edges.items()):
        if role == "rejected":
            del edges[key]
    rec.final(8, f"Every bucket is empty: {len(dist)} nodes settled.", nodes, edges, state)
    return rec.trace({"distance": dist, "parent": parent})
