"""Rules as data: the :class:`Rules` value, its presets, scoring, special cards and files.

>>> from workbench.rules import Rules, apply_cards, round_points
>>> r = apply_cards(Rules.preset("rulebook"), ["water_single"])
>>> r
Rules.preset('rulebook').replace(double_cost=(('mountain', 2), ('water', 1)))
>>> round_points(r, [0, 2, 6])
(4, 2, 0)
"""

from workbench.rules.cards import (
    CARDS,
    DECK,
    DEMANDING_TABLE,
    GENEROUS_TABLE,
    SpecialCard,
    SpecialDeck,
    apply_cards,
    card,
    schedule,
)
from workbench.rules.io import dump_rules, load_rules, loads_rules, save_rules
from workbench.rules.rules import CARD_MODES, PRESETS, SCORINGS, Rules
from workbench.rules.scoring import (
    apply_round,
    game_over,
    round_points,
    start_scores,
    table_points,
    winners,
)

__all__ = [
    "CARDS",
    "CARD_MODES",
    "DECK",
    "DEMANDING_TABLE",
    "GENEROUS_TABLE",
    "PRESETS",
    "SCORINGS",
    "Rules",
    "SpecialCard",
    "SpecialDeck",
    "apply_cards",
    "apply_round",
    "card",
    "dump_rules",
    "game_over",
    "load_rules",
    "loads_rules",
    "round_points",
    "save_rules",
    "schedule",
    "start_scores",
    "table_points",
    "winners",
]
