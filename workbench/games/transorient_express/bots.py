"""Bots for Transorient Express: ``random``, ``greedy`` and ``planner`` (the stronger one).

Each bot sees only its :class:`~.game.Observation` and draws from the generator it is
given. Values are in points; a card's **gain** is how much the player's final score would
grow if the card were in its tableau now, objectives in play included (see
:func:`own_score`), plus a fixed worth for the effects that score nothing themselves (a
discount, a bigger store, the Luggage draw).

* ``greedy`` plays the affordable card of best gain per token paid; as its mandatory action
  it takes the card or pile of best points per token now (a card counts by its gain per
  token, scaled by how much of its cost the store already holds; a pile by the gain per
  token of the hand card it makes affordable).
* ``planner`` looks at whole turns: every mandatory action followed by every optional play,
  each position valued by the score now, the hand's prospects, the store's tokens and the
  engine (discounts and store bonus times the turns left); it also counts what its take
  denies the player who moves next.

>>> from workbench.games import GAMES, play
>>> info = GAMES["transorient_express"]
>>> game = info.new_game(players=2, seed=3)
>>> end = play(game, [info.bots["planner"], info.bots["greedy"]], seed=1)
>>> end.is_terminal()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from workbench.games.transorient_express.actions import (
    Action,
    Discard,
    Keep,
    Pass,
    Pile,
    Place,
    Play,
    Return,
    Take,
)
from workbench.games.transorient_express.game import Observation, TransorientExpress, _kept
from workbench.games.transorient_express.scoring import Scorer, scorer

__all__ = ["BOTS", "GreedyBot", "PlannerBot", "RandomBot", "own_score"]

EFFECT_WORTH = {"discount": 2.0, "store": 1.0}
"""Points a card's effect is worth to greedy beyond its own points (it scores none)."""
LUGGAGE_WORTH = 2.0
"""Points the Luggage icon is worth (the set's Luggage cards average about 2)."""


def own_score(
    game: TransorientExpress,
    obs: Observation,
    seat: int,
    extra: Sequence[int] = (),
    extra_luggage: Sequence[int] = (),
) -> int:
    """``seat``'s points if the game ended now with ``extra`` cards added to its tableau
    (others' Luggage, unseen, counted as none).

    >>> from workbench.games import GAMES
    >>> game = GAMES["transorient_express"].new_game(players=2, seed=3)
    >>> obs = game.new_state().observation(0)
    >>> own_score(game, obs, 0, [0]) >= 1
    True
    """
    tableaux: list[Sequence[int]] = list(obs.tableaux)
    if extra:
        tableaux[seat] = (*tableaux[seat], *extra)
    luggage: list[Sequence[int]] = [()] * len(tableaux)
    if seat == obs.seat:
        luggage[seat] = (*obs.luggage, *extra_luggage)
    return scorer(game.cards, obs.objectives, game.rules.ranked_ties).total(seat, tableaux, luggage)


