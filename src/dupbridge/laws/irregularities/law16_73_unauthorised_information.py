"""Unauthorised information from partner (Laws 16B, 73) and false inferences from an
opponent's manner (2007 73F, 2017 73E2), as table events and the Director's questions.

At the table a hesitation, a remark, a gesture, an unexpected alert or an explanation is a
fact: who, when (after which call or card) and what (``Conveyed``, a talk record). It is no
infraction by itself (73D1: an inadvertent variation of tempo is not one). When play ends
the non-offending side may call the Director (16B3); his questions come in the order of
16B1: was information conveyed that could suggest a call or play; which call or play was a
logical alternative for players of the offender's class (16B1(b)); could the information
demonstrably have suggested the action chosen over it (16B1(a)); was the non-offending side
damaged (12B1). Yes to all of them leads to the assigned adjusted score (12C1), which the
Director describes (contract, declarer, tricks) and ``assigned_score`` scores.

The rest of Laws 72 and 73 is conduct, judged by the Director and not by software: 72A-B
(intent, concealment), 73A (proper communication), 73B2 (prearranged signals: Law 91),
73D2 and 73E (attempts to mislead, deceptive calls) come to the engine only through the
false-inference ruling here; 2017 72C through the awareness review items of other laws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.core.calls import PASS, Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.laws.irregularities.assigned_score import (
    assigned_questions,
    assigned_score,
    completed,
    contract_choices,
)
from dupbridge.laws.irregularities.table_talk import Conveyed, Means
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Cite,
    Decision,
    Effect,
    Irregularity,
    Option,
    Question,
    Review,
)
from dupbridge.rules.auction import Auction

CONVEYED = "ui-conveyed"
"""Question id, 16B1: did the extraneous information conveyed suggest a call or play?"""
ALTERNATIVE = "ui-alternative"
"""Question id, 16B1(b): the logical alternative to the action chosen (``none``: none)."""
SUGGESTED = "ui-suggested"
"""Question id, 16B1(a): could the information demonstrably have suggested the action
chosen over the logical alternative?"""
DAMAGED = "ui-damaged"
"""Question id, 12B1 / 16B3: was the non-offending side damaged?"""
BRIDGE_REASON = "bridge-reason"
"""Question id, 2007 73F / 2017 73E2: had the player a demonstrable bridge reason?"""
COULD_KNOW = "could-know"
"""Question id, 2007 73F / 2017 73E2: could he have known it could work to his benefit?"""
NONE = "none"
_TEMPO = (Means.HESITATION, Means.SPEED)


@law("73D", title="Variations in tempo or manner")
@law("73D1", title="Inadvertent variations")
@law("73B", title="Improper communication")
@law("73B1", title="Communicating by manner or remarks")
@law("16B", title="Extraneous information from partner")
def conveyed(edition: Edition, seat: Seat, means: Means, at: int, what: str = "") -> Conveyed:
    """Record the fact: a variation of tempo under 73D1 (no infraction in itself, the
    opponents may draw inferences at their own risk), a remark, gesture or manner under
    73B1, an alert, question or reply as partner's extraneous information (16B)."""
    clause = "73D1" if means in _TEMPO else "73B1" if means in (
        Means.REMARK, Means.GESTURE, Means.MANNER) else "16B"
    return Conveyed(seat, means, ref(edition, clause), at, what)


@dataclass(frozen=True, slots=True)
class InformationMatter(Irregularity):
    """The matter the Director is called to: ``conveyed`` by the offender's partner (16B)
    or by an opponent of the misled player (73F / 73E2), the action it may have suggested
    (``action`` at ``record``), the other actions open to him then (``alternatives``), the
    auction before it, the table's contract and tricks, and the board's vulnerability."""

    conveyed: Conveyed | None = None
    alternatives: tuple[str, ...] = ()
    auction_before: Auction | None = None
    table_contract: Contract | None = None
    table_tricks: int | None = None
    vulnerability: Vulnerability = Vulnerability.NONE
    called_by: Seat | None = None


def _info(irregularity: Irregularity) -> InformationMatter:
    assert isinstance(irregularity, InformationMatter) and irregularity.conveyed is not None
    return irregularity


@law("16B1", title="Partner's extraneous information is unauthorised")
def conveyed_question(matter: InformationMatter) -> Question:
    conveyed = matter.conveyed
    assert conveyed is not None
    return Question(CONVEYED,
                    msg("Did {seat}'s {means} convey information that could suggest a call "
                        "or play to {partner}?", seat=conveyed.seat, means=conveyed.means,
                        partner=conveyed.seat.partner),
                    ref(matter.edition, "16B1"), default=True)


