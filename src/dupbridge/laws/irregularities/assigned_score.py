"""Law 12C1 at the table: the assigned adjusted score a judgement ruling ends in.

When the Director finds that an infraction damaged the non-offending side (Laws 16B, 2007
73F / 2017 73E2...), he assigns the result that would probably have been obtained without
it (12C1): a contract, its declarer and the tricks he would have taken. The Director
chooses the contract and the tricks (questions of the ruling); this module offers the
candidates and turns the answer into North-South points with the Law 77 table
(``dupbridge.scoring``), so the ruling, the result and the score sheet agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.core.calls import PASS, Call
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.scoring_table import contract_score
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import AdjustedScore, Answer, Question
from dupbridge.rules.auction import Auction

PASSED_OUT = "passed out"
CONTRACT = "assigned-contract"
"""Question id: the contract of the assigned adjusted score (``PASSED_OUT`` or ``4S N``)."""
TRICKS = "assigned-tricks"
"""Question id: the tricks declarer of the assigned contract takes."""


@dataclass(frozen=True, slots=True)
class AssignedScore(AdjustedScore):
    """An assigned adjusted score (12C1): the result the Director assigns in place of the
    table result, and its score from North-South's side."""

    contract: Contract | None = None  # None: passed out
    tricks: int | None = None
    score_ns: int = 0

    @property
    def result_text(self) -> str:
        if self.contract is None:
            return PASSED_OUT
        return f"{self.contract} {self.tricks} NS {self.score_ns:+d}"


def contract_text(contract: Contract | None) -> str:
    return PASSED_OUT if contract is None else str(contract)


def completed(auction: Auction, call: Call) -> Contract | None:
    """The contract ``auction`` reaches if ``call`` is made at its next turn and every
    later call is a pass: the usual starting point of an assigned score after a logical
    alternative (12C1(b), the likely outcome without the infraction)."""
    auction = auction.with_call(auction.next_to_call, call)
    while not auction.is_over:
        auction = auction.with_call(auction.next_to_call, PASS)
    return auction.contract()


def contract_choices(*candidates: Contract | None) -> tuple[str, ...]:
    """The contracts the Director chooses among, first the proposed default, each once."""
    seen: list[str] = []
    for contract in candidates:
        text = contract_text(contract)
        if text not in seen:
            seen.append(text)
    return tuple(seen)


def contract_question(edition: Edition, choices: tuple[str, ...]) -> Question:
    return Question(CONTRACT, msg("Which result would probably have been obtained had the "
                                  "infraction not occurred: which contract, by whom?"),
                    ref(edition, "12C1(a)"), default=choices[0], choices=choices)


def tricks_question(edition: Edition, contract: Contract, default: int) -> Question:
    return Question(TRICKS, msg("How many tricks would declarer have taken in {contract}?",
                                contract=contract),
                    ref(edition, "12C1(a)"), default=default, choices=tuple(range(14)))


def chosen_contract(text: Answer) -> Contract | None:
    return None if text == PASSED_OUT else Contract.parse(str(text))


def assigned_questions(
    edition: Edition, choices: tuple[str, ...], answers: Mapping[str, Answer],
    table: tuple[Contract | None, int | None],
) -> tuple[Question, ...]:
    """The contract, then (unless passed out) the tricks: the default is the table's number
    of tricks when the same contract was played by the same side, else just made."""
    questions = [contract_question(edition, choices)]
    if CONTRACT in answers:
        contract = chosen_contract(answers[CONTRACT])
        if contract is not None:
            played, tricks = table
            same = (played is not None and tricks is not None and played.bid == contract.bid
                    and played.declarer is not None and contract.declarer is not None
                    and played.declarer.side is contract.declarer.side)
            questions.append(tricks_question(edition, contract,
                                             tricks if same and tricks is not None
                                             else contract.tricks_needed))
    return tuple(questions)


@law("12C1(a)", title="Assigned score replaces the table result")
def assigned_score(edition: Edition, vulnerability: Vulnerability,
                   answers: Mapping[str, Answer], why: str) -> AssignedScore | None:
    """The assigned adjusted score the answers describe, scored by Law 77 from North-South's
    side; None until the Director has said what it is."""
    if CONTRACT not in answers:
        return None
    contract = chosen_contract(answers[CONTRACT])
    if contract is None:
        return AssignedScore(ref(edition, "12C1(a)"), why, artificial=False, played=True)
    if TRICKS not in answers:
        return None
    tricks = answers[TRICKS]
    assert isinstance(tricks, int) and contract.declarer is not None
    declarer: Seat = contract.declarer
    points = contract_score(contract, tricks, vulnerability.is_vulnerable(declarer))
    score_ns = points if declarer in (Seat.NORTH, Seat.SOUTH) else -points
    return AssignedScore(ref(edition, "12C1(a)"), why, artificial=False, played=True,
                         contract=contract, tricks=tricks, score_ns=score_ns)
