"""The exact Steiner solver's set-up, case by case: defaults, caches and contracted parts,
each checked against a cost or a tree worked out by hand (or by brute force)."""

from __future__ import annotations

import networkx as nx

from tests.algorithms.oracles import brute_force_steiner_cost
from workbench.algorithms import steiner_cost, steiner_tree


def test_a_multigraph_edge_without_the_weight_attribute_weighs_one() -> None:
    M = nx.MultiGraph()
    M.add_edge("a", "b")  # no weight: 1
    M.add_edge("a", "b")
    M.add_edge("b", "c", weight=3)
    M.add_edge("a", "c", weight=5)
    assert steiner_cost(M, ["a", "c"]) == brute_force_steiner_cost(M, ["a", "c"]) == 4
    assert steiner_cost(M, ["a", "b"]) == 1


def test_a_view_answers_for_its_graph_as_it_is_now() -> None:
    # a view of a graph that changes under it, keeping its node and edge counts
    G = nx.path_graph(5)
    view = G.subgraph(range(5))
    assert steiner_cost(view, [0, 4]) == 4
    G.remove_edge(1, 2)
    G.add_edge(0, 4)
    assert steiner_cost(view, [0, 4]) == 1
    assert sorted(steiner_tree(view, [0, 4]).edges) == [(0, 4)]
