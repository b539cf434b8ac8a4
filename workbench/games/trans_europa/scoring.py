"""Scoring a round and ending the game, under the rulebook's race or the countdown.

Every function takes the rules first, then per-player lists in seat order. A round is scored
from each player's missing-rail count: the rails they would still need to join their start
marker and all their cities, where a double counts what the rules' ``double_cost`` says for
its terrain (2 by default), as :func:`workbench.analysis.costs.missing_rails` computes it.
A count of 0 means the player joined everything: they won the round (the rulebook's special
case lets two players finish in the same turn). ``None`` means the hand cannot be joined at
all.

* ``rulebook``: each round winner gains ``winner_points`` (4); each other player gains the
  points of ``table`` for their count (3, 2, 1 or 0). The game ends after a round in which
  someone has ``target`` (13) or more; the highest score wins, equal scores share the win.
* ``countdown``: everyone starts at ``countdown_start`` (13) and loses their missing-rail
  count each round, that is 1 per missing single and 2 per missing double. The game ends
  after a round in which someone is at 0 or below; the highest score wins, ties share.
"""

from __future__ import annotations

from collections.abc import Sequence

from workbench.games.trans_europa.rules import Rules

__all__ = [
    "apply_round",
    "game_over",
    "round_points",
    "start_scores",
    "table_points",
    "winners",
]


def start_scores(rules: Rules, players: int) -> tuple[int, ...]:
    """Everyone's points before the first round: 0, or ``countdown_start`` in a countdown.

    Examples
    --------
    >>> start_scores(Rules(), 3), start_scores(Rules.preset("countdown"), 2)
    ((0, 0, 0), (13, 13))
    """
    if players < 1:
        raise ValueError(f"players is {players!r}, it must be at least 1")
    first = rules.countdown_start if rules.scoring == "countdown" else 0
    return (first,) * players


def table_points(rules: Rules, missing: int | None) -> int:
    """What a player who did not win the round scores for ``missing`` rails (rulebook).

    Examples
    --------
    >>> r = Rules()
    >>> [table_points(r, n) for n in (1, 2, 3, 4, 5, 9, None)]
    [3, 2, 1, 1, 0, 0, 0]
    """
    if missing is None:
        return 0
    if missing < 0:
        raise ValueError(f"a missing-rail count is 0 or more, not {missing!r}")
    for most, points in rules.table:
        if missing <= most:
            return points
    return 0


def round_points(rules: Rules, missing: Sequence[int | None]) -> tuple[int, ...]:
    """Each player's change of score for one round, from their missing-rail counts.

    Parameters
    ----------
    rules : Rules
    missing : sequence of int or None
        Per player, the rails still missing; 0 for a round winner, ``None`` if the hand
        cannot be joined (0 points in the rulebook; not allowed in a countdown).

    Returns
    -------
    tuple of int
        Gains (0 or more) in the rulebook, losses (0 or less) in the countdown.

    Examples
    --------
    The rulebook's scale: the winner gains 4, one missing rail 3, two 2, three or four 1.

    >>> round_points(Rules(), [0, 1, 2, 4, 5])
    (4, 3, 2, 1, 0)
    >>> round_points(Rules.preset("countdown"), [0, 3, 7])
    (0, -3, -7)
    """
    counts = list(missing)
    for i, n in enumerate(counts):
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
            raise ValueError(f"player {i}'s missing-rail count is {n!r}; use a count 0 or more")
    if rules.scoring == "countdown":
        if None in counts:
            i = counts.index(None)
            raise ValueError(
                f"player {i}'s hand cannot be joined (missing is None); a countdown needs a count"
            )
        return tuple(-(n or 0) for n in counts)
    return tuple(rules.winner_points if n == 0 else table_points(rules, n) for n in counts)


def apply_round(
    rules: Rules, scores: Sequence[int], missing: Sequence[int | None]
) -> tuple[int, ...]:
    """The scores after a round: ``scores`` plus :func:`round_points`.

    Examples
    --------
    >>> apply_round(Rules(), (10, 11), [0, 1])
    (14, 14)
    """
    if len(scores) != len(missing):
        raise ValueError(f"{len(scores)} scores but {len(missing)} missing-rail counts")
    return tuple(s + p for s, p in zip(scores, round_points(rules, missing), strict=True))


def game_over(rules: Rules, scores: Sequence[int]) -> bool:
    """Whether the game ends after the round that gave ``scores``.

    Examples
    --------
    >>> game_over(Rules(), [12, 9]), game_over(Rules(), [13, 9])
    (False, True)
    >>> game_over(Rules.preset("countdown"), [1, 5]), game_over(Rules.preset("countdown"), [0, 5])
    (False, True)
    """
    if rules.scoring == "countdown":
        return any(s <= 0 for s in scores)
    return any(s >= rules.target for s in scores)


def winners(rules: Rules, scores: Sequence[int]) -> tuple[int, ...]:
    """The seats of the game's winners, or ``()`` while the game is not over.

    In both systems the highest score wins and equal highest scores share the win: in the
    rulebook's race the one who went further past the target wins.

    Examples
    --------
    >>> winners(Rules(), [14, 15, 9]), winners(Rules(), [15, 15, 9]), winners(Rules(), [12, 3])
    ((1,), (0, 1), ())
    >>> winners(Rules.preset("countdown"), [-2, 6, 6])
    (1, 2)
    """
    if not scores or not game_over(rules, scores):
        return ()
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)
