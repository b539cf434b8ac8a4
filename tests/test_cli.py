"""The workbench command: lab's folder handling and options, render, schema."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from workbench import __version__, cli
from workbench.games.trans_europa import PRESETS
from workbench.games.trans_europa.bots import BOTS


def test_lab_copies_notebooks_without_overwriting(tmp_path: Path, monkeypatch) -> None:
    calls: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(cli, "_exec", lambda cmd, env: calls.append((cmd, env)) or 0)
    mine = tmp_path / "01_quickstart.ipynb"
    mine.write_text("my edits")
    code = cli.main(["lab", "--dir", str(tmp_path), "--map", "maps/tiny.yaml", "--port", "8890"])
    assert code == 0
    ((command, env),) = calls
    assert command[1:3] == ["-m", "jupyterlab"]
    assert f"--notebook-dir={tmp_path}" in command and "--port" in command
    assert env["WORKBENCH_MAP"].endswith("maps/tiny.yaml")
    assert mine.read_text() == "my edits", "the user's notebook is kept"
    assert env["JUPYTER_CONFIG_PATH"].split(os.pathsep)[0].endswith("jupyter_config")


def test_lab_takes_a_shipped_board_by_name(tmp_path: Path, monkeypatch) -> None:
    calls: list[dict[str, str]] = []
    monkeypatch.setattr(cli, "_exec", lambda cmd, env: calls.append(env) or 0)
    assert cli.main(["lab", "--dir", str(tmp_path), "--map", "trans_amerika"]) == 0
    assert calls[0]["WORKBENCH_MAP"].endswith("maps/trans_amerika.yaml")


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


# ---------------------------------------------------------------------- issues 14 and 17


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"workbench {__version__}"


def test_help_gives_every_default_and_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["simulate"], ["render"], ["analyze"]):
        with pytest.raises(SystemExit):
            cli.main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("games to play, 1 to 100,000 (default 100)", "(default 0)",
                  "the CSV to write", "in the current folder", ", ".join(PRESETS),
                  ", ".join(BOTS), "exit codes: 0 done; 1 bad input"):  # fmt: skip
        assert words in text, words


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--out", "x.csv", "--games", "ten"],
        ["analyze", "maps/tiny.yaml", "--chokepoints", "-1"],
        ["simulate", "--out", "x.csv", "--workers", "-2"],
        ["nope"],
        [],
    ],
)
def test_a_bad_command_line_exits_1_like_any_bad_input(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    assert info.value.code == cli.EXIT_BAD_INPUT == 1


def test_render_without_o_says_where_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    tiny = Path(__file__).parent.parent / "maps" / "tiny.yaml"
    assert cli.main(["render", str(tiny)]) == 0
    assert "wrote tiny.html (in the current folder" in capsys.readouterr().out
    assert (tmp_path / "tiny.html").is_file()


def test_lab_does_not_start_on_a_map_that_does_not_load(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[object] = []
    monkeypatch.setattr(subprocess, "call", lambda *a, **k: calls.append(a) or 0)
    for board in ("nope.yaml", "tests/maps/broken/sea_point.yaml"):
        assert cli.main(["lab", "--map", board]) == 1
    assert calls == []
    assert "JupyterLab was not started" in capsys.readouterr().err


def test_lab_dir_that_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(subprocess, "call", lambda *a, **k: pytest.fail("lab started"))
    (tmp_path / "file").write_text("x")
    assert cli.main(["lab", "--dir", str(tmp_path / "file" / "inside")]) == 1
    assert "cannot use --dir" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["render", "maps/tiny.yaml", "-o", "{fifo}"], "cannot write -o '{fifo}': is a FIFO"),
        (["render", "maps/tiny.yaml", "-o", "/dev/full"], "is a device"),
        (
            ["analyze", "maps/tiny.yaml", "--html", "{tmp}"],
            "cannot write --html '{tmp}': is a folder",
        ),
        (["schema", "-o", "{tmp}/no/x.json"], "does not exist"),
        (["schema", "-o", "/proc/x.json"], "cannot write -o '/proc/x.json'"),
    ],
)
def test_output_paths_are_checked_before_the_work(
    argv: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monkeypatch.setattr(cli, "_load", lambda path: pytest.fail("the work started"))
    argv = [a.format(fifo=fifo, tmp=tmp_path) for a in argv]
    assert cli.main(argv) == 1
    assert words.format(fifo=fifo, tmp=tmp_path) in capsys.readouterr().err
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_terminal_escapes_are_shown_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Report:
        def text(self) -> str:
            return "city \x1b]0;owned\x07Paris\u202e and Zürich\nnext line"

    monkeypatch.setattr("workbench.analysis.report.analyze", lambda *a, **k: Report())
    assert cli.main(["analyze", "maps/tiny.yaml"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b]0;owned\\x07Paris\\u202e and Zürich\nnext line" in out


def test_names_the_terminal_cannot_encode_are_printed_escaped() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "check", "tests/maps/broken/lookalike_names.yaml"],
        capture_output=True, text=True, env=env, encoding="ascii", errors="strict",
    )  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "city name '\\xc5land' is used 2 times" in done.stdout


def test_a_board_without_cities_is_refused_by_analyze(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = Path("maps/tiny.yaml").read_text()
    path = tmp_path / "empty.yaml"
    path.write_text(text[: text.index("cities:")] + "cities: []\n")
    assert cli.main(["check", str(path)]) == 0  # a warning
    assert cli.main(["analyze", str(path)]) == 1
    assert "has no cities, so there is nothing to deal" in capsys.readouterr().err
    one = tmp_path / "one.yaml"
    others = ("Birch", "Cedar", "Dogwood", "Elder", "Fir", "Ginkgo", "Hazel", "Ivy", "Juniper")
    kept = [line for line in text.splitlines() if not any(f"name: {n}," in line for n in others)]
    one.write_text("\n".join(kept) + "\n")
    assert cli.main(["analyze", str(one)]) == 1
    assert "cannot be analysed: no cities of color white" in capsys.readouterr().err


def test_an_interrupt_inside_compiled_code_is_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def kernel(args: object) -> int:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as e:  # what CPython raises when C code swallows it
            raise SystemError("<built-in function kernel> returned a result") from e

    monkeypatch.setattr(cli, "_check", kernel)
    assert cli.main(["check", "maps/tiny.yaml"]) == 130
    assert "interrupted" in capsys.readouterr().err
