"""Behaviours of the Steiner traces (:mod:`workbench.teach.steiner`) that the mutation run
(``scripts/mutate.py``) showed untested: what each frame says, draws and holds.

Both graphs are small enough to work by hand (see each test).
"""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest

from workbench.exceptions import InfeasibleError
from workbench.teach.frames import Trace
from workbench.teach.steiner import steiner_dp, steiner_mst


def _frames(t: Trace) -> list[tuple[Any, ...]]:
    return [
        (
            f.line,
            f.message,
            dict(f.nodes),
            dict(f.edges),
            {k: dict(v) if hasattr(v, "items") else v for k, v in f.state.items() if k != "table"},
        )
        for f in t.frames
    ]


def _triangle_and_tail() -> nx.Graph:
    G = nx.Graph()
    G.add_weighted_edges_from([("a", "b", 1), ("b", "c", 1), ("a", "c", 1), ("c", "d", 5)])
    return G


def test_steiner_mst_shows_each_dijkstra_the_closure_and_each_kept_or_skipped_edge() -> None:
    # closure: a-b, a-c, b-c at 1, c-d at 5, a-d and b-d at 6 (through c); Kruskal on it
    # keeps a-b and a-c, skips b-c (a triangle), keeps c-d and stops with 3 of 4 - 1
    t = steiner_mst(_triangle_and_tail(), ["a", "b", "c", "d"])
    assert t.result == {"edges": (("a", "b"), ("a", "c"), ("c", "d")), "cost": 7}
    terms = dict.fromkeys("abcd", "terminal")
    ab, ac, ad, bc, bd, cd = (
        (("a", "b"), 1), (("a", "c"), 1), (("a", "d"), 6),
        (("b", "c"), 1), (("b", "d"), 6), (("c", "d"), 5),
    )  # fmt: skip
    closure = (ab, ac, bc, cd, ad, bd)
    kept_ab = {("a", "b"): "candidate"}
    kept_ac = {**kept_ab, ("a", "c"): "candidate"}
    kept_cd = {**kept_ac, ("c", "d"): "candidate"}
    tree = dict.fromkeys([("a", "b"), ("a", "c"), ("c", "d")], "tree")
    keep = (("a", "b"), ("a", "c"))
    assert _frames(t) == [
        (0, "Dijkstra from 'a': shortest paths to the later terminals (3).",
         {**terms, "a": "current"}, dict.fromkeys([("a", "b"), ("a", "c"), ("c", "d")], "path"),
         {"closure": (ab, ac, ad), "kept": ()}),
        (0, "Dijkstra from 'b': shortest paths to the later terminals (2).",
         {**terms, "b": "current"}, dict.fromkeys([("b", "c"), ("c", "d")], "path"),
         {"closure": (ab, ac, ad, bc, bd), "kept": ()}),
        (0, "Dijkstra from 'c': shortest paths to the later terminals (1).",
         {**terms, "c": "current"}, {("c", "d"): "path"},
         {"closure": (ab, ac, ad, bc, bd, cd), "kept": ()}),
        (0, "Dijkstra from 'd': shortest paths to the later terminals (0).",
         {**terms, "d": "current"}, {}, {"closure": (ab, ac, ad, bc, bd, cd), "kept": ()}),
        (1, "The metric closure joins the 4 terminals by 6 edges.", terms, {},
         {"closure": closure, "kept": ()}),
        (3, "Keep 'a'-'b' (1), the lightest closure edge joining two groups.", terms, kept_ab,
         {"closure": closure, "kept": (("a", "b"),)}),
        (3, "Keep 'a'-'c' (1), the lightest closure edge joining two groups.", terms, kept_ac,
         {"closure": closure, "kept": keep}),
        (3, "Skip 'b'-'c' (1): they are already joined.", terms,
         {**kept_ac, ("b", "c"): "rejected"}, {"closure": closure, "kept": keep}),
        (3, "Keep 'c'-'d' (5), the lightest closure edge joining two groups.", terms, kept_cd,
         {"closure": closure, "kept": (*keep, ("c", "d"))}),
        (4, "The kept closure edges become 3 edges of G.", terms, kept_cd,
         {"closure": closure, "kept": (*keep, ("c", "d"))}),
        (5, "A minimum spanning tree of them keeps 3 edges, dropping 0.", terms, tree,
         {"closure": closure, "kept": (*keep, ("c", "d"))}),
        (7, "The tree joins the 4 terminals with 3 edges, cost 7.", terms, tree,
         {"closure": closure, "kept": (*keep, ("c", "d"))}),
    ]  # fmt: skip


