"""The Director's rulings kept with a club session (issue 18), on SQLite and PostgreSQL: a
ruling session opened on the event's board, saved, reopened from the database, recorded
with its citations and adjusted score (Law 12), amended within the correction period and
refused after it (79C), appealed within Law 92B's period; a claim's award kept on the same
board and table."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from dupbridge.adapters.sql import SqlStore, open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.app.club_night.rulings import (
    Place,
    appeal_ruling,
    open_ruling,
    rulings,
    save_ruling,
    save_table_ruling,
    versions,
)
from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.app.ruling_session.flow import revoke_summary
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat
from dupbridge.notation.steps import apply_step, parse_step
from dupbridge.tournament.results import ResultRejected

START = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)
SEED = "5e" * 16
PLACE = Place(1, 1, 1)  # round 1, table 1, board 1 (dealer North)


def _event(url: str) -> tuple[SqlStore, str]:
    store = open_store(url)
    view = club.create_event(store, FixedClock(START), club.NewEvent("Tuesday pairs",
                                                                     seed=SEED))
    return store, view.id


def _insufficient_bid(session: RulingSession) -> None:
    for line in ("N 1S", "E 1H"):
        apply_step(session.table, parse_step(line))
    session.table.answer("unintended", False)


def test_law27_ruling_opens_on_the_events_board_and_reopens_from_the_database(
        db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    session = open_ruling(store, event_id, PLACE)
    assert session.board == club.state_of(store, event_id).board(1)
    assert session.regulations.name == "wbf-2017"
    _insufficient_bid(session)
    saved = save_ruling(store, clock, event_id, PLACE, session, who="TD", why="called")
    assert saved.status == "saved"
    again = open_ruling(open_store(db_url), event_id, PLACE)
    assert again.table.pending is not None and again.table.pending.id == "d1"
    with pytest.raises(ResultRejected, match="pending"):  # not while a decision waits
        save_ruling(store, clock, event_id, PLACE, again, final=True, who="TD")
    again.table.choose("decline")
    recorded = save_ruling(store, clock, event_id, PLACE, again, final=True, who="TD")
    assert recorded.status == "recorded"
    kept = rulings(open_store(db_url), event_id)
    assert [(r.board, r.table, r.version, r.final) for r in kept] == [(1, 1, 2, True)]
    assert "2017 27B" in kept[0].citations


def test_law12_a_recorded_rulings_adjusted_score_replaces_the_result(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    club.enter_result(store, clock, event_id, club.ResultInput(1, 1, 1, "4S", "N", 10))
    session = open_ruling(store, event_id, PLACE)
    save_ruling(store, clock, event_id, PLACE, session, score="A60/40", who="TD")
    assert not club.state_of(store, event_id).adjustments  # a draft adjusts nothing
    save_ruling(store, clock, event_id, PLACE, session, final=True, score="A60/40",
                who="TD")
    line = next(x for x in club.results(store, event_id).lines if x.board == 1)
    assert line.adjusted == "A60/40"


def test_law79C_amendment_within_the_period_then_refused_after_it(db_url: str) -> None:
    store, event_id = _event(db_url)
    session = open_ruling(store, event_id, PLACE)
    _insufficient_bid(session)
    session.table.choose("accept")
    save_ruling(store, FixedClock(START), event_id, PLACE, session, final=True, who="TD")
    official = START + timedelta(hours=3)
    club.make_official(store, FixedClock(official), event_id, who="TD")
    amended = save_ruling(store, FixedClock(official + timedelta(minutes=10)), event_id,
                          PLACE, session, final=True, score="A60/40", who="TD",
                          why="second thoughts")
    assert amended.status == "amended"
    with pytest.raises(ResultRejected, match="79C2"):
        save_ruling(store, FixedClock(official + timedelta(minutes=31)), event_id, PLACE,
                    session, final=True, who="TD")
    kept = versions(open_store(db_url), event_id, PLACE)
    assert [(v.version, v.score, v.why) for v in kept] == [
        (1, None, ""), (2, "A60/40", "second thoughts")]


def test_law92B_appeal_of_a_ruling_within_the_period_refused_after(db_url: str) -> None:
    store, event_id = _event(db_url)
    session = open_ruling(store, event_id, PLACE)
    with pytest.raises(ResultRejected, match="no ruling to appeal"):
        appeal_ruling(store, FixedClock(START), event_id, PLACE, pair=1,
                      partner_consents=True, who="pair 1", why="too harsh")
    save_ruling(store, FixedClock(START), event_id, PLACE, session, final=True, who="TD")
    official = START + timedelta(hours=3)
    club.make_official(store, FixedClock(official), event_id, who="TD")
    lodged = appeal_ruling(store, FixedClock(official + timedelta(minutes=5)), event_id,
                           PLACE, pair=1, partner_consents=True, who="pair 1",
                           why="too harsh")
    assert lodged.status == "appeal"
    with pytest.raises(ResultRejected, match="92B"):
        appeal_ruling(store, FixedClock(official + timedelta(days=2)), event_id, PLACE,
                      pair=1, partner_consents=True, who="pair 1", why="late")


def test_a_claim_award_is_kept_beside_the_ruling_on_the_same_board_and_table(
        db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    save_ruling(store, clock, event_id, PLACE, open_ruling(store, event_id, PLACE),
                who="TD")
    save_table_ruling(store, clock, event_id, PLACE, "claim", {"award": 9},
                      citations=("2017 70A",), final=True, who="TD")
    kinds = [(r.kind, dict(r.document).get("award")) for r in rulings(store, event_id)]
    assert kinds == [("claim", 9), ("ruling", None)]


def test_a_ruling_elsewhere_than_the_events_board_and_table_is_refused(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    with pytest.raises(ResultRejected, match="does not play board"):
        open_ruling(store, event_id, Place(1, 1, 7))
    other = open_ruling(store, event_id, Place(1, 2, 4))
    with pytest.raises(ResultRejected, match="not on this event's board"):
        save_ruling(store, clock, event_id, PLACE, other, who="TD")
    with pytest.raises(ResultRejected, match="kind"):
        save_table_ruling(store, clock, event_id, PLACE, "verdict", {}, who="TD")
    with pytest.raises(ResultRejected, match="does not replay"):
        save_table_ruling(store, clock, event_id, PLACE, "ruling", {"format": "x"},
                          who="TD")
    assert rulings(store, event_id) == []


def test_a_retried_save_is_harmless(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    session = open_ruling(store, event_id, PLACE)
    first = save_ruling(store, clock, event_id, PLACE, session, who="TD", action_id="r1")
    retry = save_ruling(store, clock, event_id, PLACE, session, who="TD", action_id="r1")
    assert (first.new, retry.new) == (True, False)
    assert len(versions(store, event_id, PLACE)) == 1


def test_law64_a_recorded_revoke_ruling_puts_its_result_on_the_board(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    club.enter_result(store, clock, event_id, club.ResultInput(1, 1, 1, "4S", "N", 8))
    session = open_ruling(store, event_id, PLACE)
    for line in ("N 1S", "E P", "S 4S", "W P", "N P", "E P"):
        apply_step(session.table, parse_step(line))
    # East revoked on trick 4 and won it; East-West won one more trick after it.
    session.summary = revoke_summary(Contract.parse("4S N"), Seat.EAST, 4, Seat.EAST, 1, 8)
    save_ruling(store, clock, event_id, PLACE, session, who="TD")
    assert [line.tricks for line in club.results(store, event_id).lines] == [8]  # a draft
    save_ruling(store, clock, event_id, PLACE, session, final=True, who="TD", why="64A1")
    read = club.results(open_store(db_url), event_id)
    assert [(line.board, line.tricks) for line in read.lines] == [(1, 10)]
    assert [(a.before.tricks, a.after.tricks, a.why) for a in read.trail] == [(8, 10, "64A1")]


def test_law12C1_a_recorded_16B_rulings_assigned_score_is_the_boards_score(
        db_url: str) -> None:
    """Issue 30: a ruling that assigns a score (16B, 12C1(a)) records it for the board at
    the club, without the Director typing it again; the table's 3♥ making 10 is replaced."""
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    club.enter_result(store, clock, event_id, club.ResultInput(1, 1, 1, "3H", "N", 10))
    session = open_ruling(store, event_id, PLACE)
    for line in ("N 1H", "E 1S", "convey S hesitation", "S P", "W 2S", "N 3H", "E P",
                 "S P", "W P", "ui E"):
        apply_step(session.table, parse_step(line))
    for question, answer in (("ui-conveyed", True), ("ui-alternative", "Pass"),
                             ("ui-suggested", True), ("ui-damaged", True),
                             ("assigned-contract", "2S E"), ("assigned-tricks", 9)):
        session.table.answer(question, answer)
    session.table.choose("adjust")
    assigned = session.assigned()
    assert assigned is not None and assigned.contract == Contract.parse("2S E")
    save_ruling(store, clock, event_id, PLACE, session, final=True, who="TD", why="16B")
    line = next(x for x in club.results(open_store(db_url), event_id).lines if x.board == 1)
    assert (line.score, line.adjusted) == (assigned.score_ns, "2S E 9")  # not 3H N +170
