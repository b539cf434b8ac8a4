"""Missing rails: the round's scoring function, checked by hand-worked cases and an oracle."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from tests.algorithms.oracles import milp_steiner_cost
from workbench import Board
from workbench.analysis import cost_graph, missing_rails, segment_cost


def test_rails_cost_nothing_whoever_built_them(tiny: Board) -> None:
    path = [((0, 1), (1, 1)), ((1, 1), (2, 0))]
    assert missing_rails(tiny, [], (0, 1), ["Alder", "Ginkgo"]).cost == 2
    assert missing_rails(tiny, path[:1], (0, 1), ["Alder", "Ginkgo"]).cost == 1
    assert missing_rails(tiny, path, (0, 1), ["Alder", "Ginkgo"]).cost == 0


def test_doubles_cost_two_or_what_a_rule_says(tiny: Board) -> None:
    # (3, 1)-(3, 2) crosses the lake: a water double
    assert segment_cost("double", "water") == 2
    G = cost_graph(tiny)
    assert G.edges[(3, 1), (3, 2)]["weight"] == 2
    assert cost_graph(tiny, double_cost=1).edges[(3, 1), (3, 2)]["weight"] == 1
    water_only = cost_graph(tiny, double_cost={"water": 1, "mountain": 2})
    assert water_only.edges[(3, 1), (3, 2)]["weight"] == 1
    assert water_only.edges[(1, 4), (2, 4)]["weight"] == 2
    assert G.edges[(5, 1), (6, 1)]["weight"] == 1, "a ferry counts as a single"
    assert G.edges[(2, 2), (3, 2)]["weight"] == 1, "a tunnel counts as a single"


def test_the_build_list_finishes_the_hand(europe: Board) -> None:
    rng = random.Random(7)
    for _ in range(5):
        hand = [
            rng.choice([c for c in europe.cities if c.color == col]).name
            for col in europe.color_names
        ]
        start = rng.choice(sorted(europe.points))
        done = missing_rails(europe, [], start, hand)
        assert missing_rails(europe, done.build, start, hand).cost == 0
        assert done.cost == sum(europe.segments[e].cost for e in done.build)


def test_against_an_integer_program_with_rails_on_the_board(europe: Board) -> None:
    rng = random.Random(3)
    segments = sorted(europe.segments)
    for _ in range(3):
        rails = rng.sample(segments, 40)
        hand = [
            rng.choice([c for c in europe.cities if c.color == col]).name
            for col in europe.color_names
        ]
        start = rng.choice(sorted(europe.points))
        G = cost_graph(europe, rails)
        expected = milp_steiner_cost(G, [start, *(europe.city(n).at for n in hand)])
        assert missing_rails(europe, rails, start, hand).cost == expected


def test_bad_input_says_why(tiny: Board) -> None:
    with pytest.raises(ValueError, match=r"\[1, 1\]-\[3, 1\] is not a segment"):
        missing_rails(tiny, [((1, 1), (3, 1))], (0, 1), ["Alder"])
    with pytest.raises(ValueError, match=r"\[4, 2\] is not a point"):
        missing_rails(tiny, [], (4, 2), ["Alder"])
    with pytest.raises(KeyError, match="did you mean 'Alder'"):
        missing_rails(tiny, [], (0, 1), ["Aldr"])


def test_a_finished_hand_costs_zero(tiny: Board) -> None:
    G = tiny.graph()
    path = nx.shortest_path(G, tiny.city("Alder").at, tiny.city("Birch").at)
    rails = list(itertools.pairwise(path))
    assert missing_rails(tiny, rails, path[0], ["Birch"]).cost == 0


def test_blocked_segments_are_left_out(tiny: Board) -> None:
    # (0, 1)-(1, 1) is on the cheapest way from (0, 1) to Alder and Ginkgo
    first = ((0, 1), (1, 1))
    assert missing_rails(tiny, [], (0, 1), ["Alder", "Ginkgo"], blocked=[first]).cost == 3
    assert first not in cost_graph(tiny, blocked=[first]).edges
    # a rail wins over a block; the shared graph is left as it was
    assert missing_rails(tiny, [first], (0, 1), ["Alder"], blocked=[first]).cost == 0
    assert missing_rails(tiny, [], (0, 1), ["Alder", "Ginkgo"]).cost == 2


def test_blocked_segments_can_cut_a_hand_off(tiny: Board) -> None:
    from workbench.exceptions import InfeasibleError

    around = [s for s in tiny.segments if (1, 1) in s]
    with pytest.raises(InfeasibleError, match="different components"):
        missing_rails(tiny, [], (0, 0), ["Alder"], blocked=around)


def test_costs_replace_a_free_segments_cost(tiny: Board) -> None:
    ferry = ((5, 1), (6, 1))
    assert missing_rails(tiny, [], (6, 1), ["Fir"]).cost == 2
    assert missing_rails(tiny, [], (6, 1), ["Fir"], costs={ferry: 2}).cost == 3
    assert missing_rails(tiny, [ferry], (6, 1), ["Fir"], costs={ferry: 2}).cost == 1
    assert cost_graph(tiny, costs={ferry: 2}).edges[ferry]["weight"] == 2
    assert missing_rails(tiny, [], (6, 1), ["Fir"]).cost == 2, "the shared graph is restored"
    with pytest.raises(ValueError, match="is not a segment"):
        missing_rails(tiny, [], (6, 1), ["Fir"], costs={((0, 0), (1, 0)): 2})
