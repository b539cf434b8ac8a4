"""The two Ticket to Ride exercises: the longest trail and a hand's cheapest network.

Their answers are recomputed independently (every edge subset for trails, the flow MILP for
forests), every right answer is accepted, and the usual slips get the message that names
them, on random graphs and on the lesson's Europe examples.
"""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import MAPS
from tests.teach.test_forest import Ticket, hands, milp_forest_cost
from tests.teach.test_trails import brute_force
from workbench import load_map
from workbench.maps.routes import RouteBoard
from workbench.teach.exercises import LongestTrail, TicketForest, exercise
from workbench.teach.textbook import FOREST_HAND, PLAYER_ROUTES, player_network, route_graph
from workbench.teach.trails import trail_edges

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def europe() -> RouteBoard:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


@SETTINGS
@given(hands(max_nodes=6))
def test_longest_trail_answers_are_brute_force(hand: tuple[nx.Graph, list[Ticket]]) -> None:
    G, _ = hand
    if G.number_of_edges() > 10:
        return
    ex = LongestTrail.from_routes(G, list(G.edges()))
    truth = brute_force(trail_edges(G))
    assert ex.length == truth
    assert ex.check(truth).correct and ex.check(f"{truth} cars").correct
    assert not ex.check(truth + 1).correct
    assert all(k != truth for k in ex.slips)


@SETTINGS
@given(hands())
def test_ticket_forest_answers_are_the_milp(hand: tuple[nx.Graph, list[Ticket]]) -> None:
    G, tickets = hand
    tickets = [t for t in tickets if t[0] != t[1]]
    ex = TicketForest.from_tickets(G, tickets)
    truth = milp_forest_cost(G, tickets)
    assert ex.cost == truth and ex.check(str(truth)).correct
    assert not ex.check(truth + 1).correct
    if truth > 0:
        assert ex.check(truth - 1).message.startswith("Too low")


def test_the_lesson_network(europe: RouteBoard) -> None:
    ex = LongestTrail.from_routes(player_network(), player_network().edges())
    assert ex.length == 25 and ex.check("25").correct
    assert "never passes a city twice" in ex.check(19).message
    assert "no trail can" in ex.check(29).message
    assert "counts the routes" in ex.check(len(ex.trail) - 1).message
    assert ex.check(40).message.startswith("Too long")
    assert ex.check(3).message.startswith("Too short")
    assert len(ex.routes) == len(PLAYER_ROUTES)
    # the exercise's trace is the traced search on the same routes
    assert ex.trace().result["length"] == 25


def test_the_lesson_hand(europe: RouteBoard) -> None:
    ex = TicketForest.from_tickets(route_graph(europe), ["Paris-Wien", *FOREST_HAND[1:]])
    assert ex.cost == 17 and ex.check("17 cars").correct
    assert "one shortest path per ticket" in ex.check(21).message
    assert "one tree" in ex.check(22).message
    assert ex.check(30).message.startswith("Too high")
    assert "2 pieces" in ex.solution()
    assert ex.trace().result["cost"] == 17


def test_generated_on_the_route_graph(europe: RouteBoard) -> None:
    G = route_graph(europe)
    for kind in ("longest_trail", "ticket_forest"):
        for seed in range(3):
            ex = exercise(kind, G, seed)
            assert ex.check(ex.solution_answer()).correct
            assert ex.trace().frames
