"""Playing Ticket to Ride without a widget: :class:`TicketToRideSession`.

A :class:`~workbench.session.game.GameSession` of ``GAMES["ticket_to_ride"]`` with what
the Ticket to Ride widget (:class:`workbench.ui.ttr_play.TicketToRidePlay`) shows and
decides besides the state:

* the route tapped on the board (:meth:`~TicketToRideSession.click_route`), whose claims
  become the moves on offer (:meth:`~TicketToRideSession.choices`);
* the hint: the routes of the cheapest network joining the viewer's open tickets
  (:meth:`~TicketToRideSession.hint`, the greedy planner's plan);
* the log in words, which never shows another seat's cards or the tickets it kept
  (:meth:`~TicketToRideSession.describe`);
* whose turn it is and what they may do (:meth:`~TicketToRideSession.status`), the seats'
  public counts (:meth:`~TicketToRideSession.seat_rows`), the viewer's tickets with the
  joined ones ticked (:meth:`~TicketToRideSession.ticket_rows`);
* at the end, the scoring line by line (:meth:`~TicketToRideSession.score_rows` and, in
  words, :meth:`~TicketToRideSession.explain_scoring`).

Extra parts of its changes: ``selection`` and ``hint``.

>>> session = TicketToRideSession(seats=["human", "greedy"], seed=3)
>>> session.status()
'Turn 1: you to choose the tickets to keep.'
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
    Claim,
    DrawBlind,
    Keep,
    TakeCard,
)
from workbench.games.ticket_to_ride.bots import GreedyBot
from workbench.games.ticket_to_ride.scoring import connected
from workbench.session.game import HUMAN, GameSession

__all__ = ["PHASES", "TicketToRideSession"]

PHASES = {
    "keep": "choose the tickets to keep",
    "tunnel": "pay the tunnel's extra cards or withdraw",
    "draw2": "draw a second card",
    "turn": "draw cards, claim a route, draw tickets or build a station",
}
"""What the seat on turn does in each phase, in words."""


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
        """No route selected and no hint."""
        self.selected = None
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
            return f"seat {seat} keeps {len(action.tickets)} tickets"
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
        'Turn 1: you to choose the tickets to keep.'
        >>> _ = session.play(session.choices()[0]); session.status()
        'Turn 1: seat 1 to choose the tickets to keep.'
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
        return f"Turn {s.turns + 1}{last}: {self._name(seat)} to {what}."

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
            return [a for a in legal if not isinstance(a, TakeCard | DrawBlind)]
        return list(legal)

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
            self.say(
                f"you cannot claim {route} now (cards, cars, its owner or the double rule)",
                error=True,
            )
        else:
            self.say(f"{route}: {len(found)} ways to claim it", error=False)
        self.send({"selection"})
        return [a for a in found if isinstance(a, Claim)]

    def unselect(self) -> None:
        """Select no route: :meth:`choices` lists every move again."""
        self.selected = None
        self.send({"selection"})

    # ------------------------------------------------------------------ the hint

    def hint(self) -> list[str]:
        """The routes of the cheapest network joining the viewer's open tickets (the greedy
        planner's, on the board as it stands), kept in :attr:`hint_routes` until the next
        move, with their count and cars in :attr:`message`."""
        seat = self.viewer()
        bot = GreedyBot(self.game, seat, np.random.default_rng(0))
        plan = bot.plan(self.state.observation(seat))
        t = self.game.tables
        self.hint_routes = [t.route_ids[i] for i in plan.routes]
        cars = sum(t.length[i] for i in plan.routes)
        if self.hint_routes:
            text = (
                f"Hint: {len(self.hint_routes)} routes, {cars} cars join your tickets "
                f"(dashed): {', '.join(self.hint_routes)}"
            )
        else:
            text = "Hint: your tickets are joined (or cannot be any more)"
        self.say(text, kind="hint")
        self.send({"hint"})
        return self.hint_routes

    # ------------------------------------------------------------------ in tables

    def done_tickets(self, seat: int) -> list[str]:
        """``seat``'s tickets its own routes join (stations not counted: they count at the
        end)."""
        s = self.state
        t = self.game.tables
        own = [t.ends[i] for i, o in enumerate(s.owners) if o == seat]
        mine = s.tickets[seat]
        ok = connected(own, [t.tickets[x].ends for x in mine])
        return [x for x, y in zip(mine, ok, strict=True) if y]

    def ticket_rows(self) -> list[dict[str, Any]]:
        """The viewer's tickets: ``ticket``, ``points`` and whether ``joined``."""
        seat = self.viewer()
        t = self.game.tables
        done = set(self.done_tickets(seat))
        return [
            {"ticket": x, "points": t.tickets[x].points, "joined": x in done}
            for x in self.state.tickets[seat]
        ]

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
