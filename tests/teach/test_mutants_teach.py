"""Behaviours of the teaching steppers that the full mutation run (``scripts/mutate.py``)
showed untested: each test states one behaviour a planted one-line bug broke silently."""

from __future__ import annotations

import networkx as nx

from workbench.teach._graphs import view


def test_the_view_sorts_edges_by_both_ends_in_node_order() -> None:
    G = nx.Graph([("a", "c"), ("a", "b"), ("b", "c")])
    g = view(G)
    assert sorted([("a", "c"), ("b", "c"), ("a", "b")], key=g.sort_key) == [
        ("a", "b"),
        ("a", "c"),
        ("b", "c"),
    ]


def test_without_a_weight_every_edge_weighs_one() -> None:
    G = nx.Graph()
    G.add_edge("a", "b", weight=5)
    assert view(G, weight=None).edges() == [(("a", "b"), 1)]
    assert view(G).edges() == [(("a", "b"), 5)]


def test_parallel_edges_weigh_their_lightest_and_an_unweighted_one_weighs_one() -> None:
    M = nx.MultiGraph()
    M.add_edge("a", "b", weight=4)
    M.add_edge("a", "b", weight=3)
    M.add_edge("b", "c")
    assert view(M).edges() == [(("a", "b"), 3), (("b", "c"), 1)]
