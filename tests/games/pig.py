"""Pig, the dice game, behind the game protocol: a small game of chance for testing the
multi-game core (referee, simulator, saved records, search bot) apart from any board game.

On a turn a player rolls a die as often as they like, adding the pips to a turn total; a 1
loses the turn total and ends the turn; holding banks it. The first to ``target`` wins.
Every roll is a chance outcome (``roll 1`` ... ``roll 6``, each 1/6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from workbench.exceptions import IllegalActionError
from workbench.games.referee import Match
from workbench.games.registry import GameInfo
from workbench.games.tables import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
    Columns,
    empty_columns,
    game_seeds,
    result_rows,
)

ROLL, HOLD = "roll", "hold"


@dataclass(frozen=True)
class PigRules:
    name: str = "standard"
    target: int = 20


@dataclass(frozen=True)
class PigObservation:
    player: int
    to_play: int | None
    banked: tuple[int, ...]
    turn_total: int
    legal_actions: tuple[str, ...]


@dataclass(frozen=True)
class Pig:
    rules: PigRules = field(default_factory=PigRules)
    players: int = 2
    seed: int = 0
    name = "pig"

    def new_state(self) -> PigState:
        return PigState(self)

    def parse_action(self, text: str) -> str:
        if text in (ROLL, HOLD) or text in {f"roll {k}" for k in range(1, 7)}:
            return text
        raise ValueError(f"cannot read action {text!r}: use roll, hold or roll 1 to roll 6")

    def sample_state(self, observation: PigObservation, rng: np.random.Generator) -> PigState:
        state = PigState(self)  # nothing is hidden: the observation is the whole state
        state.banked = list(observation.banked)
        state.turn_total = observation.turn_total
        assert observation.to_play is not None
        state.seat = observation.to_play
        return state


class PigState:
    def __init__(self, game: Pig) -> None:
        self.game = game
        self.seat = 0
        self.banked = [0] * game.players
        self.turn_total = 0
        self.rolling = False
        self.history: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PigState) and (
            self.seat,
            self.banked,
            self.turn_total,
            self.rolling,
            self.history,
        ) == (other.seat, other.banked, other.turn_total, other.rolling, other.history)

    @property
    def to_play(self) -> int | None:
        return None if self.rolling or self.is_terminal() else self.seat

    def legal_actions(self) -> list[str]:
        return [] if self.to_play is None else [ROLL, HOLD]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return [(f"roll {k}", 1 / 6) for k in range(1, 7)] if self.rolling else []

    def apply(self, action: str) -> None:
        if self.is_terminal():
            raise IllegalActionError(f"{action} after the game is over")
        if self.rolling:
            if not action.startswith("roll "):
                raise IllegalActionError(f"{action} while the die is rolling: a roll 1-6 comes")
            pips = int(action.split()[1])
            self.rolling = False
            if pips == 1:
                self.turn_total = 0
                self.seat = (self.seat + 1) % self.game.players
            else:
                self.turn_total += pips
        elif action == ROLL:
            self.rolling = True
        elif action == HOLD:
            self.banked[self.seat] += self.turn_total
            self.turn_total = 0
            if not self.is_terminal():
                self.seat = (self.seat + 1) % self.game.players
        else:
            raise IllegalActionError(f"{action} is not a player's move: roll or hold")
        self.history = (*self.history, action)

    def is_terminal(self) -> bool:
        return max(self.banked) >= self.game.rules.target

    def scores(self) -> tuple[int, ...]:
        return tuple(self.banked)

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        best = max(self.banked)
        return tuple(i for i, b in enumerate(self.banked) if b == best)

    def observation(self, seat: int) -> PigObservation:
        legal = tuple(self.legal_actions()) if self.to_play == seat else ()
        return PigObservation(seat, self.to_play, tuple(self.banked), self.turn_total, legal)

    def copy(self) -> PigState:
        twin = PigState(self.game)
        twin.seat, twin.banked, twin.turn_total = self.seat, list(self.banked), self.turn_total
        twin.rolling, twin.history = self.rolling, self.history
        return twin


class RandomPig:
    def __init__(self, game: Any, seat: int, rng: np.random.Generator) -> None:
        self.rng = rng

    def act(self, obs: PigObservation) -> str:
        return obs.legal_actions[int(self.rng.integers(len(obs.legal_actions)))]


class HoldAt:
    """Holds once the turn total reaches ``limit`` (the textbook strategy holds at 20)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.name = f"hold{limit}"

    def __call__(self, game: Any, seat: int, rng: np.random.Generator) -> HoldAt:
        return self

    def act(self, obs: PigObservation) -> str:
        return HOLD if obs.turn_total >= self.limit else ROLL


TABLES = {"games": {**GAME_COLUMNS, "rolls": "int64"}, "seats": {**SEAT_COLUMNS, "score": "int64"}}


def play_rows(
    board: Any,
    rules: PigRules,
    bots: Any,
    names: Any,
    seed: int,
    game: int,
    *,
    variant: str = "",
    max_rounds: int = 30,
    tables: dict[str, Columns] | None = None,
) -> dict[str, Columns]:
    tables = tables or {k: empty_columns(v) for k, v in TABLES.items()}
    deal, bot_seed = game_seeds(seed, game)
    pig = Pig(rules, len(bots), deal)
    rolls = 0

    def count(state: Any, action: Any, seat: int | None) -> None:
        nonlocal rolls
        rolls += seat is None

    match = Match(pig, bots, bot_seed, on_applied=count, names=names)
    truncated = match.run(stop=lambda s: len(s.history) >= 40 * max_rounds)
    state = match.state
    result_rows(
        tables,
        game_name="pig",
        variant=variant,
        game=game,
        seed=deal,
        names=list(names),
        scores=state.scores(),
        winners=state.winners(),
        length=len(state.history),
        truncated=truncated,
        game_extra={"rolls": rolls},
    )
    return tables


def _rules(rules: Any) -> PigRules:
    if rules is None or rules == "standard":
        return PigRules()
    if isinstance(rules, PigRules):
        return rules
    raise ValueError(f"rules is {rules!r}: use 'standard' or a PigRules")


INFO = GameInfo(
    name="pig",
    title="Pig",
    summary="Roll a die as long as you dare; a 1 loses the turn's points.",
    players=(2, 4),
    map_kind="none",
    default_map="",
    presets={"standard": PigRules()},
    bots={"random": RandomPig, "hold20": HoldAt(20), "hold5": HoldAt(5)},
    make_game=lambda board, rules, players, seed: Pig(rules, players, seed),
    load_board=lambda path: None,
    resolve_rules=_rules,
    tables=TABLES,
    play_rows=play_rows,
    save_record=lambda state: {},
    load_record=lambda record, board: None,
    length_unit="actions",
    default_players=2,
)
