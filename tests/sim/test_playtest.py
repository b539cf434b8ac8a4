"""Playtest reports: every number of a small report checked against a count made by hand
from the games themselves (played again, and read off their final states), and failure
states planted on test boards and found."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import networkx as nx
import pandas as pd
import pytest

from workbench.games import GAMES
from workbench.games.report import rate_table, spearman, wilson
from workbench.games.ticket_to_ride import TTRRules
from workbench.maps.routes import Route, RouteBoard, RouteCity, RouteDeck, Ticket
from workbench.sim.playtest import Playtest, parse_failures, player_counts, playtest

CITIES = tuple(
    RouteCity(name, at)
    for name, at in [
        ("Avon", (0, 0)),
        ("Bree", (4, 0)),
        ("Cork", (8, 0)),
        ("Dale", (0, 4)),
        ("Eton", (4, 4)),
        ("Fife", (8, 4)),
    ]
)


def small_board(deck: RouteDeck | None = None, length: int = 2, tickets: int = 10) -> RouteBoard:
    """Six cities in two rows of three, joined along the rows, the columns and one diagonal
    (one double), with short tickets between most pairs."""
    pairs = [
        ("Avon", "Bree"),
        ("Bree", "Cork"),
        ("Dale", "Eton"),
        ("Eton", "Fife"),
        ("Avon", "Dale"),
        ("Bree", "Eton"),
        ("Cork", "Fife"),
        ("Bree", "Fife"),
    ]
    colors = ["red", "blue", "green", "yellow", "black", "white", "orange", "pink"]
    routes = [Route(p, length, c) for p, c in zip(pairs, colors, strict=True)]
    routes.append(Route(("Avon", "Bree"), length, "gray"))
    names = [c.name for c in CITIES]
    every = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
    short = [Ticket(p, 3 + i % 5) for i, p in enumerate(every[:tickets])]
    long = [Ticket(p, 12, long=True) for p in every[tickets : tickets + 5]]
    return RouteBoard(
        name="Six Towns",
        cities=CITIES,
        routes=tuple(routes),
        tickets=(*short, *long),
        deck=deck
        or RouteDeck(cards_per_color=12, locomotives=14, short_tickets=10, long_tickets=5, cars=12),
    )


@pytest.fixture(scope="module")
def report() -> Playtest:
    return playtest(
        small_board(),
        players="2..3",
        bots=["greedy", "random"],
        games=6,
        seed=3,
        rules=TTRRules(cars=12, start_long=0),
    )


def test_player_counts_read_numbers_lists_and_ranges() -> None:
    assert player_counts("2-4", 2, 5, 4) == (2, 3, 4)
    assert player_counts([4, 2], 2, 5, 4) == (2, 4)
    with pytest.raises(ValueError, match="named twice"):
        player_counts("3,3", 2, 5, 4)
    with pytest.raises(ValueError, match="give a number"):
        player_counts("a", 2, 5, 4)


def test_a_small_reports_numbers_match_a_hand_count(report: Playtest) -> None:
    wins: Counter[tuple[int, int]] = Counter()
    bot_wins: Counter[tuple[int, str]] = Counter()
    bot_seats: Counter[tuple[int, str]] = Counter()
    held: Counter[tuple[int, str]] = Counter()
    done: Counter[tuple[int, str]] = Counter()
    joined: Counter[tuple[int, str]] = Counter()
    claimed: Counter[tuple[int, str]] = Counter()
    lengths: dict[int, list[int]] = {}
    board = report.board
    seats = report.table("seats")
    for n in report.players:
        for g in range(report.games):
            state = report.replay(n, g)
            assert state.is_terminal()
            names = seats[(seats.players == n) & (seats.game == g)].sort_values("seat").bot
            winners = state.winners()
            for seat, bot in enumerate(names):
                share = 1 / len(winners) if seat in winners else 0.0
                wins[n, seat] += share
                bot_wins[n, bot] += share
                bot_seats[n, bot] += 1
            lengths.setdefault(n, []).append(state.turns)
            sheets = state.score_sheets()
            for seat in range(n):
                graph = nx.MultiGraph()
                mine = [r for r, o in zip(board.routes, state.owners, strict=True) if o == seat]
                mine += [board.route(rid) for rid in sheets[seat].borrowed]
                graph.add_edges_from(r.ends for r in mine)
                for city in {
                    c for r in mine[: len(mine) - len(sheets[seat].borrowed)] for c in r.ends
                }:
                    joined[n, city] += 1
                for tid in state.tickets[seat]:
                    a, b = tid.split("-")
                    held[n, tid] += 1
                    ok = graph.has_node(a) and graph.has_node(b) and nx.has_path(graph, a, b)
                    done[n, tid] += ok
            for route, owner in zip(board.routes, state.owners, strict=True):
                claimed[n, route.id] += owner >= 0
    shares = report.win_shares("seat")
    for row in shares.itertuples():
        assert row.wins == pytest.approx(wins[row.players, row.seat])
        assert row.n == report.games
        assert (row.lo, row.hi) == pytest.approx(wilson(wins[row.players, row.seat], report.games))
    for row in report.win_shares("bot").itertuples():
        assert row.wins == pytest.approx(bot_wins[row.players, row.bot])
        assert row.n == bot_seats[row.players, row.bot]
    for row in report.lengths().itertuples():
        assert row.mean == pytest.approx(sum(lengths[row.players]) / report.games)
        assert row.max == max(lengths[row.players])
    from workbench.games.ticket_to_ride.playtest import (
        city_desirability,
        route_claims,
        ticket_table,
    )

    tickets = ticket_table(report)
    assert len(tickets) == len(held)
    for row in tickets.itertuples():
        assert (row.held, row.completed) == (
            held[row.players, row.ticket],
            done[row.players, row.ticket],
        )
    for row in city_desirability(report).itertuples():
        assert row.joined == joined[row.players, row.city]
        assert row.seats == row.players * report.games
    for row in route_claims(report).itertuples():
        assert row.claimed == claimed[row.players, row.route]


def test_the_first_players_edge_is_seat_zeros_share_less_the_fair_share(report: Playtest) -> None:
    first = report.first_player()
    seats = report.win_shares("seat")
    for row in first.itertuples():
        zero = seats[(seats.players == row.players) & (seats.seat == 0)].iloc[0]
        assert row.rate == zero.rate and row.edge == pytest.approx(zero.rate - 1 / row.players)


def test_the_same_seed_gives_the_same_report_on_one_process_or_two(report: Playtest) -> None:
    again = playtest(
        small_board(),
        players="2..3",
        bots=["greedy", "random"],
        games=6,
        seed=3,
        rules=TTRRules(cars=12, start_long=0),
        workers=2,
    )
    for name in ("games", "seats", "tickets"):
        pd.testing.assert_frame_equal(report.table(name), again.table(name))


def test_a_market_of_locomotives_is_found_and_its_saved_game_replays_to_it() -> None:
    # a deck of locomotives with two cards of each color: the market cannot be laid out
    # without three locomotives for long
    deck = RouteDeck(cards_per_color=2, locomotives=40, short_tickets=10, long_tickets=5, cars=12)
    found = playtest(
        small_board(deck),
        players=2,
        bots=["greedy"],
        games=3,
        seed=1,
        rules=TTRRules(cars=12, start_long=0),
    )
    table = found.failures()
    row = table[table.kind == "market of locomotives"].iloc[0]
    assert row.games >= 1 and row.first_game >= 0
    record = found.failure_record("market of locomotives", 2)
    state = GAMES["ticket_to_ride"].load_record(record, found.board)
    assert state.market[state.game.tables.loco] >= state.game.rules.market_locomotive_limit
    assert state.phase in ("turn", "draw2") and not state.is_terminal()
    # cut just there: one action less and the market is not yet stuck on a seat's turn
    assert record["action_count"] < len(found.replay(2, int(row.first_game)).history)


def test_a_seat_with_no_legal_move_and_a_game_ended_by_passes_are_found() -> None:
    # routes of 6 cars and a deck of one card a color: nothing can ever be claimed, so once
    # the cards and tickets are drawn every seat can only pass
    deck = RouteDeck(cards_per_color=1, locomotives=0, short_tickets=10, long_tickets=5, cars=12)
    rules = TTRRules(cars=12, start_long=0, start_cards=1, market_size=2)
    found = playtest(small_board(deck, length=6), players=2, bots=["greedy"], games=2, rules=rules)
    table = found.failures().set_index("kind")
    assert table.loc["no legal move", "games"] == 2
    assert table.loc["every seat passed", "games"] == 2
    record = found.failure_record("no legal move", 2)
    assert record["actions"][-1] == "pass"
    state = GAMES["ticket_to_ride"].load_record(record, found.board)
    assert not state.is_terminal()


def test_a_game_cut_off_at_the_cap_is_a_failure_with_the_whole_game_saved() -> None:
    found = playtest("maps/tiny.yaml", players=2, bots=["random"], games=2, seed=1, max_rounds=1)
    row = found.failures().set_index("kind").loc["cut off"]
    assert row.games == 2 and row.rate == 1.0
    assert found.win_shares("seat").empty  # no finished game: no win share to give


def test_the_failures_column_reads_back() -> None:
    assert parse_failures("no legal move=3") == {"no legal move": 3}
    assert parse_failures(float("nan")) == {}


def test_rate_table_agrees_with_wilson_and_spearman_with_pandas() -> None:
    frame = pd.DataFrame({"k": ["a", "a", "b"], "w": [1.0, 0.0, 0.5]})
    table = rate_table(frame, ["k"], "w")
    assert table.rate.tolist() == [0.5, 0.5]
    assert (table.lo[0], table.hi[0]) == wilson(1.0, 2)
    a = {"x": 1.0, "y": 5.0, "z": 2.0, "w": 2.0}
    b = {"x": 3.0, "y": 1.0, "z": 2.0, "w": 7.0}
    keys = sorted(a)
    expected = pd.Series([a[k] for k in keys]).corr(pd.Series([b[k] for k in keys]), "spearman")
    assert spearman(a, b) == pytest.approx(expected)


def test_the_page_holds_every_section_and_a_saved_game_per_failure(tmp_path: Path) -> None:
    deck = RouteDeck(cards_per_color=2, locomotives=40, short_tickets=10, long_tickets=5, cars=12)
    found = playtest(
        small_board(deck),
        players=2,
        bots=["greedy"],
        games=2,
        seed=1,
        rules=TTRRules(cars=12, start_long=0),
    )
    page = found.save_html(tmp_path / "report.html").read_text()
    for section in found.sections():
        assert f'id="{section.key}"' in page
    assert page.count('class="wb-save"') == int((found.failures().games > 0).sum())
    assert "cdn.bokeh.org" not in page
