"""The play doctor: edits that make a board *play* fairer, judged by simulated games.

The cost doctors (:mod:`workbench.analysis.doctor` for lattice boards,
:mod:`workbench.analysis.route_doctor` for route boards) even out what the exact cost
analysis measures. How a board plays is another matter: a round is a race between the hands
of one deal, and a route board is played by people of different styles. The play doctor
evens out what games show, chosen as data in a :class:`PlayObjective`: the gap between the
win shares of seats, of start colors or regions (Trans Europa), of bots or playing styles,
the spread of ticket completion and of city desirability (Ticket to Ride), with game length
kept in a band.

How it spends its games:

1. **A cheap pre-filter.** At each step the cost doctor ranks every legal single edit with
   the exact cost analysis (milliseconds each); the best ``candidates`` go on.
2. **Common random numbers.** Every candidate board and the current board play the very
   same games (the same seed: the same deals and the same bots' choices, as far as the edit
   lets them be the same), so the luck of the deal cancels out of their difference.
3. **Successive halving.** All candidates play a first batch; the better half plays a
   batch twice as large, and so on, until one is left; a clearly worse edit costs only
   the first batch. Each rung plays new seeds, and a candidate's score is read from all the
   games it played.
4. **The last race.** The plan found and the cost doctor's own plan (the same edit budget)
   play a last batch of shared games; the better is the plan (``PlayPlan.source``), so the
   play doctor does not report a plan its own games call worse than the cheap one.
5. **No fooling itself.** The search never sees the seeds of the final check: the plan's
   board and the original are played again on ``fresh_games`` games of a seed the search
   did not use, and :meth:`PlayPlan.text` reports both, every rate with its 95 % interval.

Games run in this process, in local processes (``workers``) or on a Dask cluster
(``executor``), with a progress bar over the games and Ctrl-C (or ``stop``) ending the
search with the plan found so far.

References
----------
F. de Mesentier Silva, S. Lee, J. Togelius and A. Nealen, "AI-based playtesting of
contemporary board games", FDG 2017, doi:10.1145/3102071.3102105 (styles and desirability);
K. Jamieson and A. Talwalkar, "Non-stochastic best arm identification and hyperparameter
optimization", AISTATS 2016 (successive halving).

>>> found = play_plan("maps/tiny.yaml", players=2, bots=["random"], edits=1, candidates=2,
...                   games_budget=24, fresh_games=8, objective=PlayObjective(seat=1.0))
>>> found.fresh_before.games, found.fresh_after.games
(8, 8)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any

import pandas as pd

from workbench.sim.playtest import Playtest, _game_and_board
from workbench.sim.run import simulate

__all__ = [
    "PlayMeasures",
    "PlayObjective",
    "PlayPlan",
    "PlayStep",
    "on_fresh_games",
    "play_measures",
    "play_plan",
    "successive_halving",
]

RUNGS_PER_STEP = 64
"""Seeds set aside for each step's rungs: step ``k``'s race ``a`` (0, or 1 for a retry)
plays rung ``r`` on seed ``seed + 1 + 64 k + 32 a + r`` (successive halving of up to 2**31
candidates needs no more)."""

FRESH = 1_000_003
"""Added to the seed for the final check's games: far above every rung's seed (the search
would need 15,000 steps to reach it)."""


def successive_halving(
    count: int, first_batch: int, play: Callable[[int, int, int], float]
) -> tuple[int, dict[int, float], float, dict[int, int]]:
    """Race ``count`` candidates by successive halving, against the current board.

    On rung ``r`` (0, 1, ...) the current board (index ``-1``) and every candidate still in
    the race play ``first_batch * 2**r`` more games, all on that rung's seeds (common random
    numbers); ``play(i, games, r)`` plays them and returns candidate ``i``'s score over every
    game it has played (lower is better). The better half (ties to the lower index) goes on
    to the next rung, until one is left (its score and the current board's are those of the
    last rung it played).

    Returns
    -------
    best : int
        The winner's index.
    scores : dict of int to float
        Each candidate's last score.
    base : float
        The current board's score over the games it played.
    games : dict of int to int
        The games each candidate (and ``-1``) played.

    Examples
    --------
    Candidate 2 is best; 0 is clearly worst and plays only the first rung:

    >>> truth = {-1: 0.5, 0: 0.9, 1: 0.4, 2: 0.1, 3: 0.6}
    >>> best, scores, base, games = successive_halving(4, 10, lambda i, n, r: truth[i])
    >>> best, base, games
    (2, 0.5, {-1: 30, 0: 10, 1: 30, 2: 30, 3: 10})
    """
    if count < 1:
        raise ValueError(f"count is {count}: a race needs a candidate")
    games = {i: 0 for i in range(-1, count)}
    scores: dict[int, float] = {}
    alive = list(range(count))
    batch, rung, base = first_batch, 0, math.nan
    while True:
        base = play(-1, batch, rung)
        games[-1] += batch
        for i in alive:
            scores[i] = play(i, batch, rung)
            games[i] += batch
        if len(alive) > 1:
            alive.sort(key=lambda i: (scores[i], i))
            alive = alive[: max(1, len(alive) // 2)]
        if len(alive) == 1:
            return alive[0], scores, base, games
        batch *= 2
        rung += 1


@dataclass(frozen=True)
class PlayObjective:
    """What the play doctor minimises, as weights on gaps between win shares (each the
    highest group's rate minus the lowest's, groups with at least ``min_n`` trials only).

    ``seat``: the seats' win shares; ``bot``: the bots' or playing styles'; ``start_color``
    and ``region``: Trans Europa's seat-rounds by the color and the quarter of the board of
    the city the start marker stood on; ``tickets``: Ticket to Ride's tickets' completion
    rates; ``cities``: city desirability; ``length``: per unit (round or turn) the mean game
    length lies outside ``length_band`` (a fraction of the original's, either side); ``edit``
    per edit made. Weights are data: :meth:`from_text` reads ``"start_color=1, seat=0.5"``.

    Examples
    --------
    >>> PlayObjective.from_text("bot=1, length=0.5").bot
    1.0
    >>> PlayObjective.for_game("trans_europa").start_color
    1.0
    """

    seat: float = 0.0
    bot: float = 0.0
    start_color: float = 0.0
    region: float = 0.0
    tickets: float = 0.0
    cities: float = 0.0
    length: float = 0.0
    length_band: float = 0.1
    edit: float = 0.0
    min_n: int = 30

    MEASURES = ("seat", "bot", "start_color", "region", "tickets", "cities")

    @classmethod
    def from_text(cls, text: str) -> PlayObjective:
        """Weights from ``"name=value, ..."`` (the names are the fields)."""
        names = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, value = part.partition("=")
            name = name.strip()
            if name not in names:
                raise ValueError(
                    f"unknown weight {name!r} (the weights are: {', '.join(sorted(names))})"
                )
            try:
                values[name] = int(value) if name == "min_n" else float(value)
            except ValueError:
                raise ValueError(f"weight {name!r} is {value.strip()!r}: give a number") from None
        return cls(**values)

    @classmethod
    def for_game(cls, game: str) -> PlayObjective:
        """The default objective of a game: start colors for Trans Europa, playing styles
        for Ticket to Ride, seats for the others; game length kept in its band."""
        if game == "trans_europa":
            return cls(start_color=1.0, length=0.05)
        if game == "ticket_to_ride":
            return cls(bot=1.0, length=0.01)
        return cls(seat=1.0, length=0.05)

    def score(self, m: PlayMeasures, reference_length: float, edits: int = 0) -> float:
        """The score of measures ``m``: weighted gaps, the length outside its band, edits.

        Examples
        --------
        >>> m = PlayMeasures(10, {"seat": 0.2, "bot": 0.1}, 30.0, {})
        >>> round(PlayObjective(seat=1.0, bot=2.0).score(m, 30.0), 6)
        0.4
        """
        total = 0.0
        for name in self.MEASURES:
            weight = getattr(self, name)
            value = m.gaps.get(name, math.nan)
            if weight and not math.isnan(value):
                total += weight * value
        if self.length:
            outside = abs(m.length - reference_length) - self.length_band * reference_length
            total += self.length * max(0.0, outside)
        return total + self.edit * edits


@dataclass(frozen=True)
class PlayMeasures:
    """What games of one board showed: the gap of each measure, the mean game length, and
    each measure's groups (``group``, ``n``, ``rate``, ``lo``, ``hi``).

    Examples
    --------
    >>> PlayMeasures(4, {"seat": 0.5}, 12.0, {}).gap("seat")
    0.5
    """

    games: int
    gaps: dict[str, float]
    length: float
    groups: dict[str, pd.DataFrame] = field(compare=False, repr=False)

    def gap(self, name: str) -> float:
        """The gap of measure ``name`` (``nan`` when it has too few trials or none)."""
        return self.gaps.get(name, math.nan)


def _gap(table: pd.DataFrame, min_n: int, shrink: bool = False) -> float:
    """The highest group's rate minus the lowest's: over groups with ``min_n`` trials or
    more, or (``shrink``) a race's steadier stand-in for it: every group's rate drawn toward
    the mean of all as if ``min_n`` more trials had each given the mean (a beta prior's
    weight), so that a rare group counts but a few lucky games of it do not decide, and the
    spread read as sqrt(12) standard deviations of those rates (the range of rates spread
    evenly; every group counts, not only the two extremes, so one lucky batch of the best or
    the worst group moves it less)."""
    if shrink:
        rows = table[table.n > 0]
        if len(rows) < 2:
            return math.nan
        wins = rows.rate * rows.n
        mean = float(wins.sum() / rows.n.sum())
        shrunk = (wins + min_n * mean) / (rows.n + min_n)
        variance = float(((shrunk - shrunk.mean()) ** 2).mean())
        return math.sqrt(12.0 * variance)
    rows = table[table.n >= min_n]
    if len(rows) < 2:
        return math.nan
    return float(rows.rate.max() - rows.rate.min())


def play_measures(report: Playtest, min_n: int = 30, shrink: bool = False) -> PlayMeasures:
    """The measures of a playtest of one player count: seats, bots and the game's own
    groups (its registry entry's ``extra["play_groups"]``).

    Each gap is over the groups with at least ``min_n`` trials; with ``shrink`` (what the
    search races by, on small batches of games) over every group, each rate drawn toward the
    mean by ``min_n`` trials' weight (see ``_gap``). The check on fresh seeds reports raw gaps.

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> m = play_measures(playtest("maps/tiny.yaml", players=2, bots=["random"], games=4), 2)
    >>> sorted(m.gaps), m.games
    (['bot', 'cities', 'region', 'seat', 'start_color'], 4)
    """
    groups: dict[str, pd.DataFrame] = {}
    for by in ("seat", "bot"):
        table = report.win_shares(by)
        groups[by] = table.rename(columns={by: "group"})[["group", "n", "rate", "lo", "hi"]]
    own = report.info.extra.get("play_groups")
    if own is not None:
        groups.update(own(report))
    gaps = {name: _gap(table, min_n, shrink) for name, table in groups.items()}
    games = report.table("games")
    return PlayMeasures(len(games), gaps, float(games["length"].mean()), groups)


@dataclass(frozen=True)
class PlayStep:
    """One edit of a play plan: the edit, the board it makes, its cost-doctor rank, the
    scores of the board before and after on the games that decided it, and those games."""

    edit: Any
    board: Any
    rank: int
    score_before: float
    score_after: float
    games: int

    def effect(self) -> str:
        """The edit and its measured effect in words."""
        if self.rank < 0:
            return f"{self.edit} (the cost doctor's plan)"
        return (
            f"{self.edit}: play score {self.score_before:.3f} -> {self.score_after:.3f} "
            f"on {self.games:,} shared games (cost rank {self.rank + 1})"
        )


@dataclass(frozen=True)
class PlayPlan:
    """The play doctor's plan: the steps, the final board, and the check on fresh seeds
    (``fresh_before`` the original board, ``fresh_after`` the plan's)."""

    game: str
    original: Any
    board: Any
    players: int
    bots: tuple[str, ...]
    objective: PlayObjective
    steps: tuple[PlayStep, ...]
    fresh_before: PlayMeasures
    fresh_after: PlayMeasures
    fresh_seed: int
    games_played: int
    seconds: float
    stopped: bool = False
    rules: Any = None
    max_rounds: int | None = None
    source: str = "play"
    """``"play"``: the play search's plan; ``"cost"``: the cost doctor's, which played
    better than the play search's on the final race's games (``against_cost``)."""

    @property
    def edits(self) -> tuple[Any, ...]:
        """The plan's edits, in order."""
        return tuple(s.edit for s in self.steps)

    def text(self) -> str:
        """The plan as the command line prints it: the steps, then before and after on the
        fresh seeds, measure by measure, with each group's rate and 95 % interval.

        Examples
        --------
        >>> found = play_plan("maps/tiny.yaml", players=2, bots=["random"], edits=0,
        ...                   fresh_games=4, objective=PlayObjective(seat=1.0))
        >>> print(found.text().splitlines()[0])
        Tiny Island, 2 players (random): no edit plays better (0 games searched, 0 s)
        """
        name = getattr(self.original, "name", "the board")
        head = (
            f"{name}, {self.players} players ({', '.join(dict.fromkeys(self.bots))}): "
            + (
                f"{len(self.steps)} edit{'s' if len(self.steps) != 1 else ''}"
                if self.steps
                else "no edit plays better"
            )
            + f" ({self.games_played:,} games searched, {self.seconds:,.0f} s"
            + (", stopped early" if self.stopped else "")
            + ")"
        )
        out = [head]
        out += [f"  {i + 1}. {s.effect()}" for i, s in enumerate(self.steps)]
        if self.source == "cost" and self.steps:
            last = self.steps[-1]
            out.append(
                f"  The cost doctor's plan played better than the play search's own "
                f"(score {last.score_after:.3f} against {last.score_before:.3f} on "
                f"{last.games:,} shared games), so it is the plan."
            )
        before, after = self.fresh_before, self.fresh_after
        out.append(
            f"On {after.games:,} fresh games (seed {self.fresh_seed}, never used by the "
            "search), original -> plan:"
        )
        for measure in before.groups:
            b, a = before.gap(measure), after.gap(measure)
            if math.isnan(b) and math.isnan(a):
                continue
            out.append(f"  {measure} gap {_pct(b)} -> {_pct(a)}")
            joined = before.groups[measure].merge(
                after.groups[measure], on="group", how="outer", suffixes=("_0", "_1")
            )
            if len(joined) > 12:
                continue
            for row in joined.itertuples():
                out.append(
                    f"    {row.group!s:<12} {_rate(row.rate_0, row.lo_0, row.hi_0, row.n_0)}"
                    f"  ->  {_rate(row.rate_1, row.lo_1, row.hi_1, row.n_1)}"
                )
        out.append(f"  game length {before.length:.2f} -> {after.length:.2f}")
        return "\n".join(out)


def on_fresh_games(
    plan: PlayPlan,
    boards: dict[str, Any],
    *,
    workers: int | None = 1,
    executor: Any = None,
) -> pd.DataFrame:
    """Other boards played on the very games of ``plan``'s check (its fresh seed, bots,
    players and count), beside the original and the plan's board: to judge another plan,
    the cost doctor's say, on the same deals.

    Returns one row per board and measure: ``board``, ``measure``, ``gap`` (the highest
    group's rate minus the lowest's, groups of ``min_n`` trials or more), ``games``; the
    measure ``length`` is the mean game length.

    Examples
    --------
    >>> from workbench import load_map
    >>> found = play_plan("maps/tiny.yaml", players=2, bots=["random"], edits=0,
    ...                   fresh_games=6, objective=PlayObjective(seat=1.0, min_n=1))
    >>> table = on_fresh_games(found, {"again": load_map("maps/tiny.yaml")})
    >>> list(table.board.unique())
    ['original', 'plan', 'again']
    >>> a = table.set_index(["board", "measure"]).gap
    >>> bool(a["again", "seat"] == a["original", "seat"])  # the same games, the same board
    True
    """
    games = plan.fresh_after.games
    runner = _Games(plan.game, plan.players, plan.bots, plan.rules, workers, executor,
                    plan.max_rounds, lambda _n: None)  # fmt: skip
    measured = {"original": plan.fresh_before, "plan": plan.fresh_after}
    for label, board in boards.items():
        measured[label] = play_measures(
            runner.play(board, games, plan.fresh_seed), plan.objective.min_n
        )
    rows = []
    for label, m in measured.items():
        rows += [(label, name, gap, m.games) for name, gap in m.gaps.items()]
        rows.append((label, "length", m.length, m.games))
    return pd.DataFrame(rows, columns=["board", "measure", "gap", "games"])


def _pct(value: float) -> str:
    return "n/a" if math.isnan(value) else f"{value * 100:.1f} pts"


def _rate(rate: Any, lo: Any, hi: Any, n: Any) -> str:
    if isinstance(rate, float) and math.isnan(rate):
        return "-" * 28
    return f"{rate:6.1%} [{lo:5.1%}, {hi:5.1%}] ({int(n):>5})"


def _varied(edits: Sequence[Any], per_subject: int = 2) -> list[Any]:
    """``edits`` in their order, keeping at most ``per_subject`` of those that touch one
    thing (a city moved, a segment set, a ticket or route changed: an edit's first field),
    so that a race is not six ways of moving one city.

    >>> from workbench.analysis.doctor import MoveCity
    >>> moves = [MoveCity("Bordeaux", (9, 15), (x, 17)) for x in (7, 8, 9)]
    >>> [str(e) for e in _varied(moves + [MoveCity("Zurich", (17, 13), (19, 14))])]
    ['move Bordeaux from [9, 15] to [7, 17]', 'move Bordeaux from [9, 15] to [8, 17]', \
'move Zurich from [17, 13] to [19, 14]']
    """
    seen: dict[Any, int] = {}
    kept = []
    for edit in edits:
        first = fields(edit)[0].name if is_dataclass(edit) else None
        subject = getattr(edit, first) if first else edit
        if seen.get(subject, 0) < per_subject:
            seen[subject] = seen.get(subject, 0) + 1
            kept.append(edit)
    return kept


def _candidates(
    game: str, board: Any, original: Any, players: int, top: int, move: int, seed: int
) -> list[Any]:
    """The ``top`` single edits of ``board`` the cost doctor ranks best (legal ones only,
    improving the cost score or not)."""
    if getattr(board, "kind", "lattice") == "routes":
        from workbench.analysis.route_doctor import rank_route_edits

        return [edit for _, edit in rank_route_edits(board, top=top)]
    from workbench.analysis.doctor import Allowed, suggest

    found = suggest(
        board,
        players=players,
        allowed=Allowed(move=move),
        top=top,
        seed=seed,
        original=original,
        better_only=False,
    )
    return [s.edit for s in found]


def _stop_asked(bar: _Progress) -> bool:
    """Whether the user asked the search to stop (``stop`` says so)."""
    return bar.stop is not None and bool(bar.stop())


def _cost_plan(game: str, board: Any, players: int, edits: int, move: int) -> list[tuple[Any, Any]]:
    """The cost doctor's default plan with ``edits`` edits: (edit, board it makes) pairs."""
    if edits < 1:
        return []
    if getattr(board, "kind", "lattice") == "routes":
        from workbench.analysis.route_doctor import plan_routes

        found: Any = plan_routes(board, edits=edits)
    else:
        from workbench.analysis.doctor import Allowed, plan

        found = plan(board, players=players, allowed=Allowed(move=move), edits=edits,
                     progress=False)  # fmt: skip
    return [(step.edit, step.board) for step in found.steps]


class _Games:
    """Plays boards on shared seeds and keeps their tables, counting every game."""

    def __init__(
        self,
        game: str,
        players: int,
        bots: Sequence[Any],
        rules: Any,
        workers: int | None,
        executor: Any,
        max_rounds: int | None,
        tick: Callable[[int], None],
    ) -> None:
        self.game = game
        self.lineup = [bots[s % len(bots)] for s in range(players)]
        self.bots = tuple(bots)
        self.rules = rules
        self.players = players
        self.workers = workers
        self.executor = executor
        self.extra: dict[str, Any] = {} if max_rounds is None else {"max_rounds": max_rounds}
        self.tick = tick
        self.played = 0

    def play(self, board: Any, games: int, seed: int) -> Playtest:
        result = simulate(
            board,
            self.rules,
            self.lineup,
            games=games,
            seed=seed,
            workers=self.workers,
            executor=self.executor,
            progress=self.tick,
            game=self.game,
            **self.extra,
        )
        self.played += games
        first = result.variants[0]
        return Playtest(self.game, first.board, first.rules, tuple(map(str, self.bots)),
                        {self.players: result}, games, seed, result.seconds,
                        self.bots, result.max_rounds)  # fmt: skip


def _merge(a: Playtest | None, b: Playtest) -> Playtest:
    """Two playtests of one board and player count as one (``b``'s games renumbered after
    ``a``'s)."""
    if a is None:
        return b
    n = b.players[0]
    ra, rb = a.results[n], b.results[n]
    offset = int(ra.games["game"].max()) + 1

    def shifted(frame: pd.DataFrame) -> pd.DataFrame:
        if frame.empty or "game" not in frame.columns:
            return frame
        return frame.assign(game=frame["game"] + offset)

    merged = replace(
        ra,
        games=pd.concat([ra.games, shifted(rb.games)], ignore_index=True),
        seats=pd.concat([ra.seats, shifted(rb.seats)], ignore_index=True),
        tables={
            k: pd.concat([v, shifted(rb.tables[k])], ignore_index=True)
            for k, v in ra.tables.items()
        },
    )
    return replace(a, results={n: merged}, games=a.games + b.games)


def play_plan(
    data: Any = None,
    *,
    game: str | None = None,
    players: int = 4,
    bots: Sequence[Any] | None = None,
    rules: Any = None,
    objective: PlayObjective | None = None,
    edits: int = 5,
    move: int = 2,
    candidates: int = 6,
    retries: int = 1,
    against_cost: bool = True,
    games_budget: int = 12_000,
    fresh_games: int = 4_000,
    seed: int = 0,
    workers: int | None = 1,
    executor: Any = None,
    progress: bool | Callable[[int], Any] = False,
    stop: Callable[[], bool] | None = None,
    max_rounds: int | None = None,
) -> PlayPlan:
    """The best sequence of up to ``edits`` edits by simulated play (see the module's text).

    Parameters
    ----------
    data : board, route board or path
    game : str, optional
        Found from the data file's kind when left out.
    players : int
    bots : list of bot names or factories
        The line-up, cycled over the seats and turned one seat per game (default greedy;
        for Ticket to Ride, the playing styles when registered, else greedy and planner).
    rules : rules value, preset name or None
    objective : PlayObjective, optional
        Default: :meth:`PlayObjective.for_game`.
    edits : int
        The most edits in the plan.
    move : int
        Lattice steps a city may move from where it was (lattice boards).
    candidates : int
        Edits the cost pre-filter passes on to a race (at most two touching one city,
        segment, ticket or route).
    retries : int
        Races more a step may run, each on the next-ranked candidates, when a race's winner
        does not beat the current board on the games they shared (while the budget lasts).
    against_cost : bool
        At the end, race the plan found against the cost doctor's own plan with the same
        edit budget, on a last batch of shared games (a step's share of the budget each),
        and keep the one that plays better (``PlayPlan.source`` says which): the play
        doctor then never reports a plan that its own games call worse than the cost plan.
    games_budget : int
        Games the search may play in all (split evenly over the steps).
    fresh_games : int
        Games of the final check, for each of the original and the plan's board.
    seed : int
    workers, executor
        As :func:`~workbench.sim.simulate`.
    progress : bool or callable
        A progress bar over the games (tqdm), or a callable given games as they finish.
    stop : callable, optional
        Asked after every game; when it says so (or on Ctrl-C) the search ends with the
        plan so far, which is still checked on fresh seeds.
    max_rounds : int, optional

    Returns
    -------
    PlayPlan

    Examples
    --------
    >>> found = play_plan("maps/tiny.yaml", players=2, bots=["random"], edits=1,
    ...                   candidates=2, games_budget=24, fresh_games=4,
    ...                   objective=PlayObjective(seat=1.0))
    >>> found.games_played >= 24, len(found.steps) <= 1
    (True, True)
    """
    from workbench.games import GAMES

    started = time.perf_counter()
    name, board = _game_and_board(data, game)
    info = GAMES[name]
    objective = objective or PlayObjective.for_game(name)
    lineup = tuple(bots) if bots else _default_bots(name, info)
    if edits < 0 or candidates < 1 or retries < 0 or games_budget < 0 or fresh_games < 1:
        raise ValueError(
            f"edits is {edits}, candidates {candidates}, retries {retries}, games_budget "
            f"{games_budget} and fresh_games {fresh_games}: use 0 or more edits, retries and "
            "games, 1 or more candidates and fresh games"
        )
    per_step = games_budget // max(1, edits + (against_cost and edits > 0))  # the last race
    rungs = max(1, math.ceil(math.log2(candidates))) if candidates > 1 else 1
    first_batch = max(2, per_step // max(1, rungs * (candidates + 1)))
    total = games_budget + 2 * fresh_games
    bar = _Progress(progress, total, stop)
    runner = _Games(name, players, lineup, rules, workers, executor, max_rounds, bar.update)
    steps: list[PlayStep] = []
    stopped = False
    source = "play"
    current = board
    reference_length = math.nan
    try:
        for step in range(edits):
            wanted = candidates * (1 + retries)
            ranked = _candidates(name, current, board, players, 3 * wanted, move, seed + step)
            pool = _varied(ranked)[:wanted]
            found = None
            for attempt in range(1 + retries):
                if (step or attempt) and runner.played + per_step > games_budget + per_step // 2:
                    break  # the budget is spent (a retry spends a later step's games)
                lot = pool[attempt * candidates : (attempt + 1) * candidates]
                boards = []
                for rank, edit in enumerate(lot, attempt * candidates):
                    try:
                        boards.append((rank, edit, edit.apply(current)))
                    except (ValueError, KeyError):
                        continue
                if not boards:
                    break
                step_seed = seed + 1 + step * RUNGS_PER_STEP + attempt * RUNGS_PER_STEP // 2
                others = [b for _, _, b in boards]
                race = _Race(
                    runner, objective, current, others, step_seed, len(steps), reference_length
                )
                best, scores, base_score, _ = successive_halving(len(boards), first_batch, race)
                reference_length = race.reference_length
                base = race.played[-1]
                if scores[best] < base_score - 1e-9:
                    rank, edit, new_board = boards[best]
                    games = base.games if base is not None else 0
                    found = PlayStep(edit, new_board, rank, base_score, scores[best], games)
                    break
            if found is None:
                break
            steps.append(found)
            current = found.board
        if against_cost and not _stop_asked(bar):
            cost = _cost_plan(name, board, players, edits, move)
            if cost and cost[-1][1] != current:  # the same board needs no race
                final_seed = seed + 1 + edits * RUNGS_PER_STEP
                boards_two = [current, cost[-1][1]]
                race = _Race(runner, objective, board, boards_two, final_seed, 0, reference_length)
                batch = max(2, per_step // 2)
                ours, theirs = race(0, batch, 0), race(1, batch, 0)
                if theirs < ours - 1e-9:
                    steps = [PlayStep(e, b, -1, math.nan, math.nan, 0) for e, b in cost[:-1]]
                    steps.append(PlayStep(cost[-1][0], cost[-1][1], -1, ours, theirs, batch))
                    current = cost[-1][1]
                    source = "cost"
    except KeyboardInterrupt:
        stopped = True
    fresh = seed + FRESH
    bar.stop = None  # the check on fresh seeds is what the plan is judged by: always made
    checker = _Games(name, players, lineup, rules, workers, executor, max_rounds, bar.update)
    checker.played = runner.played
    before = play_measures(checker.play(board, fresh_games, fresh), objective.min_n)
    after = (
        before
        if not steps
        else play_measures(checker.play(current, fresh_games, fresh), objective.min_n)
    )
    bar.close()
    return PlayPlan(
        game=name,
        original=board,
        board=current,
        players=players,
        bots=tuple(map(str, lineup)),
        objective=objective,
        steps=tuple(steps),
        fresh_before=before,
        fresh_after=after,
        fresh_seed=fresh,
        games_played=runner.played,
        seconds=time.perf_counter() - started,
        stopped=stopped,
        rules=rules,
        max_rounds=max_rounds,
        source=source,
    )


class _Race:
    """One step's race: plays the current board (``-1``) or candidate ``i`` on a rung's
    seeds and scores it over all the games it played (see :func:`successive_halving`)."""

    def __init__(
        self,
        runner: _Games,
        objective: PlayObjective,
        current: Any,
        boards: list[Any],
        seed: int,
        edits: int,
        reference_length: float,
    ) -> None:
        self.runner, self.objective, self.current, self.boards = runner, objective, current, boards
        self.seed, self.edits, self.reference_length = seed, edits, reference_length
        self.played: dict[int, Playtest | None] = {i: None for i in range(-1, len(boards))}

    def __call__(self, i: int, games: int, rung: int) -> float:
        board = self.current if i < 0 else self.boards[i]
        self.played[i] = _merge(self.played[i], self.runner.play(board, games, self.seed + rung))
        m = play_measures(self.played[i], self.objective.min_n, shrink=True)  # type: ignore[arg-type]
        if math.isnan(self.reference_length):  # the original board's, from its first games
            self.reference_length = m.length
        return self.objective.score(m, self.reference_length, self.edits + (i >= 0))


def _default_bots(name: str, info: Any) -> tuple[str, ...]:
    styles = [b for b in ("route_focus", "destination_hungry", "one_step", "long_route")
              if b in info.bots]  # fmt: skip
    if name == "ticket_to_ride" and styles:
        return tuple(styles)
    if name == "ticket_to_ride":
        return ("greedy", "planner")
    return ("greedy",)


class _Progress:
    """A tqdm bar (or a callable) over the games, that asks ``stop`` after each."""

    def __init__(
        self, progress: bool | Callable[[int], Any], total: int, stop: Callable[[], bool] | None
    ) -> None:
        self.call = progress if callable(progress) else None
        self.stop = stop
        self.bar: Any = None
        if progress is True:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=total, unit="game", desc="play doctor")

    def update(self, n: int = 1) -> None:
        if self.bar is not None:
            self.bar.update(n)
        if self.call is not None:
            self.call(n)
        if self.stop is not None and self.stop():
            raise KeyboardInterrupt

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
