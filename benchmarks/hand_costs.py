"""Time the cost of every hand against solving hands one at a time, in the same run.

    python benchmarks/hand_costs.py [--sample 300] [--threads 1] [MAP ...]

For each board: the shared program for all hands (4-6 players and 2-3 players), then a
reference measured now: our exact single-query solver and networkx's approximation on a
sample of the same hands, extrapolated to all hands. Both sides run on one thread, so the
ratios compare like with like; ``--threads N`` (N > 1) adds a column with the table on N
threads (what ``hand_table`` does by default, up to 2), for information. Targets (issue 3):
all 16,807 hands of the Europe board in under 10 s on one core, goal 2 s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

import numpy as np
from networkx.algorithms.approximation import steiner_tree as nx_steiner_tree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import load_map  # noqa: E402
from workbench.algorithms import steiner_cost  # noqa: E402
from workbench.analysis import cost_graph, deck, hand_table  # noqa: E402
from workbench.analysis.hands import table_on_graph  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "maps",
        nargs="*",
        default=[
            str(ROOT / "maps" / "trans_europa.yaml"),
            str(ROOT / "maps" / "trans_amerika.yaml"),
        ],
    )
    parser.add_argument("--sample", type=int, default=300, help="hands for the references")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="also time the table on N")
    parser.add_argument("--quick", action="store_true", help="a few seconds: tiny, 10 hands")
    args = parser.parse_args()
    if args.quick:
        args.sample, args.maps = 10, [str(ROOT / "maps" / "tiny.yaml")]
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")

    start = time.perf_counter()
    hand_table(load_map(ROOT / "maps" / "tiny.yaml"), progress=False)
    print(f"first call (compiles or loads the numba cache): {time.perf_counter() - start:.2f} s")
    print()
    header = f"{'board':<16}{'players':>8}{'hands':>8}{'all hands':>11}{'per hand':>10}"
    header += f"{'one-by-one':>12}{'ratio':>8}{'nx approx':>11}{'ratio':>8}{'nx excess':>11}"
    if args.threads > 1:
        header += f"{f'{args.threads} threads':>12}"
    print(header)
    for path in args.maps:
        board = load_map(path)
        G = cost_graph(board)
        for players in (4, 3):
            cards = deck(board, players)
            start = time.perf_counter()  # what hand_table does, on one thread
            costs, _ = table_on_graph(cost_graph(board), board, cards, False, threads=1)
            total = time.perf_counter() - start
            more = ""
            if args.threads > 1:
                start = time.perf_counter()
                table_on_graph(cost_graph(board), board, cards, False, threads=args.threads)
                more = f"{time.perf_counter() - start:>11.2f}s"
            frame = hand_table(board, players, progress=False).frame()
            assert np.array_equal(frame.cost.to_numpy(), costs), "table differs from hand_table"
            colors = list(cards)
            rng = random.Random(args.seed)
            rows = rng.sample(range(len(frame)), min(args.sample, len(frame)))
            hands = [[board.city(frame.iloc[i][c]).at for c in colors] for i in rows]
            start = time.perf_counter()
            exact = [steiner_cost(G, h) for h in hands]
            ours_one = (time.perf_counter() - start) / len(hands)
            start = time.perf_counter()
            approx = [nx_steiner_tree(G, h, method="mehlhorn").size(weight="weight") for h in hands]
            nx_one = (time.perf_counter() - start) / len(hands)
            expected = frame.cost.to_numpy()[rows]
            assert np.array_equal(np.asarray(exact), expected), "table differs from one-by-one"
            excess = np.mean(np.asarray(approx) / expected - 1)
            n = len(frame)
            print(
                f"{board.name:<16}{players:>8}{n:>8}{total:>10.2f}s{total / n * 1e6:>8.0f}us"
                f"{ours_one * n:>11.1f}s{ours_one * n / total:>7.0f}x"
                f"{nx_one * n:>10.1f}s{nx_one * n / total:>7.0f}x{excess:>10.1%}{more}"
            )
    print()
    print("all hands: the shared program on one thread, as the references;")
    print("one-by-one: our exact solver per hand, extrapolated from the sample;")
    print("nx approx: networkx's approximate steiner_tree (mehlhorn) per hand, extrapolated,")
    print("and how far above the optimum its trees are on average (the table is exact).")
    print("Target: Europe, 4 players, all hands under 10 s on one core (goal 2 s).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
