"""Recorded games: seeded bot games whose action logs and scores are stored in recorded/*.json.

The set was recorded before the engine and the bots were made incremental (issue 15) and
guards that work: the same seeds and bots must give the same games, move for move. It
covers the random, greedy and shrewd bots, 2 to 5 players, the three shipped boards, the
rulebook, countdown and colored presets, hand exchanges and special cards.

Each case plays through a referee loop of its own (the bots see observations only, and
``NextRound`` is played by the referee), so the test does not depend on the simulator. A
game stops when it is over or after ``rounds`` rounds. When a change to the games is
intended, regenerate the files and review the diff:

    .venv/bin/python -m tests.games.trans_europa.test_recorded
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import MAPS
from workbench import load_map
from workbench.games.trans_europa import (
    DECK,
    NextRound,
    Rules,
    TransEuropa,
    TransEuropaState,
    replay,
)
from workbench.games.trans_europa.bots import BOTS, bot_rngs
from workbench.maps.board import Board

RECORDED = Path(__file__).parent / "recorded"

_RULES: dict[str, dict[str, Any]] = {
    "rulebook": {},
    "countdown": {"scoring": "countdown"},
    "colored": {"scoring": "countdown", "colored_rails": 3, "ferry_rails": 2},
    "cards": {"special_cards": list(DECK)},
    "cards2": {"special_cards": list(DECK), "cards_per_round": 2, "scoring": "countdown"},
    "exchanges": {"discard_one": True, "pass_one_times": 1, "reveal": ["brown"]},
}


def _cases() -> dict[str, dict[str, Any]]:
    """60 cases: every board, bot line-up and rule set in a fixed rotation of seeds."""
    lineups = {
        "random": ["random"],
        "greedy": ["greedy"],
        "shrewd": ["shrewd", "greedy"],
        "mixed": ["greedy", "random", "shrewd"],
    }
    # (map, players) and how many rounds each kind of line-up plays at most
    tables = [
        ("tiny", 2),
        ("trans_europa", 2),
        ("trans_europa", 3),
        ("trans_europa", 4),
        ("trans_amerika", 3),
        ("trans_amerika", 4),
    ]
    rounds = {"random": 2, "greedy": 12, "shrewd": 3, "mixed": 3}
    small_rounds = {"random": 12, "greedy": 12, "shrewd": 12, "mixed": 12}
    rule_order = ["rulebook", "countdown", "colored", "cards", "rulebook", "cards2", "exchanges"]
    out: dict[str, dict[str, Any]] = {}
    i = 0
    for line_name, cycle in lineups.items():
        for board_name, players in tables:
            for _ in range(2):
                rules = rule_order[i % len(rule_order)]
                if board_name == "tiny" and rules == "exchanges":
                    rules = "countdown"
                seed = 100 + i
                bots = [cycle[(seat + i) % len(cycle)] for seat in range(players)]
                limit = (small_rounds if board_name == "tiny" else rounds)[line_name]
                name = f"{i:02d}_{board_name}_{players}p_{line_name}_{rules}"
                out[name] = {
                    "map": f"{board_name}.yaml",
                    "players": players,
                    "seed": seed,
                    "bot_seed": 1000 + i,
                    "bots": bots,
                    "rules": rules,
                    "rounds": limit,
                }
                i += 1
    # five-player games and a few more special-card games on the big boards
    extra = [
        ("trans_europa", 5, ["greedy"], "rulebook", 12),
        ("trans_europa", 5, ["random"], "cards", 2),
        ("trans_amerika", 5, ["greedy", "shrewd"], "countdown", 3),
        ("trans_amerika", 2, ["greedy"], "cards", 12),
        ("trans_europa", 2, ["greedy"], "colored", 12),
        ("trans_amerika", 2, ["greedy"], "colored", 12),
        ("trans_europa", 3, ["greedy"], "exchanges", 12),
        ("trans_amerika", 3, ["greedy"], "cards2", 12),
        ("tiny", 2, ["greedy", "shrewd"], "cards", 12),
        ("tiny", 2, ["random"], "colored", 12),
        ("tiny", 2, ["shrewd"], "colored", 12),
        ("trans_europa", 4, ["greedy"], "countdown", 12),
    ]
    for board_name, players, cycle, rules, limit in extra:
        seed = 100 + i
        bots = [cycle[(seat + i) % len(cycle)] for seat in range(players)]
        name = f"{i:02d}_{board_name}_{players}p_{'-'.join(cycle)}_{rules}"
        out[name] = {
            "map": f"{board_name}.yaml",
            "players": players,
            "seed": seed,
            "bot_seed": 1000 + i,
            "bots": bots,
            "rules": rules,
            "rounds": limit,
        }
        i += 1
    return out


CASES = _cases()
_BOARDS: dict[str, Board] = {}


def _board(name: str) -> Board:
    if name not in _BOARDS:
        _BOARDS[name] = load_map(MAPS / name)
    return _BOARDS[name]


def play(case: dict[str, Any]) -> tuple[TransEuropa, TransEuropaState]:
    """Play ``case`` with its bots through a referee loop of its own."""
    game = TransEuropa(
        _board(case["map"]),
        Rules().replace(**_RULES[case["rules"]]),
        players=case["players"],
        seed=case["seed"],
    )
    rngs = bot_rngs(case["bot_seed"], game.players)
    bots = [
        BOTS[name](game, seat, rng)
        for seat, (name, rng) in enumerate(zip(case["bots"], rngs, strict=True))
    ]
    state = game.new_state()
    while not state.is_terminal():
        seat = state.to_play
        if seat is None:
            if len(state.results) >= case["rounds"]:
                break
            state.apply(NextRound())
            continue
        state.apply(bots[seat].act(state.observation(seat)), player=seat)
    return game, state


def transcript(case: dict[str, Any], state: TransEuropaState) -> dict[str, Any]:
    return {
        "case": case,
        "actions": [str(a) for a in state.history],
        "rounds": [
            {
                "round": r.round,
                "reason": r.reason,
                "missing": list(r.missing),
                "scores": list(r.scores),
                **({"cards": list(r.cards)} if r.cards else {}),
            }
            for r in state.results
        ],
        "scores": list(state.scores()),
        "winners": list(state.winners()),
    }


def test_the_set_is_wide() -> None:
    kinds = {(c["map"], c["players"]) for c in CASES.values()}
    assert len(CASES) == 60
    assert {m for m, _ in kinds} == {"tiny.yaml", "trans_europa.yaml", "trans_amerika.yaml"}
    assert {p for _, p in kinds} == {2, 3, 4, 5}
    assert {b for c in CASES.values() for b in c["bots"]} == {"random", "greedy", "shrewd"}
    assert {c["rules"] for c in CASES.values()} == set(_RULES)
    assert sorted(p.stem for p in RECORDED.glob("*.json")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_recorded(name: str) -> None:
    stored = json.loads((RECORDED / f"{name}.json").read_text(encoding="utf-8"))
    game, state = play(CASES[name])
    got = transcript(CASES[name], state)
    # the first differing move, to say where a game parted from the record
    for k, (a, b) in enumerate(zip(got["actions"], stored["actions"], strict=False)):
        assert a == b, f"{name}: action {k} is {a!r}, recorded {b!r}"
    assert got == stored
    assert replay(game, stored["actions"]) == state


def regenerate() -> None:
    RECORDED.mkdir(exist_ok=True)
    for old in RECORDED.glob("*.json"):
        old.unlink()
    for name, case in sorted(CASES.items()):
        _, state = play(case)
        text = json.dumps(transcript(case, state), indent=0) + "\n"
        (RECORDED / f"{name}.json").write_text(text, encoding="utf-8")
        print(f"{name}: {len(state.history)} actions, {len(state.results)} rounds, "
              f"scores {state.scores()}", flush=True)  # fmt: skip


if __name__ == "__main__":
    regenerate()
