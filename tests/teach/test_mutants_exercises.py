"""Behaviours of the exercises (:mod:`workbench.teach.exercises`) that the mutation run
(``scripts/mutate.py``) showed untested, beyond what the pinned exercises
(``test_exercise_pins.py``) hold: each test states one behaviour a one-line bug broke
silently."""

from __future__ import annotations

import random
from typing import Any

import networkx as nx
import pytest

from tests.conftest import MAPS
from workbench import load_map
from workbench.maps.board import Board
from workbench.teach import exercises as ex
from workbench.teach.answers import Names


def test_a_listing_names_up_to_its_limit_and_counts_the_rest() -> None:
    assert ex._listing([]) == ""
    assert ex._listing(["a"]) == "a"
    assert ex._listing(["a", "b"]) == "a and b"
    assert ex._listing(list("abcdef")) == "a, b, c, d, e and f"  # exactly the limit
    assert ex._listing(list("abcdefg")) == "a, b, c, d, e, f and 1 more"
    assert ex._listing(list("abc"), 2) == "a, b and 1 more"


def test_a_count_is_singular_only_for_one() -> None:
    assert [ex._count(n, "rail") for n in (0, 1, 2)] == ["0 rails", "1 rail", "2 rails"]


def test_numbers_are_written_as_a_person_writes_them() -> None:
    assert ex._num(3.0) == 3 and isinstance(ex._num(3.0), int)
    assert ex._num(2.5) == 2.5
    assert ex._num(1 / 3) == 0.333
    assert ex._num(7) == 7


def test_exercises_refuse_directed_graphs_and_multigraphs() -> None:
    for G in (nx.DiGraph([(0, 1)]), nx.MultiGraph([(0, 1)])):
        with pytest.raises(ValueError, match="simple undirected graphs"):
            ex._resolve(G, 0)
    with pytest.raises(TypeError, match="got str"):
        ex._resolve("tiny", 0)


@pytest.fixture(scope="module")
def boards() -> dict[str, Board]:
    return {name: load_map(MAPS / f"{name}.yaml") for name in ("tiny", "trans_europa")}


def _is_trap(k: ex.KruskalNext) -> bool:
    """Whether a segment no dearer than the answer would close a cycle of the forest."""
    F = nx.Graph(list(k.forest))
    return any(
        u in F and v in F and nx.has_path(F, u, v)
        for u, v in k.graph.edges()
        if ex._weight(k.graph, (u, v)) <= k.cheapest and k.names.key(u, v) not in k.forest
    )


# the seeds whose first parts tried lack doubles or a trap (a later part has both)
@pytest.mark.parametrize(
    ("board", "seed"),
    [("tiny", 9), ("tiny", 11), ("trans_europa", 1), ("trans_europa", 2), ("trans_europa", 28)],
)
def test_a_kruskal_exercise_on_a_board_has_singles_and_doubles_and_a_trap(
    boards: dict[str, Board], board: str, seed: int
) -> None:
    k = ex.KruskalNext.generate(boards[board], seed=seed)
    assert {ex._weight(k.graph, e) for e in k.graph.edges()} == {1, 2}
    assert _is_trap(k)
    assert len(k.answers) <= 3


def _bridges(G: nx.Graph) -> int:
    return sum(1 for _ in nx.bridges(G))


@pytest.mark.parametrize(("seed", "count"), [(3, 4), (49, 3)])
def test_a_random_bridges_exercise_has_one_to_four_bridges(seed: int, count: int) -> None:
    # seed 3 draws a graph of 4 bridges first (kept); seed 49 one of 5 (drawn again: 3)
    b = ex.Bridges.generate(seed=seed)
    assert len(b.answers) == _bridges(b.graph) == count
    assert len(b.graph) == 9 and b.graph.name == f"random graph (exercise seed {seed})"


def _ladder_with_a_tail() -> nx.Graph:
    """A ladder of 12 rungs (no bridge) with a tail of 6 segments (6 bridges)."""
    G = nx.convert_node_labels_to_integers(nx.ladder_graph(12))
    nx.add_path(G, [0, *range(24, 30)])
    return G


