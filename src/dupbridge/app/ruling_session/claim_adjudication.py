"""Claims as a Director meets them: one claim adjudicated from a board of a file or a typed
position (``dupbridge claim``), and every claim of a file reported (``dupbridge claim
--report``). The CLI and the web app only print what these return.

A board of a LIN or PBN file whose play stops before the last trick with a result (LIN
``mc``, PBN Result) ended in a claim: its auction and cards are fed to the table engine,
declarer claims the tricks that make his total and the defenders agree (68A, 69A). The
report gives each claim V(P) without a statement (what Law 70 would award had it been
doubted), the double-dummy value, and whether the recorded result exceeds the award.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from dupbridge.analysis.claims import ClaimAdjudication, adjudicate_claim
from dupbridge.analysis.position import Position
from dupbridge.app.ruling_session.document import marked_board
from dupbridge.core.board import Board
from dupbridge.core.calls import PASS, Denomination
from dupbridge.core.cards import Card, Suit
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected, ParseError, reason_of
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.formats.record import BoardRecord
from dupbridge.i18n.catalogues import render
from dupbridge.i18n.claim_statements import (
    StatementReading,
    read_statement,
    reading_lines,
    step_text,
)
from dupbridge.laws.claims.law70_contested_claim import line_text
from dupbridge.laws.claims.normal_lines import SuitOrder
from dupbridge.laws.claims.position import ClaimPosition, Ending, ending_from_play
from dupbridge.laws.claims.statement import Statement, parse_statement
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.ruling import Answer
from dupbridge.table.events import ClaimAgreed, Claimed
from dupbridge.table.table import Table

Json = dict[str, object]


class ClaimInputError(ValueError):
    """A claim that cannot be set up: the message says where and what."""


# --- One claim ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClaimRequest:
    """A claim to adjudicate: the position, the statement (short grammar), the tricks
    claimed (None: all that are left), the Director's answers, the edition and order."""

    position: Position
    declarer: Seat
    claimer: Seat
    statement: str = ""
    claimed: int | None = None
    answers: Mapping[str, Answer] | None = None
    edition: Edition = Edition.LAWS_2017
    order: SuitOrder = SuitOrder.NONE
    shown_out: frozenset[tuple[Seat, Suit]] = frozenset()
    said: str = ""  # the statement as the claimer's words were typed, when not English


def claim_from_board(record: BoardRecord, trick: int, claimer: Seat | None = None,
                     repairs: list[str] | None = None,
                     ) -> tuple[Position, Seat, Seat, Ending]:
    """The position at the start of ``trick`` (1-13) of a board of a file, replayed through
    the table engine: who has shown out before it counts (70E1). ``repairs``: read the
    record tolerantly, adding a line for each repair (see ``_table_of``); None: strictly."""
    table = _table_of(record, repairs=repairs)
    play = table.state.play
    if play is None or record.contract is None or record.contract.declarer is None:
        raise ClaimInputError(msg("board {board}: no contract, so no play to claim in",
                                   board=record.board))
    cards = record.play
    wanted = 4 * (trick - 1)
    if not 1 <= trick <= 13 or wanted > len(cards):
        raise ClaimInputError(msg("board {board}: trick {trick} is not reached by the "
                                  "{cards} cards the file records", board=record.board,
                                  trick=trick, cards=len(cards)))
    _play_cards(table, cards[:wanted], record.board, repairs)
    play = table.state.play
    assert play is not None
    who = play.declarer if claimer is None else claimer
    ending = ending_from_play(play, who)
    trump = record.contract.denomination
    position = Position(ending.hands, trump, ending.leader, ending.trick)
    return position, play.declarer, who, ending


def adjudicate_request(request: ClaimRequest) -> ClaimAdjudication:
    """Law 70 on the request, with the double-dummy value beside it."""
    try:
        statement = parse_statement(request.statement)
    except ParseError as error:
        raise ClaimInputError(msg("statement: {reason}", reason=error.reason)) from None
    if request.said.strip():  # shown and explained (70B1) in the words that were said
        statement = replace(statement, text=request.said.strip())
    ending = Ending(request.position.hands, request.position.trump.suit,
                    request.position.leader, request.claimer, request.declarer,
                    request.position.trick, request.shown_out)
    left = ending.tricks_left
    claimed = left if request.claimed is None else request.claimed
    if not 0 <= claimed <= left:
        raise ClaimInputError(msg("{claimed} tricks claimed with {left} left", claimed=claimed,
                                   left=left))
    if request.claimer is request.declarer.partner:
        raise ClaimInputError(msg("dummy does not claim: declarer or a defender does (Law 68A)"))
    position = ClaimPosition(ending, statement, claimed, request.edition, request.order)
    return adjudicate_claim(position, request.answers)


