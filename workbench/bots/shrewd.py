"""A player that reads the table: it guesses the others' hands and builds what they need last.

Rails are shared: a rail counts for everyone's missing rails, whoever laid it. A greedy
player lays its rails in any order along its plan, so half of what it builds may help the
others as much as itself. :class:`ShrewdBot` keeps the greedy plan (the same number of
rails) but chooses the order: segments no one else seems to need first, segments the others
also need last, in the hope that someone else lays them first.

What the others need is guessed from public facts only. At a round's first decision it
draws sample hands for each opponent from the cities it cannot see (one per color, as
dealt) and weighs each sample by how well the opponent's start marker fits it: a marker
placed on the sample's cheapest tree costs nothing extra, one far from it costs more, and
the weight falls as ``exp(-beta * extra)``. The likeliest samples' optimal completions, on
the rails of the moment, tell how much each segment is wanted, weighted by how close each
opponent seems to be to finishing.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from workbench.bots.greedy import GreedyBot
from workbench.engine.actions import Action, PlaceRail
from workbench.engine.state import Observation
from workbench.maps.board import Board
from workbench.maps.lattice import Edge
from workbench.rules.rules import Rules

__all__ = ["ShrewdBot"]


class ShrewdBot(GreedyBot):
    """The greedy plan, laid in the order that helps the other players least.

    Parameters
    ----------
    board, rules, players, seat, rng
        As for every :class:`~workbench.bots.Bot`.
    samples : int, default 24
        Hands drawn per opponent at the start of a round.
    keep : int, default 4
        The likeliest of those kept for the round's guesses.
    beta : float, default 1.5
        How sharply a sample's weight falls per rail its marker lies off its tree.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.engine import Game
    >>> from workbench.bots import GreedyBot, play_game
    >>> game = Game(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> play_game(game, [ShrewdBot, GreedyBot], seed=0).is_terminal()
    True
    """

    name = "shrewd"

    def __init__(
        self,
        board: Board,
        rules: Rules,
        players: int,
        seat: int,
        rng: np.random.Generator,
        samples: int = 24,
        keep: int = 4,
        beta: float = 1.5,
    ) -> None:
        super().__init__(board, rules, players, seat, rng)
        self.samples, self.keep, self.beta = samples, keep, beta
        self._guess_round = -1
        self._guesses: dict[int, list[tuple[float, tuple[str, ...]]]] = {}

    # ------------------------------------------------------------------ guessing hands

    def _unseen(self, obs: Observation) -> dict[str, list[str]]:
        """The cities of each dealt color that this player cannot see, by color."""
        dashed = self.rules.uses_dashed(self.players)
        mine = set(obs.hand)
        out: dict[str, list[str]] = {}
        for color in self.rules.hand_colors(self.board.color_names):
            out[color] = [
                c.name
                for c in self.board.cities
                if c.color == color and (dashed or not c.dashed) and c.name not in mine
            ]
        return out

    def _sample_hand(self, unseen: dict[str, list[str]], size: int) -> tuple[str, ...]:
        rng = self.rng
        if size == len(unseen) and all(unseen.values()):
            return tuple(cities[int(rng.integers(len(cities)))] for cities in unseen.values())
        pool = sorted({c for cities in unseen.values() for c in cities})
        picks = rng.choice(len(pool), size=min(size, len(pool)), replace=False)
        return tuple(pool[i] for i in sorted(picks.tolist()))

    def guesses(self, obs: Observation) -> dict[int, list[tuple[float, tuple[str, ...]]]]:
        """For each opponent with a marker: (weight, sample hand) pairs, weights summing to 1.

        Drawn once per round, at this player's first look at the build phase.
        """
        if self._guess_round == obs.round:
            return self._guesses
        model = self.model
        unseen = self._unseen(obs)
        blocked = self.blocked(obs)
        empty = model.state((), blocked)
        out: dict[int, list[tuple[float, tuple[str, ...]]]] = {}
        for seat, marker in enumerate(obs.markers):
            if seat == self.seat or marker is None:
                continue
            scored = []
            for _ in range(self.samples):
                hand = self._sample_hand(unseen, obs.hand_sizes[seat])
                extra = model.cost(empty, [marker, *hand]) - model.cost(empty, list(hand))
                scored.append((extra, hand))
            scored.sort(key=lambda item: item[0])
            best = scored[: self.keep]
            weights = np.exp(-self.beta * np.array([e for e, _ in best], dtype=float))
            weights /= weights.sum()
            out[seat] = [(float(w), h) for w, (_, h) in zip(weights, best, strict=True)]
        self._guess_round, self._guesses = obs.round, out
        return out

    def demand(self, obs: Observation) -> dict[Edge, float]:
        """How much the other players seem to want each segment now (0 to about 3).

        Each opponent's guessed completions are weighed by their guessed missing rails:
        an opponent who seems 2 rails from finishing counts fully, one 10 rails away
        counts a fifth.
        """
        model = self.model
        state = model.state(obs.rails, self.blocked(obs))
        out: dict[Edge, float] = {}
        for seat, samples in self.guesses(obs).items():
            marker = obs.markers[seat]
            assert marker is not None
            plans = [(w, model.completion(state, [marker, *hand])) for w, hand in samples]
            left = sum(w * plan.cost for w, plan in plans)
            urgency = 2.0 / max(2.0, left)
            for w, plan in plans:
                for e in plan.build:
                    out[e] = out.get(e, 0.0) + urgency * w
        return out

    # ------------------------------------------------------------------ choosing rails

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge]
    ) -> Action:
        """Among the plan's rails that fit, the one the others want least."""
        if len(rails) <= 1 or len(plan) <= self.rules.turn_budget(max(obs.lap, 1)):
            return super().choose_rail(obs, rails, plan)  # one choice, or finishing now
        wanted = self.demand(obs)
        model = self.model
        score = {
            a: (round(wanted.get(a.segment, 0.0), 6), model.weights[model.edge_index[a.segment]])
            for a in rails
        }
        least = min(score.values())
        best = [a for a in rails if score[a] == least]
        return best[int(self.rng.integers(len(best)))]
