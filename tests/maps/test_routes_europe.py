"""The Ticket to Ride Europe board's totals, so that a wrong edit shows at once."""

from __future__ import annotations

import math
from collections import Counter

import networkx as nx
import pytest

from tests.conftest import MAPS
from workbench import RouteBoard, check_map, load_map

# name: (latitude, longitude) of the real city, typed in apart from the build script
WHERE = {
    "London": (51.51, -0.13), "Madrid": (40.42, -3.70), "Moskva": (55.76, 37.62),
    "Constantinople": (41.01, 28.98), "Stockholm": (59.33, 18.07), "Palermo": (38.12, 13.36),
    "Erzurum": (39.90, 41.27), "Edinburgh": (55.95, -3.19), "Wien": (48.21, 16.37),
}  # fmt: skip


@pytest.fixture(scope="module")
def europe() -> RouteBoard:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


def test_counts(europe: RouteBoard) -> None:
    assert (len(europe.cities), len(europe.routes), len(europe.tickets)) == (47, 101, 46)
    assert Counter(t.long for t in europe.tickets) == {False: 40, True: 6}
    assert check_map(MAPS / "ticket_to_ride_europe.yaml") == []


def test_routes_by_length_and_cars(europe: RouteBoard) -> None:
    assert Counter(r.length for r in europe.routes) == {1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1}
    assert sum(r.length for r in europe.routes) == 300
    assert sum(r.points for r in europe.routes) == 4 + 70 + 120 + 203 + 30 + 21


def test_tunnels_and_ferries(europe: RouteBoard) -> None:
    tunnels = [r for r in europe.routes if r.kind == "tunnel"]
    assert len(tunnels) == 18
    assert Counter(r.length for r in tunnels) == {2: 9, 3: 5, 4: 2, 6: 1, 8: 1}
    ferries = [r for r in europe.routes if r.kind == "ferry"]
    assert Counter(r.locomotives for r in ferries) == {1: 9, 2: 4}
    assert {r.id for r in ferries if r.locomotives == 2} == {
        "Amsterdam-London", "Constantinople-Sevastopol", "Erzurum-Sevastopol", "Palermo-Smyrna",
    }  # fmt: skip
    assert all(r.color == "gray" for r in ferries)
    assert all(r.locomotives == 0 for r in europe.routes if r.kind != "ferry")


def test_colors_and_doubles(europe: RouteBoard) -> None:
    colors = Counter(r.color for r in europe.routes)
    assert colors.pop("gray") == 37
    assert colors == dict.fromkeys(europe.color_names, 8)  # eight routes of every card color
    doubles = sorted(r.ends for r in europe.routes if r.lane == 1)
    assert len(doubles) == 11 and max(r.lane for r in europe.routes) == 1
    assert ("Dieppe", "London") in doubles and ("Essen", "Kobenhavn") in doubles
    for a, b in doubles:
        lanes = europe.routes_between(a, b)
        assert lanes[0].length == lanes[1].length and lanes[0].kind == lanes[1].kind


def test_ticket_points(europe: RouteBoard) -> None:
    short = Counter(t.points for t in europe.tickets if not t.long)
    assert short == {5: 5, 6: 5, 7: 5, 8: 13, 9: 2, 10: 5, 11: 2, 12: 2, 13: 1}
    assert sum(t.points for t in europe.tickets if not t.long) == 321
    long = {t.id: t.points for t in europe.tickets if t.long}
    assert long == {
        "Athina-Edinburgh": 21, "Brest-Petrograd": 20, "Cadiz-Stockholm": 21,
        "Danzig-Lisboa": 20, "Erzurum-Kobenhavn": 21, "Moskva-Palermo": 20,
    }  # fmt: skip


def test_one_connected_board(europe: RouteBoard) -> None:
    G = europe.graph()
    assert nx.is_connected(G) and G.number_of_nodes() == 47


def test_cities_at_their_real_places(europe: RouteBoard) -> None:
    for name, (lat, lon) in WHERE.items():
        assert europe.city(name).at == pytest.approx((lon, lat), abs=0.02), name
    # projected, the board keeps its compass: west is left, north is up
    pos = europe.positions
    assert pos["Lisboa"][0] < pos["Paris"][0] < pos["Wien"][0] < pos["Moskva"][0]
    assert pos["Palermo"][1] < pos["Roma"][1] < pos["Berlin"][1] < pos["Stockholm"][1]

    # distances keep their proportions: London-Paris against London-Moskva (great circles)
    def arc(a: str, b: str) -> float:
        (la1, lo1), (la2, lo2) = (tuple(map(math.radians, WHERE[c])) for c in (a, b))
        return math.acos(math.sin(la1) * math.sin(la2)
                         + math.cos(la1) * math.cos(la2) * math.cos(lo1 - lo2))  # fmt: skip

    def plane(a: str, b: str) -> float:
        return math.dist(pos[a], pos[b])

    ratio = plane("London", "Moskva") / plane("London", "Wien")
    assert ratio == pytest.approx(arc("London", "Moskva") / arc("London", "Wien"), rel=0.03)
