"""What an edit changed: per-city and overall shifts of hand costs between two boards."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from workbench.analysis.costs import DoubleCost
from workbench.analysis.hands import HandTable, hand_table
from workbench.maps.board import Board
from workbench.maps.lattice import point_name

__all__ = ["Comparison", "compare"]


@dataclass(frozen=True)
class Comparison:
    """The difference between two boards' hands.

    ``cities`` has one row per city name on either board: its color, the mean cost of the
    hands it is in before and after, and the ``change`` (negative: cheaper), the largest
    changes (either way) first, cities of equal change in name order, and those on one board
    only (``change`` NaN) last, in name order. ``edits`` lists what differs between the boards in
    words.
    """

    mean_before: float
    mean_after: float
    cities: pd.DataFrame
    edits: list[str]

    @property
    def change(self) -> float:
        """The change of the mean hand cost (negative: hands got cheaper)."""
        return self.mean_after - self.mean_before

    def summary(self) -> str:
        """One or two sentences for the editor's status line.

        Examples
        --------
        >>> from workbench import load_map
        >>> tiny = load_map("maps/tiny.yaml")
        >>> print(compare(tiny, tiny.move_city("Fir", (5, 1))).summary())
        moving Fir from [5, 0] to [5, 1] made the hands with Fir 0.4 rails cheaper (11.3 -> 10.9);
        all hands: 0.2 rails cheaper on average (11.9 -> 11.7)
        """
        parts = []
        for edit in self.edits:
            name = edit.split(" ")[1] if edit.startswith(("moving", "recoloring")) else None
            row = self.cities[self.cities.city == name] if name else None
            if row is not None and len(row) and np.isfinite(row.change.iloc[0]):
                r = row.iloc[0]
                parts.append(
                    f"{edit} made the hands with {name} {_how(r.change)} "
                    f"({r.before:.1f} -> {r.after:.1f})"
                )
            else:
                parts.append(edit)
        parts.append(
            f"all hands: {_how(self.change)} on average "
            f"({self.mean_before:.1f} -> {self.mean_after:.1f})"
        )
        return "; ".join(parts) if self.edits else "no change: " + parts[-1]


def _how(change: float) -> str:
    if abs(change) < 0.05:
        return "no cheaper or dearer"
    word = "cheaper" if change < 0 else "dearer"
    return f"{abs(change):.1f} rails {word}"


def _edits(a: Board, b: Board) -> list[str]:
    out = []
    old = {c.name: c for c in a.cities}
    new = {c.name: c for c in b.cities}
    for name in old.keys() & new.keys():
        x, y = old[name], new[name]
        if x.at != y.at:
            out.append(f"moving {name} from {point_name(x.at)} to {point_name(y.at)}")
        if x.color != y.color:
            out.append(f"recoloring {name} from {x.color} to {y.color}")
        if x.dashed != y.dashed:
            out.append(f"{'dashing' if y.dashed else 'undashing'} {name}")
    out += [f"removing {name}" for name in sorted(old.keys() - new.keys())]
    out += [f"adding {name}" for name in sorted(new.keys() - old.keys())]
    changed = sum(
        1
        for key in a.segments.keys() | b.segments.keys()
        if a.segments.get(key) != b.segments.get(key)
    )
    if changed:
        out.append(f"changing {changed} segment{'s' if changed != 1 else ''}")
    return sorted(out)


def compare(
    before: Board, after: Board, players: int = 4, double_cost: DoubleCost = 2
) -> Comparison:
    """Compare the hands of two boards (usually a board and its edit).

    Examples
    --------
    >>> from workbench import load_map
    >>> tiny = load_map("maps/tiny.yaml")
    >>> diff = compare(tiny, tiny.move_city("Fir", (5, 1)))
    >>> diff.edits
    ['moving Fir from [5, 0] to [5, 1]']
    >>> round(diff.change, 2)
    -0.19
    """
    a = hand_table(before, players, double_cost, progress=False)
    b = hand_table(after, players, double_cost, progress=False)
    ea, eb = _city_means(a), _city_means(b)
    names = sorted(ea.keys() | eb.keys())
    cities = pd.DataFrame(
        {
            "city": names,
            "color": [(eb.get(n) or ea[n])[0] for n in names],
            "before": [ea[n][1] if n in ea else np.nan for n in names],
            "after": [eb[n][1] if n in eb else np.nan for n in names],
        }
    )
    cities["change"] = cities["after"] - cities["before"]
    # the rows are in name order, and a stable sort keeps them so among equal changes
    cities = cities.sort_values("change", key=lambda s: -s.abs(), kind="stable", ignore_index=True)
    return Comparison(float(a.costs.mean()), float(b.costs.mean()), cities, _edits(before, after))


def _city_means(table: HandTable) -> dict[str, tuple[str, float]]:
    """City name -> its color and the mean cost of the hands it is in (as
    :func:`~workbench.analysis.summary.city_effects` has it, without building the frame)."""
    counts = [len(v) for v in table.cities.values()]
    costs = table.costs.reshape(counts)
    out = {}
    for axis, (color, names) in enumerate(table.cities.items()):
        others = tuple(i for i in range(len(counts)) if i != axis)
        means = costs.mean(axis=others) if others else costs
        out.update({name: (color, float(m)) for name, m in zip(names, means, strict=True)})
    return out
