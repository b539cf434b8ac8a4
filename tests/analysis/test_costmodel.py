"""The fast cost path agrees with missing_rails and with networkx on blocked segments."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import boards
from workbench import Board
from workbench.algorithms import steiner_tree
from workbench.analysis import cost_graph, missing_rails
from workbench.analysis.costmodel import CostModel, cost_model
from workbench.exceptions import InfeasibleError


def _random_position(board: Board, rng: np.random.Generator, most: int) -> tuple[list, list]:
    segments = sorted(board.segments)
    rails = [segments[i] for i in rng.choice(len(segments), rng.integers(0, most), replace=False)]
    points = sorted(board.points)
    start = points[int(rng.integers(len(points)))]
    hand: list = [c.name for c in board.cities if rng.random() < 0.4]
    if not hand:  # a board may have no cities: ask for points instead
        hand = [points[int(rng.integers(len(points)))] for _ in range(2)]
    return rails, [start, *hand]


@pytest.mark.parametrize("double_cost", [2, 1, {"water": 1, "mountain": 2}])
def test_agrees_with_missing_rails_on_the_shipped_board(europe: Board, double_cost) -> None:
    model = CostModel(europe, double_cost)
    rng = np.random.default_rng(11)
    for _ in range(40):
        rails, terminals = _random_position(europe, rng, 120)
        slow = missing_rails(europe, rails, terminals[0], terminals[1:7], double_cost)
        fast = model.completion(rails, terminals[:7])
        assert fast.cost == slow.cost
        # the build list is a real completion: with it, nothing is missing
        assert model.cost([*rails, *fast.build], terminals[:7]) == 0
        assert sum(model.weights[model.edge_index[e]] for e in fast.build) == fast.cost


@settings(max_examples=60, deadline=None)
@given(boards(), st.integers(0, 2**32 - 1))
def test_blocked_segments_are_left_out(board: Board, seed: int) -> None:
    rng = np.random.default_rng(seed)
    model = CostModel(board)
    rails, terminals = _random_position(board, rng, 6)
    segments = sorted(set(board.segments) - set(rails))
    blocked = [segments[i] for i in rng.choice(len(segments), min(3, len(segments)), False)]
    G = cost_graph(board, rails)
    G.remove_edges_from(blocked)
    points = [t if isinstance(t, tuple) else board.city(t).at for t in terminals]
    try:
        tree = steiner_tree(G, points)
    except (nx.NetworkXException, InfeasibleError):
        with pytest.raises(InfeasibleError):
            model.cost(rails, terminals, blocked)
        return
    assert model.cost(rails, terminals, blocked) == tree.size(weight="weight")


def test_errors_name_the_bad_input(tiny: Board) -> None:
    model = CostModel(tiny)
    with pytest.raises(ValueError, match="not a segment"):
        model.cost([((0, 0), (5, 5))], ["Alder"])
    with pytest.raises(ValueError, match="not a point"):
        model.cost([], [(99, 99), "Alder"])
    with pytest.raises(KeyError):
        model.cost([], ["Atlantis"])


def test_a_state_array_answers_like_the_rails(tiny: Board) -> None:
    model = cost_model(tiny)
    rails = [((0, 1), (1, 1))]
    assert model.cost(model.state(rails), [(0, 1), "Ginkgo"]) == model.cost(
        rails, [(0, 1), "Ginkgo"]
    )
    assert cost_model(tiny) is model