def test_a_bridges_exercise_on_a_part_of_a_graph_has_one_to_five_bridges(
    boards: dict[str, Board],
) -> None:
    # the parts drawn for seed 0 have 8, 6, 8, 8 and 4 bridges: the one of 4 is asked
    b = ex.Bridges.generate(_ladder_with_a_tail(), seed=0)
    assert len(b.answers) == 4 and len(b.graph) == 18
    # on Trans Europa, seed 12 draws three parts without a bridge, then one with 5: kept
    assert len(ex.Bridges.generate(boards["trans_europa"], seed=12).answers) == 5


def test_with_no_part_of_one_to_five_bridges_the_last_of_thirteen_is_asked(
    boards: dict[str, Board],
) -> None:
    # seed 32 on Trans Europa: the first part and twelve more have no bridge
    G = boards["trans_europa"].graph()
    rng = random.Random(32)
    parts = [ex._area(G, rng, ex._AREA_BRIDGES) for _ in range(14)]
    assert [_bridges(p) for p in parts[:13]] == [0] * 13
    b = ex.Bridges.generate(boards["trans_europa"], seed=32)
    assert list(b.graph) == list(parts[12]) and list(b.graph) != list(parts[13])
    assert b.answers == ()


def test_a_kruskal_exercise_tries_twelve_parts_and_keeps_the_first_best() -> None:
    # every segment weighs 1: no part has singles and doubles, so all twelve are tried
    # and the first of the best (a trap, then a moment with few answers) is kept
    G = nx.grid_2d_graph(6, 6)
    for seed in (0, 1, 2):
        rng = random.Random(seed)
        best: tuple[tuple[bool, ...], nx.Graph, list[Any], list[int]] | None = None
        for _ in range(12):
            area = ex._area(G, rng, ex._AREA_KRUSKAL)
            added = ex._kruskal_order(area, Names(area))
            traps, small = ex._kruskal_moments(area, added)
            score = (False, bool(traps), bool(small))
            if best is None or score > best[0]:
                best = (score, area, added, traps or small)
        assert best is not None
        _, area, added, moments = best
        k = ex.KruskalNext.generate(G, seed=seed)
        assert list(k.graph) == list(area)
        assert k.forest == tuple(added[: rng.choice(moments)])


def test_a_bridges_solution_lists_at_most_a_hundred_bridges_and_points() -> None:
    # a path of 102 nodes: 101 bridges and 100 articulation points
    text = ex.Bridges.from_graph(nx.path_graph(102)).solution()
    bridges, points = text.split(". Blocking any one cuts the network in two. ")
    assert bridges.endswith(", 98-99, 99-100 and 1 more")
    assert points.endswith(
        ", 99 and 100 are articulation points: blocking any one cuts the network too."
    )
    more = ex.Bridges.from_graph(nx.path_graph(103)).solution()
    assert more.endswith(
        ", 100 and 1 more are articulation points: blocking any one cuts the network too."
    )


JOINS = "That joins your cities but not your start marker: the network must reach it too."


def test_the_double_counted_as_one_slip_is_the_cost_with_doubles_at_one(
    boards: dict[str, Board],
) -> None:
    # on tiny, the start and the city are the two ends of one double: 2 rails, or 1 if
    # the double is counted as a single
    m = ex.MissingRails.from_hand(boards["tiny"], (1, 3), [(1, 4)])
    assert m.cost == 2 and m.build == (((1, 3), (1, 4)),)
    assert dict(m.slips) == {1: "Did you count a double as 1? It costs 2.", 0: JOINS}


def test_a_graph_that_is_not_a_board_has_no_doubles_to_miscount() -> None:
    G = nx.Graph([(0, 1, {"weight": 2})])
    m = ex.MissingRails.from_hand(G, 0, [1])
    assert m.cost == 2 and dict(m.slips) == {0: JOINS}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_on_a_graph_of_one_segment_no_opponent_line_is_built(seed: int) -> None:
    m = ex.MissingRails.generate(nx.Graph([(0, 1)]), seed=seed)
    assert m.rails == () and m.cost == 1


