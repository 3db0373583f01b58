"""A club session's state, rebuilt from its journal: the event's configuration, the
movement as last revised, the book of results with its disputes, conflicts and audit
trail, the Director's adjusted scores and procedural penalties, and the periods once the
official scores are out.

Each action of the journal goes through the tournament layer's own functions (``record``,
``correct``, ``rule_on_dispute``...), in the order it was acknowledged. A use case applies
its action to the current state first and writes it only if that succeeds, so the journal
always replays; an action that no longer applies (two writers raced) is set aside with its
reason, for the Director, never dropped."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from fractions import Fraction
from threading import Lock
from typing import Any
from weakref import WeakKeyDictionary

from dupbridge.app.club_night.journal import read_entry, read_movement
from dupbridge.app.club_night.limits import check_amount, check_extension
from dupbridge.app.club_night.ports import Action, EventRecord, PlaceTaken, Store, id_reused
from dupbridge.app.club_night.ruling_versions import RULING, TableRuling, read_ruling
from dupbridge.app.errors import BadInput, translated
from dupbridge.app.ruling_session.document import read_regulations
from dupbridge.app.weighted_score import (
    heaviest,
    is_weighted,
    read_parts,
    weighted_of,
    weighting_refused,
)
from dupbridge.core.board import Board
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.scoring.board_score import ns_score
from dupbridge.scoring.field_config import PairsMethod
from dupbridge.scoring.law12_assigned import read_split
from dupbridge.scoring.penalties import (
    Contestant,
    PenaltyUnit,
    ProceduralPenalty,
    offence_of,
)
from dupbridge.scoring.results import Score, Split
from dupbridge.tournament.boards import BoardSets
from dupbridge.tournament.dealing import deal_boards
from dupbridge.tournament.movement import Movement
from dupbridge.tournament.periods import Periods
from dupbridge.tournament.results import (
    Book,
    Entry,
    ResultRejected,
    artificial_code,
    correct,
    mixed_code,
    record,
    rule_on_dispute,
    settle_conflict,
)

Key = tuple[int, int, int]  # round, table, board

SCORING_METHODS: tuple[PairsMethod, ...] = ("matchpoints", "butler", "cross-imps",
                                            "total-points")
# When the players and the public see a board's results (``visibility``): once played,
# once the round is over, once the session is over. Chosen by the Director (``release``).
RELEASES: tuple[str, ...] = ("board", "round", "session")


@dataclass(frozen=True, slots=True)
class Recorded:
    """What happened to an action: ``new`` False for a retry of one already acknowledged;
    ``status`` recorded, duplicate, dispute or conflict for a result."""

    id: str
    new: bool
    status: str


@dataclass(frozen=True, slots=True)
class EventConfig:
    """What was chosen when the event was created (stored with it, never changed)."""

    name: str
    regulations: Regulations
    scoring: str  # matchpoints, butler, cross-imps or total-points
    movement_kind: str
    size: int
    boards_per_round: int
    first_board: int
    board_count: int
    relay: bool
    arrow_switches: tuple[int, ...]
    seed: str | None  # hexadecimal: the dealing seed (Law 6), kept until it is revealed
    commitment: str | None
    names: Mapping[int, str]
    # The event's kind (pairs, barometer, teams, swiss, individual) and its conditions of
    # contest as the scorer chose them (``event_kinds.read_options``); older events have
    # neither and are pairs events under the profile's defaults.
    kind: str = "pairs"
    options: Mapping[str, Any] = field(default_factory=dict)
    timezone: str = "UTC"  # the club's zone: every time of the event is shown in it

    @property
    def edition(self) -> Edition:
        return self.regulations.edition

    @staticmethod
    def read(data: Mapping[str, Any]) -> EventConfig:
        return EventConfig(
            str(data["name"]), read_regulations(data["regulations"]), str(data["scoring"]),
            str(data["movement"]["kind"]), int(data["movement"]["size"]),
            int(data["movement"]["boards_per_round"]), int(data["boards"]["first"]),
            int(data["boards"]["count"]), bool(data["movement"]["relay"]),
            tuple(int(r) for r in data["movement"]["arrow_switches"]),
            data["boards"].get("seed"), data["boards"].get("commitment"),
            {int(k): str(v) for k, v in data.get("names", {}).items()},
            str(data.get("kind", "pairs")), dict(data.get("options", {})),
            str(data.get("timezone", "UTC")))


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A Director's adjusted score on one board at one table (Law 12): an artificial
    score by its code (``A60/40``) or an assigned result, and why."""

    action: str
    round: int
    table: int
    board: int
    score: Score
    text: str  # the code, or the assigned result as written
    who: str
    why: str


