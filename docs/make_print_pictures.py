"""Render the printed Trans Europa board and its city cards to the picture in the docs.

``workbench print`` makes the PDFs; Debian's poppler-utils (``pdftoppm``) renders a tile
page (C1: Scandinavia, the Channel and the Rhine) and the first sheet of city cards; the
two A4 pages go side by side into ``docs/print_and_play.png``. Run from the repository root::

    python docs/make_print_pictures.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing the package

from workbench import load_map  # noqa: E402
from workbench.printing import board_pdf, cards_pdf  # noqa: E402

DPI = 72
"""Pixels an inch of the picture: an A4 page is 595 x 842 pixels."""


def _page(pdf: Path, page: int) -> Image.Image:
    out = pdf.with_name(f"{pdf.stem}-{page}")
    pages = ["-f", str(page), "-l", str(page)]
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), *pages, "-singlefile", "-png", str(pdf), str(out)],
        check=True,
    )
    return Image.open(out.with_suffix(".png")).convert("RGB")


def main() -> None:
    board = load_map(ROOT / "maps" / "trans_europa.yaml")
    with tempfile.TemporaryDirectory() as folder:
        printed = board_pdf(board)
        tiles = printed.save(Path(folder) / "board.pdf")
        page = 1 + next(i for i, t in enumerate(printed.tiles, start=1) if t.label == "C1")
        cards = cards_pdf(board).save(Path(folder) / "cards.pdf")
        left, right = _page(tiles, page), _page(cards, 1)
        gap = 24
        picture = Image.new(
            "RGB", (left.width + gap + right.width, max(left.height, right.height)), "#8a8a8a"
        )
        picture.paste(left, (0, 0))
        picture.paste(right, (left.width + gap, 0))
        target = ROOT / "docs" / "print_and_play.png"
        picture.save(target, optimize=True)
        print(f"wrote {target.relative_to(ROOT)} ({picture.width} x {picture.height})")


if __name__ == "__main__":
    main()
