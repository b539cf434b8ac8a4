"""The balance analysis and the command-line entries for card files."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.games.transorient_express import CardSet
from workbench.games.transorient_express.analysis import balance, run_analyze
from workbench.games.transorient_express.cards import check_cards, is_cards_file


@pytest.fixture(scope="module")
def report(cards: CardSet):
    return balance(cards, players=(2, 4), games=12, seed=4)


def test_the_report_counts_what_was_played(report, cards: CardSet) -> None:
    table = report.cards
    assert len(table) == 72 and set(table.card) == {d.label for d in cards.destinations}
    assert (table.played <= table.taken + 2 * 24).all() and table.played.sum() > 0
    assert report.first_player.players.tolist() == [2, 4]
    assert (
        (report.first_player.low <= report.first_player.share)
        & (report.first_player.share <= report.first_player.high)
    ).all()
    assert set(report.effects.effect) >= {"discount", "store", "luggage icon", "wild_color"}
    assert report.colors.points_per_token.round(3).nunique() == 1  # the set is level
    assert report.objectives.decides.dropna().between(0, 1).all()
    assert set(report.flagged.verdict) <= {"strong", "weak"}


def test_the_report_as_text_and_html(report, tmp_path: Path) -> None:
    text = report.text()
    assert "first-player advantage" in text and "points per token" in text
    out = report.save_html(tmp_path / "balance.html")
    page = out.read_text()
    assert page.startswith("<!doctype html>") and "Every card" in page and "5 green" in page


def test_the_analysis_repeats_with_its_seed(cards: CardSet, report) -> None:
    again = balance(cards, players=(2, 4), games=12, seed=4)
    assert again.cards.equals(report.cards) and again.effects.equals(report.effects)


def test_cli_entries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert is_cards_file("maps/transorient_express.yaml") and not is_cards_file("maps/tiny.yaml")
    assert not is_cards_file(tmp_path / "missing.yaml")
    out = tmp_path / "r.html"
    assert (
        run_analyze("maps/transorient_express.yaml", players=(3,), games=2, html_out=str(out)) == 0
    )
    assert out.exists() and "3 players" in capsys.readouterr().out
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nkind: cards\nname: x\n")
    assert run_analyze(str(bad)) == 1
    assert "bad.yaml:1:1" in capsys.readouterr().err
    assert check_cards(bad)
    assert run_analyze("maps/transorient_express.yaml", players=(6,)) == 1  # bad input: 1
    assert "2 to 4 players, not 6" in capsys.readouterr().err
