"""The special cards: the 19-card deck as data, each card's effect, composition, drawing."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.trans_europa.strategies import rules
from workbench.games.trans_europa import (
    CARDS,
    DECK,
    DEMANDING_TABLE,
    GENEROUS_TABLE,
    Rules,
    SpecialDeck,
    apply_cards,
    card,
    round_points,
    schedule,
)
from workbench.games.trans_europa.cards import MERGED_FIELDS


def test_the_deck_counts() -> None:
    assert len(DECK) == 19
    counts = Counter(DECK)
    assert set(counts) == set(CARDS)
    assert counts["three_rails"] == 2
    assert sum(1 for c in DECK if c.startswith("reveal_")) == 3
    assert sum(1 for c in DECK if c.startswith("draft_")) == 3
    assert all(n == 1 for c, n in counts.items() if c != "three_rails")
    # 14 effects: reveal and draft each count once
    effects = {c.split("_")[0] if c.startswith(("reveal_", "draft_")) else c for c in CARDS}
    assert len(effects) == 14
    # the first 15 simplify, the last 4 are demanding
    assert [card(c).demanding for c in DECK] == [False] * 15 + [True] * 4
    assert card(DECK[0]).id == "generous"  # the rulebook's "card 1" is the generous table


def test_every_card_has_a_name_a_description_and_changes() -> None:
    for id, c in CARDS.items():
        assert c.id == id and c.name and c.description and c.changes
        assert repr(c) == f"card({id!r})"
        assert c.apply(Rules()) != Rules()


@pytest.mark.parametrize(
    ("id", "field", "value"),
    [
        ("generous", "table", GENEROUS_TABLE),
        ("demanding", "table", DEMANDING_TABLE),
        ("three_rails", "singles_per_turn", 3),
        ("three_rails", "mixed_doubles", True),
        ("water_single", "double_cost", (("mountain", 2), ("water", 1))),
        ("mountain_single", "double_cost", (("mountain", 1), ("water", 2))),
        ("no_white", "colors_out", ("white",)),
        ("no_turquoise", "colors_out", ("turquoise",)),
        ("discard_one", "discard_one", True),
        ("rhythm", "rhythm", (3, 2, 1)),
        ("reveal_orange_pink", "reveal", ("orange", "pink")),
        ("reveal_brown_pink", "reveal", ("brown", "pink")),
        ("reveal_brown_orange", "reveal", ("brown", "orange")),
        ("draft_pink", "draft_extra", ("pink",)),
        ("draft_brown", "draft_extra", ("brown",)),
        ("draft_orange", "draft_extra", ("orange",)),
        ("pass_one", "pass_one_times", 3),
        ("pass_hand", "pass_hand", True),
        ("anywhere", "build_anywhere", True),
    ],
)
def test_each_card(id: str, field: str, value: object) -> None:
    assert getattr(card(id).apply(Rules()), field) == value


def test_three_rails_allows_a_double_and_a_single() -> None:
    r = card("three_rails").apply(Rules())
    assert r.allows_turn(3) and r.allows_turn(1, 1) and not r.allows_turn(2, 1)


def test_generous_scores_a_round() -> None:
    r = card("generous").apply(Rules())
    assert round_points(r, [0, 2, 4, 6, 8]) == (4, 3, 2, 1, 0)


def test_last_scoring_card_wins() -> None:
    assert apply_cards(Rules(), ["generous", "demanding"]).table == DEMANDING_TABLE
    assert apply_cards(Rules(), ["demanding", "generous"]).table == GENEROUS_TABLE


def test_terrain_cards_both_apply() -> None:
    r = apply_cards(Rules(), ["water_single", "mountain_single"])
    assert r.double_cost_map == {"mountain": 1, "water": 1}
    assert apply_cards(Rules(), ["mountain_single", "water_single"]) == r


def test_color_cards_merge() -> None:
    r = apply_cards(Rules(), ["no_white", "no_turquoise", "reveal_brown_pink"])
    assert r.colors_out == ("turquoise", "white")
    assert r.hand_colors(["brown", "white", "pink", "orange", "turquoise"]) == (
        "brown",
        "pink",
        "orange",
    )
    r = apply_cards(r, ["reveal_brown_orange", "draft_pink", "draft_orange"])
    assert r.reveal == ("brown", "orange", "pink")
    assert r.draft_extra == ("orange", "pink")


def test_rhythm_with_three_rails() -> None:
    r = apply_cards(Rules(), ["three_rails", "rhythm"])
    assert [r.turn_budget(lap) for lap in (1, 2, 3)] == [3, 2, 1]
    assert r.allows_turn(1, 1, lap=1) and not r.allows_turn(1, 1, lap=2)


def test_cards_keep_the_deck_in_play() -> None:
    r = Rules(special_cards=DECK)
    assert apply_cards(r, ["anywhere"]).special_cards == DECK


def test_unknown_card() -> None:
    with pytest.raises(KeyError, match="did you mean 'pass_hand'"):
        card("pass_hnd")
    with pytest.raises(KeyError):
        apply_cards(Rules(), ["joker"])


@given(rules(), st.lists(st.sampled_from(sorted(CARDS)), max_size=6))
def test_cards_compose_to_valid_rules_and_are_idempotent(r: Rules, ids: list[str]) -> None:
    once = apply_cards(r, ids)
    assert apply_cards(once, ids) == once
    assert Rules(**{f: getattr(once, f) for f in once.__dataclass_fields__}) == once


@given(rules(), st.permutations(sorted(c for c in CARDS if c not in ("generous", "demanding"))))
def test_order_does_not_matter_without_two_cards_setting_one_field(
    r: Rules, ids: list[str]
) -> None:
    # only the two scoring tables set the same field; the rest set different fields or merge
    setters = Counter(
        field for id in ids for field, _ in card(id).changes if field not in MERGED_FIELDS
    )
    assert max(setters.values()) == 1
    assert apply_cards(r, ids) == apply_cards(r, sorted(ids))


def test_shuffle_and_draw_are_deterministic() -> None:
    a = SpecialDeck.shuffled(DECK, rng=np.random.default_rng(5))
    b = SpecialDeck.shuffled(DECK, rng=5)
    assert a == b
    assert sorted(a.stack) == sorted(DECK)
    drawn, rest = a.draw(2)
    assert drawn == a.stack[:2] and rest.stack == a.stack[2:]


def test_draw_reshuffles_when_the_stack_runs_out() -> None:
    deck = SpecialDeck.shuffled(DECK, rng=0)
    gen = np.random.default_rng(1)
    seen: list[str] = []
    for _ in range(19):
        drawn, deck = deck.draw(1, gen)
        seen.extend(drawn)
    assert sorted(seen) == sorted(DECK) and deck.stack == ()
    drawn, deck = deck.draw(1, gen)
    assert len(drawn) == 1 and len(deck.stack) == 18
    # a round drawing 2 from a stack of 1 takes the last card and one from the fresh stack
    deck = SpecialDeck(("rhythm", "generous", "anywhere"), ("anywhere",))
    drawn, deck = deck.draw(2, rng=3)
    assert drawn[0] == "anywhere" and drawn[1] in ("rhythm", "generous")
    assert len(deck.stack) == 1 and deck.stack[0] != drawn[1] and deck.stack[0] != "anywhere"


def test_deck_validation() -> None:
    with pytest.raises(KeyError):
        SpecialDeck(("joker",))
    with pytest.raises(ValueError, match="more often than the deck"):
        SpecialDeck(("rhythm",), ("rhythm", "rhythm"))
    with pytest.raises(ValueError, match="cannot draw 3 cards from a deck of 2"):
        SpecialDeck(("rhythm", "generous")).draw(3)


def test_schedule() -> None:
    r = Rules(special_cards=DECK)
    rounds = schedule(r, 19, rng=11)
    assert rounds == schedule(r, 19, rng=np.random.default_rng(11))
    assert sorted(c for (c,) in rounds) == sorted(DECK)  # one full pass through the deck
    assert schedule(r, 5, rng=11) != schedule(r, 5, rng=12)
    assert schedule(Rules(), 3) == [(), (), ()]
    fixed = r.replace(special_cards=("generous", "water_single"), card_mode="fixed")
    assert schedule(fixed, 2) == [("generous", "water_single")] * 2
    two = schedule(r.replace(cards_per_round=2), 4, rng=3)
    assert all(len(c) == 2 for c in two)
    with pytest.raises(ValueError, match="rounds is -1"):
        schedule(r, -1)


def test_a_round_under_drawn_cards() -> None:
    r = Rules(special_cards=DECK)
    for drawn in schedule(r, 6, rng=2):
        round_rules = apply_cards(r, drawn)
        assert round_rules.special_cards == DECK


def test_a_longer_schedule_extends_a_shorter_one() -> None:
    """The engine relies on this: round r's cards do not depend on how far ahead one looks."""
    r = Rules(special_cards=DECK, cards_per_round=2)
    short = schedule(r, 5, rng=np.random.default_rng(8))
    long = schedule(r, 30, rng=np.random.default_rng(8))
    assert long[:5] == short
