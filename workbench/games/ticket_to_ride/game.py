"""Ticket to Ride Europe behind the game protocol: :class:`TicketToRide` and its state.

The deck is never shuffled in advance. Cards are kept as counts per color (the deck, the
discard pile, the market, each hand), and every card that leaves the deck (a hand dealt, a
blind draw, a market refill, a tunnel reveal) is a chance outcome :class:`~.actions.Deal`
whose probability is its color's share of the deck; every ticket drawn is a
:class:`~.actions.DealTicket`, uniform over the unordered pile (tickets given back go under
it, in a known order, and come out only once the pile is empty). The history therefore holds
every card and ticket, and a replay needs no generator.

The flow of a game:

1. setup (chance): ``start_cards`` cards to each seat, the market, then each seat's tickets
   (``start_long`` long, ``start_short`` short); the market is laid out anew while it shows
   too many locomotives and a market with fewer can still come from the deck and the
   discard pile (:meth:`TicketToRideState.market_can_be_legal`; a house limit
   ``max_relays`` may stop it sooner), and stays as it is when none can
   (:attr:`TicketToRideState.market_note` says why);
2. each seat in turn keeps at least ``start_keep`` of its tickets (:class:`~.actions.Keep`);
   the others leave the game, and so do the long tickets not dealt;
3. turns from seat 0: a card draw (two cards; a face-up locomotive first is the whole turn),
   a claim (a tunnel's reveal, then pay or withdraw), a ticket draw (then keep), a station,
   or a pass when nothing else is legal;
4. when a seat ends a turn with ``end_cars`` cars or fewer every seat, that one included,
   has one more turn; the game also ends when every seat passed in a row.

Legal actions come in this order: face-up cards (by card order, locomotive last), the blind
draw, the ticket draw, claims (routes in board order; for each, colors in card order and the
fewest locomotives first, then all locomotives), stations (cities in order, payments as for
claims); in a tunnel, the payments of the extra cards then ``withdraw``; when keeping
tickets, the largest choices first.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from typing import Any

import numpy as np

from workbench.exceptions import IllegalActionError
from workbench.games.ticket_to_ride.actions import (
    LOCO,
    Action,
    BuildStation,
    Claim,
    Deal,
    DealTicket,
    DrawBlind,
    DrawTickets,
    Keep,
    Pass,
    Payment,
    PayTunnel,
    TakeCard,
    Withdraw,
    parse_action,
    parse_payment,
)
from workbench.games.ticket_to_ride.rules import TTRRules
from workbench.games.ticket_to_ride.scoring import best_ticket_points, longest_trail
from workbench.maps.routes import RouteBoard

__all__ = [
    "FORMAT",
    "NAME",
    "Observation",
    "ScoreSheet",
    "TicketToRide",
    "TicketToRideState",
    "load_record",
    "save_record",
]

NAME = "ticket_to_ride"

_PLAIN, _TUNNEL, _FERRY = 0, 1, 2


class _Tables:
    """The board as flat lists indexed by route and card, for speed."""

    def __init__(self, board: RouteBoard) -> None:
        self.colors: tuple[str, ...] = board.color_names
        self.names: tuple[str, ...] = (*self.colors, LOCO)
        self.card: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.loco = len(self.colors)
        deck = board.deck
        self.full = [deck.cards_per_color] * len(self.colors) + [deck.locomotives]
        routes = board.routes
        self.route_ids = [r.id for r in routes]
        self.index = {r.id: i for i, r in enumerate(routes)}
        self.ends = [r.ends for r in routes]
        self.length = [r.length for r in routes]
        self.color = [self.card.get(r.color, -1) for r in routes]
        self.kind = [{"plain": _PLAIN, "tunnel": _TUNNEL, "ferry": _FERRY}[r.kind] for r in routes]
        self.ferry = [r.locomotives if r.kind == "ferry" else 0 for r in routes]
        self.points = [board.claim_points(r) for r in routes]
        lanes: dict[tuple[str, str], list[int]] = {}
        for i, r in enumerate(routes):
            lanes.setdefault(r.ends, []).append(i)
        self.siblings = [[j for j in lanes[r.ends] if j != i] for i, r in enumerate(routes)]
        self.cities = [c.name for c in board.cities]
        self.city_routes: dict[str, list[int]] = {c: [] for c in self.cities}
        for i, (a, b) in enumerate(self.ends):
            self.city_routes[a].append(i)
            self.city_routes[b].append(i)
        self.payments: dict[tuple[int, ...], tuple[Payment, ...]] = {}
        self.claim_actions: dict[tuple[int, Payment], Claim] = {}
        self.station_actions: dict[tuple[str, Payment], BuildStation] = {}
        self.tickets = {t.id: t for t in board.tickets}
        self.short = sorted(t.id for t in board.tickets if not t.long)
        self.long = sorted(t.id for t in board.tickets if t.long)


_TABLES: dict[int, tuple[RouteBoard, _Tables]] = {}
"""The tables of the boards played lately, by the board's identity."""


def board_fingerprint(board: RouteBoard) -> str:
    """The fingerprint of ``board``'s canonical file text.

    Examples
    --------
    >>> from workbench import load_map
    >>> len(board_fingerprint(load_map("maps/ticket_to_ride_europe.yaml")))
    16
    """
    from workbench.maps.routes_io import dumps_routes
    from workbench.records import fingerprint

    return fingerprint(dumps_routes(board))


