"""The greedy bot's parts on fixed positions: where its marker goes when the best points are
taken, the rail arrays it keeps between queries, and the view it has of another seat."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from workbench import Board, load_map
from workbench.analysis.costmodel import cost_model
from workbench.games.trans_europa import EndTurn, PlaceMarker, PlaceRail, Rules, TransEuropa
from workbench.games.trans_europa.bots import GreedyBot, play_game
from workbench.games.trans_europa.bots.greedy import View, tree_center
from workbench.games.trans_europa.state import Observation

CORRIDOR = Path(__file__).parent.parent / "maps" / "corridor.yaml"


def test_a_marker_whose_tree_points_are_all_taken_goes_to_the_nearest_free_point() -> None:
    # seat 1 holds East alone (its tree is its city's point), and seat 0 sits on it
    board = load_map(CORRIDOR)
    game = TransEuropa(board, Rules(), players=2, hands=[(("West",), ("East",))])
    state = game.new_state()
    state.apply(PlaceMarker((5, 0)))
    obs = state.observation(1)
    for seed in range(4):
        bot = GreedyBot(game, 1, np.random.default_rng(seed))
        assert bot.act(obs) == PlaceMarker((4, 0))


def test_a_marker_whose_centre_is_taken_goes_on_another_point_of_the_tree(tiny: Board) -> None:
    hand = ("Alder", "Cedar", "Elder", "Ginkgo", "Juniper")
    tree = cost_model(tiny).completion([], list(hand)).build
    points = {p for e in tree for p in e}
    (centre,) = tree_center(sorted(tree), [])
    cities = {tiny.city(name).at for name in hand}
    game = TransEuropa(
        tiny, Rules(), players=2, hands=[(("Birch", "Dogwood", "Fir", "Hazel", "Ivy"), hand)]
    )
    state = game.new_state()
    state.apply(PlaceMarker(centre))
    obs = state.observation(1)
    picks = {GreedyBot(game, 1, np.random.default_rng(seed)).act(obs).point for seed in range(30)}
    assert picks <= points - {centre}
    # any free point of the tree, not only its cities
    assert picks - cities and picks & cities
    # the same seed, the same point: the generator picks among the points in sorted order
    # (what keeps seeded games the same, move for move)
    seeded = [GreedyBot(game, 1, np.random.default_rng(seed)).act(obs).point for seed in range(6)]
    assert seeded == [(6, 3), (2, 2), (6, 3), (6, 3), (5, 4), (4, 4)]


def test_a_marker_goes_on_the_centre_of_the_hands_tree(tiny: Board) -> None:
    hand = ("Alder", "Cedar", "Elder", "Ginkgo", "Juniper")
    tree = cost_model(tiny).completion([], list(hand)).build
    assert tree_center(sorted(tree), []) == [(3, 3)]
    game = TransEuropa(
        tiny, Rules(), players=2, hands=[(hand, ("Birch", "Dogwood", "Fir", "Hazel", "Ivy"))]
    )
    obs = game.new_state().observation(0)
    for seed in range(6):
        bot = GreedyBot(game, 0, np.random.default_rng(seed))
        assert bot.act(obs) == PlaceMarker((3, 3))


def test_the_kept_rail_array_is_the_models_state_of_the_rails_asked_for(tiny: Board) -> None:
    model = cost_model(tiny)
    bot = GreedyBot(TransEuropa(tiny, Rules(), players=2), 0, np.random.default_rng(0))
    segments = sorted(tiny.segments)
    asked = [
        frozenset(segments[:1]),
        frozenset(segments[:3]),  # rails added
        frozenset(segments[:3]),  # the same rails again
        frozenset(segments[10:14]),  # a new round: other rails
        frozenset(segments[20:22]),  # and again, half as many as there were
        frozenset(),
        frozenset(segments[20:21]),
    ]
    for rails in asked:
        assert bot.rail_state(model, rails).tolist() == model.state(rails).tolist(), sorted(rails)


def test_another_seats_view_counts_its_own_colored_rails_and_walls_off_the_others() -> None:
    board = load_map(CORRIDOR)
    game = TransEuropa(board, Rules(colored_rails=1), players=2, hands=[(("East",), ("West",))])
    state = game.new_state()
    state.apply(PlaceMarker((1, 0)))
    state.apply(PlaceMarker((4, 0)))
    wall = ((1, 0), (2, 0))
    state.apply(PlaceRail(wall, colored=True))
    state.apply(EndTurn())
    obs = state.observation(1)
    bot = GreedyBot(game, 1, np.random.default_rng(0))
    model = bot.model(obs)
    i = model.edge_index[wall]
    assert bot.view(obs).state[i] == 2  # seat 1's view: seat 0's colored rail is a wall
    assert bot.view(obs, 0).state[i] == 1  # seat 0's own rail
    assert bot.view(obs, 1).state[i] == 2


def test_a_marker_off_its_taken_city_goes_to_a_nearest_point_chosen_by_seed(tiny: Board) -> None:
    # one-card hands: seat 1 holds Juniper alone, and seat 0 sits on it; three single
    # segments lead on from it, so three free points cost 1 (the doubles cost 2)
    rules = Rules(colors_out=("brown", "white", "pink", "orange"))
    game = TransEuropa(tiny, rules, players=2, hands=[(("Ivy",), ("Juniper",))])
    state = game.new_state()
    state.apply(PlaceMarker((6, 3)))
    obs = state.observation(1)
    picks = [GreedyBot(game, 1, np.random.default_rng(seed)).act(obs).point for seed in range(8)]
    assert set(picks) <= {(7, 2), (7, 3), (7, 4)}
    # the same seed, the same point (the generator picks among them in sorted order)
    assert picks == [(7, 4), (7, 3), (7, 4), (7, 4), (7, 4), (7, 4), (7, 3), (7, 4)]


class WatchedPlan(GreedyBot):
    plans: ClassVar[list[tuple[int, frozenset[Any], tuple[Any, ...], frozenset[Any]]]] = []

    def plan(self, obs: Observation, view: View | None = None) -> frozenset[Any]:
        out = super().plan(obs, view)
        self.plans.append((obs.round, obs.rails, obs.placed, out))
        return out


def test_every_later_rail_of_a_turn_comes_from_the_plan_kept_for_the_turn(europe: Board) -> None:
    """Three rails a turn: after the second rail too, the plan is the one kept, less that
    rail (not a fresh, perhaps different, optimal completion)."""
    WatchedPlan.plans.clear()
    rules = Rules(rhythm=(3,))
    for seed in range(2):
        game = TransEuropa(europe, rules, players=3, seed=seed)
        play_game(game, [WatchedPlan, GreedyBot, GreedyBot], seed=seed)
    kept = 0
    for (r1, rails1, placed1, plan1), (r2, rails2, placed2, plan2) in pairwise(WatchedPlan.plans):
        if r1 == r2 and len(placed1) == 1 and placed2[:1] == placed1 and len(placed2) == 2:
            assert rails2 == rails1 | {placed2[1]}
            assert placed2[1] in plan1
            assert plan2 == plan1 - {placed2[1]}
            kept += 1
    assert kept >= 10


def test_a_cut_off_planner_builds_towards_its_city_not_the_first_legal_rail() -> None:
    """Seat 0's colored rail on [3, 0]-[4, 0] cuts seat 1 (at [1, 0]) off from East: of
    its two legal rails, the one towards East lowers the missing rails (counted as though
    the wall were not there) from 4 to 3, the first one listed would leave them at 4."""
    board = load_map(CORRIDOR)
    game = TransEuropa(board, Rules(colored_rails=1), players=2, hands=[(("West",), ("East",))])
    state = game.new_state()
    state.apply(PlaceMarker((4, 0)))
    state.apply(PlaceMarker((1, 0)))
    state.apply(PlaceRail(((3, 0), (4, 0)), colored=True))
    state.apply(EndTurn())
    obs = state.observation(1)
    black = [a for a in obs.legal_actions if isinstance(a, PlaceRail) and not a.colored]
    assert black[0] == PlaceRail(((0, 0), (1, 0)))
    for seed in range(3):
        bot = GreedyBot(game, 1, np.random.default_rng(seed))
        assert bot.act(obs) == PlaceRail(((1, 0), (2, 0)))


RING = """\
format: 1
kind: lattice
name: Ring
description: Seven segments in a ring of two rows, one of them a ferry.
author: rail-workbench
license: CC0-1.0
lattice: {columns: 4, rows: 2}
deck: {per_color: 2, dashed_per_color: 0}
colors:
  - {name: brown, fill: "#8B5A2B"}
