"""Helpers for hand-worked Ticket to Ride positions: a game past its setup, with the hands,
market and deck set card by card (cards only ever move between piles, so the deck keeps
its 110 cards)."""

from __future__ import annotations

from workbench import load_map
from workbench.games.ticket_to_ride import TicketToRide, TicketToRideState, TTRRules
from workbench.maps.routes import RouteBoard

EUROPE: RouteBoard = load_map("maps/ticket_to_ride_europe.yaml")  # type: ignore[assignment]


def card(state: TicketToRideState, name: str) -> int:
    return state.game.tables.card[name]


def to_deck(state: TicketToRideState) -> None:
    """Every card back into the deck: hands, market and discard pile."""
    for pile in [*state.hands, state.market, state.discard]:
        for i, k in enumerate(pile):
            state.deck[i] += k
            pile[i] = 0


def move(state: TicketToRideState, pile: list[int], **cards: int) -> None:
    """Move cards (by name, ``loco`` for locomotives) from the deck to ``pile``."""
    for name, k in cards.items():
        i = card(state, name)
        assert state.deck[i] >= k, f"the deck has only {state.deck[i]} {name}"
        state.deck[i] -= k
        pile[i] += k


def started(
    players: int = 4, rules: TTRRules | None = None, market: dict[str, int] | None = None
) -> TicketToRideState:
    """A game at seat 0's first turn; every hand and the discard pile empty, the market
    ``market`` (two white, two black, a yellow by default), every seat holding the tickets
    it was dealt (by the first chance outcomes)."""
    game = TicketToRide(EUROPE, rules or TTRRules(), players=players, seed=0)
    state = game.new_state()
    while state.to_play is None:
        state.apply(state.chance_outcomes()[0][0])
    while state.phase == "keep":
        state.apply(state.legal_actions()[0])
    assert state.phase == "turn" and state.to_play == 0
    to_deck(state)
    move(
        state, state.market, **({"white": 2, "black": 2, "yellow": 1} if market is None else market)
    )
    return state


def deal(state: TicketToRideState, *colors: str) -> None:
    """Apply the chance outcomes ``deal <color>`` in order."""
    for c in colors:
        assert state.to_play is None, "not a chance node"
        state.apply(state.game.parse_action(f"deal {c}"))


def conserved(state: TicketToRideState) -> bool:
    total = [0] * len(state.deck)
    piles = [state.deck, state.discard, state.market, *state.hands]
    if state.tunnel is not None:
        piles.append(state.tunnel[2])
    for pile in piles:
        for i, k in enumerate(pile):
            total[i] += k
    return total == state.game.tables.full
