"""Golden transcripts: seeded games whose action logs and scores are stored in golden/*.json.

A change to the rules' engine that changes any of these games shows up here. When the
change is intended, regenerate the files and review the diff:

    .venv/bin/python -m tests.games.trans_europa.test_golden
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.conftest import MAPS
from workbench import load_map
from workbench.games.trans_europa import DECK, Action, Rules, TransEuropa, TransEuropaState, replay

from .policies import first_legal, seeded_random

GOLDEN = Path(__file__).parent / "golden"

Policy = Callable[[TransEuropaState, np.random.Generator], Action]

CASES: dict[str, dict[str, Any]] = {
    "tiny_first_legal": {
        "map": "tiny.yaml",
        "players": 2,
        "seed": 1,
        "policy": "first_legal",
        "rules": {},
        "rounds": None,
    },
    "tiny_random": {
        "map": "tiny.yaml",
        "players": 2,
        "seed": 7,
        "policy": "seeded_random",
        "rules": {},
        "rounds": None,
    },
    "tiny_random_variant": {
        "map": "tiny.yaml",
        "players": 2,
        "seed": 3,
        "policy": "seeded_random",
        "rules": {
            "rhythm": [3, 2, 1],
            "double_cost": {"water": 1},
            "rail_supply": 40,
            "scoring": "countdown",
        },
        "rounds": None,
    },
    "europe_random_round": {
        "map": "trans_europa.yaml",
        "players": 4,
        "seed": 2,
        "policy": "seeded_random",
        "rules": {},
        "rounds": 1,
    },
    "tiny_exchanges": {
        "map": "tiny.yaml",
        "players": 2,
        "seed": 5,
        "policy": "seeded_random",
        "rules": {
            "discard_one": True,
            "pass_one_times": 2,
            "pass_hand": True,
            "reveal": ["brown"],
        },
        "rounds": None,
    },
    "tiny_colored_ferries": {
        "map": "tiny.yaml",
        "players": 2,
        "seed": 8,
        "policy": "seeded_random",
        "rules": {"scoring": "countdown", "colored_rails": 3, "ferry_rails": 2},
        "rounds": None,
    },
    "tiny_special_cards": {
        "map": "tiny.yaml",
        "players": 2,
        "seed": 13,
        "policy": "seeded_random",
        "rules": {"special_cards": list(DECK), "cards_per_round": 2},
        "rounds": None,
    },
    "europe_draft_round": {
        "map": "trans_europa.yaml",
        "players": 4,
        "seed": 3,
        "policy": "seeded_random",
        "rules": {"draft_extra": ["pink", "orange"], "discard_one": True},
        "rounds": 1,
    },
    "europe_special_cards": {
        "map": "trans_europa.yaml",
        "players": 5,
        "seed": 6,
        "policy": "seeded_random",
        "rules": {"special_cards": list(DECK), "colored_rails": 3, "ferry_rails": 2},
        "rounds": 2,
    },
}
POLICIES: dict[str, Policy] = {"first_legal": first_legal, "seeded_random": seeded_random}


def play(case: dict[str, Any]) -> tuple[TransEuropa, TransEuropaState]:
    game = TransEuropa(
        load_map(MAPS / case["map"]),
        Rules().replace(**case["rules"]),
        players=case["players"],
        seed=case["seed"],
    )
    state = game.new_state()
    rng = np.random.default_rng(case["seed"])
    policy = POLICIES[case["policy"]]
    while not state.is_terminal():
        if state.phase == "round_over" and len(state.results) == case["rounds"]:
            break
        state.apply(policy(state, rng))
    return game, state


def transcript(case: dict[str, Any], state: TransEuropaState) -> dict[str, Any]:
    return {
        "case": case,
        "actions": [str(a) for a in state.history],
        "rounds": [
            {
                "round": r.round,
                "starter": r.starter,
                "hands": [list(h) for h in r.hands],
                "reason": r.reason,
                "missing": list(r.missing),
                "points": list(r.points),
                "scores": list(r.scores),
                **({"cards": list(r.cards)} if r.cards else {}),
                **(
                    {"pieces": [[list(map(list, e)), list(o)] for e, o in r.pieces]}
                    if r.pieces
                    else {}
                ),
            }
            for r in state.results
        ],
        "scores": list(state.scores()),
        "winners": list(state.winners()),
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    stored = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    game, state = play(CASES[name])
    assert transcript(CASES[name], state) == stored
    assert replay(game, stored["actions"]) == state


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, case in sorted(CASES.items()):
        _, state = play(case)
        text = json.dumps(transcript(case, state), indent=1) + "\n"
        (GOLDEN / f"{name}.json").write_text(text, encoding="utf-8")
        print(f"{name}: {len(state.history)} actions, scores {state.scores()}")


if __name__ == "__main__":
    regenerate()