land:
  - name: Ring
    polygon: [[-1, -1], [5, -1], [5, 2], [-1, 2]]
cities:
  - {name: Start, color: brown, at: [0, 0], dashed: false}
  - {name: Goal, color: brown, at: [3, 0], dashed: false}
segments:
  - {between: [[2, 0], [3, 0]], type: ferry}
  - {between: [[1, 0], [1, 1]], type: none}
  - {between: [[2, 0], [2, 1]], type: none}
  - {between: [[1, 0], [0, 1]], type: none}
  - {between: [[2, 0], [1, 1]], type: none}
  - {between: [[2, 1], [3, 1]], type: none}
  - {between: [[3, 0], [3, 1]], type: none}
"""


def test_a_cut_off_planner_counts_a_walled_ferry_at_its_two_rails(tmp_path: Path) -> None:
    """A ring: Start [0, 0] to Goal [3, 0] the short way is two singles and a two-rail
    ferry, the long way four singles. Seat 0 (on Goal) walls both ways with its colored
    rails (the ferry and the long way's last segment); seat 1 (on Start) has laid the long
    way's first rail. Counted as the round's end counts them, as though the walls were not
    there, the short way needs 2 + 2 rails (the ferry takes two), the long way 2 + 1: the
    long way's next rail lowers them, the short way's first one does not."""
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    board = load_map(path)
    assert board.segments[((2, 0), (3, 0))].kind == "ferry"
    rules = Rules(colored_rails=2, ferry_rails=2)
    game = TransEuropa(board, rules, players=2, hands=[(("Start",), ("Goal",))])
    state = game.new_state()
    for action in (
        PlaceMarker((3, 0)),
        PlaceMarker((0, 0)),
        PlaceRail(((2, 0), (3, 0)), colored=True),
        EndTurn(),
        PlaceRail(((0, 0), (0, 1))),
        EndTurn(),
        PlaceRail(((2, 1), (3, 0)), colored=True),
        EndTurn(),
    ):
        state.apply(action)
    obs = state.observation(1)
    assert obs.player == 1 and obs.phase == "build"
    for seed in range(10):
        bot = GreedyBot(game, 1, np.random.default_rng(seed))
        assert bot.act(obs) == PlaceRail(((0, 1), (1, 1)))
