"""A small JSON Schema (draft-07) validator for the keywords the map schema uses.

The map loader needs every error with its path, and it runs on every ``workbench check``.
The full ``jsonschema`` package can take seconds to import in a JupyterLab environment (its
format checkers pull in grammar libraries), so the loader uses this validator of the subset
that :data:`workbench.maps.schema.SCHEMA` is written in; the tests check that it reports the
same errors as ``jsonschema`` on generated documents.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["KEYWORDS", "SchemaError", "iter_errors"]

KEYWORDS = frozenset(
    {
        "$schema", "$id", "title", "description", "type", "properties", "required",
        "additionalProperties", "items", "enum", "const", "minItems", "maxItems", "minimum",
        "maximum", "minLength", "pattern", "oneOf",
    }
)  # fmt: skip
"""The schema keywords this validator understands; any other is refused."""


@dataclass(frozen=True)
class SchemaError:
    """One way an instance breaks its schema, named like ``jsonschema``'s errors."""

    path: tuple[Any, ...]
    validator: str
    validator_value: Any
    instance: Any
    schema: dict[str, Any]


def _is_type(value: Any, name: str) -> bool:
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "integer":
        if isinstance(value, float):
            return value.is_integer()
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "null":
        return value is None
    raise ValueError(f"unknown JSON Schema type {name!r}")


def _equal(a: Any, b: Any) -> bool:
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def iter_errors(
    instance: Any, schema: dict[str, Any], path: tuple[Any, ...] = ()
) -> Iterator[SchemaError]:
    """Every error of ``instance`` against ``schema``, depth first.

    Examples
    --------
    >>> schema = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}
    >>> [(e.path, e.validator) for e in iter_errors({"a": "x"}, schema)]
    [(('a',), 'type')]
    >>> [(e.path, e.validator) for e in iter_errors({}, schema)]
    [((), 'required')]
    """
    unknown = set(schema) - KEYWORDS
    if unknown:
        raise ValueError(f"the validator does not support {sorted(unknown)}")

    def error(keyword: str) -> SchemaError:
        return SchemaError(path, keyword, schema[keyword], instance, schema)

    if "type" in schema and not _is_type(instance, schema["type"]):
        yield error("type")  # and go on: like jsonschema, every keyword is checked
    if "const" in schema and not _equal(instance, schema["const"]):
        yield error("const")
    if "enum" in schema and not any(_equal(instance, v) for v in schema["enum"]):
        yield error("enum")
    if isinstance(instance, str):
        if "minLength" in schema and len(instance) < schema["minLength"]:
            yield error("minLength")
        if "pattern" in schema and not re.search(schema["pattern"], instance):
            yield error("pattern")
    if _is_type(instance, "number"):
        if "minimum" in schema and instance < schema["minimum"]:
            yield error("minimum")
        if "maximum" in schema and instance > schema["maximum"]:
            yield error("maximum")
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            yield error("minItems")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            yield error("maxItems")
        if "items" in schema:
            for i, item in enumerate(instance):
                yield from iter_errors(item, schema["items"], (*path, i))
    if isinstance(instance, dict):
        properties = schema.get("properties", {})
        if "required" in schema and any(k not in instance for k in schema["required"]):
            yield error("required")
        if schema.get("additionalProperties", True) is False and set(instance) - set(properties):
            yield error("additionalProperties")
        for key, value in instance.items():
            if key in properties:
                yield from iter_errors(value, properties[key], (*path, key))
    if "oneOf" in schema:
        passing = sum(not any(iter_errors(instance, s, path)) for s in schema["oneOf"])
        if passing != 1:
            yield error("oneOf")
