"""A graph read once into a fixed order, so that every trace is reproducible.

Nodes are sorted when they sort (a board's ``(col, row)`` points do), else kept in the
graph's order; neighbours follow the same order. Weights follow networkx: an attribute name
(1 where missing) or a callable ``f(u, v, data)`` (``None`` hides the edge); parallel edges
of a multigraph count with their lightest weight; self-loops are ignored.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from workbench.exceptions import InfeasibleError

Weight = str | Callable[[Any, Any, dict[str, Any]], float | None] | None
Edge = tuple[Hashable, Hashable]


@dataclass(frozen=True)
class View:
    """``G``'s nodes in order, each one's neighbours with the edge weight."""

    nodes: tuple[Hashable, ...]
    rank: dict[Hashable, int]
    adj: dict[Hashable, tuple[tuple[Hashable, float], ...]]
    directed: bool

    def key(self, u: Hashable, v: Hashable) -> Edge:
        """The edge's key: ``(u, v)`` with ``u`` first in node order (as given if directed)."""
        if self.directed or self.rank[u] <= self.rank[v]:
            return (u, v)
        return (v, u)

    def edges(self) -> list[tuple[Edge, float]]:
        """Every edge once, with its weight, in node order."""
        seen: list[tuple[Edge, float]] = []
        for u in self.nodes:
            for v, w in self.adj[u]:
                if self.directed or self.rank[u] < self.rank[v]:
                    seen.append(((u, v), w))
        return seen

    def weight(self, u: Hashable, v: Hashable) -> float:
        """The weight of edge ``(u, v)``."""
        for x, w in self.adj[u]:
            if x == v:
                return w
        raise KeyError((u, v))

    def sort_key(self, e: Edge) -> tuple[int, int]:
        return (self.rank[e[0]], self.rank[e[1]])


def _ordered(G: nx.Graph) -> list[Hashable]:
    try:
        return sorted(G)
    except TypeError:
        return list(G)


def view(G: nx.Graph, weight: Weight = "weight") -> View:
    """Read ``G`` (``weight=None``: every edge weighs 1)."""
    nodes = _ordered(G)
    rank = {v: i for i, v in enumerate(nodes)}
    wf: Callable[[Any, Any, dict[str, Any]], Any]
    if weight is None:
        wf = lambda u, v, d: 1  # noqa: E731
    elif callable(weight):
        wf = weight
    elif G.is_multigraph():
        name = weight
        wf = lambda u, v, d: min(a.get(name, 1) for a in d.values())  # noqa: E731
    else:
        name = weight
        wf = lambda u, v, d: d.get(name, 1)  # noqa: E731
    adj: dict[Hashable, tuple[tuple[Hashable, float], ...]] = {}
    for u in nodes:
        out = []
        for v, d in G.adj[u].items():
            if v == u:
                continue
            w = wf(u, v, d)
            if w is not None:
                out.append((v, w))
        out.sort(key=lambda vw: rank[vw[0]])
        adj[u] = tuple(out)
    return View(tuple(nodes), rank, adj, G.is_directed())


def require_undirected(G: nx.Graph, name: str, multigraph: bool = True) -> None:
    """Raise ``NetworkXNotImplemented`` for a directed graph (or a multigraph if not allowed)."""
    if G.is_directed():
        raise nx.NetworkXNotImplemented(f"{name} is not implemented for directed graphs")
    if not multigraph and G.is_multigraph():
        raise nx.NetworkXNotImplemented(f"{name} is not implemented for multigraphs")


def require_node(G: nx.Graph, node: Hashable, what: str) -> None:
    """Raise ``NodeNotFound`` unless ``node`` is in ``G``."""
    if node not in G:
        raise nx.NodeNotFound(f"{what} {node!r} is not in the graph")


def require_nonnegative(g: View) -> None:
    """Raise ``ValueError`` on the first negative weight."""
    for e, w in g.edges():
        if w < 0:
            raise ValueError(f"edge {e!r} has a negative weight {w!r}")


