"""Movements an event can be run with (issue 28): the cut relay-and-bye Mitchell that
failed its own validation, cut Mitchells and barometers from the command line, a movement
given as rows (CSV) read, validated by the one validator, used and written back, a 3/4
Howell from the published KoPS tables, and East-West pairs numbered with the direction."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.app.club_night.movement_files import load_movements, movement_rows
from dupbridge.cli.main import app
from dupbridge.core.errors import ParseError
from dupbridge.formats.movements import loads_rows
from dupbridge.tournament.howell import barometer
from dupbridge.tournament.mitchell import EvenTables, mitchell, pair_label
from dupbridge.tournament.validation import Plan, Rule, validate

NOW = "2026-11-29T19:00:00+00:00"
KOPS = Path(__file__).parents[1] / ".." / "shared" / "realdata" / "tables" / \
    "emkael_howellki_movements.json"


def test_law8_cut_relay_and_bye_mitchell_keeps_its_own_plan() -> None:
    """The issue's case: 10 tables, relay and bye stand, cut to 9 rounds played boards 8,
    9 and 10 times. Cut, it is played as the skip Mitchell of those rounds."""
    m = mitchell(10, 3, rounds=9, even=EvenTables.RELAY_AND_BYE)
    assert validate(m, Plan.of(m)) == []
    assert set(Counter(b for e in m.encounters for b in e.boards).values()) == {9}


@pytest.mark.parametrize("tables", range(3, 17))
def test_law8_every_cut_mitchell_is_valid(tables: int) -> None:
    for even in EvenTables:
        full = tables - 1 if tables % 2 == 0 and even is EvenTables.SKIP else tables
        for rounds in range(1, full + 1):
            m = mitchell(tables, 2, rounds=rounds, even=even)
            assert m.rounds == rounds
            assert validate(m, Plan.of(m)) == [], (tables, rounds, even)


def test_law8_full_relay_and_bye_mitchell_keeps_its_relay() -> None:
    m = mitchell(10, 2, even=EvenTables.RELAY_AND_BYE)
    assert m.rounds == 10 and "relay" in m.name
    assert validate(m, Plan.of(m)) == []


@pytest.mark.parametrize("pairs", [6, 7, 10, 11, 16])
def test_law8_barometer_every_table_plays_the_same_boards_each_round(pairs: int) -> None:
    m = barometer(pairs, 2)
    for r in range(1, m.rounds + 1):
        assert len({e.boards for e in m.in_round(r)}) == 1
    assert len({e.boards for e in m.encounters}) == m.rounds  # a new set each round
    assert validate(m, Plan.of(m)) == []
    assert bool(m.phantoms) == bool(pairs % 2)
    assert len(barometer(pairs, 2, rounds=4).in_round(4)) == m.tables


def test_law8_pair_labels_with_the_direction() -> None:
    assert pair_label(3, 13, "direction") == "3 NS"
    assert pair_label(16, 13, "direction") == "3 EW"
    assert pair_label(16, 13) == "16"
    with pytest.raises(ValueError):
        pair_label(1, 13, "sideways")


ROWS = """# a 3-table Mitchell written by hand
Round;Table;NS;EW;Boards
1;1;1;4;1-2
1;2;2;5;3-4
1;3;3;6;5-6
2;1;1;6;3 4
2;2;2;4;5-6
2;3;3;5;"1,2"
3;1;1;5;5-6
3;2;2;6;1-2
3;3;3;4;3-4
"""


def test_law8_rows_are_read_validated_and_written_back(tmp_path: Path) -> None:
    file = tmp_path / "club.csv"
    file.write_text(ROWS, encoding="utf-8")
    movement = load_movements(file)["club"]
    assert (movement.tables, movement.rounds, movement.boards) == (3, 3, tuple(range(1, 7)))
    assert validate(movement, Plan.of(movement)) == []
    again = tmp_path / "again.csv"
    again.write_text(movement_rows(movement), encoding="utf-8")
    assert load_movements(again)["again"].encounters == movement.encounters


def test_law15_rows_that_replay_a_board_are_refused_by_the_validator() -> None:
    from dupbridge.app.club_night.movement_files import from_file_movement

    movement = from_file_movement(loads_rows(ROWS.replace('2;3;3;5;"1,2"', "2;3;3;5;3-4")))
    assert {v.rule for v in validate(movement, Plan.of(movement))} >= {Rule.BOARD_REPLAYED}


@pytest.mark.parametrize(("text", "says"), [
    ("round,table,NS,boards\n1,1,1,1-2\n", "missing ew"),
    ("round,table,NS,EW,boards\n1,one,1,2,1-2\n", "expected a whole number"),
    ("round,table,NS,EW,boards\n1,1,1,2,3-1\n", "expected boards such as 1-3"),
    ("round,table,NS,EW,boards\n1,1,1,2\n", "expected 5 cells"),
])
def test_rows_errors_name_line_and_cause(text: str, says: str) -> None:
    with pytest.raises(ParseError, match=says):
        loads_rows(text, source="m.csv")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_cli_cut_mitchell_and_direction_numbering(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    code, out = run("event", "new", "Club", "--id", "m", "--size", "13", "--boards", "2",
                    "--rounds", "9", "--ew-numbering", "direction", "--no-deal", "--db", db,
                    "--now", NOW)
    assert code == 0, out
    assert "9 rounds" in out and "13 NS" in " ".join(out.split()) and \
        "13 EW" in " ".join(out.split()) and "26" not in out.split("pairs")[1]


def test_cli_relay_mitchell_cut_and_barometer(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    code, out = run("event", "new", "Relay", "--id", "r", "--size", "10", "--boards", "3",
                    "--relay", "--rounds", "9", "--no-deal", "--db", db, "--now", NOW)
    assert code == 0, out
    assert "9 rounds" in out
    code, out = run("event", "new", "Baro", "--id", "b", "--movement", "barometer",
                    "--size", "11", "--boards", "2", "--no-deal", "--db", db, "--now", NOW)
    assert code == 0, out
    assert "Barometer 11 pairs, 11 rounds" in " ".join(out.split())
    code, out = run("event", "movement", "barometer", "--size", "8", "--rounds", "5")
    assert code == 0 and "valid" in out


def test_cli_movement_from_rows_used_and_exported(tmp_path: Path) -> None:
    rows = tmp_path / "rows.csv"
    rows.write_text(ROWS, encoding="utf-8")
    out_file = tmp_path / "out.csv"
    code, out = run("event", "movement", "--file", str(rows), "--export", str(out_file))
    assert code == 0, out
    assert "rows: 3 tables, 3 rounds" in out and "valid" in out
    assert out_file.read_text(encoding="utf-8").splitlines()[1] == "1,1,1,4,1-2"
    db = str(tmp_path / "c.db")
    code, out = run("event", "new", "Rows", "--id", "w", "--movement-file", str(rows),
                    "--no-deal", "--db", db, "--now", NOW)
    assert code == 0, out
    assert "3 rounds, boards 1-6" in out
    code, out = run("event", "enter", "w", "--round", "2", "--table", "3", "--board", "1",
                    "3NT", "S", "9", "--db", db, "--now", NOW)
    assert code == 0, out


def test_cli_bad_rows_refused_in_one_line(tmp_path: Path) -> None:
    rows = tmp_path / "bad.csv"
    rows.write_text(ROWS.replace('2;3;3;5;"1,2"', "2;3;3;5;3-4"), encoding="utf-8")
    code, out = run("event", "movement", "--file", str(rows))
    assert code == 1 and "problems" in out
    code, out = run("event", "new", "Bad", "--movement-file", str(rows), "--no-deal",
                    "--db", str(tmp_path / "c.db"), "--now", NOW)
    assert code == 2 and "not valid" in out and len(out.strip().splitlines()) == 1


@pytest.mark.skipif(not KOPS.exists(), reason="the shared real data is not here")
def test_cli_three_quarter_howell_from_the_published_tables(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    code, out = run("event", "new", "Howell", "--id", "h", "--movement-file", str(KOPS),
                    "--movement-name", "6-8", "--boards", "3", "--no-deal", "--db", db,
                    "--now", NOW)
    assert code == 0, out
    assert "8 rounds, boards 1-24" in out
    code, out = run("event", "new", "Howell2", "--movement", "howell", "--size", "12",
                    "--rounds", "8", "--no-deal", "--db", db, "--now", NOW)
    assert code == 2 and "published table" in out


@pytest.mark.parametrize(("size", "rounds", "said"), [
    ("12", "8", "12 pairs in 8 rounds is published table 6-8 of the KoPS Howells"),
    ("12", "7", "the KoPS tables have 12 pairs in 8, 9, 10 rounds, not 7 (or the complete "
                "Howell: 11 rounds)"),
    ("8", "5", "none for 8 pairs (they have 9 to 34 pairs); the complete Howell has 7"),
])
def test_cut_howell_refused_naming_the_published_counts(tmp_path: Path, size: str,
                                                         rounds: str, said: str) -> None:
    code, out = run("event", "new", "Howell", "--movement", "howell", "--size", size,
                    "--rounds", rounds, "--no-deal", "--db", str(tmp_path / "c.db"),
                    "--now", NOW)
    assert code == 2 and said in " ".join(out.split()), out
    code, out = run("event", "new", "Howell", "--movement", "howell", "--size", size,
                    "--rounds", rounds, "--no-deal", "--db", str(tmp_path / "c.db"),
                    "--now", NOW, "--lang", "es")
    assert code == 2 and "Howell recortado (3/4) no se genera" in " ".join(out.split())
