"""The lazy greedy player: greedy's plan, searched again only when a rail may shorten it."""

from __future__ import annotations

from itertools import chain
from typing import NamedTuple

import numpy as np

from workbench.games.trans_europa.actions import Action
from workbench.games.trans_europa.bots.greedy import GreedyBot, View
from workbench.games.trans_europa.state import Observation
from workbench.maps.lattice import Edge, Point

__all__ = ["LazyGreedyBot"]

_NO_STATE = np.zeros(0, dtype=np.int8)


class _Kept(NamedTuple):
    """A plan kept across turns, and what it was checked against."""

    round: int
    rails: frozenset[Edge]
    """The rails on the board when the plan was last checked."""
    plan: frozenset[Edge]
    """The plan's segments not yet built."""
    open_points: frozenset[Point]
    """The plan's points that no rail touched when the plan was made."""


class LazyGreedyBot(GreedyBot):
    """Plays greedy's plan, but searches for a new one only when a rail may shorten it.

    Greedy (:class:`~workbench.games.trans_europa.bots.greedy.GreedyBot`) finds its optimal
    completion again
    at the start of every turn, since the other players' rails change the board. Most of
    those rails are far from its plan and change nothing, so this bot keeps its plan
    across turns and searches again only when a rail laid since by another player ends on
    a point of the plan that no rail touched when the plan was made: such a rail joins a
    network that may offer a shortcut. Rails laid on the plan's own segments keep it
    optimal (they only lower its cost), and the plan chosen for the marker (an optimal
    tree of the hand, which the marker lies on) serves as the first turn's plan.

    A kept plan can miss a cheaper route that a rail elsewhere opened, and where several
    plans cost the same it may follow another one than greedy would, so its games differ
    from greedy's: ``benchmarks/bots_duel.py --challenger lazy_greedy`` measures whether it
    plays as well, and ``benchmarks/sim.py`` how much faster it is. Everything else
    (marker, exchanges, the choice among planned rails) is greedy's. Once a colored rail
    or a ferry rail is on the board, every rail makes a fresh plan, as with greedy.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import TransEuropa
    >>> from workbench.games.trans_europa.bots import play_game
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> end = play_game(game, [LazyGreedyBot, GreedyBot], seed=0)
    >>> end.is_terminal()
    True
    """

    name = "lazy_greedy"
    _kept: _Kept | None = None
    _marker_tree: tuple[int, tuple[str, ...], frozenset[Edge]] | None = None
    _railed: tuple[int, frozenset[Edge], set[Point]] | None = None

    def hand_tree(self, obs: Observation, view: View) -> frozenset[Edge]:
        tree = super().hand_tree(obs, view)
        self._marker_tree = (obs.round, obs.hand, tree)
        return tree

    def plan(self, obs: Observation, view: View | None = None) -> frozenset[Edge]:
        """Greedy's plan, kept while no rail laid since may shorten it.

        Examples
        --------
        >>> from workbench import load_map
        >>> from workbench.games.trans_europa import TransEuropa
        >>> from workbench.games.trans_europa.bots import bot_rngs
        >>> game = TransEuropa(load_map("maps/trans_europa.yaml"), players=2, seed=2)
        >>> state = game.new_state()
        >>> rngs = bot_rngs(0, 2)
        >>> bots = [LazyGreedyBot(game, i, rngs[i]) for i in range(2)]
        >>> while state.phase == "markers":
        ...     state.apply(bots[state.to_play].act(state.observation(state.to_play)))
        >>> obs = state.observation(state.to_play)
        >>> plan = bots[state.to_play].plan(obs)  # the marker's tree: no search
        >>> plan is bots[state.to_play].plan(obs)
        True
        """
        plan = self._keep(obs)
        if plan is None:
            plan = super().plan(obs, view)
            if not obs.pieces:
                open_points = frozenset(chain.from_iterable(plan)) - self._railed_points(obs)
                self._kept = _Kept(obs.round, obs.rails, plan, open_points)
        return plan

    def build(self, obs: Observation) -> Action:
        """Greedy's build, without a new view of the board while the plan is kept."""
        if not obs.pieces and obs.rules.ferry_rails <= 1:
            plan = self._keep(obs)
            if plan is not None:
                rails = self.candidates(obs, plan)
                if rails or obs.placed:  # else greedy's fallback, which needs the board
                    # the rules give every free segment its usual cost: the choice among
                    # planned rails reads only the model's weights, not the board's state
                    return self.choose_rail(obs, rails, plan, View(self.model(obs), _NO_STATE, {}))
        return super().build(obs)

    def _keep(self, obs: Observation) -> frozenset[Edge] | None:
        """The kept plan, brought up to date, or ``None`` when a search is due."""
        if obs.pieces:  # colored rails or ferry rails on the board: always a fresh plan
            self._kept = None
            return None
        kept = self._kept
        if kept is None or kept.round != obs.round:
            kept = self._from_marker(obs)
            if kept is None:
                return None
        rails = obs.rails
        if rails is kept.rails:
            self._kept = kept
            return kept.plan
        new = rails - kept.rails
        if len(rails) - len(new) != len(kept.rails):  # a rail was taken away
            return None
        open_points = kept.open_points
        plan = kept.plan
        for s in new:
            if s not in plan and (s[0] in open_points or s[1] in open_points):
                return None  # another network reached the plan: it may offer a shortcut
        plan = plan - new
        self._kept = kept._replace(rails=rails, plan=plan)
        return plan

    def _railed_points(self, obs: Observation) -> set[Point]:
        """The points that rails touch, kept up to date from the last call."""
        rails = obs.rails
        last = self._railed
        if last is not None and last[0] == obs.round:
            if last[1] is rails:
                return last[2]
            new = rails - last[1]
            if len(rails) - len(new) == len(last[1]):  # rails were only added
                points = last[2]
                for s in new:
                    points.update(s)
                self._railed = (obs.round, rails, points)
                return points
        points = {p for s in rails for p in s}
        self._railed = (obs.round, rails, points)
        return points

    def _from_marker(self, obs: Observation) -> _Kept | None:
        """The marker's tree as the round's first plan, when the marker lies on it."""
        found = self._marker_tree
        marker = obs.markers[self.seat]
        if found is None or found[0] != obs.round or found[1] != obs.hand or marker is None:
            return None
        tree = found[2]
        points = frozenset(chain.from_iterable(tree))
        if marker not in points:
            return None
        return _Kept(obs.round, frozenset(), tree, points)
