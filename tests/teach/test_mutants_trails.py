"""Behaviours of the longest-trail search's trace (:mod:`workbench.teach.trails`) that the
mutation run (``scripts/mutate.py``) showed untested: what each frame says, draws and counts.

The network, worked by hand: a triangle A-B (2), B-C (1), C-A (3) with a tail A-D (4),
and apart from it a heavier triangle X-Y-Z (5 each). Only A (3 routes) and D (1) are odd,
so the first part's search starts at A; A-B-C-A-D uses the whole part (10), so D is not
tried. The second part has only even cities: it starts at its first city X and walks the
triangle whole (15), the answer.
"""

from __future__ import annotations

import networkx as nx
import pytest

from workbench.teach.trails import count_trails, longest_trail, trail_edges


def _two_parts() -> nx.Graph:
    G = nx.Graph()
    G.add_weighted_edges_from(
        [("A", "B", 2), ("B", "C", 1), ("C", "A", 3), ("A", "D", 4),
         ("X", "Y", 5), ("Y", "Z", 5), ("Z", "X", 5)]
    )  # fmt: skip
    return G


def test_the_search_says_each_start_step_new_best_and_cut_in_order() -> None:
    t = longest_trail(_two_parts())
    assert [(f.line, f.message) for f in t.frames] == [
        (1, "Start at 'A' (3 routes: an odd number of routes)."),
        (5, "Take 'A'-'B' (2): the trail is 2 long."),
        (2, "A new best trail: 2 long, 1 routes."),
        (5, "Take 'B'-'C' (1): the trail is 3 long."),
        (2, "A new best trail: 3 long, 2 routes."),
        (5, "Take 'C'-'A' (3): the trail is 6 long."),
        (2, "A new best trail: 6 long, 3 routes."),
        (5, "Take 'A'-'D' (4): the trail is 10 long."),
        (2, "A new best trail: 10 long, 4 routes."),
        (3, "At 'D': 10 so far plus 0 still reachable is at most the best 10; back up."),
        (5, "Take 'A'-'C' (3): the trail is 3 long."),
        (3, "At 'C': 3 so far plus 7 still reachable is at most the best 10; back up."),
        (5, "Take 'A'-'D' (4): the trail is 4 long."),
        (3, "At 'D': 4 so far plus 0 still reachable is at most the best 10; back up."),
        (1, "Start at 'X' (2 routes: every city has an even number)."),
        (5, "Take 'X'-'Y' (5): the trail is 5 long."),
        (5, "Take 'Y'-'Z' (5): the trail is 10 long."),
        (5, "Take 'Z'-'X' (5): the trail is 15 long."),
        (2, "A new best trail: 15 long, 3 routes."),
        (3, "At 'X': 15 so far plus 0 still reachable is at most the best 15; back up."),
        (5, "Take 'X'-'Z' (5): the trail is 5 long."),
        (3, "At 'Z': 5 so far plus 10 still reachable is at most the best 15; back up."),
        (8, "The longest trail is 15 long (3 routes); 12 trails walked, 5 cut by the bound."),
    ]
    assert t.result == {
        "length": 15,
        "nodes": ("X", "Y", "Z", "X"),
        "edges": (("X", "Y"), ("Y", "Z"), ("X", "Z")),
        "explored": 12,
        "pruned": 5,
    }


def test_the_search_state_counts_trails_walked_and_cut_and_keeps_the_best() -> None:
    frames = longest_trail(_two_parts()).frames
    assert [(f.state["length"], f.state["best"]) for f in frames] == [
        (0, 0), (2, 0), (2, 2), (3, 2), (3, 3), (6, 3), (6, 6), (10, 6), (10, 10), (10, 10),
        (3, 10), (3, 10), (4, 10), (4, 10), (0, 10), (5, 10), (10, 10), (15, 10), (15, 15),
        (15, 15), (5, 15), (5, 15), (15, 15),
    ]  # fmt: skip
    assert [(f.state["explored"], f.state["pruned"]) for f in frames] == [
        (0, 0), (1, 0), (2, 0), (2, 0), (3, 0), (3, 0), (4, 0), (4, 0), (5, 0), (5, 1),
        (5, 1), (6, 2), (6, 2), (7, 3), (7, 3), (8, 3), (9, 3), (10, 3), (11, 3), (11, 4),
        (11, 4), (12, 5), (12, 5),
    ]  # fmt: skip
    assert frames[7].state["trail"] == ("A", "B", "C", "A", "D")
    assert frames[7].state["best trail"] == ("A", "B", "C", "A")
    assert frames[14].state["trail"] == ("X",)
    assert frames[14].state["best trail"] == ("A", "B", "C", "A", "D")


