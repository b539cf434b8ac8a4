"""Summaries checked where the mutation run found them unchecked: the percentiles'
exact ranks, and a hand table cut to a subset of its hands (docs/mutation.md)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from workbench import Board
from workbench.analysis import city_effects, color_summary, cost_summary
from workbench.analysis.hands import hand_table


def test_the_summary_reads_the_tenth_and_ninetieth_percentiles() -> None:
    costs = np.arange(101)  # 0..100: the k-th percentile is k, one apart from its neighbours
    s = cost_summary(pd.DataFrame({"cost": np.random.default_rng(3).permutation(costs)}))
    assert (s.p10, s.median, s.p90) == (10.0, 50.0, 90.0)
    assert (s.minimum, s.maximum, s.hands) == (0, 100, 101)


def test_cities_no_remaining_hand_holds_are_left_out_of_the_effects(tiny: Board) -> None:
    hands = hand_table(tiny, 4).frame()
    first = hands.columns[0]
    cheap = hands[hands[first] != hands[first].cat.categories[0]]  # keeps every category
    held = {c: set(cheap[c]) for c in cheap.columns if c != "cost"}
    assert any(len(h) < len(hands[c].cat.categories) for c, h in held.items()), (
        "some city should hold no cheap hand"
    )
    effects = city_effects(cheap)
    assert {(r.color, r.city) for r in effects.itertuples()} == {
        (c, city) for c, cities in held.items() for city in cities
    }
    assert not effects[["mean", "effect"]].isna().any().any()
    overall = cheap.cost.mean()
    for r in effects.itertuples():
        mine = cheap[cheap[r.color] == r.city].cost
        assert r.hands == len(mine)
        assert r.effect == mine.mean() - overall
    summary = color_summary(cheap)
    assert not summary[["cheapest_effect", "dearest_effect", "spread"]].isna().any().any()
