"""A hand of tickets: the cheapest network completing them all, a Steiner forest, traced.

Each ticket asks for two cities to be joined; the cheapest set of routes that joins every
ticket's two cities is a *minimum Steiner forest* [1]_. Two easy answers miss it:

* one shortest path per ticket, the network being their union, pays twice where tickets
  could share a branch (two tickets crossing like an X join more cheaply through one tree);
* one Steiner tree over every ticket's cities pays for joining tickets that have nothing to
  do with each other (a ticket in Spain and one in Russia).

Each part of an optimal forest is a minimum Steiner tree of the tickets it serves, so the
forest is the best way to *split the hand into groups*, each group joined by its own tree.
:func:`steiner_forest` shows that exactly: the two easy answers first, then a minimum tree
for every group of tickets (:func:`workbench.algorithms.steiner_tree`, the Dreyfus-Wagner
program), then every split of the hand (a hand of ``k`` tickets has a Bell number of them:
5 for 3 tickets, 15 for 4, 52 for 5) with its cost, keeping the cheapest.
:func:`workbench.analysis.tickets.steiner_forest` runs the same idea as a program over
subsets, for route boards and larger hands.

References
----------
.. [1] A. Agrawal, P. Klein and R. Ravi, "When trees collide: an approximation algorithm for
   the generalized Steiner problem on networks", SIAM Journal on Computing 24 (1995)
   440-456. https://doi.org/10.1137/S0097539792236237
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Any

import networkx as nx

from workbench.algorithms import steiner_tree
from workbench.exceptions import InfeasibleError
from workbench.teach._graphs import (
    Edge,
    View,
    Weight,
    nonnegative_view,
    path_to,
    require_at_most,
    require_node,
    shortest_paths,
)
from workbench.teach.frames import DEFAULT_MAX_FRAMES, Recorder, Trace

__all__ = ["MAX_FOREST_TICKETS", "STEINER_FOREST", "splits", "steiner_forest"]

STEINER_FOREST = (
    "easy answer 1: a shortest path for each ticket; the network is their union",
    "easy answer 2: one Steiner tree joining the cities of every ticket",
    "for each group S of tickets: tree[S] = a minimum Steiner tree of S's cities",
    "for each split of the hand into groups: cost = the sum of tree[group]",
    "    if cost < best: best = cost, keep this split",
    "return the best split's trees: a minimum Steiner forest",
)
"""Pseudo-code of :func:`steiner_forest`."""

MAX_FOREST_TICKETS = 6
""":func:`steiner_forest` refuses larger hands: 6 tickets already split 203 ways."""

Ticket = tuple[Hashable, Hashable]


def splits(items: Sequence[Any]) -> Iterator[tuple[tuple[Any, ...], ...]]:
    """Every way to split ``items`` into non-empty groups (set partitions), each once.

    Groups keep the items' order, and the group holding the first item comes first.

    Examples
    --------
    >>> list(splits("abc"))
    [(('a', 'b', 'c'),), (('a',), ('b', 'c')), (('a', 'b'), ('c',)), (('a', 'c'), ('b',)), (('a',), ('b',), ('c',))]
    >>> sum(1 for _ in splits(range(5)))  # the Bell number B5
    52
    """  # noqa: E501
    if not items:
        yield ()
        return
    first, rest = items[0], items[1:]
    for split in splits(rest):
        # first joins each group in turn (joining the first group keeps the order), or goes alone
        for i, group in enumerate(split):
            yield tuple(
                sorted(
                    (*split[:i], (first, *group), *split[i + 1 :]),
                    key=lambda grp: list(items).index(grp[0]),
                )
            )
        yield ((first,), *split)


def _tickets(G: nx.Graph, tickets: Iterable[Sequence[Hashable]], g: View) -> list[Ticket]:
    out: list[Ticket] = []
    for ticket in tickets:
        pair = tuple(ticket)
        if len(pair) != 2:
            raise ValueError(f"a ticket is a pair of cities, got {ticket!r}")
        for v in pair:
            require_node(G, v, "city")
        a, b = g.key(pair[0], pair[1])
        if a != b and (a, b) not in out:
            out.append((a, b))
    return out


def _name(ticket: Ticket) -> str:
    return f"{ticket[0]}-{ticket[1]}"


def _group_name(group: Sequence[Ticket]) -> str:
    return "{" + ", ".join(_name(t) for t in group) + "}"


def steiner_forest(
    G: nx.Graph,
    tickets: Iterable[Sequence[Hashable]],
    weight: Weight = "weight",
    *,
    max_frames: int = DEFAULT_MAX_FRAMES,
) -> Trace:
    """Trace the exact Steiner forest of a hand of tickets, against the two easy answers.

    Frames: each ticket's shortest path (``path``) and their union; the one tree over all
    the tickets' cities (``candidate``); each group of tickets with its minimum tree
    (``candidate``, the group's cities ``current``); each split of the hand with its trees
    (``candidate``) over the best split so far (``best``); and the forest (``tree``). The
    tickets' cities are ``terminal``. The state holds the costs of the two easy answers
    (``shortest paths``, ``one tree``), ``groups`` (each group's tree cost so far, as
    ``(name, cost)`` rows), the split looked at (``split``, ``this split``) and the best
    (``best``, ``best split``).

    Parameters
    ----------
    G : networkx Graph or MultiGraph (undirected)
    tickets : iterable of pairs of nodes
        At most :data:`MAX_FOREST_TICKETS` (repeats and one-city tickets are dropped).
    weight : str or callable, default "weight"
        Non-negative route lengths (a multigraph's parallel edges count with the lightest).
    max_frames : int

    Returns
    -------
    Trace
        ``result["cost"]`` and ``result["edges"]`` (a minimum forest, in node order),
        ``result["groups"]`` (the tickets each tree serves), ``result["paths_cost"]`` and
        ``result["paths_edges"]`` (the union of one shortest path per ticket),
        ``result["tree_cost"]`` and ``result["tree_edges"]`` (one tree over all).

    Raises
    ------
    networkx.NetworkXNotImplemented
        If ``G`` is directed.
    networkx.NodeNotFound
        If a city is not in ``G``.
    workbench.exceptions.InfeasibleError
        If a ticket's two cities are not joined.
    ValueError
        If a weight is negative, a ticket is not a pair, or there are too many tickets.

    References
    ----------
    .. [1] A. Agrawal, P. Klein and R. Ravi (1995). https://doi.org/10.1137/S0097539792236237

    Examples
    --------
    >>> G = nx.Graph()
    >>> G.add_weighted_edges_from([("a", "L", 1), ("c", "L", 1), ("L", "R", 4), ("R", "b", 1),
    ...     ("R", "d", 1), ("a", "b", 5), ("c", "d", 5), ("R", "x", 9), ("x", "y", 1)])
    >>> t = steiner_forest(G, [("a", "b"), ("c", "d"), ("x", "y")])
    >>> t.result["cost"], t.result["paths_cost"], t.result["tree_cost"]
    (9, 11, 18)
    >>> t.result["groups"]
    ((('a', 'b'), ('c', 'd')), (('x', 'y'),))
    """
    g = nonnegative_view(G, "steiner_forest", weight)
    hand = _tickets(G, tickets, g)
    require_at_most(
        len(hand),
        MAX_FOREST_TICKETS,
        "steiner_forest",
        "tickets",
        "workbench.analysis.tickets.steiner_forest",
    )
    rec = Recorder("steiner_forest", STEINER_FOREST, max_frames)
    cities = [v for t in hand for v in t]
    terminals: dict[Hashable, str] = dict.fromkeys(cities, "terminal")
    state: dict[str, Any] = {"shortest paths": "-", "one tree": "-", "groups": ()}

    def cost_of(edges: Iterable[Edge]) -> Any:
        return sum((g.weight(*e) for e in set(edges)), 0)

    def show(line: int, message: str, nodes: dict[Hashable, str], edges: Mapping[Any, str]) -> None:
        rec.add(line, message, {**terminals, **nodes}, edges, dict(state))

    # easy answer 1: a shortest path per ticket
    path_edges: list[Edge] = []
    for a, b in hand:
        dist, pred = shortest_paths(g, {a: 0})
        if b not in dist:
            raise InfeasibleError(f"no path joins the ticket's cities {a!r} and {b!r}")
        path = [g.key(u, v) for u, v in pairwise(path_to(pred, b))]
        path_edges += [e for e in path if e not in path_edges]
        message = f"Ticket {a!r}-{b!r}: a shortest path of {dist[b]!r}."
        show(0, message, {a: "current", b: "current"}, dict.fromkeys(path, "path"))
    paths_cost = cost_of(path_edges)
    state["shortest paths"] = paths_cost
    message = f"One shortest path per ticket: their union costs {paths_cost!r}."
    show(0, message, {}, dict.fromkeys(path_edges, "path"))

    def tree_edges(group: Sequence[Ticket]) -> tuple[Edge, ...] | None:
        # in the hand's order, never a set's: ties between equal trees break the same way
        # in every process (a set of names is ordered by the process's string hashes)
        ends = list(dict.fromkeys(v for t in group for v in t))
        part = nx.node_connected_component(G, ends[0])
        if not set(ends) <= part:
            return None
        T = steiner_tree(G, ends, weight if weight is not None else lambda u, v, d: 1)
        return tuple(sorted({g.key(u, v) for u, v in T.edges()}, key=g.sort_key))

    # easy answer 2: one tree over every ticket's cities
    everything = tree_edges(hand) if hand else ()
    tree_cost = cost_of(everything) if everything is not None else float("inf")
    state["one tree"] = tree_cost
    if everything is None:
        message = "One tree over every ticket's cities: impossible, they lie in several parts."
        show(1, message, {}, {})
    else:
        message = f"One Steiner tree over every ticket's cities costs {tree_cost!r}."
        show(1, message, {}, dict.fromkeys(everything, "candidate"))

    # a minimum tree for every group of tickets
    trees: dict[tuple[Ticket, ...], tuple[Edge, ...] | None] = {}
    rows: list[tuple[str, Any]] = []
    for size in range(1, len(hand) + 1):
        for mask in range(1, 1 << len(hand)):
            if mask.bit_count() != size:
                continue
            group = tuple(t for i, t in enumerate(hand) if mask >> i & 1)
            found = everything if size == len(hand) else tree_edges(group)
            trees[group] = found
            c = cost_of(found) if found is not None else float("inf")
            rows.append((_group_name(group), c))
            state["groups"] = tuple(rows)
            ends = {v: "current" for t in group for v in t}
            if found is None:
                show(2, f"Group {_group_name(group)}: its cities lie in several parts.", ends, {})
            else:
                message = f"Group {_group_name(group)}: a minimum tree costs {c!r}."
                show(2, message, ends, dict.fromkeys(found, "candidate"))

    # every split of the hand
    best: Any = float("inf")
    best_split: tuple[tuple[Ticket, ...], ...] = ()
    best_edges: set[Edge] = set()
    for split in splits(hand):
        parts = [trees[group] for group in split]
        if any(p is None for p in parts):
            continue
        costs = [cost_of(p or ()) for p in parts]
        total = sum(costs, 0)
        edges = {e for p in parts for e in (p or ())}
        name = " | ".join(_group_name(group) for group in split)
        state["split"], state["this split"] = name, total
        drawn: dict[Edge, str] = {
            **dict.fromkeys(best_edges, "best"),
            **dict.fromkeys(edges, "candidate"),
        }
        added = " + ".join(repr(c) for c in costs)
        if total < best:
            best, best_split, best_edges = total, split, edges
            state["best"], state["best split"] = best, name
            message = f"Split {name}: {added} = {total!r}, the best so far."
            show(4, message, {}, drawn)
        else:
            message = f"Split {name}: {added} = {total!r}, not better than {best!r}."
            show(3, message, {}, drawn)

    chosen = tuple(sorted(best_edges, key=g.sort_key))
    nodes = dict.fromkeys((v for e in chosen for v in e), "tree")
    verdict = (
        f"The forest costs {best!r}: one shortest path per ticket costs {paths_cost!r} and "
        f"one tree {tree_cost!r}."
    )
    if not hand:
        best, verdict = 0, "No ticket: the empty network completes the hand."
    rec.final(5, verdict, {**nodes, **terminals}, dict.fromkeys(chosen, "tree"), dict(state))
    return rec.trace(
        {
            "cost": best,
            "edges": chosen,
            "groups": best_split,
            "paths_cost": paths_cost,
            "paths_edges": tuple(sorted(path_edges, key=g.sort_key)),
            "tree_cost": tree_cost,
            "tree_edges": everything,
        }
    )
