"""Running games: the same tables in this process, in processes, on threads and on Dask."""

from __future__ import annotations

import concurrent.futures
import subprocess
import sys

import pytest

from tests.sim.conftest import TINY, FirstBot
from workbench import Board
from workbench.games.trans_europa import Rules, apply_cards
from workbench.sim import SimResult, Variant, simulate, sweep


def csv(result: SimResult) -> tuple[str, str]:
    return result.rounds.to_csv(index=False), result.games.to_csv(index=False)


def test_two_workers_write_the_same_bytes(tiny: Board, randoms: SimResult) -> None:
    pooled = simulate(tiny, None, ["random", "random"], games=8, seed=5, workers=2, chunk_size=3)
    assert csv(pooled) == csv(randoms)
    assert pooled.rounds.equals(randoms.rounds) and pooled.games.equals(randoms.games)


def test_chunk_size_and_executor_do_not_matter(tiny: Board, mixed: SimResult) -> None:
    one = simulate(tiny, "countdown", ["random", FirstBot], games=6, seed=11, chunk_size=1)
    assert csv(one) == csv(mixed)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        threaded = simulate(tiny, "countdown", ["random", FirstBot], 6, 11, executor=pool)
    assert csv(threaded) == csv(mixed)


def test_rows_held_between_chunks_make_the_same_frames(
    tiny: Board, mixed: SimResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    # consecutive chunks' rows are made into frames together, up to a limit: the tables are
    # the same whether every chunk is its own frame, some are held together, or all are
    import workbench.sim.run as run

    for limit in (0, 15, 10**9):
        monkeypatch.setattr(run, "_HELD_ROWS", limit)
        held = simulate(tiny, "countdown", ["random", FirstBot], games=6, seed=11, chunk_size=1)
        assert csv(held) == csv(mixed)
        assert list(held.rounds.dtypes) == list(mixed.rounds.dtypes)
        assert list(held.games.dtypes) == list(mixed.games.dtypes)


def test_a_dask_cluster_gives_the_same_tables(randoms: SimResult) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=40,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = simulate(
            TINY, None, ["random", "random"], games=4, seed=5, executor=client, chunk_size=1
        )
    local = simulate(TINY, None, ["random", "random"], games=4, seed=5)
    assert remote.rounds.equals(local.rounds) and remote.games.equals(local.games)
    assert csv(remote) == csv(local)
    assert local.games.equals(randoms.games[:4])  # game i depends on the seed and i only


def test_another_seed_gives_other_games(tiny: Board, randoms: SimResult) -> None:
    other = simulate(tiny, None, ["random", "random"], games=2, seed=6)
    assert other.games["seed"].to_list() != randoms.games["seed"][:2].to_list()


def test_a_sweep_plays_every_variant_from_the_same_seeds(tiny: Board) -> None:
    water = apply_cards(Rules(), ["water_single"])
    rules = {"race": Rules(), "race again": Rules(), "water": water}
    variants = Variant.product([tiny], rules, [("random", "random")])
    result = sweep(variants, games=3, seed=9)
    assert [v.name for v in result.variants] == ["race", "race again", "water"]
    by = {name: g.reset_index(drop=True) for name, g in result.games.groupby("variant")}
    assert by["race"]["seed"].to_list() == by["water"]["seed"].to_list()
    # two equal variants play equal games: the same deals and the same bots' choices
    assert by["race"].drop(columns="variant").equals(by["race again"].drop(columns="variant"))
    rounds = {
        name: r.reset_index(drop=True).drop(columns="variant")
        for name, r in result.rounds.groupby("variant")
    }
    assert rounds["race"].equals(rounds["race again"])
    summary = result.summary()
    assert summary["variant"].to_list() == ["race", "race again", "water"]
    assert summary.loc[0].drop("variant").equals(summary.loc[1].drop("variant"))


def test_bad_arguments_say_what_is_wrong(tiny: Board) -> None:
    with pytest.raises(ValueError, match=r"no bot 'randon' \(did you mean 'random'\?\); the"):
        simulate(tiny, None, ["random", "randon"], games=1)
    with pytest.raises(ValueError, match="games is 0"):
        simulate(tiny, None, ["random", "random"], games=0)
    with pytest.raises(ValueError, match="workers is 0"):
        simulate(tiny, None, ["random", "random"], games=1, workers=0)
    with pytest.raises(ValueError, match="executor is 3"):
        simulate(tiny, None, ["random", "random"], games=1, executor=3)
    with pytest.raises(ValueError, match="3 players"):
        simulate(tiny, None, ["random"] * 3, games=1)
    with pytest.raises(ValueError, match="two variants are named 'a'"):
        sweep([Variant("a", tiny, None, ["random"] * 2)] * 2, games=1)


def test_progress_goes_to_stderr(tiny: Board, capsys: pytest.CaptureFixture[str]) -> None:
    simulate(tiny, "countdown", ["random", "random"], games=2, seed=1, progress=True)
    captured = capsys.readouterr()
    assert "2/2" in captured.err and captured.out == ""
    simulate(tiny, "countdown", ["random", "random"], games=1, seed=1)
    assert capsys.readouterr().err == ""
    done: list[int] = []
    simulate(tiny, "countdown", ["random"] * 2, games=3, seed=1, progress=done.append)
    assert done == [1, 1, 1] and capsys.readouterr().err == ""
    done.clear()
    simulate(tiny, "countdown", ["random"] * 2, 3, 1, workers=2, chunk_size=2, progress=done.append)
    assert sorted(done) == [1, 2]


def test_the_simulator_imports_no_ui_and_no_dask() -> None:
    code = (
        "import sys; from workbench.sim import simulate;"
        "simulate('maps/tiny.yaml', 'countdown', ['random'] * 2, games=1, progress=True);"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('bokeh', 'ipywidgets', 'jupyter_bokeh', 'dask', 'distributed') "
        "or m.startswith('workbench.ui')];"
        "print(bad); raise SystemExit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
