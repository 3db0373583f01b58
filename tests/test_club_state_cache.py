"""Each process keeps the state it last read of an event and applies only the journal's
newer actions (issue 17: the web app's cost per request). The journal stays the truth:
two store handles writing in turn (two workers) each read the same state as a fresh
replay of the whole journal, and an action that a slower writer commits behind one
already read (PostgreSQL hands out places before commit) is not missed."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from fractions import Fraction

from dupbridge.adapters.sql import SqlStore, open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import Action, FixedClock
from dupbridge.app.club_night.state import ClubState, replay

CLOCK = FixedClock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC))


def _fresh(store: SqlStore, event_id: str) -> ClubState:
    return replay(store.event(event_id), store.actions(event_id))


def test_law79A_law12_law90_two_workers_interleaved_read_what_a_fresh_replay_reads(
        db_url: str) -> None:
    one, two = open_store(db_url), open_store(db_url)
    event_id = club.create_event(one, CLOCK, club.NewEvent("Tuesday pairs", absent=(14,),
                                                           deal=False)).id
    writes = [
        lambda s: club.enter_result(s, CLOCK, event_id, club.ResultInput(1, 1, 1, "4S", "N", 10),
                                    entry_id="a"),
        lambda s: club.enter_result(s, CLOCK, event_id, club.ResultInput(1, 1, 1, "4S", "N", 9),
                                    entry_id="b"),
        lambda s: club.enter_result(s, CLOCK, event_id, club.ResultInput(1, 2, 4, "3NT", "S", 9,
                                                                         agreed=False)),
        lambda s: club.resolve_conflict(s, CLOCK, event_id, "b", "second", who="TD", why="x"),
        lambda s: club.add_late_pair(s, CLOCK, event_id, late=15, phantom=14, from_round=2,
                                     name="Late & Later", who="TD"),
        lambda s: club.adjust_score(s, CLOCK, event_id, round=1, table=3, board=7,
                                    score="A60/40", who="TD", why="slow play"),
        lambda s: club.penalise(s, CLOCK, event_id, pair=3, amount=Fraction(3), who="TD",
                                why="slow play"),
    ]
    readers = (one, two)
    for n, write in enumerate(writes):
        write(readers[n % 2])
        fresh = _fresh(one, event_id)
        assert club.state_of(one, event_id) == fresh
        assert club.state_of(two, event_id) == fresh
    state = club.state_of(two, event_id)
    assert (len(state.book.entries), len(state.book.disputes), len(state.adjustments),
            len(state.penalties), state.name_of(15)) == (2, 1, 1, 1, "Late & Later")


class _SlowCommit:
    """The store as a reader sees it while a writer's action, placed before others, has
    not committed yet (``hidden``); ``show`` commits it."""

    def __init__(self, store: SqlStore, hidden: str) -> None:
        self.store, self.hidden = store, hidden

    def show(self) -> None:
        self.hidden = ""

    def __getattr__(self, name: str) -> object:
        return getattr(self.store, name)

    def _visible(self, actions: Sequence[Action]) -> list[Action]:
        return [a for a in actions if a.id != self.hidden]

    def actions(self, event_id: str, kinds: Collection[str] | None = None) -> list[Action]:
        return self._visible(self.store.actions(event_id, kinds))

    def actions_after(self, event_id: str, seq: int) -> tuple[int, list[Action]]:
        everything = self.actions(event_id)
        return (sum(a.seq <= seq for a in everything),
                [a for a in everything if a.seq > seq])


def test_law79A_an_action_committed_behind_one_already_read_is_not_missed(
        db_url: str) -> None:
    writer = open_store(db_url)
    event_id = club.create_event(writer, CLOCK, club.NewEvent("Tuesday pairs", deal=False)).id
    for table, entry_id in ((1, "slow"), (2, "fast")):
        club.enter_result(writer, CLOCK, event_id, club.ResultInput(1, table, table * 3 - 2,
                                                                    "PASS"), entry_id=entry_id)
    reader = _SlowCommit(open_store(db_url), hidden="slow")
    assert "slow" not in club.state_of(reader, event_id).acknowledged  # type: ignore[arg-type]
    reader.show()
    state = club.state_of(reader, event_id)  # type: ignore[arg-type]
    assert "slow" in state.acknowledged and state == _fresh(writer, event_id)


def test_law78_a_ranking_is_scored_once_per_state_and_anew_after_each_result(
        db_url: str) -> None:
    """Viewers polling the ranking share one scoring of the session per new result; the
    next result scores it again (issue 29: the ranking cost a request 207 ms)."""
    from dupbridge.app.club_night import views
    from dupbridge.app.club_night.progress import running_percentages_of

    store = open_store(db_url)
    event_id = club.create_event(store, CLOCK, club.NewEvent("Tuesday pairs", deal=False)).id
    movement = club.state_of(store, event_id).movement
    board = movement.in_round(1)[0].boards[0]
    tables = [(r, e.table) for r in range(1, movement.rounds + 1)
              for e in movement.in_round(r) if board in e.boards]
    assert len(tables) >= 3
    for (round_, table), tricks in zip(tables[:2], (10, 9), strict=True):
        club.enter_result(store, CLOCK, event_id,
                          club.ResultInput(round_, table, board, "4S", "N", tricks))
    state = club.state_of(store, event_id)
    first = views.score_of(state)
    assert views.score_of(club.state_of(store, event_id)) is first
    assert running_percentages_of(state) is running_percentages_of(state)
    round_, table = tables[2]
    club.enter_result(store, CLOCK, event_id,
                      club.ResultInput(round_, table, board, "4S", "N", 11))
    later = views.score_of(club.state_of(store, event_id))
    assert later is not first
    assert later == views.score_of(_fresh(store, event_id))
    assert len(later.travellers) == len(first.travellers) + 1
