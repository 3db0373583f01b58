"""Irregularities whose full rectification comes with later work (Laws 53-57). They are
recorded and put before the Director with a manual option that says plainly the Director
applies the rest by hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.seats import Seat
from dupbridge.laws.clauses import ref
from dupbridge.laws.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.ruling import (
    DIRECTOR,
    AcceptCard,
    Answer,
    Decision,
    Irregularity,
    Option,
    ReturnCard,
)

BY_HAND = "the Director applies the rest of the rectification by hand (not yet automated)"


def _decision(
    irregularity: Irregularity,
    answers: Mapping[str, Answer],
    decision_id: str,
    clauses: tuple[str, ...],
    options: tuple[Option, ...],
    waits_for: frozenset[Seat] = frozenset(),
) -> Decision:
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=tuple(ref(irregularity.edition, clause) for clause in clauses),
        questions=(),
        answers=answers,
        options=options,
        waits_for=waits_for,
        automated=False,
        note=f"Laws {', '.join(clauses)}: {BY_HAND}.",
    )


# Laws 53-57: lead or play out of turn


def _decide_out_of_turn(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    edition = irregularity.edition
    is_lead = irregularity.is_lead
    clauses = ("53", "54", "55", "56") if is_lead else ("57",)
    options = [Option("return", f"The card goes back to the hand; {BY_HAND}", DIRECTOR,
                      (ReturnCard(ref(edition, clauses[0]), irregularity.record),))]
    if is_lead:
        options.insert(0, Option("accept", "Law 53A: the lead out of turn is treated as a "
                                 f"correct lead; {BY_HAND}", DIRECTOR,
                                 (AcceptCard(ref(edition, "53A"), irregularity.record),)))
    return _decision(irregularity, answers, decision_id, clauses, tuple(options))


PLAY_OUT_OF_TURN = Rectification(_decide_out_of_turn, no_call_before_ruling)