@dataclass(frozen=True)
class TicketToRide:
    """A game of Ticket to Ride: a route board, rules, players and a seed.

    The seed only seeds the referee's chance outcomes (the state itself holds no
    generator).

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=3, seed=2)
    >>> state = game.new_state()
    >>> state.to_play is None, round(dict(
    ...     (str(a), p) for a, p in state.chance_outcomes())["deal loco"], 4)
    (True, 0.1273)
    >>> game.parse_action("claim Berlin-Wien 3green")
    Claim(route='Berlin-Wien', payment=Payment(color='green', cards=3, locos=0))
    """

    board: RouteBoard
    rules: TTRRules = field(default_factory=TTRRules)
    players: int = 4
    seed: int = 0

    name = NAME

    def __post_init__(self) -> None:
        low, high = self.board.deck.players
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ValueError(f"players is {self.players!r}: use a whole number")
        if not 2 <= self.players <= max(high, 2):
            raise ValueError(
                f"players is {self.players}: {self.board.name!r} is for {low} to {high} players"
            )
        need_short = self.players * self.rules.start_short
        need_long = self.players * self.rules.start_long
        t = self.tables
        if len(t.short) < need_short or len(t.long) < need_long:
            raise ValueError(
                f"{self.board.name!r} has {len(t.short)} short and {len(t.long)} long tickets: "
                f"{self.players} players need {need_short} and {need_long}"
            )
        if sum(t.full) < self.players * self.rules.start_cards + self.rules.market_size:
            raise ValueError(f"the deck of {self.board.name!r} is too small to deal")

    def __repr__(self) -> str:
        return (
            f"TicketToRide({self.board.name!r}, rules={self.rules.name!r}, "
            f"players={self.players}, seed={self.seed})"
        )

    @cached_property
    def tables(self) -> _Tables:
        """The board as flat lists (route ids, lengths, colors, ...), made once per board."""
        key = id(self.board)
        hit = _TABLES.get(key)
        if hit is None or hit[0] is not self.board:
            if len(_TABLES) > 16:
                _TABLES.clear()
            hit = _TABLES[key] = (self.board, _Tables(self.board))
        return hit[1]

    def new_state(self) -> TicketToRideState:
        """The state before the deal (a chance node)."""
        return TicketToRideState(self)

    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (see :mod:`.actions`)."""
        return parse_action(text)

    def sample_state(self, observation: Observation, rng: np.random.Generator) -> Any:
        """A state the observing seat cannot tell from the real one (see
        :func:`workbench.games.ticket_to_ride.sample.sample_state`)."""
        from workbench.games.ticket_to_ride.sample import sample_state

        return sample_state(self, observation, rng)


class _Legal:
    """The legal actions, shared by the state and the observations (an observation holds
    everything they depend on, so a bot that needs only some of them pays for those)."""

    game: TicketToRide
    phase: str
    setup: bool
    market: Sequence[int]
    owners: Sequence[int]
    cars: Sequence[int]
    stations_left: Sequence[int]

    def _seat(self) -> int | None:
        raise NotImplementedError

    def _hand(self) -> Sequence[int]:
        raise NotImplementedError

    def _cards_left(self) -> int:
        raise NotImplementedError

    def _tickets_left(self) -> bool:
        raise NotImplementedError

    def _station_cities(self) -> Container[str]:
        raise NotImplementedError

    def _offered(self) -> Sequence[str]:
        raise NotImplementedError

    def _tunnel(self) -> tuple[int, Payment, Sequence[int]] | None:
        raise NotImplementedError

    def claims(self, route: int) -> list[Claim]:
        """The legal claims of route number ``route`` (board order) at the start of a
        turn, cheapest in locomotives first."""
        seat = self._seat()
        if seat is None or self.phase != "turn" or not self._claimable(seat, route):
            return []
        t = self.game.tables
        return [
            self._claim_action(route, pay)
            for pay in self._payments(self._hand(), t.length[route], t.color[route], t.ferry[route])
        ]

    def draws(self) -> list[Action]:
        """The legal card draws (face-up, then blind) of the seat on turn."""
        if self._seat() is None or self.phase not in ("turn", "draw2"):
            return []
        return self._draws(second=self.phase == "draw2")

    def _claim_action(self, i: int, pay: Payment) -> Claim:
        cache = self.game.tables.claim_actions
        action = cache.get((i, pay))
        if action is None:
            action = cache[(i, pay)] = Claim(self.game.tables.route_ids[i], pay)
        return action

    def _legal(self) -> list[Action]:
        """The legal actions of the seat on turn, in the order the module's text gives."""
        if self._seat() is None:
            return []
        phase = self.phase
        if phase == "keep":
            return self._keeps()
        if phase == "tunnel":
            return [*self._tunnel_payments(), Withdraw()]
        if phase == "draw2":
            return self._draws(second=True)
        actions = self._draws(second=False)
        if self._tickets_left():
            actions.append(DrawTickets())
        actions.extend(self._claims())
        actions.extend(self._stations())
        if not actions:
            actions.append(Pass())
        return actions

    # ------------------------------------------------------------------ legal actions

    def _payments(
        self, hand: Sequence[int], total: int, color: int, min_locos: int
    ) -> tuple[Payment, ...]:
        """Every way to pay ``total`` cards of one color (``color``, or any when -1) and
        locomotives, at least ``min_locos`` of them (remembered by the game's tables)."""
        t = self.game.tables
        locos = hand[t.loco]
        if color >= 0:
            key: tuple[int, ...] = (total, color, min_locos, hand[color], locos)
        else:
            key = (total, color, min_locos, *hand)
        cached = t.payments.get(key)
        if cached is not None:
            return cached
        out: list[Payment] = []
        if total == 0:
            out.append(_NOTHING)
        else:
            colors = range(t.loco) if color < 0 else (color,)
            for c in colors:
                have = hand[c]
                if have == 0:
                    continue
                top = min(have, total - min_locos)
                low = max(1, total - locos)
                name = t.names[c]
                for k in range(top, low - 1, -1):
                    out.append(Payment(name, k, total - k))
            if locos >= total:
                out.append(Payment(None, 0, total))
        result = tuple(out)
        if len(t.payments) > 200_000:
            t.payments.clear()
        t.payments[key] = result
        return result

    def _draws(self, second: bool) -> list[Action]:
        t = self.game.tables
        out: list[Action] = []
        loco_ok = not second or not self.game.rules.face_up_locomotive_ends_draw
        for i, k in enumerate(self.market):
            if k and (i != t.loco or loco_ok):
                out.append(_TAKE[t.names[i]])
        if self._cards_left():
            out.append(DrawBlind())
        return out

    def _claimable(self, seat: int, i: int) -> bool:
        if self.owners[i] >= 0:
            return False
        t = self.game.tables
        if t.length[i] > self.cars[seat]:
            return False
        few = self.game.players < self.game.rules.double_min_players
        for j in t.siblings[i]:
            owner = self.owners[j]
            if owner == seat or (few and owner >= 0):
                return False
        return True

    def _claims(self) -> list[Action]:
        t = self.game.tables
        seat = self._seat()
        assert seat is not None
        hand = self._hand()
        have = sum(hand)
        out: list[Action] = []
        for i in range(len(t.route_ids)):
            if t.length[i] > have or not self._claimable(seat, i):
                continue
            for pay in self._payments(hand, t.length[i], t.color[i], t.ferry[i]):
                out.append(self._claim_action(i, pay))
        return out

    def _stations(self) -> list[Action]:
        seat = self._seat()
        assert seat is not None
        left = self.stations_left[seat]
        if left <= 0:
            return []
        rules = self.game.rules
        cost = rules.station_costs[rules.stations - left]
        pays = self._payments(self._hand(), cost, -1, 0)
        if not pays:
            return []
        cache = self.game.tables.station_actions
        out: list[Action] = []
        taken = self._station_cities()
        for city in self.game.tables.cities:
            if city in taken:
                continue
            for p in pays:
                action = cache.get((city, p))
                if action is None:
                    action = cache[(city, p)] = BuildStation(city, p)
                out.append(action)
        return out

    def _keeps(self) -> list[Action]:
        offered = sorted(self._offered())
        rules = self.game.rules
        least = rules.start_keep if self.setup else rules.keep_tickets
        least = max(min(least, len(offered)), 1 if offered else 0)
        out: list[Action] = []
        for size in range(len(offered), least - 1, -1):
            out.extend(Keep(c) for c in combinations(offered, size))
        return out

    def _tunnel_extra(self) -> int:
        tunnel = self._tunnel()
        assert tunnel is not None
        _, offer, revealed = tunnel
        t = self.game.tables
        extra = revealed[t.loco]
        if offer.color is not None:
            extra += revealed[t.card[offer.color]]
        return extra

    def _tunnel_payments(self) -> list[PayTunnel]:
        tunnel = self._tunnel()
        assert tunnel is not None
        _, offer, _ = tunnel
        t = self.game.tables
        hand = list(self._hand())
        hand[t.loco] -= offer.locos
        extra = self._tunnel_extra()
        if offer.color is None:
            pays: Sequence[Payment] = [Payment(None, 0, extra)] if hand[t.loco] >= extra else []
        else:
            hand[t.card[offer.color]] -= offer.cards
            pays = self._payments(hand, extra, t.card[offer.color], 0)
        return [PayTunnel(p) for p in pays]


