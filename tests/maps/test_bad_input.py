"""Issue 14's classes of bad map input, one named test each (the corpus is test_broken.py)."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest

from workbench import MapError, check_map, load_map, loads_map, save_map
from workbench.maps.board import Feature
from workbench.maps.check import check_board
from workbench.maps.io import MAX_BYTES, dumps_map

TINY = Path("maps/tiny.yaml").read_text(encoding="utf-8")


def test_whole_numbers_written_as_floats_are_read_alike() -> None:
    board = load_map("maps/tiny.yaml")
    for text in (
        TINY.replace("rows: 6}", "rows: 6.0}"),
        TINY.replace("columns: 9,", "columns: 9.0,"),
        TINY.replace("per_color: 2,", "per_color: 2.0,").replace("at: [1, 1]", "at: [1.0, 1]"),
    ):
        assert loads_map(text) == board
    assert loads_map(TINY.replace("format: 1", "format: 1.0")) == board
    with pytest.raises(MapError, match=r"should be a whole number, not the number 6\.5"):
        loads_map(TINY.replace("rows: 6}", "rows: 6.5}"))


def test_a_nul_late_in_the_file_is_located(tmp_path: Path) -> None:
    path = tmp_path / "late.yaml"
    path.write_bytes(TINY.encode() + b"# " + b"x" * 9000 + b"\x00\n")
    (problem,) = check_map(path)
    assert (problem.line, problem.column) == (TINY.count("\n") + 1, 9003)
    assert "control character U+0000" in problem.message


def test_every_control_character_is_refused_with_its_place() -> None:
    for ch in ("\x01", "\x07", "\x1b", "\x7f", "\x9b", "\ufffe"):
        with pytest.raises(MapError) as info:
            loads_map(TINY.replace("name: Tiny Island", f"name: Tiny{ch}Island"))
        first = info.value.problems[0]
        assert (first.line, first.column) == (4, 11), first
        assert f"U+{ord(ch):04X}" in first.message


def test_the_size_limit_message_says_the_real_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(TINY.encode() + b"#" * 1_500_000)
    size = path.stat().st_size
    (problem,) = check_map(path)
    assert f"the file is {size:,} bytes, over the limit of {MAX_BYTES:,} bytes" in problem.message
    with pytest.raises(MapError, match=f"{size:,} bytes"):
        load_map(path)


def _with_vertex(x: float) -> object:
    board = load_map("maps/tiny.yaml")
    river = Feature("water", line=((x, 0.5), (6.25, 3)), name="Odd")
    return dataclasses.replace(board, terrain=(*board.terrain, river))


@pytest.mark.parametrize("x", [1e-05, 2.5e-7, 123.456, -0.001, 999.999999])
def test_saving_writes_numbers_that_loading_reads(x: float, tmp_path: Path) -> None:
    board = _with_vertex(x)
    loaded = load_map(save_map(board, tmp_path / "odd.yaml"))
    assert loaded == board and loaded.terrain[-1].line[0][0] == x


@pytest.mark.parametrize("x", [math.nan, math.inf, -math.inf, 1e308])
def test_numbers_that_cannot_load_are_neither_accepted_nor_saved(x: float, tmp_path: Path) -> None:
    board = _with_vertex(x)
    assert any("has the vertex" in p.message for p in check_board(board))
    with pytest.raises(MapError):
        save_map(board, tmp_path / "odd.yaml")
    assert not list(tmp_path.iterdir()), "nothing is written"


def _round_land(vertices: int) -> object:
    """Tiny Island with a lake of ``vertices`` vertices off its coast."""
    board = load_map("maps/tiny.yaml")
    ring = tuple(
        (
            round(40.25 + 20.6 * math.cos(2 * math.pi * i / vertices), 6),
            round(30.5 + 20.0 * math.sin(2 * math.pi * i / vertices), 6),
        )
        for i in range(vertices)
    )
    return dataclasses.replace(board, terrain=(*board.terrain, Feature("water", polygon=ring)))


def test_a_board_near_the_limit_is_saved_in_the_compact_layout(tmp_path: Path) -> None:
    board = _round_land(45_000)
    assert len(dumps_map(board).encode()) > MAX_BYTES  # the canonical layout would not load
    path = save_map(board, tmp_path / "round.yaml")
    assert path.stat().st_size <= MAX_BYTES
    assert load_map(path) == board


def test_a_board_over_the_limit_is_refused_before_writing(tmp_path: Path) -> None:
    board = _round_land(60_000)
    with pytest.raises(MapError, match="over the limit of 1,048,576 bytes"):
        save_map(board, tmp_path / "round.yaml")
    assert not list(tmp_path.iterdir())


def test_a_board_without_cities_is_flagged() -> None:
    text = TINY[: TINY.index("cities:")] + "cities: []\n"
    problems = [p for p in check_map_text(text) if "no cities" in p.message]
    assert problems and problems[0].severity == "warning"


def check_map_text(text: str) -> list:
    from workbench.maps.io import _MapReader

    reader = _MapReader("<test>")
    reader.read(text.encode())
    return reader.problems


def test_names_are_read_in_normal_form_c() -> None:
    decomposed = TINY.replace("{name: Alder,", '{name: "A\\u030alder",')
    assert loads_map(decomposed).city("\u00c5lder").name == "\u00c5lder"


def test_edits_refuse_names_that_cannot_be_shown_or_typed() -> None:
    board = load_map("maps/tiny.yaml")
    for bad in (" Alder", "", "Al\u200bder", "\u202eAlder", "Al\x1bder", "A\u030alder", "ALDER"):
        with pytest.raises(MapError):
            board.rename_city("Birch", bad)


def test_a_padded_name_cannot_reach_a_game_with_card_exchanges() -> None:
    with pytest.raises(MapError, match="spaces before or after"):
        loads_map(TINY.replace("{name: Alder,", '{name: "Alder ",'))
