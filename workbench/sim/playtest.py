"""Playtest reports: what simulated games say about a board, in a page a designer can hand
round.

:func:`playtest` plays a board (or card set) with a line-up of bots at several player
counts and keeps the tables. The :class:`Playtest` it returns answers the questions every
game shares (win shares by seat, by bot or playing style and by player count, the first
player's edge, game length and scores), the questions a designer of *this* game asks (each
game's package offers its own sections through its registry entry, ``extra["playtest"]``),
and the **failure states**: what the engine saw that the rules do not settle (a seat with no
legal move, a market that cannot be laid out, a game cut off at the cap), each counted and
with one saved game that replays to it. Every rate comes with its 95 % Wilson interval.

A report shows itself in a notebook and writes one offline HTML page
(:meth:`Playtest.save_html`, drawn by :mod:`workbench.ui.playtest`).

>>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=4, seed=1)
>>> report
<Playtest of Tiny Island (trans_europa): 2 players, 4 games each, bots random>
>>> float(report.win_shares("bot").rate.iloc[0])
0.5
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from workbench.games.report import Section, ranks, rate_table, spearman, wilson
from workbench.sim.result import SimResult
from workbench.sim.run import simulate

__all__ = ["Playtest", "Section", "player_counts", "playtest", "ranks", "rate_table", "spearman"]


def player_counts(
    players: int | Sequence[int] | str | None, lo: int, hi: int, default: int
) -> tuple[int, ...]:
    """The player counts a report plays: a number, a list, ``"2..4"`` or ``"2-4"``, or
    ``None`` (2 up to the game's default count); each within the game's ``lo..hi``.

    Examples
    --------
    >>> player_counts("2..4", 2, 5, 4), player_counts(3, 2, 5, 4), player_counts(None, 2, 6, 4)
    ((2, 3, 4), (3,), (2, 3, 4))
    >>> player_counts("7", 2, 5, 4)
    Traceback (most recent call last):
    ...
    ValueError: players is '7': this game takes 2 to 5 players
    """
    shown = players
    counts: list[int]
    if players is None:
        counts = list(range(lo, max(lo, default) + 1))
    elif isinstance(players, int):
        counts = [players]
    elif isinstance(players, str):
        text = players.replace(" ", "")
        sep = ".." if ".." in text else "-" if "-" in text else None
        try:
            if sep is not None:
                a, b = text.split(sep, 1)
                counts = list(range(int(a), int(b) + 1))
            else:
                counts = [int(x) for x in text.split(",")]
        except ValueError:
            raise ValueError(
                f"players is {players!r}: give a number, a list such as '2,4' or a range "
                f"such as '2..4'"
            ) from None
    else:
        counts = [int(x) for x in players]
    if not counts:
        raise ValueError(f"players is {shown!r}: it names no player count")
    if len(set(counts)) != len(counts):
        raise ValueError(f"players is {shown!r}: a player count is named twice")
    for k in counts:
        if not lo <= k <= hi:
            raise ValueError(f"players is {shown!r}: this game takes {lo} to {hi} players")
    return tuple(sorted(counts))


@dataclass
class Playtest:
    """A playtest: the games of one board with one line-up of bots at several player counts.

    Make one with :func:`playtest`. ``results`` holds the simulator's tables per player
    count; every method below reads them, so a report can be rebuilt from saved tables.

    Attributes
    ----------
    game : str
        The registered game.
    board : object
        The board or card set played.
    rules : object
        The rules value.
    bots : tuple of str
        The line-up's bots; seat ``s`` of a game of ``n`` plays ``bots[s % len(bots)]``
        before rotation (line-ups turn by one seat per game, so every bot plays every seat).
    results : dict of int to SimResult
        The tables, by player count.
    games : int
        Games per player count.
    seed : int
    seconds : float
        Wall-clock time of the simulations.
    bot_specs : tuple
        The bots as given (names or factories), to replay a game.
    max_rounds : int
        The cap passed to the simulator.
    """

    game: str
    board: Any
    rules: Any
    bots: tuple[str, ...]
    results: dict[int, SimResult]
    games: int
    seed: int
    seconds: float = 0.0
    bot_specs: tuple[Any, ...] = ()
    max_rounds: int = 30

    def __repr__(self) -> str:
        counts = "/".join(str(n) for n in self.players)
        return (
            f"<Playtest of {self.board_name} ({self.game}): {counts} players, "
            f"{self.games} games each, bots {', '.join(dict.fromkeys(self.bots))}>"
        )

    # ------------------------------------------------------------------ what was played

    @property
    def players(self) -> tuple[int, ...]:
        """The player counts, in order."""
        return tuple(sorted(self.results))

    @property
    def board_name(self) -> str:
        """The board's (or card set's) name."""
        return str(getattr(self.board, "name", "") or "the board")

    @property
    def info(self) -> Any:
        """The game's registry entry."""
        from workbench.games import GAMES

        return GAMES[self.game]

    def _frames(self, table: str) -> pd.DataFrame:
        """One table of every player count, with a ``players`` column in front."""
        parts = []
        for n in self.players:
            result = self.results[n]
            if table == "games":
                frame = result.games
            elif table == "seats":
                frame = result.seats
            elif table == "rounds":
                frame = result.rounds
            else:
                frame = result.tables.get(table, pd.DataFrame())
            frame = frame.copy()
            if "players" in frame.columns:
                frame = frame.drop(columns="players")
            frame.insert(0, "players", n)
            parts.append(frame)
        return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()

    def _finished(self, table: str) -> pd.DataFrame:
        """A table's rows of the games that were not cut off at the cap."""
        frame = self._frames(table)
        games = self._frames("games")
        cut = set(zip(games.players[games.truncated], games.game[games.truncated], strict=True))
        if not cut or frame.empty:
            return frame
        keys = zip(frame.players, frame.game, strict=True)
        return frame[[k not in cut for k in keys]].reset_index(drop=True)

    def table(self, name: str) -> pd.DataFrame:
        """A simulator table (``"games"``, ``"seats"`` or a game's own, such as Ticket to
        Ride's ``"tickets"``) of every player count, with a ``players`` column in front.

        Examples
        --------
        >>> report = playtest("maps/transorient_express.yaml", players="2..3", games=2)
        >>> report.table("games").groupby("players").size().to_dict()
        {2: 2, 3: 2}
        """
        return self._frames(name)

    # ------------------------------------------------------------------ shared questions

    def win_shares(self, by: str = "seat") -> pd.DataFrame:
        """Win shares by ``"seat"`` or ``"bot"`` for each player count, with 95 % Wilson
        intervals and the fair share ``1 / players``.

        A shared win counts as a share (two winners, a half each); games cut off at the cap
        have no winner and are left out, as in :func:`~workbench.sim.stats.win_rates` (the
        failures section counts them).

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=4, seed=1)
        >>> report.win_shares("seat")[["players", "seat", "n", "rate", "fair"]].to_dict("list")
        {'players': [2, 2], 'seat': [0, 1], 'n': [4, 4], 'rate': [0.5, 0.5], 'fair': [0.5, 0.5]}
        """
        if by not in ("seat", "bot"):
            raise ValueError(f"by is {by!r}: use 'seat' or 'bot'")
        seats = self._finished("seats")
        table = rate_table(seats, ["players", by], "win_share")
        table["fair"] = 1.0 / table["players"]
        return table

    def first_player(self) -> pd.DataFrame:
        """The first seat's edge for each player count: its win share, the fair share, the
        difference and the interval of the share.

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=4, seed=1)
        >>> float(report.first_player().edge.iloc[0])
        0.0
        """
        table = self.win_shares("seat")
        first = table[table.seat == 0].drop(columns="seat").reset_index(drop=True)
        first["edge"] = first["rate"] - first["fair"]
        return first[["players", "n", "wins", "rate", "lo", "hi", "fair", "edge"]]

    def lengths(self) -> pd.DataFrame:
        """Game length for each player count (in the game's unit: rounds or turns): mean,
        standard deviation, the 10th, 50th and 90th percentiles, the extremes, and the
        games cut off at the cap.

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=4, seed=1)
        >>> list(report.lengths().columns)[:4]
        ['players', 'games', 'mean', 'sd']
        """
        games = self._frames("games")
        rows = []
        for n, group in games.groupby("players", sort=True):
            length = group["length"].astype(float)
            rows.append(
                {
                    "players": n,
                    "games": len(group),
                    "mean": length.mean(),
                    "sd": length.std(ddof=1) if len(group) > 1 else 0.0,
                    "min": length.min(),
                    "p10": length.quantile(0.1),
                    "median": length.median(),
                    "p90": length.quantile(0.9),
                    "max": length.max(),
                    "cut_off": int(group["truncated"].sum()),
                }
            )
        return pd.DataFrame(rows)

    def scores(self) -> pd.DataFrame:
        """Scores for each player count: every seat's mean and spread, the winner's mean
        score and the mean margin between the best and the second best score.

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=4, seed=1)
        >>> list(report.scores().columns)
        ['players', 'mean', 'sd', 'winner_mean', 'margin_mean', 'tied_games']
        """
        seats = self._finished("seats")
        rows = []
        for n, group in seats.groupby("players", sort=True):
            by_game = group.groupby("game")["score"]
            top = by_game.max()
            second = by_game.apply(lambda s: sorted(s, reverse=True)[1] if len(s) > 1 else 0)
            winners = group.groupby("game")["winner"].sum()
            rows.append(
                {
                    "players": n,
                    "mean": group["score"].mean(),
                    "sd": group["score"].std(ddof=1) if len(group) > 1 else 0.0,
                    "winner_mean": top.mean(),
                    "margin_mean": (top - second).mean(),
                    "tied_games": int((winners > 1).sum()),
                }
            )
        return pd.DataFrame(rows)

    def score_values(self) -> pd.DataFrame:
        """Every seat's final score, with its player count and bot (for histograms)."""
        seats = self._frames("seats")
        return seats[["players", "game", "seat", "bot", "score", "winner"]].reset_index(drop=True)

    # ------------------------------------------------------------------ failures

    def failures(self) -> pd.DataFrame:
        """The failure states seen: per kind and player count, the games that reached it,
        their share with its interval, the times it was seen and the first game's index.

        ``cut off`` (a game stopped at the simulator's cap) is counted for every game; a
        game's own kinds come from its ``failures`` column and its registry entry's
        ``extra["failures"]`` (kind -> meaning).

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2, seed=1)
        >>> list(report.failures().columns)
        ['kind', 'meaning', 'players', 'games', 'events', 'n', 'rate', 'lo', 'hi', 'first_game']
        """
        meanings = {"cut off": CUT_OFF, **dict(self.info.extra.get("failures", {}))}
        rows = []
        games = self._frames("games")
        for n, group in games.groupby("players", sort=True):
            counts: dict[str, list[int]] = {}
            for i, cut in zip(group["game"], group["truncated"], strict=True):
                if cut:
                    counts.setdefault("cut off", []).append(int(i))
            events: dict[str, int] = {k: len(v) for k, v in counts.items()}
            if "failures" in group.columns:
                for i, text in zip(group["game"], group["failures"], strict=True):
                    for kind, times in parse_failures(text).items():
                        counts.setdefault(kind, []).append(int(i))
                        events[kind] = events.get(kind, 0) + times
            total = len(group)
            for kind in meanings:
                hit = counts.get(kind, [])
                lo, hi = wilson(len(hit), total)
                rows.append(
                    {
                        "kind": kind,
                        "meaning": meanings[kind],
                        "players": n,
                        "games": len(hit),
                        "events": events.get(kind, 0),
                        "n": total,
                        "rate": len(hit) / total,
                        "lo": lo,
                        "hi": hi,
                        "first_game": min(hit) if hit else -1,
                    }
                )
        return pd.DataFrame(
            rows,
            columns=[
                "kind",
                "meaning",
                "players",
                "games",
                "events",
                "n",
                "rate",
                "lo",
                "hi",
                "first_game",
            ],
        )

    def failure_record(self, kind: str, players: int) -> dict[str, Any]:
        """A saved game that replays to the first state of ``kind`` seen at ``players``.

        The game is played again from the report's seed (the same game, move for move), and
        its log is cut just after the action that reached the failure (for ``cut off``, the
        whole game as far as the cap). Load it with ``GAMES[game].load_record(record,
        board)``, or open it in the play widget.

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2, seed=1,
        ...                   max_rounds=1)
        >>> report.failure_record("cut off", 2)["game"]
        'trans_europa'
        """
        table = self.failures()
        row = table[(table.kind == kind) & (table.players == players)]
        if row.empty:
            known = ", ".join(repr(k) for k in dict.fromkeys(table.kind))
            raise ValueError(f"kind is {kind!r}: the kinds are {known}")
        first = int(row["first_game"].iloc[0])
        if first < 0:
            raise ValueError(f"no game with {players} players reached {kind!r}")
        state = self.replay(players, first)
        if kind != "cut off":
            detect = self.info.extra["failures_after"]
            state = _cut_at(state, lambda s, a: kind in detect(s, a))
        record: dict[str, Any] = self.info.save_record(state)
        return record

    def replay(self, players: int, game: int) -> Any:
        """Play game ``game`` of the ``players``-player run again and return its final state
        (the simulator's own entry, with the same seeds: the same game, move for move).

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2, seed=1)
        >>> state = report.replay(2, 1)
        >>> [int(s) for s in state.scores()] == report.table("seats").query(
        ...     "players == 2 and game == 1").sort_values("seat").score.to_list()
        True
        """
        from workbench.games.tables import lineup
        from workbench.sim.variants import bot_factory, bot_label

        result = self.results[players]
        variant = result.variants[0]
        specs = [variant.bots[i] for i in lineup(variant.bots, game, result.rotate)]
        factories = [bot_factory(b, self.game) for b in specs]
        names = [bot_label(b, self.game) for b in specs]
        kept: list[Any] = []
        self.info.play_rows(
            variant.board if not isinstance(variant.board, (str, os.PathLike)) else self.board,
            variant.rules,
            factories,
            names,
            result.seed,
            game,
            variant=variant.name,
            max_rounds=result.max_rounds,
            keep=kept,
        )
        return kept[-1]

    # ------------------------------------------------------------------ the game's own

    def sections(self) -> list[Section]:
        """Every section of the report, in the page's order: the shared ones, then the
        game's own (from its registry entry), then the failures.

        Examples
        --------
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2, seed=1)
        >>> [s.key for s in report.sections()][:4]
        ['seat', 'bot', 'players', 'first']
        """
        unit = self.info.length_unit
        bots = self.win_shares("bot")
        pivot = bots.pivot(index="bot", columns="players", values="rate")
        pivot.columns = [f"{n} players" for n in pivot.columns]
        out = [
            Section(
                "seat",
                "Win share by seat",
                "Each seat's share of the wins at each player count, with its 95 % interval; "
                "the dashed mark is the fair share. Line-ups turn by one seat each game, so "
                "every bot sits in every seat equally often.",
                self.win_shares("seat"),
                plot="bars",
                label="seat",
                value="rate",
                by="players",
            ),
            Section(
                "bot",
                "Win share by bot or playing style",
                "Each bot's share of the wins against the others at the table.",
                bots,
                plot="bars",
                label="bot",
                value="rate",
                by="players",
            ),
            Section(
                "players",
                "Win share by player count",
                "The same shares side by side: a style that wins at 2 players may not at 5.",
                pivot.reset_index(),
            ),
            Section(
                "first",
                "The first player's edge",
                "Seat 0's win share minus the fair share; an interval that leaves out the fair "
                "share says the edge is real at this many games.",
                self.first_player(),
            ),
            Section(
                "length",
                f"Game length ({unit})",
                f"How many {unit} a game lasts at each player count, and how many were cut "
                "off at the cap.",
                self.lengths(),
            ),
            Section(
                "scores",
                "Scores",
                "Final scores at each player count: the mean, the winner's mean and the "
                "margin between the two best.",
                self.scores(),
            ),
        ]
        own = self.info.extra.get("playtest")
        if own is not None:
            out.extend(own(self))
        out.append(
            Section(
                "failures",
                "Failure states",
                "States the engine reached that the rules do not settle, counted per player "
                "count; each kind seen comes with a saved game that replays to it.",
                self.failures(),
            )
        )
        return out

    # ------------------------------------------------------------------ showing it

    def html(self) -> str:
        """The report as an HTML fragment (BokehJS inline; see :mod:`workbench.ui.playtest`)."""
        from workbench.ui.playtest import playtest_html  # noqa: TID251 - drawing, lazily

        return playtest_html(self)

    def _repr_html_(self) -> str:
        return self.html()

    def save_html(self, path: str | os.PathLike[str]) -> Path:
        """Write the report as one offline HTML page, atomically; returns the path.

        Examples
        --------
        >>> import tempfile
        >>> report = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     text = report.save_html(Path(d) / "p.html").read_text()
        >>> "Win share by seat" in text, "cdn.bokeh.org" in text
        (True, False)
        """
        from workbench.ui.playtest import save_playtest_html  # noqa: TID251 - drawing, lazily

        return save_playtest_html(self, path)


