"""Trans Europa / Trans Amerika as a registered game (``GAMES["trans_europa"]``).

The rules are a value with presets (:mod:`.rules`), the special cards :mod:`.cards`,
round scoring :mod:`.scoring` and rules files :mod:`.rules_io`; the actions are
:mod:`.actions`, the immutable game :mod:`.game` and its changing state :mod:`.state`
(every rule the engine plays: the turn budgets, doubles, the rail supply, the hand
exchanges, special cards, colored rails and two-rail ferries; ``docs/engine.md`` gives our
readings); saved games are :mod:`.record`, determinization :mod:`.sample`, the bots
:mod:`.bots` and the simulator's rows :mod:`.sim`.

>>> from workbench import load_map
>>> from workbench.games.trans_europa import TransEuropa, replay
>>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=1)
>>> state = game.new_state()
>>> while not state.is_terminal():
...     state.apply(state.legal_actions()[0] if state.to_play is not None else NextRound())
>>> state.phase, len(state.results) >= 1, replay(game, state.history) == state
('game_over', True, True)
>>> from workbench.games import GAMES
>>> info = GAMES["trans_europa"]
>>> sorted(info.presets)[:3], info.map_kind
(['colored', 'countdown', 'rulebook'], 'lattice')
"""

from __future__ import annotations

import os
from typing import Any

from workbench.games.registry import GameInfo, rules_resolver
from workbench.games.trans_europa.actions import (
    Action,
    Discard,
    EndTurn,
    NextRound,
    PassCard,
    PlaceMarker,
    PlaceRail,
    action_key,
    parse_action,
)
from workbench.games.trans_europa.cards import (
    CARDS,
    DECK,
    DEMANDING_TABLE,
    GENEROUS_TABLE,
    SpecialCard,
    SpecialDeck,
    apply_cards,
    card,
    schedule,
)
from workbench.games.trans_europa.game import NAME, Hands, TransEuropa
from workbench.games.trans_europa.record import FORMAT, load_game, save_game
from workbench.games.trans_europa.rules import CARD_MODES, PRESETS, SCORINGS, Rules
from workbench.games.trans_europa.rules_io import dump_rules, load_rules, loads_rules, save_rules
from workbench.games.trans_europa.scoring import (
    apply_round,
    game_over,
    round_points,
    start_scores,
    table_points,
    winners,
)
from workbench.games.trans_europa.sim import TABLES, play_rows
from workbench.games.trans_europa.state import (
    Observation,
    Phase,
    Pieces,
    RoundResult,
    SeatRails,
    TransEuropaState,
    replay,
    seat_rails,
)
from workbench.maps.board import Board

__all__ = [
    "CARDS",
    "CARD_MODES",
    "DECK",
    "DEMANDING_TABLE",
    "FORMAT",
    "GENEROUS_TABLE",
    "INFO",
    "NAME",
    "PRESETS",
    "SCORINGS",
    "Action",
    "Discard",
    "EndTurn",
    "Hands",
    "NextRound",
    "Observation",
    "PassCard",
    "Phase",
    "Pieces",
    "PlaceMarker",
    "PlaceRail",
    "RoundResult",
    "Rules",
    "SeatRails",
    "SpecialCard",
    "SpecialDeck",
    "TransEuropa",
    "TransEuropaState",
    "action_key",
    "apply_cards",
    "apply_round",
    "card",
    "dump_rules",
    "game_over",
    "load_game",
    "load_rules",
    "loads_rules",
    "parse_action",
    "replay",
    "round_points",
    "save_game",
    "save_rules",
    "schedule",
    "seat_rails",
    "start_scores",
    "table_points",
    "winners",
]


def _load_board(path: str | os.PathLike[str]) -> Board:
    from workbench.maps.io import load_lattice

    return load_lattice(path)


def _make(board: Board, rules: Rules, players: int, seed: int) -> TransEuropa:
    return TransEuropa(board, rules, players=players, seed=seed)


def _bots() -> dict[str, Any]:
    """The bots by name: :data:`.bots.BOTS` (the playing styles included) and ``search``,
    the protocol's search bot choosing between the moves of shrewd (its prior) and greedy,
    greedy bots playing each move's round out (see ``docs/bots.md``)."""
    from workbench.bots.search import SearchBot
    from workbench.games.trans_europa.bots import BOTS

    out: dict[str, Any] = dict(BOTS)
    # playouts end when a score changes (Trans Europa scores round by round) and are played
    # by greedy bots: random ones never finish a hand on a full board
    out["search"] = SearchBot.factory(
        candidates=[out["shrewd"], out["greedy"]],
        rollout=out["greedy"],
        until_score_change=True,
        playouts=32,
        steps=12_000,
    )
    return out


def _playtest(report: Any) -> list[Any]:
    from workbench.games.trans_europa.playtest import sections

    return sections(report)


def _play_groups(report: Any) -> dict[str, Any]:
    from workbench.games.trans_europa.playtest import play_groups

    return play_groups(report)


INFO = GameInfo(
    name=NAME,
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
    save_record=save_game,
    load_record=load_game,
    length_unit="rounds",
    default_players=4,
    board_type=Board,
    extra={"playtest": _playtest, "play_groups": _play_groups},
)
