"""Route questions about a board: city distances, start heatmaps and chokepoints."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import cast

import networkx as nx
import numpy as np
import pandas as pd

from workbench.algorithms.steiner import steiner_cost_to_all
from workbench.analysis.costs import DoubleCost, cost_graph
from workbench.analysis.hands import deck, hand_table, table_on_graph
from workbench.maps.board import Board, City
from workbench.maps.lattice import Edge, Point

__all__ = ["Chokepoints", "Progress", "chokepoints", "distance_table", "start_heatmap"]


def distance_table(
    board: Board, double_cost: DoubleCost = 2, rails: Sequence[Edge] = ()
) -> pd.DataFrame:
    """Rails between every pair of cities (the cheapest path), as a square DataFrame.

    Examples
    --------
    >>> from workbench import load_map
    >>> table = distance_table(load_map("maps/tiny.yaml"))
    >>> int(table.loc["Alder", "Ginkgo"]), int(table.loc["Ginkgo", "Alder"])
    (1, 1)
    """
    G = cost_graph(board, rails, double_cost)
    names = [c.name for c in board.cities]
    rows = []
    for city in board.cities:
        lengths = nx.single_source_dijkstra_path_length(G, city.at, weight="weight")
        rows.append([lengths.get(other.at, np.inf) for other in board.cities])
    table = pd.DataFrame(rows, index=names, columns=names)
    return table.astype(int) if np.isfinite(table.to_numpy()).all() else table


def start_heatmap(
    board: Board,
    hand: Iterable[str | City],
    rails: Sequence[Edge] = (),
    double_cost: DoubleCost = 2,
) -> pd.Series:
    """The cost to finish ``hand`` from every possible start point.

    One pass of the exact program: for every point, the fewest rails that join it and the
    hand's cities. The minimum marks the best places for the start marker.

    Examples
    --------
    >>> from workbench import load_map
    >>> heat = start_heatmap(load_map("maps/tiny.yaml"), ["Alder", "Ginkgo"])
    >>> int(heat.min()), heat.idxmin() in [(1, 1), (2, 0), (2, 1), (1, 0)]
    (1, True)
    """
    G = cost_graph(board, rails, double_cost)
    points = [c.at if isinstance(c, City) else board.city(c).at for c in hand]
    costs = steiner_cost_to_all(G, points)
    order = sorted(cast(list[Point], list(costs)))
    series = pd.Series([costs[p] for p in order], index=pd.Index(order), name="cost")
    series.index.name = "point"
    return series


@dataclass(frozen=True)
class Chokepoints:
    """Where a board can be blocked or broken.

    ``bridges`` are segments whose loss splits the board; ``articulation_points`` points
    whose loss does; ``critical`` the most used segments and how much the mean hand cost
    rises without each (``inf`` rows cut some hands' cities apart: ``cut_hands`` counts them).
    """

    bridges: list[Edge]
    articulation_points: list[Point]
    critical: pd.DataFrame


Progress = Callable[[int, int], object]
"""Called as ``progress(done, total)`` after each pass of a long computation."""


def _progress_bar(total: int, what: str) -> Progress:
    """A tqdm bar (a widget in Jupyter, text on stderr elsewhere) as a ``Progress``."""
    from tqdm.auto import tqdm

    bar = tqdm(total=total, unit="pass", file=sys.stderr, desc=what)

    def update(done: int, total: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return update


def chokepoints(
    board: Board,
    players: int = 4,
    double_cost: DoubleCost = 2,
    top: int = 10,
    progress: bool | Progress | None = None,
) -> Chokepoints:
    """Bridges, articulation points, and the segments whose loss raises the average hand
    cost most.

    Only segments that some hand's optimal tree uses can raise any hand's cost when lost.
    Used bridges cut exactly the hands that use them (``cut_hands``, with an ``inf``
    increase); of the other segments the ``top`` most used are tried, each by recomputing
    every hand without it (on Trans Europa about 0.4 s a pass).

    ``progress=True`` shows a progress bar over those passes (tqdm, on stderr or as a
    notebook widget); a callable is called instead as ``progress(done, total)`` after
    each pass, ``progress(0, total)`` first.

    Examples
    --------
    >>> from workbench import load_map
    >>> found = chokepoints(load_map("maps/tiny.yaml"), top=3)
    >>> list(found.critical.columns)
    ['a', 'b', 'kind', 'share', 'mean_before', 'mean_after', 'increase', 'cut_hands']
    >>> bool((found.critical.increase >= 0).all())
    True
    >>> seen = []
    >>> _ = chokepoints(load_map("maps/tiny.yaml"), top=3, progress=lambda *a: seen.append(a))
    >>> seen
    [(0, 3), (1, 3), (2, 3), (3, 3)]
    """
    G = cost_graph(board, (), double_cost)
    bridges = sorted(tuple(sorted(e)) for e in nx.bridges(G))
    points = sorted(nx.articulation_points(G))
    table = hand_table(board, players, double_cost)
    before = float(np.mean(table.costs))
    cards = deck(board, players)
    rows = []
    # a bridge that some hands' trees use cuts exactly those hands apart, and no other
    # hand needs it: no recomputation is needed
    for a, b in bridges:
        count = table.usage.get((a, b), 0)
        if count:
            rows.append({"a": a, "b": b, "kind": board.segments[a, b].kind,
                         "share": count / len(table.costs), "mean_before": before,
                         "mean_after": float("inf"), "increase": float("inf"),
                         "cut_hands": count})  # fmt: skip
    others = [(e, n) for e, n in table.usage.items() if e not in set(bridges)]
    used = sorted(others, key=lambda kv: (-kv[1], kv[0]))[:top]
    report: Progress | None = None
    if callable(progress):
        report = progress
    elif progress and used:
        report = _progress_bar(len(used), "chokepoints")
    if report is not None:
        report(0, len(used))
    for done, ((a, b), count) in enumerate(used, 1):
        H = G.copy()
        H.remove_edge(a, b)
        costs, _ = table_on_graph(H, board, cards, progress=False)
        finite = np.isfinite(costs)
        after = float(costs[finite].mean()) if finite.all() else float("inf")
        rows.append(
            {
                "a": a,
                "b": b,
                "kind": board.segments[a, b].kind,
                "share": count / len(table.costs),
                "mean_before": before,
                "mean_after": after,
                "increase": after - before,
                "cut_hands": int((~finite).sum()),
            }
        )
        if report is not None:
            report(done, len(used))
    critical = pd.DataFrame(
        rows,
        columns=["a", "b", "kind", "share", "mean_before", "mean_after", "increase", "cut_hands"],
    )
    critical = critical.sort_values(
        ["increase", "cut_hands", "share"], ascending=False, ignore_index=True
    )
    return Chokepoints(bridges, points, critical)
