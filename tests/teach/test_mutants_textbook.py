"""Behaviours of the lesson graphs (:mod:`workbench.teach.textbook`) that the mutation run
(``scripts/mutate.py``) showed untested: what a random graph promises, checked with an
independent geometry (shapely), and how a route board becomes a graph."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from shapely.geometry import LineString

from workbench import load_map
from workbench.maps.routes import RouteBoard
from workbench.teach.textbook import _crosses, player_network, random_graph, route_graph

SEEDS = range(6)


def _segment(G: nx.Graph, u: str, v: str) -> LineString:
    return LineString([G.nodes[u]["pos"], G.nodes[v]["pos"]])


def _cross(G: nx.Graph, e: tuple[str, str], f: tuple[str, str]) -> bool:
    """Whether two straight edges meet anywhere but at a shared end."""
    if set(e) & set(f):
        return False
    return _segment(G, *e).intersects(_segment(G, *f))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_random_graph_is_drawn_without_crossings(seed: int) -> None:
    G = random_graph(seed, n=12, edges_per_node=3)
    for e, f in itertools.combinations(G.edges(), 2):
        assert not _cross(G, e, f), (e, f)


@pytest.mark.parametrize("seed", SEEDS)
def test_with_every_edge_kept_a_random_graph_is_a_full_triangulation(seed: int) -> None:
    # every pair of nodes left unjoined would cross an edge: no straight edge can be added
    G = random_graph(seed, n=10, edges_per_node=100)
    for u, v in itertools.combinations(G, 2):
        if not G.has_edge(u, v):
            assert any(_cross(G, (u, v), e) for e in G.edges()), (u, v)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_sparse_random_graph_keeps_a_spanning_tree_and_no_more(seed: int) -> None:
    G = random_graph(seed, n=10, edges_per_node=0)
    assert nx.is_tree(G)
    H = random_graph(seed, n=10, edges_per_node=1.5)
    assert nx.is_connected(H) and H.number_of_edges() == 15


@pytest.mark.parametrize("seed", SEEDS)
def test_random_weights_run_from_one_to_the_maximum(seed: int) -> None:
    G = random_graph(seed, n=20, max_weight=3, edges_per_node=2)
    assert {w for *_, w in G.edges(data="weight")} <= {1, 2, 3}
    assert {w for *_, w in random_graph(seed, max_weight=1).edges(data="weight")} == {1}


def test_all_weights_one_to_the_maximum_appear_over_a_few_graphs() -> None:
    seen = {w for s in SEEDS for *_, w in random_graph(s, n=20, max_weight=3).edges(data="weight")}
    assert seen == {1, 2, 3}


@pytest.mark.parametrize("seed", SEEDS)
def test_random_nodes_are_named_row_by_row_from_the_top_left(seed: int) -> None:
    G = random_graph(seed, n=12)
    pos = [G.nodes[v]["pos"] for v in sorted(G)]
    rows = [-round(y) for _, y in pos]
    assert rows == sorted(rows)
    for (x0, y0), (x1, y1) in itertools.pairwise(pos):
        if round(y0) == round(y1):
            assert x0 < x1


def test_random_graphs_take_two_to_twenty_six_nodes() -> None:
    assert sorted(random_graph(1, n=2)) == ["A", "B"]
    assert random_graph(1, n=2).number_of_edges() == 1
    assert len(random_graph(1, n=26)) == 26
    for n in (1, 27):
        with pytest.raises(ValueError, match=f"n must be between 2 and 26, got {n}"):
            random_graph(1, n=n)
    with pytest.raises(ValueError, match="max_weight must be at least 1, got 0"):
        random_graph(1, max_weight=0)


def test_a_random_graph_is_named_for_its_seed() -> None:
    assert random_graph(7).graph["name"] == "random graph (seed 7)"


@pytest.fixture(scope="module")
def europe() -> RouteBoard:
    board = load_map("maps/ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


def test_a_double_route_becomes_one_edge_named_for_its_first_lane(europe: RouteBoard) -> None:
    G = route_graph(europe)
    assert G["Frankfurt"]["Paris"] == {"weight": 3, "route": "Frankfurt-Paris"}
    assert G["Berlin"]["Frankfurt"]["route"] == "Berlin-Frankfurt"


def test_one_players_routes_keep_only_their_cities_with_board_positions(
    europe: RouteBoard,
) -> None:
    G = route_graph(europe, ["Frankfurt-Paris#2"])
    assert sorted(G) == ["Frankfurt", "Paris"]
    assert G["Frankfurt"]["Paris"]["route"] == "Frankfurt-Paris#2"
    city = next(c for c in europe.cities if c.name == "Paris")
    x, y = europe.xy(city.at)
    assert G.nodes["Paris"]["pos"] == (float(x), float(y))
    assert len(route_graph(europe, [])) == 0
    with pytest.raises(KeyError, match="no route 'Paris-Nowhere'"):
        route_graph(europe, ["Paris-Nowhere"])


def test_the_lesson_player_network_is_named_as_a_players_routes() -> None:
    assert player_network().graph["name"] == "a player's routes"


def test_segments_meeting_at_a_point_inside_one_of_them_do_not_cross() -> None:
    # a T: one segment ends on the other; random graphs keep both (they do not cross)
    flat, up = ((0.0, 0.0), (2.0, 0.0)), ((1.0, 0.0), (1.0, 1.0))
    assert not _crosses(*flat, *up)
    assert not _crosses(*up, *flat)
    assert _crosses((0.0, 0.0), (2.0, 0.0), (1.0, -1.0), (1.0, 1.0))
    assert not _crosses((0.0, 0.0), (2.0, 0.0), (0.0, 0.0), (1.0, 1.0))  # a shared end