@dataclass(frozen=True, slots=True)
class Appeal:
    """A request for a ruling or an appeal against one (Law 92), lodged in time."""

    action: str
    round: int
    table: int
    board: int
    pair: int
    who: str
    at: datetime
    why: str


@dataclass(frozen=True, slots=True)
class Unapplied:
    """An action of the journal that did not apply when replayed, with the reason."""

    action: Action
    reason: Msg


@dataclass(frozen=True, slots=True)
class ClubState:
    record: EventRecord
    config: EventConfig
    original: Movement
    movement: Movement
    boards: Mapping[int, Board]
    book: Book = field(default_factory=Book)
    adjustments: Mapping[Key, Adjustment] = field(default_factory=dict)
    penalties: tuple[ProceduralPenalty, ...] = ()
    official_at: datetime | None = None
    extension: timedelta = timedelta(0)
    unapplied: tuple[Unapplied, ...] = ()
    late_pairs: Mapping[int, str] = field(default_factory=dict)  # names given after creation
    appeals: tuple[Appeal, ...] = ()
    # The Director's rulings per round, table, board and kind: every version, oldest first.
    rulings: Mapping[tuple[int, int, int, str], tuple[TableRuling, ...]] = field(
        default_factory=dict)
    acknowledged: Mapping[str, Action] = field(default_factory=dict)  # the journal by id
    release: str = "board"  # one of RELEASES: the Director's choice (``floor``)

    @property
    def periods(self) -> Periods | None:
        """The correction and appeal periods (79C, 92B), once the official scores are out."""
        if self.official_at is None:
            return None
        return Periods.from_profile(self.official_at, self.config.regulations).extended(
            correction=self.extension, appeal=self.extension)

    def board(self, number: int) -> Board:
        """The board (a number outside the event gets Law 2's markings, so that the entry
        checks can say where it is wrong)."""
        return self.boards.get(number) or Board(number)

    def name_of(self, pair: int) -> str:
        return self.late_pairs.get(pair) or self.config.names.get(pair, "")


def session_boards(config: EventConfig) -> dict[int, Board]:
    """The event's boards: dealt from its seed (Law 6), or with only their number,
    dealer and vulnerability (Law 2) when the hands are dealt at the tables."""
    numbers = tuple(range(config.first_board, config.first_board + config.board_count))
    if config.seed is not None:
        return {b.number: b for b in deal_boards(bytes.fromhex(config.seed), numbers)}
    sets = BoardSets(1, config.board_count, config.first_board)
    return {n: sets.board(n) for n in numbers}


@dataclass(frozen=True, slots=True)
class _Replayed:
    """An event's state as far as its journal was read: to the action placed ``seq``,
    ``count`` actions in all."""

    state: ClubState
    seq: int
    count: int


# Per store handle (so per worker process), the latest state read of each event. The
# journal is only appended to, so a request reads and applies just the actions after
# ``seq``; the journal stays the truth (another worker's writes are read like any other).
# A ClubState is an immutable value: threads may share it.
_replayed: WeakKeyDictionary[Store, dict[str, _Replayed]] = WeakKeyDictionary()
_EVENTS_KEPT = 64
_keeping = Lock()  # request threads of one worker evict from the same dictionary


@translated
def state_of(store: Store, event_id: str) -> ClubState:
    """The event's state, its journal replayed (``StoreError`` if there is no such event):
    the state last read in this process, brought up to date with the actions since."""
    kept = _replayed.setdefault(store, {})
    known = kept.get(event_id)
    if known is not None:
        count, new = store.actions_after(event_id, known.seq)
        if count == known.count:
            state = advance(known.state, new) if new else known.state
            _keep(kept, event_id, _Replayed(state, new[-1].seq if new else known.seq,
                                            count + len(new)))
            return state
    # First read, or a writer committed an action in a place already passed: all of it.
    record = store.event(event_id) if known is None else known.state.record
    _, journal = store.actions_after(event_id, 0)
    state = replay(record, journal)
    _keep(kept, event_id, _Replayed(state, journal[-1].seq, len(journal)))
    return state


