"""A ruling session: one board at one table, as the Director rules on it, kept as a document.

The session holds the board (number, dealer, vulnerability), the hands as far as they are
known, the edition or Regulating Authority's profile, the table's events (calls, cards,
the Director's answers and the options chosen) and, when the Director rules from the facts
at the end of the hand, the summary of the play. It is saved and loaded as versioned JSON
(``to_json`` / ``from_json``): the CLI, the web app and other platforms drive the engine
through the same document, never through pickle.

The document also carries what the events led to (``record``: rulings, the pending
decision, the result). It is written for readers; on loading, the events are replayed and
the record must come out the same, so a document is never read differently from the way
it was written.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from dupbridge.app.ruling_session.event_codec import CodecError, Json, decode_event, encode_event
from dupbridge.app.ruling_session.facts import PlaySummary, summary_result
from dupbridge.app.ruling_session.given_score import GivenScore, GivenScoreError, read_given
from dupbridge.core.board import Board
from dupbridge.core.cards import CardSet, full_pack
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.laws.irregularities.assigned_score import AssignedScore
from dupbridge.laws.machinery.profiles import (
    PROFILE_KEYS,
    PROFILE_NAMES,
    Regulations,
    default_regulations,
    load_profile,
)
from dupbridge.laws.machinery.ruling import AdjustedScore, Decision, Ruling
from dupbridge.laws.play.law61_64_revokes import Transfer
from dupbridge.laws.play.law64_facts import FacedCard, RevokeFacts
from dupbridge.table.events import Event
from dupbridge.table.result import Result
from dupbridge.table.table import Table

FORMAT = "dupbridge-ruling"
VERSION = 1
# A document is a few levels deep (events, their fields); far deeper is not a document,
# and walking it would only exhaust the stack.
MAX_DEPTH = 32


class SessionError(ValueError):
    """A document that is not a ruling session this version reads, or whose events do not
    replay to the record it carries; the message says where."""


@dataclass
class RulingSession:
    """The table being ruled on, and the summary of the play when the Director rules from
    the facts (``summary``)."""

    table: Table
    summary: PlaySummary | None = None
    language: str | None = None  # the Director's language, so that --load speaks it again
    given: GivenScore | None = None  # the adjusted score the Director gives each side (12C)

    @classmethod
    def start(cls, board: Board, regulations: Regulations | None = None,
              edition: Edition | None = None) -> RulingSession:
        return cls(Table(board, edition=edition, regulations=regulations))

    @classmethod
    def from_file(cls, path: Path, number: int, regulations: Regulations | None = None,
                  file_format: str | None = None) -> RulingSession:
        """A session on board ``number`` of a PBN, LIN or other board file: its deal,
        dealer and vulnerability (the markings the file gives)."""
        return cls.start(board_from_file(path, number, file_format), regulations)

    # What the session is

    @property
    def board(self) -> Board:
        return self.table.board

    @property
    def regulations(self) -> Regulations:
        return self.table.state.regulations

    @property
    def events(self) -> tuple[Event, ...]:
        return self.table.events

    def apply_json(self, data: Json) -> None:
        """One event as a JSON object (``{"event": "CallMade", "seat": "E", "call": "1H"}``),
        as a platform sends it: ``SessionError`` if it is not an event, ``ActionRejected``
        (nothing recorded) if the table refuses it."""
        try:
            event = decode_event(data)
        except CodecError as error:
            raise SessionError(str(error)) from None
        self.table.apply(event)

    def with_hands(self, deal: Deal) -> None:
        """Hands learnt during the session (the play needs all four): the board gets them
        and the events are replayed on it."""
        board = Board(self.board.number, complete_deal(deal), self.board.marked_dealer,
                      self.board.marked_vulnerability)
        self.table = replay(board, self.regulations, self.events)

    def undo(self) -> bool:
        """Take back the Director's last step: the summary of the play if he gave one,
        else the table's last event (the events before it are replayed). False when there
        is nothing to take back."""
        if self.given is not None:
            self.given = None
            return True
        if self.summary is not None:
            self.summary = None
            return True
        if not self.events:
            return False
        self.table = replay(self.board, self.regulations, self.events[:-1])
        return True

    def result(self) -> Result | None:
        """The board's result: from the summary of the play when the Director gave one,
        else from the table once the board is complete."""
        if self.summary is not None:
            return summary_result(self.table.state, self.summary)
        return self.table.result()

    def adjustment(self) -> AdjustedScore | None:
        """The adjusted score the rulings award (Law 12C), the last one: it, not the
        table's result, scores the board."""
        adjustments = self.table.state.adjustments
        return adjustments[-1] if adjustments else None

    def assigned(self) -> AssignedScore | None:
        """The assigned adjusted score (12C1) with its contract, tricks and points."""
        assigned = [a for a in self.table.state.adjustments if isinstance(a, AssignedScore)]
        return assigned[-1] if assigned else None

    # The document

    def to_json(self) -> dict[str, Json]:
        data: dict[str, Json] = {
            "format": FORMAT,
            "version": VERSION,
            "language": self.language,
            "board": board_json(self.board),
            "regulations": self.regulations.to_mapping(),
            "events": [encode_event(event) for event in self.events],
            "summary": None if self.summary is None else summary_json(self.summary),
        }
        if self.given is not None:  # written only when given: older documents read as they were
            data["given_score"] = self.given.text
        data["record"] = record_json(self)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Json) -> RulingSession:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SessionError(msg('not a ruling session: expected "format": "{format}"',
                                   format=FORMAT))
        version = data.get("version")
        if version != VERSION:
            raise SessionError(msg("ruling session version {version}: this dupbridge reads "
                                   "version {supported}", version=repr(version),
                                   supported=VERSION))
        board = read_board(_part(data, "board", dict))
        regulations = read_regulations(_part(data, "regulations", dict))
        raw_events = _part(data, "events", list)
        try:
            events = [decode_event(item, f"events[{number}]")
                      for number, item in enumerate(raw_events)]
        except CodecError as error:
            raise SessionError(str(error)) from None
        summary_data = data.get("summary")
        language = data.get("language")
        if language is not None and not isinstance(language, str):
            raise SessionError("'language' must be a language code such as \"fr\"")
        session = cls(replay(board, regulations, events),
                      None if summary_data is None else read_summary(summary_data), language,
                      _read_given(data.get("given_score"), board, regulations))
        if "record" in data and not same_record(data["record"], record_json(session)):
            raise SessionError("the events do not replay to the document's record (rulings, "
                               "pending decision, result): written by another version?")
        return session

    @classmethod
    def loads(cls, text: str) -> RulingSession:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            # Where, not Python's own words (they would reach a page in English).
            raise SessionError(msg("not JSON: line {line}, column {column}",
                                   line=error.lineno, column=error.colno)) from None
        except RecursionError:
            raise SessionError(msg("not a ruling session: nested deeper than {depth} levels",
                                   depth=MAX_DEPTH)) from None
        if _depth(data) > MAX_DEPTH:
            raise SessionError(msg("not a ruling session: nested deeper than {depth} levels",
                                   depth=MAX_DEPTH)) from None
        return cls.from_json(data)

    def save(self, path: Path) -> None:
        path.write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> RulingSession:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise SessionError(f"{path}: cannot read: {error}") from None
        try:
            return cls.loads(text)
        except SessionError as error:
            raise SessionError(f"{path}: {error}") from None