@dataclass(frozen=True)
class ScoreSheet:
    """One seat's final score, line by line.

    ``borrowed`` are the rival routes its stations borrow (route ids), ``longest`` its
    longest continuous path in cars and ``longest_bonus`` the bonus it got for it.
    """

    routes: int
    tickets: int
    completed: int
    failed: int
    stations: int
    longest: int
    longest_bonus: int
    borrowed: tuple[str, ...]

    @property
    def total(self) -> int:
        """The final score."""
        return self.routes + self.tickets + self.stations + self.longest_bonus


@dataclass(frozen=True)
class Observation(_Legal):
    """What seat ``player`` sees: its own hand and tickets, and everything public.

    Hidden: the other hands (only their sizes show), the other seats' tickets (counts), the
    order and contents of the deck and of the ticket pile (sizes only). ``legal_actions``
    (the seat's, when it is on turn) is worked out from these fields when first asked for.
    """

    game: TicketToRide = field(compare=False, repr=False)
    player: int
    to_play: int | None
    phase: str
    setup: bool
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    tickets: tuple[str, ...]
    ticket_counts: tuple[int, ...]
    offered: tuple[str, ...]
    offered_counts: tuple[int, ...]
    market: tuple[int, ...]
    discard: tuple[int, ...]
    deck_size: int
    owners: tuple[int, ...]
    stations: tuple[tuple[str, int], ...]
    cars: tuple[int, ...]
    stations_left: tuple[int, ...]
    route_points: tuple[int, ...]
    tunnel: tuple[str, str, tuple[int, ...]] | None
    pile_size: int
    bottom_size: int
    long_left: int
    last_turns: int | None
    passes: int
    turns: int
    relays: int
    current: int
    over: bool
    pending: tuple[tuple[Any, ...], ...]
    then: str

    @cached_property
    def legal_actions(self) -> tuple[Action, ...]:
        """The seat's legal actions when it is on turn, else ``()``."""
        return tuple(self._legal())

    def _seat(self) -> int | None:
        return self.player if self.to_play == self.player else None

    def _hand(self) -> Sequence[int]:
        return self.hand

    def _cards_left(self) -> int:
        return self.deck_size + sum(self.discard)

    def _tickets_left(self) -> bool:
        return self.pile_size + self.bottom_size > 0

    def _station_cities(self) -> Container[str]:
        return {c for c, _ in self.stations}

    def _offered(self) -> Sequence[str]:
        return self.offered

    def _tunnel(self) -> tuple[int, Payment, Sequence[int]] | None:
        if self.tunnel is None:
            return None
        route, offer, revealed = self.tunnel
        return (self.game.tables.index[route], parse_payment(offer), revealed)


