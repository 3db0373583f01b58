"""Results as the scorer receives them: entered from the table, checked against the
movement and the deal, agreed by both sides (Law 79A), disputed before the Director
(79B), corrected with an audit trail within the correction period (79C), adjusted by
the Director (Law 12) and penalised (Law 90).

The book of results is a value: recording, correcting and adjusting return a new book;
nothing recorded is ever lost (every version stays in the audit trail). A result is
written once per client-generated id (a retry is harmless); a second, different result
for the same board and table is a conflict the Director settles."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction

from dupbridge.core.board import Board
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.scoring.board_score import ns_score
from dupbridge.scoring.law12_assigned import mixed_score
from dupbridge.scoring.results import Artificial, Fault, Mixed, fault_of_percentage
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.periods import Periods, may_correct


class ResultRejected(ValueError):
    """An entry that cannot be recorded; its message names the table, the board and what
    is wrong. Nothing is recorded."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message


# A "TD" line: the table called the Director, who will give the score (Law 12); the line
# is kept, and left out of the scoring until the Director's adjusted score is recorded.
DIRECTOR = "TD"
_FAULT = {"40": Fault.DIRECTLY, "50": Fault.PARTLY, "60": Fault.NONE}
# A60/40 (faults: the profile's values), A70/70 or A60/0 (stated percentages), and
# 40%/60% (stated, written with the percent sign).
_ADJUSTED = re.compile(r"^A\s*(\d{1,3}(?:[.,]\d+)?)\s*/\s*(\d{1,3}(?:[.,]\d+)?)$")
_PERCENTAGES = re.compile(r"^(\d{1,3}(?:[.,]\d+)?)\s*%\s*/\s*(\d{1,3}(?:[.,]\d+)?)\s*%$")


def artificial_code(code: str) -> Artificial:
    """``A60/40``: North-South not at fault, East-West directly at fault (12C2(a)); the
    numbers 60, 50 and 40 name the fault, the profile's percentages give the value. Other
    figures (``A70/70``, ``A60/0``) and any written with a percent sign (``40%/60%``) are
    the percentages the Director states for each side."""
    written = code.strip().upper()
    stated = _PERCENTAGES.match(written)
    match = stated or _ADJUSTED.match(written)
    if match is None:
        raise ValueError(msg("{code} is not an adjusted-score code (A60/40, A50/50, A70/70, "
                             "40%/60%, NS A60 / EW -620...)", code=code))
    ns, ew = match[1].replace(",", "."), match[2].replace(",", ".")
    if stated is None and ns in _FAULT and ew in _FAULT:
        return Artificial(_FAULT[ns], _FAULT[ew])
    return Artificial.of_percentages(Fraction(ns), Fraction(ew))


def code_of(artificial: Artificial) -> str:
    """The adjusted-score code of an artificial score (``artificial_code``'s inverse)."""
    if artificial.ns_percent is not None or artificial.ew_percent is not None:
        percent = {fault: Fraction(number) for number, fault in _FAULT.items()}
        ns = artificial.ns_percent if artificial.ns_percent is not None else \
            percent[artificial.ns]
        ew = artificial.ew_percent if artificial.ew_percent is not None else \
            percent[artificial.ew]
        return f"{_figure(ns)}%/{_figure(ew)}%"
    percent_of = {fault: number for number, fault in _FAULT.items()}
    return f"A{percent_of[artificial.ns]}/{percent_of[artificial.ew]}"


# NS A60 / EW -620: North-South artificial (60: not at fault), East-West assigned -620 as
# they read it; NS +620 / EW 35%: North-South assigned, East-West a stated percentage.
_SIDE = r"(A\s*\d{1,3}(?:[.,]\d+)?|\d{1,3}(?:[.,]\d+)?\s*%|[+-]?\d+)"
_MIXED = re.compile(rf"^NS\s*{_SIDE}\s*/\s*(?:EW|EO|OE)\s*{_SIDE}$")


