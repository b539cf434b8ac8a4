"""Route costs where the mutation run found them unchecked: a double whose terrain a rule
leaves out (docs/mutation.md)."""

from __future__ import annotations

from workbench import Board
from workbench.analysis import cost_graph, segment_cost


def test_a_double_whose_terrain_a_rule_leaves_out_costs_two(tiny: Board) -> None:
    assert segment_cost("double", "mountain", {"water": 1}) == 2
    assert segment_cost("double", None, {"water": 1}) == 2
    # (7, 3)-(7, 4) is a mountain double, (3, 1)-(3, 2) a water one
    G = cost_graph(tiny, double_cost={"water": 1})
    assert G.edges[(7, 3), (7, 4)]["weight"] == 2
    assert G.edges[(3, 1), (3, 2)]["weight"] == 1
