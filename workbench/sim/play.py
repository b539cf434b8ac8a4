"""One simulated game, refereed action by action and written down as rows.

The loop is :func:`workbench.bots.play_game`'s with a scorer's notebook beside it: before
each action it notes who is on turn, so it knows which seat placed each rail, when each
turn began and who placed a round's last rail, which a :class:`~workbench.engine.RoundResult`
does not say. When a round is scored it writes one row per seat; when the game ends it
fills in the winners and writes the game's own row. It keeps no state once a game is over,
so a long sweep's memory holds the rows and nothing else.

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
* the **winners** of a game are :attr:`State.winners <workbench.engine.State.winners>`:
  the highest score, ties sharing; ``win_share`` is ``1 / len(winners)`` for each winner,
  so the shares of a game add up to 1. A game cut off after ``max_rounds`` rounds is
  ``truncated`` and has no winners (all shares 0).

Randomness (:func:`game_seeds`): game ``i`` of a run seeded ``seed`` takes
``numpy.random.SeedSequence(seed).spawn(games)[i]``; the :class:`~workbench.engine.Game`'s
seed (every round's deal) is that sequence's first 63-bit word and the bots' generators
come from its first child (:func:`workbench.bots.bot_rngs`). A game therefore depends on
the seed and its index only, never on which process plays it or in what order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from workbench.bots.base import Bot, BotFactory, bot_rngs
from workbench.engine.actions import NextRound, PlaceRail
from workbench.engine.game import Game
from workbench.engine.state import RoundResult
from workbench.exceptions import IllegalActionError
from workbench.maps.board import Board
from workbench.rules.rules import Rules

__all__ = [
    "GAME_COLUMNS",
    "ROUND_COLUMNS",
    "Columns",
    "empty_columns",
    "game_seeds",
    "lineup",
    "play_rows",
]

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
}
"""The per-game table: column name -> pandas dtype.

