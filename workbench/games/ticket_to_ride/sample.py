"""Determinization: a Ticket to Ride state drawn from what one seat can see.

A seat sees its own hand and tickets and everything public (market, discard pile, routes,
stations, counts of cards and tickets in every hand, sizes of the deck and the ticket
pile). :func:`sample_state` deals the cards it cannot see (the other hands and the deck) at
random from the cards not in sight, and the tickets it cannot see (the other seats'
tickets, the ticket pile and the tickets under it) at random from the tickets not in its
hand. The sampled state has an empty history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from workbench.games.ticket_to_ride.actions import parse_payment

if TYPE_CHECKING:
    from workbench.games.ticket_to_ride.game import Observation, TicketToRide, TicketToRideState

__all__ = ["sample_state"]


def sample_state(
    game: TicketToRide, obs: Observation, rng: np.random.Generator
) -> TicketToRideState:
    """A state consistent with ``obs``, what it hides drawn at random with ``rng``.

    Examples
    --------
    >>> from workbench import load_map
    >>> from workbench.games.ticket_to_ride.game import TicketToRide
    >>> game = TicketToRide(load_map("maps/ticket_to_ride_europe.yaml"), players=3, seed=1)
    >>> state = game.new_state()
    >>> while state.to_play is None:
    ...     state.apply(state.chance_outcomes()[0][0])
    >>> seen = state.observation(0)
    >>> fake = sample_state(game, seen, np.random.default_rng(2))
    >>> fake.observation(0) == seen, fake.hands[0] == state.hands[0]
    (True, True)
    """
    from workbench.games.ticket_to_ride.game import TicketToRideState

    t = game.tables
    n = game.players
    me = obs.player
    s = TicketToRideState.__new__(TicketToRideState)
    s.game = game
    # cards: what the seat cannot see is the deck and the other hands
    unseen = list(t.full)
    revealed = obs.tunnel[2] if obs.tunnel is not None else (0,) * len(t.full)
    for i in range(len(unseen)):
        unseen[i] -= obs.discard[i] + obs.market[i] + obs.hand[i] + revealed[i]
    if min(unseen) < 0 or sum(unseen) != obs.deck_size + sum(obs.hand_sizes) - sum(obs.hand):
        raise ValueError("the observation's cards do not add up to the game's deck")
    cards = np.repeat(np.arange(len(unseen)), unseen)
    rng.shuffle(cards)
    hands: list[list[int]] = []
    at = 0
    for seat in range(n):
        if seat == me:
            hands.append(list(obs.hand))
            continue
        size = obs.hand_sizes[seat]
        hands.append(np.bincount(cards[at : at + size], minlength=len(unseen)).tolist())
        at += size
    s.deck = np.bincount(cards[at:], minlength=len(unseen)).tolist()
    s.discard = list(obs.discard)
    s.market = list(obs.market)
    s.hands = hands
    # tickets
    mine = set(obs.tickets) | set(obs.offered)
    short = [x for x in t.short if x not in mine]
    long = [x for x in t.long if x not in mine]
    rng.shuffle(short)
    rng.shuffle(long)
    s.pile = sorted(short[: obs.pile_size])
    s.bottom = short[obs.pile_size : obs.pile_size + obs.bottom_size]
    s.long_pile = sorted(long[: obs.long_left])
    rest = short[obs.pile_size + obs.bottom_size :] + long[obs.long_left :]
    rng.shuffle(rest)
    s.tickets, s.offered = [], []
    at = 0
    for seat in range(n):
        if seat == me:
            s.tickets.append(list(obs.tickets))
            s.offered.append(list(obs.offered))
            continue
        k = obs.ticket_counts[seat]
        s.tickets.append(sorted(rest[at : at + k]))
        at += k
        k = obs.offered_counts[seat]
        s.offered.append(sorted(rest[at : at + k]))
        at += k
    # everything public
    s.cars = list(obs.cars)
    s.stations_left = list(obs.stations_left)
    s.station_at = dict(obs.stations)
    s.owners = list(obs.owners)
    s.route_points = list(obs.route_points)
    s.tasks = list(obs.pending)
    s.then = obs.then
    s.phase = obs.phase
    s.setup = obs.setup
    s.current = obs.current
    s.tunnel = (
        None
        if obs.tunnel is None
        else (t.index[obs.tunnel[0]], parse_payment(obs.tunnel[1]), list(obs.tunnel[2]))
    )
    s.relays = obs.relays
    s.last_turns = obs.last_turns
    s.passes = obs.passes
    s.turns = obs.turns
    s.over = obs.over
    s._log = []
    s._sheets = None
    return s
