"""The embedded typeface is found or its absence explained; colours parse or say why."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.exceptions import WorkbenchError
from workbench.printing.fonts import FONT_FILES, FontError, find_fonts
from workbench.printing.style import MARKS, grey, ink_on, mark_of, rgb


def test_missing_fonts_say_how_to_install_them(tmp_path: Path) -> None:
    with pytest.raises(FontError, match="apt-get install fonts-dejavu-core") as caught:
        find_fonts((str(tmp_path),))
    assert isinstance(caught.value, WorkbenchError) and isinstance(caught.value, FileNotFoundError)
    (tmp_path / FONT_FILES[""]).write_bytes(b"")  # one of the two is not enough
    with pytest.raises(FontError):
        find_fonts((str(tmp_path),))


def test_the_fonts_folder_can_be_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in FONT_FILES.values():
        (tmp_path / name).write_bytes(b"x")
    monkeypatch.setenv("WORKBENCH_FONTS", str(tmp_path))
    assert find_fonts() == {style: tmp_path / name for style, name in FONT_FILES.items()}


def test_colours_marks_and_inks() -> None:
    with pytest.raises(ValueError, match="'#12345' is not #rrggbb"):
        rgb("#12345")
    assert [mark_of(i) for i in range(len(MARKS))] == list(MARKS)
    assert len(set(MARKS)) == len(MARKS) == 8


@given(st.from_regex(r"#[0-9a-f]{6}", fullmatch=True))
def test_a_mark_always_stands_out_of_its_disc_in_grey(fill: str) -> None:
    assert abs(grey(ink_on(fill)) - grey(fill)) >= 0.44
