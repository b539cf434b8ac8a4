"""The greedy player: start on the cheapest tree, then build along the optimal completion."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, cast

import numpy as np

from workbench.bots.random_bot import bounded_draw
from workbench.exceptions import InfeasibleError
from workbench.games.trans_europa.actions import (
    Action,
    Discard,
    EndTurn,
    PassCard,
    PlaceMarker,
    PlaceRail,
)
from workbench.games.trans_europa.bots.base import Bot
from workbench.games.trans_europa.state import Observation
from workbench.maps.lattice import Edge, Point

if TYPE_CHECKING:
    from workbench.analysis.costmodel import CostModel

__all__ = ["GreedyBot", "View", "tree_center"]

_SEGMENT = attrgetter("segment")


def _no_pieces(obs: Observation) -> bool:
    """Whether no colored rail and no ferry rail is on the board (``obs.pieces`` is empty).

    Read from the round's rules where they allow neither (no colored rails, ferries of one
    rail): an observation makes ``pieces`` the first time it is read.
    """
    rules = obs.rules
    return (not rules.colored_rails and rules.ferry_rails <= 1) or not obs.pieces


def tree_center(edges: Collection[Edge], fallback: Sequence[Point]) -> list[Point]:
    """The points of a tree (given by its edges) with the fewest hops to its farthest point.

    With no edges, ``fallback`` (for instance a one-city hand's point). The edges may come
    in any order (a set will do): the points come back sorted.

    Examples
    --------
    >>> tree_center([((0, 0), (1, 0)), ((1, 0), (2, 0))], [])
    [(1, 0)]
    >>> tree_center([], [(4, 4)])
    [(4, 4)]
    """
    if not edges:
        return list(fallback)
    adj: dict[Point, set[Point]] = {}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    # peel the leaves layer by layer: the last one or two points left are the centre
    layer = [p for p, nbrs in adj.items() if len(nbrs) <= 1]
    left = len(adj)
    while left > 2:
        left -= len(layer)
        nxt = []
        for leaf in layer:
            for q in adj.pop(leaf):
                adj[q].discard(leaf)
                if len(adj[q]) == 1:
                    nxt.append(q)
        layer = nxt
    return sorted(adj)


@dataclass(frozen=True)
class View:
    """The board as one seat may use it now: a cost model and the query's arguments.

    ``state`` is the model's per-segment array (rails the seat may use at 0, other seats'
    colored rails blocked); ``costs`` the segments whose cost differs this round (two-rail
    ferries, free or half built).
    """

    model: CostModel
    state: np.ndarray
    costs: dict[Edge, int]

    def cost(self, terminals: Sequence[str | Point]) -> int:
        """The fewest rails joining ``terminals`` in this view."""
        return self.model.cost(self.state, terminals, costs=self.costs)

    def plan(self, terminals: Sequence[str | Point]) -> tuple[int, frozenset[Edge]]:
        """The fewest rails joining ``terminals``, and one optimal set of segments."""
        return self.model.plan(self.state, terminals, costs=self.costs)

    def weight(self, segment: Edge) -> float:
        """What ``segment`` costs when free, in this view."""
        if self.costs:
            extra = self.costs.get(segment)
            if extra is not None:
                return float(extra)
        return self.model.weight_of[segment]


class GreedyBot(Bot):
    """Plays its own cheapest plan and ignores the other players.

    * **Exchanges:** discards or passes the card whose loss makes its hand's tree cheapest;
      in a draft, keeps the card of the drafted color that fits best.
    * **Marker:** on the optimal tree of its hand's cities (a minimum Steiner tree), at a
      centre of that tree; if every such point is taken, the free point whose tree costs
      least.
    * **Rails:** each rail is a segment of its current optimal completion that touches its
      network, singles before doubles, chosen at random among equals by its generator; a
      colored rail (when the rules give some) goes on such a segment like a black one. It
      ends a turn early only when no planned segment fits the turn's budget.

    Plans use the round's rules (special cards change costs) and only the rails the seat
    may use (other players' colored rails are walls).

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import TransEuropa
    >>> from workbench.games.trans_europa.bots import play_game
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> end = play_game(game, [GreedyBot, GreedyBot], seed=0)
    >>> end.is_terminal()
    True
    """

    name = "greedy"
    _last_plan: tuple[int, frozenset[Edge], frozenset[Edge]] | None = None
    _models: dict[tuple[tuple[str, int], ...], CostModel] | None = None
    _rail_state: tuple[CostModel, frozenset[Edge], np.ndarray] | None = None
    _marker_points: frozenset[Point] | None = None
    _draw: Callable[[int], int] | None = None

    def model(self, obs: Observation) -> CostModel:
        """The cost model of the board under the round's cost of doubles."""
        models = self._models
        if models is None:
            models = self._models = {}
        key = obs.rules.double_cost
        found = models.get(key)
        if found is None:
            from workbench.analysis.costmodel import cost_model  # numba: on first use

            found = models[key] = cost_model(self.board, obs.rules.double_cost_map)
        return found

    def rail_state(self, model: CostModel, rails: frozenset[Edge]) -> np.ndarray:
        """``model.state(rails)``, updated from the last one while rails are only added
        (the array is shared: copy it before changing it)."""
        last = self._rail_state
        if last is not None and last[0] is model:
            if last[1] is rails:
                return last[2]
            added = rails - last[1]
            if len(rails) - len(added) == len(last[1]):  # the last rails are all still there
                out = last[2].copy()
                index = model.edge_index
                for s in added:
                    out[index[s]] = 1
                self._rail_state = (model, rails, out)
                return out
        out = model.state(rails)
        self._rail_state = (model, rails, out)
        return out

    def view(self, obs: Observation, seat: int | None = None) -> View:
        """The board as ``seat`` (by default this bot) may use it in ``obs``."""
        model = self.model(obs)
        who = self.seat if seat is None else seat
        if obs.rules.ferry_rails <= 1 and _no_pieces(obs):
            return View(model, self.rail_state(model, obs.rails), {})
        seen = obs.seat_rails(self.board, who)
        return View(model, model.state(seen.rails, seen.blocked), dict(seen.costs))

    def act(self, obs: Observation) -> Action:
        actions = obs.legal_actions
        if not actions:
            raise ValueError(f"seat {self.seat} is not on turn (round {obs.round}, {obs.phase})")
        if obs.phase == "markers":
            return self.place_marker(obs)
        if obs.phase == "build":
            return self.build(obs)
        if all(isinstance(a, (Discard, PassCard)) for a in actions):
            return self.give_card(obs)
        return actions[int(self.rng.integers(len(actions)))]

    def give_card(self, obs: Observation) -> Action:
        """The card to discard or pass: the one whose loss leaves the cheapest hand tree."""
        view = self.view(obs)
        hand = list(obs.hand)
        costs = []
        for action in obs.legal_actions:
            assert isinstance(action, (Discard, PassCard))
            rest = [c for c in hand if c != action.city]
            costs.append(view.cost(rest) if rest else 0)
        least = min(costs)
        best = [a for a, c in zip(obs.legal_actions, costs, strict=True) if c == least]
        return best[int(self.rng.integers(len(best)))]

    def place_marker(self, obs: Observation) -> Action:
        """The marker on a centre of the hand's optimal tree."""
        # the legal markers are the board's marker points less the markers down: those
        # points are found once (a set of the legal actions' points costs more than a plan)
        points = self._marker_points
        if points is None:
            legal = (a.point for a in obs.legal_actions if type(a) is PlaceMarker)
            points = self._marker_points = frozenset(legal).union(
                m for m in obs.markers if m is not None
            )
        taken = set(obs.markers)
        view = self.view(obs)
        tree = self.hand_tree(obs, view)
        cities = [self.board.city(name).at for name in obs.hand]
        choices = [p for p in tree_center(tree, cities) if p in points and p not in taken]
        if not choices:
            near = {p for e in tree for p in e} | set(cities)
            choices = sorted(p for p in near if p in points and p not in taken)
        if not choices:
            costs = {p: view.cost([p, *obs.hand]) for p in sorted(points - taken)}
            least = min(costs.values())
            choices = [p for p, c in costs.items() if c == least]
        return PlaceMarker(choices[int(self.rng.integers(len(choices)))])

    def hand_tree(self, obs: Observation, view: View) -> frozenset[Edge]:
        """The segments of one optimal tree of the hand's cities (the marker goes on it).

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.games.trans_europa import TransEuropa
        >>> from workbench.games.trans_europa.bots import bot_rngs
        >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
        >>> obs = game.new_state().observation(0)
        >>> bot = GreedyBot(game, 0, bot_rngs(0, 2)[0])
        >>> len(bot.hand_tree(obs, bot.view(obs)))  # segments
        12
        """
        return view.plan(list(obs.hand))[1]

    def plan(self, obs: Observation, view: View | None = None) -> frozenset[Edge]:
        """The segments of one optimal completion from the marker to the hand.

        Within a turn the plan is kept: once a planned rail is down, the rest of the plan
        is still an optimal completion (only this player's rails changed), so the second
        rail of a turn costs no new search. Once a colored rail or a ferry rail (of a
        two-rail ferry) is on the board, every rail makes a fresh plan.
        """
        last = self._last_plan
        if (
            last is not None
            and obs.placed
            and last[0] == obs.round
            and _no_pieces(obs)
            and obs.placed[-1] in last[2]
            and len(obs.rails) == len(last[1]) + 1
            and obs.placed[-1] not in last[1]
            and last[1] <= obs.rails  # so the rails are the last ones and the new rail
        ):
            plan = last[2] - {obs.placed[-1]}
        else:
            marker = obs.markers[self.seat]
            assert marker is not None
            plan = (view or self.view(obs)).plan([marker, *obs.hand])[1]
        self._last_plan = (obs.round, obs.rails, plan)
        return plan

    def build(self, obs: Observation) -> Action:
        """A rail of the plan that fits the turn, or the end of the turn."""
        view = self.view(obs)
        try:
            plan = self.plan(obs, view)
        except InfeasibleError:  # other players' colored rails cut the hand off: no plan
            plan = frozenset()
        return self.choose_rail(obs, self.candidates(obs, plan), plan, view)

    @staticmethod
    def candidates(obs: Observation, plan: frozenset[Edge]) -> list[PlaceRail]:
        """The legal rails on ``plan``'s segments, in the legal actions' order.

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.games.trans_europa import TransEuropa, PlaceMarker
        >>> state = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2).new_state()
        >>> state.apply(PlaceMarker((1, 1)))
        >>> state.apply(PlaceMarker((3, 3)))
        >>> obs = state.observation(state.to_play)
        >>> plan = frozenset({((1, 1), (2, 1)), ((2, 1), (3, 1)), ((0, 1), (1, 1))})
        >>> [str(a) for a in GreedyBot.candidates(obs, plan)]  # only rails touching (1, 1)
        ['R 0,1-1,1', 'R 1,1-2,1']
        """
        # the build phase's actions are rails, then the end of the turn once a rail is down
        acts = cast("tuple[PlaceRail, ...]", obs.legal_actions)
        if acts and type(acts[-1]) is not PlaceRail:
            acts = acts[:-1]
        return [a for a in acts if a.segment in plan]

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge], view: View
    ) -> Action:
        """Singles before doubles, at random among equals; else end the turn."""
        if rails:
            if len(rails) == 1:  # (a draw among one takes no number from the generator)
                return rails[0]
            if view.costs:
                weights = [view.weight(a.segment) for a in rails]
            else:
                weights = list(map(view.model.weight_of.__getitem__, map(_SEGMENT, rails)))
            least = min(weights)
            if weights.count(least) != len(weights):
                rails = [a for a, w in zip(rails, weights, strict=True) if w == least]
            draw = self._draw
            if draw is None:  # rng.integers' very numbers, faster (see bounded_draw)
                draw = self._draw = bounded_draw(self.rng)
            return rails[draw(len(rails))]
        if obs.placed:
            return EndTurn()
        return self.fallback(obs, view)

    def fallback(self, obs: Observation, view: View) -> Action:
        """A legal rail that lowers the missing rails most (none of the plan is legal).

        When other players' colored rails cut the hand off, the missing rails are counted
        as the round's end counts them: as though those rails were not there.
        """
        marker = obs.markers[self.seat]
        assert marker is not None
        options = [a for a in obs.legal_actions if isinstance(a, PlaceRail) and not a.colored]
        if not options:
            return obs.legal_actions[0]
        terminals: list[str | Point] = [marker, *obs.hand]
        try:
            view.model.cost(view.state, terminals, costs=view.costs)
        except InfeasibleError:
            seen = obs.seat_rails(self.board, self.seat)
            extra = dict(seen.costs)
            ferry = obs.rules.ferry_rails
            extra.update({s: ferry for s in seen.blocked if self.board.segments[s].kind == "ferry"})
            view = View(view.model, view.model.state(seen.rails), extra)
        costs = []
        for a in options:
            state = view.state.copy()
            state[view.model.edge_index[a.segment]] = 1
            costs.append(view.model.cost(state, terminals, costs=view.costs))
        best = np.flatnonzero(np.array(costs) == min(costs))
        return options[int(best[self.rng.integers(len(best))])]
