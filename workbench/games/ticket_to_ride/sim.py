"""Ticket to Ride in the simulator: one game refereed by :class:`~workbench.games.Match`
and written down as rows of the shared ``games`` and ``seats`` tables with columns of its own.

``length`` counts turns (every seat's turns together). A game is cut off (``truncated``,
no winners) once ``max_rounds * players * TURNS_PER_ROUND`` turns were played: a
simulated "round" allows :data:`TURNS_PER_ROUND` turns per seat, because the shipped bots
take 25 to 60 turns each, so the command line's default of 30 rounds (480 turns at four
players) cuts off no game of theirs, while a bot that withdraws from the same tunnel
forever is still stopped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.games.protocol import BotFactory
from workbench.games.referee import Match
from workbench.games.tables import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
    Columns,
    begin_rows,
    game_seeds,
    result_rows,
    run_rows,
)
from workbench.games.ticket_to_ride.actions import Pass
from workbench.games.ticket_to_ride.game import TicketToRide, TicketToRideState
from workbench.games.ticket_to_ride.rules import TTRRules
from workbench.games.ticket_to_ride.scoring import connected
from workbench.maps.routes import RouteBoard

__all__ = [
    "FAILURES",
    "TABLES",
    "TTR_GAME_COLUMNS",
    "TTR_SEAT_COLUMNS",
    "TTR_TICKET_COLUMNS",
    "failure_text",
    "failures_after",
    "play_rows",
]

TURNS_PER_ROUND = 4
"""A simulated round allows this many turns per seat before a game counts as cut off."""

TTR_GAME_COLUMNS: dict[str, str] = {
    **GAME_COLUMNS,
    "turns": "int64",
    "claimed": "object",
    "tunnels_withdrawn": "int64",
    "relays": "int64",
    "reshuffles": "int64",
    "failures": "object",
}
"""The games table: the shared columns and ``turns`` (all seats), ``claimed`` (the ids of
the claimed routes with their seat, ``id:seat`` joined by spaces, in board order: a route
heatmap over games), ``tunnels_withdrawn``, ``relays`` (markets laid out anew),
``reshuffles`` (discard piles shuffled back) and ``failures``: the states the rules do not
settle that the game went through (:data:`FAILURES`), as ``kind=count`` joined by
``;`` in the order of :data:`FAILURES` (empty when there were none)."""

TTR_SEAT_COLUMNS: dict[str, str] = {
    **SEAT_COLUMNS,
    "score": "int64",
    "route_points": "int64",
    "ticket_points": "int64",
    "station_points": "int64",
    "longest_points": "int64",
    "longest": "int64",
    "tickets_kept": "int64",
    "tickets_completed": "int64",
    "tickets_failed": "int64",
    "cars_left": "int64",
    "stations_built": "int64",
    "routes_claimed": "int64",
    "turns": "int64",
}
"""The seats table: the shared columns and the score line by line (``route_points``,
``ticket_points`` (completed minus failed), ``station_points`` (unbuilt stations),
``longest_points`` (the bonus) and ``longest`` (the path in cars)), the tickets kept,
completed and failed, cars left, stations built, routes claimed and the seat's turns."""

TTR_TICKET_COLUMNS: dict[str, str] = {
    "variant": "object",
    "game": "int64",
    "seat": "int64",
    "bot": "object",
    "ticket": "object",
    "a": "object",
    "b": "object",
    "points": "int64",
    "long": "bool",
    "completed": "bool",
    "winner": "bool",
    "win_share": "float64",
}
"""The tickets table: one row per ticket a seat held at the end, in the order it kept
them: its id, its two cities, its points (the long-ticket bonus included), whether it was
completed (stations' borrowed routes counted, as the final scoring counts them), and the
seat's ``winner`` and ``win_share`` in the game."""

