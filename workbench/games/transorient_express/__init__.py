"""Transorient Express, a card-drafting game, as a registered game
(``GAMES["transorient_express"]``): the card set as data (:mod:`.cards`), the rules
(:mod:`.rules`), the engine (:mod:`.game`), the scoring (:mod:`.scoring`), bots
(:mod:`.bots`), the simulator's rows (:mod:`.sim`) and a balance analysis
(:mod:`.analysis`).

>>> from workbench.games import GAMES
>>> info = GAMES["transorient_express"]
>>> info.map_kind, info.players, sorted(info.bots)
('cards', (2, 4), ['blocker', 'collector', 'greedy', 'objectives', 'planner', 'random', 'search'])
"""

from __future__ import annotations

import os
from typing import Any

from workbench.games.registry import GameInfo, rules_resolver
from workbench.games.transorient_express.cards import (
    CardSet,
    check_cards,
    dumps_cards,
    load_cards,
    loads_cards,
    save_cards,
)
from workbench.games.transorient_express.game import (
    Observation,
    TransorientExpress,
    TransorientState,
    load_record,
    save_record,
)
from workbench.games.transorient_express.rules import PRESETS, Rules
from workbench.games.transorient_express.sim import TABLES, play_rows

__all__ = [
    "INFO",
    "CardSet",
    "Observation",
    "Rules",
    "TransorientExpress",
    "TransorientState",
    "check_cards",
    "dumps_cards",
    "load_cards",
    "loads_cards",
    "save_cards",
]


def _load(path: str | os.PathLike[str]) -> CardSet:
    return load_cards(path)


def _make(cards: CardSet, rules: Rules, players: int, seed: int) -> TransorientExpress:
    return TransorientExpress(cards, rules, players, seed)


def _bots() -> dict[str, Any]:
    """The bots by name: :data:`.bots.BOTS`, the playing styles of :mod:`.styles` and
    ``search``, the protocol's search bot choosing among the planner's, greedy's and the
    styles' moves (see ``docs/bots.md``)."""
    from workbench.bots.search import SearchBot
    from workbench.games.transorient_express.bots import BOTS
    from workbench.games.transorient_express.styles import STYLES

    out: dict[str, Any] = {**BOTS, **STYLES}
    best = BOTS["planner"]
    out["search"] = SearchBot.factory(
        candidates=[best, BOTS["greedy"], STYLES["blocker"], STYLES["objectives"]],
        rollout=best,
        reward="margin",
        playouts=24,
        steps=12_000,
    )
    return out


def _analyze(path: str, *, players: tuple[int, ...], html_out: str | None) -> int:
    """``workbench analyze CARDS.yaml``: the balance report (50 greedy games a count)."""
    from workbench.games.transorient_express.analysis import run_analyze

    return run_analyze(path, players=players, games=50, html_out=html_out)


def _playtest(report: Any) -> list[Any]:
    from workbench.games.transorient_express.playtest import sections

    return sections(report)


INFO = GameInfo(
    name="transorient_express",
    title="Transorient Express",
    summary=(
        "Draft Destination cards from a Central Station, pay for them with train tokens "
        "and score points, Luggage and three shared objectives."
    ),
    players=(2, 4),
    map_kind="cards",
    default_map="transorient_express.yaml",
    presets=PRESETS,
    bots=_bots(),
    make_game=_make,
    load_board=_load,
    resolve_rules=rules_resolver(Rules),
    tables=TABLES,
    play_rows=play_rows,
    save_record=save_record,
    load_record=load_record,
    length_unit="rounds",
    default_players=4,
    board_type=CardSet,
    check_data=check_cards,
    analyze_data=_analyze,
    extra={"playtest": _playtest},
)
