"""Behaviours of the exercises (:mod:`workbench.teach.exercises`) that the mutation run
(``scripts/mutate.py``) showed untested, beyond what the pinned exercises
(``test_exercise_pins.py``) hold: each test states one behaviour a one-line bug broke
silently."""

from __future__ import annotations

import networkx as nx
import pytest

from workbench.teach import exercises as ex


def test_a_listing_names_up_to_its_limit_and_counts_the_rest() -> None:
    assert ex._listing([]) == ""
    assert ex._listing(["a"]) == "a"
    assert ex._listing(["a", "b"]) == "a and b"
    assert ex._listing(list("abcdef")) == "a, b, c, d, e and f"  # exactly the limit
    assert ex._listing(list("abcdefg")) == "a, b, c, d, e, f and 1 more"
    assert ex._listing(list("abc"), 2) == "a, b and 1 more"


def test_a_count_is_singular_only_for_one() -> None:
    assert [ex._count(n, "rail") for n in (0, 1, 2)] == ["0 rails", "1 rail", "2 rails"]


def test_numbers_are_written_as_a_person_writes_them() -> None:
    assert ex._num(3.0) == 3 and isinstance(ex._num(3.0), int)
    assert ex._num(2.5) == 2.5
    assert ex._num(1 / 3) == 0.333
    assert ex._num(7) == 7


def test_exercises_refuse_directed_graphs_and_multigraphs() -> None:
    for G in (nx.DiGraph([(0, 1)]), nx.MultiGraph([(0, 1)])):
        with pytest.raises(ValueError, match="simple undirected graphs"):
            ex._resolve(G, 0)
    with pytest.raises(TypeError, match="got str"):
        ex._resolve("tiny", 0)
