"""Tests for workbench.maps.rivers: terrain lines through lattice points."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from workbench.maps.board import Board, Feature
from workbench.maps.lattice import lattice_xy
from workbench.maps.rivers import line_warning, lines_through_points


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
