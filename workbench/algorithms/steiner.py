"""Exact minimum Steiner trees, as a drop-in for networkx's approximation.

A player's cost to finish a round of Trans Europa is the weight of a minimum Steiner tree
joining their start marker and their cities, where rails already on the board weigh 0. This
module computes it exactly with the dynamic program of Dreyfus and Wagner [1]_ in the form of
Erickson, Monma and Veinott [2]_: for every subset of terminals and every node, the cheapest
tree joining them, built from the best split of the subset at the node followed by a
shortest-path pass. Time grows as ``3^k n + 2^k m log n`` for ``k`` terminals, which is
small for the 2-8 terminals of a hand. Before the program runs, edges of weight 0 (rails
already built) are contracted, and when all weights are small integers the shortest-path
passes use a bucket queue [3]_.

References
----------
.. [1] S. E. Dreyfus and R. A. Wagner, "The Steiner problem in graphs", Networks 1 (1971)
   195-207. https://doi.org/10.1002/net.3230010302
.. [2] R. E. Erickson, C. L. Monma and A. F. Veinott, "Send-and-split method for
   minimum-concave-cost network flows", Mathematics of Operations Research 12 (1987)
   634-664. https://doi.org/10.1287/moor.12.4.634
.. [3] R. B. Dial, "Algorithm 360: shortest-path forest with topological ordering",
   Communications of the ACM 12 (1969) 632-633. https://doi.org/10.1145/363269.363610
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from itertools import chain
from operator import methodcaller
from typing import Any

import networkx as nx
import numpy as np

from workbench.exceptions import InfeasibleError

__all__ = ["prepare_problem", "steiner_cost", "steiner_cost_to_all", "steiner_tree"]

Weight = str | Callable[[Any, Any, dict[str, Any]], float | None]

_MAX_BUCKET_WEIGHT = 64  # integer weights up to this use the bucket queue


def _weight_function(G: nx.Graph, weight: Weight) -> Callable[[Any, Any, dict[str, Any]], Any]:
    """networkx's convention: an attribute name (default 1 when missing) or a callable
    ``f(u, v, data)`` returning a weight, or ``None`` to hide the edge."""
    if callable(weight):
        return weight
    if G.is_multigraph():
        return lambda u, v, d: min(attr.get(weight, 1) for attr in d.values())
    return lambda u, v, d: d.get(weight, 1)


@dataclass
class _Problem:
    """A graph prepared for the program: 0-weight parts contracted, in CSR form."""

    nodes: list[Hashable]  # original node of each index
    index: dict[Hashable, int]  # and back
    comp: np.ndarray  # contracted component of each original node index
    indptr: np.ndarray
    adj: np.ndarray
    adjw: np.ndarray
    adje: np.ndarray
    eu: np.ndarray  # contracted edge id -> its two component ids
    ev: np.ndarray
    orig_u: np.ndarray  # contracted edge id -> the original edge's ends (node indexes)
    orig_v: np.ndarray
    zero: list[tuple[int, int]]  # the 0-weight edges, as original node indexes
    maxw: int  # largest weight if all are integers <= _MAX_BUCKET_WEIGHT, else -1

    def edge_of(self, i: int) -> tuple[Any, Any]:
        """The original edge behind contracted edge ``i``."""
        return self.nodes[self.orig_u[i]], self.nodes[self.orig_v[i]]


@dataclass
class _Structure:
    """A simple graph's nodes and edges as arrays, and each edge's attribute dict."""

    nodes: list[Hashable]
    index: dict[Hashable, int]
    u: np.ndarray
    v: np.ndarray
    data: list[dict[str, Any]]
    size: tuple[int, int]
    indptr: np.ndarray  # CSR adjacency (both directions) of the edges above
    adj: np.ndarray
    adje: np.ndarray  # the edge id of each arc
    identity: np.ndarray  # arange(n): each node is its own component
    # the weight attribute, the weights read and the problem made by the last call
    last: tuple[str, list[Any], _Problem] | None = None


_CACHE_KEY = "workbench.steiner.structure"


def _structure(G: nx.Graph) -> _Structure:
    """The arrays of ``G``'s structure, cached in ``G.__networkx_cache__``.

    networkx empties that cache whenever nodes or edges are added or removed through the
    graph's methods, and the attribute dicts are the graph's own, so a changed weight is
    always read afresh. Views (subgraphs of another graph) are never cached, since their
    graph can change under them; a changed node or edge count also rebuilds the arrays.
    """
    cache = getattr(G, "__networkx_cache__", None)
    if hasattr(G, "_graph") or not isinstance(cache, dict):
        cache = None
    nbrs: dict[Any, dict[Any, Any]] = G._adj  # type: ignore[attr-defined]  # read, never changed
    size = (len(nbrs), sum(len(d) for d in nbrs.values()))
    if cache is not None:
        found = cache.get(_CACHE_KEY)
        if found is not None and found.size == size:
            return found
    nodes = list(G)
    index = {v: i for i, v in enumerate(nodes)}
    nbr_dicts = list(nbrs.values())
    n = len(nodes)
    degree = np.fromiter(map(len, nbr_dicts), dtype=np.int64, count=n)
    src = np.repeat(np.arange(n, dtype=np.int64), degree)
    dst = np.fromiter(
        map(index.__getitem__, chain.from_iterable(nbr_dicts)), dtype=np.int64, count=size[1]
    )
    once = src < dst
    data = list(chain.from_iterable(map(methodcaller("values"), nbr_dicts)))
    picked = [data[i] for i in np.flatnonzero(once).tolist()]
    u, v = src[once], dst[once]
    ids = np.arange(len(u), dtype=np.int64)
    arc_src = np.concatenate([u, v])
    order = np.argsort(arc_src, kind="stable")
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(arc_src, minlength=n), out=indptr[1:])
    adj = np.concatenate([v, u])[order]
    adje = np.concatenate([ids, ids])[order]
    shape = _Structure(nodes, index, u, v, picked, size, indptr, adj, adje, np.arange(n))
    if cache is not None:
        cache[_CACHE_KEY] = shape
    return shape


def prepare_problem(G: nx.Graph, weight: Weight = "weight") -> _Problem:
    """The graph as the exact program's arrays: 0-weight edges contracted, CSR adjacency.

    This is the set-up of every :func:`steiner_tree` call, apart, for callers that ask many
    questions of one graph (the hand tables) and for the benchmark that times it alone.

    Examples
    --------
    >>> G = nx.path_graph(4)
    >>> nx.set_edge_attributes(G, 1, "weight")
    >>> problem = prepare_problem(G, "weight")
    >>> problem is prepare_problem(G, "weight")  # the same weights: the same problem
    True
    """
    if G.is_directed():
        raise nx.NetworkXNotImplemented("not implemented for directed type")
    if isinstance(weight, str) and not G.is_multigraph():
        shape = _structure(G)
        nodes, index, n = shape.nodes, shape.index, len(shape.nodes)
        # the weights are read afresh on every call (an attribute dict can change without
        # networkx knowing); when they equal the last call's, its prepared problem holds
        raw = list(map(methodcaller("get", weight, 1), shape.data))
        last = shape.last
        if last is not None and last[0] == weight and last[1] == raw:
            return last[2]
        u_arr, v_arr = shape.u, shape.v
        if None in raw:  # None hides an edge, as in networkx
            keep_edge = np.array([w is not None for w in raw], dtype=bool)
            u_arr, v_arr = u_arr[keep_edge], v_arr[keep_edge]
            raw = [w for w in raw if w is not None]
        w_arr = np.asarray(raw, dtype=np.float64)
        if len(w_arr) == len(shape.u) and len(w_arr) and w_arr.min() > 0:
            # the common case (every edge, no 0-weight ones): the cached CSR holds as is
            problem = _Problem(
                nodes=nodes,
                index=index,
                comp=shape.identity,
                indptr=shape.indptr,
                adj=shape.adj,
                adjw=w_arr[shape.adje],
                adje=shape.adje,
                eu=shape.u,
                ev=shape.v,
                orig_u=shape.u,
                orig_v=shape.v,
                zero=[],
                maxw=_bucket_weight(w_arr),
            )
            shape.last = (weight, raw, problem)
            return problem
    else:
        nodes = list(G)
        index = {v: i for i, v in enumerate(nodes)}
        n = len(nodes)
        wf = _weight_function(G, weight)
        edges = _multi_edges(G) if isinstance(G, nx.MultiGraph) else G.edges(data=True)
        triples = [(index[u], index[v], wf(u, v, d)) for u, v, d in edges]
        triples = [t for t in triples if t[2] is not None and t[0] != t[1]]
        u_arr = np.asarray([t[0] for t in triples], dtype=np.int64)
        v_arr = np.asarray([t[1] for t in triples], dtype=np.int64)
        w_arr = np.asarray([float(t[2]) for t in triples], dtype=np.float64)
    if len(w_arr) and w_arr.min() < 0:
        i = int(np.argmin(w_arr))
        raise ValueError(
            f"edge {(nodes[u_arr[i]], nodes[v_arr[i]])!r} has a negative weight {w_arr[i]!r}"
        )

    # contract the 0-weight edges (rails already built)
    is_zero = w_arr == 0
    parent = np.arange(n)
    zero = list(zip(u_arr[is_zero].tolist(), v_arr[is_zero].tolist(), strict=True))
    if zero:
        import scipy.sparse as sp
        from scipy.sparse.csgraph import connected_components

        za, zb = u_arr[is_zero], v_arr[is_zero]
        m0 = sp.coo_matrix((np.ones(len(za)), (za, zb)), shape=(n, n))
        _, parent = connected_components(m0, directed=False)
    comp = np.asarray(parent, dtype=np.int64)
    if not zero:
        comp = np.arange(n, dtype=np.int64)
    cu, cv = comp[u_arr], comp[v_arr]
    keep = ~is_zero & (cu != cv)
    cu, cv, cw = cu[keep], cv[keep], w_arr[keep]
    originals = np.flatnonzero(keep)
    # one edge per pair of components: the lightest
    lo, hi = np.minimum(cu, cv), np.maximum(cu, cv)
    order = np.lexsort((cw, hi, lo))
    lo, hi, cw, originals = lo[order], hi[order], cw[order], originals[order]
    first = np.ones(len(lo), dtype=bool)
    first[1:] = (lo[1:] != lo[:-1]) | (hi[1:] != hi[:-1])
    lo, hi, cw, originals = lo[first], hi[first], cw[first], originals[first]
    ncomp = int(comp.max()) + 1 if n else 0
    # CSR adjacency, both directions
    src = np.concatenate([lo, hi])
    dst = np.concatenate([hi, lo])
    wts = np.concatenate([cw, cw])
    eid = np.concatenate([np.arange(len(lo)), np.arange(len(lo))])
    order = np.argsort(src, kind="stable")
    indptr = np.zeros(ncomp + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=ncomp), out=indptr[1:])
    problem = _Problem(
        nodes=nodes,
        index=index,
        comp=comp,
        indptr=indptr,
        adj=dst[order].astype(np.int64),
        adjw=wts[order].astype(np.float64),
        adje=eid[order].astype(np.int64),
        eu=lo.astype(np.int64),
        ev=hi.astype(np.int64),
        orig_u=u_arr[originals],
        orig_v=v_arr[originals],
        zero=zero,
        maxw=_bucket_weight(cw),
    )
    if isinstance(weight, str) and not G.is_multigraph():
        shape.last = (weight, raw, problem)
    return problem


def _bucket_weight(weights: np.ndarray) -> int:
    """The largest weight when all are integers small enough for the bucket queue, else -1."""
    if len(weights) == 0:
        return 0
    top = float(weights.max())
    if top <= _MAX_BUCKET_WEIGHT and bool(np.all(weights == np.round(weights))):
        return int(top)
    return -1


def _inf_if_none(w: float | None) -> float:
    return float("inf") if w is None else float(w)


def _multi_edges(G: nx.MultiGraph) -> Iterable[tuple[Any, Any, dict[str, Any]]]:
    for u, v in {(u, v) for u, v in G.edges()}:
        yield u, v, G[u][v]


def _terminal_components(
    problem: _Problem, terminals: Iterable[Hashable], G: nx.Graph
) -> list[int]:
    """The distinct contracted components of the terminals, in first-seen order."""
    index = problem.index
    out: list[int] = []
    for t in terminals:
        if t not in index:
            raise nx.NodeNotFound(f"terminal {t!r} is not in the graph")
        c = int(problem.comp[index[t]])
        if c not in out:
            out.append(c)
    return out


def _check_connected(problem: _Problem, comps: list[int], terminals: list[Hashable]) -> None:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    n = len(problem.indptr) - 1
    matrix = csr_matrix((np.ones(len(problem.adj)), problem.adj, problem.indptr), shape=(n, n))
    _, label = connected_components(matrix, directed=False)
    groups: dict[int, Hashable] = {}
    index = problem.index
    for t in terminals:
        groups.setdefault(int(label[problem.comp[index[t]]]), t)
    if len(groups) > 1:
        named = ", ".join(repr(t) for t in groups.values())
        raise InfeasibleError(
            f"no tree joins the terminals: {named} lie in {len(groups)} different components"
        )


def _solve(G: nx.Graph, terminals: Iterable[Hashable], weight: Weight) -> tuple[float, list[Any]]:
    """The optimum's cost and its edges (original node pairs)."""
    from workbench.algorithms import _kernels

    terminals = list(terminals)
    problem = prepare_problem(G, weight)
    comps = _terminal_components(problem, terminals, G)
    if len(comps) <= 1:
        return 0.0, _zero_edges(problem, terminals, [])
    term = np.asarray(comps[:-1], dtype=np.int64)
    root = comps[-1]
    dp, pred, split = _kernels.emv(
        problem.indptr, problem.adj, problem.adjw, problem.adje, term, problem.maxw
    )
    full = (1 << len(term)) - 1
    if not np.isfinite(dp[full, root]):
        _check_connected(problem, comps, terminals)  # raises, naming the terminals
    ids = _kernels.trace(dp, pred, split, problem.eu, problem.ev, term, full, root)
    chosen = [problem.edge_of(i) for i in sorted(set(ids.tolist()))]
    return float(dp[full, root]), _zero_edges(problem, terminals, chosen)


