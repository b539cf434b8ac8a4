"""The exact cost of every hand of a board, and where those hands are played.

A hand is one city of each color; with 4-6 players every city is in the deck (7^5 = 16,807
hands on the shipped boards), with 2-3 players the dashed cities are out (5^5 = 3,125). A
hand's cost is the fewest rails that join its cities (the start marker goes on one of them),
the weight of a minimum Steiner tree. All hands are computed in one dynamic program that
shares the work of every partial hand (see :mod:`workbench.analysis._hands`).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

import networkx as nx
import numpy as np
import pandas as pd

from workbench.algorithms.steiner import prepare_problem
from workbench.analysis.costs import DoubleCost, cost_graph, double_cost_key
from workbench.maps.board import Board
from workbench.maps.lattice import Edge, edge

__all__ = ["HandTable", "deck", "hand_costs", "hand_table", "segment_usage", "table_on_graph"]


def deck(board: Board, players: int = 4) -> dict[str, tuple[str, ...]]:
    """The cities dealt per color: all of them with 4-6 players, the undashed with 2-3.

    Examples
    --------
    >>> from workbench import load_map
    >>> cards = deck(load_map("maps/trans_europa.yaml"), players=3)
    >>> len(cards["brown"]), "Porto" in cards["brown"]
    (5, False)
    """
    if not 2 <= players <= 6:
        raise ValueError(f"the game is for 2 to 6 players, not {players!r}")
    return {
        color: tuple(
            c.name for c in board.cities if c.color == color and (players >= 4 or not c.dashed)
        )
        for color in board.color_names
    }


@dataclass(frozen=True, eq=False)
class HandTable:
    """Every hand's cost and the use of each segment by the hands' optimal trees.

    ``costs`` is indexed in mixed-radix order: the first color's city changes slowest.
    ``usage[segment]`` counts the hands whose optimal tree uses the segment. When a hand has
    several optimal trees, one is drawn at random, step by step among the equally good moves
    (with a fixed seed, so the counts are reproducible): equal corridors share the hands
    instead of one of them taking all. ``seconds`` is how long the program took.
    """

    board: Board
    players: int
    cities: dict[str, tuple[str, ...]]
    costs: np.ndarray
    usage: dict[Edge, int]
    seconds: float = field(default=0.0)

    def frame(self) -> pd.DataFrame:
        """One row per hand: a column per color (the city's name) and ``cost``."""
        colors = list(self.cities)
        counts = [len(self.cities[c]) for c in colors]
        index = np.indices(counts).reshape(len(counts), -1)
        data: dict[str, object] = {
            color: pd.Categorical.from_codes(index[i].tolist(), categories=list(self.cities[color]))  # type: ignore[call-overload]
            for i, color in enumerate(colors)
        }
        data["cost"] = self.costs.astype(np.int64) if np.isfinite(self.costs).all() else self.costs
        return pd.DataFrame(data)


def hand_table(
    board: Board,
    players: int = 4,
    double_cost: DoubleCost = 2,
    rails: Sequence[Edge] = (),
    progress: bool | None = None,
) -> HandTable:
    """Compute every hand's cost and the segments their optimal trees use.

    Results are cached per board, player count, cost of doubles and rails (not per
    ``progress``), so the summaries that share one table compute it once.

    Examples
    --------
    >>> from workbench import load_map
    >>> table = hand_table(load_map("maps/tiny.yaml"))
    >>> table.costs.shape, int(table.costs.min()), int(table.costs.max())
    ((32,), 8, 16)
    """
    rails_key = tuple(sorted(edge(a, b) for a, b in rails))
    key = double_cost_key(double_cost)
    return _cached_table(board, players, key, rails_key, _Progress(progress))


class _Progress:
    """Whether to show a progress bar: handed to the cached computation but left out of its
    cache key (every instance is equal), since the table is the same with or without a bar."""

    __slots__ = ("show",)

    def __init__(self, show: bool | None) -> None:
        self.show = show

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Progress)

    def __hash__(self) -> int:
        return 0


