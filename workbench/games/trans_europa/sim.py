"""Trans Europa in the simulator: one game refereed by :class:`~workbench.games.Match` and
written down as rows.

Beside the shared ``games`` and ``seats`` tables (:mod:`workbench.games.tables`), Trans Europa
writes ``rounds``, one row per seat per round. The referee's callback keeps a scorer's
notebook: after each action it notes which seat placed a rail, whether that rail began a
turn (no rail of the turn was down before it: noted after the action before) and who placed
a round's last rail, which a :class:`~workbench.games.trans_europa.RoundResult` does not say. When a
round is scored one row per seat is written; when the game ends the winners are filled in
and the game's own rows are written. Nothing is kept once a game is over, so a long sweep's
memory holds the rows only.

Definitions (the columns of :data:`ROUND_COLUMNS`):

* a **turn** begins with the first rail a seat places after another seat's turn (marker
  and hand-exchange actions are not turns); ``turns`` counts the round's turns, the last
  one too even when the round ended in the middle of it;
* a **passive finish**: the seat joined all its cities this round (``missing == 0``) but did
  not place the round's last rail. The engine ends a round as soon as someone finishes, or
  at the end of the turn in which the first player finished, so every finish of a round
  happens in its last turn: a finisher who is not the seat on that turn was finished by
  someone else's rails (the rulebook's shared networks), and a finisher who is on turn
  placed the rail that finished them. A round finished without any rail (every city under
  the marker) is passive for its finishers too;
* a round **ends passively** (``passive_end``) when somebody finished and the seat that
  placed its last rail is not among the finishers;
* the **winners** of a game are the highest score, ties sharing; ``win_share`` is
  ``1 / len(winners)`` for each winner, so the shares of a game add up to 1. A game cut off
  after ``max_rounds`` rounds is ``truncated`` and has no winners (all shares 0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from workbench.games.protocol import BotFactory
from workbench.games.referee import Match
from workbench.games.tables import (
    SEAT_COLUMNS,
    Columns,
    begin_rows,
    empty_columns,
    game_seeds,
    result_rows,
    run_rows,
)
from workbench.games.trans_europa.actions import PlaceRail
from workbench.games.trans_europa.game import TransEuropa
from workbench.games.trans_europa.rules import Rules
from workbench.games.trans_europa.state import RoundResult, TransEuropaState
from workbench.maps.board import Board

__all__ = ["GAME_COLUMNS", "ROUND_COLUMNS", "SEAT_COLUMNS_TE", "TABLES", "play_rows"]

ROUND_COLUMNS: dict[str, str] = {
    "variant": "object",
    "game": "int64",
    "round": "int64",
    "seat": "int64",
    "bot": "object",
    "starter": "int64",
    "reason": "object",
    "cards": "object",
    "turns": "int64",
    "seat_turns": "int64",
    "rails": "int64",
    "rails_placed": "int64",
    "missing": "Int64",
    "finished": "bool",
    "passive_finish": "bool",
    "finishers": "int64",
    "passive_end": "bool",
    "points": "int64",
    "score": "int64",
    "last_round": "bool",
    "winner": "bool",
    "win_share": "float64",
}
"""The per-player-round table: one row per seat per round, column name -> pandas dtype.

``variant`` names the variant; ``game`` (from 0) and ``round`` (from 1) place the row;
``seat`` (from 0) and ``bot`` (its name) say who; ``starter`` is the round's starting seat;
``reason`` how the round ended (``complete``, ``supply``, or what the engine reports);
``cards`` the special cards that ruled the round, joined by ``+``; ``turns`` the round's
turns, all seats together, ``seat_turns`` this seat's; ``rails`` the segments holding rails
at the end (a two-rail ferry counts once), ``rails_placed`` the rails this seat placed;
``missing`` the seat's missing rails (``<NA>`` if its hand could not be joined);
``finished`` whether it is 0;
``passive_finish``, ``passive_end`` as defined above; ``finishers`` the round's number of
finishers; ``points`` the round's points and ``score`` the score after it; ``last_round``
marks the game's last round; ``winner`` and ``win_share`` are about the whole game.
"""

GAME_COLUMNS: dict[str, str] = {
    "variant": "object",
    "game": "int64",
    "seed": "int64",
    "players": "int64",
    "bots": "object",
    "rounds": "int64",
    "turns": "int64",
    "rails": "int64",
    "winners": "object",
    "winner_bots": "object",
    "scores": "object",
    "score_spread": "int64",
    "truncated": "bool",
    "game_name": "object",
    "length": "int64",
}
"""The per-game table: column name -> pandas dtype.

