"""Time the bots' missing-rail questions: CostModel against missing_rails, side by side.

    python benchmarks/costmodel.py [--positions 200] [--repeat 3] [--quick] [MAP ...]

The positions are what players ask during real games: seeded 4-player games of greedy bots
are played on each board and, at every rail, the player on turn's question is kept (the
rails on the board, their start marker and their five cities: six terminals). Each
question is then answered, in this process and on one thread, by
:func:`workbench.analysis.missing_rails` (the reference: the board's networkx graph with
the position's rails set to 0, then the exact Steiner solver) and by a
:class:`~workbench.analysis.costmodel.CostModel` made once per board (``cost``: the count
alone, as the engine and bots ask it; ``completion``: the count and the segments to build).
The answers must agree. Times are the median over ``--repeat`` passes of the mean time per
question; the ratios divide the reference's time by the model's.
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

from workbench import Board, load_map  # noqa: E402
from workbench.analysis import missing_rails  # noqa: E402
from workbench.analysis.costmodel import CostModel  # noqa: E402
from workbench.games.trans_europa import Action, PlaceRail, TransEuropa, TransEuropaState  # noqa: E402
from workbench.games.trans_europa.bots import GreedyBot, play_game  # noqa: E402
from workbench.maps.lattice import Edge, Point  # noqa: E402

Question = tuple[frozenset[Edge], Point, tuple[str, ...]]


def questions(board: Board, count: int, players: int = 4) -> list[Question]:
    """``count`` questions from seeded greedy games (games 0, 1, ...), spread over each game."""
    out: list[Question] = []
    seed = 0
    while len(out) < count:
        found: list[Question] = []

        def keep(state: TransEuropaState, action: Action, found: list[Question] = found) -> None:
            if isinstance(action, PlaceRail) and state.to_play is not None:
                marker = state.markers[state.to_play]
                assert marker is not None
                found.append((frozenset(state.rails), marker, state.hands[state.to_play]))

        game = TransEuropa(board, players=players, seed=seed)
        play_game(game, [GreedyBot] * players, seed=seed, on_action=keep)
        step = max(1, len(found) // max(1, count // 4))
        out += found[::step]
        seed += 1
    return out[:count]


def per_question(run: Callable[[Question], int], asked: list[Question], repeat: int) -> float:
    """The median over ``repeat`` passes of the mean seconds per question."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for q in asked:
            run(q)
        times.append((time.perf_counter() - start) / len(asked))
    return statistics.median(times)


def measure(
    board: Board, model: CostModel, asked: list[Question], repeat: int
) -> tuple[float, float, float]:
    """Seconds per question: missing_rails, CostModel.cost, CostModel.completion."""
    reference = per_question(lambda q: missing_rails(board, q[0], q[1], q[2]).cost, asked, repeat)
    cost = per_question(lambda q: model.cost(q[0], [q[1], *q[2]]), asked, repeat)
    done = per_question(lambda q: model.completion(q[0], [q[1], *q[2]]).cost, asked, repeat)
    return reference, cost, done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "maps",
        nargs="*",
        default=[str(ROOT / "maps" / f"{name}.yaml") for name in ("trans_europa", "trans_amerika")],
    )
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a few seconds: tiny, 20 questions")
    args = parser.parse_args()
    players = 4
    if args.quick:
        args.maps, args.positions, args.repeat = [str(ROOT / "maps" / "tiny.yaml")], 20, 1
        players = 2

    print(f"{'board':<16}{'questions':>10}{'missing_rails':>15}{'cost':>10}{'ratio':>8}"
          f"{'completion':>12}{'ratio':>8}")  # fmt: skip
    for path in args.maps:
        board = load_map(path)
        asked = questions(board, args.positions, players)
        model = CostModel(board)
        for rails, marker, hand in asked:  # the same answers, and every kernel compiled
            expected = missing_rails(board, rails, marker, hand).cost
            assert model.cost(rails, [marker, *hand]) == expected
            assert model.completion(rails, [marker, *hand]).cost == expected
        reference, cost, done = measure(board, model, asked, args.repeat)
        print(
            f"{board.name:<16}{len(asked):>10}{reference * 1e3:>12.2f} ms{cost * 1e3:>7.2f} ms"
            f"{reference / cost:>7.1f}x{done * 1e3:>9.2f} ms{reference / done:>7.1f}x"
        )
    print()
    print("missing_rails: the reference (the board's networkx graph, rails at 0, exact solver);")
    print("cost / completion: one CostModel per board; ratio = missing_rails time / its time.")
    print(f"Mean time per question, median of {args.repeat} passes, one thread.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
