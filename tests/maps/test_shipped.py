"""The shipped boards: complete decks, one connected board, and real geography.

The coordinates below are typed in independently of the scripts that drew the boards, so
the geography checks could catch a city put in the wrong place.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations, pairwise

import networkx as nx
import pytest

from tests.conftest import MAPS, ROUTE_MAPS, SHIPPED
from workbench import Board, check_map, load_map
from workbench.maps.lattice import plane_xy

EUROPE = {  # name: (latitude, longitude)
    "Lisbon": (38.72, -9.14), "Porto": (41.15, -8.61), "Seville": (37.39, -5.98),
    "Madrid": (40.42, -3.70), "Valencia": (39.47, -0.38), "Barcelona": (41.39, 2.17),
    "Bordeaux": (44.84, -0.58), "Oslo": (59.91, 10.75), "Gothenburg": (57.71, 11.97),
    "Stockholm": (59.33, 18.07), "Copenhagen": (55.68, 12.57), "Hamburg": (53.55, 9.99),
    "Berlin": (52.52, 13.40), "Gdansk": (54.35, 18.65), "London": (51.51, -0.13),
    "Paris": (48.86, 2.35), "Nantes": (47.22, -1.55), "Lyon": (45.76, 4.84),
    "Brussels": (50.85, 4.35), "Amsterdam": (52.37, 4.90), "Strasbourg": (48.57, 7.75),
    "Frankfurt": (50.11, 8.68), "Munich": (48.14, 11.58), "Prague": (50.08, 14.44),
    "Vienna": (48.21, 16.37), "Budapest": (47.50, 19.04), "Krakow": (50.06, 19.94),
    "Warsaw": (52.23, 21.01), "Marseille": (43.30, 5.37), "Zurich": (47.37, 8.54),
    "Milan": (45.46, 9.19), "Venice": (45.44, 12.32), "Florence": (43.77, 11.26),
    "Rome": (41.90, 12.50), "Naples": (40.85, 14.27),
}  # fmt: skip

AMERIKA = {
    "Seattle": (47.61, -122.33), "Portland": (45.52, -122.68), "Medford": (42.33, -122.87),
    "San Francisco": (37.77, -122.42), "Reno": (39.53, -119.81), "Los Angeles": (34.05, -118.24),
    "San Diego": (32.72, -117.16), "Boise": (43.62, -116.20), "Helena": (46.59, -112.04),
    "Salt Lake City": (40.76, -111.89), "Las Vegas": (36.17, -115.14),
    "Phoenix": (33.45, -112.07), "Denver": (39.74, -104.99), "Albuquerque": (35.08, -106.65),
    "Bismarck": (46.81, -100.78), "Minneapolis": (44.98, -93.27), "Omaha": (41.26, -95.93),
    "Kansas City": (39.10, -94.58), "Chicago": (41.88, -87.63), "St. Louis": (38.63, -90.20),
    "Detroit": (42.33, -83.05), "El Paso": (31.76, -106.49), "Dallas": (32.78, -96.80),
    "Oklahoma City": (35.47, -97.52), "San Antonio": (29.42, -98.49),
    "Houston": (29.76, -95.37), "Memphis": (35.15, -90.05), "New Orleans": (29.95, -90.07),
    "Atlanta": (33.75, -84.39), "Charlotte": (35.23, -80.84), "Miami": (25.76, -80.19),
    "Washington": (38.91, -77.04), "Pittsburgh": (40.44, -80.00), "New York": (40.71, -74.01),
    "Boston": (42.36, -71.06),
}  # fmt: skip

BOARDS = {"trans_europa.yaml": EUROPE, "trans_amerika.yaml": AMERIKA}


@pytest.fixture(scope="module", params=sorted(BOARDS))
def shipped(request: pytest.FixtureRequest) -> tuple[Board, dict[str, tuple[float, float]]]:
    return load_map(MAPS / request.param), BOARDS[request.param]


def test_checks_clean_with_no_warnings() -> None:
    for path in [*SHIPPED, *ROUTE_MAPS]:
        assert check_map(path) == [], path


def test_deck_of_35_in_five_colors(shipped) -> None:
    board, _ = shipped
    assert len(board.cities) == 35
    assert board.color_names == ("brown", "white", "pink", "orange", "turquoise")
    assert Counter(c.color for c in board.cities) == dict.fromkeys(board.color_names, 7)
    dashed = Counter(c.color for c in board.cities if c.dashed)
    assert dashed == dict.fromkeys(board.color_names, 2)


def test_lattice_like_the_physical_board(shipped) -> None:
    board, _ = shipped
    assert 20 <= board.lattice.columns <= 32 and 13 <= board.lattice.rows <= 24


def test_every_point_and_city_reachable(shipped) -> None:
    board, _ = shipped
    G = board.graph()
    assert nx.is_connected(G)
    assert all(G.degree(c.at) >= 1 for c in board.cities)


def test_both_kinds_of_double(shipped) -> None:
    board, _ = shipped
    kinds = Counter((s.kind, s.terrain) for s in board.segments.values())
    assert kinds["double", "water"] >= 30 and kinds["double", "mountain"] >= 30
    assert kinds["single", None] > kinds["double", "water"] + kinds["double", "mountain"]


def test_europe_has_the_channel_ferry_and_an_alpine_tunnel(europe: Board) -> None:
    ferries = [s for s in europe.segments.values() if s.kind == "ferry"]
    tunnels = [s for s in europe.segments.values() if s.kind == "tunnel"]
    assert len(ferries) == 1 and len(tunnels) == 1
    london, paris, zurich = (europe.city(n).at for n in ("London", "Paris", "Zurich"))
    G = europe.graph()
    path = nx.shortest_path(G, london, paris, weight="weight")
    kinds = [G.edges[a, b]["kind"] for a, b in pairwise(path)]
    assert "ferry" in kinds, "London reaches the continent by the Channel ferry"
    assert zurich in tunnels[0].between


def _same_order(board: Board, places: dict[str, tuple[float, float]]) -> list[str]:
    """Pairs of cities whose board order contradicts the map (west/east, north/south)."""
    wrong = []
    for a, b in combinations(sorted(places), 2):
        (lat_a, lon_a), (lat_b, lon_b) = places[a], places[b]
        (xa, ya), (xb, yb) = plane_xy(board.city(a).at), plane_xy(board.city(b).at)
        mid = math.radians((lat_a + lat_b) / 2)
        if (
            abs(lon_a - lon_b) * math.cos(mid) > 2.0
            and abs(lat_a - lat_b) < 3
            and ((lon_a < lon_b) != (xa < xb))
        ):
            wrong.append(f"{a}/{b} east-west")
        if abs(lat_a - lat_b) > 2.0 and abs(lon_a - lon_b) < 4 and ((lat_a < lat_b) != (ya < yb)):
            wrong.append(f"{a}/{b} north-south")
    return wrong


def test_cities_keep_their_real_relative_positions(shipped) -> None:
    board, places = shipped
    assert {c.name for c in board.cities} == set(places)
    assert _same_order(board, places) == []


def test_board_distances_follow_real_distances(shipped) -> None:
    """Straight-line distances on the board rank like great-circle distances."""
    board, places = shipped
    import numpy as np
    from scipy.stats import spearmanr

    def great_circle(a: str, b: str) -> float:
        (la, oa), (lb, ob) = (map(math.radians, places[x]) for x in (a, b))
        h = (
            math.sin((lb - la) / 2) ** 2
            + math.cos(la) * math.cos(lb) * math.sin((ob - oa) / 2) ** 2
        )
        return 2 * math.asin(math.sqrt(h))

    pairs = list(combinations(sorted(places), 2))
    real = np.array([great_circle(a, b) for a, b in pairs])
    drawn = np.array(
        [math.dist(plane_xy(board.city(a).at), plane_xy(board.city(b).at)) for a, b in pairs]
    )
    assert spearmanr(real, drawn).statistic > 0.97