STATEMENT_CONFIRMED = "statement-confirmed"  # the Director's answer: the reading is right


def read_claim_statement(text: str, language: str) -> StatementReading:
    """The claimer's statement read phrase by phrase in ``language`` (70B1); its
    ``grammar`` is what ``ClaimRequest.statement`` takes, its ``unread`` the words the
    Director is asked to rephrase or confirm."""
    return read_statement(text, language)


def reading_json(reading: StatementReading, language: str,
                 answers: Mapping[str, Answer] | None = None) -> Json:
    """The reading as the Director sees it: each phrase as said, the plan steps it reads
    as (in her words), the words not understood; when some are, the question whether the
    reading is what the claimer said (70B1; default no: rephrase it)."""
    confirmed = bool((answers or {}).get(STATEMENT_CONFIRMED, False))
    phrases = []
    for phrase in reading.phrases:
        steps = [step for text in phrase.steps for step in parse_statement(text).steps]
        phrases.append({"said": phrase.typed, "steps": list(phrase.steps),
                        "reads": [render(step_text(step), language) for step in steps],
                        "unread": list(phrase.unread), "expected": phrase.hint})
    found: Json = {"grammar": reading.grammar, "phrases": phrases,
                   "unread": list(reading.unread), "confirmed": confirmed,
                   "lines": [render(line, language) for line in reading_lines(reading)]}
    if reading.unread:
        found["question"] = {
            "id": STATEMENT_CONFIRMED, "clause": "70B1", "default": False,
            "answer": confirmed,
            "prompt": render(msg("Words of the statement are not understood: is the reading "
                                 "shown what the claimer said?"), language)}
    return found


def adjudication_json(found: ClaimAdjudication, language: str = "en") -> Json:
    """The adjudication as a JSON document (the web app shows it), its words in
    ``language``."""
    adj = found.adjudication
    value = adj.value

    def show(text: str) -> str:
        return render(text, language)
    return {
        "claimer": adj.position.ending.claimer.letter,
        "tricks_left": adj.position.ending.tricks_left,
        "claimed": adj.position.claimed,
        "statement": adj.position.statement.text,
        "value": value.tricks if value.decided else None,
        "decided": value.decided,
        "bounds": [value.lower, value.upper],
        "proposed": adj.proposed,
        "awarded": adj.awarded,
        "law71_cancel": adj.cancel,
        "double_dummy": found.double_dummy,
        "worst_line": [{"seat": m.seat.letter, "card": str(m.card), "trick": m.trick,
                        "class": m.play_class.name.lower()} for m in value.line],
        "losing_trick": adj.losing_trick,
        "questions": [{"id": a.question.id, "clause": str(a.question.law),
                       "prompt": show(a.question.prompt), "answer": a.answer,
                       "default": a.question.default, "by_default": a.by_default}
                      for a in adj.asked],
        "explanation": [show(line) for line in adj.explain()],
    }


def explanation(found: ClaimAdjudication) -> tuple[Msg, ...]:
    return found.adjudication.explain()


# --- Every claim of a file ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileClaim:
    """One claim of a file: board, table, contract, the trick it was made at, declarer's
    total as claimed, and as Law 70 would award it without a statement (V(P)) and double
    dummy; ``exceeds``: the recorded result is more than Law 70 would award."""

    board: int
    room: str
    contract: str
    trick: int
    cards_per_hand: int
    claimed_total: int
    law70_total: int  # not decided: the worst normal line found, or DD if below (bounds)
    dd_total: int
    decided: bool
    worst_line: str
    law70_upper: int = 0
    law70_lower: int = 0  # the bound proved (the total when decided)

    @property
    def exceeds(self) -> bool:
        return self.claimed_total > self.law70_total

    def to_json(self) -> Json:
        return {"board": self.board, "room": self.room, "contract": self.contract,
                "trick": self.trick, "cards_per_hand": self.cards_per_hand,
                "claimed": self.claimed_total, "law70": self.law70_total,
                "law70_upper": self.law70_upper, "law70_lower": self.law70_lower,
                "double_dummy": self.dd_total, "decided": self.decided,
                "exceeds": self.exceeds, "worst_line": self.worst_line}


@dataclass(frozen=True, slots=True)
class ClaimsReport:
    """``errors``: boards not adjudicated, each with its cause; ``warnings``: boards whose
    record was repaired to be read (tolerant reading), each saying what was changed."""

    source: str
    claims: tuple[FileClaim, ...]
    errors: tuple[str, ...]
    warnings: tuple[str, ...] = ()

    def to_json(self) -> Json:
        return {"source": self.source, "claims": [c.to_json() for c in self.claims],
                "errors": list(self.errors), "warnings": list(self.warnings)}


