"""Time drawing a board and a game on it: build the figure, then redraw positions.

    python benchmarks/render.py [--repeat 5] [--states 40] [MAP ...]

For each board: :func:`~workbench.ui.render.board_figure` (the reference, in the same
process), :class:`~workbench.ui.boardview.BoardView` built with a state, ``update(state)``
over the positions of a seeded random round (only source data changes), and a
:class:`~workbench.ui.play.PlayRound` turn played from Python (a tap, the bots' answer and
every redraw). Times are the median of ``--repeat`` runs; the ratios compare them with
``board_figure``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from jupyter_bokeh.widgets import BokehModel  # noqa: E402

from workbench import load_map  # noqa: E402
from workbench.games.trans_europa import (  # noqa: E402
    NextRound,
    PlaceRail,
    TransEuropa,
    TransEuropaState,
)
from workbench.ui.boardview import BoardView  # noqa: E402
from workbench.ui.play import PlayRound  # noqa: E402
from workbench.ui.render import board_figure  # noqa: E402


def median_time(run: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls of ``run``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def positions(game: TransEuropa, count: int, seed: int = 1) -> list[TransEuropaState]:
    """``count`` states of one seeded random round, a rail or a marker apart."""
    rng = np.random.default_rng(seed)
    state = game.new_state()
    out = []
    while len(out) < count and state.phase in ("markers", "build"):
        actions = state.legal_actions() or [NextRound()]
        state.apply(actions[int(rng.integers(len(actions)))])
        out.append(state.copy())
    return out


def measure(path: str, repeat: int, count: int) -> str:
    """Time one board; the line to print."""
    board = load_map(path)
    cards = min(sum(c.color == color for c in board.cities) for color in board.color_names)
    players = min(4, cards)
    game = TransEuropa(board, players=players, seed=1)
    states = positions(game, count)
    board_figure(board)  # warm caches (segments, label placement)
    figure = median_time(lambda: board_figure(board), repeat)
    build = median_time(lambda: BoardView(board, states[-1]), repeat)
    view = BoardView(board)

    def redraw_all() -> None:
        for s in states:
            view.update(s)

    update = median_time(redraw_all, repeat) / len(states)
    BokehModel(view.figure)  # in a widget, each change is also serialized as a patch
    widget = median_time(redraw_all, repeat) / len(states)

    def one_turn() -> None:
        seats = ["human"] + ["random"] * (players - 1)
        play = PlayRound(board, seats, seed=1, delay=0)
        state = play.state
        assert state is not None
        play.click_point(board.city(state.hands[0][0]).at)
        rail = next(a for a in state.legal_actions() if isinstance(a, PlaceRail))
        play.click_segment(rail.segment)
        play.end_turn()

    one_turn()  # warm the exact solver's compiled code
    turn = median_time(one_turn, repeat)
    return (
        f"{board.name} ({len(board.points)} points, {len(board.segments)} segments): "
        f"board_figure {1000 * figure:.0f} ms; BoardView {1000 * build:.0f} ms "
        f"({build / figure:.2f}x); update {1000 * update:.2f} ms per state "
        f"({update / figure:.3f}x), {1000 * widget:.2f} ms in a widget; PlayRound: new "
        f"game and one turn against {players - 1} bot(s) {1000 * turn:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=[str(ROOT / "maps" / "trans_europa.yaml")])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--states", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="a few seconds: tiny, 1 repeat")
    args = parser.parse_args()
    if args.quick:
        args.repeat, args.states, args.maps = 1, 3, [str(ROOT / "maps" / "tiny.yaml")]
    for path in args.maps:
        print(measure(path, args.repeat, args.states))


if __name__ == "__main__":
    main()
