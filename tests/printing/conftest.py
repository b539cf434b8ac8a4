"""Helpers for the printing tests: PDFs read back with Debian's poppler-utils."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

POPPLER = all(shutil.which(tool) for tool in ("pdftoppm", "pdfinfo", "pdftotext", "pdffonts"))
needs_poppler = pytest.mark.skipif(
    not POPPLER, reason="Debian's poppler-utils (pdftoppm, pdfinfo) is not installed"
)

MM = 72 / 25.4
"""PDF points per millimetre."""
DPI = 50.8
"""Two pixels a millimetre: tiles and swatches fall on whole pixels."""


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Every page's size in mm, read by ``pdfinfo``."""
    text = subprocess.run(
        ["pdfinfo", "-f", "1", "-l", "9999", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", text)
    return [(float(w) / MM, float(h) / MM) for w, h in sizes]


def words(pdf: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """``(word, x0, y0, x1, y1)`` in mm of a page's words, by ``pdftotext -bbox``."""
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        html,
    )
    return [
        (w, float(a) / MM, float(b) / MM, float(c) / MM, float(d) / MM) for a, b, c, d, w in found
    ]


def page_text(pdf: Path, page: int) -> str:
    """A page's text, by ``pdftotext``."""
    return subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@cache
def render(
    pdf: Path,
    page: int,
    *,
    gray: bool = False,
    dpi: float = DPI,
    box: tuple[float, float, float, float] | None = None,
) -> np.ndarray:
    """A page as pixels (``dpi`` pixels an inch): H x W x 3 in colour, H x W in grey;
    ``box`` (x, y, w, h in mm) renders only that part."""
    tag = "" if box is None else "-" + "-".join(f"{v:g}" for v in box)
    out = pdf.with_name(f"{pdf.stem}-p{page}{'-g' if gray else ''}{dpi:g}{tag}".replace(".", "_"))
    args = ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile"]
    args += ["-gray"] if gray else []
    if box is not None:
        x, y, w, h = (str(px(v, dpi)) for v in box)
        args += ["-x", x, "-y", y, "-W", w, "-H", h]
    subprocess.run([*args, "-png", str(pdf), str(out)], check=True)
    with Image.open(out.with_suffix(".png")) as image:
        return np.asarray(image.convert("L" if gray else "RGB"), dtype=np.int16)


def px(mm: float, dpi: float = DPI) -> int:
    """Millimetres to whole pixels at ``dpi``."""
    return round(mm * dpi / 25.4)
