"""End-of-game scoring: points by source (cards, luggage, each objective) for every player.

A player's **cards** points are the Destination cards' points and their end-game effects
(``per_color``, ``per_passport``); **luggage** the Luggage cards' points and
``per_luggage``; each objective in play adds its own column. Wild cards are decided for the
player's best: a ``wild_number`` card counts as whichever number lengthens the Route set
most, a ``wild_color`` card as whichever color gives the most points (tried in full).

>>> from workbench.games.transorient_express.cards import load_cards
>>> cards = load_cards("maps/transorient_express.yaml")
>>> tableau = [cards.destination(x) for x in ("1 red", "2 red", "3 red")]
>>> run_length([cards.destinations[i] for i in tableau])
3
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from workbench.games.transorient_express.cards import CardSet, Destination, Luggage, Objective

__all__ = [
    "Breakdown",
    "Scorer",
    "objective_value",
    "passports",
    "ranked_points",
    "run_length",
    "score_players",
    "scorer",
    "season_met",
    "table_points",
]


@dataclass(frozen=True)
class Breakdown:
    """One player's final points by source; ``objectives`` follows the objectives in play."""

    cards: int
    luggage: int
    objectives: tuple[int, ...]
    passports: int

    @property
    def total(self) -> int:
        return self.cards + self.luggage + sum(self.objectives)


def passports(tableau: Sequence[Destination], luggage: Sequence[Luggage]) -> int:
    """Passport icons on the Destination and Luggage cards."""
    return sum(d.passports for d in tableau) + sum(lg.passports for lg in luggage)


def run_length(tableau: Sequence[Destination]) -> int:
    """The longest set 1, 2, ..., k a player holds, ``wild_number`` cards filling gaps.

    >>> from workbench.games.transorient_express.cards import Effect
    >>> card = lambda n, wild=False: Destination(n, "red", "", (), 0,
    ...     effect=Effect("wild_number") if wild else Effect())
    >>> run_length([card(1), card(2), card(4)]), run_length([card(1), card(4), card(9, True)])
    (2, 2)
    >>> run_length([card(2), card(3)]), run_length([card(2), card(7, True)])
    (0, 2)
    """
    wild = 0
    have = set()
    for d in tableau:
        if d.effect.kind == "wild_number":
            wild += 1
        else:
            have.add(d.number)
    k = 0
    while True:
        if k + 1 not in have:
            if wild == 0:
                return k
            wild -= 1
        k += 1


def table_points(objective: Objective, value: int) -> int:
    """The points of the best row of ``objective``'s table that ``value`` reaches.

    >>> table_points(Objective(13, "route", table=((2, 2), (5, 6), (7, 9))), 6)
    6
    """
    points = 0
    for at_least, p in objective.table:
        if value >= at_least:
            points = p
    return points


def season_met(objective: Objective, counts: Sequence[int], colors: Sequence[str]) -> bool:
    """Whether cards of ``counts`` colors (in ``colors`` order) meet a Season card.

    >>> season_met(Objective(9, "season", need="same", need_value=3, points=6),
    ...            [3, 0, 1], ["red", "green", "blue"])
    True
    """
    need, value = objective.need, objective.need_value
    if need == "colors":
        assert isinstance(value, tuple)
        return all(counts[colors.index(c)] >= value.count(c) for c in set(value))
    assert isinstance(value, int)
    if need == "distinct":
        return sum(1 for c in counts if c) >= value
    if need == "same":
        return max(counts) >= value
    return sum(1 for c in counts if c >= 2) >= value  # pairs


def ranked_points(values: Sequence[int], medals: Sequence[int], ties: str = "dense") -> list[int]:
    """Medals by ranking ``values`` (higher is better; 0 earns nothing). Tied players all
    take their rank's medal; below them ranks go on ``dense`` (the next is one lower) or
    ``competition`` (tied players use up their places).

    >>> ranked_points([5, 5, 3, 1], [8, 5, 2])
    [8, 8, 5, 2]
    >>> ranked_points([5, 5, 3, 1], [8, 5, 2], "competition")
    [8, 8, 2, 0]
    >>> ranked_points([0, 2], [8, 5, 2])
    [0, 8]
    """
    out = [0] * len(values)
    distinct = sorted({v for v in values if v > 0}, reverse=True)
    for seat, v in enumerate(values):
        if v <= 0:
            continue
        rank = distinct.index(v) if ties == "dense" else sum(1 for w in values if w > v)
        out[seat] = medals[rank] if rank < len(medals) else 0
    return out


