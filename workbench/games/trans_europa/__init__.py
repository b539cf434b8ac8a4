"""Trans Europa / Trans Amerika as a registered game (``GAMES["trans_europa"]``).

The rules are :mod:`workbench.engine`'s and the bots :mod:`workbench.bots`'; this package
presents them through the protocol: :class:`TransEuropa` and :class:`TransEuropaState`, the
bots as protocol factories, and the simulator's rows (:mod:`.sim`).

>>> from workbench.games import GAMES
>>> info = GAMES["trans_europa"]
>>> sorted(info.presets)[:3], info.map_kind
(['colored', 'countdown', 'rulebook'], 'lattice')
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from workbench.games.protocol import Bot as ProtocolBot
from workbench.games.registry import GameInfo, rules_resolver
from workbench.games.trans_europa.game import (
    TransEuropa,
    TransEuropaState,
    load_record,
    save_record,
)
from workbench.games.trans_europa.sim import TABLES, play_rows
from workbench.maps.board import Board
from workbench.rules.rules import PRESETS, Rules

__all__ = ["INFO", "LegacyBot", "TransEuropa", "TransEuropaState"]


class LegacyBot:
    """A Trans Europa bot class (``cls(board, rules, players, seat, rng)``, see
    :class:`workbench.bots.Bot`) as a protocol factory ``(game, seat, rng) -> bot``.

    Examples
    --------
    >>> from workbench.bots import GreedyBot
    >>> LegacyBot("greedy", GreedyBot)
    <bot 'greedy' of trans_europa>
    """

    def __init__(self, name: str, cls: Any) -> None:
        self.name = name
        self.cls = cls

    def __repr__(self) -> str:
        return f"<bot {self.name!r} of trans_europa>"

    def __call__(self, game: Any, seat: int, rng: np.random.Generator) -> ProtocolBot:
        engine = game.engine if isinstance(game, TransEuropa) else game
        bot: ProtocolBot = self.cls(engine.board, engine.rules, engine.players, seat, rng)
        return bot


def _load_board(path: str | os.PathLike[str]) -> Board:
    from workbench.maps.io import load_lattice

    return load_lattice(path)


def _make(board: Board, rules: Rules, players: int, seed: int) -> TransEuropa:
    return TransEuropa.create(board, rules, players=players, seed=seed)


def _bots() -> dict[str, Any]:
    from workbench.bots import BOTS
    from workbench.bots.search import SearchBot

    out: dict[str, Any] = {name: LegacyBot(name, cls) for name, cls in BOTS.items()}
    # playouts end when a score changes (Trans Europa scores round by round) and are played
    # by greedy bots: random ones never finish a hand on a full board
    out["search"] = SearchBot.factory(playouts=16, until_score_change=True, rollout=out["greedy"])
    return out


INFO = GameInfo(
    name="trans_europa",
    title="Trans Europa / Trans Amerika",
    summary=(
        "Build shared rail networks on a triangular lattice to join one city of each color; "
        "the cost to finish is a minimum Steiner tree."
    ),
    players=(2, 6),
    map_kind="lattice",
    default_map="trans_europa.yaml",
    presets=PRESETS,
    bots=_bots(),
    make_game=_make,
    load_board=_load_board,
    resolve_rules=rules_resolver(Rules),
    tables=TABLES,
    play_rows=play_rows,
    save_record=save_record,
    load_record=load_record,
    length_unit="rounds",
    default_players=4,
    board_type=Board,
)