def _zero_edges(problem: _Problem, terminals: list[Hashable], chosen: list[Any]) -> list[Any]:
    """Add the 0-weight edges that join, inside each contracted component, the terminals
    and the ends of the chosen edges that lie in it."""
    if not problem.zero:
        return chosen
    index = problem.index
    need: dict[int, set[int]] = {}
    for v in [*terminals, *(x for e in chosen for x in e)]:
        i = index[v]
        need.setdefault(int(problem.comp[i]), set()).add(i)
    zero_graph = nx.Graph(problem.zero)
    edges = list(chosen)
    for wanted in need.values():
        if len(wanted) < 2:
            continue
        # a tree of the 0-weight component, pruned to the nodes that are needed
        start = next(iter(wanted))
        tree = nx.bfs_tree(zero_graph, start).to_undirected()
        leaves = [v for v in tree if tree.degree(v) == 1 and v not in wanted]
        while leaves:
            leaf = leaves.pop()
            (nb,) = tree[leaf]
            tree.remove_node(leaf)
            if tree.degree(nb) == 1 and nb not in wanted:
                leaves.append(nb)
        edges.extend((problem.nodes[a], problem.nodes[b]) for a, b in tree.edges)
    return edges


def steiner_tree(
    G: nx.Graph,
    terminal_nodes: Iterable[Hashable],
    weight: Weight = "weight",
    method: str | None = None,
) -> nx.Graph:
    """A minimum Steiner tree of ``G`` joining ``terminal_nodes``, exactly.

    The signature and the result are those of
    :func:`networkx.algorithms.approximation.steiner_tree`: the tree is returned as
    ``G.edge_subgraph(edges)``; with fewer than two distinct terminals it is empty.

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    terminal_nodes : iterable of nodes
        The nodes to join; repeats are ignored.
    weight : str or callable, default "weight"
        The edge attribute holding the weight (1 where missing), or ``f(u, v, data)``
        returning it (``None`` hides the edge). Weights must be non-negative.
    method : {"emv", None}
        The algorithm: ``"emv"`` (the default), the Dreyfus-Wagner program in the
        Erickson-Monma-Veinott form.

    Returns
    -------
    networkx Graph
        The tree, as an edge-induced subgraph (view) of ``G``.

    Raises
    ------
    InfeasibleError
        If the terminals lie in different connected components.
    networkx.NodeNotFound
        If a terminal is not in ``G``.
    networkx.NetworkXNotImplemented
        If ``G`` is directed.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.cycle_graph(6)
    >>> T = steiner_tree(G, [0, 2, 4])
    >>> nx.is_tree(T), sorted(T.nodes)
    (True, [0, 2, 3, 4, 5])
    >>> T.size(weight="weight")
    4.0

    References
    ----------
    .. [1] S. E. Dreyfus and R. A. Wagner (1971), https://doi.org/10.1002/net.3230010302
    .. [2] R. E. Erickson, C. L. Monma and A. F. Veinott (1987),
       https://doi.org/10.1287/moor.12.4.634
    """
    if method not in (None, "emv"):
        raise ValueError(f"{method} is not a valid choice for an algorithm.")
    _, edges = _solve(G, terminal_nodes, weight)
    if G.is_multigraph():
        wf = _weight_function(G, weight)

        def lightest(u: Any, v: Any) -> Any:
            # a callable weight sees one parallel edge at a time, keyed as networkx does
            return min(G[u][v], key=lambda k: _inf_if_none(wf(u, v, {k: G[u][v][k]})))

        edges = [(u, v, lightest(u, v)) for u, v in edges]
    return G.edge_subgraph(edges)


