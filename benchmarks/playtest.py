"""Playtest reports at scale: the time of a big Ticket to Ride report, the city desirability
ranking it finds, and every failure state the three shipped games reach.

    python benchmarks/playtest.py                       # 10,000 games a count, every core
    python benchmarks/playtest.py --games 1000 --workers 2
    python benchmarks/playtest.py --quick               # a few games, to see it run

Part 1, Ticket to Ride Europe with greedy and planner bots at 2, 3 and 4 players: the
report's wall time (and the 4-player simulation alone), the top and bottom ten cities by
desirability at 4 players, and the rank correlation (Spearman) of desirability between the
player counts. Part 2, each shipped game with its greedy bots at its usual player count:
every failure state, its games and rate with the 95 % interval, and the first game that
reached it. Part 3, the report page's time to draw, against the simulation's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from workbench.games import GAMES
from workbench.games.ticket_to_ride.playtest import (
    city_desirability,
    rank_correlations,
)
from workbench.sim.playtest import playtest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games a player count")
    parser.add_argument("--workers", type=int, default=0, help="processes (0: every core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a few games, to see it run")
    parser.add_argument("--skip-failures", action="store_true", help="part 1 only")
    parser.add_argument("--failures-only", action="store_true", help="part 2 only")
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    workers = (os.cpu_count() or 1) if args.workers == 0 else args.workers
    if not args.failures_only:
        part_one(games, workers, args.seed)
    if not args.skip_failures:
        part_two(games, workers, args.seed)


def part_one(games: int, workers: int, seed: int) -> None:
    """The big Ticket to Ride report: its time, desirability and rank correlations."""
    print(
        f"== Ticket to Ride Europe, greedy and planner, {games:,} games a count, "
        f"{workers} processes"
    )
    start = time.perf_counter()
    report = playtest(
        game="ticket_to_ride",
        players="2..4",
        bots=["greedy", "planner"],
        games=games,
        seed=seed,
        workers=workers,
    )
    total = time.perf_counter() - start
    four = report.results[4].seconds
    print(
        f"report of 3 counts: {total:,.1f} s ({3 * games / total:,.1f} games/s); "
        f"4 players alone: {four:,.1f} s ({games / four:,.1f} games/s)"
    )
    cities = city_desirability(report)
    at4 = cities[cities.players == 4]
    rows = [*at4.head(10).itertuples(), *at4.tail(10).itertuples()]
    print("4-player desirability, top ten then bottom ten (share of players joining it):")
    for row in rows:
        print(f"  {row.rank:>2} {row.city:<15} {row.rate:6.1%}  [{row.lo:5.1%}, {row.hi:5.1%}]")
    for row in rank_correlations(cities).itertuples():
        print(f"  Spearman {row.players_a} vs {row.players_b} players: {row.spearman:+.3f}")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        size = report.save_html(Path(folder) / "r.html").stat().st_size
    print(f"the page: {time.perf_counter() - start:.1f} s to draw, {size / 1e6:.1f} MB")


def part_two(games: int, workers: int, seed: int) -> None:
    """Every failure state of the three shipped games with their greedy bots."""
    print(f"\n== Failure states, greedy bots, {games:,} games each")
    for name in GAMES:
        info = GAMES[name]
        n = info.default_players
        start = time.perf_counter()
        found = playtest(
            game=name, players=n, bots=["greedy"], games=games, seed=seed, workers=workers
        )
        table = found.failures()
        print(f"{info.title}, {n} players ({time.perf_counter() - start:,.1f} s):")
        for row in table.itertuples():
            first = f", first game {row.first_game}" if row.games else ""
            print(
                f"  {row.kind:<24} {row.games:>6} games {row.rate:7.2%} "
                f"[{row.lo:.2%}, {row.hi:.2%}], {row.events} times{first}"
            )


if __name__ == "__main__":
    main()
