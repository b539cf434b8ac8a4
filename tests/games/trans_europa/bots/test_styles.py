"""Trans Europa's playing styles: each one's preference on a position set up by hand, where
it must lay another rail than greedy would, and whole games at every player count."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from workbench import Board
from workbench.games import GAMES
from workbench.games.trans_europa import PlaceMarker, PlaceRail, TransEuropa
from workbench.games.trans_europa.bots import (
    BOTS,
    STYLES,
    BotFactory,
    FarFirstBot,
    GreedyBot,
    NearFirstBot,
    SharerBot,
    ShrewdBot,
    play_game,
)
from workbench.games.trans_europa.bots.styles import way_to
from workbench.games.trans_europa.state import Observation

SEEDS = range(12)

# Tiny Island, seat 0's hand: Alder (1,1), Ginkgo (2,0), Elder (0,3), Cedar (4,4), Ivy (3,5)
MINE = ("Alder", "Cedar", "Elder", "Ginkgo", "Ivy")
THEIRS = ("Birch", "Dogwood", "Fir", "Hazel", "Juniper")


def _position(tiny: Board, mine: tuple[int, int], theirs: tuple[int, int]) -> Observation:
    """Seat 0 to lay its first rail, the hands dealt by hand, the markers at these points."""
    state = TransEuropa(tiny, players=2, seed=2).new_state()
    state.hands = (MINE, THEIRS)
    state.apply(PlaceMarker(mine))
    state.apply(PlaceMarker(theirs))
    obs = state.observation(0)
    assert obs.phase == "build" and obs.to_play == 0
    return obs


def _choices(cls: type[GreedyBot], tiny: Board, obs: Observation) -> set[str]:
    """What ``cls`` lays in ``obs`` under each of a dozen bot seeds."""
    game = TransEuropa(tiny, players=2, seed=2)
    return {str(cls(game, 0, np.random.default_rng(s)).act(obs)) for s in SEEDS}


def test_the_styles_are_registered_by_name() -> None:
    assert set(STYLES) == {"far_first", "near_first", "sharer"}
    for name, cls in STYLES.items():
        assert BOTS[name] is cls and cls.name == name
        assert GAMES["trans_europa"].bots[name] is cls


def test_far_first_builds_toward_the_farthest_city_where_greedy_goes_either_way(
    tiny: Board,
) -> None:
    """From Alder (1,1) greedy's plan leaves toward Ginkgo (2,0), one rail away (the
    nearest city not joined), and toward (2,2), on the way to Cedar (4,4) and Ivy (3,5),
    the farthest at 5 rails. Greedy takes either; far-first always the way to Ivy."""
    obs = _position(tiny, (1, 1), (7, 2))
    bot = FarFirstBot(TransEuropa(tiny, players=2, seed=2), 0, np.random.default_rng(0))
    far = bot.distances(obs, bot.view(obs))
    assert far == {"Alder": 0, "Cedar": 4, "Elder": 2, "Ginkgo": 1, "Ivy": 5}
    assert _choices(GreedyBot, tiny, obs) == {"R 1,1-2,2", "R 1,1-2,0"}
    assert _choices(FarFirstBot, tiny, obs) == {"R 1,1-2,2"}


def test_near_first_joins_the_nearest_city_first(tiny: Board) -> None:
    """The same position: near-first always lays the rail toward Ginkgo, greedy either."""
    obs = _position(tiny, (1, 1), (7, 2))
    assert _choices(NearFirstBot, tiny, obs) == {"R 1,1-2,0"}
    assert _choices(GreedyBot, tiny, obs) == {"R 1,1-2,2", "R 1,1-2,0"}


def test_sharer_lays_the_rail_the_other_wants_first_where_shrewd_lays_it_last(
    tiny: Board,
) -> None:
    """Seat 0 at (3,3), the other at (2,3) next to it. On Tiny Island two players hold
    every card between them, so the other's hand is known, and its plan starts with the
    segment (2,3)-(3,3): the sharer lays that one, shrewd the other, greedy either."""
    obs = _position(tiny, (3, 3), (2, 3))
    bot = SharerBot(TransEuropa(tiny, players=2, seed=2), 0, np.random.default_rng(0))
    wanted = bot.demand(obs)
    shared, own = ((2, 3), (3, 3)), ((3, 3), (4, 4))
    assert wanted.get(shared, 0.0) > wanted.get(own, 0.0)
    assert _choices(GreedyBot, tiny, obs) == {"R 2,3-3,3", "R 3,3-4,4"}
    assert _choices(SharerBot, tiny, obs) == {"R 2,3-3,3"}
    assert _choices(ShrewdBot, tiny, obs) == {"R 3,3-4,4"}


def test_every_style_lays_only_rails_of_an_optimal_completion(tiny: Board) -> None:
    """Each style changes only the order: a rail it lays lowers its missing rails by
    exactly the rail's cost, as greedy's do."""
    from workbench.analysis.costmodel import cost_model

    model = cost_model(tiny)
    laid = 0
    for cls in STYLES.values():
        for seed in range(3):
            game = TransEuropa(tiny, players=2, seed=seed)

            def check(state: Any, action: object, cls: type[GreedyBot] = cls) -> None:
                nonlocal laid
                if not isinstance(action, PlaceRail) or state.to_play != 0:
                    return
                obs = state.observation(0)
                marker = obs.markers[0]
                before = model.cost(model.state(obs.rails), [marker, *obs.hand])
                if before == 0:
                    return
                after = model.cost(model.state(obs.rails | {action.segment}), [marker, *obs.hand])
                assert before - after == model.weight_of[action.segment], (cls.name, action)
                laid += 1

            play_game(game, [cls, GreedyBot], seed=seed, on_action=check)
    assert laid > 30


def test_way_to_takes_the_path_with_fewest_plan_segments() -> None:
    """A 0-1 search, checked on a ring where the rails make the long way cheaper."""
    a, b, c, d = (0, 0), (1, 0), (2, 0), (1, 1)
    plan = frozenset({(a, b), (b, c), (a, d), (d, c)})
    assert way_to(a, c, plan, frozenset({(a, d)})) == {(d, c)}
    assert way_to(a, (5, 5), plan, frozenset()) == frozenset()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_whole_games_at_every_player_count(europe: Board, players: int) -> None:
    pool: list[BotFactory] = [*STYLES.values(), GreedyBot]
    bots = [pool[(k + players) % len(pool)] for k in range(players)]
    end = play_game(TransEuropa(europe, players=players, seed=players), bots, seed=players)
    assert end.is_terminal()
    if players == 3:  # the same seeds play the same game
        again = play_game(TransEuropa(europe, players=players, seed=players), bots, seed=players)
        assert again == end
        assert again.rails == end.rails and again.scores() == end.scores()


def test_the_registered_search_bot_searches_between_shrewd_and_greedy(tiny: Board) -> None:
    """Trans Europa's ``search`` is the candidates search with shrewd as its prior: it
    finishes a seeded game, searched where the two disagreed, and replays it."""
    search: Any = GAMES["trans_europa"].bots["search"]
    assert search.params["candidates"] == [ShrewdBot, GreedyBot]
    made: list[Any] = []

    def make(game: Any, seat: int, rng: np.random.Generator) -> Any:
        made.append(search(game, seat, rng))
        return made[-1]

    game = TransEuropa(tiny, players=2, seed=4)
    end = play_game(game, [make, GreedyBot], seed=4)
    assert end.is_terminal() and made[0].searched > 0
    assert play_game(game, [search, GreedyBot], seed=4) == end
