"""Which playing style wins? Each style against the others at every player count.

    python benchmarks/styles.py [--game ticket_to_ride,transorient_express,trans_europa]
                                [--games 200] [--players 2,3,4,5] [--seed 2026] [--workers 1]
                                [--quick]

For each game the pool is its playing styles (``games/<game>/styles.py``, Trans Europa's
``games/trans_europa/bots/styles.py``) and, for reference, its strongest heuristic bot
before them (Ticket to Ride's ``planner_stations``, Transorient Express's ``planner``,
Trans Europa's ``shrewd``). At each player count ``n`` every set of ``n`` bots
from the pool is one line-up (all of them when the pool has ``n``), each played with its
seats rotating game by game, ``--games`` games per player count shared evenly among the
line-ups (rounded to whole rotations of the seats). A bot's win share at ``n`` players is
its shared wins (a tie counts as a fraction) over the games it sat in, with a 95 % Wilson
interval; the fair share is ``1 / n``. The script prints one table per game: a row per
bot, a column per player count, then its mean score and the seconds taken. ``--quick``
plays one line-up a count, one rotation of its seats: a check that the script runs, not
a measurement.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.games import GAMES  # noqa: E402
from workbench.sim import simulate  # noqa: E402
from workbench.sim.stats import wilson  # noqa: E402

REFERENCE = {
    "ticket_to_ride": "planner_stations",
    "transorient_express": "planner",
    "trans_europa": "shrewd",
}
"""Each game's strongest heuristic bot, seated with the styles for reference."""


def pool(game: str) -> list[str]:
    """The styles of ``game`` and its reference bot, by name."""
    if game == "ticket_to_ride":
        from workbench.games.ticket_to_ride.styles import STYLES
    elif game == "trans_europa":
        from workbench.games.trans_europa.bots.styles import STYLES  # type: ignore[assignment]
    else:
        from workbench.games.transorient_express.styles import STYLES  # type: ignore[assignment]
    return [*STYLES, REFERENCE[game]]


def matrix(
    game: str, players: list[int], games: int, seed: int, workers: int, quick: bool = False
) -> None:
    info = GAMES[game]
    board = str(ROOT / "maps" / info.default_map)
    bots = pool(game)
    wins: dict[tuple[str, int], float] = {}
    sat: dict[tuple[str, int], int] = {}
    points: dict[tuple[str, int], float] = {}
    cut = 0
    played = dict.fromkeys(players, 0)
    started = time.perf_counter()
    for n in players:
        lineups = list(combinations(bots, n)) if n < len(bots) else [tuple(bots[:n])]
        if n > len(bots):  # more seats than bots: the pool, then the styles again in order
            lineups = [tuple(bots[k % len(bots)] for k in range(n))]
        if quick:
            lineups = lineups[:1]
        each = max(n, round(games / len(lineups) / n) * n)  # whole rotations
        for k, lineup in enumerate(lineups):
            result = simulate(
                board,
                "rulebook",
                list(lineup),
                games=each,
                seed=seed + 1000 * n + k,
                workers=workers,
                rotate=True,
                game=game,
            )
            cut += int(result.games.truncated.sum())
            played[n] += each
            seats = result.seats
            for bot, frame in seats.groupby("bot"):
                key = (str(bot), n)
                wins[key] = wins.get(key, 0.0) + float(frame.win_share.sum())
                sat[key] = sat.get(key, 0) + len(frame)
                points[key] = points.get(key, 0.0) + float(frame.score.sum())
    seconds = time.perf_counter() - started
    counts = ", ".join(f"{played[n]} at {n}" for n in players)
    print(f"\n{info.title}: win share [95 % interval] by player count (fair 1/n); "
          f"games {counts}; seed {seed}")  # fmt: skip
    head = f"{'bot':<20}" + "".join(f"{f'{n} players (fair {1 / n:.3f})':>28}" for n in players)
    print(head)
    for bot in bots:
        row = f"{bot:<20}"
        for n in players:
            key = (bot, n)
            if key not in sat:
                row += f"{'-':>28}"
                continue
            lo, hi = wilson(wins[key], sat[key])
            row += f"{f'{wins[key] / sat[key]:.3f} [{lo:.3f}, {hi:.3f}]':>28}"
        print(row)
    print(f"{'mean score':<20}" + "".join(f"{'':>28}" for _ in players))
    for bot in bots:
        cells = "".join(
            f"{points[(bot, n)] / sat[(bot, n)]:>28.1f}" if (bot, n) in sat else f"{'-':>28}"
            for n in players
        )
        print(f"  {bot:<18}{cells}")
    print(f"games cut off: {cut}; {seconds:.0f} s; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ticket_to_ride,transorient_express,trans_europa")
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", default=None, help="player counts, e.g. 2,3,4")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    args = parser.parse_args()
    for game in args.game.split(","):
        low, high = GAMES[game].players
        players = (
            list(range(low, high + 1))
            if args.players is None
            else [n for n in map(int, args.players.split(",")) if low <= n <= high]
        )
        games = 2 if args.quick else args.games
        matrix(game, players, games, args.seed, args.workers, args.quick)


if __name__ == "__main__":
    main()