def replay(board: Board, regulations: Regulations, events: Iterable[Event]) -> Table:
    table = Table(board, regulations=regulations)
    for number, event in enumerate(events):
        try:
            table.apply(event)
        except ActionRejected as error:
            raise SessionError(f"events[{number}] ({event}): rejected: {error}") from None
    return table


def complete_deal(deal: Deal) -> Deal:
    """Three hands of 13 cards tell the fourth: the rest of the pack."""
    unknown = [seat for seat in Seat if deal[seat] is None]
    known = [hand for hand in deal.values() if hand is not None]
    if len(unknown) != 1 or any(len(hand) != 13 for hand in known):
        return deal
    rest = full_pack().mask
    for hand in known:
        rest &= ~hand.mask
    return Deal.from_hands({**{seat: deal[seat] for seat in Seat}, unknown[0]: CardSet(rest)})


def board_from_file(path: Path, number: int, file_format: str | None = None) -> Board:
    """Board ``number`` of a board file (``ValueError`` naming the file when it has none)."""
    from dupbridge.formats.registry import file_format as find_format

    records = find_format(file_format, path).read(path)
    for record in records:
        if record.board == number:
            return marked_board(number, record.deal, record.dealer, record.vulnerability)
    have = sorted({record.board for record in records})
    raise ValueError(f"{path}: no board {number} (boards in the file: "
                     f"{', '.join(map(str, have)) or 'none'})")


