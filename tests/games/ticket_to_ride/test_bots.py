"""The Ticket to Ride bots: they finish games, greedy beats random, and the plan of the
greedy bot is checked against the exact Steiner forest."""

from __future__ import annotations

from typing import Any

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.ticket_to_ride.helpers import EUROPE, move, started
from workbench.analysis.tickets import steiner_forest
from workbench.games import GAMES, play
from workbench.games.ticket_to_ride import (
    GreedyBot,
    PlannerBot,
    TicketToRide,
    TicketToRideState,
    TTRRules,
)
from workbench.games.ticket_to_ride.actions import BuildStation, Claim, Payment, Withdraw

SHORT = sorted(t.id for t in EUROPE.tickets if not t.long)


def test_greedy_beats_random() -> None:
    info = GAMES["ticket_to_ride"]
    wins = 0
    for seed in range(4):
        game = info.new_game(players=2, seed=seed, board=EUROPE)
        end = play(game, [info.bots["greedy"], info.bots["random"]], seed=seed)
        sheets = end.score_sheets()
        wins += end.winners() == (0,)
        assert sheets[0].total > sheets[1].total
    assert wins == 4


@settings(max_examples=6, deadline=None)
@given(hand=st.lists(st.sampled_from(SHORT), min_size=1, max_size=3, unique=True))
def test_the_greedy_plan_joins_the_tickets_and_is_never_below_the_exact_forest(
    hand: list[str],
) -> None:
    game = TicketToRide(EUROPE, players=4, seed=0)
    state = game.new_state()
    while state.to_play is None:
        state.apply(state.chance_outcomes()[0][0])
    bot = GreedyBot(game, 0, np.random.default_rng(0))
    obs = state.observation(0)
    cost = bot._usable(obs)
    total, routes = bot._forest(cost, hand)
    exact = steiner_forest(EUROPE, hand)
    assert total >= exact.cost and total == sum(game.tables.length[i] for i in routes)
    # the routes do join every ticket
    G = nx.Graph()
    G.add_edges_from(game.tables.ends[i] for i in routes)
    for x in hand:
        a, b = game.tables.tickets[x].ends
        assert G.has_node(a) and G.has_node(b) and nx.has_path(G, a, b)
    exact_bot = GreedyBot(game, 0, np.random.default_rng(0), planner="exact")
    exact_total, exact_routes = exact_bot._forest(cost, hand)
    assert exact_total == exact.cost
    assert sum(game.tables.length[i] for i in exact_routes) == exact.cost


# ---------------------------------------------------------------------- stations


def _cut_from_paris(
    hand: dict[str, int], free_lane: bool = False, players: int = 4, rules: Any = None
) -> TicketToRideState:
    """Seat 0 holds Edinburgh-Paris (7) and owns Edinburgh-London and Dieppe-Paris; the
    rivals hold every other way out of London (both ferries to Dieppe, unless ``free_lane``
    leaves the second one open, and the ferry to Amsterdam)."""
    state = started(players=players, rules=rules)
    t = state.game.tables
    state.tickets[0] = ["Edinburgh-Paris"]
    for rid, seat in [
        ("Edinburgh-London", 0),
        ("Dieppe-Paris", 0),
        ("Dieppe-London", 1),
        ("Dieppe-London#2", -1 if free_lane else 2),
        ("Amsterdam-London", 3 % players),
        ("Edinburgh-London#2", 1),
    ]:
        state.owners[t.index[rid]] = seat
    move(state, state.hands[0], **hand)
    return state


def test_a_station_lends_the_cut_ticket_its_route() -> None:
    """London is cut off from Paris: only a station at London or Dieppe, borrowing a
    rival's ferry, completes the ticket, and the station-building planner builds it at
    once with its one card; the planner without stations never does."""
    state = _cut_from_paris({"red": 1})
    station = PlannerBot(state.game, 0, np.random.default_rng(0), stations=True)
    action = station.act(state.observation(0))
    assert isinstance(action, BuildStation) and action.city in ("London", "Dieppe")
    assert str(action.payment) == "1red"
    old = PlannerBot(state.game, 0, np.random.default_rng(0))
    assert not isinstance(old.act(state.observation(0)), BuildStation)
    before = state.score_sheets()[0]
    state.apply(action)
    after = state.score_sheets()[0]
    assert (before.completed, after.completed) == (0, 1)
    assert after.borrowed[0] in ("Dieppe-London", "Dieppe-London#2")
    assert after.tickets - before.tickets == 14 and after.stations == before.stations - 4
    # its plan now counts the borrowed route as its own: nothing left to claim
    assert station.plan(state.observation(0)).routes == []


