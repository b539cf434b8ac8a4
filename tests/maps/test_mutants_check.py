"""Checks of ``check_board`` that the full mutation run (``scripts/mutate.py``) showed
untested: each test states one behaviour a planted one-line bug broke without a failure."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

from tests.maps.test_check import _check, _map
from workbench.maps.board import Area, Board, Feature
from workbench.maps.check import check_board
from workbench.maps.io import loads_map
from workbench.maps.lattice import lattice_xy
from workbench.maps.schema import MAX_COORDINATE


def _with_vertex(board: Board, vertex: tuple[float, float]) -> Board:
    outline = (*board.land[0].polygon[:2], vertex, *board.land[0].polygon[2:])
    return dataclasses.replace(board, land=(Area(outline),))


def _vertex_messages(board: Board) -> list[str]:
    return [p.message for p in check_board(board) if "has the vertex" in p.message]


def test_a_vertex_too_far_out_on_either_axis_is_an_error() -> None:
    # far out on one axis only: the other coordinate is small
    board = loads_map(_map())
    for vertex in ((2.0 * MAX_COORDINATE, 1.0), (1.0, -2.0 * MAX_COORDINATE)):
        assert _vertex_messages(_with_vertex(board, vertex)) == [
            f"land 0 has the vertex [{vertex[0]!r}, {vertex[1]!r}]"
        ]


def test_a_vertex_exactly_at_the_coordinate_limit_is_allowed() -> None:
    board = loads_map(_map())
    assert _vertex_messages(_with_vertex(board, (float(MAX_COORDINATE), 1.0))) == []
    beyond = (float(MAX_COORDINATE) + 0.5, 1.0)
    assert _vertex_messages(_with_vertex(board, beyond)) == [
        f"land 0 has the vertex [{beyond[0]!r}, 1.0]"
    ]


def _found(board: Board) -> list[tuple[str, str, str]]:
    return [(p.message, p.hint, p.severity) for p in check_board(board)]


def test_a_badly_written_city_name_is_an_error_with_the_fix_as_its_hint() -> None:
    board = loads_map(_map())
    padded = dataclasses.replace(board.cities[0], name=" Alder")
    found = _found(dataclasses.replace(board, cities=(padded, *board.cities[1:])))
    assert (
        "city name ' Alder': it has spaces before or after it",
        "remove them",
        "error",
    ) in found


def test_a_badly_written_color_name_is_an_error_with_the_fix_as_its_hint() -> None:
    board = loads_map(_map())
    hidden = dataclasses.replace(board.colors[0], name="brown\u200b")
    found = _found(dataclasses.replace(board, colors=(hidden,)))
    assert (
        "color name 'brown\\u200b': it holds the invisible character U+200B (ZERO WIDTH SPACE)",
        "delete that character",
        "error",
    ) in found


def test_two_color_names_that_read_the_same_are_an_error() -> None:
    board = loads_map(_map())
    shouting = dataclasses.replace(board.colors[0], name="BROWN")
    found = _found(dataclasses.replace(board, colors=(*board.colors, shouting)))
    assert (
        "color names 'brown' and 'BROWN' read the same",
        "give each color a name that differs in more than case or look-alike letters",
        "error",
    ) in found
    assert not any("read the same" in message for message, _, _ in _found(board))


def test_a_terrain_vertex_too_far_out_is_an_error_for_polygons_and_lines() -> None:
    board = loads_map(_map())
    far = (2.0 * MAX_COORDINATE, 1.0)
    lake = Feature("water", polygon=((1.0, 0.5), (2.0, 0.5), far), name="Lake")
    river = Feature("water", line=((0.5, 0.5), far), name="River")
    for feature in (lake, river):
        found = [p.message for p in check_board(dataclasses.replace(board, terrain=(feature,)))]
        assert found == [f"terrain {feature.name!r} has the vertex [{far[0]!r}, {far[1]!r}]"]


def test_a_board_without_geometry_lists_its_errors_by_line() -> None:
    # a bad vertex stops the checks early; what was found is still sorted by line
    board = loads_map(_map())
    padded = dataclasses.replace(board.cities[0], name=" Alder")
    broken = dataclasses.replace(
        _with_vertex(board, (math.nan, 1.0)), cities=(padded, *board.cities[1:])
    )
    lines = {"city": (20, 5), "land": (10, 3)}
    problems = check_board(broken, "f", lambda kind, key, field: lines.get(kind, (1, 1)))
    assert [(p.line, p.message.split()[0]) for p in problems] == [(10, "land"), (20, "city")]


def test_a_double_segment_needs_a_terrain_and_only_a_double_may_have_one(tmp_path: Path) -> None:
    def found(segment: str) -> list[tuple[int, str, str]]:
        return _check(tmp_path, _map(segments=f"segments:\n  - {segment}\n"))

    assert found("{between: [[1, 1], [2, 1]], type: double}") == [
        (13, "error", "double segment [1, 1]-[2, 1] has no terrain")
    ]
    assert found("{between: [[1, 1], [2, 1]], type: ferry, terrain: water}") == [
        (13, "error", "ferry segment [1, 1]-[2, 1] cannot have a terrain")
    ]
    assert found("{between: [[1, 1], [2, 1]], type: double, terrain: water}") == []


def test_a_land_polygon_that_crosses_itself_is_an_error() -> None:
    board = loads_map(_map())
    bow = ((0.0, 0.0), (5.5, 3.0), (5.5, 0.0), (0.0, 3.0))  # its edges cross in the middle
    found = _found(dataclasses.replace(board, land=(Area(bow),)))
    assert ("land polygon 0 crosses itself", "order its vertices around the outline", "error") in (
        found
    )
    assert not any("crosses itself" in message for message, _, _ in _found(board))


def test_a_river_through_a_point_warns_at_each_vertex_on_a_point() -> None:
    board = loads_map(_map())
    x, y = lattice_xy((2, 1))
    brook = Feature("water", line=((x, 0.0), (x, y), (x, 3.0)), name="Brook")
    found = _found(dataclasses.replace(board, terrain=(brook,)))
    hint = "move the line off the point, between points, so the segments across it become doubles"
    assert found == [
        ("the water line's vertex 1 lies on point [2, 1]: segments there do not cross it", hint,
         "warning"),
        ("the water line's vertex 2 lies on point [2, 3]: segments there do not cross it", hint,
         "warning"),
    ]  # fmt: skip
