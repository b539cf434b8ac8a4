"""Variants: boards, rules and line-ups, named, checked, and combined."""

from __future__ import annotations

import pickle

import pytest

from tests.sim.conftest import TINY, FirstBot
from workbench import Board
from workbench.games.trans_europa import Rules
from workbench.games.trans_europa.bots import BOTS, Bot, RandomBot
from workbench.sim import Variant, bot_factory, bot_label
from workbench.sim.variants import as_variants


def test_a_variant_takes_paths_presets_and_names(tiny: Board, europe: Board) -> None:
    v = Variant("v", TINY, "countdown", ["random", FirstBot])
    assert v.board == tiny and v.rules == Rules.preset("countdown")
    assert list(v.factories) == [RandomBot, FirstBot] and v.lineup == "random,first"
    assert pickle.loads(pickle.dumps(v)) == v
    assert Variant("v", europe).bots == ("random",) * 4 and Variant("v", europe).players == 4


def test_bad_variants_say_why(tiny: Board) -> None:
    with pytest.raises(ValueError, match="the bots are: " + ", ".join(BOTS)):
        Variant("v", tiny, None, ["nobody", "random"])
    with pytest.raises(ValueError, match="bots is 'random'"):
        Variant("v", tiny, None, "random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules is 3"):
        Variant("v", tiny, 3, ["random"] * 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"variant 'big': .* for 5 players"):
        Variant("big", tiny, None, ["random"] * 5)


def test_labels_of_unregistered_bots() -> None:
    class Nameless(Bot):
        pass

    assert bot_label(FirstBot) == "first" and bot_label(Nameless) == "Nameless"
    assert bot_factory(FirstBot) is FirstBot
    with pytest.raises(ValueError, match="bot is 3"):
        bot_factory(3)  # type: ignore[arg-type]


def test_product_names_what_varies(tiny: Board) -> None:
    variants = Variant.product(
        {"tiny": tiny, "tiny again": TINY},
        [Rules.preset("rulebook"), Rules.preset("countdown")],
        [("random", "random")],
    )
    assert [v.name for v in variants] == [
        "tiny / rulebook",
        "tiny / countdown",
        "tiny again / rulebook",
        "tiny again / countdown",
    ]
    (only,) = Variant.product([tiny], ["countdown"], [("random", FirstBot)])
    assert only.name == "countdown" and only.lineup == "random,first"
    renamed = as_variants({"mine": only})
    assert renamed[0].name == "mine" and renamed[0].rules == only.rules
    with pytest.raises(ValueError, match="no variants"):
        as_variants([])


def test_a_keyed_variant_of_a_preset_goes_by_its_key_in_the_rules_column() -> None:
    from workbench.games.trans_europa import apply_cards

    variants = Variant.product(
        [TINY],
        {"race": "rulebook", "water is flat": apply_cards(Rules(), ["water_single"])},
        [["random", "random"]],
    )
    assert [v.rules.name for v in variants] == ["rulebook", "water is flat"]
    assert variants[1].rules.replace(name="rulebook") == apply_cards(Rules(), ["water_single"])
