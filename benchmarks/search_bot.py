"""How strong is the protocol-only search bot? Seeded games against random and greedy bots.

    python benchmarks/search_bot.py [--games 200] [--workers 2] [--players 3] [--playouts 16]
                                    [--rollout greedy] [--map MAP] [--rules PRESET] [--quick]

The search bot (:class:`workbench.bots.search.SearchBot`: information-set Monte Carlo tree
search that knows only the game protocol) sits at one seat, rotating with the game number,
against ``players - 1`` copies of one opponent; the deal and every bot's generator come
from the game's number (:func:`workbench.sim.simulate`), so a run is repeatable. For each
opponent the script prints the search bot's win share (a shared win counts as a fraction),
its 95 % Wilson interval, the fair share ``1 / players``, the margin, the mean seconds per
game and the load average, so the figure can be read against how busy the machine was.
``--quick`` plays two short games per opponent on the small board: a check that the
script runs, not a measurement. ``--per-game`` plays the games one by one in this process
and prints each as it ends (game, the search bot's share, cut off, seconds), then the
summary: since a game depends only on the seed and its index, ``--start S`` lets several
processes share a run, and any first k lines give what ``--games k`` would.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.bots.search import SearchBot  # noqa: E402
from workbench.games import GAMES  # noqa: E402
from workbench.sim import simulate  # noqa: E402


def duel(args: argparse.Namespace, against: str) -> dict[str, float]:
    rollout = None if args.rollout == "random" else GAMES["trans_europa"].bots[args.rollout]
    search = SearchBot.factory(playouts=args.playouts, until_score_change=True, rollout=rollout)
    start = time.perf_counter()
    result = simulate(
        args.map,
        args.rules,
        [search] + [against] * (args.players - 1),
        games=args.games,
        seed=args.seed,
        workers=args.workers,
        rotate=True,
        max_rounds=args.max_rounds,
    )
    seconds = time.perf_counter() - start
    row = result.win_rates(by="bot").set_index("bot").loc["search"]
    fair = 1.0 / args.players
    return {
        "rate": float(row.rate),
        "lo": float(row.lo),
        "hi": float(row.hi),
        "fair": fair,
        "margin": float(row.rate) - fair,
        "truncated": int(result.games.truncated.sum()),
        "per_game": seconds / args.games,
    }


def per_game(args: argparse.Namespace, against: str) -> None:
    """The duel against ``against``, game by game (see the module's text)."""
    from workbench.games.tables import lineup
    from workbench.sim import Variant
    from workbench.sim.stats import wilson

    info = GAMES["trans_europa"]
    rollout = None if args.rollout == "random" else info.bots[args.rollout]
    search = SearchBot.factory(playouts=args.playouts, until_score_change=True, rollout=rollout)
    variant = Variant("duel", args.map, args.rules, [search] + [against] * (args.players - 1))
    wins, played = 0.0, 0
    for game in range(args.start, args.games):
        started = time.perf_counter()
        order = lineup(variant.bots, game, True)
        tables = info.play_rows(
            variant.board,
            variant.rules,
            [variant.factories[k] for k in order],
            [variant.labels[k] for k in order],
            args.seed,
            game,
            variant="duel",
            max_rounds=args.max_rounds,
        )
        seats = tables["seats"]
        share = sum(
            w for b, w in zip(seats["bot"], seats["win_share"], strict=True) if b == "search"
        )
        wins, played = wins + share, played + 1
        cut = int(tables["games"]["truncated"][0])
        print(f"{against} game {game}: share {share:.3f} cut {cut} "
              f"{time.perf_counter() - started:.1f} s", flush=True)  # fmt: skip
    lo, hi = wilson(wins, played)
    print(f"{against}: {played} games, share {wins / played:.3f} [{lo:.3f}, {hi:.3f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--playouts", type=int, default=16)
    parser.add_argument("--rollout", default="greedy", help="random, or a bot's name")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-rounds", type=int, default=30)
    parser.add_argument("--map", default=str(ROOT / "maps" / "trans_europa.yaml"))
    parser.add_argument("--rules", default="rulebook")
    parser.add_argument("--against", default="random,greedy")
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    parser.add_argument("--per-game", action="store_true", help="print every game as it ends")
    parser.add_argument("--start", type=int, default=0, help="with --per-game: the first game")
    args = parser.parse_args()
    if args.quick:
        args.games, args.workers, args.players, args.playouts = 2, 1, 2, 4
        args.map = str(ROOT / "maps" / "tiny.yaml")
    print(
        f"search bot ({args.playouts} playouts a move by {args.rollout} bots, ending when a "
        f"score changes) on "
        f"{Path(args.map).name}, {args.rules}, {args.players} players, {args.games} games "
        f"per opponent, seed {args.seed}"
    )
    if args.per_game:
        for against in args.against.split(","):
            per_game(args, against)
        return
    print(f"{'against':<10}{'share':>8}{'95% interval':>18}{'fair':>7}{'margin':>8}"
          f"{'cut off':>9}{'s/game':>8}")  # fmt: skip
    for against in args.against.split(","):
        r = duel(args, against)
        print(
            f"{against:<10}{r['rate']:>8.3f}   [{r['lo']:.3f}, {r['hi']:.3f}]"
            f"{r['fair']:>7.3f}{r['margin']:>+8.3f}{r['truncated']:>9d}{r['per_game']:>8.1f}"
        )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
