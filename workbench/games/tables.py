"""Simulated games as rows: the columns every game shares, the seeds, the line-ups.

Every game writes two tidy tables: ``games``, one row per game, and ``seats``, one row per
seat per game, with the shared columns below; a game adds columns of its own to both and
may write tables of its own (Trans Europa writes ``rounds``, one row per seat per round).

Randomness (:func:`game_seeds`): game ``i`` of a run seeded ``seed`` takes
``numpy.random.SeedSequence(seed).spawn(games)[i]``; the game's seed is that sequence's
first 63-bit word and the bots' generators come from its first child. A game therefore
depends on the seed and its index only, never on which process plays it or in what order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = [
    "GAME_COLUMNS",
    "SEAT_COLUMNS",
    "Columns",
    "append_row",
    "empty_columns",
    "game_seeds",
    "lineup",
    "result_rows",
]

Columns = dict[str, list[Any]]
"""Rows kept column by column: a list of values per column name."""

GAME_COLUMNS: dict[str, str] = {
    "game_name": "object",
    "variant": "object",
    "game": "int64",
    "seed": "int64",
    "players": "int64",
    "bots": "object",
    "length": "int64",
    "winners": "object",
    "winner_bots": "object",
    "scores": "object",
    "score_spread": "float64",
    "truncated": "bool",
}
"""The columns every game's ``games`` table has, name -> pandas dtype.

``game_name`` is the registered game (``trans_europa``, ...); ``variant`` the variant's
name; ``game`` the game's index in the run (from 0); ``seed`` the game's seed (the game
replays from it and the bots); ``bots`` the line-up by seat, joined by commas; ``length``
the game's length in its own unit (rounds for Trans Europa); ``winners`` (tuple of seats)
and ``winner_bots`` are empty for a ``truncated`` game (one cut off by the length limit);
``scores`` the final scores by seat and ``score_spread`` the highest minus the lowest.
"""

SEAT_COLUMNS: dict[str, str] = {
    "game_name": "object",
    "variant": "object",
    "game": "int64",
    "seed": "int64",
    "seat": "int64",
    "bot": "object",
    "score": "float64",
    "winner": "bool",
    "win_share": "float64",
    "length": "int64",
}
"""The columns every game's ``seats`` table has: one row per seat per game.

``winner`` says whether the seat won the game and ``win_share`` is ``1 / len(winners)`` for
each winner (0 for the others and for every seat of a truncated game), so the shares of a
game that ended add up to 1.
"""


def empty_columns(names: Mapping[str, str]) -> Columns:
    """A fresh :data:`Columns` with no rows for the columns ``names``.

    Examples
    --------
    >>> empty_columns({"game": "int64", "seat": "int64"})
    {'game': [], 'seat': []}
    """
    return {name: [] for name in names}


def append_row(out: Columns, row: Mapping[str, Any]) -> None:
    """Append one row (a mapping with a value for every column of ``out``).

    Examples
    --------
    >>> out = empty_columns({"a": "int64"}); append_row(out, {"a": 1}); out
    {'a': [1]}
    """
    for name, values in out.items():
        values.append(row[name])


def game_seeds(seed: int, game: int) -> tuple[int, np.random.SeedSequence]:
    """The game's seed and the bots' seed sequence of game ``game`` of a run seeded ``seed``.

    Game ``game`` takes ``SeedSequence(seed).spawn(games)[game]``, whatever ``games`` is;
    the game's seed is its first 63-bit word and the bots' sequence its first child.

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


