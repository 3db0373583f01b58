"""2017 Law 23: comparable call. (2007 Law 23, awareness of potential damage, became 2017
Law 72C; both are a review item, see ``clauses.awareness_of_damage``.)

A call that replaces a withdrawn call is comparable when it has the same or a similar
meaning (23A1), defines a subset of the withdrawn call's meanings (23A2), or has the same
purpose (23A3). Only the Director can say: the question is asked, with "not comparable"
as its default (the catalogue's choice when no answer is given), and the laws that
replace calls (2017 25B, 26, 27B1(b), 30B1(b), 31A2, 31B, 32A2, 32B) build on the answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2017, ref
from dupbridge.laws.machinery.ruling import Answer, Cite, Effect, InformationTag, Question, Review

COMPARABLE = "comparable"
"""Question id (docs/ruling-vocabulary.md)."""
NOT_COMPARABLE = "no"
SAME_MEANING = "same-meaning"  # 23A1
SUBSET = "subset"  # 23A2
SAME_PURPOSE = "same-purpose"  # 23A3
COMPARABLE_REASON = "yes"
"""Deprecated answer: comparable, the reason not recorded (cites 23A only); ``True`` and
``False`` are read as ``yes`` and ``no``."""
REASONS = {SAME_MEANING: "23A1", SUBSET: "23A2", SAME_PURPOSE: "23A3", COMPARABLE_REASON: "23A"}
"""Each answer that makes the call comparable, and the clause it rests on."""


def comparable_question(withdrawn: Call, replacement: Call | None = None) -> Question:
    """23A: is the replacement (or, before it is made, the call the offender is about to
    make) comparable to the withdrawn call? The Director may answer in private with the
    offender, away from the table."""
    what: Call | Msg = (replacement if replacement is not None
                        else msg("the offender's replacement call"))
    return Question(
        COMPARABLE,
        msg("Is {what} comparable to the withdrawn {withdrawn}: the same or a similar meaning "
            "(23A1), a subset of its possible meanings (23A2), or the same purpose, such as an "
            "asking bid or a relay (23A3)?", what=what, withdrawn=withdrawn),
        ref(Edition.LAWS_2017, "23A"),
        default=NOT_COMPARABLE,
        choices=(NOT_COMPARABLE, SAME_MEANING, SUBSET, SAME_PURPOSE, COMPARABLE_REASON),
        cites=tuple((answer, ref(Edition.LAWS_2017, clause))
                    for answer, clause in REASONS.items()),
        aliases=((True, COMPARABLE_REASON), (False, NOT_COMPARABLE)),
    )


@law("23A", editions=LAWS_2017, title="When a replacement call is comparable")
@law("23A1", editions=LAWS_2017, title="Comparable: the same or a similar meaning")
@law("23A2", editions=LAWS_2017, title="Comparable: a subset of the meanings")
@law("23A3", editions=LAWS_2017, title="Comparable: the same purpose")
def is_comparable(answers: Mapping[str, Answer]) -> bool:
    """23A: the Director's answer, with its reason (23A1 same or similar meaning, 23A2 a
    subset of the meanings, 23A3 the same purpose), which the ruling cites; not comparable
    unless he says so."""
    return answers.get(COMPARABLE, NOT_COMPARABLE) in REASONS


@law("23B", editions=LAWS_2017, title="Comparable call: no rectification")
def comparable_replacement(withdrawn_record: int, offender: Seat) -> tuple[Effect, ...]:
    """23B: the auction and play go on with no further rectification; Law 16C2 does not
    apply, so the withdrawn call's information is authorised to the offender's partner too.
    23C: the Director still reviews at the end of play whether the infraction helped."""
    edition = Edition.LAWS_2017
    return (
        Cite(ref(edition, "23B")),
        InformationTag(ref(edition, "23B"), withdrawn_record, None),
        Review(ref(edition, "23C"), msg("23C: without the assistance gained through "
                                        "{offender}'s infraction, could the outcome well have "
                                        "been different, damaging the non-offending side?",
                                        offender=offender)),
    )
