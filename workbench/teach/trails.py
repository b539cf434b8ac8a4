"""The longest trail, Ticket to Ride's longest continuous path: an exact search, traced.

A *trail* is a walk that uses each route at most once and may pass a city again; the
longest continuous path of Ticket to Ride is the longest trail in the graph of one
player's routes. Unlike a shortest path it has no greedy or dynamic-programming shortcut:
the best trail to a city does not extend to the best trail beyond it, because what is
left to use depends on which routes were spent getting there. The problem is NP-hard:
on a graph where every city has three routes, a closed trail can pass a city at most once
(a second pass needs four routes), so a closed trail with a route per city is a
Hamiltonian cycle, NP-complete even on planar graphs of degree three [1]_.

What is left is an exact search. :func:`longest_trail` walks every trail by depth-first
search with backtracking over the routes, keeps the best trail found, and prunes a branch
when its length plus every unused route it could still reach cannot beat the best. Two
facts cut the search down: a longest trail cannot stop at a city with an unused route (it
could go on), so when some city has an odd number of routes the trail ends at
such cities and the search starts only there; and a part whose cities all have an even
number of routes is walked whole (Euler's theorem [2]_). :func:`count_trails` counts the
trails the plain search (every start, no bound) walks, to show how fast they grow.

References
----------
.. [1] M. R. Garey, D. S. Johnson and R. E. Tarjan, "The planar Hamiltonian circuit
   problem is NP-complete", SIAM Journal on Computing 5 (1976) 704-714.
   https://doi.org/10.1137/0205049
.. [2] L. Euler, "Solutio problematis ad geometriam situs pertinentis", Commentarii
   academiae scientiarum Petropolitanae 8 (1741) 128-140.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, cast

import networkx as nx

from workbench.teach._graphs import Weight, require_undirected, view
from workbench.teach.frames import DEFAULT_MAX_FRAMES, Recorder, Trace

__all__ = ["LONGEST_TRAIL", "count_trails", "longest_trail", "trail_edges"]

LONGEST_TRAIL = (
    "best = 0; starts = the cities with an odd number of routes (all cities if none)",
    "for each start s: walk(s, length 0)",
    "walk(u, length): if length > best: best = length, keep this trail",
    "    if length + (unused routes still reachable from u) <= best: back up, it cannot win",
    "    for each unused route (u, v):",
    "        mark (u, v) used; walk(v, length + its length)",
    "        unmark (u, v)  # backtrack: try the next route",
    "    back up: no unused route left at u",
    "return best and its trail",
)
"""Pseudo-code of :func:`longest_trail`."""

Route = tuple[Hashable, Hashable, float]


def trail_edges(G: nx.Graph, weight: Weight = "weight") -> list[Route]:
    """The routes of ``G`` as ``(u, v, length)``, parallel edges each once, in node order.

    A multigraph's parallel edges are separate routes (the two lanes of a double);
    ``weight`` is an attribute name (1 where missing), a callable ``f(u, v, data)`` on one
    edge's data (``None`` hides the edge) or ``None`` (every route 1).

    Raises
    ------
    ValueError
        On a self-loop or a negative length.

    Examples
    --------
    >>> G = nx.MultiGraph([("b", "a", {"weight": 2}), ("a", "b", {"weight": 3})])
    >>> trail_edges(G)
    [('a', 'b', 2), ('a', 'b', 3)]
    """
    g = view(G, None)
    wf: Callable[[Any, Any, dict[str, Any]], Any]
    if weight is None:
        wf = lambda u, v, d: 1  # noqa: E731
    elif callable(weight):
        wf = weight
    else:
        name = weight
        wf = lambda u, v, d: d.get(name, 1)  # noqa: E731
    data: list[tuple[Any, Any, dict[str, Any]]] = (
        [(u, v, d) for u, v, _, d in cast(nx.MultiGraph, G).edges(keys=True, data=True)]
        if G.is_multigraph()
        else list(G.edges(data=True))
    )
    routes: list[Route] = []
    for u, v, d in data:
        if u == v:
            raise ValueError(f"edge {(u, v)!r} is a loop; a route joins two different cities")
        w = wf(u, v, d)
        if w is None:
            continue
        if w < 0:
            raise ValueError(f"edge {(u, v)!r} has a negative length {w!r}")
        a, b = g.key(u, v)
        routes.append((a, b, w))
    routes.sort(key=lambda r: (g.rank[r[0]], g.rank[r[1]], r[2]))
    return routes


def longest_trail(
    G: nx.Graph, weight: Weight = "weight", *, max_frames: int = DEFAULT_MAX_FRAMES
) -> Trace:
    """Trace the exact search for a longest trail (each route at most once).

    Frames: each start (``source``), each route taken (``candidate``, the trail so far
    ``path``, its cities ``visited``, the trail's end ``current``), each new best trail
    (``best``), each branch cut by the bound (a dead end among them: nothing is left to
    reach there), and the answer. The best trail so far is drawn ``best`` where the
    current trail does not cover it. The state holds ``trail`` (its cities), ``length``,
    ``best`` (the best length), ``best trail``, ``explored`` (trails walked so far, the
    empty ones at each start included) and ``pruned`` (branches cut by the bound).

    Routes are tried in node order, so the trace is the same on every run. Parallel edges of
    a multigraph are separate routes (drawn as one segment).

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    weight : str, callable or None, default "weight"
        Route lengths, non-negative (see :func:`trail_edges`).
    max_frames : int

    Returns
    -------
    Trace
        ``result["length"]``; ``result["nodes"]`` (the best trail's cities, in order) and
        ``result["edges"]`` (its routes as ``(u, v)`` in node order, in trail order);
        ``result["explored"]`` and ``result["pruned"]``.

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed.
    ValueError
        On a loop or a negative length.

    Examples
    --------
    >>> G = nx.Graph([("A", "B"), ("B", "C"), ("C", "A"), ("A", "D")])
    >>> t = longest_trail(G)
    >>> t.result["length"], t.result["nodes"]
    (4, ('A', 'B', 'C', 'A', 'D'))
    >>> t.frames[-1].state["best"], t.pseudocode[t.frames[-1].line]
    (4, 'return best and its trail')
    """
    require_undirected(G, "longest_trail")
    g = view(G, None)
    routes = trail_edges(G, weight)
    rec = Recorder("longest_trail", LONGEST_TRAIL, max_frames)
    adj: dict[Hashable, list[tuple[int, Hashable]]] = {v: [] for v in g.nodes}
    for i, (a, b, _) in enumerate(routes):
        adj[a].append((i, b))
        adj[b].append((i, a))
    for v in adj:
        adj[v].sort(key=lambda iv: (g.rank[iv[1]], iv[0]))
    part: dict[Hashable, int] = {}
    for k, comp in enumerate(
        sorted(
            (c for c in nx.connected_components(nx.Graph((a, b) for a, b, _ in routes))),
            key=lambda c: min(g.rank[v] for v in c),
        )
    ):
        part.update(dict.fromkeys(comp, k))
    whole = [0.0] * (max(part.values(), default=-1) + 1)
    for a, _, w in routes:
        whole[part[a]] += w

    used = [False] * len(routes)
    trail: list[Hashable] = []
    taken: list[int] = []
    best: dict[str, Any] = {"length": 0, "nodes": (), "routes": ()}
    counts = {"explored": 0, "pruned": 0}

    def key(i: int) -> tuple[Hashable, Hashable]:
        return (routes[i][0], routes[i][1])

    def length() -> Any:
        return sum((routes[i][2] for i in taken), 0)

    def state() -> dict[str, Any]:
        return {
            "trail": tuple(trail),
            "length": length(),
            "best": best["length"],
            "best trail": best["nodes"],
            "explored": counts["explored"],
            "pruned": counts["pruned"],
        }

    def roles(current: int | None = None) -> tuple[dict[Hashable, str], dict[Hashable, str]]:
        edges: dict[Hashable, str] = dict.fromkeys((key(i) for i in best["routes"]), "best")
        edges.update(dict.fromkeys((key(i) for i in taken), "path"))
        if current is not None:
            edges[key(current)] = "candidate"
        nodes: dict[Hashable, str] = dict.fromkeys(trail, "visited")
        if trail:
            nodes[trail[0]] = "source"
            nodes[trail[-1]] = "current"
        return nodes, edges

    def show(line: int, message: str, current: int | None = None) -> None:
        if rec.wants():
            nodes, edges = roles(current)
            rec.add(line, message, nodes, edges, state)
        else:
            rec.add(line, message, {}, {}, state)

    def reachable(u: Hashable) -> Any:
        """The length of the unused routes reachable from ``u`` over unused routes."""
        seen, todo, found = {u}, [u], set()
        while todo:
            x = todo.pop()
            for i, y in adj[x]:
                if not used[i]:
                    found.add(i)
                    if y not in seen:
                        seen.add(y)
                        todo.append(y)
        return sum((routes[i][2] for i in found), 0)

    def walk(u: Hashable, total: Any) -> None:
        counts["explored"] += 1
        left = reachable(u)
        if total > best["length"]:
            best.update(length=total, nodes=tuple(trail), routes=tuple(taken))
            show(2, f"A new best trail: {total!r} long, {len(taken)} routes.")
        if total + left <= best["length"]:
            counts["pruned"] += 1
            show(
                3,
                f"At {u!r}: {total!r} so far plus {left!r} still reachable is at most the "
                f"best {best['length']!r}; back up.",
            )
            return
        # no dead end gets here: with no unused route at u nothing is reachable, and the
        # bound above has cut the branch (the trail's length is at most the best by now)
        for i, v in [(i, v) for i, v in adj[u] if not used[i]]:
            w = routes[i][2]
            used[i] = True
            taken.append(i)
            trail.append(v)
            show(5, f"Take {u!r}-{v!r} ({w!r}): the trail is {total + w!r} long.", current=i)
            walk(v, total + w)
            used[i] = False
            taken.pop()
            trail.pop()

    odd = [v for v in g.nodes if len(adj[v]) % 2]
    for k in range(len(whole)):
        cities = [v for v in g.nodes if part.get(v) == k]
        starts = [v for v in odd if part[v] == k] or cities[:1]
        for s in starts:
            if best["length"] >= whole[k]:
                break
            trail.append(s)
            why = "an odd number of routes" if s in odd else "every city has an even number"
            show(1, f"Start at {s!r} ({len(adj[s])} routes: {why}).")
            walk(s, 0)
            trail.pop()
    nodes: dict[Hashable, str] = {}
    edges: dict[Hashable, str] = {}
    if best["nodes"]:
        nodes = dict.fromkeys(best["nodes"], "visited")
        nodes[best["nodes"][0]] = "source"
        nodes[best["nodes"][-1]] = "current"
        edges = dict.fromkeys((key(i) for i in best["routes"]), "best")
    trail[:], taken[:] = list(best["nodes"]), list(best["routes"])
    message = (
        f"The longest trail is {best['length']!r} long ({len(best['routes'])} routes); "
        f"{counts['explored']} trails walked, {counts['pruned']} cut by the bound."
    )
    rec.final(8, message, nodes, edges, state)
    return rec.trace(
        {
            "length": best["length"],
            "nodes": best["nodes"],
            "edges": tuple(key(i) for i in best["routes"]),
            "explored": counts["explored"],
            "pruned": counts["pruned"],
        }
    )


def count_trails(G: nx.Graph, weight: Weight = "weight", limit: int | None = None) -> int:
    """How many trails the plain search walks: from every city, every route order, no bound.

    Each trail is counted once per direction and start, the empty trail at each city
    included: the work of a search that knows no shortcut.

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    weight : str, callable or None
        Only which edges exist matters (``None`` from a callable hides an edge).
    limit : int, optional
        Stop counting there and return ``limit`` (the count is at least that).

    Returns
    -------
    int

    Examples
    --------
    >>> count_trails(nx.path_graph(3))  # 3 empty, a-b, b-a, b-c, c-b, a-b-c, c-b-a
    9
    >>> count_trails(nx.complete_graph(6), limit=1000)
    1000
    """
    g = view(G, None)
    routes = trail_edges(G, weight)
    adj: dict[Hashable, list[tuple[int, Hashable]]] = {v: [] for v in g.nodes}
    for i, (a, b, _) in enumerate(routes):
        adj[a].append((i, b))
        adj[b].append((i, a))
    used = [False] * len(routes)
    count = 0
    cap = limit if limit is not None else -1

    def walk(u: Hashable) -> bool:
        nonlocal count
        count += 1
        if count == cap:
            return True
        for i, v in adj[u]:
            if not used[i]:
                used[i] = True
                stop = walk(v)
                used[i] = False
                if stop:
                    return True
        return False

    for s in g.nodes:
        if walk(s):
            break
    return count