def mixed_code(code: str) -> Mixed:
    """``NS A60 / EW -620``: an artificial score for one side (A60, A50, A40 by fault, or
    a stated percentage: A70, 35%) and the assigned score the other side reads as its own
    (12C1(d), 12C1(a)); exactly one side artificial."""
    written = code.strip().upper()
    match = _MIXED.match(written)
    if match is None:
        raise ValueError(msg("{code} is not a mixed adjusted score (NS A60 / EW -620)",
                             code=code))
    sides = [match[1].replace(" ", ""), match[2].replace(" ", "")]
    artificial = [not side.lstrip("+-").isdigit() for side in sides]
    if artificial[0] == artificial[1]:
        raise ValueError(msg("{code}: a mixed score gives one side an artificial score and "
                             "the other an assigned one", code=code))
    side, points = (sides[0], sides[1]) if artificial[0] else (sides[1], sides[0])
    # the assigned side's score as it reads it: East-West's is negated into NS points
    ns_points = -int(points) if artificial[0] else int(points)
    figure = side.lstrip("A").rstrip("%").replace(",", ".")
    if side.startswith("A") and figure in _FAULT:
        return mixed_score(Side.NS if artificial[0] else Side.EW, _FAULT[figure], ns_points)
    percent = Fraction(figure)
    if not 0 <= percent <= 100:
        raise ValueError(msg("an artificial score is a percentage from 0 to 100, not {figure}",
                             figure=figure))
    return mixed_score(Side.NS if artificial[0] else Side.EW, fault_of_percentage(percent),
                       ns_points, percent)


def adjusted_code(code: str) -> Artificial | Mixed:
    """An adjusted-score code as an import file or ``event enter --code`` gives it: an
    artificial score for both sides (``artificial_code``) or a mixed one
    (``mixed_code``)."""
    if code.strip().upper().startswith("NS"):
        return mixed_code(code)
    return artificial_code(code)


def mixed_text(mixed: Mixed) -> str:
    """``mixed_code``'s inverse."""
    percent_of = {fault: number for number, fault in _FAULT.items()}
    artificial = (f"{_figure(mixed.percent)}%" if mixed.percent is not None
                  else f"A{percent_of[mixed.fault]}")
    if not isinstance(mixed.assigned, int):
        raise ValueError("only a mixed score assigned in points is written as a code")
    if mixed.artificial_ns:
        return f"NS {artificial} / EW {-mixed.assigned:+d}"
    return f"NS {mixed.assigned:+d} / EW {artificial}"


def _figure(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True, slots=True)
class Entry:
    """What a table reports for one board: the contract (None: passed out), declarer,
    opening lead and tricks won by declarer, or an adjusted-score code; and which sides
    agreed the number of tricks (79A1)."""

    id: str
    round: int
    table: int
    board: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    contract: Contract | None = None
    declarer: Seat | None = None
    lead: Card | None = None
    tricks: int | None = None
    adjusted: str | None = None
    agreed_by: frozenset[Side] = frozenset({Side.NS, Side.EW})
    # A score-only traveller: North-South's score as written, no contract (some programs
    # and paper travellers record only that); scored as any table result.
    score: int | None = None


@dataclass(frozen=True, slots=True)
class Correction:
    """The audit record of a change: who, when, why, the entry before and after."""

    who: str
    when: datetime
    why: str
    before: Entry | None
    after: Entry


@dataclass(frozen=True, slots=True)
class Book:
    """The results of a session, by board and table, with every change recorded."""

    entries: Mapping[tuple[int, int, int], Entry] = field(default_factory=dict)
    by_id: Mapping[str, tuple[int, int, int]] = field(default_factory=dict)
    trail: tuple[Correction, ...] = ()
    disputes: tuple[Entry, ...] = ()
    conflicts: tuple[tuple[Entry, Entry], ...] = ()

    def result(self, round_number: int, table: int, board: int) -> Entry | None:
        return self.entries.get((round_number, table, board))


