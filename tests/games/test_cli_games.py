"""`workbench games` and `workbench simulate --game`."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from workbench import cli
from workbench.games import GAMES


def test_games_lists_every_game_with_its_presets_and_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    for name in GAMES:
        info = GAMES[name]
        assert f"{name}: {info.title}" in out
        assert f"presets: {', '.join(info.presets)}" in out
        assert f"bots: {', '.join(info.bots)}" in out


def test_simulate_names_its_game_or_follows_the_map(tmp_path: Path) -> None:
    by_kind = tmp_path / "kind.csv"
    named = tmp_path / "named.csv"
    common = ["--map", "maps/tiny.yaml", "--players", "2", "--games", "3", "--seed", "4", "-q"]
    assert cli.main(["simulate", *common, "--out", str(by_kind)]) == 0
    assert cli.main(["simulate", *common, "--game", "trans_europa", "--out", str(named)]) == 0
    assert by_kind.read_bytes() == named.read_bytes()
    assert len(pd.read_csv(named).query("last_round")) == 2 * 3


def test_simulate_refuses_an_unknown_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli.main(["simulate", "--game", "chess", "--out", str(tmp_path / "x.csv")])
    assert code != 0 and "no game 'chess'; the games are: trans_europa" in capsys.readouterr().err
    assert not (tmp_path / "x.csv").exists()


def test_the_help_lists_the_presets_and_bots_the_game_has() -> None:
    from workbench.games.trans_europa import PRESETS

    assert tuple(PRESETS) == cli.PRESET_NAMES
    assert tuple(GAMES["trans_europa"].bots) == cli.BOT_NAMES


def test_check_and_analyze_read_a_card_set_with_its_games_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["check", "--strict", "maps/transorient_express.yaml"]) == 0
    assert "maps/transorient_express.yaml: ok" in capsys.readouterr().out
    broken = tmp_path / "cards.yaml"
    text = Path("maps/transorient_express.yaml").read_text(encoding="utf-8")
    broken.write_text(text.replace("kind: cards", "kind: cards\nbogus: 1", 1), encoding="utf-8")
    assert cli.main(["check", str(broken)]) != 0
    assert f"{broken}:" in capsys.readouterr().out  # located by the card reader
    assert cli.main(["analyze", "maps/transorient_express.yaml", "--players", "2"]) == 0
    assert "first-player advantage" in capsys.readouterr().out
