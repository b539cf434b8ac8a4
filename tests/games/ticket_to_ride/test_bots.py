"""The Ticket to Ride bots: they finish games, greedy beats random, and the plan of the
greedy bot is checked against the exact Steiner forest."""

from __future__ import annotations

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.ticket_to_ride.helpers import EUROPE
from workbench.analysis.tickets import steiner_forest
from workbench.games import GAMES, play
from workbench.games.ticket_to_ride import GreedyBot, TicketToRide

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
