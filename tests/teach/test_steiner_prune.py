"""Step 6 of the Kou-Markowsky-Berman trace: the spanning tree of the shortest paths can
end in a point no one asked for, and the trace prunes it, leaf by leaf.

On Trans Europa, a start marker at [8, 7] with Gdansk, Madrid and Stockholm is such a
case: the paths from the marker and between the cities overlap, and their spanning tree
keeps a dead end of three segments that the final tree drops.
"""

from __future__ import annotations

import networkx as nx

from workbench import Board
from workbench.teach import trace

MARKER = (8, 7)
HAND = ("Gdansk", "Madrid", "Stockholm")


def test_steiner_mst_prunes_the_non_terminal_leaves_of_its_spanning_tree(europe: Board) -> None:
    G = europe.graph()
    terminals = [MARKER, *(europe.city(name).at for name in HAND)]
    t = trace("steiner_mst", G, terminals=terminals)
    (spanning,) = [f for f in t.frames if f.line == 5]
    tree = nx.Graph([e for e, role in spanning.edges.items() if role == "tree"])
    # an independent pruning: strip non-terminal leaves until none is left
    expected = tree.copy()
    dropped = set()
    while leaves := [v for v in expected if expected.degree(v) == 1 and v not in terminals]:
        dropped.update(leaves)
        expected.remove_nodes_from(leaves)
    assert dropped, "the spanning tree has a dead end on this board"

    pruned = [f for f in t.frames if f.line == 6]
    assert len(pruned) == len(dropped) == 3
    remaining = tree.copy()
    for frame in pruned:
        (leaf,) = [v for v, role in frame.nodes.items() if role == "rejected"]
        (cut,) = [e for e, role in frame.edges.items() if role == "rejected"]
        assert leaf not in terminals and remaining.degree(leaf) == 1 and leaf in cut
        assert frame.message == f"Prune {leaf!r}: a leaf that is not a terminal."
        remaining.remove_node(leaf)
    assert {v for f in pruned for v, r in f.nodes.items() if r == "rejected"} == dropped

    kept = {tuple(sorted(e)) for e in expected.edges()}
    assert set(t.result["edges"]) == kept
    weight = {tuple(sorted((a, b))): w for a, b, w in G.edges(data="weight")}
    assert t.result["cost"] == sum(weight[e] for e in kept)
    assert t.result["cost"] < sum(weight[tuple(sorted(e))] for e in tree.edges())
    assert nx.is_tree(expected) and set(terminals) <= set(expected)