def test_a_missing_rails_answer_on_a_board_counts_its_singles_and_doubles(
    boards: dict[str, Board],
) -> None:
    m = ex.MissingRails.from_hand(boards["tiny"], (1, 3), [(1, 4)])
    assert m.solution() == (
        "2 rails: the cheapest network joining your start and your cities builds 1 segment "
        "(0 singles and 1 double), for example [1, 3]-[1, 4]."
    )


def test_a_missing_rails_solution_lists_at_most_a_hundred_segments() -> None:
    m = ex.MissingRails.from_hand(nx.path_graph(103), 0, [102])
    assert m.cost == 102
    assert m.solution().endswith(", 98-99, 99-100 and 2 more.")


def test_dijkstra_ties_are_named_nearest_first() -> None:
    G = nx.Graph([(0, 1), (0, 2), (1, 3), (2, 4)])
    d = ex.DijkstraOrder.from_cities(G, 0, [3, 1, 4, 2])
    message = d.check("1, 2, 3, 4").message
    assert message.index("1 and 2 are both 1 away") < message.index("3 and 4 are both 2 away")


def test_naming_the_start_or_another_city_in_a_dijkstra_order_is_wrong() -> None:
    G = nx.Graph([(0, 1), (0, 2), (1, 3), (2, 4), (0, 5)])
    d = ex.DijkstraOrder.from_cities(G, 0, [3, 1, 4, 2])
    start = d.check("0, 1, 2, 3, 4")
    assert not start.correct
    assert start.message == "0 is the start (settled first, at 0); order only these: 3, 1, 4 and 2."
    other = d.check("1, 2, 3, 5")
    assert not other.correct
    assert other.message == "5 is not one of the cities to order (3, 1, 4 and 2)."


def test_a_dijkstra_order_lists_at_most_a_hundred_cities() -> None:
    d = ex.DijkstraOrder.from_cities(nx.path_graph(110), 0, range(1, 103))
    assert d.question.endswith(", 99, 100 and 2 more? Closest first.")
    assert d.check("0").message.endswith(", 99, 100 and 2 more.")
    assert d.check("105").message.endswith(", 99, 100 and 2 more).")
    assert d.check("1").message.endswith(", 100, 101 and 1 more: order all 102 of them.")


def test_a_dijkstra_tie_names_at_most_a_hundred_cities() -> None:
    d = ex.DijkstraOrder.from_cities(nx.star_graph(102), 0, range(1, 103))
    message = d.check(", ".join(map(str, range(1, 103)))).message
    assert ", 99, 100 and 2 more are all 1 away: Dijkstra may settle them in any order" in message
    assert d.solution().endswith(", 99, 100 and 2 more (1, either order).")


@pytest.mark.parametrize("seed", range(5))
def test_a_players_network_is_a_tree_of_ten_routes_and_two_more(seed: int) -> None:
    # a grid of 12 points: a tree of 10 routes reaches 11 of them, then 2 routes close loops
    G = nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 4))
    t = ex.LongestTrail.generate(G, seed=seed)
    H = nx.Graph(list(t.routes))
    assert len(t.routes) == 12 and len(H) == 11 and nx.is_connected(H)


def _line_of_cities(n: int, every: int = 1) -> nx.Graph:
    G = nx.path_graph(n)
    for v in range(0, n, every):
        G.nodes[v]["city"] = f"c{v}"
    return G


@pytest.mark.parametrize("seed", range(4))
def test_a_hand_of_tickets_is_asked_around_six_cities_and_a_third_more(seed: int) -> None:
    # every point of a line is a city: the sixth city is the sixth point met, and a third
    # more (6 // 3 = 2) makes a part of 8 points, wherever the centre falls
    part = ex._around_cities(_line_of_cities(40), random.Random(seed), 6)
    assert len(part) == 8 and nx.is_connected(part)