def _keep(kept: dict[str, _Replayed], event_id: str, replayed: _Replayed) -> None:
    with _keeping:
        kept.pop(event_id, None)  # the most recently read last, the first to go the oldest
        kept[event_id] = replayed
        while len(kept) > _EVENTS_KEPT:
            kept.pop(next(iter(kept)), None)


def initial_state(record: EventRecord, first_movement: Movement) -> ClubState:
    config = EventConfig.read(record.config)
    # A barometer's point: every table plays the same boards, so a round's results are
    # released when it ends (the Director may still choose otherwise, ``release``).
    release = "round" if config.kind == "barometer" else "board"
    return ClubState(record, config, first_movement, first_movement, session_boards(config),
                     release=release)


def replay(record: EventRecord, actions: Sequence[Action]) -> ClubState:
    """The state the journal leads to. Its first action is the movement as planned."""
    movements = [a for a in actions if a.kind == "movement"]
    if not movements:
        raise ResultRejected(msg("event {event} has no movement", event=record.id))
    state = initial_state(record, read_movement(movements[0].payload["movement"]))
    return advance(state, [a for a in actions if a is not movements[0]],
                   acknowledged=actions)


def advance(state: ClubState, actions: Sequence[Action], *,
            acknowledged: Sequence[Action] | None = None) -> ClubState:
    """``state`` after the journal's ``actions`` (those acknowledged after it, in order);
    one that does not apply is set aside with its reason."""
    known = {a.id: a for a in (actions if acknowledged is None else acknowledged)}
    state = replace(state, acknowledged={**state.acknowledged, **known})
    for action in actions:
        try:
            state = apply(state, action)
        except (ResultRejected, ValueError, KeyError) as error:
            reason = error.message if isinstance(error, ResultRejected) else msg(
                "{error}", error=str(error))
            state = replace(state, unapplied=(*state.unapplied, Unapplied(action, reason)))
    return state


def record_action(store: Store, state: ClubState, action: Action, entry: Entry | None = None
                  ) -> tuple[ClubState, Action, bool]:
    """Apply, then write; a retry of an acknowledged action is not applied twice.
    ``entry``: the result ``action`` carries, as the use case built it (see ``apply``)."""
    _, after, stored, new = record_against(store, state, action, entry)
    return after, stored, new


def record_against(store: Store, state: ClubState, action: Action,
                   entry: Entry | None = None
                   ) -> tuple[ClubState, ClubState, Action, bool]:
    """``record_action``, also returning the state the action was applied to: the one
    given, or the journal read again when another writer recorded the first result at the
    same place meanwhile (the store's place claim is the referee: of two results sent at
    the same instant exactly one is recorded, the other applies after it, a conflict)."""
    known = state.acknowledged.get(action.id)
    if known is not None:
        if not known.same_as(action):
            raise id_reused(action.event, action.id)
        return state, state, known, False
    after = apply(state, action, entry)
    place = _first_at(state, after, action)
    try:
        stored, new = store.append(action, place=place)
    except PlaceTaken:
        state = state_of(store, action.event)
        return record_against_fresh(store, state, action, entry)
    return state, after, stored, new


def record_against_fresh(store: Store, state: ClubState, action: Action,
                         entry: Entry | None) -> tuple[ClubState, ClubState, Action, bool]:
    """The second try, on the journal as it is now: the place's first result is in
    ``state``, so this one applies as the same result or a conflict, claiming nothing."""
    known = state.acknowledged.get(action.id)
    if known is not None:
        return state, state, known, False
    after = apply(state, action, entry)
    stored, new = store.append(action)
    return state, after, stored, new


def _first_at(before: ClubState, after: ClubState, action: Action) -> Key | None:
    """The place whose first recorded result ``action`` is, if it is a table's result."""
    if action.kind != "result" or None in (action.round, action.table, action.board):
        return None
    key = (int(action.round or 0), int(action.table or 0), int(action.board or 0))
    if before.book.result(*key) is None and after.book.result(*key) is not None:
        return key
    return None


