"""Transorient Express in the simulator: one game refereed by
:class:`~workbench.games.Match` and written down as rows.

Beside the shared ``games`` and ``seats`` tables (:mod:`workbench.games.tables`) it writes
``cards``: one row per card event (a card ``taken`` into a hand, ``played``, or
``passed`` over: discarded when its pile was taken). The seats' own columns are the points
by source (``cards``, ``luggage``, ``visa``, ``season``, ``route``), the cards played,
the passports and the Luggage cards held; the games' are the rounds, the cards played and
the objectives in play. ``length`` counts rounds. A game cut off after ``max_rounds``
rounds is ``truncated`` and has no winners.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import Any

import numpy as np

from workbench.games.protocol import BotFactory
from workbench.games.referee import Match
from workbench.games.tables import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
    Columns,
    begin_rows,
    game_seeds,
    result_rows,
)
from workbench.games.transorient_express.actions import Pile, Play, Take
from workbench.games.transorient_express.cards import CardSet
from workbench.games.transorient_express.game import TransorientExpress, TransorientState
from workbench.games.transorient_express.rules import Rules

__all__ = ["CARD_COLUMNS", "TABLES", "play_rows"]

CARD_COLUMNS: dict[str, str] = {
    "variant": "object",
    "game": "int64",
    "round": "int64",
    "seat": "int64",
    "bot": "object",
    "event": "object",
    "card": "object",
    "number": "int64",
    "color": "object",
    "effect": "object",
    "tokens": "int64",
    "winner": "bool",
    "win_share": "float64",
}
"""One row per card event: ``event`` is ``taken``, ``played`` or ``passed`` (discarded
with its pile); ``card`` the label (``5 green``); ``effect`` its effect's kind;
``tokens`` the tokens paid (``played``) or under it (``taken``, ``passed``); ``winner``
and ``win_share`` are the seat's in the whole game."""

TABLES: dict[str, dict[str, str]] = {
    "games": {
        **GAME_COLUMNS,
        "rounds": "int64",
        "cards_played": "int64",
        "objectives": "object",
    },
    "seats": {
        **SEAT_COLUMNS,
        "score": "int64",
        "cards": "int64",
        "luggage": "int64",
        "visa": "int64",
        "season": "int64",
        "route": "int64",
        "cards_played": "int64",
        "passports": "int64",
        "luggage_cards": "int64",
    },
    "cards": CARD_COLUMNS,
}
"""The tables Transorient Express writes, by name."""


def play_rows(
    board: CardSet,
    rules: Rules,
    bots: Sequence[BotFactory],
    names: Sequence[str],
    seed: int,
    game: int,
    *,
    variant: str = "",
    max_rounds: int = 40,
    max_actions: int = 1_000_000,
    tables: dict[str, Columns] | None = None,
    keep: list[Any] | None = None,
) -> dict[str, Columns]:
    """Play game ``game`` of a run seeded ``seed`` and append its rows to ``tables``
    (and its final state to ``keep``, when given).

    ``board`` is the card set; the other parameters are those of
    :func:`workbench.games.trans_europa.sim.play_rows`.

    Examples
    --------
    >>> from workbench.games import GAMES
    >>> info = GAMES["transorient_express"]
    >>> out = play_rows(info.board(), Rules(), [info.bots["greedy"]] * 4, ["greedy"] * 4, 1, 0)
    >>> len(out["seats"]["seat"]), sum(out["seats"]["win_share"])
    (4, 1.0)
    >>> play_rows(info.board(), Rules(), [info.bots["greedy"]] * 4, ["greedy"] * 4,
    ...           1, 0)["cards"] == out["cards"]
    True
    """
    tables = begin_rows(bots, names, max_rounds, tables, TABLES)
    deal, bot_seed = game_seeds(seed, game)
    the_game = TransorientExpress(board, rules, len(bots), deal)
    names = list(names)
    cards = board
    # a card event as (round, seat, event, card, tokens): its row is written once the
    # winners are known
    events: list[tuple[int, int, str, int, int]] = []

    def before(state: Any, action: Any, seat: int) -> None:
        kind = type(action)
        if kind is Take or kind is Pile:
            col = action.column
            tokens = state.piles[col]
            events.append(
                (
                    state.round,
                    seat,
                    "taken" if kind is Take else "passed",
                    state.bottom[col],
                    sum(tokens),
                )
            )
        elif kind is Play:
            card = action.card
            paid = sum([k for _, k in state.cost(seat, card)])
            events.append((state.round, seat, "played", card, paid))

    match = Match(the_game, bots, bot_seed, names=names)
    where = f"game {game} of {variant or 'the run'} (game seed {deal})"
    # Python's full garbage collections walk every object alive (the imported modules,
    # the run's tables, the scorers' kept tables: tens of milliseconds each, a tenth of
    # a simulation's time): everything alive before the game is set aside for them
    # while it is played (gc.freeze, undone after: nothing is lost, it is only looked
    # at later), unless the caller has frozen objects of its own
    freeze = gc.isenabled() and gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()
    try:
        truncated = _run(match, before, max_rounds, max_actions, where)
    finally:
        if freeze:
            gc.unfreeze()
    state: TransorientState = match.state  # type: ignore[assignment]
    if keep is not None:
        keep.append(state)
    parts = state.breakdown()
    winners = () if truncated else state.winners(parts)
    share = 1.0 / len(winners) if winners else 0.0
    # the card rows written a column at a time (what append_row does a row at a time)
    dests = cards.destinations
    played = [dests[card] for _, _, _, card, _ in events]
    won = [seat in winners for _, seat, _, _, _ in events]
    n = len(events)
    columns: dict[str, list[Any]] = {
        "variant": [variant] * n,
        "game": [game] * n,
        "round": [e[0] for e in events],
        "seat": [e[1] for e in events],
        "bot": [names[e[1]] for e in events],
        "event": [e[2] for e in events],
        "card": [d.label for d in played],
        "number": [d.number for d in played],
        "color": [d.color for d in played],
        "effect": [d.effect.kind for d in played],
        "tokens": [e[4] for e in events],
        "winner": won,
        "win_share": [share if w else 0.0 for w in won],
    }
    for name, values in tables["cards"].items():
        values.extend(columns[name])
    kinds = [cards.objectives[i].kind for i in state.objectives]
    seat_extra = []
    for s, b in enumerate(parts):
        extra: dict[str, Any] = {"score": b.total, "cards": b.cards, "luggage": b.luggage}
        for kind in ("visa", "season", "route"):
            extra[kind] = sum(p for p, k in zip(b.objectives, kinds, strict=True) if k == kind)
        extra["cards_played"] = len(state.tableaux[s])
        extra["passports"] = b.passports
        extra["luggage_cards"] = len(state.luggage[s])
        seat_extra.append(extra)
    rounds = min(state.round, max_rounds)
    result_rows(
        tables,
        game_name=the_game.name,
        variant=variant,
        game=game,
        seed=deal,
        names=names,
        scores=[b.total for b in parts],
        winners=winners,
        length=rounds,
        truncated=truncated,
        game_extra={
            "rounds": rounds,
            "cards_played": sum(len(t) for t in state.tableaux),
            "objectives": ",".join(str(cards.objectives[i].number) for i in state.objectives),
        },
        seat_extra=seat_extra,
    )
    return tables


