"""The long fuzz run: mutated lattice maps, rules files, route boards, card sets, saved games
of every game (as records and as files), command lines of every subcommand, and killed saves.

    python benchmarks/fuzz_inputs.py [--maps 2400] [--rules 4000] [--games 270] [--quick]
                                     [--routes 1000] [--cards 800] [--saves 1500]
                                     [--files 300] [--commands 80] [--kills 20] [--seed 0]

Prints, for each family, how many inputs were tried, how many got a clean error and how many
a clean pass, the tracebacks (must be 0, each printed with its input), the hangs (an input
that took over a minute) and the damaged files (an input changed by a command, or an output
changed by a command that failed; must be 0), and the slowest check of a legal map. Route
boards and card sets also hold ``check`` to every loader's verdict on the same bytes, and
route boards that pass carry a saved game (names with spaces, dashes, accents) both ways.
The mutations are ``tests/fuzz.py``'s, also run (fewer, by hypothesis) in the suite.
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

from tests.fuzz import (  # noqa: E402
    CARD_SETS,
    MAPS,
    mutate_data,
    mutate_record,
    mutate_saved,
    mutate_text,
    read_map_text,
    replays_on,
    route_seeds,
    rules_seeds,
    saved_games,
    verdicts,
)
from workbench import cli, load_map  # noqa: E402
from workbench.exceptions import MapError, RulesError  # noqa: E402
from workbench.games.trans_europa import TransEuropa as Game  # noqa: E402
from workbench.games.trans_europa import load_game, save_game  # noqa: E402
from workbench.games.trans_europa.rules_io import loads_rules  # noqa: E402
from workbench.maps.io import loads_map  # noqa: E402


class Hang(Exception):
    """An input that took longer than the alarm allows."""


@contextlib.contextmanager
def alarm(seconds: int):  # type: ignore[no-untyped-def]
    """Raise :class:`Hang` in this process after ``seconds`` (a hang is counted, not waited)."""

    def ring(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


class Tally:
    def __init__(self, name: str) -> None:
        self.name, self.tried, self.errors, self.passes, self.tracebacks = name, 0, 0, 0, 0
        self.hangs = self.damaged = 0

    def crash(self, what: str) -> None:
        self.tracebacks += 1
        print(f"TRACEBACK in {self.name} for {what[:300]!r}:\n{traceback.format_exc()}")

    def hang(self, what: str) -> None:
        self.hangs += 1
        print(f"HANG in {self.name} for {what[:300]!r}")

    def damage(self, what: str) -> None:
        self.damaged += 1
        print(f"DAMAGED FILE in {self.name}: {what[:300]}")

    def line(self) -> str:
        return (
            f"{self.name:14s} tried {self.tried:6,d}  clean errors {self.errors:6,d}  "
            f"clean passes {self.passes:6,d}  tracebacks {self.tracebacks}  hangs {self.hangs}  "
            f"damaged {self.damaged}"
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


def fuzz_data(kind: str, n: int, rng: random.Random, folder: Path) -> Tally:
    """Route boards or card sets: ``check`` and every loader agree on the same bytes; a file
    that passes saves as it loads; a route board that passes carries a saved game."""
    from workbench.exceptions import MapError
    from workbench.games.transorient_express.cards import dumps_cards, loads_cards
    from workbench.maps.routes_io import dumps_routes, loads_routes

    tally = Tally("route boards" if kind == "routes" else "card sets")
    seeds = route_seeds() if kind == "routes" else [p.read_text("utf-8") for p in CARD_SETS]
    weights = [1] + [3] * (len(seeds) - 1) if kind == "routes" else [1] * len(seeds)
    path = folder / f"fuzz-{kind}.yaml"
    for i in range(n):
        text = mutate_data(rng.choices(seeds, weights)[0], rng)
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        tally.tried += 1
        try:
            with alarm(60):
                problems, refused = verdicts(path)
                for p in problems:
                    assert p.line >= 0 and p.column >= 0, p
                    str(p).encode("utf-8")
                errors = any(p.severity == "error" for p in problems)
                differ = [name for name, no in refused.items() if no != errors]
                if differ:
                    raise AssertionError(f"check says errors={errors}, {differ} disagree")
                if errors:
                    tally.errors += 1
                    continue
                tally.passes += 1
                if kind == "routes":
                    board = loads_routes(path.read_bytes())
                    if loads_routes(dumps_routes(board)) != board:
                        raise AssertionError("saved text loads as another board")
                    if i % 5 == 0:
                        replays_on(board, i)
                else:
                    cards = loads_cards(path.read_bytes())
                    if loads_cards(dumps_cards(cards)) != cards:
                        raise AssertionError("saved text loads as another card set")
        except Hang:
            tally.hang(text)
        except MapError:
            tally.crash(text)  # a loader that refused what check had passed
        except Exception:
            tally.crash(text)
    return tally


def fuzz_saves(n: int, rng: random.Random) -> Tally:
    """Saved games of every game, damaged: a ``ValueError`` or a game, nothing else."""
    from workbench.games.record import load_record

    tally = Tally("saves (all)")
    records = saved_games()
    for _ in range(n):
        name, board, record = rng.choice(records)
        tampered = mutate_saved(record, rng)
        tally.tried += 1
        try:
            with alarm(60):
                load_record(tampered, board=board)
            tally.passes += 1
        except ValueError:
            tally.errors += 1
        except Hang:
            tally.hang(f"{name}: {tampered!r}"[:300])
        except Exception:
            tally.crash(f"{name}: {tampered!r}"[:300])
    return tally


def fuzz_record_files(n: int, rng: random.Random, folder: Path) -> Tally:
    """Saved-game files as a session loads them: bytes damaged, nested, not UTF-8, huge."""
    import json

    from workbench.session.game import GameSession

    tally = Tally("save files")
    records = saved_games(seed=7)
    sessions = {}
    path = folder / "game.json"
    for _ in range(n):
        name, board, record = rng.choice(records)
        text = json.dumps(record, indent=1)
        kind = rng.randrange(6)
        if kind == 0:
            data = text.encode()[: rng.randrange(len(text))]
        elif kind == 1:
            data = b"[" * rng.choice([40, 100_000]) + b"]" * 3
        elif kind == 2:
            data = text.encode("utf-16")
        elif kind == 3:
            data = text.encode().replace(b'"seed"', b'"seed": 1' + b"0" * 5000 + b', "x"', 1)
        elif kind == 4:
            data = mutate_text(text, rng).encode("utf-8", "surrogatepass")
        else:
            data = text.encode()
        path.write_bytes(data)
        tally.tried += 1
        try:
            with alarm(60):
                if name not in sessions:
                    sessions[name] = GameSession(name, ["human", "random"], board=board)
                sessions[name].load(path)
            tally.passes += 1
        except ValueError as e:
            if str(path) not in str(e):
                tally.crash(f"the message does not name the file: {e}")
            tally.errors += 1
        except Hang:
            tally.hang(repr(data[:200]))
        except Exception:
            tally.crash(repr(data[:200]))
    return tally


def _digests(folder: Path) -> dict[str, bytes]:
    import hashlib

    return {
        p.name: hashlib.sha256(p.read_bytes()).digest()
        for p in folder.iterdir()
        if p.is_file() and not p.is_symlink() and p.suffix in (".yaml", ".csv", ".html", ".pdf")
    }


def fuzz_every_command(n: int, rng: random.Random, folder: Path) -> Tally:
    """Every subcommand, on every kind of data file, with outputs that are the input (by
    name, symbolic link or hard link), FIFOs, folders and devices: an exit code, never a
    traceback, no input ever changed, and no output changed by a command that failed."""
    tally = Tally("all commands")
    data = {
        "tiny": ROOT / "maps" / "tiny.yaml",
        "europe": ROOT / "maps" / "ticket_to_ride_europe.yaml",
        "cards": ROOT / "maps" / "transorient_express.yaml",
    }
    inputs = {}

    def restore(name: str) -> None:
        """The input ``in-NAME.yaml``, a symbolic and a hard link to it, as they began."""
        copy = folder / f"in-{name}.yaml"
        for made in (copy, folder / f"link-{name}.yaml", folder / f"hard-{name}.yaml"):
            if made.is_symlink() or made.exists():
                made.unlink()
        copy.write_bytes(data[name].read_bytes())
        (folder / f"link-{name}.yaml").symlink_to(copy)
        os.link(copy, folder / f"hard-{name}.yaml")
        inputs[name] = str(copy)

    for name in data:
        restore(name)
    fifo = folder / "in.fifo"
    os.mkfifo(fifo)
    (folder / "old.csv").write_text("old\n")
    (folder / "old.html").write_text("old\n")
    (folder / "old.yaml").write_text("old: 1\n")
    (folder / "old.pdf").write_text("old\n")

    def out(input_name: str, suffix: str) -> str:
        return rng.choice([
            inputs[input_name], str(folder / f"link-{input_name}.yaml"),
            str(folder / f"hard-{input_name}.yaml"), str(folder / f"old{suffix}"),
            str(folder / f"new{suffix}"), str(fifo), str(folder), "/dev/full", "",
            str(folder / "missing" / f"x{suffix}"),
        ])  # fmt: skip

    def any_input() -> tuple[str, str]:
        key = rng.choice(list(inputs))
        return key, rng.choice([inputs[key], inputs[key], str(fifo), "/dev/null", "nope.yaml"])

    numbers = ["-1", "0", "1", "2", "3", "6", "48", "9999", "1e3", "x", "", " 3 , 4 ", "4,4",
               "3,4", "10**12"]  # fmt: skip
    games = ["trans_europa", "ticket_to_ride", "transorient_express", "nope"]
    shapes = [
        lambda k, m: ["check", m],
        lambda k, m: ["render", m, "-o", out(k, ".html")],
        lambda k, m: ["print", m, "-o", out(k, ".pdf"), *rng.choice([[], ["--cards"],
                      ["--scale", rng.choice(numbers)], ["--one-page"], ["--backs"]])],
        lambda k, m: ["analyze", m, "--players", rng.choice(numbers), "--html", out(k, ".html"),
                      *rng.choice([["--no-chokepoints"], ["--chokepoints", "1"]])],
        lambda k, m: ["doctor", m, "--out", out(k, ".yaml"), "--edits", "1", "-q",
                      "--players", rng.choice(numbers)],
        lambda k, m: ["simulate", "--map", m, "--games", rng.choice(["1", "2", "0", "x"]),
                      "--players", rng.choice(numbers), "-q",
                      *rng.choice([[], ["--out", out(k, ".csv")], ["--games-out", out(k, ".csv")]]),
                      *rng.choice([[], ["--game", rng.choice(games)]]),
                      *rng.choice([[], ["--bots", rng.choice(["random", "x", "random,random"])]])],
        lambda k, m: ["games"],
        lambda k, m: ["schema", *rng.choice([[], ["--routes"]]), "-o", out(k, ".yaml")],
    ]  # fmt: skip
    for _ in range(n):
        key, source = any_input()
        argv = rng.choice(shapes)(key, source)
        before = _digests(folder)
        tally.tried += 1
        code: object = None
        try:
            with (
                alarm(90),
                contextlib.redirect_stdout(io.StringIO()),
                contextlib.redirect_stderr(io.StringIO()),
            ):
                code = cli.main(argv)
        except SystemExit as e:
            code = e.code
        except Hang:
            tally.hang(" ".join(argv))
            continue
        except Exception:
            tally.crash(" ".join(argv))
            continue
        if code not in (0, 1):
            tally.crash(f"exit code {code!r}: {' '.join(argv)}")
        tally.passes += code == 0
        tally.errors += code != 0
        after = _digests(folder)
        reads = argv[0] not in ("schema", "games") and source == inputs[key]  # these read none
        mine = {f"in-{key}.yaml", f"hard-{key}.yaml"} if reads else set()
        for name, digest in before.items():
            if after.get(name) == digest:
                continue
            if name in mine or code != 0:  # its own input, or an output of a failed run
                tally.damage(f"{name} changed by: {' '.join(argv)} (exit {code})")
            if name.startswith(("in-", "hard-")):  # put the inputs back for the next runs
                restore(name.split("-", 1)[1].removesuffix(".yaml"))
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
    parser.add_argument("--routes", type=int, default=1000)
    parser.add_argument("--cards", type=int, default=800)
    parser.add_argument("--saves", type=int, default=1500)
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--every", type=int, default=300, help="runs of every subcommand")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    args = parser.parse_args()
    if args.quick:
        args.maps, args.rules, args.games, args.commands, args.kills = 20, 20, 5, 3, 2
        args.routes, args.cards, args.saves, args.files, args.every = 10, 10, 10, 6, 8
    rng = random.Random(args.seed)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        maps, slowest, slowest_name = fuzz_maps(args.maps, rng)
        tallies = [maps, fuzz_rules(args.rules, rng), fuzz_games(args.games, rng)]
        for kind, count in (("routes", args.routes), ("cards", args.cards)):
            tallies.append(fuzz_data(kind, count, rng, folder))
        tallies.append(fuzz_saves(args.saves, rng))
        tallies.append(fuzz_record_files(args.files, rng, folder))
        old = os.getcwd()
        os.chdir(folder)  # render without -o writes here
        try:
            tallies.append(fuzz_commands(args.commands, rng, folder))
            every = folder / "every"
            every.mkdir()
            tallies.append(fuzz_every_command(args.every, rng, every))
        finally:
            os.chdir(old)
        tallies.append(kill_saves(args.kills, rng, folder))
    for t in tallies:
        print(t.line())
    print(f"inputs tried {sum(t.tried for t in tallies):,}, "
          f"tracebacks {sum(t.tracebacks for t in tallies)}, "
          f"hangs {sum(t.hangs for t in tallies)}, "
          f"damaged files {sum(t.damaged for t in tallies)}")  # fmt: skip
    print(
        f"slowest check of a legal mutated map: {slowest:.3f} s ({slowest_name}); "
        "the largest legal maps: benchmarks/check_big_maps.py"
    )
    print(f"in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
