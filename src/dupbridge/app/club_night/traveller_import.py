"""Results imported from a traveller file (docs/club-import.md): CSV with a header line, or
a JSON list of objects, with the fields ``round``, ``table``, ``board``, then either
``contract`` (``4SX``, ``PASS``), ``declarer`` (N, E, S, W) and ``tricks`` (won by
declarer) with an optional ``lead`` (``HA``), or ``code`` (an adjusted-score code such as
``A60/40``); optional ``agreed`` (yes/no: 79A) and ``id``.

The whole file is checked against the event first (each row as ``enter_result`` would
check it, in order); if a row is wrong nothing is written and the error names its line.
A row's id, when the file gives none, is made from its content: importing the same file
again is harmless, and a row changed since is a new result beside the old one (a conflict
for the Director), never a silent overwrite."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from dupbridge.app.club_night.commands import ResultInput, entry_of, state_of, status_of
from dupbridge.app.club_night.journal import entry_action
from dupbridge.app.club_night.ports import Action, Clock, Store
from dupbridge.app.club_night.state import apply
from dupbridge.app.errors import BadInput, translated
from dupbridge.core.messages import Msg, msg
from dupbridge.tournament.results import ResultRejected

FIELDS = ("round", "table", "board", "contract", "declarer", "tricks", "lead", "code", "score",
          "agreed", "id")


class ImportRejected(BadInput):
    """A file that cannot be imported; the message names the file, the line and what."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Row:
    where: str  # file:line
    given: ResultInput
    id: str


@dataclass(frozen=True, slots=True)
class Imported:
    rows: int
    recorded: int
    retries: int
    disputes: int
    conflicts: int


@translated
def read_rows(path: Path) -> list[Row]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise ImportRejected(msg("{file}: cannot read: {error}", file=str(path),
                                 error=str(error))) from None
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ImportRejected(msg("{file}: line {line}: not JSON: {error}",
                                     file=str(path), line=error.lineno,
                                     error=error.msg)) from None
        if not isinstance(data, list):
            raise ImportRejected(msg("{file}: a JSON import is a list of results",
                                     file=str(path)))
        records: list[tuple[int, Mapping[str, Any]]] = list(enumerate(data, start=1))
        label = "item"
    else:
        reader = csv.DictReader(io.StringIO(text))
        records = [(reader.line_num, row) for row in reader]
        label = "line"
        missing = {"round", "table", "board"} - set(reader.fieldnames or ())
        if missing:
            raise ImportRejected(msg("{file}: line 1: the header lacks {fields}",
                                     file=str(path), fields=", ".join(sorted(missing))))
    return [_row(f"{path.name}: {label} {number}", record) for number, record in records]


def _row(where: str, record: Mapping[str, Any]) -> Row:
    if not isinstance(record, Mapping):
        raise ImportRejected(msg("{where}: a result is an object with round, table, board...",
                                 where=where))
    unknown = set(record) - set(FIELDS) - {None}
    if unknown:
        raise ImportRejected(msg("{where}: unknown field {field}", where=where,
                                 field=sorted(map(str, unknown))[0]))

    def text(name: str) -> str | None:
        value = record.get(name)
        return None if value is None or str(value).strip() == "" else str(value).strip()

    def number(name: str, required: bool) -> int | None:
        value = text(name)
        if value is None:
            if required:
                raise ImportRejected(msg("{where}: {field} is missing", where=where,
                                         field=name))
            return None
        try:
            return int(value)
        except ValueError:
            raise ImportRejected(msg("{where}: {field} must be a whole number, not {value}",
                                     where=where, field=name, value=value)) from None

    agreed = (text("agreed") or "yes").lower() not in ("no", "n", "false", "0")
    round, table, board = (number("round", True) or 0, number("table", True) or 0,
                           number("board", True) or 0)
    contract, declarer, tricks = text("contract"), text("declarer"), number("tricks", False)
    lead, code = text("lead"), text("code")
    score = _signed(text("score"), where)
    # The id is made from the row as written, so that a file imported again gives the
    # ids it gave before.
    content = "|".join(str(v) for v in (round, table, board, contract, declarer, tricks,
                                        lead, code, agreed, *(() if score is None else (score,))))
    row_id = text("id") or "import-" + hashlib.sha256(content.encode()).hexdigest()[:20]
    try:
        given = ResultInput(round, table, board, contract, declarer, tricks, lead, code,
                            agreed, score)
    except ResultRejected as error:
        raise ImportRejected(msg("{where}: {error}", where=where,
                                 error=error.message)) from None
    return Row(where, given, row_id)


def _signed(value: str | None, where: str) -> int | None:
    """A score-only traveller's North-South score: ``420``, ``-50``, ``NS 420`` or
    ``EW 50`` (East-West's score, so -50 for North-South)."""
    if value is None:
        return None
    words = value.upper().split()
    try:
        if len(words) == 2 and words[0] in ("NS", "EW"):
            points = int(words[1])
            return points if words[0] == "NS" else -points
        return int(value)
    except ValueError:
        raise ImportRejected(msg("{where}: score must be North-South's points such as 420 "
                                 "or -50, not {value}", where=where, value=value)) from None


@translated
def import_results(store: Store, clock: Clock, event_id: str, rows: Sequence[Row], *,
                   who: str = "scorer") -> Imported:
    """Check every row against the event, in order, then record them all; if one is
    wrong, ``ImportRejected`` naming its line and nothing is written."""
    state = state_of(store, event_id)
    now = clock.now()
    checked: list[tuple[Action, str]] = []
    for row in rows:
        if row.id in state.acknowledged:
            checked.append((state.acknowledged[row.id], "retry"))
            continue
        try:
            entry = entry_of(state, row.given, row.id)
            action = entry_action("result", entry, event=event_id, who=who, at=now)
            after = apply(state, action, entry)
        except ResultRejected as error:
            raise ImportRejected(msg("{where}: {error}", where=row.where,
                                     error=error.message)) from None
        checked.append((action, status_of(state.book, after.book, row.id)))
        state = replace(after, acknowledged={**state.acknowledged, row.id: action})
    counts = {"recorded": 0, "retry": 0, "dispute": 0, "conflict": 0, "duplicate": 0}
    for action, status in checked:
        if status != "retry":
            _, new = store.append(action)
            status = status if new else "retry"  # another writer sent it meanwhile
        counts[status] += 1
    return Imported(len(rows), counts["recorded"] + counts["duplicate"], counts["retry"],
                    counts["dispute"], counts["conflict"])


__all__ = ["FIELDS", "ImportRejected", "Imported", "Row", "import_results",
           "read_rows"]
