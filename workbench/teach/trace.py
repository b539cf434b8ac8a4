"""One entry point for every traced algorithm: ``trace(name, G, **params) -> Trace``.

:data:`ALGORITHMS` lists them by name with their pseudo-code and parameters, so a UI can
offer a menu, ask for the right nodes (a source, two cities, a hand of terminals) and
highlight ``frame.line`` in the pseudo-code. Nodes are whatever ``G`` uses: on a board's
graph (:meth:`workbench.maps.Board.graph`) they are ``(col, row)`` points, so a trace
draws on the board directly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import networkx as nx

from workbench.teach import cuts, forest, search, steiner, trails, trees
from workbench.teach.frames import Frame, Trace

__all__ = ["ALGORITHMS", "EXACT_SEARCHES", "Algorithm", "Frame", "Trace", "trace"]


@dataclass(frozen=True)
class Algorithm:
    """A traced algorithm: its name, a title, its function, pseudo-code and parameters.

    ``params`` are the keyword arguments it needs (besides ``G``), ``options`` those it
    also takes (every algorithm takes ``max_frames``).

    Examples
    --------
    >>> ALGORITHMS["dijkstra"].params, ALGORITHMS["dijkstra"].options
    (('source',), ('weight', 'max_frames'))
    """

    name: str
    title: str
    function: Callable[..., Trace]
    pseudocode: tuple[str, ...]
    params: tuple[str, ...]
    options: tuple[str, ...]


def _entry(
    name: str,
    title: str,
    function: Callable[..., Trace],
    pseudocode: tuple[str, ...],
    params: tuple[str, ...] = (),
    options: tuple[str, ...] = ("weight",),
) -> tuple[str, Algorithm]:
    return name, Algorithm(name, title, function, pseudocode, params, (*options, "max_frames"))


ALGORITHMS: Mapping[str, Algorithm] = dict(
    [
        _entry("bfs", "Breadth-first search", search.bfs, search.BFS, ("source",), ()),
        _entry("dijkstra", "Dijkstra's algorithm", search.dijkstra, search.DIJKSTRA, ("source",)),
        _entry("dial", "Dial's bucket queue", search.dial, search.DIAL, ("source",)),
        _entry("prim", "Prim's algorithm", trees.prim, trees.PRIM, (), ("weight", "root")),
        _entry("kruskal", "Kruskal's algorithm", trees.kruskal, trees.KRUSKAL),
        _entry("bridges", "Bridges and articulation points", cuts.bridges, cuts.BRIDGES, (), ()),
        _entry("min_cut", "Minimum cut (Edmonds-Karp)", cuts.min_cut, cuts.MIN_CUT, ("s", "t"), ()),
        _entry(
            "steiner_mst",
            "Steiner tree, 2-approximation (Kou-Markowsky-Berman)",
            steiner.steiner_mst,
            steiner.STEINER_MST,
            ("terminals",),
        ),
        _entry(
            "steiner_dp",
            "Steiner tree, exact (Dreyfus-Wagner)",
            steiner.steiner_dp,
            steiner.STEINER_DP,
            ("terminals",),
        ),
    ]
)
"""Every traced algorithm by name, in the order a menu lists them."""

EXACT_SEARCHES: Mapping[str, Algorithm] = dict(
    [
        _entry(
            "longest_trail",
            "Longest trail, exact search",
            trails.longest_trail,
            trails.LONGEST_TRAIL,
        ),
        _entry(
            "steiner_forest",
            "Steiner forest for a hand of tickets, exact",
            forest.steiner_forest,
            forest.STEINER_FOREST,
            ("tickets",),
        ),
    ]
)
"""Traced searches that try every case, by name: their work grows exponentially, so they
are meant for one player's routes or a hand of tickets, not a whole board, and menus and
tests that run every algorithm of :data:`ALGORITHMS` on a board leave them out.
:func:`trace` runs them by name too."""


def trace(name: str, G: nx.Graph, **params: Any) -> Trace:
    """Run algorithm ``name`` on ``G`` and return its frames and result.

    Parameters
    ----------
    name : str
        A key of :data:`ALGORITHMS`: ``"bfs"``, ``"dijkstra"``, ``"dial"`` (``source=``);
        ``"prim"`` (``root=`` optional), ``"kruskal"``; ``"bridges"``; ``"min_cut"``
        (``s=``, ``t=``); ``"steiner_mst"``, ``"steiner_dp"`` (``terminals=``); and the
        :data:`EXACT_SEARCHES` ``"longest_trail"`` and ``"steiner_forest"``
        (``tickets=``).
    G : networkx Graph
    **params
        The algorithm's parameters, and ``weight=`` (where weights matter) and
        ``max_frames=``.

    Returns
    -------
    Trace

    Raises
    ------
    ValueError
        If ``name`` is unknown, a required parameter is missing or an unknown one given.

    Examples
    --------
    >>> from workbench import load_map
    >>> G = load_map("maps/tiny.yaml").graph()
    >>> t = trace("dijkstra", G, source=(1, 1))
    >>> t.result["distance"][(3, 2)], t.frames[-1].nodes[(3, 2)]
    (2, 'visited')
    >>> trace("dfs", G)
    Traceback (most recent call last):
    ...
    ValueError: unknown algorithm 'dfs'; choose one of: bfs, dijkstra, dial, prim, kruskal, ...
    """
    algorithm = ALGORITHMS.get(name) or EXACT_SEARCHES.get(name)
    if algorithm is None:
        known = ", ".join([*ALGORITHMS, *EXACT_SEARCHES])
        raise ValueError(f"unknown algorithm {name!r}; choose one of: {known}")
    missing = [p for p in algorithm.params if p not in params]
    if missing:
        raise ValueError(f"{name} needs {', '.join(f'{p}=' for p in missing)}")
    unknown = sorted(set(params) - set(algorithm.params) - set(algorithm.options))
    if unknown:
        allowed = ", ".join(algorithm.params + algorithm.options)
        raise ValueError(f"{name} takes no parameter {unknown[0]!r}; it takes: {allowed}")
    return algorithm.function(G, **params)
