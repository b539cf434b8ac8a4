"""The Ticket to Ride play widget, driven from Python (the browser test clicks it): it
draws its session and forwards calls to it."""

from __future__ import annotations

from pathlib import Path

from workbench.games.ticket_to_ride.actions import Claim
from workbench.session.ttr_play import TicketToRideSession
from workbench.ui.ttr_play import TicketToRidePlay


def test_the_widget_plays_a_game_to_the_end_and_hides_what_it_must() -> None:
    play = TicketToRidePlay(seats=["human", "greedy"], seed=4)
    widget = play.widget
    assert widget is not None and play.state.phase == "keep"
    assert not play.play("claim Paris-Wien 3red") and "not allowed" in play.message
    assert "not allowed" in play._widgets["message"].value  # the refusal is drawn
    assert play.play(play.choices()[0])
    hint = play.hint()
    assert hint and play.message.startswith("Hint:")
    assert len(play._sources["hint"].data["xs"]) == len(hint)  # drawn dashed on the board
    route = hint[0]
    claims = play.click_route(route)
    assert all(isinstance(a, Claim) and a.route == route for a in claims)
    assert play.choices() == claims
    options = play._widgets["moves"].options
    assert [a for _, a in options] == claims  # a tapped route: its claims, the first chosen
    play.unselect()
    while not play.state.is_terminal():
        state = play.state
        options = play.choices()
        if state.phase in ("turn", "draw2") and state.draws():
            claim = [a for a in options if isinstance(a, Claim)]
            play.play(claim[0] if claim else state.draws()[-1])
        else:
            assert play.play(options[0]), play.message
    assert "The game is over" in play.status()
    assert "Final scoring" in play._widgets["scoring"].value
    assert "Line by line" in play._widgets["scoring"].value
    # the log never shows another seat's cards or kept tickets
    for line in play.log:
        if line.startswith("seat 1"):
            assert "draw " not in line.replace("draws", "") and not line.startswith("seat 1: keep")
    claimed = play._sources["claims"].data["xs"]  # every car of a claim, covered
    assert len(claimed) == sum(
        play.game.tables.length[i] for i, o in enumerate(play.state.owners) if o >= 0
    )


def test_step_mode_plays_one_bot_decision_a_press_and_redraws() -> None:
    play = TicketToRidePlay(seats=["human", "greedy", "greedy"], seed=5, bots="step")
    assert play.widget is not None
    assert play.play(play.choices()[0])
    assert play.state.to_play == 1  # the bots wait
    before = play._widgets["log"].value
    played = play.step_bot()
    decisions = [a for a in played if type(a).__name__ not in ("Deal", "DealTicket")]
    assert len(decisions) == 1 and play.state.to_play == 2
    assert play._widgets["log"].value != before


def test_a_change_made_on_the_session_from_code_is_drawn() -> None:
    session = TicketToRideSession(seats=["human", "greedy"], seed=6)
    play = TicketToRidePlay(session=session)
    assert play.widget is not None
    session.play(session.choices()[0])
    session.run()
    assert f"<b>{session.status()}</b>" in play._widgets["status"].value
    session.click_route("Berlin-Wien")
    assert [a for _, a in play._widgets["moves"].options] == session.choices()
    session.unselect()  # no default move: Play without a choice plays nothing
    assert play._widgets["moves"].options[0] == ("choose a move…", "choose a move…")
    assert play._widgets["moves"].value == "choose a move…"
    told = len(play.log)
    play._widgets["go"].click()
    assert len(play.log) == told and "choose a move in the list first" in play.message


def test_save_and_load_through_the_widget(tmp_path: Path) -> None:
    play = TicketToRidePlay(seats=["human", "greedy"], seed=7)
    assert play.widget is not None
    play.play(play.choices()[0])
    path = play.save(tmp_path / "game.json")
    other = TicketToRidePlay(seats=["human", "greedy"], seed=1)
    assert other.widget is not None
    other.load(path)
    assert other.state == play.state and other.log == play.log
    assert other._widgets["hand"].value == play._widgets["hand"].value


def _cities(play: TicketToRidePlay):  # type: ignore[no-untyped-def]
    return play._widgets["board"]._model.select_one({"name": "cities"}).data_source


def test_a_tapped_city_offers_its_station_and_the_move_clears_the_selection() -> None:
    play = TicketToRidePlay(seats=["human", "greedy"], seed=3)
    assert play.widget is not None
    play.play(play.choices()[0])
    source = _cities(play)
    source.selected.indices = [source.data["name"].index("Wien")]  # a tap, as BokehJS says
    options = [a for _, a in play._widgets["moves"].options]
    assert options and all(str(a).startswith("station Wien ") for a in options)
    assert play._widgets["moves"].value == options[0]
    play._widgets["go"].click()
    assert play.state.station_at.get("Wien") == 0
    assert source.selected.indices == [], "the board is not left faded after the move"
    drawn = play._sources["stations"].data
    assert "Wien" in drawn["city"] and drawn["owner"][drawn["city"].index("Wien")] == "you"


def test_claims_cover_their_cars_and_name_their_owner() -> None:
    play = TicketToRidePlay(seats=["greedy", "greedy"], seed=3)
    assert play.widget is not None and play.state.is_terminal()
    data = play._sources["claims"].data
    t = play.game.tables
    for route, owner in zip(data["route"], data["owner"], strict=True):
        seat = play.state.owners[t.index[route]]
        assert owner == f"seat {seat} (greedy)"
    renderer = play._widgets["board"]._model.select_one({"name": "claims"})
    assert renderer.level == "annotation", "drawn over the city names"
