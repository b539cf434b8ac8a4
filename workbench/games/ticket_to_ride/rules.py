"""The rules of Ticket to Ride Europe as one frozen value, with named presets.

Every number the rulebook prints and every point players settle differently is a field of
:class:`TTRRules`; ``docs/ticket_to_ride.md`` says what each one means and where the
published rules leave a choice. A tweak is ``rules.replace(...)`` (checked again), a preset
is ``TTRRules.preset(name)``; :data:`PRESETS` holds the published rules and the well-known
house rules.

>>> TTRRules().tunnel_reveal, TTRRules.preset("tunnels_2").tunnel_reveal
(3, 2)
>>> TTRRules().replace(longest_path_points=15).longest_path_points
15
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from workbench.exceptions import WorkbenchError

__all__ = ["PRESETS", "TTRRules", "TTRRulesError"]


class TTRRulesError(WorkbenchError, ValueError):
    """A Ticket to Ride rules value with a wrong field: which one, the value, what is allowed."""


_LEAST: dict[str, int] = {
    "cars": 1,
    "stations": 0,
    "station_points": 0,
    "start_cards": 0,
    "market_size": 1,
    "market_locomotive_limit": 1,
    "tunnel_reveal": 0,
    "start_long": 0,
    "start_short": 0,
    "start_keep": 0,
    "draw_tickets": 1,
    "keep_tickets": 0,
    "end_cars": 0,
    "longest_path_points": 0,
    "double_min_players": 2,
    "long_ticket_bonus": -100,
}


@dataclass(frozen=True)
class TTRRules:
    """The rules of a game of Ticket to Ride Europe (the published rules by default).

    Attributes
    ----------
    name : str
        The preset's name, or a name of your own for a variant.
    cars, stations : int
        Train cars and stations each player starts with (45 and 3).
    station_points : int
        Points for each station left unbuilt at the end (4).
    station_costs : tuple of int
        Cards for the first, second, third ... station (1, 2, 3): one color, locomotives wild.
    start_cards : int
        Train cards dealt to each player (4).
    market_size : int
        Face-up cards (5).
    market_locomotive_limit : int
        The market is laid out anew when it shows this many locomotives (3), again and again
        while a market with fewer can still come from the deck and the discard pile (when
        none can, it stays as it is).
    max_relays : int or None
        At most this many layouts in a row after one take (or at setup), a house limit;
        ``None`` (the rulebook) sets none. An earlier version of the workbench used 3.
    tunnel_reveal : int
        Cards revealed for a tunnel (3).
    start_long, start_short, start_keep : int
        Tickets dealt at the start (1 long, 3 short) and the fewest kept (2).
    draw_tickets, keep_tickets : int
        Tickets drawn by the draw-tickets action (3) and the fewest kept (1).
    end_cars : int
        The last round starts when a player ends a turn with this many cars or fewer (2).
    longest_path_points : int
        The bonus for the longest continuous path, to every tied player (10).
    double_min_players : int
        Both lanes of a double route may be claimed (by two players) from this many players
        on (4); below it only one lane may be claimed at all.
    long_ticket_bonus : int
        Points added to (or, if negative, taken from) every long ticket's value (0).
    face_up_locomotive_ends_draw : bool
        A face-up locomotive is the whole draw and cannot be the second card (True).

    Examples
    --------
    >>> TTRRules().cars, TTRRules().station_costs
    (45, (1, 2, 3))
    >>> TTRRules(tunnel_reveal=-1)
    Traceback (most recent call last):
    ...
    workbench.games.ticket_to_ride.rules.TTRRulesError: rules field 'tunnel_reveal' is -1: ...
    """

    name: str = "rulebook"
    cars: int = 45
    stations: int = 3
    station_points: int = 4
    station_costs: tuple[int, ...] = (1, 2, 3)
    start_cards: int = 4
    market_size: int = 5
    market_locomotive_limit: int = 3
    max_relays: int | None = None
    tunnel_reveal: int = 3
    start_long: int = 1
    start_short: int = 3
    start_keep: int = 2
    draw_tickets: int = 3
    keep_tickets: int = 1
    end_cars: int = 2
    longest_path_points: int = 10
    double_min_players: int = 4
    long_ticket_bonus: int = 0
    face_up_locomotive_ends_draw: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise TTRRulesError(f"rules field 'name' is {self.name!r}: use a non-empty text")
        for key, least in _LEAST.items():
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise TTRRulesError(
                    f"rules field {key!r} is {value!r}: use a whole number, at least {least}"
                )
        relays = self.max_relays
        if relays is not None and (
            isinstance(relays, bool) or not isinstance(relays, int) or relays < 0
        ):
            raise TTRRulesError(
                f"rules field 'max_relays' is {relays!r}: use a whole number, at least 0, "
                "or null for no limit"
            )
        costs = self.station_costs
        if isinstance(costs, list):
            costs = tuple(costs)
            object.__setattr__(self, "station_costs", costs)
        if not isinstance(costs, tuple) or not all(
            isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in costs
        ):
            raise TTRRulesError(
                f"rules field 'station_costs' is {costs!r}: use a list of whole numbers >= 0"
            )
        if len(costs) < self.stations:
            raise TTRRulesError(
                f"rules field 'station_costs' is {costs!r}: give a cost for each of the "
                f"{self.stations} stations"
            )
        if not isinstance(self.face_up_locomotive_ends_draw, bool):
            raise TTRRulesError(
                "rules field 'face_up_locomotive_ends_draw' is "
                f"{self.face_up_locomotive_ends_draw!r}: use true or false"
            )
        if self.start_keep > self.start_long + self.start_short:
            raise TTRRulesError(
                f"rules field 'start_keep' is {self.start_keep}: at most the "
                f"{self.start_long + self.start_short} tickets dealt"
            )
        if self.keep_tickets > self.draw_tickets:
            raise TTRRulesError(
                f"rules field 'keep_tickets' is {self.keep_tickets}: at most the "
                f"{self.draw_tickets} tickets drawn"
            )

    def replace(self, **changes: Any) -> TTRRules:
        """A copy with some fields changed, checked again.

        Examples
        --------
        >>> TTRRules().replace(stations=0, name="no stations").stations
        0
        """
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-ready data (``TTRRules(**d)`` reads it back).

        Examples
        --------
        >>> TTRRules(**TTRRules().to_dict()) == TTRRules()
        True
        """
        data = dataclasses.asdict(self)
        data["station_costs"] = list(self.station_costs)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> TTRRules:
        """The rules ``data`` describes; ``TTRRulesError`` naming an unknown or bad field.

        Examples
        --------
        >>> TTRRules.from_dict({"tunnel_reveal": 2}).tunnel_reveal
        2
        >>> TTRRules.from_dict({"tunels": 2})
        Traceback (most recent call last):
        ...
        workbench.games.ticket_to_ride.rules.TTRRulesError: no rules field 'tunels'; ...
        """
        if not isinstance(data, dict):
            raise TTRRulesError(f"rules are a mapping of fields, not {type(data).__name__}")
        fields = [f.name for f in dataclasses.fields(cls)]
        for key in data:
            if key not in fields:
                raise TTRRulesError(
                    f"no rules field {key!r}; the fields are: {', '.join(fields[:3])}, ..."
                    if len(fields) > 3
                    else f"no rules field {key!r}"
                )
        values = dict(data)
        if isinstance(values.get("station_costs"), list):
            values["station_costs"] = tuple(values["station_costs"])
        return cls(**values)

    @classmethod
    def preset(cls, name: str) -> TTRRules:
        """The preset called ``name`` (see :data:`PRESETS`).

        Examples
        --------
        >>> TTRRules.preset("no_stations").stations
        0
        >>> TTRRules.preset("nope")
        Traceback (most recent call last):
        ...
        workbench.games.ticket_to_ride.rules.TTRRulesError: no preset 'nope'; use one of: ...
        """
        try:
            return PRESETS[name]
        except KeyError:
            raise TTRRulesError(f"no preset {name!r}; use one of: {', '.join(PRESETS)}") from None