def decided_share(reports: Sequence[ClaimsReport]) -> tuple[int, int]:
    """(claims decided, claims adjudicated) over ``reports``: how many of the Law 70 values
    came out exact within the search budget."""
    claims = [claim for report in reports for claim in report.claims]
    return sum(claim.decided for claim in claims), len(claims)


REPORT_BUDGET = 5_000  # positions per claim: a file of claims in seconds, bounds beyond


def claims_report(path: Path, file_format: str | None = None,
                  budget: int = REPORT_BUDGET, strict: bool = False) -> ClaimsReport:
    """Every claim of a file (LIN, PBN or any format with play records), adjudicated.
    ``strict``: a record that needs a repair to be read is an error, not a warning."""
    from dupbridge.formats.registry import file_format as find_format

    records = find_format(file_format, path).read(path)
    return report_of_records(path.name, records, budget, strict)


def report_of_records(source: str, records: Sequence[BoardRecord],
                      budget: int = REPORT_BUDGET, strict: bool = False) -> ClaimsReport:
    found: list[FileClaim] = []
    errors: list[str] = []
    repairs: list[str] = []
    for record in records:
        if not _ends_in_claim(record):
            continue
        try:
            found.append(_file_claim(record, budget, None if strict else repairs))
        except (ClaimInputError, ActionRejected, ParseError, ValueError) as error:
            reason = str(error).removeprefix(f"board {record.board}: ")
            errors.append(f"{source}: {_where(record)}: {reason}")
    return ClaimsReport(source, tuple(found), tuple(errors),
                        tuple(f"{source}: {line}" for line in repairs))


def _where(record: BoardRecord) -> str:
    """``board 7`` or ``board 7 Open``: a record as a report names it."""
    return f"board {record.board} {record.room}" if record.room else f"board {record.board}"


def _ends_in_claim(record: BoardRecord) -> bool:
    return (record.contract is not None and record.tricks is not None
            and len(record.play) < 52 and record.deal.is_complete
            and (record.claimed is not None or len(record.play) > 0))


def _file_claim(record: BoardRecord, budget: int, repairs: list[str] | None) -> FileClaim:
    table = _table_of(record, repairs=repairs)
    _play_cards(table, record.play, record.board, repairs)
    play = table.state.play
    assert play is not None and record.tricks is not None and record.contract is not None
    share = record.tricks - play.declarer_tricks
    left = 13 - len(play.tricks)
    if not 0 <= share <= left:
        raise ClaimInputError(msg("the result {tricks} cannot be reached from the {won} "
                                  "tricks won with {left} left", tricks=record.tricks,
                                  won=play.declarer_tricks, left=left))
    table.apply(Claimed(play.declarer, share))  # 68A: declarer claims his total
    for seat in (play.declarer.lho, play.declarer.rho):
        table.apply(ClaimAgreed(seat))  # 69A
    made = table.state.claim
    assert made is not None and made.ending is not None
    position = ClaimPosition(made.ending, Statement(), share, table.edition)
    found = adjudicate_claim(position, budget=budget)
    adj = found.adjudication
    base = play.declarer_tricks
    return FileClaim(record.board, record.room, str(record.contract), len(play.tricks) + 1,
                     len(made.ending.hands[play.declarer]) + (
                         1 if made.ending.trick else 0),
                     record.tricks, base + min(adj.value.tricks, found.double_dummy),
                     base + found.double_dummy,
                     adj.value.decided, line_text(adj.value.line),
                     base + min(adj.value.upper, found.double_dummy), base + adj.value.lower)


def _table_of(record: BoardRecord, regulations: Regulations | None = None,
              repairs: list[str] | None = None) -> Table:
    """The table after the record's auction. Some exports (rpbridge.net's PBN) leave out
    the passes before the opening bid, so the auction read from the dealer makes the wrong
    player declarer: when one to three passes put in front give the declarer and the
    contract the record names, those were the dealer's passes. With ``repairs`` (tolerant
    reading) they are put back and a line naming the board is added to it; without, the
    board is refused with the reason."""
    table = _auction_table(record, 0, regulations)
    play = table.state.play
    if play is None:
        raise ClaimInputError(msg("board {board}: the auction does not end in a contract",
                                   board=record.board))
    named = record.contract.declarer if record.contract is not None else None
    if named is None or named is play.declarer:
        return table
    # the record contradicts itself: replaying the play against the wrong opening leader
    # would only say "does not hold"
    problem = (f"the auction from dealer {record.dealer.name.title()} makes "
               f"{play.declarer.name.title()} declarer, the record says {named.name.title()}")
    passes, repaired = _with_dealer_passes(record, named, regulations)
    if repaired is None:
        raise ClaimInputError(problem)
    if repairs is None:
        raise ClaimInputError(f"{problem} ({_passes(passes)} before the first call would "
                              f"make it right)")
    repairs.append(f"{_where(record)}: {problem}; read with "
                   f"{_passes(passes)} before the first call (left out by the file)")
    return repaired


