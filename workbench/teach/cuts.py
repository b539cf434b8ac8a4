"""Where a network is weak: bridges and cut vertices, and the minimum cut between two cities.

Tarjan's depth-first search [1]_ gives every node a discovery time and a low-link, the
earliest discovery time it reaches through its subtree and one back edge: a tree edge
``(u, v)`` with ``low[v] > disc[u]`` is a bridge, and a non-root ``u`` with a child
``low[v] >= disc[u]`` is an articulation point (a root is one if it has two children).

The minimum cut between ``s`` and ``t`` (how few segments an opponent must block) is the
maximum number of edge-disjoint paths between them (Menger); Edmonds and Karp [2]_ find
it by augmenting along shortest paths of the residual graph, every edge of capacity 1.

References
----------
.. [1] R. Tarjan, "Depth-first search and linear graph algorithms", SIAM Journal on
   Computing 1 (1972) 146-160. https://doi.org/10.1137/0201010
.. [2] J. Edmonds and R. M. Karp, "Theoretical improvements in algorithmic efficiency for
   network flow problems", Journal of the ACM 19 (1972) 248-264.
   https://doi.org/10.1145/321694.321699
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterator
from itertools import pairwise
from typing import Any

import networkx as nx

from workbench.teach._graphs import Edge, require_node, require_undirected, view
from workbench.teach.frames import DEFAULT_MAX_FRAMES, FrozenMap, Recorder, Trace

__all__ = ["BRIDGES", "MIN_CUT", "bridges", "min_cut"]

BRIDGES = (
    "for each node r not yet visited: dfs(r)",
    "dfs(u): disc[u] = low[u] = time; time = time + 1",
    "    for each neighbour v of u:",
    "        if v is not visited: parent[v] = u; dfs(v)",
    "            low[u] = min(low[u], low[v])",
    "            if low[v] > disc[u]: (u, v) is a bridge",
    "            if low[v] >= disc[u] and u is not a root: u is an articulation point",
    "        elif v != parent[u]: low[u] = min(low[u], disc[v])  # a back edge",
    "    if u is a root with two or more children: u is an articulation point",
    "return the bridges and the articulation points",
)
"""Pseudo-code of :func:`bridges`."""

MIN_CUT = (
    "flow = 0 on every edge, each edge carrying at most 1 unit either way",
    "while BFS finds a shortest path P from s to t in the residual graph:",
    "    send one unit along P; flow = flow + 1",
    "S = the nodes the residual graph still reaches from s",
    "cut = the edges from S to the other nodes",
    "return cut, flow  # |cut| == flow",
)
"""Pseudo-code of :func:`min_cut`."""


def bridges(G: nx.Graph, *, max_frames: int = DEFAULT_MAX_FRAMES) -> Trace:
    """Trace Tarjan's low-link search [1]_ for bridges and articulation points.

    Frames: each new root, each node discovered (``current``; the nodes on the DFS stack
    are ``frontier``), each back edge (``back``) that lowers a low-link, each return from a
    child, each bridge (``bridge``) and articulation point (``articulation``) found;
    finished nodes are ``visited``, DFS tree edges ``tree``. The state holds ``stack``
    (the DFS path), ``disc`` and ``low`` (``node -> number``).

    Parameters
    ----------
    G : networkx Graph (undirected, not a multigraph)
    max_frames : int

    Returns
    -------
    Trace
        ``result["bridges"]`` (edges, in node order), ``result["articulation_points"]``
        (nodes, in node order), and the final ``result["disc"]`` and ``result["low"]``.

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed or a multigraph.

    References
    ----------
    .. [1] R. Tarjan (1972). https://doi.org/10.1137/0201010

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.Graph([(0, 1), (1, 2), (2, 0), (2, 3)])
    >>> t = bridges(G)
    >>> t.result["bridges"], t.result["articulation_points"]
    (((2, 3),), (2,))
    >>> t.frames[-1].edges[(2, 3)], t.frames[-1].nodes[2]
    ('bridge', 'articulation')
    """
    require_undirected(G, "bridges", multigraph=False)
    g = view(G, weight=None)
    rec = Recorder("bridges", BRIDGES, max_frames)
    disc: dict[Hashable, int] = {}
    low: dict[Hashable, int] = {}
    parent: dict[Hashable, Hashable] = {}
    found_bridges: list[Edge] = []
    points: set[Hashable] = set()
    nodes: dict[Hashable, str] = {}
    edges: dict[Hashable, str] = {}
    stack: list[tuple[Hashable, Iterator[tuple[Hashable, float]]]] = []

    def state() -> dict[str, Any]:
        return {
            "stack": tuple(u for u, _ in stack),
            "disc": FrozenMap(disc),
            "low": FrozenMap(low),
        }

    def discover(v: Hashable) -> None:
        disc[v] = low[v] = len(disc)
        nodes[v] = "current"
        stack.append((v, iter(g.adj[v])))

    for r in g.nodes:
        if r in disc:
            continue
        children = 0
        discover(r)
        rec.add(
            0, f"Start a depth-first search at {r!r}: disc = low = {disc[r]}.", nodes, edges, state
        )
        while stack:
            u, neighbours = stack[-1]
            for v, _ in neighbours:
                if v not in disc:
                    parent[v] = u
                    children += u == r
                    nodes[u] = "frontier"
                    edges[g.key(u, v)] = "tree"
                    discover(v)
                    message = f"Go down {u!r}-{v!r}: discover {v!r}, disc = low = {disc[v]}."
                    rec.add(1, message, nodes, edges, state)
                    break
                if v != parent.get(u) and disc[v] < disc[u]:
                    edges[g.key(u, v)] = "back"
                    if disc[v] < low[u]:
                        low[u] = disc[v]
                        message = (
                            f"Back edge {u!r}-{v!r}: low[{u!r}] drops to disc[{v!r}] = {disc[v]}."
                        )
                        rec.add(7, message, nodes, edges, state)
            else:
                stack.pop()
                nodes[u] = "articulation" if u in points else "visited"
                if not stack:
                    break
                p = stack[-1][0]
                nodes[p] = "current"
                low[p] = min(low[p], low[u])
                message = f"Back from {u!r} to {p!r}: low[{p!r}] = {low[p]}."
                rec.add(4, message, nodes, edges, state)
                if low[u] > disc[p]:
                    e = g.key(p, u)
                    found_bridges.append(e)
                    edges[e] = "bridge"
                    message = (
                        f"low[{u!r}] = {low[u]} > disc[{p!r}] = {disc[p]}: {p!r}-{u!r} is a bridge."
                    )
                    rec.add(5, message, nodes, edges, state)
                if p != r and low[u] >= disc[p] and p not in points:
                    points.add(p)
                    message = (
                        f"low[{u!r}] = {low[u]} >= disc[{p!r}] = {disc[p]}: "
                        f"{p!r} is an articulation point."
                    )
                    rec.add(6, message, nodes, edges, state)
        if children >= 2:
            points.add(r)
            nodes[r] = "articulation"
            message = f"The root {r!r} has {children} children: it is an articulation point."
            rec.add(8, message, nodes, edges, state)
    found_bridges.sort(key=g.sort_key)
    arts = tuple(sorted(points, key=g.rank.__getitem__))
    message = f"Done: bridges {len(found_bridges)}, articulation points {len(arts)}."
    rec.final(9, message, nodes, edges, state)
    return rec.trace(
        {
            "bridges": tuple(found_bridges),
            "articulation_points": arts,
            "disc": disc,
            "low": low,
        }
    )


def min_cut(
    G: nx.Graph, s: Hashable, t: Hashable, *, max_frames: int = DEFAULT_MAX_FRAMES
) -> Trace:
    """Trace Edmonds-Karp [1]_ on unit capacities: the fewest edges separating ``s`` and ``t``.

    Every edge carries at most one unit of flow, either way. Frames: the start, each
    augmenting path found (``path``) and the flow after sending a unit along it (edges
    carrying flow are ``flow``), the source side ``S`` of the cut (``visited``) and the
    cut (``cut``). ``s`` is ``source`` and ``t`` ``sink`` throughout. The searches inside
    each breadth-first search are not shown. The state holds ``flow`` (its value) and
    ``path`` (the last augmenting path, as nodes).

    Parameters
    ----------
    G : networkx Graph (undirected, not a multigraph)
    s, t : nodes
        The two ends, e.g. two cities of a board.
    max_frames : int

    Returns
    -------
    Trace
        ``result["value"]``: the number of edges in a minimum cut (= edge-disjoint paths);
        ``result["cut"]``: those edges (in node order); ``result["source_side"]``: the
        nodes on ``s``'s side (in node order).

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed or a multigraph.
    networkx.NodeNotFound
        If ``s`` or ``t`` is not in ``G``.
    ValueError
        If ``s == t``.

    References
    ----------
    .. [1] J. Edmonds and R. M. Karp (1972). https://doi.org/10.1145/321694.321699

    Examples
    --------
    >>> import networkx as nx
    >>> t = min_cut(nx.cycle_graph(4), 0, 2)
    >>> t.result["value"], t.result["cut"]
    (2, ((0, 1), (0, 3)))
    >>> [f.line for f in t.frames]
    [0, 1, 2, 1, 2, 3, 4, 5]
    """
    require_undirected(G, "min_cut", multigraph=False)
    require_node(G, s, "s")
    require_node(G, t, "t")
    if s == t:
        raise ValueError(f"s and t must differ, both are {s!r}")
    g = view(G, weight=None)
    rec = Recorder("min_cut", MIN_CUT, max_frames)
    flow: dict[tuple[Hashable, Hashable], int] = {}  # net flow u -> v, in -1..1
    value = 0
    path: tuple[Hashable, ...] = ()
    nodes: dict[Hashable, str] = {s: "source", t: "sink"}
    edges: dict[Hashable, str] = {}

    def state() -> dict[str, Any]:
        return {"flow": value, "path": path}

    def residual_search() -> dict[Hashable, Hashable | None]:
        reached: dict[Hashable, Hashable | None] = {s: None}
        queue = deque([s])
        while queue and t not in reached:
            u = queue.popleft()
            for v, _ in g.adj[u]:
                if v not in reached and flow.get((u, v), 0) < 1:
                    reached[v] = u
                    queue.append(v)
        return reached

    def carrying() -> None:
        edges.clear()
        for (u, v), f in flow.items():
            if f > 0:
                edges[g.key(u, v)] = "flow"

    rec.add(0, f"No flow yet from {s!r} to {t!r}.", nodes, edges, state)
    while True:
        reached = residual_search()
        if t not in reached:
            break
        walk = [t]
        while walk[-1] != s:
            before = reached[walk[-1]]
            assert before is not None
            walk.append(before)
        path = tuple(reversed(walk))
        for u, v in pairwise(path):
            edges[g.key(u, v)] = "path"
        message = f"BFS finds an augmenting path of {len(path) - 1} edges: {path!r}."
        rec.add(1, message, nodes, edges, state)
        for u, v in pairwise(path):
            flow[(u, v)] = flow.get((u, v), 0) + 1
            flow[(v, u)] = flow.get((v, u), 0) - 1
        value += 1
        carrying()
        rec.add(2, f"Send one unit along it: the flow is {value}.", nodes, edges, state)
    side = sorted(reached, key=g.rank.__getitem__)
    for v in side:
        if v != s:
            nodes[v] = "visited"
    message = f"No augmenting path is left; {len(side)} nodes are still reached from {s!r}."
    rec.add(3, message, nodes, edges, state)
    inside = set(side)
    cut = sorted(
        (g.key(u, v) for u in side for v, _ in g.adj[u] if v not in inside), key=g.sort_key
    )
    for e in cut:
        edges[e] = "cut"
    rec.add(4, f"The {len(cut)} edges leaving that side form the cut.", nodes, edges, state)
    message = f"Blocking {len(cut)} edges separates {s!r} from {t!r}; no fewer will do."
    rec.final(5, message, nodes, edges, state)
    return rec.trace({"value": value, "cut": tuple(cut), "source_side": tuple(side)})
