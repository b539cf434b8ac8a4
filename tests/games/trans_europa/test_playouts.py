"""Random playouts with invariants checked after every action.

Each example is a game on the tiny board (2 players; it has two cards of each color) under
random rules, every variant included (hand exchanges, special cards, colored rails, two-rail
ferries), dealt by the seed or from a random fixed deal, played by a seeded random player.
Checked: black rails on the board plus rails left make the supply, and each seat's colored
rails placed plus left make its stock; every rail touches its builder's network when placed
(computed here with networkx from the rails that seat may use, independently of the
engine), unless ``build_anywhere``; no rail goes on another seat's colored rail, nor on a
full segment; each turn keeps to ``Rules.allows_turn``; markers are distinct; no card is in
two hands; an observation holds no card its player has not held, except the revealed ones,
and shows the true hand and reveals; legal actions are sorted, legal, and exist until the
game ends; each round's scores follow the table for the exact missing rails; copies compare
equal, replaying the log rebuilds the state and a saved game loads back equal.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from workbench import Board, load_map
from workbench.analysis.costs import missing_rails
from workbench.exceptions import IllegalActionError, InfeasibleError
from workbench.games.trans_europa import (
    DECK,
    Discard,
    EndTurn,
    NextRound,
    Observation,
    PassCard,
    PlaceMarker,
    PlaceRail,
    Rules,
    TransEuropa,
    TransEuropaState,
    action_key,
    load_game,
    replay,
    round_points,
    save_game,
    start_scores,
)
from workbench.maps.lattice import Edge, Point

TINY = load_map(MAPS / "tiny.yaml")

base_rules = st.builds(
    Rules,
    scoring=st.sampled_from(["rulebook", "countdown"]),
    target=st.integers(4, 13),
    countdown_start=st.integers(4, 13),
    singles_per_turn=st.integers(1, 3),
    doubles_per_turn=st.integers(1, 2),
    mixed_doubles=st.booleans(),
    rhythm=st.sampled_from([(), (3, 2, 1), (1,), (2, 1)]),
    double_cost=st.sampled_from([{}, {"water": 1}, {"mountain": 1}, {"water": 1, "mountain": 3}]),
    rail_supply=st.integers(1, 85),
    colors_out=st.sampled_from([(), ("white",), ("brown", "pink", "orange", "turquoise")]),
    build_anywhere=st.booleans(),
)

COLORS = ("brown", "white", "pink", "orange", "turquoise")


@st.composite
def variant_rules(draw: st.DrawFn) -> Rules:
    """Rules with the variants: exchanges, colored rails, ferries and special cards."""
    rules = draw(base_rules)
    cards = tuple(draw(st.lists(st.sampled_from(DECK), max_size=5)))
    rules = rules.replace(
        discard_one=draw(st.booleans()),
        reveal=tuple(draw(st.lists(st.sampled_from(COLORS), unique=True, max_size=2))),
        draft_extra=tuple(draw(st.lists(st.sampled_from(COLORS), unique=True, max_size=2))),
        pass_one_times=draw(st.integers(0, 2)),
        pass_hand=draw(st.booleans()),
        colored_rails=draw(st.sampled_from([0, 0, 1, 3, 6])),
        colored_per_turn=draw(st.integers(1, 2)),
        ferry_rails=draw(st.integers(1, 2)),
        special_cards=cards,
        card_mode=draw(st.sampled_from(["per_round", "fixed"])),
        cards_per_round=draw(st.integers(1, max(1, len(cards)))),
    )
    if rules.colors_out and len(rules.colors_out) > 1 and cards:
        rules = rules.replace(colors_out=())  # cards may take the last colors out
    return rules


@st.composite
def fixed_deals(
    draw: st.DrawFn, colors_out: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], ...]]:
    """One or two fixed deals on the tiny board: 1 to 4 cities a seat, no city twice in a
    deal and none of a color the rules take out (the deal's rules)."""
    names = [c.name for c in TINY.cities if c.color not in colors_out]
    deals = []
    for _ in range(draw(st.integers(1, 2))):
        picked = draw(st.permutations(names))
        a = draw(st.integers(1, min(4, len(names) - 1)))
        b = draw(st.integers(1, min(4, len(names) - a)))
        deals.append((tuple(picked[:a]), tuple(picked[a : a + b])))
    return deals


def need(game: TransEuropa, rules: Rules, s: Edge) -> int:
    return rules.ferry_rails if game.board.segments[s].kind == "ferry" else 1


def usable(state: TransEuropaState, seat: int) -> set[Edge]:
    """The rails ``seat`` may use, computed here from the rails and their owners."""
    rules = state.round_rules
    out = set()
    for s in state.rails:
        owners = state.pieces.get(s, (None,))
        n = rules.ferry_rails if state.game.board.segments[s].kind == "ferry" else 1
        if sum(1 for o in owners if o is None or o == seat) >= n:
            out.add(s)
    return out


def network(state: TransEuropaState, seat: int) -> set[Point]:
    marker = state.markers[seat]
    assert marker is not None
    G = nx.Graph(list(usable(state, seat)))
    G.add_node(marker)
    return set(nx.node_connected_component(G, marker))


def exact_missing(state: TransEuropaState, seat: int) -> int:
    """The missing-rail count of ``seat`` at the end of a round, computed here."""
    board, rules = state.game.board, state.round_rules
    marker, hand = state.markers[seat], state.hands[seat]
    assert marker is not None
    if all(board.city(n).at in network(state, seat) for n in hand):
        return 0
    rails = usable(state, seat)
    foreign = {
        s for s, owners in state.pieces.items() if any(o not in (None, seat) for o in owners)
    }
    costs = {}
    for s, seg in board.segments.items():
        if seg.kind == "ferry" and rules.ferry_rails > 1 and s not in rails:
            held = sum(1 for o in state.pieces.get(s, ()) if o in (None, seat))
            costs[s] = rules.ferry_rails - (0 if s in foreign else held)
    cost = rules.double_cost_map
    try:
        return missing_rails(board, rails, marker, hand, cost, blocked=foreign, costs=costs).cost
    except InfeasibleError:
        return missing_rails(board, rails, marker, hand, cost, costs=costs).cost


def check_round(state: TransEuropaState, rules: Rules, board: Board) -> None:
    result = state.results[-1]
    assert result.hands == state.hands and result.cards == state.cards
    for seat in range(state.game.players):
        assert result.missing[seat] == exact_missing(state, seat)
    assert result.points == round_points(state.round_rules, result.missing)
    assert result.reason in ("supply", "blocked") or result.finishers
    total = [
        s + sum(r.points[i] for r in state.results)
        for i, s in enumerate(start_scores(rules, state.game.players))
    ]
    assert list(state.scores()) == total


def check_supply(state: TransEuropaState) -> None:
    rules = state.round_rules
    black = sum(state.pieces.get(s, (None,)).count(None) for s in state.rails)
    assert black + state.rails_left == rules.rail_supply
    for seat in range(state.game.players):
        own = sum(owners.count(seat) for owners in state.pieces.values())
        assert own + state.colored_left[seat] == rules.colored_rails
    for s in state.rails:
        assert len(state.pieces.get(s, (None,))) <= need(state.game, rules, s)


def observed_cards(obs: Observation) -> set[str]:
    cards = {*obs.hand, *obs.chosen, *obs.seen, *(c for h in obs.revealed for c in h)}
    cards |= {a.city for a in obs.legal_actions if isinstance(a, (Discard, PassCard))}
    return cards


def check_observations(state: TransEuropaState, held: list[set[str]]) -> None:
    """No observation holds a card its player never held, unless the rules reveal it."""
    n = state.game.players
    color = state.game.city_colors
    exchanging = state.phase in ("discard", "draft", "pass")
    revealed = set()
    if not exchanging:
        revealed = {c for h in state.hands for c in h if color[c] in state.round_rules.reveal}
    for seat in range(n):
        held[seat] |= set(state.hands[seat])
    names = [c for h in state.hands for c in h]
    assert len(names) == len(set(names)), "a card in two hands"
    for seat in range(n):
        obs = state.observation(seat)
        assert obs.hand == state.hands[seat]
        assert {c for h in obs.revealed for c in h} == revealed
        assert observed_cards(obs) <= held[seat] | revealed
        for other in range(n):
            hidden = state.pending[other]
            if other != seat and hidden is not None and hidden not in held[seat]:
                assert hidden not in observed_cards(obs)


def playout(
    board: Board,
    rules: Rules,
    players: int,
    seed: int,
    max_actions: int,
    rounds: int | None = None,
    hands: list[tuple[tuple[str, ...], ...]] | None = None,
) -> TransEuropaState:
    game = TransEuropa(board, rules, players=players, seed=seed, hands=hands)
    state = game.new_state()
    rng = np.random.default_rng(seed)
    turn_rails: list[PlaceRail] = []
    held = [set(hand) for hand in game.deal(1)]  # each player saw their dealt hand
    check_observations(state, held)
    for _ in range(max_actions):
        if state.is_terminal() or (rounds is not None and len(state.results) == rounds):
            break
        actions = state.legal_actions() or [NextRound()]
        assert actions, f"no legal action in {state!r}"
        assert sorted(actions, key=action_key) == actions
        action = actions[int(rng.integers(len(actions)))]
        seat, lap, before = state.to_play, state.lap, len(state.results)
        if isinstance(action, PlaceRail):
            assert seat is not None
            a, b = action.segment
            owners = state.pieces.get(
                action.segment, (None,) if action.segment in state.rails else ()
            )
            assert all(o in (None, seat) for o in owners), "on another seat's colored rail"
            assert len(owners) < need(game, state.round_rules, action.segment)
            if not state.round_rules.build_anywhere:
                net = network(state, seat)
                assert a in net or b in net
            turn_rails.append(action)
            doubles = game.doubles_for(state.round_rules)
            singles = sum(1 for r in turn_rails if r.segment not in doubles)
            colored = sum(1 for r in turn_rails if r.colored)
            assert state.round_rules.allows_turn(singles, len(turn_rails) - singles, lap, colored)
        pending, step = list(state.pending), state.step
        if isinstance(action, PassCard) and state.phase == "pass" and seat is not None:
            pending[seat] = action.city
        state.apply(action)
        if step is not None and step[0] == "pass" and state.step != step:
            # the passes were carried out: each seat held the card from the right, even if
            # an automatic step (the whole hand passed) moved it on at once
            for i in range(players):
                card = pending[(i - 1) % players]
                if card is not None:
                    held[i].add(card)
        if isinstance(action, EndTurn) or state.placed == () or state.to_play != seat:
            turn_rails = []
        if state.phase in ("markers", "build"):
            check_supply(state)
        placed = [m for m in state.markers if m is not None]
        assert len(set(placed)) == len(placed)
        if len(state.results) > before:
            check_supply(state)
            check_round(state, rules, board)
            turn_rails = []
        if isinstance(action, NextRound):
            assert state.rails == frozenset() and state.placed == ()
            held = [set(hand) for hand in game.deal(state.round)]
        check_observations(state, held)
    twin = state.copy()
    assert twin == state
    assert replay(game, state.history) == state
    assert replay(game, [str(a) for a in state.history]) == state
    assert load_game(save_game(state), board) == state
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=base_rules, seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_the_invariants(rules: Rules, seed: int) -> None:
    state = playout(TINY, rules, 2, seed, max_actions=300)
    if state.phase == "game_over":
        assert state.winners()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=variant_rules(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_variant_playouts_keep_the_invariants(rules: Rules, seed: int, data: st.DataObject) -> None:
    hands = data.draw(st.one_of(st.none(), fixed_deals(rules.colors_out)), label="hands")
    state = playout(TINY, rules, 2, seed, max_actions=300, hands=hands)
    if state.phase == "game_over":
        assert state.winners()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_illegal_actions_change_nothing(seed: int, data: st.DataObject) -> None:
    rules = data.draw(st.one_of(st.just(Rules()), variant_rules()))
    state = playout(TINY, rules, 2, seed, max_actions=data.draw(st.integers(0, 60)))
    before = state.copy()
    names = [c.name for c in TINY.cities]
    bogus = data.draw(
        st.one_of(
            st.builds(PlaceMarker, st.tuples(st.integers(-1, 9), st.integers(-1, 6))),
            st.builds(PlaceRail, st.sampled_from(sorted(TINY.segments)), st.booleans()),
            st.just(EndTurn()),
            st.just(NextRound()),
            st.builds(Discard, st.sampled_from(names)),
            st.builds(PassCard, st.sampled_from(names)),
        )
    )
    if bogus in state.legal_actions():
        return
    try:
        state.apply(bogus)
    except IllegalActionError:
        assert state == before
    else:
        raise AssertionError(f"{bogus} is not listed as legal but was applied")


def test_europe_rounds_keep_the_invariants(europe: Board) -> None:
    for players, seed in [(4, 1), (6, 2), (3, 3)]:
        state = playout(europe, Rules(), players, seed, max_actions=2000, rounds=1)
        assert len(state.results) == 1


@pytest.mark.parametrize(
    ("players", "seed", "changes"),
    [
        (4, 1, {"draft_extra": ("brown", "orange"), "discard_one": True, "reveal": ("pink",)}),
        (3, 2, {"pass_one_times": 3, "pass_hand": True, "colored_rails": 3}),
        (5, 3, {"special_cards": DECK, "cards_per_round": 3}),
        (6, 4, {"colored_rails": 3, "ferry_rails": 2, "colored_per_turn": 2}),
    ],
)
def test_europe_variant_rounds_keep_the_invariants(
    europe: Board, players: int, seed: int, changes: dict[str, object]
) -> None:
    rules = Rules(target=99).replace(**changes)
    state = playout(europe, rules, players, seed, max_actions=3000, rounds=2)
    assert len(state.results) == 2
