"""The ``workbench`` command: ``check``, ``render``, ``analyze``, ``simulate``, ``schema``
and ``lab``.

Every subcommand reports bad input as a one-line message per problem and an exit code,
never as a traceback.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.exceptions import MapError, RulesError, WorkbenchError
from workbench.resources import maps_dir, notebooks_dir

if TYPE_CHECKING:
    from workbench.maps.board import Board
    from workbench.rules import Rules

__all__ = ["main"]


def _check(args: argparse.Namespace) -> int:
    from workbench.maps.io import check_map

    failed = False
    for path in args.files:
        try:
            problems = check_map(path)
        except OSError as e:
            print(f"{path}:0:0: cannot read the file: {e.strerror or e}", file=sys.stderr)
            failed = True
            continue
        errors = [p for p in problems if p.severity == "error"]
        for p in problems:
            print(p)
        if errors or (args.strict and problems):
            failed = True
        elif not args.quiet:
            warned = (
                f" ({len(problems)} warning{'s' if len(problems) != 1 else ''})" if problems else ""
            )
            print(f"{path}: ok{warned}")
    return 1 if failed else 0


def _load(path: str) -> Board | None:
    """The board at ``path``, or None after printing why it cannot be loaded."""
    from workbench.maps.io import load_map

    try:
        return load_map(path)
    except MapError as e:
        print(e, file=sys.stderr)
    except OSError as e:
        print(f"{path}:0:0: cannot read the file: {e.strerror or e}", file=sys.stderr)
    return None


def _render(args: argparse.Namespace) -> int:
    board = _load(args.map)
    if board is None:
        return 1
    from workbench.ui.render import save_board_html

    out = Path(args.output or Path(args.map).with_suffix(".html").name)
    save_board_html(board, out)
    print(f"wrote {out}")
    return 0


def _analyze(args: argparse.Namespace) -> int:
    board = _load(args.map)
    if board is None:
        return 1
    from workbench.analysis.report import analyze

    candidates = None if args.no_chokepoints else args.chokepoints
    report = analyze(board, players=args.players, chokepoint_candidates=candidates)
    print(report.text())
    if args.html:
        from workbench.ui.report import save_report_html

        out = save_report_html(report, args.html)
        print(f"\nwrote {out}")
    return 0


def _sim_rules(text: str) -> Rules | None:
    """The rules ``--rules`` names (a preset or a rules file), or None after saying why not."""
    from workbench.rules import PRESETS, Rules, load_rules

    if text in PRESETS:
        return Rules.preset(text)
    if not Path(text).exists():
        print(
            f"workbench simulate: --rules {text!r} is neither a preset "
            f"({', '.join(PRESETS)}) nor a rules file",
            file=sys.stderr,
        )
        return None
    try:
        return load_rules(text)
    except RulesError as e:
        print(e, file=sys.stderr)
    except OSError as e:
        print(f"{text}:0:0: cannot read the file: {e.strerror or e}", file=sys.stderr)
    return None


def _sim_bots(text: str | None, players: int | None) -> list[str] | None:
    """The line-up ``--bots`` and ``--players`` give, or None after saying why not."""
    from workbench.bots import BOTS

    if text is None:
        names = ["greedy" if "greedy" in BOTS else "random"]
    else:
        names = [n.strip() for n in text.split(",")]
    for name in names:
        if name not in BOTS:
            print(
                f"workbench simulate: no bot {name!r}; the bots are: {', '.join(BOTS)}",
                file=sys.stderr,
            )
            return None
    if len(names) == 1:
        return names * (players or 4)
    if players is not None and players != len(names):
        print(
            f"workbench simulate: --bots names {len(names)} bots for --players {players}: "
            "give one name for every seat, or one per seat",
            file=sys.stderr,
        )
        return None
    return names


def _simulate(args: argparse.Namespace) -> int:
    from workbench.sim import Variant, sweep

    out = Path(args.out)
    if not out.parent.is_dir():
        print(f"workbench simulate: no folder {str(out.parent)!r} for --out", file=sys.stderr)
        return 1
    board = _load(args.map)
    rules = _sim_rules(args.rules)
    bots = _sim_bots(args.bots, args.players)
    if board is None or rules is None or bots is None:
        return 1
    try:
        variant = Variant(rules.name, board, rules, bots)
    except ValueError as e:
        print(f"workbench simulate: {e}", file=sys.stderr)
        return 1
    result = sweep(
        [variant],
        args.games,
        args.seed,
        workers=args.workers or None,
        progress=not args.quiet,
        rotate=not args.no_rotate,
        max_rounds=args.max_rounds,
    )
    result.to_csv(out)
    if args.games_out:
        result.to_csv(args.games_out, table="games")
    if args.quiet:
        return 0
    summary = result.summary().iloc[0]
    print(
        f"wrote {len(result.rounds)} rows ({args.games} games, {int(result.games.rounds.sum())} "
        f"rounds) to {out} in {result.seconds:.1f} s"
    )
    print(
        f"{board.name}, {rules.name}, {variant.lineup}: {summary.rounds_per_game:.2f} rounds "
        f"a game, {summary.turns_per_round:.1f} turns a round, balance {summary.balance:.3f}"
        + (f", {summary.truncated} games cut off" if summary.truncated else "")
    )
    for row in result.win_rates("seat").itertuples():
        print(f"  seat {row.seat}: wins {row.rate:6.1%}  (95% CI {row.lo:.1%} to {row.hi:.1%})")
    return 0


def _schema(args: argparse.Namespace) -> int:
    from workbench.maps.schema import schema_json

    if args.output:
        Path(args.output).write_text(schema_json(), encoding="utf-8")
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(schema_json())
    return 0


def _lab(args: argparse.Namespace) -> int:
    source = notebooks_dir()
    folder = Path(args.dir) if args.dir else source
    if folder != source:
        folder.mkdir(parents=True, exist_ok=True)
        for nb in sorted(source.glob("*.ipynb")):
            if not (folder / nb.name).exists():  # never overwrite the user's work
                shutil.copy2(nb, folder / nb.name)
    env = dict(os.environ)
    board = Path(args.map) if args.map else maps_dir() / "trans_europa.yaml"
    env["WORKBENCH_MAP"] = str(board.resolve())
    command = [sys.executable, "-m", "jupyterlab", f"--notebook-dir={folder}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    command.extend(args.extra)
    print(f"JupyterLab on {folder}, board {board}")
    return subprocess.call(command, env=env)


def _count(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = least - 1
    if value < least:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number {least} or more")
    return value


def _positive(text: str) -> int:
    return _count(text, 1)


def _natural(text: str) -> int:
    return _count(text, 0)


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser (exposed for tests and for ``--help`` in the docs).

    Examples
    --------
    >>> build_parser().parse_args(["check", "maps/tiny.yaml"]).files
    ['maps/tiny.yaml']
    """
    parser = argparse.ArgumentParser(
        prog="workbench", description="Boards, route costs and games for rail-connection games."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="check map files and print their problems")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--strict", action="store_true", help="fail on warnings too")
    check.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    check.set_defaults(run=_check)

    render = sub.add_parser("render", help="draw a map as a self-contained HTML page")
    render.add_argument("map", metavar="MAP")
    render.add_argument("-o", "--output", metavar="HTML")
    render.set_defaults(run=_render)

    analyze = sub.add_parser("analyze", help="analyse a map: hand costs, fairness, chokepoints")
    analyze.add_argument("map", metavar="MAP")
    analyze.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(2, 7),
        help="2-3 players take the dashed cities out (default 4)",
    )
    analyze.add_argument(
        "--chokepoints",
        type=int,
        default=8,
        metavar="N",
        help="try the N most used segments for their loss (default 8)",
    )
    analyze.add_argument("--no-chokepoints", action="store_true", help="skip that part")
    analyze.add_argument("--html", metavar="FILE", help="also write the full report page")
    analyze.set_defaults(run=_analyze)

    sim = sub.add_parser(
        "simulate", help="play many games with bots; write one row per player per round as CSV"
    )
    sim.add_argument("--map", default=str(maps_dir() / "trans_europa.yaml"), metavar="FILE")
    sim.add_argument("--players", type=int, choices=range(2, 7), metavar="N")
    sim.add_argument("--games", type=_positive, default=100, metavar="N")
    sim.add_argument("--seed", type=_natural, default=0, metavar="S")
    sim.add_argument(
        "--workers", type=_natural, default=1, metavar="W", help="processes (0: every core)"
    )
    sim.add_argument("--rules", default="rulebook", metavar="PRESET|FILE", help="default: rulebook")
    sim.add_argument(
        "--bots",
        metavar="NAMES",
        help="one bot for every seat, or one per seat (greedy,greedy,random,random); "
        "default greedy",
    )
    sim.add_argument("--max-rounds", type=_positive, default=30, metavar="R")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot on its seat")
    sim.add_argument("--games-out", metavar="FILE", help="also write one row per game")
    sim.add_argument("-q", "--quiet", action="store_true", help="no progress bar, no summary")
    sim.add_argument("--out", required=True, metavar="FILE.csv")
    sim.set_defaults(run=_simulate)

    schema = sub.add_parser("schema", help="print (or write) the map files' JSON Schema")
    schema.add_argument("-o", "--output", metavar="FILE")
    schema.set_defaults(run=_schema)

    lab = sub.add_parser("lab", help="open JupyterLab on the workbench's notebooks")
    lab.add_argument("--dir", help="work in this folder (the notebooks are copied there)")
    lab.add_argument("--map", help="the board the notebooks open (default: Trans Europa)")
    lab.epilog = "Other options (--port 8890, --no-browser, ...) are passed to jupyter lab."
    lab.set_defaults(run=_lab)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``workbench`` command with ``argv`` and return its exit code.

    Examples
    --------
    >>> main(["check", "--quiet", "maps/tiny.yaml"])
    0
    """
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "lab":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    try:
        return int(args.run(args))
    except WorkbenchError as e:
        print(f"workbench {args.command}: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``workbench analyze ... | head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
