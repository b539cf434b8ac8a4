"""Every hand's cost, checked against one-hand-at-a-time exact costs and brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from tests.algorithms.oracles import milp_steiner_cost
from tests.strategies import boards
from workbench import Board
from workbench.algorithms import steiner_cost
from workbench.analysis import cost_graph, deck, hand_costs, hand_table, segment_usage


def test_tiny_every_hand_by_brute_force(tiny: Board) -> None:
    df = hand_costs(tiny)
    G = cost_graph(tiny)
    assert len(df) == 2**5
    for row in df.itertuples(index=False):
        points = [tiny.city(name).at for name in row[:-1]]
        assert row.cost == steiner_cost(G, points)
    # an oracle that shares no code with ours: an integer program, on a few hands
    for row in list(df.itertuples(index=False))[::8]:
        points = [tiny.city(name).at for name in row[:-1]]
        assert row.cost == milp_steiner_cost(G, points)


@pytest.mark.parametrize("players", [4, 3])
def test_shipped_boards_sample_against_single_queries(europe: Board, players: int) -> None:
    df = hand_costs(europe, players=players)
    assert len(df) == (7**5 if players >= 4 else 5**5)
    G = cost_graph(europe)
    rng = np.random.default_rng(players)
    for i in rng.choice(len(df), 40, replace=False):
        row = df.iloc[int(i)]
        points = [europe.city(row[c]).at for c in europe.color_names]
        assert row.cost == steiner_cost(G, points)


def test_columns_and_order(europe: Board) -> None:
    df = hand_costs(europe)
    assert list(df.columns) == [*europe.color_names, "cost"]
    cards = deck(europe)
    first = [cards[c][0] for c in europe.color_names]
    assert list(df.iloc[0][:-1]) == first
    assert list(df.iloc[1][:-1]) == [*first[:-1], cards["turquoise"][1]]
    assert df.cost.dtype.kind == "i"


def test_two_or_three_players_leave_the_dashed_cities_out(europe: Board) -> None:
    df = hand_costs(europe, players=2)
    dashed = {c.name for c in europe.cities if c.dashed}
    assert not dashed & set(itertools.chain(*(df[c].astype(str) for c in europe.color_names)))
    with pytest.raises(ValueError, match="2 to 6 players"):
        hand_costs(europe, players=7)


def test_usage_counts_the_edges_of_optimal_trees(tiny: Board) -> None:
    table = hand_table(tiny)
    use = segment_usage(tiny)
    assert use.hands.sum() == sum(table.usage.values())
    # every hand's tree has as many rails as its cost (tiny has no 0-weight edges)
    weights = {e: s.cost for e, s in tiny.segments.items()}
    assert sum(weights[e] * n for e, n in table.usage.items()) == table.costs.sum()
    assert set(use.columns) >= {"a", "b", "kind", "share"}
    assert len(use) == len(tiny.segments)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(max_cities=8))
def test_random_boards_match_single_queries(board: Board) -> None:
    cards = deck(board, players=4)
    if not board.cities or any(not v for v in cards.values()):
        return
    table = hand_table(board, progress=False)
    G = cost_graph(board)
    for i, hand in enumerate(itertools.product(*cards.values())):
        points = [board.city(name).at for name in hand]
        assert table.costs[i] == steiner_cost(G, points)


def test_one_color_hands_cost_nothing(tiny: Board) -> None:
    from workbench.maps.board import CardColor, City

    single = Board(
        name="One color",
        lattice=tiny.lattice,
        colors=(CardColor("brown", "#8B5A2B"),),
        land=tiny.land,
        cities=(City("A", "brown", (1, 1)), City("B", "brown", (7, 4))),
    )
    df = hand_costs(single)
    assert df.cost.tolist() == [0, 0] and segment_usage(single).hands.sum() == 0


def test_usage_is_reproducible(tiny: Board) -> None:
    from workbench.analysis.hands import _cached_table

    first = dict(hand_table(tiny).usage)
    _cached_table.cache_clear()
    assert hand_table(tiny).usage == first
