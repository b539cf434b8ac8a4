"""The lazy greedy bot on hand-worked positions: the kept plan's rails weighed as greedy
weighs them, a plan searched afresh when the bot did not place its own marker, and the
railed points it keeps between searches."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from workbench import Board
from workbench.games.trans_europa import PlaceMarker, PlaceRail, Rules, TransEuropa
from workbench.games.trans_europa.bots import GreedyBot, LazyGreedyBot
from workbench.games.trans_europa.bots.greedy import View
from workbench.games.trans_europa.state import Observation
from workbench.maps import load_lattice
from workbench.maps.lattice import Edge

LINE = Path(__file__).parent.parent / "maps" / "ferry_line.yaml"
FERRY = ((0, 0), (1, 0))
SINGLE = ((1, 0), (2, 0))


@pytest.fixture
def line() -> Board:
    board = load_lattice(LINE)
    assert board.segments[FERRY].kind == "ferry" and board.segments[SINGLE].kind == "single"
    return board


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[frozenset[Edge]]:
    """Greedy's plan search, recorded (the rails of each call)."""
    calls: list[frozenset[Edge]] = []
    search = GreedyBot.plan

    def plan(self: GreedyBot, obs: Observation, view: View | None = None) -> frozenset[Edge]:
        calls.append(obs.rails)
        return search(self, obs, view)

    monkeypatch.setattr(GreedyBot, "plan", plan)
    return calls


def test_with_two_rail_ferries_a_kept_plan_lays_its_single_before_its_ferry(
    line: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seat 0 holds West [0, 0] and East [2, 0]: its tree is the ferry [0, 0]-[1, 0] and the
    single [1, 0]-[2, 0], whose centre [1, 0] takes the marker. With two-rail ferries the
    ferry costs 2 and the single 1, so the first rail (from the marker's tree, kept: no
    search) is the single, whatever the seed; weighed at the ferry's usual 1 they would tie."""
    searches = _searches(monkeypatch)
    for seed in range(10):
        game = TransEuropa(
            line, Rules(ferry_rails=2), players=2, hands=[(("West", "East"), ("Far",))]
        )
        state = game.new_state()
        bot = LazyGreedyBot(game, 0, np.random.default_rng(seed))
        assert state.to_play == 0
        marker = bot.act(state.observation(0))
        assert marker == PlaceMarker((1, 0))
        state.apply(marker)
        state.apply(PlaceMarker((5, 0)))
        obs = state.observation(0)
        assert obs.phase == "build" and not obs.pieces
        assert {a.segment for a in obs.legal_actions if isinstance(a, PlaceRail)} == {
            FERRY,
            SINGLE,
        }
        assert bot.act(obs) == PlaceRail(SINGLE), seed
    assert searches == []


def test_a_lazy_bot_that_did_not_place_its_marker_searches_and_lays_greedys_rail(
    line: Board, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The markers are put down by hand (seat 0 on [1, 0]): the bot has no tree of its own
    to keep, so it searches, and its rail is greedy's with the same generator (both rails at
    the marker are planned and cost 1, so the seed picks one)."""
    searches = _searches(monkeypatch)
    game = TransEuropa(line, Rules(), players=2, hands=[(("West", "East"), ("Far",))])
    state = game.new_state()
    state.apply(PlaceMarker((1, 0)))
    state.apply(PlaceMarker((5, 0)))
    obs = state.observation(0)
    picks = set()
    for seed in range(8):
        lazy = LazyGreedyBot(game, 0, np.random.default_rng(seed)).act(obs)
        greedy = GreedyBot(game, 0, np.random.default_rng(seed)).act(obs)
        assert lazy == greedy, seed
        picks.add(lazy)
    assert picks == {PlaceRail(FERRY), PlaceRail(SINGLE)}
    assert len(searches) == 16  # one per bot: the lazy one searched too


def test_the_railed_points_are_the_points_the_rails_touch_for_any_rails_asked(
    tiny: Board,
) -> None:
    bot = LazyGreedyBot(TransEuropa(tiny, Rules(), players=2), 0, np.random.default_rng(0))
    segments = sorted(tiny.segments)
    a, b, c, d = segments[0], segments[40], segments[80], segments[120]
    assert len({*a, *b, *c, *d}) == 8  # four segments sharing no point
    first = frozenset({a, b, c})
    asked: list[tuple[int, frozenset[Edge]]] = [
        (1, frozenset({a})),
        (1, first),  # rails added
        (1, first),  # the very same rails again
        (1, frozenset({a, d})),  # two rails gone and one added (as many as before, less one)
        (1, frozenset({a})),
        (2, frozenset({a, b, c, d})),  # the next round
        (2, frozenset()),
    ]
    for round_, rails in asked:
        obs: Any = SimpleNamespace(round=round_, rails=rails)
        expected = {p for s in rails for p in s}
        assert bot._railed_points(obs) == expected, (round_, sorted(rails))
