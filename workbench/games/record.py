"""Saved games for every registered game: a JSON-ready record, and replay.

A record holds the game's name, the format version, the game's parameters (its
``to_record()``: for a board game the board's name and fingerprint, the rules as text, the
players and the seed), the log as action texts, how many actions it has and whether the
game was over. :func:`load_record` refuses a record of another format, of an unknown game,
for another board (by fingerprint, naming both), a log cut short or lengthened, or a log
that breaks the rules, each with a ``ValueError`` that says which.

>>> from workbench.games import GAMES
>>> info = GAMES["trans_europa"]
>>> game = info.new_game(players=2, seed=3, board="maps/tiny.yaml")
>>> state = game.new_state()
>>> for _ in range(4):
...     state.apply(state.legal_actions()[-1])
>>> record = dump_record(state)
>>> record["game"], record["format"], record["length"], record["over"]
('trans_europa', 1, 4, False)
>>> load_record(record, board=game.board) == state
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from workbench.exceptions import IllegalActionError
from workbench.games.protocol import Game, State

__all__ = ["FORMAT", "dump_record", "fingerprint", "load_record", "replay"]

FORMAT = 1
"""The version of the saved-game record."""


def fingerprint(text: str) -> str:
    """A short fingerprint of a data file's canonical text (the first 16 hex digits of its
    SHA-256), so a record can tell an edited board from the one it was played on.

    Examples
    --------
    >>> fingerprint("name: x\\n")
    'a2a79ea37edb1963'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


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
    """The saved game of ``state``: JSON-ready (see the module's text).

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> state = GAMES["trans_europa"].new_game(players=2, board="maps/tiny.yaml").new_state()
    >>> sorted(dump_record(state))[:4]
    ['actions', 'board', 'board_fingerprint', 'format']
    """
    game = state.game
    history = state.history
    return {
        "format": FORMAT,
        "game": game.name,
        **game.to_record(),
        "actions": [str(a) for a in history],
        "length": len(history),
        "over": state.is_terminal(),
    }


def _field(record: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in record:
        raise ValueError(f"the saved game has no {key!r}: it is not a saved game, or was cut")
    value = record[key]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise ValueError(f"the saved game's {key!r} is {value!r}: it should be {what}")
    return value


def load_record(record: Any, board: Any = None) -> State:
    """The state a :func:`dump_record` record describes, replayed from its log.

    Parameters
    ----------
    record : dict
        The record (as read from JSON).
    board : optional
        The board or card set to play on (a value or a path); by default the game's
        shipped one. It must be the one the game was played on (same fingerprint).

    Raises
    ------
    ValueError
        A record that is not one, of another format or game, for another board, whose log
        was cut or lengthened, or that breaks the rules.

    Examples
    --------
    >>> load_record({"format": 1, "game": "chess"})
    Traceback (most recent call last):
    ...
    ValueError: the saved game is of 'chess', which the workbench does not know; ...
    """
    from workbench.games.registry import GAMES

    if not isinstance(record, dict):
        raise ValueError(f"a saved game is a mapping of fields, not {type(record).__name__}")
    version = _field(record, "format", int, "a whole number")
    if version != FORMAT:
        raise ValueError(f"the saved game's format is {version!r}: this reader reads {FORMAT}")
    name = _field(record, "game", str, "a game's name")
    if name not in GAMES:
        raise ValueError(
            f"the saved game is of {name!r}, which the workbench does not know; "
            f"the games are: {', '.join(GAMES)}"
        )
    info = GAMES[name]
    actions = _field(record, "actions", list, "a list of action texts")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise ValueError(f"action {i + 1} of the saved game is {a!r}: it should be text")
    length = _field(record, "length", int, "the number of actions")
    over = _field(record, "over", bool, "true or false")
    if length != len(actions):
        raise ValueError(
            f"the saved game says it has {length} actions but its log has {len(actions)}: "
            "the log was cut or lengthened"
        )
    game = info.from_record(record, info.board(board))
    try:
        state = replay(game, actions)
    except (IllegalActionError, ValueError) as e:
        raise ValueError(f"the saved game's log does not replay: {e}") from e
    if state.is_terminal() != over:
        raise ValueError(
            f"the saved game says the game {'was' if over else 'was not'} over, but its log "
            f"{'does not end' if over else 'ends'} it"
        )
    return state
