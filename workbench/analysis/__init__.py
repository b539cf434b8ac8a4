"""What a designer, a bot or a scorer asks of a board: route costs and their summaries."""

from workbench.analysis.compare import Comparison, compare
from workbench.analysis.costs import Completion, cost_graph, missing_rails, segment_cost
from workbench.analysis.hands import deck, hand_costs, hand_table, segment_usage
from workbench.analysis.routes import Chokepoints, chokepoints, distance_table, start_heatmap
from workbench.analysis.summary import (
    city_effects,
    color_summary,
    cost_summary,
    verdict,
)

__all__ = [
    "Chokepoints",
    "Comparison",
    "Completion",
    "chokepoints",
    "city_effects",
    "color_summary",
    "compare",
    "cost_graph",
    "cost_summary",
    "deck",
    "distance_table",
    "hand_costs",
    "hand_table",
    "missing_rails",
    "segment_cost",
    "segment_usage",
    "start_heatmap",
    "verdict",
]
