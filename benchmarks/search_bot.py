"""How strong is the protocol-only search bot? Seeded games against one opponent, any game.

    python benchmarks/search_bot.py [--game trans_europa] [--games 200] [--workers 2]
                                    [--players 3] [--playouts 16] [--rollout greedy]
                                    [--search NAME] [--against random,greedy]
                                    [--map MAP] [--rules PRESET] [--quick]
                                    [--per-game [--start S]]

The search bot (:class:`workbench.bots.search.SearchBot`, which knows only the game
protocol) sits at one seat, rotating with the game number, against ``players - 1`` copies
of one opponent; the deal and every bot's generator come from the game's number (the
simulator's seeding, :func:`workbench.games.tables.game_seeds`), so a run is repeatable.

On Trans Europa (the default) the search bot is built from ``--playouts`` and
``--rollout`` (tree search, each playout ending when a score changes), as the figures in
``docs/bots.md`` were measured. On any other game (``--game ticket_to_ride``,
``--game transorient_express``), or on Trans Europa with ``--search NAME``, it is the
game's registered bot ``--search`` (``search`` by default), so the benchmark measures what
the registry seats.

For each opponent the script prints the search bot's win share (a shared win counts as a
fraction), its 95 % Wilson interval, the fair share ``1 / players``, the margin, the games
cut off, the mean seconds per game and the load average. ``--per-game`` plays the games
one by one in this process and prints each as it ends (game, the search bot's share, cut
off, seconds, the search bot's decisions and its mean and longest seconds per decision),
then the summary with the seconds per decision: since a game depends only on the seed and
its index, ``--start S`` lets several processes share a run, and any first k lines give
what ``--games k`` would. ``--quick`` plays two short games per opponent: a check that the
script runs, not a measurement.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.bots.search import SearchBot  # noqa: E402
from workbench.games import GAMES  # noqa: E402
from workbench.sim import simulate  # noqa: E402


def search_factory(args: argparse.Namespace) -> Any:
    """The search bot under test (see the module's text)."""
    info = GAMES[args.game]
    if args.game != "trans_europa" or args.search is not None:
        return info.bot(args.search or "search")
    rollout = None if args.rollout == "random" else info.bots[args.rollout]
    return SearchBot.factory(playouts=args.playouts, until_score_change=True, rollout=rollout)


def duel(args: argparse.Namespace, against: str) -> dict[str, float]:
    search = search_factory(args)
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
        game=args.game,
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


class Timed:
    """A bot factory that times every decision of the bots it makes."""

    def __init__(self, make: Any) -> None:
        self.make = make
        self.times: list[float] = []

    def __call__(self, game: Any, seat: int, rng: Any) -> Any:
        inner = self.make(game, seat, rng)
        times = self.times

        class Bot:
            name = "search"

            def act(self, observation: Any) -> Any:
                started = time.process_time()
                action = inner.act(observation)
                times.append(time.process_time() - started)
                return action

        return Bot()


def per_game(args: argparse.Namespace, against: str) -> None:
    """The duel against ``against``, game by game (see the module's text)."""
    from workbench.games.tables import lineup
    from workbench.sim import Variant
    from workbench.sim.stats import wilson

    info = GAMES[args.game]
    timed = Timed(search_factory(args))
    variant = Variant(
        "duel", args.map, args.rules, [timed] + [against] * (args.players - 1), args.game
    )
    labels = ["search"] + [against] * (args.players - 1)
    wins, played, every = 0.0, 0, []
    for game in range(args.start, args.games):
        started = time.perf_counter()
        order = lineup(variant.bots, game, True)
        timed.times = []
        tables = info.play_rows(
            variant.board,
            variant.rules,
            [variant.factories[k] for k in order],
            [labels[k] for k in order],
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
        every.extend(timed.times)
        cut = int(tables["games"]["truncated"][0])
        n = max(len(timed.times), 1)
        print(f"{against} game {game}: share {share:.3f} cut {cut} "
              f"{time.perf_counter() - started:.1f} s; {len(timed.times)} decisions, "
              f"{sum(timed.times) / n:.3f} s each, longest {max(timed.times, default=0):.2f} s",
              flush=True)  # fmt: skip
    lo, hi = wilson(wins, played)
    mean = sum(every) / max(len(every), 1)
    longest = max(every, default=0.0)
    print(f"{against}: {played} games, share {wins / played:.3f} [{lo:.3f}, {hi:.3f}], "
          f"fair {1 / args.players:.3f}; {mean:.3f} s per decision (processor time), "
          f"longest {longest:.2f} s; load average {os.getloadavg()[0]:.1f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="trans_europa", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=None, help="3 on Trans Europa, else 4")
    parser.add_argument("--playouts", type=int, default=16, help="Trans Europa's search only")
    parser.add_argument("--rollout", default="greedy", help="Trans Europa's search only")
    parser.add_argument(
        "--search", default=None, help="the registered bot (other games: search by default)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-rounds", type=int, default=30)
    parser.add_argument("--map", default=None, help="the game's shipped data file by default")
    parser.add_argument("--rules", default="rulebook")
    parser.add_argument("--against", default=None, help="random,greedy on Trans Europa")
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    parser.add_argument("--per-game", action="store_true", help="print every game as it ends")
    parser.add_argument("--start", type=int, default=0, help="with --per-game: the first game")
    args = parser.parse_args()
    info = GAMES[args.game]
    te = args.game == "trans_europa"
    if args.players is None:
        args.players = 3 if te else 4
    if args.map is None:
        args.map = str(ROOT / "maps" / info.default_map)
    if args.against is None:
        args.against = "random,greedy" if te else "greedy"
    if args.quick:
        args.games, args.workers, args.players, args.playouts = 2, 1, 2, 4
        if te:
            args.map = str(ROOT / "maps" / "tiny.yaml")
    name = args.search or "search"
    what = (
        f"{args.playouts} playouts a move by {args.rollout} bots, ending when a score changes"
        if te and args.search is None
        else f"the registered bot {name!r}: {info.bot(name)!r}"
    )
    print(
        f"search bot ({what}) on {Path(args.map).name}, {args.rules}, {args.players} players, "
        f"{args.games} games per opponent, seed {args.seed}"
    )
    if args.per_game:
        for against in args.against.split(","):
            per_game(args, against)
        return
    print(f"{'against':<18}{'share':>8}{'95% interval':>18}{'fair':>7}{'margin':>8}"
          f"{'cut off':>9}{'s/game':>8}")  # fmt: skip
    for against in args.against.split(","):
        r = duel(args, against)
        print(
            f"{against:<18}{r['rate']:>8.3f}   [{r['lo']:.3f}, {r['hi']:.3f}]"
            f"{r['fair']:>7.3f}{r['margin']:>+8.3f}{r['truncated']:>9d}{r['per_game']:>8.1f}"
        )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
