"""The long fuzz run: mutated maps, rules files, saved games, command lines and killed saves.

    python benchmarks/fuzz_inputs.py [--maps 2400] [--rules 4000] [--games 270] [--quick]
                                     [--commands 80] [--kills 20] [--seed 0]

Prints how many inputs were tried, how many got a clean error and how many a clean pass,
the tracebacks (must be 0, each printed with its input), and the slowest check of a legal
map. The mutations are ``tests/fuzz.py``'s, also run (fewer, by hypothesis) in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzz import MAPS, mutate_record, mutate_text, read_map_text, rules_seeds  # noqa: E402
from workbench import cli, load_map  # noqa: E402
from workbench.exceptions import MapError, RulesError  # noqa: E402
from workbench.games.trans_europa import TransEuropa as Game  # noqa: E402
from workbench.games.trans_europa import load_game, save_game  # noqa: E402
from workbench.games.trans_europa.rules_io import loads_rules  # noqa: E402
from workbench.maps.io import loads_map  # noqa: E402


class Tally:
    def __init__(self, name: str) -> None:
        self.name, self.tried, self.errors, self.passes, self.tracebacks = name, 0, 0, 0, 0

    def crash(self, what: str) -> None:
        self.tracebacks += 1
        print(f"TRACEBACK in {self.name} for {what[:300]!r}:\n{traceback.format_exc()}")

    def line(self) -> str:
        return (
            f"{self.name:14s} tried {self.tried:6,d}  clean errors {self.errors:6,d}  "
            f"clean passes {self.passes:6,d}  tracebacks {self.tracebacks}"
        )


def fuzz_maps(n: int, rng: random.Random) -> tuple[Tally, float, str]:
    tally, slowest, slowest_name = Tally("maps"), 0.0, ""
    texts = {p.name: p.read_text(encoding="utf-8") for p in MAPS}
    names = sorted(texts)
    for i in range(n):
        name = names[i % len(names)]
        text = mutate_text(texts[name], rng)
        tally.tried += 1
        try:
            start = time.perf_counter()
            board, problems, dumps = read_map_text(text)
            took = time.perf_counter() - start
            errors = [p for p in problems if p.severity == "error"]
            if board is not None and not errors:
                tally.passes += 1
                if took > slowest:
                    slowest, slowest_name = took, name
                if loads_map(dumps(board)) != board:
                    raise AssertionError("saved text loads as another board")
            else:
                tally.errors += 1
                try:
                    loads_map(text.encode("utf-8", "surrogatepass"))
                    raise AssertionError("check found errors, load passed")
                except MapError:
                    pass
        except Exception:
            tally.crash(text)
    return tally, slowest, slowest_name


def fuzz_rules(n: int, rng: random.Random) -> Tally:
    tally, seeds = Tally("rules files"), rules_seeds()
    for i in range(n):
        text = mutate_text(seeds[i % len(seeds)], rng)
        tally.tried += 1
        try:
            loads_rules(text.encode("utf-8", "surrogatepass"))
            tally.passes += 1
        except RulesError:
            tally.errors += 1
        except Exception:
            tally.crash(text)
    return tally


def fuzz_games(n: int, rng: random.Random) -> Tally:
    tally = Tally("saved games")
    board = load_map(ROOT / "maps" / "tiny.yaml")
    records = []
    for seed in range(3):
        state = Game(board, players=2, seed=seed).new_state()
        for _ in range(8 + 10 * seed):
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        records.append(save_game(state))
    for i in range(n):
        record = mutate_record(records[i % len(records)], rng)
        tally.tried += 1
        try:
            load_game(record, board)
            tally.passes += 1
        except ValueError:
            tally.errors += 1
        except Exception:
            tally.crash(repr(record))
    return tally


def fuzz_commands(n: int, rng: random.Random, folder: Path) -> Tally:
    tally = Tally("command lines")
    tiny = str(ROOT / "maps" / "tiny.yaml")
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    outs = [str(folder / "out.csv"), str(fifo), "/proc/x.csv", str(folder), "/dev/full",
            str(folder / "missing" / "x.csv"), str(folder / "ok.html")]  # fmt: skip
    numbers = ["-1", "0", "1", "2", "48", "10**12", "1e3", "x", "", "999999999999"]
    shapes = [
        lambda: ["check", rng.choice([tiny, "nope.yaml", str(folder), "/dev/null"])],
        lambda: ["render", tiny, "-o", rng.choice(outs)],
        lambda: ["analyze", rng.choice([tiny, "nope.yaml"]), "--chokepoints",
                 rng.choice(numbers), "--players", rng.choice([*numbers, "3"]), "--html",
                 rng.choice(outs)],
        lambda: ["simulate", "--map", tiny, "--players", "2", "--games",
                 rng.choice([*numbers, "2"]), "--workers", rng.choice(numbers), "--seed",
                 rng.choice(numbers), "--rules", rng.choice(["rulebook", "nope", tiny]),
                 "--bots", rng.choice(["random", "random,nobody", "", ",,"]), "--out",
                 rng.choice(outs), "--games-out", rng.choice(outs), "-q"],
        lambda: ["schema", "-o", rng.choice(outs)],
        lambda: [rng.choice(["", "nope", "--version", "-h"])],
        lambda: ["lab", "--map", rng.choice(["nope.yaml", str(folder)]), "--dir",
                 rng.choice(outs)],
    ]  # fmt: skip
    for _ in range(n):
        argv = rng.choice(shapes)()
        tally.tried += 1
        try:
            with (
                contextlib.redirect_stdout(io.StringIO()),
                contextlib.redirect_stderr(io.StringIO()),
            ):
                code = cli.main(argv)
            tally.passes += code == 0
            tally.errors += code != 0
        except SystemExit as e:
            tally.passes += e.code == 0
            tally.errors += e.code != 0
        except Exception:
            tally.crash(" ".join(argv))
    return tally


_SAVER = """
import sys
from workbench import load_map, save_map
board = load_map(sys.argv[1])
print("ready", flush=True)
while True:
    save_map(board, sys.argv[2])
