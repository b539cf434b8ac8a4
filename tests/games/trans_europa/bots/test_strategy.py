"""What the planners choose, checked decision by decision in real games.

Legality and determinism are tested in ``test_bots.py``; here each test watches one of
the bots' choices (by a subclass that records its arguments and answer) and checks it
against what the strategy says, computed independently where it can be.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from workbench import Board, load_map
from workbench.analysis.costmodel import cost_model
from workbench.games.trans_europa import Action, EndTurn, PlaceMarker, PlaceRail, Rules, TransEuropa
from workbench.games.trans_europa.bots import GreedyBot, RandomBot, ShrewdBot, play_game
from workbench.games.trans_europa.bots.greedy import View
from workbench.games.trans_europa.state import Observation
from workbench.maps.lattice import Edge

CORRIDOR = Path(__file__).parent.parent / "maps" / "corridor.yaml"


# ---------------------------------------------------------------------- greedy


class WatchedGreedy(GreedyBot):
    calls: ClassVar[list[tuple[list[Edge], Action]]] = []

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge], view: View
    ) -> Action:
        action = super().choose_rail(obs, rails, plan, view)
        self.calls.append(([a.segment for a in rails], action))
        return action


def test_greedy_lays_a_single_before_a_double(tiny: Board) -> None:
    WatchedGreedy.calls.clear()
    for seed in range(4):
        play_game(TransEuropa(tiny, players=2, seed=seed), [WatchedGreedy, RandomBot], seed=seed)
    cost = {e: s.cost for e, s in tiny.segments.items()}
    mixed = 0
    for segments, action in WatchedGreedy.calls:
        if not segments:
            continue
        assert isinstance(action, PlaceRail) and action.segment in segments
        assert cost[action.segment] == min(cost[s] for s in segments), (segments, action)
        mixed += len({cost[s] for s in segments}) > 1
    assert mixed >= 3, "the games offered a choice between a single and a double"


# ---------------------------------------------------------------------- shrewd


class WatchedShrewd(ShrewdBot):
    rails: ClassVar[list[tuple[dict[Edge, float], list[PlaceRail], Action]]] = []
    asked: ClassVar[list[tuple[Observation, dict[Edge, float], dict[int, Any]]]] = []
    guessed: ClassVar[
        list[tuple[dict[int, list[tuple[str, ...]]], dict[int, Any], Observation]]
    ] = []

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge], view: View
    ) -> Action:
        action = super().choose_rail(obs, rails, plan, view)
        if len({a.segment for a in rails}) > 1 and len(plan) > obs.rules.turn_budget(
            max(obs.lap, 1)
        ):
            self.rails.append((dict(self.demand(obs)), list(rails), action))
            self.asked.append((obs, dict(self.demand(obs)), dict(self.guesses(obs))))
        return action

    def guesses(self, obs: Observation) -> dict[int, list[tuple[float, tuple[str, ...]]]]:
        fresh = self._guess_round != obs.round
        self._drawn: dict[int, list[tuple[str, ...]]] = {}
        out = super().guesses(obs)
        if fresh:
            self.guessed.append((self._drawn, out, obs))
        return out

    def _sample_hand(
        self, obs: Observation, seat: int, unseen: dict[str, list[str]]
    ) -> tuple[str, ...]:
        hand = super()._sample_hand(obs, seat, unseen)
        self._drawn.setdefault(seat, []).append(hand)
        return hand


@pytest.fixture(scope="module")
def shrewd_games(europe: Board) -> type[WatchedShrewd]:
    WatchedShrewd.rails.clear()
    WatchedShrewd.asked.clear()
    WatchedShrewd.guessed.clear()
    game = TransEuropa(europe, players=3, seed=4)
    play_game(game, [WatchedShrewd, GreedyBot, GreedyBot], seed=4)
    return WatchedShrewd


def test_shrewd_lays_the_rail_the_others_want_least(shrewd_games: type[WatchedShrewd]) -> None:
    contested = 0
    for wanted, rails, action in shrewd_games.rails:
        assert isinstance(action, PlaceRail) and not action.colored
        score = {a: wanted.get(a.segment, 0.0) for a in rails}
        assert score[action] == pytest.approx(min(score.values()), abs=1e-6), (score, action)
        contested += max(score.values()) - min(score.values()) > 1e-6
    assert contested >= 3, "some choices were between rails the others want unequally"


def test_shrewd_keeps_the_samples_whose_markers_fit_best(
    europe: Board, shrewd_games: type[WatchedShrewd]
) -> None:
    model = cost_model(europe)
    bot_keep, beta = 4, 1.5  # ShrewdBot's defaults
    checked = 0
    for drawn, out, obs in shrewd_games.guessed:
        for seat, kept in out.items():
            marker = obs.markers[seat]

            def extra(hand: tuple[str, ...], marker: Any = marker, rails: Any = obs.rails) -> int:
                return model.cost(rails, [marker, *hand]) - model.cost(rails, list(hand))

            extras = sorted(extra(h) for h in drawn[seat])
            kept_extras = [extra(h) for _, h in kept]
            assert sorted(kept_extras) == extras[:bot_keep]
            assert kept_extras == sorted(kept_extras), "likeliest first"
            weights = np.exp(-beta * np.array(kept_extras, dtype=float))
            assert [w for w, _ in kept] == pytest.approx(list(weights / weights.sum()))
            checked += extras[0] != extras[-1]
    assert checked >= 2, "samples that fit the markers unequally were drawn"


# ---------------------------------------------------------------------- the fallback


class WatchedFallback(GreedyBot):
    answers: ClassVar[list[Action]] = []

    def fallback(self, obs: Observation, view: View) -> Action:
        action = super().fallback(obs, view)
        self.answers.append(action)
        return action


@pytest.mark.parametrize("seed", range(4))
def test_a_cut_off_planner_builds_the_rail_that_brings_it_closest(seed: int) -> None:
    """Seat 0's colored rail cuts seat 1 off from West: no plan exists, so the fallback
    builds the legal black rail that lowers seat 1's missing rails most (as the round's
    end counts them), towards the wall rather than away from it."""
    board = load_map(CORRIDOR)
    game = TransEuropa(board, Rules(colored_rails=1), players=2, hands=[(("East",), ("West",))])
    state = game.new_state()
    state.apply(PlaceMarker((1, 0)))
    state.apply(PlaceMarker((4, 0)))
    state.apply(PlaceRail(((1, 0), (2, 0)), colored=True))
    state.apply(EndTurn())
    before = state.missing_rails(1)
    WatchedFallback.answers.clear()
    for bot in (WatchedFallback, type("WatchedShrewdFallback", (WatchedFallback, ShrewdBot), {})):
        player = bot(game, 1, np.random.default_rng(seed))
        action = player.act(state.observation(1))
        assert action == PlaceRail(((3, 0), (4, 0)))
    assert WatchedFallback.answers == [PlaceRail(((3, 0), (4, 0)))] * 2
    state.apply(PlaceRail(((3, 0), (4, 0))))
    assert state.missing_rails(1) == before - 1


def test_shrewd_weighs_each_guess_by_its_weight_and_the_opponents_urgency(
    europe: Board, shrewd_games: type[WatchedShrewd]
) -> None:
    """Demand, recomputed: an opponent's guessed completions each add the guess's weight
    times the opponent's urgency (2 over its expected missing rails, at most 1), on the
    rails as the turn began (demand is worked out once a turn)."""
    model = cost_model(europe)
    assert shrewd_games.asked
    for obs, wanted, guesses in shrewd_games.asked[:6]:
        expected: dict[Edge, float] = {}
        for seat, samples in guesses.items():
            marker = obs.markers[seat]
            rails = obs.rails - set(obs.placed)
            plans = [(w, model.completion(rails, [marker, *hand])) for w, hand in samples]
            left = sum(w * done.cost for w, done in plans)
            urgency = 2.0 / max(2.0, left)
            for w, done in plans:
                for e in done.build:
                    expected[e] = expected.get(e, 0.0) + urgency * w
        assert wanted.keys() == expected.keys()
        for e, value in expected.items():
            assert wanted[e] == pytest.approx(value), e


@pytest.mark.parametrize("seed", range(6))
def test_with_one_segment_to_choose_shrewd_plays_as_greedy(seed: int) -> None:
    """One segment of the plan fits (as a black or a colored rail), the plan is longer than
    the turn and the other player wants that segment: there is nothing to order, so the
    shrewd bot takes greedy's choice (same generator, same action)."""
    board = load_map(CORRIDOR)
    game = TransEuropa(board, Rules(colored_rails=2), players=2, hands=[(("East",), ("West",))])
    state = game.new_state()
    state.apply(PlaceMarker((2, 0)))
    state.apply(PlaceMarker((3, 0)))  # seat 1 needs [2, 0]-[3, 0] on its way west
    obs = state.observation(0)
    segment = ((2, 0), (3, 0))
    plan_rails = [a for a in obs.legal_actions if isinstance(a, PlaceRail) and a.segment == segment]
    assert len(plan_rails) == 2, "the segment as a black and as a colored rail"
    shrewd = ShrewdBot(game, 0, np.random.default_rng(seed))
    greedy = GreedyBot(game, 0, np.random.default_rng(seed))
    chosen = shrewd.act(obs)
    assert chosen == greedy.act(obs) and chosen in plan_rails


