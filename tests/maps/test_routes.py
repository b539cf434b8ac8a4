"""The route-board model and the places-and-links view both kinds of board share."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import given, settings

from tests.maps.route_strategies import route_boards
from workbench import Board, load_map
from workbench.maps.network import lattice_network
from workbench.maps.routes import Projection, Route, RouteBoard, RouteCity, Ticket


def _board(*routes: Route) -> RouteBoard:
    cities = tuple(RouteCity(n, xy) for n, xy in {"A": (0, 0), "B": (4, 0), "C": (2, 3)}.items())
    return RouteBoard("T", cities, routes, (Ticket(("B", "A"), 4),))


def test_lanes_come_from_canonical_order_not_input_order() -> None:
    red, blue = Route(("B", "A"), 2, "red", lane=5), Route(("A", "B"), 2, "blue")
    one, two = _board(red, blue), _board(blue, red)
    assert one == two
    assert [(r.id, r.color, r.lane) for r in one.routes] == [
        ("A-B", "blue", 0),
        ("A-B#2", "red", 1),
    ]
    assert one.tickets[0].ends == ("A", "B")


def test_ends_are_sorted_and_bends_reversed_with_them() -> None:
    r = Route(("Zurich", "Paris"), 3, via=((1.0, 2.0), (3.0, 4.0)))
    assert r.ends == ("Paris", "Zurich") and r.via == ((3.0, 4.0), (1.0, 2.0))
    board = _board(Route(("B", "A"), 4, via=((2, -1),)))
    assert board.line(board.routes[0]) == ((0.0, 0.0), (2.0, -1.0), (4.0, 0.0))


def test_unknown_names_say_what_is_close() -> None:
    board = _board(Route(("A", "B"), 1))
    europe = load_map("maps/ticket_to_ride_europe.yaml")
    assert isinstance(europe, RouteBoard)
    with pytest.raises(KeyError, match="did you mean 'Paris'"):
        europe.city("Pariss")
    with pytest.raises(KeyError, match="no route 'A-C'"):
        board.route("A-C")


@pytest.mark.parametrize("parallels", [(40.0, 58.0), (50.0, 50.0), (-30.0, -50.0)])
def test_projection_is_true_to_scale_on_its_standard_parallels(parallels) -> None:
    p = Projection((15.0, sum(parallels) / 2), parallels)
    for lat in set(parallels):
        (x1, y1), (x2, y2) = p.project(15.0, lat), p.project(15.001, lat)
        along = math.hypot(x2 - x1, y2 - y1)
        assert along == pytest.approx(0.001 * math.cos(math.radians(lat)), rel=1e-5)
        (x3, y3) = p.project(15.0, lat + 0.001)
        assert math.hypot(x3 - x1, y3 - y1) == pytest.approx(0.001, rel=1e-5)  # conformal


@settings(max_examples=60, deadline=None)
@given(route_boards())
def test_network_is_the_board(board: RouteBoard) -> None:
    net = board.network()
    assert [p.id for p in net.places] == [c.name for c in board.cities]
    assert [(k.id, k.ends, k.lane, k.cost) for k in net.links] == [
        (r.id, r.ends, r.lane, r.length) for r in board.routes
    ]
    G = board.graph()
    assert G.number_of_edges() == len(board.routes)
    assert sorted(G.edges(keys=True)) == sorted((*r.ends, r.id) for r in board.routes)


def test_lattice_network_keeps_the_lattice_costs(europe: Board) -> None:
    net = lattice_network(europe)
    G, H = net.graph(), europe.graph()
    assert G.number_of_nodes() == H.number_of_nodes() and G.number_of_edges() == H.number_of_edges()
    named = {p.name: p.id for p in net.places if p.name}
    assert len(named) == len(europe.cities)
    for a, b in [("Lisbon", "Warsaw"), ("Oslo", "Naples"), ("London", "Budapest")]:
        on_net = nx.shortest_path_length(G, named[a], named[b], weight="weight")
        on_board = nx.shortest_path_length(H, europe.city(a).at, europe.city(b).at, weight="weight")
        assert on_net == on_board
    kinds = {k.kind for k in net.links}
    assert kinds <= {"single", "double", "ferry", "tunnel"} and "ferry" in kinds


def test_crossings_ignore_meeting_at_a_city_but_not_a_bend_across() -> None:
    from workbench.maps.routes_check import check_routes

    cities = (RouteCity("A", (0, 0)), RouteCity("B", (4, 0)), RouteCity("C", (4, 2)))
    meet = RouteBoard(
        "T", cities, (Route(("A", "B"), 2), Route(("A", "C"), 2), Route(("B", "C"), 1))
    )
    assert not [p for p in check_routes(meet) if "cross" in p.message]
    bent = meet.replace(
        routes=(Route(("A", "B"), 2), Route(("A", "C"), 2, via=((3, -1),)), Route(("B", "C"), 1))
    )
    crossings = [p for p in check_routes(bent) if "cross" in p.message]
    assert len(crossings) == 1 and "A-B and A-C" in crossings[0].message


def test_edits_return_checked_boards() -> None:
    from workbench import MapError

    europe = load_map("maps/ticket_to_ride_europe.yaml")
    assert isinstance(europe, RouteBoard)
    moved = europe.move_city("Paris", (2.0, 48.0))
    assert moved.positions["Paris"] != europe.positions["Paris"] and moved.routes == europe.routes
    with pytest.raises(MapError, match="no route reaches city 'Edinburgh'"):
        europe.remove_route("Edinburgh-London").remove_route("Edinburgh-London")
    with pytest.raises(MapError, match="more than two routes"):
        europe.add_route(Route(("Paris", "Frankfurt"), 3, "red"))
    with pytest.raises(MapError, match="no city 'Atlantis'"):
        europe.add_ticket(Ticket(("Paris", "Atlantis"), 4))
    renamed = europe.rename_city("Kyiv", "Kiev")
    assert "Kiev-Sochi" in {t.id for t in renamed.tickets}
    assert len(renamed.routes_between("Kiev", "Budapest")) == 1
    swapped = europe.set_route("Frankfurt-Paris", color="yellow")  # lanes re-sorted
    assert [r.color for r in swapped.routes_between("Paris", "Frankfurt")] == ["white", "yellow"]
    fewer = europe.remove_ticket("Paris-Wien")
    assert len(fewer.tickets) == 45 and fewer.problems()[0].severity == "warning"
    with pytest.raises(KeyError):
        europe.remove_ticket("Paris-Atlantis")
    assert europe.add_city(RouteCity("Oslo", (10.75, 59.91))).problems()[0].message == (
        "no route reaches city 'Oslo'"
    )