class TicketToRideState(_Legal):
    """A game of Ticket to Ride in progress (see the module's text).

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=2, seed=1)
    >>> state = game.new_state()
    >>> while state.to_play is None:
    ...     state.apply(state.chance_outcomes()[0][0])
    >>> state.phase, state.to_play, sum(state.hands[0]), len(state.offered[0])
    ('keep', 0, 4, 4)
    >>> str(state.legal_actions()[0]).startswith("keep ")
    True
    """

    def __init__(self, game: TicketToRide) -> None:
        self.game = game
        t = game.tables
        rules = game.rules
        n = game.players
        c = len(t.full)
        self.deck: list[int] = list(t.full)
        self.discard: list[int] = [0] * c
        self.market: list[int] = [0] * c
        self.hands: list[list[int]] = [[0] * c for _ in range(n)]
        self.cars: list[int] = [rules.cars] * n
        self.stations_left: list[int] = [rules.stations] * n
        self.station_at: dict[str, int] = {}
        self.owners: list[int] = [-1] * len(t.route_ids)
        self.route_points: list[int] = [0] * n
        self.tickets: list[list[str]] = [[] for _ in range(n)]
        self.offered: list[list[str]] = [[] for _ in range(n)]
        self.pile: list[str] = list(t.short)
        self.bottom: list[str] = []
        self.long_pile: list[str] = list(t.long)
        self.tasks: list[tuple[Any, ...]] = []
        self.then = "setup"
        self.phase = "deal"
        self.setup = True
        self.current = 0
        self.tunnel: tuple[int, Payment, list[int]] | None = None
        self.relays = 0
        self.last_turns: int | None = None
        self.passes = 0
        self.turns = 0
        self.over = False
        self._log: list[Action] = []
        self._sheets: tuple[ScoreSheet, ...] | None = None
        for seat in range(n):
            self.tasks.extend([("hand", seat)] * rules.start_cards)
        self.tasks.extend([("market",)] * rules.market_size)
        for seat in range(n):
            self.tasks.extend([("ticket", seat, True)] * rules.start_long)
            self.tasks.extend([("ticket", seat, False)] * rules.start_short)

    # ------------------------------------------------------------------ values

    def _key(self) -> tuple[Any, ...]:
        return (
            self.deck,
            self.discard,
            self.market,
            self.hands,
            self.cars,
            self.stations_left,
            self.station_at,
            self.owners,
            self.route_points,
            self.tickets,
            self.offered,
            self.pile,
            self.bottom,
            self.long_pile,
            self.tasks,
            self.then,
            self.phase,
            self.setup,
            self.current,
            self.tunnel,
            self.relays,
            self.last_turns,
            self.passes,
            self.turns,
            self.over,
            self._log,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TicketToRideState):
            return NotImplemented
        return self.game == other.game and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = "over" if self.over else ("chance" if self.to_play is None else self.to_play)
        return (
            f"<TicketToRideState turn {self.turns}, {self.phase}, to play {who}, cars {self.cars}>"
        )

    def copy(self) -> TicketToRideState:
        """An independent state equal to this one."""
        new = TicketToRideState.__new__(TicketToRideState)
        new.game = self.game
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.market = self.market[:]
        new.hands = [h[:] for h in self.hands]
        new.cars = self.cars[:]
        new.stations_left = self.stations_left[:]
        new.station_at = dict(self.station_at)
        new.owners = self.owners[:]
        new.route_points = self.route_points[:]
        new.tickets = [x[:] for x in self.tickets]
        new.offered = [x[:] for x in self.offered]
        new.pile = self.pile[:]
        new.bottom = self.bottom[:]
        new.long_pile = self.long_pile[:]
        new.tasks = self.tasks[:]
        new.then = self.then
        new.phase = self.phase
        new.setup = self.setup
        new.current = self.current
        new.tunnel = (
            None if self.tunnel is None else (self.tunnel[0], self.tunnel[1], self.tunnel[2][:])
        )
        new.relays = self.relays
        new.last_turns = self.last_turns
        new.passes = self.passes
        new.turns = self.turns
        new.over = self.over
        new._log = self._log[:]
        new._sheets = self._sheets
        return new

    # ------------------------------------------------------------------ protocol

    def _seat(self) -> int | None:
        return self.to_play

    def _hand(self) -> Sequence[int]:
        return self.hands[self.current]

    def _cards_left(self) -> int:
        return sum(self.deck) + sum(self.discard)

    def _tickets_left(self) -> bool:
        return bool(self.pile or self.bottom)

    def _station_cities(self) -> Container[str]:
        return self.station_at

    def _offered(self) -> Sequence[str]:
        return self.offered[self.current]

    def _tunnel(self) -> tuple[int, Payment, Sequence[int]] | None:
        return self.tunnel

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat on turn, in the order the module's text gives."""
        return self._legal()

    @property
    def to_play(self) -> int | None:
        """The seat to act, or ``None`` at a chance node and at the end."""
        if self.over or self.tasks:
            return None
        return self.current

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action and chance outcome applied so far, in order."""
        return tuple(self._log)

    def is_terminal(self) -> bool:
        return self.over

    def _where(self) -> str:
        return f"turn {self.turns + 1}, seat {self.current}"

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every card (or ticket) that may come next, with its probability.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=2)
        >>> outcomes = game.new_state().chance_outcomes()
        >>> [str(a) for a, _ in outcomes][:2], round(sum(p for _, p in outcomes), 9)
        (['deal red', 'deal orange'], 1.0)
        """
        if self.over or not self.tasks:
            return []
        task = self.tasks[0]
        if task[0] == "ticket":
            pile = self.long_pile if task[2] else self.pile
            if pile:
                p = 1.0 / len(pile)
                return [(DealTicket(tid), p) for tid in pile]
            return [(DealTicket(self.bottom[0]), 1.0)]
        deck = self.deck
        total = sum(deck)
        names = self.game.tables.names
        return [(_DEAL[names[i]], k / total) for i, k in enumerate(deck) if k]

    def scores(self) -> tuple[int, ...]:
        """The route points so far; the final scores once the game is over."""
        if self.over:
            return tuple(s.total for s in self.score_sheets())
        return tuple(self.route_points)

    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over (see :meth:`ranking`), else ``()``."""
        if not self.over:
            return ()
        sheets = self.score_sheets()
        keys = [(s.total, s.completed, s.stations, s.longest_bonus > 0) for s in sheets]
        best = max(keys)
        return tuple(i for i, k in enumerate(keys) if k == best)

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> None:
        """Play ``action``; ``IllegalActionError`` saying why (and nothing changes)."""
        if self.over:
            raise IllegalActionError(f"{action}: the game is over")
        if self.tasks:
            self._apply_chance(action)
        else:
            self._apply_move(action)
        self._log.append(action)
        self._advance()

    def _refuse(self, action: Any, why: str) -> IllegalActionError:
        return IllegalActionError(f"{self._where()}: {action} is not allowed: {why}")

    def _apply_chance(self, action: Any) -> None:
        task = self.tasks[0]
        if task[0] == "ticket":
            if not isinstance(action, DealTicket):
                raise self._refuse(action, "a ticket is being drawn (a chance outcome)")
            pile = self.long_pile if task[2] else self.pile
            tid = action.ticket
            if pile:
                if tid not in pile:
                    raise self._refuse(action, "that ticket is not in the pile")
                pile.remove(tid)
            elif self.bottom and tid == self.bottom[0]:
                self.bottom.pop(0)
            else:
                raise self._refuse(action, "that ticket is not the next one")
            self.offered[task[1]].append(tid)
            self.tasks.pop(0)
            return
        if not isinstance(action, Deal):
            raise self._refuse(action, "a card is being dealt (a chance outcome)")
        t = self.game.tables
        i = t.card.get(action.color, -1)
        if i < 0 or self.deck[i] == 0:
            raise self._refuse(action, "no such card is left in the deck")
        self.deck[i] -= 1
        kind = task[0]
        if kind == "hand":
            self.hands[task[1]][i] += 1
        elif kind == "market":
            self.market[i] += 1
        else:  # tunnel
            assert self.tunnel is not None
            self.tunnel[2][i] += 1
        self.tasks.pop(0)

    def _apply_move(self, action: Any) -> None:
        phase = self.phase
        seat = self.current
        t = self.game.tables
        rules = self.game.rules
        if phase == "keep":
            if not isinstance(action, Keep):
                raise self._refuse(action, "choose the tickets to keep first")
            offered = self.offered[seat]
            keep = list(action.tickets)
            least = rules.start_keep if self.setup else rules.keep_tickets
            least = max(min(least, len(offered)), 1 if offered else 0)
            if len(set(keep)) != len(keep) or not set(keep) <= set(offered):
                raise self._refuse(action, f"keep only offered tickets ({', '.join(offered)})")
            if len(keep) < least:
                raise self._refuse(action, f"keep at least {least}")
            self.tickets[seat].extend(sorted(keep))
            back = sorted(x for x in offered if x not in keep)
            if not self.setup:
                self.bottom.extend(back)
            self.offered[seat] = []
            if self.setup:
                if seat + 1 < self.game.players:
                    self.current = seat + 1
                else:
                    self.setup = False
                    self.long_pile = []
                    self.current = 0
                    self.phase = "turn"
                return
            self._end_turn(passed=False)
            return
        if phase == "tunnel":
            assert self.tunnel is not None
            if isinstance(action, Withdraw):
                self._discard_reveal()
                self.tunnel = None
                self._end_turn(passed=False)
                return
            if not isinstance(action, PayTunnel):
                raise self._refuse(action, "pay the tunnel's extra cards or withdraw")
            if action not in self._tunnel_payments():
                raise self._refuse(
                    action,
                    f"the tunnel asks for {self._tunnel_extra()} more cards of the offered "
                    "color or locomotives, from the cards in hand beside the offer",
                )
            r, offer, _ = self.tunnel
            self._discard_reveal()
            self.tunnel = None
            self._place(seat, r, offer, action.payment)
            self._end_turn(passed=False)
            return
        if phase == "draw2":
            if isinstance(action, TakeCard | DrawBlind):
                if action not in self._draws(second=True):
                    raise self._refuse(
                        action,
                        "the second card cannot be a face-up locomotive"
                        if isinstance(action, TakeCard) and action.color == LOCO
                        else "that card is not there",
                    )
                self._draw(action, second=True)
                return
            raise self._refuse(action, "draw your second card")
        # the start of a turn
        if isinstance(action, TakeCard | DrawBlind):
            if action not in self._draws(second=False):
                raise self._refuse(action, "that card is not there")
            self._draw(action, second=False)
        elif isinstance(action, Claim):
            self._claim(action)
        elif isinstance(action, DrawTickets):
            if not (self.pile or self.bottom):
                raise self._refuse(action, "no ticket is left")
            take = min(rules.draw_tickets, len(self.pile) + len(self.bottom))
            self.tasks.extend([("ticket", seat, False)] * take)
            self.then = "keep"
        elif isinstance(action, BuildStation):
            if action not in self._stations():
                left = self.stations_left[seat]
                why = (
                    "no station left"
                    if left <= 0
                    else f"{action.city} has a station already"
                    if action.city in self.station_at
                    else f"no city {action.city!r}"
                    if action.city not in t.city_routes
                    else f"the station costs {rules.station_costs[rules.stations - left]} "
                    "cards of one color (locomotives wild), from your hand"
                )
                raise self._refuse(action, why)
            self._pay(seat, action.payment)
            self.stations_left[seat] -= 1
            self.station_at[action.city] = seat
            self._end_turn(passed=False)
        elif isinstance(action, Pass):
            if self.legal_actions() != [Pass()]:
                raise self._refuse(action, "pass only when nothing else is legal")
            self._end_turn(passed=True)
        else:
            raise self._refuse(action, "it is not a move of this phase")

    def _draw(self, action: TakeCard | DrawBlind, second: bool) -> None:
        t = self.game.tables
        seat = self.current
        if isinstance(action, TakeCard):
            i = t.card[action.color]
            self.market[i] -= 1
            self.hands[seat][i] += 1
            self.relays = 0
            ends = second or (i == t.loco and self.game.rules.face_up_locomotive_ends_draw)
        else:
            self.tasks.append(("hand", seat))
            ends = second
        if ends:
            self.then = "end"
        else:
            self.then = "draw2"

    def _claim(self, action: Claim) -> None:
        t = self.game.tables
        seat = self.current
        i = t.index.get(action.route, -1)
        if i < 0:
            raise self._refuse(action, f"no route {action.route!r} on the board")
        if self.owners[i] >= 0:
            raise self._refuse(action, f"seat {self.owners[i]} holds it")
        if t.length[i] > self.cars[seat]:
            raise self._refuse(
                action, f"it needs {t.length[i]} cars and {self.cars[seat]} are left"
            )
        for j in t.siblings[i]:
            owner = self.owners[j]
            if owner == seat:
                raise self._refuse(action, "one player never takes both lanes of a double")
            if owner >= 0 and self.game.players < self.game.rules.double_min_players:
                raise self._refuse(
                    action,
                    f"with {self.game.players} players only one lane of a double can be taken",
                )
        pays = self._payments(self.hands[seat], t.length[i], t.color[i], t.ferry[i])
        if action.payment not in pays:
            color = t.names[t.color[i]] if t.color[i] >= 0 else "any one color"
            ferry = f", at least {t.ferry[i]} of them locomotives" if t.ferry[i] else ""
            raise self._refuse(
                action,
                f"the route takes {t.length[i]} cards of {color} (locomotives wild){ferry}, "
                "from your hand",
            )
        if t.kind[i] == _TUNNEL and self.game.rules.tunnel_reveal > 0:
            self.tunnel = (i, action.payment, [0] * len(t.full))
            self.tasks.extend([("tunnel",)] * self.game.rules.tunnel_reveal)
            self.then = "tunnel"
            return
        self._place(seat, i, action.payment, None)
        self._end_turn(passed=False)

    def _pay(self, seat: int, pay: Payment) -> None:
        t = self.game.tables
        hand = self.hands[seat]
        if pay.cards:
            c = t.card[pay.color]  # type: ignore[index]
            hand[c] -= pay.cards
            self.discard[c] += pay.cards
        if pay.locos:
            hand[t.loco] -= pay.locos
            self.discard[t.loco] += pay.locos

    def _place(self, seat: int, i: int, offer: Payment, extra: Payment | None) -> None:
        t = self.game.tables
        self._pay(seat, offer)
        if extra is not None:
            self._pay(seat, extra)
        self.owners[i] = seat
        self.cars[seat] -= t.length[i]
        self.route_points[seat] += t.points[i]

    def _discard_reveal(self) -> None:
        assert self.tunnel is not None
        for i, k in enumerate(self.tunnel[2]):
            self.discard[i] += k

    def market_can_be_legal(self) -> bool:
        """Whether a market showing fewer than ``market_locomotive_limit`` locomotives can
        still be laid out from the cards outside the hands (the deck, the discard pile and
        the market itself).

        Laying out again draws the whole of that pool in turn (the deck, then the discard
        pile shuffled, the old market in it), so some layout can show any
        ``min(market_size, pool)`` of its cards: a legal one exists exactly when the pool
        holds enough cards that are not locomotives to fill all but ``limit - 1`` places.

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=2)
        >>> game.new_state().market_can_be_legal()
        True
        """
        t = self.game.tables
        rules = self.game.rules
        pool = sum(self.deck) + sum(self.discard) + sum(self.market)
        locos = self.deck[t.loco] + self.discard[t.loco] + self.market[t.loco]
        places = min(rules.market_size, pool)
        return pool - locos >= places - (rules.market_locomotive_limit - 1)

    @property
    def market_note(self) -> str | None:
        """Why the market keeps too many locomotives, once it has been laid out and stays
        so; ``None`` when it does not (or is still being dealt).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=2)
        >>> state = game.new_state()
        >>> while state.to_play is None:
        ...     state.apply(state.chance_outcomes()[0][0])
        >>> state.market_note is None
        True
        """
        rules = self.game.rules
        locos = self.market[self.game.tables.loco]
        if locos < rules.market_locomotive_limit or ("market",) in self.tasks:
            return None
        if self.market_can_be_legal():
            return (
                f"the market keeps its {locos} locomotives: it was laid out anew "
                f"{rules.max_relays} times in a row, the most these rules allow"
            )
        return (
            f"the market keeps its {locos} locomotives: no market with fewer than "
            f"{rules.market_locomotive_limit} can come from the deck and the discard pile"
        )

    def _end_turn(self, passed: bool) -> None:
        n = self.game.players
        seat = self.current
        self.turns += 1
        self.passes = self.passes + 1 if passed else 0
        self.phase = "turn"
        self.then = "turn"
        if self.last_turns is not None:
            self.last_turns -= 1
            if self.last_turns <= 0:
                self.over = True
                return
        elif self.cars[seat] <= self.game.rules.end_cars:
            self.last_turns = n
        if self.passes >= n:
            self.over = True
            return
        self.current = (seat + 1) % n

    def _advance(self) -> None:
        """Run the deterministic steps: reshuffles, skipped draws, market refills and
        relays, then what comes after the chance outcomes."""
        rules = self.game.rules
        t = self.game.tables
        while not self.over:
            while self.tasks:
                task = self.tasks[0]
                if task[0] == "ticket":
                    pile = self.long_pile if task[2] else self.pile
                    if pile or (self.bottom and not task[2]):
                        return
                    self.tasks.pop(0)
                    continue
                if not any(self.deck):
                    if any(self.discard):
                        self.deck, self.discard = self.discard, self.deck
                        continue
                    self.tasks.pop(0)
                    continue
                return
            # the market: refill, then lay out anew when it shows too many locomotives
            short = rules.market_size - sum(self.market)
            if short > 0 and (any(self.deck) or any(self.discard)):
                self.tasks.extend([("market",)] * short)
                continue
            if (
                self.market[t.loco] >= rules.market_locomotive_limit
                and (rules.max_relays is None or self.relays < rules.max_relays)
                and self.market_can_be_legal()
            ):
                self.relays += 1
                for i, k in enumerate(self.market):
                    self.discard[i] += k
                    self.market[i] = 0
                if any(self.deck) or any(self.discard):
                    continue
            break
        if self.over:
            return
        then = self.then
        if then == "setup":
            self.phase = "keep"
            self.current = 0
            self.then = "turn"
            self.relays = 0
        elif then == "draw2":
            self.phase = "draw2"
            self.then = "turn"
            if not self._draws(second=True):
                self._end_turn(passed=False)
        elif then == "end":
            self._end_turn(passed=False)
        elif then == "keep":
            self.phase = "keep"
            self.then = "turn"
            if not self.offered[self.current]:
                self._end_turn(passed=False)
        elif then == "tunnel":
            self.then = "turn"
            if self._tunnel_extra() == 0:
                assert self.tunnel is not None
                r, offer, _ = self.tunnel
                self._discard_reveal()
                self.tunnel = None
                self._place(self.current, r, offer, None)
                self._end_turn(passed=False)
            else:
                self.phase = "tunnel"

    # ------------------------------------------------------------------ observations

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees (see :class:`Observation`).

        Examples
        --------
        >>> from workbench import load_map
        >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=2)
        >>> state = game.new_state()
        >>> while state.to_play is None:
        ...     state.apply(state.chance_outcomes()[-1][0])
        >>> seen = state.observation(1)
        >>> seen.hand == tuple(state.hands[1]), len(seen.offered), seen.legal_actions
        (True, 4, ())
        """
        tunnel = None
        if self.tunnel is not None:
            r, offer, revealed = self.tunnel
            tunnel = (self.game.tables.route_ids[r], str(offer), tuple(revealed))
        return Observation(
            game=self.game,
            player=seat,
            to_play=self.to_play,
            phase=self.phase,
            setup=self.setup,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(sum(h) for h in self.hands),
            tickets=tuple(self.tickets[seat]),
            ticket_counts=tuple(len(x) for x in self.tickets),
            offered=tuple(sorted(self.offered[seat])),
            offered_counts=tuple(len(x) for x in self.offered),
            market=tuple(self.market),
            discard=tuple(self.discard),
            deck_size=sum(self.deck),
            owners=tuple(self.owners),
            stations=tuple(sorted(self.station_at.items())),
            cars=tuple(self.cars),
            stations_left=tuple(self.stations_left),
            route_points=tuple(self.route_points),
            tunnel=tunnel,
            pile_size=len(self.pile),
            bottom_size=len(self.bottom),
            long_left=len(self.long_pile),
            last_turns=self.last_turns,
            passes=self.passes,
            turns=self.turns,
            relays=self.relays,
            current=self.current,
            over=self.over,
            pending=tuple(
                task if task[0] != "ticket" else (task[0], task[1], task[2]) for task in self.tasks
            ),
            then=self.then,
        )

    # ------------------------------------------------------------------ scoring

    def score_sheets(self) -> tuple[ScoreSheet, ...]:
        """Every seat's score, line by line (final once the game is over).

        Tickets count the routes the seat's stations borrow, chosen to help it most (an
        exact search, see :mod:`.scoring`); the longest path bonus goes to every seat tied
        for the longest continuous path.
        """
        if self.over and self._sheets is not None:
            return self._sheets
        sheets = _score(self)
        if self.over:
            self._sheets = sheets
        return sheets