def nonnegative_view(G: nx.Graph, name: str, weight: Weight) -> View:
    """``G`` read for algorithm ``name``: checked undirected, its weights 0 or more."""
    require_undirected(G, name)
    g = view(G, weight)
    require_nonnegative(g)
    return g


def require_at_most(count: int, limit: int, name: str, what: str, instead: str) -> None:
    """Raise ``ValueError`` if ``count`` ``what`` are more than ``name`` takes, naming the
    function to use ``instead``."""
    if count > limit:
        raise ValueError(f"{name} takes at most {limit} {what}, got {count}; use {instead}")


def shortest_paths(
    g: View, starts: dict[Hashable, float]
) -> tuple[dict[Hashable, float], dict[Hashable, Hashable]]:
    """Dijkstra from several start nodes with start costs: distances and predecessors.

    A node's predecessor is set only when an edge improves it strictly, so following
    predecessors always ends at a start node.
    """
    dist = dict(starts)
    pred: dict[Hashable, Hashable] = {}
    heap = [(d, g.rank[v], v) for v, d in starts.items()]
    heapq.heapify(heap)
    done: set[Hashable] = set()
    while heap:
        d, _, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        for v, w in g.adj[u]:
            if v not in done and d + w < dist.get(v, float("inf")):
                dist[v] = d + w
                pred[v] = u
                heapq.heappush(heap, (d + w, g.rank[v], v))
    return dist, pred


def path_to(pred: dict[Hashable, Hashable], v: Hashable) -> list[Hashable]:
    """The nodes from a start node to ``v``, following ``pred``."""
    path = [v]
    while path[-1] in pred:
        path.append(pred[path[-1]])
    return path[::-1]


def distinct_terminals(G: nx.Graph, terminals: Iterable[Hashable], g: View) -> list[Hashable]:
    """The terminals, each once, in node order; checked to be in ``G``."""
    found = set()
    for t in terminals:
        require_node(G, t, "terminal")
        found.add(t)
    return sorted(found, key=g.rank.__getitem__)


def require_joined(terminals: list[Hashable], dist: dict[Hashable, float]) -> None:
    """Raise :class:`InfeasibleError` if a terminal is not reached (``dist`` from the first)."""
    cut_off = [t for t in terminals if t not in dist]
    if cut_off:
        raise InfeasibleError(
            f"no tree joins the terminals: {cut_off!r} cannot be reached from {terminals[0]!r}"
        )


def prune_leaves(tree: set[Edge], terminals: set[Hashable], g: View) -> list[tuple[Hashable, Edge]]:
    """Remove non-terminal leaves from ``tree`` (in place) until none is left.

    Returns the removed ``(leaf, edge)`` pairs in the order they were removed.
    """
    incident: dict[Hashable, set[Edge]] = {}
    for e in tree:
        for x in e:
            incident.setdefault(x, set()).add(e)
    removed = []
    queue = sorted(
        (x for x, es in incident.items() if len(es) == 1 and x not in terminals),
        key=g.rank.__getitem__,
    )
    while queue:
        x = queue.pop(0)
        if len(incident.get(x, ())) != 1:
            continue
        (e,) = incident.pop(x)
        tree.discard(e)
        removed.append((x, e))
        other = e[1] if e[0] == x else e[0]
        incident[other].discard(e)
        if len(incident[other]) == 1 and other not in terminals:
            queue.append(other)
    return removed


def spanning_forest(edges: Iterable[tuple[Edge, float]], g: View) -> set[Edge]:
    """Kruskal's minimum spanning forest of ``edges`` (ties broken in node order)."""
    parent: dict[Hashable, Hashable] = {}

    def find(x: Hashable) -> Hashable:
        root = x
        while parent.get(root, root) != root:
            root = parent[root]
        while x != root:
            parent[x], x = root, parent.get(x, x)
        return root

    kept = set()
    for e, _ in sorted(edges, key=lambda ew: (ew[1], g.sort_key(ew[0]))):
        a, b = find(e[0]), find(e[1])
        if a != b:
            parent[a] = b
            kept.add(e)
    return kept
