"""Tests for workbench.maps.rivers: terrain lines through lattice points."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from workbench.maps.board import Board, Feature
from workbench.maps.lattice import lattice_xy
from workbench.maps.rivers import (
    TOLERANCE,
    LineThroughPoint,
    _lattice_points_on,
    line_warning,
    lines_through_points,
)


def test_a_river_through_a_point_leaks_and_is_found(tiny: Board) -> None:
    river = Feature("water", line=((2.0, 0.5), (2.0, 2.0), (2.5, 3.5)))
    leaky = dataclasses.replace(tiny, terrain=(*tiny.terrain, river))
    found = lines_through_points(leaky)
    assert [(f.feature, f.vertex, f.point) for f in found] == [(len(tiny.terrain), 1, (2, 2))]
    # the leak is real: the segments from (2, 2) across the river are not doubles
    across = [s for s in leaky.segments.values() if (2, 2) in s.between]
    assert any(s.kind == "single" for s in across)
    message, hint = line_warning(found[0], leaky)
    assert "vertex 1 lies on point [2, 2]" in message and "move the line" in hint


def test_a_piece_running_through_a_point_names_its_first_vertex(tiny: Board) -> None:
    # (3.0, 1.5) -> (3.0, 4.0) runs through [3, 2] (row 2 is not shifted), misses row 3
    # (shifted by half a step) and ends on [3, 4]
    river = Feature("water", line=((1.0, 1.5), (3.0, 1.5), (3.0, 4.0)))
    leaky = dataclasses.replace(tiny, terrain=(*tiny.terrain, river))
    found = [(f.vertex, f.point, f.on_vertex) for f in lines_through_points(leaky)]
    assert found == [(1, (3, 2), False), (2, (3, 4), True)]
    message, _ = line_warning(lines_through_points(leaky)[0], leaky)
    assert message == (
        "the water line's piece from vertex 1 runs through point [3, 2]: "
        "segments there do not cross it"
    )


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 20).map(lambda v: v / 2), st.integers(0, 14).map(lambda v: v / 2)),
        min_size=2,
        max_size=5,
    )
)
def test_the_points_found_are_those_shapely_finds_on_the_line(
    tiny: Board, vertices: list[tuple[float, float]]
) -> None:
    line = LineString(vertices)
    board = dataclasses.replace(tiny, terrain=(Feature("water", line=tuple(vertices)),))
    expected = {
        (c, r)
        for c in range(board.lattice.columns)
        for r in range(board.lattice.rows)
        if line.distance(ShapelyPoint(lattice_xy((c, r)))) < 1e-9
    }
    found = lines_through_points(board)
    assert {f.point for f in found} == expected
    for f in found:  # the vertex named is where the line reaches the point
        a = vertices[f.vertex]
        if f.on_vertex:
            assert lattice_xy(f.point) == a
        else:
            piece = LineString([a, vertices[f.vertex + 1]])
            assert piece.distance(ShapelyPoint(lattice_xy(f.point))) < 1e-9


def _one_piece_at_a_time(board: Board) -> list[LineThroughPoint]:
    """The search as it was written first: a Python loop over the pieces and their rows."""
    out = []
    columns, rows = board.lattice.columns, board.lattice.rows
    for i, feature in enumerate(board.terrain):
        line = feature.line or ()
        seen: set[tuple[int, int]] = set()
        for j in range(len(line) - 1):
            for point, t in _lattice_points_on(line[j], line[j + 1], columns, rows):
                if point not in seen:
                    seen.add(point)
                    at_end = t >= 1 - TOLERANCE
                    vertex = j + 1 if at_end else j
                    out.append(LineThroughPoint(i, vertex, point, t <= TOLERANCE or at_end))
    return out


_coordinate = st.one_of(
    st.integers(-4, 44).map(lambda v: v / 4),  # on points, half-way, on rows: every tie
    st.floats(-2, 12, allow_nan=False),
    st.integers(0, 10).map(lambda v: v + 1e-7),  # within the tolerance of a row
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(st.tuples(_coordinate, _coordinate), min_size=1, max_size=8),
        min_size=1,
        max_size=3,
    )
)
def test_the_search_over_all_pieces_at_once_is_the_loop_over_pieces(
    tiny: Board, lines: list[list[tuple[float, float]]]
) -> None:
    board = dataclasses.replace(tiny, terrain=tuple(Feature("water", line=tuple(v)) for v in lines))
    assert lines_through_points(board) == _one_piece_at_a_time(board)
