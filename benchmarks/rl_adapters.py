"""What the framework adapters cost, and how OpenSpiel's IS-MCTS fares against our bots.

    python benchmarks/rl_adapters.py [--steps 3000] [--repeats 3] [--games 1000] [--budget S]
                                     [--simulations 50] [--skip-speed] [--skip-duel] [--quick]

**Speed.** For each game, 4 players, random legal actions (chance drawn by its
probabilities), the same number of decisions through: the bare protocol
(``state.legal_actions()`` and ``state.apply``), OpenSpiel (``legal_actions`` as numbers,
``apply_action``), PettingZoo (``env.last()``, which builds the seat's observation tensor
and action mask, then ``env.step``), and the Gymnasium one-seat environment (seat 0 random
over its mask; the other seats the registered ``random`` bot). Each line prints decisions
per second and the ratio of the protocol's time to the adapter's (the goal is within 1.5x);
an extra line times OpenSpiel with the seat's observation tensor read at every decision, as
a learner would (``observation_array``: the tensor without the list of floats that
``observation_tensor`` makes), and a reference line the protocol with the seat's own
observation object made at every decision (what the tensor is made from). Trans Europa
played at random never ends a game, so every run counts decisions, not games (a game that
ends starts anew).

**IS-MCTS against our strongest heuristic bot.** Two players: OpenSpiel's IS-MCTS
(``open_spiel.python.algorithms.ismcts``, ``--simulations`` per move, worlds drawn by the
protocol's determinization, :class:`workbench.envs.openspiel.ScoreEvaluator`) against
each game's strongest heuristic bot (Trans Europa: ``shrewd``; Ticket to Ride and
Transorient Express: ``planner``), seats swapping with the game number, game ``i`` seeded
``i``. Prints IS-MCTS's win share (a shared win counts half), its 95 % Wilson interval, the
games played and the seconds per game; ``--budget`` stops a game's series after that many
seconds (the count says how many fit), ``--games`` caps it.

``--quick`` times a few hundred decisions and plays one short duel per game: a check that
the script runs, not a measurement.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from workbench.games import GAMES, sample_chance  # noqa: E402
from workbench.games.referee import pick_outcome  # noqa: E402
from workbench.sim.stats import wilson  # noqa: E402

STRONGEST = {
    "trans_europa": "shrewd",
    "ticket_to_ride": "planner",
    "transorient_express": "planner",
}


# ---------------------------------------------------------------------- speed


def bare(game: Any, steps: int, seed: int, observe: bool = False) -> float:
    rng = np.random.default_rng(seed)
    state = game.new_state()
    done = 0
    start = time.perf_counter()
    while done < steps:
        if state.is_terminal():
            state = game.new_state()
        if state.to_play is None:
            state.apply(sample_chance(state, rng))
            continue
        if observe:
            state.observation(state.to_play)
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
        done += 1
    return time.perf_counter() - start


def openspiel(name: str, steps: int, seed: int, observe: bool = False) -> float:
    import pyspiel

    from workbench.envs.openspiel import game_name

    game = pyspiel.load_game(game_name(name), {"players": 4})
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    done = 0
    start = time.perf_counter()
    while done < steps:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():  # drawn as the protocol's referee draws
            outcomes = state.chance_outcomes()
            pick = outcomes[0][0] if len(outcomes) == 1 else pick_outcome(outcomes, rng.random())
            state.apply_action(pick)
            continue
        if observe:
            state.observation_array(state.current_player())
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        done += 1
    return time.perf_counter() - start


def pettingzoo(name: str, steps: int, seed: int) -> float:
    from workbench.envs.pettingzoo import env

    e = env(name, players=4)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.reset()
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
    return time.perf_counter() - start


def gymnasium(name: str, steps: int, seed: int) -> float:
    """Decisions of all four seats through the one-seat environment (seat 0 the learner)."""
    from workbench.envs.single import SingleAgentEnv

    single = SingleAgentEnv(name, players=4, opponents="random")
    _, info = single.reset(seed=seed)
    rng = np.random.default_rng(seed)
    table = single.table
    start = time.perf_counter()
    first = table.decisions
    while table.decisions - first < steps:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, term, trunc, info = single.step(action)
        if term or trunc:
            _, info = single.reset()
    return (time.perf_counter() - start) * steps / (table.decisions - first)


def speed(steps: int, repeats: int) -> None:
    print(
        f"speed: random actions, 4 players, {steps} decisions per line, best of {repeats} "
        "rounds (each round runs every line once, the protocol first)"
    )
    for name in GAMES:
        game = GAMES[name].new_game(players=4, seed=1)
        warm = max(steps // 10, 20)  # compiled code and caches warmed before any timing
        bare(game, warm, 2), openspiel(name, warm, 2, observe=True), pettingzoo(name, warm, 2)
        runs: list[tuple[str, Any, tuple[Any, ...]]] = [
            ("protocol", bare, (game, steps, 1)),
            ("protocol + the seat's protocol observation", bare, (game, steps, 1, True)),
            ("OpenSpiel", openspiel, (name, steps, 1)),
            ("OpenSpiel + observation_array", openspiel, (name, steps, 1, True)),
            ("PettingZoo (observation + mask)", pettingzoo, (name, steps, 1)),
            ("Gymnasium one seat (bots at 3 seats)", gymnasium, (name, steps, 1)),
        ]
        best = {label: float("inf") for label, _, _ in runs}
        for _ in range(repeats):  # interleaved, so a busy minute slows every line alike
            for label, run, args in runs:
                best[label] = min(best[label], run(*args))
        ref = best["protocol"]
        print(f"  {name}: protocol {steps / ref:8.0f} decisions/s")
        for label, t in best.items():
            if label != "protocol":
                print(f"    {label:42s} {steps / t:8.0f}/s   {t / ref:5.2f}x the protocol's time")


# ---------------------------------------------------------------------- IS-MCTS


def duel_game(name: str, index: int, simulations: int, board: Any) -> tuple[float, int]:
    """One game: IS-MCTS at seat ``index % 2``; returns its win share and decisions."""
    import pyspiel

    from workbench.envs.openspiel import game_name, ismcts_bot

    params: dict[str, Any] = {"players": 2, "seed": index}
    if board is not None:
        params["board"] = board
    game = pyspiel.load_game(game_name(name), params)
    me = index % 2
    search = ismcts_bot(game, simulations=simulations, seed=index)
    rng = np.random.default_rng(index)
    info = GAMES[name]
    opponent = info.bot(STRONGEST[name])(game.protocol, 1 - me, np.random.default_rng(index + 1))
    codec = game.codec
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            p = np.array([q for _, q in outcomes])
            state.apply_action(outcomes[int(rng.choice(len(p), p=p / p.sum()))][0])
            continue
        seat = state.current_player()
        if seat == me:
            state.apply_action(search.step(state))
        else:
            proto = state.protocol
            obs = proto.observation(seat)
            action = opponent.act(obs)
            state.apply_action(codec.index(action, getattr(obs, "offered", None)))
        moves += 1
    winners = state.protocol.winners() if state.protocol.is_terminal() else ()
    share = 1.0 / len(winners) if me in winners else 0.0
    return share, moves


def duels(games: int, budget: float | None, simulations: int, quick: bool) -> None:
    print(
        f"IS-MCTS ({simulations} simulations a move) against each game's strongest heuristic "
        f"bot, 2 players, seats swapping"
    )
    for name in GAMES:
        board = "tiny" if quick and name == "trans_europa" else None
        start = time.perf_counter()
        wins = 0.0
        played = moves = 0
        for i in range(games):
            share, n = duel_game(name, i, simulations, board)
            wins += share
            moves += n
            played += 1
            if budget is not None and time.perf_counter() - start > budget:
                break
        took = time.perf_counter() - start
        lo, hi = wilson(wins, played)
        print(
            f"  {name}: IS-MCTS vs {STRONGEST[name]}: win share {wins / played:.3f} "
            f"(95 % Wilson {lo:.3f} to {hi:.3f}) over {played} games; fair 0.500; "
            f"{took / played:.1f} s/game, {moves / played:.0f} decisions/game"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=3000, help="decisions per speed line")
    parser.add_argument("--repeats", type=int, default=3, help="rounds of speed lines")
    parser.add_argument("--games", type=int, default=1000, help="most duel games per game")
    parser.add_argument("--budget", type=float, default=None, help="seconds per game's duels")
    parser.add_argument("--simulations", type=int, default=50, help="IS-MCTS simulations/move")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-duel", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a check that it runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.games, args.simulations, args.repeats = 200, 1, 4, 1
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at start: {load:.2f} on {os.cpu_count()} cores")
    if not args.skip_speed:
        speed(args.steps, args.repeats)
    if not args.skip_duel:
        duels(args.games, args.budget, args.simulations, args.quick)


if __name__ == "__main__":
    main()