``seed`` is the :class:`~workbench.engine.Game`'s seed (replay a game with
``Game(board, rules, players, seed)`` and the same bots); ``bots`` the line-up by seat,
joined by commas; ``rounds``, ``turns`` and ``rails`` add up the game's rounds;
``winners`` (tuple of seats) and ``winner_bots`` (their bots, joined by commas) are empty
for a truncated game; ``scores`` is the final scores by seat and ``score_spread`` the
highest minus the lowest.
"""

Columns = dict[str, list[Any]]
"""Rows kept column by column: a list of values per column name."""


def game_seeds(seed: int, game: int) -> tuple[int, np.random.SeedSequence]:
    """The Game's seed and the bots' seed sequence of game ``game`` of a run seeded ``seed``.

    Game ``game`` takes ``SeedSequence(seed).spawn(games)[game]``, whatever ``games`` is;
    the Game's seed is its first 63-bit word and the bots' sequence its first child.

    Examples
    --------
    >>> deal, bots = game_seeds(7, 3)
    >>> child = np.random.SeedSequence(7).spawn(5)[3]
    >>> deal == int(child.generate_state(1, np.uint64)[0] >> np.uint64(1))
    True
    >>> bots.spawn_key, game_seeds(7, 3)[0] == deal
    ((3, 0), True)
    """
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed is {seed!r}: use a whole number, 0 or more")
    if game < 0:
        raise ValueError(f"game is {game!r}: games count from 0")
    sequence = np.random.SeedSequence(int(seed), spawn_key=(int(game),))
    deal = int(sequence.generate_state(1, np.uint64)[0] >> np.uint64(1))
    return deal, sequence.spawn(1)[0]


def empty_columns(names: dict[str, str]) -> Columns:
    """A fresh :data:`Columns` with no rows for the columns ``names``.

    Examples
    --------
    >>> empty_columns({"game": "int64", "seat": "int64"})
    {'game': [], 'seat': []}
    """
    return {name: [] for name in names}


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
    """Play game ``game`` of a run seeded ``seed`` and append its rows.

    Parameters
    ----------
    board : Board
    rules : Rules
    bots : sequence of bot classes (or factories), one per seat
    names : sequence of str
        The bots' names, one per seat, for the ``bot`` column.
    seed : int
        The run's seed; the game's seeds come from :func:`game_seeds`.
    game : int
        The game's index in the run, from 0.
    variant : str
        The ``variant`` column's value.
    max_rounds : int
        Stop a game that has not ended after this many rounds (it is ``truncated``).
    max_actions : int
        A guard against bots that never end a round: ``RuntimeError`` past it.
    rounds_out, games_out : Columns, optional
        Append to these (new ones by default).

    Returns
    -------
    (Columns, Columns)
        The per-player-round rows (:data:`ROUND_COLUMNS`) and the game's row
        (:data:`GAME_COLUMNS`).

    Raises
    ------
    IllegalActionError
        A bot played an illegal action; the message names the game, its seed and the bot.

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
    >>> play_rows(board, Rules(), [RandomBot] * 2, ["random"] * 2, 1, 0)[1] == games
    True
    """
    if len(bots) != len(names):
        raise ValueError(f"{len(bots)} bots but {len(names)} names")
    if max_rounds < 1:
        raise ValueError(f"max_rounds is {max_rounds!r}: use a whole number, at least 1")
    rounds_out = empty_columns(ROUND_COLUMNS) if rounds_out is None else rounds_out
    games_out = empty_columns(GAME_COLUMNS) if games_out is None else games_out
    deal, bot_seed = game_seeds(seed, game)
    players = len(bots)
    the_game = Game(board, rules, players=players, seed=deal)
    seats: list[Bot] = [
        make(board, the_game.rules, players, seat, rng)
        for seat, (make, rng) in enumerate(zip(bots, bot_rngs(bot_seed, players), strict=True))
    ]
    names = list(names)
    mine = empty_columns(ROUND_COLUMNS)
    state = the_game.new_state()
    notes = _Round([0] * players, [0] * players)
    truncated = False
    turns = rails = 0
    for _ in range(max_actions):
        if state.is_terminal():
            break
        seat = state.to_play
        if seat is None:
            if state.round >= max_rounds:
                truncated = True
                break
            state.apply(NextRound())
            continue
        action = seats[seat].act(state.observation(seat))
        first = not state.placed
        done = len(state.results)
        try:
            state.apply(action, player=seat)
        except IllegalActionError as e:
            raise IllegalActionError(
                f"game {game} of {variant or 'the run'} (Game seed {deal}), bot {names[seat]!r} "
                f"at seat {seat}: {e}"
            ) from e
        if isinstance(action, PlaceRail):
            notes.rails_placed[seat] += 1
            notes.last_rail = seat
            if first:
                notes.turns += 1
                notes.seat_turns[seat] += 1
        if len(state.results) > done:
            result = state.results[-1]
            _rows_of_round(mine, result, notes, variant, game, names)
            turns += notes.turns
            rails += len(result.rails)
            notes = _Round([0] * players, [0] * players)
    else:
        raise RuntimeError(
            f"game {game} of {variant or 'the run'} (Game seed {deal}) did not end within "
            f"{max_actions} actions"
        )
    winners = () if truncated else tuple(state.winners)
    share = 1.0 / len(winners) if winners else 0.0
    last = len(mine["seat"]) - players
    for i in range(len(mine["seat"])):
        seat = mine["seat"][i]
        if i >= last:
            mine["last_round"][i] = True
        mine["winner"][i] = seat in winners
        mine["win_share"][i] = share if seat in winners else 0.0
    for name, values in mine.items():
        rounds_out[name].extend(values)
    scores = tuple(int(s) for s in state.scores)
    row: dict[str, Any] = {
        "variant": variant,
        "game": game,
        "seed": deal,
        "players": players,
        "bots": ",".join(names),
        "rounds": len(state.results),
        "turns": turns,
        "rails": rails,
        "winners": winners,
        "winner_bots": ",".join(names[s] for s in winners),
        "scores": scores,
        "score_spread": max(scores) - min(scores),
        "truncated": truncated,
    }
    for name, value in row.items():
        games_out[name].append(value)
    return rounds_out, games_out


def lineup(bots: Sequence[Any], game: int, rotate: bool) -> list[int]:
    """Which line-up entry sits at each seat in game ``game``.

    With ``rotate`` the line-up is turned by ``game`` places: seat ``s`` gets entry
    ``(s + game) % players``, so over any ``players`` consecutive games every entry sits
    at every seat once.

    Examples
    --------
    >>> lineup("ABC", 0, True), lineup("ABC", 1, True), lineup("ABC", 1, False)
    ([0, 1, 2], [1, 2, 0], [0, 1, 2])
    """
    n = len(bots)
    shift = game % n if rotate else 0
    return [(s + shift) % n for s in range(n)]
