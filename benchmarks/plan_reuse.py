"""How much could greedy save by keeping its plan while it is still optimal? The ceiling.

    python benchmarks/plan_reuse.py [--maps europe amerika] [--games 8] [--players 4]
                                    [--quick]

Greedy searches for an optimal completion at the start of every turn. A bot that kept its
last plan whenever that plan is still optimal would play as well and skip those searches;
this script measures how far that could go, on greedy's own games (4 players, rulebook):

* **solver share**: the processor time of the exact Steiner solver in greedy's games, and
  the part of it spent on the searches at the start of a turn (the ones a kept plan could
  replace), timed in a plain run;
* **still optimal**: in a second run of the same games, at each turn's start, whether the
  bot's plan from its previous turn (less the rails laid on it since) costs what the new
  search's plan costs, that is whether it is still optimal;
* **ceiling**: greedy's speed-up if a proof that cost nothing found every still-optimal
  plan and skipped its search: ``1 / (1 - turn-search share x still-optimal share)``.
  A real proof costs time and finds fewer: ``docs/bots.md`` ("Keeping a plan only while it
  is provably optimal") describes one that was built and measured, and why it lost.

``--quick`` plays one game on Europe (the test suite runs it so the script cannot rot).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MAPS = {"europe": "trans_europa.yaml", "amerika": "trans_amerika.yaml"}


def bots(clock: dict[str, float]) -> tuple[type, type]:
    """A greedy bot that tags the searches at a turn's start (same play), and one that also
    records whether its previous turn's plan is still optimal."""
    from workbench.games.trans_europa.bots import GreedyBot

    class Tagged(GreedyBot):
        def plan(self, obs: Any, view: Any = None) -> Any:
            clock["turn"] = not obs.placed
            try:
                return super().plan(obs, view)
            finally:
                clock["turn"] = False

    class Watched(Tagged):
        record: list[bool]
        _previous: tuple[int, frozenset[Any]] | None = None

        def plan(self, obs: Any, view: Any = None) -> Any:
            plan = super().plan(obs, view)
            if obs.placed or obs.pieces or obs.rules.ferry_rails > 1:
                return plan
            weight = self.model(obs).weight_of
            last = self._previous
            if last is not None and last[0] == obs.round:
                kept = sum(weight[s] for s in last[1] - obs.rails)
                self.record.append(kept == sum(weight[s] for s in plan))
            self._previous = (obs.round, plan)
            return plan

    return Tagged, Watched


def measure(map_file: str, games: int, players: int) -> dict[str, float]:
    """The figures of one board (see the module's text)."""
    import workbench.analysis.costmodel as costmodel
    from workbench import load_map
    from workbench.games.trans_europa import TransEuropa
    from workbench.games.trans_europa.bots import play_game

    board = load_map(ROOT / "maps" / map_file)
    clock = {"turn": False, "solver": 0.0, "turn_solver": 0.0}
    tagged, watched = bots(clock)
    solve = costmodel.solve_with_rails

    def timed(*args: Any) -> Any:
        start = time.process_time()
        try:
            return solve(*args)
        finally:
            spent = time.process_time() - start
            clock["solver"] += spent
            if clock["turn"]:
                clock["turn_solver"] += spent

    warm_up = TransEuropa(board, players=players, seed=10**6)
    play_game(warm_up, [tagged] * players, seed=0)  # warm-up
    costmodel.solve_with_rails = timed
    try:
        start, rounds = time.process_time(), 0
        for seed in range(games):
            game = TransEuropa(board, players=players, seed=seed)
            end = play_game(game, [tagged] * players, seed=seed)
            rounds += end.round
        total = time.process_time() - start
    finally:
        costmodel.solve_with_rails = solve
    record: list[bool] = []
    watched.record = record
    for seed in range(games):
        play_game(TransEuropa(board, players=players, seed=seed), [watched] * players, seed=seed)
    still = sum(record) / max(len(record), 1)
    turn_share = clock["turn_solver"] / total
    return {
        "rounds/s": rounds / total,
        "solver": clock["solver"] / total,
        "turn": turn_share,
        "turns": len(record),
        "still": still,
        "ceiling": 1 / (1 - turn_share * still),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", nargs="+", default=list(MAPS), choices=list(MAPS))
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="one game on Europe")
    args = parser.parse_args()
    if args.quick:
        args.maps, args.games = ["europe"], 1
    print(f"{args.players} greedy players, rulebook, {args.games} games a board (processor time)")
    print(
        f"{'board':>8} {'rounds/s':>9} {'solver':>7} {'at turn start':>14} "
        f"{'turns':>6} {'still optimal':>14} {'ceiling':>8}"
    )
    for name in args.maps:
        got = measure(MAPS[name], args.games, args.players)
        print(
            f"{name:>8} {got['rounds/s']:9.1f} {got['solver']:7.1%} {got['turn']:14.1%} "
            f"{got['turns']:6d} {got['still']:14.1%} {got['ceiling']:7.2f}x"
        )


if __name__ == "__main__":
    main()