"""


def kill_saves(n: int, rng: random.Random, folder: Path) -> Tally:
    """Kill a process that saves Trans Europa in a loop; then save once, and count what is
    left: the file must load and no temporary file may stay."""
    tally = Tally("killed saves")
    europe = ROOT / "maps" / "trans_europa.yaml"
    target = folder / "europe.yaml"
    target.write_bytes(europe.read_bytes())  # the old file a killed save must leave whole
    left_before_save = 0
    for _ in range(n):
        p = subprocess.Popen(
            [sys.executable, "-c", _SAVER, str(europe), str(target)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert p.stdout is not None
        p.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.05))
        p.send_signal(signal.SIGKILL)
        p.wait()
        tally.tried += 1
        left_before_save += len(list(folder.glob(".europe.yaml.*.tmp")))
        try:
            from workbench import save_map

            if target.read_bytes() != europe.read_bytes():
                raise AssertionError("the killed save left the file changed")
            save_map(load_map(target), target)
            if list(folder.glob(".europe.yaml.*.tmp")):
                raise AssertionError("a temporary file stayed after the next save")
            tally.passes += 1
        except Exception:
            tally.crash("save after a kill")
    print(f"  temporary files left by the kills before the next save: {left_before_save}")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=2400)
    parser.add_argument("--rules", type=int, default=4000)
    parser.add_argument("--games", type=int, default=270)
    parser.add_argument("--commands", type=int, default=80)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    args = parser.parse_args()
    if args.quick:
        args.maps, args.rules, args.games, args.commands, args.kills = 20, 20, 5, 3, 2
    rng = random.Random(args.seed)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        maps, slowest, slowest_name = fuzz_maps(args.maps, rng)
        tallies = [maps, fuzz_rules(args.rules, rng), fuzz_games(args.games, rng)]
        old = os.getcwd()
        os.chdir(folder)  # render without -o writes here
        try:
            tallies.append(fuzz_commands(args.commands, rng, folder))
        finally:
            os.chdir(old)
        tallies.append(kill_saves(args.kills, rng, folder))
    for t in tallies:
        print(t.line())
    print(f"inputs tried {sum(t.tried for t in tallies):,}, "
          f"tracebacks {sum(t.tracebacks for t in tallies)}")  # fmt: skip
    print(
        f"slowest check of a legal mutated map: {slowest:.3f} s ({slowest_name}); "
        "the largest legal maps: benchmarks/check_big_maps.py"
    )
    print(f"in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
