"""``workbench print``: the board and the cards of every shipped board, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CARD_SETS, MAPS, ROUTE_MAPS, SHIPPED
from tests.printing.conftest import needs_poppler, page_sizes, render
from workbench.cli import main

BOARDS = [*SHIPPED, *ROUTE_MAPS]


@needs_poppler
@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_every_shipped_board_prints_its_board_and_its_cards(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board, cards = tmp_path / "board.pdf", tmp_path / "cards.pdf"
    assert main(["print", str(path), "-o", str(board)]) == 0
    assert main(["print", str(path), "--cards", "-o", str(cards), "--paper", "letter"]) == 0
    said = capsys.readouterr().out
    assert f"wrote {board}: a " in said and f"wrote {cards}: " in said
    sizes = page_sizes(board)
    pages = 1 if " one page of A4" in said else int(said.split(" pages of A4")[0].split()[-1])
    assert len(sizes) == pages
    assert all(sorted(s) == pytest.approx([210.0, 297.0], abs=0.2) for s in sizes)
    assert all(s == pytest.approx((215.9, 279.4), abs=0.2) for s in page_sizes(cards))
    for pdf in (board, cards):  # and each renders to a picture with something on it
        first, last = (
            render(pdf, 1, gray=True, dpi=10),
            render(pdf, len(page_sizes(pdf)), gray=True, dpi=10),
        )
        assert first.std() > 10 and last.std() > 10


@needs_poppler
@pytest.mark.parametrize("path", CARD_SETS, ids=lambda p: p.stem)
def test_a_card_set_prints_its_cards(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    assert main(["print", str(path), "-o", str(out)]) == 0
    assert len(page_sizes(out)) >= 1


@needs_poppler
def test_one_page_is_the_board_size(tmp_path: Path) -> None:
    out = tmp_path / "shop.pdf"
    assert main(["print", "tiny", "--one-page", "--scale", "30", "-o", str(out)]) == 0
    ((w, _h),) = page_sizes(out)
    assert 9.5 * 30 < w < 11 * 30  # tiny is 8.5 steps wide, plus padding and a border


def test_bad_input_is_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["print", "nowhere"]) == 1
    assert "no map file 'nowhere'" in capsys.readouterr().err
    assert main(["print", str(MAPS / "tiny.yaml"), "-o", str(tmp_path)]) == 1
    assert "is a folder" in capsys.readouterr().err
    assert (
        main(["print", str(MAPS / "tiny.yaml"), "--scale", "0", "-o", str(tmp_path / "x.pdf")]) == 1
    )
    assert "scale 0.0 must be a positive number" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()
    assert main(["print", str(CARD_SETS[0]), "--one-page", "-o", str(tmp_path / "y.pdf")]) == 1
    assert "a card set has no board" in capsys.readouterr().err
    big = ["print", "trans_europa", "--one-page", "--scale", "200", "-o", str(tmp_path / "v.pdf")]
    assert main(big) == 1
    assert "more than one PDF page holds (508 cm a side)" in capsys.readouterr().err
    assert main(["print", "tiny", "--backs", "-o", str(tmp_path / "w.pdf")]) == 1
    assert "--backs goes with --cards" in capsys.readouterr().err
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\nname: x\nlattice: {columns: 3, rows: -2}\n", encoding="utf-8")
    assert main(["print", str(broken), "-o", str(tmp_path / "z.pdf")]) == 1
    assert str(broken) in capsys.readouterr().err