@lru_cache(maxsize=8)
def _cached_table(
    board: Board,
    players: int,
    double_key: int | tuple[tuple[str, int], ...],
    rails: tuple[Edge, ...],
    progress: _Progress,
) -> HandTable:
    double_cost: DoubleCost = dict(double_key) if isinstance(double_key, tuple) else double_key
    cards = deck(board, players)
    if any(len(v) == 0 for v in cards.values()):
        empty = [c for c, v in cards.items() if not v]
        raise ValueError(f"no cities of color {', '.join(empty)} in the deck: no hand exists")
    start = time.perf_counter()
    G = cost_graph(board, rails, double_cost)
    costs, usage = table_on_graph(G, board, cards, progress.show)
    return HandTable(board, players, cards, costs, usage, time.perf_counter() - start)


def table_on_graph(
    G: nx.Graph,
    board: Board,
    cards: Mapping[str, Sequence[str]],
    progress: bool | None = None,
    threads: int | None = None,
) -> tuple[np.ndarray, dict[Edge, int]]:
    """Every hand's cost in the weighted graph ``G`` (where hands of cities that ``G`` cannot
    join cost ``inf``) and each segment's use by the hands' optimal trees.

    The program runs on ``threads`` threads (default :func:`default_threads`); the results
    are the same on any number.
    """
    from workbench.analysis import _hands

    if len(cards) <= 1:  # a hand of one city needs no rail
        return np.zeros(sum(len(v) for v in cards.values()) if cards else 0), {}
    problem = prepare_problem(G, "weight")
    colors = list(cards)
    counts = np.array([len(cards[c]) for c in colors], dtype=np.int64)
    ncolors = len(colors)
    cities = np.full((ncolors, int(counts.max())), -1, dtype=np.int64)
    for i, color in enumerate(colors):
        for j, name in enumerate(cards[color]):
            cities[i, j] = problem.comp[problem.index[board.city(name).at]]
    base = counts + 1
    stride = np.ones(ncolors, dtype=np.int64)
    for c in range(ncolors - 2, -1, -1):
        stride[c] = stride[c + 1] * base[c + 1]
    # the pivot's cities alone, and every partial hand without the pivot color (see _hands)
    pivot = int(np.argmax(counts))  # the most cities: the fewest rows
    rows = int(np.prod(np.delete(base, pivot))) - 1 + int(counts[pivot])
    n = len(problem.indptr) - 1
    dp = np.empty((rows, n), dtype=np.float64)
    rowof = np.full(int(np.prod(base)), -1, dtype=np.int64)
    masks = [m for m in range(1, (1 << ncolors) - 1) if not m & (1 << pivot) or m == 1 << pivot]
    bar = None
    if progress is not False:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(masks) + 1, desc="hand costs", unit="step", delay=1.0)
    workers = _split_work(threads)
    next_row = 0
    for cmask in masks:
        size = int(np.prod([counts[c] for c in range(ncolors) if cmask & (1 << c)]))

        def fill(first: int, stop: int, row: int = next_row, cmask: int = cmask) -> None:
            _hands.fill_rows(
                cmask, problem.indptr, problem.adj, problem.adjw, problem.adje, problem.maxw,
                cities, counts, stride, base, rowof, dp, row, first, stop,
            )  # fmt: skip

        workers(fill, size)
        next_row += size
        if bar is not None:
            bar.update(1)
    usage_counts = np.zeros(len(problem.eu), dtype=np.int64)
    parts: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def full(first: int, stop: int) -> None:
        use = np.zeros_like(usage_counts)
        part = _hands.full_hands(
            pivot, counts, stride, base, rowof, dp, problem.indptr, problem.adj,
            problem.adjw, problem.adje, use, True, 0, first, stop,
        )  # fmt: skip
        parts[first] = part, use

    workers(full, int(np.prod(counts)))
    costs = np.concatenate([parts[k][0] for k in sorted(parts)])
    for _, use in parts.values():
        usage_counts += use
    if bar is not None:
        bar.update(1)
        bar.close()
    usage = {edge(*cast(Edge, problem.edge_of(i))): int(u) for i, u in enumerate(usage_counts) if u}
    return costs, usage


