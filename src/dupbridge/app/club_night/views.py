"""Reading a club session, kept apart from the commands that write it: the event
(``event_view``), who sits where (``seating``), everything recorded with the audit trail
(``results``), the session scored and ranked (``score``), the Law 6 dealing record. Plain
values for the command line and the web app.

Each read is a function of the session's state (``*_of``): a request loads the state
once (``state_of``) and reads from it as much as it shows. The functions taking a store
and an event id load it themselves, for a caller that reads one thing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction

from dupbridge.app.club_night.derived import derived
from dupbridge.app.club_night.event_kinds import factored, pairs_options
from dupbridge.app.club_night.ports import EventRecord, Store
from dupbridge.app.club_night.section_rankings import pairs_per_section
from dupbridge.app.club_night.state import (
    SCORING_METHODS,
    Adjustment,
    Appeal,
    ClubState,
    Unapplied,
    state_of,
)
from dupbridge.app.errors import ResultRefused, translated
from dupbridge.core.messages import msg
from dupbridge.core.seats import Side
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.scoring.field_config import PairsMethod
from dupbridge.scoring.ranking import rank
from dupbridge.tournament.dealing import ALGORITHM, DealingRecord, reveal
from dupbridge.tournament.results import Correction, Entry, ns_points
from dupbridge.tournament.sections import section_of
from dupbridge.tournament.session_scoring import awaiting_director, score_session


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays where in a round of the movement as last revised: a table device shows
    its own line, the Director the whole round."""

    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    boards: tuple[int, ...]
    sit_out: bool


@translated
def seating(store: Store, event_id: str, *, round: int | None = None,
            table: int | None = None) -> list[Seating]:
    return seating_of(state_of(store, event_id), round=round, table=table)


@translated
def seating_of(state: ClubState, *, round: int | None = None, table: int | None = None
               ) -> list[Seating]:
    """The movement's encounters (those of one round and table when given)."""
    movement = state.movement
    return [Seating(e.round, e.table, e.ns, e.ew, e.boards, movement.sit_out(e))
            for e in movement.encounters
            if (round is None or e.round == round) and (table is None or e.table == table)]


@dataclass(frozen=True, slots=True)
class Line:
    """One result of a board as the traveller shows it; ``ns_value``/``ew_value`` are the
    matchpoints (or IMPs) once scored, None before."""

    id: str
    round: int
    table: int
    board: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    contract: str
    declarer: str
    lead: str
    tricks: int | None
    score: int | None
    adjusted: str | None
    ns_value: Fraction | None = None
    ew_value: Fraction | None = None


@dataclass(frozen=True, slots=True)
class AuditRecord:
    """A change to a recorded result: who, when, why, before and after."""

    who: str
    when: datetime
    why: str
    before: Line | None
    after: Line


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    pair: int
    amount: Fraction
    unit: str
    clause: str
    board: int | None
    why: str


@dataclass(frozen=True, slots=True)
class Results:
    lines: tuple[Line, ...]
    disputes: tuple[Line, ...]
    conflicts: tuple[tuple[Line, Line], ...]
    trail: tuple[AuditRecord, ...]
    adjustments: tuple[Adjustment, ...]
    penalties: tuple[PenaltyLine, ...]
    unapplied: tuple[Unapplied, ...]
    appeals: tuple[Appeal, ...] = ()
    timezone: str = "UTC"  # the club's zone: the trail's times are shown in it


def _line(state: ClubState, entry: Entry) -> Line:
    adjustment = state.adjustments.get((entry.round, entry.table, entry.board))
    score: int | None = None
    adjusted = entry.adjusted
    if adjustment is not None:
        adjusted = adjustment.text
        score = adjustment.score if isinstance(adjustment.score, int) else None
    elif entry.adjusted is None:
        score = ns_points(entry, state.board(entry.board))
    return Line(entry.id, entry.round, entry.table, entry.board, entry.ns, entry.ew,
                "PASS" if entry.contract is None and entry.adjusted is None
                and entry.score is None else str(entry.contract or ""),
                entry.declarer.letter if entry.declarer is not None else "",
                str(entry.lead) if entry.lead is not None else "", entry.tricks, score, adjusted)


