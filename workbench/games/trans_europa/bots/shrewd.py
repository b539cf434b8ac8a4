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

from workbench.games.trans_europa.actions import Action, PlaceRail
from workbench.games.trans_europa.bots.greedy import GreedyBot, View
from workbench.games.trans_europa.game import TransEuropa
from workbench.games.trans_europa.state import Observation
from workbench.maps.lattice import Edge

__all__ = ["ShrewdBot"]


class ShrewdBot(GreedyBot):
    """The greedy plan, laid in the order that helps the other players least.

    Parameters
    ----------
    game, seat, rng
        As for every :class:`~workbench.games.trans_europa.bots.Bot`.
    samples : int, default 24
        Hands drawn per opponent at the start of a round.
    keep : int, default 4
        The likeliest of those kept for the round's guesses.
    beta : float, default 1.5
        How sharply a sample's weight falls per rail its marker lies off its tree.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.trans_europa import TransEuropa
    >>> from workbench.games.trans_europa.bots import GreedyBot, play_game
    >>> game = TransEuropa(load_map("maps/tiny.yaml"), players=2, seed=2)
    >>> play_game(game, [ShrewdBot, GreedyBot], seed=0).is_terminal()
    True
    """

    name = "shrewd"

    def __init__(
        self,
        game: TransEuropa,
        seat: int,
        rng: np.random.Generator,
        samples: int = 24,
        keep: int = 4,
        beta: float = 1.5,
    ) -> None:
        super().__init__(game, seat, rng)
        self.samples, self.keep, self.beta = samples, keep, beta
        self._guess_round = -1
        self._guesses: dict[int, list[tuple[float, tuple[str, ...]]]] = {}
        self._demand: tuple[tuple[int, frozenset[Edge]], dict[Edge, float]] | None = None

    # ------------------------------------------------------------------ guessing hands

    def _unseen(self, obs: Observation) -> dict[str, list[str]]:
        """The cities of each dealt color that this player has not seen this round.

        Cards it holds or held (``obs.seen``) and cards shown face up (``obs.revealed``)
        are out.
        """
        rules = obs.rules
        dashed = rules.uses_dashed(self.players)
        known = set(obs.hand) | set(obs.seen)
        for shown in obs.revealed:
            known.update(shown)
        out: dict[str, list[str]] = {}
        for color in rules.hand_colors(self.board.color_names):
            out[color] = [
                c.name
                for c in self.board.cities
                if c.color == color and (dashed or not c.dashed) and c.name not in known
            ]
        return out

    def _sample_hand(
        self, obs: Observation, seat: int, unseen: dict[str, list[str]]
    ) -> tuple[str, ...]:
        """A guess at ``seat``'s hand: its shown cards, and one unseen city per other card.

        The colors of the hidden cards are public (card backs, ``obs.hand_colors``); without
        them, one card per dealt color.
        """
        rng = self.rng
        shown = list(obs.revealed[seat]) if obs.revealed else []
        colors = list(obs.hand_colors[seat]) if obs.hand_colors else list(unseen)
        for name in shown:
            color = self.board.city(name).color
            if color in colors:
                colors.remove(color)
        hand = shown
        for color in colors:
            cities = [c for c in unseen.get(color, ()) if c not in hand]
            if cities:
                hand.append(cities[int(rng.integers(len(cities)))])
        return tuple(hand)

    def guesses(self, obs: Observation) -> dict[int, list[tuple[float, tuple[str, ...]]]]:
        """For each opponent with a marker: (weight, sample hand) pairs, weights summing to 1.

        Drawn once per round, at this player's first look at the build phase.
        """
        if self._guess_round == obs.round:
            return self._guesses
        unseen = self._unseen(obs)
        out: dict[int, list[tuple[float, tuple[str, ...]]]] = {}
        for seat, marker in enumerate(obs.markers):
            if seat == self.seat or marker is None:
                continue
            view = self.view(obs, seat)
            scored = []
            for _ in range(self.samples):
                hand = self._sample_hand(obs, seat, unseen)
                extra = view.cost([marker, *hand]) - view.cost(list(hand))
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
        counts a fifth. Worked out once per turn: within a turn only this player's own
        rails change.
        """
        key = (obs.round, obs.rails - set(obs.placed))
        if self._demand is not None and self._demand[0] == key:
            return self._demand[1]
        out: dict[Edge, float] = {}
        for seat, samples in self.guesses(obs).items():
            marker = obs.markers[seat]
            assert marker is not None
            view = self.view(obs, seat)
            plans = [(w, *view.plan([marker, *hand])) for w, hand in samples]
            left = sum(w * cost for w, cost, _ in plans)
            urgency = 2.0 / max(2.0, left)
            for w, _, build in plans:
                for e in build:
                    out[e] = out.get(e, 0.0) + urgency * w
        self._demand = (key, out)
        return out

    # ------------------------------------------------------------------ choosing rails

    def choose_rail(
        self, obs: Observation, rails: Sequence[PlaceRail], plan: frozenset[Edge], view: View
    ) -> Action:
        """Among the plan's rails that fit, the one the others want least.

        A colored rail, when there are some, goes on the segment the others want most
        instead: it is a rail they can never use.
        """
        segments = {a.segment for a in rails}
        if len(segments) <= 1 or len(plan) <= obs.rules.turn_budget(max(obs.lap, 1)):
            return super().choose_rail(obs, rails, plan, view)  # one choice, or finishing
        wanted = self.demand(obs)
        black = [a for a in rails if not a.colored]
        colored = [a for a in rails if a.colored]
        if colored:
            top = max(wanted.get(a.segment, 0.0) for a in colored)
            if top > 0:
                best = [a for a in colored if wanted.get(a.segment, 0.0) == top]
                return best[int(self.rng.integers(len(best)))]
        pool = black or colored
        score = {a: (round(wanted.get(a.segment, 0.0), 6), view.weight(a.segment)) for a in pool}
        least = min(score.values())
        best = [a for a in pool if score[a] == least]
        return best[int(self.rng.integers(len(best)))]
