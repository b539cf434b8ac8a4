"""The Board model: derived segments, the graph, snapping, clicking and editing."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import boards
from workbench import Board, City, MapError
from workbench.maps.lattice import are_neighbours, neighbours, plane_xy


def test_terrain_makes_doubles(tiny: Board) -> None:
    segs = tiny.segments
    assert (4, 2) not in tiny.points, "a point inside a lake is off the board"
    assert segs[(3, 1), (3, 2)].kind == "double" and segs[(3, 1), (3, 2)].terrain == "water"
    assert segs[(6, 2), (7, 2)].terrain == "water", "crossing the river"
    assert segs[(1, 4), (2, 4)].terrain == "mountain"
    assert segs[(0, 1), (1, 1)].kind == "single"
    assert all(s.cost == (2 if s.kind == "double" else 1) for s in segs.values())


def test_overrides_win_over_terrain(tiny: Board) -> None:
    segs = tiny.segments
    assert ((0, 0), (1, 0)) not in segs, "type none removes a segment"
    assert segs[(2, 2), (3, 2)].kind == "tunnel"
    assert segs[(5, 1), (6, 1)].kind == "ferry", "a ferry replaces a water double"
    assert tiny.derived_segment((5, 1), (6, 1)).kind == "double"
    assert segs[(7, 3), (7, 4)].terrain == "mountain"


def test_graph_attributes(tiny: Board) -> None:
    G = tiny.graph()
    assert set(G.nodes) == tiny.points
    assert G.number_of_edges() == len(tiny.segments)
    assert G.nodes[(1, 1)]["city"] == "Alder"
    assert G.nodes[(2, 1)]["pos"] == plane_xy((2, 1))
    assert "city" not in G.nodes[(2, 1)]
    e = G.edges[(3, 1), (3, 2)]
    assert (e["kind"], e["terrain"], e["weight"]) == ("double", "water", 2)
    assert all(are_neighbours(a, b) for a, b in G.edges)
    assert nx.is_connected(G)


def test_nearest_point_and_free_snapping(tiny: Board) -> None:
    x, y = plane_xy(tiny.city("Alder").at)
    assert tiny.nearest_point(x + 0.1, y) == (1, 1)
    free = tiny.nearest_point(x + 0.1, y, free=True)
    assert free != (1, 1) and free in neighbours((1, 1))
    x, y = plane_xy((4, 2))  # inside the lake: snaps to a shore point
    assert tiny.nearest_point(x, y) in neighbours((4, 2))


def test_segment_at(tiny: Board) -> None:
    (ax, ay), (bx, by) = plane_xy((3, 1)), plane_xy((3, 2))
    hit = tiny.segment_at((ax + bx) / 2 + 0.05, (ay + by) / 2)
    assert hit is not None and hit.between == ((3, 1), (3, 2))
    assert tiny.segment_at(-5, 5) is None


@settings(max_examples=60, deadline=None)
@given(boards(), st.floats(-1, 10), st.floats(-7, 1))
def test_nearest_point_is_nearest(board: Board, x: float, y: float) -> None:
    p = board.nearest_point(x, y)
    best = min(((px - x) ** 2 + (py - y) ** 2) for px, py in map(plane_xy, board.points))
    px, py = plane_xy(p)
    assert (px - x) ** 2 + (py - y) ** 2 == pytest.approx(best)


def test_edits_return_new_boards(tiny: Board) -> None:
    moved = tiny.move_city("Alder", (2, 1))
    assert moved.city("Alder").at == (2, 1) and tiny.city("Alder").at == (1, 1)
    assert tiny.add_city(City("Elm", "white", (2, 1))).city("Elm").color == "white"
    assert "Alder" not in {c.name for c in tiny.remove_city("Alder").cities}
    assert tiny.rename_city("Alder", "Aspen").city("Aspen").at == (1, 1)
    assert tiny.recolor_city("Alder", "pink").city("Alder").color == "pink"
    assert tiny.set_dashed("Alder", True).city("Alder").dashed
    assert tiny.set_segment((0, 1), (1, 1), "double", "water").segments[(0, 1), (1, 1)].cost == 2


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda b: b.move_city("Alder", (4, 2)), "sea point"),
        (lambda b: b.move_city("Alder", (20, 1)), "off the lattice"),
        (lambda b: b.move_city("Alder", (7, 4)), "both on [7, 4]"),
        (lambda b: b.add_city(City("Birch", "white", (2, 1))), "used 2 times"),
        (lambda b: b.recolor_city("Alder", "red"), "unknown color 'red'"),
        (lambda b: b.rename_city("Alder", "Birch"), "used 2 times"),
        (lambda b: b.set_segment((1, 1), (3, 1), "single"), "not neighbours"),
        (lambda b: b.set_segment((1, 1), (2, 1), "double"), "has no terrain"),
    ],
)
def test_invalid_edits_raise(tiny: Board, edit, words: str) -> None:
    with pytest.raises(MapError, match=words.replace("[", r"\[").replace("]", r"\]")):
        edit(tiny)


def test_cutting_off_a_city_is_refused(tiny: Board) -> None:
    board = tiny
    corner = (8, 0)  # Dogwood, in the top right corner
    cut = [n for n in neighbours(corner) if (min(n, corner), max(n, corner)) in board.segments]
    for n in cut[:-1]:
        board = board.set_segment(corner, n, "none")
    with pytest.raises(MapError, match="no path reaches city 'Dogwood'"):
        board.set_segment(corner, cut[-1], "none")


def test_set_segment_drops_redundant_overrides(tiny: Board) -> None:
    back = tiny.set_segment((2, 2), (3, 2), "single")
    assert all(o.between != ((2, 2), (3, 2)) for o in back.overrides)
    assert len(back.overrides) == len(tiny.overrides) - 1


def test_unknown_city_suggests_names(tiny: Board) -> None:
    with pytest.raises(KeyError, match="did you mean 'Alder'"):
        tiny.city("Alderr")


def test_repr_pastes_back(tiny: Board) -> None:
    from workbench.maps.board import (  # noqa: F401  (names used by eval)
        Area,
        CardColor,
        Deck,
        Feature,
        Lattice,
        SegmentOverride,
    )

    assert eval(repr(tiny)) == tiny


def test_boards_are_hashable_values(tiny: Board) -> None:
    assert hash(tiny) == hash(tiny.replace())
    assert len({tiny, tiny.replace(), tiny.replace(name="Other")}) == 2


def test_core_does_not_import_ui_libraries() -> None:
    code = (
        "import sys, workbench, workbench.maps, workbench.cli;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('bokeh', 'ipywidgets', 'jupyter_bokeh') or m.startswith('workbench.ui')];"
        "print(bad); raise SystemExit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_core_module_imports_ui_libraries() -> None:
    import re
    from pathlib import Path

    pattern = re.compile(r"^\s*(import|from)\s+(bokeh|ipywidgets|jupyter_bokeh)\b", re.M)
    offenders = [
        str(p)
        for p in Path("workbench").rglob("*.py")
        if "ui" not in p.parts and pattern.search(p.read_text())
    ]
    assert offenders == []


def test_points_counts(tiny: Board) -> None:
    kinds = Counter((s.kind, s.terrain) for s in tiny.segments.values())
    assert len(tiny.points) == 53
    assert kinds[("ferry", None)] == 1 and kinds[("tunnel", None)] == 1
