"""The club-session store on SQLite and on PostgreSQL (issue 15): the same use cases
round-trip through both, a retry is harmless, two different results for one table are a
conflict kept for the Director (Law 79B), the migrations go up to head and back to base,
and the table engine's log is replayed from the database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest
import sqlalchemy as sa

from dupbridge.adapters.sql import SqlStore, downgrade, open_store, upgrade
from dupbridge.adapters.sql.migrate import current, head
from dupbridge.adapters.sql.store import create_engine_for
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import FixedClock, StoreError
from dupbridge.tournament.dealing import verify
from dupbridge.tournament.results import ResultRejected

START = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)
SEED = "5e" * 16


def _event(url: str) -> tuple[SqlStore, str]:
    store = open_store(url)
    view = club.create_event(store, FixedClock(START), club.NewEvent(
        "Tuesday pairs", arrow_switches="5", absent=(14,), seed=SEED,
        names={1: "Ana & Bea"}))
    return store, view.id


def test_event_round_trips_with_its_movement_and_dealing_commitment(db_url: str) -> None:
    _, event_id = _event(db_url)
    again = open_store(db_url)
    view = club.event_view(again, event_id)
    assert (view.tables, view.rounds, len(view.boards), view.phantoms) == (7, 7, 21, (14,))
    assert view.created_at == START and view.names[1] == "Ana & Bea"
    assert view.commitment is not None and len(view.commitment) == 64
    with pytest.raises(StoreError):
        club.create_event(again, FixedClock(START), club.NewEvent("Tuesday pairs",
                                                                  event_id=event_id))


def test_law79A_result_retry_is_harmless_and_a_different_result_is_a_conflict(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    given = club.ResultInput(1, 1, 1, "4S", "N", 10)
    first = club.enter_result(store, clock, event_id, given, entry_id="t1-b1")
    retry = club.enter_result(store, clock, event_id, given, entry_id="t1-b1")
    other = club.enter_result(store, clock, event_id,
                              club.ResultInput(1, 1, 1, "4S", "N", 9), entry_id="t1-b1-again")
    assert (first.status, retry.new, other.status) == ("recorded", False, "conflict")
    read = club.results(open_store(db_url), event_id)
    assert [line.score for line in read.lines] == [420]
    assert [(a.id, b.id) for a, b in read.conflicts] == [("t1-b1", "t1-b1-again")]
    club.resolve_conflict(store, clock, event_id, "t1-b1-again", "second", who="TD",
                          why="the traveller shows nine tricks")
    read = club.results(store, event_id)
    assert [line.score for line in read.lines] == [-50] and read.conflicts == ()
    assert (read.trail[0].before.score, read.trail[0].after.score) == (420, -50)


def test_law79B_disputed_tricks_wait_for_the_directors_ruling(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    disputed = club.enter_result(store, clock, event_id,
                                 club.ResultInput(1, 2, 4, "3NT", "S", 9, agreed=False))
    assert disputed.status == "dispute" and club.results(store, event_id).lines == ()
    club.rule_on_dispute(store, clock, event_id, disputed.id,
                         club.ResultInput(1, 2, 4, "3NT", "S", 10), who="TD", why="79B2")
    lines = club.results(store, event_id).lines
    assert [(line.board, line.tricks) for line in lines] == [(4, 10)]


def test_law79C_correction_accepted_inside_the_period_refused_after(db_url: str) -> None:
    store, event_id = _event(db_url)
    club.enter_result(store, FixedClock(START), event_id, club.ResultInput(1, 1, 1, "4S", "N", 10))
    official = START + timedelta(hours=3)
    view = club.make_official(store, FixedClock(official), event_id, who="TD")
    assert view.correction_ends == official + timedelta(minutes=30)
    club.correct_result(store, FixedClock(official + timedelta(minutes=10)), event_id,
                        club.ResultInput(1, 1, 1, "4S", "N", 11), who="TD", why="scored 10")
    with pytest.raises(ResultRejected, match="79C2"):
        club.correct_result(store, FixedClock(official + timedelta(minutes=31)), event_id,
                            club.ResultInput(1, 1, 1, "4S", "N", 9), who="TD", why="late")
    trail = club.results(store, event_id).trail
    assert [(t.who, t.why, t.before.tricks, t.after.tricks) for t in trail] == [
        ("TD", "scored 10", 10, 11)]
    assert trail[0].when == official + timedelta(minutes=10)


def test_law12_law90_law15_adjusted_penalty_and_late_pair_are_kept(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    change = club.add_late_pair(store, clock, event_id, late=15, phantom=14, from_round=2,
                                name="Late & Later", who="TD")
    assert change.version == 2 and {a.effect.value for a in change.affected} == {"sit-out: no result"}
    with pytest.raises(ResultRejected, match="sit-out"):
        club.enter_result(store, clock, event_id, club.ResultInput(1, 7, 19, "PASS"))
    club.adjust_score(store, clock, event_id, round=1, table=1, board=2, score="A60/40",
                      who="TD", why="slow play, no time")
    club.penalise(store, clock, event_id, pair=3, amount=Fraction(3), clause="90B2",
                  who="TD", why="slow play")
    read = club.results(open_store(db_url), event_id)
    view = club.event_view(store, event_id)
    assert view.movement_version == 2 and 15 in view.pairs and view.names[15] == "Late & Later"
    assert [(a.board, a.text) for a in read.adjustments] == [(2, "A60/40")]
    assert [(p.pair, p.amount, p.clause) for p in read.penalties] == [(3, 3, "90B2")]


def test_entry_checks_name_where_and_what_and_write_nothing(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    with pytest.raises(ResultRejected, match="round 1, table 1, board 9"):
        club.enter_result(store, clock, event_id, club.ResultInput(1, 1, 9, "4S", "N", 10))
    with pytest.raises(ResultRejected, match="tricks"):
        club.enter_result(store, clock, event_id, club.ResultInput(1, 1, 1, "4S", "N", 14))
    assert len(store.actions(event_id)) == 1  # the movement only


def test_table_log_is_stored_and_replayed_from_the_database(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    log = [{"event": "CallMade", "seat": "N", "call": "1H"},
           {"event": "CallMade", "seat": "W", "call": "1S"}]  # West calls out of rotation
    club.attach_table_log(store, clock, event_id, round=1, table=1, board=1, document=log,
                          who="table 1", log_id="log-1")
    stored = club.table_logs(open_store(db_url), event_id, board=1, table=1)
    assert [g.id for g in stored] == ["log-1"] and stored[0].document == log
    session = club.replay_table_log(store, event_id, "log-1")
    assert len(session.events) == 2 and session.table.pending is not None
    with pytest.raises(ResultRejected, match="does not replay"):
        club.attach_table_log(store, clock, event_id, round=1, table=1, board=1,
                              document=[{"event": "NoSuchEvent"}],
                              who="table 1")


def test_migrations_upgrade_head_then_downgrade_base_round_trip(db_url: str) -> None:
    engine = create_engine_for(db_url)
    upgrade(engine)
    assert current(engine) == head()
    tables = set(sa.inspect(engine).get_table_names())
    assert {"events", "actions", "table_logs", "hand_records"} <= tables
    downgrade(engine)
    assert current(engine) is None
    assert not {"events", "actions", "table_logs"} & set(sa.inspect(engine).get_table_names())
    upgrade(engine)
    assert current(engine) == head()
    engine.dispose()


def test_law15_withdrawn_pair_leaves_a_phantom_and_its_boards_are_factored(db_url: str) -> None:
    store, event_id = _event(db_url)
    clock = FixedClock(START)
    club.enter_result(store, clock, event_id, club.ResultInput(1, 2, 4, "3NT", "S", 9))
    with pytest.raises(ResultRejected, match="already has a result in round 1"):
        club.withdraw_pair(store, clock, event_id, pair=2, phantom=20, from_round=1,
                           who="TD")
    change = club.withdraw_pair(store, clock, event_id, pair=2, phantom=20, from_round=2,
                                who="TD", why="illness")
    assert change.version == 2 and len(change.affected) == 6 * 3
    seats = club.seating(store, event_id, round=2, table=2)
    assert seats[0].sit_out and 20 in seats[0].ns + seats[0].ew
    with pytest.raises(ResultRejected, match="sit-out"):
        club.enter_result(store, clock, event_id, club.ResultInput(2, 2, 7, "PASS"))
    assert 2 in club.event_view(store, event_id).pairs  # ranked on the boards it played


@pytest.mark.parametrize(("profile", "accepted"), [("wbf-2017", True), ("wbf-2007", False)])
def test_law79C2_late_correction_needs_the_editions_conditions(
        tmp_path: Path, profile: str, accepted: bool) -> None:
    store = open_store(str(tmp_path / "late.db"))
    clock = FixedClock(START)
    event_id = club.create_event(store, clock, club.NewEvent("Late", profile=profile,
                                                             deal=False)).id
    club.enter_result(store, clock, event_id, club.ResultInput(1, 1, 1, "4S", "N", 10))
    club.make_official(store, clock, event_id, who="TD")
    after = FixedClock(START + timedelta(hours=1))
    given = club.ResultInput(1, 1, 1, "4S", "N", 11)
    with pytest.raises(ResultRejected, match="79C2"):
        club.correct_result(store, after, event_id, given, who="TD", why="late")
    if accepted:  # 2017: the organizer agrees and the Director is certain
        club.correct_result(store, after, event_id, given, who="TD", why="late",
                            director_certain=True, organizer_agrees=True)
        assert club.results(store, event_id).lines[0].tricks == 11
    else:  # 2007: only where regulations allow late corrections (WBF's do not)
        with pytest.raises(ResultRejected, match="79C2"):
            club.correct_result(store, after, event_id, given, who="TD", why="late",
                                director_certain=True, organizer_agrees=True)


def test_law79C1_director_extends_the_correction_period(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "ext.db"))
    clock = FixedClock(START)
    event_id = club.create_event(store, clock, club.NewEvent("Ext", deal=False)).id
    club.enter_result(store, clock, event_id, club.ResultInput(1, 1, 1, "4S", "N", 10))
    club.make_official(store, clock, event_id, who="TD")
    view = club.extend_periods(store, clock, event_id, minutes=15, who="TD", why="queue")
    assert view.correction_ends == START + timedelta(minutes=45)
    club.correct_result(store, FixedClock(START + timedelta(minutes=40)), event_id,
                        club.ResultInput(1, 1, 1, "4S", "N", 9), who="TD", why="in time")


def test_law78_butler_session_with_an_imp_penalty(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "butler.db"))
    clock = FixedClock(START)
    event_id = club.create_event(store, clock, club.NewEvent(
        "Butler", scoring="butler", size=3, boards_per_round=2, deal=False)).id
    for e in club.seating(store, event_id):
        for b in e.boards:
            club.enter_result(store, clock, event_id,
                              club.ResultInput(e.round, e.table, b, "3NT", "N", 9 + e.table % 2))
    club.penalise(store, clock, event_id, pair=1, amount=Fraction(1), who="TD", why="late")
    scored = club.score(store, event_id)
    assert scored.method == "butler" and scored.penalties[0].unit == "IMPs"
    totals = {s.pair: s.total for group in scored.rankings for s in group}
    assert sum(totals.values()) == -1  # Butler IMPs balance around the datum, less the penalty


def test_law92B_law92D1_appeal_needs_consent_and_closes_with_its_period(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "appeal.db"))
    clock = FixedClock(START)
    event_id = club.create_event(store, clock, club.NewEvent("Appeals", deal=False)).id
    club.make_official(store, clock, event_id, who="TD")
    with pytest.raises(ResultRejected, match="92D1"):
        club.lodge_appeal(store, clock, event_id, round=1, table=1, board=1, pair=1,
                          who="TD", why="misinformation")
    club.lodge_appeal(store, FixedClock(START + timedelta(minutes=29)), event_id, round=1,
                      table=1, board=1, pair=1, partner_consents=True, who="TD",
                      why="misinformation")
    with pytest.raises(ResultRejected, match="92B"):
        club.lodge_appeal(store, FixedClock(START + timedelta(minutes=31)), event_id,
                          round=1, table=2, board=4, pair=2, partner_consents=True,
                          who="TD", why="too late")
    assert [(a.pair, a.board) for a in club.results(store, event_id).appeals] == [(1, 1)]


def test_law6_seed_is_revealed_only_after_the_official_scores_and_regenerates_the_deals(
        tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "deal.db"))
    clock = FixedClock(START)
    event_id = club.create_event(store, clock, club.NewEvent("Dealt")).id  # a fresh seed
    before = club.dealing_record(store, event_id)
    assert before.seed is None and len(before.commitment) == 64
    club.make_official(store, clock, event_id, who="TD")
    after = club.dealing_record(store, event_id)
    assert after.commitment == before.commitment and after.seed is not None
    state = club.state_of(store, event_id)
    assert verify(after, tuple(state.boards[n] for n in after.boards)) == []
    undealt = club.create_event(store, clock, club.NewEvent("Own cards", deal=False)).id
    with pytest.raises(ResultRejected, match="not dealt by dupbridge"):
        club.dealing_record(store, undealt)


def test_law12C2a_the_profiles_percentages_score_an_artificial_adjusted_score(
        tmp_path: Path) -> None:
    """The profile drives the scoring: its 12C2(a) average minus (25 % here) is what the
    side directly at fault gets, with nothing translated by hand."""
    profile = tmp_path / "club-2017.toml"
    profile.write_text('name = "club-2017"\nedition = "2017"\nauthority = "Club"\n'
                       'title = "A club\'s regulations"\n[options]\n'
                       'average_minus_percent = 25\n', encoding="utf-8")
    values = {}
    for name in ("wbf-2017", str(profile)):
        store = open_store(str(tmp_path / f"{Path(name).stem}.db"))
        clock = FixedClock(START)
        event_id = club.create_event(store, clock, club.NewEvent(
            "Adjusted", profile=name, size=3, boards_per_round=2, deal=False)).id
        for e in club.seating(store, event_id):
            for b in e.boards:
                club.enter_result(store, clock, event_id,
                                  club.ResultInput(e.round, e.table, b, "3NT", "N", 9))
        club.adjust_score(store, clock, event_id, round=1, table=1, board=1, score="A40/60",
                          who="TD", why="NS directly at fault")
        line = next(t for t in club.score(store, event_id).travellers
                    if (t.round, t.table, t.board) == (1, 1, 1))
        values[name] = line.ns_value
    top = 2 * (3 - 1)
    assert values["wbf-2017"] == Fraction(40, 100) * top
    assert values[str(profile)] == Fraction(25, 100) * top