# JSON of the parts


def board_json(board: Board) -> dict[str, Json]:
    return {"number": board.number, "dealer": board.dealer.letter,
            "vulnerability": board.vulnerability.value,
            "deal": None if board.deal is None else board.deal.to_pbn()}


def read_board(data: Mapping[str, Any]) -> Board:
    try:
        number = data["number"]
        dealer = Seat.parse(str(data["dealer"]))
        vulnerability = Vulnerability.parse(str(data["vulnerability"]))
        deal = None if data.get("deal") is None else Deal.from_pbn(str(data["deal"]))
        return marked_board(number, deal, dealer, vulnerability)
    except KeyError as error:
        raise SessionError(f"board: missing {error}") from None
    except ParseError as error:
        raise SessionError(f"board: {error.reason}") from None
    except ValueError as error:
        raise SessionError(f"board: {error}") from None


def marked_board(number: int, deal: Deal | None, dealer: Seat,
                 vulnerability: Vulnerability) -> Board:
    """Board ``number`` with markings only where it does not follow Law 2 (a
    non-conforming board), so that equal boards compare equal."""
    plain = Board(number, deal)
    return Board(number, deal, None if dealer is plain.dealer else dealer,
                 None if vulnerability is plain.vulnerability else vulnerability)


def read_regulations(data: Mapping[str, Any]) -> Regulations:
    """The profile the document names, checked as a profile file is: a shipped one must
    say what it says in this version; another is read from its options."""
    name = data.get("name")
    if name in PROFILE_NAMES:
        shipped = load_profile(str(name))
        if shipped.to_mapping() == dict(data):
            return shipped
    if not isinstance(data.get("options", {}), dict):
        raise SessionError("regulations: 'options' must be an object")
    try:
        # Only the profile's own keys: a document may carry more, as it always could.
        return Regulations.from_mapping({key: data[key] for key in PROFILE_KEYS
                                         if key in data}, "regulations")
    except ValueError as error:
        raise SessionError(str(error)) from None


def summary_json(summary: PlaySummary) -> dict[str, Json]:
    revoke = summary.revoke
    return {"contract": str(summary.contract), "declarer_tricks": summary.declarer_tricks,
            "revoke": None if revoke is None else {
                "seat": revoke.seat.letter, "trick": revoke.trick,
                "winner": revoke.winner.letter, "won_later": revoke.won_later,
                "faced": revoke.faced.name.lower(), "late": revoke.late}}


def read_summary(data: Json) -> PlaySummary:
    try:
        revoke = data.get("revoke")
        facts = None if revoke is None else RevokeFacts(
            Seat.parse(revoke["seat"]), revoke["trick"], Seat.parse(revoke["winner"]),
            revoke["won_later"], FacedCard[str(revoke.get("faced", "none")).upper()],
            revoke.get("late", ""))
        return PlaySummary(Contract.parse(data["contract"]), data["declarer_tricks"], facts)
    except (KeyError, TypeError, AttributeError) as error:
        raise SessionError(f"summary: missing or malformed {error}") from None
    except ParseError as error:
        raise SessionError(f"summary: {error.reason}") from None
    except ValueError as error:
        raise SessionError(f"summary: {error}") from None


def record_json(session: RulingSession) -> dict[str, Json]:
    """What the events led to, for readers of the document (checked on loading)."""
    state = session.table.state
    result = session.result()
    return {
        "phase": state.phase.value,
        "auction": str(state.current_auction),
        "rulings": [ruling_json(ruling) for ruling in state.rulings],
        "pending": None if state.pending is None else decision_json(state.pending),
        "result": None if result is None else result_json(result),
        "score": score_json(session),
    }


def same_record(written: Json, replayed: dict[str, Json]) -> bool:
    """Whether the record a document carries is what its events replay to. A document
    written before the record said the board's score (``score``) is read as it was."""
    if not isinstance(written, dict):
        return False
    if "score" not in written:
        replayed = {key: value for key, value in replayed.items() if key != "score"}
    return written == replayed