def _audit(state: ClubState, correction: Correction) -> AuditRecord:
    return AuditRecord(correction.who, correction.when, correction.why,
                       None if correction.before is None else _line(state, correction.before),
                       _line(state, correction.after))


@translated
def results(store: Store, event_id: str) -> Results:
    """Everything recorded: the results by round, table and board, the disputes and
    conflicts waiting for the Director, the audit trail, adjusted scores and penalties."""
    return results_of(state_of(store, event_id))


@translated
@derived
def results_of(state: ClubState) -> Results:
    return Results(
        tuple(_line(state, e) for _, e in sorted(state.book.entries.items())),
        tuple(_line(state, e) for e in state.book.disputes),
        tuple((_line(state, a), _line(state, b)) for a, b in state.book.conflicts),
        tuple(_audit(state, c) for c in state.book.trail),
        tuple(state.adjustments.values()),
        tuple(PenaltyLine(int(p.target.name), Fraction(p.amount), p.unit.value, p.clause,
                          p.board, p.note) for p in state.penalties),
        state.unapplied, state.appeals, state.config.timezone)


@dataclass(frozen=True, slots=True)
class Standing:
    place: str  # "3" or "3=" when shared
    pair: int
    name: str
    total: Fraction  # after procedural penalties
    percentage: Fraction | None
    boards: int
    factored: Fraction | None = None  # the total factored to the stated boards, if asked


@dataclass(frozen=True, slots=True)
class SessionResult:
    """The session scored: one ranking per group the movement compares (two for a
    Mitchell without arrow switch: North-South and East-West), travellers with each
    side's matchpoints, and what still waits for the Director (not scored)."""

    method: str
    rankings: tuple[tuple[Standing, ...], ...]
    travellers: tuple[Line, ...]
    penalties: tuple[PenaltyLine, ...]
    disputes: int
    conflicts: int
    # the side each ranking's pairs sat in the first round (None: they sat both ways)
    directions: tuple[Side | None, ...] = ()
    director: int = 0  # "TD" lines waiting for the Director's score (not scored yet)
    # an event in sections scored across the field: the pairs each section numbers, and
    # each section's ranking (letter, the field ranking it is drawn from, standings)
    section_size: int | None = None
    sections: tuple[tuple[str, int, tuple[Standing, ...]], ...] = ()


@translated
def score(store: Store, event_id: str) -> SessionResult:
    """Score the session with ``dupbridge.scoring`` (Law 78 with the profile's edition,
    Law 12C adjusted scores, Neuberg factoring for boards played fewer times, Law 90
    penalties on the totals) and rank it."""
    return score_of(state_of(store, event_id))


@translated
@derived
def score_of(state: ClubState) -> SessionResult:
    """``score`` of the state read (``ResultRefused`` before any result)."""
    if not state.book.entries:
        raise ResultRefused(msg("event {event}: no result recorded yet",
                                event=state.record.id))
    method: PairsMethod = next(m for m in SCORING_METHODS if m == state.config.scoring)
    adjusted = {key: a.score for key, a in state.adjustments.items()}
    scored = score_session(state.movement, state.book, state.boards, method=method,
                           config=pairs_options(state), adjusted=adjusted,
                           penalties=state.penalties)
    scorable = awaiting_director(state.book, adjusted)
    lines = [_line(state, e) for _, e in sorted(scorable.entries.items())]
    travellers = tuple(replace(line, ns_value=scored.field.ns(i), ew_value=scored.field.ew(i))
                       for i, line in enumerate(lines))
    rankings = []
    for group in scored.rankings:
        places = [r.place for r in group]
        rankings.append(tuple(
            Standing(f"{r.place}=" if places.count(r.place) > 1 else str(r.place),
                     int(r.contestant), state.name_of(int(r.contestant)), r.total,
                     r.percentage, _boards_played(state, int(r.contestant)),
                     factored(r.total, _boards_played(state, int(r.contestant)),
                              state.config.options))
            for r in group))
    res = results_of(state)
    size = pairs_per_section(state)
    return SessionResult(method, tuple(rankings), tuple(sorted(
        travellers, key=lambda t: (t.board, t.round, t.table))), res.penalties,
        len(state.book.disputes), len(state.book.conflicts),
        tuple(_direction(state, {s.pair for s in group}) for group in rankings),
        len(state.book.entries) - len(scorable.entries), size,
        () if size is None else in_each_section(rankings, size))