def test_the_search_draws_the_trail_over_the_best_so_far() -> None:
    frames = longest_trail(_two_parts()).frames
    assert dict(frames[0].nodes) == {"A": "current"} and dict(frames[0].edges) == {}
    took = frames[3]  # B-C taken after A-B
    assert dict(took.nodes) == {"A": "source", "B": "visited", "C": "current"}
    assert dict(took.edges) == {("A", "B"): "path", ("B", "C"): "candidate"}
    closed = frames[5]  # back at A: the trail's end is drawn over its start
    assert dict(closed.nodes) == {"A": "current", "B": "visited", "C": "visited"}
    other = frames[10]  # a second branch from A: the best trail stays drawn where unused
    assert dict(other.nodes) == {"A": "source", "C": "current"}
    assert dict(other.edges) == {
        ("A", "B"): "best",
        ("B", "C"): "best",
        ("A", "C"): "candidate",
        ("A", "D"): "best",
    }
    cut = frames[11]
    assert dict(cut.edges)[("A", "C")] == "path"
    new_best = frames[18]  # the other part's best replaces the first part's
    assert dict(new_best.edges) == dict.fromkeys([("X", "Y"), ("Y", "Z"), ("X", "Z")], "path")
    last = frames[-1]
    assert dict(last.nodes) == {"X": "current", "Y": "visited", "Z": "visited"}
    assert dict(last.edges) == dict.fromkeys([("X", "Y"), ("Y", "Z"), ("X", "Z")], "best")
    assert last.state["trail"] == ("X", "Y", "Z", "X")


def test_an_open_best_trail_is_drawn_from_its_start_to_its_end() -> None:
    last = longest_trail(nx.path_graph(["a", "b", "c"])).frames[-1]
    assert dict(last.nodes) == {"a": "source", "b": "visited", "c": "current"}
    assert dict(last.edges) == {("a", "b"): "best", ("b", "c"): "best"}


def test_a_part_too_short_to_beat_the_best_is_not_searched() -> None:
    G = _two_parts()
    G.add_edge("Zp", "Zq", weight=15)  # a last part, no longer than the best: no start
    t = longest_trail(G)
    assert t.result["length"] == 15 and t.result["nodes"] == ("X", "Y", "Z", "X")
    assert not any("Zp" in f.message or "Zq" in f.message for f in t.frames)
    G.edges["Zp", "Zq"]["weight"] = 16
    assert longest_trail(G).result["nodes"] == ("Zp", "Zq")


def test_a_callable_weight_can_hide_routes_and_none_counts_each_route_one() -> None:
    G = _two_parts()
    hide_xyz = lambda u, v, d: None if u in "XYZ" else d["weight"]  # noqa: E731
    assert longest_trail(G, weight=hide_xyz).result["length"] == 10
    assert trail_edges(G, weight=None)[:2] == [("A", "B", 1), ("A", "C", 1)]
    assert longest_trail(G, weight=None).result["length"] == 4


def test_a_route_without_a_weight_has_length_one() -> None:
    G = nx.Graph([("a", "b")])
    G.add_edge("b", "c", weight=3)
    assert trail_edges(G) == [("a", "b", 1), ("b", "c", 3)]


def test_trail_edges_lists_routes_in_node_order_then_by_length() -> None:
    M = nx.MultiGraph()
    M.add_nodes_from(["c", "b", "a"])
    M.add_edge("a", "b", weight=3)
    M.add_edge("b", "a", weight=2)
    M.add_edge("a", "c", weight=1)
    # node order is the names' order, whatever order the graph was built in
    assert trail_edges(M) == [("a", "b", 2), ("a", "b", 3), ("a", "c", 1)]


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_counting_stops_exactly_at_the_limit(limit: int) -> None:
    assert count_trails(nx.path_graph(3), limit=limit) == limit
    assert count_trails(nx.path_graph(3), limit=100) == 9


def test_a_route_of_length_zero_is_a_route() -> None:
    G = nx.Graph([("a", "b", {"weight": 0}), ("b", "c", {"weight": 0.5})])
    assert trail_edges(G) == [("a", "b", 0), ("b", "c", 0.5)]


def test_routes_are_listed_by_their_first_end_before_their_second() -> None:
    G = nx.Graph([("a", "c", {"weight": 5}), ("b", "c", {"weight": 1})])
    assert trail_edges(G) == [("a", "c", 5), ("b", "c", 1)]


def test_parts_are_searched_in_the_order_of_their_first_city() -> None:
    # A-Z is the first part (A comes first), though B-C holds cities between A and Z
    G = nx.Graph([("A", "Z", {"weight": 1}), ("B", "C", {"weight": 5})])
    t = longest_trail(G)
    assert [f.message for f in t.frames if f.line == 1] == [
        "Start at 'A' (1 routes: an odd number of routes).",
        "Start at 'B' (1 routes: an odd number of routes).",
    ]
    assert t.result["nodes"] == ("B", "C")


def test_the_search_counts_the_frames_it_drops_past_its_limit() -> None:
    full = longest_trail(_two_parts())
    for cap in (2, 5, 10):
        t = longest_trail(_two_parts(), max_frames=cap)
        assert len(t.frames) == cap
        assert t.dropped == len(full.frames) - cap
        assert t.frames[-1] == full.frames[-1]
