"""A disputed claim at a club session's table (Laws 68-71), for the Director's console.

The Director opens the claim on a table's board: the position at the claim comes from the
table's log when the board was played on a device (the engine's own record, with the
claim's statement), or she enters it: the contract, the cards played so far in order,
the claimer, the tricks claimed and the statement (plan steps of the short grammar of
``laws.claim_statement``, and the words said at the table as free text). ``claim_screen``
adjudicates it (Law 70 with the double-dummy value beside it, ``app.claims``) and lays it
out for a page: the hands, the tricks awarded, the worst normal line trick by trick with
the point where it loses, and each of the Director's questions with its default, answer
and clause. Changing an answer is a new version of the claim: the adjudication is
computed again. ``award_claim`` records the Director's count (her answer always wins) as
the board's result at that table, through the result use cases of ``app.club``.

Each version of the claim (set up, each answer, the award) is kept as a ruling of kind
``claim`` on the board at the table (``club_rulings``: the event's journal, with who and
when), so every worker process sees the same and the trail keeps every answer; once the
award is recorded, a new version is an amendment under 79C, and the pairs may appeal it
(92B) as any ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dupbridge.analysis.claims import ClaimAdjudication
from dupbridge.analysis.position import Position
from dupbridge.app.club_night.commands import (
    ResultInput,
    correct_result,
    enter_result,
    rule_on_dispute,
    state_of,
)
from dupbridge.app.club_night.entry_check import contract_word
from dupbridge.app.club_night.ports import Clock, Json, Store
from dupbridge.app.club_night.ruling_versions import RULING
from dupbridge.app.club_night.rulings import Place, current, rulings_of, save_table_ruling
from dupbridge.app.club_night.state import ClubState, Recorded
from dupbridge.app.errors import translated
from dupbridge.app.ruling_session.claim_adjudication import (
    STATEMENT_CONFIRMED,
    ClaimInputError,
    ClaimRequest,
    adjudicate_request,
)
from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.errors import ActionRejected, ParseError, reason_of
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.claim_statements import canonical_statement
from dupbridge.i18n.table_notation import contract_text
from dupbridge.i18n.words import parse_card
from dupbridge.laws.claims.law70_contested_claim import CLAIM_TRICKS
from dupbridge.laws.claims.normal_lines import claim_suit_order
from dupbridge.laws.claims.position import ending_from_play
from dupbridge.laws.claims.statement import parse_statement
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.ruling import Answer
from dupbridge.rules.play import Play
from dupbridge.tournament.results import ResultRejected

CLAIM = "claim"  # the kind of ruling (``club_rulings``) a claim is kept as
FORMAT = "dupbridge-claim"


@dataclass(frozen=True, slots=True)
class ClaimEntry:
    """A disputed claim at (``round``, ``table``, ``board``) as the Director sets it up.
    ``played``: the cards played from the opening lead, in order (the cards written in
    ``language``); or ``hands``: the cards left (a PBN deal string), the ``leader`` of the
    trick in progress, its cards (``trick``) and declarer's tricks ``won`` (a board whose
    hands the app does not know); neither, with an empty ``contract``: the position comes
    from the table's log. ``claimer`` empty: declarer. ``claimed`` None: every trick
    left. ``statement``: the plan steps (short grammar), ``note``: what was said, as free
    text."""

    round: int
    table: int
    board: int
    contract: str = ""
    declarer: str = ""
    played: str = ""
    claimer: str = ""
    claimed: int | None = None
    statement: str = ""
    note: str = ""
    answers: Mapping[str, Answer] = field(default_factory=dict)
    language: str = "en"
    hands: str = ""
    leader: str = ""
    trick: str = ""
    won: int | None = None

    def to_json(self) -> Json:
        return {"format": FORMAT, "version": 1, "round": self.round, "table": self.table,
                "board": self.board, "contract": self.contract, "declarer": self.declarer,
                "played": self.played, "claimer": self.claimer, "claimed": self.claimed,
                "statement": self.statement, "note": self.note,
                "answers": dict(self.answers), "language": self.language,
                "hands": self.hands, "leader": self.leader, "trick": self.trick,
                "won": self.won}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> ClaimEntry:
        claimed, won = data.get("claimed"), data.get("won")
        return ClaimEntry(int(data["round"]), int(data["table"]), int(data["board"]),
                          str(data.get("contract", "")), str(data.get("declarer", "")),
                          str(data.get("played", "")), str(data.get("claimer", "")),
                          None if claimed is None else int(claimed),
                          str(data.get("statement", "")), str(data.get("note", "")),
                          dict(data.get("answers", {})), str(data.get("language", "en")),
                          str(data.get("hands", "")), str(data.get("leader", "")),
                          str(data.get("trick", "")), None if won is None else int(won))


@dataclass(frozen=True, slots=True)
class ClaimCase:
    """The claim set up: the contract and declarer, declarer's tricks and the tricks
    quitted before the claim, the opening lead (for the result), and the request the
    adjudicator takes (the position, the claimer, the statement, the answers)."""

    entry: ClaimEntry
    contract: Contract
    declarer: Seat
    won: int
    quitted: int
    lead: Card | None
    request: ClaimRequest
    source: str  # "log", "played" (the cards entered) or "hands" (the cards left entered)


def _refused(entry: ClaimEntry, error: Msg) -> ResultRejected:
    return ResultRejected(msg("round {round}, table {table}, board {board}: {error}",
                              round=entry.round, table=entry.table, board=entry.board,
                              error=error))


# --- Setting a claim up ---------------------------------------------------------------------


def claim_case(store: Store, event_id: str, entry: ClaimEntry) -> ClaimCase:
    """The claim's position, from the table's log or from the cards entered;
    ``ResultRejected`` with one line naming where and what is wrong."""
    state = state_of(store, event_id)
    if not any(e.table == entry.table for e in state.movement.in_round(entry.round)):
        raise ResultRejected(msg("round {round}, table {table}: no such table in this round",
                                 round=entry.round, table=entry.table))
    if entry.hands.strip():
        return _cards_left(state, entry)
    if not entry.contract.strip() and not entry.played.strip():
        return _from_log(store, event_id, state, entry)
    return _played(state, entry)


def _contract(entry: ClaimEntry) -> tuple[Contract, Seat, Denomination]:
    try:  # as the Director writes it (4♠, 3SA, 4PX in Spanish) or in English letters
        contract = Contract.parse(contract_word(entry.contract, entry.language))
        declarer = Seat.parse(entry.declarer)
    except (ParseError, ValueError):
        raise _refused(entry, msg("give the contract (4S) and declarer (N)")) from None
    if contract.denomination is None:
        raise _refused(entry, msg("a passed-out board has no play to claim in"))
    return contract, declarer, contract.denomination


def _cards(entry: ClaimEntry, text: str) -> list[Card]:
    cards = []
    for number, word in enumerate(text.replace(",", " ").split(), start=1):
        try:
            cards.append(parse_card(word, entry.language))
        except (ParseError, ValueError):
            raise _refused(entry, msg("card {number}: {word} is not a card", number=number,
                                      word=word)) from None
    return cards


def _cards_left(state: ClubState, entry: ClaimEntry) -> ClaimCase:
    """The cards left typed in: on a board dealt by the app, each hand's cards must be
    among those it was dealt."""
    contract, declarer, denomination = _contract(entry)
    try:
        leader = Seat.parse(entry.leader) if entry.leader else declarer.lho
        position = Position.from_pbn(entry.hands, denomination, leader,
                                     _cards(entry, entry.trick))
    except (ParseError, ValueError) as error:
        raise _refused(entry, msg("the cards left: {error}", error=reason_of(error))) from None
    deal = state.board(entry.board).deal
    for seat in Seat:
        if deal is not None and deal.is_complete:
            extra = position.hands[seat].mask & ~deal.hand(seat).mask
            if extra:
                raise _refused(entry, msg("{seat} was not dealt {cards}", seat=seat,
                                          cards=str(CardSet(extra))))
    quitted = 13 - position.tricks_left
    won = 0 if entry.won is None else entry.won
    if not 0 <= won <= quitted:
        raise _refused(entry, msg("declarer's tricks so far: {won} of {quitted} played",
                                  won=won, quitted=quitted))
    return _case(entry, contract, declarer, position, frozenset(), (won, quitted), None,
                 state.config.regulations, "hands")


def _played(state: ClubState, entry: ClaimEntry) -> ClaimCase:
    board = state.board(entry.board)
    if board.deal is None or not board.deal.is_complete:
        raise _refused(entry, msg("the hands of this board are not known to the app: "
                                  "enter the cards left"))
    contract, declarer, denomination = _contract(entry)
    play = Play(board.deal, declarer, denomination)
    for number, card in enumerate(_cards(entry, entry.played), start=1):
        seat = play.next_to_play
        if seat is None or card not in play.legal_cards(seat):
            raise _refused(entry, msg("card {number}: {seat} cannot play {card} here",
                           number=number, seat=seat or declarer, card=card))
        play = play.with_card(seat, card)
    if not play.opening_lead_made or play.is_complete:
        raise _refused(entry, msg("a claim is made after the opening lead, before the last "
                       "trick is over"))
    return _of_play(entry, contract, play, state.config.regulations, "played")


def _from_log(store: Store, event_id: str, state: ClubState, entry: ClaimEntry) -> ClaimCase:
    """The position as the engine recorded it: the table's log (a board played on a
    device), else the ruling the Director keeps on that board at that table (the cards she
    tapped on the ruling screen)."""
    logs = store.table_logs(event_id, round=entry.round, table=entry.table,
                            board=entry.board)
    ruling = current(state, Place(entry.round, entry.table, entry.board), RULING)
    try:
        if logs and logs[-1].kind == "ruling":
            session = RulingSession.from_json(logs[-1].document)
        elif logs:
            session = RulingSession.start(state.board(entry.board), state.config.regulations)
            for item in logs[-1].document if isinstance(logs[-1].document, list) else ():
                session.apply_json(item)
        elif ruling is not None:
            session = RulingSession.from_json(dict(ruling.document))
        else:
            raise _refused(entry, msg("no table log for this board: enter the contract and "
                                      "the cards played"))
    except (ValueError, ActionRejected) as error:
        if isinstance(error, ResultRejected):
            raise
        raise _refused(entry, msg("the table log does not replay: {error}",
                                  error=str(error))) from None
    table_state = session.table.state
    play, contract = table_state.play, table_state.contract
    if play is None or contract is None or not play.opening_lead_made:
        raise _refused(entry, msg("the table log has no play to claim in"))
    claim = table_state.claim
    statement = entry.statement
    if claim is not None and claim.ending is not None:
        # The claim as made at the table: its claimer, the tricks it claims and its
        # statement (frozen at the claim, 70D1).
        if tuple(play.hand(seat) for seat in Seat) != claim.ending.hands:
            raise _refused(entry, msg("the table's play went on after the claim"))
        entry = replace(entry, claimer=entry.claimer or claim.claimer.letter,
                        claimed=claim.tricks if entry.claimed is None else entry.claimed,
                        statement=statement or claim.statement)
    return _of_play(entry, contract, play, state.config.regulations, "log")


def _of_play(entry: ClaimEntry, contract: Contract, play: Play, regulations: Regulations,
             source: str) -> ClaimCase:
    """The claim at this moment of the play, with who has shown out of what before it
    (70E1)."""
    ending = ending_from_play(play, play.declarer)
    trump = Denomination.NOTRUMP if ending.trump is None else Denomination(int(ending.trump))
    position = Position(ending.hands, trump, ending.leader, ending.trick)
    first = play.tricks[0].cards[0] if play.tricks else play.current_trick.cards[0]
    return _case(entry, contract, play.declarer, position, ending.shown_out,
                 (play.declarer_tricks, len(play.tricks)), first, regulations, source)


def _case(entry: ClaimEntry, contract: Contract, declarer: Seat, position: Position,
          shown_out: frozenset[tuple[Seat, Suit]], before: tuple[int, int],
          lead: Card | None, regulations: Regulations, source: str) -> ClaimCase:
    """The request under the event's profile: its edition, and its 70E2 order within a
    suit as the default of the Director's question."""
    try:
        claimer = Seat.parse(entry.claimer) if entry.claimer else declarer
    except (ParseError, ValueError):
        raise _refused(entry, msg("{word} is not a seat", word=entry.claimer)) from None
    if claimer is declarer.partner:
        raise _refused(entry, msg("dummy does not claim or concede: declarer or a defender "
                                  "does (Law 68A)"))
    left = position.tricks_left
    if left == 0:
        raise _refused(entry, msg("a claim is made after the opening lead, before the last "
                                  "trick is over"))
    if entry.claimed is not None and not 0 <= entry.claimed <= left:
        raise _refused(entry, msg("{claimed} tricks claimed with {remaining} left to play",
                                  claimed=entry.claimed, remaining=left))
    order = claim_suit_order(regulations)
    try:  # typed in the Director's words; the grammar reads English (68C)
        statement = canonical_statement(entry.statement, entry.language)
    except ParseError as error:
        raise _refused(entry, msg("statement: {error}", error=error.reason)) from None
    request = ClaimRequest(position, declarer, claimer, statement, entry.claimed,
                           dict(entry.answers), regulations.edition, order, shown_out,
                           said=entry.statement)
    return ClaimCase(entry, contract, declarer, before[0], before[1], lead, request, source)


