"""The use cases of a club session, from its creation to its ranking: what a scorer or a
Director does, once, for the command line and the web app alike.

Every function takes the ``Store`` where the session is kept (and a ``Clock`` when the
moment matters) and returns plain values. A function that records something builds the
action, applies it to the session's current state (``state.apply``: the tournament
layer checks it against the movement, the board and the Laws) and writes it only then, in
one committed transaction: an acknowledged record survives a crash, a refused one leaves
nothing behind. Each record has a client-chosen id: sending it again is harmless.

Reading is kept apart, in ``views`` (``event_view``, ``seating``, ``results``,
``score``, ``dealing_record``: functions of the state, loaded once per request) and
``table_logs``; they are imported here too, so that this module is the whole API."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dupbridge.app.club_night.event_kinds import first_swiss_round, read_options
from dupbridge.app.club_night.journal import (
    entry_action,
    entry_json,
    movement_json,
    read_movement,
)
from dupbridge.app.club_night.limits import (
    MAX_BOARDS_PER_ROUND,
    MAX_SIZE,
    MAX_SWISS_TEAMS,
    NAME_LENGTH,
    check_amount,
    check_number,
    check_text,
)
from dupbridge.app.club_night.ports import (
    Action,
    Clock,
    EventRecord,
    Json,
    Store,
    StoreError,
)
from dupbridge.app.club_night.preparation import PlannedMovement, plan_movement
from dupbridge.app.club_night.result_input import ResultInput
from dupbridge.app.club_night.state import (
    SCORING_METHODS,
    ClubState,
    Recorded,
    record_action,
    record_against,
    state_of,
)
from dupbridge.app.club_night.table_logs import attach_table_log, replay_table_log, table_logs
from dupbridge.app.club_night.views import (
    AuditRecord,
    EventView,
    Line,
    PenaltyLine,
    Results,
    Seating,
    SessionResult,
    Standing,
    dealing_record,
    event_view,
    event_view_of,
    list_events,
    regulations_of,
    results,
    score,
    seating,
)
from dupbridge.app.errors import BadInput, translated
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Side
from dupbridge.laws.machinery.profiles import load_profile
from dupbridge.tournament.changes import (
    Affected,
    ChangeRefused,
    Revision,
    late_pair,
    withdrawal,
)
from dupbridge.tournament.contestants import Form
from dupbridge.tournament.dealing import (
    commitment,
    new_seed,
)
from dupbridge.tournament.movement import Movement
from dupbridge.tournament.periods import Periods, appeal_admissible, may_correct
from dupbridge.tournament.results import (
    Book,
    Entry,
    ResultRejected,
)
from dupbridge.tournament.sections import contestant_of, in_sections, section_size
from dupbridge.tournament.validation import Plan, validate

# Creating an event


@dataclass(frozen=True, slots=True)
class NewEvent:
    """What a scorer chooses for a pairs session. ``movement`` is mitchell (``size``
    tables), howell (``size`` pairs); ``arrow_switches`` none, auto or rounds (``6,7``);
    ``absent`` pairs are phantoms from the start (a late pair may take one's place).
    ``deal`` True deals the boards from a secret seed with a published commitment (Law 6);
    ``seed`` (hexadecimal) fixes it, for tests and replays only."""

    name: str
    profile: str = "wbf-2017"
    scoring: str = "matchpoints"
    movement: str = "mitchell"
    size: int = 7
    boards_per_round: int = 3
    relay: bool = False
    arrow_switches: str = "none"
    absent: tuple[int, ...] = ()
    names: Mapping[int, str] | None = None
    deal: bool = True
    seed: str | None = None
    event_id: str | None = None
    rounds: int | None = None
    movement_file: str | None = None
    movement_name: str | None = None
    ew_numbering: str = "offset"
    # pairs, barometer, teams (a round robin of ``size`` teams), swiss (``size`` teams,
    # ``rounds`` rounds, paired as they come) or individual (a ``movement_file``)
    kind: str = "pairs"
    options: Mapping[str, Any] | None = None  # ``event_kinds.read_options``
    timezone: str = "UTC"  # an IANA zone (Europe/Madrid): the times shown are local
    # a movement file sent as (its name, its text): the new-event form's upload
    movement_upload: tuple[str, str] | None = None


@translated
def create_event(store: Store, clock: Clock, new: NewEvent, *, who: str = "scorer",
                 entropy: Callable[[int], bytes] = secrets.token_bytes) -> EventView:
    """Create the event with its movement (planned and validated) and its boards (dealt
    with the Law 6 commitment); ``ValueError`` naming what is wrong, nothing written."""
    if not new.name.strip():
        raise BadInput(msg("an event needs a name"))
    check_text("name", new.name, NAME_LENGTH, one_line=True)
    for pair, name in (new.names or {}).items():
        check_text(f"pair {pair}", name, NAME_LENGTH, one_line=True)
    check_number("size", new.size, 1, MAX_SWISS_TEAMS if new.kind == "swiss" else MAX_SIZE)
    check_number("boards per round", new.boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    if new.scoring not in SCORING_METHODS:
        raise ValueError(msg("scoring is one of {methods}, not {scoring}",
                             methods=", ".join(SCORING_METHODS), scoring=new.scoring))
    regulations = load_profile(new.profile)
    check_zone(new.timezone)
    if new.ew_numbering not in ("offset", "direction"):
        raise BadInput(msg("East-West numbering is offset or direction, not {value}",
                           value=new.ew_numbering))
    if new.rounds is not None:
        check_number("rounds", new.rounds, 1, MAX_SIZE)
    options = read_options(dict(new.options or {}), kind=new.kind)
    first_payload: dict[str, Json] = {}
    if new.kind == "swiss":
        if new.rounds is None:
            raise BadInput(msg("a Swiss event needs its number of rounds (--rounds)"))
        check_number("teams", new.size, 2, MAX_SWISS_TEAMS)
        options["swiss_rounds"] = new.rounds
        encounters, bye = first_swiss_round(new.size, new.boards_per_round)
        movement = Movement(f"Swiss {new.size} teams", tuple(encounters))
        first_payload["bye"] = bye
        planned = PlannedMovement(movement, 0.0, 1, (), ())
    else:
        kind = {"barometer": "barometer", "teams": "teams"}.get(new.kind, new.movement)
        if new.kind == "individual" and new.movement_file is None and \
                new.movement_upload is None:
            raise BadInput(msg("an individual is played on a published individual movement: "
                               "give --movement-file"))
        planned = plan_movement(kind, new.size, new.boards_per_round, relay=new.relay,
                                arrow_switches=new.arrow_switches, rounds=new.rounds,
                                file=None if new.movement_file is None
                                else Path(new.movement_file), name=new.movement_name,
                                upload=new.movement_upload)
    if planned.violations:
        raise ValueError(msg("the movement is not valid: {reason}",
                             reason=planned.violations[0].message))
    movement = planned.movement
    sections = options.get("sections", 1)
    if isinstance(sections, int) and sections > 1:
        if new.kind != "pairs" or new.movement not in ("mitchell", "howell"):
            raise BadInput(msg("sections scored across the field are Mitchell or Howell "
                               "pairs sections"))
        movement = in_sections(movement, sections)
        violations = validate(movement, Plan.of(movement))
        if violations:
            raise ValueError(msg("the movement is not valid: {reason}",
                                 reason=violations[0].message))
    kept = options.get("handicaps", {})
    size = section_size(movement, sections) if isinstance(sections, int) and sections > 1 \
        else None
    for label in kept if isinstance(kept, dict) else ():
        try:
            pair = contestant_of(label, size) if size else int(label)
        except ValueError:
            pair = 0
        if pair not in movement.contestants:
            raise BadInput(msg("pair {pair} is not in the movement", pair=label[:20]))
    unknown = set(new.absent) - set(movement.contestants)
    if unknown:
        raise BadInput(msg("pair {pair} is not in the movement", pair=min(unknown)))
    movement = movement.with_phantoms(new.absent)
    boards = movement.boards
    if new.kind == "swiss" and new.rounds is not None:
        boards = tuple(range(1, new.rounds * new.boards_per_round + 1))
    seed = new.seed
    if seed is None and new.deal:
        seed = new_seed(entropy).hex()
    if seed is not None:
        try:
            commitment(bytes.fromhex(seed))
        except ValueError:
            raise ValueError(f"a seed is written in hexadecimal, not {seed!r}") from None
        new_seed(lambda _size: bytes.fromhex(seed))  # refuses a seed under 96 bits
    now = clock.now()
    event_id = new.event_id or _slug(new.name, now)
    config: dict[str, Json] = {
        "format": "dupbridge-club-event", "version": 1, "name": new.name,
        "profile": new.profile, "regulations": regulations.to_mapping(),
        "scoring": new.scoring,
        "movement": {"kind": new.movement, "size": new.size,
                     "boards_per_round": new.boards_per_round, "relay": new.relay,
                     "arrow_switches": list(planned.arrow_switches),
                     "rounds": planned.movement.rounds, "ew_numbering": new.ew_numbering,
                     "file": new.movement_file if new.movement_upload is None
                     else new.movement_upload[0], "file_movement": new.movement_name},
        "boards": {"first": boards[0], "count": len(boards), "seed": seed,
                   "commitment": None if seed is None else commitment(bytes.fromhex(seed))},
        "names": {str(k): v for k, v in (new.names or {}).items()},
        "kind": new.kind, "options": options,
        "timezone": new.timezone,
    }
    store.add_event(EventRecord(event_id, new.name, now, config))
    store.append(Action(f"{event_id}:movement:1", event_id, "movement", who, now,
                        "the movement as planned", {"movement": movement_json(movement),
                                                    **first_payload}))
    return event_view(store, event_id)


def check_zone(name: str) -> ZoneInfo:
    """The time zone ``name`` (IANA, such as Europe/Madrid), or ``BadInput`` saying so."""
    try:
        return ZoneInfo(name)
    except (ValueError, ZoneInfoNotFoundError):
        raise BadInput(msg("time zone: a zone such as Europe/Madrid, not {text}",
                           text=name[:40])) from None


def _slug(name: str, now: datetime) -> str:
    words = "".join(c.lower() if c.isalnum() else "-" for c in name).strip("-")
    return f"{'-'.join(w for w in words.split('-') if w)[:60]}-{now:%Y%m%d}"


# Results


def entry_of(state: ClubState, given: ResultInput, entry_id: str) -> Entry:
    """The entry, its pairs taken from the movement; ``ResultRejected`` naming the round,
    table and board if the movement has no such table in that round."""
    encounter = next((e for e in state.movement.in_round(given.round)
                      if e.table == given.table), None)
    if encounter is None:
        raise ResultRejected(msg("round {round}, table {table}, board {board}: no such "
                                 "table in this round", round=given.round,
                                 table=given.table, board=given.board))
    agreed = frozenset({Side.NS, Side.EW}) if given.agreed else frozenset({Side.NS})
    return Entry(entry_id, given.round, given.table, given.board, encounter.ns, encounter.ew,
                 given.contract, given.declarer, given.lead, given.tricks, given.code, agreed,
                 given.score)


def status_of(before: Book, after: Book, entry_id: str) -> str:
    if len(after.disputes) > len(before.disputes):
        return "dispute"
    if len(after.conflicts) > len(before.conflicts):
        return "conflict"
    if entry_id in before.by_id or len(after.entries) == len(before.entries):
        return "duplicate"
    return "recorded"


@translated
def enter_result(store: Store, clock: Clock, event_id: str, given: ResultInput, *,
                 entry_id: str | None = None, who: str = "scorer",
                 state: ClubState | None = None) -> Recorded:
    """Record a table's result (79A). Validated against the movement and the deal
    (``ResultRejected`` naming where and what; nothing written). A second, different result
    for the same board and table is kept as a conflict for the Director; an entry one side
    did not agree is a dispute (79B). ``state``: the event's state the caller has just
    read (one read of the journal per request)."""
    state = state if state is not None else state_of(store, event_id)
    entry_id = entry_id or uuid.uuid4().hex
    entry = entry_of(state, given, entry_id)
    action = entry_action("result", entry, event=event_id, who=who, at=clock.now())
    # The state it applied to: re-read if another writer recorded this place meanwhile.
    before, after, stored, new = record_against(store, state, action, entry)
    status = status_of(before.book, after.book, entry_id) if new else "retry"
    return Recorded(stored.id, new, status)


@translated
def rule_on_dispute(store: Store, clock: Clock, event_id: str, dispute_id: str,
                    decided: ResultInput, *, who: str, why: str,
                    action_id: str | None = None) -> Recorded:
    """79B2: the Director decides the score recorded for a disputed entry."""
    state = state_of(store, event_id)
    action_id = action_id or uuid.uuid4().hex
    entry = entry_of(state, decided, action_id)
    action = entry_action("rule", entry, event=event_id, who=who, at=clock.now(), why=why,
                          dispute=dispute_id)
    _, stored, new = record_action(store, state, action, entry)
    return Recorded(stored.id, new, "ruled")


@translated
def resolve_conflict(store: Store, clock: Clock, event_id: str, conflict_id: str,
                     chosen: ResultInput | str, *, who: str, why: str,
                     action_id: str | None = None) -> Recorded:
    """The Director settles two different results for one board and table
    (``conflict_id`` is the second entry's id): ``chosen`` is ``"first"``, ``"second"`` or
    the result he decides. Both entries stay in the audit trail."""
    state = state_of(store, event_id)
    pair = next((c for c in state.book.conflicts if c[1].id == conflict_id), None)
    if pair is None:
        raise ResultRejected(msg("no conflict with the entry {id} to settle", id=conflict_id))
    action_id = action_id or uuid.uuid4().hex
    if chosen == "first":
        entry = pair[0]
    elif chosen == "second":
        entry = pair[1]
    elif isinstance(chosen, ResultInput):
        entry = entry_of(state, chosen, action_id)
    else:
        raise ResultRejected(msg("keep the first or the second result, or give a new one"))
    entry = replace(entry, id=action_id, agreed_by=frozenset({Side.NS, Side.EW}))
    action = entry_action("resolve", entry, event=event_id, who=who, at=clock.now(),
                          why=why, conflict=conflict_id)
    _, stored, new = record_action(store, state, action, entry)
    return Recorded(stored.id, new, "settled")


@translated
def correct_result(store: Store, clock: Clock, event_id: str, corrected: ResultInput, *,
                   who: str, why: str, director_certain: bool = False,
                   organizer_agrees: bool = False, action_id: str | None = None
                   ) -> Recorded:
    """Correct a recorded result (79C): any time before the official scores; after, while
    the correction period runs (its length from the profile, as extended); later only under
    the edition's conditions (79C2). ``ResultRejected`` with the clause and the reason when
    refused; the audit trail keeps who, when, why, before and after."""
    state = state_of(store, event_id)
    now = clock.now()
    periods = state.periods
    retry = None if action_id is None else state.acknowledged.get(action_id)
    if retry is not None:
        return Recorded(retry.id, False, "corrected")
    if periods is not None:
        decision = may_correct(periods, now, director_certain=director_certain,
                               organizer_agrees=organizer_agrees)
        if not decision.allowed:
            raise ResultRejected(msg("correction refused ({law}): {reason}",
                                     law=decision.law, reason=decision.reason))
    action_id = action_id or uuid.uuid4().hex
    entry = entry_of(state, corrected, action_id)
    before = state.book.result(entry.round, entry.table, entry.board)
    action = entry_action("correct", entry, event=event_id, who=who, at=now, why=why,
                          before=None if before is None else entry_json(before),
                          director_certain=director_certain,
                          organizer_agrees=organizer_agrees)
    _, stored, new = record_action(store, state, action, entry)
    return Recorded(stored.id, new, "corrected")


@translated
def adjust_score(store: Store, clock: Clock, event_id: str, *, round: int, table: int,
                 board: int, score: str, who: str, why: str,
                 action_id: str | None = None) -> Recorded:
    """Law 12: the Director's adjusted score on a board at a table, in place of its
    result: artificial by its code (``A60/40``: North-South not at fault, East-West
    directly at fault; 12C2) or assigned (``4S N 10``; 12C1)."""
    state = state_of(store, event_id)
    action_id = action_id or uuid.uuid4().hex
    action = Action(action_id, event_id, "adjust", who, clock.now(), why,
                    {"round": round, "table": table, "board": board,
                     "score": score.strip().upper() if score.strip().upper().startswith("A")
                     else score.strip()}, round, table, board)
    try:
        _, stored, new = record_action(store, state, action)
    except (ValueError, ParseError) as error:
        if isinstance(error, ResultRejected | StoreError):
            raise
        # a translatable reason stays one (a nested Msg is rendered in the reader's words)
        reason = error.args[0] if error.args and isinstance(error.args[0], Msg) \
            else str(error)
        raise ResultRejected(msg("round {round}, table {table}, board {board}: {error}",
                                 round=round, table=table, board=board,
                                 error=reason)) from None
    return Recorded(stored.id, new, "adjusted")


@translated
def penalise(store: Store, clock: Clock, event_id: str, *, pair: int, amount: Fraction,
             clause: str = "90A", board: int | None = None, who: str, why: str,
             action_id: str | None = None) -> Recorded:
    """Law 90: a procedural penalty of ``amount`` (in the unit of the totals: matchpoints,
    or IMPs in a Butler) against ``pair``, on its total only; ``clause`` names the
    offence (90B1-8) or 90A for any other breach."""
    if amount <= 0:
        raise ResultRejected(msg("a procedural penalty deducts a positive amount"))
    check_amount(amount)
    check_number("pair", pair)
    state = state_of(store, event_id)
    unit = "matchpoints" if state.config.scoring == "matchpoints" else "IMPs"
    action_id = action_id or uuid.uuid4().hex
    action = Action(action_id, event_id, "penalty", who, clock.now(), why,
                    {"pair": pair, "amount": str(amount), "unit": unit, "clause": clause,
                     "board": board}, None, None, board)
    _, stored, new = record_action(store, state, action)
    return Recorded(stored.id, new, "penalised")


@dataclass(frozen=True, slots=True)
class MovementChange:
    id: str
    new: bool
    version: int
    note: str
    affected: tuple[Affected, ...]


@translated
def add_late_pair(store: Store, clock: Clock, event_id: str, *, late: int, phantom: int,
                  from_round: int, name: str = "", who: str,
                  action_id: str | None = None) -> MovementChange:
    """A late pair takes a phantom's place from ``from_round``: a new version of the
    movement, validated again (Law 15: nobody plays a board twice); the phantom's opponents
    of the earlier rounds sat out (no result can have been recorded against a phantom)."""
    check_text("name", name, NAME_LENGTH, one_line=True)
    state = state_of(store, event_id)
    try:
        revision = late_pair(state.movement, Plan.of(state.original), late=late,
                             phantom=phantom, from_round=from_round)
    except ChangeRefused as error:
        raise ResultRejected(msg("{error}", error=error.message)) from None
    return _revise(store, clock, state, revision, who=who, why=revision.movement.note,
                   extra={"late": late, "phantom": phantom, "from_round": from_round,
                          "name": name}, action_id=action_id)


@translated
def add_late_pairs(store: Store, clock: Clock, event_id: str, *,
                   joining: Mapping[int, tuple[int, str]], from_round: int, who: str,
                   why: str = "", action_id: str | None = None) -> MovementChange:
    """Late pairs take phantoms' places from ``from_round`` (``joining``: phantom -> the
    late pair's number and name), as one new version of the movement: two late pairs
    filling two phantoms' places are a table added, recorded at once or not at all."""
    state = state_of(store, event_id)
    movement, affected = state.movement, list[Affected]()
    plan = Plan.of(state.original)
    for phantom, (late, name) in sorted(joining.items()):
        check_text("name", name, NAME_LENGTH, one_line=True)
        try:
            revision = late_pair(movement, plan, late=late, phantom=phantom,
                                 from_round=from_round)
        except ChangeRefused as error:
            raise ResultRejected(msg("{error}", error=error.message)) from None
        movement, affected = revision.movement, [*affected, *revision.affected]
    if movement is state.movement:
        raise ResultRejected(msg("no late pair to add"))
    combined = Revision(movement, tuple(affected), ())
    return _revise(store, clock, state, combined, who=who, why=why or movement.note,
                   extra={"late_pairs": {str(late): name for late, name in joining.values()},
                          "from_round": from_round}, action_id=action_id)


@translated
def withdraw_pair(store: Store, clock: Clock, event_id: str, *, pair: int, phantom: int,
                  from_round: int, who: str, why: str = "",
                  action_id: str | None = None) -> MovementChange:
    """A pair leaves from ``from_round``: a phantom ``phantom`` (a number not in use) takes
    its seat, its opponents of those rounds sit out and their boards are factored. A new
    movement version, validated again."""
    state = state_of(store, event_id)
    played = [e for e in state.book.entries.values()
              if e.round >= from_round and pair in e.ns + e.ew]
    if played:
        raise ResultRejected(msg("pair {pair} already has a result in round {round}",
                                 pair=pair, round=played[0].round))
    if pair not in state.movement.contestants or pair in state.movement.phantoms:
        raise ResultRejected(msg("pair {pair} does not play in this event", pair=pair))
    try:
        revision = withdrawal(state.movement, Plan.of(state.original), pair=pair,
                              phantom=phantom, from_round=from_round)
    except ChangeRefused as error:
        raise ResultRejected(msg("{error}", error=error.message)) from None
    return _revise(store, clock, state, revision, who=who, why=why or revision.movement.note,
                   extra={"withdrawn": pair, "phantom": phantom, "from_round": from_round},
                   action_id=action_id)


def _revise(store: Store, clock: Clock, state: ClubState, revision: Revision, *, who: str,
            why: str, extra: Mapping[str, Json], action_id: str | None) -> MovementChange:
    """Record a new version of the movement with the results it affects."""
    affected = revision.affected
    action = Action(action_id or uuid.uuid4().hex, state.record.id, "movement", who,
                    clock.now(), why,
                    {"movement": movement_json(revision.movement), **extra,
                     "affected": [[a.round, a.table, a.board, a.effect.value]
                                  for a in affected]})
    _, stored, new = record_action(store, state, action)
    version = read_movement(stored.payload["movement"]).version
    return MovementChange(stored.id, new, version, stored.why, affected)


@translated
def name_pairs(store: Store, clock: Clock, event_id: str, names: Mapping[int, str], *,
               who: str, action_id: str | None = None) -> EventView:
    """Enter or change the players' names of pairs (shown in rankings and travellers)."""
    for pair, name in names.items():
        check_text(f"pair {pair}", name, NAME_LENGTH, one_line=True)
    state = state_of(store, event_id)
    action = Action(action_id or uuid.uuid4().hex, event_id, "names", who, clock.now(),
                    "pair names", {"names": {str(k): v for k, v in names.items()}})
    after, _, _ = record_action(store, state, action)
    return event_view_of(after)  # the state just written: no second read


@translated
def lodge_appeal(store: Store, clock: Clock, event_id: str, *, round: int, table: int,
                 board: int, pair: int, partner_consents: bool = False,
                 captain_consents: bool = False, who: str, why: str,
                 action_id: str | None = None) -> Recorded:
    """Law 92: a pair requests a ruling or appeals one on a board. Refused once the period
    for it has ended (92B: it runs from the official scores, its length from the profile)
    or without the consent 92D asks (both members of a pair)."""
    state = state_of(store, event_id)
    now = clock.now()
    if pair not in state.movement.contestants or pair in state.movement.phantoms:
        raise ResultRejected(msg("pair {pair} does not play in this event", pair=pair))
    periods = state.periods or Periods(now, edition=state.config.edition)
    decision = appeal_admissible(periods, now, Form.PAIRS, partner_consents=partner_consents,
                                 captain_consents=captain_consents)
    if not decision.allowed:
        raise ResultRejected(msg("appeal refused ({law}): {reason}", law=decision.law,
                                 reason=decision.reason))
    action = Action(action_id or uuid.uuid4().hex, event_id, "appeal", who, now, why,
                    {"round": round, "table": table, "board": board, "pair": pair},
                    round, table, board)
    _, stored, new = record_action(store, state, action)
    return Recorded(stored.id, new, "appeal")


@translated
def make_official(store: Store, clock: Clock, event_id: str, *, who: str,
                  action_id: str | None = None) -> EventView:
    """The official scores are made available: the correction period (79C1) and the
    period for requesting or appealing a ruling (92B) start now (only the first time)."""
    state = state_of(store, event_id)
    action = Action(action_id or uuid.uuid4().hex, event_id, "official", who, clock.now(),
                    "official scores made available")
    after, _, _ = record_action(store, state, action)
    return event_view_of(after)  # the state just written: no second read


@translated
def extend_periods(store: Store, clock: Clock, event_id: str, *, minutes: int, who: str,
                   why: str, action_id: str | None = None) -> EventView:
    """The Director (or the Tournament Organizer) extends the periods (79C1, 92B), by
    1 minute to a week at a time and a year in all (``limits``)."""
    state = state_of(store, event_id)
    action = Action(action_id or uuid.uuid4().hex, event_id, "extend", who, clock.now(), why,
                    {"minutes": minutes})
    after, _, _ = record_action(store, state, action)
    return event_view_of(after)  # the state just written: no second read


def entry_of_line(line: Line) -> ResultInput:
    """The input that would record ``line`` again (for a correction starting from it)."""
    return ResultInput(line.round, line.table, line.board, line.contract or None,
                       line.declarer or None, line.tricks, line.lead or None,
                       line.adjusted)


__all__ = [
    "Affected", "AuditRecord", "EventView", "Line", "MovementChange", "NewEvent",
    "PenaltyLine", "Recorded", "ResultInput", "Results", "Seating", "SessionResult",
    "Standing", "add_late_pair", "add_late_pairs", "adjust_score", "attach_table_log",
    "correct_result", "create_event", "dealing_record", "entry_of", "entry_of_line", "event_view",
    "extend_periods", "list_events", "lodge_appeal", "make_official", "name_pairs",
    "penalise", "regulations_of", "replay_table_log", "resolve_conflict", "results",
    "rule_on_dispute", "score", "seating", "state_of", "status_of", "table_logs",
    "withdraw_pair",
]
