"""Trans Europa's playtest sections: start colors by nearest city (against networkx's
multi-source Dijkstra), round shares that add up, and the per-color luck of the draw counted
again by hand from the starts table."""

from __future__ import annotations

import networkx as nx
import pytest

from workbench import load_map
from workbench.games.trans_europa.playtest import city_gaps, nearest_colors, sections, starts
from workbench.sim.playtest import Playtest, playtest


@pytest.fixture(scope="module")
def report() -> Playtest:
    return playtest("maps/tiny.yaml", players=2, bots=["greedy", "random"], games=8, seed=4)


@pytest.mark.parametrize("name", ["tiny", "trans_europa"])
def test_a_points_start_color_is_its_nearest_citys(name: str) -> None:
    board = load_map(name)
    colors = nearest_colors(board)
    G = board.graph()
    cities = {c.at: c for c in board.cities}
    dist = nx.multi_source_dijkstra_path_length(G, set(cities), weight="weight")
    for point, color in colors.items():
        near = [
            c
            for at, c in cities.items()
            if nx.has_path(G, at, point)
            and nx.dijkstra_path_length(G, at, point, weight="weight") == dist[point]
        ]
        assert color in {c.color for c in near}, point
        if point in cities:
            assert color == cities[point].color


def test_round_shares_add_up_to_one_per_round(report: Playtest) -> None:
    table = starts(report)
    sums = table.groupby(["players", "game", "round"]).round_share.sum()
    assert (sums.round(9) == 1.0).all()
    assert set(table.region) <= {"NW", "NE", "SW", "SE"}


def test_the_luck_of_the_draw_matches_a_count_by_hand(report: Playtest) -> None:
    table = starts(report)
    color = {c.name: c.color for c in report.board.cities}
    shares: dict[str, list[float]] = {}
    for hand, share in zip(table.hand, table.round_share, strict=True):
        for city in hand.split("+"):
            shares.setdefault(city, []).append(share)
    rate = {city: sum(v) / len(v) for city, v in shares.items()}
    for row in city_gaps(report).itertuples():
        mine = [r for c, r in rate.items() if color[c] == row.color]
        assert row.best_rate == pytest.approx(max(mine))
        assert row.worst_rate == pytest.approx(min(mine))
        assert row.gap == pytest.approx((max(mine) - min(mine)) * 100)
    assert [s.key for s in sections(report)] == ["start_color", "region", "city", "color_gaps"]