def apply(state: ClubState, action: Action, entry: Entry | None = None) -> ClubState:
    """The state after ``action``; ``ResultRejected`` (naming where and what) if it does
    not apply, and then nothing changes. A result, ruling, settlement or correction
    carries an entry: ``entry`` when the caller has it typed (a new action), so that the
    JSON just written for the journal is not read back; else read from the journal."""
    with_entry = _ENTRY_HANDLERS.get(action.kind)
    if with_entry is not None:
        return with_entry(state, action, entry if entry is not None
                          else read_entry(action.payload["entry"]))
    handler = _HANDLERS.get(action.kind)
    if handler is None:
        raise ResultRejected(msg("unknown kind of record {kind}", kind=action.kind))
    return handler(state, action)


def _result(state: ClubState, action: Action, entry: Entry) -> ClubState:
    book = record(state.book, entry, state.movement, state.board(entry.board))
    return replace(state, book=book)


def _rule(state: ClubState, action: Action, decided: Entry) -> ClubState:
    disputed = next((d for d in state.book.disputes if d.id == action.payload["dispute"]),
                    None)
    if disputed is None:
        raise ResultRejected(msg("no dispute {id} to rule on", id=action.payload["dispute"]))
    book = rule_on_dispute(state.book, disputed, decided, who=action.who, when=action.at,
                           why=action.why, movement=state.movement,
                           board=state.board(decided.board))
    return replace(state, book=book)


def _resolve(state: ClubState, action: Action, chosen: Entry) -> ClubState:
    book = settle_conflict(state.book, str(action.payload["conflict"]), chosen,
                           who=action.who, when=action.at, why=action.why,
                           movement=state.movement, board=state.board(chosen.board))
    return replace(state, book=book)


def _correct(state: ClubState, action: Action, corrected: Entry) -> ClubState:
    """The period was checked when the correction was acknowledged (79C); replaying it
    does not judge it again by a later clock."""
    book = correct(state.book, corrected, who=action.who, when=action.at, why=action.why,
                   periods=None, movement=state.movement, board=state.board(corrected.board))
    return replace(state, book=book)


def assigned_score(board: Board, text: str) -> int:
    """North-South's points of an assigned result written ``4S N 10`` or ``PASS``."""
    words = text.split()
    if len(words) == 1 and words[0].upper() in ("PASS", "P", "AP"):
        return 0
    if len(words) != 3:
        raise ValueError(f"an assigned score is written as contract, declarer and tricks "
                         f"(4S N 10) or PASS, not {text!r}")
    tricks = int(words[2])
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be a number from 0 to 13, not {tricks}")
    return ns_score(board, Contract.parse(words[0]), Seat.parse(words[1]), tricks)


_STATED = re.compile(r"^\d[\d.,]*\s*%\s*/\s*\d[\d.,]*\s*%$")  # 40%/60%
# NS A60 / EW -620: one side's score artificial (A60, 70%), a mixed score (12C1(d))
_MIXED_SIDE = re.compile(r"(?:^NS|/\s*EW)\s*(?:A\s*\d|\d[\d.,]*\s*%)")


def _adjust(state: ClubState, action: Action) -> ClubState:
    key = (int(action.payload["round"]), int(action.payload["table"]),
           int(action.payload["board"]))
    return adjusted(state, action, key, str(action.payload["score"]))