@pytest.mark.parametrize(("keeps", "built"), [(9, True), (13, False)])
def test_a_cut_ticket_is_rescued_only_when_its_swing_beats_the_station(
    keeps: int, built: bool
) -> None:
    """The ticket swings 14 points (+7 instead of -7); the station costs what an unused one
    keeps plus its one card: 9 + 1 < 14 builds it; 13 + 1 does not beat 14, and the ticket
    is given up."""
    rules = TTRRules().replace(name="dear_stations", station_points=keeps)
    state = _cut_from_paris({"red": 1}, rules=rules)
    bot = PlannerBot(state.game, 0, np.random.default_rng(0), stations=True)
    action = bot.act(state.observation(0))
    assert isinstance(action, BuildStation) == built
    assert bool(bot.plan(state.observation(0)).lends) == built


def test_no_station_when_a_free_lane_is_cheaper() -> None:
    state = _cut_from_paris({"red": 1}, free_lane=True)
    bot = PlannerBot(state.game, 0, np.random.default_rng(0), stations=True)
    action = bot.act(state.observation(0))
    assert not isinstance(action, BuildStation)
    plan = bot.plan(state.observation(0))
    t = state.game.tables
    assert plan.lends == [] and [t.route_ids[i] for i in plan.routes] == ["Dieppe-London#2"]


def test_on_the_last_turn_a_station_is_built_only_when_it_beats_a_claim() -> None:
    # the plan claims the free ferry lane (cheaper than a station), but one red card cannot
    # pay it: on its last turn the bot builds a station instead, borrowing the rival's
    # lane: +7 instead of -7, less the 4 points an unused station keeps
    state = _cut_from_paris({"red": 1}, free_lane=True)
    bot = GreedyBot(state.game, 0, np.random.default_rng(0), stations=True)
    assert bot.plan(state.observation(0)).lends == []
    assert not isinstance(bot.act(state.observation(0)), BuildStation)  # not the last turn
    state.last_turns = 3
    action = bot.act(state.observation(0))
    assert isinstance(action, BuildStation) and action.city in ("London", "Dieppe")
    old = GreedyBot(state.game, 0, np.random.default_rng(0))
    assert not isinstance(old.act(state.observation(0)), BuildStation)
    # the last turn again, but a 6-car route (15 points) is worth more than the station (10)
    state = _cut_from_paris({"red": 5, "loco": 2}, free_lane=True)
    state.last_turns, state.cars[0] = 3, 10
    t = state.game.tables
    for rid in ("Dieppe-London#2",):  # the lane gone, so the plan cannot take it either
        state.owners[t.index[rid]] = 2
    bot = GreedyBot(state.game, 0, np.random.default_rng(0), stations=True, station_weight=100)
    action = bot.act(state.observation(0))
    assert isinstance(action, Claim) and t.length[t.index[action.route]] == 6


def test_old_bots_never_build_stations_and_the_station_planner_does() -> None:
    info = GAMES["ticket_to_ride"]
    built = {"planner_stations": 0}
    for seed in range(6):
        game = info.new_game(players=4, seed=seed, board=EUROPE)
        bots = [info.bots["planner_stations"], info.bots["planner"], info.bots["greedy"]]
        end = play(game, [*bots, info.bots["greedy_stations"]], seed=seed)
        assert end.stations_left[1] == end.stations_left[2] == 3
        built["planner_stations"] += 3 - end.stations_left[0]
    assert built["planner_stations"] >= 3


@pytest.mark.parametrize("retry", [True, False])
def test_a_withdrawn_tunnel_is_claimed_again_only_with_cards_for_the_extra(retry: bool) -> None:
    """Seat 0 offers its two blue cards for Munchen-Venezia (a 2-car blue tunnel), sees a
    blue revealed and withdraws. Back on turn with the same two cards, the old bots
    offer them again (the loop that can last for ever late in a game); with
    ``retry_tunnels=False`` only once it holds 2 + 3, enough for any reveal."""
    state = started()
    t = state.game.tables
    move(state, state.hands[0], blue=2)
    bot = GreedyBot(state.game, 0, np.random.default_rng(0), retry_tunnels=retry)
    state.apply(Claim("Munchen-Venezia", Payment("blue", 2, 0)))
    for color in ("blue", "green", "green"):
        state.apply(state.game.parse_action(f"deal {color}"))
    assert bot.act(state.observation(0)) == Withdraw()
    state.apply(Withdraw())
    state.current = 0  # seat 0 on turn again, same hand
    claims = bot._claims_of(state.observation(0), [t.index["Munchen-Venezia"]])
    assert bool(claims) == retry
    move(state, state.hands[0], blue=3)
    assert bot._claims_of(state.observation(0), [t.index["Munchen-Venezia"]])
