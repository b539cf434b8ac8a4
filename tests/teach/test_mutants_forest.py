"""Behaviours of the Steiner forest's trace (:mod:`workbench.teach.forest`) that the mutation
run (``scripts/mutate.py``) showed untested: what each frame says and draws.

The hand of the module's example: tickets a-b and c-d cross (5 each alone, 8 together
through L-R), and x-y lies far beyond R (1 alone). Worked by hand: one shortest path per
ticket is 5 + 5 + 1 = 11, one tree over all six cities 8 + 9 (R-x) + 1 = 18, and the
forest {a-b, c-d} | {x-y} costs 8 + 1 = 9. (The trees of {a-b, x-y} and {c-d, x-y} tie
between two edge sets of 16, so only their costs are checked.)
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from workbench.exceptions import InfeasibleError
from workbench.teach.forest import steiner_forest


def _crossing() -> nx.Graph:
    G = nx.Graph()
    G.add_weighted_edges_from(
        [("a", "L", 1), ("c", "L", 1), ("L", "R", 4), ("R", "b", 1), ("R", "d", 1),
         ("a", "b", 5), ("c", "d", 5), ("R", "x", 9), ("x", "y", 1)]
    )  # fmt: skip
    return G


HAND = [("a", "b"), ("c", "d"), ("x", "y")]
TERMINALS = dict.fromkeys("abcdxy", "terminal")
CROSS = [("L", "R"), ("L", "a"), ("L", "c"), ("R", "b"), ("R", "d")]
GROUPS = (
    ("{a-b}", 5),
    ("{c-d}", 5),
    ("{x-y}", 1),
    ("{a-b, c-d}", 8),
    ("{a-b, x-y}", 16),
    ("{c-d, x-y}", 16),
    ("{a-b, c-d, x-y}", 18),
)


def test_the_forest_trace_says_each_step_with_its_cost_in_order() -> None:
    t = steiner_forest(_crossing(), HAND)
    assert [(f.line, f.message) for f in t.frames] == [
        (0, "Ticket 'a'-'b': a shortest path of 5."),
        (0, "Ticket 'c'-'d': a shortest path of 5."),
        (0, "Ticket 'x'-'y': a shortest path of 1."),
        (0, "One shortest path per ticket: their union costs 11."),
        (1, "One Steiner tree over every ticket's cities costs 18."),
        (2, "Group {a-b}: a minimum tree costs 5."),
        (2, "Group {c-d}: a minimum tree costs 5."),
        (2, "Group {x-y}: a minimum tree costs 1."),
        (2, "Group {a-b, c-d}: a minimum tree costs 8."),
        (2, "Group {a-b, x-y}: a minimum tree costs 16."),
        (2, "Group {c-d, x-y}: a minimum tree costs 16."),
        (2, "Group {a-b, c-d, x-y}: a minimum tree costs 18."),
        (4, "Split {a-b, c-d, x-y}: 18 = 18, the best so far."),
        (3, "Split {a-b} | {c-d, x-y}: 5 + 16 = 21, not better than 18."),
        (4, "Split {a-b, c-d} | {x-y}: 8 + 1 = 9, the best so far."),
        (3, "Split {a-b, x-y} | {c-d}: 16 + 5 = 21, not better than 9."),
        (3, "Split {a-b} | {c-d} | {x-y}: 5 + 5 + 1 = 11, not better than 9."),
        (5, "The forest costs 9: one shortest path per ticket costs 11 and one tree 18."),
    ]
    assert [f.state["groups"] for f in t.frames[5:12]] == [GROUPS[: i + 1] for i in range(7)]
    assert t.result["cost"] == 9
    assert t.result["groups"] == ((("a", "b"), ("c", "d")), (("x", "y"),))
    assert t.result["paths_cost"] == 11 and t.result["tree_cost"] == 18


def test_the_forest_trace_draws_each_ticket_path_group_and_split() -> None:
    frames = steiner_forest(_crossing(), HAND).frames
    first = frames[0]
    assert dict(first.nodes) == {**TERMINALS, "a": "current", "b": "current"}
    assert dict(first.edges) == {("a", "b"): "path"}
    assert dict(frames[3].edges) == dict.fromkeys([("a", "b"), ("c", "d"), ("x", "y")], "path")
    assert dict(frames[3].nodes) == TERMINALS
    assert dict(frames[4].edges) == dict.fromkeys([*CROSS, ("R", "x"), ("x", "y")], "candidate")
    group = frames[8]  # {a-b, c-d}
    assert dict(group.nodes) == {**TERMINALS, **dict.fromkeys("abcd", "current")}
    assert dict(group.edges) == dict.fromkeys(CROSS, "candidate")
    # the new best split is drawn over the old best, which stays visible where they differ
    better = frames[14]
    assert dict(better.edges) == {
        **dict.fromkeys([*CROSS, ("x", "y")], "candidate"),
        ("R", "x"): "best",
    }
    assert dict(better.nodes) == TERMINALS
    assert better.state["split"] == "{a-b, c-d} | {x-y}"
    assert better.state["this split"] == 9
    assert better.state["best"] == 9 and better.state["best split"] == "{a-b, c-d} | {x-y}"
    worse = frames[16]  # every ticket alone: 11, the best stays {a-b, c-d} | {x-y}
    assert dict(worse.edges) == {
        **dict.fromkeys(CROSS, "best"),
        ("a", "b"): "candidate",
        ("c", "d"): "candidate",
        ("x", "y"): "candidate",
    }
    assert worse.state["this split"] == 11 and worse.state["best"] == 9


def test_the_forest_final_frame_draws_the_forest_with_its_branch_points() -> None:
    last = steiner_forest(_crossing(), HAND).frames[-1]
    assert dict(last.nodes) == {"L": "tree", "R": "tree", **TERMINALS}
    assert dict(last.edges) == dict.fromkeys([*CROSS, ("x", "y")], "tree")
    assert last.state["shortest paths"] == 11 and last.state["one tree"] == 18
    assert last.state["groups"] == GROUPS


def _apart() -> nx.Graph:
    G = nx.Graph()
    G.add_weighted_edges_from([("a", "b", 2), ("b", "c", 1), ("x", "y", 3)])
    return G


def test_tickets_in_two_parts_of_the_board_are_joined_by_two_trees() -> None:
    # a repeated ticket (either way round) and a one-city ticket are dropped
    t = steiner_forest(_apart(), [("a", "c"), ("y", "x"), ("c", "a"), ("b", "b")])
    assert [(f.line, f.message) for f in t.frames] == [
        (0, "Ticket 'a'-'c': a shortest path of 3."),
        (0, "Ticket 'x'-'y': a shortest path of 3."),
        (0, "One shortest path per ticket: their union costs 6."),
        (1, "One tree over every ticket's cities: impossible, they lie in several parts."),
        (2, "Group {a-c}: a minimum tree costs 3."),
        (2, "Group {x-y}: a minimum tree costs 3."),
        (2, "Group {a-c, x-y}: its cities lie in several parts."),
        # the split keeping both tickets in one group cannot be built and is not shown
        (4, "Split {a-c} | {x-y}: 3 + 3 = 6, the best so far."),
        (5, "The forest costs 6: one shortest path per ticket costs 6 and one tree inf."),
    ]
    impossible = t.frames[6]
    assert dict(impossible.edges) == {}
    assert dict(impossible.nodes) == dict.fromkeys("acxy", "current")
    assert t.frames[3].state["one tree"] == float("inf")
    assert t.frames[6].state["groups"][-1] == ("{a-c, x-y}", float("inf"))
    assert t.result == {
        "cost": 6,
        "edges": (("a", "b"), ("b", "c"), ("x", "y")),
        "groups": ((("a", "c"),), (("x", "y"),)),
        "paths_cost": 6,
        "paths_edges": (("a", "b"), ("b", "c"), ("x", "y")),
        "tree_cost": float("inf"),
        "tree_edges": None,
    }
    assert dict(t.frames[-1].nodes) == {"b": "tree", **dict.fromkeys("acxy", "terminal")}


def test_no_ticket_is_completed_by_the_empty_network() -> None:
    t = steiner_forest(_apart(), [])
    assert t.frames[-1].message == "No ticket: the empty network completes the hand."
    assert t.frames[-1].line == 5
    assert t.result == {
        "cost": 0,
        "edges": (),
        "groups": (),
        "paths_cost": 0,
        "paths_edges": (),
        "tree_cost": 0,
        "tree_edges": (),
    }


def test_a_ticket_whose_cities_are_not_joined_is_infeasible() -> None:
    with pytest.raises(InfeasibleError, match="no path joins the ticket's cities 'a' and 'x'"):
        steiner_forest(_apart(), [("a", "x")])


@pytest.mark.parametrize("ticket", [("a",), ("a", "b", "c")])
def test_a_ticket_must_be_a_pair(ticket: Any) -> None:
    with pytest.raises(ValueError, match="a ticket is a pair of cities"):
        steiner_forest(_apart(), [ticket])


def test_without_weights_every_route_counts_one() -> None:
    t = steiner_forest(_apart(), [("a", "c")], weight=None)
    assert t.result["cost"] == 2 and t.result["edges"] == (("a", "b"), ("b", "c"))


def test_a_ticket_city_not_on_the_board_is_named() -> None:
    with pytest.raises(nx.NodeNotFound, match="city 'q' is not in the graph"):
        steiner_forest(_apart(), [("a", "c"), ("q", "a")])


def test_without_weights_the_cheapest_forest_has_the_fewest_routes() -> None:
    # a ring of five with tickets over four of its cities: the fewest routes joining them
    # leave out both routes of the fifth city (3 routes, not 4 of a longer way round)
    G = nx.cycle_graph(5)
    t = steiner_forest(G, [(3, 4), (3, 2), (1, 3)], weight=None)
    assert t.result["cost"] == 3 and t.result["tree_cost"] == 3
    assert t.result["edges"] == ((1, 2), (2, 3), (3, 4))


def test_the_one_tree_over_every_city_is_returned_in_node_order() -> None:
    t = steiner_forest(_crossing(), HAND)
    assert t.result["tree_edges"] == (*CROSS, ("R", "x"), ("x", "y"))


def test_of_equally_cheap_splits_the_first_is_kept_as_the_pseudo_code_says() -> None:
    # a-b-c with tickets a-b and b-c: one tree (2) and two trees (1 + 1) cost the same;
    # "if cost < best" keeps the first split, the whole hand in one group
    t = steiner_forest(nx.path_graph("abc"), [("a", "b"), ("b", "c")])
    assert [f.message for f in t.frames if f.line in (3, 4)] == [
        "Split {a-b, b-c}: 2 = 2, the best so far.",
        "Split {a-b} | {b-c}: 1 + 1 = 2, not better than 2.",
    ]
    assert t.result["groups"] == ((("a", "b"), ("b", "c")),)
    assert t.frames[-1].state["best split"] == "{a-b, b-c}"