def _own_points(
    cards: CardSet,
    tableau: Sequence[Destination],
    luggage: Sequence[Luggage],
    seasons: Sequence[Objective],
) -> tuple[int, list[int]]:
    """Best cards points plus season points over the wild colors' choices."""
    colors = cards.colors
    base = [0] * len(colors)
    wild = 0
    fixed_points = 0
    per_color: list[tuple[int, int]] = []
    pp = passports(tableau, luggage)
    for d in tableau:
        fixed_points += d.points
        kind = d.effect.kind
        if kind == "wild_color":
            wild += 1
        else:
            base[colors.index(d.color)] += 1
        if kind == "per_color":
            per_color.append((colors.index(d.effect.color), d.effect.amount))
        elif kind == "per_passport":
            fixed_points += d.effect.amount * pp
    best: tuple[int, list[int]] | None = None
    choices = itertools.combinations_with_replacement(range(len(colors)), wild) if wild else [()]
    for choice in choices:
        counts = list(base)
        for c in choice:
            counts[c] += 1
        card_points = fixed_points + sum(a * counts[c] for c, a in per_color)
        season = [o.points if season_met(o, counts, colors) else 0 for o in seasons]
        if best is None or card_points + sum(season) > best[0] + sum(best[1]):
            best = (card_points, season)
    assert best is not None
    return best


def objective_value(objective: Objective, tableau: Sequence[Destination], pp: int) -> int:
    """What a Visa (passports) or Route (set length) card measures for one player."""
    return pp if objective.kind == "visa" else run_length(tableau)