def result_rows(
    tables: Mapping[str, Columns],
    *,
    game_name: str,
    variant: str,
    game: int,
    seed: int,
    names: Sequence[str],
    scores: Sequence[float],
    winners: Sequence[int],
    length: int,
    truncated: bool,
    game_extra: Mapping[str, Any] | None = None,
    seat_extra: Sequence[Mapping[str, Any]] | None = None,
) -> None:
    """Append a finished game's row to ``tables["games"]`` and its seats' rows to
    ``tables["seats"]``, with the shared columns and a game's own (``*_extra``).

    A truncated game has no winners, whatever ``winners`` says.

    Examples
    --------
    >>> tables = {"games": empty_columns(GAME_COLUMNS), "seats": empty_columns(SEAT_COLUMNS)}
    >>> result_rows(tables, game_name="g", variant="v", game=0, seed=5, names=["a", "b"],
    ...             scores=[3, 1], winners=[0], length=2, truncated=False)
    >>> tables["games"]["winner_bots"], tables["seats"]["win_share"]
    (['a'], [1.0, 0.0])
    """
    won = () if truncated else tuple(winners)
    share = 1.0 / len(won) if won else 0.0
    values = tuple(scores)
    row: dict[str, Any] = {
        "game_name": game_name,
        "variant": variant,
        "game": game,
        "seed": seed,
        "players": len(names),
        "bots": ",".join(names),
        "length": length,
        "winners": won,
        "winner_bots": ",".join(names[s] for s in won),
        "scores": values,
        "score_spread": max(values) - min(values),
        "truncated": truncated,
        **(game_extra or {}),
    }
    append_row(tables["games"], row)
    for seat, name in enumerate(names):
        seat_row: dict[str, Any] = {
            "game_name": game_name,
            "variant": variant,
            "game": game,
            "seed": seed,
            "seat": seat,
            "bot": name,
            "score": values[seat],
            "winner": seat in won,
            "win_share": share if seat in won else 0.0,
            "length": length,
            **(seat_extra[seat] if seat_extra else {}),
        }
        append_row(tables["seats"], seat_row)


def begin_rows(
    bots: Sequence[Any],
    names: Sequence[str],
    max_rounds: int,
    tables: dict[str, Columns] | None,
    columns: Mapping[str, Mapping[str, str]],
) -> dict[str, Columns]:
    """The checks and the tables every game's ``play_rows`` starts with: one name per bot,
    a length limit of at least 1, and fresh tables (``columns``) unless some are given.

    Examples
    --------
    >>> begin_rows(["a"], ["random"], 30, None, {"games": {"game": "int64"}})
    {'games': {'game': []}}
    >>> begin_rows(["a", "b"], ["random"], 30, None, {})
    Traceback (most recent call last):
    ...
    ValueError: 2 bots but 1 names
    """
    if len(bots) != len(names):
        raise ValueError(f"{len(bots)} bots but {len(names)} names")
    if max_rounds < 1:
        raise ValueError(f"max_rounds is {max_rounds!r}: use a whole number, at least 1")
    if tables is None:
        tables = {name: empty_columns(cols) for name, cols in columns.items()}
    return tables


def run_rows(
    match: Any,
    stop: Any,
    *,
    game: int,
    variant: str,
    seed: int,
    max_actions: int = 1_000_000,
) -> bool:
    """Run ``match`` (a :class:`~workbench.games.Match`) until it ends or ``stop(state)``;
    return whether ``stop`` cut it off. An illegal bot move, or a game that never ends,
    raises with the game's index, variant and seed in the message, to replay it.

    Examples
    --------
    >>> from workbench.games import GAMES, Match
    >>> info = GAMES["trans_europa"]
    >>> match = Match(info.new_game(players=2, board="maps/tiny.yaml"), [info.bots["random"]] * 2)
    >>> run_rows(match, lambda state: len(state.history) >= 5, game=0, variant="v", seed=0)
    True
    """
    from workbench.exceptions import IllegalActionError

    where = f"game {game} of {variant or 'the run'} (game seed {seed})"
    try:
        return bool(match.run(max_actions=max_actions, stop=stop))
    except IllegalActionError as e:
        raise IllegalActionError(f"{where}, {e}") from e
    except RuntimeError as e:
        raise RuntimeError(f"{where} did not end within {max_actions} actions") from e