@law("16B1(b)", title="What makes a logical alternative")
def alternative_question(matter: InformationMatter) -> Question:
    """Which action, for players of the offender's class using his partnership's methods,
    a significant proportion would seriously consider and some would choose (16B1(b)):
    the Director polls peers or judges; ``none`` when the action chosen had no alternative.
    Pass is proposed when it was open to him and he did not choose it."""
    choices = (*matter.alternatives, NONE)
    default = str(PASS) if str(PASS) in matter.alternatives else NONE
    return Question(ALTERNATIVE,
                    msg("Which action was a logical alternative to {offender}'s {action} "
                        "for players of his class using his partnership's methods (none if "
                        "none)?", offender=matter.offender, action=matter.action),
                    ref(matter.edition, "16B1(b)"), default=default, choices=choices)


def _as_action(text: str) -> object:
    """An alternative as the call or card it names, so that it is written in the reader's
    language ("Passe", not "Pass"); other text as it is."""
    for kind in (Call, Card):
        try:
            return kind.parse(text)
        except ParseError:
            continue
    return text


@law("16B1(a)", title="No suggested call or play if an alternative exists")
def suggested_question(matter: InformationMatter, alternative: str) -> Question:
    return Question(SUGGESTED,
                    msg("Could the information demonstrably have suggested {action} over "
                        "{alternative}?", action=matter.action,
                        alternative=_as_action(alternative)),
                    ref(matter.edition, "16B1(a)"), default=False)


@law("16B3", title="Calling the Director when play ends")
def damage_question(matter: InformationMatter, clause: str) -> Question:
    """16B3: the Director adjusts when the infraction gave the offending side an advantage
    at the non-offending side's expense: was there damage?"""
    return Question(DAMAGED,
                    msg("Was the non-offending side damaged: would the result probably have "
                        "been better for it without the infraction?"),
                    ref(matter.edition, clause), default=False,
                    # Either answer is the finding the ruling rests on: cited (16B3).
                    cites=tuple((answer, ref(matter.edition, clause))
                                for answer in (True, False)))


def _stands(matter: InformationMatter, clause: str, why: str) -> Option:
    return Option("result-stands", msg("The table result stands: {why}", why=why), DIRECTOR,
                  (Cite(ref(matter.edition, clause)),))


def _adjust(matter: InformationMatter, effects: tuple[Effect, ...],
            answers: Mapping[str, Answer], why: str) -> Option | None:
    score = assigned_score(matter.edition, matter.vulnerability, answers, why)
    if score is None:
        return None
    # The same English text as ``score.result_text`` (documents keep it), each part in the
    # reader's language otherwise.
    result: object = score.result_text if score.contract is None else msg(
        "{contract} {tricks} NS {score}", contract=score.contract, tricks=score.tricks,
        score=format(score.score_ns, "+d"))
    return Option("adjust", msg("Assigned adjusted score (Law 12C1): {result}",
                                result=result), DIRECTOR, (*effects, score))


def _contracts(matter: InformationMatter, alternative: str) -> tuple[str, ...]:
    candidates: list[Contract | None] = []
    if matter.auction_before is not None and alternative != NONE and isinstance(
            matter.action, Call):
        candidates.append(completed(matter.auction_before, Call.parse(alternative)))
    candidates.append(matter.table_contract)
    return contract_choices(*candidates)


@law("73C", editions=LAWS_2007, title="Using unauthorized information from partner")
@law("73C", editions=LAWS_2017, title="Unauthorized information from partner")
@law("73C1", editions=LAWS_2017, title="Carefully avoid taking advantage")
@law("73C2", editions=LAWS_2017, title="Penalty for a breach; damage")
def decide_partner_information(irregularity: Irregularity, answers: Mapping[str, Answer],
                               decision_id: str) -> Decision:
    """The 16B questions in order; each "no" ends the ruling with the table result; the
    last "yes" (damage) asks for the assigned score (12C1). 73C: the offender had to avoid
    taking any advantage of the information; 2017 73C2 adds a possible penalty."""
    matter = _info(irregularity)
    edition = matter.edition
    clauses = (ref(edition, "16B"), ref(edition, "16B1"), ref(edition, "16B3"),
               ref(edition, "73C"))
    questions: list[Question] = [conveyed_question(matter)]
    option: Option | None = None
    if answers.get(CONVEYED) is False:
        option = _stands(matter, "16B1", msg("no information that could suggest an action "
                                             "was conveyed"))
    elif CONVEYED in answers:
        questions.append(alternative_question(matter))
    alternative = answers.get(ALTERNATIVE)
    if alternative == NONE:
        option = _stands(matter, "16B1(a)", msg("the action chosen had no logical "
                                                "alternative"))
    elif isinstance(alternative, str):
        questions.append(suggested_question(matter, alternative))
        if answers.get(SUGGESTED) is False:
            option = _stands(matter, "16B1(a)", msg("the information did not demonstrably "
                                                    "suggest the action chosen"))
        elif SUGGESTED in answers:
            questions.append(damage_question(matter, "16B3"))
    if answers.get(DAMAGED) is False:
        option = _stands(matter, "16B3", msg("the non-offending side was not damaged"))
    elif answers.get(DAMAGED) is True and isinstance(alternative, str):
        questions.extend(assigned_questions(edition, _contracts(matter, alternative), answers,
                                            (matter.table_contract, matter.table_tricks)))
        effects: list[Effect] = [Cite(ref(edition, "16B1(a)")), Cite(ref(edition, "73C"))]
        if edition is Edition.LAWS_2017:
            effects.append(Review(ref(edition, "73C2"), msg(
                "{offender} used unauthorised information from partner: the Director may "
                "also give a procedural penalty (Law 90)", offender=matter.offender)))
        option = _adjust(matter, tuple(effects), answers,
                         msg("{offender} chose {action}, suggested by his partner's {means}, "
                             "over the logical alternative {alternative}",
                             offender=matter.offender, action=matter.action,
                             means=_means(matter), alternative=alternative))
    options = (option,) if option is not None else ()
    return Decision(decision_id, matter, clauses, tuple(questions), answers, options)


