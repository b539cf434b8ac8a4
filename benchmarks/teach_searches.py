"""How the lesson's two exact searches grow: the longest trail and a hand's Steiner forest.

    python benchmarks/teach_searches.py [--cities 11] [--hands 20] [--seed 0] [--quick]

Longest trail: the cities of Ticket to Ride Europe nearest Paris, four and more, with every
route between them. For each part: the trails a plain search walks (every start, every
order, no bound: :func:`workbench.teach.trails.count_trails`), the trails the traced search
walks (:func:`workbench.teach.trails.longest_trail`, with the odd-start rule and the
reachability bound) and its time with frames off (``max_frames=2``) and on; the length must
equal Ticket to Ride's scorer.

Steiner forest: seeded hands of 2 to 6 real tickets; the time of the traced search (every
group's tree, every split, frames on) against
:func:`workbench.analysis.tickets.steiner_forest` (a program over subsets); the costs must
agree. Times are the best of three runs, one thread.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import load_map  # noqa: E402
from workbench.analysis.tickets import steiner_forest as analysed_forest  # noqa: E402
from workbench.games.ticket_to_ride.scoring import longest_trail as scored  # noqa: E402
from workbench.maps.routes import RouteBoard  # noqa: E402
from workbench.teach.forest import steiner_forest  # noqa: E402
from workbench.teach.textbook import route_graph  # noqa: E402
from workbench.teach.trails import count_trails, longest_trail  # noqa: E402


def best_of(f: Callable[[], Any], repeat: int = 3) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - start)
    return min(times), out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cities", type=int, default=11, help="largest part (cities)")
    parser.add_argument("--hands", type=int, default=20, help="hands per size")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a few seconds: 7 cities, 2 hands")
    args = parser.parse_args()
    if args.quick:
        args.cities, args.hands = min(args.cities, 7), min(args.hands, 2)
    board = load_map(ROOT / "maps" / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    routes = route_graph(board)
    px, py = routes.nodes["Paris"]["pos"]
    near = sorted(routes, key=lambda c: math.dist(routes.nodes[c]["pos"], (px, py)))

    print("longest trail, the cities nearest Paris")
    print("cities routes  plain trails  search trails  no frames ms  frames ms  frames")
    for n in range(4, args.cities + 1):
        part = routes.subgraph(near[:n])
        plain = count_trails(part)
        bare, found = best_of(lambda part=part: longest_trail(part, max_frames=2))
        framed, traced = best_of(lambda part=part: longest_trail(part))
        edges = [(u, v, w) for u, v, w in part.edges(data="weight")]
        assert found.result["length"] == traced.result["length"] == scored(edges)
        print(
            f"{n:6} {part.number_of_edges():6} {plain:13,} {found.result['explored']:14,} "
            f"{bare * 1000:13.1f} {framed * 1000:10.1f} {len(traced.frames):7}"
        )

    print("\nSteiner forest, hands of real tickets (mean ms per hand)")
    print("tickets  hands  traced ms  analysis ms  frames")
    rng = random.Random(args.seed)
    for k in range(2, 4 if args.quick else 7):
        hands = [[t.ends for t in rng.sample(board.tickets, k)] for _ in range(args.hands)]
        ours = theirs = 0.0
        frames = 0
        for hand in hands:
            a, t = best_of(lambda hand=hand: steiner_forest(routes, hand))
            b, f = best_of(lambda hand=hand: analysed_forest(board, hand))
            assert t.result["cost"] == f.cost, hand
            ours, theirs, frames = ours + a, theirs + b, frames + len(t.frames)
        print(
            f"{k:7} {len(hands):6} {ours / len(hands) * 1000:10.1f} "
            f"{theirs / len(hands) * 1000:12.1f} {frames / len(hands):7.0f}"
        )


if __name__ == "__main__":
    main()