PRESETS: dict[str, TTRRules] = {
    "rulebook": TTRRules(),
    "no_stations": TTRRules(name="no_stations", stations=0),
    "tunnels_2": TTRRules(name="tunnels_2", tunnel_reveal=2),
    "longest_15": TTRRules(name="longest_15", longest_path_points=15),
    "long_tickets_plus_5": TTRRules(name="long_tickets_plus_5", long_ticket_bonus=5),
    "doubles_always": TTRRules(name="doubles_always", double_min_players=2),
    "free_locomotive": TTRRules(name="free_locomotive", face_up_locomotive_ends_draw=False),
    # The original game (North America, maps/ticket_to_ride_usa.yaml): no stations, three
    # tickets dealt at the start of which at least two are kept (no long tickets), draw three
    # and keep one later, one lane of a double with 2-3 players, the 10-point longest path.
    # Its route points (1, 2, 4, 7, 10, 15 for 1-6 cars) are the board's printed table
    # (deck.route_points in the board file), which the game already reads from the board.
    "usa": TTRRules(name="usa", stations=0, start_long=0, start_short=3, start_keep=2),
}
"""The published rules (``rulebook``) and well-known house rules, by name: no stations,
tunnels revealing 2 cards, the longest path worth 15, long tickets worth 5 more, both lanes
of a double open at any table, a face-up locomotive counting as one card; and ``usa``, the
rules of the original game on its North American board.

>>> PRESETS["usa"].stations, PRESETS["usa"].start_long, PRESETS["usa"].start_keep
(0, 0, 2)
"""