def _score(state: TicketToRideState) -> tuple[ScoreSheet, ...]:
    game = state.game
    t = game.tables
    rules = game.rules
    n = game.players
    out = []
    longest = []
    for seat in range(n):
        mine = [i for i, o in enumerate(state.owners) if o == seat]
        longest.append(longest_trail((t.ends[i][0], t.ends[i][1], t.length[i]) for i in mine))
    top = max(longest) if longest else 0
    for seat in range(n):
        mine = [i for i, o in enumerate(state.owners) if o == seat]
        own = [t.ends[i] for i in mine]
        cities = sorted(c for c, s in state.station_at.items() if s == seat)
        choices_idx = [
            [i for i in t.city_routes[c] if state.owners[i] >= 0 and state.owners[i] != seat]
            for c in cities
        ]
        tickets = []
        for tid in state.tickets[seat]:
            ticket = t.tickets[tid]
            bonus = rules.long_ticket_bonus if ticket.long else 0
            tickets.append((ticket.ends[0], ticket.ends[1], ticket.points + bonus))
        points, done, pick = best_ticket_points(
            own, [[t.ends[i] for i in ch] for ch in choices_idx], tickets
        )
        borrowed = tuple(t.route_ids[choices_idx[s][p]] for s, p in enumerate(pick) if p >= 0)
        bonus = rules.longest_path_points if top > 0 and longest[seat] == top else 0
        out.append(
            ScoreSheet(
                routes=state.route_points[seat],
                tickets=points,
                completed=done,
                failed=len(tickets) - done,
                stations=rules.station_points * state.stations_left[seat],
                longest=longest[seat],
                longest_bonus=bonus,
                borrowed=borrowed,
            )
        )
    return tuple(out)


