"""The usage heatmap's columns against values computed here from the hand table.

The report (:func:`~workbench.ui.report.usage_overlay`) and the map editor
(:class:`~workbench.ui._editor_view.EditorFigure`) both draw
:func:`~workbench.ui.report.usage_columns`; the expected rows are rebuilt independently
from the table's raw counts: one row per used segment, least used first (ties in segment
order), at the segment's ends in the plane (odd rows half a step right, rows sqrt(3)/2
apart, north up), labelled with its cities, its share of all hands and a width that grows
linearly from the least to the most used.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from bokeh.plotting import figure

from workbench import Board
from workbench.analysis import hand_table, segment_usage
from workbench.ui._editor_view import EditorFigure
from workbench.ui.report import USAGE_WIDTH, usage_columns, usage_overlay


def _xy(p: tuple[int, int]) -> tuple[float, float]:
    col, row = p
    return col + 0.5 * (row % 2), -row * math.sqrt(3) / 2


def _label(board: Board, p: tuple[int, int]) -> str:
    where = f"[{p[0]}, {p[1]}]"
    city = board.city_at(p)
    return where if city is None else f"{city.name} {where}"


def expected_columns(board: Board) -> dict[str, list[Any]]:
    table = hand_table(board, progress=False)
    total = len(table.costs)
    rows = sorted((count / total, a, b) for (a, b), count in table.usage.items() if count > 0)
    top = max(share for share, _, _ in rows)
    low, high = USAGE_WIDTH
    out: dict[str, list[Any]] = {k: [] for k in
        ("x0", "y0", "x1", "y1", "between", "kind", "hands", "share", "width")}  # fmt: skip
    for share, a, b in rows:
        segment = board.segments[(a, b)]
        (x0, y0), (x1, y1) = _xy(a), _xy(b)
        out["x0"].append(x0)
        out["y0"].append(y0)
        out["x1"].append(x1)
        out["y1"].append(y1)
        out["between"].append(f"{_label(board, a)} - {_label(board, b)}")
        kind = segment.kind if segment.terrain is None else f"{segment.kind} ({segment.terrain})"
        out["kind"].append(kind)
        out["hands"].append(table.usage[(a, b)])
        out["share"].append(share)
        out["width"].append(low + (high - low) * share / top)
    return out


def check(columns: Any, expected: dict[str, list[Any]]) -> None:
    assert sorted(columns) == sorted(expected)
    for key, values in expected.items():
        got = list(columns[key])
        if isinstance(values[0], float):
            assert np.allclose(np.asarray(got, dtype=float), values, rtol=0, atol=1e-12), key
        else:
            assert got == values, key


@pytest.mark.parametrize("name", ["tiny", "europe"])
def test_heatmap_columns_match_the_hand_table(name: str, request: Any) -> None:
    board: Board = request.getfixturevalue(name)
    expected = expected_columns(board)
    columns, top = usage_columns(board, segment_usage(board))
    check(columns, expected)
    assert top == max(expected["share"])
    assert expected["width"][-1] == USAGE_WIDTH[1]


def test_the_report_draws_those_columns(tiny: Board) -> None:
    renderer = usage_overlay(figure(), tiny, segment_usage(tiny))
    check(renderer.data_source.data, expected_columns(tiny))


def test_the_editor_draws_those_columns(tiny: Board) -> None:
    view = EditorFigure(tiny, width=500)
    assert len(view.usage.data_source.data["share"]) == 0, "empty before an analysis"
    view.draw_usage(tiny, segment_usage(tiny))
    check(view.usage.data_source.data, expected_columns(tiny))
    assert view.usage_mapper.high == max(expected_columns(tiny)["share"])