def in_each_section(rankings: Sequence[Sequence[Standing]], size: int
                    ) -> tuple[tuple[str, int, tuple[Standing, ...]], ...]:
    """Each ranking of the field split by section and placed again within it: (section
    letter, index of the field ranking it comes from, its standings)."""
    out: list[tuple[str, int, tuple[Standing, ...]]] = []
    for index, group in enumerate(rankings):
        letters = sorted({section_of(s.pair, size)[0] for s in group})
        for letter in letters:
            members = {str(s.pair): s for s in group if section_of(s.pair, size)[0] == letter}
            order = rank({p: s.total if s.percentage is None else s.percentage
                          for p, s in members.items()})
            out.append((letter, index, tuple(replace(members[o.contestant], place=o.place)
                                             for o in order)))
    return tuple(sorted(out, key=lambda t: (t[0], t[1])))


def _direction(state: ClubState, pairs: set[int]) -> Side | None:
    """The side a ranking's pairs all sat in the first round, so that a two-winner
    Mitchell's rankings are headed North-South and East-West."""
    sides = {e.side_of(pair) for e in state.movement.in_round(1) for pair in pairs
             if e.side_of(pair) is not None}
    return sides.pop() if len(sides) == 1 else None


def _boards_played(state: ClubState, pair: int) -> int:
    return sum(1 for e in state.book.entries.values() if pair in e.ns + e.ew)


@dataclass(frozen=True, slots=True)
class EventView:
    id: str
    name: str
    created_at: datetime
    profile: str
    edition: str
    scoring: str
    movement: str
    movement_version: int
    movement_note: str
    tables: int
    rounds: int
    boards: tuple[int, ...]
    pairs: tuple[int, ...]
    phantoms: tuple[int, ...]
    names: Mapping[int, str]
    commitment: str | None
    results: int
    disputes: int
    conflicts: int
    unapplied: int
    official_at: datetime | None
    correction_ends: datetime | None
    appeal_ends: datetime | None
    timezone: str = "UTC"  # the club's zone: the times above are shown in it


@translated
def event_view(store: Store, event_id: str) -> EventView:
    return event_view_of(state_of(store, event_id))


@translated
@derived
def event_view_of(state: ClubState) -> EventView:
    """The event as configured and where it stands: movement version, counts of results,
    disputes and conflicts, the periods once the scores are official (79C, 92B)."""
    config, movement, periods = state.config, state.movement, state.periods
    names = {**config.names, **state.late_pairs}
    return EventView(
        state.record.id, config.name, state.record.created_at, config.regulations.name,
        config.edition.value, config.scoring, movement.name, movement.version, movement.note,
        movement.tables, movement.rounds, movement.boards,
        tuple(c for c in movement.contestants if c not in movement.phantoms),
        tuple(sorted(movement.phantoms)), names, config.commitment, len(state.book.entries),
        len(state.book.disputes), len(state.book.conflicts), len(state.unapplied),
        state.official_at, None if periods is None else periods.correction_ends,
        None if periods is None else periods.appeal_ends, config.timezone)


@translated
def list_events(store: Store) -> list[EventRecord]:
    return list(store.events())


@translated
def regulations_of(store: Store, event_id: str) -> Regulations:
    return state_of(store, event_id).config.regulations


@translated
def dealing_record(store: Store, event_id: str) -> DealingRecord:
    """Law 6: the dealing commitment, published before play; its seed is revealed (so that
    anyone can regenerate and check every deal) once the official scores are out, never
    before. ``ResultRefused`` if the event's boards were not dealt by dupbridge."""
    state = state_of(store, event_id)
    config = state.config
    if config.seed is None or config.commitment is None:
        raise ResultRefused(msg("event {event}: its boards were not dealt by dupbridge",
                                event=event_id))
    record = DealingRecord(ALGORITHM, config.commitment, tuple(sorted(state.boards)))
    if state.official_at is None:
        return record
    return reveal(record, bytes.fromhex(config.seed))
