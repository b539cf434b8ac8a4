"""The shrewd bot's guesses and choices, each checked on one position against a value worked
out here from the rules and the cost model (not by the bot's own code)."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import numpy as np
import pytest

from workbench import Board
from workbench.analysis.costmodel import cost_model
from workbench.games.trans_europa import PlaceRail, Rules, TransEuropa, TransEuropaState
from workbench.games.trans_europa.bots import GreedyBot, ShrewdBot
from workbench.games.trans_europa.state import Observation


def build_phase(board: Board, rules: Rules, players: int, seed: int) -> TransEuropaState:
    """A state at the first decision of the build phase, the exchanges played by greedy bots."""
    game = TransEuropa(board, rules, players=players, seed=seed)
    state = game.new_state()
    bots = [GreedyBot(game, s, np.random.default_rng(s)) for s in range(4)]
    while state.phase != "build":
        seat = state.to_play
        state.apply(bots[seat].act(state.observation(seat)))
    return state


@pytest.fixture(scope="module")
def passed_and_shown(europe: Board) -> Observation:
    """Four players, two passes and two colors shown: seat 0 has passed cards on, and every
    seat shows its orange and pink cards."""
    rules = Rules().replace(reveal=("orange", "pink"), pass_one_times=2)
    state = build_phase(europe, rules, 4, 3)
    return state.observation(state.to_play)


def shrewd(board: Board, obs: Observation, players: int, **params: Any) -> ShrewdBot:
    return ShrewdBot(
        TransEuropa(board, obs.rules, players=players),
        obs.player,
        np.random.default_rng(5),
        **params,
    )


def test_unseen_cities_leave_out_the_hand_the_cards_passed_on_and_the_cards_shown(
    europe: Board, passed_and_shown: Observation
) -> None:
    obs = passed_and_shown
    assert set(obs.seen) - set(obs.hand), "the player passed cards on"
    shown = {name for cards in obs.revealed for name in cards}
    assert shown - set(obs.hand), "others' cards are shown"
    known = set(obs.hand) | set(obs.seen) | shown
    unseen = shrewd(europe, obs, 4)._unseen(obs)
    assert sorted(unseen) == sorted(europe.color_names)
    for color, names in unseen.items():
        # four players play with the dashed cities
        assert names == [c.name for c in europe.cities if c.color == color and c.name not in known]


def test_with_three_players_the_unseen_cities_leave_out_the_dashed_ones(europe: Board) -> None:
    state = build_phase(europe, Rules(), 3, 1)
    obs = state.observation(state.to_play)
    unseen = shrewd(europe, obs, 3)._unseen(obs)
    assert any(c.dashed for c in europe.cities)
    for color, names in unseen.items():
        expected = [
            c.name
            for c in europe.cities
            if c.color == color and not c.dashed and c.name not in obs.hand
        ]
        assert names == expected


def test_a_sample_hand_is_the_shown_cards_and_one_unseen_city_per_hidden_card(
    europe: Board, passed_and_shown: Observation
) -> None:
    obs = passed_and_shown
    bot = shrewd(europe, obs, 4)
    unseen = bot._unseen(obs)
    color = {c.name: c.color for c in europe.cities}
    for seat in range(4):
        if seat == obs.player:
            continue
        shown = list(obs.revealed[seat])
        assert shown
        for _ in range(5):
            hand = bot._sample_hand(obs, seat, unseen)
            # as many cards as the seat holds, of the colors of its card backs
            assert Counter(color[c] for c in hand) == Counter(obs.hand_colors[seat])
            assert list(hand[: len(shown)]) == shown
            assert len(set(hand)) == len(hand)
            for name in hand[len(shown) :]:
                assert name in unseen[color[name]]


class Drawn(ShrewdBot):
    """Records every sample hand drawn."""

    drawn: ClassVar[list[tuple[int, tuple[str, ...]]]] = []

    def _sample_hand(
        self, obs: Observation, seat: int, unseen: dict[str, list[str]]
    ) -> tuple[str, ...]:
        hand = super()._sample_hand(obs, seat, unseen)
        self.drawn.append((seat, hand))
        return hand


def test_the_guesses_keep_the_samples_whose_markers_fit_best_weighted_by_fit(
    europe: Board,
) -> None:
    state = build_phase(europe, Rules(), 3, 4)
    obs = state.observation(state.to_play)
    model = cost_model(europe)
    Drawn.drawn.clear()
    bot = Drawn(
        TransEuropa(europe, obs.rules, players=3),
        obs.player,
        np.random.default_rng(2),
        samples=10,
        keep=3,
    )
    guesses = bot.guesses(obs)
    assert sorted(guesses) == sorted(s for s in range(3) if s != obs.player)
    spread = 0
    for seat, kept in guesses.items():
        marker = obs.markers[seat]

        def extra(hand: tuple[str, ...], marker: Any = marker) -> int:
            return model.cost(obs.rails, [marker, *hand]) - model.cost(obs.rails, list(hand))

        drawn = [hand for s, hand in Drawn.drawn if s == seat]
        assert len(drawn) == 10
        extras = sorted(extra(hand) for hand in drawn)
        kept_extras = [extra(hand) for _, hand in kept]
        # the three that fit best, the best first, weighted by exp(-1.5 extra)
        assert kept_extras == extras[:3]
        weights = np.exp(-1.5 * np.array(kept_extras, dtype=float))
        assert [w for w, _ in kept] == pytest.approx(list(weights / weights.sum()))
        spread += extras[0] != extras[-1]
    assert spread, "samples that fit the markers unequally were drawn"
    # drawn once per round: asked again, the same guesses without drawing
    Drawn.drawn.clear()
    assert bot.guesses(obs) is guesses
    assert Drawn.drawn == []


def expected_demand(
    board: Board,
    obs: Observation,
    guesses: dict[int, list[tuple[float, tuple[str, ...]]]],
    rails: frozenset[Any] | None = None,
) -> dict[Any, float]:
    """The others' demand by its definition, on the rails as the turn began: each guessed
    completion adds its weight times its opponent's urgency, 2 over the opponent's expected
    missing rails (at most 1)."""
    model = cost_model(board)
    if rails is None:
        rails = obs.rails - set(obs.placed)
    out: dict[Any, float] = {}
    for seat, samples in guesses.items():
        marker = obs.markers[seat]
        plans = [(w, model.completion(rails, [marker, *hand])) for w, hand in samples]
        left = sum(w * done.cost for w, done in plans)
        urgency = 2.0 / max(2.0, left)
        for w, done in plans:
            for e in done.build:
                out[e] = out.get(e, 0.0) + urgency * w
    return out


@pytest.fixture(scope="module")
def first_turn(europe: Board) -> TransEuropaState:
    return build_phase(europe, Rules(), 3, 4)


def test_demand_is_each_guess_weight_times_its_opponents_urgency(
    europe: Board, first_turn: TransEuropaState
) -> None:
    obs = first_turn.observation(first_turn.to_play)
    bot = shrewd(europe, obs, 3)
    wanted = bot.demand(obs)
    expected = expected_demand(europe, obs, bot.guesses(obs))
    assert wanted.keys() == expected.keys()
    assert [wanted[e] for e in expected] == pytest.approx(list(expected.values()))
    # an opponent far from finishing counts less than one who is close
    assert max(expected.values()) < 3.0


def test_demand_is_worked_out_once_a_turn(europe: Board, first_turn: TransEuropaState) -> None:
    state = first_turn.copy()
    obs = state.observation(state.to_play)
    bot = shrewd(europe, obs, 3)
    before = dict(bot.demand(obs))
    # lay the rail the others want most: worked out afresh, their demand for it would go
    rails = [a for a in obs.legal_actions if isinstance(a, PlaceRail) and not a.colored]
    top = max(rails, key=lambda a: before.get(a.segment, 0.0))
    assert before.get(top.segment, 0.0) > 0
    state.apply(top)
    again = state.observation(state.to_play)
    assert again.player == obs.player and again.placed == (top.segment,)
    afresh = expected_demand(europe, again, bot.guesses(again), rails=again.rails)
    assert afresh != before
    assert bot.demand(again) == before


def test_a_new_turn_works_the_demand_out_again(europe: Board, first_turn: TransEuropaState) -> None:
    state = first_turn.copy()
    me = state.to_play
    obs = state.observation(me)
    bot = shrewd(europe, obs, 3)
    first = dict(bot.demand(obs))
    others = {
        s: GreedyBot(TransEuropa(europe, obs.rules, players=3), s, np.random.default_rng(s))
        for s in range(3)
    }
    round_ = state.round
    state.apply(bot.act(obs))
    while state.to_play == me:
        state.apply(bot.act(state.observation(me)))
    while state.to_play != me:
        seat = state.to_play
        state.apply(others[seat].act(state.observation(seat)))
    later = state.observation(me)
    assert later.round == round_ and not later.placed
    expected = expected_demand(europe, later, bot.guesses(later))
    assert expected != first, "the others' rails changed what they want"
    wanted = bot.demand(later)
    assert wanted.keys() == expected.keys()
    assert [wanted[e] for e in expected] == pytest.approx(list(expected.values()))


class Told(ShrewdBot):
    """A shrewd bot told what the others want (to test its choice alone)."""

    wanted: ClassVar[dict[Any, float]] = {}

    def demand(self, obs: Observation) -> dict[Any, float]:
        return self.wanted


@pytest.fixture(scope="module")
def colored_turn(tiny: Board) -> TransEuropaState:
    return build_phase(tiny, Rules(colored_rails=2), 2, 0)


def choose(
    tiny: Board, state: TransEuropaState, rails: list[PlaceRail], wanted: dict[Any, float]
) -> Any:
    obs = state.observation(state.to_play)
    bot = Told(TransEuropa(tiny, obs.rules, players=2), obs.player, np.random.default_rng(0))
    Told.wanted = wanted
    plan = frozenset(sorted(tiny.segments)[:6])  # longer than any turn: no finishing
    assert len(plan) > obs.rules.turn_budget(max(obs.lap, 1))
    return bot.choose_rail(obs, rails, plan, bot.view(obs))


def test_a_colored_rail_goes_on_the_segment_the_others_want_most(
    tiny: Board, colored_turn: TransEuropaState
) -> None:
    a, b, c, d = sorted(tiny.segments)[:4]
    rails = [PlaceRail(a), PlaceRail(b), PlaceRail(c, colored=True), PlaceRail(d, colored=True)]
    # the colored rail on the most wanted of its segments (wanted less than 1 rail's worth)
    wanted = {a: 0.2, b: 0.1, c: 0.3, d: 0.7}
    assert choose(tiny, colored_turn, rails, wanted) == PlaceRail(d, colored=True)
    wanted = {a: 0.2, b: 0.1, c: 0.6, d: 0.3}
    assert choose(tiny, colored_turn, rails, wanted) == PlaceRail(c, colored=True)


def test_a_colored_rail_no_one_wants_waits_and_the_least_wanted_black_rail_goes(
    tiny: Board, colored_turn: TransEuropaState
) -> None:
    a, b, c, d = sorted(tiny.segments)[:4]
    rails = [PlaceRail(a), PlaceRail(b), PlaceRail(c, colored=True), PlaceRail(d, colored=True)]
    assert choose(tiny, colored_turn, rails, {a: 0.2, b: 0.1}) == PlaceRail(b)
    assert choose(tiny, colored_turn, rails, {a: 0.2, b: 0.3}) == PlaceRail(a)


def test_demands_equal_to_a_millionth_tie_and_then_a_single_goes_before_a_double(
    tiny: Board, colored_turn: TransEuropaState
) -> None:
    single = sorted(tiny.segments)[0]
    double = ((1, 3), (1, 4))
    assert tiny.segments[single].kind == "single" and tiny.segments[double].kind == "double"
    rails = [PlaceRail(double), PlaceRail(single)]
    # the double is wanted a little less, but not by a millionth: the single goes first
    assert choose(tiny, colored_turn, rails, {double: 0.1000001, single: 0.1000004}) == rails[1]
    # wanted less by more than that, the double goes first
    assert choose(tiny, colored_turn, rails, {double: 0.100001, single: 0.100004}) == rails[0]


def test_a_plan_the_turn_can_finish_is_laid_as_greedy_lays_it(
    tiny: Board, colored_turn: TransEuropaState
) -> None:
    """Nothing to gain from the order when the whole plan goes down this turn: the shrewd
    bot then takes greedy's choice (same generator, same rail), not the least wanted."""
    obs = colored_turn.observation(colored_turn.to_play)
    budget = obs.rules.turn_budget(max(obs.lap, 1))
    plan_segments = sorted(tiny.segments)[:budget]
    assert all(tiny.segments[s].kind == "single" for s in plan_segments)
    plan = frozenset(plan_segments)
    rails = [PlaceRail(s) for s in plan_segments]
    Told.wanted = {plan_segments[0]: 0.5}
    picked = set()
    for seed in range(8):
        shrewd_bot = Told(
            TransEuropa(tiny, obs.rules, players=2), obs.player, np.random.default_rng(seed)
        )
        greedy_bot = GreedyBot(
            TransEuropa(tiny, obs.rules, players=2), obs.player, np.random.default_rng(seed)
        )
        mine = shrewd_bot.choose_rail(obs, rails, plan, shrewd_bot.view(obs))
        assert mine == greedy_bot.choose_rail(obs, rails, plan, greedy_bot.view(obs))
        picked.add(mine)
    assert picked == set(rails), "greedy picks among equal singles at random"