def _read_given(text: Json, board: Board, regulations: Regulations) -> GivenScore | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise SessionError("'given_score' must be an adjusted score such as \"A60/40\"")
    try:
        return read_given(text, board, regulations.edition, regulations=regulations)
    except GivenScoreError as error:
        raise SessionError(f"given_score: {error}") from None


def _points(points: int | Fraction) -> Json:
    """Points as JSON: a whole number, or a weighted mean's decimals (tenths of a point)."""
    return int(points) if points.denominator == 1 else float(points)


def score_json(session: RulingSession) -> dict[str, Json] | None:
    """The board's score as the ruling leaves it: the adjusted score the Director gives
    each side (12C: artificial, split or assigned), an assigned adjusted score (12C1) for
    both sides, an adjusted score the rulings award with no numbers yet, or the table's
    result."""
    given = session.given
    if given is not None:
        data: dict[str, Json] = {
            "kind": given.kind, "law": str(given.law), "text": given.text,
            "contract": None if given.contract is None else str(given.contract),
            "tricks": given.tricks, "ns": _points(given.ns), "ew": _points(given.ew)}
        if given.parts:  # a weighted score (12C1(c)): each result at its percentage
            data["parts"] = [{"percent": percent, "text": part.text, "ns": _points(part.ns)}
                             for percent, part in given.parts]
        return data
    assigned = session.assigned()
    if assigned is not None:
        return {"kind": "assigned", "law": str(assigned.law),
                "contract": None if assigned.contract is None else str(assigned.contract),
                "tricks": assigned.tricks, "ns": assigned.score_ns, "ew": -assigned.score_ns}
    adjusted = session.adjustment()
    if adjusted is not None:
        return {"kind": "artificial" if adjusted.artificial else "adjusted",
                "law": str(adjusted.law), "note": str(adjusted.note), "ns": None, "ew": None}
    result = session.result()
    if result is None or (result.contract is not None and result.tricks is None):
        return None
    return {"kind": "table", "law": None,
            "contract": None if result.contract is None else str(result.contract),
            "tricks": result.tricks, "ns": result.score_ns, "ew": -result.score_ns}


def ruling_json(ruling: Ruling) -> dict[str, Json]:
    return {"irregularity": ruling.decision.irregularity.kind.name.lower(),
            "offender": ruling.decision.irregularity.offender.letter,
            "option": None if ruling.option is None else ruling.option.id,
            "chosen_by": _chooser(ruling.chosen_by),
            "answers": dict(ruling.answers),
            "clauses": [str(clause) for clause in ruling.clauses],
            "text": str(ruling.describe())}


def decision_json(decision: Decision) -> dict[str, Json]:
    return {"id": decision.id,
            "irregularity": decision.irregularity.kind.name.lower(),
            "offender": decision.irregularity.offender.letter,
            "clauses": [str(clause) for clause in decision.clauses],
            "questions": [{"id": question.id, "default": question.default,
                           "answer": decision.answers.get(question.id)}
                          for question in decision.questions],
            "options": [{"id": option.id, "chosen_by": _chooser(option.chosen_by)}
                        for option in decision.options]}


def result_json(result: Result) -> dict[str, Json]:
    return {"contract": None if result.contract is None else str(result.contract),
            "tricks": result.tricks, "score_ns": result.score_ns,
            "transfers": [transfer_json(transfer) for transfer in result.transfers],
            "reviews": [{"law": str(review.law), "note": str(review.note)}
                        for review in result.reviews]}


def transfer_json(transfer: Transfer) -> dict[str, Json]:
    return {"seat": transfer.seat.letter, "trick": transfer.trick,
            "tricks": transfer.tricks, "law": str(transfer.law)}


def _chooser(chooser: object) -> Json:
    return chooser.letter if isinstance(chooser, Seat) else chooser


def _part(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise SessionError(f"{key!r} must be a JSON {'object' if kind is dict else 'list'}")
    return value


__all__ = ["FORMAT", "VERSION", "RulingSession", "SessionError", "default_regulations"]


def _depth(data: object) -> int:
    """How deep ``data`` nests lists and objects (iterative: no recursion to exhaust)."""
    deepest, pending = 0, [(data, 1)]
    while pending:
        item, level = pending.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level <= MAX_DEPTH:
                pending.extend((inner, level + 1) for inner in (
                    item.values() if isinstance(item, dict) else item))
    return deepest