def adjusted(state: ClubState, action: Action, key: Key, text: str) -> ClubState:
    """``state`` with ``action``'s adjusted score ``text`` on the board at ``key``."""
    board = state.board(key[2])
    written = text.strip().upper()
    stated = written.startswith("A") or _STATED.match(written)
    weighted = read_parts(text, board) if is_weighted(text) and not stated else None
    if weighted is not None and (refused := weighting_refused(state.config.regulations)):
        raise ResultRejected(refused)
    mixed = written.startswith("NS") and bool(_MIXED_SIDE.search(written))
    score: Score = (artificial_code(text) if stated
                    else mixed_code(text) if mixed
                    else weighted_of(weighted) if weighted is not None
                    else read_split(text) if written.startswith("NS")
                    else assigned_score(board, text))
    book = state.book
    if isinstance(score, Split) and book.result(*key) is None:
        # A split score (79B2 / 79B3) changes one side of a recorded result.
        raise ResultRejected(msg("round {round}, table {table}, board {board}: no result is "
                                 "recorded for a split score to change", round=key[0],
                                 table=key[1], board=key[2]))
    if book.result(*key) is None:
        # No result at the table: the adjusted score is the board's only record there.
        encounter = next((e for e in state.movement.in_round(key[0]) if e.table == key[1]),
                         None)
        if encounter is None:
            raise ResultRejected(msg("round {round}, table {table}: no such table in this "
                                     "round", round=key[0], table=key[1]))
        # A weighted score (12C1(c)) has its heaviest result in the book: it is scored
        # from the adjustment, each result at its weight, like an assigned one.
        played = heaviest(weighted).text if weighted is not None else text
        entry = Entry(action.id, *key, encounter.ns, encounter.ew,
                      adjusted=None if isinstance(score, int) or weighted else text)
        if isinstance(score, int) or weighted is not None:
            words = played.split()
            entry = (replace(entry, contract=Contract.parse(words[0]),
                             declarer=Seat.parse(words[1]), tricks=int(words[2]))
                     if len(words) == 3 else entry)
        book = record(book, entry, state.movement, board)
    adjustment = Adjustment(action.id, *key, score, text, action.who, action.why)
    return replace(state, book=book, adjustments={**state.adjustments, key: adjustment})


def _penalty(state: ClubState, action: Action) -> ClubState:
    pair = int(action.payload["pair"])
    if pair not in state.movement.contestants or pair in state.movement.phantoms:
        raise ResultRejected(msg("pair {pair} does not play in this event", pair=pair))
    offence = offence_of(str(action.payload.get("clause", "90A")))
    try:  # within ``limits``, a journal written before they were checked included
        amount = check_amount(Fraction(str(action.payload["amount"])))
    except BadInput as error:
        raise ResultRejected(msg("{error}", error=error.message)) from None
    except ZeroDivisionError:
        raise ValueError(f"amount {action.payload['amount']}: divided by zero") from None
    penalty = ProceduralPenalty(Contestant(str(pair)), amount,
                                PenaltyUnit(str(action.payload.get("unit", "matchpoints"))),
                                offence, str(action.payload.get("clause", "90A")),
                                action.payload.get("board"), action.why)
    return replace(state, penalties=(*state.penalties, penalty))


def _movement(state: ClubState, action: Action) -> ClubState:
    movement = read_movement(action.payload["movement"])
    late = action.payload.get("late")
    names = dict(state.late_pairs)
    if late is not None:
        names[int(late)] = str(action.payload.get("name", ""))
    for pair, name in dict(action.payload.get("late_pairs") or {}).items():
        names[int(pair)] = str(name)  # a table added: two late pairs at once
    return replace(state, movement=movement, late_pairs=names)


def _names(state: ClubState, action: Action) -> ClubState:
    """The players of each pair as the Director enters them (Law 4: a partnership's
    players); a later entry for a pair replaces the name shown, the journal keeps both."""
    names = {int(pair): str(name) for pair, name in action.payload["names"].items()}
    unknown = set(names) - set(state.movement.contestants)
    if unknown:
        raise ResultRejected(msg("pair {pair} does not play in this event", pair=min(unknown)))
    return replace(state, late_pairs={**state.late_pairs, **names})


def _appeal(state: ClubState, action: Action) -> ClubState:
    """The period and the consent were checked when the appeal was lodged (92B, 92D)."""
    p = action.payload
    appeal = Appeal(action.id, int(p["round"]), int(p["table"]), int(p["board"]),
                    int(p["pair"]), action.who, action.at, action.why)
    return replace(state, appeals=(*state.appeals, appeal))


