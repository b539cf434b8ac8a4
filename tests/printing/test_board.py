"""The printed board: real size, tiles that overlap exactly, labels where the board says,
styles that stay apart in grey. PDFs are read back with poppler-utils at low resolution."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from tests.printing.conftest import DPI, needs_poppler, page_sizes, page_text, px, render, words
from tests.strategies import boards
from workbench import Board, load_map
from workbench.maps.drawing import CITY_RADIUS, DASHED_RADIUS
from workbench.maps.lattice import plane_xy
from workbench.printing import LATTICE_SCALE, PAPERS, board_pdf, cards_pdf, plan_tiles, poster
from workbench.printing.layout import SHOP_MARGIN
from workbench.printing.style import PRINT, grey, rgb


@pytest.fixture(scope="module")
def europe() -> Board:
    board = load_map(MAPS / "trans_europa.yaml")
    assert isinstance(board, Board)
    return board


@pytest.fixture(scope="module")
def one_page(europe: Board, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    printed = board_pdf(europe, one_page=True)
    path = printed.save(tmp_path_factory.mktemp("print") / "europe-one.pdf")
    return path, printed


@pytest.fixture(scope="module")
def tiled(europe: Board, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    printed = board_pdf(europe)
    path = printed.save(tmp_path_factory.mktemp("print") / "europe-tiles.pdf")
    return path, printed


# ---------------------------------------------------------------------- layout, no PDF


def test_the_europe_board_prints_about_the_published_size(europe: Board) -> None:
    p = poster(europe)
    assert p.k == LATTICE_SCALE == 24.0
    assert 700 < p.width < 820 and 480 < p.map_height < 560  # mm: roughly 80 x 55 cm
    x0, y0 = p.city_xy("Lisbon")
    x1, y1 = p.city_xy("Porto")  # two rows apart on one column: sqrt(3) steps
    assert np.hypot(x1 - x0, y1 - y0) == pytest.approx(
        LATTICE_SCALE
        * np.hypot(
            *np.subtract(plane_xy(europe.city("Lisbon").at), plane_xy(europe.city("Porto").at))
        )
    )


@settings(max_examples=60, deadline=None)
@given(
    w=st.floats(50, 2000),
    h=st.floats(50, 2000),
    paper=st.sampled_from(sorted(PAPERS)),
    overlap=st.floats(0, 30),
)
def test_tiles_cover_the_poster_and_neighbours_repeat_the_overlap(
    w: float, h: float, paper: str, overlap: float
) -> None:
    _landscape, tiles = plan_tiles(w, h, PAPERS[paper], overlap=overlap)
    rows, cols = tiles[0].rows, tiles[0].cols
    assert len(tiles) == rows * cols and len({t.label for t in tiles}) == len(tiles)
    last = tiles[-1]
    assert last.x + last.w >= w - 1e-6 and last.y + last.h >= h - 1e-6  # all of it shows
    for t in tiles:
        if t.col:
            left = tiles[t.row * cols + t.col - 1]
            assert left.x + left.w - t.x == pytest.approx(overlap, abs=1e-5)
        if t.row:
            above = tiles[(t.row - 1) * cols + t.col]
            assert above.y + above.h - t.y == pytest.approx(overlap, abs=1e-5)
    # no fewer pages would do in the chosen orientation, and the other is not better
    t = tiles[0]
    if cols > 1:
        assert (cols - 1) * (t.w - overlap) + overlap < w
    if rows > 1:
        assert (rows - 1) * (t.h - overlap) + overlap < h
    _, other = plan_tiles(h, w, PAPERS[paper], overlap=overlap)  # the poster turned
    assert len(other) == len(tiles)


def test_print_colours_stay_apart_in_grey() -> None:
    # the same shapes in two colours must differ in grey alone
    assert abs(grey(PRINT["double-water"]) - grey(PRINT["double-mountain"])) > 0.2
    for a, b in [("sea", "land"), ("water", "land"), ("mountain", "land"), ("sea", "mountain")]:
        assert abs(grey(PRINT[a]) - grey(PRINT[b])) > 0.06, (a, b)
    assert grey(PRINT["single"]) < 0.2  # rails stay black on a grey printer


# ---------------------------------------------------------------------- the PDF read back


@needs_poppler
def test_one_page_is_the_poster_with_a_border_and_fonts_embedded(one_page: tuple) -> None:
    import subprocess

    path, printed = one_page
    ((w, h),) = page_sizes(path)
    assert w == pytest.approx(printed.poster.width + 2 * SHOP_MARGIN, abs=0.1)
    assert h == pytest.approx(printed.poster.height + 2 * SHOP_MARGIN, abs=0.1)
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    rows = fonts.splitlines()[2:]
    assert rows and all(" yes " in row and "DejaVu" in row for row in rows), fonts


@needs_poppler
@pytest.mark.parametrize("city", ["Paris", "Lisbon", "Stockholm", "Oslo"])
def test_a_city_is_drawn_and_named_where_the_board_says(
    europe: Board, one_page: tuple, city: str
) -> None:
    path, printed = one_page
    x, y = printed.poster.city_xy(city)
    cx, cy = x + SHOP_MARGIN, y + SHOP_MARGIN  # page mm
    # the disc: pixels of the city's card colour, centred on the point
    fill = np.array(rgb({c.name: c.fill for c in europe.colors}[europe.city(city).color]))
    image = render(path, 1, dpi=DPI)
    r = px(CITY_RADIUS * printed.poster.k + 3)
    box = image[px(cy) - r : px(cy) + r, px(cx) - r : px(cx) + r]
    ys, xs = np.nonzero(np.abs(box - fill).sum(axis=2) < 30)
    assert len(xs) > 50
    assert (xs.mean() + px(cx) - r) * 25.4 / DPI == pytest.approx(cx, abs=0.8)
    assert (ys.mean() + px(cy) - r) * 25.4 / DPI == pytest.approx(cy, abs=0.8)
    # the name: beside the disc, at one of the four places names go (0.27 across, 0.2 up or
    # down; out of the ring, in proportion, for a dashed card's city)
    ((_, x0, y0, x1, _y1),) = [w for w in words(path, 1) if w[0] == city]
    grow = DASHED_RADIUS / CITY_RADIUS if europe.city(city).dashed else 1.0
    dx, dy = 0.27 * grow * printed.poster.k, 0.2 * grow * printed.poster.k
    cap = 0.73 * 12 * 25.4 / 72
    lefts = [cx + dx, cx - dx - (x1 - x0)]
    tops = [cy - dy - cap, cy + dy]  # sitting on the line above, hanging from the one below
    assert min(abs(x0 - left) for left in lefts) < 0.6, (x0, lefts)
    assert min(abs(y0 - top) for top in tops) < 1.5, (y0, tops)


@needs_poppler
def test_tiles_repeat_the_overlap_pixel_for_pixel_with_marks_and_labels(tiled: tuple) -> None:
    path, printed = tiled
    tiles, m, overlap = printed.tiles, printed.margin, printed.overlap
    sizes = page_sizes(path)
    assert len(sizes) == printed.pages == len(tiles) + 1
    a4 = (297.0, 210.0) if printed.landscape else (210.0, 297.0)
    assert all(s == pytest.approx(a4, abs=0.2) for s in sizes)
    cols, rows = tiles[0].cols, tiles[0].rows
    assert cols > 1 and rows > 1
    pages = {n: render(path, n, gray=True) for n in (2, 3, 2 + cols, 3 + cols)}
    a1, b1, a2, b2 = pages[2], pages[3], pages[2 + cols], pages[3 + cols]
    t = tiles[0]
    # A1's right strip is B1's left strip; A1's bottom strip is A2's top strip (and B's)
    right = a1[px(m) : px(m + t.h), px(m + t.w - overlap) : px(m + t.w)]
    left = b1[px(m) : px(m + t.h), px(m) : px(m + overlap)]
    assert right.std() > 5  # there is something to compare
    assert np.abs(right - left).mean() < 2.0
    for upper, lower in ((a1, a2), (b1, b2)):
        bottom = upper[px(m + t.h - overlap) : px(m + t.h), px(m) : px(m + t.w)]
        top = lower[px(m) : px(m + overlap), px(m) : px(m + t.w)]
        assert np.abs(bottom - top).mean() < 2.0
    assert bottom.std() > 5
    # shifted by one pixel the strips no longer match: the test can fail
    shifted = b1[px(m) : px(m + t.h), px(m) + 1 : px(m + overlap) + 1]
    assert np.abs(right - shifted).mean() > np.abs(right - left).mean() + 1
    # crop marks in the margin, in line with the printed area's corners (at 20 px a mm)
    corner = render(path, 2, gray=True, dpi=508, box=(0, 0, m, m))
    assert corner[px(m, 508) - 3 :, : px(m - 2, 508)].min(axis=1).min() < 80  # the horizontal
    assert corner[: px(m - 2, 508), px(m, 508) - 3 :].min(axis=0).min() < 80  # the vertical
    assert corner[: px(m - 2, 508), : px(m - 2, 508)].min() > 240  # nothing else there
    for n, tile in enumerate(tiles, start=2):
        text = page_text(path, n)
        assert (
            f"{tile.label}: column {tile.label[0]} of {tile.cols}, row {tile.row + 1} of "
            f"{tile.rows}" in text
        )
    assert "Print at actual size" in page_text(path, 1)


@needs_poppler
@pytest.mark.parametrize("name", ["trans_europa", "ticket_to_ride_europe"])
def test_legend_swatches_differ_in_grey(name: str, one_page: tuple, tmp_path: Path) -> None:
    if name == "trans_europa":
        path, printed = one_page
    else:
        printed = board_pdf(load_map(MAPS / f"{name}.yaml"), one_page=True)
        path = printed.save(tmp_path / "routes.pdf")
    image = render(path, 1, gray=True)
    crops = {}
    for key, (x, y, w, h) in printed.poster.swatches.items():
        x0, y0 = px(x + SHOP_MARGIN), px(y + SHOP_MARGIN)
        crops[key] = image[y0 : y0 + px(h), x0 : x0 + px(w)]
    kinds = {"single", "double-water", "double-mountain", "ferry", "tunnel", "mountain"}
    if name != "trans_europa":
        kinds = {"route", "tunnel", "ferry", "locomotive", "land"}
    assert kinds <= set(crops)
    assert sum(k.startswith("color-") for k in crops) == len(printed.poster.board.colors)
    for (a, ca), (b, cb) in combinations(crops.items(), 2):
        assert np.abs(ca - cb).mean() > 5, (a, b)  # measured: 7.8 at least (a dot, a triangle)


@settings(max_examples=5, deadline=None)  # about a second each (two PDFs)
@given(board=boards(max_cities=6), one=st.booleans())
def test_any_valid_board_prints_with_its_cards(board: Board, one: bool) -> None:
    # names in any script (a glyph DejaVu lacks prints as a box, never as an error)
    printed = board_pdf(board, one_page=one)
    assert printed.data.startswith(b"%PDF-") and printed.data.rstrip().endswith(b"%%EOF")
    assert printed.pages == (1 if one else len(printed.tiles) + (len(printed.tiles) > 1))
    if board.cities:
        cards = cards_pdf(board)
        assert [s.title for s in cards.slots] == [c.name for c in board.cities]
    else:
        with pytest.raises(ValueError, match="no cards to print"):
            cards_pdf(board)
