"""The original Ticket to Ride board (North America): its facts, pinned.

The counts below were checked against four independent public implementations of the game
(alakra/ticket-to-ride-core, pcowhill/TTRSimulation, yury-fedotov/ticket-to-ride and
grunkgrunk/ticket2ride; docs/ticket_to_ride_usa.md lists every disagreement and how it was
settled). Each route below is confirmed by at least two of them, each ticket by all four.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import MAPS
from workbench.games import GAMES, play
from workbench.games.ticket_to_ride import TicketToRideState
from workbench.maps.io import dumps_map
from workbench.maps.routes import RouteBoard
from workbench.maps.routes_check import check_routes
from workbench.maps.routes_io import load_routes as load_map

USA = MAPS / "ticket_to_ride_usa.yaml"


@pytest.fixture(scope="module")
def board() -> RouteBoard:
    return load_map(USA)


def test_cities_routes_and_cars(board: RouteBoard) -> None:
    assert len(board.cities) == 36
    assert len(board.routes) == 100
    assert sum(r.length for r in board.routes) == 309
    assert {r.kind for r in board.routes} == {"plain"}
    assert board.deck.cars == 45 and board.deck.stations == 0


def test_routes_by_length(board: RouteBoard) -> None:
    assert Counter(r.length for r in board.routes) == {1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9}


def test_routes_by_color(board: RouteBoard) -> None:
    colors = Counter(r.color for r in board.routes)
    assert colors == {
        "gray": 44, "red": 7, "orange": 7, "yellow": 7, "green": 7,
        "blue": 7, "pink": 7, "white": 7, "black": 7,
    }  # fmt: skip
    cars: Counter[str] = Counter()
    for r in board.routes:
        cars[r.color] += r.length
    # a sanity check no source states: every card color has 7 routes and 27 cars
    assert cars == {"gray": 93} | {c: 27 for c in colors if c != "gray"}


def test_doubles(board: RouteBoard) -> None:
    pairs = Counter(r.ends for r in board.routes)
    doubles = sorted(p for p, n in pairs.items() if n == 2)
    assert len(pairs) == 78 and len(doubles) == 22
    gray = [p for p in doubles if {r.color for r in board.routes_between(*p)} == {"gray"}]
    assert len(gray) == 10


def test_tickets_and_points(board: RouteBoard) -> None:
    tickets = board.tickets
    assert len(tickets) == 30 and not any(t.long for t in tickets)
    points = sorted(t.points for t in tickets)
    assert points[0] == 4 and points[-1] == 22 and sum(points) == 349
    byid = {t.id: t.points for t in tickets}
    assert byid["New York-Seattle"] == 22 and byid["Los Angeles-New York"] == 21
    assert byid["Denver-El Paso"] == 4 and byid["Houston-Kansas City"] == 5


def test_route_points_are_the_originals_table(board: RouteBoard) -> None:
    assert board.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert board.claim_points(board.route("Atlanta-Miami")) == 10


def test_stored_canonically_and_checks_clean(board: RouteBoard) -> None:
    assert dumps_map(board) == USA.read_text(encoding="utf-8")
    assert check_routes(board) == []


@pytest.mark.parametrize(
    "bot", ["random", "greedy", "planner", "greedy_stations", "planner_stations"]
)
@pytest.mark.parametrize("players", [2, 5])
def test_every_bot_plays_it_to_the_end(board: RouteBoard, bot: str, players: int) -> None:
    info = GAMES["ticket_to_ride"]
    game = info.new_game(players=players, seed=7, rules="usa", board=board)
    end = play(game, [info.bots[bot]] * players, seed=7)
    assert isinstance(end, TicketToRideState) and end.is_terminal()
    sheets = end.score_sheets()
    assert all(s.stations == 0 for s in sheets)


def test_the_simulator_plays_it() -> None:
    from workbench.sim import simulate

    result = simulate(USA, "usa", ["planner", "greedy", "greedy"], games=3, seed=1,
                      game="ticket_to_ride")  # fmt: skip
    seats = result.seats
    assert len(seats) == 9 and set(seats.stations_built) == {0}


def test_the_command_line_prints_the_ceiling(capsys: pytest.CaptureFixture[str]) -> None:
    from workbench.cli import main

    assert main(["analyze", str(USA), "--ceiling", "--cars", "4..5"]) == 0
    out = capsys.readouterr().out
    assert "Ceiling: the most one player scores alone" in out
    assert "4 cars: 8 (proven); 5 cars: 10 (proven)" in out
