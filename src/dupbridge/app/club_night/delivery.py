"""A table device's results on their way to the journal: each one is recorded (or kept as
a conflict or a dispute for the Director), or, when it cannot be recorded, given to the
Director with the reason. Nothing a table entered is dropped.

* A result id already acknowledged with the same result is a retry (its answer was lost).
  The same id with a *different* result is a new result under an id of its own (derived
  from the id and the result), so it is recorded, or set beside the recorded one as a
  conflict (79B); it is never answered "already recorded" and dropped.
* A table may send a result for any board of a round it has played, not only the round it
  is playing now: a second, different result for the last board of a round arrives after
  the table has moved on, and is a conflict for the Director like any other.
* Once the official scores are out (79C) a table's result is refused with the reason; a
  change is the Director's correction.
* A refused result is kept in the journal as ``undelivered`` (who, when, the result as the
  table sent it, the reason) and listed on the Director's console."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dupbridge.app.club_night.commands import Recorded, ResultInput, enter_result, entry_of
from dupbridge.app.club_night.floor import OutOfScope, current_round
from dupbridge.app.club_night.journal import entry_json
from dupbridge.app.club_night.ports import Action, Clock, Json, Store
from dupbridge.app.club_night.state import ClubState, state_of
from dupbridge.app.errors import ResultRefused, translated
from dupbridge.core.messages import Msg, msg
from dupbridge.tournament.periods import table_entry_admissible

UNDELIVERED = "undelivered"


class Published(ResultRefused):
    """79C: the official scores are out; a table's result is the Director's to correct."""


@translated
def enter_table_result(store: Store, clock: Clock, event_id: str, table: int,
                       given: ResultInput, *, entry_id: str) -> Recorded:
    """A table device's result: for its own table, in a round it has played or is playing
    (``OutOfScope`` otherwise), before the official scores (``Published`` after, 79C);
    nothing written when refused. A known id with the same result is a retry, answered as
    such whatever round the table has moved on to since."""
    state = state_of(store, event_id)
    entry_id = delivery_id(state, given, entry_id)
    if entry_id in state.acknowledged:
        return Recorded(entry_id, False, "retry")
    decision = table_entry_admissible(state.periods)
    if not decision.allowed:
        raise Published(msg("round {round}, table {table}, board {board}: {reason} "
                            "(Law {law})", round=given.round, table=table,
                            board=given.board, reason=decision.reason,
                            law=decision.law.clause))
    if not played_here(state, table, given):
        raise OutOfScope(msg("round {round}, table {table}, board {board}: not a board "
                             "this table has played or is playing", round=given.round,
                             table=table, board=given.board))
    return enter_result(store, clock, event_id, given, entry_id=entry_id,
                        who=f"table {table} device", state=state)


def delivery_id(state: ClubState, given: ResultInput, entry_id: str) -> str:
    """``entry_id``, unless the journal already holds another result under it: then an id
    of this result's own (the same every time it is sent, so its retries are retries)."""
    known = state.acknowledged.get(entry_id)
    if known is None:
        return entry_id
    entry = entry_of(state, given, entry_id)
    if known.kind == "result" and known.payload.get("entry") == entry_json(entry):
        return entry_id
    body = json.dumps({**entry_json(entry), "id": ""}, sort_keys=True)
    return f"{entry_id}~{hashlib.sha256(body.encode()).hexdigest()[:16]}"


def played_here(state: ClubState, table: int, given: ResultInput) -> bool:
    """The board is this table's in that round, and the round is the one it plays now or
    one it has played (not a later one, not a sit-out)."""
    encounter = next((e for e in state.movement.in_round(given.round) if e.table == table),
                     None)
    if given.table != table or encounter is None or given.board not in encounter.boards \
            or state.movement.sit_out(encounter):
        return False
    now = current_round(state, table).encounter
    return now is None or given.round <= now.round


@translated
def hand_to_director(store: Store, clock: Clock, event_id: str, table: int,
                     sent: Mapping[str, Json], reason: str, *, entry_id: str) -> None:
    """Keep a result the table could not deliver, with the reason, for the Director's
    console (once per id and result: the phone may send it again)."""
    place = [sent.get(k) for k in ("round", "board")]
    round_, board = (v if isinstance(v, int) and not isinstance(v, bool) else None
                     for v in place)
    digest = hashlib.sha256(json.dumps(dict(sent), sort_keys=True, default=str).encode())
    store.append(Action(f"{entry_id[:64]}:{digest.hexdigest()[:16]}", event_id, UNDELIVERED,
                        f"table {table} device", clock.now(),
                        "a result the table could not deliver",
                        {"result": dict(sent), "reason": _message_json(reason)},
                        round_, table, board))


@dataclass(frozen=True, slots=True)
class Undelivered:
    """A result a table sent that could not be recorded, as it was sent, with the reason."""

    round: int | None
    table: int
    board: int | None
    result: Mapping[str, Any]
    reason: Msg
    at: datetime
    who: str


@translated
def undelivered(store: Store, event_id: str) -> list[Undelivered]:
    """Every result a table could not deliver, oldest first (none is ever removed)."""
    return [Undelivered(a.round, a.table or 0, a.board, dict(a.payload.get("result", {})),
                        _message_of(a.payload.get("reason")), a.at, a.who)
            for a in store.actions(event_id, (UNDELIVERED,))]


def _message_json(reason: str) -> dict[str, Json]:
    if isinstance(reason, Msg):
        return {"template": reason.template,
                "params": {k: _param(v) for k, v in reason.params.items()}}
    return {"template": "{error}", "params": {"error": str(reason)}}


def _param(value: Any) -> Json:
    if isinstance(value, Msg):
        return {"msg": _message_json(value)}
    return value if isinstance(value, int | str) and not isinstance(value, bool) else str(value)


def _message_of(data: Any) -> Msg:
    if not isinstance(data, Mapping):
        return msg("{error}", error=str(data))
    params = {k: _message_of(v["msg"]) if isinstance(v, Mapping) and "msg" in v else v
              for k, v in dict(data.get("params", {})).items()}
    return Msg(str(data.get("template", "")), params)
