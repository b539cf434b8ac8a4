"""Damaged route-board files never crash the loader: every outcome is a board or a MapError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from workbench import MapError, RouteBoard
from workbench.maps.routes_io import check_routes_map, loads_routes

README = (MAPS / "README.md").read_text()
EXAMPLE = (
    "# yaml-language-server: $schema=routes.schema.json"
    + README.split("```yaml\n# yaml-language-server: $schema=routes.schema.json", 1)[1].split(
        "```", 1
    )[0]
)
LINES = EXAMPLE.splitlines()
TOKENS = st.sampled_from(
    [
        "0",
        "-1",
        "9",
        "1e9",
        "2.5",
        "nan",
        "x",
        "''",
        "[]",
        "{}",
        "[1]",
        "[a, b]",
        "true",
        "null",
        "gray",
        "ferry",
        "{name: A}",
        "[[0, 0]]",
        "Hamburg",
        "~",
    ]
)


@st.composite
def damaged(draw: st.DrawFn) -> str:
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["delete", "duplicate", "value", "key"]))
        if action == "delete":
            del lines[i]
        elif action == "duplicate":
            lines.insert(i, lines[i])
        elif ": " in lines[i]:
            head, _, tail = lines[i].partition(": ")
            if action == "value":
                lines[i] = f"{head}: {draw(TOKENS)}"
            else:
                lines[i] = f"{head}x: {tail}"
        if not lines:
            lines = ["kind: routes"]
    return "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_files_give_a_board_or_located_problems(text: str) -> None:
    try:
        board = loads_routes(text, "damaged.yaml")
    except MapError as e:
        assert e.problems and all(p.path == "damaged.yaml" for p in e.problems)
        assert all(p.line >= 1 and p.column >= 1 for p in e.problems), e.problems
    else:
        assert isinstance(board, RouteBoard)


def test_the_example_itself_is_clean(tmp_path) -> None:
    path = tmp_path / "example.yaml"
    path.write_text(EXAMPLE)
    assert check_routes_map(path) == []