_CARD_EVENTS = (Take, Pile, Play)


class _Ahead:
    """A generator's ``random()`` numbers, drawn ``block`` at a time: the same numbers
    in the same order as one call at a time (``Generator.random(n)`` fills its array
    with the very doubles ``n`` calls return), at a fraction of a call's cost.

    >>> import numpy as np
    >>> ahead, rng = _Ahead(np.random.default_rng(4), block=3), np.random.default_rng(4)
    >>> [ahead.random() for _ in range(7)] == [rng.random() for _ in range(7)]
    True
    """

    __slots__ = ("block", "left", "rng")

    def __init__(self, rng: np.random.Generator, block: int = 256) -> None:
        self.rng = rng
        self.block = block
        self.left: list[float] = []  # the numbers drawn and not yet used, last first

    def random(self) -> float:
        left = self.left
        if not left:
            left.extend(self.rng.random(self.block).tolist())
            left.reverse()
        return left.pop()


def _run(
    match: Match,
    before: Any,
    max_rounds: int,
    max_actions: int,
    where: str,
) -> bool:
    """:func:`~workbench.games.tables.run_rows` over ``match`` with ``before`` called
    before each bot's ``take``, ``pile`` and ``play`` (the moves of card events) and a
    stop after ``max_rounds`` rounds, written for this game: chance outcomes are drawn
    by :meth:`TransorientState.draw_all` (the outcomes the referee draws, from the same
    generator, without the list of outcomes). The same games, the same errors; returns
    whether the game was cut off."""
    from workbench.exceptions import IllegalActionError
    from workbench.games.transorient_express.bots import RandomBot

    state: TransorientState = match.state  # type: ignore[assignment]
    # the chance generator's uniform numbers drawn a block at a time (the very numbers
    # one call at a time would give): the match's generator serves this game alone and
    # is not used after it, so that it ends further on than the game used is unseen
    chance = _Ahead(match.chance)
    bots, draw_all, apply = match.bots, state.draw_all, state.apply
    # a bot that plays a lone legal action without looking at anything is not shown
    # an observation for it (the only choice it has is played)
    blind = [getattr(bot, "plays_a_lone_action", False) is True for bot in bots]
    # the random bot looks at the legal actions alone (unless a subclass looks further)
    choosers = [getattr(type(bot), "act", None) is RandomBot.act for bot in bots]
    played = 0  # actions, chance outcomes included
    while played < max_actions:
        if state.round > max_rounds:
            return True
        if state.phase == "over":
            return False
        if state.pending:
            # the draws in a row, each counted as an action (the round and the phase
            # do not change before the last of them: a round starts once nothing is
            # pending)
            try:
                played += draw_all(chance, max_actions - played)
            except IllegalActionError as e:
                raise IllegalActionError(f"{where}, chance: {e}") from e
            continue
        played += 1
        seat = state.to_play
        if seat is None:
            raise RuntimeError(f"{where}: no one to play in the {state.phase} step")
        bot = bots[seat]
        assert bot is not None, "the simulator plays bots only"
        if choosers[seat]:
            action = bot.choose(state.legal_actions())  # type: ignore[attr-defined]
        elif blind[seat]:
            legal = state.legal_actions()
            action = legal[0] if len(legal) == 1 else bot.act(state.observation(seat, legal))
        else:
            action = bot.act(state.observation(seat))
        if type(action) in _CARD_EVENTS:
            before(state, action, seat)
        try:
            apply(action)
        except IllegalActionError as e:
            who = f"bot {match.names[seat]!r} at seat {seat}"
            raise IllegalActionError(f"{where}, {who}: {e}") from e
    raise RuntimeError(f"{where} did not end within {max_actions} actions")
