"""What the Ticket to Ride session tells a person at the table (issue 29, points 1-8)."""

from __future__ import annotations

import pytest

from workbench.games.ticket_to_ride.actions import BuildStation, Claim, DrawBlind, Keep
from workbench.session.ttr_play import TicketToRideSession


def tunnel_step(seed: int) -> TicketToRideSession:
    """A game where the person claims every tunnel it can and draws blind otherwise, up to
    the first tunnel step."""
    session = TicketToRideSession(seats=["human", "greedy"], seed=seed)
    session.play(session.choices()[0])
    session.run()
    for _ in range(300):
        state = session.state
        if state.phase == "tunnel" or state.is_terminal():
            break
        legal = state.legal_actions()
        tunnels = [
            a
            for a in legal
            if isinstance(a, Claim) and session.board.route(a.route).kind == "tunnel"
        ]
        move = tunnels[0] if tunnels else DrawBlind() if DrawBlind() in legal else legal[0]
        assert session.play(move), session.message
        session.run()
    assert session.state.phase == "tunnel"
    return session


@pytest.mark.parametrize("seed", [19, 20, 27])
def test_the_tunnel_step_says_what_was_turned_over(seed: int) -> None:
    session = tunnel_step(seed)
    state = session.state
    t = session.game.tables
    route, offer, revealed = state.tunnel  # type: ignore[misc]
    reveal = session.tunnel_reveal()
    assert reveal is not None and reveal[0] == t.route_ids[route]
    assert len(reveal[1]) == sum(revealed) == session.game.rules.tunnel_reveal
    # the extra cards counted by hand: locomotives, and cards of the offer's color
    extra = sum(
        1 for card in reveal[1] if card == "locomotive" or (offer.color and card == offer.color)
    )
    assert reveal[2] == extra
    status = session.status()
    assert f"The tunnel {reveal[0]} turned over {', '.join(reveal[1])}" in status
    pays = [a for a in state.legal_actions() if type(a).__name__ == "PayTunnel"]
    assert all(a.payment.total == extra for a in pays)
    labels = [session.move_label(a) for a in session.choices()]
    assert labels[-1].startswith("withdraw")


def test_a_refusal_names_the_rule_and_the_owner() -> None:
    session = TicketToRideSession(seats=["human", "greedy"], seed=4)
    session.play(session.choices()[0])
    session.run()
    state = session.state
    for _ in range(200):  # draw until the bot owns a route
        if any(o == 1 for o in state.owners):
            break
        session.play(DrawBlind() if DrawBlind() in state.legal_actions() else state.draws()[0])
        session.run()
    t = session.game.tables
    taken = next(t.route_ids[i] for i, o in enumerate(state.owners) if o == 1)
    assert session.click_route(taken) == []
    assert session.message == (
        f"you cannot claim {taken}: it is claimed already, by seat 1 (greedy)"
    )
    assert session.owner_text(taken) == "seat 1 (greedy)"
    free = next(r for i, r in enumerate(t.route_ids) if state.owners[i] < 0 and not state.claims(i))
    session.click_route(free)
    assert "it takes" in session.message or "double" in session.message
    assert "(cards, cars, its owner or the double rule)" not in session.message


def test_a_station_is_built_by_choosing_its_city() -> None:
    session = TicketToRideSession(seats=["human", "greedy"], seed=3)
    session.play(session.choices()[0])
    session.run()
    assert not any(isinstance(a, BuildStation) for a in session.choices()), "not in the list"
    builds = session.click_city("Wien")
    assert builds and all(a.city == "Wien" for a in builds) and session.choices() == builds
    assert session.play(builds[0]) and session.state.station_at["Wien"] == 0
    assert session.selected_city is None, "the selection goes with the move"
    session.run()
    assert session.click_city("Wien") == []
    assert session.message == (
        "you cannot build a station in Wien: you have a station there already (one station a city)"
    )


def test_a_station_helps_the_tickets_while_playing() -> None:
    """A station at one end of a rival's route joins a ticket over it, as the final
    scoring counts it (checked against the scoring's own choice)."""
    session = TicketToRideSession(seats=["human", "greedy"], seed=3)
    session.play(session.choices()[0])
    session.run()
    state = session.state
    t = session.game.tables
    import itertools

    import networkx as nx

    ticket = state.tickets[0][0]
    a, c = t.tickets[ticket].ends
    graph = nx.Graph()
    for i, (u, v) in enumerate(t.ends):
        graph.add_edge(u, v, lane=i)
    path = nx.shortest_path(graph, a, c)
    lanes = [graph.edges[u, v]["lane"] for u, v in itertools.pairwise(path)]
    assert ticket not in session.done_tickets(0)
    for i in lanes[:-1]:
        state.owners[i] = 0  # my routes up to the last city but one ...
    lane = lanes[-1]
    state.owners[lane] = 1  # ... a rival's route to the ticket's end ...
    state.station_at[c] = 0  # ... and my station there
    state.stations_left[0] -= 1
    assert session.borrowed(0) == [t.route_ids[lane]]
    assert ticket in session.done_tickets(0)
    row = next(r for r in session.ticket_rows() if r["ticket"] == ticket)
    assert row["joined"] and row["borrowing"] == t.route_ids[lane]
    assert session.borrowed(0) == list(state.score_sheets()[0].borrowed)


def test_the_ticket_choice_shows_points_and_the_hint_says_which_to_keep() -> None:
    session = TicketToRideSession(seats=["human", "greedy"], seed=2)
    keep = session.choices()[0]
    assert isinstance(keep, Keep)
    t = session.game.tables
    label = session.move_label(keep)
    assert all(f"{x} ({t.tickets[x].points} pts)" in label for x in keep.tickets)
    session.hint()
    assert session.message.startswith("Hint: keep ") and "joined" not in session.message
    cities = session.ticket_cities()
    assert set(cities.values()) == {"offered"}
    assert {c for x in session.state.offered[0] for c in t.tickets[x].ends} == set(cities)


def test_the_status_counts_rounds_not_turns() -> None:
    session = TicketToRideSession(seats=["human", "greedy", "greedy"], seed=2)
    session.play(session.choices()[0])
    session.run()
    assert session.status().startswith("Round 1:")
    session.play(DrawBlind())
    session.play(DrawBlind())
    session.run()
    assert session.state.turns == 3 and session.status().startswith("Round 2:")
