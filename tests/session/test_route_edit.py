"""Tests for workbench.session.route_edit: editing a route board without a widget."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.maps.route_strategies import COLORS, route_boards
from workbench import MapError, load_map
from workbench.exceptions import WorkbenchError
from workbench.maps.routes import (
    ROUTE_KINDS,
    Projection,
    Route,
    RouteBoard,
    RouteCity,
    RouteDeck,
    Ticket,
)
from workbench.maps.routes_check import check_routes
from workbench.maps.routes_io import dumps_routes, save_routes
from workbench.session import Change, RouteEditSession, RoutePlace
from workbench.session.route_analysis import analyze_route_edit, price_ticket

ROOT = Path(__file__).resolve().parents[2]
EUROPE = ROOT / "maps" / "ticket_to_ride_europe.yaml"

TRIANGLE = RouteBoard(
    name="Triangle",
    cities=(RouteCity("A", (0, 0)), RouteCity("B", (4, 0)), RouteCity("C", (0, 4))),
    routes=(Route(("A", "B"), 4, "red"), Route(("A", "C"), 4, "blue"), Route(("B", "C"), 6)),
    tickets=(Ticket(("B", "C"), 6),),
    deck=RouteDeck(cars=6, players=(2, 2), short_tickets=1, long_tickets=0),
)


@pytest.fixture()
def europe() -> Iterator[RouteEditSession]:
    s = RouteEditSession(EUROPE, background=False)
    yield s
    s.close()


@pytest.fixture()
def triangle() -> Iterator[RouteEditSession]:
    s = RouteEditSession(TRIANGLE, background=False)
    yield s
    s.close()


def errors(board: RouteBoard) -> list[str]:
    return [p.message for p in check_routes(board) if p.severity == "error"]


def test_the_session_imports_no_widget_library() -> None:
    import subprocess
    import sys

    code = (
        "import sys, workbench.session.route_edit;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('bokeh', 'ipywidgets', 'jupyter_bokeh') or m.startswith('workbench.ui')];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stderr


# ---------------------------------------------------------------------------- coordinates


@given(
    st.floats(-170, 170), st.floats(-80, 80), st.floats(-20, 40), st.floats(20, 60),
    st.floats(5, 30),
)  # fmt: skip
def test_unproject_undoes_project(
    lon: float, lat: float, lon0: float, p1: float, gap: float
) -> None:
    p = Projection((lon0, (p1 + p1 + gap) / 2), (p1, p1 + gap))
    if abs(lon - lon0) > 150:  # the cone's cut: longitudes wrap there
        return
    back = p.unproject(*p.project(lon, lat))
    assert back == pytest.approx((lon, lat), abs=1e-6)


def test_a_drag_on_the_plane_stores_longitude_and_latitude(europe: RouteEditSession) -> None:
    board = europe.board
    x, y = board.positions["Wien"]
    europe.drop_city("Wien", x + 1.0, y - 0.5)
    lon, lat = europe.board.city("Wien").at
    assert (lon, lat) != (16.37, 48.21)
    assert europe.board.positions["Wien"] == pytest.approx((x + 1.0, y - 0.5), abs=0.02)
    assert round(lon, 2) == lon and round(lat, 2) == lat
    assert europe.history == (f"move Wien to ({lon:g}, {lat:g})",)


# ---------------------------------------------------------------------------- refusals


def test_an_edit_that_makes_a_new_error_is_refused_and_says_why(
    triangle: RouteEditSession,
) -> None:
    with pytest.raises(MapError, match="9 cars long"):
        triangle.set_route("A-B", length=9)
    assert triangle.message_kind == "error" and "refused" in triangle.message
    assert triangle.board == TRIANGLE and triangle.history == ()
    with pytest.raises(MapError, match="no route reaches city 'B'"):
        triangle.remove_city("C") and triangle.remove_route("A-B")
    # cutting a ticket's cities apart is refused too
    s = RouteEditSession(
        RouteBoard("Line", (RouteCity("A", (0, 0)), RouteCity("B", (1, 0)), RouteCity("C", (2, 0))),
                   (Route(("A", "B"), 1), Route(("B", "C"), 1)), (Ticket(("A", "C"), 2),)),
        background=False,
    )  # fmt: skip
    with pytest.raises(MapError, match="no route reaches city 'C'"):
        s.remove_route("B-C")


def test_a_board_with_errors_can_still_be_edited_one_fix_at_a_time() -> None:
    broken = RouteBoard(
        "Broken",
        (RouteCity("A", (0, 0)), RouteCity("B", (1, 0))),
        (Route(("A", "B"), 9, "mauve"),),
    )
    s = RouteEditSession(broken, background=False)
    assert len(errors(s.board)) == 2
    s.set_route("A-B", length=3)  # the color is still wrong, but no error is new
    assert errors(s.board) == ["route A-B has color 'mauve', which is not a card color"]
    s.set_route("A-B", color="gray")
    assert errors(s.board) == [] and all(p.severity == "warning" for p in s.problems)


def test_a_new_city_may_wait_for_its_first_route(triangle: RouteEditSession) -> None:
    triangle.add_city("D", (4, 4))
    assert triangle.selected == "D"
    assert [p.message for p in triangle.problems] == ["no route reaches city 'D'"]
    assert triangle.places == [RoutePlace(cities=("D",))]
    triangle.set_route("A-B", color="green")  # other edits are not blocked by it
    assert triangle.add_route("D", "B", 4, "yellow") == "B-D"
    assert triangle.problems == []
    with pytest.raises(MapError, match="used 2 times"):
        triangle.add_city("A", (9, 9))


# ---------------------------------------------------------------------------- routes


def test_kinds_bring_their_locomotives(triangle: RouteEditSession) -> None:
    assert triangle.set_route("A-B", kind="ferry").route("A-B").locomotives == 1
    assert triangle.set_route("A-B", locomotives=3).route("A-B").locomotives == 3
    with pytest.raises(MapError, match="only 4 spaces"):
        triangle.set_route("A-B", locomotives=5)
    assert triangle.set_route("A-B", kind="tunnel").route("A-B").locomotives == 0
    with pytest.raises(MapError, match="not a kind of route"):
        triangle.set_route("A-B", kind="bridge")
    assert triangle.history[-1] == "A-B: kind tunnel, locomotives 0"


def test_the_selection_follows_a_lane_that_changes_place(triangle: RouteEditSession) -> None:
    # red is taken: the new lane is orange, which sorts first, so it is lane 1 ("A-B")
    assert triangle.add_lane("A-B") == "A-B" == triangle.selected_route
    assert [r.color for r in triangle.board.routes_between("A", "B")] == ["orange", "red"]
    triangle.set_route("A-B", color="yellow")  # the selected lane now sorts after red
    assert triangle.selected_route == "A-B#2"
    assert triangle.board.route("A-B#2").color == "yellow"
    triangle.undo()
    assert triangle.board.route("A-B").color == "orange"
    with pytest.raises(MapError, match="more than two routes"):
        triangle.add_lane("A-B")


def test_a_tap_selects_the_lane_on_its_side(europe: RouteEditSession) -> None:
    board = europe.board
    a, b = board.positions["Frankfurt"], board.positions["Paris"]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    d = math.dist(a, b)
    left = (-(b[1] - a[1]) / d, (b[0] - a[0]) / d)  # left of Frankfurt -> Paris
    picked = set()
    for side in (-1, 1):
        europe.tap(mid[0] + side * 0.1 * left[0], mid[1] + side * 0.1 * left[1])
        picked.add(europe.selected_route)
    assert picked == {"Frankfurt-Paris", "Frankfurt-Paris#2"}
    assert europe.tap(*board.positions["Paris"]) == "selected Paris"
    assert europe.tap(-30, 30).startswith("picked") and europe.picked is not None
    assert europe.selected is None and europe.selected_route is None


# ---------------------------------------------------------------------------- tickets


def test_a_new_ticket_is_priced_by_its_shortest_path(europe: RouteEditSession) -> None:
    assert europe.add_ticket("Brest", "Sofia") == "Brest-Sofia"
    ticket = next(t for t in europe.board.tickets if t.id == "Brest-Sofia")
    assert ticket.points == 15 == price_ticket(europe.board, "Brest", "Sofia")
    assert europe.analysis.changes.ticket.tolist() == ["Brest-Sofia"]
    europe.set_ticket("Brest-Sofia", long=True)
    assert [t.long for t in europe.board.tickets if t.id == "Brest-Sofia"] == [True]
    europe.remove_ticket("Brest-Sofia")
    assert europe.board == load_map(EUROPE)
    with pytest.raises(KeyError, match="Sofiaa"):
        europe.add_ticket("Brest", "Sofiaa")


def test_the_analysis_says_what_an_edit_changed(europe: RouteEditSession) -> None:
    europe.add_route("London", "Paris", 2, "red")
    result = europe.analysis
    changes = dict(zip(result.changes.ticket, result.changes.change, strict=True))
    assert changes == {"Edinburgh-Paris": -1, "Athina-Edinburgh": -1}
    # an independent count: the new board's shortest paths against the old one's
    old, new = load_map(EUROPE), europe.board
    moved = {t.id for t in old.tickets if price_ticket(old, *t.ends) != price_ticket(new, *t.ends)}
    assert moved == set(changes)
    assert result.summary().startswith("add route London-Paris (2 red): 2 tickets'")


# ---------------------------------------------------------------------------- events


def test_listeners_hear_each_edit_then_its_analysis(triangle: RouteEditSession) -> None:
    seen: list[Change] = []
    triangle.on_change(seen.append)
    triangle.set_route("B-C", color="black")
    assert [sorted(c.what) for c in seen] == [
        ["board", "history", "message", "path", "problems", "working"],
        ["analysis"],
    ]
    assert seen[0].before == TRIANGLE


def test_the_analysis_runs_in_the_background() -> None:
    s = RouteEditSession(EUROPE)
    try:
        s.set_route("Paris-Zurich", length=4)
        assert s.wait(timeout=60)
        assert s.analysis.board is s.board and not s.working
    finally:
        s.close()


# ---------------------------------------------------------------------------- files


def test_open_refuses_a_lattice_map_and_asks_over_edits(europe: RouteEditSession) -> None:
    with pytest.raises(MapError, match="lattice map"):
        europe.open(ROOT / "maps" / "tiny.yaml")
    europe.remove_route("Frankfurt-Paris#2")
    opened = europe.open(EUROPE)
    assert opened.needs_confirmation and europe.message_kind == "question"
    europe.open(EUROPE, discard=True)
    assert europe.board == load_map(EUROPE) and not europe.modified
    assert europe.undo().routes_between("Frankfurt", "Paris")[0].color == "orange"


def test_save_is_canonical_and_refuses_a_stranger(europe: RouteEditSession, tmp_path: Path) -> None:
    europe.add_lane("Berlin-Danzig")
    out = europe.save(tmp_path / "mine")
    assert out.read_text() == dumps_routes(europe.board) and not europe.modified
    other = tmp_path / "other.yaml"
    other.write_text((ROOT / "maps" / "tiny.yaml").read_text())
    with pytest.raises(FileExistsError):
        europe.save(other)
    europe.save(other, overwrite=True)
    assert load_map(other) == europe.board
    with pytest.raises(FileNotFoundError):
        europe.save(tmp_path / "nowhere" / "x.yaml")


# ---------------------------------------------------------------------------- properties


def random_edit(session: RouteEditSession, data: st.DataObject) -> None:
    """One edit of a random kind with random arguments (it may be refused)."""
    board = session.board
    cities = [c.name for c in board.cities]
    routes = [r.id for r in board.routes]
    tickets = [t.id for t in board.tickets]

    def pick(options: list[Any]) -> Any:
        return data.draw(st.sampled_from(options))

    def number(lo: int, hi: int) -> int:
        return data.draw(st.integers(lo, hi))

    def spot() -> tuple[float, float]:
        return (data.draw(st.floats(-20, 40)), data.draw(st.floats(-20, 40)))

    kinds = ["move", "add_city", "rename", "remove_city", "undo", "redo"]
    if len(cities) > 1:
        kinds += ["add_route", "add_ticket"]
    if routes:
        kinds += ["lane", "remove_route", "length", "color", "kind", "locomotives"]
    if tickets:
        kinds += ["remove_ticket", "points"]
    kind = pick(kinds)
    pair = cities[:2]
    if len(cities) > 1:
        pair = data.draw(st.lists(st.sampled_from(cities), min_size=2, max_size=2, unique=True))
    with suppress(WorkbenchError, ValueError, KeyError, IndexError):
        if kind == "move" and cities:
            session.move_city(pick(cities), spot())
        elif kind == "add_city":
            session.add_city(pick(["Nova", "Ys", "Lyon"]), spot())
        elif kind == "rename" and cities:
            session.rename_city(pick(cities), pick(["Q", "Rho"]))
        elif kind == "remove_city" and cities:
            session.remove_city(pick(cities))
        elif kind == "add_route":
            session.add_route(*pair, number(1, 8), pick(COLORS), pick(list(ROUTE_KINDS)))
        elif kind == "lane":
            session.add_lane(pick(routes))
        elif kind == "remove_route":
            session.remove_route(pick(routes))
        elif kind == "length":
            session.set_route(pick(routes), length=number(1, 9))
        elif kind == "color":
            session.set_route(pick(routes), color=pick(COLORS))
        elif kind == "kind":
            session.set_route(pick(routes), kind=pick(list(ROUTE_KINDS)))
        elif kind == "locomotives":
            session.set_route(pick(routes), locomotives=number(0, 3))
        elif kind == "add_ticket":
            points = data.draw(st.none() | st.integers(1, 25))
            session.add_ticket(*pair, points, data.draw(st.booleans()))
        elif kind == "remove_ticket":
            session.remove_ticket(pick(tickets))
        elif kind == "points":
            session.set_ticket(pick(tickets), points=number(1, 25))
        elif kind == "undo":
            session.undo()
        elif kind == "redo":
            session.redo()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=route_boards(max_cities=5), data=st.data())
def test_random_edits_then_undo_all_give_back_the_file_bytes(
    board: RouteBoard, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("edits")
    original = save_routes(board, folder / "board.yaml").read_bytes()
    session = RouteEditSession(folder / "board.yaml", background=False)
    try:
        had = errors(session.board)
        for _ in range(data.draw(st.integers(1, 8))):
            random_edit(session, data)
            # no edit ever adds an error, but a new city without its first route
            new = [e for e in errors(session.board) if e not in had]
            assert all(e.startswith("no route reaches city") for e in new), new
        saved = session.save(folder / "edited.yaml")
        assert saved.read_text(encoding="utf-8") == dumps_routes(session.board)
        if errors(session.board):  # a city still waits for its route: saved, and said so
            assert "error" in session.message
        else:
            assert load_map(saved) == session.board
        while session.history:
            session.undo()
        assert session.board == load_map(folder / "board.yaml")
        session.save(folder / "back.yaml")
        assert (folder / "back.yaml").read_bytes() == original
    finally:
        session.close()


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_edits_on_europe_undo_to_the_shipped_file(
    data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    session = RouteEditSession(EUROPE, background=False)
    try:
        for _ in range(data.draw(st.integers(1, 6))):
            random_edit(session, data)
        assert errors(session.board) == [] or all(
            e.startswith("no route reaches city") for e in errors(session.board)
        )
        while session.history:
            session.undo()
        out = session.save(tmp_path_factory.mktemp("europe") / "europe.yaml")
        assert out.read_bytes() == EUROPE.read_bytes()
        assert analyze_route_edit(session.board).matching == 44
    finally:
        session.close()


def test_an_earlier_analysis_is_reused_and_gives_the_same_figures() -> None:
    europe = load_map(EUROPE)
    assert isinstance(europe, RouteBoard)
    after = europe.remove_route("Warszawa-Wilno")
    first = analyze_route_edit(europe)
    reused = analyze_route_edit(after, europe, known=first)
    fresh = analyze_route_edit(after, europe)
    assert reused.before is first.report
    assert reused.changes.equals(fresh.changes) and reused.summary() == fresh.summary()
    back = analyze_route_edit(europe, after, known=reused)  # an undo: both reports known
    assert back.report is first.report and back.before is reused.report
    assert analyze_route_edit(after, europe, players=2, known=first).before is not first.report


def test_a_shipped_board_opens_by_name() -> None:
    from workbench.resources import find_map

    s = RouteEditSession("ticket_to_ride_europe", background=False)
    try:
        assert s.path == find_map("ticket_to_ride_europe") and not s.modified
        with pytest.raises(FileNotFoundError):
            s.open("no_such_board")
        assert s.message_kind == "error" and "no_such_board" in s.message
    finally:
        s.close()
