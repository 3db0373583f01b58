"""Two Mitchell sections scored across the field, and handicap pairs, from the command
line alone (issue 28). Board 1 is played at the six tables of the field, North-South
scores 420 450 400 (section A) and 420 170 460 (section B): top 10, worked by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night.views import score
from dupbridge.cli.main import app

NOW = "2026-11-29T19:00:00+00:00"


def run(db: str, *args: str) -> tuple[int, str]:
    now = [] if args[1] == "score" else ["--now", NOW]
    result = CliRunner().invoke(app, [*args, "--db", db, *now])
    return result.exit_code, result.output


def _two_sections(tmp_path: Path) -> str:
    db = str(tmp_path / "s.db")
    code, out = run(db, "event", "new", "Two sections", "--id", "two", "--size", "3",
                    "--boards", "2", "--sections", "2", "--no-deal")
    assert code == 0, out
    text = " ".join(out.split())
    assert "Mitchell 3 tables x 2 sections, 3 rounds, boards 1-6" in text
    assert "pairs A1, A2, A3, A4, A5, A6, B1, B2, B3, B4, B5, B6" in text
    # section B sits at tables 4-6; board 1 is at table 1 (A) and 4 (B) in round 1, at
    # tables 3 and 6 in round 2, at 2 and 5 in round 3
    for round_number, table, points in ((1, 1, 420), (2, 3, 450), (3, 2, 400),
                                        (1, 4, 420), (2, 6, 170), (3, 5, 460)):
        code, out = run(db, "event", "enter", "two", "--round", str(round_number),
                        "--table", str(table), "--board", "1", "--score", str(points))
        assert code == 0, out
    return db


def _rows(out: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("│ ").split("│")]
            for line in out.splitlines() if line.startswith("│")]


def test_law78_two_sections_are_matchpointed_across_the_field(tmp_path: Path) -> None:
    db = _two_sections(tmp_path)
    store = open_store(db)
    try:
        scored = score(store, "two")
    finally:
        store.close()
    ns, ew = scored.rankings
    # NS 460 beats all five (10), 450 four (8), each 420 two and a tie (5), 400 one (2)
    assert [(s.place, s.pair, s.total) for s in ns] == [
        ("1", 8, 10), ("2", 3, 8), ("3=", 1, 5), ("3=", 7, 5), ("5", 2, 2), ("6", 9, 0)]
    assert [(s.pair, s.total) for s in ew] == [(11, 10), (6, 8), (10, 5), (4, 5), (5, 2),
                                               (12, 0)]
    assert scored.section_size == 6
    sections = {(letter, index): [(s.place, s.pair) for s in standings]
                for letter, index, standings in scored.sections}
    # within section A the field's figures stand: A3's 450 is 80 %, not the section's top
    assert sections[("A", 0)] == [("1", 3), ("2", 1), ("3", 2)]
    assert sections[("B", 0)] == [("1", 8), ("2", 7), ("3", 9)]
    assert sections[("B", 1)] == [("1", 11), ("2", 10), ("3", 12)]
    code, out = run(db, "event", "score", "two")
    assert code == 0, out
    assert "North-South ranking across the field" in out and "section B East-West" in out
    rows = _rows(out)
    assert ["1", "B2", "", "10.00", "100.00", "1"] in rows
    assert ["1", "A3", "", "8.00", "80.00"] in rows  # section A's own North-South ranking


def test_handicaps_given_on_the_command_line_and_in_a_file(tmp_path: Path) -> None:
    db = _two_sections(tmp_path)
    code, out = run(db, "event", "score", "two", "--handicap", "A1=10", "--handicap",
                    "B3=25", "--handicap", "A2=-5")
    assert code == 0, out
    assert "North-South handicap ranking (percentage points)" in out
    rows = _rows(out)
    # NS scratch B2 100, A3 80, A1 50, B1 50, A2 20, B3 0
    for row in (["1", "B2", "", "100.00", "+0.00", "100.00"],
                ["3", "A1", "", "50.00", "+10.00", "60.00"],
                ["4", "B1", "", "50.00", "+0.00", "50.00"],
                ["5", "B3", "", "0.00", "+25.00", "25.00"],
                ["6", "A2", "", "20.00", "-5.00", "15.00"],
                ["3=", "A4", "", "50.00", "+0.00", "50.00"]):
        assert row in rows, row
    handicaps = tmp_path / "h.csv"
    handicaps.write_text("pair,handicap\nA1,1.5\nB3,-0.5\n", encoding="utf-8")
    code, out = run(db, "event", "score", "two", "--handicaps", str(handicaps),
                    "--handicap-unit", "mp-per-board")
    assert code == 0, out
    assert "matchpoints per board" in out
    rows = _rows(out)
    # one board played, top 10: A1 (5 + 1.5)/10, B3 (0 - 0.5)/10
    assert ["3", "A1", "", "50.00", "+1.50", "65.00"] in rows
    assert ["6", "B3", "", "0.00", "-0.50", "-5.00"] in rows


@pytest.mark.parametrize(("args", "says", "es"), [
    (["--handicap", "A9=2"], "pair A9 is not in the movement", "A9"),
    (["--handicap", "A1"], "a handicap is PAIR=VALUE such as 7=2.5, not A1", "hándicap"),
    (["--handicap", "A1=x"], "a handicap is a number such as 2.5 or -1, not x", "hándicap"),
    (["--handicap", "A1=2", "--handicap-unit", "imps"],
     "a handicap unit is percent, mp-per-board, not imps", "hándicap"),
])
def test_bad_handicap_is_one_translated_line(tmp_path: Path, args: list[str],
                                             says: str, es: str) -> None:
    db = _two_sections(tmp_path)
    code, out = run(db, "event", "score", "two", *args)
    assert code != 0 and says in out and len(out.strip().splitlines()) == 1, out
    code, out = run(db, "event", "score", "two", *args, "--lang", "es")
    assert code != 0 and says not in out and es in out, out


def test_sections_are_refused_for_teams_in_one_translated_line(tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    code, out = run(db, "event", "new", "X", "--kind", "teams", "--sections", "2",
                    "--no-deal")
    assert code == 2 and out.strip() == ("error: sections scored across the field are "
                                         "for a pairs event, not teams"), out
    code, out = run(db, "event", "new", "X", "--kind", "teams", "--sections", "2",
                    "--no-deal", "--lang", "fr")
    assert code == 2 and "classées ensemble" in out, out


def test_handicaps_kept_with_the_event_are_shown_by_event_score(tmp_path: Path) -> None:
    db = str(tmp_path / "h.db")
    code, out = run(db, "event", "new", "Handicap", "--id", "h", "--size", "3", "--boards",
                    "2", "--handicap", "1=4", "--handicap", "6=-2.5", "--no-deal")
    assert code == 0, out
    # board 1: 1 v 4 (round 1, table 1) 420, 3 v 5 (round 2, table 3) 450, 2 v 6 (round 3,
    # table 2) 400; top 4: NS 1 50 %, 3 100 %, 2 0 %; EW 4 50 %, 5 0 %, 6 100 %
    for round_number, table, points in ((1, 1, 420), (2, 3, 450), (3, 2, 400)):
        code, out = run(db, "event", "enter", "h", "--round", str(round_number), "--table",
                        str(table), "--board", "1", "--score", str(points))
        assert code == 0, out
    code, out = run(db, "event", "score", "h")
    assert code == 0 and "North-South handicap ranking (percentage points)" in out, out
    rows = _rows(out)
    for row in (["1", "3", "", "100.00", "+0.00", "100.00"],
                ["2", "1", "", "50.00", "+4.00", "54.00"],
                ["3", "2", "", "0.00", "+0.00", "0.00"],
                ["1", "6", "", "100.00", "-2.50", "97.50"],
                ["2", "4", "", "50.00", "+0.00", "50.00"]):
        assert row in rows, row
    code, out = run(db, "event", "new", "X", "--id", "x", "--handicap", "99=1", "--no-deal")
    assert code == 2 and "pair 99 is not in the movement" in out, out
