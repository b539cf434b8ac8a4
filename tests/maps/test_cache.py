"""The per-board cache: by identity, never by hash, and gone with the board."""

from __future__ import annotations

import gc

import pytest

from tests.conftest import MAPS
from workbench import load_map
from workbench.analysis.costmodel import cost_model
from workbench.games.trans_europa import TransEuropa
from workbench.maps import cache
from workbench.maps.board import Board
from workbench.maps.cache import board_cache, per_board


def test_values_are_shared_per_board_and_never_hash_it(monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_map(MAPS / "tiny.yaml")

    def refuse(self: Board) -> int:
        raise AssertionError("the cache hashed a board")

    monkeypatch.setattr(Board, "__hash__", refuse)
    calls = []

    @per_board
    def count(b: Board, extra: int) -> int:
        calls.append(extra)
        return len(b.cities) + extra

    assert count(board, 1) == count(board, 1) == len(board.cities) + 1
    assert count(board, 2) == len(board.cities) + 2
    assert calls == [1, 2]
    assert cost_model(board) is cost_model(board)
    assert (
        TransEuropa(board, players=2).marker_points
        is TransEuropa(board, players=2, seed=3).marker_points
    )
    twin = load_map(MAPS / "tiny.yaml")
    assert twin == board and board_cache(twin) is not board_cache(board)


def test_a_board_takes_its_values_with_it() -> None:
    board = load_map(MAPS / "tiny.yaml")
    cost_model(board)
    key = id(board)
    assert key in cache._TABLES
    del board
    gc.collect()
    assert key not in cache._TABLES
