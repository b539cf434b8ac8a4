"""What the two map doctors' searches share: the objective's weights and a plan's summary.

Both doctors (:mod:`workbench.analysis.doctor` for lattice boards,
:mod:`workbench.analysis.route_doctor` for route boards) score a board as a weighted sum
(their objectives are frozen dataclasses of weights built on :class:`Weights`) and print
the plan they found the same way (:func:`plan_lines`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import ClassVar, Self

__all__ = ["Weights", "plan_lines"]


@dataclass(frozen=True)
class Weights:
    """A frozen dataclass of weights, each checked to be a finite number 0 or more.

    Subclasses add the weights as fields with defaults; ``names_shown`` is how many of their
    names an error about an unknown one lists (``None``: all of them).

    Examples
    --------
    >>> @dataclass(frozen=True)
    ... class Toy(Weights):
    ...     speed: float = 1.0
    ...     cost: float = 0.5
    >>> Toy.from_text("cost=2")
    Toy(speed=1.0, cost=2.0)
    >>> Toy(speed=-1)
    Traceback (most recent call last):
    ...
    ValueError: weight speed must be a number 0 or more, not -1
    """

    names_shown: ClassVar[int | None] = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
                raise ValueError(f"weight {f.name} must be a number 0 or more, not {value!r}")

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Weights from ``"name=value, name=value"`` (the rest keep their defaults).

        Examples
        --------
        >>> @dataclass(frozen=True)
        ... class Toy(Weights):
        ...     speed: float = 1.0
        >>> Toy.from_text("speed")
        Traceback (most recent call last):
        ...
        ValueError: weight speed needs a number, as in speed=0.5
        >>> Toy.from_text("cost=1")
        Traceback (most recent call last):
        ...
        ValueError: unknown weight 'cost' (the weights are: speed)
        """
        names = [f.name for f in fields(cls)]
        values: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, eq, value = part.partition("=")
            name = name.strip()
            if name not in names:
                shown = cls.names_shown
                listed = ", ".join(names if shown is None else [*names[:shown], "..."])
                raise ValueError(f"unknown weight {name!r} (the weights are: {listed})")
            try:
                if not eq:
                    raise ValueError
                values[name] = float(value)
            except ValueError:
                raise ValueError(f"weight {name} needs a number, as in {name}=0.5") from None
        return cls(**values)


def plan_lines(
    head: str, effects: Sequence[str], candidates: int, seconds: float, stopped: bool
) -> list[str]:
    """The first lines of a printed plan: ``head``, the count of edits and how the search
    went, then each edit's effect (numbered), or a line saying no edit helps.

    Examples
    --------
    >>> print("\\n".join(plan_lines("Tiny: ", ["move Alder"], 1500, 2.0, stopped=True)))
    Tiny: 1 edit (1,500 candidates scored in 2.0 s, 750 a second) - stopped early
      1. move Alder
    >>> plan_lines("Tiny: ", [], 0, 0.0, stopped=False)[1]
    '  no edit makes the board better by the objective'
    """
    n = len(effects)
    rate = candidates / seconds if seconds > 0 else 0.0
    out = [
        f"{head}{n} edit{'s' if n != 1 else ''} ({candidates:,} candidates scored in "
        f"{seconds:.1f} s, {rate:,.0f} a second){' - stopped early' if stopped else ''}"
    ]
    out += [f"  {i}. {effect}" for i, effect in enumerate(effects, 1)]
    if not effects:
        out.append("  no edit makes the board better by the objective")
    return out