CUT_OFF = (
    "the game did not end before the simulator's cap on rounds or turns: the bots went round "
    "in circles or the rules let the game stall"
)
"""What the shared failure kind ``cut off`` means."""


def parse_failures(text: Any) -> dict[str, int]:
    """A ``failures`` cell (``kind=count`` joined by ``;``) as a dict.

    >>> parse_failures("no legal move=2;market of locomotives=1")
    {'no legal move': 2, 'market of locomotives': 1}
    >>> parse_failures("")
    {}
    """
    if not isinstance(text, str) or not text:
        return {}
    out: dict[str, int] = {}
    for part in text.split(";"):
        kind, _, count = part.rpartition("=")
        out[kind] = int(count)
    return out


def _cut_at(state: Any, hit: Callable[[Any, Any], bool]) -> Any:
    """The state after the first action of ``state``'s history at which ``hit(state,
    action)`` holds, played again from the game's first state."""
    game = state.game
    again = game.new_state()
    for action in state.history:
        again.apply(action)
        if hit(again, action):
            return again
    return state


def playtest(
    data: Any = None,
    *,
    game: str | None = None,
    players: int | Sequence[int] | str | None = None,
    bots: Sequence[Any] | None = None,
    rules: Any = None,
    games: int = 1000,
    seed: int = 0,
    workers: int | None = 1,
    executor: Any = None,
    progress: bool | Callable[[int], Any] = False,
    max_rounds: int | None = None,
) -> Playtest:
    """Play ``games`` games of a board at each player count and make the playtest report.

    Parameters
    ----------
    data : Board, RouteBoard, CardSet or path, optional
        The board or card set (the game's shipped default when ``None``).
    game : str, optional
        The registered game; found from the data file's kind when left out.
    players : int, list, ``"2..4"`` or None
        The player counts (default: 2 up to the game's usual count).
    bots : list of bot names or factories
        The line-up: seat ``s`` plays ``bots[s % len(bots)]``, and line-ups turn by one seat
        per game (default: the game's ``greedy``).
    rules : rules value, preset name or None
    games : int
        Games per player count.
    seed : int
        The same seed gives the same games, in one process or many.
    workers, executor
        As :func:`~workbench.sim.simulate`: local processes, or a Dask client.
    progress : bool or callable
        A progress bar over every game of the report (tqdm), or a callable given the
        number of games just finished.
    max_rounds : int, optional
        The simulator's cap (the game's default when ``None``).

    Examples
    --------
    >>> r = playtest("maps/ticket_to_ride_europe.yaml", players=2, bots=["greedy"], games=2)
    >>> r.game, r.players, [s.key for s in r.sections()][-1]
    ('ticket_to_ride', (2,), 'failures')
    """
    from workbench.games import GAMES

    name, board = _game_and_board(data, game)
    info = GAMES[name]
    counts = player_counts(players, info.players[0], info.players[1], info.default_players)
    specs = tuple(bots) if bots else ("greedy",)
    if games < 1:
        raise ValueError(f"games is {games!r}: play at least one game per player count")
    from workbench.sim.variants import bot_label

    labels = tuple(bot_label(b, name) for b in specs)
    bar = _progress(progress, games * len(counts))
    extra: dict[str, Any] = {} if max_rounds is None else {"max_rounds": max_rounds}
    start = time.perf_counter()
    results: dict[int, SimResult] = {}
    try:
        for n in counts:
            lineup = [specs[s % len(specs)] for s in range(n)]
            results[n] = simulate(
                board,
                rules,
                lineup,
                games=games,
                seed=seed,
                workers=workers,
                executor=executor,
                progress=bar.update if bar is not None else False,
                game=name,
                **extra,
            )
    finally:
        if bar is not None:
            bar.close()
    first = results[counts[0]]
    return Playtest(
        game=name,
        board=first.variants[0].board,
        rules=first.variants[0].rules,
        bots=labels,
        results=results,
        games=games,
        seed=seed,
        seconds=time.perf_counter() - start,
        bot_specs=specs,
        max_rounds=first.max_rounds,
    )


