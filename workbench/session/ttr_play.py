"""Playing Ticket to Ride without a widget: :class:`TicketToRideSession`.

A :class:`~workbench.session.game.GameSession` of ``GAMES["ticket_to_ride"]`` with what
the Ticket to Ride widget (:class:`workbench.ui.ttr_play.TicketToRidePlay`) shows and
decides besides the state:

* the route tapped on the board (:meth:`~TicketToRideSession.click_route`), whose claims
  become the moves on offer (:meth:`~TicketToRideSession.choices`), or the city tapped
  for a station (:meth:`~TicketToRideSession.click_city`); a route or city that cannot be
  taken says which rule refuses it and who owns it (:meth:`~TicketToRideSession.why_not`);
  moves in words, tickets with their points (:meth:`~TicketToRideSession.move_label`);
* a tunnel's reveal: the cards turned over and the extra cards they ask for
  (:meth:`~TicketToRideSession.tunnel_reveal`, in the status line too);
* the hint: the routes of the cheapest network joining the viewer's open tickets, the
  stations' borrowing counted (:meth:`~TicketToRideSession.hint`, the greedy planner's
  plan), or during the ticket choice the tickets to keep;
* the log in words, which never shows another seat's cards or the tickets it kept
  (:meth:`~TicketToRideSession.describe`);
* whose turn it is and what they may do, by rounds (:meth:`~TicketToRideSession.status`),
  the seats' public counts (:meth:`~TicketToRideSession.seat_rows`), the viewer's tickets
  with the joined ones ticked, a station's borrowing counted as the final scoring counts it
  (:meth:`~TicketToRideSession.ticket_rows`, :meth:`~TicketToRideSession.borrowed`), and
  the cities to ring on the board (:meth:`~TicketToRideSession.ticket_cities`);
* at the end, the scoring line by line (:meth:`~TicketToRideSession.score_rows` and, in
  words, :meth:`~TicketToRideSession.explain_scoring`).

Extra parts of its changes: ``selection`` and ``hint``.

>>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
>>> session.status()
'Round 1: you to choose the tickets to keep.'
>>> session.play(session.choices()[0]), session.run() > 0
(True, True)
>>> session.state.phase, session.state.to_play
('turn', 0)
>>> routes = session.hint()
>>> session.message.startswith("Hint: ") and len(routes) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from workbench.games.ticket_to_ride import TicketToRide, TicketToRideState
from workbench.games.ticket_to_ride.actions import (
    BuildStation,
    Claim,
    DrawBlind,
    DrawTickets,
    Keep,
    Payment,
    PayTunnel,
    TakeCard,
    Withdraw,
)
from workbench.games.ticket_to_ride.bots import GreedyBot
from workbench.games.ticket_to_ride.scoring import best_ticket_points, connected
from workbench.session.game import HUMAN, GameSession

__all__ = ["PHASES", "TicketToRideSession", "payment_words", "plural"]

PHASES = {
    "keep": "choose the tickets to keep",
    "tunnel": "pay the tunnel's extra cards or withdraw",
    "draw2": "draw a second card",
    "turn": "draw cards, claim a route, draw tickets or build a station",
}
"""What the seat on turn does in each phase, in words."""


def plural(n: int, thing: str) -> str:
    """``1 way``, ``2 ways``.

    Examples
    --------
    >>> plural(1, "way"), plural(3, "car")
    ('1 way', '3 cars')
    """
    return f"{n} {thing}{'' if n == 1 else 's'}"


def payment_words(payment: Payment) -> str:
    """A payment as a player says it.

    Examples
    --------
    >>> payment_words(Payment("red", 2, 1)), payment_words(Payment(None, 0, 1))
    ('2 red + 1 locomotive', '1 locomotive')
    >>> payment_words(Payment(None, 0, 0))
    'nothing'
    """
    parts = []
    if payment.cards:
        parts.append(f"{payment.cards} {payment.color}")
    if payment.locos:
        parts.append(plural(payment.locos, "locomotive"))
    return " + ".join(parts) or "nothing"


class TicketToRideSession(GameSession):
    """A game of Ticket to Ride with people and bots (see the module's text).

    Parameters
    ----------
    board : RouteBoard or path, optional
        The shipped Europe board by default.
    seats : sequence of str
        :data:`~workbench.session.game.HUMAN` or a bot's name per seat.
    rules : preset name or TTRRules, optional
    seed : int
        The game's seed; the bots' too unless ``bot_seed`` is given.
    bot_seed : int, optional

    Examples
    --------
    >>> session = TicketToRideSession(seats=["greedy", "planner"], seed=1)
    >>> session.run() > 0, session.state.is_terminal()
    (True, True)
    >>> session.explain_scoring()[0]
    'seat 0 (greedy): ...'
    """

    def __init__(
        self,
        board: Any = None,
        seats: Sequence[str] = (HUMAN, "greedy", "greedy", "greedy"),
        rules: Any = None,
        seed: int = 0,
        bot_seed: int | None = None,
    ) -> None:
        self.selected: str | None = None
        self.selected_city: str | None = None
        self.hint_routes: list[str] = []
        super().__init__(
            "ticket_to_ride", seats, rules=rules, board=board, seed=seed, bot_seed=bot_seed
        )

    @property
    def game(self) -> TicketToRide:
        """The game in progress."""
        game = super().game
        assert isinstance(game, TicketToRide)
        return game

    @property
    def state(self) -> TicketToRideState:
        """The state in progress (the whole truth)."""
        state = super().state
        assert isinstance(state, TicketToRideState)
        return state

    def reset_view(self) -> None:
        """No route or city selected and no hint."""
        self.selected = None
        self.selected_city = None
        self.hint_routes = []

    def view_parts(self) -> set[str]:
        return {"selection", "hint"}

    def applied(self, state: Any, action: Any, seat: int | None) -> None:
        """After any move: the selection and the hint are gone."""
        self.reset_view()

    def _name(self, seat: int) -> str:
        return "you" if self.sees(seat) else f"seat {seat}"

    # ------------------------------------------------------------------ the log

    def describe(self, state: Any, action: Any, seat: int | None) -> str | None:
        """The log line of ``action`` about to be played from ``state``: a card or ticket
        dealt is named only to its receiver (when the log is that person's alone), a kept
        hand of tickets only by its size; tunnel reveals and the market are public.

        Examples
        --------
        >>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
        >>> session.log[0][:9], session.log[4]
        ('you draw ', 'seat 1 draws a card')
        """
        if seat is None:
            task = state.tasks[0]
            if task[0] == "hand":
                who = task[1]
                if self.sees(who):
                    return f"you draw {action.color}"
                return f"{self._name(who)} draws a card"
            if task[0] == "ticket":
                who = task[1]
                if self.sees(who):
                    return f"you draw ticket {action.ticket}"
                return f"{self._name(who)} draws a ticket"
            if task[0] == "tunnel":
                return f"the tunnel reveals {action.color}"
            line = f"the market shows {action.color}"
            if state.tasks.count(("market",)) == 1:  # the last card: does the market stay?
                after = state.copy()
                after.apply(action)
                if after.market_note is not None:
                    line += f"; {after.market_note}"
            return line
        if isinstance(action, Keep) and not self.sees(seat):
            return f"seat {seat} keeps {plural(len(action.tickets), 'ticket')}"
        return f"{self._name(seat)}: {action}"

    def result_line(self) -> str:
        state = self.state
        won = ", ".join(self._name(s) for s in state.winners())
        totals = ", ".join(str(s.total) for s in state.score_sheets())
        return f"game over: {won} won (scores {totals})"

    def status(self) -> str:
        """Whose turn it is and what they are doing, or the result.

        Examples
        --------
        >>> session = TicketToRideSession(seats=["human", "greedy"], seed=2)
        >>> session.status()
        'Round 1: you to choose the tickets to keep.'
        >>> _ = session.play(session.choices()[0]); session.status()
        'Round 1: seat 1 to choose the tickets to keep.'
        """
        s = self.state
        if s.is_terminal():
            won = ", ".join(self._name(w) for w in s.winners())
            return f"The game is over: {won} won."
        seat = s.to_play
        if seat is None:
            return "The table is dealing."
        what = PHASES.get(s.phase, s.phase)
        last = " (last round)" if s.last_turns is not None else ""
        tunnel = self.tunnel_text()
        tail = f" {tunnel}" if tunnel else ""
        return f"Round {self.round()}{last}: {self._name(seat)} to {what}.{tail}"

    def round(self) -> int:
        """The round in progress: every seat plays once a round (the setup's ticket
        choice is round 1's)."""
        s = self.state
        return s.turns // self.game.players + 1

    def tunnel_reveal(self) -> tuple[str, list[str], int] | None:
        """The tunnel being claimed: its route, the cards turned over, and how many extra
        cards they ask for; ``None`` off the tunnel step.

        Examples
        --------
        >>> TicketToRideSession(seats=["human", "greedy"], seed=3).tunnel_reveal() is None
        True
        """
        s = self.state
        if s.phase != "tunnel" or s.tunnel is None:
            return None
        t = self.game.tables
        route, offer, revealed = s.tunnel
        cards = [
            "locomotive" if i == t.loco else t.names[i]
            for i, k in enumerate(revealed)
            for _ in range(k)
        ]
        extra = revealed[t.loco] + (revealed[t.card[offer.color]] if offer.color else 0)
        return t.route_ids[route], cards, extra

    def tunnel_text(self) -> str:
        """The tunnel step in words: the cards turned over, the extra cards they ask for
        and what counts as one (``""`` off the tunnel step)."""
        reveal = self.tunnel_reveal()
        if reveal is None:
            return ""
        route, cards, extra = reveal
        offer = self.state.tunnel[1] if self.state.tunnel else None
        shown = ", ".join(cards) or "no card"
        if extra == 0:
            return f"The tunnel {route} turned over {shown}: nothing more to pay."
        kind = (
            "locomotive" if offer is None or offer.color is None else f"{offer.color} or locomotive"
        )
        return (
            f"The tunnel {route} turned over {shown}: {plural(extra, kind + ' card')} more "
            "to pay, or withdraw."
        )

    # ------------------------------------------------------------------ moves

    def choices(self) -> list[Any]:
        """The moves of the person on turn: the claims of the selected route at the start
        of a turn when one is selected, else every move but the card draws (they are the
        market's and the deck's; :meth:`draws`).

        Examples
        --------
        >>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
        >>> session.play(session.choices()[0]), session.run() > 0
        (True, True)
        >>> any(isinstance(a, (TakeCard, DrawBlind)) for a in session.choices())
        False
        """
        if not self.human_to_play():
            return []
        legal = self.state.legal_actions()
        if self.state.phase == "turn":
            if self.selected is not None:
                return [a for a in legal if isinstance(a, Claim) and a.route == self.selected]
            if self.selected_city is not None:
                city = self.selected_city
                return [a for a in legal if isinstance(a, BuildStation) and a.city == city]
            return [a for a in legal if not isinstance(a, TakeCard | DrawBlind | BuildStation)]
        return list(legal)

    def move_label(self, action: Any) -> str:
        """A move as the moves list shows it: tickets with their points, payments in words.

        Examples
        --------
        >>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
        >>> session.move_label(Keep(("Berlin-Roma", "Brest-Marseille")))
        'keep Berlin-Roma (9 pts), Brest-Marseille (7 pts)'
        >>> session.move_label(PayTunnel(Payment(None, 0, 1)))
        'pay 1 locomotive more'
        """
        t = self.game.tables
        if isinstance(action, Keep):
            return "keep " + ", ".join(f"{x} ({t.tickets[x].points} pts)" for x in action.tickets)
        if isinstance(action, Claim):
            return f"claim {action.route} with {payment_words(action.payment)}"
        if isinstance(action, PayTunnel):
            return f"pay {payment_words(action.payment)} more"
        if isinstance(action, Withdraw):
            return "withdraw (the cards go back to your hand)"
        if isinstance(action, BuildStation):
            return f"station in {action.city} for {payment_words(action.payment)}"
        if isinstance(action, DrawTickets):
            return "draw tickets"
        return str(action)

    def draws(self) -> list[Any]:
        """The card draws open to the person on turn (face-up cards, then the deck)."""
        if not self.human_to_play():
            return []
        return self.state.draws()

    def click_route(self, route: str) -> list[Claim]:
        """Select ``route`` (its id): :meth:`choices` then lists its claims, which are
        returned; ``KeyError`` for a route the board does not have.

        Examples
        --------
        >>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
        >>> session.click_route("Berlin-Wien"), session.message
        ([], 'you cannot claim Berlin-Wien now: choose the tickets to keep first')
        """
        self.board.route(route)  # KeyError for an unknown id
        self.selected = route
        found = self.choices()
        s = self.state
        if not self.human_to_play():
            self.say(f"{route} selected; it is not your turn", error=False)
        elif s.phase != "turn":
            self.say(f"you cannot claim {route} now: {PHASES[s.phase]} first", error=True)
        elif not found:
            self.say(f"you cannot claim {route}: {self.why_not(route)}", error=True)
        else:
            self.say(f"{route}: {plural(len(found), 'way')} to claim it", error=False)
        self.send({"selection"})
        return [a for a in found if isinstance(a, Claim)]

    def owner_text(self, route: str) -> str:
        """Who owns ``route``: ``"free"``, ``"you"`` or ``"seat 1 (greedy)"``."""
        owner = self.state.owners[self.game.tables.index[route]]
        if owner < 0:
            return "free"
        return "you" if self.sees(owner) else self.who(owner)

    def why_not(self, route: str) -> str:
        """Which rule keeps the person on turn from claiming ``route`` now, in words
        (``""`` when it may be claimed).

        Examples
        --------
        >>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
        >>> session.play(session.choices()[0]), session.run() > 0
        (True, True)
        >>> session.why_not("Budapest-Kyiv")
        'it takes 6 cards of one color (locomotives count as any); you have at most 4 with \
your 2 locomotives'
        >>> session.why_not("Berlin-Wien")
        'it takes 3 green cards (locomotives count as any); you have 0 green and 2 locomotives'
        """
        s = self.state
        t = self.game.tables
        rules = self.game.rules
        seat = s.to_play
        if seat is None or not self.human_to_play():
            return "it is not your turn"
        if s.phase != "turn":
            return f"{PHASES[s.phase]} first"
        i = t.index[route]
        if s.claims(i):
            return ""
        owner = s.owners[i]
        if owner >= 0:
            return f"it is claimed already, by {'you' if owner == seat else self.who(owner)}"
        for j in t.siblings[i]:
            twin = s.owners[j]
            if twin == seat:
                return (
                    f"you own its twin lane ({t.route_ids[j]}): nobody claims both lanes of a "
                    "double route"
                )
            if twin >= 0 and self.game.players < rules.double_min_players:
                return (
                    f"with {self.game.players} players only one lane of a double route is "
                    f"used, and {self.who(twin)} has the other"
                )
        length = t.length[i]
        if length > s.cars[seat]:
            return f"it takes {plural(length, 'car')} and you have {s.cars[seat]} left"
        hand = s.hands[seat]
        locos = hand[t.loco]
        need_locos = t.ferry[i]
        if locos < need_locos:
            return (
                f"a ferry of {plural(need_locos, 'locomotive space')} needs as many "
                f"locomotives; you have {locos}"
            )
        color = t.color[i]
        if color >= 0:
            have = hand[color]
            return (
                f"it takes {length} {t.names[color]} cards (locomotives count as any); you "
                f"have {have} {t.names[color]} and {plural(locos, 'locomotive')}"
            )
        best = max((hand[c] for c in range(t.loco)), default=0)
        return (
            f"it takes {length} cards of one color (locomotives count as any); you have at "
            f"most {best} with your {plural(locos, 'locomotive')}".replace(
                f"at most {best} with", f"at most {best + locos} with"
            )
        )

    def click_city(self, city: str) -> list[BuildStation]:
        """Select ``city`` to build a station there: :meth:`choices` then lists the
        payments, which are returned; a refusal says why. ``KeyError`` for a city the
        board does not have.

        Examples
        --------
        >>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
        >>> session.play(session.choices()[0]), session.run() > 0
        (True, True)
        >>> [str(a) for a in session.click_city("Wien")][:2], session.message
        (['station Wien 1red', 'station Wien 1loco'], 'A station in Wien: 2 ways to pay.')
        """
        if city not in self.board.positions:
            raise KeyError(f"{city!r} is not a city of {self.board.name!r}")
        self.selected, self.selected_city = None, city
        found = [a for a in self.choices() if isinstance(a, BuildStation)]
        if found:
            self.say(f"A station in {city}: {plural(len(found), 'way')} to pay.")
        elif not self.human_to_play():
            self.say(f"{city} selected; it is not your turn")
        else:
            self.say(f"you cannot build a station in {city}: {self.why_no_station(city)}", True)
        self.send({"selection"})
        return found

    def why_no_station(self, city: str) -> str:
        """Which rule keeps the person on turn from building a station in ``city``."""
        s = self.state
        seat = s.to_play
        rules = self.game.rules
        if seat is None or not self.human_to_play():
            return "it is not your turn"
        if s.phase != "turn":
            return f"{PHASES[s.phase]} first"
        holder = s.station_at.get(city)
        if holder is not None:
            who = "you have" if holder == seat else f"{self.who(holder)} has"
            return f"{who} a station there already (one station a city)"
        left = s.stations_left[seat]
        if left <= 0:
            return f"you have built all your {rules.stations} stations"
        cost = rules.station_costs[rules.stations - left]
        return (
            f"your next station costs {plural(cost, 'card')} of one color (locomotives "
            "count as any), and your hand has fewer"
        )

    def unselect(self) -> None:
        """Select no route or city: :meth:`choices` lists every move again."""
        self.selected = None
        self.selected_city = None
        self.send({"selection"})

    # ------------------------------------------------------------------ the hint

    def hint(self) -> list[str]:
        """The routes of the cheapest network joining the viewer's open tickets (the greedy
        planner's, on the board as it stands), kept in :attr:`hint_routes` until the next
        move, with their count and cars in :attr:`message`."""
        seat = self.viewer()
        bot = GreedyBot(self.game, seat, np.random.default_rng(0), stations=True)
        observation = self.state.observation(seat)
        if self.state.phase == "keep" and self.state.to_play == seat:
            keep = bot.act(observation)
            self.hint_routes = []
            self.say(
                f"Hint: {self.move_label(keep)}, the tickets a cheap network can join.",
                kind="hint",
            )
            self.send({"hint"})
            return self.hint_routes
        plan = bot.plan(observation)
        t = self.game.tables
        self.hint_routes = [t.route_ids[i] for i in plan.routes]
        cars = sum(t.length[i] for i in plan.routes)
        if self.hint_routes:
            text = (
                f"Hint: {len(self.hint_routes)} routes, {cars} cars join your tickets "
                f"(dashed): {', '.join(self.hint_routes)}"
            )
        else:
            text = (
                "Hint: every ticket is joined (your stations' borrowing counted) or cannot be "
                "any more: draw tickets, or claim long routes for points"
            )
        self.say(text, kind="hint")
        self.send({"hint"})
        return self.hint_routes

    # ------------------------------------------------------------------ in tables

    def borrowed(self, seat: int) -> list[str]:
        """The rival routes ``seat``'s stations would borrow if the game ended now: the
        choice the final scoring makes (the most ticket points, fewest routes first).

        Examples
        --------
        >>> TicketToRideSession(seats=["human", "greedy"], seed=3).borrowed(0)
        []
        """
        s = self.state
        t = self.game.tables
        rules = self.game.rules
        own = [t.ends[i] for i, o in enumerate(s.owners) if o == seat]
        cities = sorted(c for c, h in s.station_at.items() if h == seat)
        choices = [
            [i for i in t.city_routes[c] if s.owners[i] >= 0 and s.owners[i] != seat]
            for c in cities
        ]
        tickets = []
        for x in s.tickets[seat]:
            ticket = t.tickets[x]
            bonus = rules.long_ticket_bonus if ticket.long else 0
            tickets.append((ticket.ends[0], ticket.ends[1], ticket.points + bonus))
        _, _, pick = best_ticket_points(own, [[t.ends[i] for i in c] for c in choices], tickets)
        return [t.route_ids[choices[k][p]] for k, p in enumerate(pick) if p >= 0]

    def done_tickets(self, seat: int) -> list[str]:
        """``seat``'s tickets joined now: by its own routes and the rival routes its
        stations borrow (:meth:`borrowed`), as the final scoring would count them."""
        s = self.state
        t = self.game.tables
        own = [t.ends[i] for i, o in enumerate(s.owners) if o == seat]
        own += [t.ends[t.index[r]] for r in self.borrowed(seat)]
        mine = s.tickets[seat]
        ok = connected(own, [t.tickets[x].ends for x in mine])
        return [x for x, y in zip(mine, ok, strict=True) if y]

    def ticket_rows(self) -> list[dict[str, Any]]:
        """The viewer's tickets: ``ticket``, ``points``, whether ``joined`` (stations'
        borrowing counted) and ``borrowing`` (the borrowed routes it needs, or ``""``)."""
        seat = self.viewer()
        s = self.state
        t = self.game.tables
        done = set(self.done_tickets(seat))
        own = [t.ends[i] for i, o in enumerate(s.owners) if o == seat]
        alone = dict(
            zip(
                s.tickets[seat],
                connected(own, [t.tickets[x].ends for x in s.tickets[seat]]),
                strict=True,
            )
        )
        lent = ", ".join(self.borrowed(seat))
        return [
            {
                "ticket": x,
                "points": t.tickets[x].points,
                "joined": x in done,
                "borrowing": lent if x in done and not alone[x] else "",
            }
            for x in s.tickets[seat]
        ]

    def ticket_cities(self) -> dict[str, str]:
        """The cities of the viewer's tickets to mark on the board: ``"open"``,
        ``"joined"``, or ``"offered"`` (tickets to choose from now)."""
        seat = self.viewer()
        s = self.state
        t = self.game.tables
        out: dict[str, str] = {}
        done = set(self.done_tickets(seat))
        for x in s.tickets[seat]:
            for city in t.tickets[x].ends:
                if out.get(city) != "open":
                    out[city] = "joined" if x in done else "open"
        for x in s.offered[seat]:
            for city in t.tickets[x].ends:
                out.setdefault(city, "offered")
        return out

    def seat_rows(self) -> list[dict[str, Any]]:
        """What everyone sees of each seat: route points, cars, cards, tickets, stations.

        Examples
        --------
        >>> TicketToRideSession(seats=["human", "greedy"], seed=3).seat_rows()[1]
        {'seat': 1, 'name': 'seat 1', 'plays': 'greedy', 'points': 0, 'cars': 45, \
'cards': 4, 'tickets': 0, 'stations': 3}
        """
        s = self.state
        return [
            {
                "seat": i,
                "name": self._name(i),
                "plays": self.seats[i],
                "points": s.route_points[i],
                "cars": s.cars[i],
                "cards": sum(s.hands[i]),
                "tickets": len(s.tickets[i]),
                "stations": s.stations_left[i],
            }
            for i in range(self.game.players)
        ]

    def score_rows(self) -> list[dict[str, Any]]:
        """The final scoring, one row a seat (``[]`` before the end): routes, tickets,
        completed, failed, stations, longest path, bonus, borrowed routes, total."""
        s = self.state
        if not s.is_terminal():
            return []
        return [
            {
                "seat": i,
                "name": self._name(i),
                "routes": x.routes,
                "tickets": x.tickets,
                "completed": x.completed,
                "failed": x.failed,
                "stations": x.stations,
                "longest": x.longest,
                "bonus": x.longest_bonus,
                "borrowed": ", ".join(x.borrowed),
                "total": x.total,
            }
            for i, x in enumerate(s.score_sheets())
        ]

    def explain_scoring(self) -> list[str]:
        """The final scoring in words, a line a seat and a line per ticket (``[]`` before
        the end): route points, each ticket completed or failed (with the routes the
        stations borrowed), unused stations, the longest path and its bonus, the total."""
        s = self.state
        if not s.is_terminal():
            return []
        t = self.game.tables
        rules = self.game.rules
        lines = []
        for seat, sheet in enumerate(s.score_sheets()):
            who = "you" if self.sees(seat) else f"seat {seat} ({self.seats[seat]})"
            lines.append(f"{who}: {sheet.total} points")
            claimed = sum(1 for o in s.owners if o == seat)
            lines.append(f"  routes: {claimed} claimed, +{sheet.routes}")
            own = [t.ends[i] for i, o in enumerate(s.owners) if o == seat]
            borrowed = [t.ends[t.index[r]] for r in sheet.borrowed]
            tickets = s.tickets[seat]
            joined = connected([*own, *borrowed], [t.tickets[x].ends for x in tickets])
            alone = connected(own, [t.tickets[x].ends for x in tickets])
            for x, ok, mine in zip(tickets, joined, alone, strict=True):
                ticket = t.tickets[x]
                points = ticket.points + (rules.long_ticket_bonus if ticket.long else 0)
                how = ""
                if ok and not mine:  # the borrowed routes it cannot do without
                    ends = t.tickets[x].ends
                    needed = [
                        r
                        for k, r in enumerate(sheet.borrowed)
                        if not connected([*own, *borrowed[:k], *borrowed[k + 1 :]], [ends])[0]
                    ]
                    how = f" (borrowing {', '.join(needed or sheet.borrowed)})"
                verdict = f"completed{how}, +{points}" if ok else f"failed, -{points}"
                lines.append(f"  ticket {x}: {verdict}")
            left = s.stations_left[seat]
            lines.append(
                f"  stations: {rules.stations - left} built, {left} unused, +{sheet.stations}"
            )
            bonus = f", the longest: +{sheet.longest_bonus}" if sheet.longest_bonus else ""
            lines.append(f"  longest path: {sheet.longest} cars{bonus}")
        return lines