class Scorer:
    """The scoring of one card set with its objectives in play, with every card's numbers
    looked up once (the bots score thousands of what-ifs a game).

    >>> from workbench.games.transorient_express.cards import load_cards
    >>> cards = load_cards("maps/transorient_express.yaml")
    >>> scorer = Scorer(cards, (0, 6, 12))
    >>> scorer.total(0, [[0, 12], [5]], [[], []]) == score_players(
    ...     cards, [[0, 12], [5]], [[], []], (0, 6, 12))[0].total
    True
    """

    def __init__(self, cards: CardSet, objectives: Sequence[int], ties: str = "dense") -> None:
        self.cards = cards
        self.ties = ties
        colors = cards.colors
        self.ncolors = len(colors)
        # the card set's numbers and the tables that depend on the cards alone (sums by
        # tableau, Route sets) are shared by the scorers of the set
        self.dest, self.lug, self._wild_numbers, self._partials, self._runs = _card_tables(cards)
        self.objective_indices = tuple(objectives)
        self.objs = [cards.objectives[i] for i in objectives]
        self.seasons = [o for o in self.objs if o.kind == "season"]
        self.ranked = [o for o in self.objs if o.kind != "season"]
        self.needs_run = any(o.kind == "route" for o in self.objs)
        self._wild_numbers = frozenset(i for i, d in enumerate(self.dest) if d[3] == "wild_number")
        self._medals = [(o.kind == "visa", o.medals) for o in self.ranked if o.medals]
        self.ranks = bool(self._medals)
        """Whether an objective in play ranks the players (else :meth:`rivals` matter not)."""
        self._checks = [_season_check(o, colors) for o in self.seasons]
        # every Season's points, the most the wild colors can add (None if a Season
        # were to take points away: then the choices are all tried)
        self._season_points: int | None = sum(points for points, _ in self._checks)
        if any(points < 0 for points, _ in self._checks):
            self._season_points = None
        self._mine: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int, int]] = {}
        self._plus: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, int, int]] = {}
        self._contexts: dict[tuple[tuple[int, ...], tuple[int, ...]], _Context] = {}
        # the objectives in play scored by a table: (whether Visa, the table)
        self._tables = [(o.kind == "visa", o.table) for o in self.ranked if not o.medals]

    def passports(self, tableau: Sequence[int], luggage: Sequence[int]) -> int:
        """Passports on the cards (indices)."""
        dest, lug = self.dest, self.lug
        return sum(dest[i][1] for i in tableau) + sum(lug[i][1] for i in luggage)

    def run(self, tableau: Sequence[int]) -> int:
        """The Route set length (see :func:`run_length`)."""
        key = tuple(tableau)
        found = self._runs.get(key)
        if found is None:
            if len(self._runs) >= _KEPT:
                self._runs.clear()
            found = self._runs[key] = self._run(key)
        return found

    def _run(self, tableau: Sequence[int]) -> int:
        wild = 0
        have = set()
        for i in tableau:
            d = self.dest[i]
            if d[3] == "wild_number":
                wild += 1
            else:
                have.add(d[6])
        k = 0
        while True:
            if k + 1 not in have:
                if wild == 0:
                    return k
                wild -= 1
            k += 1

    def own(self, tableau: Sequence[int], luggage: Sequence[int]) -> tuple[int, list[int], int]:
        """Cards points, season points (best wild colors) and luggage points."""
        base = [0] * self.ncolors
        wild = 0
        fixed = 0
        per_color = []
        pp = self.passports(tableau, luggage)
        for i in tableau:
            points, _, color, kind, ecolor, amount, _ = self.dest[i]
            fixed += points
            if kind == "wild_color":
                wild += 1
            else:
                base[color] += 1
            if kind == "per_color":
                per_color.append((ecolor, amount))
            elif kind == "per_passport":
                fixed += amount * pp
        lug_points = 0
        for i in luggage:
            lug_points += self.lug[i][0] + self.lug[i][2] * len(luggage)
        seasons = self.seasons
        colors = self.cards.colors
        if not wild:
            card_points = fixed + sum(a * base[c] for c, a in per_color)
            return (
                card_points,
                [o.points if season_met(o, base, colors) else 0 for o in seasons],
                lug_points,
            )
        best: tuple[int, list[int]] | None = None
        for choice in itertools.combinations_with_replacement(range(self.ncolors), wild):
            counts = list(base)
            for c in choice:
                counts[c] += 1
            card_points = fixed + sum(a * counts[c] for c, a in per_color)
            season = [o.points if season_met(o, counts, colors) else 0 for o in seasons]
            if best is None or card_points + sum(season) > best[0] + sum(best[1]):
                best = (card_points, season)
        assert best is not None
        return best[0], best[1], lug_points

    def breakdown(
        self, tableaux: Sequence[Sequence[int]], luggages: Sequence[Sequence[int]]
    ) -> list[Breakdown]:
        """Every player's :class:`Breakdown`."""
        n = len(tableaux)
        own = [self.own(tableaux[s], luggages[s]) for s in range(n)]
        pps = [self.passports(tableaux[s], luggages[s]) for s in range(n)]
        runs = [self.run(t) for t in tableaux] if self.needs_run else [0] * n
        columns: list[list[int]] = []
        season_i = 0
        for o in self.objs:
            if o.kind == "season":
                columns.append([own[s][1][season_i] for s in range(n)])
                season_i += 1
                continue
            values = pps if o.kind == "visa" else runs
            if o.medals:
                columns.append(ranked_points(values, o.medals, self.ties))
            else:
                columns.append([table_points(o, v) for v in values])
        return [
            Breakdown(own[s][0], own[s][2], tuple(col[s] for col in columns), pps[s])
            for s in range(n)
        ]

    def total(
        self, seat: int, tableaux: Sequence[Sequence[int]], luggages: Sequence[Sequence[int]]
    ) -> int:
        """``seat``'s total alone (others are measured only for the ranked objectives)."""
        return self.total_against(
            tableaux[seat], luggages[seat], self.rivals(seat, tableaux, luggages)
        )

    def rivals(
        self, seat: int, tableaux: Sequence[Sequence[int]], luggages: Sequence[Sequence[int]]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What the ranked objectives hold ``seat`` against: the other seats' passports
        and Route set lengths (the second is empty without a Route objective).

        >>> from workbench.games.transorient_express.cards import load_cards
        >>> cards = load_cards("maps/transorient_express.yaml")
        >>> one_red, two_red = cards.destination("1 red"), cards.destination("2 red")
        >>> pp, runs = Scorer(cards, (0, 6, 12)).rivals(0, [[], [one_red, two_red], []], [[]] * 3)
        >>> runs  # seat 1 holds the Route set 1-2, seat 2 nothing
        (2, 0)
        >>> pp == (cards.destinations[one_red].passports + cards.destinations[two_red].passports, 0)
        True
        """
        pp = []
        runs = []
        for s, tableau in enumerate(tableaux):
            if s != seat:
                luggage = luggages[s]
                key = tuple(tableau)
                p = self.partial(key)[4]
                pp.append(p + sum([self.lug[i][1] for i in luggage]) if luggage else p)
                runs.append(self.run(key) if self.needs_run else 0)
        return tuple(pp), tuple(runs) if self.needs_run else ()

    def partial(self, tableau: tuple[int, ...]) -> _Partial:
        """What ``tableau``'s cards add up to, built on the tableau without its last card
        (kept: tableaux grow a card at a time, and a bot tries one card on top of its own):
        cards by color, wild color cards, points (``per_color`` and ``per_passport`` apart),
        ``per_passport`` amounts, passports, and the ``per_color`` effects.

        >>> from workbench.games.transorient_express.cards import load_cards
        >>> cards = load_cards("maps/transorient_express.yaml")
        >>> scorer = Scorer(cards, (0, 6, 12))
        >>> red = cards.destination("1 red")
        >>> counts, wild, points, per_pp, pp, per_color = scorer.partial((red,))
        >>> counts[cards.colors.index("red")], wild, points == cards.destinations[red].points
        (1, 0, True)
        """
        found = self._partials.get(tableau)
        if found is not None:
            return found
        counts, wild, points, per_pp, pp, per_color = self.partial(tableau[:-1])
        d_points, d_pp, color, kind, e_color, amount, _ = self.dest[tableau[-1]]
        if kind == "wild_color":
            wild += 1
        else:
            counts = (*counts[:color], counts[color] + 1, *counts[color + 1 :])
        if kind == "per_color":
            per_color = (*per_color, (e_color, amount))
        elif kind == "per_passport":
            per_pp += amount
        found = (counts, wild, points + d_points, per_pp, pp + d_pp, per_color)
        if len(self._partials) >= _KEPT:
            self._partials.clear()
            self._partials[()] = ((0,) * self.ncolors, 0, 0, 0, 0, ())
        self._partials[tableau] = found
        return found

    def own_total(self, tableau: tuple[int, ...], luggage: Sequence[int]) -> tuple[int, int]:
        """The player's own points (cards, Season objectives at the best wild colors,
        Luggage: the sum of :meth:`own`) and passports, from :meth:`partial`.

        >>> from workbench.games.transorient_express.cards import load_cards
        >>> scorer = Scorer(load_cards("maps/transorient_express.yaml"), (0, 6, 12))
        >>> cards, season, lug = scorer.own((3, 40, 41), (2,))
        >>> scorer.own_total((3, 40, 41), (2,)) == (cards + sum(season) + lug,
        ...     scorer.passports((3, 40, 41), (2,)))
        True
        """
        counts, wild, points, per_pp, pp, per_color = self.partial(tableau)
        return self._own_from(counts, wild, points, per_pp, pp, per_color, luggage)

    def _own_from(
        self,
        counts: Sequence[int],
        wild: int,
        points: int,
        per_pp: int,
        pp: int,
        per_color: Sequence[tuple[int, int]],
        luggage: Sequence[int],
    ) -> tuple[int, int]:
        lug_points = 0
        if luggage:
            lug = self.lug
            n = len(luggage)
            for i in luggage:
                lug_points += lug[i][0] + lug[i][2] * n
                pp += lug[i][1]
        points += per_pp * pp + lug_points
        if not wild:
            for c, a in per_color:
                points += a * counts[c]
            for season_points, met in self._checks:
                if met(counts):
                    points += season_points
            return points, pp
        best = None
        # without per_color cards no choice scores more than every Season met: once a
        # choice meets them all the others need not be tried
        ceiling = None
        if not per_color and self._season_points is not None:
            ceiling = points + self._season_points
        for choice in itertools.combinations_with_replacement(range(self.ncolors), wild):
            chosen = list(counts)
            for c in choice:
                chosen[c] += 1
            value = points
            for c, a in per_color:
                value += a * chosen[c]
            for season_points, met in self._checks:
                if met(chosen):
                    value += season_points
            if best is None or value > best:
                best = value
                if value == ceiling:
                    break
        assert best is not None
        return best, pp

    def total_against(
        self,
        tableau: Sequence[int],
        luggage: Sequence[int],
        rivals: tuple[tuple[int, ...], tuple[int, ...]],
    ) -> int:
        """The total of a player with ``tableau`` and ``luggage`` against ``rivals``
        (:meth:`rivals`). What depends on the player alone (points, passports, Route set)
        is kept by tableau and Luggage: a bot asks for the same ones turn after turn.

        >>> from workbench.games.transorient_express.cards import load_cards
        >>> scorer = Scorer(load_cards("maps/transorient_express.yaml"), (0, 6, 12))
        >>> tableaux = [[0, 12], [5], [30, 31]]
        >>> scorer.total_against([5], [], scorer.rivals(1, tableaux, [[]] * 3)) == (
        ...     scorer.total(1, tableaux, [[]] * 3))
        True
        """
        key = (tuple(tableau), tuple(luggage))
        mine = self._mine.get(key)
        if mine is None and key[0]:  # worked out by total_plus already?
            mine = self._plus.get((key[0][:-1], key[1], key[0][-1]))
        if mine is None:
            own, pp = self.own_total(key[0], key[1])
            run = self.run(key[0]) if self.needs_run else 0
            # the objectives scored by a table depend on this player alone: kept with it
            for o in self.ranked:
                if not o.medals:
                    own += table_points(o, pp if o.kind == "visa" else run)
            mine = (own, pp, run)
            if len(self._mine) >= _KEPT:
                self._mine.clear()
            self._mine[key] = mine
        total, pp, run = mine
        dense = self.ties == "dense"
        for visa, medals in self._medals:  # _medal written out
            value = pp if visa else run
            if value > 0:
                others = rivals[0] if visa else rivals[1]
                if dense:
                    rank = len({w for w in others if w > value})
                else:
                    rank = len([w for w in others if w > value])
                if rank < len(medals):
                    total += medals[rank]
        return total

    def total_plus(
        self,
        tableau: tuple[int, ...],
        luggage: tuple[int, ...],
        rivals: tuple[tuple[int, ...], tuple[int, ...]],
        card: int,
    ) -> int:
        """:meth:`total_against` of ``tableau`` with ``card`` on top, worked out from
        :meth:`partial` of ``tableau`` and the card alone (a bot tries every card in
        sight on its tableau, turn after turn while its tableau stays: what depends on
        the player alone is kept by tableau, Luggage and card).

        >>> from workbench.games.transorient_express.cards import load_cards
        >>> scorer = Scorer(load_cards("maps/transorient_express.yaml"), (0, 6, 12))
        >>> rivals = scorer.rivals(0, [[3, 40], [5], [30]], [[]] * 3)
        >>> all(scorer.total_plus((3, 40), (2,), rivals, card)
        ...     == scorer.total_against((3, 40, card), (2,), rivals) for card in range(72))
        True
        """
        key = (tableau, luggage, card)
        mine = self._plus.get(key)
        if mine is None:
            mine = self._plus_own(tableau, luggage, card)
            if len(self._plus) >= _KEPT:
                self._plus.clear()
            self._plus[key] = mine
        total, pp, run = mine
        dense = self.ties == "dense"
        for visa, medals in self._medals:  # _medal written out
            value = pp if visa else run
            if value > 0:
                others = rivals[0] if visa else rivals[1]
                if dense:
                    rank = len({w for w in others if w > value})
                else:
                    rank = len([w for w in others if w > value])
                if rank < len(medals):
                    total += medals[rank]
        return total

    def _plus_own(
        self, tableau: tuple[int, ...], luggage: tuple[int, ...], card: int
    ) -> tuple[int, int, int]:
        """What :meth:`total_plus` keeps: the player's own points (table objectives
        included), passports and Route set with ``card`` on ``tableau``, from the
        :meth:`_context` of ``tableau`` and ``luggage`` (the same for every card tried)."""
        context = self._contexts.get((tableau, luggage))
        if context is None:
            context = self._context(tableau, luggage)
        counts, wild, points, per_pp, pp, per_color, met_points, unmet, run, plain = context
        d_points, d_pp, color, kind, e_color, amount, number = self.dest[card]
        pp += d_pp
        points += d_points
        if kind == "per_color":
            per_color = (*per_color, (e_color, amount))
        elif kind == "per_passport":
            per_pp += amount
        if wild or kind == "wild_color":
            chosen: Sequence[int] = counts
            if kind == "wild_color":
                wild += 1
            else:
                chosen = list(counts)
                chosen[color] += 1
            own = self._own_from(chosen, wild, points, per_pp, pp, per_color, ())[0]
        else:
            # as _own_from's: a Season met without the card stays met with it (each
            # test asks for at least so many cards), the others are tested again
            new = list(counts)
            new[color] += 1
            own = points + per_pp * pp + met_points
            for c, a in per_color:
                own += a * new[c]
            for season_points, met in unmet:
                if met(new):
                    own += season_points
        if not self.needs_run:
            run = 0
        elif kind != "wild_number" and plain:
            # without wild numbers the set 1..run goes on only with the next number
            if number == run + 1:
                run = self.run((*tableau, card))
        else:
            run = self.run((*tableau, card))
        for visa, table in self._tables:  # table_points written out
            value = pp if visa else run
            got = 0
            for at_least, p in table:
                if value >= at_least:
                    got = p
            own += got
        return own, pp, run

    def _context(self, tableau: tuple[int, ...], luggage: tuple[int, ...]) -> _Context:
        """What :meth:`_plus_own` starts from, kept by tableau and Luggage: the
        :meth:`partial` sums with the Luggage cards' points and passports added, the
        Season points met and the Season tests not met (without wild colors), the Route
        set and whether no wild number is in it."""
        counts, wild, points, per_pp, pp, per_color = self.partial(tableau)
        if luggage:
            lug = self.lug
            n = len(luggage)
            for i in luggage:
                points += lug[i][0] + lug[i][2] * n
                pp += lug[i][1]
        met_points = 0
        unmet = []
        if not wild:
            for season_points, met in self._checks:
                if met(counts):
                    met_points += season_points
                else:
                    unmet.append((season_points, met))
        run = self.run(tableau) if self.needs_run else 0
        plain = self._wild_numbers.isdisjoint(tableau)
        found = (counts, wild, points, per_pp, pp, per_color, met_points, tuple(unmet), run, plain)
        if len(self._contexts) >= _KEPT:
            self._contexts.clear()
        self._contexts[tableau, luggage] = found
        return found


_Partial = tuple[tuple[int, ...], int, int, int, int, tuple[tuple[int, int], ...]]
"""See :meth:`Scorer.partial`."""
_Context = tuple[
    tuple[int, ...],
    int,
    int,
    int,
    int,
    tuple[tuple[int, int], ...],
    int,
    tuple[tuple[int, Any], ...],
    int,
    bool,
]
"""See :meth:`Scorer._context`."""


def _season_check(objective: Objective, colors: Sequence[str]) -> tuple[int, Any]:
    """A Season card's points and a test of card counts by color (:func:`season_met`,
    with the colors looked up once)."""
    need, value = objective.need, objective.need_value
    if need == "colors":
        assert isinstance(value, tuple)
        wants = sorted((colors.index(c), value.count(c)) for c in set(value))
        if len(wants) == 1:
            ((i, k),) = wants
            return objective.points, lambda counts: counts[i] >= k
        if len(wants) == 2:
            (i, k), (j, m) = wants
            return objective.points, lambda counts: counts[i] >= k and counts[j] >= m
        if len(wants) == 3:
            (i, k), (j, m), (h, q) = wants
            return (
                objective.points,
                lambda counts: counts[i] >= k and counts[j] >= m and counts[h] >= q,
            )
        return objective.points, lambda counts: all(counts[i] >= k for i, k in wants)
    assert isinstance(value, int)
    if need == "distinct":
        return objective.points, lambda counts: len(counts) - counts.count(0) >= value
    if need == "same":
        return objective.points, lambda counts: max(counts) >= value
    return objective.points, lambda counts: len([c for c in counts if c >= 2]) >= value


_Dest = tuple[int, int, int, str, int, int, int]
_CardTables = tuple[
    list[_Dest],
    list[tuple[int, int, int]],
    frozenset[int],
    dict[tuple[int, ...], _Partial],
    dict[tuple[int, ...], int],
]
_CARD_TABLES: dict[int, tuple[CardSet, _CardTables]] = {}


def _card_tables(cards: CardSet) -> _CardTables:
    """What every :class:`Scorer` of ``cards`` shares, made once per card set: each
    Destination card's numbers (points, passports, color index, effect kind, the
    ``per_color`` color index or -1, effect amount, number), each Luggage card's
    (points, passports, ``per_luggage`` amount), the wild number cards, and the tables
    kept by tableau alone (:meth:`Scorer.partial`, :meth:`Scorer.run`)."""
    found = _CARD_TABLES.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    colors = cards.colors
    dest = [
        (
            d.points,
            d.passports,
            colors.index(d.color),
            d.effect.kind,
            colors.index(d.effect.color) if d.effect.kind == "per_color" else -1,
            d.effect.amount,
            d.number,
        )
        for d in cards.destinations
    ]
    lug = [
        (lg.points, lg.passports, lg.effect.amount if lg.effect.kind == "per_luggage" else 0)
        for lg in cards.luggage
    ]
    wild_numbers = frozenset(i for i, d in enumerate(dest) if d[3] == "wild_number")
    partials: dict[tuple[int, ...], _Partial] = {(): ((0,) * len(colors), 0, 0, 0, 0, ())}
    tables: _CardTables = (dest, lug, wild_numbers, partials, {})
    if len(_CARD_TABLES) >= _SCORERS_KEPT:
        _CARD_TABLES.clear()
    _CARD_TABLES[id(cards)] = (cards, tables)
    return tables


_KEPT = 5_000
"""Entries each of a :class:`Scorer`'s tables keeps before it starts afresh (a game needs
a few hundred; with at most :data:`_SCORERS_KEPT` scorers alive this bounds the memory to
some tens of megabytes however long a simulation runs)."""
_SCORERS_KEPT = 32


def _medal(value: int, others: Sequence[int], medals: Sequence[int], ties: str) -> int:
    """One player's medal by :func:`ranked_points`, the others' values given apart."""
    if value <= 0:
        return 0
    if ties == "dense":
        rank = len({w for w in others if w > value})
    else:
        rank = sum(1 for w in others if w > value)
    return medals[rank] if rank < len(medals) else 0


_SCORERS: dict[tuple[int, tuple[int, ...], str], Scorer] = {}


def scorer(cards: CardSet, objectives: Sequence[int], ties: str = "dense") -> Scorer:
    """The :class:`Scorer` of ``cards`` and ``objectives``, made once and kept.

    >>> from workbench.games.transorient_express.cards import load_cards
    >>> cards = load_cards("maps/transorient_express.yaml")
    >>> scorer(cards, (0, 6, 12)) is scorer(cards, [0, 6, 12])
    True
    """
    key = (id(cards), tuple(objectives), ties)
    found = _SCORERS.get(key)
    if found is None or found.cards is not cards:
        if len(_SCORERS) >= _SCORERS_KEPT:
            _SCORERS.clear()
        found = _SCORERS[key] = Scorer(cards, tuple(objectives), ties)
    return found


def score_players(
    cards: CardSet,
    tableaux: Sequence[Sequence[int]],
    luggages: Sequence[Sequence[int]],
    objectives: Sequence[int],
    ties: str = "dense",
) -> list[Breakdown]:
    """Every player's :class:`Breakdown` (indices into ``cards``; ``objectives`` are
    indices into ``cards.objectives``), computed from the cards themselves, without the
    :class:`Scorer`'s tables (the tests hold one against the other).

    >>> from workbench.games.transorient_express.cards import load_cards
    >>> cards = load_cards("maps/transorient_express.yaml")
    >>> [b.total for b in score_players(cards, [[0], []], [[], []], [])]
    [1, 0]
    """
    dests = [[cards.destinations[i] for i in t] for t in tableaux]
    lugs = [[cards.luggage[i] for i in lg] for lg in luggages]
    objs = [cards.objectives[i] for i in objectives]
    seasons = [o for o in objs if o.kind == "season"]
    n = len(tableaux)
    own = [_own_points(cards, dests[s], lugs[s], seasons) for s in range(n)]
    pps = [passports(dests[s], lugs[s]) for s in range(n)]
    columns: list[list[int]] = []
    season_i = 0
    for o in objs:
        if o.kind == "season":
            columns.append([own[s][1][season_i] for s in range(n)])
            season_i += 1
            continue
        values = [objective_value(o, dests[s], pps[s]) for s in range(n)]
        if o.medals:
            columns.append(ranked_points(values, o.medals, ties))
        else:
            columns.append([table_points(o, v) for v in values])
    out = []
    for s in range(n):
        lug_points = sum(lg.points for lg in lugs[s]) + sum(
            lg.effect.amount * len(lugs[s]) for lg in lugs[s] if lg.effect.kind == "per_luggage"
        )
        out.append(Breakdown(own[s][0], lug_points, tuple(col[s] for col in columns), pps[s]))
    return out
