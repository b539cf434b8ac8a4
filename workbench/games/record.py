"""Saved games for every registered game: JSON-ready records, and replay.

Every record names its game (``"game"``) and its format version (``"format"``); the rest
is the game's own (:attr:`GameInfo.save_record <workbench.games.GameInfo>`): its
parameters, the log as action texts (chance outcomes included), how many actions it holds,
whether the game was over, and a digest, so a record that was cut, edited or played on an
edited board is refused with a ``ValueError`` that says which (the shared checks are in
:mod:`workbench.records`).

>>> from workbench.games import GAMES
>>> game = GAMES["trans_europa"].new_game(players=2, seed=3, board="maps/tiny.yaml")
>>> state = game.new_state()
>>> for _ in range(4):
...     state.apply(state.legal_actions()[-1])
>>> record = dump_record(state)
>>> record["game"], record["format"], record["action_count"], record["over"]
('trans_europa', 2, 4, False)
>>> load_record(record, board=game.board) == state
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.exceptions import IllegalActionError
from workbench.games.protocol import Game, State

__all__ = ["dump_record", "load_record", "replay"]


def replay(game: Game, log: Sequence[Any]) -> State:
    """The state reached by playing ``log`` (actions or their texts, chance outcomes
    included) from the start of ``game``; ``IllegalActionError`` at an illegal entry.

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["trans_europa"]
    >>> game = info.new_game(players=2, seed=3, board="maps/tiny.yaml")
    >>> end = play(game, [info.bots["random"]] * 2, seed=4)
    >>> replay(game, [str(a) for a in end.history]) == end
    True
    """
    state = game.new_state()
    for i, entry in enumerate(log):
        action = game.parse_action(entry) if isinstance(entry, str) else entry
        try:
            state.apply(action)
        except IllegalActionError as e:
            raise IllegalActionError(f"action {i + 1} of the log ({entry}): {e}") from e
    return state


def dump_record(state: State) -> dict[str, Any]:
    """The saved game of ``state`` (see the module's text).

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> state = GAMES["trans_europa"].new_game(players=2, board="maps/tiny.yaml").new_state()
    >>> sorted(dump_record(state))[:5]
    ['action_count', 'actions', 'board', 'board_fingerprint', 'digest']
    """
    from workbench.games.registry import GAMES

    record: dict[str, Any] = GAMES[state.game.name].save_record(state)
    return record


def load_record(record: Any, board: Any = None) -> State:
    """The state a :func:`dump_record` record describes, replayed from its log.

    Parameters
    ----------
    record : dict
        The record (as read from JSON).
    board : optional
        The board or card set to play on (a value or a path); by default the game's
        shipped one. It must be the one the game was played on.

    Raises
    ------
    ValueError
        A record that is not one, of an unknown game or another format, damaged or edited,
        for another board, or whose log breaks the rules (``IllegalActionError``).

    Examples
    --------
    >>> load_record({"format": 2, "game": "chess"})
    Traceback (most recent call last):
    ...
    ValueError: the saved game is of 'chess', which the workbench does not know; ...
    """
    from workbench.games.registry import GAMES
    from workbench.records import check_plain, shown

    if not isinstance(record, dict):
        raise ValueError(f"a saved game is a mapping of keys, not {type(record).__name__}")
    check_plain(record)  # plain JSON, nested a few levels: before anything reads it
    name = record.get("game")
    if not isinstance(name, str):
        raise ValueError(
            f"the saved game's 'game' is {shown(name)}: it should name a game ({', '.join(GAMES)})"
        )
    if name not in GAMES:
        raise ValueError(
            f"the saved game is of {shown(name)}, which the workbench does not know; "
            f"the games are: {', '.join(GAMES)}"
        )
    info = GAMES[name]
    state: State = info.load_record(record, info.board(board))
    return state
