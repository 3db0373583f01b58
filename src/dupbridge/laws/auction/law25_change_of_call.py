"""Law 25: legal and illegal changes of call (both editions).

A player who calls again before his partner has called is trying to change his call. The
Director first asks whether the first call was unintended (25A: a mechanical error or a
slip of the tongue; 2007 also: changed without pause for thought). If so, the call he meant
replaces it, subject to its own law, and his left-hand opponent may withdraw any call made
after the first one (2007 25A4, 2017 25A6). If not, it is an intended change (25B): the
left-hand opponent may accept the new call (calling over it intentionally accepts it) and
the first call is withdrawn; otherwise the new call is cancelled and the first one stands.
Law 26 may apply to the call withdrawn or cancelled, by its own preamble: Law 26 judges
that at the opening lead, only if the offender ends up defending
(``law26_lead_restrictions.ReplacedCallRestriction``).

Erratum A-1: a correction made after the left-hand opponent has called, while partner has
not, can still be a 25A substitution. If the Director finds it is not, the call is what it
would otherwise be, a call out of rotation (Laws 29-32, or 36 for an inadmissible double),
and its own law takes over the decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from dupbridge.core.calls import Bid, Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
from dupbridge.laws.machinery.clauses import (
    LAWS_2007,
    LAWS_2017,
    lead_restrictions,
    ref,
    withdrawn_information,
)
from dupbridge.laws.machinery.rectification import Rectification, RectificationOf
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    CallAgain,
    CancelCalls,
    Cite,
    Decision,
    Effect,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    Question,
)
from dupbridge.rules.auction import Auction

# Question ids (public vocabulary)
UNINTENDED = "unintended"
WITHOUT_PAUSE = "without-pause"
CALLED_INTENTIONALLY = "called-intentionally"

CallAt = tuple[Seat, Call, int]  # a call and its index in the table's record


@dataclass(frozen=True, slots=True)
class ChangeOfCall(Irregularity):
    """An attempt to change one's own call (``own_last_call`` is its record) before
    partner has called. ``over``: the calls made after it, by the left-hand opponent, when
    the attempt came after he had called (erratum A-1); ``otherwise``: then, what the new
    call is if Law 25A does not apply (a call out of rotation)."""

    original: Call | None = None
    over: tuple[CallAt, ...] = ()
    otherwise: Irregularity | None = None

    @property
    def late(self) -> bool:
        """Made after the left-hand opponent called: only Law 25A can make it a change."""
        return self.otherwise is not None

    @property
    def lho_calls(self) -> tuple[CallAt, ...]:
        """Calls by the left-hand opponent after the first call: before the attempt (A-1)
        or before the ruling."""
        return (*self.over, *self.calls_before_ruling)


# Which call may be changed


@law("25A2", editions=LAWS_2007, title="No change after partner has called")
@law("25A4", editions=LAWS_2017, title="No change after partner has called")
def replaceable_call(auction: Auction, seat: Seat) -> int | None:
    """Position in the auction of ``seat``'s last call if his partner has not called
    since (2007 25A2, 2017 25A4: once partner has called, no change is possible)."""
    position = auction.last_call_of(seat)
    if position is None:
        return None
    if any(later.seat is seat.partner for later in auction.calls[position + 1 :]):
        return None
    return position


@law("25A3", editions=LAWS_2007, title="No change after the auction period")
@law("25A5", editions=LAWS_2017, title="No change after the auction period")
def may_still_change(irregularity: Irregularity) -> bool:
    """2007 25A3, 2017 25A5: if the auction ended before partner's turn, the call may be
    changed only until the end of the auction period (the opening lead faced)."""
    return irregularity.own_last_call is not None and not irregularity.auction_period_over


def change_of_call(
    edition: Edition,
    auction: Auction,
    records: tuple[int, ...],
    seat: Seat,
    call: Call,
    record: int,
    otherwise: Irregularity | None = None,
) -> ChangeOfCall:
    """The irregularity of ``call`` by ``seat`` while he may still change his last call
    (``records``: the table record of each standing call), for the dispatcher."""
    position = replaceable_call(auction, seat)
    assert position is not None, "a change of call needs a call partner has not called over"
    over = tuple((standing.seat, standing.call, records[index])
                 for index, standing in enumerate(auction.calls) if index > position)
    return ChangeOfCall(
        IrregularityKind.CHANGE_OF_CALL, edition, seat, call, record, auction.next_to_call,
        own_last_call=records[position], original=auction.calls[position].call,
        over=over, otherwise=otherwise,
    )


# Law 25A: unintended call


@law("25A", title="Unintended call")
@law("25A1", title="Unintended call replaced by the intended one before partner calls")
@law("25A2", editions=LAWS_2017, title="Mechanical error or slip, not a change of mind")
@law("25A3", editions=LAWS_2017, title="However the player noticed his error")
def unintended_questions(
    edition: Edition, what: str = msg("the first call")
) -> tuple[Question, ...]:
    """25A1: was the call unintended? 2017 25A2 says what that means: the player did not
    mean to make it (a mechanical error or a slip of the tongue), not a loss of
    concentration about what he intended; 25A3: however he noticed it. 2007 25A1 also asks
    that he change it, or try to, without pause for thought."""
    asked = [
        Question(
            UNINTENDED,
            msg("Was {what} unintended (a mechanical error or slip of the tongue, not a change "
                "of mind or a loss of concentration about what he meant), so that the new call "
                "is the one the player meant to make?", what=what),
            ref(edition, "25A1"),
            default=False,
            cites=_unintended_cites(edition),
        )
    ]
    if edition is Edition.LAWS_2007:
        asked.append(
            Question(
                WITHOUT_PAUSE,
                msg("Did the player change (or try to change) his call without pause for "
                    "thought?"),
                ref(edition, "25A1"),
                default=False,
                cites=((True, ref(edition, "25A1")),),
                asked_if=(UNINTENDED, True),  # moot once the call is found intended
            )
        )
    return tuple(asked)


def _unintended_cites(edition: Edition) -> tuple[tuple[Answer, LawRef], ...]:
    """A call found unintended rests on 25A1 and, 2017, on 25A2, which says what that is
    (a mechanical error or slip of the tongue). Found intended, 25A does not apply and is
    not cited, except for a late correction, which that finding makes a call out of
    rotation (``_out_of_rotation``)."""
    if edition is Edition.LAWS_2007:
        return ((True, ref(edition, "25A1")),)
    return ((True, ref(edition, "25A1")), (True, ref(edition, "25A2")))


def is_unintended(edition: Edition, answers: Mapping[str, Answer]) -> bool:
    """The Director has answered yes to every 25A question (the defaults are no)."""
    return all(answers.get(q.id, q.default) is True for q in unintended_questions(edition))


def lho_clause(edition: Edition) -> LawRef:
    """2007 25A4 / 2017 25A6: the left-hand opponent may withdraw his call."""
    return ref(edition, "25A4" if edition is Edition.LAWS_2007 else "25A6")


@law("25A4", editions=LAWS_2007, title="Left-hand opponent may withdraw his call")
@law("25A6", editions=LAWS_2017, title="Left-hand opponent may withdraw his call")
def lho_withdraws(
    edition: Edition, offender: Seat, calls: tuple[CallAt, ...]
) -> tuple[Effect, ...]:
    """2007 25A4 / 2017 25A6: information from the calls the left-hand opponent withdraws
    is authorised to his side only (2017: unauthorised to the opponents)."""
    return tuple(InformationTag(lho_clause(edition), record, offender.lho.side)
                 for _, _, record in calls)


def replace_unintended_call(
    irregularity: Irregularity,
    lho_calls: tuple[CallAt, ...] | None = None,
    keep: bool = False,
) -> tuple[Effect, ...]:
    """25A1: the unintended call is withdrawn and the intended one made in its place,
    subject to its own law (2017: Law 26 does not apply). The left-hand opponent's calls
    after it (default: those before the ruling) are withdrawn (25A4/25A6), or, if he keeps
    them, taken again after the new call."""
    assert irregularity.own_last_call is not None
    call = irregularity.action
    assert isinstance(call, Call)
    edition = irregularity.edition
    calls = irregularity.calls_before_ruling if lho_calls is None else lho_calls
    clause = ref(edition, "25A1")
    effects: list[Effect] = [
        CancelCalls(clause, (irregularity.own_last_call, *(record for _, _, record in calls))),
        CallAgain(clause, irregularity.offender, call, irregularity.record),
    ]
    if keep:
        effects.extend(CallAgain(lho_clause(edition), seat, made, record)
                       for seat, made, record in calls)
    else:
        effects.extend(lho_withdraws(edition, irregularity.offender, calls))
    if edition is Edition.LAWS_2007 and not calls:
        effects.append(Cite(ref(edition, "25A4")))  # no further rectification
    if irregularity.kind is IrregularityKind.CALL_AFTER_FINAL_PASS:
        # His call ended the auction before his partner's turn (Law 39 would apply).
        effects.append(Cite(after_final_pass(edition)))
    return tuple(effects)


def after_final_pass(edition: Edition) -> LawRef:
    """2007 25A3 / 2017 25A5: the first call ended the auction; the substitution is still
    allowed, the auction period not being over."""
    return ref(edition, "25A3" if edition is Edition.LAWS_2007 else "25A5")


def _unintended_options(irregularity: ChangeOfCall) -> tuple[Option, ...]:
    calls = irregularity.lho_calls
    if not calls:
        return (Option("replace", msg("Law 25A: the unintended call is replaced by the "
                                      "intended one, which is subject to its own law"), DIRECTOR,
                       replace_unintended_call(irregularity, calls)),)
    lho = irregularity.offender.lho
    return (
        Option("withdraw", msg("Law 25A: the intended call replaces the unintended one; the "
                               "left-hand opponent withdraws his call and calls again"), lho,
               replace_unintended_call(irregularity, calls)),
        Option("keep", msg("Law 25A: the intended call replaces the unintended one; the "
                           "left-hand opponent's call is made again after it"), lho,
               replace_unintended_call(irregularity, calls, keep=True)),
    )


# Law 25B: intended change


def _acceptable(call: Call) -> bool:
    """A bid above seven can never stand (Law 38): it cannot be accepted."""
    return not isinstance(call, Bid) or call.is_legal_level


@law("25B3", title="Withdrawn and cancelled calls: Law 16D (2007) / 16C (2017)")
def withdrawn_tag(irregularity: Irregularity, record: int) -> tuple[Effect, ...]:
    """25B3: information from the withdrawn or cancelled call is authorised to the
    non-offending side and unauthorised to the offenders."""
    edition = irregularity.edition
    return (InformationTag(withdrawn_information(edition), record, irregularity.offender.lho.side),
            Cite(ref(edition, "25B3")))


@law("25B", title="Intended change of call")
@law("25B1", title="Left-hand opponent may accept the substitute")
def accept_substitute(irregularity: ChangeOfCall) -> tuple[Effect, ...]:
    """25B1: the left-hand opponent accepts the new call (calling over it intentionally
    accepts it): the first call is withdrawn, the new one stands and the auction goes on
    (any call he made over it follows). Law 26 may apply to the withdrawn call (2007 by its
    preamble, a different final call at that turn; 2017 "Law 26 may apply")."""
    assert irregularity.own_last_call is not None and irregularity.original is not None
    call = irregularity.action
    assert isinstance(call, Call)
    edition = irregularity.edition
    clause = ref(edition, "25B1")
    calls = irregularity.lho_calls
    return (
        CancelCalls(clause, (irregularity.own_last_call, *(record for _, _, record in calls))),
        *withdrawn_tag(irregularity, irregularity.own_last_call),
        CallAgain(clause, irregularity.offender, call, irregularity.record),
        *(CallAgain(clause, seat, made, record) for seat, made, record in calls),
        ReplacedCallRestriction(lead_restrictions(edition), irregularity.offender,
                                irregularity.original, call),
    )


@law("25B2", title="Otherwise the substitute is cancelled and the first call stands")
def cancel_substitute(irregularity: ChangeOfCall) -> tuple[Effect, ...]:
    """25B2: not accepted, the new call is cancelled; the first call stands and the auction
    goes on (a call the left-hand opponent made meanwhile is taken again after it). Law 26
    may apply to the cancelled call (2017 "Law 26 may apply"; 2007 by its preamble,
    catalogue §19 Q7)."""
    assert irregularity.original is not None
    call = irregularity.action
    assert isinstance(call, Call)
    edition = irregularity.edition
    clause = ref(edition, "25B2")
    calls = irregularity.lho_calls
    return (
        CancelCalls(clause, (irregularity.record, *(record for _, _, record in calls))),
        *withdrawn_tag(irregularity, irregularity.record),
        *(CallAgain(clause, seat, made, record) for seat, made, record in calls),
        ReplacedCallRestriction(lead_restrictions(edition), irregularity.offender, call,
                                irregularity.original),
    )


def called_intentionally_question(edition: Edition, call: Call) -> Question:
    """25B1: the substitute is accepted if the left-hand opponent called over it
    intentionally."""
    return Question(
        CALLED_INTENTIONALLY,
        msg("Did the left-hand opponent call intentionally over {call}, so accepting it?",
            call=call),
        ref(edition, "25B1"),
        default=True,
    )


def _intended_options(
    irregularity: ChangeOfCall, answers: Mapping[str, Answer]
) -> tuple[Option, ...]:
    call = irregularity.action
    assert isinstance(call, Call)
    cancel = ("cancel", msg("Law 25B2: the new call is cancelled; the first call stands"))
    accept = ("accept", msg("Law 25B1: the new call is accepted; the first call is withdrawn"))
    if irregularity.calls_before_ruling:
        # The left-hand opponent has called: the law itself decides, on the Director's
        # answer (was it an intentional call over the new call?).
        if _acceptable(call) and answers.get(CALLED_INTENTIONALLY, True) is True:
            return (Option(*accept, DIRECTOR, accept_substitute(irregularity)),)
        return (Option(*cancel, DIRECTOR, cancel_substitute(irregularity)),)
    lho = irregularity.offender.lho
    options = [Option(*cancel, lho, cancel_substitute(irregularity))]
    if _acceptable(call):
        options.insert(0, Option(*accept, lho, accept_substitute(irregularity)))
    return tuple(options)


# The decision


def questions(irregularity: ChangeOfCall) -> tuple[Question, ...]:
    asked = unintended_questions(irregularity.edition, msg("{original}",
                                                           original=irregularity.original))
    call = irregularity.action
    assert isinstance(call, Call)
    if irregularity.calls_before_ruling and not irregularity.late and _acceptable(call):
        asked = (*asked, called_intentionally_question(irregularity.edition, call))
    return asked


def rectification(otherwise: RectificationOf) -> Rectification:
    """Law 25, with ``otherwise`` giving the rectification of the irregularity a late
    correction is when Law 25A does not apply (erratum A-1)."""

    def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
               decision_id: str) -> Decision:
        assert isinstance(irregularity, ChangeOfCall)
        edition = irregularity.edition
        asked = questions(irregularity)
        unintended = is_unintended(edition, answers)
        if irregularity.late and not unintended:
            return _out_of_rotation(irregularity, asked, answers, decision_id, otherwise)
        clauses = [ref(edition, "25"), ref(edition, "25A" if unintended else "25B")]
        return Decision(
            id=decision_id,
            irregularity=irregularity,
            clauses=tuple(clauses),
            questions=asked,
            answers=answers,
            options=(_unintended_options(irregularity) if unintended
                     else _intended_options(irregularity, answers)),
            waits_for=frozenset() if irregularity.late or irregularity.calls_before_ruling
            else frozenset({irregularity.offender.lho}),
        )

    return Rectification(decide, lho_called)


def _out_of_rotation(
    irregularity: ChangeOfCall,
    asked: tuple[Question, ...],
    answers: Mapping[str, Answer],
    decision_id: str,
    otherwise: RectificationOf,
) -> Decision:
    """Erratum A-1: a late correction that is not a 25A substitution is the call out of
    rotation it would otherwise be. Until the Director has answered the 25A questions the
    decision stays this law's (with the other law's questions and options shown too);
    then the other law's decision takes over."""
    other = irregularity.otherwise
    assert other is not None
    decision = otherwise(other.kind).decide(other, answers, decision_id)
    mine = {q.id for q in asked}
    if all(q.id in answers or q.moot(answers) for q in asked):
        # The other law rules, the 25A answers kept with it: the finding that the correction
        # was intended is what makes it a call out of rotation (erratum A-1), so the ruling
        # cites 25A1 for it.
        finding = ((False, ref(irregularity.edition, "25A1")),)
        kept = tuple(replace(q, cites=(*q.cites, *finding)) for q in asked)
        return replace(decision, questions=(
            *kept, *(q for q in decision.questions if q.id not in mine)))
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=(ref(irregularity.edition, "25A"), *decision.clauses),
        questions=(*asked, *(q for q in decision.questions if q.id not in mine)),
        answers=answers,
        options=decision.options,
        automated=decision.automated,
        note=decision.note,
    )


def lho_called(irregularity: Irregularity, seat: Seat, call: Call, record: int) -> Irregularity:
    """The left-hand opponent calls before the ruling: over the new call, which accepts it
    if intentional (25B1); under 25A he may still withdraw it (25A4/25A6)."""
    return irregularity.with_call_before_ruling(seat, call, record)