class WatchedPlan(GreedyBot):
    plans: ClassVar[list[tuple[int, frozenset[Edge], tuple[Edge, ...], frozenset[Edge]]]] = []

    def plan(self, obs: Observation, view: View | None = None) -> frozenset[Edge]:
        out = super().plan(obs, view)
        self.plans.append((obs.round, obs.rails, obs.placed, out))
        return out


def test_greedy_keeps_its_plan_within_a_turn(europe: Board) -> None:
    """Once a planned rail is down, the rest of the plan is still optimal: the second rail
    of a turn comes from the plan made for the first (not from a fresh, perhaps different,
    optimal completion)."""
    WatchedPlan.plans.clear()
    for seed in range(2):
        play_game(
            TransEuropa(europe, players=3, seed=seed),
            [WatchedPlan, GreedyBot, GreedyBot],
            seed=seed,
        )
    kept = 0
    for (r1, rails1, placed1, plan1), (r2, rails2, placed2, plan2) in pairwise(WatchedPlan.plans):
        if r1 == r2 and not placed1 and len(placed2) == 1 and rails2 == rails1 | {placed2[0]}:
            assert placed2[0] in plan1
            assert plan2 == plan1 - {placed2[0]}
            kept += 1
    assert kept >= 10


class WatchedRhythm(ShrewdBot):
    """Records the choices made on a lap whose budget is below the first lap's (a 3-2-1
    rhythm) with a plan longer than this lap allows, though not longer than the first's:
    whether the others' demand was asked, and what was chosen."""

    late: ClassVar[list[tuple[bool, dict[Edge, float], list[PlaceRail], Action]]] = []
    asked_demand = 0

    def demand(self, obs: Observation) -> dict[Edge, float]:
        self.asked_demand += 1
        return super().demand(obs)

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge], view: View
    ) -> Action:
        before = self.asked_demand
        action = super().choose_rail(obs, rails, plan, view)
        asked = self.asked_demand > before
        budget = obs.rules.turn_budget(obs.lap)
        black = [a for a in rails if not a.colored]
        if len({a.segment for a in black}) > 1 and budget < len(plan) <= obs.rules.turn_budget(1):
            self.late.append((asked, dict(self.demand(obs)), black, action))
        return action


def test_shrewd_orders_its_rails_by_this_laps_budget(europe: Board) -> None:
    """With a 3-2-1 rhythm, a plan of 2 or 3 rails on a 1-rail lap cannot be finished this
    turn, so the shrewd rule applies (the others' demand is asked, the least wanted rail
    goes first), not the finishing shortcut."""
    WatchedRhythm.late.clear()
    rules = Rules(rhythm=(3, 2, 1))
    for seed in range(3):
        game = TransEuropa(europe, rules, players=3, seed=seed)
        play_game(game, [WatchedRhythm, GreedyBot, GreedyBot], seed=seed)
    assert WatchedRhythm.late, "a late lap left a plan the first lap could have finished"
    for asked, wanted, black, action in WatchedRhythm.late:
        assert asked, "the demand decides"
        score = {a: round(wanted.get(a.segment, 0.0), 6) for a in black}
        assert isinstance(action, PlaceRail)
        assert score[action] == min(score.values()), (score, action)
