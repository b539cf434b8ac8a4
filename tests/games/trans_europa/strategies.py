"""Hypothesis strategies for the rules tests: random valid rules and missing-rail counts."""

from __future__ import annotations

from typing import Literal

from hypothesis import strategies as st

from tests.strategies import text
from workbench.games.trans_europa import CARDS, Rules
from workbench.maps.board import TERRAINS

COLORS = ["brown", "white", "pink", "orange", "turquoise"]

color_sets = st.lists(st.sampled_from(COLORS), unique=True, max_size=5).map(tuple)


@st.composite
def tables(draw: st.DrawFn) -> tuple[tuple[int, int], ...]:
    """A valid scoring table: rising thresholds, points never rising, none negative."""
    n = draw(st.integers(0, 5))
    mosts = sorted(draw(st.lists(st.integers(1, 30), min_size=n, max_size=n, unique=True)))
    points = sorted(draw(st.lists(st.integers(0, 10), min_size=n, max_size=n)), reverse=True)
    return tuple(zip(mosts, points, strict=True))


@st.composite
def rules(draw: st.DrawFn) -> Rules:
    """Any valid rules, every field drawn."""
    special = tuple(draw(st.lists(st.sampled_from(sorted(CARDS)), max_size=6)))
    mode: Literal["per_round", "fixed"] = draw(st.sampled_from(["per_round", "fixed"]))
    per_round = draw(st.integers(1, max(1, len(special))))
    return Rules(
        name=draw(text),
        scoring=draw(st.sampled_from(["rulebook", "countdown"])),
        winner_points=draw(st.integers(0, 10)),
        table=draw(tables()),
        target=draw(st.integers(1, 40)),
        countdown_start=draw(st.integers(1, 40)),
        singles_per_turn=draw(st.integers(1, 4)),
        doubles_per_turn=draw(st.integers(0, 2)),
        mixed_doubles=draw(st.booleans()),
        rhythm=tuple(draw(st.lists(st.integers(1, 4), max_size=4))),
        double_cost=tuple((t, draw(st.integers(1, 3))) for t in TERRAINS),
        rail_supply=draw(st.integers(1, 200)),
        dashed_out_below=draw(st.integers(2, 7)),
        colors_out=draw(color_sets),
        discard_one=draw(st.booleans()),
        reveal=draw(color_sets),
        draft_extra=draw(color_sets),
        pass_one_times=draw(st.integers(0, 4)),
        pass_hand=draw(st.booleans()),
        build_anywhere=draw(st.booleans()),
        colored_rails=draw(st.integers(0, 5)),
        colored_per_turn=draw(st.integers(1, 3)),
        ferry_rails=draw(st.integers(1, 2)),
        special_cards=special,
        card_mode=mode,
        cards_per_round=per_round,
    )


missing_counts = st.lists(st.one_of(st.none(), st.integers(0, 40)), min_size=1, max_size=6)
"""Per-player missing-rail counts, some hands impossible (None)."""
