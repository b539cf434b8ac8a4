"""The JSON Schema of map files (format 1), the one source of their structure.

The loader validates every file against :data:`SCHEMA`, and ``maps/map.schema.json`` is
written from it by :func:`schema_json` (a test keeps the two in sync), so editors with the
YAML language server check map files with the same rules as ``workbench check``.
"""

from __future__ import annotations

import json
from typing import Any

from workbench.maps.board import SEGMENT_TYPES, TERRAINS

__all__ = ["MAX_COORDINATE", "MAX_DECK", "MAX_LATTICE", "SCHEMA", "SCHEMA_ID", "schema_json"]

SCHEMA_ID = "https://rail-workbench.example/map.schema.json"
MAX_LATTICE = 200
"""The largest number of columns or rows a lattice may have."""
MAX_COORDINATE = 1000
"""The largest size of a drawing's coordinate, in lattice units (five times the largest
lattice): larger numbers are typing mistakes, and would overflow a drawing."""
MAX_DECK = 1000
"""The largest number of cities per color a deck may expect."""

_text = {"type": "string"}
_note = {"type": "string", "description": "Free text, kept when the map is saved."}
_number = {"type": "number", "minimum": -MAX_COORDINATE, "maximum": MAX_COORDINATE}
_vertex = {
    "type": "array",
    "items": _number,
    "minItems": 2,
    "maxItems": 2,
    "description": "[x, y] in lattice units: x is the column (+0.5 on odd rows), y the row.",
}
_point = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": 10 * MAX_LATTICE},
    "minItems": 2,
    "maxItems": 2,
    "description": "A lattice point [col, row]; row 0 is the top edge.",
}
_polygon = {"type": "array", "items": _vertex, "minItems": 3}
_line = {"type": "array", "items": _vertex, "minItems": 2}

SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": SCHEMA_ID,
    "title": "rail-workbench map (format 1)",
    "description": "A lattice board for Trans Europa-like games. See maps/README.md.",
    "type": "object",
    "required": ["format", "name", "lattice", "colors", "land", "cities"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": 1, "description": "The version of the map format: 1."},
        "kind": {"enum": ["lattice"], "description": "The kind of board (default lattice)."},
        "name": {"type": "string", "minLength": 1, "description": "The board's name."},
        "description": _text,
        "author": _text,
        "license": _text,
        "lattice": {
            "type": "object",
            "required": ["columns", "rows"],
            "additionalProperties": False,
            "properties": {
                "columns": {"type": "integer", "minimum": 1, "maximum": MAX_LATTICE},
                "rows": {"type": "integer", "minimum": 1, "maximum": MAX_LATTICE},
            },
            "description": "The lattice's size in points.",
        },
        "deck": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "per_color": {"type": "integer", "minimum": 1, "maximum": MAX_DECK},
                "dashed_per_color": {"type": "integer", "minimum": 0, "maximum": MAX_DECK},
            },
            "description": "Expected cities per color and dashed ones among them (7 and 2).",
        },
        "colors": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name", "fill"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "fill": {"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"},
                },
            },
            "description": "The card colors, in the order hands list them.",
        },
        "land": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["polygon"],
                "additionalProperties": False,
                "properties": {"name": _text, "polygon": _polygon, "note": _note},
            },
            "description": "Land polygons: the points inside are on the board.",
        },
        "terrain": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["type"],
                "additionalProperties": False,
                "properties": {
                    "name": _text,
                    "type": {"enum": list(TERRAINS)},
                    "polygon": _polygon,
                    "line": _line,
                    "note": _note,
                },
                "oneOf": [{"required": ["polygon"]}, {"required": ["line"]}],
            },
            "description": "Water and mountain features; segments crossing them are doubles.",
        },
        "cities": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "color", "at"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "color": {"type": "string"},
                    "at": _point,
                    "dashed": {"type": "boolean"},
                    "note": _note,
                },
            },
        },
        "segments": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["between", "type"],
                "additionalProperties": False,
                "properties": {
                    "between": {"type": "array", "items": _point, "minItems": 2, "maxItems": 2},
                    "type": {"enum": list(SEGMENT_TYPES)},
                    "terrain": {"enum": list(TERRAINS)},
                    "note": _note,
                },
            },
            "description": "Per-segment overrides; they win over terrain.",
        },
    },
}


def schema_json() -> str:
    """The text of ``maps/map.schema.json``.

    Examples
    --------
    >>> import json
    >>> json.loads(schema_json())["$schema"]
    'http://json-schema.org/draft-07/schema#'
    """
    return json.dumps(SCHEMA, indent=2, ensure_ascii=False) + "\n"