MIN_SHARE = 64
"""The fewest rows or hands worth handing to another thread."""

_pool: tuple[int, ThreadPoolExecutor] | None = None
_pool_lock = threading.Lock()


def default_threads() -> int:
    """Threads for the hand tables: the cores this process may use, at most 2.

    Examples
    --------
    >>> default_threads() in (1, 2)
    True
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(2, cores))


def _executor() -> ThreadPoolExecutor:
    """One pool per process (a pool inherited through ``fork`` has no threads behind it)."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool[0] != os.getpid():
            _pool = os.getpid(), ThreadPoolExecutor(max_workers=1, thread_name_prefix="hands")
        return _pool[1]


def _split_work(threads: int | None) -> Callable[[Callable[[int, int], object], int], None]:
    """``run(job, size)`` calls ``job(first, stop)`` over ``range(size)`` cut in parts, one
    per thread (the caller's thread takes the first), and waits for them all."""
    count = default_threads() if threads is None else max(1, threads)

    def run(job: Callable[[int, int], object], size: int) -> None:
        parts = max(1, min(count, size // MIN_SHARE))
        if parts == 1:
            job(0, size)
            return
        cuts = [size * i // parts for i in range(parts + 1)]
        pool = _executor() if parts == 2 else ThreadPoolExecutor(max_workers=parts - 1)
        futures = [pool.submit(job, cuts[i], cuts[i + 1]) for i in range(1, parts)]
        job(cuts[0], cuts[1])
        for future in futures:
            future.result()
        if parts > 2:
            pool.shutdown()

    return run


def hand_costs(
    board: Board,
    players: int = 4,
    double_cost: DoubleCost = 2,
    rails: Sequence[Edge] = (),
    progress: bool | None = None,
) -> pd.DataFrame:
    """The exact cost of every possible hand, one row per hand.

    A column per color holds the city's name and ``cost`` the fewest rails that join the
    hand's cities. With 4-6 players every city is dealt (7^5 = 16,807 hands on the shipped
    boards); with 2-3 the dashed cities are out (5^5 = 3,125). A progress bar (tqdm)
    appears when the computation takes longer than a second.

    Examples
    --------
    >>> from workbench import load_map
    >>> df = hand_costs(load_map("maps/trans_europa.yaml"), players=3)
    >>> len(df), list(df.columns)
    (3125, ['brown', 'white', 'pink', 'orange', 'turquoise', 'cost'])
    >>> int(df.cost.min()) > 0
    True
    """
    return hand_table(board, players, double_cost, rails, progress).frame()


def segment_usage(board: Board, players: int = 4, double_cost: DoubleCost = 2) -> pd.DataFrame:
    """For each segment, the share of hands whose optimal tree uses it.

    The designer's heatmap of where the game is played. When a hand has several optimal
    trees, one of them counts, drawn at random among the optimal ones with a fixed seed:
    so two equally good routes share the hands between them, and the figures are the same
    on every run.

    Examples
    --------
    >>> from workbench import load_map
    >>> use = segment_usage(load_map("maps/tiny.yaml"))
    >>> list(use.columns)
    ['a', 'b', 'kind', 'terrain', 'hands', 'share']
    >>> bool(use.share.between(0, 1).all())
    True
    """
    table = hand_table(board, players, double_cost)
    total = len(table.costs)
    rows = [
        (a, b, s.kind, s.terrain, table.usage.get((a, b), 0))
        for (a, b), s in board.segments.items()
    ]
    df = pd.DataFrame(rows, columns=["a", "b", "kind", "terrain", "hands"])
    df["share"] = df["hands"] / total
    return df.sort_values(["hands", "a", "b"], ascending=[False, True, True], ignore_index=True)
