"""The compiled missing-rail query (``rails.solve``, through the cost model) on the cases its
callers rarely make: free segments of cost 0, which reach the bucket queue uncontracted, and
queries of one, two and three or more distinct places; each checked against
``missing_rails`` (networkx and the exact solver, 0-weight edges contracted)."""

from __future__ import annotations

import numpy as np
import pytest

from workbench import Board
from workbench.analysis import missing_rails
from workbench.analysis.costmodel import CostModel


@pytest.mark.parametrize("double_cost", [0, {"water": 0, "mountain": 2}])
def test_free_doubles_of_cost_0_are_followed_like_rails(tiny: Board, double_cost) -> None:
    # a cost of 0 is refused by the rules, not by the model: such segments are free to
    # use, uncontracted, so the shortest-path passes meet 0-weight edges
    model = CostModel(tiny, double_cost)
    assert 0.0 in model.weights
    rng = np.random.default_rng(3)
    names = [c.name for c in tiny.cities]
    points = sorted(tiny.points)
    segments = sorted(tiny.segments)
    for _ in range(40):
        k = int(rng.integers(2, 6))
        hand = [names[i] for i in rng.choice(len(names), k, replace=False)]
        start = points[int(rng.integers(len(points)))]
        rails = [segments[i] for i in rng.choice(len(segments), int(rng.integers(0, 8)), False)]
        expected = missing_rails(tiny, rails, start, hand, double_cost).cost
        done = model.completion(rails, [start, *hand])
        assert model.cost(rails, [start, *hand]) == done.cost == expected
        assert model.cost([*rails, *done.build], [start, *hand]) == 0
        assert sum(model.weight_of[e] for e in done.build) == done.cost


def test_one_place_costs_nothing_and_two_take_the_shortest_path(tiny: Board) -> None:
    model = CostModel(tiny)
    assert model.completion([], ["Alder", "Alder", (1, 1)]).build == ()
    assert model.cost([], ["Alder", "Ginkgo"]) == missing_rails(tiny, [], "Alder", ["Ginkgo"]).cost
    # two places joined by rails cost nothing, a third is a path away
    path = model.completion([], ["Alder", "Ginkgo"]).build
    assert model.cost(path, ["Alder", "Ginkgo"]) == 0
    three = missing_rails(tiny, path, "Alder", ["Ginkgo", "Fir"]).cost
    assert model.cost(path, ["Alder", "Ginkgo", "Fir"]) == three
