"""Steiner trees, the cost of a hand: the metric-closure 2-approximation and the exact DP.

``steiner_mst`` is the algorithm of Kou, Markowsky and Berman [1]_: join the terminals by
shortest paths (the metric closure), take a minimum spanning tree of that, expand its
edges back into paths, take a minimum spanning tree of those, and prune the leaves that
are not terminals. Its tree costs at most twice the optimum (``2 - 2/k`` times).

``steiner_dp`` is the exact dynamic program of Dreyfus and Wagner [2]_ in the form of
Erickson, Monma and Veinott [3]_: for every subset ``S`` of terminals and every node
``v``, ``C[S][v]`` is the cost of the cheapest tree joining ``S`` and ``v``; a row is the
best split of ``S`` at each node, followed by a shortest-path pass. It runs in plain
Python for teaching; :func:`workbench.algorithms.steiner_tree` is the fast version.

References
----------
.. [1] L. Kou, G. Markowsky and L. Berman, "A fast algorithm for Steiner trees", Acta
   Informatica 15 (1981) 141-145. https://doi.org/10.1007/BF00288961
.. [2] S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1 (1971)
   195-207. https://doi.org/10.1002/net.3230010302
.. [3] R. E. Erickson, C. L. Monma and A. F. Veinott, "Send-and-split method for
   minimum-concave-cost network flows", Mathematics of Operations Research 12 (1987)
   634-664. https://doi.org/10.1287/moor.12.4.634
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from itertools import pairwise
from typing import Any

import networkx as nx

from workbench.teach._graphs import (
    Edge,
    View,
    Weight,
    distinct_terminals,
    nonnegative_view,
    path_to,
    prune_leaves,
    require_at_most,
    require_joined,
    shortest_paths,
    spanning_forest,
)
from workbench.teach.frames import DEFAULT_MAX_FRAMES, FrozenMap, Recorder, Trace

__all__ = ["MAX_DP_TERMINALS", "STEINER_DP", "STEINER_MST", "steiner_dp", "steiner_mst"]

STEINER_MST = (
    "for each terminal a: Dijkstra from a gives dist(a, b) and a path to each terminal b",
    "closure = the complete graph on the terminals, edge (a, b) weighing dist(a, b)",
    "for each closure edge (a, b) by increasing weight (Kruskal):",
    "    if a and b are not yet joined: keep (a, b), else skip it",
    "replace each kept closure edge by its shortest path in G",
    "T = a minimum spanning tree of those path edges",
    "while T has a leaf that is not a terminal: remove it",
    "return T's edges and their cost",
)
"""Pseudo-code of :func:`steiner_mst`."""

STEINER_DP = (
    "q = the last terminal; for each other terminal t: C[{t}] = dist(t, .) (Dijkstra)",
    "for each subset S of the other terminals, |S| >= 2, by size:",
    "    for each node v: C[S][v] = min over splits S = A + B of C[A][v] + C[B][v]",
    "    shortest-path pass: C[S][v] = min over u of C[S][u] + dist(u, v)",
    "cost = C[all but q][q]",
    "follow the splits and paths back from C[all but q][q] to the tree's edges",
    "return the tree's edges and their cost",
)
"""Pseudo-code of :func:`steiner_dp`."""

MAX_DP_TERMINALS = 10
""":func:`steiner_dp` refuses more terminals: its plain-Python table has ``2^(k-1) n`` cells."""


def _path_edges(g: View, nodes: list[Hashable]) -> list[Edge]:
    return [g.key(u, v) for u, v in pairwise(nodes)]


def _cost(g: View, edges: Iterable[Edge]) -> Any:
    return sum((g.weight(*e) for e in edges), 0)


def steiner_mst(
    G: nx.Graph,
    terminals: Iterable[Hashable],
    weight: Weight = "weight",
    *,
    max_frames: int = DEFAULT_MAX_FRAMES,
) -> Trace:
    """Trace the metric-closure 2-approximation of Kou, Markowsky and Berman [1]_.

    Frames: one per terminal's Dijkstra (its paths to the other terminals are ``path``),
    the closure, one per closure edge kept or skipped (its path ``candidate`` or
    ``rejected``), the expanded paths (``candidate``), their spanning tree (``tree``, the
    rest ``rejected``), one per pruned leaf (``rejected``) and the final tree (``tree``).
    Terminals are ``terminal``. The state holds ``closure`` (``((a, b), dist)`` in weight
    order) and ``kept`` (the closure edges kept so far).

    Ties (equal distances, equal-weight shortest paths) are broken in node order. The cost
    can depend on them: with a board's 1 / 2 weights networkx's
    ``steiner_tree(method="kou")``, which breaks them otherwise, may return another tree of
    another cost (both within twice the optimum); where nothing ties the trees are the same.

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    terminals : iterable of nodes
        The nodes to join; repeats are ignored.
    weight : str or callable, default "weight"
        Weights must be non-negative.
    max_frames : int

    Returns
    -------
    Trace
        ``result["edges"]`` (in node order) and ``result["cost"]``, their total weight.

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed.
    networkx.NodeNotFound
        If a terminal is not in ``G``.
    workbench.exceptions.InfeasibleError
        If no tree joins the terminals.
    ValueError
        If a weight is negative.

    References
    ----------
    .. [1] L. Kou, G. Markowsky and L. Berman (1981). https://doi.org/10.1007/BF00288961

    Examples
    --------
    >>> import networkx as nx
    >>> t = steiner_mst(nx.star_graph(3), [1, 2, 3])
    >>> t.result
    {'edges': ((0, 1), (0, 2), (0, 3)), 'cost': 3}
    >>> t.pseudocode[t.frames[-1].line]
    "return T's edges and their cost"
    """
    g = nonnegative_view(G, "steiner_mst", weight)
    terms = distinct_terminals(G, terminals, g)
    rec = Recorder("steiner_mst", STEINER_MST, max_frames)
    nodes: dict[Hashable, str] = {t: "terminal" for t in terms}
    edges: dict[Hashable, str] = {}
    closure: list[tuple[Edge, Any]] = []
    paths: dict[Edge, list[Edge]] = {}
    kept: list[Edge] = []

    def state() -> dict[str, Any]:
        return {"closure": tuple(closure), "kept": tuple(kept)}

    for i, a in enumerate(terms):
        dist, pred = shortest_paths(g, {a: 0})
        if i == 0:
            require_joined(terms, dist)
        edges.clear()
        for b in terms[i + 1 :]:
            paths[(a, b)] = _path_edges(g, path_to(pred, b))
            closure.append(((a, b), dist[b]))
            for e in paths[(a, b)]:
                edges[e] = "path"
        nodes[a] = "current"
        later = len(terms) - i - 1
        message = f"Dijkstra from {a!r}: shortest paths to the later terminals ({later})."
        rec.add(0, message, nodes, edges, state)
        nodes[a] = "terminal"
    closure.sort(key=lambda ed: (ed[1], g.sort_key(ed[0])))
    edges.clear()
    message = f"The metric closure joins the {len(terms)} terminals by {len(closure)} edges."
    rec.add(1, message, nodes, edges, state)

    group = {t: t for t in terms}
    for (a, b), d in closure:
        if len(kept) == len(terms) - 1:
            break
        if group[a] == group[b]:
            for e in paths[(a, b)]:
                edges.setdefault(e, "rejected")
            message = f"Skip {a!r}-{b!r} ({d!r}): they are already joined."
            rec.add(3, message, nodes, edges, state)
            for key, role in list(edges.items()):
                if role == "rejected":
                    del edges[key]
            continue
        old, new = group[b], group[a]
        for t in terms:
            if group[t] == old:
                group[t] = new
        kept.append((a, b))
        for e in paths[(a, b)]:
            edges[e] = "candidate"
        message = f"Keep {a!r}-{b!r} ({d!r}), the lightest closure edge joining two groups."
        rec.add(3, message, nodes, edges, state)

    expanded = {e for ab in kept for e in paths[ab]}
    message = f"The kept closure edges become {len(expanded)} edges of G."
    rec.add(4, message, nodes, edges, state)

    tree = spanning_forest(((e, g.weight(*e)) for e in expanded), g)
    for e in expanded:
        edges[e] = "tree" if e in tree else "rejected"
    for e in tree:
        for x in e:
            nodes.setdefault(x, "tree")
    dropped = len(expanded) - len(tree)
    message = f"A minimum spanning tree of them keeps {len(tree)} edges, dropping {dropped}."
    rec.add(5, message, nodes, edges, state)
    for e in expanded - tree:
        del edges[e]

    for leaf, e in prune_leaves(tree, set(terms), g):
        nodes[leaf] = "rejected"
        edges[e] = "rejected"
        rec.add(6, f"Prune {leaf!r}: a leaf that is not a terminal.", nodes, edges, state)
        del nodes[leaf], edges[e]

    chosen = tuple(sorted(tree, key=g.sort_key))
    cost = _cost(g, chosen)
    message = f"The tree joins the {len(terms)} terminals with {len(chosen)} edges, cost {cost!r}."
    rec.final(7, message, nodes, edges, state)
    return rec.trace({"edges": chosen, "cost": cost})


def steiner_dp(
    G: nx.Graph,
    terminals: Iterable[Hashable],
    weight: Weight = "weight",
    *,
    max_frames: int = DEFAULT_MAX_FRAMES,
) -> Trace:
    """Trace the exact subset program of Dreyfus-Wagner [1]_ / Erickson-Monma-Veinott [2]_.

    One terminal ``q`` is the root; the table has a row per subset of the others. Frames:
    each singleton row after its Dijkstra, each larger row after its splits and after its
    shortest-path pass, the answer and the tree. Terminals are ``terminal`` (those of the
    row's subset ``current``); of the entries the last step wrote or lowered, the cheapest
    are ``frontier`` (where the subset's tree is cheapest to reach; a row has an entry at
    every node, so the others are only in the table); the final tree is ``tree``. The
    state holds ``subset`` (the row's terminals), ``row`` (``node -> C[subset][node]``,
    finite entries) and ``table`` (``subset -> row`` for every row filled so far; rows are
    shared between frames, not copied).

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    terminals : iterable of nodes
        The nodes to join (at most :data:`MAX_DP_TERMINALS`); repeats are ignored.
    weight : str or callable, default "weight"
        Weights must be non-negative.
    max_frames : int

    Where several minimum trees tie, the one returned is fixed by the graph and the set of
    terminals (not the order they are given in): each entry of a row keeps the first of its
    cheapest splits, the subsets being tried from the highest bitmask down (the terminals
    numbered in node order), and a shortest-path pass replaces it only by a strictly
    cheaper path. Another exact solver may return another tree of the same cost.

    Returns
    -------
    Trace
        ``result["cost"]`` (the optimum) and ``result["edges"]`` (a minimum tree, in node
        order).

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed.
    networkx.NodeNotFound
        If a terminal is not in ``G``.
    workbench.exceptions.InfeasibleError
        If no tree joins the terminals.
    ValueError
        If a weight is negative, or there are more than ``MAX_DP_TERMINALS`` terminals.

    References
    ----------
    .. [1] S. E. Dreyfus and R. A. Wagner (1971). https://doi.org/10.1002/net.3230010302
    .. [2] R. E. Erickson, C. L. Monma and A. F. Veinott (1987).
       https://doi.org/10.1287/moor.12.4.634

    Examples
    --------
    >>> import networkx as nx
    >>> t = steiner_dp(nx.grid_2d_graph(3, 3), [(0, 0), (2, 2), (0, 2)])
    >>> t.result["cost"], len(t.result["edges"])
    (4, 4)
    >>> t.frames[-1].state["subset"]
    ((0, 0), (0, 2))
    """
    g = nonnegative_view(G, "steiner_dp", weight)
    terms = distinct_terminals(G, terminals, g)
    require_at_most(
        len(terms), MAX_DP_TERMINALS, "steiner_dp", "terminals", "workbench.algorithms.steiner_tree"
    )
    rec = Recorder("steiner_dp", STEINER_DP, max_frames)
    nodes: dict[Hashable, str] = {t: "terminal" for t in terms}
    edges: dict[Hashable, str] = {}
    if len(terms) < 2:
        rec.final(6, "Fewer than two terminals: the empty tree joins them.", nodes, edges, {})
        return rec.trace({"cost": 0, "edges": ()})
    root, others = terms[-1], terms[:-1]
    k = len(others)

    def members(mask: int) -> tuple[Hashable, ...]:
        return tuple(others[i] for i in range(k) if mask >> i & 1)

    cost: dict[int, dict[Hashable, Any]] = {}
    # how each entry was reached: ("split", A) or ("edge", u); a singleton's terminal: ()
    back: dict[int, dict[Hashable, tuple[Any, ...]]] = {}
    table: dict[tuple[Hashable, ...], FrozenMap] = {}
    current: dict[str, Any] = {"subset": (), "row": FrozenMap()}

    def state() -> dict[str, Any]:
        return {**current, "table": FrozenMap(table)}

    def show(mask: int, line: int, message: str, lowered: Iterable[Hashable]) -> None:
        subset = members(mask)
        row = FrozenMap(cost[mask])
        current["subset"], current["row"] = subset, row
        table[subset] = row
        if not rec.wants():
            rec.add(line, message, nodes, edges, state)
            return
        # only the cheapest of the entries just written are "frontier": a row has an entry at
        # every node, and painting them all would bury the terminals
        written = [v for v in lowered if v in row]
        best = min((row[v] for v in written), default=None)
        shown = {v: "frontier" for v in written if row[v] == best}
        shown.update({t: "terminal" for t in terms})
        shown.update({t: "current" for t in subset})
        rec.add(line, message, shown, edges, state)

    def pass_(mask: int) -> list[Hashable]:
        dist, pred = shortest_paths(g, cost[mask])
        lowered = list(pred)  # a node has a predecessor only if an edge lowered its entry
        for v in lowered:
            back[mask][v] = ("edge", pred[v])
        cost[mask] = dict(sorted(dist.items(), key=lambda vd: g.rank[vd[0]]))
        return lowered

    for i, t in enumerate(others):
        mask = 1 << i
        cost[mask], back[mask] = {t: 0}, {t: ()}
        pass_(mask)
        if i == 0:
            require_joined([t, *terms], cost[mask])
        message = f"Row {{{t!r}}}: the distance from {t!r} to every node."
        show(mask, 0, message, cost[mask])

    for mask in sorted(range(1, 1 << k), key=lambda m: (m.bit_count(), m)):
        if mask.bit_count() < 2:
            continue
        low = mask & -mask
        row: dict[Hashable, Any] = {}
        how: dict[Hashable, tuple[Any, ...]] = {}
        sub = (mask - 1) & mask
        while sub:
            if sub & low:
                ca, cb = cost[sub], cost[mask ^ sub]
                for v in g.nodes:
                    if v in ca and v in cb:
                        c = ca[v] + cb[v]
                        if c < row.get(v, float("inf")):
                            row[v], how[v] = c, ("split", sub)
            sub = (sub - 1) & mask
        cost[mask], back[mask] = row, how
        names = members(mask)
        show(mask, 2, f"Row {names!r}: the best split of the subset at each node.", row)
        lowered = pass_(mask)
        message = f"Row {names!r}: a shortest-path pass lowers {len(lowered)} entries."
        show(mask, 3, message, lowered)

    full = (1 << k) - 1
    best = cost[full][root]
    show(full, 4, f"The answer: C[{members(full)!r}][{root!r}] = {best!r}.", [root])

    found: set[Edge] = set()
    todo = [(full, root)]
    while todo:
        mask, v = todo.pop()
        step = back[mask][v]
        if not step:
            continue
        if step[0] == "split":
            todo += [(step[1], v), (mask ^ step[1], v)]
        else:
            found.add(g.key(step[1], v))
            todo.append((mask, step[1]))
    # with 0-weight edges the union may hold a cycle or a spare leaf of weight 0
    tree = spanning_forest(((e, g.weight(*e)) for e in found), g)
    prune_leaves(tree, set(terms), g)
    chosen = tuple(sorted(tree, key=g.sort_key))
    for e in chosen:
        edges[e] = "tree"
        for x in e:
            nodes.setdefault(x, "tree")
    message = f"Following the splits and paths back gives {len(chosen)} edges."
    rec.add(5, message, nodes, edges, state)
    total = _cost(g, chosen)
    message = f"A minimum tree joins the {len(terms)} terminals at cost {total!r}."
    rec.final(6, message, nodes, edges, state)
    return rec.trace({"cost": total, "edges": chosen})
