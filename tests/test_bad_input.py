"""Issue 32: no command destroys its own input, every reader reads a file's kind alike,
the safe reader bounds what it reads, saved games on multi-word boards load back, and
degenerate but legal data gets an answer (the long run: benchmarks/fuzz_inputs.py)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.fuzz import verdicts
from workbench import cli
from workbench.files import InputClashError, input_clash, write_atomic
from workbench.games.transorient_express.cards import check_cards
from workbench.maps.io import check_map
from workbench.records import read_record
from workbench.yamlfile import YamlReader, data_kind

ROOT = Path(__file__).resolve().parent.parent
EUROPE = ROOT / "maps" / "ticket_to_ride_europe.yaml"
CARDS = ROOT / "maps" / "transorient_express.yaml"
TINY = ROOT / "maps" / "tiny.yaml"


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, Path]:
    """Copies of a route board, a card set and a lattice map, each with a symbolic and a
    hard link."""
    out = {}
    for name, source in (("europe", EUROPE), ("cards", CARDS), ("tiny", TINY)):
        copy = tmp_path / f"{name}.yaml"
        copy.write_bytes(source.read_bytes())
        (tmp_path / f"{name}-link.yaml").symlink_to(copy)
        os.link(copy, tmp_path / f"{name}-hard.yaml")
        out[name] = copy
    return out


COMMANDS = [
    ("europe", ["render", "{in}", "-o", "{out}"]),
    ("tiny", ["render", "{in}", "-o", "{out}"]),
    ("europe", ["print", "{in}", "-o", "{out}"]),
    ("cards", ["print", "{in}", "-o", "{out}"]),
    ("europe", ["analyze", "{in}", "--html", "{out}"]),
    ("tiny", ["analyze", "{in}", "--html", "{out}", "--no-chokepoints"]),
    ("cards", ["analyze", "{in}", "--html", "{out}", "--players", "2"]),
    ("europe", ["doctor", "{in}", "--out", "{out}", "--edits", "1", "-q"]),
    ("tiny", ["doctor", "{in}", "--out", "{out}", "--edits", "1", "-q"]),
    ("europe", ["simulate", "--map", "{in}", "--games", "1", "--out", "{out}", "-q"]),
    ("cards", ["simulate", "--map", "{in}", "--games", "1", "--games-out", "{out}", "-q"]),
]


@pytest.mark.parametrize("kind", ["", "-link", "-hard"])
@pytest.mark.parametrize(
    ("data", "argv"), COMMANDS, ids=lambda x: x if isinstance(x, str) else x[0]
)
def test_no_command_writes_over_its_input(inputs, data, argv, kind, capsys) -> None:
    source = inputs[data]
    out = source.with_name(f"{data}{kind}.yaml")
    before = source.read_bytes()
    code = cli.main([a.format(**{"in": str(source), "out": str(out)}) for a in argv])
    assert code == 1
    assert source.read_bytes() == before and out.read_bytes() == before
    assert "would destroy that input" in capsys.readouterr().err
    assert sorted(p.name for p in source.parent.iterdir() if p.name.startswith(".")) == []


def test_the_rule_is_one_function_for_links_and_writes(tmp_path: Path) -> None:
    board = tmp_path / "b.yaml"
    board.write_text("x")
    os.link(board, tmp_path / "h.yaml")
    assert input_clash(tmp_path / "h.yaml", [board]) == str(board)
    assert input_clash(tmp_path / "new.yaml", [board]) is None
    with pytest.raises(InputClashError):
        write_atomic(tmp_path / "h.yaml", "<html>", inputs=[board])
    assert board.read_text() == "x"


def test_a_game_session_does_not_save_over_the_board_it_read(inputs) -> None:
    from workbench.session.game import GameSession

    session = GameSession("ticket_to_ride", ["human", "random"], board=str(inputs["europe"]))
    before = inputs["europe"].read_bytes()
    with pytest.raises(OSError, match="would destroy that input"):
        session.save(inputs["europe"].with_name("europe-link.yaml"))
    assert inputs["europe"].read_bytes() == before


@pytest.mark.parametrize("command", [["check"], ["analyze"], ["print"], ["render"],
                                     ["doctor", "--out", "x.yaml"]])  # fmt: skip
def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path, command, capsys) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    start = time.perf_counter()
    assert cli.main([command[0], str(fifo), *command[1:]]) == 1
    assert time.perf_counter() - start < 20
    assert "is a FIFO, not a regular file" in capsys.readouterr().err


def _variants(text: str) -> list[str]:
    line = "kind: routes"
    moved = text.replace(line + "\n", "", 1) + "\n" + line + "\n"
    assert len(moved.split(line)[0].encode()) > 4096
    return [
        text.replace("\n", "\r"),
        text.replace("\n", "\x85"),
        text.replace("\n", "\u2028"),
        text.replace(line, 'kind: "routes"'),
        text.replace(line, "kind: routes  # a comment"),
        moved,
    ]


@pytest.mark.parametrize("n", range(6))
def test_check_and_every_loader_read_the_same_kind(tmp_path: Path, n: int) -> None:
    path = tmp_path / "board.yaml"
    path.write_bytes(_variants(EUROPE.read_text("utf-8"))[n].encode("utf-8"))
    problems, refused = verdicts(path)
    errors = any(p.severity == "error" for p in problems)
    assert data_kind(path.read_bytes()) == "routes"
    assert set(refused.values()) == {errors}, (problems[:2], refused)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (("format: 1", "format: true"), "format is True"),
        (("points: 7,", "points: 1.0e+308,"), "not a whole number"),
        (("points: 7,", "points: 100000,"), "above 1000"),
        (("white", "light blue"), "one word"),
    ],
)
def test_a_card_set_check_refuses_what_the_game_cannot_use(tmp_path, edit, words) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS.read_text("utf-8").replace(*edit), encoding="utf-8")
    assert any(words in p.message for p in check_cards(path))


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (("{name: Paris, at:", '{name: " Paris", at:'), "spaces before or after"),
        (("{name: Paris, at:", '{name: "Par\\u200bis", at:'), "invisible character"),
        (("{name: Paris, at:", '{name: "Paris, Nord", at:'), "comma"),
        (("center: [15, 50]", "center: [15, -90]"), "not a longitude and latitude"),
        (("cars: 45", "cars: 1000000000"), "at most 1000"),
        (("points: 5}", "points: 1.0e+308}"), "at most 1000"),
        (("name: pink,", "name: loco,"), "one word"),
    ],
)
def test_a_route_board_check_refuses_what_the_game_cannot_use(tmp_path, edit, words) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(EUROPE.read_text("utf-8").replace(*edit), encoding="utf-8")
    assert any(words in p.message for p in check_map(path) if p.severity == "error")


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("1" * 5000, "5,000 characters"),
        ("!!int 1x", "is not a whole number"),
        ('!!bool "maybe"', "is not true or false"),
        ("[" * 1000 + "]" * 1000, "nested more than 24 deep"),
        ("[" * 100_000 + "]" * 100_000, "nested more than 24 deep"),
    ],
)
def test_the_reader_bounds_what_it_reads(value: str, words: str) -> None:
    reader = YamlReader("<t>")
    assert reader.document(f"a: {value}\n".encode(), "") is None
    assert words in reader.problems[0].message and reader.problems[0].line == 1


def test_a_saved_game_on_a_board_with_multi_word_names_loads_back(tmp_path: Path) -> None:
    from workbench.games import GAMES, play
    from workbench.games.record import dump_record, load_record

    text = EUROPE.read_text("utf-8")
    for old, new in (("Paris", "Paris Nord"), ("Wien", "Wien-Mitte"), ("Zurich", "Zürich Hbf")):
        text = text.replace(old, new)
    (tmp_path / "b.yaml").write_text(text, encoding="utf-8")
    assert check_map(tmp_path / "b.yaml") == []
    info = GAMES["ticket_to_ride"]
    board = info.board(tmp_path / "b.yaml")
    end = play(info.new_game(players=3, seed=1, board=board), [info.bots["random"]] * 3, seed=1)
    record = json.loads(json.dumps(dump_record(end)))
    assert any("Paris Nord" in a for a in record["actions"])
    assert load_record(record, board=board) == end


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested 100000 deep"),
        (b'{"game": "\xff"}', "byte 0xff is not UTF-8"),
        (b'{"game": ', r"not a saved game \(JSON\)"),
    ],
)
def test_a_saved_game_file_is_read_safely(tmp_path: Path, data: bytes, words: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(data)
    with pytest.raises(ValueError, match=words) as info:
        read_record(path)
    assert str(path) in str(info.value)


def test_bad_numbers_on_the_command_line_exit_1(capsys) -> None:
    for argv in (
        ["doctor", str(TINY), "--out", "x.yaml", "--players", "4,4"],
        ["doctor", str(TINY), "--out", "x.yaml", "--players", " 3 , 4 "],
        ["doctor", str(TINY), "--out", "x.yaml", "--players", "a"],
        ["render", str(TINY), "-o", ""],
        ["analyze", str(CARDS), "--players", "6"],
        ["print", str(TINY), "--scale", "9999"],
        ["simulate", "--game", "ticket_to_ride", "--players", "6"],
    ):
        assert cli.main(argv) == 1, argv


def test_simulate_any_game_without_out_prints_the_summary(capsys) -> None:
    assert cli.main(["simulate", "--game", "ticket_to_ride", "--games", "2", "-q"]) == 0
    out = capsys.readouterr().out
    assert "played 2 games" in out and "seat 0: wins" in out


def test_a_board_without_tickets_is_analysed(tmp_path: Path, capsys) -> None:
    text = EUROPE.read_text("utf-8")
    (tmp_path / "b.yaml").write_text(text[: text.index("\ntickets:") + 1], encoding="utf-8")
    assert cli.main(["analyze", str(tmp_path / "b.yaml")]) == 0
    assert "0 of 0 tickets match" in capsys.readouterr().out
