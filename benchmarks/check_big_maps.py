"""Time ``check_map`` on legal maps at the size limit, built here (never stored in the repo).

    python benchmarks/check_big_maps.py [--repeat 1] [--keep DIR] [--quick] [--reference]
                                        [--only NAME ...]

Boards on the largest lattice (200 x 200), each just under the loader's 1 MiB:

- ``lattice``: the bare lattice, land only (the reference, timed in the same run);
- ``river``: one river line of ~38,000 vertices wandering over the whole board;
- ``mountain``: one mountain polygon of ~30,000 vertices (a wobbly ring);
- ``both``: a 15,000-vertex river and a 15,000-vertex lake together;

and shapes made to find the check's slow paths (vertices written compactly, as
``save_map`` writes a board near the limit, so that as many fit as can):

- ``zigzag``: a river folded like an accordion into the board's top-left half, each of its
  ~60,000 pieces running corner to corner across up to 197 rows (their bounding boxes
  overlap most of the lattice);
- ``comb``: a mountain polygon of ~60,000 vertices shaped as a comb of thin teeth as tall as
  the board, so that nearly every segment crosses its outline;
- ``lakes``: ~7,000 small lakes, each its own polygon feature;
- ``colors``: 7,000 card colors with one city each (the per-color counts of the deck).

For each: the file size, the vertex count, the time to check it, and the ratio to the bare
lattice. The check must agree with the file being legal (no errors). ``--quick`` checks a
40 x 40 lattice and small versions of the shapes: a check that the script runs, not a
measurement. With ``--reference``, the crossing test of every segment is also timed
against GEOS's ``relate_pattern`` on the whole drawing (the method before the index;
minutes on these maps), and the two must agree on every segment.
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import shapely  # noqa: E402

from workbench.maps.crossing import interiors_meet  # noqa: E402
from workbench.maps.io import MAX_BYTES, check_map, load_map  # noqa: E402
from workbench.maps.lattice import edge, lattice_xy, neighbours  # noqa: E402

SIZE = 200
HEAD = """# yaml-language-server: $schema=map.schema.json
format: 1
kind: lattice
name: Big {name}
lattice: {{columns: {size}, rows: {size}}}
deck: {{per_color: 1, dashed_per_color: 0}}
colors:
  - {{name: brown, fill: "#8B5A2B"}}
land:
  - polygon: [[0, 0], [{edge}, 0], [{edge}, {edge}], [0, {edge}]]
cities:
  - {{name: North, color: brown, at: [3, 3]}}
"""


def _vertices(points: list[tuple[float, float]]) -> str:
    return "\n".join(f"      - [{x:.3f}, {y:.3f}]" for x, y in points)


def river(n: int, seed: float = 0.0) -> list[tuple[float, float]]:
    """A line wandering back and forth over the board: ``n`` vertices."""
    out = []
    for i in range(n):
        t = i / (n - 1)
        y = 2 + t * (SIZE - 5)
        x = SIZE / 2 + (SIZE / 2 - 4) * math.sin(t * 60 * math.pi + seed) * math.cos(3 * t + seed)
        out.append((x, y))
    return out


def ring(n: int, cx: float, cy: float, r: float, wobble: float) -> list[tuple[float, float]]:
    """A closed wobbly outline of ``n`` vertices around (cx, cy)."""
    out = []
    for i in range(n):
        a = 2 * math.pi * i / n
        rr = r + wobble * math.sin(37 * a) + 0.4 * math.sin(911 * a)
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _flow(points: list[tuple[float, float]]) -> str:
    """Vertices as one flow list, eight to a line (the layout of ``save_map`` near the limit)."""
    items = [f"[{x:.3f},{y:.3f}]" for x, y in points]
    rows = [",".join(items[i : i + 8]) for i in range(0, len(items), 8)]
    return "[" + ",\n      ".join(rows) + "]"


def zigzag(n: int) -> list[tuple[float, float]]:
    """An accordion folded into the top-left half: vertices alternate between the top edge
    and the left edge, moving away from the corner, so each piece crosses the board."""
    out = []
    for i in range(n):
        s = 2.013 + (SIZE - 5) * i / n
        out.append((s, 1.271) if i % 2 == 0 else (1.271, s))
    return out


def comb(n: int) -> list[tuple[float, float]]:
    """A comb of ``n // 4`` teeth standing on a strip along the bottom of the board."""
    teeth = n // 4
    pitch = (SIZE - 6) / teeth
    top, base = 1.37, SIZE - 2.63
    out = [(2.011, SIZE - 1.27)]
    for k in range(teeth):
        x = 2.011 + k * pitch
        out += [(x, top), (x + pitch / 2, top), (x + pitch / 2, base), (x + pitch, base)]
    out[-1] = (out[-1][0], SIZE - 1.27)
    return out


