"""Time random full rounds of the engine, and the share of the time spent scoring.

    python benchmarks/engine_playouts.py [--seconds 10] [--players 4] [--quick] [MAP ...]

A seeded random player (uniform over ``legal_actions()``) plays rounds until the time is
up; the script prints rounds per second, actions per second, and the time spent in the
round's scoring (exact missing-rail counts, one Steiner tree per player, timed around
``TransEuropaState.missing_rails``). Times are processor time (the machine may be shared).
``--quick``
plays for half a second on each map.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench import load_map  # noqa: E402
from workbench.games.trans_europa import TransEuropa, TransEuropaState  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=[str(ROOT / "maps" / "trans_europa.yaml")])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="half a second per map")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 0.5
    scoring = [0.0]
    original = TransEuropaState.missing_rails

    def timed(self: TransEuropaState, player: int) -> int:
        t = time.process_time()
        try:
            return original(self, player)
        finally:
            scoring[0] += time.process_time() - t

    TransEuropaState.missing_rails = timed  # type: ignore[method-assign]
    for path in args.maps:
        board = load_map(path)
        game = TransEuropa(board, players=args.players, seed=1)
        rng = np.random.default_rng(1)
        state, rounds, actions = game.new_state(), 0, 0
        while not state.results:  # a warm-up round: numba's cache and the board's tables
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
        scoring[0] = 0.0
        start = time.process_time()
        while time.process_time() - start < args.seconds:
            if state.is_terminal():
                state = game.new_state()
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            before = len(state.results)
            state.apply(action)
            actions += 1
            rounds += len(state.results) - before
        elapsed = time.process_time() - start
        print(
            f"{board.name}, {args.players} players: {rounds / elapsed:.1f} random rounds/s, "
            f"{actions / elapsed:.0f} actions/s, scoring {100 * scoring[0] / elapsed:.0f}% "
            f"of the time"
        )


if __name__ == "__main__":
    main()
