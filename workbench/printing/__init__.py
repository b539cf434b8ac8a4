"""Print and play: boards as real-size vector PDFs, and their cards on card sheets.

``workbench print MAP -o board.pdf`` is :func:`board_pdf`; ``--cards`` is
:func:`cards_pdf`. Drawing goes through fpdf2 (pure Python) with DejaVu Sans embedded; the
shapes come from :mod:`workbench.maps.drawing`, which the screen's renderers share, so the
printed board is the board on screen, at a scale, in print colours that stay apart in grey.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from workbench.printing.board import Poster, PrintedBoard, board_pdf, poster
    from workbench.printing.cards import (
        CARD_HEIGHT,
        CARD_WIDTH,
        CardSlot,
        PrintedCards,
        cards_pdf,
    )
    from workbench.printing.layout import (
        LATTICE_SCALE,
        PAPERS,
        ROUTE_SCALE,
        Paper,
        Tile,
        plan_tiles,
    )

_WHERE = {
    **dict.fromkeys(("Poster", "PrintedBoard", "board_pdf", "poster"), "board"),
    **dict.fromkeys(("CARD_HEIGHT", "CARD_WIDTH", "CardSlot", "PrintedCards", "cards_pdf"),
                    "cards"),
    **dict.fromkeys(("LATTICE_SCALE", "PAPERS", "ROUTE_SCALE", "Paper", "Tile", "plan_tiles"),
                    "layout"),
}  # fmt: skip
"""Where each name lives: imported on first use, so that the command line (which imports
:mod:`workbench.printing.command`) starts without the PDF library."""


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(importlib.import_module(f"workbench.printing.{_WHERE[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'workbench.printing' has no attribute {name!r}")


__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "LATTICE_SCALE",
    "PAPERS",
    "ROUTE_SCALE",
    "CardSlot",
    "Paper",
    "Poster",
    "PrintedBoard",
    "PrintedCards",
    "Tile",
    "board_pdf",
    "cards_pdf",
    "plan_tiles",
    "poster",
]
