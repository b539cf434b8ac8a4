"""Behaviours of the searches' traces (:mod:`workbench.teach.search`) that the mutation run
(``scripts/mutate.py``) showed untested: each test states what a learner sees frame by frame.

The graphs are small enough to follow by hand. In the weighted one Dijkstra first reaches 1
directly (at 4), then finds it cheaper through 2 (at 2): the old edge is ``rejected`` while
the search runs and gone at the end, and the old queue entry is met later and skipped.
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from workbench.teach.frames import Trace
from workbench.teach.search import bfs, dial, dijkstra


def _weighted() -> nx.Graph:
    G = nx.Graph()
    G.add_weighted_edges_from([(0, 1, 4), (0, 2, 1), (2, 1, 1), (1, 3, 1)])
    return G


def _frames(t: Trace) -> list[tuple[Any, ...]]:
    return [
        (
            f.line,
            f.message,
            dict(f.nodes),
            dict(f.edges),
            {k: dict(v) if hasattr(v, "items") else v for k, v in f.state.items()},
        )
        for f in t.frames
    ]


VISITED = dict.fromkeys(range(4), "visited")
DISTANCE = {0: 0, 1: 2, 2: 1, 3: 3}
TREE = {(0, 2): "tree", (1, 2): "tree", (1, 3): "tree"}


def test_dijkstra_shows_each_settle_relax_and_stale_entry_in_order() -> None:
    t = dijkstra(_weighted(), 0)
    assert t.result == {"distance": DISTANCE, "parent": {1: 2, 2: 0, 3: 1}}
    rej = {(0, 1): "rejected"}
    assert _frames(t) == [
        (0, "Start at 0 at distance 0.", {0: "frontier"}, {},
         {"queue": ((0, 0),), "distance": {0: 0}}),
        (4, "Settle 0 at distance 0, the smallest in the queue.", {0: "current"}, {},
         {"queue": (), "distance": {0: 0}}),
        (7, "Relax 0-1: 1 can be reached at 4.", {0: "current", 1: "frontier"}, {(0, 1): "current"},
         {"queue": ((4, 1),), "distance": {0: 0, 1: 4}}),
        (7, "Relax 0-2: 2 can be reached at 1.", {0: "current", 1: "frontier", 2: "frontier"},
         {(0, 1): "tree", (0, 2): "current"},
         {"queue": ((1, 2), (4, 1)), "distance": {0: 0, 1: 4, 2: 1}}),
        (4, "Settle 2 at distance 1, the smallest in the queue.",
         {0: "visited", 1: "frontier", 2: "current"}, {(0, 1): "tree", (0, 2): "tree"},
         {"queue": ((4, 1),), "distance": {0: 0, 1: 4, 2: 1}}),
        (7, "Relax 2-1: 1 can be reached at 2 (was 4).",
         {0: "visited", 1: "frontier", 2: "current"},
         {**rej, (0, 2): "tree", (1, 2): "current"},
         {"queue": ((2, 1), (4, 1)), "distance": {0: 0, 1: 2, 2: 1}}),
        (4, "Settle 1 at distance 2, the smallest in the queue.",
         {0: "visited", 1: "current", 2: "visited"}, {**rej, (0, 2): "tree", (1, 2): "tree"},
         {"queue": ((4, 1),), "distance": {0: 0, 1: 2, 2: 1}}),
        (7, "Relax 1-3: 3 can be reached at 3.",
         {0: "visited", 1: "current", 2: "visited", 3: "frontier"},
         {**rej, (0, 2): "tree", (1, 2): "tree", (1, 3): "current"},
         {"queue": ((3, 3), (4, 1)), "distance": DISTANCE}),
        (4, "Settle 3 at distance 3, the smallest in the queue.",
         {0: "visited", 1: "visited", 2: "visited", 3: "current"}, {**rej, **TREE},
         {"queue": ((4, 1),), "distance": DISTANCE}),
        (3, "Skip the stale entry (4, 1): 1 is settled.", VISITED, {**rej, **TREE},
         {"queue": (), "distance": DISTANCE}),
        (8, "The queue is empty: 4 nodes settled.", VISITED, TREE,
         {"queue": (), "distance": DISTANCE}),
    ]  # fmt: skip


def test_dial_shows_each_bucket_move_and_skips_the_moved_entry() -> None:
    t = dial(_weighted(), 0)
    assert t.result == {"distance": DISTANCE, "parent": {1: 2, 2: 0, 3: 1}}
    rej = {(0, 1): "rejected"}
    assert _frames(t) == [
        (0, "Start at 0: bucket 0 holds it.", {0: "frontier"}, {},
         {"buckets": ((0, (0,)),), "distance": {0: 0}}),
        (4, "Settle 0 at distance 0, from bucket 0.", {0: "current"}, {},
         {"buckets": (), "distance": {0: 0}}),
        (7, "Relax 0-1: 1 goes to bucket 4.", {0: "current", 1: "frontier"}, {(0, 1): "current"},
         {"buckets": ((4, (1,)),), "distance": {0: 0, 1: 4}}),
        (7, "Relax 0-2: 2 goes to bucket 1.", {0: "current", 1: "frontier", 2: "frontier"},
         {(0, 1): "tree", (0, 2): "current"},
         {"buckets": ((1, (2,)), (4, (1,))), "distance": {0: 0, 1: 4, 2: 1}}),
        (4, "Settle 2 at distance 1, from bucket 1.", {0: "visited", 1: "frontier", 2: "current"},
         {(0, 1): "tree", (0, 2): "tree"},
         {"buckets": ((4, (1,)),), "distance": {0: 0, 1: 4, 2: 1}}),
        # 1 still sits in bucket 4 too, but only its live entry (bucket 2) is shown
        (7, "Relax 2-1: 1 goes to bucket 2 (was in bucket 4).",
         {0: "visited", 1: "frontier", 2: "current"},
         {**rej, (0, 2): "tree", (1, 2): "current"},
         {"buckets": ((2, (1,)),), "distance": {0: 0, 1: 2, 2: 1}}),
        (4, "Settle 1 at distance 2, from bucket 2.", {0: "visited", 1: "current", 2: "visited"},
         {**rej, (0, 2): "tree", (1, 2): "tree"},
         {"buckets": (), "distance": {0: 0, 1: 2, 2: 1}}),
        (7, "Relax 1-3: 3 goes to bucket 3.",
         {0: "visited", 1: "current", 2: "visited", 3: "frontier"},
         {**rej, (0, 2): "tree", (1, 2): "tree", (1, 3): "current"},
         {"buckets": ((3, (3,)),), "distance": DISTANCE}),
        (4, "Settle 3 at distance 3, from bucket 3.",
         {0: "visited", 1: "visited", 2: "visited", 3: "current"}, {**rej, **TREE},
         {"buckets": (), "distance": DISTANCE}),
        (3, "Skip 1 in bucket 4: it has moved or is settled.", VISITED, {**rej, **TREE},
         {"buckets": (), "distance": DISTANCE}),
        (8, "Every bucket is empty: 4 nodes settled.", VISITED, TREE,
         {"buckets": (), "distance": DISTANCE}),
    ]  # fmt: skip


def test_bfs_shows_each_node_taken_and_discovered_with_its_level_and_the_queue() -> None:
    t = bfs(nx.Graph([(0, 1), (0, 2), (1, 3), (2, 3)]), 0)
    assert t.result == {"level": {0: 0, 1: 1, 2: 1, 3: 2}, "parent": {1: 0, 2: 0, 3: 1}}
    tree = {(0, 1): "tree", (0, 2): "tree", (1, 3): "tree"}
    levels = {0: 0, 1: 1, 2: 1, 3: 2}
    assert _frames(t) == [
        (0, "Start at 0: level 0, and the queue holds it.", {0: "frontier"}, {},
         {"queue": (0,), "level": {0: 0}}),
        (2, "Take 0 (level 0) from the front of the queue.", {0: "current"}, {},
         {"queue": (), "level": {0: 0}}),
        (5, "Discover 1 from 0: level 1, queued at the back.", {0: "current", 1: "frontier"},
         {(0, 1): "tree"}, {"queue": (1,), "level": {0: 0, 1: 1}}),
        (5, "Discover 2 from 0: level 1, queued at the back.",
         {0: "current", 1: "frontier", 2: "frontier"}, {(0, 1): "tree", (0, 2): "tree"},
         {"queue": (1, 2), "level": {0: 0, 1: 1, 2: 1}}),
        (2, "Take 1 (level 1) from the front of the queue.",
         {0: "visited", 1: "current", 2: "frontier"}, {(0, 1): "tree", (0, 2): "tree"},
         {"queue": (2,), "level": {0: 0, 1: 1, 2: 1}}),
        (5, "Discover 3 from 1: level 2, queued at the back.",
         {0: "visited", 1: "current", 2: "frontier", 3: "frontier"}, tree,
         {"queue": (2, 3), "level": levels}),
        (2, "Take 2 (level 1) from the front of the queue.",
         {0: "visited", 1: "visited", 2: "current", 3: "frontier"}, tree,
         {"queue": (3,), "level": levels}),
        (2, "Take 3 (level 2) from the front of the queue.",
         {0: "visited", 1: "visited", 2: "visited", 3: "current"}, tree,
         {"queue": (), "level": levels}),
        (6, "The queue is empty: 4 nodes reached.", VISITED, tree, {"queue": (), "level": levels}),
    ]  # fmt: skip


@pytest.mark.parametrize("search", [dijkstra, dial])
def test_a_zero_weight_edge_reaches_its_end_at_the_same_distance(search: Any) -> None:
    G = nx.Graph([(0, 1, {"weight": 0}), (1, 2, {"weight": 2})])
    assert search(G, 0).result["distance"] == {0: 0, 1: 0, 2: 2}


def test_dial_refuses_a_weight_that_is_not_a_whole_number() -> None:
    G = nx.Graph([(0, 1, {"weight": 1.5})])
    with pytest.raises(ValueError, match=r"integer weights: edge \(0, 1\) weighs 1.5"):
        dial(G, 0)
    assert dial(nx.Graph([(0, 1, {"weight": 2.0})]), 0).result["distance"] == {0: 0, 1: 2}


def _square() -> nx.Graph:
    # 3 is 2 away through 1 and through 2: the first way found stays
    return nx.Graph([(0, 1), (0, 2), (1, 3), (2, 3)])


@pytest.mark.parametrize("search", [dijkstra, dial])
def test_an_equally_short_second_way_changes_nothing(search: Any) -> None:
    t = search(_square(), 0)
    assert t.result == {"distance": {0: 0, 1: 1, 2: 1, 3: 2}, "parent": {1: 0, 2: 0, 3: 1}}
    relaxed = [f.message for f in t.frames if f.line == 7]
    assert len(relaxed) == 3 and not any(m.startswith("Relax 2-3") for m in relaxed)
    assert dict(t.frames[-1].edges) == {(0, 1): "tree", (0, 2): "tree", (1, 3): "tree"}


@pytest.mark.parametrize("search", [dijkstra, dial])
def test_a_longer_second_way_changes_nothing(search: Any) -> None:
    G = nx.Graph([(0, 1, {"weight": 1}), (0, 2, {"weight": 1}), (1, 2, {"weight": 3})])
    t = search(G, 0)
    assert t.result == {"distance": {0: 0, 1: 1, 2: 1}, "parent": {1: 0, 2: 0}}
    assert [f.line for f in t.frames].count(7) == 2


@pytest.mark.parametrize("search", [bfs, dijkstra, dial])
def test_a_source_not_in_the_graph_is_named(search: Any) -> None:
    with pytest.raises(nx.NodeNotFound, match="source 9 is not in the graph"):
        search(_square(), 9)


@pytest.mark.parametrize("search", [dijkstra, dial])
def test_a_negative_weight_is_refused(search: Any) -> None:
    G = nx.Graph([(0, 1, {"weight": 2}), (1, 2, {"weight": -1})])
    with pytest.raises(ValueError, match=r"edge \(1, 2\) has a negative weight -1"):
        search(G, 0)
