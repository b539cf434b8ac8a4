"""The doctors' shared weights and plan text where the mutation run found them unchecked:
which weights are accepted, and the rate a plan prints (docs/mutation/mut-doctor.md)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from workbench.analysis._search import Weights, plan_lines


@dataclass(frozen=True)
class Toy(Weights):
    speed: float = 1.0


@pytest.mark.parametrize("value", [0, 0.0, 0.5, 3])
def test_a_weight_may_be_zero_or_any_finite_number_above(value: float) -> None:
    assert Toy(speed=value).speed == value


@pytest.mark.parametrize("value", [-1e-12, -1, math.nan, math.inf, "fast", None])
def test_a_weight_below_zero_not_finite_or_not_a_number_is_refused(value: object) -> None:
    with pytest.raises(ValueError, match="weight speed must be a number 0 or more"):
        Toy(speed=value)  # type: ignore[arg-type]


def test_the_rate_is_candidates_per_second_even_under_a_second() -> None:
    head = plan_lines("", [], 10, 0.5, stopped=False)[0]
    assert head == "0 edits (10 candidates scored in 0.5 s, 20 a second)"


def test_the_rate_of_no_time_is_zero() -> None:
    head = plan_lines("", ["x"], 10, 0.0, stopped=False)[0]
    assert head == "1 edit (10 candidates scored in 0.0 s, 0 a second)"