TABLES: dict[str, dict[str, str]] = {
    "games": TTR_GAME_COLUMNS,
    "seats": TTR_SEAT_COLUMNS,
    "tickets": TTR_TICKET_COLUMNS,
}
"""The tables Ticket to Ride writes, by name."""

FAILURES: dict[str, str] = {
    "no legal move": (
        "a seat on turn could do nothing but pass: no card to draw, no route or station it "
        "could pay for and no ticket left"
    ),
    "every seat passed": (
        "the game ended because every seat passed in a row, not after the last round the "
        "rules announce"
    ),
    "market of locomotives": (
        "a seat chose a move while the face-up market showed as many locomotives as make "
        "the rules lay it out again: the engine stopped laying it out"
    ),
}
"""The states the rules do not settle that a game can reach, by kind, with what each
means. Counted per game in the games table's ``failures`` column (see
:func:`failures_after`); a game cut off at the turn cap is the shared ``truncated``."""


def failures_after(state: TicketToRideState, action: Any) -> tuple[str, ...]:
    """The kinds of :data:`FAILURES` that ``state`` shows just after ``action``.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.ticket_to_ride.actions import Pass
    >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), TTRRules(), 2, 1)
    >>> failures_after(game.new_state(), Pass())
    ('no legal move',)
    """
    found: list[str] = []
    if type(action) is Pass:
        found.append("no legal move")
    if state.over:
        if state.passes >= state.game.players:
            found.append("every seat passed")
    elif state.phase in ("turn", "draw2") and (
        state.market[state.game.tables.loco] >= state.game.rules.market_locomotive_limit
    ):
        found.append("market of locomotives")
    return tuple(found)


def failure_text(counts: dict[str, int]) -> str:
    """The ``failures`` column's text for ``counts`` by kind (kinds in the order of
    :data:`FAILURES`, those never seen left out).

    >>> failure_text({"market of locomotives": 2, "no legal move": 1})
    'no legal move=1;market of locomotives=2'
    """
    return ";".join(f"{k}={counts[k]}" for k in FAILURES if counts.get(k))


