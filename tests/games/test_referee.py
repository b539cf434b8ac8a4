"""The referee's chance draws: the same outcomes as numpy's ``Generator.choice`` gave, draw
for draw, so that no recorded Ticket to Ride or Transorient Express game changed when the
referee stopped calling ``choice`` (one uniform number, an inverse transform)."""

from __future__ import annotations

from typing import cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.exceptions import IllegalActionError
from workbench.games import State, referee
from workbench.games.referee import numpy_sum, pick_outcome, sample_chance

weights = st.one_of(
    st.integers(2, 200).map(lambda n: [1.0 / n] * n),  # a deck: every card alike
    st.lists(st.integers(0, 12), min_size=2, max_size=140)  # a bag: counts over a total
    .filter(any)
    .map(lambda c: [k / sum(c) for k in c]),
    st.lists(st.floats(0, 1e6, allow_nan=False), min_size=1, max_size=300).filter(
        lambda w: sum(w) > 0
    ),
)


def old_draw(outcomes: list[tuple[int, float]], rng: np.random.Generator) -> int:
    """What the referee did before: ``choice`` with the normalised probabilities (a single
    outcome without a draw)."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    w = np.array([p for _, p in outcomes], dtype=float)
    return outcomes[int(rng.choice(len(outcomes), p=w / w.sum()))][0]


class Node:
    def __init__(self, outcomes: list[tuple[int, float]]) -> None:
        self.outcomes = outcomes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.outcomes


@settings(max_examples=300, deadline=None)
@given(weights, st.integers(0, 2**32))
def test_the_draw_is_the_one_choice_made_from_the_same_generator(w: list[float], seed: int) -> None:
    outcomes = list(enumerate(w))
    before, after = np.random.default_rng(seed), np.random.default_rng(seed)
    for _ in range(3):
        if seed % 2:
            referee._CDFS.clear()  # the cold path as well as the kept one
        assert sample_chance(cast(State, Node(outcomes)), after) == old_draw(outcomes, before)
    assert after.random() == before.random()  # one uniform number per draw, as choice


@settings(max_examples=200, deadline=None)
@given(weights)
def test_every_boundary_falls_where_numpy_puts_it(w: list[float]) -> None:
    p = np.array(w) / np.array(w).sum()
    cdf = p.cumsum()
    cdf /= cdf[-1]
    outcomes = list(enumerate(w))
    for edge in cdf[:-1]:
        for u in (float(edge), float(np.nextafter(edge, 0))):
            if 0 <= u < 1:
                want = int(cdf.searchsorted(u, side="right"))
                assert pick_outcome(outcomes, u) == want


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(0, 1e9, allow_nan=False), max_size=700))
def test_numpy_sum_adds_in_numpys_order(values: list[float]) -> None:
    assert numpy_sum(values) == float(np.sum(np.array(values, dtype=float)))


def test_outcomes_of_probability_zero_are_never_drawn() -> None:
    outcomes = [("a", 0.0), ("b", 0.25), ("c", 0.0), ("d", 0.75), ("e", 0.0)]
    grid = [pick_outcome(outcomes, i / 1000) for i in range(1000)]
    assert set(grid) == {"b", "d"}
    assert grid.count("b") == 250


def test_a_single_outcome_leaves_the_generator_alone() -> None:
    rng = np.random.default_rng(4)
    assert sample_chance(cast(State, Node([(7, 1.0)])), rng) == 7
    assert rng.random() == np.random.default_rng(4).random()


@pytest.mark.parametrize("bad", [[(0, -0.5), (1, 1.5)], [(0, 0.0), (1, 0.0)]])
def test_impossible_probabilities_are_refused(bad: list[tuple[int, float]]) -> None:
    with pytest.raises(IllegalActionError, match="probabilit"):
        pick_outcome(bad, 0.5)