def steiner_cost(
    G: nx.Graph, terminal_nodes: Iterable[Hashable], weight: Weight = "weight"
) -> float:
    """The weight of a minimum Steiner tree joining ``terminal_nodes`` (0 for fewer than two).

    Examples
    --------
    >>> import networkx as nx
    >>> steiner_cost(nx.grid_2d_graph(3, 3), [(0, 0), (2, 2), (0, 2)])
    4.0
    """
    cost, _ = _solve(G, terminal_nodes, weight)
    return cost


def steiner_cost_to_all(
    G: nx.Graph, terminal_nodes: Iterable[Hashable], weight: Weight = "weight"
) -> dict[Hashable, float]:
    """For every node ``v``, the cost of the cheapest tree joining the terminals and ``v``.

    One pass of the program over all terminals gives the whole map: it is the cost to
    finish from every possible start point (the start-marker heatmap). Nodes that cannot
    be joined get ``inf``.

    Examples
    --------
    >>> import networkx as nx
    >>> costs = steiner_cost_to_all(nx.path_graph(5), [0, 2])
    >>> [costs[v] for v in range(5)]
    [2.0, 2.0, 2.0, 3.0, 4.0]
    """
    from workbench.algorithms import _kernels

    terminals = list(terminal_nodes)
    problem = prepare_problem(G, weight)
    comps = _terminal_components(problem, terminals, G)
    if not comps:
        return dict.fromkeys(problem.nodes, 0.0)
    term = np.asarray(comps, dtype=np.int64)
    dp, _, _ = _kernels.emv(
        problem.indptr, problem.adj, problem.adjw, problem.adje, term, problem.maxw
    )
    row = dp[(1 << len(term)) - 1]
    if not np.isfinite(row[comps[0]]):
        _check_connected(problem, comps, terminals)
    return {v: float(row[problem.comp[i]]) for i, v in enumerate(problem.nodes)}
