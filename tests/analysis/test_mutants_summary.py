"""Summaries checked where the mutation run found them unchecked: the percentiles'
exact ranks, and a hand table cut to a subset of its hands (docs/mutation.md)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from workbench import Board
from workbench.analysis import city_effects, color_summary, cost_summary, verdict
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


def test_city_effects_number_their_rows_from_zero() -> None:
    hands = pd.DataFrame({"red": ["a", "b"], "blue": ["x", "y"], "cost": [4, 6]})
    effects = city_effects(hands)
    assert effects.index.tolist() == [0, 1, 2, 3]
    assert effects.loc[2, "city"] == "x"


def test_verdict_names_unfair_colors_widest_first_then_a_wide_spread_of_costs() -> None:
    # red adds 0 or 20 rails, blue 0 or 10: spreads 20 and 10, costs 10, 20, 30, 40
    hands = pd.DataFrame(
        {"blue": ["x", "y", "x", "y"], "red": ["a", "a", "b", "b"], "cost": [10, 20, 30, 40]}
    )
    assert verdict(hands) == [
        "red is unfair: hands with b cost 20.0 rails more than hands with a (spread over 6 rails)",
        "blue is unfair: hands with y cost 10.0 rails more than hands with x (spread over 6 rails)",
        "hand costs vary a lot: standard deviation 11.2 rails is 45% of the mean 25.0 (over 20%)",
        "the luckiest hand needs 10 rails and the unluckiest 40; 80% of hands need 13-37",
    ]


def test_a_fair_verdict_names_the_widest_color_and_the_relative_spread() -> None:
    hands = pd.DataFrame(
        {"blue": ["x", "y", "x", "y"], "red": ["a", "a", "b", "b"], "cost": [100, 101, 102, 103]}
    )
    assert verdict(hands) == [
        "fair by our measures: the widest color spread is red (2.0 rails) "
        "and costs vary by 1% of the mean",
        "the luckiest hand needs 100 rails and the unluckiest 103; 80% of hands need 100-103",
    ]


def test_a_spread_of_exactly_the_limits_is_still_fair() -> None:
    # one color: effects -3 and +3 (spread 6 rails); costs 12 and 18 (std 3 = 20% of 15)
    hands = pd.DataFrame({"red": ["a", "b"], "cost": [12, 18]})
    assert color_summary(hands).fair.tolist() == [True]
    assert verdict(hands) == [
        "fair by our measures: the widest color spread is red (6.0 rails) "
        "and costs vary by 20% of the mean",
        "the luckiest hand needs 12 rails and the unluckiest 18; 80% of hands need 13-17",
    ]
