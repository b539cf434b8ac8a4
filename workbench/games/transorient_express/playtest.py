"""What a designer of a Transorient Express card set asks of a playtest: cards and
objectives.

The sections are the balance analysis's tables (:func:`.analysis.balance_tables`, whose
module text defines every column) read from the playtest's own games: each card's taken
and played rates and its *lift* (the win share of the seats that played it, times the
players; 1 is fair) with its interval, the cards flagged strong or weak against the baseline,
each effect with and without it, each color's points per token, and how often each
objective decides who wins.

>>> from workbench.sim.playtest import playtest
>>> report = playtest("maps/transorient_express.yaml", players=2, games=2)
>>> [s.key for s in sections(report)]
['cards', 'flagged', 'effects', 'colors', 'objectives']
"""

from __future__ import annotations

from typing import Any

from workbench.games.report import Section

__all__ = ["sections"]


def sections(report: Any) -> list[Section]:
    """The report's Transorient Express sections (see the module's text)."""
    from workbench.games.transorient_express.analysis import balance_tables

    tables = balance_tables(
        report.board,
        report.table("seats"),
        report.table("cards"),
        report.table("games"),
        games=report.games,
        bots=report.bots,
    )
    cards = tables.cards.sort_values("lift", ascending=False).reset_index(drop=True)
    return [
        Section(
            "cards",
            "Cards",
            "How often each card is taken and played per game, and its lift: the win share "
            f"of the seats that played it times the players (1 is fair; all cards played "
            f"together lift {tables.baseline:.2f}, since winners play more cards).",
            cards,
            plot="bars",
            label="card",
            value="lift",
        ),
        Section(
            "flagged",
            "Cards flagged strong or weak",
            "Cards whose lift's 95 % interval lies wholly above (strong) or below (weak) the "
            "lift of all cards played.",
            tables.flagged,
        ),
        Section(
            "effects",
            "Effects",
            "Seats whose tableau holds a card with each effect, against those without.",
            tables.effects,
        ),
        Section(
            "colors",
            "Colors",
            "Each color's printed points per token of cost, and the points per token the "
            "seats actually realized.",
            tables.colors,
        ),
        Section(
            "objectives",
            "Objectives",
            "How often taking an objective's points away would change who won the game.",
            tables.objectives,
        ),
    ]
