"""A rules file may give each count up to its limit, and not one more.

The limits (:data:`workbench.games.trans_europa.rules_io.LIMITS`) keep a game finite; a value at
the limit is
a legal, if silly, game. Each check is made at the limit and one above it, for a plain
count, for the numbers of a rhythm and for those of a scoring table.
"""

from __future__ import annotations

import pytest

from workbench.exceptions import RulesError
from workbench.games.trans_europa.rules_io import LIMITS, loads_rules


@pytest.mark.parametrize("field", sorted(k for k in LIMITS if k != "cards_per_round"))
def test_a_count_at_its_limit_is_allowed_and_one_more_is_not(field: str) -> None:
    most = LIMITS[field]
    assert getattr(loads_rules(f"{field}: {most}\n"), field) == most
    with pytest.raises(RulesError, match=f"over the limit of {most:,}"):
        loads_rules(f"{field}: {most + 1}\n")


def test_a_rhythm_may_reach_the_singles_limit() -> None:
    most = LIMITS["singles_per_turn"]
    assert loads_rules(f"rhythm: [{most}, 1]\n").rhythm == (most, 1)
    with pytest.raises(RulesError, match=f"with a number over the limit of {most:,}"):
        loads_rules(f"rhythm: [{most + 1}, 1]\n")


def test_a_scoring_table_may_reach_the_target_limit() -> None:
    most = LIMITS["target"]
    assert loads_rules(f"table: [[{most}, 0]]\n").table == ((most, 0),)
    with pytest.raises(RulesError, match=f"with a number over the limit of {most:,}"):
        loads_rules(f"table: [[{most + 1}, 0]]\n")
