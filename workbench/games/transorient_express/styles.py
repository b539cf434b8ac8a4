"""Three playing styles for Transorient Express that differ in what they value.

Each is a bot of :mod:`.bots` with its valuation changed, and nothing else:

* :class:`ObjectivesBot` (``objectives``) plays for the **shared objectives**: a card's
  gain counts the points it adds to the objectives in play ``objective_weight`` (3) times,
  its own points and effects once. Greedy's play otherwise.
* :class:`CollectorBot` (``collector``) **collects one card color**: the color it holds
  most cards of (tableau first, then hand; ties by the set's color order), fixed once it
  holds a card and changed only when another color leads by two. A card of that color
  gains ``color_bonus`` (3) points more. Greedy's play otherwise.
* :class:`BlockerBot` (``blocker``) **denies the draft**: the planner's look at whole
  turns, but what a take leaves for the players still to move this round counts fully
  against it (``deny_weight`` 1, where the planner counts a seventh of what it leaves the
  next player only), so it takes or buries the cards the others want.

They read only their observation and the card set and draw only from their generator, so
the same seed plays the same game.

>>> from workbench.games import GAMES, play
>>> info = GAMES["transorient_express"]
>>> end = play(info.new_game(players=3, seed=1), [info.bots[n] for n in STYLES], seed=1)
>>> end.is_terminal()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from workbench.games.transorient_express.actions import Action, Take
from workbench.games.transorient_express.bots import BotFactory, GreedyBot, PlannerBot
from workbench.games.transorient_express.game import Observation, TransorientExpress

__all__ = ["STYLES", "BlockerBot", "CollectorBot", "ObjectivesBot"]


class _Valued(GreedyBot):
    """Greedy with its card gain changed by :meth:`extra`; every take is valued with the
    changed gain (greedy's fast path reads the gains worked out first)."""

    plays_a_lone_action = True

    def extra(self, obs: Observation, card: int, seat: int) -> float:
        """Points this style adds to ``card``'s gain to ``seat`` (its own seat only)."""
        raise NotImplementedError

    def gain(self, obs: Observation, card: int, base: int, seat: int | None = None) -> float:
        seat = self.seat if seat is None else seat
        key = (seat, card)
        found = self._gains.get(key)
        if found is not None:
            return found
        value = super().gain(obs, card, base, seat)
        if seat == self.seat:
            value += self.extra(obs, card, seat)
        self._gains[key] = value
        return value

    def take_values(
        self, obs: Observation, legal: Sequence[Action], base: int, store: Sequence[int]
    ) -> list[float]:
        for a in legal:
            if type(a) is Take:
                self.gain(obs, obs.bottom[a.column], base)
        return super().take_values(obs, legal, base, store)


class ObjectivesBot(_Valued):
    """Objective points count ``objective_weight`` times (see the module's text).

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["transorient_express"]
    >>> play(info.new_game(players=2, seed=2), [ObjectivesBot] * 2, seed=1).is_terminal()
    True
    """

    name = "objectives"

    def __init__(
        self,
        game: TransorientExpress,
        seat: int,
        rng: np.random.Generator,
        *,
        objective_weight: float = 3.0,
    ) -> None:
        super().__init__(game, seat, rng)
        self.objective_weight = objective_weight

    def objective_points(self, obs: Observation, seat: int, extra: Sequence[int] = ()) -> int:
        """``seat``'s points from the objectives in play if the game ended now with
        ``extra`` in its tableau (the others' Luggage unseen, as none)."""
        sc = self._scorer
        assert sc is not None, "a decision starts with _new_decision"
        tableaux: list[Sequence[int]] = list(obs.tableaux)
        tableaux[seat] = (*tableaux[seat], *extra)
        luggage: list[Sequence[int]] = [()] * len(tableaux)
        if seat == obs.seat:
            luggage[seat] = obs.luggage
        return sum(sc.breakdown(tableaux, luggage)[seat].objectives)

    def extra(self, obs: Observation, card: int, seat: int) -> float:
        gained = self.objective_points(obs, seat, (card,)) - self.objective_points(obs, seat)
        return (self.objective_weight - 1.0) * gained


class CollectorBot(_Valued):
    """Collects the cards of one color (see the module's text).

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["transorient_express"]
    >>> play(info.new_game(players=2, seed=2), [CollectorBot] * 2, seed=1).is_terminal()
    True
    """

    name = "collector"

    def __init__(
        self,
        game: TransorientExpress,
        seat: int,
        rng: np.random.Generator,
        *,
        color_bonus: float = 3.0,
    ) -> None:
        super().__init__(game, seat, rng)
        self.color_bonus = color_bonus
        self.color: str | None = None
        self._colors = list(dict.fromkeys(d.color for d in game.cards.destinations))

    def collect(self, obs: Observation) -> str | None:
        """The color it collects now (``None`` before it holds any card)."""
        cards = self.game.cards.destinations
        counts = dict.fromkeys(self._colors, 0.0)
        for i in obs.tableaux[self.seat]:
            counts[cards[i].color] += 1.0
        for i in obs.hand:
            counts[cards[i].color] += 0.5
        lead = max(self._colors, key=lambda c: (counts[c], -self._colors.index(c)))
        if counts[lead] == 0:
            return self.color
        if self.color is None or counts[lead] >= counts[self.color] + 2:
            self.color = lead
        return self.color

    def _new_decision(self, obs: Observation) -> None:
        super()._new_decision(obs)
        before = self.color
        if self.collect(obs) != before:
            self._gains.clear()

    def extra(self, obs: Observation, card: int, seat: int) -> float:
        same = self.game.cards.destinations[card].color == self.color
        return self.color_bonus if same else 0.0


class BlockerBot(PlannerBot):
    """The planner that counts what it leaves the others fully (see the module's text).

    Examples
    --------
    >>> from workbench.games import GAMES, play
    >>> info = GAMES["transorient_express"]
    >>> play(info.new_game(players=4, seed=2), [BlockerBot] * 4, seed=1).is_terminal()
    True
    """

    name = "blocker"

    def __init__(
        self,
        game: TransorientExpress,
        seat: int,
        rng: np.random.Generator,
        *,
        deny_weight: float = 1.0,
        **kw: Any,
    ) -> None:
        super().__init__(game, seat, rng, deny_weight=deny_weight, **kw)

    def threat(self, obs: Observation, skip: int) -> float:
        """The best gain any seat still to move this round could take from the columns
        left (the planner looks at the next seat only)."""
        order = obs.order
        later = [s for s in order[obs.turn + 1 :] if s != self.seat]
        out = 0.0
        for seat in dict.fromkeys(later):
            base = self.score(obs, seat)
            for col, card in enumerate(obs.bottom):
                if card >= 0 and col != skip:
                    out = max(out, self.gain(obs, card, base, seat=seat))
        return out


STYLES: dict[str, BotFactory] = {
    "objectives": BotFactory("objectives", ObjectivesBot),
    "collector": BotFactory("collector", CollectorBot),
    "blocker": BotFactory("blocker", BlockerBot),
}
"""The playing styles by name, as protocol factories ``(game, seat, rng) -> bot``."""
