"""What happens on the floor of a club session, beside the results: the table devices'
codes (a new generation each session refuses every older code), the calls for the
Director from a table, whether the public ranking is hidden for the last rounds, and which
round a table is playing now.

These are records of the event's journal like the results (``Store.append``, with who,
when and a client-chosen id), so every worker process and every machine serving the
database sees the same; replaying the journal leaves the session's state unchanged by them
(``club_state`` knows their kinds)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from dupbridge.app.club_night.journal import read_movement
from dupbridge.app.club_night.local_time import clock_time
from dupbridge.app.club_night.ports import Action, Clock, Store
from dupbridge.app.club_night.state import RELEASES, ClubState, state_of
from dupbridge.app.errors import NotFound, ResultRefused, translated
from dupbridge.core.messages import Msg, msg
from dupbridge.tournament.movement import Encounter
from dupbridge.tournament.results import ResultRejected

DEVICES, CALL, RANKING, RELEASE = "devices", "call", "ranking", "release"
ATTENDED, ROUND = "attended", "round"
FLOOR_KINDS = (DEVICES, CALL, RANKING, RELEASE, "undelivered", ATTENDED, ROUND)
MAX_ROUND_MINUTES = 180


@translated
def device_generation(store: Store, event_id: str) -> int:
    """The generation of table-device codes in force: 1, then one more at each rotation."""
    return 1 + len(store.actions(event_id, (DEVICES,)))


@translated
def rotate_device_codes(store: Store, clock: Clock, event_id: str, *, who: str,
                        action_id: str | None = None) -> int:
    """A new generation of codes (each session): every older code and every device that
    joined with one is refused from now on. Returns the new generation."""
    store.event(event_id)
    generation = device_generation(store, event_id) + 1
    store.append(Action(action_id or uuid.uuid4().hex, event_id, DEVICES, who, clock.now(),
                        "new table-device codes", {"generation": generation}))
    return device_generation(store, event_id)


@dataclass(frozen=True, slots=True)
class DirectorCall:
    round: int
    table: int
    at: datetime
    who: str
    board: int | None = None  # the board the table is calling about, when it says
    id: str = ""
    attended: datetime | None = None  # when the Director said he has come


@translated
def call_director(store: Store, clock: Clock, event_id: str, *, round: int, table: int,
                  who: str, board: int | None = None,
                  action_id: str | None = None) -> DirectorCall:
    """A table calls the Director (Law 9B1), on a board when it says which: kept with the
    time, shown on his console, which opens the ruling on that board at that table."""
    stored, _ = store.append(Action(action_id or uuid.uuid4().hex, event_id, CALL, who,
                                    clock.now(), "Director called", {}, round, table, board))
    return DirectorCall(round, table, stored.at, stored.who, stored.board, stored.id)


@translated
def director_calls(store: Store, event_id: str) -> list[DirectorCall]:
    """Every call, newest first, with when the Director attended it (None: still
    waiting)."""
    attended: dict[str, datetime] = {}
    for action in store.actions(event_id, (ATTENDED,)):
        attended.setdefault(str(action.payload.get("call", "")), action.at)
    return [DirectorCall(a.round or 0, a.table or 0, a.at, a.who, a.board, a.id,
                         attended.get(a.id))
            for a in reversed(store.actions(event_id, (CALL,)))]


@translated
def attend_call(store: Store, clock: Clock, event_id: str, call_id: str, *, who: str,
                action_id: str | None = None) -> DirectorCall:
    """The Director has come to the table that called (Law 9B1): the call leaves the
    waiting list of his console, and the table's phone shows it attended."""
    call = next((c for c in director_calls(store, event_id) if c.id == call_id), None)
    if call is None:
        raise NotFound(msg("no call {call} in this event", call=call_id))
    if call.attended is not None:
        return call
    stored, _ = store.append(Action(action_id or uuid.uuid4().hex, event_id, ATTENDED, who,
                                    clock.now(), "call attended", {"call": call_id},
                                    call.round, call.table, call.board))
    return replace(call, attended=stored.at)


@dataclass(frozen=True, slots=True)
class RoundClock:
    """The round the Director has started, when, for how many minutes (None: no clock),
    and when he ended it (None: being played)."""

    round: int
    started: datetime
    minutes: int | None
    ended: datetime | None = None

    @property
    def ends(self) -> datetime | None:
        return None if self.minutes is None else self.started + timedelta(
            minutes=self.minutes)

    def over_time(self, now: datetime) -> bool:
        ends = self.ends
        return self.ended is None and ends is not None and now >= ends

    def text(self, now: datetime, zone: str = "UTC") -> Msg:
        """What the console and the phones say of it (the end on the club's clock:
        ``zone``, the event's time zone)."""
        ends = self.ends
        if self.ended is not None:
            return msg("Round {round} is over.", round=self.round)
        if self.over_time(now):
            return msg("Round {round}: time is up.", round=self.round)
        if ends is not None:
            return msg("Round {round} ends at {time}.", round=self.round,
                       time=clock_time(ends, zone))
        return msg("Round {round} is being played.", round=self.round)


