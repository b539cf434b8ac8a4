"""Card sheets: nine cards a page, every card where its slot says, dashed frames where the
card is dashed, cut marks in line with the cards' edges."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.conftest import MAPS
from tests.printing.conftest import needs_poppler, page_sizes, px, render, words
from workbench import Board, RouteBoard, load_map
from workbench.games.transorient_express.cards import load_cards
from workbench.printing import CARD_HEIGHT, CARD_WIDTH, cards_pdf
from workbench.printing.cards import INSET


@pytest.fixture(scope="module")
def europe() -> Board:
    board = load_map(MAPS / "trans_europa.yaml")
    assert isinstance(board, Board)
    return board


@pytest.fixture(scope="module")
def city_cards(europe: Board, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    printed = cards_pdf(europe)
    return printed.save(tmp_path_factory.mktemp("cards") / "cities.pdf"), printed


@needs_poppler
def test_one_city_card_per_city_nine_a_page_each_named_in_its_slot(
    europe: Board, city_cards: tuple
) -> None:
    path, printed = city_cards
    assert [s.title for s in printed.slots] == [c.name for c in europe.cities]
    sizes = page_sizes(path)
    assert len(sizes) == printed.pages == -(-len(europe.cities) // 9)
    assert all(s == pytest.approx((210.0, 297.0), abs=0.2) for s in sizes)
    for page in (1, printed.pages):
        found = words(path, page)
        for slot in (s for s in printed.slots if s.page == page):
            first = slot.title.split()[0]
            boxes = [w for w in found if w[0] == first]
            inside = [
                w
                for w in boxes
                if slot.x < w[1] < w[3] < slot.x + CARD_WIDTH
                and slot.y < w[2] < w[4] < slot.y + CARD_HEIGHT / 3
            ]
            assert inside, (slot, boxes)  # the name, in the top third of its own card


@needs_poppler
def test_dashed_cards_have_a_dashed_frame_and_the_others_a_solid_one(
    europe: Board, city_cards: tuple
) -> None:
    path, printed = city_cards
    image = render(path, 1, gray=True, dpi=254)  # 10 px a mm
    seen = set()
    for slot in (s for s in printed.slots if s.page == 1):
        dashed = europe.city(slot.title).dashed
        seen.add(dashed)
        y = px(slot.y + INSET, 254)  # along the frame's top edge, away from the corners
        row = image[y - 2 : y + 3, px(slot.x + 12, 254) : px(slot.x + CARD_WIDTH - 12, 254)]
        ink = row.min(axis=0) < 200  # a column of the edge has frame ink
        assert (ink.mean() < 0.85) == dashed, (slot.title, ink.mean())
    assert seen == {True, False}  # page 1 has both kinds (Porto and Seville are dashed)


@needs_poppler
def test_cut_marks_line_up_with_the_card_edges(city_cards: tuple) -> None:
    path, printed = city_cards
    image = render(path, 1, gray=True, dpi=254)
    left, top = printed.slots[0].x, printed.slots[0].y
    for i in range(4):  # above the grid, in line with each vertical cut
        x = px(left + i * CARD_WIDTH, 254)
        assert image[px(top - 4, 254), x - 2 : x + 3].min() < 100
        assert image[px(top - 4, 254), x + 10 : x + 30].min() > 240  # and only there
    for j in range(4):  # left of the grid, in line with each horizontal cut
        y = px(top + j * CARD_HEIGHT, 254)
        assert image[y - 2 : y + 3, px(left - 4, 254)].min() < 100


@needs_poppler
def test_tickets_and_the_card_set_print_every_card(tmp_path: Path) -> None:
    routes = load_map(MAPS / "ticket_to_ride_europe.yaml")
    assert isinstance(routes, RouteBoard)
    tickets = cards_pdf(routes, paper="letter")
    path = tickets.save(tmp_path / "tickets.pdf")
    assert len(tickets.slots) == len(routes.tickets)
    assert all(s == pytest.approx((215.9, 279.4), abs=0.2) for s in page_sizes(path))
    first = routes.tickets[0]
    texts = {w[0] for w in words(path, 1)}
    assert set(first.ends) <= texts and str(first.points) in texts
    cards = load_cards(MAPS / "transorient_express.yaml")
    printed = cards_pdf(cards)
    path = printed.save(tmp_path / "transorient.pdf")
    n = len(cards.destinations) + len(cards.luggage) + len(cards.objectives)
    assert len(printed.slots) == n == 106 and len(page_sizes(path)) == 12
    last = {w[0] for w in words(path, 12)}
    assert {"Route", "18"} <= last  # the last objective
    assert np.array_equal(sorted({s.page for s in printed.slots}), np.arange(1, 13))


@needs_poppler
def test_backs_follow_each_sheet_mirrored_for_double_sided_printing(
    europe: Board, tmp_path: Path
) -> None:
    printed = cards_pdf(europe, backs=True)
    path = printed.save(tmp_path / "backs.pdf")
    sheets = -(-len(europe.cities) // 9)
    assert len(page_sizes(path)) == printed.pages == 2 * sheets
    assert {s.page for s in printed.slots} == set(range(1, 2 * sheets, 2))  # fronts: odd pages
    last = [s for s in printed.slots if s.page == 2 * sheets - 1]
    assert len(last) == len(europe.cities) - 9 * (sheets - 1) == 8  # a sheet not full
    left, top = printed.slots[0].x, printed.slots[0].y

    def cell(x: float, y: float) -> tuple[int, int]:
        return int((x - left) // CARD_WIDTH), int((y - top) // CARD_HEIGHT)

    fronts = {cell(s.x + 1, s.y + 1) for s in last}
    backs = {cell(w[1], w[2]) for w in words(path, 2 * sheets) if w[0] == "card"}
    assert backs == {(2 - col, row) for col, row in fronts} != fronts


@needs_poppler
def test_every_card_face_is_white_whatever_was_drawn_before(tmp_path: Path) -> None:
    cards = load_cards(MAPS / "transorient_express.yaml")
    for source in (load_map(MAPS / "trans_europa.yaml"), cards):
        printed = cards_pdf(source)
        path = printed.save(tmp_path / "faces.pdf")
        for page in (1, 2):
            image = render(path, page, dpi=50.8)
            for slot in (s for s in printed.slots if s.page == page):
                # the white band between a card's header and its title
                x, y = px(slot.x + 12.0), px(slot.y + INSET + 2.5 + 10.5)
                assert image[y, x - 4 : x + 4].min() > 245, (slot.title, image[y, x])