def test_a_board_with_no_more_cities_than_a_hand_needs_is_asked_whole() -> None:
    # 7 cities at one end of a line of 30 points: a part around 7 cities would be about
    # half of it, but with exactly 7 the whole line is asked
    G = nx.path_graph(30)
    for v in range(7):
        G.nodes[v]["city"] = f"c{v}"
    for seed in range(3):
        assert len(ex._around_cities(G, random.Random(seed), 7)) == 30
        assert len(ex._around_cities(G, random.Random(seed), 6)) < 20
    assert len(ex._around_cities(_line_of_cities(60, every=3), random.Random(0), 6)) < 60


def test_a_player_without_routes_has_no_greedy_slip() -> None:
    t = ex.LongestTrail.from_routes(nx.path_graph(3), [])
    assert t.length == 0 and dict(t.slips) == {}
    assert t.check(1).message.startswith("Too long: no trail along these routes is that long.")


def test_a_players_routes_are_kept_in_node_order() -> None:
    G = nx.Graph([("c", "d"), ("a", "b"), ("b", "c")])
    t = ex.LongestTrail.from_routes(G, ["d-c", ("b", "a"), "b-c"])
    assert t.routes == (("a", "b"), ("b", "c"), ("c", "d"))


@pytest.mark.parametrize("seed", range(3))
def test_tickets_join_cities_when_the_part_has_six_of_them(seed: int) -> None:
    G = _line_of_cities(20, every=3)
    G.remove_nodes_from([18, 19])  # 18 points, 6 of them cities: 0, 3, ..., 15
    t = ex.TicketForest.generate(G, seed=seed)
    assert {v for ticket in t.tickets for v in ticket} == {0, 3, 6, 9, 12, 15}


def test_with_five_points_a_hand_has_two_tickets() -> None:
    t = ex.TicketForest.generate(nx.cycle_graph(5), seed=0)
    assert len(t.tickets) == 2 and len({v for ticket in t.tickets for v in ticket}) == 4


def test_on_a_board_tickets_are_asked_around_six_cities(boards: dict[str, Board]) -> None:
    board = boards["trans_europa"]
    for seed in (0, 1):
        part = ex._around_cities(board.graph(), random.Random(seed), 6)
        assert list(ex.TicketForest.generate(board, seed=seed).graph) == list(part)


def test_a_longest_trail_question_names_at_most_a_hundred_points() -> None:
    G = nx.path_graph(102)
    t = ex.LongestTrail.from_routes(G, list(G.edges()))
    assert ", 98, 99 and 2 more). How long is their longest" in t.question


def test_the_greedy_answer_is_a_known_slip() -> None:
    # a star at c (6) against the 2-approximation through a-b (7), which is also the sum of
    # the separate paths from a: one number, both hints
    G = nx.Graph()
    G.add_weighted_edges_from(
        [("a", "c", 2), ("b", "c", 2), ("d", "c", 2), ("a", "b", 3), ("b", "e", 1), ("e", "d", 3)]
    )
    m = ex.MissingRails.from_hand(G, "a", ["b", "d"])
    assert m.cost == 6
    assert m.slips[7].startswith("That adds up a separate path from the start to each city")
    assert m.slips[7].endswith(
        "That is the greedy answer (join the closest cities by shortest paths, like Prim or "
        "Kruskal on the distances). It is never more than twice the best, but here a cleverer "
        "network costs less."
    )


def test_rails_already_built_are_kept_in_node_order() -> None:
    m = ex.MissingRails.from_hand(nx.path_graph(5), 0, [4], rails=[(4, 3), (0, 1)])
    assert m.rails == ((0, 1), (3, 4)) and m.cost == 2


def test_a_ticket_forest_solution_lists_at_most_a_hundred_routes() -> None:
    t = ex.TicketForest.from_tickets(nx.path_graph(102), [(0, 101)])
    assert t.solution().endswith(", 98-99, 99-100 and 1 more.")
