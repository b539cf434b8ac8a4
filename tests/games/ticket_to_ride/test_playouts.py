"""Hypothesis playouts of Ticket to Ride: the invariants hold after every action."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.ticket_to_ride.helpers import EUROPE, conserved
from workbench.games import GAMES, dump_record, load_record, play, replay
from workbench.games.ticket_to_ride import TicketToRide, TicketToRideState, TTRRules
from workbench.games.ticket_to_ride.rules import PRESETS


def _check(state: TicketToRideState) -> None:
    game = state.game
    assert conserved(state), "cards are conserved: deck + discard + market + hands"
    assert min(state.cars) >= 0 and min(state.stations_left) >= 0
    assert all(min(h) >= 0 for h in state.hands) and min(state.deck) >= 0
    assert sum(state.market) <= game.rules.market_size
    # tickets: every ticket is in exactly one place (or out of the game)
    places = [*state.pile, *state.bottom, *state.long_pile]
    for seat in range(game.players):
        places += state.tickets[seat] + state.offered[seat]
    assert len(places) == len(set(places))
    t = game.tables
    # a decision is never taken before a market of too many locomotives that could still be
    # laid out legally (the presets set no limit on layouts)
    if state.to_play is not None and game.rules.max_relays is None:
        too_many = state.market[t.loco] >= game.rules.market_locomotive_limit
        assert not too_many or not state.market_can_be_legal()
        assert (state.market_note is not None) == too_many
    # cars used are the routes claimed
    for seat in range(game.players):
        used = sum(t.length[i] for i, o in enumerate(state.owners) if o == seat)
        assert state.cars[seat] == game.rules.cars - used


def _hidden_swap(state: TicketToRideState, seat: int, rng: np.random.Generator) -> None:
    """Change what ``seat`` cannot see: move a card between another hand and the deck,
    and swap a ticket of another seat with one of the pile."""
    others = [s for s in range(state.game.players) if s != seat and sum(state.hands[s])]
    if others:
        o = others[int(rng.integers(len(others)))]
        have = [i for i, k in enumerate(state.hands[o]) if k]
        want = [i for i, k in enumerate(state.deck) if k]
        if want:
            a, b = have[int(rng.integers(len(have)))], want[int(rng.integers(len(want)))]
            state.hands[o][a] -= 1
            state.deck[a] += 1
            state.deck[b] -= 1
            state.hands[o][b] += 1
    holders = [s for s in range(state.game.players) if s != seat and state.tickets[s]]
    if holders and state.pile:
        o = holders[0]
        state.tickets[o][0], state.pile[0] = state.pile[0], state.tickets[o][0]


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    players=st.integers(2, 5),
    preset=st.sampled_from(sorted(PRESETS)),
    bots=st.sampled_from(["random", "greedy", "mixed"]),
)
def test_playouts_keep_the_invariants_and_observations_leak_nothing(
    seed: int, players: int, preset: str, bots: str
) -> None:
    info = GAMES["ticket_to_ride"]
    game = TicketToRide(EUROPE, PRESETS[preset], players=players, seed=seed)
    names = {"random": ["random"], "greedy": ["greedy"], "mixed": ["greedy", "random"]}[bots]
    rng = np.random.default_rng(seed)
    seats = [info.bots[names[s % len(names)]] for s in range(players)]
    seen = 0

    def check(state: TicketToRideState, action: object, seat: int | None) -> None:
        nonlocal seen
        _check(state)
        seen += 1
        if seen % 7 == 0 and not state.is_terminal():
            me = int(rng.integers(players))
            before = state.observation(me)
            twin = state.copy()
            _hidden_swap(twin, me, rng)
            assert twin.observation(me) == before, "an observation shows hidden cards"
            assert before.hand == tuple(state.hands[me])
            assert before.tickets == tuple(state.tickets[me])

    end = play(game, seats, seed=seed, on_action=lambda s, a, p: None, max_actions=20_000)
    # replay the whole log and every prefix's invariants
    state = game.new_state()
    for action in end.history:
        state.apply(action)
        check(state, action, None)
    assert state == end and end.is_terminal()
    assert replay(game, [str(a) for a in end.history]) == end


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_finished_games_round_trip_through_saved_records(seed: int) -> None:
    info = GAMES["ticket_to_ride"]
    rules = TTRRules(name="mine", tunnel_reveal=2, long_ticket_bonus=5)
    game = TicketToRide(EUROPE, rules, players=3, seed=seed)
    end = play(game, [info.bots["greedy"]] * 3, seed=seed)
    record = json.loads(json.dumps(dump_record(end)))
    again = load_record(record, board=EUROPE)
    assert again == end and again.scores() == end.scores() and again.game.rules == rules
    assert again.winners() == end.winners()


def test_every_chance_node_lists_probabilities_from_the_composition() -> None:
    game = TicketToRide(EUROPE, players=2, seed=3)
    state = game.new_state()
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert abs(outcomes["deal loco"] - 14 / 110) < 1e-12
    assert abs(outcomes["deal red"] - 12 / 110) < 1e-12
    state.apply(game.parse_action("deal loco"))
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert abs(outcomes["deal loco"] - 13 / 109) < 1e-12


def test_a_damaged_or_edited_record_is_refused_saying_why() -> None:
    from workbench.records import digest

    info = GAMES["ticket_to_ride"]
    game = TicketToRide(EUROPE, players=2, seed=1)
    end = play(game, [info.bots["greedy"]] * 2, seed=1)
    good = dump_record(end)

    def resealed(record: dict[str, object]) -> dict[str, object]:
        return {**record, "digest": digest(record)}

    cases = [
        ({**good, "format": 9}, "format is 9"),
        ({**good, "players": "2"}, "'players' is '2'"),
        ({**good, "action_count": 3}, "records 3 actions"),
        ({**good, "board_fingerprint": "0" * 16}, "the board was edited since"),
        ({**good, "seed": 2}, "digest does not match"),
        (resealed({**good, "rules": {"tunels": 2}}), "no rules field 'tunels'"),
        (resealed({**good, "over": False}), "the log was cut or extended"),
        (
            resealed({**good, "actions": [*good["actions"][:-1], "take purple"]}),
            "take purple",
        ),
    ]
    for record, why in cases:
        with pytest.raises(ValueError, match=why):
            load_record(record, board=EUROPE)
