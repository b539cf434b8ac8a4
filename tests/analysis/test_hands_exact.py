"""The fast hand tables are exact: after random edits, every hand's cost is what a query of
that hand alone says, and the tables are the same on any number of threads."""

from __future__ import annotations

import itertools
from unittest import mock

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench import Board, MapError
from workbench.algorithms import steiner_cost
from workbench.analysis import city_effects, cost_graph, deck, hand_table
from workbench.analysis import hands as hands_module
from workbench.analysis.compare import _city_means, compare
from workbench.analysis.hands import table_on_graph
from workbench.maps.board import City
from workbench.maps.lattice import neighbours

SEGMENT_TYPES = [("single", None), ("double", "water"), ("double", "mountain"), ("ferry", None),
                 ("tunnel", None), ("none", None)]  # fmt: skip


def edit(board: Board, data: st.DataObject) -> Board:
    """One random edit of the kinds the editor makes (refused edits leave the board)."""
    kind = data.draw(st.sampled_from(["move", "recolor", "dash", "add", "remove", "segment"]))
    names = [c.name for c in board.cities]
    free = sorted(p for p in board.points if board.city_at(p) is None)
    try:
        if kind == "move":
            name = data.draw(st.sampled_from(names))
            options = [p for p in neighbours(board.city(name).at) if p in free]
            return board.move_city(name, data.draw(st.sampled_from(options))) if options else board
        if kind == "recolor":
            return board.recolor_city(
                data.draw(st.sampled_from(names)), data.draw(st.sampled_from(board.color_names))
            )
        if kind == "dash":
            name = data.draw(st.sampled_from(names))
            return board.set_dashed(name, not board.city(name).dashed)
        if kind == "add":
            at, color = (
                data.draw(st.sampled_from(free)),
                data.draw(st.sampled_from(board.color_names)),
            )
            return board.add_city(City(f"New {len(names)}", color, at))
        if kind == "remove":
            return board.remove_city(data.draw(st.sampled_from(names)))
        a, b = data.draw(st.sampled_from(sorted(board.segments)))
        return board.set_segment(a, b, *data.draw(st.sampled_from(SEGMENT_TYPES)))
    except MapError:
        return board


def check_exact(board: Board, players: int = 4, sample: int | None = None) -> None:
    """Every (or a sample of) hand's cost against single queries; the same costs and usage
    on 1, 2 and 3 threads, even with every table cut in parts; usage as heavy as the costs."""
    cards = deck(board, players)
    if any(not v for v in cards.values()):
        return
    G = cost_graph(board)
    with mock.patch.object(hands_module, "MIN_SHARE", 1):
        runs = [table_on_graph(G, board, cards, progress=False, threads=t) for t in (1, 2, 3)]
    costs, usage = runs[0]
    for other_costs, other_usage in runs[1:]:
        assert np.array_equal(other_costs, costs) and other_usage == usage
    hands = list(itertools.product(*cards.values()))
    picks = range(len(hands))
    if sample is not None:
        picks = np.random.default_rng(sample).choice(len(hands), sample, replace=False).tolist()
    for i in picks:
        points = [board.city(name).at for name in hands[i]]
        assert costs[i] == steiner_cost(G, points), hands[i]
    weights = {(a, b): w for a, b, w in G.edges(data="weight")}
    weights |= {(b, a): w for (a, b), w in weights.items()}
    finite = costs[np.isfinite(costs)]
    assert sum(weights[e] * n for e, n in usage.items()) == finite.sum()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), steps=st.integers(1, 4), players=st.sampled_from([3, 4]))
def test_random_edits_of_tiny_are_exact(
    tiny: Board, data: st.DataObject, steps: int, players: int
) -> None:
    board = tiny
    for _ in range(steps):
        board = edit(board, data)
    check_exact(board, players)


@pytest.mark.parametrize("kind", ["move", "recolor", "segment"])
def test_edits_of_europe_are_exact(europe: Board, kind: str) -> None:
    if kind == "move":
        city = europe.cities[5]
        to = next(p for p in neighbours(city.at) if p in europe.points and not europe.city_at(p))
        board = europe.move_city(city.name, to)
    elif kind == "recolor":
        city = europe.cities[9]
        board = europe.recolor_city(
            city.name, next(c for c in europe.color_names if c != city.color)
        )
    else:
        a, b = sorted(europe.segments)[len(europe.segments) // 2]
        board = europe.set_segment(a, b, "none")
    check_exact(board, sample=25)


def test_a_table_is_the_same_computed_again(europe: Board) -> None:
    from workbench.analysis.hands import _cached_table

    first = hand_table(europe, progress=False)
    _cached_table.cache_clear()
    again = hand_table(europe, progress=False)
    assert again is not first
    assert np.array_equal(again.costs, first.costs) and again.usage == first.usage


@pytest.mark.parametrize("players", [4, 2])
def test_compare_means_are_city_effects(tiny: Board, europe: Board, players: int) -> None:
    for board in (tiny, europe):
        table = hand_table(board, players, progress=False)
        effects = city_effects(table.frame()).set_index("city")
        means = _city_means(table)
        assert set(means) == set(effects.index)
        for name, (color, mean) in means.items():
            assert color == effects.loc[name, "color"] and mean == effects.loc[name, "mean"]


def test_compare_is_what_the_frames_say(tiny: Board) -> None:
    moved = tiny.move_city("Fir", (5, 1))
    diff = compare(tiny, moved)
    a, b = (city_effects(hand_table(x).frame()).set_index("city")["mean"] for x in (tiny, moved))
    expected = pd.Series(b - a, name="change")
    got = diff.cities.set_index("city")["change"]
    assert got.sort_index().tolist() == expected.sort_index().tolist()
    assert diff.mean_after == float(hand_table(moved).frame().cost.mean())
