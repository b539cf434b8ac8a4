"""Transorient Express: how fast the simulator plays, and does the planner beat greedy?

    python benchmarks/transorient.py [--games 400] [--planner-games 40] [--against a12229e]
                                     [--rounds 3] [--duel-games 1000] [--players 4]
                                     [--seed 1] [--skip-duel] [--quick]

1. **Speed**: full 4-player games of four ``random``, four ``greedy`` and four ``planner``
   bots through :func:`workbench.sim.simulate` on one worker (the referee, every chance
   outcome, observations, bots and rows), as games per second per core: games divided by
   the CPU time of the process (``time.process_time``), which other processes on a busy
   machine do not inflate the way they inflate the wall clock (printed beside it). The
   issue's target is 200 greedy games per second per core.

   With ``--against REV`` (default ``a12229e``, the code before this speed work) the same
   games are also played by the workbench of that git revision (``git archive`` into a
   temporary folder, run in a subprocess), alternating with this tree ``--rounds`` times,
   and each figure is the best round of each side (the least disturbed by other
   processes). The ratio of the two is printed, and so is whether both trees played the
   same games (the seats table's scores and winners, SHA-256): the speed work must not
   change a game.
2. **Duel**: ``--duel-games`` games of one planner against greedy bots, the planner's seat
   rotating with the game number; its win share (shared wins count as fractions) with the
   95 % Wilson interval against the fair share ``1 / players``.

``--quick`` is a smoke run (a few games, no reference, no duel), not a measurement.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def measure(root: Path, bot: str, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` 4-player games of four ``bot`` bots with the workbench at ``root``;
    CPU and wall seconds, and a digest of the scores and winners."""
    sys.path.insert(0, str(root))
    from workbench.games.transorient_express import load_cards
    from workbench.sim import simulate

    cards = load_cards(root / "maps" / "transorient_express.yaml")
    simulate(cards, None, [bot] * 4, games=2, seed=seed + 1, game="transorient_express")
    cpu, wall = time.process_time(), time.perf_counter()
    result = simulate(cards, None, [bot] * 4, games=games, seed=seed, game="transorient_express")
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    seats = result.seats[["game", "seat", "score", "winner"]].to_csv(index=False)
    return {
        "cpu": cpu,
        "wall": wall,
        "games": games,
        "digest": hashlib.sha256(seats.encode()).hexdigest()[:16],
    }


def measure_in(root: Path, bot: str, games: int, seed: int) -> dict[str, Any]:
    """:func:`measure` in a fresh Python process (so two trees never share a module)."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        "from pathlib import Path; import transorient as t; "
        "print(json.dumps(t.measure(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]), "
        "int(sys.argv[5]))))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent), str(root), bot, str(games),
         str(seed)],
        cwd=root, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def checkout(rev: str, into: Path) -> Path:
    """The files of ``rev`` that the simulator needs (``workbench/``, ``maps/``)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "workbench", "maps"],
        check=True,
        capture_output=True,
    ).stdout
    path = into / rev
    path.mkdir()
    tar = into / "tree.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as t:
        t.extractall(path, filter="data")
    return path


def speed(args: argparse.Namespace) -> None:
    lineup = [("random", args.games), ("greedy", args.games), ("planner", args.planner_games)]
    with tempfile.TemporaryDirectory(prefix="te-bench-") as tmp:
        old = checkout(args.against, Path(tmp)) if args.against else None
        print(
            f"speed: 4-player games per second per core (CPU time; wall clock beside it), "
            f"seed {args.seed}, best of {args.rounds} round(s)"
            + (f", against {args.against}" if old else "")
        )
        for bot, games in lineup:
            new_runs, old_runs = [], []
            for _ in range(args.rounds):
                new_runs.append(measure_in(ROOT, bot, games, args.seed))
                if old is not None:
                    old_runs.append(measure_in(old, bot, games, args.seed))
            new = min(new_runs, key=lambda r: r["cpu"])
            line = (
                f"  {bot:8} {games / new['cpu']:7.1f} games/s "
                f"(wall {games / new['wall']:6.1f}; {games} games)"
            )
            if old_runs:
                ref = min(old_runs, key=lambda r: r["cpu"])
                same = all(r["digest"] == ref["digest"] for r in new_runs + old_runs)
                line += (
                    f"   {args.against}: {games / ref['cpu']:6.1f} games/s "
                    f"(wall {games / ref['wall']:6.1f})   x{ref['cpu'] / new['cpu']:.2f}, "
                    f"same games: {'yes' if same else 'NO'}"
                )
            if bot == "greedy":
                line += "   (target 200)"
            print(line, flush=True)


def duel(games: int, players: int, seed: int) -> tuple[float, float, float, float]:
    """The planner's win share, its interval, and seconds."""
    sys.path.insert(0, str(ROOT))
    from workbench.sim import simulate
    from workbench.sim.stats import wilson

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
    parser.add_argument("--games", type=int, default=400, help="random and greedy games")
    parser.add_argument("--planner-games", type=int, default=40)
    parser.add_argument("--against", default="a12229e", help="git revision ('' for none)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duel-games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-duel", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    args = parser.parse_args()
    if args.quick:
        args.games, args.planner_games, args.rounds, args.against = 4, 2, 1, ""
        args.skip_duel = True
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    speed(args)
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
