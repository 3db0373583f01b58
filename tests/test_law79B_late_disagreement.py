"""Law 79B when the Director is called about the tricks after the end of the round: 2017
79B3 changes both sides' scores only if he is clearly convinced, else he reduces one side
without increasing the other's; 2007 79B2 does not oblige him to increase either side's
score. The question and its default (no), the split score it ends in, and that score
recorded at the club from the CLI and the Director's console."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.state import state_of
from dupbridge.cli.main import app
from dupbridge.core.edition import Edition, LawRef
from dupbridge.laws.irregularities.law79_tricks_won import (
    CLEARLY_CONVINCED,
    late_correction,
    late_question,
)
from dupbridge.scoring.law12_assigned import read_split, split_text
from dupbridge.scoring.results import Split

NOW = "2026-11-26T19:00:00+00:00"


@pytest.mark.parametrize(("edition", "clause"), [(Edition.LAWS_2007, "79B2"),
                                                 (Edition.LAWS_2017, "79B3")])
def test_law79B2_2007_law79B3_2017_the_question_and_the_default_the_law_gives(
        edition: Edition, clause: str) -> None:
    question = late_question(edition)
    assert question.id == CLEARLY_CONVINCED and question.law == LawRef(edition, clause)
    assert question.default is False and question.choices == (True, False)


def test_law79B3_2017_not_clearly_convinced_only_the_lowered_side_changes() -> None:
    """Recorded 4S+1 (+450); the Director finds ten tricks (+420): North-South go down to
    +420, East-West keep -450 (no increase for them)."""
    found = late_correction(Edition.LAWS_2017, 450, 420, convinced=False)
    assert (found.ns, found.ew, found.split) == (420, 450, True)
    assert found.score == Split(420, 450) and found.law == LawRef(Edition.LAWS_2017, "79B3")


def test_law79B3_2017_clearly_convinced_both_sides_change() -> None:
    found = late_correction(Edition.LAWS_2017, 450, 420, convinced=True)
    assert (found.ns, found.ew, found.score) == (420, 420, 420)


def test_law79B2_2007_no_obligation_to_increase_either_sides_score() -> None:
    """Recorded +420, found +450: East-West's score goes down (-450), North-South's is
    not increased (+420)."""
    found = late_correction(Edition.LAWS_2007, 420, 450, convinced=False)
    assert found.score == Split(420, 450) and found.law == LawRef(Edition.LAWS_2007, "79B2")
    assert late_correction(Edition.LAWS_2007, 420, 450, convinced=True).score == 450


def test_law12C1_a_split_score_written_as_each_side_reads_it() -> None:
    assert split_text(Split(420, 450)) == "NS +420 / EW -450"
    assert read_split("ns +420 / ew -450") == Split(420, 450)
    assert read_split(split_text(Split(-100, 50))) == Split(-100, 50)
    with pytest.raises(ValueError, match="NS \\+420 / EW -450"):
        read_split("NS 420")


# At the club


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "club.db")
    result = CliRunner().invoke(app, ["event", "new", "Club", "--id", "c", "--no-deal",
                                      "--db", path, "--now", NOW])
    assert result.exit_code == 0, result.output
    return path


def run(db: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--db", db, "--now", NOW])
    return result.exit_code, result.output


def adjustment(db: str, board: int) -> object:
    store = open_store(db)
    try:
        return state_of(store, "c").adjustments.get((1, 1, board))
    finally:
        store.close()


def test_law79B3_the_cli_records_a_split_score_after_the_round(db: str) -> None:
    assert run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board", "1",
               "4S", "N", "11")[0] == 0  # board 1, nobody vulnerable: +450
    code, out = run(db, "event", "correct", "c", "--round", "1", "--table", "1", "--board",
                    "1", "4S", "N", "10", "--after-round", "--why", "ten tricks, not eleven")
    assert code == 0 and "split score recorded (2017 Law 79B3): NS +420 / EW -450" in out, out
    kept = adjustment(db, 1)
    assert kept is not None and kept.score == Split(420, 450)  # type: ignore[attr-defined]
    assert "79B3" in kept.why  # type: ignore[attr-defined]
    store = open_store(db)
    try:
        scored = club.score(store, "c")  # the session scores with the split score
    finally:
        store.close()
    assert scored.rankings


def test_law79B3_the_cli_clearly_convinced_corrects_both_sides(db: str) -> None:
    assert run(db, "event", "enter", "c", "--round", "1", "--table", "1", "--board", "1",
               "4S", "N", "11")[0] == 0
    code, out = run(db, "event", "correct", "c", "--round", "1", "--table", "1", "--board",
                    "1", "4S", "N", "10", "--after-round", "--convinced", "--why", "seen")
    assert code == 0 and "corrected for both sides (2017 Law 79B3)" in out, out
    assert adjustment(db, 1) is None
    store = open_store(db)
    try:
        line = next(line for line in club.results(store, "c").lines if line.board == 1)
    finally:
        store.close()
    assert line.tricks == 10


def test_law79B_nothing_recorded_to_change_is_one_line_and_nothing_written(db: str) -> None:
    code, out = run(db, "event", "correct", "c", "--round", "1", "--table", "1", "--board",
                    "1", "4S", "N", "10", "--after-round", "--why", "x")
    assert code == 2 and len(out.strip().splitlines()) == 1, out
    assert "no played result is recorded for the Director to change (79B)" in out
    assert adjustment(db, 1) is None


def test_law79B3_the_directors_console_records_the_split_score(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from fastapi.testclient import TestClient

    from dupbridge.web.app import WebConfig, create_app
    from dupbridge.web.security import hash_password

    class Clock:
        def now(self) -> datetime:
            return datetime(2026, 11, 26, 19, 0, tzinfo=UTC)

    web_app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                                   director_hash=hash_password("d"), clock=Clock()))
    store = web_app.state.pages.store
    event = club.create_event(store, Clock(), club.NewEvent(
        "Late", size=3, boards_per_round=2, seed="ab" * 16), who="Director")
    club.enter_result(store, Clock(), event.id, club.ResultInput(1, 1, 1, "4S", "N", 11, None))
    web = TestClient(web_app)

    def token(path: str) -> str:
        found = re.search(r'name="csrf" value="([^"]+)"', web.get(path).text)
        assert found is not None
        return found[1]

    web.post("/login", data={"password": "d", "csrf": token("/login")})
    page = f"/director/events/{event.id}"
    assert 'name="after_round"' in web.get(page).text
    form = {"csrf": token(page), "round": "1", "table": "1", "board": "1", "contract": "4S",
            "declarer": "N", "tricks": "10", "why": "ten tricks", "after_round": "1"}
    answer = web.post(f"{page}/correct", data=form)
    assert answer.status_code == 200, answer.text
    kept = state_of(store, event.id).adjustments[(1, 1, 1)]
    assert isinstance(kept.score, Split)
    board = state_of(store, event.id).board(1)
    assert kept.text.startswith("NS ") and kept.score.ns < kept.score.ew, (board, kept)
    bad = web.post(f"{page}/correct", data={**form, "tricks": "ten", "csrf": token(page)})
    assert bad.status_code == 422  # a clear refusal, never a 500
