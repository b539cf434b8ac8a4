"""Drawing a route board: one rectangle per car, lanes apart, tunnels and ferries marked."""

from __future__ import annotations

import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from shapely.geometry import LineString, Point, Polygon

from tests.conftest import MAPS
from workbench import RouteBoard, load_map
from workbench.ui.route_render import (
    ROUTE_RENDERER_NAMES,
    car_columns,
    route_figure,
    save_route_board_html,
)


@pytest.fixture(scope="module")
def europe() -> RouteBoard:
    board = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(board, RouteBoard)
    return board


def test_one_rectangle_per_car_and_a_mark_per_locomotive(europe: RouteBoard) -> None:
    cars = car_columns(europe)
    for kind in ("plain", "tunnel", "ferry"):
        mine = [r for r in europe.routes if r.kind == kind]
        assert len(cars[kind]["xs"]) == sum(r.length for r in mine)
        assert sorted(set(cars[kind]["route"])) == sorted(r.id for r in mine)
    assert len(cars["locomotives"]["x"]) == sum(r.locomotives for r in europe.routes)


def test_cars_of_a_route_and_of_two_lanes_do_not_overlap(europe: RouteBoard) -> None:
    cars = car_columns(europe)
    shapes: dict[str, list[Polygon]] = {}
    for kind in ("plain", "tunnel", "ferry"):
        table = cars[kind]
        for xs, ys, rid in zip(table["xs"], table["ys"], table["route"], strict=True):
            shapes.setdefault(rid, []).append(Polygon(zip(xs, ys, strict=True)))
    for a, b in [("Paris", "Frankfurt"), ("Dieppe", "London"), ("Berlin", "Warszawa")]:
        one, two = (shapes[r.id] for r in europe.routes_between(a, b))
        union_one = one[0].union(one[-1])
        assert not any(p.intersects(q) for p in one for q in two)
        assert union_one.distance(two[0].union(two[-1])) > 0.01
    for rid, polys in shapes.items():
        for p, q in pairwise(polys):
            assert not p.intersects(q), rid
        route = europe.route(rid)
        a, b = (europe.positions[c] for c in route.ends)
        if not route.via and len(europe.routes_between(*route.ends)) == 1:
            line = LineString([a, b])
            along = [line.project(p.centroid) for p in polys]
            assert all(line.distance(p.centroid) < 1e-6 for p in polys), rid  # on its line
            assert along == sorted(along) and along[0] > 0 and along[-1] < line.length, rid
            assert Point(a).distance(polys[0]) > 0.2, rid  # clear of the city's disc


def test_figure_names_and_legend(europe: RouteBoard) -> None:
    fig = route_figure(europe, width=800)
    for name in ROUTE_RENDERER_NAMES:
        assert fig.select_one({"name": name}) is not None, name
    labels = [item.label.value for item in fig.legend[0].items]
    assert labels[0].startswith("route") and any("locomotive" in x for x in labels)
    assert fig.select_one({"name": "cars-tunnel"}).glyph.line_width > 2


def test_html_is_offline_and_boards_show_themselves(europe: RouteBoard, tmp_path: Path) -> None:
    page = save_route_board_html(europe, tmp_path / "europe.html").read_text()
    assert "cdn.bokeh.org" not in page and "Ticket to Ride Europe" in page
    assert "workbench-board" in europe._repr_html_()


def test_cli_renders_a_route_board(tmp_path: Path) -> None:
    out = tmp_path / "europe.html"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "render",
            str(MAPS / "ticket_to_ride_europe.yaml"),
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert out.stat().st_size > 100_000
    bad = tmp_path / "bad.yaml"
    bad.write_text((MAPS.parent / "tests/maps/broken_routes/unknown_color.yaml").read_text())
    result = subprocess.run(
        [sys.executable, "-m", "workbench", "render", str(bad), "-o", str(tmp_path / "b.html")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{bad}:15:49: " in result.stderr


def test_stations_stand_on_their_cities_and_the_legend_names_them(europe: RouteBoard) -> None:
    bare = route_figure(europe, width=600)
    assert bare.select_one({"name": "station-marks"}).data_source.data["x"] == []
    labels = [item.label.value for item in bare.legend[0].items]
    assert labels[-1] == "station: a player's triangle on a city (3 each, one per city)"
    placed = route_figure(europe, width=600, stations={"Wien": "#123456", "Roma": "#abcdef"})
    data = placed.select_one({"name": "station-marks"}).data_source.data
    assert data["city"] == ["Roma", "Wien"] and data["fill"] == ["#abcdef", "#123456"]
    assert (data["x"][1], data["y"][1]) == europe.positions["Wien"]
    assert placed.select_one({"name": "station-marks"}).glyph.marker == "triangle"
