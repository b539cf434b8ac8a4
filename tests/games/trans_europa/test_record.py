"""Saved games: every damaged or edited record is refused with a ValueError that says why."""

from __future__ import annotations

import json
from typing import Any

import pytest

from workbench import load_map
from workbench.games.trans_europa import FORMAT, NextRound, TransEuropa, load_game, save_game
from workbench.games.trans_europa.record import board_fingerprint
from workbench.maps.board import Board
from workbench.records import digest


@pytest.fixture(scope="module")
def tiny() -> Board:
    return load_map("maps/tiny.yaml")


@pytest.fixture(scope="module")
def record(tiny: Board) -> dict[str, Any]:
    state = TransEuropa(tiny, players=2, seed=3).new_state()
    for _ in range(12):
        actions = state.legal_actions()
        state.apply(actions[len(actions) // 2])
    return json.loads(json.dumps(save_game(state)))


def test_a_record_loads_and_says_what_it_holds(tiny: Board, record: dict[str, Any]) -> None:
    state = load_game(record, tiny)
    assert record["format"] == FORMAT == 2
    assert record["action_count"] == len(record["actions"]) == 12
    assert record["over"] is False and not state.is_terminal()
    assert record["board_fingerprint"] == board_fingerprint(tiny)


@pytest.mark.parametrize("key", sorted(k for k in save_game(
    TransEuropa(load_map("maps/tiny.yaml"), players=2).new_state())))  # fmt: skip
def test_missing_keys(tiny: Board, record: dict[str, Any], key: str) -> None:
    damaged = {k: v for k, v in record.items() if k != key}
    with pytest.raises(ValueError, match="saved game"):
        load_game(damaged, tiny)


@pytest.mark.parametrize("value", [None, [], {}, "x", 1.5, -1, [[1]]])
@pytest.mark.parametrize("key", ["players", "seed", "rules", "actions", "hands", "over"])
def test_null_lists_and_wrong_types(
    tiny: Board, record: dict[str, Any], key: str, value: Any
) -> None:
    if record[key] == value and type(record[key]) is type(value):
        return  # that is the record's own value
    with pytest.raises(ValueError):
        load_game({**record, key: value}, tiny)


@pytest.mark.parametrize("not_a_record", [None, [], "game", 7])
def test_not_a_mapping(tiny: Board, not_a_record: Any) -> None:
    with pytest.raises(ValueError, match="mapping"):
        load_game(not_a_record, tiny)  # type: ignore[arg-type]


def test_format_true_is_not_format_1(tiny: Board, record: dict[str, Any]) -> None:
    for value in (True, 1.0, "2", 1):
        with pytest.raises(ValueError, match="format"):
            load_game({**record, "format": value}, tiny)


def resealed(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its digest made again, as a careful editor would."""
    return {**record, "digest": digest(record)}


def test_a_truncated_log(tiny: Board, record: dict[str, Any]) -> None:
    cut = {**record, "actions": record["actions"][:7]}
    with pytest.raises(ValueError, match="records 12 actions but holds 7"):
        load_game(cut, tiny)
    with pytest.raises(ValueError, match="records 12 actions but holds 7"):
        load_game(resealed(cut), tiny)
    with pytest.raises(ValueError, match="digest does not match"):  # the count edited too
        load_game({**cut, "action_count": 7}, tiny)


def test_a_changed_rules_text(tiny: Board, record: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="changed after it was saved"):
        load_game({**record, "rules": record["rules"] + "target: 5\n"}, tiny)


def test_the_same_card_in_two_hands(tiny: Board, record: dict[str, Any]) -> None:
    hands = [[["Alder", "Cedar"], ["Alder", "Elder"]]]
    with pytest.raises(ValueError, match="'Alder' is in the hands of seats 0 and 1"):
        load_game(resealed({**record, "hands": hands}), tiny)


def test_a_board_edited_under_the_same_name(tiny: Board, record: dict[str, Any]) -> None:
    edited = tiny.move_city("Alder", (2, 1))
    assert edited.name == tiny.name
    with pytest.raises(ValueError) as info:
        load_game(record, edited)
    message = str(info.value)
    assert record["board_fingerprint"] in message and board_fingerprint(edited) in message
    assert "edited" in message


def test_a_game_said_over_that_is_not(tiny: Board) -> None:
    game = TransEuropa(tiny, players=2, seed=3)
    state = game.new_state()
    while not state.is_terminal():
        state.apply((state.legal_actions() or [NextRound()])[0])
    saved = save_game(state)
    assert saved["over"] is True
    assert load_game(saved, tiny) == state
