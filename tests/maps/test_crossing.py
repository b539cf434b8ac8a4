"""The indexed crossing test agrees with GEOS's ``relate_pattern`` on every segment."""

from __future__ import annotations

import os

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.ops import unary_union

from workbench import load_map
from workbench.maps import crossing
from workbench.maps.lattice import edge, lattice_xy, neighbours

# coordinates on a quarter grid, so that drawings run along segments and through points
quarter = st.integers(-4, 36).map(lambda v: v / 4)


def _segments(columns: int = 8, rows: int = 8) -> np.ndarray:
    points = [(c, r) for r in range(rows) for c in range(columns)]
    keys = sorted({edge(p, q) for p in points for q in neighbours(p) if q in set(points)})
    return shapely.linestrings([[lattice_xy(a), lattice_xy(b)] for a, b in keys])


@pytest.fixture(autouse=True)
def _always_indexed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use the index for every drawing, with pieces of 3 vertices, so cuts are everywhere."""
    monkeypatch.setattr(crossing, "_DIRECT", 0)
    monkeypatch.setattr(crossing, "_PIECE", 3)


@settings(max_examples=int(os.environ.get("CROSSING_EXAMPLES", 60)), deadline=None)
@given(
    st.lists(st.lists(st.tuples(quarter, quarter), min_size=2, max_size=12), min_size=1, max_size=3)
)
def test_lines_agree_with_relate(lines: list[list[tuple[float, float]]]) -> None:
    geometry = unary_union([shapely.LineString(line) for line in lines])
    segments = _segments()
    expected = shapely.relate_pattern(segments, geometry, "T********")
    assert crossing.interiors_meet(segments, geometry).tolist() == expected.tolist()


@settings(max_examples=int(os.environ.get("CROSSING_EXAMPLES", 60)), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(2, 14),
            st.integers(2, 14),
            st.integers(4, 24),
            st.lists(quarter, min_size=24, max_size=24),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_polygons_agree_with_relate(shapes: list[tuple[int, int, int, list[float]]]) -> None:
    polygons = []
    for cx, cy, n, radii in shapes:  # star-shaped around (cx/2, cy/2), hence simple
        angles = np.linspace(0, 2 * np.pi, n, endpoint=False)
        r = np.abs(np.array(radii[:n])) + 0.25
        ring = np.round(np.c_[cx / 2 + r * np.cos(angles), cy / 2 + r * np.sin(angles)] * 4) / 4
        polygons.append(shapely.make_valid(shapely.Polygon(ring)))
    geometry = unary_union(polygons)
    if shapely.get_type_id(geometry) not in (3, 6):
        return  # a repair that left lines or points: answered by relate_pattern directly
    segments = _segments()
    expected = shapely.relate_pattern(segments, geometry, "T********")
    assert crossing.interiors_meet(segments, geometry).tolist() == expected.tolist()


def test_a_river_ending_on_another_is_a_boundary_there() -> None:
    # three pieces end at (2, 0): the mod-2 rule makes it a boundary point
    geometry = unary_union(
        [shapely.LineString([(0, 0), (4, 0)]), shapely.LineString([(2, 0), (2, 3)])]
    )
    segments = _segments()
    expected = shapely.relate_pattern(segments, geometry, "T********")
    assert crossing.interiors_meet(segments, geometry).tolist() == expected.tolist()


@pytest.mark.parametrize("name", ["tiny", "trans_europa", "trans_amerika"])
def test_the_shipped_boards_through_the_index(name: str) -> None:
    board = load_map(f"maps/{name}.yaml")
    points = board.points
    keys = sorted({edge(p, q) for p in points for q in neighbours(p) if q in points})
    segments = shapely.linestrings([[lattice_xy(a), lattice_xy(b)] for a, b in keys])
    for geometry in board._terrain_geometries.values():
        expected = shapely.relate_pattern(segments, geometry, "T********")
        assert crossing.interiors_meet(segments, geometry).tolist() == expected.tolist()