FORMAT = 1
"""The version of Ticket to Ride's saved-game record."""

_REQUIRED: dict[str, type | tuple[type, ...]] = {
    "format": int,
    "game": str,
    "board": str,
    "board_fingerprint": str,
    "rules": dict,
    "players": int,
    "seed": int,
    "actions": list,
    "action_count": int,
    "over": bool,
    "digest": str,
}


def save_record(state: TicketToRideState) -> dict[str, Any]:
    """The saved game of ``state``: the board's name and fingerprint, the rules as a
    mapping, players, seed, the log as action texts (every card and ticket drawn
    included), how many actions it holds, whether the game was over, and a digest.

    Examples
    --------
    >>> from workbench import load_map
    >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=2, seed=4)
    >>> record = save_record(game.new_state())
    >>> record["game"], record["board"], record["players"], record["rules"]["name"]
    ('ticket_to_ride', 'Ticket to Ride Europe', 2, 'rulebook')
    """
    from workbench.records import digest

    game = state.game
    actions = [str(a) for a in state.history]
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": NAME,
        "board": game.board.name,
        "board_fingerprint": board_fingerprint(game.board),
        "rules": game.rules.to_dict(),
        "players": game.players,
        "seed": game.seed,
        "actions": actions,
        "action_count": len(actions),
        "over": state.is_terminal(),
    }
    record["digest"] = digest(record)
    return record


