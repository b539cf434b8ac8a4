"""Route boards: load(save(b)) == b, canonical files, the schema in sync, load_map dispatch."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from tests.conftest import MAPS, ROUTE_MAPS
from tests.maps.route_strategies import route_boards
from workbench import Board, MapError, RouteBoard, check_map, dumps_map, load_map, save_map
from workbench.maps.io import load_lattice, loads_map
from workbench.maps.routes_io import _RouteReader, dumps_routes, is_routes_text
from workbench.maps.routes_schema import ROUTES_SCHEMA, routes_schema_json

EUROPE = MAPS / "ticket_to_ride_europe.yaml"


def _reread(text: str) -> RouteBoard:
    """Parse ``text`` without raising, so boards with warnings round-trip too."""
    reader = _RouteReader("<test>")
    board = reader.read(text.encode("utf-8"))
    errors = [str(p) for p in reader.problems if p.severity == "error"]
    assert board is not None and not errors, errors
    return board


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(route_boards())
def test_save_load_round_trip(board: RouteBoard) -> None:
    text = dumps_map(board)
    assert is_routes_text(text)
    again = _reread(text)
    assert again == board
    assert dumps_map(again) == text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(route_boards())
def test_saved_files_validate_against_the_schema_file(board: RouteBoard) -> None:
    schema = json.loads((MAPS / "routes.schema.json").read_text())
    jsonschema.validate(yaml.safe_load(dumps_map(board)), schema)


def test_shipped_route_boards_are_found() -> None:
    assert ROUTE_MAPS == [EUROPE, MAPS / "ticket_to_ride_usa.yaml"]


@pytest.mark.parametrize("path", ROUTE_MAPS, ids=lambda p: p.name)
def test_shipped_route_boards_are_stored_canonically(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=routes.schema.json\n")
    assert dumps_map(load_map(path)) == text
    assert check_map(path) == []


def test_load_map_dispatches_on_kind(tmp_path: Path) -> None:
    europe = load_map(EUROPE)
    assert isinstance(europe, RouteBoard) and europe.kind == "routes"
    assert isinstance(load_map(MAPS / "tiny.yaml"), Board)
    out = save_map(europe, tmp_path / "copy.yaml")
    assert out.read_text() == EUROPE.read_text() and load_map(out) == europe


def test_kind_may_be_quoted_or_commented() -> None:
    text = "format: 1\nkind: 'routes'  # a route board\nname: Two\ncities: []\nroutes: []\n"
    board = loads_map(text)
    assert isinstance(board, RouteBoard) and board.routes == ()
    assert not is_routes_text("name: x\n  kind: routes\n")  # not at the top level


def test_lattice_only_callers_get_a_clear_error() -> None:
    with pytest.raises(MapError, match="route board") as info:
        load_lattice(EUROPE)
    assert info.value.problems[0].hint


def test_saving_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "board.yaml"
    target.write_text("old\n")
    board = load_map(EUROPE)

    def fail(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", fail)
    with pytest.raises(OSError):
        save_map(board, target)
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["board.yaml"]


def test_schema_file_is_up_to_date() -> None:
    on_disk = (MAPS / "routes.schema.json").read_text(encoding="utf-8")
    assert on_disk == routes_schema_json(), (
        "run: workbench schema --routes -o maps/routes.schema.json"
    )


def test_schema_is_valid_draft7() -> None:
    jsonschema.Draft7Validator.check_schema(json.loads(routes_schema_json()))
    assert ROUTES_SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"


@pytest.mark.parametrize("path", ROUTE_MAPS, ids=lambda p: p.name)
def test_shipped_route_boards_validate_against_the_file(path: Path) -> None:
    schema = json.loads((MAPS / "routes.schema.json").read_text())
    jsonschema.validate(yaml.safe_load(path.read_text()), schema)


def test_readme_example_is_a_valid_route_board() -> None:
    readme = (MAPS / "README.md").read_text()
    example = readme.split("```yaml\n# yaml-language-server: $schema=routes.schema.json", 1)[1]
    example = example.split("```", 1)[0]
    board = loads_map(example)
    assert isinstance(board, RouteBoard)
    assert dumps_routes(board).count("\n  - {between:") == len(board.routes) + len(board.tickets)
