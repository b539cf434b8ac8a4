"""The steppers of the lesson's Ticket to Ride searches: drawn frame by frame, roles apart.

The longest trail and the Steiner forest are not in ``ALGORITHMS`` (they search every case
and would never end on a whole board), so the stepper tests that run every algorithm leave
them out; these run them on the lesson's examples.
"""

from __future__ import annotations

import pytest

from tests.ui.test_stepper import check_drawn, delta_e
from workbench import load_map
from workbench.teach import trace
from workbench.teach.textbook import FOREST_HAND, player_network, route_graph
from workbench.ui.stepper import EDGE_STYLE, NODE_STYLE, AlgorithmStepper, _roles_used


@pytest.fixture(scope="module")
def steppers() -> dict[str, AlgorithmStepper]:
    routes = route_graph(load_map("ticket_to_ride_europe"))
    return {
        "longest_trail": AlgorithmStepper("longest_trail", player_network()),
        "steiner_forest": AlgorithmStepper(
            trace("steiner_forest", routes, tickets=FOREST_HAND), routes, width=640
        ),
    }


@pytest.mark.parametrize("name", ["longest_trail", "steiner_forest"])
def test_every_frame_is_drawn(steppers: dict[str, AlgorithmStepper], name: str) -> None:
    stepper = steppers[name]
    assert stepper.trace.name == name
    for i in range(0, len(stepper.trace), max(1, len(stepper.trace) // 25)):
        stepper.seek(i)
        check_drawn(stepper)
    stepper.seek(-1)
    check_drawn(stepper)
    # every node is named on the picture, even the 47 cities of the whole board
    assert stepper.view.figure.select_one({"name": "graph-names"}) is not None
    title = stepper.children[0].value
    assert ("Longest trail" if name == "longest_trail" else "Steiner forest") in title


@pytest.mark.parametrize("name", ["longest_trail", "steiner_forest"])
def test_the_roles_look_different(steppers: dict[str, AlgorithmStepper], name: str) -> None:
    nodes, edges = (sorted(roles) for roles in _roles_used(steppers[name].trace))
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            assert delta_e(NODE_STYLE[a]["fill_color"], NODE_STYLE[b]["fill_color"]) > 25, (a, b)
    for i, a in enumerate(edges):
        for b in edges[i + 1 :]:
            dash_a, dash_b = EDGE_STYLE[a].get("line_dash"), EDGE_STYLE[b].get("line_dash")
            d = delta_e(EDGE_STYLE[a]["line_color"], EDGE_STYLE[b]["line_color"])
            assert d > 25 or dash_a != dash_b, (a, b)


def test_the_panel_shows_the_trail_and_the_groups(steppers: dict[str, AlgorithmStepper]) -> None:
    trail = steppers["longest_trail"]
    trail.seek(-1)
    assert "best trail so far" in trail.data.value and "→" in trail.data.value
    forest = steppers["steiner_forest"]
    forest.seek(12)
    assert "groups of tickets" in forest.data.value
    assert "{Paris-Wien, Brest-Venezia}" in forest.data.value


def test_a_forest_by_name_with_tickets_by_city_name() -> None:
    board = load_map("tiny")
    stepper = AlgorithmStepper("steiner_forest", board, tickets=[("alder", "Ginkgo")])
    first = board.city("Alder").at, board.city("Ginkgo").at
    assert set(stepper.frame.nodes) == set(first)
    assert stepper.trace.result["cost"] > 0