def _star_and_detour() -> nx.Graph:
    G = nx.Graph()
    G.add_weighted_edges_from(
        [("a", "c", 2), ("b", "c", 2), ("d", "c", 2), ("a", "b", 3), ("b", "e", 1), ("e", "d", 3)]
    )
    return G


ROW_A = {"a": 0, "b": 3, "c": 2, "d": 4, "e": 4}
ROW_B = {"a": 3, "b": 0, "c": 2, "d": 4, "e": 1}
SPLIT_AB = {"a": 3, "b": 3, "c": 4, "d": 8, "e": 5}
ROW_AB = {"a": 3, "b": 3, "c": 4, "d": 6, "e": 4}


def test_steiner_dp_shows_each_row_its_splits_its_pass_and_the_tree() -> None:
    # root d; rows {a} and {b} are distances; row {a, b} splits at every node (a + b), and
    # the pass lowers d (8 -> 6 through c) and e (5 -> 4 through b); the answer is the star
    # at c, 6, which the 2-approximation misses (7, through a-b)
    t = steiner_dp(_star_and_detour(), ["a", "b", "d"])
    assert t.result == {"cost": 6, "edges": (("a", "c"), ("b", "c"), ("c", "d"))}
    star = dict.fromkeys([("a", "c"), ("b", "c"), ("c", "d")], "tree")
    done = {"a": "terminal", "b": "terminal", "d": "terminal", "c": "tree"}
    pair = {"a": "current", "b": "current", "d": "terminal"}
    assert _frames(t) == [
        (0, "Row {'a'}: the distance from 'a' to every node.",
         {"a": "current", "b": "terminal", "d": "terminal"}, {}, {"subset": ("a",), "row": ROW_A}),
        (0, "Row {'b'}: the distance from 'b' to every node.",
         {"a": "terminal", "b": "current", "d": "terminal"}, {}, {"subset": ("b",), "row": ROW_B}),
        (2, "Row ('a', 'b'): the best split of the subset at each node.", pair, {},
         {"subset": ("a", "b"), "row": SPLIT_AB}),
        (3, "Row ('a', 'b'): a shortest-path pass lowers 2 entries.", {"e": "frontier", **pair},
         {}, {"subset": ("a", "b"), "row": ROW_AB}),
        (4, "The answer: C[('a', 'b')]['d'] = 6.", pair, {},
         {"subset": ("a", "b"), "row": ROW_AB}),
        (5, "Following the splits and paths back gives 3 edges.", done, star,
         {"subset": ("a", "b"), "row": ROW_AB}),
        (6, "A minimum tree joins the 3 terminals at cost 6.", done, star,
         {"subset": ("a", "b"), "row": ROW_AB}),
    ]  # fmt: skip
    table = t.frames[-1].state["table"]
    assert {k: dict(v) for k, v in table.items()} == {
        ("a",): ROW_A,
        ("b",): ROW_B,
        ("a", "b"): ROW_AB,
    }
    assert steiner_mst(_star_and_detour(), ["a", "b", "d"]).result["cost"] == 7


