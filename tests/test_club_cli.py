"""The club-session commands on bad input (one line naming where and what, exit code 2,
nothing recorded lost), the JSON import format, retries, messages in the reader's
language, and ``dupbridge db upgrade|downgrade``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.cli.main import app

NOW = "2026-11-26T19:00:00+00:00"


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "club.db")
    result = CliRunner().invoke(app, ["event", "new", "Club", "--id", "c", "--no-deal",
                                      "--db", path, "--now", NOW])
    assert result.exit_code == 0, result.output
    return path


def run(db: str, *args: str) -> tuple[int, str]:
    now = [] if args[0] == "db" or args[1] == "logs" else ["--now", NOW]
    result = CliRunner().invoke(app, [*args, "--db", db, *now])
    return result.exit_code, result.output


def _recorded(db: str) -> int:
    store = open_store(db)
    count = len(store.actions("c", kinds=("result",)))
    store.close()
    return count


@pytest.mark.parametrize(("args", "says"), [
    (["--round", "1", "--table", "1", "--board", "9", "4S", "N", "10"],
     "round 1, table 1, board 9: this board is not played at this table in this round"),
    (["--round", "1", "--table", "1", "--board", "1", "4S", "N", "ten"],
     "round 1, table 1, board 1: tricks must be a number from 0 to 13, not ten"),
    (["--round", "1", "--table", "1", "--board", "1", "8S", "N", "10"],
     "round 1, table 1, board 1:"),
    (["--round", "1", "--table", "1", "--board", "1", "4S", "Q", "10"],
     "round 1, table 1, board 1: not a seat"),
    (["--round", "9", "--table", "1", "--board", "1", "4S", "N", "10"],
     "round 9, table 1, board 1: no such table in this round"),
    (["--round", "1", "--table", "1", "--board", "1", "--code", "A70x30"],
     "unknown adjusted-score code A70X30"),
])
def test_law79A_bad_entry_is_one_line_exit_2_and_nothing_recorded_is_lost(
        db: str, args: list[str], says: str) -> None:
    assert run(db, "event", "enter", "c", "--round", "1", "--table", "2", "--board", "4",
               "3NT", "S", "9")[0] == 0
    code, out = run(db, "event", "enter", "c", *args)
    assert code == 2 and out.startswith("error: ") and says in out
    assert len(out.strip().splitlines()) == 1
    assert _recorded(db) == 1


def test_unknown_event_and_database_errors_are_one_line(db: str, tmp_path: Path) -> None:
    code, out = run(db, "event", "enter", "nope", "--round", "1", "--table", "1", "--board",
                    "1", "PASS")
    assert (code, out.strip()) == (2, "error: no event nope in this database")
    code, out = run(db, "event", "new", "Club", "--id", "c")
    assert code == 2 and "already exists" in out


def test_messages_in_the_readers_language(db: str) -> None:
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "9", "4S", "N", "10", "--lang", "es")
    assert code == 2 and "ronda 1, mesa 1" in out
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "1", "4S", "N", "diez", "--lang", "fr")
    assert code == 2 and "tour 1, table 1, étui 1" in out and "diez" in out


@pytest.mark.parametrize(("language", "says"), [
    ("en", "round 1, table 1, board 1: not a contract: '9S' (expected level 1-7"),
    ("es", "ronda 1, mesa 1, estuche 1: no es un contrato: '9S' (se espera nivel 1-7"),
    ("fr", "tour 1, table 1, étui 1 : pas un contrat : '9S' (attendu : palier 1-7"),
    ("pt", "rodada 1, mesa 1, bolsa 1: não é um contrato: '9S' (espera-se nível 1-7"),
])
def test_law77_a_contract_that_is_not_one_is_refused_in_the_readers_language(
        db: str, language: str, says: str) -> None:
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "1", "9S", "N", "10", "--lang", language)
    assert code == 2 and out.startswith("error: ") and says in out
    assert len(out.strip().splitlines()) == 1 and _recorded(db) == 0


@pytest.mark.parametrize(("language", "says"), [
    ("en", "error: pair 3 is not a phantom of this movement"),
    ("es", "error: la pareja 3 no es una pareja fantasma de este movimiento"),
    ("fr", "error: la paire 3 n'est pas une paire fantôme de ce mouvement"),
    ("pt", "error: a parelha 3 não é uma parelha fantasma deste movimento"),
])
def test_a_late_pair_refused_in_the_readers_language(db: str, language: str,
                                                     says: str) -> None:
    code, out = run(db, "event", "late-pair", "c", "--pair", "15", "--phantom", "3",
                    "--from-round", "2", "--lang", language)
    assert (code, out.strip()) == (2, says)


def test_json_import_and_its_retry_are_harmless(db: str, tmp_path: Path) -> None:
    path = tmp_path / "travellers.json"
    path.write_text(json.dumps([
        {"round": 1, "table": 1, "board": 1, "contract": "4S", "declarer": "N", "tricks": 10},
        {"round": 1, "table": 1, "board": 2, "contract": "PASS"},
        {"round": 1, "table": 1, "board": 3, "code": "A60/40"},
        {"round": 1, "table": 2, "board": 4, "contract": "3NT", "declarer": "S",
         "tricks": 8, "agreed": "no"},
    ]), encoding="utf-8")
    code, out = run(db, "event", "import", "c", str(path))
    assert code == 0 and "4 rows: 3 recorded, 0 already there, 1 disputes" in out, out
    code, out = run(db, "event", "import", "c", str(path))
    assert code == 0 and "4 rows: 0 recorded, 4 already there" in out, out
    store = open_store(db)
    lines = club.results(store, "c").lines
    store.close()
    assert [(line.board, line.contract, line.score, line.adjusted) for line in lines] == [
        (1, "4S", 420, None), (2, "PASS", 0, None), (3, "", None, "A60/40")]


def test_import_names_the_file_and_line_of_a_bad_row(db: str, tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("round,table,board,contract,declarer,tricks\n1,1,1,4S,N,10\n"
                    "1,1,2,4S,N,x\n", encoding="utf-8")
    code, out = run(db, "event", "import", "c", str(path))
    assert (code, out.strip()) == (2, "error: t.csv: line 3: tricks must be a whole number, "
                                      "not x")
    assert _recorded(db) == 0
    path.write_text("round,table,bord\n", encoding="utf-8")
    code, out = run(db, "event", "import", "c", str(path))
    assert code == 2 and "the header lacks board" in out


def test_entry_with_the_same_client_id_is_a_retry(db: str) -> None:
    args = ["event", "enter", "c", "--round", "1", "--table", "1", "--board", "1", "4S", "N",
            "10", "--id", "tablet-7"]
    assert run(db, *args)[1].startswith("recorded: tablet-7")
    assert run(db, *args)[1].startswith("already received (a retry): tablet-7")
    assert _recorded(db) == 1


def test_db_upgrade_and_downgrade_commands(tmp_path: Path) -> None:
    path = str(tmp_path / "fresh.db")
    assert run(path, "db", "upgrade") == (0, "schema at 0003\n")  # the newest migration
    assert run(path, "db", "downgrade") == (0, "schema at base\n")


def test_law4_pair_names_are_shown_in_the_ranking(db: str) -> None:
    code, out = run(db, "event", "names", "c", "1=Ana & Bea", "8=Carl & Dan")
    assert code == 0 and "pair 1: Ana & Bea" in out, out
    assert run(db, "event", "names", "c", "99=Nobody")[0] == 2
    assert run(db, "event", "names", "c", "x")[0] == 2
    run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board", "1", "4S", "N",
        "10")
    store = open_store(db)
    ranking = club.score(store, "c").rankings
    store.close()
    assert {s.name for group in ranking for s in group} == {"Ana & Bea", "Carl & Dan"}
    # No arrow switch: two winners, North-South and East-West ranked apart.
    assert [{s.pair for s in group} for group in ranking] == [{1}, {8}]


def test_law27_table_log_attached_and_replayed_from_the_cli(db: str, tmp_path: Path) -> None:
    log = tmp_path / "log.json"
    log.write_text(json.dumps([{"event": "CallMade", "seat": "N", "call": "1H"},
                               {"event": "CallMade", "seat": "E", "call": "1D"}]),
                   encoding="utf-8")  # East's insufficient bid
    code, out = run(db, "event", "attach-log", "c", "--round", "1", "--table", "1",
                    "--board", "1", str(log))
    assert code == 0 and out.startswith("table log kept (events)"), out
    code, out = run(db, "event", "logs", "c", "--board", "1")
    assert code == 0 and "2 events" in out and "result pending" in out, out
    log.write_text("[{", encoding="utf-8")
    code, out = run(db, "event", "attach-log", "c", "--round", "1", "--table", "1",
                    "--board", "1", str(log))
    assert code == 2 and len(out.strip().splitlines()) == 1
