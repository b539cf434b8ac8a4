"""What a designer of a Ticket to Ride board asks of a playtest: tickets, cities and routes.

Read from the simulator's tables (:mod:`.sim`): the ``tickets`` table (every ticket a seat
held at the end, and whether it was completed) and the games table's ``claimed`` column
(which seat claimed which route).

* **Tickets**: how often each ticket is held, completed (with its 95 % Wilson interval), and
  the points it wins and loses per holding.
* **City desirability**: how often a city is joined into a seat's network (touched by one of
  its routes), per seat and game, ranked; the rank correlation (Spearman) between player
  counts says whether the same cities matter at every table size.
* **Routes**: how often each route is claimed, drawn on the board as a heat map.

>>> from workbench.sim.playtest import playtest
>>> report = playtest("maps/ticket_to_ride_europe.yaml", players=2, bots=["greedy"], games=2)
>>> [s.key for s in sections(report)]
['tickets', 'cities', 'city_ranks', 'routes']
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pandas as pd

from workbench.games.report import Section, ranks, rate_table, spearman

__all__ = [
    "city_desirability",
    "play_groups",
    "rank_correlations",
    "route_claims",
    "sections",
    "ticket_table",
]


def ticket_table(report: Any) -> pd.DataFrame:
    """Per player count and ticket: its points, how often it was held (``held``, and
    ``held_share``: holdings per game), completed (``rate`` with ``lo`` and ``hi``), and the
    points it won and lost per holding (``won``, ``lost``, ``net``).

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/ticket_to_ride_europe.yaml", players=2, bots=["greedy"], games=2)
    >>> t = ticket_table(r)
    >>> bool((t.won - t.lost - t.net).abs().max() < 1e-9)
    True
    """
    tickets = report.table("tickets")
    if tickets.empty:
        return pd.DataFrame(
            columns=[
                "players",
                "ticket",
                "points",
                "held",
                "held_share",
                "completed",
                "rate",
                "lo",
                "hi",
                "won",
                "lost",
                "net",
            ]
        )
    tickets = tickets.assign(done=tickets["completed"].astype(float))
    table = rate_table(tickets, ["players", "ticket"], "done")
    points = tickets.groupby("ticket")["points"].max()
    table.insert(2, "points", table["ticket"].map(points).astype("int64"))
    table = table.rename(columns={"n": "held", "wins": "completed"})
    table["completed"] = table["completed"].astype("int64")
    games = {n: len(report.results[n].games) for n in report.players}
    table.insert(4, "held_share", table["held"] / table["players"].map(games))
    table["won"] = table["rate"] * table["points"]
    table["lost"] = (1 - table["rate"]) * table["points"]
    table["net"] = table["won"] - table["lost"]
    return table.sort_values(
        ["players", "rate", "ticket"], ascending=[True, True, True]
    ).reset_index(drop=True)


def _networks(report: Any) -> list[tuple[int, int, int, set[str]]]:
    """``(players, game, seat, cities)`` for every seat of every game: the cities its
    claimed routes touch."""
    ends = {r.id: r.ends for r in report.board.routes}
    out: list[tuple[int, int, int, set[str]]] = []
    games = report.table("games")
    for n, game, claimed in zip(games["players"], games["game"], games["claimed"], strict=True):
        cities: list[set[str]] = [set() for _ in range(int(n))]
        for item in str(claimed or "").split():
            rid, _, seat = item.rpartition(":")
            cities[int(seat)].update(ends[rid])
        out.extend((int(n), int(game), s, c) for s, c in enumerate(cities))
    return out


def city_desirability(report: Any) -> pd.DataFrame:
    """Per player count and city: the share of seats (per game) whose network joined the
    city, with its interval, and its rank (1: most desired).

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/ticket_to_ride_europe.yaml", players=2, bots=["greedy"], games=2)
    >>> t = city_desirability(r)
    >>> len(t) == len(r.board.cities), int(t["rank"].min())
    (True, 1)
    """
    seats: Counter[int] = Counter()
    joined: Counter[tuple[int, str]] = Counter()
    for n, _, _, cities in _networks(report):
        seats[n] += 1
        for city in cities:
            joined[n, city] += 1
    rows = [
        {"players": n, "city": c.name, "n": seats[n], "wins": float(joined[n, c.name])}
        for n in report.players
        for c in report.board.cities
    ]
    table = rate_table(pd.DataFrame(rows), ["players", "city"], "wins", n="n")
    table = table.rename(columns={"n": "seats", "wins": "joined"})
    table["joined"] = table["joined"].astype("int64")
    table["rank"] = 0
    for n in report.players:
        mask = table.players == n
        order = ranks(zip(table.city[mask], table.rate[mask], strict=True))
        table.loc[mask, "rank"] = table.city[mask].map(order)
    table["rank"] = table["rank"].astype("int64")
    return table.sort_values(["players", "rank"]).reset_index(drop=True)


def rank_correlations(desirability: pd.DataFrame) -> pd.DataFrame:
    """Spearman's rank correlation of city desirability between every two player counts.

    Examples
    --------
    >>> t = pd.DataFrame({"players": [2] * 3 + [3] * 3, "city": list("abcabc"),
    ...                   "rate": [0.1, 0.2, 0.3, 0.3, 0.2, 0.1]})
    >>> rank_correlations(t).to_dict("records")
    [{'players_a': 2, 'players_b': 3, 'spearman': -1.0}]
    """
    counts = sorted(set(desirability.players))
    by = {n: dict(zip(g.city, g.rate, strict=True)) for n, g in desirability.groupby("players")}
    rows = [
        {"players_a": a, "players_b": b, "spearman": spearman(by[a], by[b])}
        for i, a in enumerate(counts)
        for b in counts[i + 1 :]
    ]
    return pd.DataFrame(rows, columns=["players_a", "players_b", "spearman"])


def route_claims(report: Any) -> pd.DataFrame:
    """Per player count and route: the share of games in which it was claimed, with its
    interval.

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/ticket_to_ride_europe.yaml", players=2, bots=["greedy"], games=2)
    >>> t = route_claims(r)
    >>> len(t) == len(r.board.routes), bool(t.rate.between(0, 1).all())
    (True, True)
    """
    games = report.table("games")
    claimed: Counter[tuple[int, str]] = Counter()
    totals: Counter[int] = Counter()
    for n, text in zip(games["players"], games["claimed"], strict=True):
        totals[int(n)] += 1
        for item in str(text or "").split():
            claimed[int(n), item.rpartition(":")[0]] += 1
    rows = [
        {"players": n, "route": r.id, "n": totals[n], "wins": float(claimed[n, r.id])}
        for n in report.players
        for r in report.board.routes
    ]
    table = rate_table(pd.DataFrame(rows), ["players", "route"], "wins", n="n")
    table = table.rename(columns={"n": "games", "wins": "claimed"})
    table["claimed"] = table["claimed"].astype("int64")
    length = {r.id: r.length for r in report.board.routes}
    table.insert(2, "length", table["route"].map(length).astype("int64"))
    return table


def sections(report: Any) -> list[Section]:
    """The report's Ticket to Ride sections (see the module's text)."""
    desirability = city_desirability(report)
    return [
        Section(
            "tickets",
            "Tickets",
            "Each ticket held at the end of a game: how often it is held and completed, and "
            "the points it wins and loses per holding. A ticket rarely completed, or always, "
            "is worth a look at its points.",
            ticket_table(report),
        ),
        Section(
            "cities",
            "City desirability",
            "The share of players whose network joins each city (a city on none of a "
            "player's routes does not count), ranked; the board shows the largest table.",
            desirability,
            plot="cities",
            label="city",
            value="rate",
            by="players",
        ),
        Section(
            "city_ranks",
            "Do the same cities matter at every table size?",
            "Spearman's rank correlation of city desirability between player counts: near "
            "1, the same cities are wanted whatever the count.",
            rank_correlations(desirability),
        ),
        Section(
            "routes",
            "Routes claimed",
            "How often each route is claimed, per game; the board shows the largest table.",
            route_claims(report),
            plot="routes",
            label="route",
            value="rate",
            by="players",
        ),
    ]


def play_groups(report: Any) -> dict[str, pd.DataFrame]:
    """The groups the play doctor evens out on a Ticket to Ride board: each ticket's
    completion rate (``tickets``) and each city's desirability (``cities``), as ``group``,
    ``n``, ``rate``, ``lo``, ``hi`` (:mod:`workbench.sim.doctor`).

    Examples
    --------
    >>> from workbench.sim.playtest import playtest
    >>> r = playtest("maps/ticket_to_ride_europe.yaml", players=2, bots=["greedy"], games=2)
    >>> sorted(play_groups(r))
    ['cities', 'tickets']
    """
    tickets = ticket_table(report).rename(columns={"ticket": "group", "held": "n"})
    cities = city_desirability(report).rename(columns={"city": "group", "seats": "n"})
    keep = ["group", "n", "rate", "lo", "hi"]
    return {"tickets": tickets[keep], "cities": cities[keep]}
