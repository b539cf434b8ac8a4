"""``workbench print MAP``: a board as a real-size PDF, or ``--cards`` its cards.

The command line's own module (:mod:`workbench.cli`) adds this subcommand with
:func:`add_print_command`; nothing here imports the PDF library until the command runs, so
``workbench --help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["add_print_command", "run_print"]


def _mm(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of millimetres") from None
    if not 0 <= value < 10_000:
        raise argparse.ArgumentTypeError(f"{text!r} is not between 0 and 10000 mm")
    return value


def add_print_command(sub: Any) -> argparse.ArgumentParser:
    """Add ``print`` to the subcommands ``sub`` of the ``workbench`` parser.

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> _ = add_print_command(parser.add_subparsers())
    >>> args = parser.parse_args(["print", "maps/tiny.yaml", "--cards", "--paper", "letter"])
    >>> args.cards, args.paper, args.one_page, args.overlap
    (True, 'letter', False, 10.0)
    """
    p = sub.add_parser(
        "print",
        help="print a board at real size (or its cards) as a PDF to print and play",
        description=(
            "Print a board as a vector PDF at real size: tiled onto A4 or Letter pages that\n"
            "overlap, with crop marks, page labels and an assembly page first; or on one\n"
            "large page for a print shop (--one-page). With --cards, the board's cards (city\n"
            "cards, tickets) on sheets of nine 63 x 88 mm cards; a card set (Transorient\n"
            "Express) prints its cards. See docs/printing.md."
        ),
    )
    p.add_argument("map", metavar="MAP", help="the map or card file (.yaml), or a shipped name")
    p.add_argument(
        "-o",
        "--output",
        metavar="PDF",
        help="the PDF to write (default: the map's name with -board.pdf or -cards.pdf, here)",
    )
    p.add_argument("--cards", action="store_true", help="print the cards, not the board")
    p.add_argument(
        "--backs",
        action="store_true",
        help="with the cards: a sheet of backs after each sheet (print double-sided)",
    )
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help="sheet size (a4)")
    p.add_argument(
        "--one-page", action="store_true", help="the whole board on one page the board's size"
    )
    p.add_argument(
        "--scale",
        type=_mm,
        metavar="MM",
        help="mm between neighbouring points (lattice, 24) or per degree (route boards, 19)",
    )
    p.add_argument("--overlap", type=_mm, default=10.0, metavar="MM", help="mm tiles repeat (10)")
    p.set_defaults(run=run_print)
    return p


def _say(text: str, err: bool = False) -> None:
    print(text, file=sys.stderr if err else sys.stdout)


def run_print(args: argparse.Namespace) -> int:
    """Run ``workbench print`` with parsed ``args``; returns the exit code."""
    from workbench.exceptions import MapError, WorkbenchError
    from workbench.files import output_problem
    from workbench.games.transorient_express.cards import is_cards_file, load_cards
    from workbench.maps.io import load_map
    from workbench.resources import find_map

    try:
        path = find_map(args.map)
    except FileNotFoundError as e:
        _say(f"workbench print: {e}", err=True)
        return 1
    card_set = is_cards_file(path)
    cards = args.cards or card_set
    if args.backs and not cards:
        _say("workbench print: --backs goes with --cards (a board has no backs)", err=True)
        return 1
    if card_set and (args.one_page or args.scale is not None):
        _say(
            "workbench print: a card set has no board: --one-page and --scale do not apply",
            err=True,
        )
        return 1
    named = (
        args.output
        if args.output is not None
        else f"{path.stem}-{'cards' if cards else 'board'}.pdf"
    )
    problem = output_problem(named, [path])  # never over the board or card set it prints
    if problem is not None:
        _say(f"workbench print: cannot write -o {named!r}: {problem}", err=True)
        return 1
    out = Path(named)
    try:
        source = load_cards(path) if card_set else load_map(path)
        from workbench.games.transorient_express.cards import CardSet
        from workbench.printing import board_pdf, cards_pdf

        if cards:
            printed_cards = cards_pdf(source, paper=args.paper, backs=args.backs)
            printed_cards.save(out)
            what = f"{len(printed_cards.slots)} cards on {printed_cards.pages} sheets"
        else:
            assert not isinstance(source, CardSet)
            printed = board_pdf(
                source,
                paper=args.paper,
                one_page=args.one_page,
                scale=args.scale,
                overlap=args.overlap,
            )
            printed.save(out)
            size = f"{printed.poster.width / 10:.1f} x {printed.poster.height / 10:.1f} cm"
            if len(printed.tiles) == 1:
                what = f"a {size} board on one page of {args.paper.upper()}"
            elif printed.tiles:
                t = printed.tiles[-1]
                what = (
                    f"a {size} board on {printed.pages} pages of {args.paper.upper()} "
                    f"({t.cols} x {t.rows} tiles and an assembly page)"
                )
            else:
                what = f"a {size} board on one page"
    except MapError as e:
        _say(str(e), err=True)
        return 1
    except (WorkbenchError, ValueError) as e:
        _say(f"workbench print: {e}", err=True)
        return 1
    except OSError as e:
        _say(f"{path}:0:0: cannot read the file: {e.strerror or e}", err=True)
        return 1
    _say(f"wrote {out}: {what}")
    return 0
