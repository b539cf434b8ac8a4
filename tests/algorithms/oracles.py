"""Reference Steiner tree solvers for the tests: slow, simple and independent of ours.

Both take networkx's arguments (an undirected Graph or MultiGraph, the terminals, and
``weight`` as an attribute name, 1 where missing, or a callable ``f(u, v, data)`` that
returns ``None`` to hide an edge) and return the optimal cost: 0 for fewer than two distinct
terminals, ``inf`` when no tree joins them.

- :func:`brute_force_steiner_cost` tries every set of Steiner nodes (small graphs only).
- :func:`milp_steiner_cost` solves the directed multi-commodity flow formulation of Wong
  [1]_ with HiGHS through :func:`scipy.optimize.milp`. Its linear relaxation is as strong as
  the directed cut relaxation, so boards of a few hundred nodes solve in about a second.

References
----------
.. [1] R. T. Wong, "A dual ascent approach for Steiner tree problems on a directed graph",
   Mathematical Programming 28 (1984) 271-287. https://doi.org/10.1007/BF02612335
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable
from typing import Any

import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.optimize import Bounds, LinearConstraint, milp

__all__ = ["brute_force_steiner_cost", "milp_steiner_cost", "simple_weighted_graph"]

Weight = str | Callable[[Any, Any, dict[str, Any]], float | None]


def simple_weighted_graph(G: nx.Graph, weight: Weight = "weight") -> nx.Graph:
    """A simple Graph with the weight of each visible edge in the attribute ``"w"``.

    Parallel edges of a MultiGraph become their lightest one; self-loops are dropped.
    """
    H = nx.Graph()
    H.add_nodes_from(G)
    if G.is_multigraph():
        pairs = {frozenset((u, v)): (u, v) for u, v in G.edges()}.values()
        for u, v in pairs:
            if callable(weight):
                w = weight(u, v, G[u][v])
            else:
                w = min(d.get(weight, 1) for d in G[u][v].values())
            if w is not None and u != v:
                H.add_edge(u, v, w=w)
        return H
    for u, v, d in G.edges(data=True):
        w = weight(u, v, d) if callable(weight) else d.get(weight, 1)
        if w is not None and u != v:
            H.add_edge(u, v, w=w)
    return H


def _distinct(G: nx.Graph, terminals: Iterable[Hashable]) -> list[Hashable]:
    out: list[Hashable] = []
    for t in terminals:
        if t not in G:
            raise nx.NodeNotFound(f"terminal {t!r} is not in the graph")
        if t not in out:
            out.append(t)
    return out


def _joinable(H: nx.Graph, terminals: list[Hashable]) -> bool:
    return all(nx.has_path(H, terminals[0], t) for t in terminals[1:])


def _total(values: Iterable[float], integral: bool) -> float:
    total = math.fsum(values)
    return float(round(total)) if integral else total


def brute_force_steiner_cost(
    G: nx.Graph, terminals: Iterable[Hashable], weight: Weight = "weight"
) -> float:
    """The minimum over sets ``S`` of non-terminals of the minimum spanning tree of the
    subgraph induced by the terminals and ``S``, where that subgraph is connected.

    Exponential in the number of non-terminals: for graphs of up to about 12 nodes.

    Examples
    --------
    >>> brute_force_steiner_cost(nx.star_graph(3), [1, 2, 3])
    3.0
    """
    H = simple_weighted_graph(G, weight)
    terms = _distinct(H, terminals)
    if len(terms) < 2:
        return 0.0
    if not _joinable(H, terms):
        return math.inf
    others = [v for v in H if v not in terms]
    best = math.inf
    for r in range(len(others) + 1):
        for extra in itertools.combinations(others, r):
            sub = H.subgraph([*terms, *extra])
            if nx.is_connected(sub):
                tree = nx.minimum_spanning_tree(sub, weight="w")
                best = min(best, tree.size(weight="w"))
    return best


def milp_steiner_cost(
    G: nx.Graph,
    terminals: Iterable[Hashable],
    weight: Weight = "weight",
    time_limit: float = 60.0,
) -> float:
    """The optimum of the directed multi-commodity flow formulation, solved by HiGHS.

    Every edge becomes two arcs with a binary ``y``; the first terminal is the root and
    sends one unit of its own commodity to every other terminal; commodity ``t`` may use an
    arc only where ``y`` is 1; every node other than the root has at most one arc in. The
    cost is the weight of the chosen edges, rounded when all weights are integers.

    Examples
    --------
    >>> milp_steiner_cost(nx.cycle_graph(6), [0, 2, 4])
    4.0
    """
    H = simple_weighted_graph(G, weight)
    terms = _distinct(H, terminals)
    if len(terms) < 2:
        return 0.0
    if not _joinable(H, terms):
        return math.inf
    H = H.subgraph(nx.node_connected_component(H, terms[0]))
    nodes = list(H)
    index = {v: i for i, v in enumerate(nodes)}
    edges = list(H.edges(data="w"))
    n, m = len(nodes), len(edges)
    weights = np.array([w for _, _, w in edges], dtype=float)
    if weights.min(initial=0) < 0:
        raise ValueError("negative weights")
    integral = all(float(w).is_integer() for w in weights)
    # arcs: a < m goes u -> v of edge a, a >= m goes v -> u of edge a - m
    tail = np.array([index[u] for u, _, _ in edges] + [index[v] for _, v, _ in edges])
    head = np.array([index[v] for _, v, _ in edges] + [index[u] for u, _, _ in edges])
    arcs = 2 * m
    root = index[terms[0]]
    sinks = [index[t] for t in terms[1:]]
    c = len(sinks)

    rows: list[sp.spmatrix] = []
    lower: list[np.ndarray] = []
    upper: list[np.ndarray] = []
    # flow conservation, per commodity: inflow - outflow = 1 at its sink, -1 at the root
    incidence = sp.coo_matrix(
        (
            np.concatenate([np.ones(arcs), -np.ones(arcs)]),
            (np.concatenate([head, tail]), np.concatenate([np.arange(arcs)] * 2)),
        ),
        shape=(n, arcs),
    ).tocsr()
    for j, sink in enumerate(sinks):
        block = sp.hstack(
            [
                sp.csr_matrix((n, arcs)),
                sp.csr_matrix((n, j * arcs)),
                incidence,
                sp.csr_matrix((n, (c - j - 1) * arcs)),
            ]
        )
        rhs = np.zeros(n)
        rhs[root] = -1.0
        rhs[sink] = 1.0
        rows.append(block)
        lower.append(rhs)
        upper.append(rhs)
    # f_t(a) <= y(a)
    eye = sp.identity(arcs, format="csr")
    for j in range(c):
        block = sp.hstack(
            [
                -eye,
                sp.csr_matrix((arcs, j * arcs)),
                eye,
                sp.csr_matrix((arcs, (c - j - 1) * arcs)),
            ]
        )
        rows.append(block)
        lower.append(np.full(arcs, -np.inf))
        upper.append(np.zeros(arcs))
    # at most one arc into each node, none into the root; one arc per edge
    indegree = sp.coo_matrix((np.ones(arcs), (head, np.arange(arcs))), shape=(n, arcs))
    rows.append(sp.hstack([indegree, sp.csr_matrix((n, c * arcs))]))
    lower.append(np.zeros(n))
    cap = np.ones(n)
    cap[root] = 0.0
    upper.append(cap)
    both = sp.hstack([sp.identity(m), sp.identity(m)])
    rows.append(sp.hstack([both, sp.csr_matrix((m, c * arcs))]))
    lower.append(np.zeros(m))
    upper.append(np.ones(m))

    constraints = LinearConstraint(
        sp.vstack(rows).tocsr(), np.concatenate(lower), np.concatenate(upper)
    )
    cost = np.concatenate([weights, weights, np.zeros(c * arcs)])  # y, then each flow
    integrality = np.concatenate([np.ones(arcs), np.zeros(c * arcs)])
    result = milp(
        cost,
        constraints=constraints,
        integrality=integrality,
        bounds=Bounds(0, 1),
        options={"mip_rel_gap": 1e-9, "time_limit": time_limit},
    )
    if result.status != 0:
        raise RuntimeError(f"HiGHS did not prove an optimum: {result.message}")
    chosen = result.x[:arcs] > 0.5
    return _total(np.concatenate([weights, weights])[chosen].tolist(), integral)
