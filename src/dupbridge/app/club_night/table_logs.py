"""The table engine's records kept with a club session: a board's event log or a whole
ruling session, per board and table, checked by replaying it when it is attached and
replayable from the database later."""

from __future__ import annotations

import uuid

from dupbridge.app.club_night.ports import Clock, Json, Store, TableLog
from dupbridge.app.club_night.state import (
    ClubState,
    Recorded,
    state_of,
)
from dupbridge.app.errors import translated
from dupbridge.app.ruling_session.document import RulingSession, SessionError
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.tournament.results import ResultRejected


@translated
def attach_table_log(store: Store, clock: Clock, event_id: str, *, round: int, table: int,
                     board: int, document: Json, who: str,
                     log_id: str | None = None) -> Recorded:
    """Keep the table engine's record of a board at a table: a ruling session document
    (``"format": "dupbridge-ruling"``) or the bare event log (a JSON list of events). It
    must replay on this event's board and profile (``ResultRejected`` otherwise), so the
    ruling can be replayed from the database."""
    state = state_of(store, event_id)
    kind = "ruling" if isinstance(document, dict) else "events"
    _replay_document(state, board, kind, document)
    if not any(e.table == table for e in state.movement.in_round(round)):
        raise ResultRejected(msg("round {round}, table {table}: no such table in this round",
                                 round=round, table=table))
    log = TableLog(log_id or uuid.uuid4().hex, event_id, round, table, board, kind, who,
                   clock.now(), document)
    stored, new = store.add_table_log(log)
    return Recorded(stored.id, new, kind)


def _replay_document(state: ClubState, board: int, kind: str, document: Json
                     ) -> RulingSession:
    try:
        if kind == "ruling":
            session = RulingSession.from_json(document)
            if session.board.number != board:
                raise SessionError(f"the document is of board {session.board.number}")
            return session
        if not isinstance(document, list):
            raise SessionError("an event log is a JSON list of events")
        session = RulingSession.start(state.board(board), state.config.regulations)
        for number, item in enumerate(document):
            try:
                session.apply_json(item)
            except SessionError as error:
                raise SessionError(f"event {number}: {error}") from None
        return session
    except (SessionError, ValueError, ActionRejected) as error:
        if isinstance(error, ResultRejected):
            raise
        raise ResultRejected(msg("board {board}: the table log does not replay: {error}",
                                 board=board, error=str(error))) from None


@translated
def table_logs(store: Store, event_id: str, *, round: int | None = None,
               table: int | None = None, board: int | None = None) -> list[TableLog]:
    store.event(event_id)
    return list(store.table_logs(event_id, round=round, table=table, board=board))


@translated
def replay_table_log(store: Store, event_id: str, log_id: str) -> RulingSession:
    """The ruling session a stored table log replays to (the engine's state, rulings and
    result recomputed from the database)."""
    state = state_of(store, event_id)
    log = next((g for g in store.table_logs(event_id) if g.id == log_id), None)
    if log is None:
        raise ResultRejected(msg("no table log {id} in event {event}", id=log_id,
                                 event=event_id))
    return _replay_document(state, log.board, log.kind, log.document)
