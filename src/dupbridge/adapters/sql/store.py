"""The ``Store`` port on SQL: a SQLite file by default, PostgreSQL by URL.

Every write is committed before the method returns: an acknowledged record is on disk.
The journal's actions are written by one writer per store in small groups, one transaction
(one commit, one fsync) for the actions sent at the same moment (``group_writer``).
SQLite runs in WAL mode with ``synchronous=FULL``, so a committed transaction survives
the process being killed (and the machine losing power); PostgreSQL commits durably by
default. Rows are only inserted; a retry is recognised by its id (the unique key
``(event_id, action_id)``), even when two writers race."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable, Collection, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from dupbridge.adapters.sql.group_writer import GroupWriter
from dupbridge.adapters.sql.migrate import current, head, upgrade
from dupbridge.adapters.sql.schema import actions, events, result_places, table_logs
from dupbridge.app.club_night.limits import check_record
from dupbridge.app.club_night.ports import (
    Action,
    EventRecord,
    PlaceTaken,
    StoreError,
    TableLog,
    id_reused,
    unknown_event,
)
from dupbridge.core.messages import msg

DEFAULT_FILE = "dupbridge.db"


def database_url(given: str | None) -> str:
    """The URL to use: the one given, else ``DUPBRIDGE_DB``, else ``./dupbridge.db``. A
    path is a SQLite file; ``postgresql://`` uses psycopg 3."""
    url = given or os.environ.get("DUPBRIDGE_DB") or DEFAULT_FILE
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


def create_engine_for(url: str, *, flush: bool = True) -> Engine:
    """The engine of the database at ``url``. ``flush=False``: a commit returns without
    waiting for the disk (SQLite's ``synchronous=NORMAL`` in WAL mode, PostgreSQL's
    ``synchronous_commit=off``): still kept if the process is killed, possibly not if the
    machine loses power; only for records whose loss then costs nothing that matters."""
    if database_url(url).startswith("postgresql") and not flush:
        engine = sa.create_engine(database_url(url), connect_args={
            "options": "-c synchronous_commit=off"})
    else:
        engine = sa.create_engine(database_url(url))
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas if flush else _sqlite_no_flush)
    return engine


def _sqlite_no_flush(connection: Any, record: Any) -> None:
    _sqlite_pragmas(connection, record, synchronous="NORMAL")


def _sqlite_pragmas(connection: Any, _record: Any, synchronous: str = "FULL") -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


_starting = threading.Lock()  # one writer per store, whichever thread writes first

P = ParamSpec("P")
R = TypeVar("R")


def _database(method: Callable[P, R]) -> Callable[P, R]:
    """The port's ``StoreError`` for whatever the database refuses (it cannot be opened,
    a statement fails): the app and its callers know the port, not SQLAlchemy."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except SQLAlchemyError as error:
            raise StoreError(msg("database: {error}",
                                 error=str(error).splitlines()[0])) from error

    return run


def _utc(moment: datetime) -> datetime:
    """Aware, in UTC: SQLite gives back the naive UTC it was given."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