def lakes(count: int) -> str:
    """``count`` small hexagonal lakes on a grid (clear of the city), one feature each."""
    per_row = math.ceil(math.sqrt(count))
    step = (SIZE - 20) / per_row
    out = []
    for k in range(count):
        cx, cy = 15 + (k % per_row) * step, 15 + (k // per_row) * step
        ring = [(cx + 0.3 * math.cos(j * math.pi / 3), cy + 0.3 * math.sin(j * math.pi / 3))
                for j in range(6)]  # fmt: skip
        out.append(f"  - {{type: water, polygon: {_flow(ring)}}}")
    return "\n".join(out) + "\n"


def colors(count: int) -> tuple[str, str]:
    """``count`` colors and one city of each, on land points (the city North is one)."""
    names = ["brown"] + [f"k{i}" for i in range(1, count)]
    palette = "\n".join(f'  - {{name: {c}, fill: "#8B5A2B"}}' for c in names[1:])
    places = [(5 + i % (SIZE - 10), 5 + 2 * (i // (SIZE - 10))) for i in range(count - 1)]
    pairs = enumerate(zip(names[1:], places, strict=True))
    cities = "\n".join(
        f"  - {{name: T{i}, color: {c}, at: [{x}, {y}]}}" for i, (c, (x, y)) in pairs
    )
    return palette + "\n", cities + "\n"


SHAPES = ("zigzag", "comb", "lakes", "colors")
"""The shapes made to find slow paths; their size is the most that fits under the limit."""


def build(name: str, scale: float = 1.0) -> str:
    text = HEAD.format(name=name, size=SIZE, edge=SIZE - 0.5)
    if name == "lattice":
        return text
    if name in SHAPES:
        return _fitted(name, scale)
    text += "terrain:\n"
    if name in ("river", "both"):
        n = int((38_000 if name == "river" else 15_000) * scale)
        text += f"  - name: Long river\n    type: water\n    line:\n{_vertices(river(n))}\n"
    if name == "mountain":
        text += "  - name: Ring range\n    type: mountain\n    polygon:\n"
        text += _vertices(ring(30_000, 100, 100, 80, 12)) + "\n"
    if name == "both":
        text += "  - name: Round lake\n    type: water\n    polygon:\n"
        text += _vertices(ring(15_000, 60, 140, 40, 6)) + "\n"
    return text


def _shape(name: str, n: int) -> str:
    text = HEAD.format(name=name, size=SIZE, edge=SIZE - 0.5)
    if name == "zigzag":
        line = _flow(zigzag(n))
        return text + f"terrain:\n  - name: Folded river\n    type: water\n    line: {line}\n"
    if name == "comb":
        outline = _flow(comb(n))
        return text + f"terrain:\n  - name: Comb\n    type: mountain\n    polygon: {outline}\n"
    if name == "lakes":
        return text + "terrain:\n" + lakes(n)
    palette, cities = colors(n)
    return text.replace("land:\n", palette + "land:\n") + cities


def _fitted(name: str, scale: float) -> str:
    """The shape at the most vertices (or lakes, or colors) that fit under the byte limit."""
    unit = {"zigzag": 2, "comb": 4, "lakes": 1, "colors": 1}[name]
    cap = {"zigzag": 10**6, "comb": 10**6, "lakes": 10**6, "colors": (SIZE - 10) * (SIZE // 2 - 5)}
    lo, hi = unit, cap[name]
    while hi - lo > unit:  # the largest count whose file fits
        mid = (lo + hi) // 2 // unit * unit
        if len(_shape(name, mid).encode()) <= MAX_BYTES - 64:
            lo = mid
        else:
            hi = mid
    return _shape(name, max(unit, int(lo * scale) // unit * unit))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="also write the generated maps here")
    parser.add_argument("--quick", action="store_true", help="a smoke run, not a measurement")
    parser.add_argument("--reference", action="store_true", help="time relate_pattern too")
    parser.add_argument("--only", nargs="+", help="these boards (and the bare lattice) only")
    args = parser.parse_args()
    global SIZE
    scale = 1.0
    names: tuple[str, ...] = ("lattice", "river", "mountain", "both", *SHAPES)
    if args.quick:
        SIZE, scale, names = 40, 2_000 / 38_000, ("lattice", "river", *SHAPES)
    if args.only:
        names = ("lattice", *[n for n in names if n in args.only and n != "lattice"])
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        reference = None
        for name in names:
            path = folder / f"big_{name}.yaml"
            text = build(name, scale)
            path.write_text(text, encoding="utf-8")
            size = path.stat().st_size
            assert size <= MAX_BYTES, f"{path} is {size:,} bytes"
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                problems = check_map(path)
                times.append(time.perf_counter() - start)
            errors = [p for p in problems if p.severity == "error"]
            assert not errors, errors[:3]
            t = statistics.median(times)
            reference = reference or t
            drawn = text.partition("terrain:")[2]
            vertices = len(re.findall(r"\[-?[0-9.]+, ?-?[0-9.]+\]", drawn))
            print(
                f"{name:9s} {size / 1024:7.0f} KiB {vertices:7,d} vertices  "
                f"check {t:7.2f} s  ({t / reference:5.1f} x the bare lattice), "
                f"{len(problems):,} warnings"
            )
            if args.reference and name != "lattice":
                compare(path)


def compare(path: Path) -> None:
    """Time the crossing test against relate_pattern on the whole drawing; both must agree."""
    board = load_map(path)
    points = board.points
    keys = sorted({edge(p, q) for p in points for q in neighbours(p) if q in points})
    lines = shapely.linestrings([[lattice_xy(a), lattice_xy(b)] for a, b in keys])
    for (terrain, shape), geometry in board._terrain_geometries.items():
        if geometry.is_empty:
            continue
        start = time.perf_counter()
        fast = interiors_meet(lines, geometry)
        indexed = time.perf_counter() - start
        start = time.perf_counter()
        slow = shapely.relate_pattern(lines, geometry, "T********")
        direct = time.perf_counter() - start
        assert (fast == slow).all(), f"{int((fast != slow).sum())} segments differ"
        print(
            f"          {terrain} {shape}: {len(keys):,} segments, indexed {indexed:6.2f} s, "
            f"relate_pattern {direct:7.2f} s ({direct / indexed:5.0f} x), "
            f"{int(fast.sum()):,} doubles, the same"
        )


if __name__ == "__main__":
    main()
