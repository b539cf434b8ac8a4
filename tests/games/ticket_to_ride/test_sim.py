"""Ticket to Ride in the simulator and on the command line."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from workbench import cli
from workbench.games import GAMES
from workbench.sim import sweep
from workbench.sim.variants import Variant


def test_simulate_is_the_same_on_one_process_or_two(tmp_path: Path) -> None:
    common = ["simulate", "--game", "ticket_to_ride", "--map", "maps/ticket_to_ride_europe.yaml"]
    common += ["--players", "4", "--games", "6", "--seed", "1", "-q"]
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    g1, g2 = tmp_path / "g1.csv", tmp_path / "g2.csv"
    assert cli.main([*common, "--workers", "1", "--out", str(one), "--games-out", str(g1)]) == 0
    assert cli.main([*common, "--workers", "2", "--out", str(two), "--games-out", str(g2)]) == 0
    assert one.read_bytes() == two.read_bytes() and g1.read_bytes() == g2.read_bytes()
    seats = pd.read_csv(one)
    parts = ["route_points", "ticket_points", "station_points", "longest_points"]
    assert (seats[parts].sum(axis=1) == seats.score).all()
    assert (seats.tickets_completed + seats.tickets_failed == seats.tickets_kept).all()
    assert (seats.cars_left >= 0).all() and (seats.groupby("game").win_share.sum() == 1).all()
    games = pd.read_csv(g1)
    claimed = games.claimed[0].split(" ")
    assert len(claimed) == seats[seats.game == 0].routes_claimed.sum()
    assert all(c.rsplit(":", 1)[1] in "0123" for c in claimed)


def test_a_sweep_compares_presets_from_the_same_deals() -> None:
    info = GAMES["ticket_to_ride"]
    board = info.board()
    variants = Variant.product(
        [board],
        {"rulebook": "rulebook", "no stations": "no_stations"},
        [["greedy"] * 3],
        game="ticket_to_ride",
    )
    result = sweep(variants, 3, seed=2)
    seats = result.seats
    assert set(seats.variant) == {"rulebook", "no stations"}
    none = seats[seats.variant == "no stations"]
    assert (none.station_points == 0).all() and (none.stations_built == 0).all()
    assert result.summary().shape[0] == 2
