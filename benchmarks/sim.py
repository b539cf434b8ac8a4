"""Time simulated games per core against an older engine, and watch the memory of a sweep.

    python benchmarks/sim.py [--against REV] [--games 6] [--players 4] [--max-rounds 30]
                             [--maps europe amerika] [--rules rulebook countdown]
                             [--bots random greedy] [--memory-games 400] [--profile N]
                             [--quick]

Speed: for every board, rule preset and bot, one process plays ``--games`` games (the same
bot in every seat, after a warm-up game, so numba's cache and the board's tables are
loaded) and the script prints games and rounds per second per core (of processor time: on
a shared machine the wall clock says more about the neighbours than about the code). With
``--against REV`` (a git revision, for instance the commit before an optimisation) the same
games are played by that revision's ``workbench``, exported with ``git archive`` to a
temporary folder and run in a subprocess; old and new runs alternate, so both see the same
load on the machine, and the ratio new / old is printed with a fingerprint of the games'
scores (equal fingerprints: the same games were played). Random players rarely finish a
hand on a big board, so their games are mostly cut off at ``--max-rounds``: compare rounds
per second.

Memory: one process plays ``--memory-games`` games of the greedy bot on ``--memory-map`` in
one sweep and prints the resident memory (``VmRSS``) at ten points along the way. Flat
memory means the simulator keeps nothing of a game but its rows.

A bot written ``NEW=OLD`` (for instance ``lazy_greedy=greedy``) plays ``NEW`` here and ``OLD``
in the older revision, for a bot the older revision does not have; its games differ, so
"same games" says ``NO`` and the ratio compares rounds per second of different games.

``--profile N`` (without ``--against``) plays each configuration once more under cProfile,
timed in processor time, and prints its N functions of most own time, with the share of the
run each took.

``--quick`` runs one short configuration of each part (the test suite runs it so the script
cannot rot).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

MAPS = {
    "europe": "trans_europa.yaml",
    "amerika": "trans_amerika.yaml",
    "tiny": "tiny.yaml",
}


def rss_mb() -> float:
    """The resident memory of this process in MB (``VmRSS``; peak RSS where there is no /proc)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load() -> str:
    """The machine's load averages, as ``uptime`` prints them."""
    try:
        return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load average unknown"


def measure(
    map_file: str, rules: str, bot: str, players: int, games: int, max_rounds: int
) -> dict[str, Any]:
    """Play the games in this process with whichever ``workbench`` is first on the path."""
    import workbench
    from workbench import load_map
    from workbench.sim import simulate

    board = load_map(map_file)
    lineup = [bot] * players
    simulate(board, rules, lineup, games=1, seed=10**6, max_rounds=2)  # warm-up
    start, cpu = time.perf_counter(), time.process_time()
    result = simulate(board, rules, lineup, games=games, seed=1, max_rounds=max_rounds)
    wall, seconds = time.perf_counter() - start, time.process_time() - cpu
    scores = [list(map(int, s)) for s in result.games["scores"]]
    return {
        "games": games,
        "rounds": int(result.games["rounds"].sum()),
        "cut": int(result.games["truncated"].sum()),
        "seconds": seconds,  # processor time: the machine may be shared
        "wall": wall,
        "fingerprint": hashlib.sha1(json.dumps(scores).encode()).hexdigest()[:8],
        "workbench": str(Path(workbench.__file__).parent.parent),
    }


def profile(
    map_file: str, rules: str, bot: str, players: int, games: int, max_rounds: int, top: int
) -> list[str]:
    """The ``top`` functions of most own processor time over the games of :func:`measure`,
    one line each: own seconds, share of the run, calls, where."""
    import cProfile
    import pstats

    from workbench import load_map
    from workbench.sim import simulate

    board = load_map(map_file)
    lineup = [bot] * players
    simulate(board, rules, lineup, games=1, seed=10**6, max_rounds=2)  # warm-up
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    simulate(board, rules, lineup, games=games, seed=1, max_rounds=max_rounds)
    profiler.disable()
    stats = pstats.Stats(profiler)
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in table.values()) or 1.0
    rows = sorted(table.items(), key=lambda kv: -kv[1][2])[:top]
    out = []
    for (path, line, name), (_, calls, own, _, _) in rows:
        where = f"{Path(path).name}:{line}({name})" if line else name
        out.append(f"    {own:7.3f} s {100 * own / total:5.1f} % {calls:>8} calls  {where}")
    return out


