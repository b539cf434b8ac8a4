"""What the map editor's analysis panel shows about a board: :func:`analyze_edit`.

Every hand's exact cost, the usage of each segment, and what the last edit changed, computed
in one call from :mod:`workbench.analysis` (its tables are cached per board, so the board
before an edit usually costs nothing). :class:`~workbench.session.edit.EditSession` runs it
in the background after each edit.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import cast

import networkx as nx
import pandas as pd

from workbench.analysis import (
    Comparison,
    compare,
    cost_graph,
    cost_summary,
    distance_table,
    hand_table,
    segment_usage,
)
from workbench.analysis.summary import CostSummary
from workbench.maps.board import Board

__all__ = ["EditorAnalysis", "analyze_edit"]


@dataclass(frozen=True, eq=False)
class EditorAnalysis:
    """What the analysis panel shows about a board, and how long it took.

    ``summary`` and ``usage`` describe every hand for ``players``; ``comparison`` says what
    the ``edit`` that led to the board changed (``None`` for the first board, or after
    opening one with other colors) and ``before`` summarises the board before it.
    :attr:`distances` (rails between every two cities) is computed when first asked for.

    Examples
    --------
    >>> from workbench import load_map
    >>> result = analyze_edit(load_map("maps/tiny.yaml"))
    >>> result.summary.hands, result.comparison is None
    (32, True)
    """

    board: Board
    players: int
    summary: CostSummary
    usage: pd.DataFrame
    comparison: Comparison | None
    before: CostSummary | None
    edit: str
    seconds: float

    @cached_property
    def distances(self) -> pd.DataFrame:
        """Rails between every two cities (:func:`~workbench.analysis.distance_table`)."""
        return distance_table(self.board)

    @cached_property
    def _rows(self) -> dict[str, pd.Series]:
        return {}

    def distances_from(self, name: str) -> pd.Series:
        """Rails from city ``name`` to every other city, nearest first.

        One shortest-path search from the city (the same figures as its row of
        :attr:`distances`, which is used once computed), kept for the next call.

        Examples
        --------
        >>> from workbench import load_map
        >>> result = analyze_edit(load_map("maps/tiny.yaml"))
        >>> result.distances_from("Alder").head(2).to_dict()
        {'Ginkgo': 1, 'Elder': 2}
        """
        if name in self._rows:
            return self._rows[name]
        if "distances" in self.__dict__:
            row = cast(pd.Series, self.distances.loc[name]).drop(name)
        else:
            G = cost_graph(self.board)
            lengths = nx.single_source_dijkstra_path_length(G, self.board.city(name).at)
            others = [c for c in self.board.cities if c.name != name]
            values = [lengths.get(c.at, math.inf) for c in others]
            row = pd.Series(values, index=[c.name for c in others], name=name)
            row = row.astype(int) if all(math.isfinite(v) for v in values) else row
        self._rows[name] = row = row.sort_values(kind="stable")
        return row


def analyze_edit(
    board: Board, before: Board | None = None, players: int = 4, edit: str = ""
) -> EditorAnalysis:
    """Analyse ``board`` for the editor, comparing it with ``before`` when given.

    Every hand's cost is computed once per board (the table is cached by
    :func:`~workbench.analysis.hand_table` and shared by the summary, the usage and the
    comparison); the previous board's table is usually still cached. The distances between
    cities wait until they are asked for.

    Parameters
    ----------
    board : Board
        The board to analyse.
    before : Board, optional
        The board before the edit; ``None`` (or a board with other colors, or one without
        hands) skips the comparison.
    players : int, optional
        Number of players, which decides the deck (dashed cities are out with 2-3).
    edit : str, optional
        What the edit was, in words (shown with the comparison).

    Returns
    -------
    EditorAnalysis

    Examples
    --------
    >>> from workbench import load_map
    >>> tiny = load_map("maps/tiny.yaml")
    >>> result = analyze_edit(tiny.move_city("Fir", (5, 1)), tiny, edit="move Fir")
    >>> result.summary.hands, result.comparison.edits
    (32, ['moving Fir from [5, 0] to [5, 1]'])
    """
    start = time.perf_counter()
    # no progress bar: on a background thread it would land in whichever cell is running;
    # the tables are cached without regard to it, so compare and segment_usage reuse them
    summary = _summary(board, players)
    usage = segment_usage(board, players)
    comparison, previous = None, None
    if before is not None and before != board and before.colors == board.colors:
        try:
            previous = _summary(before, players)  # usually the previous analysis's, cached
            comparison = compare(before, board, players)
        except ValueError:  # the board before had no hands (a color without cities)
            comparison, previous = None, None
    return EditorAnalysis(
        board=board,
        players=players,
        summary=summary,
        usage=usage,
        comparison=comparison,
        before=previous,
        edit=edit,
        seconds=time.perf_counter() - start,
    )


@lru_cache(maxsize=16)
def _summary(board: Board, players: int) -> CostSummary:
    """The cost summary of a board's hands, from its (cached) table without building a frame."""
    costs = hand_table(board, players, progress=False).costs
    return cost_summary(pd.DataFrame({"cost": costs}, copy=False))