class SqlStore:
    """The club-session store on one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._writer: GroupWriter | None = None
        self._events: dict[str, EventRecord] = {}
        self._readers: list[SqlStore] = []

    def reader_of_its_own(self) -> SqlStore | None:
        """On a database file on this machine (SQLite), a store on one connection of its
        own, for short indexed reads made at once by one thread (the event loop's polls:
        one costs less than handing it to a thread, and must never wait for the pool's
        connections the request threads hold); None elsewhere. Closed with this one."""
        if self.engine.dialect.name != "sqlite":
            return None
        engine = sa.create_engine(self.engine.url, poolclass=sa.pool.StaticPool,
                                  connect_args={"check_same_thread": False})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        reader = SqlStore(engine)
        self._readers.append(reader)
        return reader

    def close(self) -> None:
        if self._writer is not None:
            self._writer.stop()
        for reader in self._readers:
            reader.close()
        self.engine.dispose()

    @_database
    def add_event(self, record: EventRecord) -> None:
        check_record(id=record.id, name=record.name, content=record.config)
        try:
            with self.engine.begin() as connection:
                connection.execute(events.insert().values(
                    id=record.id, name=record.name, created_at=_utc(record.created_at),
                    config=dict(record.config)))
        except IntegrityError:
            raise StoreError(msg("an event {event} already exists in this database",
                                 event=record.id)) from None

    @_database
    def event(self, event_id: str) -> EventRecord:
        """The event's record; kept once read, since an event's row is never changed
        (every write of its journal checks its event first)."""
        known = self._events.get(event_id)
        if known is not None:
            return known
        with self.engine.connect() as connection:
            row = connection.execute(events.select().where(events.c.id == event_id)).first()
        if row is None:
            raise unknown_event(event_id)
        record = EventRecord(row.id, row.name, _utc(row.created_at), row.config)
        self._events[event_id] = record
        return record

    @_database
    def events(self) -> Sequence[EventRecord]:
        with self.engine.connect() as connection:
            rows = connection.execute(events.select().order_by(events.c.created_at,
                                                               events.c.id)).all()
        return [EventRecord(r.id, r.name, _utc(r.created_at), r.config) for r in rows]

    @_database
    def append(self, action: Action, *, place: tuple[int, int, int] | None = None
               ) -> tuple[Action, bool]:
        """``place``: the action records the first result at that round, table and board;
        its row in ``result_places`` is written in the same transaction, and the unique key
        refuses a second writer (``PlaceTaken``) even when both started at once.

        The action is written by the store's one writer (``GroupWriter``) with the others
        waiting at the same moment, in one transaction: this returns once that transaction
        is committed (a burst of results costs a few commits, not one each)."""
        check_record(id=action.id, who=action.who, why=action.why,
                     numbers=(action.round, action.table, action.board),
                     content=(action.kind, action.payload))
        self.event(action.event)
        return self.writer.write(lambda connection: _append(connection, action, place))

    @property
    def writer(self) -> GroupWriter:
        with _starting:
            if self._writer is None:
                self._writer = GroupWriter(self.engine)
            return self._writer

    @_database
    def actions(self, event_id: str, kinds: Collection[str] | None = None
                ) -> Sequence[Action]:
        query = actions.select().where(actions.c.event_id == event_id)
        if kinds is not None:
            query = query.where(actions.c.kind.in_(list(kinds)))
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(actions.c.seq)).all()
        return [_action_of(r) for r in rows]

    @_database
    def actions_after(self, event_id: str, seq: int) -> tuple[int, Sequence[Action]]:
        """One connection (one snapshot on SQLite). PostgreSQL hands out places when rows
        are inserted, not when they commit, so an action can appear behind ``seq`` later:
        the count is how the reader notices."""
        mine = actions.c.event_id == event_id
        with self.engine.connect() as connection:
            before = connection.execute(sa.select(sa.func.count()).select_from(actions).where(
                mine, actions.c.seq <= seq)).scalar_one()
            rows = connection.execute(actions.select().where(mine, actions.c.seq > seq)
                                      .order_by(actions.c.seq)).all()
        return int(before), [_action_of(r) for r in rows]

    @_database
    def journal_position(self, event_id: str, kinds: Collection[str] | None = None
                         ) -> tuple[int, int]:
        """How many actions (of ``kinds``) the event's journal holds and the place of the
        last, in one indexed query (statements built once: read by every poll of a
        page)."""
        with self.engine.connect() as connection:
            if kinds is None:
                found = connection.execute(_POSITION, {"event": event_id})
            else:
                found = connection.execute(_KINDS_POSITION, {"event": event_id,
                                                             "kinds": list(kinds)})
            count, last = found.one()
        return int(count), int(last or 0)

    @_database
    def add_table_log(self, log: TableLog) -> tuple[TableLog, bool]:
        check_record(id=log.id, who=log.who, numbers=(log.round, log.table, log.board),
                     content=(log.kind, log.document))
        self.event(log.event)
        try:
            with self.engine.begin() as connection:
                seq = connection.execute(table_logs.insert().values(
                    event_id=log.event, log_id=log.id, round=log.round, table_no=log.table,
                    board=log.board, kind=log.kind, who=log.who, at=_utc(log.at),
                    document=log.document).returning(table_logs.c.seq)).scalar_one()
        except IntegrityError:
            stored = next((g for g in self.table_logs(log.event) if g.id == log.id), None)
            if stored is None:
                raise
            if (stored.round, stored.table, stored.board) != (log.round, log.table,
                                                              log.board):
                raise id_reused(log.event, log.id) from None
            return stored, False
        return TableLog(log.id, log.event, log.round, log.table, log.board, log.kind, log.who,
                        _utc(log.at), log.document, seq), True

    @_database
    def table_logs(self, event_id: str, *, round: int | None = None,
                   table: int | None = None, board: int | None = None
                   ) -> Sequence[TableLog]:
        query = table_logs.select().where(table_logs.c.event_id == event_id)
        for column, value in ((table_logs.c.round, round), (table_logs.c.table_no, table),
                              (table_logs.c.board, board)):
            if value is not None:
                query = query.where(column == value)
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(table_logs.c.seq)).all()
        return [TableLog(r.log_id, r.event_id, r.round, r.table_no, r.board, r.kind, r.who,
                         _utc(r.at), r.document, r.seq) for r in rows]


_POSITION = sa.select(sa.func.count(), sa.func.max(actions.c.seq)).where(
    actions.c.event_id == sa.bindparam("event"))
_KINDS_POSITION = _POSITION.where(actions.c.kind.in_(sa.bindparam("kinds", expanding=True)))


def _append(connection: Connection, action: Action, place: tuple[int, int, int] | None
            ) -> tuple[Action, bool]:
    """``SqlStore.append``'s rows, in a savepoint of the group's transaction: a refusal
    takes back only this action's rows."""
    try:
        with connection.begin_nested():
            if place is not None:
                connection.execute(result_places.insert().values(
                    event_id=action.event, round=place[0], table_no=place[1],
                    board=place[2], action_id=action.id))
            seq = connection.execute(actions.insert().values(
                event_id=action.event, action_id=action.id, kind=action.kind,
                round=action.round, table_no=action.table, board=action.board,
                who=action.who, at=_utc(action.at), why=action.why,
                payload=dict(action.payload)).returning(actions.c.seq)).scalar_one()
    except IntegrityError:
        row = connection.execute(actions.select().where(
            actions.c.event_id == action.event, actions.c.action_id == action.id)).first()
        stored = None if row is None else _action_of(row)
        if stored is None and place is not None:
            raise PlaceTaken(msg("round {round}, table {table}, board {board}: "
                                 "another result was recorded there first",
                                 round=place[0], table=place[1], board=place[2]
                                 )) from None
        if stored is None:
            raise
        if not stored.same_as(action):
            raise id_reused(action.event, action.id) from None
        return stored, False
    return Action(action.id, action.event, action.kind, action.who, _utc(action.at),
                  action.why, action.payload, action.round, action.table, action.board,
                  seq), True


def _action_of(row: Any) -> Action:
    return Action(row.action_id, row.event_id, row.kind, row.who, _utc(row.at), row.why,
                  row.payload, row.round, row.table_no, row.board, row.seq)


@_database
def open_store(url: str | None = None, *, migrate: bool = True) -> SqlStore:
    """The store at ``url`` (see ``database_url``), its schema brought to the newest
    migration first unless ``migrate`` is False (then it must already be there)."""
    engine = create_engine_for(database_url(url))
    if migrate:
        if current(engine) != head():
            upgrade(engine)
    elif current(engine) != head():
        engine.dispose()
        raise StoreError(msg("the database is not at the newest schema: run "
                             "'dupbridge db upgrade'"))
    return SqlStore(engine)
