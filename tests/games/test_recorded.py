"""Games recorded with the engine before the game protocol existed: the same seeds and bots
must give the same games, move for move, through the protocol's referee and the simulator.

The fixture was written by the engine's own ``play_game`` and ``simulate`` at the commit
before ``workbench.games`` (16 games on three boards, four rule sets, every bot; two
simulations). Never regenerate it to make a test pass: a difference is a changed game.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from workbench import load_map
from workbench.games import GAMES, Match
from workbench.games.trans_europa import Rules, TransEuropa
from workbench.games.trans_europa.bots import BOTS, play_game
from workbench.games.trans_europa.cards import CARDS
from workbench.sim import simulate

RECORDED = json.loads((Path(__file__).parent / "recorded_trans_europa.json").read_text())
BOARDS = {
    "tiny": "maps/tiny.yaml",
    "europe": "maps/trans_europa.yaml",
    "amerika": "maps/trans_amerika.yaml",
}


def _rules(preset: str) -> Rules:
    if preset == "cards":
        return Rules(special_cards=tuple(CARDS), card_mode="per_round")
    return Rules.preset(preset)


def _id(case: dict[str, Any]) -> str:
    return f"{case['board']}-{case['preset']}-{'+'.join(case['bots'])}-{case['seed']}"


@pytest.mark.parametrize("case", RECORDED["games"], ids=_id)
def test_the_referee_plays_the_recorded_games_move_for_move(case: dict[str, Any]) -> None:
    info = GAMES["trans_europa"]
    game = info.new_game(
        players=len(case["bots"]),
        seed=case["seed"],
        rules=_rules(case["preset"]),
        board=load_map(BOARDS[case["board"]]),
    )
    match = Match(game, [info.bots[b] for b in case["bots"]], case["bot_seed"])
    match.run()
    assert [str(a) for a in match.state.history] == case["actions"]
    assert list(match.state.scores()) == case["scores"]


@pytest.mark.parametrize("case", RECORDED["games"][::3], ids=_id)
def test_play_game_plays_the_recorded_games(case: dict[str, Any]) -> None:
    game = TransEuropa(
        load_map(BOARDS[case["board"]]),
        _rules(case["preset"]),
        players=len(case["bots"]),
        seed=case["seed"],
    )
    end = play_game(game, [BOTS[b] for b in case["bots"]], seed=case["bot_seed"])
    assert [str(a) for a in end.history] == case["actions"]


@pytest.mark.parametrize("case", RECORDED["simulations"], ids=lambda c: c["board"])
def test_simulations_give_the_recorded_tables(case: dict[str, Any]) -> None:
    result = simulate(
        BOARDS[case["board"]], case["preset"], case["bots"], games=case["games"], seed=case["seed"]
    )
    rounds = result.rounds.to_csv(index=False, lineterminator="\n")
    assert hashlib.sha256(rounds.encode()).hexdigest() == case["rounds_sha256"]
    before = pd.read_csv(io.StringIO(case["games_csv"]))
    now = pd.read_csv(io.StringIO(result.games.to_csv(index=False, lineterminator="\n")))
    pd.testing.assert_frame_equal(now[list(before.columns)], before)
    assert (now["length"] == now["rounds"]).all() and (now["game_name"] == "trans_europa").all()
