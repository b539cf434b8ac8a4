"""Transorient Express: how fast the simulator plays, and does the planner beat greedy?

    python benchmarks/transorient.py [--speed-games 200] [--duel-games 1000] [--quick]
                                     [--players 4] [--seed 1] [--skip-duel]

1. **Speed**: ``--speed-games`` full 4-player games of four greedy bots through
   :func:`workbench.sim.simulate` on one worker (the referee, chance outcomes, bots and
   rows), reported as games per second per core. The issue's target is 200.
2. **Duel**: ``--duel-games`` games of one planner against greedy bots, the planner's seat
   rotating with the game number; its win share (shared wins count as fractions) with the
   95 % Wilson interval against the fair share ``1 / players``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.games.transorient_express import load_cards  # noqa: E402
from workbench.sim import simulate  # noqa: E402
from workbench.sim.stats import wilson  # noqa: E402


def speed(games: int, seed: int) -> float:
    """Games per second of four greedy bots on one core."""
    cards = load_cards(ROOT / "maps" / "transorient_express.yaml")
    simulate(cards, None, ["greedy"] * 4, games=2, seed=seed, game="transorient_express")
    start = time.perf_counter()
    simulate(cards, None, ["greedy"] * 4, games=games, seed=seed, game="transorient_express")
    return games / (time.perf_counter() - start)


def duel(games: int, players: int, seed: int) -> tuple[float, float, float, float]:
    """The planner's win share, its interval, and seconds."""
    start = time.perf_counter()
    result = simulate(
        ROOT / "maps" / "transorient_express.yaml",
        None,
        ["planner"] + ["greedy"] * (players - 1),
        games=games,
        seed=seed,
        game="transorient_express",
        progress=True,
    )
    seats = result.seats[result.seats.bot == "planner"]
    wins = float(seats.win_share.sum())
    low, high = wilson(wins, games)
    return wins / games, low, high, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--speed-games", type=int, default=200)
    parser.add_argument("--duel-games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-duel", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    args = parser.parse_args()
    if args.quick:
        args.speed_games, args.duel_games = 4, 8
    rate = speed(args.speed_games, args.seed)
    print(
        f"speed: {rate:.1f} games/s per core, 4-player greedy "
        f"({args.speed_games} games; target 200)"
    )
    if args.skip_duel:
        return
    share, low, high, seconds = duel(args.duel_games, args.players, args.seed)
    fair = 1 / args.players
    verdict = "clear of" if low > fair else "NOT clear of"
    print(
        f"duel: planner vs greedy, {args.players} players, {args.duel_games} games: "
        f"{share:.3f} [{low:.3f}, {high:.3f}], fair {fair:.3f}, {verdict} the fair share "
        f"({seconds:.0f} s)"
    )


if __name__ == "__main__":
    main()