def check_entry(entry: Entry, movement: Movement, board: Board) -> None:
    """Everything an entry must satisfy before it is recorded: the board is played at
    that table in that round by those pairs, a contract has its declarer, the lead card
    is held by declarer's left-hand opponent, tricks are 0-13; or an adjusted-score code."""
    at = {"round": entry.round, "table": entry.table, "board": entry.board}
    encounter = _encounter(movement, entry)
    if encounter is None or entry.board not in encounter.boards:
        raise ResultRejected(msg(
            "round {round}, table {table}, board {board}: "
            "this board is not played at this table in this "
            "round", **at))
    if movement.sit_out(encounter):
        raise ResultRejected(msg(
            "round {round}, table {table}, board {board}: "
            "a phantom sits here: a sit-out has no result", **at))
    if (entry.ns, entry.ew) != (encounter.ns, encounter.ew):
        raise ResultRejected(msg(
            "round {round}, table {table}, board {board}: "
            "the movement seats {ns} against {ew} here",
            **at, ns=encounter.ns, ew=encounter.ew))
    if entry.adjusted is not None:
        if entry.adjusted.strip().upper() == DIRECTOR:
            return
        try:
            adjusted_code(entry.adjusted)
        except ValueError:
            raise ResultRejected(msg(
                "round {round}, table {table}, board {board}: "
                "unknown adjusted-score code {code}",
                **at, code=entry.adjusted)) from None
        return
    if entry.score is not None:
        if entry.contract is not None or entry.declarer is not None or entry.tricks:
            raise ResultRejected(msg(
                "round {round}, table {table}, board {board}: "
                "give either the score or the contract, not both", **at))
        if entry.score % 10 or abs(entry.score) > 7600:
            raise ResultRejected(msg(
                "round {round}, table {table}, board {board}: "
                "{score} is not a bridge score", **at, score=entry.score))
        return
    if entry.contract is None:
        if entry.tricks not in (None, 0) or entry.declarer is not None:
            raise ResultRejected(msg(
                "round {round}, table {table}, board {board}: "
                "a passed-out board has no declarer or tricks",
                **at))
        return
    if entry.declarer is None:
        raise ResultRejected(msg(
            "round {round}, table {table}, board {board}: "
            "the contract needs its declarer", **at))
    if entry.tricks is None or not 0 <= entry.tricks <= 13:
        raise ResultRejected(msg(
            "round {round}, table {table}, board {board}: "
            "tricks must be a number from 0 to 13",
            **at))
    leader = entry.declarer.lho
    if entry.lead is not None and board.deal is not None and board.deal[leader] is not None:
        hand = board.deal.hand(leader)
        if entry.lead not in hand:
            raise ResultRejected(msg(
                "round {round}, table {table}, board {board}: "
                "{seat} does not hold the lead {card}",
                **at, seat=leader, card=str(entry.lead)))


def _encounter(movement: Movement, entry: Entry) -> Encounter | None:
    return next((e for e in movement.in_round(entry.round) if e.table == entry.table), None)


@law("79A", title="Tricks won: agreed before the hands are returned")
@law("79A1", title="Both sides agree the number of tricks won")
@law("79B", title="Disagreement on tricks: the Director is called")
def record(book: Book, entry: Entry, movement: Movement, board: Board) -> Book:
    """Record an entry. 79A1: the number of tricks must be agreed by both sides; an entry
    one side has not agreed goes to the Director as a dispute (79B) and is not scored until
    he rules. A retry of the same id is harmless; a different result already recorded for
    that board and table is kept and the new one set beside it as a conflict."""
    check_entry(entry, movement, board)
    key = (entry.round, entry.table, entry.board)
    if entry.id in book.by_id:
        return book
    if entry.agreed_by != frozenset({Side.NS, Side.EW}) and entry.adjusted is None:
        return replace(book, disputes=(*book.disputes, entry))
    existing = book.entries.get(key)
    if existing is not None and _same(existing, entry):
        return replace(book, by_id={**book.by_id, entry.id: key})
    if existing is not None:
        return replace(book, conflicts=(*book.conflicts, (existing, entry)))
    return replace(book, entries={**book.entries, key: entry},
                   by_id={**book.by_id, entry.id: key})