@translated
def open_claim(store: Store, event_id: str, entry: ClaimEntry) -> ClaimCase:
    """The claim checked (the position, the statement parsed, the numbers in range)
    without adjudicating it yet."""
    case = claim_case(store, event_id, entry)
    try:
        parse_statement(case.request.statement)
    except ParseError as error:
        raise _refused(entry, msg("statement: {error}", error=error.reason)) from None
    return case


# --- Keeping it -------------------------------------------------------------------------------


@translated
def save_claim(store: Store, clock: Clock, event_id: str, entry: ClaimEntry, *, who: str,
               why: str = "claim set up", final: bool = False,
               citations: tuple[str, ...] = (), award: Json | None = None,
               action_id: str | None = None) -> ClaimCase:
    """A new version of the claim, kept as a ruling of kind ``claim`` on the board at the
    table (``club_rulings``): checked first, nothing is written if it is wrong; once the
    award is recorded (``final``, with its ``award``: what the traveller says of it), a
    later version is an amendment (79C)."""
    case = open_claim(store, event_id, entry)
    document = case.entry.to_json() | ({} if award is None else {"award": award})
    save_table_ruling(store, clock, event_id, Place(entry.round, entry.table, entry.board),
                      CLAIM, document, citations=citations, final=final,
                      who=who, why=why, action_id=action_id)
    return case


