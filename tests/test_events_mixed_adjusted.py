"""An artificial adjusted score for one side and an assigned one for the other (issue 28):
12C1(d) (the outcomes too many or too unclear to assign one to that side, so it gets an
artificial score, 12C2(a)), 12C1(a) (the other side's assigned score replaces the table
result), 2007 12C1(f) (the two need not balance); entered from the CLI and import files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night.views import score
from dupbridge.cli.main import app
from dupbridge.core.seats import Side
from dupbridge.scoring.butler import butler_datum
from dupbridge.scoring.field import score_pairs
from dupbridge.scoring.field_config import PairsConfig
from dupbridge.scoring.field_teams import score_teams
from dupbridge.scoring.imps import imps
from dupbridge.scoring.law12_adjusted import AdjustedScoreError
from dupbridge.scoring.law12_assigned import mixed_score
from dupbridge.scoring.matchpoints import MatchpointConditions, matchpoint_board
from dupbridge.scoring.results import BoardResult, Fault, Mixed
from dupbridge.tournament.results import adjusted_code, mixed_code, mixed_text

NOW = "2026-11-29T19:00:00+00:00"


@pytest.mark.parametrize(("code", "expected"), [
    ("NS A60 / EW -620", Mixed(True, Fault.NONE, 620)),
    ("NS +620 / EW A40", Mixed(False, Fault.DIRECTLY, 620)),
    ("NS 70% / EW +100", Mixed(True, Fault.NONE, -100, Fraction(70))),
    ("ns -100/ew a35", Mixed(False, Fault.DIRECTLY, -100, Fraction(35))),
])
def test_law12C1d_mixed_codes_read_and_written_back(code: str, expected: Mixed) -> None:
    assert mixed_code(code) == expected
    assert adjusted_code(mixed_text(expected)) == expected


@pytest.mark.parametrize("code", ["NS A60 / EW A40", "NS +100 / EW -100", "NS A120 / EW 10"])
def test_law12C1d_mixed_code_needs_exactly_one_artificial_side(code: str) -> None:
    with pytest.raises(ValueError, match="artificial"):
        mixed_code(code)


def test_law12C1d_law12C1a_mixed_score_in_a_matchpoint_field() -> None:
    """North-South get average plus (60 % of the top); East-West's assigned -620 is
    compared with the other East-West scores; the other North-South pairs are compared
    among themselves only (errata A-1) and factored (Neuberg) to the field."""
    mixed = mixed_score(Side.NS, Fault.NONE, 620)
    results = [BoardResult(1, "1", "2", 420), BoardResult(1, "3", "4", 650),
               BoardResult(1, "5", "6", -100), BoardResult(1, "7", "8", mixed)]
    field = score_pairs(results)
    top = field.top(3)
    assert top == 6  # four results expected: 2 (N - 1)
    assert field.ns(3) == Fraction(6) * 60 / 100
    # East-West of table 4 beat 650 (EW's -650) only: 2 of 6 units, no factoring
    assert field.ew(3) == 2
    # the other East-West pairs are compared with the assigned 620 too: 4 beat 420, 620
    # and -100... from EW's view: 3 v 4 (NS 650) beats none -> 0
    assert field.ew(1) == 0 and field.ew(2) == 6 and field.ew(0) == 4
    # North-South: three results among themselves, factored to four (Neuberg)
    assert field.ns(1) == Fraction((4 + 1) * 4, 3) - 1
    assert field.ns(0) == Fraction((2 + 1) * 4, 3) - 1
    # the one-board function agrees
    board = matchpoint_board([r.score for r in results])
    assert board.ns[:3] == (field.ns(0), field.ns(1), field.ns(2))
    assert board.ew == (field.ew(0), field.ew(1), field.ew(2), field.ew(3))
    assert board.ns[3] is None


def test_law12C1d_without_neuberg_the_short_direction_shares_the_top() -> None:
    results = [BoardResult(1, "1", "2", 420), BoardResult(1, "3", "4", 650),
               BoardResult(1, "5", "6", mixed_code("NS +620 / EW 35%"))]
    field = score_pairs(results, config=PairsConfig(neuberg=False))
    assert field.top(0) == 4
    assert field.ew(2) == Fraction(4) * 35 / 100
    assert field.ns(2) == 2  # 620 beats 420, loses to 650
    one = matchpoint_board([r.score for r in results],
                           conditions=MatchpointConditions(factoring="none"))
    assert one.top == 4 and one.ns[2] == 2 and one.ew[2] is None
    # the East-West pairs with a result: two, factored to three
    assert one.ew[0] == field.ew(0) == Fraction((2 + 1) * 3, 2) - 1


def test_law12C1d_mixed_score_in_butler_and_refused_in_teams() -> None:
    results = [BoardResult(1, "1", "2", 420), BoardResult(1, "3", "4", 450),
               BoardResult(1, "5", "6", mixed_code("NS A40 / EW -500"))]
    field = score_pairs(results, "butler")
    assert field.ns(2) == -3  # average minus: -3 IMPs (12C2(b), the session rule aside)
    # East-West's assigned score against East-West's own datum (all three scores)
    datum = butler_datum([420, 450, 500])
    assert field.ew(2) == imps(int(datum) - 500)
    # North-South's datum is made of the two results they obtained
    assert field.ns(0) == imps(420 - int(butler_datum([420, 450])))
    teams = [BoardResult(1, "A", "B", mixed_code("NS A60 / EW -420")),
             BoardResult(1, "B", "A", 420)]
    with pytest.raises(AdjustedScoreError, match="for pairs events"):
        score_teams(teams)


def run(db: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--db", db, "--now", NOW])
    return result.exit_code, " ".join(result.output.split())


def test_law12C1d_mixed_scores_from_the_cli_and_an_import_file(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    assert run(db, "event", "new", "Club", "--id", "c", "--size", "3", "--boards", "2",
               "--no-deal")[0] == 0
    # board 1 is played at table 1 in round 1, table 3 in round 2, table 2 in round 3
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "1", "--code", "NS A60 / EW -620")
    assert code == 0, out
    rows = tmp_path / "rows.csv"
    rows.write_text("round,table,board,contract,declarer,tricks,code\n"
                    "2,3,1,4S,N,10,\n3,2,1,,,,NS +420 / EW 30%\n", encoding="utf-8")
    code, out = run(db, "event", "import", "c", str(rows))
    assert code == 0, out
    code, out = run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board",
                    "2", "--code", "NS A60 / EW A40")
    assert code == 2 and "unknown adjusted-score code" in out
    store = open_store(db)
    scored = score(store, "c")
    store.close()
    lines = {(t.round, t.table): t for t in scored.travellers if t.board == 1}
    assert lines[1, 1].adjusted == "NS A60 / EW -620"
    top = Fraction(4)  # three results expected: 2 (N - 1)
    # table 1: NS average plus; EW's -620 against table 3's -420 (4S N 10, not
    # vulnerable) only (table 2's East-West are artificial): 0 of 2 units, factored to
    # three results (Neuberg): (0 + 1) 3 / 2 - 1
    assert lines[1, 1].ns_value == top * 6 / 10 and lines[1, 1].ew_value == Fraction(1, 2)
    assert lines[3, 2].ew_value == top * 3 / 10
    # the Director's adjustment at the console's command line too
    code, out = run(db, "event", "adjust", "c", "--round", "2", "--table", "3", "--board",
                    "1", "NS -100 / EW A50", "--why", "12C1(d)")
    assert code == 0, out
    store = open_store(db)
    scored = score(store, "c")
    store.close()
    lines = {(t.round, t.table): t for t in scored.travellers if t.board == 1}
    assert lines[2, 3].adjusted == "NS -100 / EW A50"
    assert lines[2, 3].ew_value == top / 2
