"""Summaries of the hand-cost table: the distribution, each city's effect, each color's
fairness, and a short verdict on the board.

**What a fair board looks like** (our reading, used by the verdict): a round is a race, so
what matters is how much the deal decides it. On a fair board (1) every city of a color adds
about the same to the hands it is in, so drawing one card of a color rather than another is
not a windfall: we flag a color whose cities' effects spread over more than
:data:`FAIR_COLOR_SPREAD` rails; and (2) hand costs cluster: we flag a board whose hand costs
have a standard deviation above :data:`FAIR_RELATIVE_SPREAD` of their mean.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

__all__ = [
    "FAIR_COLOR_SPREAD",
    "FAIR_RELATIVE_SPREAD",
    "CostSummary",
    "city_effects",
    "color_summary",
    "cost_summary",
    "verdict",
]

FAIR_COLOR_SPREAD = 6.0
"""Largest spread (rails) between the effects of a color's cities that we call fair."""

FAIR_RELATIVE_SPREAD = 0.20
"""Largest standard deviation of hand costs, relative to their mean, that we call fair."""


@dataclass(frozen=True)
class CostSummary:
    """The distribution of hand costs.

    Examples
    --------
    >>> s = cost_summary(pd.DataFrame({"cost": [3, 4, 4, 5]}))
    >>> s.mean, s.minimum, s.maximum, s.histogram
    (4.0, 3, 5, {3: 1, 4: 2, 5: 1})
    """

    hands: int
    mean: float
    std: float
    minimum: int
    p10: float
    median: float
    p90: float
    maximum: int
    histogram: dict[int, int]


def cost_summary(hands: pd.DataFrame) -> CostSummary:
    """Mean, spread, extremes and histogram of the ``cost`` column.

    Examples
    --------
    >>> cost_summary(pd.DataFrame({"cost": [10, 20]})).median
    15.0
    """
    cost = hands["cost"].to_numpy(dtype=float)
    finite = cost[np.isfinite(cost)]
    counts = pd.Series(finite.astype(int)).value_counts().sort_index()
    return CostSummary(
        hands=len(cost),
        mean=float(finite.mean()),
        std=float(finite.std()),
        minimum=int(finite.min()),
        p10=float(np.percentile(finite, 10)),
        median=float(np.median(finite)),
        p90=float(np.percentile(finite, 90)),
        maximum=int(finite.max()),
        histogram=dict(zip(counts.index.tolist(), counts.tolist(), strict=True)),
    )


def city_effects(hands: pd.DataFrame) -> pd.DataFrame:
    """Per city: the mean cost of the hands it is in, and how much it adds to them.

    ``effect`` is that mean minus the mean of all hands: positive for a city that makes
    hands dearer. Sorted by color (in column order) and effect.

    Examples
    --------
    >>> df = pd.DataFrame({"red": ["a", "a", "b", "b"], "blue": ["x", "y", "x", "y"],
    ...                    "cost": [4, 6, 8, 10]})
    >>> city_effects(df)[["city", "effect"]].values.tolist()
    [['a', -2.0], ['b', 2.0], ['x', -1.0], ['y', 1.0]]
    """
    colors = [c for c in hands.columns if c != "cost"]
    overall = hands["cost"].mean()
    parts = []
    for color in colors:
        means = hands.groupby(color, observed=True)["cost"].agg(["mean", "min", "max", "size"])
        part = means.reset_index().rename(columns={color: "city", "size": "hands"})
        part.insert(1, "color", color)
        part["effect"] = part["mean"] - overall
        parts.append(part.sort_values(["effect", "city"]))
    out = pd.concat(parts, ignore_index=True)
    out["city"] = out["city"].astype(str)
    return out[["city", "color", "hands", "mean", "min", "max", "effect"]]


def color_summary(hands: pd.DataFrame) -> pd.DataFrame:
    """Per color: its cheapest and dearest city (by effect) and the spread between them.

    Examples
    --------
    >>> df = pd.DataFrame({"red": ["a", "a", "b", "b"], "blue": ["x", "y", "x", "y"],
    ...                    "cost": [4, 6, 8, 10]})
    >>> color_summary(df)[["color", "cheapest", "dearest", "spread"]].values.tolist()
    [['red', 'a', 'b', 4.0], ['blue', 'x', 'y', 2.0]]
    """
    effects = city_effects(hands)
    rows = []
    for color, part in effects.groupby("color", sort=False):
        low, high = part.iloc[0], part.iloc[-1]
        rows.append(
            {
                "color": color,
                "cheapest": low["city"],
                "cheapest_effect": low["effect"],
                "dearest": high["city"],
                "dearest_effect": high["effect"],
                "spread": high["effect"] - low["effect"],
                "fair": bool(high["effect"] - low["effect"] <= FAIR_COLOR_SPREAD),
            }
        )
    return pd.DataFrame(rows)


def verdict(hands: pd.DataFrame) -> list[str]:
    """A few sentences a designer can act on, worst first.

    Examples
    --------
    >>> df = pd.DataFrame({"red": ["a", "a", "b", "b"], "blue": ["x", "y", "x", "y"],
    ...                    "cost": [4, 6, 18, 20]})
    >>> print(verdict(df)[0])
    red is unfair: hands with b cost 14.0 rails more than hands with a (spread over 6 rails)
    """
    summary = cost_summary(hands)
    colors = color_summary(hands).sort_values("spread", ascending=False)
    lines = []
    for row in colors.itertuples():
        if not row.fair:
            lines.append(
                f"{row.color} is unfair: hands with {row.dearest} cost {row.spread:.1f} rails "
                f"more than hands with {row.cheapest} (spread over {FAIR_COLOR_SPREAD:g} rails)"
            )
    relative = summary.std / summary.mean if summary.mean else 0.0
    if relative > FAIR_RELATIVE_SPREAD:
        lines.append(
            f"hand costs vary a lot: standard deviation {summary.std:.1f} rails is "
            f"{relative:.0%} of the mean {summary.mean:.1f} (over {FAIR_RELATIVE_SPREAD:.0%})"
        )
    if not lines:
        worst = colors.iloc[0]
        lines.append(
            f"fair by our measures: the widest color spread is {worst.color} "
            f"({worst.spread:.1f} rails) and costs vary by {relative:.0%} of the mean"
        )
    lines.append(
        f"the luckiest hand needs {summary.minimum} rails and the unluckiest {summary.maximum}; "
        f"80% of hands need {summary.p10:.0f}-{summary.p90:.0f}"
    )
    return lines