def _ruling(state: ClubState, action: Action) -> ClubState:
    """A version of a Director's ruling on a board at a table (``ruling_records``); its
    table, board and amendment period were checked when it was saved (79C). A recorded
    ruling's adjusted score stands in the board's place, as ``adjust`` does (Law 12)."""
    probe = read_ruling(action, 1)
    versions = state.rulings.get(probe.key, ())
    ruling = read_ruling(action, len(versions) + 1)
    state = replace(state, rulings={**state.rulings, ruling.key: (*versions, ruling)})
    if ruling.final and ruling.score is not None:
        if (ruling.result is not None and state.book.result(*ruling.key[:3]) is None and (
                ruling.score.strip().upper().startswith("NS") or is_weighted(ruling.score))):
            # A split score (each side's own score, 12C) stands on the table's result, and
            # a weighted one beside it: the one the ruling leads to is recorded first when
            # the table reported none.
            state = ruled_result(state, action, ruling.key[:3], ruling.result)
        state = adjusted(state, action, ruling.key[:3], ruling.score)
    elif ruling.final and ruling.result is not None:
        state = ruled_result(state, action, ruling.key[:3], ruling.result)
    return state


def ruled_result(state: ClubState, action: Action, key: Key, result: Mapping[str, Any]
                 ) -> ClubState:
    """The result a recorded ruling leads to (a revoke's transfers made, Law 64) in place
    of the one the table reported, which the audit trail keeps; the table's if none."""
    encounter = next((e for e in state.movement.in_round(key[0]) if e.table == key[1]), None)
    if encounter is None:
        raise ResultRejected(msg("round {round}, table {table}: no such table in this "
                                 "round", round=key[0], table=key[1]))
    before = state.book.result(*key)
    text = str(result["contract"])
    contract = None if text == "PASS" else Contract.parse(text)
    entry = Entry(action.id, *key, encounter.ns, encounter.ew, contract,
                  None if contract is None else Seat.parse(str(result["declarer"])),
                  None if before is None else before.lead,
                  0 if contract is None else int(result["tricks"]))
    board = state.board(key[2])
    if before is None:
        return replace(state, book=record(state.book, entry, state.movement, board))
    if (before.contract, before.declarer, before.tricks, before.adjusted) == (
            entry.contract, entry.declarer, entry.tricks, None):
        return state
    book = correct(state.book, entry, who=action.who, when=action.at,
                   why=action.why or "ruling", periods=None, movement=state.movement,
                   board=board)
    return replace(state, book=book)


def _official(state: ClubState, action: Action) -> ClubState:
    """79C1: the periods run from the first time the official scores are made available."""
    return state if state.official_at is not None else replace(state, official_at=action.at)


def _extend(state: ClubState, action: Action) -> ClubState:
    """79C1, 92B: the periods extended, within ``limits`` (a journal holding more, written
    before they were checked, is read with that extension set aside and its reason, so
    that the event still opens)."""
    minutes = int(action.payload["minutes"])
    if minutes <= 0:
        raise ResultRejected(msg("a period is extended by a positive number of minutes"))
    try:
        extension = check_extension(minutes, state.extension)
    except BadInput as error:
        raise ResultRejected(msg("{error}", error=error.message)) from None
    return replace(state, extension=state.extension + extension)


def _floor(state: ClubState, action: Action) -> ClubState:
    """The floor's records (``club_floor``: device-code generations, calls for the
    Director, the public ranking's visibility) change nothing the Laws score."""
    return state


def _release(state: ClubState, action: Action) -> ClubState:
    """When the results reach the players and the public (``visibility``)."""
    chosen = str(action.payload.get("release", "board"))
    if chosen not in RELEASES:
        raise ResultRejected(msg("results are released by {releases}, not {value}",
                                 releases=", ".join(RELEASES), value=chosen))
    return replace(state, release=chosen)


_ENTRY_HANDLERS: dict[str, Callable[[ClubState, Action, Entry], ClubState]] = {
    "result": _result, "rule": _rule, "resolve": _resolve, "correct": _correct,
}
_HANDLERS: dict[str, Callable[[ClubState, Action], ClubState]] = {
    "adjust": _adjust, "penalty": _penalty, "movement": _movement, "official": _official,
    "extend": _extend, "names": _names, "appeal": _appeal, RULING: _ruling,
    "devices": _floor, "call": _floor, "ranking": _floor,  # club_floor's records
    "undelivered": _floor, "attended": _floor, "round": _floor,
    "release": _release,
}

