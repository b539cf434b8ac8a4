"""Render the shipped boards to PNG pictures for the documentation.

Each map file becomes a standalone HTML page (BokehJS inline, see
:func:`workbench.ui.render.save_board_html`) in a temporary folder, and headless Chromium
takes a screenshot of it to ``docs/<stem>.png``. Run from the repository root::

    python docs/make_pictures.py                    # every maps/*.yaml
    python docs/make_pictures.py maps/tiny.yaml     # some boards
    python docs/make_pictures.py --html             # keep docs/<stem>.html as well

Chromium is looked up as ``chromium`` on the PATH (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing the package

from workbench import RouteBoard, load_map  # noqa: E402
from workbench.ui.render import board_figure, save_board_html  # noqa: E402
from workbench.ui.route_render import route_figure, save_route_board_html  # noqa: E402

WIDTH = 1000
"""Width of the browser window; the figure is drawn a little narrower."""
MARGIN = 16
"""The page's margins around the figure (the browser's default 8 px body margin, twice)."""

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--hide-scrollbars",
    "--virtual-time-budget=3000",  # let BokehJS draw before the shot is taken
)


def find_chromium() -> str:
    """The path of the Chromium executable, or exit with a hint on installing it."""
    for candidate in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chrome")):
        if candidate and Path(candidate).exists():
            return candidate
    sys.exit("make_pictures: Chromium not found (Debian: apt-get install -y chromium)")


def screenshot(chromium: str, page: Path, out: Path, size: tuple[int, int]) -> None:
    """Take a PNG screenshot of the HTML file ``page`` to ``out`` (written atomically)."""
    with tempfile.TemporaryDirectory(prefix="make_pictures-") as profile:
        shot = Path(profile) / "shot.png"
        command = [
            chromium,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            f"--window-size={size[0]},{size[1]}",
            f"--screenshot={shot}",
            page.resolve().as_uri(),
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0 or not shot.exists():
            sys.exit(f"make_pictures: Chromium failed on {page}:\n{done.stderr[-2000:]}")
        tmp = out.with_name(f".{out.name}.tmp")
        shutil.copyfile(shot, tmp)
        os.replace(tmp, out)


def render(map_file: Path, out_dir: Path, chromium: str, keep_html: bool) -> Path:
    """Render one map file to ``out_dir/<stem>.png``; return the PNG's path."""
    board = load_map(map_file)
    figure_width = WIDTH - MARGIN
    if isinstance(board, RouteBoard):  # a route board has its own drawing
        height = (route_figure(board, width=figure_width).height or 0) + MARGIN
    else:
        height = (board_figure(board, width=figure_width).height or 0) + MARGIN
    with tempfile.TemporaryDirectory(prefix="make_pictures-") as folder:
        page = Path(folder) / f"{map_file.stem}.html"
        if isinstance(board, RouteBoard):
            save_route_board_html(board, page, width=figure_width)
        else:
            save_board_html(board, page, width=figure_width)
        png = out_dir / f"{map_file.stem}.png"
        screenshot(chromium, page, png, (WIDTH, int(height)))
        if keep_html:
            shutil.copyfile(page, out_dir / page.name)
    return png


def main(argv: list[str] | None = None) -> int:
    """Command line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", type=Path, help="map files (default: maps/*.yaml)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the PNGs")
    parser.add_argument("--html", action="store_true", help="keep the HTML pages beside them")
    args = parser.parse_args(argv)
    maps = args.maps or sorted((ROOT / "maps").glob("*.yaml"))
    if not maps:
        print("make_pictures: no map files", file=sys.stderr)
        return 1
    chromium = find_chromium()
    args.out.mkdir(parents=True, exist_ok=True)
    for map_file in maps:
        png = render(map_file, args.out, chromium, args.html)
        print(png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
