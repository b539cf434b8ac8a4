"""Saved games: a game's parameters and its action log as plain, JSON-ready data.

The log is the saved game: the deal of every round comes from the seed (or the fixed
``hands``), so :func:`load_game` replays the log on the board to rebuild the exact state.

A record also says what it should rebuild, so that an edited or damaged record is refused
with a message instead of loading as another game: the board's fingerprint (a board edited
under the same name is not the board the game was played on), the number of actions and
whether the game was over (a truncated log), and a digest of everything else (a changed
rules text, seed or hand). The digest guards against accidents, not against someone who
recomputes it.
"""

from __future__ import annotations

from typing import Any

from workbench.games.trans_europa.game import TransEuropa
from workbench.games.trans_europa.rules_io import loads_rules
from workbench.games.trans_europa.state import TransEuropaState, replay
from workbench.maps.board import Board
from workbench.records import (
    check_count,
    check_digest,
    check_over,
    check_record,
    digest,
    fingerprint,
)

__all__ = ["FORMAT", "board_fingerprint", "load_game", "save_game"]

FORMAT = 2
"""The version of the saved-game format (2 added the game's name, the fingerprint, the
count and the digest)."""

GAME = "trans_europa"
"""The ``game`` field: the game's name in :data:`workbench.games.GAMES`."""

_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "format": int,
    "game": str,
    "board": str,
    "board_fingerprint": str,
    "rules": str,
    "players": int,
    "seed": int,
    "hands": (list, type(None)),
    "actions": list,
    "action_count": int,
    "over": bool,
    "digest": str,
}
_OPTIONAL: dict[str, type | tuple[type, ...]] = {"scores": list, "start_round": int}
"""Written only for a game started mid-way (``TransEuropa(scores=..., start_round=...)``)."""


def board_fingerprint(board: Board) -> str:
    """A short fingerprint of everything ``board`` says (not of how its file is laid out).

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> len(board_fingerprint(board)), board_fingerprint(board) == board_fingerprint(board)
    (16, True)
    >>> board_fingerprint(board.move_city("Alder", (2, 1))) == board_fingerprint(board)
    False
    """
    from workbench.maps.io import dumps_map

    return fingerprint(dumps_map(board).split("\n", 1)[1])  # without the schema line


def save_game(state: TransEuropaState) -> dict[str, Any]:
    """The state as a saved game: the game's parameters and the log as action texts.

    Examples
    --------
    >>> from workbench import load_map
    >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=9).new_state()
    >>> state.apply(state.legal_actions()[3])
    >>> record = save_game(state)
    >>> record["actions"], record["players"], record["seed"], record["over"]
    (['M 0,3'], 2, 9, False)
    """
    actions = [str(a) for a in state.history]
    record = {
        "format": FORMAT,
        "game": GAME,
        **state.game.to_dict(),
        "board_fingerprint": board_fingerprint(state.game.board),
        "actions": actions,
        "action_count": len(actions),
        "over": bool(state.is_terminal()),
    }
    record["digest"] = digest(record)
    return record


def _check(record: Any, board: Board) -> None:
    """Refuse a record that is not a saved game of this format, on this board."""
    check_record(
        record,
        game=GAME,
        version=FORMAT,
        required=_REQUIRED,
        optional=_OPTIONAL,
        example="R 3,4-4,4",
    )
    if record["board"] != board.name:
        raise ValueError(f"the saved game is on board {record['board']!r}, not on {board.name!r}")
    mine = board_fingerprint(board)
    if record["board_fingerprint"] != mine:
        raise ValueError(
            f"the saved game was played on board {record['board']!r} with fingerprint "
            f"{record['board_fingerprint']}, but board {board.name!r} has fingerprint {mine}: "
            "the board was edited since; load the game on the board it was played on"
        )
    check_count(record)
    for r, deal in enumerate(record["hands"] or [], 1):
        if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
            raise ValueError(f"deal {r} of the saved game's hands should be a list of hands")
        seen: dict[str, int] = {}
        for seat, hand in enumerate(deal):
            for card in hand:
                if not isinstance(card, str):
                    raise ValueError(f"card {card!r} of seat {seat} in deal {r} is not a name")
                if card in seen:
                    raise ValueError(
                        f"card {card!r} is in the hands of seats {seen[card]} and {seat} "
                        f"in deal {r}: every card is dealt once"
                    )
                seen[card] = seat
    # last: the checks above name the cause; this one catches every other edit
    check_digest(record, "rules, seed, hands or actions")


def load_game(record: dict[str, Any], board: Board) -> TransEuropaState:
    """Rebuild the state a :func:`save_game` record describes, on ``board``.

    Raises ``ValueError`` (with what is wrong) when the record is damaged, edited, of
    another format, for another board or an edited one, and ``IllegalActionError`` (also a
    ``ValueError``) when its log breaks the rules.

    Examples
    --------
    >>> from workbench import load_map
    >>> board = load_map("maps/tiny.yaml")
    >>> state = TransEuropa(board, players=2, seed=9).new_state()
    >>> for _ in range(5):
    ...     state.apply((state.legal_actions() or [NextRound()])[-1])
    >>> load_game(save_game(state), board) == state
    True
    >>> load_game({**save_game(state), "seed": 10}, board)
    Traceback (most recent call last):
    ...
    ValueError: the saved game was changed after it was saved (its digest does not match): \
its rules, seed, hands or actions are not the ones played
    """
    _check(record, board)
    try:
        game = TransEuropa(
            board,
            loads_rules(record["rules"], path="<saved game>"),
            players=record["players"],
            seed=record["seed"],
            hands=record["hands"],
            scores=record.get("scores"),
            start_round=record.get("start_round", 1),
        )
    except KeyError as e:  # a hand names a city the board does not have
        raise ValueError(f"the saved game's hands: {e.args[0]}") from None
    state = replay(game, record["actions"])
    check_over(record, state.is_terminal())
    return state
