"""Distances, start heatmaps and chokepoints, checked against direct computations."""

from __future__ import annotations

import networkx as nx
import numpy as np

from workbench import Board
from workbench.algorithms import steiner_cost
from workbench.analysis import (
    chokepoints,
    cost_graph,
    distance_table,
    hand_costs,
    start_heatmap,
)


def test_distance_table_is_shortest_paths(europe: Board) -> None:
    table = distance_table(europe)
    G = cost_graph(europe)
    assert table.shape == (35, 35)
    assert (table.to_numpy() == table.to_numpy().T).all()
    assert (np.diag(table.to_numpy()) == 0).all()
    for a, b in [("Lisbon", "Stockholm"), ("London", "Paris"), ("Rome", "Warsaw")]:
        expected = nx.shortest_path_length(G, europe.city(a).at, europe.city(b).at, "weight")
        assert table.loc[a, b] == expected


def test_start_heatmap_is_the_cost_with_the_marker_there(tiny: Board) -> None:
    hand = ["Alder", "Cedar", "Hazel"]
    heat = start_heatmap(tiny, hand)
    G = cost_graph(tiny)
    points = [tiny.city(n).at for n in hand]
    assert set(heat.index) == tiny.points
    for p in sorted(tiny.points)[::5]:
        assert heat[p] == steiner_cost(G, [p, *points])
    assert heat.min() == steiner_cost(G, points), "the best start is on the hand's tree"


def test_chokepoints_against_networkx_and_a_recomputation(tiny: Board) -> None:
    found = chokepoints(tiny, top=3)
    G = cost_graph(tiny)
    assert found.bridges == sorted(tuple(sorted(e)) for e in nx.bridges(G))
    assert found.articulation_points == sorted(nx.articulation_points(G))
    before = hand_costs(tiny).cost.mean()
    row = found.critical.iloc[0]
    H = G.copy()
    H.remove_edge(row.a, row.b)
    hands = hand_costs(tiny)
    after = np.mean(
        [
            steiner_cost(H, [tiny.city(h[c]).at for c in tiny.color_names])
            for _, h in hands.iterrows()
        ]
    )
    assert np.isclose(row.mean_before, before) and np.isclose(row.mean_after, after)
    assert (found.critical.increase.diff().dropna() <= 1e-9).all(), "sorted by increase"


def test_a_bridge_to_a_city_cuts_hands(europe: Board) -> None:
    found = chokepoints(europe, top=1)
    ferry = ((11, 9), (12, 10))
    assert ferry in found.bridges, "London hangs on the Channel ferry"
    row = found.critical[(found.critical.a == ferry[0]) & (found.critical.b == ferry[1])]
    assert len(row) == 1 and row.cut_hands.iloc[0] == 7**4, "every hand with London"
