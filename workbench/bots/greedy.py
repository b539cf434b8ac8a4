"""The greedy player: start on the cheapest tree, then build along the optimal completion."""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx
import numpy as np

from workbench.analysis.costmodel import CostModel, cost_model
from workbench.bots.base import Bot
from workbench.engine.actions import Action, EndTurn, PlaceMarker, PlaceRail
from workbench.engine.state import Observation
from workbench.maps.lattice import Edge, Point

__all__ = ["GreedyBot", "tree_center"]


def tree_center(edges: Sequence[Edge], fallback: Sequence[Point]) -> list[Point]:
    """The points of a tree (given by its edges) with the fewest hops to its farthest point.

    With no edges, ``fallback`` (for instance a one-city hand's point).

    Examples
    --------
    >>> tree_center([((0, 0), (1, 0)), ((1, 0), (2, 0))], [])
    [(1, 0)]
    >>> tree_center([], [(4, 4)])
    [(4, 4)]
    """
    if not edges:
        return list(fallback)
    T = nx.Graph(edges)
    return sorted(nx.center(T))


class GreedyBot(Bot):
    """Plays its own cheapest plan and ignores the other players.

    * **Marker:** on the optimal tree of its hand's cities (a minimum Steiner tree), at a
      centre of that tree; if every such point is taken, the free point whose tree costs
      least.
    * **Rails:** each rail is a segment of its current optimal completion that touches its
      network, singles before doubles, chosen at random among equals by its generator; it
      ends a turn early only when no planned segment fits the turn's budget.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.engine import Game
    >>> from workbench.bots import play_game
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> end = play_game(game, [GreedyBot, GreedyBot], seed=0)
    >>> end.is_terminal()
    True
    """

    name = "greedy"

    @property
    def model(self) -> CostModel:
        """The cost model of the board under the rules' cost of doubles."""
        model = self.__dict__.get("_model")
        if model is None:
            model = self.__dict__["_model"] = cost_model(self.board, self.rules.double_cost_map)
        return model

    def blocked(self, obs: Observation) -> tuple[Edge, ...]:
        """Segments this player may not use (none in the base game)."""
        return ()

    def act(self, obs: Observation) -> Action:
        actions = obs.legal_actions
        if not actions:
            raise ValueError(f"seat {self.seat} is not on turn (round {obs.round}, {obs.phase})")
        if obs.phase == "markers":
            return self.place_marker(obs)
        if obs.phase == "build":
            return self.build(obs)
        return actions[int(self.rng.integers(len(actions)))]

    def place_marker(self, obs: Observation) -> Action:
        """The marker on a centre of the hand's optimal tree."""
        free = {a.point for a in obs.legal_actions if isinstance(a, PlaceMarker)}
        model = self.model
        plan = model.completion(obs.rails, list(obs.hand), self.blocked(obs))
        cities = [self.board.city(name).at for name in obs.hand]
        choices = [p for p in tree_center(plan.build, cities) if p in free]
        if not choices:
            points = {p for e in plan.build for p in e} | set(cities)
            choices = sorted(p for p in points if p in free)
        if not choices:
            state = model.state(obs.rails, self.blocked(obs))
            costs = {p: model.cost(state, [p, *obs.hand]) for p in sorted(free)}
            least = min(costs.values())
            choices = [p for p, c in costs.items() if c == least]
        return PlaceMarker(choices[int(self.rng.integers(len(choices)))])

    def plan(self, obs: Observation) -> frozenset[Edge]:
        """The segments of one optimal completion from the marker to the hand."""
        marker = obs.markers[self.seat]
        assert marker is not None
        done = self.model.completion(obs.rails, [marker, *obs.hand], self.blocked(obs))
        return frozenset(done.build)

    def build(self, obs: Observation) -> Action:
        """A rail of the plan that fits the turn, or the end of the turn."""
        plan = self.plan(obs)
        rails = [a for a in obs.legal_actions if isinstance(a, PlaceRail) and a.segment in plan]
        return self.choose_rail(obs, rails, plan)

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge]
    ) -> Action:
        """Singles before doubles, at random among equals; else end the turn."""
        if rails:
            model = self.model
            weight = {a: model.weights[model.edge_index[a.segment]] for a in rails}
            least = min(weight.values())
            rails = [a for a in rails if weight[a] == least]
            return rails[int(self.rng.integers(len(rails)))]
        if obs.placed:
            return EndTurn()
        return self.fallback(obs)

    def fallback(self, obs: Observation) -> Action:
        """A legal rail that lowers the missing rails most (none of the plan is legal)."""
        model = self.model
        marker = obs.markers[self.seat]
        assert marker is not None
        options = [a for a in obs.legal_actions if isinstance(a, PlaceRail)]
        if not options:
            return obs.legal_actions[0]
        blocked = self.blocked(obs)
        costs = np.array(
            [model.cost([*obs.rails, a.segment], [marker, *obs.hand], blocked) for a in options]
        )
        best = np.flatnonzero(costs == costs.min())
        return options[int(best[self.rng.integers(len(best))])]