def _same(a: Entry, b: Entry) -> bool:
    return replace(a, id="", agreed_by=frozenset()) == replace(b, id="", agreed_by=frozenset())


@law("79B2", editions=(Edition.LAWS_2007, Edition.LAWS_2017),
     title="The Director decides the score recorded after a disagreement")
def rule_on_dispute(book: Book, disputed: Entry, decided: Entry, *, who: str, when: datetime,
                    why: str, movement: Movement, board: Board) -> Book:
    """79B2: the Director decides the score to be recorded; the dispute leaves the list and
    his decision is recorded with its audit record."""
    if disputed not in book.disputes:
        raise ResultRejected(msg("no such dispute to rule on"))
    agreed = replace(decided, agreed_by=frozenset({Side.NS, Side.EW}))
    check_entry(agreed, movement, board)
    key = (agreed.round, agreed.table, agreed.board)
    return replace(book, entries={**book.entries, key: agreed},
                   by_id={**book.by_id, agreed.id: key},
                   disputes=tuple(d for d in book.disputes if d != disputed),
                   trail=(*book.trail, Correction(who, when, why, disputed, agreed)))


@law("79B2", editions=(Edition.LAWS_2007, Edition.LAWS_2017),
     title="The Director decides the score recorded after a disagreement")
def settle_conflict(book: Book, entry_id: str, chosen: Entry, *, who: str, when: datetime,
                    why: str, movement: Movement, board: Board) -> Book:
    """Two different results came for one board and table (entry ``entry_id`` is the
    second): the Director decides which score is recorded, or a third (79B2 applies as
    to any disagreement on the score). Both entries stay in the audit trail."""
    pair = next((c for c in book.conflicts if c[1].id == entry_id), None)
    if pair is None:
        raise ResultRejected(msg("no conflict with the entry {id} to settle", id=entry_id))
    existing, _ = pair
    agreed = replace(chosen, agreed_by=frozenset({Side.NS, Side.EW}))
    check_entry(agreed, movement, board)
    key = (agreed.round, agreed.table, agreed.board)
    return replace(book, entries={**book.entries, key: agreed},
                   by_id={**book.by_id, agreed.id: key},
                   conflicts=tuple(c for c in book.conflicts if c is not pair),
                   trail=(*book.trail, Correction(who, when, why, existing, agreed)))


@law("79C", title="Correction period for errors in computing or recording scores")
def correct(book: Book, corrected: Entry, *, who: str, when: datetime, why: str,
            periods: Periods | None, movement: Movement, board: Board,
            director_certain: bool = False, organizer_agrees: bool = False) -> Book:
    """Correct a recorded result (79C): before the official scores any time; after, while
    the correction period runs (79C1), or late under each edition's conditions (79C2).
    The audit trail keeps who, when, why, and the result before and after."""
    key = (corrected.round, corrected.table, corrected.board)
    before = book.entries.get(key)
    if before is None:
        raise ResultRejected(msg(
            "round {round}, table {table}, board {board}: "
            "nothing "
            "recorded to correct", round=corrected.round,
                                 table=corrected.table, board=corrected.board))
    if periods is not None:
        decision = may_correct(periods, when, director_certain=director_certain,
                               organizer_agrees=organizer_agrees)
        if not decision.allowed:
            raise ResultRejected(msg("correction refused ({law}): {reason}",
                                     law=decision.law, reason=decision.reason))
    check_entry(corrected, movement, board)
    return replace(book, entries={**book.entries, key: corrected},
                   by_id={**book.by_id, corrected.id: key},
                   trail=(*book.trail, Correction(who, when, why, before, corrected)))


def ns_points(entry: Entry, board: Board) -> int:
    """North-South's score of a played result (Law 77 from declarer's side, signed), or
    the score a score-only traveller gives."""
    if entry.score is not None:
        return entry.score
    return ns_score(board, entry.contract, entry.declarer, entry.tricks)
