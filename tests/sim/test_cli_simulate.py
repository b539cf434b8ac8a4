"""``workbench simulate``: the CSV it writes, its progress bar and its errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from workbench import cli
from workbench.games.trans_europa.bots import BOTS
from workbench.games.trans_europa.sim import ROUND_COLUMNS
from workbench.sim import simulate

ARGS = ["simulate", "--map", "maps/tiny.yaml", "--players", "2", "--games", "3", "--seed", "4"]


def test_simulate_writes_the_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, games = tmp_path / "rounds.csv", tmp_path / "games.csv"
    code = cli.main([*ARGS, "--bots", "random", "--out", str(out), "--games-out", str(games)])
    assert code == 0
    expected = simulate("maps/tiny.yaml", None, ["random", "random"], games=3, seed=4)
    assert out.read_text() == expected.rounds.to_csv(index=False)
    assert games.read_text() == expected.games.to_csv(index=False)
    assert list(pd.read_csv(out).columns) == list(ROUND_COLUMNS)
    captured = capsys.readouterr()
    assert "3/3" in captured.err  # the progress bar
    assert f"to {out}" in captured.out and "seat 0: wins" in captured.out
    assert "95% CI" in captured.out
    assert sorted(tmp_path.iterdir()) == sorted([games, out])  # no temporary file left


def test_two_workers_and_a_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "short.yaml"
    rules.write_text("preset: rulebook\ntarget: 5\n")
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    common = [*ARGS, "--bots", "random,random", "--rules", str(rules), "-q"]
    assert cli.main([*common, "--out", str(one)]) == 0
    assert cli.main([*common, "--workers", "2", "--out", str(two)]) == 0
    assert one.read_bytes() == two.read_bytes()
    assert capsys.readouterr().err == ""
    table = pd.read_csv(one)
    assert (table.groupby("game")["score"].max() >= 5).all()


def test_the_default_bot(tmp_path: Path) -> None:
    out = tmp_path / "rounds.csv"
    assert cli.main([*ARGS[:-4], "--games", "1", "-q", "--out", str(out)]) == 0
    assert set(pd.read_csv(out)["bot"]) == {"greedy" if "greedy" in BOTS else "random"}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "random,nobody"], "no bot 'nobody'; the bots are: " + ", ".join(BOTS)),
        (["--bots", "random,random,random"], "names 3 bots for --players 2"),
        (["--rules", "vexation"], "--rules 'vexation' is neither a preset (rulebook, countdown"),
        (["--rules", "tests/maps/broken/yaml_syntax.yaml"], "yaml_syntax.yaml:"),
        (["--map", "tests/maps/broken/sea_point.yaml"], "sea point"),
    ],
)
def test_errors_are_one_line_each(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rounds.csv"
    assert cli.main([*ARGS, *extra, "--out", str(out)]) == 1
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_a_bad_rules_file_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("preset: rulebook\ntargte: 15\n")
    assert cli.main([*ARGS, "--rules", str(rules), "--out", str(tmp_path / "x.csv")]) == 1
    assert f"{rules}:2:1: unknown key 'targte' (did you mean 'target'?" in capsys.readouterr().err


def test_players_the_board_cannot_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--map", "maps/tiny.yaml", "--out", str(tmp_path / "x.csv")]
    assert cli.main(args) == 1
    assert "for 4 players: each player needs one" in capsys.readouterr().err
    assert cli.main([*args[:-1], str(tmp_path / "nowhere" / "x.csv")]) == 1
    assert "does not exist" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main([*ARGS[:-2], "--seed", "-1", "--out", "x.csv"])


# ---------------------------------------------------------------------- issue 14


def test_outputs_are_checked_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("workbench.sim.sweep", lambda *a, **k: pytest.fail("games were played"))
    same = tmp_path / "same.csv"
    for outs, words in (
        (["--out", "/proc/x.csv"], "cannot write --out '/proc/x.csv'"),
        (["--out", str(tmp_path)], "is a folder"),
        (["--out", str(same), "--games-out", "/proc/g.csv"], "cannot write --games-out"),
        (["--out", str(same), "--games-out", str(same)], "both name"),
        (["--out", str(same), "--games", str(10**12)], "is over the 100,000 games"),
    ):
        assert cli.main([*ARGS, *outs]) == 1
        assert words in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_workers_are_capped_at_the_cores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: dict[str, object] = {}

    def sweep(*args: object, **kwargs: object) -> object:
        seen.update(kwargs)
        raise KeyboardInterrupt  # stop there: only the arguments matter

    monkeypatch.setattr("workbench.sim.sweep", sweep)
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    out = tmp_path / "x.csv"
    assert cli.main([*ARGS, "--workers", "48", "--out", str(out), "-q"]) == 130
    assert seen["workers"] == 2
    err = capsys.readouterr().err
    assert "--workers 48 is more than this machine's 2 cores; using 2" in err
    assert "interrupted; no file was written or changed" in err and not out.exists()


INTERRUPTED = """
import os, signal, subprocess, sys, time
# started as from a terminal: Ctrl-C at its default, whatever this test process inherited
signal.signal(signal.SIGINT, signal.SIG_DFL)
out = sys.argv[2]
p = subprocess.Popen([sys.executable, "-m", "workbench", "simulate", "--games", "400",
                      "--workers", sys.argv[1], "--out", out], stdout=subprocess.PIPE,
                     stderr=subprocess.PIPE, text=True, start_new_session=True)
time.sleep(float(sys.argv[3]))
start = time.perf_counter()
os.killpg(p.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
_, err = p.communicate(timeout=60)
print(p.returncode, time.perf_counter() - start, "Traceback" in err or "Error" in err)
"""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_cleanly_and_keeps_the_old_output(workers: str, tmp_path: Path) -> None:
    out = tmp_path / "rounds.csv"
    out.write_text("the old results\n")
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED, workers, str(out), "4"],
        capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    code, seconds, traceback = done.stdout.split()
    assert code == "130" and traceback == "False", done.stdout
    assert float(seconds) < 5  # measured: 0.7-1.4 s (a game ends first with one worker)
    assert out.read_text() == "the old results\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rounds.csv"]


def test_win_rates_by_bot_when_the_bots_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "rounds.csv"
    assert cli.main([*ARGS, "--bots", "random,greedy", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "seat 0: wins" in text and "bot greedy: wins" in text and "bot random: wins" in text


def test_an_interrupted_pool_stops_its_workers_between_games_and_shuts_down() -> None:
    # Terminating busy workers (as this once did) can leave the pool's task pipe full and
    # a thread blocked writing to it, so that the process hangs at exit: the workers are
    # stopped between games instead, and the pool shuts down with nothing left running.
    from workbench.sim.run import Chunk, Stopped, run_chunk
    from workbench.sim.variants import Variant

    v = Variant("europe", "maps/trans_europa.yaml", None, ["greedy"] * 4)
    with pytest.raises(KeyboardInterrupt), cli._stoppable(2, 400, progress=False) as (pool, _):
        futures = [
            pool.submit(run_chunk, Chunk(v, 0, i, i + 50, True, 30)) for i in range(0, 400, 50)
        ]
        while not any(f.running() for f in futures):
            pass
        raise KeyboardInterrupt
    assert all(f.done() for f in futures)
    stopped = [f for f in futures if not f.cancelled() and isinstance(f.exception(), Stopped)]
    assert stopped, [f._state for f in futures]
    assert all(f.cancelled() or f in stopped for f in futures)  # no chunk ran to its end
    assert pool._processes is None  # shut down, its processes joined
