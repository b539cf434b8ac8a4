"""The market of three locomotives, from the rules summary: "If the market shows three or
more locomotives, discard all five and lay out a new market", with no limit. The engine lays
it out again while a market with fewer can still come, and only then lets it stay."""

from __future__ import annotations

from collections import deque
from itertools import product

import pytest

from tests.games.ticket_to_ride.helpers import EUROPE, card, conserved, deal, move, started
from workbench.games.ticket_to_ride import TicketToRide, TicketToRideState, TTRRules
from workbench.games.ticket_to_ride.actions import parse_action
from workbench.games.ticket_to_ride.rules import TTRRulesError
from workbench.session.ttr_play import TicketToRideSession


def act(state: TicketToRideState, text: str) -> None:
    state.apply(parse_action(text))


def only_locomotives_and(state: TicketToRideState, **keep: int) -> None:
    """Move every card of a color out of the deck into the hands of the other seats, keeping
    ``keep`` of them (by name) in the deck: the deck is then locomotives and ``keep``."""
    for k, name in enumerate(state.game.tables.colors):
        i = card(state, name)
        away = state.deck[i] - keep.get(name, 0)
        move(state, state.hands[1 + k % (state.game.players - 1)], **{name: away})


def test_market_is_laid_out_again_while_a_legal_market_can_still_come() -> None:
    state = started(market={"loco": 2, "red": 3})
    act(state, "take red")
    deal(state, "loco")  # three locomotives: laid out anew
    for _ in range(3):  # three more markets of three locomotives, each laid out anew
        deal(state, "loco", "loco", "loco", "red", "blue")
    # the fourth layout in a row (an earlier version stopped after three); the deck still
    # holds 2 locomotives among 89 cards, so a legal market can come, and is dealt
    assert state.relays == 4 and state.to_play is None and sum(state.market) == 0
    assert state.deck[card(state, "loco")] == 2 and sum(state.deck) == 89
    assert state.market_can_be_legal() and state.market_note is None
    deal(state, "loco", "loco", "green", "green", "black")
    assert state.to_play == 0 and state.phase == "draw2" and state.market_note is None
    assert conserved(state)


def test_market_stays_when_no_legal_market_can_come_and_says_why() -> None:
    state = started(market={"loco": 2, "red": 2, "blue": 1})
    only_locomotives_and(state)  # the deck: 12 locomotives, nothing else
    act(state, "take red")
    deal(state, "loco")  # 3 locomotives, 1 red, 1 blue: only 2 other cards outside hands
    assert not state.market_can_be_legal()
    assert state.to_play == 0 and state.phase == "draw2" and state.relays == 0
    assert state.market[card(state, "loco")] == 3 and sum(state.market) == 5
    assert state.market_note == (
        "the market keeps its 3 locomotives: no market with fewer than 3 can come from "
        "the deck and the discard pile"
    )
    assert conserved(state)


def test_one_more_card_that_is_not_a_locomotive_is_enough_to_lay_it_out_again() -> None:
    # the same position with a single green card left in the deck: 3 other cards can fill
    # all but two places of a market, so it is laid out again
    state = started(market={"loco": 2, "red": 2, "blue": 1})
    only_locomotives_and(state, green=1)
    act(state, "take red")
    deal(state, "loco")
    assert state.relays == 1 and state.to_play is None and sum(state.market) == 0
    assert state.discard[card(state, "loco")] == 3
    # and it is laid out again as long as it shows three: the green card must come
    deal(state, "loco", "loco", "loco", "loco", "green")
    assert state.relays == 2 and state.to_play is None
    deal(state, "loco", "loco", "loco", "loco", "loco")
    assert state.relays == 3 and sum(state.deck) == 2
    # two locomotives, then the deck runs out and takes the discard pile, other cards in it
    deal(state, "loco", "loco", "red", "blue", "green")
    assert state.relays == 3 and state.to_play == 0 and state.market_note is None
    assert conserved(state)


def test_the_house_limit_on_layouts_still_stops_the_market_and_says_so() -> None:
    state = started(rules=TTRRules(name="limit", max_relays=1), market={"loco": 2, "red": 3})
    act(state, "take red")
    deal(state, "loco")
    deal(state, "loco", "loco", "loco", "red", "red")
    assert state.to_play == 0 and state.relays == 1 and state.market_can_be_legal()
    assert state.market_note == (
        "the market keeps its 3 locomotives: it was laid out anew 1 times in a row, the "
        "most these rules allow"
    )


