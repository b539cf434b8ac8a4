"""Hypothesis strategies shared by the tests: random valid boards and their parts."""

from __future__ import annotations

import unicodedata

from hypothesis import strategies as st

from workbench.maps.board import (
    Area,
    Board,
    CardColor,
    City,
    Deck,
    Feature,
    Lattice,
    SegmentOverride,
)
from workbench.maps.lattice import neighbours
from workbench.maps.text import name_key, name_problem, text_problem

COLOR_NAMES = ["brown", "white", "pink", "orange", "turquoise"]

# any printable text without surrogates, including quotes, colons, '#', accents and emoji,
# in the normal form files are read in (NFC) and without bidirectional controls
text = (
    st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=20)
    .map(lambda s: unicodedata.normalize("NFC", s))
    .filter(lambda s: text_problem(s) is None)
)
names = text.filter(lambda s: name_problem(s) is None)
coordinate = st.floats(-2, 40, allow_nan=False).map(lambda v: round(v, 3))


@st.composite
def boards(draw: st.DrawFn, max_cities: int = 8) -> Board:
    """A valid board: a rectangle of land (with terrain), cities on distinct points and
    overrides that never cut the land apart."""
    columns = draw(st.integers(2, 9))
    rows = draw(st.integers(2, 7))
    land = Area(
        ((0, 0), (columns - 0.5, 0), (columns - 0.5, rows - 1), (0, rows - 1)),
        name=draw(text),
        note=draw(text),
    )
    ncolors = draw(st.integers(1, 5))
    colors = tuple(
        CardColor(n, draw(st.from_regex(r"#[0-9A-F]{6}", fullmatch=True)))
        for n in COLOR_NAMES[:ncolors]
    )
    terrain = tuple(
        draw(
            st.lists(
                st.builds(
                    lambda t, shape, vs, name, note: Feature(
                        t,
                        polygon=tuple(vs) if shape == "polygon" else None,
                        line=tuple(vs[:2]) if shape == "line" else None,
                        name=name,
                        note=note,
                    ),
                    st.sampled_from(["water", "mountain"]),
                    st.just("line"),
                    st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=3),
                    text,
                    text,
                ),
                max_size=3,
            )
        )
    )
    points = [(c, r) for r in range(rows) for c in range(columns)]
    spots = draw(st.lists(st.sampled_from(points), unique=True, max_size=max_cities))
    city_names = draw(st.lists(names, unique_by=name_key, min_size=len(spots), max_size=len(spots)))
    cities = tuple(
        City(
            n,
            draw(st.sampled_from([c.name for c in colors])),
            at,
            draw(st.booleans()),
            draw(text),
        )
        for n, at in zip(city_names, spots, strict=True)
    )
    pairs = sorted(
        {tuple(sorted((p, q))) for p in points for q in neighbours(p) if q in set(points)}
    )
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=5)) if pairs else []
    overrides = []
    for a, b in chosen:
        kind = draw(st.sampled_from(["single", "double", "ferry", "tunnel"]))
        terrain_of = draw(st.sampled_from(["water", "mountain"])) if kind == "double" else None
        overrides.append(SegmentOverride((a, b), kind, terrain_of, draw(text)))
    return Board(
        name=draw(names),
        lattice=Lattice(columns, rows),
        colors=colors,
        land=(land,),
        cities=cities,
        terrain=terrain,
        overrides=tuple(overrides),
        deck=Deck(draw(st.integers(1, 9)), draw(st.integers(0, 3))),
        description=draw(text),
        author=draw(text),
        license=draw(text),
    )
