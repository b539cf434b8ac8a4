"""Minimum spanning trees: Prim's algorithm [1]_ and Kruskal's algorithm [2]_.

Both give a minimum spanning forest (one tree per connected component): Prim grows one
tree from a root with a priority queue of the edges leaving it; Kruskal takes the edges
from lightest to heaviest and keeps those that join two different union-find sets.
Equal weights are taken in node order, so a trace is reproducible.

References
----------
.. [1] R. C. Prim, "Shortest connection networks and some generalizations", Bell System
   Technical Journal 36 (1957) 1389-1401. https://doi.org/10.1002/j.1538-7305.1957.tb01515.x
.. [2] J. B. Kruskal, "On the shortest spanning subtree of a graph and the traveling
   salesman problem", Proceedings of the AMS 7 (1956) 48-50.
   https://doi.org/10.1090/S0002-9939-1956-0078686-7
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable
from typing import Any

import networkx as nx

from workbench.teach._graphs import Edge, Weight, require_node, require_undirected, view
from workbench.teach.frames import DEFAULT_MAX_FRAMES, Recorder, Trace

__all__ = ["KRUSKAL", "PRIM", "kruskal", "prim"]

PRIM = (
    "for each node r not yet in the tree:",
    "    add r to the tree; push the edges leaving r into PQ",
    "    while PQ is not empty:",
    "        (w, u, v) = PQ.pop_min()",
    "        if v is already in the tree: reject (u, v), it would close a cycle",
    "        add v and the edge (u, v) to the tree",
    "        push the edges (v, x) with x not in the tree into PQ",
    "return the tree's edges",
)
"""Pseudo-code of :func:`prim`."""

KRUSKAL = (
    "sort the edges by weight; make a set {v} for every node",
    "for each edge (u, v) in sorted order:",
    "    if find(u) == find(v): reject (u, v), it would close a cycle",
    "    else: union(u, v); add (u, v) to the tree",
    "    if the tree has |V| - (number of components) edges: stop",
    "return the tree's edges",
)
"""Pseudo-code of :func:`kruskal`."""

_NEXT_SHOWN = 8  # Kruskal's state shows this many of the edges still to come


def prim(
    G: nx.Graph,
    weight: Weight = "weight",
    root: Hashable | None = None,
    *,
    max_frames: int = DEFAULT_MAX_FRAMES,
) -> Trace:
    """Trace Prim's algorithm [1]_: grow a tree from ``root`` by its lightest leaving edge.

    Frames: each root (the first, then one per further component), each edge popped and
    rejected, each edge added. Tree nodes are ``tree`` (the one just added ``current``),
    nodes touched by a queued edge ``frontier``; edges are ``tree``, ``candidate`` (in
    the queue) or ``rejected``. The state holds ``queue``: ``(weight, edge)`` in pop order.

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    weight : str or callable, default "weight"
    root : node, optional
        Where the first tree starts (the first node in order if not given).
    max_frames : int

    Returns
    -------
    Trace
        ``result["edges"]``: the forest's edges (sorted by node order);
        ``result["weight"]``: their total weight.

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed.
    networkx.NodeNotFound
        If ``root`` is not in ``G``.

    References
    ----------
    .. [1] R. C. Prim (1957). https://doi.org/10.1002/j.1538-7305.1957.tb01515.x

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([(0, 1, {"weight": 1}), (1, 2, {"weight": 2}), (0, 2, {"weight": 1})])
    >>> t = prim(G)
    >>> t.result
    {'edges': ((0, 1), (0, 2)), 'weight': 2}
    >>> [f.line for f in t.frames]
    [1, 5, 5, 4, 7]
    """
    require_undirected(G, "prim")
    g = view(G, weight)
    if root is not None:
        require_node(G, root, "root")
    rec = Recorder("prim", PRIM, max_frames)
    in_tree: set[Hashable] = set()
    heap: list[tuple[Any, tuple[int, int], Edge]] = []
    nodes: dict[Hashable, str] = {}
    edges: dict[Hashable, str] = {}
    chosen: list[Edge] = []

    def state() -> dict[str, Any]:
        return {"queue": tuple((w, e) for w, _, e in sorted(heap))}

    def grow(v: Hashable) -> None:
        in_tree.add(v)
        for x, w in g.adj[v]:
            if x not in in_tree:
                e = g.key(v, x)
                heapq.heappush(heap, (w, (g.rank[v], g.rank[x]), (v, x)))
                edges[e] = "candidate"
                nodes[x] = "frontier"

    roots = list(g.nodes) if root is None else [root, *g.nodes]
    for r in roots:
        if r in in_tree:
            continue
        nodes[r] = "current"
        grow(r)
        rec.add(1, f"Start a tree at {r!r}; its edges go into the queue.", nodes, edges, state)
        nodes[r] = "tree"
        while heap:
            w, _, (u, v) = heapq.heappop(heap)
            e = g.key(u, v)
            if v in in_tree:
                edges[e] = "rejected"
                message = f"Reject {u!r}-{v!r} ({w!r}): {v!r} is already in the tree."
                rec.add(4, message, nodes, edges, state)
                continue
            edges[e] = "tree"
            chosen.append(e)
            nodes[v] = "current"
            grow(v)
            message = f"Add {u!r}-{v!r} ({w!r}), the lightest edge leaving the tree."
            rec.add(5, message, nodes, edges, state)
            nodes[v] = "tree"
    for key, role in list(edges.items()):
        if role != "tree":
            edges[key] = "rejected"
    chosen.sort(key=g.sort_key)
    total = sum(g.weight(*e) for e in chosen)
    message = f"Every node is in the tree: {len(chosen)} edges weighing {total!r}."
    rec.final(7, message, nodes, edges, state)
    return rec.trace({"edges": tuple(chosen), "weight": total})


def kruskal(
    G: nx.Graph, weight: Weight = "weight", *, max_frames: int = DEFAULT_MAX_FRAMES
) -> Trace:
    """Trace Kruskal's algorithm [1]_ with a union-find structure.

    Frames: the start, then one per edge taken in weight order (added, or rejected
    because both ends are in one set), until the forest spans every component. Edges are
    ``tree``, ``rejected`` or ``current``; nodes in a set of two or more are ``tree``.
    The state holds ``sets`` (the union-find sets with more than one node, each a tuple
    in node order) and ``next`` (the next few ``(weight, edge)`` pairs in line).

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    weight : str or callable, default "weight"
    max_frames : int

    Returns
    -------
    Trace
        ``result["edges"]`` (sorted by node order) and ``result["weight"]``.

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed.

    References
    ----------
    .. [1] J. B. Kruskal (1956). https://doi.org/10.1090/S0002-9939-1956-0078686-7

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([(0, 1, {"weight": 1}), (1, 2, {"weight": 2}), (0, 2, {"weight": 1})])
    >>> t = kruskal(G)
    >>> t.result["edges"], t.frames[-1].state["sets"]
    (((0, 1), (0, 2)), ((0, 1, 2),))
    """
    require_undirected(G, "kruskal")
    g = view(G, weight)
    rec = Recorder("kruskal", KRUSKAL, max_frames)
    order = sorted(g.edges(), key=lambda ew: (ew[1], g.sort_key(ew[0])))
    parent: dict[Hashable, Hashable] = {v: v for v in g.nodes}
    members: dict[Hashable, list[Hashable]] = {v: [v] for v in g.nodes}
    spanned: nx.Graph[Hashable] = (
        nx.Graph()
    )  # the edges the weight leaves visible (a callable may hide some)
    spanned.add_nodes_from(g.nodes)
    spanned.add_edges_from(e for e, _ in order)
    needed = len(g.nodes) - nx.number_connected_components(spanned)
    nodes: dict[Hashable, str] = {}
    edges: dict[Hashable, str] = {}
    chosen: list[Edge] = []
    position = 0

    def find(x: Hashable) -> Hashable:
        root = x
        while parent[root] != root:
            root = parent[root]
        while parent[x] != root:
            parent[x], x = root, parent[x]
        return root

    def state() -> dict[str, Any]:
        sets = [tuple(sorted(m, key=g.rank.__getitem__)) for m in members.values() if len(m) > 1]
        sets.sort(key=lambda s: g.rank[s[0]])
        return {
            "sets": tuple(sets),
            "next": tuple((w, e) for e, w in order[position : position + _NEXT_SHOWN]),
        }

    message = f"Sort the {len(order)} edges by weight; every node is a set of its own."
    rec.add(0, message, nodes, edges, state)
    while len(chosen) < needed:
        (u, v), w = order[position]
        position += 1
        a, b = find(u), find(v)
        if a == b:
            edges[(u, v)] = "rejected"
            message = f"Reject {u!r}-{v!r} ({w!r}): both ends are already in one set."
            rec.add(2, message, nodes, edges, state)
            continue
        if len(members[a]) < len(members[b]):
            a, b = b, a
        parent[b] = a
        members[a].extend(members.pop(b))
        chosen.append((u, v))
        for x in members[a]:
            nodes[x] = "tree"
        edges[(u, v)] = "tree"
        message = f"Add {u!r}-{v!r} ({w!r}): union the sets of {u!r} and {v!r}."
        rec.add(3, message, nodes, edges, state)
    chosen.sort(key=g.sort_key)
    total = sum(g.weight(*e) for e in chosen)
    message = f"The forest spans the graph: {len(chosen)} edges weighing {total!r}."
    rec.final(5, message, nodes, edges, state)
    return rec.trace({"edges": tuple(chosen), "weight": total})