class _Base:
    def __init__(self, game: TransorientExpress, seat: int, rng: np.random.Generator) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng
        self.costs = game.costs
        self.worth: tuple[float, ...] = _kept(game.cards, "bot worth", 0, lambda: self._worth())
        """What each card's effect and Luggage icon are worth beyond its points."""
        self.discount_color: tuple[int, ...] = _kept(
            game.cards, "bot discount color", 0, lambda: self._discount_color()
        )
        self._scorer: Scorer | None = None
        self._gains: dict[tuple[int, int], float] = {}  # this decision's gains
        self._rivals: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}  # and rivals
        # every card's cost to a seat, by seat: it depends on the seat's discounts alone
        # (kept while the tableaux they were worked out for stay), and the rows are
        # shared by every bot of the card set, by discounts
        self._cost_rows: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}
        self._cost_tableaux: dict[int, tuple[int, ...]] = {}
        self._rows_by_discounts: dict[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]] = (
            _kept(game.cards, "bot cost rows", 0, dict)
        )
        self._key: tuple[Any, ...] | None = None  # what those were worked out for

    def _worth(self) -> tuple[float, ...]:
        return tuple(
            EFFECT_WORTH.get(d.effect.kind, 0.0) + (LUGGAGE_WORTH if d.luggage else 0.0)
            for d in self.game.cards.destinations
        )

    def _discount_color(self) -> tuple[int, ...]:
        index = self.game.color_index
        return tuple(
            index[d.effect.color] if d.effect.kind == "discount" else -1
            for d in self.game.cards.destinations
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"

    def _new_decision(self, obs: Observation) -> None:
        # gains, rivals, discounts and costs depend on the tableaux, this seat's Luggage
        # and the objectives alone: while those stay (the take and the play of a turn,
        # turns in which no card is played) the last decision's are still right
        key = (obs.tableaux, obs.luggage, obs.objectives)
        if key == self._key:
            return
        self._key = key
        self._gains.clear()
        self._rivals.clear()
        tableaux = obs.tableaux
        for seat, tableau in self._cost_tableaux.items():
            if tableaux[seat] != tableau:
                self._cost_rows.clear()
                self._cost_tableaux.clear()
                break
        sc = self._scorer
        if sc is None or sc.objective_indices != obs.objectives:
            self._scorer = scorer(self.game.cards, obs.objectives, self.game.rules.ranked_ties)

    def score(
        self,
        obs: Observation,
        seat: int,
        extra: Sequence[int] = (),
        extra_luggage: Sequence[int] = (),
    ) -> int:
        """:func:`own_score`, with the other seats' passports and Route set lengths
        worked out once per decision (which :meth:`act` starts).

        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=2, seed=3)
        >>> state = game.new_state()
        >>> while state.to_play is None:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> bot, obs = GreedyBot(game, 0, np.random.default_rng(1)), state.observation(0)
        >>> bot._new_decision(obs)
        >>> bot.score(obs, 0, [5]) == own_score(game, obs, 0, [5])
        True
        """
        sc = self._scorer
        assert sc is not None, "a decision starts with _new_decision"
        rivals = self._rivals.get(seat)
        if rivals is None:
            if sc.ranks:
                # the others' Luggage is unseen: it counts as none, as in own_score
                luggage_seen = [()] * len(obs.tableaux)
                rivals = sc.rivals(seat, obs.tableaux, luggage_seen)
            else:
                rivals = ((), ())  # no objective ranks the players: they do not count
            self._rivals[seat] = rivals
        tableau = obs.tableaux[seat]
        if extra:
            tableau = (*tableau, *extra)
        if seat != obs.seat:
            luggage: Sequence[int] = ()
        else:
            luggage = (*obs.luggage, *extra_luggage) if extra_luggage else obs.luggage
        return sc.total_against(tableau, luggage, rivals)

    def cost(
        self, obs: Observation, card: int, seat: int | None = None
    ) -> tuple[tuple[int, int], ...]:
        """What ``card`` costs ``seat`` (this bot's by default) after its discounts:
        ``((token index, count), ...)``, the colors its discounts cover in full left out."""
        seat = self.seat if seat is None else seat
        row = self._cost_rows.get(seat)
        if row is None:
            row = self.cost_row(obs, seat)
        return row[card]

    def cost_row(self, obs: Observation, seat: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """:meth:`cost` of every card to ``seat``, by card.

        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=2, seed=3)
        >>> state = game.new_state()
        >>> while state.to_play is None:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> bot, obs = GreedyBot(game, 0, np.random.default_rng(1)), state.observation(0)
        >>> bot._new_decision(obs)
        >>> bot.cost_row(obs, 1)[7] == tuple(state.cost(1, 7))
        True
        """
        tableau = obs.tableaux[seat]
        disc = [0] * len(self.game.cards.token_colors)
        for i in tableau:
            color = self.discount_color[i]
            if color >= 0:
                disc[color] += 1
        key = tuple(disc)
        row = self._rows_by_discounts.get(key)
        if row is None:
            if len(self._rows_by_discounts) >= 4_096:
                self._rows_by_discounts.clear()
            row = self._rows_by_discounts[key] = tuple(
                tuple((i, n - disc[i]) for i, n in cost if n > disc[i]) for cost in self.costs
            )
        self._cost_rows[seat] = row
        self._cost_tableaux[seat] = tableau
        return row

    def gain(self, obs: Observation, card: int, base: int, seat: int | None = None) -> float:
        seat = self.seat if seat is None else seat
        key = (seat, card)
        found = self._gains.get(key)
        if found is not None:
            return found
        sc = self._scorer
        rivals = self._rivals.get(seat)
        if sc is None or rivals is None:
            value: float = self.score(obs, seat, (card,)) - base
        else:
            luggage = obs.luggage if seat == obs.seat else ()
            value = sc.total_plus(obs.tableaux[seat], luggage, rivals, card) - base
        value += self.worth[card]
        self._gains[key] = float(value)
        return float(value)

    @staticmethod
    def missing(store: Sequence[int], cost: Sequence[tuple[int, int]]) -> int:
        short = 0
        for i, k in cost:
            if k > store[i]:
                short += k - store[i]
        return short


class RandomBot(_Base):
    """Uniformly random legal actions."""

    def act(self, obs: Observation) -> Action:
        return self.choose(obs.legal_actions)

    def choose(self, legal: Sequence[Action]) -> Action:
        """:meth:`act` given the legal actions alone (all it looks at: the simulator
        builds no observation for it).

        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=2, seed=3)
        >>> state = game.new_state()
        >>> while state.to_play is None:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> a = RandomBot(game, 0, np.random.default_rng(1)).act(state.observation(0))
        >>> a == RandomBot(game, 0, np.random.default_rng(1)).choose(state.legal_actions())
        True
        """
        return legal[int(self.rng.integers(len(legal)))]


class GreedyBot(_Base):
    """Best points per token now, objectives in view (see the module's text)."""

    plays_a_lone_action = True
    """With one legal action this bot plays it and draws nothing from its generator (the
    simulator need not build an observation for it); a subclass that looks first says
    ``False``."""

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        if phase == "place":
            return legal[0]  # the first open column
        self._new_decision(obs)
        base = self.score(obs, self.seat)
        store = obs.stores[self.seat]
        if phase == "play":
            best: tuple[float, int] = (0.0, -1)
            for i, a in enumerate(legal):
                if isinstance(a, Play):
                    paid = sum([k for _, k in self.cost(obs, a.card)])
                    ratio = self.gain(obs, a.card, base) / max(1, paid)
                    if ratio > best[0]:
                        best = (ratio, i)
            return legal[best[1]] if best[1] >= 0 else Pass()
        if phase == "take":
            values = self.take_values(obs, legal, base, store)
            return legal[values.index(max(values))]
        if phase == "keep":
            return max(
                legal,
                key=lambda a: (
                    self.score(obs, self.seat, (), (a.luggage,)) if isinstance(a, Keep) else 0
                ),
            )
        if phase == "discard":
            return min(
                legal,
                key=lambda a: (
                    self.card_ratio(obs, a.card, base, store) if isinstance(a, Discard) else 0
                ),
            )
        if phase == "return":
            need = self.demand(obs, store)
            return min(legal, key=lambda a: need.get(a.color, 0) if isinstance(a, Return) else 0)
        raise ValueError(f"no {phase!r} step in Transorient Express")

    def card_ratio(self, obs: Observation, card: int, base: int, store: Sequence[int]) -> float:
        cost = self.cost(obs, card)
        total = sum(k for _, k in cost)
        have = total - self.missing(store, cost)
        coverage = have / total if total else 1.0
        return self.gain(obs, card, base) / (total + 1) * (0.5 + 0.5 * coverage)

    def take_values(
        self, obs: Observation, legal: Sequence[Action], base: int, store: Sequence[int]
    ) -> list[float]:
        """The worth of each mandatory action in ``legal``: a card by :meth:`card_ratio`;
        a pile by the best gain per token of a hand card it makes affordable, plus 0.05 a
        token.

        >>> from workbench.games import GAMES
        >>> game = GAMES["transorient_express"].new_game(players=2, seed=3)
        >>> state = game.new_state()
        >>> while state.to_play is None:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> bot, obs = GreedyBot(game, 0, np.random.default_rng(1)), state.observation(0)
        >>> bot._new_decision(obs)
        >>> values = bot.take_values(obs, obs.legal_actions, bot.score(obs, 0), obs.stores[0])
        >>> len(values) == len(obs.legal_actions)
        True
        """
        # card_ratio, gain and cost written out here with their tables in locals: this
        # runs for every column of every mandatory action, the bulk of a greedy game
        seat, gains = self.seat, self._gains
        row = self._cost_rows.get(seat)
        if row is None:
            row = self.cost_row(obs, seat)
        missing = self.missing
        sc, rivals = self._scorer, self._rivals.get(seat, ((), ()))
        plus = sc.total_plus if sc is not None and seat in self._rivals else None
        tableau, luggage, worth = obs.tableaux[seat], obs.luggage, self.worth
        short = []  # the hand cards the store cannot pay now: cost, gain per token
        for card in obs.hand:
            cost = row[card]
            if missing(store, cost) > 0:
                short.append((cost, self.gain(obs, card, base) / (sum([k for _, k in cost]) + 1)))
        bottom, piles = obs.bottom, obs.piles
        out = []
        for a in legal:
            if type(a) is Take:
                card = bottom[a.column]
                cost = row[card]
                total = lack = 0
                for i, k in cost:
                    total += k
                    if k > store[i]:
                        lack += k - store[i]
                coverage = (total - lack) / total if total else 1.0
                gain = gains.get((seat, card))
                if gain is None:
                    if plus is None:
                        gain = self.gain(obs, card, base)
                    else:  # gain's sum written out
                        gain = gains[seat, card] = float(
                            plus(tableau, luggage, rivals, card) - base + worth[card]
                        )
                out.append(gain / (total + 1) * (0.5 + 0.5 * coverage))
                continue
            assert isinstance(a, Pile)
            pile = piles[a.column]
            best = 0.0
            for cost, ratio in short:
                # missing(store + pile, cost) == 0 written out
                for i, k in cost:
                    if k > store[i] + pile[i]:
                        break
                else:
                    if ratio > best:
                        best = ratio
            out.append(best + 0.05 * sum(pile))
        return out

    def demand(self, obs: Observation, store: Sequence[int]) -> dict[str, int]:
        colors = self.game.cards.token_colors
        need: dict[str, int] = {}
        for card in obs.hand:
            for i, k in self.cost(obs, card):
                need[colors[i]] = need.get(colors[i], 0) + k
        return need


class PlannerBot(GreedyBot):
    """Whole-turn look-ahead with a position value (see the module's text).

    Parameters
    ----------
    hand_weight : float
        How much a hand card's gain counts before it is paid (scaled by the share of its
        cost already in the store).
    token_weight : float
        Points per token in the store.
    engine_weight : float
        Points per discount or store bonus per round expected to be left.
    deny_weight : float
        How much the best card the next player could take counts against a position.
    horizon : float
        Rounds before the expected end from which the hand and the tokens count less and
        less (they are worth nothing once the game is over); 0 turns this off.
    """

    def __init__(
        self,
        game: TransorientExpress,
        seat: int,
        rng: np.random.Generator,
        *,
        hand_weight: float = 0.4,
        token_weight: float = 0.3,
        engine_weight: float = 0.4,
        deny_weight: float = 0.15,
        horizon: float = 3.0,
    ) -> None:
        super().__init__(game, seat, rng)
        self.hand_weight = hand_weight
        self.token_weight = token_weight
        self.engine_weight = engine_weight
        self.deny_weight = deny_weight
        self.horizon = horizon

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        self._new_decision(obs)
        if obs.phase == "take":
            return self.plan(obs)
        if obs.phase == "play":
            return self.best_play(obs, list(obs.hand), list(obs.stores[self.seat]))[1]
        if obs.phase == "place":
            return self.place(obs)
        return super().act(obs)

    def rounds_left(self, obs: Observation) -> float:
        most = max(len(t) for t in obs.tableaux)
        return max(0.0, (self.game.rules.end_at(self.game.players) - most) * 1.3)

    def value(
        self, obs: Observation, tableau_extra: list[int], hand: list[int], store: list[int]
    ) -> float:
        score = self.score(obs, self.seat, tableau_extra)
        engine = 0.0
        for card in tableau_extra:
            e = self.game.cards.destinations[card].effect
            if e.kind in ("discount", "store"):
                engine += self.engine_weight * self.rounds_left(obs)
            if self.game.cards.destinations[card].luggage:
                engine += 2.0
        prospects = 0.0
        for card in hand:
            cost = self.cost(obs, card)
            total = sum(k for _, k in cost)
            have = total - self.missing(store, cost)
            share = have / total if total else 1.0
            d = self.game.cards.destinations[card]
            gain: float = self.score(obs, self.seat, (*tableau_extra, card)) - score
            gain += EFFECT_WORTH.get(d.effect.kind, 0.0) * min(1.0, self.rounds_left(obs) / 4)
            prospects += self.hand_weight * gain * (0.4 + 0.6 * share)
        limit = self.game.rules.store_limit + sum(
            self.game.cards.destinations[c].effect.amount
            for c in (*obs.tableaux[self.seat], *tableau_extra)
            if self.game.cards.destinations[c].effect.kind == "store"
        )
        tokens = min(sum(store), limit)
        late = min(1.0, self.rounds_left(obs) / self.horizon) if self.horizon else 1.0
        return score + engine + late * (prospects + self.token_weight * tokens)

    def best_play(
        self, obs: Observation, hand: list[int], store: list[int]
    ) -> tuple[float, Action]:
        best: tuple[float, Action] = (self.value(obs, [], hand, store), Pass())
        for card in sorted(set(hand)):
            cost = self.cost(obs, card)
            if self.missing(store, cost):
                continue
            after = list(store)
            for i, k in cost:
                after[i] -= k
            rest = list(hand)
            rest.remove(card)
            v = self.value(obs, [card], rest, after)
            if v > best[0]:
                d = self.game.cards.destinations[card]
                best = (v, Play(card, f"{d.number}-{d.color}"))
        return best

    def plan(self, obs: Observation) -> Action:
        store = list(obs.stores[self.seat])
        hand = list(obs.hand)
        best: tuple[float, int] = (-1e9, 0)
        for i, a in enumerate(obs.legal_actions):
            if isinstance(a, Take):
                card = obs.bottom[a.column]
                new_hand, new_store = [*hand, card], store
            else:
                assert isinstance(a, Pile)
                card = -1
                new_hand = hand
                new_store = [s + p for s, p in zip(store, obs.piles[a.column], strict=True)]
            v, _ = self.best_play(obs, new_hand, new_store)
            if len(new_hand) > self.game.rules.hand_limit + 1:
                v -= 1.0
            v -= self.deny_weight * self.threat(obs, skip=a.column)
            if v > best[0]:
                best = (v, i)
        return obs.legal_actions[best[1]]

    def threat(self, obs: Observation, skip: int) -> float:
        """The best gain the next seat could take from the columns left."""
        order = obs.order
        if obs.turn + 1 >= len(order):
            return 0.0
        nxt = order[obs.turn + 1]
        if nxt == self.seat:
            return 0.0
        base = self.score(obs, nxt)
        out = 0.0
        for col, card in enumerate(obs.bottom):
            if card >= 0 and col != skip:
                out = max(out, self.gain(obs, card, base, seat=nxt))
        return out

    def place(self, obs: Observation) -> Action:
        """The Stationmaster goes under the column this seat would least like others to
        take: the weakest card, so whoever takes it pays for starting next round."""
        base = self.score(obs, self.seat)
        return min(
            obs.legal_actions,
            key=lambda a: self.gain(obs, obs.bottom[a.column], base) if isinstance(a, Place) else 0,
        )


class BotFactory:
    """A protocol bot factory ``(game, seat, rng) -> bot`` with a name."""

    def __init__(self, name: str, cls: Any, **params: Any) -> None:
        self.name = name
        self.cls = cls
        self.params = params

    def __repr__(self) -> str:
        return f"<bot {self.name!r} of transorient_express>"

    def __call__(self, game: Any, seat: int, rng: np.random.Generator) -> Any:
        return self.cls(game, seat, rng, **self.params)


BOTS: dict[str, BotFactory] = {
    "random": BotFactory("random", RandomBot),
    "greedy": BotFactory("greedy", GreedyBot),
    "planner": BotFactory("planner", PlannerBot),
}
"""The bots by name."""
