"""One simulated game written down as rows: the Trans Europa face of the simulator's tables.

The rows are written by the game's own package (:mod:`workbench.games.trans_europa.sim`,
refereed by :class:`workbench.games.Match`); the shared pieces (seeds, line-ups, columns)
are :mod:`workbench.games.tables`'. This module keeps the names the simulator has always
had: :data:`ROUND_COLUMNS`, :data:`GAME_COLUMNS` and :func:`play_rows`, which takes bot
classes and returns the round and game tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.games.trans_europa.bots.base import BotFactory
from workbench.games.tables import Columns, empty_columns, game_seeds, lineup
from workbench.games.trans_europa import LegacyBot
from workbench.games.trans_europa.sim import GAME_COLUMNS, ROUND_COLUMNS, TABLES
from workbench.games.trans_europa.sim import play_rows as _play_rows
from workbench.maps.board import Board
from workbench.games.trans_europa.rules import Rules

__all__ = [
    "GAME_COLUMNS",
    "ROUND_COLUMNS",
    "Columns",
    "empty_columns",
    "game_seeds",
    "lineup",
    "play_rows",
]


def play_rows(
    board: Board,
    rules: Rules,
    bots: Sequence[BotFactory],
    names: Sequence[str],
    seed: int,
    game: int,
    *,
    variant: str = "",
    max_rounds: int = 30,
    max_actions: int = 1_000_000,
    rounds_out: Columns | None = None,
    games_out: Columns | None = None,
) -> tuple[Columns, Columns]:
    """Play game ``game`` of a run seeded ``seed`` with Trans Europa bot classes and append
    its rows; return the round rows and the game rows.

    See :func:`workbench.games.trans_europa.sim.play_rows` for the parameters; this one
    takes bot classes (``cls(board, rules, players, seat, rng)``) and the two tables.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.bots import RandomBot
    >>> board = load_map("maps/tiny.yaml")
    >>> rounds, games = play_rows(board, Rules(), [RandomBot] * 2, ["random"] * 2, 1, 0)
    >>> len(rounds["seat"]) == 2 * games["rounds"][0]
    True
    >>> [s for s, last in zip(rounds["win_share"], rounds["last_round"]) if last] in (
    ...     [1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
    True
    """
    tables = {name: empty_columns(columns) for name, columns in TABLES.items()}
    if rounds_out is not None:
        tables["rounds"] = rounds_out
    if games_out is not None:
        tables["games"] = games_out
    factories = [LegacyBot(str(n), b) for n, b in zip(names, bots, strict=False)]
    if len(bots) != len(names):
        raise ValueError(f"{len(bots)} bots but {len(names)} names")
    _play_rows(
        board,
        rules,
        factories,
        names,
        seed,
        game,
        variant=variant,
        max_rounds=max_rounds,
        max_actions=max_actions,
        tables=tables,
    )
    return tables["rounds"], tables["games"]
