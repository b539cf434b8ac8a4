"""Time simulated games per core, and watch the memory of a long sweep.

    python benchmarks/sim.py [--games 6] [--players 4] [--map maps/trans_europa.yaml]
                             [--max-rounds 30] [--memory-games 400] [--memory-map maps/tiny.yaml]

Speed: one process plays ``--games`` 4-player games on Trans Europa with ``RandomBot`` and,
if it is registered, the ``greedy`` bot (after one warm-up game each, so numba's cache and
the board's tables are loaded), and prints games and rounds per second per core and the
ratio random / greedy. Random players rarely finish a hand on a big board, so their games
are mostly cut off at ``--max-rounds``: compare rounds per second there.

Memory: one process plays ``--memory-games`` games of the fastest bot on ``--memory-map``
in one sweep and prints the resident memory (``VmRSS`` of ``/proc/self/status``) at ten
points along the way, with the rows kept so far. Flat memory means the simulator keeps
nothing of a game but its rows; try ``--memory-games 10000``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import load_map  # noqa: E402
from workbench.bots import BOTS  # noqa: E402
from workbench.engine import Game  # noqa: E402
from workbench.sim import simulate  # noqa: E402


def rss_mb() -> float:
    """The resident memory of this process in MB (``VmRSS``; peak RSS where there is no /proc)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def speed(args: argparse.Namespace) -> None:
    board = load_map(args.map)
    bots = ["random"] + (["greedy"] if "greedy" in BOTS else [])
    print(f"{board.name}, {args.players} players, rulebook, 1 process, "
          f"games cut off after {args.max_rounds} rounds")  # fmt: skip
    print(f"{'bot':>8} {'games':>6} {'rounds':>7} {'cut off':>8} {'seconds':>8} "
          f"{'games/s/core':>13} {'rounds/s/core':>14} {'s/game':>7}")  # fmt: skip
    rates: dict[str, tuple[float, float]] = {}
    for bot in bots:
        lineup = [bot] * args.players
        simulate(board, None, lineup, games=1, seed=10**6, max_rounds=2)  # warm-up
        start = time.perf_counter()
        result = simulate(board, None, lineup, games=args.games, seed=1, max_rounds=args.max_rounds)
        seconds = time.perf_counter() - start
        rounds = int(result.games["rounds"].sum())
        cut = int(result.games["truncated"].sum())
        rates[bot] = (args.games / seconds, rounds / seconds)
        per_game = seconds / args.games
        print(f"{bot:>8} {args.games:>6} {rounds:>7} {cut:>8} {seconds:>8.1f} "
              f"{rates[bot][0]:>13.3f} {rates[bot][1]:>14.2f} {per_game:>7.2f}")  # fmt: skip
    if "greedy" in rates:
        games_ratio = rates["random"][0] / rates["greedy"][0]
        rounds_ratio = rates["random"][1] / rates["greedy"][1]
        print(f"random / greedy: {games_ratio:.2f}x the games per second, "
              f"{rounds_ratio:.2f}x the rounds per second")  # fmt: skip


def memory(args: argparse.Namespace) -> None:
    board = load_map(args.memory_map)
    bot = "greedy" if "greedy" in BOTS else "random"
    players = args.players
    try:
        Game(board, players=players)
    except ValueError:  # a small board's deck seats fewer players
        players = 2
    total = args.memory_games
    every = max(1, total // 10)
    done = [0]
    simulate(board, None, [bot] * players, games=2, seed=10**6)  # warm-up: code and tables
    start = time.perf_counter()
    print(f"\nmemory: {total} games of {bot} x{players} on {board.name}, one sweep, 1 process "
          "(after a warm-up)")  # fmt: skip
    print(f"{'games':>7} {'seconds':>8} {'RSS MB':>8}")
    first = rss_mb()
    print(f"{0:>7} {0.0:>8.1f} {first:>8.1f}")

    def tick(n: int) -> None:
        before = done[0]
        done[0] += n
        if done[0] // every != before // every or done[0] == total:
            print(f"{done[0]:>7} {time.perf_counter() - start:>8.1f} {rss_mb():>8.1f}", flush=True)

    result = simulate(board, None, [bot] * players, games=total, seed=2, progress=tick)
    rows = result.rounds.memory_usage(deep=True).sum() / 2**20
    games_rows = result.games.memory_usage(deep=True).sum() / 2**20
    print(f"kept: {len(result.rounds):,} round rows ({rows:.1f} MB) and {len(result.games):,} "
          f"game rows ({games_rows:.1f} MB); RSS grew {rss_mb() - first:+.1f} MB")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", default=str(ROOT / "maps" / "trans_europa.yaml"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6, help="games per bot for the speed")
    parser.add_argument("--max-rounds", type=int, default=30)
    parser.add_argument("--memory-games", type=int, default=400, help="0 to skip")
    parser.add_argument("--memory-map", default=str(ROOT / "maps" / "tiny.yaml"))
    parser.add_argument("--skip-speed", action="store_true")
    args = parser.parse_args()
    if not args.skip_speed:
        speed(args)
    if args.memory_games:
        memory(args)


if __name__ == "__main__":
    main()
