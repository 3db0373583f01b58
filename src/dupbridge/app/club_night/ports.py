"""The ports of a club session: where its records are kept (``Store``) and what time it is
(``Clock``). The use cases of ``dupbridge.app.club_night.commands`` take both as arguments;
the SQL store of ``dupbridge.adapters.sql`` implements the first, and a test or a replay
fixes the second.

A session is kept as rows that are only ever added, never changed (docs/architecture.md:
nothing is lost, nothing is overwritten silently):

* one ``EventRecord`` per event: its name and its configuration as chosen when it was
  created (edition, profile, scoring, movement, the dealing commitment);
* its ``Action`` journal, in order: each result entered, each ruling, correction, adjusted
  score, penalty, change of movement, the official scores and the extensions of the
  periods. Each action carries who, when and why; its ``id`` is chosen by the client, so a
  retry of an acknowledged action is recognised and does no harm;
* ``TableLog`` documents: the table engine's event log (or a whole ruling session) of one
  board at one table, as JSON, replayable from the database.

The state of the session (the movement as revised, the book of results, the audit trail)
is the journal replayed through the tournament layer, so the database and the Laws never
disagree about what was recorded."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from dupbridge.app.errors import NotFound, Refused
from dupbridge.core.messages import Msg, msg

Json = Any  # a value json.dumps accepts: dict, list, str, int, float, bool or None


class StoreError(Refused):
    """A request the store refuses (an id already used for something else, a database
    that cannot be used); its message names what and where. Nothing is written."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


class PlaceTaken(StoreError):
    """Another writer recorded the first result at this round, table and board while this
    one was deciding: read the journal again (this result is now a conflict, or the same)."""


class UnknownEvent(StoreError, NotFound):
    """No event with that id in this database."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    id: str
    name: str
    created_at: datetime
    config: Mapping[str, Json]


@dataclass(frozen=True, slots=True)
class Action:
    """One row of an event's journal. ``kind`` says what it is (``result``, ``correct``,
    ``rule``, ``resolve``, ``adjust``, ``penalty``, ``movement``, ``official``, ``extend``);
    ``payload`` is its content as JSON; ``seq`` is its place, given by the store."""

    id: str
    event: str
    kind: str
    who: str
    at: datetime
    why: str = ""
    payload: Mapping[str, Json] = field(default_factory=dict)
    round: int | None = None
    table: int | None = None
    board: int | None = None
    seq: int = 0

    def same_as(self, other: Action) -> bool:
        """The same request sent again (a retry): same event, kind and place. What it
        carries may differ in what the state added (a correction's ``before``)."""
        return (self.event, self.kind, self.round, self.table, self.board) == (
            other.event, other.kind, other.round, other.table, other.board)


@dataclass(frozen=True, slots=True)
class TableLog:
    """The engine's record of one board at one table: ``kind`` ``events`` (the event log,
    a JSON list) or ``ruling`` (a whole ruling session document)."""

    id: str
    event: str
    round: int
    table: int
    board: int
    kind: str
    who: str
    at: datetime
    document: Json
    seq: int = 0


class Store(Protocol):
    """Where a club session's records are kept. Every method that writes either commits
    before it returns (the record is acknowledged and survives a crash) or writes nothing."""

    def add_event(self, record: EventRecord) -> None:
        """Keep a new event; ``StoreError`` if its id is taken."""

    def event(self, event_id: str) -> EventRecord:
        """The event; ``StoreError`` if there is none with that id."""

    def events(self) -> Sequence[EventRecord]:
        """Every event, oldest first."""

    def append(self, action: Action, *, place: tuple[int, int, int] | None = None
               ) -> tuple[Action, bool]:
        """Add ``action`` at the end of its event's journal and return it with its place,
        and True. If an action with its id is already there: the same request returns the
        stored one and False (a retry); a different one is refused (``StoreError``).
        ``place`` (round, table, board): the action records the first result there, and
        ``PlaceTaken`` if another action already did (atomically: nothing is written)."""

    def actions(self, event_id: str, kinds: Collection[str] | None = None
                ) -> Sequence[Action]:
        """The event's journal in order (only ``kinds`` when given)."""

    def actions_after(self, event_id: str, seq: int) -> tuple[int, Sequence[Action]]:
        """The event's actions placed after ``seq``, in order, and how many are placed at
        or before it, read together: a reader that has applied the journal up to ``seq``
        learns what is new, and (the count differing from what it saw) whether a writer
        committed an action in a place it had already passed."""

    def journal_position(self, event_id: str, kinds: Collection[str] | None = None
                         ) -> tuple[int, int]:
        """How many actions (of ``kinds`` when given) the event's journal holds and the
        place of the last (0, 0 for none), read cheaply: it changes whenever an action is
        committed, even one PostgreSQL placed behind the last before it committed (the
        count sees it)."""

    def add_table_log(self, log: TableLog) -> tuple[TableLog, bool]:
        """Keep a table's log, with the retry rule of ``append``."""

    def table_logs(self, event_id: str, *, round: int | None = None,
                   table: int | None = None, board: int | None = None
                   ) -> Sequence[TableLog]:
        """The event's table logs in order, those of one board and table when given."""


def id_reused(event_id: str, action_id: str) -> StoreError:
    return StoreError(msg("event {event}: the id {id} was already used for a different "
                          "record", event=event_id, id=action_id))


def unknown_event(event_id: str) -> StoreError:
    return UnknownEvent(msg("no event {event} in this database", event=event_id))


class Clock(Protocol):
    """The time as the server knows it: periods open and close by it (Laws 79C, 92B)."""

    def now(self) -> datetime:
        """The present moment, with its time zone."""


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class FixedClock:
    """A clock that always says ``at``: for tests, and for replaying a session as it was."""

    at: datetime

    def now(self) -> datetime:
        return self.at if self.at.tzinfo is not None else self.at.replace(tzinfo=UTC)
