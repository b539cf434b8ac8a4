"""The command line starts without the heavy libraries it does not need.

Importing ``workbench.cli`` imports no heavy library; ``workbench --help`` and ``workbench
check`` import neither numba nor networkx (nor scipy or pandas).
Start-up time itself is measured by hand (``time workbench --help``), not here: this
checks what makes it short.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("networkx", "numpy", "shapely", "scipy", "numba", "pandas", "yaml", "fpdf", "bokeh")


def loaded_after(code: str) -> dict[str, bool]:
    report = f"print(json.dumps({{m: m in sys.modules for m in {HEAVY!r}}}))"
    probe = f"{code}\nimport json, sys\n{report}"
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, bool] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_the_cli_module_imports_no_heavy_library() -> None:
    assert not any(loaded_after("import workbench.cli").values())


def test_help_imports_no_compiler_and_no_graph_library() -> None:
    # the parser lists the bots and presets, which bring the maps layer (numpy, shapely,
    # YAML) but not numba, networkx, scipy or pandas
    code = (
        "import contextlib, io\n"
        "from workbench.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--help'])"
    )
    loaded = loaded_after(code)
    assert not any(loaded[m] for m in ("networkx", "numba", "scipy", "pandas"))


def test_the_package_still_offers_its_names() -> None:
    code = "import workbench\nassert workbench.load_map('maps/tiny.yaml').name"
    assert loaded_after(code)["yaml"]


def test_check_imports_no_networkx() -> None:
    code = (
        "import contextlib, io\n"
        "from workbench.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['check', 'maps/trans_europa.yaml']) == 0"
    )
    loaded = loaded_after(code)
    assert not any(loaded[m] for m in ("networkx", "numba", "scipy", "pandas"))
    assert loaded["yaml"]  # the probe sees a module that is imported


def test_help_imports_no_pdf_graph_plotting_compiler_or_table_library() -> None:
    # issue 32: print-and-play had brought the PDF library into `workbench --help`
    code = (
        "import contextlib, io\n"
        "from workbench.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--help'])"
    )
    loaded = loaded_after(code)
    assert not any(loaded[m] for m in ("fpdf", "networkx", "bokeh", "numba", "pandas")), loaded


def test_subcommand_help_names_every_game_with_its_bots() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "workbench", "simulate", "--help"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    from workbench.games import GAMES

    for name in GAMES:
        info = GAMES[name]
        assert f"{name}: {info.title}, {info.players[0]} to {info.players[1]} players" in out
        assert ", ".join(info.bots) in out and ", ".join(info.presets) in out
