"""Behaviours of the rules package that the full mutation run (``scripts/mutate.py``)
showed untested: each test states one behaviour a planted one-line bug broke silently."""

from __future__ import annotations

import pytest

from workbench.exceptions import RulesError
from workbench.rules import Rules
from workbench.rules.cards import DECK, SpecialDeck, schedule
from workbench.rules.io import loads_rules


def test_drawing_no_card_draws_nothing_and_leaves_the_deck_as_it_was() -> None:
    deck = SpecialDeck(("rhythm", "generous"), ("generous",))
    drawn, rest = deck.draw(0, rng=0)
    assert drawn == ()
    assert rest == deck


def test_a_schedule_of_no_rounds_is_empty_and_of_fewer_than_none_an_error() -> None:
    rules = Rules(special_cards=DECK)
    assert schedule(rules, 0, rng=1) == []
    assert schedule(rules.replace(card_mode="fixed"), 0) == []
    with pytest.raises(ValueError, match="rounds is -1, it must be 0 or more"):
        schedule(rules, -1, rng=1)


def test_a_rhythm_may_have_a_hundred_laps_and_not_one_more() -> None:
    assert loads_rules(f"rhythm: [{', '.join(['1'] * 100)}]\n").rhythm == (1,) * 100
    with pytest.raises(RulesError, match="a list of 101 entries, over the limit of 100"):
        loads_rules(f"rhythm: [{', '.join(['1'] * 101)}]\n")