@translated
def claimed_boards_of(state: ClubState, round: int, table: int) -> list[int]:
    """The boards of that round at that table with a claim opened by the Director."""
    return sorted({r.board for r in rulings_of(state, table=table, kind=CLAIM)
                   if r.round == round})


@translated
def contract_shown(entry: ClaimEntry, language: str) -> str:
    """The claim's contract as the reader writes it (``4♠``, ``3SA``), or as typed when it
    is none."""
    try:
        return contract_text(contract_word(entry.contract, entry.language), language)
    except (ParseError, ValueError):
        return entry.contract


def saved_claim(store: Store, event_id: str, round: int, table: int, board: int
                ) -> ClaimEntry | None:
    return saved_claim_of(state_of(store, event_id), round, table, board)


@translated
def saved_claim_of(state: ClubState, round: int, table: int, board: int
                   ) -> ClaimEntry | None:
    """The latest version of the claim on that board at that table, if one was opened."""
    found = current(state, Place(round, table, board), CLAIM)
    return None if found is None else ClaimEntry.from_json(found.document)


@translated
def answer_claim(store: Store, clock: Clock, event_id: str, entry: ClaimEntry, question: str,
                 value: str, *, who: str) -> ClaimCase:
    """The Director answers one question (the others keep theirs): a new version, which
    the next adjudication computes from."""
    if question == STATEMENT_CONFIRMED and value in ("yes", "no"):  # 70B1: the reading
        answers = {**entry.answers, question: value == "yes"}
        return save_claim(store, clock, event_id, replace(entry, answers=answers), who=who,
                          why=f"claim: {question} = {value}")
    found = adjudicate_case(open_claim(store, event_id, entry))
    asked = next((a for a in found.adjudication.asked if a.question.id == question), None)
    if asked is None:
        raise _refused(entry, msg("no question {question} in this claim", question=question))
    chosen = next((c for c in asked.question.choices if choice_value(c) == value), None)
    if chosen is None:
        raise _refused(entry, msg("{value} is not an answer to {question}", value=value,
                       question=question))
    answers = {**entry.answers, question: chosen}
    return save_claim(store, clock, event_id, replace(entry, answers=answers), who=who,
                      why=f"claim: {question} = {value}")


