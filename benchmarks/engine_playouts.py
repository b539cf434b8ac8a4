"""Time random full rounds of the engine, and the share of the time spent scoring.

    python benchmarks/engine_playouts.py [--seconds 10] [--players 4] [MAP ...]

A seeded random player (uniform over ``legal_actions()``) plays rounds until the time is
up; the script prints rounds per second, actions per second, and the time spent in the
round's scoring (exact missing-rail counts, one Steiner tree per player).
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
from workbench.engine import Game  # noqa: E402
from workbench.engine import state as state_module  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=[str(ROOT / "maps" / "trans_europa.yaml")])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    scoring = [0.0]
    original = state_module.missing_rails

    def timed(*a, **k):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        try:
            return original(*a, **k)
        finally:
            scoring[0] += time.perf_counter() - t

    state_module.missing_rails = timed  # type: ignore[assignment]
    for path in args.maps:
        board = load_map(path)
        game = Game(board, players=args.players, seed=1)
        rng = np.random.default_rng(1)
        state, rounds, actions = game.new_state(), 0, 0
        scoring[0] = 0.0
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            if state.is_terminal():
                state = game.new_state()
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            before = len(state.results)
            state.apply(action)
            actions += 1
            rounds += len(state.results) - before
        elapsed = time.perf_counter() - start
        print(
            f"{board.name}, {args.players} players: {rounds / elapsed:.1f} random rounds/s, "
            f"{actions / elapsed:.0f} actions/s, scoring {100 * scoring[0] / elapsed:.0f}% "
            f"of the time"
        )


if __name__ == "__main__":
    main()
