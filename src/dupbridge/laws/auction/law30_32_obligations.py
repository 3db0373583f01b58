"""A call against an obligation Laws 30-32 impose other than passing: the offender who must
repeat his call out of rotation (31A1, 2007 32B1, 2017 32A1) makes another call; the partner
who may not double or redouble at that turn (2007 30B2(b)) does. The dispatcher finds them
as it finds calls by barred players (``BARRED_PLAYER_CALLED``, with the bar broken); they
are not Law 37 cases (35-2/35B is for players required to pass), and the Laws do not say
what follows. The Director decides; the suggested answers are the defaults:

- Must repeat (erratum A-2, "the Director should be asked"): the other call is cancelled,
  its information unauthorised to his side, and he must repeat his call out of rotation
  (option ``repeat``). The Laws give no further rectification; the Director reviews the
  outcome (2007 Law 23, 2017 72C).
- May not double (catalogue §19 Q4, "treat it like Law 37"): question ``as-law-37``,
  default yes: the double or redouble is cancelled, a pass substituted, and both the
  player and his partner must pass for the rest of the auction, Law 26 and Law 23 as in
  37B. Answered no: as an inadmissible double (36B), the call is cancelled, the player calls
  again (still without doubling) and his partner must pass for the rest of the auction.
- In both, the offender's left-hand opponent calling before the ruling condones the call,
  as in Law 37A: it stands, with all later calls, and nothing more follows.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import (
    LAWS_2007,
    awareness_review,
    lead_restrictions,
    ref,
    withdrawn_information,
)
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Bar,
    BarKind,
    BarScope,
    CallAgain,
    CancelCalls,
    Cite,
    Decision,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    LeadRestriction,
    Option,
    Question,
    Resolution,
    Review,
    StandCall,
    SubstitutePass,
)

AS_LAW_37 = "as-law-37"
"""Question id: rule a forbidden double (2007 30B2(b)) as Law 37?"""

REPEAT = "repeat"
"""Option id: the offender must repeat his call out of rotation after all."""


def applies(irregularity: Irregularity) -> bool:
    """The call broke an obligation other than to pass."""
    bar = irregularity.offender_barred
    return bar is not None and bar.kind is not BarKind.PASS


def _bar(irregularity: Irregularity) -> Bar:
    bar = irregularity.offender_barred
    assert bar is not None
    return bar


def _call(irregularity: Irregularity) -> Call:
    assert isinstance(irregularity.action, Call)
    return irregularity.action


def _review(irregularity: Irregularity, what: str) -> Review:
    return awareness_review(irregularity.edition, what, msg("the irregularity"))


# Must repeat his call out of rotation


@law("31A1", title="Another call than the one to repeat: he must repeat it")
@law("32B1", editions=LAWS_2007, title="Another call than the double to repeat: repeat it")
@law("32A1", editions=(Edition.LAWS_2017,), title="Another call than the double to repeat")
def repeat_after_all(irregularity: Irregularity) -> tuple[Effect, ...]:
    """The Laws say he must repeat the call (erratum A-2). The suggested answer: the other
    call is cancelled (unauthorised information to his side, 16D / 16C) and he must repeat
    it, as the bar says; the Director reviews the outcome."""
    bar = _bar(irregularity)
    edition = irregularity.edition
    offender = irregularity.offender
    return (
        CancelCalls(bar.law, (irregularity.record,)),
        InformationTag(withdrawn_information(edition), irregularity.record, offender.lho.side),
        ImposeBar(bar.law, offender, BarScope.NEXT, BarKind.REPEAT, bar.call),
        _review(irregularity, msg("{clause}: {offender} did not repeat {call}",
                                  clause=bar.law.clause, offender=offender, call=bar.call)),
    )


# May not double or redouble at that turn (2007 30B2(b))


def as_law_37_question() -> Question:
    return Question(
        AS_LAW_37,
        msg("The player doubled or redoubled where 2007 Law 30B2(b) forbids it; the Laws do "
            "not say what follows. Rule it as Law 37 (the call cancelled, a pass substituted, "
            "he and his partner barred for the rest of the auction; Laws 23 and 26)? If not, "
            "it is ruled as an inadmissible double (Law 36B: he calls again, his partner "
            "barred)."),
        ref(Edition.LAWS_2007, "30B2(b)"),
        default=True,
    )


@law("30B2(b)", editions=LAWS_2007, title="Forbidden double or redouble: ruled as Law 37 or 36B")
def forbidden_double(
    irregularity: Irregularity, answers: Mapping[str, Answer]
) -> tuple[Effect, ...]:
    """Catalogue §19 Q4, its suggested answer by default: as Law 37B (cancel, substitute a
    pass, both partners barred for the rest of the auction); otherwise as Law 36B."""
    edition = irregularity.edition
    offender = irregularity.offender
    call = _call(irregularity)
    common: tuple[Effect, ...] = (
        Cite(ref(edition, "30B2(b)")),
        InformationTag(withdrawn_information(edition), irregularity.record, offender.lho.side),
        _review(irregularity, "30B2(b)"),
        LeadRestriction(lead_restrictions(edition), offender, call),
    )
    if answers.get(AS_LAW_37, True) is True:
        return (
            CancelCalls(ref(edition, "37B1"), (irregularity.record,)),
            SubstitutePass(ref(edition, "37B2"), irregularity.record),
            ImposeBar(ref(edition, "37B2"), offender, BarScope.REST),
            ImposeBar(ref(edition, "37B2"), offender.partner, BarScope.REST),
            *common,
        )
    return (
        CancelCalls(ref(edition, "36B1"), (irregularity.record,)),
        ImposeBar(ref(edition, "36B2"), offender.partner, BarScope.REST),
        *common,
    )


# The decision


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    bar = _bar(irregularity)
    if bar.kind is BarKind.REPEAT:
        questions: tuple[Question, ...] = ()
        option = Option(REPEAT, msg("The call is cancelled; {offender} must repeat {call} "
                                    "({clause}, erratum A-2)",
                                    offender=irregularity.offender, call=bar.call,
                                    clause=bar.law.clause), DIRECTOR,
                        repeat_after_all(irregularity))
    else:
        questions = (as_law_37_question(),)
        as_37 = answers.get(AS_LAW_37, True) is True
        option = Option("rectify", msg("Ruled as Law 37B: the call is cancelled and a pass "
                                       "substituted; he and his partner must pass for the rest "
                                       "of the auction")
                        if as_37 else msg("Ruled as Law 36B: the call is cancelled and he "
                                          "calls again, without doubling; his partner must "
                                          "pass for the rest of the auction"), DIRECTOR,
                        forbidden_double(irregularity, answers))
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=(bar.law,),
        questions=questions,
        answers=answers,
        options=(option,),
        waits_for=frozenset({irregularity.offender.lho}),
        note=msg("The Laws do not say what follows this call; the suggested answer is applied "
                 "(erratum A-2 / catalogue §19 Q4).")
    )


def lho_called(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Resolution:
    """The offender's left-hand opponent calls over it before the ruling: condoned, as in
    Law 37A; the call and all later calls stand, with no further rectification."""
    law = _bar(irregularity).law
    return Resolution((StandCall(law, irregularity.record), CallAgain(law, seat, call, record)))