def _game_and_board(data: Any, game: str | None) -> tuple[str, Any]:
    """The game's name and its board or card set (loaded by the game when ``data`` is a
    path)."""
    from workbench.games import GAMES

    if data is None:
        name = game or "trans_europa"
        return name, GAMES[name].board()
    if game is None:
        kind = _kind_of(data) if isinstance(data, (str, os.PathLike)) else data.kind
        found = [n for n in GAMES if GAMES[n].map_kind == kind]
        if not found:
            raise ValueError(f"no registered game plays a data file of kind {kind!r}")
        game = found[0]
    info = GAMES[game]
    return game, info.board(data) if isinstance(data, (str, os.PathLike)) else data


def _kind_of(path: str | os.PathLike[str]) -> str:
    """The ``kind:`` a data file declares at its top level (``lattice`` when none)."""
    import re

    with open(path, encoding="utf-8", errors="replace") as f:
        head = f.read(4096)
    found = re.search(r"^kind:\s*[\"']?([A-Za-z_]+)", head, re.M)
    return found.group(1) if found else "lattice"


class _Bar:
    """A progress bar over several simulations (tqdm), or a callable's updates."""

    def __init__(self, total: int, call: Callable[[int], Any] | None) -> None:
        self.call = call
        self.bar: Any = None
        if call is None:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, desc="playtest", unit="game")

    def update(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(n)
        elif self.call is not None:
            self.call(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _progress(progress: bool | Callable[[int], Any], total: int) -> _Bar | None:
    if progress is False:
        return None
    if progress is True:
        return _Bar(total, None)
    return _Bar(total, progress)
