"""Time printing boards and cards to PDF, against drawing the same board with Bokeh.

    python benchmarks/print_pdf.py [--repeat 3] [--quick] [MAP ...]

For each board: :func:`~workbench.ui.render.board_figure` or
:func:`~workbench.ui.route_render.route_figure` (the reference: the screen's drawing, in the
same process), :func:`~workbench.printing.board_pdf` tiled on A4 and on one page, and
:func:`~workbench.printing.cards_pdf`; a card set prints its cards only. Times are the
median of ``--repeat`` runs, with the PDFs' pages and sizes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import RouteBoard, load_map  # noqa: E402
from workbench.games.transorient_express.cards import is_cards_file, load_cards  # noqa: E402
from workbench.printing import board_pdf, cards_pdf  # noqa: E402


def median_time(run: Callable[[], object], repeat: int) -> tuple[float, object]:
    """The median wall time of ``repeat`` calls of ``run`` (seconds) and its last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", metavar="MAP")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="tiny.yaml once (a smoke test)")
    args = parser.parse_args()
    if args.quick:
        paths, repeat = [ROOT / "maps" / "tiny.yaml"], 1
    else:
        paths = [Path(p) for p in args.maps] or sorted((ROOT / "maps").glob("*.yaml"))
        repeat = args.repeat
    from workbench.ui.render import board_figure
    from workbench.ui.route_render import route_figure

    print(f"{'board':<26}{'what':<22}{'seconds':>9}{'pages':>7}{'KB':>8}{'x screen':>10}")
    for path in paths:
        if is_cards_file(path):
            cards = load_cards(path)
            t, out = median_time(lambda cards=cards: cards_pdf(cards), repeat)
            print(
                f"{path.stem:<26}{'cards':<22}{t:>9.3f}{out.pages:>7}"  # type: ignore[attr-defined]
                f"{len(out.data) / 1024:>8.0f}{'':>10}"
            )  # type: ignore[attr-defined]
            continue
        board = load_map(path)
        draw = route_figure if isinstance(board, RouteBoard) else board_figure
        screen, _ = median_time(lambda b=board, d=draw: d(b), repeat)
        print(
            f"{path.stem:<26}{'screen (Bokeh figure)':<22}{screen:>9.3f}{'':>7}{'':>8}{1.0:>10.1f}"
        )
        for what, run in (
            ("board, A4 tiles", lambda b=board: board_pdf(b)),
            ("board, one page", lambda b=board: board_pdf(b, one_page=True)),
            ("cards, A4", lambda b=board: cards_pdf(b)),
        ):
            t, out = median_time(run, repeat)
            print(
                f"{path.stem:<26}{what:<22}{t:>9.3f}{out.pages:>7}"  # type: ignore[attr-defined]
                f"{len(out.data) / 1024:>8.0f}{t / screen:>10.1f}"
            )  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
