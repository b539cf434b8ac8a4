"""Statistics of simulated games: win rates with Wilson intervals, balance, the comparison.

Conventions, shared by every table here:

* **Shared wins count fractionally.** A game won by ``k`` seats at equal score gives each
  ``1/k`` of a win (the ``win_share`` column), so the win rates of a game's seats add up
  to 1 and a seat's rate is its expected share of the win. The Wilson interval is then
  computed for the fractional count, a close approximation of the binomial one when ties
  are rare.
* **Truncated games are left out** of win rates and balance (they have no winner); the
  comparison reports how many there were.
* **Seats and bots.** A seat's win rate is over the games of its variant; a bot's win rate
  is over the seats it played (a line-up of four random bots gives ``random`` 4 seats per
  game), so a fair share is ``1 / players`` in both.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pandas as pd

from workbench.games.report import Z95, wilson

__all__ = [
    "SUMMARY_LABELS",
    "Z95",
    "balance",
    "compact_summary",
    "compare_variants",
    "final_rows",
    "wilson",
    "win_rates",
]


def balance(rates: Iterable[float]) -> float:
    """Ludii's balance: 1 minus the largest gap between the seats' win rates.

    1 is perfectly balanced; 0 when one seat always wins and another never does.

    References
    ----------
    C. Browne, "Automatic generation and evaluation of recombination games", PhD thesis,
    Queensland University of Technology (2008), the *balance* criterion; the Ludii
    system's ``Balance`` metric (https://ludii.games).

    Examples
    --------
    >>> balance([0.25, 0.25, 0.25, 0.25]), balance([0.4, 0.3, 0.2, 0.1])
    (1.0, 0.7)
    """
    values = list(rates)
    if not values:
        raise ValueError("balance needs the win rate of at least one seat")
    return round(1.0 - (max(values) - min(values)), 12)


def final_rows(rounds: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """One row per seat per game that ended (not truncated): the games' last rounds.

    ``rounds`` may also be a ``seats`` table (one row per seat per game, every game's).

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> r = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=1)
    >>> len(final_rows(r.rounds, r.games)) == 2 * int((~r.games.truncated).sum())
    True
    """
    last = rounds[rounds["last_round"]] if "last_round" in rounds else rounds
    ended = games.loc[~games["truncated"], ["variant", "game"]]
    return last.merge(ended, on=["variant", "game"], how="inner")


def win_rates(rounds: pd.DataFrame, games: pd.DataFrame, by: str = "seat") -> pd.DataFrame:
    """Win rates by seat or by bot, per variant, with 95 % Wilson intervals.

    Parameters
    ----------
    rounds, games : DataFrame
        A result's tables (:attr:`SimResult.seats` or :attr:`SimResult.rounds`, and
        :attr:`SimResult.games`).
    by : {"seat", "bot"}

    Returns
    -------
    DataFrame
        One row per variant and seat (or bot): ``n`` games (or seats played), ``wins``
        (fractional), ``rate``, ``lo``, ``hi`` and ``fair`` (``1 / players``).

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> r = simulate("maps/tiny.yaml", None, ["random"] * 2, games=4, seed=2)
    >>> t = win_rates(r.rounds, r.games)
    >>> list(t.columns), float(t.rate.sum())
    (['variant', 'seat', 'n', 'wins', 'rate', 'lo', 'hi', 'fair'], 1.0)
    """
    if by not in ("seat", "bot"):
        raise ValueError(f"by is {by!r}: use 'seat' or 'bot'")
    final = final_rows(rounds, games)
    players = games.groupby("variant", sort=False)["players"].first()
    grouped = final.groupby(["variant", by], sort=False)
    table = grouped.agg(n=("win_share", "size"), wins=("win_share", "sum")).reset_index()
    order = {name: i for i, name in enumerate(games["variant"].drop_duplicates())}
    table["_order"] = table["variant"].map(order)
    table = table.sort_values(["_order", by], kind="stable").drop(columns="_order")
    table["n"] = table["n"].astype("int64")
    table["rate"] = table["wins"] / table["n"]
    bounds = [wilson(w, n) for w, n in zip(table["wins"], table["n"], strict=True)]
    table["lo"] = [b[0] for b in bounds]
    table["hi"] = [b[1] for b in bounds]
    table["fair"] = [1.0 / players[v] for v in table["variant"]]
    return table.reset_index(drop=True)


def compare_variants(
    rounds: pd.DataFrame, games: pd.DataFrame, seats: pd.DataFrame | None = None
) -> pd.DataFrame:
    """The comparison table: one row per variant, in the order they were simulated.

    Columns: ``board``, ``rules`` and ``bots`` are not known here (see
    :meth:`SimResult.summary`); this gives ``players``, ``games``, ``truncated`` (games cut
    off at ``max_rounds``), ``rounds_per_game``, ``turns_per_game`` (the duration),
    ``turns_per_round`` (the round length), ``score_spread`` (the mean of each game's
    highest minus lowest final score), the shares of rounds that ended by the rail supply
    (``supply_end``), passively (``passive_end``: the last rail's builder did not finish)
    and with two or more finishers (``two_finishers``), ``balance`` (:func:`balance` of the
    seats' win rates), and each seat's win rate (``win_seat0``, ...). Games without a
    ``rounds`` table (every game but Trans Europa) get ``length_per_game`` in the game's
    own unit instead of the round columns; win rates then come from ``seats``.

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> r = simulate("maps/tiny.yaml", None, ["random"] * 2, games=2, seed=3)
    >>> row = compare_variants(r.rounds, r.games).iloc[0]
    >>> int(row.games), bool(0 <= row.balance <= 1), float(row.win_seat0 + row.win_seat1)
    (2, True, 1.0)
    """
    by_round = len(rounds) > 0
    rates = win_rates(rounds if by_round or seats is None else seats, games, by="seat")
    per_round = rounds.drop_duplicates(["variant", "game", "round"]) if by_round else rounds
    out = []
    for variant, g in games.groupby("variant", sort=False):
        s = rates[rates["variant"] == variant]
        row: dict[str, object] = {
            "variant": variant,
            "players": int(g["players"].iloc[0]),
            "games": len(g),
            "truncated": int(g["truncated"].sum()),
        }
        if by_round:
            r = per_round[per_round["variant"] == variant]
            row.update(
                rounds_per_game=float(g["rounds"].mean()),
                turns_per_game=float(g["turns"].mean()),
                turns_per_round=float(r["turns"].mean()),
            )
        else:
            row["length_per_game"] = float(g["length"].mean())
        row["score_spread"] = float(g["score_spread"].mean())
        if by_round:
            row.update(
                supply_end=float((r["reason"] == "supply").mean()),
                passive_end=float(r["passive_end"].mean()),
                two_finishers=float((r["finishers"] >= 2).mean()),
            )
        row["balance"] = balance(s["rate"]) if len(s) else math.nan
        for seat, rate in zip(s["seat"], s["rate"], strict=True):
            row[f"win_seat{seat}"] = float(rate)
        out.append(row)
    return pd.DataFrame(out)


SUMMARY_LABELS: dict[str, str] = {
    "board": "board",
    "rules": "rules",
    "bots": "bots",
    "players": "players",
    "games": "games",
    "truncated": "games cut off",
    "rounds_per_game": "rounds a game",
    "turns_per_game": "turns a game",
    "turns_per_round": "turns a round",
    "score_spread": "score spread",
    "supply_end": "rounds ended: rails ran out",
    "passive_end": "rounds ended: passive finish",
    "two_finishers": "rounds ended: two finishers",
    "balance": "balance (1 = fair)",
}
"""How :func:`compact_summary` names each column of the comparison (win rates by seat are
``win rate, seat 0``...)."""

_SHARES = {"supply_end", "passive_end", "two_finishers"}
_COUNTS = {"players", "games", "truncated"}


def _cell(column: str, value: object) -> str:
    if isinstance(value, str):
        return value
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    number = float(value)  # type: ignore[arg-type]
    if column in _COUNTS:
        return f"{number:.0f}"
    if column in _SHARES or column.startswith("win_seat"):
        return f"{number:.1%}"
    if column == "balance":
        return f"{number:.3f}"
    return f"{number:.1f}"


def compact_summary(summary: pd.DataFrame) -> pd.DataFrame:
    """The comparison table turned for reading: one column per variant, one row per measure
    with its name in words, numbers rounded (shares and win rates as percentages).

    ``summary`` is :meth:`SimResult.summary` (or :func:`compare_variants`); its columns are
    unchanged there, this is only a view for a notebook, where the wide table needs
    scrolling. Unknown columns keep their names.

    Examples
    --------
    >>> from workbench.sim import simulate
    >>> r = simulate("maps/tiny.yaml", None, ["random"] * 2, games=4, seed=3)
    >>> view = compact_summary(r.summary())
    >>> view["rulebook"].to_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'board': 'Tiny Island', 'rules': 'rulebook', 'bots': 'random,random', 'players': '2',
     'games': '4', 'games cut off': '0', 'rounds a game': '4.0', 'turns a game': '151.5',
     'turns a round': '37.9', 'score spread': '3.8', 'rounds ended: rails ran out': '12.5%',
     'rounds ended: passive finish': '18.8%', 'rounds ended: two finishers': '0.0%',
     'balance (1 = fair)': '1.000', 'win rate, seat 0': '50.0%', 'win rate, seat 1': '50.0%'}
    """
    rows: dict[str, list[str]] = {}
    for column in summary.columns:
        if column == "variant":
            continue
        if column.startswith("win_seat"):
            label = f"win rate, seat {column.removeprefix('win_seat')}"
        else:
            label = SUMMARY_LABELS.get(column, column)
        rows[label] = [_cell(column, v) for v in summary[column]]
    names = summary["variant"].tolist() if "variant" in summary else list(summary.index)
    table = pd.DataFrame.from_dict(rows, orient="index", columns=names)
    table.columns.name = "variant"
    return table
