"""Graph algorithms on networkx graphs (pure: no board, no UI)."""

from workbench.algorithms.steiner import steiner_cost, steiner_cost_to_all, steiner_tree

__all__ = ["steiner_cost", "steiner_cost_to_all", "steiner_tree"]