def test_the_rules_take_no_limit_by_default_and_refuse_a_bad_one() -> None:
    assert TTRRules().max_relays is None
    assert TTRRules.from_dict(TTRRules(max_relays=3).to_dict()).max_relays == 3
    assert TTRRules.from_dict(TTRRules().to_dict()) == TTRRules()
    for bad in (-1, True, 2.5, "3"):
        with pytest.raises(TTRRulesError, match="'max_relays'"):
            TTRRules(max_relays=bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- an exact decision


def reachable(
    deck: tuple[int, ...], discard: tuple[int, ...], market: tuple[int, ...], size: int, limit: int
) -> bool:
    """Whether laying out ``market`` again and again (the rulebook, with no stop) can ever
    give a market of fewer than ``limit`` locomotives (the last card kind): every order the
    cards can come in, searched breadth first. The market is discarded, refilled from the
    deck, which takes the discard pile when it runs out; a full market (or one short of
    cards because none are left) with ``limit`` locomotives is discarded again."""
    kinds = len(deck)

    def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(x + y for x, y in zip(a, b, strict=True))

    empty = (0,) * kinds
    start = (deck, add(discard, market), empty)
    seen = {start}
    todo = deque([start])
    while todo:
        d, p, m = todo.popleft()
        if sum(m) < size and sum(d) + sum(p) > 0:
            if sum(d) == 0:
                d, p = p, empty
            nexts = []
            for i in range(kinds):
                if d[i]:
                    nd = (*d[:i], d[i] - 1, *d[i + 1 :])
                    nm = (*m[:i], m[i] + 1, *m[i + 1 :])
                    nexts.append((nd, p, nm))
        elif m[-1] < limit:
            return True
        else:
            nexts = [(d, add(p, m), empty)]
        for nxt in nexts:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


@pytest.mark.parametrize(("size", "limit"), [(5, 3), (4, 2), (3, 3)])
def test_whether_a_legal_market_can_come_is_decided_exactly(size: int, limit: int) -> None:
    """Every small planted deck, discard pile and market (red, blue and locomotives, all the
    other cards in hands): the engine's count agrees with a search of every order."""
    rules = TTRRules(name="small market", market_size=size, market_locomotive_limit=limit)
    game = TicketToRide(EUROPE, rules, players=4, seed=0)
    state = game.new_state()
    t = game.tables
    kinds = [t.card["red"], t.card["blue"], t.loco]
    checked = 0
    for deck in product(range(3), range(2), range(5)):
        for discard in product(range(2), range(1), range(4)):
            for market in product(range(3), range(2), range(size + 1)):
                if sum(market) > size:
                    continue
                piles = [[0] * len(t.full) for _ in range(3)]
                for pile, counts in zip(piles, (deck, discard, market), strict=True):
                    for i, k in zip(kinds, counts, strict=True):
                        pile[i] = k
                state.deck, state.discard, state.market = piles
                expected = reachable(deck, discard, market, size, limit)
                assert state.market_can_be_legal() == expected, (deck, discard, market)
                checked += 1
    assert checked > 500


def test_the_play_log_says_when_the_market_stays() -> None:
    session = TicketToRideSession(seats=["human", "greedy"], seed=1)
    state = session.state
    while state.phase == "keep":
        if session.human_to_play():
            assert session.play(session.choices()[0])
        else:
            session.step()
    assert state.to_play == 0 and state.phase == "turn"
    # plant the position of the test above on seat 0's turn, then replay the take
    for pile in [*state.hands, state.market, state.discard]:
        for i, k in enumerate(pile):
            state.deck[i] += k
            pile[i] = 0
    move(state, state.market, loco=2, red=2, blue=1)
    only_locomotives_and(state)
    probe = state.copy()  # the engine lets the market stay (else the session deals forever)
    act(probe, "take red")
    deal(probe, "loco")
    assert probe.to_play == 0
    assert session.play(parse_action("take red"))
    assert session.log[-1] == (
        "the market shows loco; the market keeps its 3 locomotives: no market with fewer "
        "than 3 can come from the deck and the discard pile"
    )
