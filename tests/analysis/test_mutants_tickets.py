"""Ticket proposals against a second, plain implementation (networkx's shortest paths,
shares counted per path), the overlaps' order and the length windows' ends
(docs/mutation.md)."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, pairwise

import networkx as nx
import pytest

from tests.conftest import MAPS
from workbench import RouteBoard, load_map
from workbench.analysis.tickets import (
    BANDS,
    color_demand,
    cut_points,
    propose_tickets,
    route_graph,
    route_load,
    steiner_forest,
    ticket_overlaps,
    ticket_paths,
)


@pytest.fixture(scope="module")
def ttr() -> RouteBoard:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


def _reference(
    board: RouteBoard, count: int, cars: tuple[int, int], players: int
) -> list[tuple[str, str, int, float]]:
    G: nx.Graph = nx.Graph()
    lanes: dict[frozenset[str], int] = {}
    for r in board.routes:
        a, b = r.ends
        w = min(r.length, G[a][b]["weight"]) if G.has_edge(a, b) else r.length
        G.add_edge(a, b, weight=w)
        lanes[frozenset((a, b))] = lanes.get(frozenset((a, b)), 0) + 1

    def shares(a: str, b: str) -> dict[frozenset[str], float]:
        paths = list(nx.all_shortest_paths(G, a, b, weight="weight"))
        used: dict[frozenset[str], int] = {}
        for p in paths:
            for u, v in pairwise(p):
                used[frozenset((u, v))] = used.get(frozenset((u, v)), 0) + 1
        return {k: n / len(paths) for k, n in used.items()}

    usage: dict[frozenset[str], float] = {}
    for t in board.tickets:
        for k, s in shares(*t.ends).items():
            usage[k] = usage.get(k, 0.0) + s
    tickets = {t.ends for t in board.tickets}
    length = dict(nx.all_pairs_dijkstra_path_length(G))
    pairs = [
        (a, b)
        for a, b in combinations(sorted(G), 2)
        if (a, b) not in tickets and b in length[a] and cars[0] <= length[a][b] <= cars[1]
    ]
    out: list[tuple[str, str, int, float]] = []
    for _ in range(min(count, len(pairs))):

        def load(pair: tuple[str, str]) -> float:
            s = shares(*pair)
            lane = {k: lanes[k] if players > 3 else 1 for k in s}
            return sum(w * usage.get(k, 0.0) / lane[k] for k, w in s.items()) / sum(s.values())

        chosen = {(row[0], row[1]) for row in out}
        best = min(
            (p for p in pairs if p not in chosen),
            key=lambda p: (load(p), -length[p[0]][p[1]], p),
        )
        out.append((best[0], best[1], int(length[best[0]][best[1]]), load(best)))
        for k, s in shares(*best).items():
            usage[k] = usage.get(k, 0.0) + s
    return out


@pytest.mark.parametrize(
    ("count", "cars", "players"),
    [(4, (5, 12), 4), (4, (5, 12), 3), (3, (8, 14), 5), (12, (5, 12), 4)],
)
def test_proposals_match_a_plain_implementation(
    ttr: RouteBoard, count: int, cars: tuple[int, int], players: int
) -> None:
    table = propose_tickets(ttr, count=count, cars=cars, players=players)
    expected = _reference(ttr, count, cars, players)
    assert table.ticket.tolist() == [f"{a}-{b}" for a, b, _, _ in expected]
    assert table.points.tolist() == [n for _, _, n, _ in expected]
    assert table.load.tolist() == pytest.approx([load for *_, load in expected])
    assert (table.load >= 0).all()


def test_a_window_of_one_length_proposes_tickets_of_exactly_that_length(ttr: RouteBoard) -> None:
    for n in (6, 9):
        table = propose_tickets(ttr, count=3, cars=(n, n))
        assert table.points.tolist() == [n, n, n]


def test_overlaps_come_largest_first_then_by_ticket_names(ttr: RouteBoard) -> None:
    table = ticket_overlaps(ttr)
    rows = list(zip(table.cars, table["first"], table.second, strict=True))
    assert rows == sorted(rows, key=lambda r: (-r[0], r[1], r[2]))
    ties = table.duplicated("cars", keep=False)
    assert ties.sum() > 2, "some overlaps should tie"
    assert table.index.tolist() == list(range(len(table)))


def test_route_load_needs_a_player_and_lists_each_routes_ends(ttr: RouteBoard) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        route_load(ttr, 0)
    table = route_load(ttr, 1)
    assert table.index.tolist() == list(range(len(ttr.routes)))
    ends = {r.id: r.ends for r in ttr.routes}
    assert all((row.a, row.b) == ends[row.route] for row in table.itertuples())


def test_a_single_lane_bridge_is_a_bridge_for_any_number_of_players(ttr: RouteBoard) -> None:
    single = replace(ttr, routes=tuple(r for r in ttr.routes if r.id != "Edinburgh-London#2"))
    for players in (2, 4, 5):
        assert cut_points(single, players).bridges == ("Edinburgh-London",)
    assert cut_points(ttr, 4).bridges == ()


def test_color_demand_counts_gray_against_every_colors_cards_and_an_unused_color(
    ttr: RouteBoard,
) -> None:
    blue = replace(ttr, routes=tuple(r for r in ttr.routes if r.color != "blue"))
    table = color_demand(blue)
    assert table.loc["blue", ["routes", "cars", "longest"]].tolist() == [0, 0, 0]
    deck = ttr.deck
    assert len(ttr.colors) > 2 and deck.cards_per_color > 2
    assert table.loc["gray", "cards"] == deck.cards_per_color * len(ttr.colors) + deck.locomotives
    assert table.loc["red", "cards"] == deck.cards_per_color + deck.locomotives


def test_the_route_graph_weighs_a_pair_by_its_shorter_lane(ttr: RouteBoard) -> None:
    routes = tuple(replace(r, length=5) if r.id == "Frankfurt-Paris#2" else r for r in ttr.routes)
    G = route_graph(replace(ttr, routes=routes))
    assert G["Frankfurt"]["Paris"]["weight"] == 3
    assert G["Frankfurt"]["Paris"]["routes"] == ("Frankfurt-Paris", "Frankfurt-Paris#2")


def test_color_demand_has_a_column_per_length_shortest_first(ttr: RouteBoard) -> None:
    table = color_demand(ttr)
    lengths = sorted({r.length for r in ttr.routes})
    assert len(lengths) > 2
    assert table.columns.tolist() == [*lengths, "routes", "cars", "longest", "cards"]


def test_a_ticket_without_a_path_falls_in_the_longest_band(ttr: RouteBoard) -> None:
    cut = replace(ttr, routes=tuple(r for r in ttr.routes if "Edinburgh" not in r.ends))
    row = ticket_paths(cut).set_index("ticket").loc["Athina-Edinburgh"]
    assert row.cars == float("inf") and row.paths == 0 and row.route == ""
    assert row.band == BANDS[-1][0] == "longest (20 and more)"


def test_a_forest_lists_its_routes_and_its_groups_sorted_each_group_its_own_tickets(
    ttr: RouteBoard,
) -> None:
    hand = [("Moskva", "Smolensk"), ("Lisboa", "Cadiz"), ("Brest", "Paris"),
            ("Wilno", "Smolensk"), ("Madrid", "Lisboa")]  # fmt: skip
    forest = steiner_forest(ttr, hand)
    routes = {r.id: r.length for r in ttr.routes}
    # equally cheap trees may join Cadiz, Lisboa and Madrid: which one is not fixed
    assert forest.routes == tuple(sorted(forest.routes)) and len(forest.routes) == 5
    assert forest.cost == sum(routes[r] for r in forest.routes)
    assert forest.groups == (
        ("Brest-Paris",),
        ("Cadiz-Lisboa", "Lisboa-Madrid"),
        ("Moskva-Smolensk", "Smolensk-Wilno"),
    )


def test_a_ticket_id_must_name_two_cities_of_the_board(ttr: RouteBoard) -> None:
    for bad in ("Paris-Atlantis", "Atlantis-Paris", "Paris"):
        with pytest.raises(KeyError, match="is not two cities of 'Ticket to Ride Europe'"):
            steiner_forest(ttr, [bad])
