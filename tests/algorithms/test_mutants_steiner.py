"""The exact Steiner solver's set-up, case by case: defaults, caches and contracted parts,
each checked against a cost or a tree worked out by hand (or by brute force)."""

from __future__ import annotations

import networkx as nx
import pytest

from tests.algorithms.oracles import brute_force_steiner_cost
from workbench.algorithms import steiner_cost, steiner_tree
from workbench.algorithms.steiner import prepare_problem
from workbench.exceptions import InfeasibleError


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


def test_an_edge_whose_weight_attribute_is_none_is_hidden() -> None:
    # as in networkx: a weight of None hides the edge
    G = nx.cycle_graph(4)
    nx.set_edge_attributes(G, 1, "weight")
    G.edges[0, 1]["weight"] = None
    assert steiner_cost(G, [0, 1]) == 3
    assert sorted(steiner_tree(G, [0, 1]).edges) == [(0, 3), (1, 2), (2, 3)]
    G.edges[2, 3]["weight"] = None
    with pytest.raises(InfeasibleError):
        steiner_cost(G, [0, 1])


def test_a_self_loop_is_ignored_whatever_its_weight() -> None:
    # a self-loop joins nothing: it is never read, even with a weight the solver refuses
    G = nx.path_graph(3)
    nx.set_edge_attributes(G, 2, "weight")
    G.add_edge(1, 1, weight=-1)
    assert steiner_cost(G, [0, 2]) == 4
    assert sorted(steiner_tree(G, [0, 2]).edges) == [(0, 1), (1, 2)]
    M = nx.MultiGraph(G)
    assert steiner_cost(M, [0, 2]) == 4


def test_integer_weights_up_to_64_take_the_bucket_queue() -> None:
    # the prepared problem names the queue: the largest weight for the buckets, -1 for the heap
    G = nx.path_graph(4)
    nx.set_edge_attributes(G, {(0, 1): 64, (1, 2): 3, (2, 3): 0}, "weight")
    assert prepare_problem(G, "weight").maxw == 64
    G.edges[0, 1]["weight"] = 65
    assert prepare_problem(G, "weight").maxw == -1
    G.edges[0, 1]["weight"] = 2.5
    assert prepare_problem(G, "weight").maxw == -1
    assert steiner_cost(G, [0, 3]) == 5.5