def test_steiner_dp_counts_the_frames_it_drops_past_its_limit() -> None:
    full = steiner_dp(_star_and_detour(), ["a", "b", "d"])
    assert len(full.frames) == 7 and full.dropped == 0
    for cap in (2, 3, 5):
        t = steiner_dp(_star_and_detour(), ["a", "b", "d"], max_frames=cap)
        assert len(t.frames) == cap
        assert t.dropped == len(full.frames) - cap
        assert t.frames[-1] == full.frames[-1]
        assert t.result == full.result


def test_steiner_dp_joins_fewer_than_two_terminals_with_nothing() -> None:
    t = steiner_dp(_star_and_detour(), ["a", "a"])
    assert t.result == {"cost": 0, "edges": ()}
    assert [(f.line, f.message, dict(f.nodes)) for f in t.frames] == [
        (6, "Fewer than two terminals: the empty tree joins them.", {"a": "terminal"})
    ]


def test_steiner_dp_lists_a_row_in_node_order() -> None:
    G = nx.Graph()
    G.add_weighted_edges_from([("a", "z", 1), ("z", "m", 1)])
    row = steiner_dp(G, ["a", "m"]).frames[0].state["row"]
    assert dict(row) == {"a": 0, "z": 1, "m": 2}
    assert list(row) == ["a", "m", "z"]  # not in the order of distance


def test_steiner_mst_draws_a_branch_point_that_is_not_a_terminal_as_tree() -> None:
    t = steiner_mst(nx.star_graph(3), [1, 2, 3])
    assert t.result == {"edges": ((0, 1), (0, 2), (0, 3)), "cost": 3}
    spanned = next(f for f in t.frames if f.line == 5)
    assert dict(spanned.nodes) == {1: "terminal", 2: "terminal", 3: "terminal", 0: "tree"}
    assert dict(t.frames[-1].nodes) == dict(spanned.nodes)


@pytest.mark.parametrize("search", [steiner_mst, steiner_dp])
def test_a_first_terminal_cut_off_from_the_others_is_infeasible(search: Any) -> None:
    G = nx.Graph([("a", "z"), ("b", "c")])
    with pytest.raises(InfeasibleError):
        search(G, ["a", "b", "c"])
    with pytest.raises(InfeasibleError):
        search(G, ["b", "c", "a"])


def test_steiner_dp_breaks_ties_between_minimum_trees_the_promised_way() -> None:
    # a 4-cycle 0-2-1-3-0 of weights 2, 2, 1, 2 with every node a terminal: dropping any one
    # of the three edges of weight 2 gives a minimum tree of 5; the promised tie-break
    # (the first cheapest split, subsets from the highest bitmask down) keeps 0-2 and 0-3
    G = nx.Graph()
    G.add_weighted_edges_from([(0, 2, 2), (0, 3, 2), (1, 2, 2), (1, 3, 1)])
    for terminals in ([3, 0, 2, 1], [0, 1, 2, 3], [1, 2, 3, 0]):
        t = steiner_dp(G, terminals)
        assert t.result == {"cost": 5, "edges": ((0, 2), (0, 3), (1, 3))}


def test_steiner_dp_fills_the_rows_by_size_so_each_split_has_its_parts() -> None:
    G = nx.Graph()
    G.add_weighted_edges_from([(0, 1, 2), (0, 2, 1), (1, 2, 1), (2, 3, 2)])
    t = steiner_dp(G, [1, 2, 0, 3])  # root 3; rows of 0, 1, 2, then pairs, then all three
    assert t.result == {"cost": 4, "edges": ((0, 2), (1, 2), (2, 3))}
    subsets = [f.state["subset"] for f in t.frames if f.line in (0, 2)]
    assert subsets == [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)]


@pytest.mark.parametrize("search", [steiner_mst, steiner_dp])
def test_two_terminals_in_two_parts_are_infeasible(search: Any) -> None:
    G = nx.Graph([("a", "z"), ("b", "c")])
    with pytest.raises(InfeasibleError, match=r"\['b'\] cannot be reached from 'a'"):
        search(G, ["b", "a"])
