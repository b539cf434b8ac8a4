"""Writing files: only regular files or new paths, atomically, and no temporaries left."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from workbench.files import output_problem, write_atomic


def test_a_fifo_a_folder_and_a_device_are_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, words in ((fifo, "is a FIFO"), (tmp_path, "is a folder"), ("/dev/null", "device")):
        with pytest.raises(OSError, match=words):
            write_atomic(path, "x")
        assert words in (output_problem(path) or "")
    assert Path(fifo).exists() and not Path(fifo).is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_symbolic_link_is_kept_and_its_file_replaced(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert output_problem(link) is None
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "null"
    link.symlink_to("/dev/null")
    with pytest.raises(OSError, match="device"):
        write_atomic(link, "x")
    assert link.is_symlink()


def test_output_problems_are_found_before_any_work(tmp_path: Path) -> None:
    assert output_problem(tmp_path / "new.csv") is None
    assert "does not exist" in (output_problem(tmp_path / "no" / "x.csv") or "")
    assert output_problem("/proc/x.csv") is not None  # even for root
    assert sorted(tmp_path.iterdir()) == []  # the probe leaves nothing


def test_stale_temporaries_of_killed_saves_are_removed(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    stale = tmp_path / f".board.yaml.{dead.stdout.strip()}.abc123.tmp"
    stale.write_text("half a save")
    running = tmp_path / f".board.yaml.{os.getppid()}.def456.tmp"  # a save in progress
    running.write_text("being written")
    other = tmp_path / f".other.yaml.{dead.stdout.strip()}.x.tmp"
    other.write_text("another file's")
    write_atomic(tmp_path / "board.yaml", "whole")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(["board.yaml", running.name, other.name])


def test_a_killed_save_leaves_the_old_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "europe.yaml"
    target.write_text(Path("maps/trans_europa.yaml").read_text())
    before = target.read_bytes()
    saver = (
        "import sys; from workbench import load_map, save_map\n"
        "b = load_map('maps/trans_europa.yaml'); print('go', flush=True)\n"
        "while True: save_map(b, sys.argv[1])\n"
    )
    for delay in (0.0, 0.01, 0.03):
        p = subprocess.Popen([sys.executable, "-c", saver, str(target)], stdout=subprocess.PIPE)
        assert p.stdout is not None and p.stdout.readline()
        time.sleep(delay)
        p.kill()
        p.wait()
        assert target.read_bytes() == before  # the same board, written whole
    write_atomic(target, before)
    assert [p.name for p in tmp_path.iterdir()] == ["europe.yaml"]