def choice_value(choice: Answer) -> str:
    """An answer as the claim screen's form sends it back."""
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return str(choice)


# --- Adjudicating -----------------------------------------------------------


@translated
def adjudicate_case(case: ClaimCase) -> ClaimAdjudication:
    try:
        return adjudicate_request(case.request)
    except ClaimInputError as error:
        raise _refused(case.entry, msg("{error}", error=reason_of(error))) from None
def declarer_total(case: ClaimCase, awarded: int) -> int:
    """Declarer's tricks on the board when the claimer's side gets ``awarded`` of those
    left."""
    share = awarded if case.request.claimer.side is case.declarer.side else \
        13 - case.quitted - awarded
    return case.won + share


@translated
def award_claim(store: Store, clock: Clock, event_id: str, entry: ClaimEntry, tricks: int, *,
                who: str, why: str = "") -> Recorded:
    """Law 70: the Director awards ``tricks`` of those left to the claimer's side (her
    count wins over the proposal). The board's result at that table becomes declarer's
    tricks so far plus his side's share: entered if the table has none yet, the
    Director's ruling on a disputed entry (79B2), or a correction of the result recorded
    (79C; refused once the correction period has closed, and then nothing is written).
    The claim is then kept as recorded, with the clauses its adjudication cited."""
    case = open_claim(store, event_id, entry)
    left = 13 - case.quitted
    if not 0 <= tricks <= left:
        raise _refused(entry, msg("{claimed} tricks claimed with {remaining} left to play",
                                  claimed=tricks, remaining=left))
    awarded = replace(entry, answers={**entry.answers, CLAIM_TRICKS: tricks})
    reason = why.strip() or f"claim adjudicated (Law 70): {tricks} of {left}"
    given = ResultInput(entry.round, entry.table, entry.board, case.contract, case.declarer,
                        declarer_total(case, tricks), case.lead)
    state = state_of(store, event_id)
    disputed = next((d for d in state.book.disputes
                     if (d.round, d.table, d.board) == (entry.round, entry.table,
                                                        entry.board)), None)
    if disputed is not None:
        recorded = rule_on_dispute(store, clock, event_id, disputed.id, given, who=who,
                                   why=reason)
    elif state.book.result(entry.round, entry.table, entry.board) is not None:
        recorded = correct_result(store, clock, event_id, given, who=who, why=reason)
    else:
        recorded = enter_result(store, clock, event_id, given, who=who)
    found = adjudicate_case(replace(case, request=replace(
        case.request, answers=dict(awarded.answers))))
    cited = ("70", *(a.question.law.clause for a in found.adjudication.asked))
    edition = case.request.edition.value
    adj = found.adjudication
    save_claim(store, clock, event_id, awarded, who=who, why=reason, final=True,
               citations=tuple(f"{edition} {clause}" for clause in dict.fromkeys(cited)),
               award={"claimer": case.request.claimer.letter, "claimed": adj.position.claimed,
                      "left": left, "proposed": adj.proposed, "awarded": tricks,
                      "double_dummy": found.double_dummy})
    return recorded


def board_finished(store: Store, event_id: str, round: int, table: int, board: int) -> bool:
    return board_finished_of(state_of(store, event_id), round, table, board)


def board_finished_of(state: ClubState, round: int, table: int, board: int) -> bool:
    """The board has a result at that table (the claim awarded, or settled otherwise)."""
    return state.book.result(round, table, board) is not None