def play_rows(
    board: RouteBoard,
    rules: TTRRules,
    bots: Sequence[BotFactory],
    names: Sequence[str],
    seed: int,
    game: int,
    *,
    variant: str = "",
    max_rounds: int = 30,
    max_actions: int = 1_000_000,
    tables: dict[str, Columns] | None = None,
    keep: list[Any] | None = None,
) -> dict[str, Columns]:
    """Play game ``game`` of a run seeded ``seed`` and append its rows to ``tables``
    (and its final state to ``keep``, when given).

    The parameters are those of :func:`workbench.games.trans_europa.sim.play_rows`; a game
    is cut off after ``max_rounds * players * TURNS_PER_ROUND`` turns (see the module's
    text).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games import GAMES
    >>> board = load_map("maps/ticket_to_ride_europe.yaml")
    >>> bots = [GAMES["ticket_to_ride"].bots["greedy"]] * 2
    >>> out = play_rows(board, TTRRules(), bots, ["greedy"] * 2, 1, 0)
    >>> out["seats"]["score"] == [sum(x) for x in zip(*(out["seats"][c] for c in (
    ...     "route_points", "ticket_points", "station_points", "longest_points")))]
    True
    >>> play_rows(board, TTRRules(), bots, ["greedy"] * 2, 1, 0)["games"] == out["games"]
    True
    """
    tables = begin_rows(bots, names, max_rounds, tables, TABLES)
    deal, bot_seed = game_seeds(seed, game)
    players = len(bots)
    the_game = TicketToRide(board, rules, players=players, seed=deal)
    names = list(names)
    seat_turns = [0] * players
    notes = {"withdrawn": 0, "relays": 0, "reshuffles": 0}
    seen: dict[str, int] = {}
    before: dict[str, Any] = {}

    def on_action(state: Any, action: Any, seat: int | None) -> None:
        before["turns"] = state.turns
        before["relays"] = state.relays
        before["discard"] = sum(state.discard)
        before["deck"] = sum(state.deck)

    def on_applied(state: Any, action: Any, seat: int | None) -> None:
        if state.turns > before["turns"]:
            seat_turns[state.current if state.over else (state.current - 1) % players] += 1
        if str(action) == "withdraw":
            notes["withdrawn"] += 1
        if state.relays > before["relays"]:
            notes["relays"] += state.relays - before["relays"]
        if sum(state.deck) > before["deck"]:
            notes["reshuffles"] += 1
        for kind in failures_after(state, action):
            seen[kind] = seen.get(kind, 0) + 1

    limit = max_rounds * players * TURNS_PER_ROUND
    match = Match(the_game, bots, bot_seed, on_action=on_action, on_applied=on_applied, names=names)
    truncated = run_rows(
        match,
        lambda s: s.turns >= limit,
        game=game,
        variant=variant,
        seed=deal,
        max_actions=max_actions,
    )
    state: TicketToRideState = match.state  # type: ignore[assignment]
    if keep is not None:
        keep.append(state)
    sheets = state.score_sheets()
    scores = tuple(s.total for s in sheets) if state.over else tuple(state.route_points)
    t = the_game.tables
    claimed = " ".join(f"{t.route_ids[i]}:{o}" for i, o in enumerate(state.owners) if o >= 0)
    seat_extra = []
    for seat, sheet in enumerate(sheets):
        seat_extra.append(
            {
                "score": scores[seat],
                "route_points": sheet.routes,
                "ticket_points": sheet.tickets,
                "station_points": sheet.stations,
                "longest_points": sheet.longest_bonus,
                "longest": sheet.longest,
                "tickets_kept": len(state.tickets[seat]),
                "tickets_completed": sheet.completed,
                "tickets_failed": sheet.failed,
                "cars_left": state.cars[seat],
                "stations_built": rules.stations - state.stations_left[seat],
                "routes_claimed": sum(o == seat for o in state.owners),
                "turns": seat_turns[seat],
            }
        )
    result_rows(
        tables,
        game_name=the_game.name,
        variant=variant,
        game=game,
        seed=deal,
        names=names,
        scores=scores,
        winners=state.winners(),
        length=state.turns,
        truncated=truncated,
        game_extra={
            "turns": state.turns,
            "claimed": claimed,
            "tunnels_withdrawn": notes["withdrawn"],
            "relays": notes["relays"],
            "reshuffles": notes["reshuffles"],
            "failures": failure_text(seen),
        },
        seat_extra=seat_extra,
    )
    _ticket_rows(tables["tickets"], state, sheets, names, variant, game, truncated)
    return tables


def _ticket_rows(
    out: Columns,
    state: TicketToRideState,
    sheets: Sequence[Any],
    names: Sequence[str],
    variant: str,
    game: int,
    truncated: bool,
) -> None:
    """Append the tickets table's rows of the finished ``state``."""
    t = state.game.tables
    bonus = state.game.rules.long_ticket_bonus
    winners = () if truncated else state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    index = {rid: i for i, rid in enumerate(t.route_ids)}
    for seat, sheet in enumerate(sheets):
        edges = [t.ends[i] for i, o in enumerate(state.owners) if o == seat]
        edges += [t.ends[index[rid]] for rid in sheet.borrowed]
        held = [t.tickets[tid] for tid in state.tickets[seat]]
        done = connected(edges, [ticket.ends for ticket in held])
        won = seat in winners
        for ticket, ok in zip(held, done, strict=True):
            row = {
                "variant": variant,
                "game": game,
                "seat": seat,
                "bot": names[seat],
                "ticket": ticket.id,
                "a": ticket.ends[0],
                "b": ticket.ends[1],
                "points": ticket.points + (bonus if ticket.long else 0),
                "long": ticket.long,
                "completed": ok,
                "winner": won,
                "win_share": share if won else 0.0,
            }
            for name, values in out.items():
                values.append(row[name])
