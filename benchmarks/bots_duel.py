"""Does the shrewd bot beat the greedy one? Seeded 4-player games, one challenger seat.

    python benchmarks/bots_duel.py [--games 1000] [--workers 2] [--challenger shrewd]
                                   [--against greedy] [--map MAP] [--rules PRESET]
                                   [--seed 2026] [--control] [--quick]
                                   [--game trans_europa]

Each game puts one challenger and three opponents at the table, the challenger's seat
rotating with the game number (so every seat is played equally), and seeds the deal and
the bots from the game's number (:func:`workbench.sim.simulate`). A shared win counts as a
fraction. The script prints one line: the challenger's win share with its 95 % Wilson
interval, the fair share (1/4), the margin, whether the interval lies above the fair share,
the challenger's mean points per round and the seconds taken. Only with ``--control`` does
it also play a control run, the opponent against itself on the same seeds, and print its
mean seat share (which should be fair). ``--quick`` plays 4 games on one worker.
``--game`` plays another registered game (its shipped data file unless ``--map`` names
one) with its bots by name; points per round are then the mean final score.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.sim import simulate  # noqa: E402


def share(
    board: str,
    rules: str,
    challenger: str,
    against: str,
    games: int,
    workers: int,
    seed: int,
    game: str = "trans_europa",
) -> tuple[float, float, float, float, float]:
    """The challenger's win share and interval, its mean points per round, and seconds."""
    start = time.perf_counter()
    result = simulate(
        board,
        rules,
        [challenger, against, against, against],
        games=games,
        seed=seed,
        workers=workers,
        progress=True,
        rotate=True,
        game=game,
    )
    seconds = time.perf_counter() - start
    table = result.win_rates(by="seat") if challenger == against else None
    if table is not None:  # a control: the share of one seat's bot, all seats equal
        rate = float(table.rate.mean())
        return rate, float(table.lo.min()), float(table.hi.max()), 0.0, seconds
    by_bot = result.win_rates(by="bot").set_index("bot")
    row = by_bot.loc[challenger]
    if game == "trans_europa":
        rounds = result.rounds
        points = float(rounds.loc[rounds.bot == challenger, "points"].mean())
    else:
        seats = result.seats
        points = float(seats.loc[seats.bot == challenger, "score"].mean())
    return float(row.rate), float(row.lo), float(row.hi), points, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--challenger", default="shrewd")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--game", default="trans_europa")
    parser.add_argument("--map", default=None, help="the game's shipped data file by default")
    parser.add_argument("--rules", default="rulebook")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--control", action="store_true", help="also play the control run")
    parser.add_argument("--quick", action="store_true", help="a few seconds: 4 games")
    args = parser.parse_args()
    if args.quick:
        args.games, args.workers = 4, 1
    if args.map is None:
        from workbench.games import GAMES

        args.map = str(ROOT / "maps" / GAMES[args.game].default_map)
    name = Path(args.map).stem
    print(f"{args.games} games, 4 players, {name}, rules {args.rules}, seed {args.seed}")
    rate, lo, hi, points, seconds = share(
        args.map,
        args.rules,
        args.challenger,
        args.against,
        args.games,
        args.workers,
        args.seed,
        args.game,
    )
    print(
        f"{args.challenger} vs 3 x {args.against}: win share {rate:.3f} "
        f"(95 % CI {lo:.3f} to {hi:.3f}); fair share 0.250; margin {rate - 0.25:+.3f}; "
        f"{'outside' if lo > 0.25 else 'NOT outside'} the interval; "
        f"{points:.2f} {'points per round' if args.game == 'trans_europa' else 'points'}; "
        f"{seconds:.0f} s"
    )
    if args.control:
        rate, lo, hi, _, seconds = share(
            args.map,
            args.rules,
            args.against,
            args.against,
            args.games,
            args.workers,
            args.seed,
            args.game,
        )
        print(f"control, 4 x {args.against}: mean seat share {rate:.3f}; {seconds:.0f} s")


if __name__ == "__main__":
    main()