def run_in(tree: Path, job: dict[str, Any]) -> dict[str, Any]:
    """:func:`measure` in a subprocess importing the ``workbench`` of ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", json.dumps(job)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def export(rev: str, into: Path) -> Path:
    """The files of git revision ``rev`` of this repository, written under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev],
        check=True,
        capture_output=True,
    ).stdout
    tree = into / "old"
    tree.mkdir()
    tar = into / "old.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as f:
        f.extractall(tree, filter="data")
    return tree


def speed(args: argparse.Namespace, old: Path | None) -> None:
    print(f"{args.players} players, 1 process per run, games cut off after "
          f"{args.max_rounds} rounds; {load()}")  # fmt: skip
    head = (f"{'board':>8} {'rules':>10} {'bot':>7} {'games':>5} {'rounds':>6} "
            f"{'games/s':>8} {'rounds/s':>9}")  # fmt: skip
    if old is not None:
        head += f" {'old g/s':>8} {'old r/s':>8} {'ratio':>6} {'same games':>10}"
    print(head)
    for name in args.maps:
        for rules in args.rules:
            for spec in args.bots:
                bot, _, old_bot = spec.partition("=")
                job = {
                    "map_file": str(ROOT / "maps" / MAPS[name]),
                    "rules": rules,
                    "bot": bot,
                    "players": args.players,
                    "games": args.games,
                    "max_rounds": args.max_rounds,
                }
                old_job = {**job, "bot": old_bot or bot}
                if old is None:
                    new, was = measure(**job), None
                else:  # alternating runs, the best of each kept
                    new, was = run_in(ROOT, job), run_in(old, old_job)
                    for _ in range(args.repeat - 1):
                        new = min(new, run_in(ROOT, job), key=lambda r: r["seconds"])
                        was = min(was, run_in(old, old_job), key=lambda r: r["seconds"])
                line = (
                    f"{name:>8} {rules:>10} {spec:>7} {new['games']:>5} {new['rounds']:>6} "
                    f"{new['games'] / new['seconds']:>8.2f} "
                    f"{new['rounds'] / new['seconds']:>9.1f}"
                )
                if was is not None:
                    # rounds per second: the same thing as time when the games are the same
                    ratio = (new["rounds"] / new["seconds"]) / (was["rounds"] / was["seconds"])
                    same = "yes" if was["fingerprint"] == new["fingerprint"] else "NO"
                    line += (
                        f" {was['games'] / was['seconds']:>8.2f} "
                        f"{was['rounds'] / was['seconds']:>8.1f} {ratio:>5.1f}x {same:>10}"
                    )
                print(line, flush=True)
                if args.profile and old is None:
                    print("\n".join(profile(**job, top=args.profile)), flush=True)
    print(f"after: {load()}")


def memory(args: argparse.Namespace) -> None:
    from workbench import load_map
    from workbench.games.trans_europa import TransEuropa
    from workbench.sim import simulate

    board = load_map(args.memory_map)
    bot = "greedy"
    players = args.players
    try:
        TransEuropa(board, players=players)
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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    parser.add_argument("--maps", nargs="+", default=["europe", "amerika"], choices=list(MAPS))
    parser.add_argument("--rules", nargs="+", default=["rulebook", "countdown"])
    parser.add_argument(
        "--bots", nargs="+", default=["random", "greedy"], help="bot names, or NEW=OLD pairs"
    )
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6, help="games per bot for the speed")
    parser.add_argument("--max-rounds", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=1, help="alternating runs, the best kept")
    parser.add_argument("--memory-games", type=int, default=400, help="0 to skip")
    parser.add_argument("--memory-map", default=str(ROOT / "maps" / "tiny.yaml"))
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print each run's N functions of most own time")  # fmt: skip
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a few seconds: one small run")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(**json.loads(args.worker))))
        return
    if args.quick:
        args.maps, args.rules, args.bots = ["tiny"], ["rulebook"], ["random", "greedy"]
        args.players, args.games, args.max_rounds, args.memory_games = 2, 2, 3, 10
        args.profile = 3  # so the profile's code runs in the suite too
    sys.path.insert(0, str(ROOT))
    if not args.skip_speed:
        with tempfile.TemporaryDirectory() as tmp:
            old = export(args.against, Path(tmp)) if args.against else None
            speed(args, old)
    if args.memory_games:
        memory(args)


if __name__ == "__main__":
    main()
