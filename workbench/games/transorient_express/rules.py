"""The rules of Transorient Express as data: the rulebook's numbers and every point the
rulebook leaves open, decided, as fields of one frozen value, with named presets.

>>> Rules().columns(4), Rules().end_at(2), Rules().end_at(4)
(5, 8, 7)
>>> Rules.preset("two_player_seven").end_at(2)
7
>>> Rules(store_limit=0)
Traceback (most recent call last):
...
ValueError: Rules.store_limit is 0: it must be a whole number, at least 1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

__all__ = ["PRESETS", "Rules"]

_CHOICES = {
    "discard": ("bottom", "out"),
    "returns": ("player", "random"),
    "ranked_ties": ("dense", "competition"),
}


@dataclass(frozen=True)
class Rules:
    """Transorient Express's rules (see ``docs/transorient_express.md``).

    Attributes
    ----------
    name : str
        The rule set's name (a preset's, or the user's); not compared.
    hand_limit : int
        Destination cards a player may keep in hand at the end of a turn (2).
    store_limit : int
        Train tokens a player may keep at the end of a turn, before ``store`` effects (5).
    start_tokens : int
        Tokens each player draws at the start (2).
    pile_size : int
        Tokens under each new column (3).
    round_bonus : int
        Tokens added to the last pile at the end of a round (1).
    columns_2, columns_3, columns_4 : int
        Columns of the Central Station by player count (5, 4, 5).
    end_cards : int
        Cards in front of a player that end the game at the end of the round (7).
    end_cards_two : int
        The same for two players: the rulebook says "up to 8" (decided: 8).
        Nobody may play more cards than the number that ends the game (:meth:`end_at`):
        with two players, who take two turns a round, a player at 8 plays no more.
    stationmaster_counts : bool
        Whether the Stationmaster token counts against the store limit (decided: no, it
        is not a train).
    discard : str
        Where the card above a taken pile goes: ``bottom`` of the Destination pile (as
        the hand discards do; decided) or ``out`` of the game (a public discard pile).
    returns : str
        Who picks the tokens returned over the store limit: the ``player`` (decided) or
        ``random`` (drawn blind from the store).
    ranked_ties : str
        Ranks below a tie on a ranked objective: ``dense`` (two tied 1st, the next is 2nd;
        decided) or ``competition`` (the next is 3rd).
    first_player : int
        The seat that holds the Stationmaster at the start and begins the first round (0);
        the rulebook leaves the choice to the table. A game checks it names one of its
        seats.
    """

    name: str = field(default="rulebook", compare=False)
    hand_limit: int = 2
    store_limit: int = 5
    start_tokens: int = 2
    pile_size: int = 3
    round_bonus: int = 1
    columns_2: int = 5
    columns_3: int = 4
    columns_4: int = 5
    end_cards: int = 7
    end_cards_two: int = 8
    stationmaster_counts: bool = False
    discard: str = "bottom"
    returns: str = "player"
    ranked_ties: str = "dense"
    first_player: int = 0

    def __post_init__(self) -> None:
        lows = {
            "hand_limit": 1,
            "store_limit": 1,
            "start_tokens": 0,
            "pile_size": 1,
            "round_bonus": 0,
            "end_cards": 1,
            "end_cards_two": 1,
        }
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "name":
                if not isinstance(value, str):
                    raise ValueError(f"Rules.name is {value!r}: use text")
            elif f.name in _CHOICES:
                if value not in _CHOICES[f.name]:
                    raise ValueError(
                        f"Rules.{f.name} is {value!r}: use one of {', '.join(_CHOICES[f.name])}"
                    )
            elif f.type in (bool, "bool"):
                if not isinstance(value, bool):
                    raise ValueError(f"Rules.{f.name} is {value!r}: use true or false")
            else:
                low = lows.get(f.name, 0)
                if f.name.startswith("columns_"):
                    players = int(f.name[-1])
                    low = players + 1 if players > 2 else 5
                if isinstance(value, bool) or not isinstance(value, int) or value < low:
                    raise ValueError(
                        f"Rules.{f.name} is {value!r}: it must be a whole number, at least {low}"
                    )

    def columns(self, players: int) -> int:
        """Columns of the Central Station for ``players``."""
        return {2: self.columns_2, 3: self.columns_3, 4: self.columns_4}[players]

    def end_at(self, players: int) -> int:
        """Cards in front of one player that end the game (at the end of the round), and
        the most one player may play."""
        return self.end_cards_two if players == 2 else self.end_cards

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes`` (checked)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-ready data: the fields that differ from the rulebook's."""
        base = asdict(Rules())
        return {k: v for k, v in asdict(self).items() if base[k] != v}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """The rules :meth:`to_dict` wrote; ``ValueError`` naming an unknown field.

        >>> Rules.from_dict(Rules(end_cards=6).to_dict()) == Rules(end_cards=6)
        True
        """
        names = {f.name for f in fields(cls)}
        for key in data:
            if key not in names:
                raise ValueError(f"unknown rule {key!r}; the rules are: {', '.join(sorted(names))}")
        return cls(**data)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name`` (see :data:`PRESETS`)."""
        if name not in PRESETS:
            raise ValueError(f"no preset {name!r}; the presets are: {', '.join(PRESETS)}")
        return PRESETS[name]


PRESETS: dict[str, Rules] = {
    "rulebook": Rules(),
    "two_player_seven": Rules("two_player_seven", end_cards_two=7),
    "discard_out": Rules("discard_out", discard="out"),
    "random_returns": Rules("random_returns", returns="random"),
    "stationmaster_counts": Rules("stationmaster_counts", stationmaster_counts=True),
    "competition_ties": Rules("competition_ties", ranked_ties="competition"),
    "short": Rules("short", end_cards=5, end_cards_two=6),
}
"""The named rule sets: the rulebook as we read it, and one preset per open point."""
