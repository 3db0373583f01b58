"""Ruling-case events for what is said at the table (Laws 16, 17, 20) and the checks on it.

A call is referred to as ``SEAT:CALL``, the last such call made at the table (``S:2C``):

| event | meaning |
|---|---|
| ``take-hand W`` | W takes his cards out of the board (17A) |
| ``alert N S:2C`` | N alerts South's 2C (late: a correction, 20F5) |
| ``explain N S:2C transfer to diamonds`` | N explains it; a second one corrects (20F4/F5) |
| ``review W`` | W asks for a review of the auction (20B, 20C2) |
| ``ask W`` / ``ask W S:2C`` | W asks for an explanation (20F1-F3) |
| ``clarify E N:1S`` | E asks at once which call N made (20A) |
| ``whose-lead E`` | a defender asks whether the opening lead is his (20C1) |
| ``ask-contract W`` | W asks at his turn to play what the contract is (41C) |
| ``restate N 1NT P 2D`` | an opponent restates the auction for the asker (20D-E) |
| ``reserve E`` | E reserves his rights (16B2) |
| ``consult E`` | E looks at his own system card (20G2 / 20G3) |
| ``wrong-board S [by E]`` | S called with cards from a wrong board (2007 17D, 2017 15A) |
| ``convey E hesitation [TEXT]`` | E conveys information (16B1, 73B1, 73D1); see below |
| ``ui N [W:3H]`` | N calls the Director about W's 3H (default: W's first action since) |
| ``false-inference S`` | S was misled by an opponent's manner (2007 73F, 2017 73E2) |
| ``extraneous W TEXT`` | W accidentally learned TEXT about the board (2007 16C, 2017 16D) |
| ``system NS 2D [alert] [after 1NT P] : MEANING`` | an agreement on NS's card (40) |
| ``consult-opponents W`` | W looks at the opponents' system card (40B2(c)) |

``convey`` means: hesitation, speed, remark, gesture, manner, question, alert, explanation.

Checks: ``talk = ["W review 20B", "N correction 20F4"]`` lists what was recorded, in order
(seat, kind, clause); ``adjusted = ["17D2(a)"]`` the clauses of the adjusted scores awarded;
``assigned = "2S N 9 NS +140"`` the assigned adjusted score (12C1): contract, tricks, score.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.auction.law40_system import Agreement, SystemCard, card_of
from dupbridge.laws.irregularities.assigned_score import AssignedScore
from dupbridge.laws.irregularities.table_talk import (
    Alert,
    CardConsulted,
    Conveyed,
    Enquiry,
    EnquiryKind,
    Explanation,
    HandTaken,
    Reservation,
    Restatement,
    TalkRecord,
    TurnStatement,
    WrongBoardReport,
)
from dupbridge.table.state import CallRecord
from dupbridge.table.table import Table

TALK_GRAMMAR = ("take-hand SEAT | alert SEAT REF | explain SEAT REF TEXT | review SEAT | "
                "ask SEAT [REF...] | clarify SEAT REF | whose-lead SEAT | restate SEAT CALL... | "
                "reserve SEAT | consult SEAT | wrong-board SEAT [by SEAT] | ask-revoke SEAT SEAT | "
                "ask-contract SEAT | convey SEAT MEANS [TEXT] | ui SEAT [REF] | "
                "false-inference SEAT | extraneous SEAT TEXT | "
                "system SIDE CALL [alert] [artificial] [after CALL...] : MEANING | "
                "consult-opponents SEAT  "
                "(REF: SEAT:CALL)")

T = TypeVar("T")

TALK_KEYWORDS = frozenset({"take-hand", "alert", "explain", "review", "ask", "clarify",
                      "whose-lead", "restate", "reserve", "consult", "wrong-board",
                      "ask-revoke", "ask-contract", "convey", "ui", "false-inference",
                      "extraneous", "system", "consult-opponents"})


class TalkGrammarError(ValueError):
    """A talk event whose text is malformed."""


@dataclass(frozen=True, slots=True)
class CallRef:
    """``SEAT:CALL``: the last such call made at the table; ``SEAT:CARD`` (``N:SA``, only
    for ``explain``): the card that seat played, e.g. a signal (47E2)."""

    seat: Seat
    call: Call | Card

    def record(self, table: Table) -> int:
        found = [i for i, entry in enumerate(table.state.records)
                 if entry.seat is self.seat and (
                     entry.call == self.call if isinstance(entry, CallRecord)
                     else entry.card == self.call)]
        if not found:
            raise TalkGrammarError(f"no call {self.call} by {self.seat.letter} at the table")
        return found[-1]


@dataclass(frozen=True, slots=True)
class TalkStep:
    keyword: str
    seat: Seat
    refs: tuple[CallRef, ...] = ()
    calls: tuple[Call, ...] = ()
    text: str = ""
    by: Seat | None = None


def _seat(text: str) -> Seat:
    return _parsed(Seat.parse, text)


def _call(text: str) -> Call:
    return _parsed(Call.parse, text)


def _parsed(parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ParseError as error:
        raise TalkGrammarError(error.reason) from None


def _ref(text: str, cards: bool = False) -> CallRef:
    seat, _, call = text.partition(":")
    if not call:
        raise TalkGrammarError(f"expected a call as SEAT:CALL (e.g. S:2C), not {text!r}")
    if cards and len(call) >= 2 and not call[0].isdigit() and call.upper() not in (
            "XX", "PASS"):
        try:
            return CallRef(_seat(seat), Card.parse(call))
        except ParseError:
            pass
    return CallRef(_seat(seat), _call(call))


def parse_talk(words: list[str]) -> TalkStep:
    """A talk event from its words (the first is one of ``TALK_KEYWORDS``)."""
    keyword = words[0].lower()
    if len(words) < 2:
        raise TalkGrammarError(f"'{keyword}' needs a seat: {TALK_GRAMMAR}")
    if keyword == "system":
        return _system_step(words)
    seat = _seat(words[1])
    rest = words[2:]
    if keyword in ("alert", "clarify"):
        if len(rest) != 1:
            raise TalkGrammarError(f"expected '{keyword} SEAT SEAT:CALL'")
        return TalkStep(keyword, seat, refs=(_ref(rest[0]),))
    if keyword == "explain":
        if len(rest) < 2:
            raise TalkGrammarError("expected 'explain SEAT SEAT:CALL TEXT'")
        return TalkStep(keyword, seat, refs=(_ref(rest[0], cards=True),),
                        text=" ".join(rest[1:]))
    if keyword == "ask":
        return TalkStep(keyword, seat, refs=tuple(_ref(word) for word in rest))
    if keyword == "restate":
        return TalkStep(keyword, seat, calls=tuple(_call(word) for word in rest))
    if keyword == "ask-revoke":  # 61B: SEAT asks the player who showed out
        if len(rest) != 1:
            raise TalkGrammarError("expected 'ask-revoke SEAT SEAT' (who asks, whom)")
        return TalkStep(keyword, seat, by=_seat(rest[0]))
    if keyword in ("convey", "extraneous"):
        if keyword == "convey" and not rest:
            raise TalkGrammarError("expected 'convey SEAT MEANS [TEXT]' (MEANS: hesitation, "
                                   "speed, remark, gesture, manner, question, alert, "
                                   "explanation)")
        return TalkStep(keyword, seat, text=" ".join(rest))
    if keyword == "ui":
        if len(rest) > 1:
            raise TalkGrammarError("expected 'ui SEAT' or 'ui SEAT SEAT:CALL'")
        return TalkStep(keyword, seat, refs=tuple(_ref(word, cards=True) for word in rest))
    if keyword == "wrong-board":
        if rest and (len(rest) != 2 or rest[0].lower() != "by"):
            raise TalkGrammarError("expected 'wrong-board SEAT' or 'wrong-board SEAT by SEAT'")
        return TalkStep(keyword, seat, by=_seat(rest[1]) if rest else None)
    if rest:
        raise TalkGrammarError(f"'{keyword} SEAT' takes nothing more")
    return TalkStep(keyword, seat)


def _system_step(words: list[str]) -> TalkStep:
    """``system NS 2D alert artificial after 1NT P : transfer``: checked now, applied by
    ``_agreement`` (the side is kept as its first seat)."""
    side = words[1].upper()
    if side not in ("NS", "EW"):
        raise TalkGrammarError(f"'system' takes a side, NS or EW, not {words[1]!r}")
    text = " ".join(words[2:])
    if ":" not in text:
        raise TalkGrammarError("expected 'system SIDE CALL [alert] [artificial] "
                               "[after CALL...] : MEANING'")
    _agreement(text)
    return TalkStep("system", Seat.NORTH if side == "NS" else Seat.EAST, text=text)


def _agreement(text: str) -> Agreement:
    head, _, meaning = text.partition(":")
    tokens = head.split()
    if not tokens or not meaning.strip():
        raise TalkGrammarError("expected a call and a meaning: 'system NS 2D : transfer'")
    call = _call(tokens[0])
    flags = {token.lower() for token in tokens[1:]}
    after: list[str] = []
    if "after" in flags:
        index = [token.lower() for token in tokens].index("after")
        after = [str(_call(token)) for token in tokens[index + 1:]]
        flags = {token.lower() for token in tokens[1:index]}
    unknown = flags - {"alert", "artificial"}
    if unknown:
        raise TalkGrammarError(f"unknown agreement mark(s): {', '.join(sorted(unknown))} "
                               "(alert, artificial, after CALL...)")
    return Agreement(str(call), meaning.strip(), " ".join(after), "alert" in flags,
                     "artificial" in flags)


def _lodge(table: Table, step: TalkStep) -> None:
    side = step.seat.side
    card = card_of(table.state.system_cards, side) or SystemCard(side)
    added = replace(card, agreements=(*card.agreements, _agreement(step.text)))
    table.lodge_system_card(added)


def apply_talk(table: Table, step: TalkStep) -> None:
    """Do ``step`` at ``table`` (``ActionRejected`` when the Laws refuse it)."""
    records = tuple(ref.record(table) for ref in step.refs)
    seat = step.seat
    actions: dict[str, Callable[[], object]] = {
        "take-hand": lambda: table.take_hand(seat),
        "alert": lambda: table.alert(seat, records[0]),
        "explain": lambda: table.explain(seat, records[0], step.text),
        "review": lambda: table.request_review(seat),
        "ask": lambda: table.request_explanation(seat, records),
        "clarify": lambda: table.clarify(seat, records[0]),
        "whose-lead": lambda: table.ask_whose_lead(seat),
        "ask-contract": lambda: table.ask_contract(seat),
        "restate": lambda: table.restate(seat, step.calls),
        "reserve": lambda: table.reserve_rights(seat),
        "consult": lambda: table.consult_system_card(seat),
        "wrong-board": lambda: table.report_wrong_board(seat, step.by),
        "ask-revoke": lambda: table.ask_about_revoke(seat, step.by if step.by is not None
                                                     else seat),
        "convey": lambda: table.convey(seat, *_means_and_text(step.text)),
        "ui": lambda: table.report_unauthorised_information(
            seat, action=records[0] if records else None),
        "false-inference": lambda: table.report_false_inference(seat),
        "extraneous": lambda: table.report_extraneous_information(seat, step.text),
        "system": lambda: _lodge(table, step),
        "consult-opponents": lambda: table.consult_opponents_card(seat),
    }
    actions[step.keyword]()


def _means_and_text(text: str) -> tuple[str, str]:
    means, _, what = text.partition(" ")
    return means, what.strip()


# Checks


def talk_text(item: TalkRecord) -> str:
    """``W review 20B``: the seat, what was said, the clause it rests on (with the answer for
    ``ask-contract``: ``W ask-contract 41C 4S doubled``)."""
    text = f"{item.seat.letter} {_kind(item)} {item.law.clause}"
    if isinstance(item, Enquiry) and item.kind is EnquiryKind.CONTRACT:
        return f"{text} {item.note}"
    return text


def _kind(item: TalkRecord) -> str:
    if isinstance(item, Enquiry):
        return {"CLARIFICATION": "clarify", "REVIEW": "review", "EXPLANATION": "ask",
                "OPENING_LEAD": "whose-lead", "REVOKE": "ask-revoke",
                "CONTRACT": "ask-contract"}[item.kind.name]
    if isinstance(item, Explanation):
        return "correction" if item.corrects else "explanation"
    if isinstance(item, Alert):
        return "late-alert" if item.late else "alert"
    if isinstance(item, Conveyed):
        return item.means.name.lower()
    kinds: dict[type, str] = {HandTaken: "take-hand", Restatement: "restate",
                              Reservation: "reserve", CardConsulted: "consult",
                              WrongBoardReport: "wrong-board", TurnStatement: "tell-turn"}
    return kinds[type(item)]


Difference = tuple[str, str]


def _texts(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"takes a list of strings, not {value!r}")
    return [" ".join(item.split()) for item in value]


def _listed(items: list[str]) -> str:
    return f"[{', '.join(items)}]" if items else "[] (none)"


def check_talk(value: object, edition: Edition) -> Callable[[Table], Difference | None]:
    wanted = _texts(value)

    def check(table: Table) -> Difference | None:
        have = [talk_text(item) for item in table.talk]
        return None if have == wanted else (_listed(wanted), _listed(have))
    return check


def check_adjusted(value: object, edition: Edition) -> Callable[[Table], Difference | None]:
    wanted = _texts(value)

    def check(table: Table) -> Difference | None:
        have = [adjustment.law.clause for adjustment in table.state.adjustments]
        return None if have == wanted else (_listed(wanted), _listed(have))
    return check


def check_assigned(value: object, edition: Edition) -> Callable[[Table], Difference | None]:
    """``assigned = "2S N 9 NS +140"``: the latest assigned adjusted score (12C1)."""
    if not isinstance(value, str):
        raise ValueError(f"takes a string such as '2S N 9 NS +140', not {value!r}")
    wanted = " ".join(value.split())

    def check(table: Table) -> Difference | None:
        assigned = [a for a in table.state.adjustments if isinstance(a, AssignedScore)]
        have = assigned[-1].result_text if assigned else "none"
        return None if have == wanted else (wanted, have)
    return check
