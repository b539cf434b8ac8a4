"""The JSON Schema of route-board files (format 1), the one source of their structure.

The route loader validates every file against :data:`ROUTES_SCHEMA`, and
``maps/routes.schema.json`` is written from it by :func:`routes_schema_json` (a test keeps
the two in sync), so editors with the YAML language server check route boards with the same
rules as ``workbench check``.
"""

from __future__ import annotations

import json
from typing import Any

from workbench.maps.routes import MAX_LENGTH, ROUTE_KINDS

__all__ = ["ROUTES_SCHEMA", "ROUTES_SCHEMA_ID", "routes_schema_json"]

ROUTES_SCHEMA_ID = "https://rail-workbench.example/routes.schema.json"

_text = {"type": "string"}
_note = {"type": "string", "description": "Free text, kept when the board is saved."}
_name = {"type": "string", "minLength": 1}
MAX_PLANE = 1_000_000
"""The largest plane coordinate (a board drawn in degrees or kilometres stays far below)."""
MAX_COUNT = 1000
"""The most of any component a deck holds (cards of a color, locomotives, cars; Europe: 45)."""
MAX_POINTS = 1000
"""The most points a ticket scores (Europe's longest scores 21)."""

_position = {
    "type": "array",
    "items": {"type": "number", "minimum": -MAX_PLANE, "maximum": MAX_PLANE},
    "minItems": 2,
    "maxItems": 2,
    "description": "[longitude, latitude] in degrees with a projection, else plane [x, y].",
}
_between = {
    "type": "array",
    "items": _name,
    "minItems": 2,
    "maxItems": 2,
    "description": "The two cities' names.",
}
_count = {"type": "integer", "minimum": 0, "maximum": MAX_COUNT}

ROUTES_SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": ROUTES_SCHEMA_ID,
    "title": "rail-workbench route board (format 1)",
    "description": "A route board for Ticket to Ride-like games. See maps/README.md.",
    "type": "object",
    "required": ["format", "kind", "name", "cities", "routes"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": 1, "description": "The version of the map format: 1."},
        "kind": {"const": "routes", "description": "A route board (cities joined by routes)."},
        "name": {"type": "string", "minLength": 1, "description": "The board's name."},
        "description": _text,
        "author": _text,
        "license": _text,
        "projection": {
            "type": "object",
            "required": ["center", "parallels"],
            "additionalProperties": False,
            "properties": {
                "center": {**_position, "description": "[longitude, latitude] of the origin."},
                "parallels": {
                    "type": "array",
                    "items": {"type": "number", "minimum": -89, "maximum": 89},
                    "minItems": 2,
                    "maxItems": 2,
                    "description": "The two standard parallels (degrees of latitude).",
                },
            },
            "description": "Lambert conformal conic: positions are [longitude, latitude].",
        },
        "deck": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "cards_per_color": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
                "locomotives": _count,
                "cars": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
                "stations": _count,
                "players": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 1, "maximum": 20},
                    "minItems": 2,
                    "maxItems": 2,
                    "description": "[fewest, most] players.",
                },
                "short_tickets": {"type": "integer", "minimum": 0, "maximum": 100_000},
                "long_tickets": {"type": "integer", "minimum": 0, "maximum": 100_000},
                "route_points": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0, "maximum": MAX_COUNT},
                    "minItems": 1,
                    "maxItems": 8,
                    "description": "Points for routes of 1, 2, 3, ... cars, as the board's "
                    "rulebook prints them (0: not printed); Europe's table when left out.",
                },
            },
            "description": "The components the board's totals are checked against.",
        },
        "colors": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name", "fill"],
                "additionalProperties": False,
                "properties": {
                    "name": _name,
                    "fill": {"type": "string", "pattern": "^#[0-9A-Fa-f]{6}$"},
                },
            },
            "description": "The train-card colors (gray is not one: it is any color).",
        },
        "land": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["polygon"],
                "additionalProperties": False,
                "properties": {
                    "name": _text,
                    "polygon": {"type": "array", "items": _position, "minItems": 3},
                    "note": _note,
                },
            },
            "description": "Land outlines drawn behind the routes, in the cities' coordinates.",
        },
        "cities": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "at"],
                "additionalProperties": False,
                "properties": {"name": _name, "at": _position, "note": _note},
            },
        },
        "routes": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["between", "length", "color"],
                "additionalProperties": False,
                "properties": {
                    "between": _between,
                    "length": {"type": "integer", "minimum": 1, "maximum": MAX_LENGTH},
                    "color": {"type": "string", "minLength": 1},
                    "kind": {"enum": list(ROUTE_KINDS)},
                    "locomotives": _count,
                    "via": {"type": "array", "items": _position},
                    "note": _note,
                },
            },
            "description": "Routes: length in cars, a card color or gray, plain/tunnel/ferry.",
        },
        "tickets": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["between", "points"],
                "additionalProperties": False,
                "properties": {
                    "between": _between,
                    "points": {"type": "integer", "minimum": 1, "maximum": MAX_POINTS},
                    "long": {"type": "boolean"},
                    "note": _note,
                },
            },
            "description": "Destination tickets: two cities and the points they score.",
        },
    },
}


def routes_schema_json() -> str:
    """The text of ``maps/routes.schema.json``.

    Examples
    --------
    >>> import json
    >>> json.loads(routes_schema_json())["properties"]["kind"]
    {'const': 'routes', 'description': 'A route board (cities joined by routes).'}
    """
    return json.dumps(ROUTES_SCHEMA, indent=2, ensure_ascii=False) + "\n"
