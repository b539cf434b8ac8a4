"""The Ticket to Ride play widget, driven from Python (the browser test clicks it)."""

from __future__ import annotations

from workbench.games.ticket_to_ride.actions import Claim
from workbench.ui.ttr_play import TicketToRidePlay


def test_the_widget_plays_a_game_to_the_end_and_hides_what_it_must() -> None:
    play = TicketToRidePlay(seats=["human", "greedy"], seed=4)
    widget = play.widget
    assert widget is not None and play.state.phase == "keep"
    assert not play.play("claim Paris-Wien 3red") and "not allowed" in play.message
    assert play.play(play.choices()[0])
    hint = play.hint()
    assert hint and play.message.startswith("hint:")
    assert play._sources["hint"].data["xs"]  # drawn dashed on the board
    route = hint[0]
    claims = play.click_route(route)
    assert all(isinstance(a, Claim) and a.route == route for a in claims)
    assert play.choices() == claims
    while not play.state.is_terminal():
        state = play.state
        options = play.choices()
        if state.phase in ("turn", "draw2") and state.draws():
            claim = [a for a in options if isinstance(a, Claim)]
            play.play(claim[0] if claim else state.draws()[-1])
        else:
            assert play.play(options[0]), play.message
        play.selected = None
    assert "the game is over" in play.status()
    assert "Final scoring" in play._widgets["scoring"].value
    # the log never shows another seat's cards or kept tickets
    for line in play.log:
        if line.startswith("seat 1"):
            assert "draw " not in line.replace("draws", "") and not line.startswith("seat 1: keep")
    claimed = play._sources["claims"].data["x"]
    assert len(claimed) == sum(
        play.game.tables.length[i] for i, o in enumerate(play.state.owners) if o >= 0
    )
