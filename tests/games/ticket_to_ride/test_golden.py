"""Golden transcripts: two seeded games recorded when the game was written. The same seeds
and bots must give the same games, move for move, and the same score sheets; a difference
is a changed rule or bot (regenerate only on purpose, and say so in the commit)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.games.ticket_to_ride.helpers import EUROPE
from workbench.games import GAMES, Match, replay

GOLDEN = json.loads((Path(__file__).parent / "golden.json").read_text())


@pytest.mark.parametrize("case", GOLDEN["games"], ids=lambda c: "+".join(c["bots"]))
def test_the_recorded_games_replay_and_play_again_move_for_move(case: dict[str, Any]) -> None:
    info = GAMES["ticket_to_ride"]
    game = info.new_game(
        players=case["players"], seed=case["seed"], rules=case["preset"], board=EUROPE
    )
    again = replay(game, case["actions"])
    assert again.is_terminal() and list(again.scores()) == case["scores"]
    assert list(again.winners()) == case["winners"]
    sheets = [vars(s) | {"borrowed": list(s.borrowed)} for s in again.score_sheets()]
    assert sheets == case["sheets"]
    match = Match(game, [info.bots[b] for b in case["bots"]], case["bot_seed"])
    match.run()
    assert [str(a) for a in match.state.history] == case["actions"]
