"""The speed work changed no game: games recorded before it replay move for move, and each
shortcut equals the plain computation it replaces (legality, scoring, observations)."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.exceptions import IllegalActionError
from workbench.games import GAMES, Match
from workbench.games.referee import sample_chance
from workbench.games.transorient_express import CardSet, Rules, TransorientExpress
from workbench.games.transorient_express.actions import (
    Discard,
    Keep,
    Pass,
    Pile,
    Place,
    Play,
    Return,
    Take,
)
from workbench.games.transorient_express.game import Observation, TransorientState
from workbench.games.transorient_express.scoring import Scorer, score_players

RECORDED = json.loads((Path(__file__).parent / "recorded_games.json").read_text())


@pytest.mark.parametrize(
    "case",
    RECORDED["games"],
    ids=lambda c: f"{c['players']}p-{c['bots'][0]}-{c['preset']}-{c['seed']}",
)
def test_games_recorded_before_the_speed_work_play_again(
    case: dict[str, Any], cards: CardSet
) -> None:
    """Written by ``a12229e`` (the code before): every rule preset, 2 to 4 players,
    random, greedy and planner bots, all chance outcomes drawn by the referee. Two
    2-player games were written again for issue 29 (marked ``rewritten``): a player at 8
    Destination cards plays no more, and both had one at 8 with a card it could play."""
    info = GAMES["transorient_express"]
    game = TransorientExpress(cards, Rules.preset(case["preset"]), case["players"], case["seed"])
    match = Match(game, [info.bots[b] for b in case["bots"]], case["bot_seed"])
    match.run()
    state = match.state
    text = "\n".join(map(str, state.history))
    assert len(state.history) == case["actions"]
    assert hashlib.sha256(text.encode()).hexdigest() == case["history_sha256"]
    assert list(state.scores()) == case["scores"]
    assert list(state.winners()) == case["winners"]


@pytest.mark.parametrize(
    "case",
    RECORDED["games"][::3],
    ids=lambda c: f"{c['players']}p-{c['bots'][0]}-{c['preset']}-{c['seed']}",
)
def test_the_simulators_draws_play_the_recorded_games(case: dict[str, Any], cards: CardSet) -> None:
    """The simulator's loop (:meth:`TransorientState.draw` for chance, no callbacks)
    plays the games ``a12229e`` recorded through the referee, move for move."""
    from workbench.games.transorient_express.sim import _run

    info = GAMES["transorient_express"]
    game = TransorientExpress(cards, Rules.preset(case["preset"]), case["players"], case["seed"])
    match = Match(game, [info.bots[b] for b in case["bots"]], case["bot_seed"])
    assert _run(match, lambda *_: None, 1_000, 1_000_000, "here") is False
    state = match.state
    text = "\n".join(map(str, state.history))
    assert hashlib.sha256(text.encode()).hexdigest() == case["history_sha256"]
    assert list(state.scores()) == case["scores"]


@settings(max_examples=8, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(["rulebook", "random_returns", "discard_out"]),
)
def test_draw_is_the_referees_chance_outcome(seed: int, players: int, preset: str) -> None:
    """At every chance node of a random playout, :meth:`TransorientState.draw` takes the
    outcome :func:`sample_chance` takes from a generator in the same state, and leaves
    the state and the generator as applying that outcome does."""
    info = GAMES["transorient_express"]
    game = TransorientExpress(info.board(), Rules.preset(preset), players, seed)
    rng = np.random.default_rng(seed)
    state, drawn = game.new_state(), 0
    while not state.is_terminal():
        if state.to_play is None:
            twin, twin_rng = state.copy(), np.random.default_rng(seed + drawn)
            mine_rng = np.random.default_rng(seed + drawn)
            expected = sample_chance(twin, twin_rng)
            twin.apply(expected)
            assert state.draw(mine_rng) == expected
            assert state == twin
            assert mine_rng.random() == twin_rng.random()
            drawn += 1
            continue
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    assert drawn > 50
    with pytest.raises(IllegalActionError, match="not a chance node"):
        state.draw(rng)


@settings(max_examples=8, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(["rulebook", "random_returns", "discard_out"]),
    st.integers(1, 40),
)
def test_draw_all_is_draw_one_at_a_time(seed: int, players: int, preset: str, most: int) -> None:
    """:meth:`TransorientState.draw_all` draws what :meth:`TransorientState.draw` draws
    one outcome at a time, stops at ``most`` outcomes or at a decision, and says how
    many it drew."""
    info = GAMES["transorient_express"]
    game = TransorientExpress(info.board(), Rules.preset(preset), players, seed)
    rng = np.random.default_rng(seed)
    state, nodes = game.new_state(), 0
    while not state.is_terminal():
        if state.to_play is None:
            twin, twin_rng = state.copy(), np.random.default_rng(seed + nodes)
            mine_rng = np.random.default_rng(seed + nodes)
            drawn = state.draw_all(mine_rng, most)
            assert 1 <= drawn <= most
            for _ in range(drawn):
                assert twin.to_play is None and not twin.is_terminal()
                twin.draw(twin_rng)
            assert state == twin
            assert drawn == most or state.to_play is not None or state.is_terminal()
            assert mine_rng.random() == twin_rng.random()
            nodes += 1
            continue
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    assert nodes > 10
    assert state.draw_all(rng, 5) == 0


def playout_states(game: TransorientExpress, seed: int) -> list[TransorientState]:
    """Copies of every decision state of a random playout."""
    rng = np.random.default_rng(seed)
    state = game.new_state()
    seen = []
    while not state.is_terminal():
        if state.to_play is None:
            state.apply(sample_chance(state, rng))
            continue
        seen.append(state.copy())
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return seen


def candidates(state: TransorientState) -> list[Any]:
    """Every action of every kind, legal or not, and a few odd values."""
    cards = state.game.cards
    columns = range(-1, len(state.bottom) + 1)
    out: list[Any] = [Pass(), Take(True), Play(1.0, "x"), Keep(-1), Return("purple")]  # type: ignore[arg-type]
    out += [kind(c) for kind in (Take, Pile, Place) for c in columns]
    out += [Play(i) for i in range(-1, len(cards.destinations))]
    out += [Discard(i) for i in range(-1, len(cards.destinations))]
    out += [Keep(i) for i in range(len(cards.luggage) + 1)]
    out += [Return(c) for c in cards.token_colors]
    return out


@settings(max_examples=5, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(["rulebook", "random_returns", "discard_out"]),
)
def test_the_quick_legality_check_agrees_with_the_list(
    seed: int, players: int, preset: str
) -> None:
    info = GAMES["transorient_express"]
    game = TransorientExpress(info.board(), Rules.preset(preset), players, seed)
    for state in playout_states(game, seed)[::4]:
        legal = state.legal_actions()
        for action in candidates(state):
            assert state._is_legal(action) == (action in legal), (state, action)


def test_observations_are_the_values_their_fields_make(cards: CardSet) -> None:
    game = TransorientExpress(cards, Rules(), 4, 5)
    for state in playout_states(game, 5)[::7]:
        for seat in range(4):
            obs = state.observation(seat)
            fields = {f.name: getattr(obs, f.name) for f in dataclasses.fields(Observation)}
            plain = Observation(**fields)
            assert obs == plain and hash(obs) == hash(plain) and repr(obs) == repr(plain)
            assert all(
                isinstance(v, tuple)
                for k, v in fields.items()
                if k in ("legal_actions", "tableaux", "piles", "stores", "hand", "hand_sizes")
            )
            # with the legal actions handed in (the simulator's way): the same observation
            assert state.observation(seat, state.legal_actions()) == obs


tableaux = st.lists(st.lists(st.integers(0, 71), max_size=9), min_size=2, max_size=4)


@settings(max_examples=300, deadline=None)
@given(
    tables=tableaux,
    luggage=st.lists(st.integers(0, 15), max_size=4, unique=True),
    visa=st.integers(0, 5),
    season=st.integers(6, 11),
    route=st.integers(12, 17),
    ties=st.sampled_from(["dense", "competition"]),
    data=st.data(),
)
def test_the_kept_and_incremental_scores_are_the_plain_ones(
    tables: list[list[int]],
    luggage: list[int],
    visa: int,
    season: int,
    route: int,
    ties: str,
    data: st.DataObject,
    cards: CardSet,
) -> None:
    # wild-color cards often, so that the choice of colors is tried
    wilds = [i for i, d in enumerate(cards.destinations) if d.effect.kind == "wild_color"]
    tables[0] += data.draw(st.lists(st.sampled_from(wilds), max_size=3))
    objectives = (visa, season, route)
    lugs = [luggage] + [[] for _ in tables[1:]]
    plain = score_players(cards, tables, lugs, objectives, ties)
    scorer = Scorer(cards, objectives, ties)
    for _ in range(2):  # cold, then from what the scorer kept
        for seat in range(len(tables)):
            rivals = scorer.rivals(seat, tables, lugs)
            assert scorer.total_against(tables[seat], lugs[seat], rivals) == plain[seat].total
            if tables[seat]:  # the last card put on top of the rest
                *rest, top = tables[seat]
                plus = scorer.total_plus(tuple(rest), tuple(lugs[seat]), rivals, top)
                assert plus == plain[seat].total
            own, season_points, lug_points = scorer.own(tables[seat], lugs[seat])
            assert scorer.own_total(tuple(tables[seat]), lugs[seat]) == (
                own + sum(season_points) + lug_points,
                plain[seat].passports,
            )
    # several cards tried on the same tableau, as a bot tries the cards in sight: what
    # the scorer keeps for the tableau serves them all
    rivals = scorer.rivals(0, tables, lugs)
    for card in data.draw(st.lists(st.integers(0, 71), max_size=6)):
        with_card = [[*tables[0], card], *tables[1:]]
        expected = score_players(cards, with_card, lugs, objectives, ties)[0].total
        assert scorer.total_plus(tuple(tables[0]), tuple(lugs[0]), rivals, card) == expected


def test_the_incremental_sums_do_not_depend_on_the_order_cards_were_added(
    cards: CardSet,
) -> None:
    scorer = Scorer(cards, (0, 6, 12))
    hand = (3, 17, 40, 41, 70)
    for order in itertools.permutations(hand):
        counts, wild, points, per_pp, pp, per_color = scorer.partial(order)
        assert (counts, wild, points, per_pp, pp) == scorer.partial(hand)[:5]
        assert sorted(per_color) == sorted(scorer.partial(hand)[5])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=7).filter(any))
def test_the_token_draws_weights_are_the_referees(counts: list[int]) -> None:
    # _token_cdf writes outcome_cdf's arithmetic out: the very same floats
    from workbench.games.referee import outcome_cdf
    from workbench.games.transorient_express.game import _token_cdf

    total = sum(counts)
    colors = [i for i, n in enumerate(counts) if n]
    expected = outcome_cdf(tuple([counts[i] / total for i in colors]))
    assert _token_cdf(list(counts)) == (expected, colors)
