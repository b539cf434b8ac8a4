"""The ``workbench`` command: ``check``, ``render``, ``analyze``, ``schema`` and ``lab``.

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

from workbench.exceptions import MapError, WorkbenchError
from workbench.maps.board import Board
from workbench.maps.io import check_map, load_map
from workbench.resources import maps_dir, notebooks_dir

__all__ = ["main"]


def _check(args: argparse.Namespace) -> int:
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
