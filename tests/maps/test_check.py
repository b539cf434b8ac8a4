"""The meaning checks that no broken-file example reached: each fires on the smallest map
that breaks it, at the line of the entry to fix, and stays quiet one step short of it."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

from workbench import check_map
from workbench.maps.board import Area, City, SegmentOverride
from workbench.maps.check import check_board
from workbench.maps.io import loads_map

HEAD = """\
format: 1
name: Checked
lattice: {columns: 6, rows: 4}
deck: {per_color: 2, dashed_per_color: DASHED}
colors:
  - {name: brown, fill: "#8B5A2B"}
COLORS
land:
  - polygon: [[0, 0], [5.5, 0], [5.5, 3], [0, 3]]
cities:
  - {name: Alder, color: brown, at: [1, 1], dashed: DASH_A}
  - {name: Birch, color: brown, at: [4, 2]}
"""


def _check(tmp_path: Path, text: str) -> list[tuple[int, str, str]]:
    path = tmp_path / "map.yaml"
    path.write_text(text)
    return [(p.line, p.severity, p.message) for p in check_map(path)]


def _map(colors: str = "", dashed: int = 0, dash_alder: bool = False, segments: str = "") -> str:
    text = HEAD.replace("COLORS\n", colors).replace("DASHED", str(dashed))
    text = text.replace("DASH_A", "true" if dash_alder else "false")
    return text + segments


def test_a_color_defined_twice_is_an_error_at_its_entry(tmp_path: Path) -> None:
    twice = '  - {name: brown, fill: "#000000"}\n'
    problems = _check(tmp_path, _map(colors=twice))
    assert (6, "error", "color 'brown' is defined 2 times") in problems
    assert _check(tmp_path, _map()) == []


def test_a_color_defined_three_times_says_three(tmp_path: Path) -> None:
    thrice = '  - {name: brown, fill: "#000000"}\n  - {name: brown, fill: "#111111"}\n'
    problems = _check(tmp_path, _map(colors=thrice))
    assert (6, "error", "color 'brown' is defined 3 times") in problems


def test_a_segment_overridden_twice_is_an_error_at_the_second_entry(tmp_path: Path) -> None:
    segments = (
        "segments:\n"
        "  - {between: [[1, 1], [2, 1]], type: ferry}\n"
        "  - {between: [[2, 1], [1, 1]], type: tunnel}\n"
    )
    problems = _check(tmp_path, _map(segments=segments))
    assert problems == [(14, "error", "segment [1, 1]-[2, 1] is overridden twice")]
    once = "segments:\n  - {between: [[1, 1], [2, 1]], type: ferry}\n"
    assert _check(tmp_path, _map(segments=once)) == []


def test_three_overrides_of_one_segment_report_the_second_and_third(tmp_path: Path) -> None:
    segments = "segments:\n" + "  - {between: [[1, 1], [2, 1]], type: ferry}\n" * 3
    problems = _check(tmp_path, _map(segments=segments))
    assert [line for line, _, message in problems if "overridden twice" in message] == [14, 15]


def test_too_few_dashed_cities_warn(tmp_path: Path) -> None:
    problems = _check(tmp_path, _map(dashed=1))
    assert problems == [
        (6, "warning", "color 'brown' has 0 dashed cities, the deck expects 1"),
    ]
    assert _check(tmp_path, _map(dashed=1, dash_alder=True)) == []


def test_too_many_dashed_cities_warn(tmp_path: Path) -> None:
    problems = _check(tmp_path, _map(dashed=0, dash_alder=True))
    assert problems == [(6, "warning", "color 'brown' has 1 dashed city, the deck expects 0")]


def test_a_vertex_that_is_not_a_number_is_an_error() -> None:
    # the loader refuses .nan in a file; a board made in Python is checked by check_board
    board = loads_map(_map())
    for vertex in ((math.nan, 1.0), (1.0, math.nan), (math.inf, 1.0)):
        outline = (*board.land[0].polygon[:2], vertex, *board.land[0].polygon[2:])
        broken = dataclasses.replace(board, land=(Area(outline),))
        problems = check_board(broken)
        assert [p.message for p in problems] == [
            f"land 0 has the vertex [{vertex[0]!r}, {vertex[1]!r}]"
        ], problems


def test_the_city_away_from_most_others_is_the_unreachable_one(tmp_path: Path) -> None:
    # two islands: Alder and Birch on the west one, Cedar alone on the east one
    text = """\
format: 1
name: Islands
lattice: {columns: 9, rows: 4}
deck: {per_color: 3, dashed_per_color: 0}
colors:
  - {name: brown, fill: "#8B5A2B"}
land:
  - polygon: [[0, 0], [3.2, 0], [3.2, 3], [0, 3]]
  - polygon: [[5.8, 0], [8.5, 0], [8.5, 3], [5.8, 3]]
cities:
  - {name: Cedar, color: brown, at: [7, 1]}
  - {name: Alder, color: brown, at: [1, 1]}
  - {name: Birch, color: brown, at: [2, 2]}
"""
    problems = _check(tmp_path, text)
    assert [m for _, _, m in problems if "no path" in m] == [
        "no path reaches city 'Cedar' from the others"
    ]


ISLANDS = """\
format: 1
name: Islands
lattice: {columns: 9, rows: 4}
deck: {per_color: 4, dashed_per_color: 0}
colors:
  - {name: brown, fill: "#8B5A2B"}
land:
  - polygon: [[0, 0], [3.2, 0], [3.2, 3], [0, 3]]
  - polygon: [[5.8, 0], [8.5, 0], [8.5, 3], [5.8, 3]]
cities:
  - {name: Cedar, color: brown, at: [7, 1]}
  - {name: Alder, color: brown, at: [1, 1]}
  - {name: Birch, color: brown, at: [2, 2]}
segments:
  - {between: [[0, 0], [2, 0]], type: ferry}
"""


def test_problems_come_errors_first_in_the_order_of_the_file(tmp_path: Path) -> None:
    # found in the order of the checks (the segment before the unreachable city), listed
    # in the order of the file (the city's line first), the deck's warning last
    text = ISLANDS
    problems = _check(tmp_path, text)
    assert [(line, severity) for line, severity, _ in problems] == [
        (11, "error"),
        (15, "error"),
        (6, "warning"),
    ], problems
    assert "no path reaches city 'Cedar'" in problems[0][2]
    assert "not neighbours" in problems[1][2]


def test_check_board_sorts_by_line_with_its_locate_function() -> None:
    """check_board itself sorts what it found (the loader sorts again, so only a direct
    caller with a locate function sees this): errors first, by line and column."""
    board = loads_map(_map())
    broken = dataclasses.replace(
        board,
        cities=(*board.cities, City("Far", "brown", (40, 40))),  # off the lattice
        overrides=(SegmentOverride(((1, 1), (3, 1)), "ferry"),),  # not neighbours
    )
    # the cities are checked before the overrides; their lines here say the opposite
    lines = {"override": (10, 3), "city": (20, 5), "color": (4, 1)}
    problems = check_board(broken, "f", lambda kind, key, field: lines.get(kind, (1, 1)))
    assert [(p.line, p.severity) for p in problems] == [
        (10, "error"),
        (20, "error"),
        (4, "warning"),
    ]
