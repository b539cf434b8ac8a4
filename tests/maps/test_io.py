"""Saving is canonical and atomic, and loading gives back the same board."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import SHIPPED
from tests.strategies import boards
from workbench import Board, dumps_map, load_map, loads_map, save_map
from workbench.maps.io import _MapReader


def _reread(text: str) -> Board:
    """Parse ``text`` without raising, so boards with warnings round-trip too."""
    reader = _MapReader("<test>")
    board = reader.read(text.encode("utf-8"))
    errors = [str(p) for p in reader.problems if p.severity == "error"]
    assert board is not None and not errors, errors
    return board


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_save_load_round_trip(board: Board) -> None:
    text = dumps_map(board)
    again = _reread(text)
    assert again == board
    assert dumps_map(again) == text


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_maps_are_stored_canonically(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=map.schema.json\n")
    assert dumps_map(load_map(path)) == text


def test_saving_twice_gives_identical_bytes(tiny: Board, tmp_path: Path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    save_map(tiny, a)
    save_map(load_map(a), b)
    assert a.read_bytes() == b.read_bytes()


def test_notes_and_schema_line_survive(tmp_path: Path) -> None:
    text = (
        (Path("maps") / "tiny.yaml")
        .read_text()
        .replace("$schema=map.schema.json", "$schema=../maps/map.schema.json")
    )
    board = loads_map(text)
    assert board.city("Birch").note == "a note survives saving"
    out = save_map(board, tmp_path / "t.yaml").read_text()
    assert out.splitlines()[0] == "# yaml-language-server: $schema=../maps/map.schema.json"
    assert "note: a note survives saving" in out
    assert "note: a cliff" in out


def test_a_moved_city_is_a_one_line_diff(tiny: Board) -> None:
    before = dumps_map(tiny).splitlines()
    after = dumps_map(tiny.move_city("Cedar", (5, 4))).splitlines()
    changed = [
        line
        for line in difflib.unified_diff(before, after, lineterm="", n=0)
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    assert changed == [
        "-  - {name: Cedar, color: white, at: [4, 4], dashed: false}",
        "+  - {name: Cedar, color: white, at: [5, 4], dashed: false}",
    ]


def test_interrupted_save_leaves_old_file(tiny: Board, tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "board.yaml"
    save_map(tiny, target)
    old = target.read_bytes()

    def crash(src: str, dst: str) -> None:
        raise KeyboardInterrupt("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        save_map(tiny.rename_city("Alder", "Changed"), target)
    assert target.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["board.yaml"], "no temporary file left"


def test_save_keeps_permissions(tiny: Board, tmp_path: Path) -> None:
    target = tmp_path / "board.yaml"
    save_map(tiny, target)
    target.chmod(0o600)
    save_map(tiny, target)
    assert target.stat().st_mode & 0o777 == 0o600


def test_quoting_survives_awkward_names(tiny: Board) -> None:
    awkward = ["yes", "null", "a: b", "x # y", "[1, 2]", "São Paulo", "it's", '"q"', "12"]
    board = tiny
    for i, name in enumerate(awkward):
        board = board.rename_city(board.cities[i].name, name)
    assert loads_map(dumps_map(board)) == board
