"""Tests for workbench.session.game and workbench.session.ttr_play: a game of the registry
in progress without a widget (no Bokeh, no ipywidgets)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from workbench.games import GAMES, Match
from workbench.games.ticket_to_ride.actions import Claim, Deal, DealTicket, Keep
from workbench.games.ticket_to_ride.scoring import connected
from workbench.session import Change
from workbench.session.game import HUMAN, GameSession
from workbench.session.ttr_play import TicketToRideSession

DATA = {"trans_europa": "maps/tiny.yaml", "ticket_to_ride": None, "transorient_express": None}


@pytest.mark.parametrize("name", sorted(DATA))
def test_a_person_plays_any_registered_game_to_the_end(name: str) -> None:
    """The session plays every game of the registry by its protocol alone: a person
    choosing among the legal actions against a bot, to the end, as the referee would."""
    bot = "greedy" if "greedy" in GAMES[name].bots else "random"
    session = GameSession(name, [HUMAN, bot], board=DATA[name], seed=3)
    rng = np.random.default_rng(0)
    moves = 0
    while not session.state.is_terminal():
        session.run()
        if session.state.is_terminal():
            break
        choices = session.choices()
        assert choices == list(session.state.legal_actions())
        assert session.play(choices[int(rng.integers(len(choices)))]), session.message
        moves += 1
    assert moves > 3 and session.status().startswith("The game is over")
    assert session.log[-1].startswith("game over: ")
    # the same moves through the referee give the same game
    again = Match(session.game, [None, GAMES[name].bots[bot]], seed=session.bot_seed)
    for action in session.state.history:
        if again.state.to_play is None or again.human_to_play():
            again.state.apply(action)
        else:
            assert again.step() == action
    assert again.state.history == session.state.history


def test_refusals_say_why_and_change_nothing() -> None:
    session = TicketToRideSession(seats=["greedy", HUMAN], seed=2)
    before = session.state.copy()
    assert not session.play("tickets")
    assert session.message == "wait: seat 0 (greedy) is playing" and session.message_kind == "error"
    assert session.state == before
    session.run()
    before = session.state.copy()
    assert not session.play("claim Nowhere-Else 3red") and "no route" not in session.message
    assert not session.play("fly to the moon") and session.message
    assert not session.play(Claim("Berlin-Wien", session.state.legal_actions()[0].tickets))  # type: ignore[attr-defined]
    assert session.state == before
    session.new_game(["greedy", "greedy"])
    session.run()
    assert not session.play("blind") and session.message.startswith("the game is over")


def test_listeners_hear_what_changed_and_step_bot_plays_one_decision() -> None:
    session = TicketToRideSession(seats=[HUMAN, "greedy", "planner"], seed=8)
    heard: list[Change] = []
    stop = session.on_change(heard.append)
    assert session.play(session.choices()[0])
    assert {"state", "log", "message", "hint", "selection"} <= heard[0].what
    played = session.step_bot()
    decisions = [a for a in played if not isinstance(a, Deal | DealTicket)]
    assert len(decisions) == 1 and isinstance(decisions[0], Keep)
    assert session.state.to_play == 2
    stop()
    n = len(heard)
    session.step_bot()
    assert len(heard) == n


def test_the_log_shows_a_person_their_own_draws_and_nobody_elses() -> None:
    session = TicketToRideSession(seats=[HUMAN, "greedy", "greedy"], seed=11)
    while not session.state.is_terminal():
        session.run()
        if not session.state.is_terminal():
            draws = session.draws()
            assert session.play(draws[-1] if draws else session.choices()[0])
    history = session.state.history
    deals = [a for a in history if isinstance(a, Deal | DealTicket)]
    mine = [line for line in session.log if line.startswith("you draw")]
    assert 0 < len(mine) < len(deals)
    for line in session.log:
        for seat in (1, 2):
            if line.startswith(f"seat {seat}"):
                assert not line.startswith(f"seat {seat}: keep ")
                assert line == f"seat {seat} draws a card" or " draw " not in line
    # hot seat: two people, nobody's cards in the log
    both = TicketToRideSession(seats=[HUMAN, HUMAN], seed=11)
    assert not any(line.startswith("you") for line in both.log)
    assert any(line == "seat 0 draws a card" for line in both.log)


def test_click_route_lists_exactly_its_legal_claims() -> None:
    session = TicketToRideSession(seats=[HUMAN, "greedy"], seed=4)
    assert session.click_route("Berlin-Wien") == [] and session.message_kind == "error"
    with pytest.raises(KeyError):
        session.click_route("Berlin-Atlantis")
    session.play(session.choices()[0])
    session.run()
    for _ in range(40):  # draw until some route can be claimed
        legal = [a for a in session.state.legal_actions() if isinstance(a, Claim)]
        if legal:
            break
        session.play(session.draws()[-1])
        session.run()
    route = legal[0].route
    claims = session.click_route(route)
    assert claims == [a for a in legal if a.route == route] == session.choices()
    assert session.play(claims[0]) and session.selected is None


def test_the_hint_joins_the_open_tickets() -> None:
    session = TicketToRideSession(seats=[HUMAN, "greedy", "greedy"], seed=12)
    session.play(session.choices()[-1])
    session.run()
    routes = session.hint()
    s, t = session.state, session.game.tables
    own = [t.ends[i] for i, o in enumerate(s.owners) if o == 0]
    plan = own + [t.ends[t.index[r]] for r in routes]
    assert all(connected(plan, [t.tickets[x].ends for x in s.tickets[0]]))
    assert all(s.owners[t.index[r]] < 0 for r in routes)
    assert session.message_kind == "hint" and f"{len(routes)} routes" in session.message
    session.play(session.draws()[-1])
    assert session.hint_routes == [] and session.message_kind == "info"


@pytest.mark.parametrize("seed", [1, 5])
def test_the_scoring_in_words_adds_up_to_the_score_sheets(seed: int) -> None:
    session = TicketToRideSession(seats=["planner_stations", "greedy", "planner"], seed=seed)
    assert session.explain_scoring() == [] and session.score_rows() == []
    session.run()
    lines = session.explain_scoring()
    sheets = session.state.score_sheets()
    blocks: list[list[str]] = []
    for line in lines:
        if not line.startswith("  "):
            blocks.append([])
        blocks[-1].append(line)
    assert len(blocks) == len(sheets)
    for block, sheet, row in zip(blocks, sheets, session.score_rows(), strict=True):
        assert block[0].endswith(f": {sheet.total} points") and row["total"] == sheet.total
        tickets = [x for x in block if x.startswith("  ticket ")]
        points = sum(int(x.rsplit(", ", 1)[1]) for x in tickets)
        assert points == sheet.tickets
        assert sum("completed" in x for x in tickets) == sheet.completed
        assert f"+{sheet.routes}" in block[1] and f"+{sheet.stations}" in block[-2]


def test_save_and_load_round_trip_and_refuse_what_is_not_theirs(tmp_path: Path) -> None:
    session = TicketToRideSession(seats=[HUMAN, "greedy"], seed=9)
    session.play(session.choices()[0])
    session.run()
    session.play(session.draws()[-1])
    path = session.save(tmp_path / "game.json")
    assert json.loads(path.read_text())["game"] == "ticket_to_ride"
    other = TicketToRideSession(seats=[HUMAN, "planner"], seed=1)
    other.load(path)
    assert other.state == session.state and other.log == session.log
    assert other.seats == (HUMAN, "planner") and other.game.seed == 9
    assert other.state.to_play == 0 and other.play(other.draws()[-1])  # the second card
    assert other.run() > 0 and other.state.to_play == 0
    keep = other.state.copy()
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(ValueError, match=r"bad.json:1:2: not a saved game"):
        other.load(tmp_path / "bad.json")
    record = json.loads(path.read_text())
    record["actions"][5] = "deal loco" if record["actions"][5] != "deal loco" else "deal red"
    (tmp_path / "edited.json").write_text(json.dumps(record))
    with pytest.raises(ValueError, match=r"edited\.json: the saved game was changed"):
        other.load(tmp_path / "edited.json")
    with pytest.raises(ValueError, match="has 2 players, and 3 seats"):
        other.load(path, seats=[HUMAN, "greedy", "greedy"])
    transorient = GameSession("transorient_express", [HUMAN, "greedy"], seed=1)
    with pytest.raises(ValueError, match="not of 'transorient_express'"):
        transorient.load(path)
    assert other.state == keep  # every refusal kept the game


def test_the_session_core_imports_no_widget_library() -> None:
    for module in ("workbench.session.game", "workbench.session.ttr_play"):
        assert module in sys.modules
    assert not any(name.startswith(("bokeh", "ipywidgets")) for name in _imported_by_session())


def _imported_by_session() -> list[str]:
    import subprocess

    code = (
        "import sys, workbench.session.ttr_play, workbench.session.game; "
        "print('\\n'.join(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="."
    )
    return out.stdout.split()


def test_the_scoring_in_words_names_the_borrowed_route_a_ticket_needs() -> None:
    from tests.games.ticket_to_ride.helpers import started

    session = TicketToRideSession(seats=["greedy"] * 4, seed=0)
    state = started()
    t = state.game.tables
    state.tickets[0] = ["Edinburgh-Paris"]
    for rid, seat in [("Edinburgh-London", 0), ("Dieppe-Paris", 0), ("Dieppe-London", 1)]:
        state.owners[t.index[rid]] = seat
    state.stations_left[0] = 2
    state.station_at["Dieppe"] = 0
    state.over = True
    assert session.match is not None
    session.match.state = state
    lines = session.explain_scoring()
    assert "  ticket Edinburgh-Paris: completed (borrowing Dieppe-London), +7" in lines
    assert "  stations: 1 built, 2 unused, +8" in lines


def test_a_finished_game_saved_and_loaded_is_over_with_the_same_log(tmp_path: Path) -> None:
    session = TicketToRideSession(seats=["greedy", "planner_stations"], seed=3)
    session.run()
    other = TicketToRideSession(seats=["random", "random"], seed=0)
    other.load(session.save(tmp_path / "over.json"), seats=["greedy", "planner_stations"])
    assert other.state.is_terminal() and other.log == session.log
    assert other.explain_scoring() == session.explain_scoring()
    assert not other.play("blind") and other.message.startswith("the game is over")