@translated
def start_round(store: Store, clock: Clock, event_id: str, *, round: int,
                minutes: int | None, who: str, action_id: str | None = None) -> RoundClock:
    """The Director starts ``round`` (Law 8A: the round begins when he calls it), with a
    clock of ``minutes`` when given: every table's phone opens that round, and no phone
    moves on past it until he starts the next."""
    state = state_of(store, event_id)
    if not 1 <= round <= state.movement.rounds:
        raise ResultRejected(msg("round {round} is not in the movement (1 to {rounds})",
                                 round=round, rounds=state.movement.rounds))
    if minutes is not None and not 1 <= minutes <= MAX_ROUND_MINUTES:
        raise ResultRejected(msg("a round lasts from 1 to {most} minutes", most=MAX_ROUND_MINUTES))
    stored, _ = store.append(Action(action_id or uuid.uuid4().hex, event_id, ROUND, who,
                                    clock.now(), "round started",
                                    {"start": round, "minutes": minutes}, round))
    return RoundClock(round, stored.at, minutes)


@translated
def end_round(store: Store, clock: Clock, event_id: str, *, who: str,
              action_id: str | None = None) -> RoundClock:
    """The Director calls the end of the round in play (Law 8B): the phones show where
    each pair goes next; a late table may still send its results."""
    running = round_clock(store, event_id)
    if running is None or running.ended is not None:
        raise ResultRejected(msg("no round is being played: start one first"))
    stored, _ = store.append(Action(action_id or uuid.uuid4().hex, event_id, ROUND, who,
                                    clock.now(), "round ended", {"end": running.round},
                                    running.round))
    return replace(running, ended=stored.at)


@translated
def round_clock(store: Store, event_id: str) -> RoundClock | None:
    """The round the Director started last, None if he has never used the round control
    (then each table moves on as soon as its round is recorded)."""
    found: RoundClock | None = None
    for action in store.actions(event_id, (ROUND,)):
        if "start" in action.payload:
            minutes = action.payload.get("minutes")
            found = RoundClock(int(str(action.payload["start"])), action.at,
                               None if minutes is None else int(str(minutes)))
        elif found is not None and action.payload.get("end") == found.round:
            found = replace(found, ended=action.at)
    return found


@translated
def hide_ranking(store: Store, clock: Clock, event_id: str, *, from_round: int | None,
                 who: str, action_id: str | None = None) -> None:
    """Hide the public ranking once ``from_round`` is being played (None shows it again):
    the last rounds keep their suspense until the Director publishes."""
    if from_round is not None and from_round < 1:
        raise ResultRejected(msg("rounds are numbered from 1"))
    store.append(Action(action_id or uuid.uuid4().hex, event_id, RANKING, who, clock.now(),
                        "public ranking visibility", {"hide_from": from_round}))


@translated
def ranking_hidden_from(store: Store, event_id: str) -> int | None:
    found = store.actions(event_id, (RANKING,))
    if not found:
        return None
    value = found[-1].payload.get("hide_from")
    return None if value is None else int(value)


@translated
def ranking_hidden_in(store: Store, state: ClubState) -> bool:
    """Whether the live ranking is hidden now: the Director's setting (``ranking_hidden_from``)
    applied to the state the page has already read."""
    return ranking_hidden_of(state, ranking_hidden_from(store, state.record.id))


@translated
def ranking_hidden_of(state: ClubState, hide_from: int | None) -> bool:
    """Hidden while a round from ``hide_from`` on is being played and the scores are not
    official yet."""
    if hide_from is None or state.official_at is not None:
        return False
    played = max((e.round for e in state.movement.encounters
                  if _recorded(state, e) > 0), default=0)
    return played >= hide_from


@translated
def choose_release(store: Store, clock: Clock, event_id: str, *, release: str, who: str,
                   action_id: str | None = None) -> str:
    """When the players and the public see a board's results (``visibility``): ``board``
    once played (the default), ``round`` once the round is over too, ``session`` once
    every table has finished. Kept in the journal like the ranking's visibility."""
    if release not in RELEASES:
        raise ResultRejected(msg("results are released by {releases}, not {value}",
                                 releases=", ".join(RELEASES), value=release))
    state_of(store, event_id)  # the event exists
    store.append(Action(action_id or uuid.uuid4().hex, event_id, RELEASE, who, clock.now(),
                        "results release", {"release": release}))
    return release


@dataclass(frozen=True, slots=True)
class TableRound:
    """What a table plays now: its round's encounter and which boards are recorded (None
    when the table has finished every round)."""

    table: int
    encounter: Encounter | None
    recorded: frozenset[int]


def current_round(state: ClubState, table: int) -> TableRound:
    """The first round, in order, in which this table has boards not yet recorded (a
    sit-out round has no result to wait for). A conflict or dispute waiting for the Director
    counts as recorded for the table: the players move on, the Director settles it."""
    for encounter in sorted(state.movement.encounters, key=lambda e: e.round):
        if encounter.table != table or state.movement.sit_out(encounter):
            continue
        done = _boards_done(state, encounter)
        if not set(encounter.boards) <= done:
            return TableRound(table, encounter, frozenset(done))
    return TableRound(table, None, frozenset())


def _boards_done(state: ClubState, encounter: Encounter) -> set[int]:
    book = state.book
    done = {b for b in encounter.boards if book.result(encounter.round, encounter.table, b)}
    waiting = list(book.disputes) + [second for _, second in book.conflicts]
    done |= {e.board for e in waiting
             if (e.round, e.table) == (encounter.round, encounter.table)}
    return done


def _recorded(state: ClubState, encounter: Encounter) -> int:
    return len(_boards_done(state, encounter))


@translated
def tables_of(store: Store, event_id: str) -> int:
    """How many tables the event's movement, as last revised, has (read without replaying
    the journal: a device's code is checked against every event's tables)."""
    movements = store.actions(event_id, ("movement",))
    return read_movement(movements[-1].payload["movement"]).tables if movements else 0


class OutOfScope(ResultRefused):
    """A device asked to write outside its table's current round."""
