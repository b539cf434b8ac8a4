"""Balance analysis of a Transorient Express card set: many simulated games, then how
each card, effect, color, objective and seat fares, with 95 % Wilson intervals.

Definitions, over the games simulated (every player count asked for):

* a card's **taken** and **played** rates are per game; its **lift** is the win share of
  the seats that played it times the number of players (1 is a fair share; a seat that
  plays it twice counts once);
* an effect's **with** and **without** lifts compare the seats whose tableau holds a card
  with that effect to those whose tableau does not;
* a color's **points per token** is the printed points over the printed cost of its cards
  (static), and ``realized`` the final card points per token paid in play;
* an objective **decides** a game when taking its points away changes who won;
* the **first-player advantage** is seat 0's win share against ``1 / players``;
* a card is flagged **strong** (or **weak**) when its lift's interval lies above (below)
  the **baseline**, the lift of all cards played (above 1: winners play more cards, so
  any card played looks good against a fair share).

>>> report = balance("maps/transorient_express.yaml", players=(3,), games=6, seed=1)
>>> sorted(report.cards.columns)[:4]
['card', 'color', 'cost', 'effect']
>>> report.first_player.players.tolist()
[3]
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import pandas as pd

from workbench.files import write_atomic
from workbench.games.transorient_express.cards import CardSet, load_cards
from workbench.games.transorient_express.rules import Rules
from workbench.sim.stats import wilson

__all__ = ["BalanceReport", "balance", "balance_tables", "run_analyze"]


@dataclass(frozen=True)
class BalanceReport:
    """The tables of :func:`balance` (each a DataFrame) and what was played."""

    name: str
    games: int
    players: tuple[int, ...]
    bots: tuple[str, ...]
    baseline: float
    cards: pd.DataFrame
    effects: pd.DataFrame
    colors: pd.DataFrame
    objectives: pd.DataFrame
    first_player: pd.DataFrame
    flagged: pd.DataFrame

    def __repr__(self) -> str:
        return (
            f"<BalanceReport {self.name!r}: {self.games} games each for "
            f"{', '.join(map(str, self.players))} players, {len(self.flagged)} cards flagged>"
        )

    def text(self) -> str:
        """The findings in a few lines of text; what cannot be measured (no card of a kind
        was ever played, a color costs nothing) says so instead of a number."""
        lines = [
            f"{self.name}: {self.games} games each for "
            f"{', '.join(map(str, self.players))} players ({', '.join(self.bots)})"
        ]
        lines.append("first-player advantage (seat 0's win share, fair = 1/players):")
        for row in self.first_player.itertuples():
            lines.append(
                f"  {row.players} players: {_num(row.share, '.3f')} "
                f"[{_num(row.low, '.3f')}, {_num(row.high, '.3f')}] vs {row.fair:.3f}"
            )
        lines.append("effects (lift with / without, 1 = fair):")
        for row in self.effects.itertuples():
            if not row.seats_with:
                lines.append(f"  {row.effect:13} never held by a seat: no lift to measure")
                continue
            lines.append(
                f"  {row.effect:13} {_num(row.lift_with)} [{_num(row.low)}, {_num(row.high)}]"
                f" / {_num(row.lift_without)}"
            )
        lines.append("points per token by card color (printed / realized):")
        for row in self.colors.itertuples():
            printed = _num(row.points_per_token) if row.cards else "no cards"
            if row.cards and _num(row.points_per_token) == "n/a":
                printed = "free cards"
            realized = _num(row.realized) if row.played else "none played"
            lines.append(f"  {row.color:7} {printed} / {realized}")
        lines.append("objectives that decide games most:")
        for row in self.objectives.head(6).itertuples():
            if not row.games:
                lines.append(f"  {row.objective!s:28} in no finished game: cannot be measured")
                continue
            lines.append(
                f"  {row.objective!s:28} decides {_num(row.decides, '.1%')} of {row.games!s} games"
            )
        if self.cards.empty or not int(self.cards.played.sum()):
            lines.append(
                "cards that look too strong or too weak: cannot be measured, no Destination "
                "card was played in any game (does the set have cards the players can pay?)"
            )
            return "\n".join(lines)
        lines.append(
            "cards that look too strong or too weak (lift interval clear of the "
            f"average card's {_num(self.baseline)}):"
        )
        if self.flagged.empty:
            lines.append("  none")
        for row in self.flagged.itertuples():
            lines.append(
                f"  {row.card:10} {row.verdict:6} lift {row.lift:.2f} "
                f"[{row.low:.2f}, {row.high:.2f}], played {row.played}"
            )
        return "\n".join(lines)

    def to_html(self) -> str:
        """A self-contained HTML page of every table."""
        parts = [
            "<!doctype html><html><head><meta charset='utf-8'>",
            f"<title>{html.escape(self.name)}: balance</title>",
            "<style>body{font-family:sans-serif;margin:2em;max-width:1100px}"
            "table{border-collapse:collapse;margin-bottom:2em}td,th{padding:2px 8px;"
            "border-bottom:1px solid #ddd;text-align:right}th{background:#f3f3f3}"
            "td:first-child,th:first-child{text-align:left}</style>",
            f"</head><body><h1>{html.escape(self.name)}: balance</h1>",
            f"<pre>{html.escape(self.text())}</pre>",
        ]
        for title, frame in (
            ("First-player advantage", self.first_player),
            ("Effects", self.effects),
            ("Colors", self.colors),
            ("Objectives", self.objectives),
            ("Flagged cards", self.flagged),
            ("Every card", self.cards),
        ):
            parts.append(f"<h2>{title}</h2>")
            parts.append(frame.to_html(index=False, float_format=lambda x: f"{x:.3f}"))
        parts.append("</body></html>")
        return "\n".join(parts)

    def save_html(self, path: str | os.PathLike[str]) -> Path:
        """Write :meth:`to_html` to ``path`` atomically."""
        return write_atomic(path, self.to_html())


def _num(x: Any, form: str = ".2f") -> str:
    """``x`` written with ``form``, or ``n/a`` when it could not be measured (NaN)."""
    value = float(x)
    return "n/a" if value != value else format(value, form)


_EVENT_COLUMNS = ("players", "game", "seat", "card", "event", "color", "tokens", "win_share")
"""The columns of the cards table the analysis reads (present even when no card moved)."""


def _lift(shares: pd.Series, players: pd.Series) -> tuple[float, float, float]:
    """Mean win share scaled by players, with the Wilson interval scaled alike."""
    n = len(shares)
    if n == 0:
        return float("nan"), float("nan"), float("nan")
    scale = float(players.mean())
    low, high = wilson(float(shares.sum()), n)
    return float(shares.mean()) * scale, low * scale, high * scale


def balance(
    cards: CardSet | str | os.PathLike[str],
    rules: Rules | str | None = None,
    *,
    players: Sequence[int] = (2, 3, 4),
    games: int = 200,
    bots: Sequence[str] = ("greedy",),
    seed: int = 0,
    workers: int | None = 1,
) -> BalanceReport:
    """Simulate ``games`` games per player count with ``bots`` (cycled over the seats) and
    measure the set (see the module's text).

    >>> report = balance("maps/transorient_express.yaml", players=(2,), games=4, seed=3)
    >>> report.games, len(report.first_player)
    (4, 1)
    """
    from workbench.sim import simulate

    card_set = cards if isinstance(cards, CardSet) else load_cards(cards)
    seats_frames, event_frames, game_frames = [], [], []
    for n in players:
        lineup = [bots[i % len(bots)] for i in range(n)]
        result = simulate(
            cast(Any, card_set),
            cast(Any, rules),
            lineup,
            games=games,
            seed=seed,
            workers=workers,
            game="transorient_express",
            name=f"{n}p",
        )
        seats = result.seats.assign(players=n)
        seats_frames.append(seats)
        event_frames.append(result.tables["cards"].assign(players=n))
        game_frames.append(result.games.assign(players=n))
    seats = pd.concat(seats_frames, ignore_index=True)
    events = pd.concat(event_frames, ignore_index=True)
    for column in _EVENT_COLUMNS:  # a set whose cards nobody takes has an empty table
        if column not in events:
            events[column] = pd.Series(dtype=float if column in ("tokens", "win_share") else object)
    games_df = pd.concat(game_frames, ignore_index=True)
    return balance_tables(card_set, seats, events, games_df, games=games, bots=bots)


def balance_tables(
    card_set: CardSet,
    seats: pd.DataFrame,
    events: pd.DataFrame,
    games_df: pd.DataFrame,
    *,
    games: int,
    bots: Sequence[str],
) -> BalanceReport:
    """The tables of :func:`balance` from simulated games' ``seats``, ``cards`` (the card
    events) and ``games`` tables of every player count, each with a ``players`` column
    (what a playtest report reads, :mod:`.playtest`).

    >>> from workbench.sim import simulate
    >>> from workbench.games import GAMES
    >>> r = simulate(GAMES["transorient_express"].board(), None, ["greedy"] * 2, games=2,
    ...              game="transorient_express")
    >>> seats, events = r.seats.assign(players=2), r.tables["cards"].assign(players=2)
    >>> report = balance_tables(r.variants[0].board, seats, events, r.games, games=2,
    ...                         bots=["greedy"])
    >>> report.players
    (2,)
    """
    players = tuple(sorted({int(n) for n in games_df.players}))
    total_games = len(games_df)

    # cards
    played = events[events.event == "played"]
    owned = played.drop_duplicates(["players", "game", "seat", "card"])
    rows = []
    for d in card_set.destinations:
        mine = owned[owned.card == d.label]
        lift, low, high = _lift(mine.win_share, mine.players)
        rows.append(
            {
                "card": d.label,
                "color": d.color,
                "effect": d.effect.text(),
                "cost": d.total_cost,
                "points": d.points,
                "taken": int(((events.card == d.label) & (events.event == "taken")).sum()),
                "played": int((played.card == d.label).sum()),
                "in_winner": float(mine.win_share.sum()),
                "lift": lift,
                "low": low,
                "high": high,
            }
        )
    card_columns = ["card", "color", "effect", "cost", "points", "taken", "played", "in_winner",
                    "lift", "low", "high"]  # fmt: skip
    card_table = pd.DataFrame(rows, columns=card_columns)
    card_table["taken_per_game"] = card_table.taken / total_games
    card_table["played_per_game"] = card_table.played / total_games

    # effects: with / without, by seat-game
    kinds = sorted({d.effect.kind for d in card_set.destinations} | {"luggage icon"})
    by_label = {d.label: d for d in card_set.destinations}
    holder = owned.assign(
        kind=owned.card.map(lambda c: by_label[c].effect.kind),
        icon=owned.card.map(lambda c: by_label[c].luggage),
    )
    effect_rows = []
    key = ["players", "game", "seat"]
    seat_index = seats.set_index(key)
    for kind in kinds:
        mask_has = holder.icon.astype(bool) if kind == "luggage icon" else holder.kind == kind
        has = holder.loc[mask_has]  # .loc: an empty mask selects rows, not columns
        with_keys = set(map(tuple, has[key].drop_duplicates().values.tolist()))
        mask = [k in with_keys for k in seat_index.index]
        yes = seat_index[mask]
        no = seat_index[[not m for m in mask]]
        lift, low, high = _lift(yes.win_share, yes.index.get_level_values("players").to_series())
        lift_no, _, _ = _lift(no.win_share, no.index.get_level_values("players").to_series())
        effect_rows.append(
            {
                "effect": kind,
                "seats_with": len(yes),
                "lift_with": lift,
                "low": low,
                "high": high,
                "lift_without": lift_no,
            }
        )
    effects = pd.DataFrame(effect_rows).sort_values(
        "lift_with", ascending=False, na_position="last"
    )

    # colors
    color_rows = []
    for color in card_set.colors:
        mine_cards = [d for d in card_set.destinations if d.color == color]
        tokens = sum(d.total_cost for d in mine_cards)
        paid = played[played.color == color]
        realized = (
            paid.card.map(lambda c: by_label[c].points).sum() / paid.tokens.sum()
            if paid.tokens.sum()
            else float("nan")
        )
        color_rows.append(
            {
                "color": color,
                "cards": len(mine_cards),
                "points_per_token": (
                    sum(d.points for d in mine_cards) / tokens if tokens else float("nan")
                ),
                "realized": float(realized),
                "played": len(paid),
            }
        )
    colors = pd.DataFrame(color_rows)

    # objectives: would the winners change without its points?
    numbers = {o.number: o for o in card_set.objectives}
    decides: dict[int, list[bool]] = {o.number: [] for o in card_set.objectives}
    for group, frame in seats.groupby(["players", "game"]):
        n, g = cast(tuple[int, int], group)
        game_row = games_df[(games_df.players == n) & (games_df.game == g)].iloc[0]
        if game_row.truncated:
            continue
        in_play = [int(x) for x in str(game_row.objectives).split(",")]
        winners = set(frame.seat[frame.winner])
        for number in in_play:
            kind = numbers[number].kind
            rest = frame.score - frame[kind]
            marks = list(zip(rest, frame.passports, strict=True))
            best = max(marks)
            without = {s for s, m in zip(frame.seat, marks, strict=True) if m == best}
            decides[number].append(without != winners)
    objectives = pd.DataFrame(
        [
            {
                "objective": numbers[k].describe(),
                "number": k,
                "kind": numbers[k].kind,
                "games": len(v),
                "decides": (sum(v) / len(v)) if v else float("nan"),
            }
            for k, v in decides.items()
        ]
    ).sort_values("decides", ascending=False, na_position="last")

    # first player
    first_rows = []
    for n in players:
        s0 = seats[(seats.players == n) & (seats.seat == 0)]
        low, high = wilson(float(s0.win_share.sum()), len(s0))
        first_rows.append(
            {
                "players": n,
                "share": float(s0.win_share.mean()),
                "low": low,
                "high": high,
                "fair": 1 / n,
            }
        )
    first = pd.DataFrame(first_rows)

    baseline = _lift(owned.win_share, owned.players)[0]
    strong = card_table[card_table.low > baseline].assign(verdict="strong")
    weak = card_table[card_table.high < baseline].assign(verdict="weak")
    flagged = pd.concat(
        [strong.sort_values("lift", ascending=False), weak.sort_values("lift")], ignore_index=True
    )
    return BalanceReport(
        card_set.name,
        games,
        tuple(players),
        tuple(bots),
        baseline,
        card_table,
        effects,
        colors,
        objectives,
        first,
        flagged[["card", "verdict", "lift", "low", "high", "played", "effect", "cost", "points"]],
    )


def run_analyze(
    path: str,
    *,
    players: Sequence[int] = (2, 3, 4),
    games: int = 200,
    html_out: str | None = None,
    seed: int = 0,
) -> int:
    """``workbench analyze CARDS.yaml``: print the balance report (and write the HTML
    page); 1 after printing the problems of a file that does not load.

    >>> run_analyze("maps/transorient_express.yaml", players=(2,), games=2)  # doctest: +ELLIPSIS
    Transorient Express (workbench set): 2 games each for 2 players (greedy)
    ...
    0
    """
    import sys

    from workbench.exceptions import MapError

    bad = [n for n in players if n not in (2, 3, 4)]
    if bad:
        print(f"{path}: Transorient Express is for 2 to 4 players, not {bad[0]}", file=sys.stderr)
        return 1
    try:
        card_set = load_cards(path)
    except MapError as e:
        print(e, file=sys.stderr)
        return 1
    report = balance(card_set, players=players, games=games, seed=seed)
    print(report.text())
    if html_out:
        print(f"\nwrote {report.save_html(html_out)}")
    return 0
