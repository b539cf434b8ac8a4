"""Behaviours of the teaching steppers that the full mutation run (``scripts/mutate.py``)
showed untested: each test states one behaviour a planted one-line bug broke silently."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from workbench import load_map
from workbench.teach import exercises as ex
from workbench.teach._graphs import distinct_terminals, prune_leaves, spanning_forest, view
from workbench.teach.answers import Names
from workbench.teach.cuts import bridges, min_cut


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


def test_a_terminal_missing_from_the_graph_is_named_in_the_error() -> None:
    G = nx.path_graph(["a", "b", "c"])
    with pytest.raises(nx.NodeNotFound, match="terminal 'z' is not in the graph"):
        distinct_terminals(G, ["a", "z"], view(G))


def test_prune_leaves_removes_non_terminal_leaves_in_node_order_then_new_ones() -> None:
    G = nx.Graph([("a", "b"), ("b", "c"), ("b", "d")])
    tree = {("a", "b"), ("b", "c"), ("b", "d")}
    removed = prune_leaves(tree, {"a"}, view(G))
    assert removed == [("c", ("b", "c")), ("d", ("b", "d")), ("b", ("a", "b"))]
    assert tree == set()


def test_prune_leaves_removes_a_leaf_at_either_end_of_its_edge() -> None:
    G = nx.path_graph(["a", "b", "c"])
    tree = {("a", "b"), ("b", "c")}
    assert prune_leaves(tree, {"c"}, view(G)) == [("a", ("a", "b")), ("b", ("b", "c"))]


def test_spanning_forest_keeps_the_lightest_edges() -> None:
    G = nx.Graph()
    G.add_weighted_edges_from([("a", "b", 5), ("b", "c", 1), ("a", "c", 1)])
    g = view(G)
    assert spanning_forest(g.edges(), g) == {("b", "c"), ("a", "c")}


def test_names_speak_of_points_only_for_a_graph_whose_nodes_are_all_points() -> None:
    one = nx.Graph()
    one.add_node((1, 1))
    assert Names(one).what == "city or point"
    assert Names(nx.Graph()).what == "node"
    assert Names(nx.Graph([((1, 1), "x")])).what == "node"


def test_a_node_of_a_plain_graph_answers_to_its_city_name_and_to_its_own_name() -> None:
    G = nx.Graph([("x", "y")])
    G.nodes["x"]["city"] = "Alder"
    names = Names(G)
    assert names.node("Alder") == names.node("x") == "x"


def test_names_sort_edges_by_both_ends_in_node_order() -> None:
    names = Names(nx.Graph([("a", "c"), ("a", "b"), ("b", "c"), ("c", "d")]))
    edges = [("b", "c"), ("c", "d"), ("a", "c"), ("a", "b")]
    assert sorted(edges, key=names.sort_key) == [("a", "b"), ("a", "c"), ("b", "c"), ("c", "d")]


def test_an_unknown_name_suggests_at_most_three_close_ones() -> None:
    names = Names(nx.Graph([("alda", "aldb"), ("aldc", "aldd")]))
    with pytest.raises(ValueError, match="did you mean") as info:
        names.node("ald")
    suggested = str(info.value).split("did you mean ")[1].rstrip("?).").split(", ")
    assert len(suggested) == 3
    assert set(suggested) < {"alda", "aldb", "aldc", "aldd"}


def test_a_dash_between_names_wins_over_a_space_inside_a_name() -> None:
    names = Names(nx.Graph([("New York", "Boston"), ("New", "York-Boston")]))
    assert set(names.edge("New York-Boston")) == {"New York", "Boston"}


def test_a_dash_at_either_end_of_an_answer_is_not_a_separator() -> None:
    # even where a node's name is empty, "-b" and "b-" are not segments
    names = Names(nx.Graph([("", "b"), ("b", "c")]))
    for answer in ("-b", "b-"):
        with pytest.raises(ValueError, match="could not read"):
            names.edge(answer)


def test_a_segment_with_one_unknown_end_names_that_end() -> None:
    names = Names(nx.Graph([("Boston", "Salem")]))
    for answer in ("Boston-Nowhere", "Nowhere-Boston"):
        with pytest.raises(ValueError, match="I don't know a node called 'Nowhere'"):
            names.edge(answer)


def test_a_segment_given_as_a_sequence_needs_exactly_two_ends() -> None:
    names = Names(nx.Graph([("a", "b"), ("b", "c")]))
    assert names.edge(("b", "a")) == ("a", "b")
    for answer in (("a", "b", "c"), ("a",)):
        with pytest.raises(ValueError, match="give its two ends"):
            names.edge(answer)


def test_a_list_answer_of_two_node_names_is_one_segment() -> None:
    names = Names(nx.Graph([("a", "b"), ("b", "c")]))
    assert names.edges(("a", "b")) == [("a", "b")]
    assert names.edges([("a", "b"), ("c", "b")]) == [("a", "b"), ("b", "c")]


def test_a_list_of_two_names_with_a_dash_in_one_is_one_segment() -> None:
    names = Names(nx.Graph([("Aachen", "Baden-Baden")]))
    assert names.edges(["Aachen", "Baden-Baden"]) == [("Aachen", "Baden-Baden")]


def test_a_list_of_two_whole_number_nodes_is_one_segment() -> None:
    names = Names(nx.path_graph(3))
    assert names.edges([0, 1]) == [(0, 1)]


def test_bridges_starts_each_search_with_a_frame_at_the_first_line() -> None:
    G = nx.Graph([("a", "b"), ("c", "d")])  # two components: two searches
    starts = [f for f in bridges(G).frames if f.message.startswith("Start a depth-first")]
    assert [(f.line, f.message) for f in starts] == [
        (0, "Start a depth-first search at 'a': disc = low = 0."),
        (0, "Start a depth-first search at 'c': disc = low = 2."),
    ]


def test_bridges_shows_each_step_down_the_search_at_the_second_line() -> None:
    downs = [
        f for f in bridges(nx.path_graph(["a", "b", "c"])).frames if f.message[:7] == "Go down"
    ]
    assert [(f.line, f.message) for f in downs] == [
        (1, "Go down 'a'-'b': discover 'b', disc = low = 1."),
        (1, "Go down 'b'-'c': discover 'c', disc = low = 2."),
    ]


def test_bridges_shows_a_back_edge_only_when_it_lowers_the_low_link() -> None:
    # found by enumerating small graphs: node 4 reaches disc 1 through its child 2 first,
    # so its own back edge to 3 (disc 1) changes nothing and gets no frame
    G = nx.Graph([(0, 3), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)])
    backs = [(f.line, f.message) for f in bridges(G).frames if f.message[:9] == "Back edge"]
    assert backs == [(7, "Back edge 2-3: low[2] drops to disc[3] = 1.")]


def test_bridges_tells_every_step_of_tarjans_search_and_sorts_what_it_found() -> None:
    # a bridge at each end of a triangle, the root between two of them: each frame
    # below was checked by hand, and the answers against networkx
    G = nx.Graph([(0, 1), (0, 2), (2, 3), (3, 4), (4, 2), (4, 5)])
    t = bridges(G)
    assert [(f.line, f.message) for f in t.frames] == [
        (0, "Start a depth-first search at 0: disc = low = 0."),
        (1, "Go down 0-1: discover 1, disc = low = 1."),
        (4, "Back from 1 to 0: low[0] = 0."),
        (5, "low[1] = 1 > disc[0] = 0: 0-1 is a bridge."),
        (1, "Go down 0-2: discover 2, disc = low = 2."),
        (1, "Go down 2-3: discover 3, disc = low = 3."),
        (1, "Go down 3-4: discover 4, disc = low = 4."),
        (7, "Back edge 4-2: low[4] drops to disc[2] = 2."),
        (1, "Go down 4-5: discover 5, disc = low = 5."),
        (4, "Back from 5 to 4: low[4] = 2."),
        (5, "low[5] = 5 > disc[4] = 4: 4-5 is a bridge."),
        (6, "low[5] = 5 >= disc[4] = 4: 4 is an articulation point."),
        (4, "Back from 4 to 3: low[3] = 2."),
        (4, "Back from 3 to 2: low[2] = 2."),
        (6, "low[3] = 2 >= disc[2] = 2: 2 is an articulation point."),
        (4, "Back from 2 to 0: low[0] = 0."),
        (5, "low[2] = 2 > disc[0] = 0: 0-2 is a bridge."),
        (8, "The root 0 has 2 children: it is an articulation point."),
        (9, "Done: bridges 3, articulation points 3."),
    ]
    assert list(t.result["bridges"]) == sorted(nx.bridges(G)) == [(0, 1), (0, 2), (4, 5)]
    assert list(t.result["articulation_points"]) == sorted(nx.articulation_points(G))


def test_min_cut_refuses_directed_graphs_and_multigraphs() -> None:
    for G in (nx.DiGraph([(0, 1), (1, 2)]), nx.MultiGraph([(0, 1), (1, 2)])):
        with pytest.raises(nx.NetworkXNotImplemented, match="min_cut is not implemented for"):
            min_cut(G, 0, 2)


def test_min_cut_names_a_missing_source_or_sink() -> None:
    G = nx.path_graph(3)
    with pytest.raises(nx.NodeNotFound, match="s 9 is not in the graph"):
        min_cut(G, 9, 2)
    with pytest.raises(nx.NodeNotFound, match="t 9 is not in the graph"):
        min_cut(G, 0, 9)


def test_min_cut_stops_showing_flow_on_an_edge_whose_flow_was_sent_back() -> None:
    # the second augmenting path crosses 1-2 against the first one's flow, cancelling it
    G = nx.Graph([(0, 2), (0, 4), (1, 2), (1, 4), (1, 5), (2, 3), (3, 5)])
    t = min_cut(G, 0, 5)
    sends = [dict(f.edges) for f in t.frames if f.line == 2]
    assert sends[0] == {(0, 2): "flow", (1, 2): "flow", (1, 5): "flow"}
    assert sends[1] == {e: "flow" for e in [(0, 2), (1, 5), (0, 4), (1, 4), (2, 3), (3, 5)]}
    assert t.result["value"] == len(nx.minimum_edge_cut(G, 0, 5)) == 2


def test_min_cut_marks_the_nodes_still_reached_besides_the_source_in_node_order() -> None:
    t = min_cut(nx.Graph([(0, 1), (0, 3), (1, 3), (1, 2)]), 0, 2)
    assert t.result["source_side"] == (0, 1, 3)
    assert t.result["cut"] == ((1, 2),)
    (side,) = [dict(f.nodes) for f in t.frames if f.line == 3]
    assert side == {0: "source", 2: "sink", 1: "visited", 3: "visited"}


def test_exercise_numbers_are_written_to_three_decimals_and_whole_ones_without() -> None:
    assert ex._num(1.23456) == 1.235
    assert ex._num(3.0) == 3 and isinstance(ex._num(3.0), int)


def test_exercise_listings_name_up_to_the_limit_and_count_the_rest() -> None:
    names = [f"n{i}" for i in range(ex._SHOWN + 1)]
    assert ex._listing(names[:-1]) == f"{', '.join(names[:-2])} and {names[-2]}"
    assert ex._listing(names) == f"{', '.join(names[:-1])} and 1 more"


def test_exercise_counts_are_singular_only_for_one() -> None:
    assert [ex._count(n, "segment") for n in (0, 1, 2)] == ["0 segments", "1 segment", "2 segments"]


def test_exercises_refuse_multigraphs_and_directed_graphs() -> None:
    for G in (nx.MultiGraph([(0, 1)]), nx.DiGraph([(0, 1)])):
        with pytest.raises(ValueError, match="exercises are asked on simple undirected graphs"):
            ex._resolve(G, 0)


def test_an_exercise_keeps_a_graph_up_to_a_third_over_its_size_and_cuts_a_larger_one() -> None:
    rng = random.Random(0)
    small = nx.path_graph(8)  # 6 + 6 // 3 = 8 nodes: kept whole
    assert set(ex._area(small, rng, 6)) == set(small)
    large = nx.path_graph(9)
    area = ex._area(large, rng, 6)
    assert len(area) == 6 and nx.is_connected(area)


def test_an_exercise_area_is_centred_on_a_city_when_the_graph_has_cities() -> None:
    G = nx.path_graph(30)
    G.nodes[29]["city"] = "End"
    for seed in range(5):
        assert 29 in ex._area(G, random.Random(seed), 6)


def test_an_unweighted_exercise_edge_weighs_one() -> None:
    G = nx.Graph([(0, 1)])
    G.add_edge(1, 2, weight=4)
    assert (ex._weight(G, (0, 1)), ex._weight(G, (1, 2))) == (1, 4)


def test_a_hand_on_a_board_takes_one_city_of_each_color_and_elsewhere_at_most_count_nodes() -> None:
    board = load_map("maps/tiny.yaml")
    G = board.graph()
    hand = ex._cities(G, board, random.Random(3), 99)
    color_of = {c.at: c.color for c in board.cities}
    assert sorted(color_of[h] for h in hand) == sorted(board.color_names)
    assert ex._cities(nx.path_graph(3), None, random.Random(3), 5) != []
    assert len(ex._cities(nx.path_graph(3), None, random.Random(3), 5)) == 3
    assert len(ex._cities(nx.path_graph(9), None, random.Random(3), 5)) == 5


def test_kruskal_order_adds_the_lightest_edges_first() -> None:
    G = nx.Graph()
    G.add_weighted_edges_from([("a", "c", 3), ("b", "c", 2), ("a", "b", 1)])
    assert ex._kruskal_order(G, Names(G)) == [("a", "b"), ("b", "c")]


def _moments_graph() -> nx.Graph:
    # Kruskal adds a-b, a-c, c-d; after a-b and a-c, the light b-c would close a cycle
    G = nx.Graph()
    G.add_weighted_edges_from(
        [("a", "b", 1), ("a", "c", 1), ("b", "c", 1), ("c", "d", 1), ("a", "d", 5)]
    )
    return G


def test_kruskal_moments_are_those_with_three_answers_or_fewer_and_traps_among_them() -> None:
    G = _moments_graph()
    added = ex._kruskal_order(G, Names(G))
    assert added == [("a", "b"), ("a", "c"), ("c", "d")]
    # moment 0: four light edges to choose from; 1: three; 2: one (c-d), with b-c a trap
    assert ex._kruskal_moments(G, added) == ([2], [1, 2])


def test_a_kruskal_moment_with_four_answers_is_not_small() -> None:
    G = nx.Graph([("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")])
    added = ex._kruskal_order(G, Names(G))
    assert ex._kruskal_moments(G, added) == ([], [1, 2, 3])


def test_a_kruskal_exercise_on_a_graph_asks_about_edges_and_draws_its_tree() -> None:
    exercise = ex.KruskalNext.from_forest(_moments_graph(), [("a", "b"), ("a", "c")])
    assert exercise.question.endswith(
        "It has added these edges so far, in this order: a-b, a-c. Which edge does it add next?"
    )
    assert dict(exercise.picture.edges) == {
        ("a", "b"): "tree",
        ("a", "c"): "tree",
        ("a", "d"): "candidate",
        ("b", "c"): "candidate",
        ("c", "d"): "candidate",
    }


def test_a_kruskal_exercise_on_a_board_asks_about_segments() -> None:
    board = load_map("maps/tiny.yaml")
    exercise = ex.KruskalNext.from_forest(board.graph(), [], board=board)
    assert "Which segment does it add first?" in exercise.question


def test_a_kruskal_answer_already_in_the_tree_says_when_it_was_added() -> None:
    exercise = ex.KruskalNext.from_forest(_moments_graph(), [("a", "b"), ("a", "c")])
    assert exercise.check("a-c").message == (
        "a-c is already in the tree (Kruskal added it as edge number 2). Which one comes next?"
    )


def test_a_kruskal_verdict_speaks_of_ties_only_when_there_are_some() -> None:
    alone = ex.KruskalNext.from_forest(_moments_graph(), [("a", "b"), ("a", "c")])
    assert alone.check("c-d").message == (
        "Yes! c-d costs 1, the least of any edge joining two different trees."
    )
    tied = ex.KruskalNext.from_forest(_moments_graph(), [("a", "b")])
    assert "3 edges tie at 1 (a-c, b-c and c-d)" in tied.check("c-d").message
