"""Ticket to Ride Europe as a registered game (``GAMES["ticket_to_ride"]``).

The rules are a value (:mod:`.rules`, with presets), the game and its state follow the
protocol (:mod:`.game`; every card and ticket drawn is a chance outcome in the history),
scoring searches stations and the longest path exactly (:mod:`.scoring`), the bots are in
:mod:`.bots` and the simulator's rows in :mod:`.sim`. ``docs/ticket_to_ride.md`` says which
rule choices were made where the rulebook is silent.

>>> from workbench.games import GAMES
>>> info = GAMES["ticket_to_ride"]
>>> info.map_kind, info.default_map, list(info.bots)[:3]
('routes', 'ticket_to_ride_europe.yaml', ['random', 'greedy', 'planner'])
"""

from __future__ import annotations

import os
from typing import Any

from workbench.games.registry import GameInfo, rules_resolver
from workbench.games.ticket_to_ride.bots import GreedyBot, PlannerBot, RandomBot
from workbench.games.ticket_to_ride.game import (
    Observation,
    ScoreSheet,
    TicketToRide,
    TicketToRideState,
    load_record,
    save_record,
)
from workbench.games.ticket_to_ride.rules import PRESETS, TTRRules
from workbench.games.ticket_to_ride.sim import FAILURES, TABLES, failures_after, play_rows
from workbench.maps.routes import RouteBoard

__all__ = [
    "INFO",
    "PRESETS",
    "GreedyBot",
    "Observation",
    "PlannerBot",
    "RandomBot",
    "ScoreSheet",
    "TTRRules",
    "TicketToRide",
    "TicketToRideState",
]


def _load_board(path: str | os.PathLike[str]) -> RouteBoard:
    from workbench.maps.routes_io import load_routes

    return load_routes(path)


def _bots() -> dict[str, Any]:
    """The bots by name: :data:`.bots.BOTS`, the playing styles of :mod:`.styles` and
    ``search``, the protocol's search bot choosing among the moves of the long-route
    style (the strongest heuristic measured), the station planner and the route-focus
    style (see ``docs/bots.md``)."""
    from workbench.bots.search import SearchBot
    from workbench.games.ticket_to_ride.bots import BOTS
    from workbench.games.ticket_to_ride.styles import STYLES

    out: dict[str, Any] = {**BOTS, **STYLES}
    best = STYLES["long_route"]  # the strongest heuristic measured (docs/bots.md)
    out["search"] = SearchBot.factory(
        candidates=[best, BOTS["planner_stations"], STYLES["route_focus"]],
        rollout=best,
        reward="margin",
        playouts=16,
        steps=3000,
        max_depth=2000,
    )
    return out


def _make(board: RouteBoard, rules: TTRRules, players: int, seed: int) -> TicketToRide:
    return TicketToRide(board, rules, players=players, seed=seed)


def _playtest(report: Any) -> list[Any]:
    from workbench.games.ticket_to_ride.playtest import sections

    return sections(report)


def _play_groups(report: Any) -> dict[str, Any]:
    from workbench.games.ticket_to_ride.playtest import play_groups

    return play_groups(report)


INFO = GameInfo(
    name="ticket_to_ride",
    title="Ticket to Ride Europe",
    summary=(
        "Collect train cards to claim routes between cities, join the cities of your "
        "tickets, and score routes, tickets, unused stations and the longest path."
    ),
    players=(2, 5),
    map_kind="routes",
    default_map="ticket_to_ride_europe.yaml",
    presets=PRESETS,
    bots=_bots(),
    make_game=_make,
    load_board=_load_board,
    resolve_rules=rules_resolver(TTRRules),
    tables=TABLES,
    play_rows=play_rows,
    save_record=save_record,
    load_record=load_record,
    length_unit="turns",
    default_players=4,
    board_type=RouteBoard,
    extra={
        "playtest": _playtest,
        "play_groups": _play_groups,
        "failures": FAILURES,
        "failures_after": failures_after,
    },
)
