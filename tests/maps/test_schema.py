"""maps/map.schema.json is generated from the loader's schema and stays in sync."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from tests.conftest import MAPS, SHIPPED
from workbench.maps.schema import SCHEMA, schema_json


def test_schema_file_is_up_to_date() -> None:
    on_disk = (MAPS / "map.schema.json").read_text(encoding="utf-8")
    assert on_disk == schema_json(), "run: workbench schema -o maps/map.schema.json"


def test_schema_is_valid_draft7() -> None:
    jsonschema.Draft7Validator.check_schema(json.loads(schema_json()))
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_maps_validate_against_the_file(path: Path) -> None:
    schema = json.loads((MAPS / "map.schema.json").read_text())
    jsonschema.validate(yaml.safe_load(path.read_text()), schema)


def test_readme_example_is_a_valid_map(tmp_path: Path) -> None:
    readme = (MAPS / "README.md").read_text()
    example = readme.split("```yaml\n", 1)[1].split("```", 1)[0]
    from workbench import loads_map

    board = loads_map(example)
    assert board.name == "Tiny Island"
