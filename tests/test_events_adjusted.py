"""Adjusted scores as a Director gives them (issue 28): any artificial percentage per
side (A70/70, A60/0, 40%/60%: 12C2 as a Regulating Authority or Director states it) and
weighted assigned scores (12C1(c)) from the CLI and import files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night.views import score
from dupbridge.cli.main import app
from dupbridge.scoring.field import score_pairs
from dupbridge.scoring.field_config import PairsConfig
from dupbridge.scoring.results import Artificial, BoardResult, Fault
from dupbridge.tournament.results import artificial_code, code_of

NOW = "2026-11-29T19:00:00+00:00"


@pytest.mark.parametrize(("code", "ns", "ew"), [
    ("A70/70", Fraction(70), Fraction(70)),
    ("A60/0", Fraction(60), Fraction(0)),
    ("40%/60%", Fraction(40), Fraction(60)),
    ("A 62.5/40", Fraction(125, 2), Fraction(40)),
])
def test_law12C2_stated_percentages_are_read_and_written_back(code: str, ns: Fraction,
                                                              ew: Fraction) -> None:
    score = artificial_code(code)
    assert (score.ns_percent, score.ew_percent) == (ns, ew)
    assert artificial_code(code_of(score)) == score


def test_law12C2_fault_codes_keep_the_profiles_values() -> None:
    assert artificial_code("A60/40") == Artificial(Fault.NONE, Fault.DIRECTLY)
    assert code_of(artificial_code("A60/40")) == "A60/40"
    with pytest.raises(ValueError, match="percentage from 0 to 100"):
        artificial_code("A120/0")


def test_law12C2_stated_percentage_is_of_the_boards_top() -> None:
    results = [BoardResult(1, "1", "2", 420), BoardResult(1, "3", "4", 450),
               BoardResult(1, "5", "6", -50),
               BoardResult(1, "7", "8", artificial_code("A70/60"))]
    field = score_pairs(results, "matchpoints", PairsConfig(neuberg=False))
    top = field.top(3)
    assert (field.ns(3), field.ew(3)) == (top * 70 / 100, top * 60 / 100)
    with pytest.raises(ValueError, match="in IMPs give the faults"):
        score_pairs(results, "cross-imps")


def run(db: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--db", db, "--now", NOW])
    return result.exit_code, result.output


def test_cli_percentages_weighted_scores_and_import(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    assert run(db, "event", "new", "Club", "--id", "c", "--size", "3", "--boards", "2",
               "--no-deal")[0] == 0
    # board 1 is played at table 1 in round 1, table 3 in round 2, table 2 in round 3
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "1", "--code", "A70/70")
    assert code == 0, out
    rows = tmp_path / "rows.csv"
    rows.write_text("round,table,board,contract,declarer,tricks,code\n"
                    "2,3,1,,,,40%/60%\n3,2,1,4S,N,10,\n", encoding="utf-8")
    code, out = run(db, "event", "import", "c", str(rows))
    assert code == 0, out
    code, out = run(db, "event", "adjust", "c", "--round", "3", "--table", "2", "--board",
                    "1", "25% 4S N 10 + 75% 4S N 9", "--why", "12C1(c)")
    assert code == 0, out
    code, out = run(db, "event", "adjust", "c", "--round", "3", "--table", "2", "--board",
                    "1", "25% 4S N 10 + 70% 4S N 9")
    assert code == 2 and "sum to 1" in out
    store = open_store(db)
    scored = score(store, "c")
    store.close()
    lines = {(t.round, t.table): t for t in scored.travellers if t.board == 1}
    assert lines[1, 1].adjusted == "A70/70" and lines[2, 3].adjusted == "40%/60%"
    top = Fraction(4)  # three results expected: 2 (N - 1)
    assert (lines[1, 1].ns_value, lines[1, 1].ew_value) == (top * 7 / 10, top * 7 / 10)
    assert (lines[2, 3].ns_value, lines[2, 3].ew_value) == (top * 4 / 10, top * 6 / 10)
    assert lines[3, 2].adjusted == "25% 4S N 10 + 75% 4S N 9"


def test_law79_score_only_travellers_from_the_cli_and_files(tmp_path: Path) -> None:
    """A traveller that gives only North-South's score (no contract) is a table result."""
    db = str(tmp_path / "c.db")
    assert run(db, "event", "new", "Club", "--id", "c", "--size", "3", "--boards", "2",
               "--no-deal")[0] == 0
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "1", "--score", "420")
    assert code == 0, out
    rows = tmp_path / "rows.csv"
    rows.write_text("round,table,board,score\n2,3,1,EW 50\n3,2,1,NS 450\n",
                    encoding="utf-8")
    code, out = run(db, "event", "import", "c", str(rows))
    assert code == 0, out
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "2", "--score", "425")
    assert code == 2 and "425 is not a bridge score" in out
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "2", "4S", "N", "10", "--score", "420")
    assert code == 2 and "either the score or the contract" in out
    store = open_store(db)
    scored = score(store, "c")
    store.close()
    lines = sorted((t.score, t.ns_value) for t in scored.travellers if t.board == 1)
    assert lines == [(-50, Fraction(0)), (420, Fraction(2)), (450, Fraction(4))]
    assert all(t.contract == "" for t in scored.travellers)


def test_law12_td_line_waits_for_the_directors_score(tmp_path: Path) -> None:
    """A "TD" line (the Director was called and will give the score) is kept, left out of
    the scoring until the Director's adjusted score is recorded, then scored with it."""
    db = str(tmp_path / "c.db")
    assert run(db, "event", "new", "Club", "--id", "c", "--size", "3", "--boards", "2",
               "--no-deal")[0] == 0
    assert run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board", "1",
               "4S", "N", "10")[0] == 0
    rows = tmp_path / "rows.csv"
    rows.write_text("round,table,board,contract,declarer,tricks,code\n2,3,1,,,,TD\n",
                    encoding="utf-8")
    assert run(db, "event", "import", "c", str(rows))[0] == 0
    code, out = run(db, "event", "enter", "c", "--round", "3", "--table", "2", "--board",
                    "1", "--code", "td")
    assert code == 0, out
    result = CliRunner().invoke(app, ["event", "score", "c", "--db", db])
    assert "2 TD lines wait for the Director's score" in " ".join(result.output.split())
    store = open_store(db)
    assert [t.board for t in score(store, "c").travellers] == [1]
    store.close()
    assert run(db, "event", "adjust", "c", "--round", "2", "--table", "3", "--board", "1",
               "4S N 9")[0] == 0
    store = open_store(db)
    scored = score(store, "c")
    store.close()
    assert scored.director == 1
    assert sorted(t.score for t in scored.travellers if t.board == 1) == [-50, 420]
