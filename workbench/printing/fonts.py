"""The typeface printed pages use: DejaVu Sans, found on the system and embedded.

A PDF shows the same letters everywhere only when its fonts travel inside it, and the
fourteen fonts every reader has know Latin-1 alone (no "Kraków", no "Łódź"). So printed
pages embed DejaVu Sans (regular and bold; only the glyphs used, as a subset). Its licence
(Bitstream Vera's, with the DejaVu changes in the public domain) allows that. The files come
from the system: Debian's ``fonts-dejavu-core`` package, which most Linux systems have and
``.ci/run`` installs, or a folder named by the ``WORKBENCH_FONTS`` environment variable.
"""

from __future__ import annotations

import os
from pathlib import Path

from workbench.exceptions import WorkbenchError

__all__ = ["FONT_FILES", "FontError", "find_fonts"]

FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
"""The files of each style (fpdf2's ``""`` regular and ``"B"`` bold)."""

_FOLDERS = (
    "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu
    "/usr/share/fonts/dejavu",  # Fedora, Arch
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
    "/usr/local/share/fonts/dejavu",
    "/opt/homebrew/share/fonts",
    "/Library/Fonts",
    "~/Library/Fonts",
    "~/.local/share/fonts",
    "~/.fonts",
)


class FontError(WorkbenchError, FileNotFoundError):
    """The typeface printed pages embed is not on this machine."""


def find_fonts(folders: tuple[str, ...] | None = None) -> dict[str, Path]:
    """The DejaVu Sans files, by style: the first folder that holds both wins.

    The folder named by ``WORKBENCH_FONTS`` comes first, then the usual system places.

    Raises
    ------
    FontError
        When no folder has them, saying how to install them.

    Examples
    --------
    >>> fonts = find_fonts()
    >>> sorted(fonts), fonts["B"].name
    (['', 'B'], 'DejaVuSans-Bold.ttf')
    """
    if folders is None:
        own = os.environ.get("WORKBENCH_FONTS")
        folders = ((own,) if own else ()) + _FOLDERS
    for folder in folders:
        base = Path(folder).expanduser()
        found = {style: base / name for style, name in FONT_FILES.items()}
        if all(p.is_file() for p in found.values()):
            return found
    raise FontError(
        "cannot find DejaVu Sans (DejaVuSans.ttf and DejaVuSans-Bold.ttf), which printed pages "
        "embed: install it (Debian, Ubuntu: apt-get install fonts-dejavu-core) or set "
        "WORKBENCH_FONTS to a folder that holds both files"
    )
