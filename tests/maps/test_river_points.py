"""A river drawn through a lattice point leaks there (the segments at the point only touch
it): the checker warns, at the vertex to move, and the editor shows the line."""

from __future__ import annotations

from pathlib import Path

from workbench.maps.io import check_map, load_map
from workbench.session.edit import EditSession

TINY = Path("maps/tiny.yaml").read_text(encoding="utf-8")
STRAIGHT = "      - [6.25, 0]\n      - [6.25, 5]\n"
THROUGH = "      - [6.25, 0]\n      - [6, 2]\n      - [6.25, 5]\n"


def leaky(tmp_path: Path) -> Path:
    assert STRAIGHT in TINY
    path = tmp_path / "leaky.yaml"
    path.write_text(TINY.replace(STRAIGHT, THROUGH), encoding="utf-8")
    return path


def test_a_river_through_a_point_warns_at_the_vertex_to_move(tmp_path: Path) -> None:
    path = leaky(tmp_path)
    problems = check_map(path)
    assert [p.severity for p in problems] == ["warning"]
    (p,) = problems
    line = TINY.replace(STRAIGHT, THROUGH).splitlines().index("      - [6, 2]") + 1
    assert (p.line, p.column) == (line, 9)  # the vertex's own place in the file
    assert "vertex 1 lies on point [6, 2]" in p.message and "move the line off the point" in p.hint
    assert load_map(path).name == "Tiny Island"  # a warning: the board still loads


def test_the_shipped_boards_have_no_river_through_a_point() -> None:
    for name in ("tiny", "trans_europa", "trans_amerika"):
        assert not [p for p in check_map(f"maps/{name}.yaml") if "lies on point" in p.message]


def test_the_editor_shows_the_leaking_line(tmp_path: Path) -> None:
    session = EditSession(str(leaky(tmp_path)), background=False)
    (index,) = [i for i, p in enumerate(session.problems) if "lies on point" in p.message]
    place = session.highlight(index)
    assert place.outlines and (6, 2) in [tuple(v) for v in place.outlines[0]]
