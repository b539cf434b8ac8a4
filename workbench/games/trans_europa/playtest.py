"""What a designer of a Trans Europa board asks of a playtest: start colors, regions and the
cities dealt.

Read from the simulator's ``starts`` table (:data:`.sim.START_COLUMNS`: each seat's start
marker and hand in each round, and its share of the round's win: the seats with the fewest
missing rails share it).

* A seat-round's **start color** is the color of the city its start marker stands on, or of
  the nearest city by rails when it stands elsewhere (ties to the first name); its
  **region** is the quarter of the board it stands in, split at the board's middle city row
  and column (``NW``, ``NE``, ``SW``, ``SE``).
* A **city dealt**: the round-win share of the seats whose hand held the city. Within a
  color, the gap between its best and its worst city says how much the luck of that card
  decides a round.

>>> from workbench.sim.playtest import playtest
>>> report = playtest("maps/tiny.yaml", players=2, bots=["greedy"], games=2)
>>> [s.key for s in sections(report)]
['start_color', 'region', 'city', 'color_gaps']
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Any

import pandas as pd

from workbench.games.report import Section, rate_table
from workbench.maps.board import Board

__all__ = ["city_gaps", "nearest_colors", "play_groups", "regions", "sections", "starts"]


@lru_cache(maxsize=8)
def nearest_colors(board: Board) -> dict[tuple[int, int], str]:
    """Every board point's nearest city's color, by rails (a single segment 1, a double 2;
    ties to the city whose name comes first).

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> colors = nearest_colors(board)
    >>> all(colors[c.at] == c.color for c in board.cities)
    True
    """
    G = board.graph()
    best: dict[Any, tuple[float, str, str]] = {}
    heap: list[tuple[float, str, Any, str]] = []
    for city in sorted(board.cities, key=lambda c: c.name):
        heap.append((0.0, city.name, city.at, city.color))
    heapq.heapify(heap)
    while heap:
        d, name, point, color = heapq.heappop(heap)
        if point in best:
            continue
        best[point] = (d, name, color)
        for other, data in G[point].items():
            if other not in best:
                heapq.heappush(heap, (d + float(data.get("weight", 1)), name, other, color))
    return {p: v[2] for p, v in best.items()}


def regions(board: Board) -> tuple[float, float]:
    """The board's middle city column and row (medians), which split it into quarters.

    >>> from workbench import load_map
    >>> regions(load_map("maps/tiny.yaml"))
    (4.5, 2.5)
    """
    cols = pd.Series([c.at[0] for c in board.cities], dtype=float)
    rows = pd.Series([c.at[1] for c in board.cities], dtype=float)
    return float(cols.median()), float(rows.median())


def starts(report: Any) -> pd.DataFrame:
    """The report's ``starts`` table with each row's ``start_color`` and ``region``.

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> t = starts(playtest("maps/tiny.yaml", players=2, bots=["greedy"], games=2))
    >>> {"start_color", "region", "round_share"} <= set(t.columns)
    True
    """
    table = report.table("starts")
    board = report.board
    colors = nearest_colors(board)
    mid_col, mid_row = regions(board)
    points: list[tuple[int, int]] = []
    for marker in table["marker"]:
        col, row = marker.split(",")
        points.append((int(col), int(row)))
    table = table.assign(
        start_color=[colors.get(p, "") for p in points],
        region=[("N" if r < mid_row else "S") + ("W" if c < mid_col else "E") for c, r in points],
    )
    return table


def _cities_dealt(table: pd.DataFrame) -> pd.DataFrame:
    """One row per city of every hand: ``players``, ``city`` and the ``round_share``."""
    hands = table[["players", "hand", "round_share"]].assign(city=table["hand"].str.split("+"))
    return hands.explode("city")[["players", "city", "round_share"]]


def city_gaps(report: Any, rates: pd.DataFrame | None = None) -> pd.DataFrame:
    """Per player count and color: its best and worst city dealt (round-win share) and the
    gap between them, in points of share.

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/tiny.yaml", players=2, bots=["greedy"], games=2)
    >>> list(city_gaps(r).columns)
    ['players', 'color', 'best', 'best_rate', 'worst', 'worst_rate', 'gap']
    """
    if rates is None:
        rates = rate_table(_cities_dealt(starts(report)), ["players", "city"], "round_share")
    color = {c.name: c.color for c in report.board.cities}
    rates = rates.assign(color=rates["city"].map(color))
    rows = []
    for (n, c), group in rates.groupby(["players", "color"], sort=True):
        ordered = group.sort_values("rate", kind="stable")
        top = ordered.iloc[-1]
        low = ordered.iloc[0]
        rows.append(
            {
                "players": n,
                "color": c,
                "best": top.city,
                "best_rate": top.rate,
                "worst": low.city,
                "worst_rate": low.rate,
                "gap": (top.rate - low.rate) * 100,
            }
        )
    return pd.DataFrame(
        rows, columns=["players", "color", "best", "best_rate", "worst", "worst_rate", "gap"]
    )


def sections(report: Any) -> list[Section]:
    """The report's Trans Europa sections (see the module's text)."""
    table = starts(report)
    by_color = rate_table(table, ["players", "start_color"], "round_share")
    by_color["fair"] = 1.0 / by_color["players"]
    by_region = rate_table(table, ["players", "region"], "round_share")
    by_region["fair"] = 1.0 / by_region["players"]
    dealt = rate_table(_cities_dealt(table), ["players", "city"], "round_share")
    return [
        Section(
            "start_color",
            "Round wins by start color",
            "The share of round wins of the seats whose start marker stood on (or nearest to) "
            "a city of each color; the dashed mark is the fair share.",
            by_color,
            plot="bars",
            label="start_color",
            value="rate",
            by="players",
        ),
        Section(
            "region",
            "Round wins by region",
            "The same by the quarter of the board the start marker stood in.",
            by_region,
            plot="bars",
            label="region",
            value="rate",
            by="players",
        ),
        Section(
            "city",
            "Round wins by city dealt",
            "The round-win share of the seats whose hand held each city; the board shows "
            "the largest table.",
            dealt.sort_values(["players", "rate"], ascending=[True, False]),
            plot="cities",
            label="city",
            value="rate",
            by="players",
        ),
        Section(
            "color_gaps",
            "The luck of the draw within each color",
            "For each color, its best and worst city to be dealt and the gap between their "
            "round-win shares (points): a wide gap means that card decides rounds.",
            city_gaps(report, dealt),
        ),
    ]


def play_groups(report: Any) -> dict[str, pd.DataFrame]:
    """The groups the play doctor evens out on a Trans Europa board: start colors, regions
    and cities dealt, as ``group``, ``n``, ``rate``, ``lo``, ``hi``.

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> sorted(play_groups(playtest("maps/tiny.yaml", players=2, bots=["greedy"], games=2)))
    ['cities', 'region', 'start_color']
    """
    table = starts(report)
    keep = ["group", "n", "rate", "lo", "hi"]
    out = {}
    for name, column in (("start_color", "start_color"), ("region", "region")):
        rates = rate_table(table, [column], "round_share").rename(columns={column: "group"})
        out[name] = rates[keep]
    dealt = rate_table(_cities_dealt(table), ["city"], "round_share")
    out["cities"] = dealt.rename(columns={"city": "group"})[keep]
    return out
