"""Saved games: a game's parameters and its action log as plain, JSON-ready data.

The log is the saved game: the deal of every round comes from the seed (or the fixed
``hands``), so :func:`load_game` replays the log on the board to rebuild the exact state.
"""

from __future__ import annotations

from typing import Any

from workbench.engine.game import Game
from workbench.engine.state import State, replay
from workbench.maps.board import Board
from workbench.rules.io import loads_rules

__all__ = ["FORMAT", "load_game", "save_game"]

FORMAT = 1
"""The version of the saved-game format."""


def save_game(state: State) -> dict[str, Any]:
    """The state as a saved game: the game's parameters and the log as action texts.

    Examples
    --------
    >>> from workbench import load_map
    >>> state = Game(load_map("maps/tiny.yaml"), players=2, seed=9).new_state()
    >>> state.apply(state.legal_actions()[3])
    >>> record = save_game(state)
    >>> record["actions"], record["players"], record["seed"]
    (['M 0,3'], 2, 9)
    """
    return {"format": FORMAT, **state.game.to_dict(), "actions": [str(a) for a in state.history]}


def load_game(record: dict[str, Any], board: Board) -> State:
    """Rebuild the state a :func:`save_game` record describes, on ``board``.

    Raises ``ValueError`` when the record is for another board or format, and
    ``IllegalActionError`` when its log breaks the rules.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> state = Game(board, players=2, seed=9).new_state()
    >>> for _ in range(5):
    ...     state.apply(state.legal_actions()[-1])
    >>> load_game(save_game(state), board) == state
    True
    """
    if record.get("format") != FORMAT:
        raise ValueError(
            f"saved game format is {record.get('format')!r}: this reader reads {FORMAT}"
        )
    if record.get("board") != board.name:
        raise ValueError(
            f"the saved game is on board {record.get('board')!r}, not on {board.name!r}"
        )
    game = Game(
        board,
        loads_rules(record["rules"], path="<saved game>"),
        players=record["players"],
        seed=record["seed"],
        hands=record.get("hands"),
        scores=record.get("scores"),
        start_round=record.get("start_round", 1),
    )
    return replay(game, record["actions"])
