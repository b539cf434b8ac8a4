"""The cost model's inputs and errors: costs given to the model, points given as lists, and
the messages that name what was asked (checked against ``missing_rails`` or by hand)."""

from __future__ import annotations

import pytest

from workbench import Board
from workbench.analysis import missing_rails
from workbench.analysis.costmodel import CostModel
from workbench.exceptions import InfeasibleError

FERRY = ((5, 1), (6, 1))


def test_costs_given_to_the_model_replace_the_segments_costs(tiny: Board) -> None:
    assert tiny.segments[FERRY].kind == "ferry"
    model = CostModel(tiny, costs={FERRY: 2})
    assert model.weight_of[FERRY] == 2.0
    expected = missing_rails(tiny, [], (6, 1), ["Fir"], costs={FERRY: 2}).cost
    assert model.cost([], [(6, 1), "Fir"]) == expected == 3
    assert CostModel(tiny).cost([], [(6, 1), "Fir"]) == 2


def test_a_point_may_be_given_as_a_list(tiny: Board) -> None:
    model = CostModel(tiny)
    assert model.cost([], [[0, 1], "Alder"]) == model.cost([], [(0, 1), "Alder"]) == 1
    assert model.cost([], [[0, 1], "Alder"]) == 1  # asked again (the first answer is kept)


def test_an_unknown_city_is_an_error_naming_close_matches(tiny: Board) -> None:
    with pytest.raises(KeyError, match="did you mean 'Alder'"):
        CostModel(tiny).cost([], ["Aldr", "Elder"])


def test_a_walled_in_point_is_an_error_naming_the_terminals(tiny: Board) -> None:
    point = (1, 3)
    walls = [s for s in tiny.segments if point in s]
    assert walls
    with pytest.raises(InfeasibleError, match=r"no tree joins \[1, 3\], Alder on 'Tiny Island'"):
        CostModel(tiny).cost([], [point, "Alder"], blocked=walls)
