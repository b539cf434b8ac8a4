"""The building blocks of playtest reports that every game shares: a report's
:class:`Section`, rates with Wilson intervals (:func:`wilson`, :func:`rate_table`) and rank
statistics (:func:`ranks`, :func:`spearman`).

A game's package describes what a designer of that game asks of a playtest as a list of
sections built from its simulator tables (its registry entry's ``extra["playtest"]``); the
shared report (:mod:`workbench.sim.playtest`) adds the questions every game has and draws the
page. The statistics live here, below the simulator, so that a game's package can use them
without reaching up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

__all__ = ["Z95", "Section", "ranks", "rate_table", "spearman", "wilson"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95 % by default).

    Parameters
    ----------
    wins : float
        Successes; a fractional count (shared wins) is allowed.
    n : float
        Trials, more than 0.
    z : float
        The normal quantile (1.96 for 95 %).

    Returns
    -------
    (float, float)
        The lower and upper bounds, within [0, 1].

    References
    ----------
    E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
    Journal of the American Statistical Association 22 (1927) 209-212,
    doi:10.1080/01621459.1927.10502953.

    Examples
    --------
    8 wins in 10 games:

    >>> lo, hi = wilson(8, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.4902, 0.9433)
    >>> wilson(0, 4)[0], wilson(4, 4)[1]
    (0.0, 1.0)
    """
    if n <= 0:
        raise ValueError(f"n is {n!r}: an interval needs at least one trial")
    if not 0 <= wins <= n:
        raise ValueError(f"wins is {wins!r}: it must be between 0 and n={n!r}")
    p = wins / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    lo = 0.0 if wins == 0 else max(0.0, centre - half)  # exact at the ends, not 1e-17 off
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return lo, hi


@dataclass(frozen=True)
class Section:
    """One part of a report: a title, a sentence on how to read it, and its table.

    ``plot`` says how the page draws it: ``"table"`` (the table alone), ``"bars"`` (one bar
    per row: ``label`` against ``value``, with ``lo`` and ``hi`` whiskers when the table
    has them), ``"routes"`` (a route board's routes colored by ``value``, the routes' ids
    in ``label``) or ``"cities"`` (cities colored by ``value``, their names in ``label``).
    ``by`` names a column whose values get one bar group or one board each (the player
    count, say).

    Examples
    --------
    >>> Section("length", "Game length", "Turns per game.", pd.DataFrame({"players": [2]}))
    Section('length', 'Game length', rows=1, plot='table')
    """

    key: str
    title: str
    text: str
    table: pd.DataFrame = field(compare=False)
    plot: str = "table"
    label: str = ""
    value: str = ""
    by: str = ""

    def __repr__(self) -> str:
        return f"Section({self.key!r}, {self.title!r}, rows={len(self.table)}, plot={self.plot!r})"


def rate_table(
    frame: pd.DataFrame, by: Sequence[str], wins: str, n: str | None = None
) -> pd.DataFrame:
    """Rates of ``wins`` per group of ``by``, with 95 % Wilson intervals.

    Each row of ``frame`` is one trial whose success (0 to 1, fractional for a shared win)
    is in column ``wins``; with ``n`` given, each row is already a group with ``n`` trials.

    Returns
    -------
    DataFrame
        ``by`` columns, ``n``, ``wins``, ``rate``, ``lo``, ``hi``.

    Examples
    --------
    >>> t = pd.DataFrame({"seat": [0, 0, 1, 1], "win_share": [1.0, 0.5, 0.0, 0.5]})
    >>> rate_table(t, ["seat"], "win_share")[["seat", "n", "wins", "rate"]].to_dict("list")
    {'seat': [0, 1], 'n': [2, 2], 'wins': [1.5, 0.5], 'rate': [0.75, 0.25]}
    """
    if n is None:
        grouped = frame.groupby(list(by), sort=True)[wins].agg(["size", "sum"])
        grouped.columns = pd.Index(["n", "wins"])
    else:
        grouped = frame.groupby(list(by), sort=True)[[n, wins]].sum()
        grouped.columns = pd.Index(["n", "wins"])
    table = grouped.reset_index()
    table["n"] = table["n"].astype("int64")
    table["wins"] = table["wins"].astype("float64")
    table["rate"] = [w / k if k else math.nan for w, k in zip(table.wins, table.n, strict=True)]
    bounds = [
        wilson(w, k) if k else (math.nan, math.nan)
        for w, k in zip(table.wins, table.n, strict=True)
    ]
    table["lo"] = [b[0] for b in bounds]
    table["hi"] = [b[1] for b in bounds]
    return table


def spearman(a: Mapping[str, float], b: Mapping[str, float]) -> float:
    """Spearman's rank correlation of two scorings of the same names (average ranks for
    ties); ``nan`` when fewer than three names are shared or a side is constant.

    Examples
    --------
    >>> spearman({"a": 1, "b": 2, "c": 3}, {"a": 10, "b": 20, "c": 30})
    1.0
    >>> spearman({"a": 1, "b": 2, "c": 3}, {"a": 3, "b": 2, "c": 1})
    -1.0
    """
    names = sorted(set(a) & set(b))
    if len(names) < 3:
        return math.nan
    x = pd.Series([a[k] for k in names]).rank().to_numpy(float)
    y = pd.Series([b[k] for k in names]).rank().to_numpy(float)
    if np.std(x) == 0 or np.std(y) == 0:
        return math.nan
    return float(np.corrcoef(x, y)[0, 1])


def ranks(values: Iterable[tuple[str, float]]) -> dict[str, int]:
    """1 for the highest value, ties in name order.

    >>> ranks([("a", 0.2), ("b", 0.5), ("c", 0.2)])
    {'b': 1, 'a': 2, 'c': 3}
    """
    ordered = sorted(values, key=lambda kv: (-kv[1], kv[0]))
    return {k: i + 1 for i, (k, _) in enumerate(ordered)}