def load_record(record: Any, board: RouteBoard) -> TicketToRideState:
    """The state a :func:`save_record` record describes, replayed on ``board``.

    Raises ``ValueError`` saying what is wrong: not a record of this format or game, a
    missing or mistyped field, another board or an edited one (by fingerprint), a log cut
    or extended, a record changed after it was saved (the digest, checked last so that the
    checks above name the cause), or a log that breaks the rules.

    Examples
    --------
    >>> from workbench import load_map
    >>> europe = load_map("maps/ticket_to_ride_europe.yaml")
    >>> state = TicketToRide(europe, players=2, seed=4).new_state()
    >>> load_record(save_record(state), europe) == state
    True
    >>> load_record({**save_record(state), "seed": 5}, europe)
    Traceback (most recent call last):
    ...
    ValueError: the saved game was changed after it was saved (its digest does not match): ...
    """
    from workbench.games.record import replay
    from workbench.records import check_count, check_digest, check_over, check_record

    check_record(record, game=NAME, version=FORMAT, required=_REQUIRED, example="blind")
    if record["board"] != board.name:
        raise ValueError(f"the saved game is on board {record['board']!r}, not on {board.name!r}")
    mine = board_fingerprint(board)
    if record["board_fingerprint"] != mine:
        raise ValueError(
            f"the saved game was played on board {record['board']!r} with fingerprint "
            f"{record['board_fingerprint']}, but board {board.name!r} has fingerprint {mine}: "
            "the board was edited since; load the game on the board it was played on"
        )
    check_count(record)
    check_digest(record, "rules, players, seed or actions")
    game = TicketToRide(
        board, TTRRules.from_dict(record["rules"]), players=record["players"], seed=record["seed"]
    )
    state = replay(game, record["actions"])
    check_over(record, state.is_terminal())
    assert isinstance(state, TicketToRideState)
    return state


_NOTHING = Payment(None, 0, 0)


class _CardNames(dict[str, Any]):
    """Action values by card name, made once each (draws and deals are frequent)."""

    def __init__(self, kind: Any) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, key: str) -> Any:
        value = self[key] = self.kind(key)
        return value


_DEAL = _CardNames(Deal)
_TAKE = _CardNames(TakeCard)
