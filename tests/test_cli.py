"""The workbench command: lab's folder handling and options, render, schema."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from workbench import cli


def test_lab_copies_notebooks_without_overwriting(tmp_path: Path, monkeypatch) -> None:
    calls: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(subprocess, "call", lambda cmd, env: calls.append((cmd, env)) or 0)
    mine = tmp_path / "01_quickstart.ipynb"
    mine.write_text("my edits")
    code = cli.main(["lab", "--dir", str(tmp_path), "--map", "maps/tiny.yaml", "--port", "8890"])
    assert code == 0
    ((command, env),) = calls
    assert command[1:3] == ["-m", "jupyterlab"]
    assert f"--notebook-dir={tmp_path}" in command and "--port" in command
    assert env["WORKBENCH_MAP"].endswith("maps/tiny.yaml")
    assert mine.read_text() == "my edits", "the user's notebook is kept"


def test_unknown_options_are_refused_outside_lab(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["check", "maps/tiny.yaml", "--port", "1"])
    assert "unrecognized arguments" in capsys.readouterr().err


def test_render_writes_an_offline_page(tmp_path: Path) -> None:
    out = tmp_path / "tiny.html"
    assert cli.main(["render", "maps/tiny.yaml", "-o", str(out)]) == 0
    page = out.read_text()
    assert "Tiny Island" in page and "cdn.bokeh.org" not in page


def test_render_reports_a_broken_map(capsys) -> None:
    assert cli.main(["render", "tests/maps/broken/sea_point.yaml"]) == 1
    assert "sea point" in capsys.readouterr().err


def test_schema_prints_the_file(capsys) -> None:
    assert cli.main(["schema"]) == 0
    assert capsys.readouterr().out == Path("maps/map.schema.json").read_text()