def _means(matter: InformationMatter) -> Means:
    assert matter.conveyed is not None
    return matter.conveyed.means


def _false_inference_clause(edition: Edition) -> str:
    return "73F" if edition is Edition.LAWS_2007 else "73E2"


@law("73F", editions=LAWS_2007, title="False inference from opponent's manner")
@law("73E2", editions=LAWS_2017, title="False inference from opponent's manner")
@law("73D2", title="Intentional attempts to mislead")
def decide_false_inference(irregularity: Irregularity, answers: Mapping[str, Answer],
                           decision_id: str) -> Decision:
    """An innocent player drew a false inference from an opponent's remark, manner or tempo
    (e.g. a hesitation before playing a singleton, 73D2): the Director adjusts when the
    opponent had no demonstrable bridge reason for it and could have known, at the time,
    that it could work to his benefit (2007 73F, 2017 73E2)."""
    matter = _info(irregularity)
    edition = matter.edition
    clause = _false_inference_clause(edition)
    conveyed = matter.conveyed
    assert conveyed is not None
    questions: list[Question] = [Question(
        BRIDGE_REASON, msg("Had {seat} a demonstrable bridge reason for his {means}?",
                           seat=conveyed.seat, means=conveyed.means),
        ref(edition, clause), default=True)]
    option: Option | None = None
    if answers.get(BRIDGE_REASON) is True:
        option = _stands(matter, clause, msg("the player had a demonstrable bridge reason"))
    elif BRIDGE_REASON in answers:
        questions.append(Question(
            COULD_KNOW, msg("Could {seat} have known, at the time, that it could work to his "
                            "benefit?", seat=conveyed.seat), ref(edition, clause),
            default=False))
    if answers.get(COULD_KNOW) is False:
        option = _stands(matter, clause, msg("the player could not have known that it could "
                                             "work to his benefit"))
    elif answers.get(COULD_KNOW) is True:
        questions.append(damage_question(matter, clause))
        if answers.get(DAMAGED) is False:
            option = _stands(matter, clause, msg("the non-offending side was not damaged"))
        elif answers.get(DAMAGED) is True:
            questions.extend(assigned_questions(
                edition, contract_choices(matter.table_contract), answers,
                (matter.table_contract, matter.table_tricks)))
            option = _adjust(matter, (Cite(ref(edition, clause)), Cite(ref(edition, "73D2"))),
                             answers, msg("{misled} drew a false inference from {seat}'s "
                                          "{means}", misled=matter.called_by or matter.offender,
                                          seat=conveyed.seat, means=conveyed.means))
    clauses = (ref(edition, "73D2"), ref(edition, clause))
    options = (option,) if option is not None else ()
    return Decision(decision_id, matter, clauses, tuple(questions), answers, options)


def alternatives_to(action: Call | Card, open_to_him: tuple[Call, ...] | tuple[Card, ...]
                    ) -> tuple[str, ...]:
    """The other actions open to the player when he chose ``action``, as answer choices."""
    return tuple(str(other) for other in open_to_him if other != action)


PARTNER_INFORMATION = Rectification(decide_partner_information, no_call_before_ruling)
FALSE_INFERENCE = Rectification(decide_false_inference, no_call_before_ruling)

__all__ = [
    "ALTERNATIVE",
    "CONVEYED",
    "DAMAGED",
    "FALSE_INFERENCE",
    "LAWS_2007",
    "LAWS_2017",
    "PARTNER_INFORMATION",
    "SUGGESTED",
    "Conveyed",
    "InformationMatter",
    "Means",
    "alternatives_to",
    "conveyed",
]