def _passes(count: int) -> str:
    return "1 pass" if count == 1 else f"{count} passes"


def _with_dealer_passes(record: BoardRecord, named: Seat, regulations: Regulations | None,
                        ) -> tuple[int, Table | None]:
    """The fewest passes (1-3) that, put before the recorded calls, give the record's
    declarer and contract, with the table they give; (0, None) if none does."""
    for passes in (1, 2, 3):
        try:
            table = _auction_table(record, passes, regulations)
        except (ActionRejected, ParseError, ValueError):
            continue
        found = table.state.contract
        play = table.state.play
        if (play is not None and play.declarer is named and found is not None
                and record.contract is not None
                and (found.level, found.denomination)
                == (record.contract.level, record.contract.denomination)):
            return passes, table
    return 0, None


def _auction_table(record: BoardRecord, passes: int,
                   regulations: Regulations | None) -> Table:
    if not record.deal.is_complete:
        raise ClaimInputError(msg("board {board}: the deal is not complete", board=record.board))
    board: Board = marked_board(record.board, record.deal, record.dealer,
                                record.vulnerability)
    table = Table(board, edition=Edition.LAWS_2017, regulations=regulations)
    seat = board.dealer
    for call in [PASS] * passes + [recorded.call for recorded in record.auction]:
        table.call(seat, call)
        seat = seat.lho
    return table


def _play_cards(table: Table, cards: Sequence[Card], board: int,
                repairs: list[str] | None = None) -> None:
    """The recorded cards, trick by trick. With ``repairs`` (tolerant reading), a trick
    whose four cards are written against the wrong seats (rpbridge.net's PBN has rows in
    another column order) but are each held by a different player is read by who holds
    each card, with a line saying so; otherwise the first card a seat does not hold is an
    error naming the trick."""
    moved: list[str] = []
    try:
        for start in range(0, len(cards), 4):
            trick = list(cards[start:start + 4])
            placed = _by_holder(table, trick) if repairs is not None else None
            if placed is not None and placed != trick:
                moved.append(str(start // 4 + 1))
                trick = placed
            for card in trick:
                _play_card(table, card, board)
    finally:
        if moved and repairs is not None:
            repairs.append(f"board {board}: the file gives the cards of trick "
                           f"{', '.join(moved)} to other seats than the deal does; read by "
                           f"who holds each card")


def _by_holder(table: Table, trick: list[Card]) -> list[Card] | None:
    """The four cards of a trick in playing order from its leader, each given to the
    player who holds it; None if the trick is not whole or two cards share a holder."""
    play = table.state.play
    if play is None or len(trick) != 4 or play.current_trick.cards:
        return None
    leader = play.next_to_play
    if leader is None:
        return None
    holders = {seat: [card for card in trick if card in play.hand(seat)] for seat in Seat}
    if any(len(held) != 1 for held in holders.values()):
        return None
    seats = [leader, leader.lho, leader.partner, leader.rho]
    return [holders[seat][0] for seat in seats]


def _play_card(table: Table, card: Card, board: int) -> None:
    play = table.state.play
    assert play is not None
    seat = play.next_to_play
    if seat is None or table.pending is not None:
        raise ClaimInputError(msg("board {board}: the play stops at {card}", board=board,
                                   card=card))
    try:
        table.play(seat, card)
    except ActionRejected as error:  # the recorded play contradicts the deal
        raise ClaimInputError(msg("trick {trick}: {reason}", trick=len(play.tricks) + 1,
                                   reason=reason_of(error))) from None
    if table.pending is not None:
        raise ClaimInputError(msg("board {board}: {card} is irregular ({what})", board=board,
                                  card=card, what=table.pending.irregularity.describe()))


def position_heading(position: Position) -> Msg:
    """The position's heading in the reader's words: denomination, leader, the trick in
    progress and the tricks already won (the hands follow in the explanation, 70B3)."""
    return msg("Denomination {trump}; {leader} to lead; cards on the trick: {trick}; tricks "
               "won: NS {ns}, EW {ew}", trump=position.trump, leader=position.leader,
               trick=tuple(position.trick) or "-", ns=position.won[0], ew=position.won[1])


def typed_position(hands: str, trump: str, leader: str, trick: Sequence[str] = ()) -> Position:
    """A position typed in: a PBN deal string of the cards left, the denomination, the
    leader of the trick in progress and its cards."""
    try:
        return Position.from_pbn(hands, Denomination.parse(trump), leader, trick)
    except (ParseError, ValueError) as error:
        raise ClaimInputError(msg("position: {reason}", reason=reason_of(error))) from None