``seed`` is the :class:`~workbench.games.trans_europa.TransEuropa`'s seed (replay a game with
``TransEuropa(board, rules, players, seed)`` and the same bots); ``bots`` the line-up by seat,
joined by commas; ``rounds``, ``turns`` and ``rails`` add up the game's rounds;
``winners`` (tuple of seats) and ``winner_bots`` (their bots, joined by commas) are empty
for a truncated game; ``scores`` is the final scores by seat and ``score_spread`` the
highest minus the lowest; ``game_name`` and ``length`` (the rounds) are the columns every
game shares (:data:`workbench.games.tables.GAME_COLUMNS`).
"""


SEAT_COLUMNS_TE: dict[str, str] = {**SEAT_COLUMNS, "score": "int64"}
"""The per-seat table: the shared columns, scores being whole numbers."""

START_COLUMNS: dict[str, str] = {
    "variant": "object",
    "game": "int64",
    "round": "int64",
    "seat": "int64",
    "bot": "object",
    "marker": "object",
    "hand": "object",
    "round_share": "float64",
}
"""The starts table: one row per seat per scored round, what a designer asks a round about:
``marker`` the point the seat's start marker stood on (``col,row``), ``hand`` its cities
joined by ``+``, and ``round_share`` its share of the round's win (the seats with the fewest
missing rails share it; a hand that could not be joined counts as missing every rail). Kept
apart from the rounds table so that table stays as it was; the playtest report
(:mod:`.playtest`) reads start colors, regions and cities dealt from it."""

TABLES: dict[str, dict[str, str]] = {
    "games": GAME_COLUMNS,
    "seats": SEAT_COLUMNS_TE,
    "rounds": ROUND_COLUMNS,
    "starts": START_COLUMNS,
}
"""The tables Trans Europa writes, by name."""


@dataclass
class _Round:
    """What the referee notes during one round."""

    seat_turns: list[int]
    rails_placed: list[int]
    turns: int = 0
    last_rail: int | None = None


def _rows_of_round(
    out: Columns, result: RoundResult, notes: _Round, variant: str, game: int, names: list[str]
) -> None:
    finishers = result.finishers
    passive_end = bool(finishers) and notes.last_rail not in finishers
    cards = "+".join(getattr(result, "cards", ()) or ())
    for seat, name in enumerate(names):
        missing = result.missing[seat]
        finished = missing == 0
        out["variant"].append(variant)
        out["game"].append(game)
        out["round"].append(result.round)
        out["seat"].append(seat)
        out["bot"].append(name)
        out["starter"].append(result.starter)
        out["reason"].append(str(result.reason))
        out["cards"].append(cards)
        out["turns"].append(notes.turns)
        out["seat_turns"].append(notes.seat_turns[seat])
        out["rails"].append(len(result.rails))
        out["rails_placed"].append(notes.rails_placed[seat])
        out["missing"].append(missing)
        out["finished"].append(finished)
        out["passive_finish"].append(finished and notes.last_rail != seat)
        out["finishers"].append(len(finishers))
        out["passive_end"].append(passive_end)
        out["points"].append(result.points[seat])
        out["score"].append(result.scores[seat])
        out["last_round"].append(False)
        out["winner"].append(False)
        out["win_share"].append(0.0)


def _start_rows(
    out: Columns, result: RoundResult, variant: str, game: int, names: list[str]
) -> None:
    missing = [math.inf if m is None else m for m in result.missing]
    fewest = min(missing)
    share = 1.0 / missing.count(fewest)
    for seat, name in enumerate(names):
        col, row = result.markers[seat]
        out["variant"].append(variant)
        out["game"].append(game)
        out["round"].append(result.round)
        out["seat"].append(seat)
        out["bot"].append(name)
        out["marker"].append(f"{col},{row}")
        out["hand"].append("+".join(result.hands[seat]))
        out["round_share"].append(share if missing[seat] == fewest else 0.0)


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
    tables: dict[str, Columns] | None = None,
    keep: list[Any] | None = None,
) -> dict[str, Columns]:
    """Play game ``game`` of a run seeded ``seed`` and append its rows to ``tables``.

    Parameters
    ----------
    board : Board
    rules : Rules
    bots : sequence of bot factories ``(game, seat, rng) -> bot``, one per seat
    names : sequence of str
        The bots' names, one per seat, for the ``bot`` column.
    seed : int
        The run's seed; the game's seeds come from :func:`~workbench.games.tables.game_seeds`.
    game : int
        The game's index in the run, from 0.
    variant : str
        The ``variant`` column's value.
    max_rounds : int
        Stop a game that has not ended after this many rounds (it is ``truncated``).
    max_actions : int
        A guard against bots that never end a round: ``RuntimeError`` past it.
    tables : dict of Columns, optional
        Append to these (new ones by default): ``games``, ``seats`` and ``rounds``.
    keep : list, optional
        The game's final state is appended to it (to replay or save the game).

    Returns
    -------
    dict of Columns
        The tables, with this game's rows appended.

    Raises
    ------
    IllegalActionError
        A bot played an illegal action; the message names the game, its seed and the bot.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games import GAMES
    >>> board = load_map("maps/tiny.yaml")
    >>> bots = [GAMES["trans_europa"].bots["random"]] * 2
    >>> out = play_rows(board, Rules(), bots, ["random"] * 2, 1, 0)
    >>> len(out["rounds"]["seat"]) == 2 * out["games"]["rounds"][0]
    True
    >>> out["seats"]["win_share"] in ([1.0, 0.0], [0.0, 1.0], [0.5, 0.5])
    True
    >>> play_rows(board, Rules(), bots, ["random"] * 2, 1, 0)["games"] == out["games"]
    True
    """
    tables = begin_rows(bots, names, max_rounds, tables, TABLES)
    deal, bot_seed = game_seeds(seed, game)
    players = len(bots)
    the_game = TransEuropa(board, rules, players=players, seed=deal)
    names = list(names)
    mine = empty_columns(ROUND_COLUMNS)
    notes = _Round([0] * players, [0] * players)
    turns = rails = 0
    open_turn, done = False, 0  # set from the match's state below

    def after(state: Any, action: Any, seat: int | None) -> None:
        nonlocal notes, turns, rails, open_turn, done
        if seat is None:  # chance: the next round begins, nothing to note
            done = len(live.results)
            return
        if isinstance(action, PlaceRail):
            notes.rails_placed[seat] += 1
            notes.last_rail = seat
            if not open_turn:
                notes.turns += 1
                notes.seat_turns[seat] += 1
        open_turn = bool(live.placed)
        results = live.results
        if len(results) > done:
            done = len(results)
            result = results[-1]
            _rows_of_round(mine, result, notes, variant, game, names)
            _start_rows(tables["starts"], result, variant, game, names)
            turns += notes.turns
            rails += len(result.rails)
            notes = _Round([0] * players, [0] * players)

    match = Match(the_game, bots, bot_seed, on_applied=after, names=names)
    live = cast(TransEuropaState, match.state)  # the match's state, changed in place
    # what the state was before each action, noted after the one before it (nothing else
    # changes the state between two actions): whether a turn's rails were already down
    # (else a rail begins a turn), and how many rounds were scored
    open_turn = bool(live.placed)
    done = len(live.results)

    def cut_off(state: Any) -> bool:
        # between rounds (to_play None, not over) after the last round allowed
        return live.phase == "round_over" and live.round >= max_rounds

    truncated = run_rows(
        match, cut_off, game=game, variant=variant, seed=deal, max_actions=max_actions
    )
    if keep is not None:
        keep.append(match.state)
    winners = () if truncated else live.winners()
    share = 1.0 / len(winners) if winners else 0.0
    last = len(mine["seat"]) - players
    for i in range(len(mine["seat"])):
        seat = mine["seat"][i]
        if i >= last:
            mine["last_round"][i] = True
        mine["winner"][i] = seat in winners
        mine["win_share"][i] = share if seat in winners else 0.0
    for name, values in mine.items():
        tables["rounds"][name].extend(values)
    result_rows(
        tables,
        game_name=the_game.name,
        variant=variant,
        game=game,
        seed=deal,
        names=names,
        scores=tuple(int(s) for s in live.scores()),
        winners=winners,
        length=len(live.results),
        truncated=truncated,
        game_extra={"rounds": len(live.results), "turns": turns, "rails": rails},
    )
    return tables
