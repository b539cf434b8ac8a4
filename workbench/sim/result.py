"""The result of a simulation: its two tables, what was played, and the comparison."""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from workbench.files import write_atomic
from workbench.sim.stats import compare_variants, win_rates
from workbench.sim.variants import Variant

__all__ = ["SimResult"]

_NO_ROUNDS = pd.DataFrame()


@dataclass(frozen=True, eq=False, repr=False)
class SimResult:
    """Simulated games as tidy tables.

    Attributes
    ----------
    games : DataFrame
        One row per game: the shared columns (:data:`workbench.games.tables.GAME_COLUMNS`)
        and the game's own (for Trans Europa,
        :data:`workbench.games.trans_europa.sim.GAME_COLUMNS`).
    seats : DataFrame
        One row per seat per game (:data:`workbench.games.tables.SEAT_COLUMNS`, and the
        game's own columns).
    tables : dict of DataFrame
        Any further tables a game writes, by name (Trans Europa writes ``rounds``, read
        as :attr:`rounds`).
    variants : tuple of Variant
        What was played, in order.
    seed : int
    rotate : bool
        Whether line-ups were turned by one seat per game.
    max_rounds : int
    seconds : float
        The wall-clock time it took (not part of the tables, which never depend on it).

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> result = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
    >>> result
    <SimResult: 1 variant (rulebook), 2 games each, seed 1, ... rounds>
    >>> list(result.summary().columns[:5])
    ['variant', 'board', 'rules', 'bots', 'players']
    """

    games: pd.DataFrame
    variants: tuple[Variant, ...]
    seed: int
    rotate: bool = True
    max_rounds: int = 30
    seconds: float = field(default=0.0, compare=False)
    seats: pd.DataFrame = field(default_factory=pd.DataFrame)
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)

    @property
    def rounds(self) -> pd.DataFrame:
        """The game's ``rounds`` table when it writes one (Trans Europa: one row per player
        per round, :data:`workbench.games.trans_europa.sim.ROUND_COLUMNS`), else an empty
        frame."""
        return self.tables.get("rounds", _NO_ROUNDS)

    def __repr__(self) -> str:
        n = len(self.variants)
        names = ", ".join(v.name for v in self.variants[:3]) + (", ..." if n > 3 else "")
        each = len(self.games) // n if n else 0
        length = int(self.games["length"].sum())
        units = {v.game for v in self.variants}
        unit = "rounds"
        if len(units) == 1:
            from workbench.games import GAMES

            unit = GAMES[units.pop()].length_unit
        return (
            f"<SimResult: {n} variant{'s' if n != 1 else ''} ({names}), {each} games each, "
            f"seed {self.seed}, {length} {unit}>"
        )

    def summary(self) -> pd.DataFrame:
        """The comparison table: one row per variant (see
        :func:`~workbench.sim.stats.compare_variants` for the columns), with the board, the
        rules' name and the line-up.

        Examples
        --------
        >>> from workbench.sim import simulate
        >>> s = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1).summary()
        >>> s.loc[0, ["board", "rules", "bots"]].to_list(), int(s.loc[0, "games"])
        (['Tiny Island', 'rulebook', 'random,random'], 2)
        """
        table = compare_variants(self.rounds, self.games, self.seats)
        by_name = {v.name: v for v in self.variants}
        table.insert(1, "board", [getattr(by_name[n].board, "name", "") for n in table["variant"]])
        table.insert(2, "rules", [getattr(by_name[n].rules, "name", "") for n in table["variant"]])
        table.insert(3, "bots", [by_name[n].lineup for n in table["variant"]])
        return table

    def win_rates(self, by: str = "seat") -> pd.DataFrame:
        """Win rates by ``"seat"`` or ``"bot"`` per variant, with 95 % Wilson intervals.

        See :func:`~workbench.sim.stats.win_rates`.

        Examples
        --------
        >>> from workbench.sim import simulate
        >>> r = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
        >>> r.win_rates("bot")[["bot", "n"]].to_dict("records")
        [{'bot': 'random', 'n': 4}]
        """
        return win_rates(self.seats if self.rounds.empty else self.rounds, self.games, by=by)

    def to_csv(self, path: str | os.PathLike[str], table: str = "rounds") -> Path:
        """Write the ``"rounds"``, ``"games"`` or ``"seats"`` table (or a game's own) to
        ``path`` as CSV, atomically.

        Examples
        --------
        >>> import tempfile, os
        >>> from workbench.sim import simulate
        >>> r = simulate("maps/tiny.yaml", None, ["random"] * 2, games=1, seed=1)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     text = r.to_csv(os.path.join(d, "rounds.csv")).read_text()
        >>> text.splitlines()[0].startswith("variant,game,round,seat,bot")
        True
        """
        frames = {"games": self.games, "seats": self.seats, **self.tables}
        if table not in frames:
            raise ValueError(f"table is {table!r}: use one of {', '.join(map(repr, frames))}")
        return write_atomic(path, frames[table].to_csv(index=False, lineterminator="\n"))

    def _repr_html_(self) -> str:
        caption = html.escape(repr(self))
        return f"<p><code>{caption}</code></p>" + self.summary().to_html(
            index=False, float_format=lambda x: f"{x:.3f}"
        )
