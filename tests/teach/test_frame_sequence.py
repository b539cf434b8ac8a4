"""Each step of Kruskal's trace is a frame: every edge considered, in weight order, is
either rejected (both ends in one set) or added, and the added ones are the tree.

The frames are what a class watches; a step that happened without its frame would leave
the stepper's board and its tables out of step with the algorithm.
"""

from __future__ import annotations

import re

import networkx as nx
import pytest

from workbench import Board
from workbench.teach import trace


@pytest.mark.parametrize("name", ["tiny", "europe"])
def test_kruskal_shows_one_frame_per_edge_considered(
    name: str, request: pytest.FixtureRequest
) -> None:
    board: Board = request.getfixturevalue(name)
    G = board.graph()
    t = trace("kruskal", G)
    added = [f for f in t.frames if f.line == 3]
    rejected = [f for f in t.frames if f.line == 2]
    tree = list(t.result["edges"])
    assert len(added) == len(tree) == len(G) - nx.number_connected_components(G)
    assert all(f.message.startswith("Add ") for f in added)
    assert all(f.message.startswith("Reject ") for f in rejected)
    # each Add frame shows one more tree edge than the one before
    counts = [sum(role == "tree" for role in f.edges.values()) for f in added]
    assert counts == list(range(1, len(tree) + 1))
    # the edges considered are taken in weight order, the last one completing the tree
    considered = added + rejected
    considered.sort(key=lambda f: t.frames.index(f))
    weights = [float(re.search(r"\(([0-9.]+)\): ", f.message).group(1)) for f in considered]
    assert weights == sorted(weights)
    assert considered[-1].line == 3


@pytest.mark.parametrize("name", ["tiny", "europe"])
def test_bridges_shows_a_frame_for_each_bridge_found(
    name: str, request: pytest.FixtureRequest
) -> None:
    board: Board = request.getfixturevalue(name)
    G = board.graph()
    t = trace("bridges", G)
    expected = {tuple(sorted(e)) for e in nx.bridges(G)}
    assert expected, "the board has a bridge"
    found = [f for f in t.frames if f.line == 5]
    assert len(found) == len(expected) == len(t.result["bridges"])
    announced = []
    for frame in found:
        (edge,) = [e for e, role in frame.edges.items() if role == "bridge" and e not in announced]
        announced.append(edge)
        assert f"{edge[0]!r}-{edge[1]!r} is a bridge." in frame.message or (
            f"{edge[1]!r}-{edge[0]!r} is a bridge." in frame.message
        )
    assert {tuple(sorted(e)) for e in announced} == expected
