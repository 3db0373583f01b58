"""A Director's ruling on one board at one table as the event's journal keeps it: each save
is a version (an ``Action`` of kind ``ruling``), the latest one in force, every earlier one
kept for the audit trail and the appeal.

A ruling has a ``kind``: ``ruling`` (a ruling session document, ``dupbridge-ruling``) or
``claim`` (a contested claim's adjudication and the Director's award), so both screens keep
their decision on the same board and table the same way. What it carries is a JSON
document the screen that made it reads back, with what the traveller and the audit show
without reading it: the clauses cited, the Director's review items, the adjusted score (if
any) and whether the Director has recorded it (``final``) or only saved it on the way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from dupbridge.app.club_night.ports import Action, Json
from dupbridge.core.messages import msg
from dupbridge.tournament.results import ResultRejected

RULING = "ruling"  # the journal's kind of action
KINDS = ("ruling", "claim")  # the kinds of decision kept on a board and table


@dataclass(frozen=True, slots=True)
class TableRuling:
    """One version of the ruling of ``kind`` on ``board`` at ``table`` in ``round``."""

    id: str  # the action that saved this version
    kind: str
    round: int
    table: int
    board: int
    version: int
    document: Mapping[str, Json]
    citations: tuple[str, ...]  # clauses as "2017 27B1(b)"
    reviews: tuple[tuple[str, str], ...]  # (clause, note) for the Director's review
    score: str | None  # the adjusted score it gives (Law 12), as adjust_score reads it
    final: bool  # recorded by the Director (a later save is an amendment, 79C)
    who: str
    at: datetime
    why: str
    # The board's result the ruling leads to (contract, declarer, tricks: Law 64's
    # transfers made), recorded at the table in place of the one reported; None: none.
    result: Mapping[str, Json] | None = None

    @property
    def key(self) -> tuple[int, int, int, str]:
        return self.round, self.table, self.board, self.kind


def ruling_payload(kind: str, document: Mapping[str, Json], citations: tuple[str, ...],
                   reviews: tuple[tuple[str, str], ...], score: str | None, final: bool,
                   result: Mapping[str, Json] | None = None) -> dict[str, Json]:
    if kind not in KINDS:
        raise ResultRejected(msg("a ruling's kind is one of {kinds}, not {kind}",
                                 kinds=", ".join(KINDS), kind=kind))
    return {"kind": kind, "document": dict(document), "citations": list(citations),
            "reviews": [list(review) for review in reviews], "score": score, "final": final,
            "result": None if result is None else dict(result)}


def read_ruling(action: Action, version: int) -> TableRuling:
    """The version an action of kind ``ruling`` saved (``ResultRejected`` if it is not
    one: a ruling is kept on a board and a table)."""
    p = action.payload
    if action.round is None or action.table is None or action.board is None:
        raise ResultRejected(msg("a ruling is kept on a round, a table and a board"))
    kind = str(p.get("kind", RULING))
    if kind not in KINDS:
        raise ResultRejected(msg("a ruling's kind is one of {kinds}, not {kind}",
                                 kinds=", ".join(KINDS), kind=kind))
    return TableRuling(action.id, kind, action.round, action.table, action.board, version,
                       dict(p.get("document") or {}),
                       tuple(str(c) for c in p.get("citations", ())),
                       tuple((str(law), str(note)) for law, note in p.get("reviews", ())),
                       None if p.get("score") is None else str(p["score"]),
                       bool(p.get("final", False)), action.who, action.at, action.why,
                       p.get("result"))
