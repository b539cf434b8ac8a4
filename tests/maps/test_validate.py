"""Our schema validator agrees with the jsonschema package on generated documents."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from workbench.maps.schema import SCHEMA
from workbench.maps.validate import iter_errors

BASE = yaml.safe_load((MAPS / "tiny.yaml").read_text())

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 300)
    | st.floats(-3, 300, allow_nan=False)
    | st.sampled_from(["", "x", "#12AB3F", "water", "double", "brown", "lattice"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["name", "at", "type", "polygon", "line", "x"]), inner, max_size=3
        )
    ),
    max_leaves=8,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@st.composite
def mutated_maps(draw: st.DrawFn) -> Any:
    doc = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(_paths(doc)))
        if not path:
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "delete":
            del parent[path[-1]]
        elif action == "replace":
            parent[path[-1]] = draw(json_values)
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["note", "colour", "dashed", "x"]))] = draw(json_values)
    return doc


def _ours(doc: Any) -> set[tuple[Any, ...]]:
    return {(e.path, e.validator) for e in iter_errors(doc, SCHEMA)}


def _theirs(doc: Any) -> set[tuple[Any, ...]]:
    validator = jsonschema.Draft7Validator(SCHEMA)
    return {(tuple(e.absolute_path), e.validator) for e in validator.iter_errors(doc)}


def test_the_shipped_tiny_map_is_valid() -> None:
    assert _ours(BASE) == _theirs(BASE) == set()


@settings(max_examples=400, deadline=None)
@given(mutated_maps())
def test_same_errors_as_jsonschema(doc: Any) -> None:
    assert _ours(doc) == _theirs(doc)
