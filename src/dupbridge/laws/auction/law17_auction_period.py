"""Law 17: the auction period (with 2007 Law 22B, which 2017 moved into 17D), and cards from a
wrong board (2007 17D, which 2017 moved to Law 15A).

Periods: the auction period begins for a side when either partner takes his cards out of
the board (17A). The auction ends as Law 22 says; the Clarification Period runs from the end
of the auction until a defender faces the opening lead, which ends the auction period (2007
22B1 / 2017 17D1); a passed-out board's auction period ends when the hands are back in the
board (2007 22B2 / 2017 17D2), which the engine takes to be at once.

Cards from a wrong board are reported to the Director (``WrongBoardReport``): the call made
with them is cancelled.
- 2007 17D: the offender looks at his right cards and calls again; if his LHO had called
  over the cancelled call, LHO must repeat that call, and the Director awards an artificial
  adjusted score if the offender's two calls differ (17D2(a), a question) or if the
  offender's partner had called over it (17D2(b)).
- 2017 15A: the call is cancelled with every call after it (16C applies to all of them); an
  adjusted score only if the offender's partner had called since (15A2(a)); otherwise the
  offender calls again and the auction goes on normally.
Either way, when the offender later plays the board his cards came from, a different call
there earns an artificial adjusted score (2007 17D3 / 2017 15A3): a review item here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.irregularities.law16_information import withdrawn_call_information
from dupbridge.laws.irregularities.table_talk import HandTaken, Period, TalkRecord
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.rectification import (
    LaterCallContext,
    Rectification,
    no_call_before_ruling,
)
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    AdjustedScore,
    Answer,
    BarKind,
    BarScope,
    CancelCalls,
    CancelFrom,
    Cite,
    Decision,
    Effect,
    ImposeBar,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    Question,
    Review,
    StandCall,
    Watch,
    Watched,
)
from dupbridge.rules.auction import AuctionStatus

DIFFERS = "differs"
"""Question id: J-DIFFERS, does the offender's new call differ from the cancelled one?"""
DIFFERS_STAGE = "differs"

Placed = tuple[Seat, Call, int]  # a call with its seat and its index in the table's record


# The auction period


@law("17A", title="The auction period begins when a side takes its cards out")
def auction_period_begun(side: Side, talk: Iterable[TalkRecord], acted: Iterable[Seat]) -> bool:
    """17A: for a side, the auction period begins when either partner takes his cards out of
    the board: recorded as such (``HandTaken``), or shown by a call or card of his."""
    members = set(side.seats)
    taken = any(isinstance(item, HandTaken) and item.seat in members for item in talk)
    return taken or any(seat in members for seat in acted)


@law("17E", editions=LAWS_2007, title="End of the auction period")
@law("17E1", editions=LAWS_2007, title="The auction and its period end as Law 22 says")
@law("22B", editions=LAWS_2007, title="When the auction period ends")
@law("22B1", editions=LAWS_2007, title="Opening lead faced; the Clarification Period")
@law("22B2", editions=LAWS_2007, title="Passed out: when the hands are back in the board")
@law("17D", editions=LAWS_2017, title="End of the auction period")
@law("17D1", editions=LAWS_2017, title="Opening lead faced; the Clarification Period")
@law("17D2", editions=LAWS_2017, title="Passed out: when the hands are back in the board")
def period(status: AuctionStatus, opening_lead_faced: bool, play_complete: bool) -> Period:
    """Which period the board is in. After three passes that end the auction, the
    Clarification Period lasts until a defender faces the opening lead, which ends the
    auction period; four passes end the auction period once the hands are back in the board,
    which here is at once (nothing is played)."""
    if status is AuctionStatus.OPEN:
        return Period.AUCTION
    if status is AuctionStatus.PASSED_OUT or play_complete:
        return Period.OVER
    return Period.PLAY if opening_lead_faced else Period.CLARIFICATION


def clarification_period(edition: Edition) -> LawRef:
    """The clause defining the Clarification Period: 2007 22B1, 2017 17D1."""
    return ref(edition, "22B1" if edition is Edition.LAWS_2007 else "17D1")


@law("17E2", editions=LAWS_2007, title="A deprived player: his passers are offenders")
@law("17D3", editions=LAWS_2017, title="A deprived player: his passers are offenders")
def missed_turn_information(
    edition: Edition, cancelled: Sequence[tuple[Seat, int, bool]]
) -> tuple[InformationTag, ...]:
    """2007 17E2 / 2017 17D3: when the auction reverts to a player who missed his turn, the
    passes from the one out of rotation on are cancelled and Law 16D / 16C applies to them,
    every player who passed out of rotation being an offender. ``cancelled``: (seat, record,
    out of rotation) of each cancelled pass."""
    offenders = {seat.side for seat, _, out_of_rotation in cancelled if out_of_rotation}
    tags = []
    for seat, record, _ in cancelled:
        side = next(iter(offenders)) if len(offenders) == 1 else seat.side
        tags.append(withdrawn_call_information(edition, record, side))
    return tuple(tags)


# Cards from a wrong board


def wrong_board(edition: Edition, offender: Seat, calls: Sequence[Placed],
                declaring_side: Side | None = None) -> Irregularity | None:
    """The irregularity to rule on when attention is drawn to ``offender`` having called with
    cards from a wrong board: his first standing call, with the standing calls made after
    it; None if he has not called (he simply takes his own cards)."""
    first = next((i for i, (seat, _, _) in enumerate(calls) if seat is offender), None)
    if first is None:
        return None
    _, call, record = calls[first]
    return Irregularity(
        IrregularityKind.WRONG_BOARD, edition, offender, call, record, None,
        declaring_side=declaring_side, calls_before_ruling=tuple(calls[first + 1:]),
    )


def _clause(edition: Edition, clause_2007: str, clause_2017: str) -> LawRef:
    return ref(edition, clause_2007 if edition is Edition.LAWS_2007 else clause_2017)


def _partner_called(irregularity: Irregularity) -> bool:
    partner = irregularity.offender.partner
    return any(seat is partner for seat, _, _ in irregularity.calls_before_ruling)


def _lho_call(irregularity: Irregularity) -> Placed | None:
    lho = irregularity.offender.lho
    return next((placed for placed in irregularity.calls_before_ruling if placed[0] is lho), None)


def _cancelled_call(irregularity: Irregularity) -> Call:
    call = irregularity.action
    assert isinstance(call, Call)
    return call


@law("17D", editions=LAWS_2007, title="Cards from a wrong board")
@law("17D1", editions=LAWS_2007, title="The call made with them is cancelled")
@law("17D2(b)", editions=LAWS_2007, title="Partner called over it: artificial adjusted score")
@law("15A", editions=LAWS_2017, title="Cards from a wrong board")
@law("15A1", editions=LAWS_2017, title="The call and every later call cancelled")
@law("15A2(a)", editions=LAWS_2017, title="Partner has called since: adjusted score")
def partner_has_called(irregularity: Irregularity) -> tuple[Effect, ...]:
    """2007 17D1 + 17D2(b) / 2017 15A1 + 15A2(a): the offender's partner had called over the
    cancelled call: no normal play is possible; the Director adjusts the score (2007:
    artificial; 2017: an adjusted score, assigned or artificial by Law 12C)."""
    edition = irregularity.edition
    artificial = edition is Edition.LAWS_2007
    return (
        CancelFrom(_clause(edition, "17D1", "15A1"), irregularity.record),
        *_cancelled_information(irregularity),
        AdjustedScore(_clause(edition, "17D2(b)", "15A2(a)"),
                      msg("the offender's partner had called over the call made with cards "
                          "from a wrong board: no normal play of the board"),
                      artificial=artificial),
    )


@law("17D2", editions=LAWS_2007, title="Offender calls again; LHO repeats his call")
@law("15A2", editions=LAWS_2017, title="Continuing after the cancellation")
@law("15A2(b)", editions=LAWS_2017, title="Otherwise offender calls again, auction continues")
@law("15A2(c)", editions=LAWS_2017, title="Withdrawn calls are unauthorised to offenders")
def call_again(irregularity: Irregularity) -> tuple[Effect, ...]:
    """The offender looks at his right cards and calls again.
    2007 17D2: the auction continues from his new call; an LHO who had called over the
    cancelled call must repeat it, and whether the new call differs is asked once it is made.
    2017 15A2(b)-(c): every call from the cancelled one on is cancelled, 16C applying to each.
    Both: the call on the board the cards came from is compared later (17D3 / 15A3)."""
    edition = irregularity.edition
    offender = irregularity.offender
    effects: list[Effect] = [
        CancelFrom(_clause(edition, "17D1", "15A1"), irregularity.record),
        *_cancelled_information(irregularity),
    ]
    if edition is Edition.LAWS_2007:
        effects.append(Cite(ref(edition, "17D2")))
        lho_call = _lho_call(irregularity)
        if lho_call is not None:
            effects.append(ImposeBar(ref(edition, "17D2"), lho_call[0], BarScope.NEXT,
                                     BarKind.REPEAT, lho_call[1]))
            effects.append(Watch(ref(edition, "17D2(a)"), irregularity))
    else:
        effects.extend((Cite(ref(edition, "15A2(b)")), Cite(ref(edition, "15A2(c)"))))
    effects.append(Review(
        _clause(edition, "17D3", "15A3"),
        msg("when {offender} plays the board his cards came from, a call there that differs "
            "from the cancelled {cancelled_call} earns an artificial adjusted score (the board "
            "may still be played normally)",
            offender=offender, cancelled_call=_cancelled_call(irregularity)),
    ))
    return tuple(effects)


def _cancelled_information(irregularity: Irregularity) -> tuple[InformationTag, ...]:
    """16D / 16C on the cancelled calls: the offender's (both editions); in 2017 every later
    call too (15A2(c)). A 2007 LHO's call is not withdrawn: he must repeat it."""
    edition = irregularity.edition
    offenders = irregularity.offender.side
    tags = [withdrawn_call_information(edition, irregularity.record, offenders)]
    if edition is Edition.LAWS_2017:
        tags.extend(withdrawn_call_information(edition, record, offenders)
                    for _, _, record in irregularity.calls_before_ruling)
    return tuple(tags)


@law("17D2(a)", editions=LAWS_2007, title="Artificial score if the two calls differ")
def differs_question(irregularity: Irregularity, new_call: Call) -> Question:
    """J-DIFFERS: calls differ when their meanings are very different or one of them is a
    psychic (17D footnote). The same call is presumed not to differ, another call to differ;
    the Director says otherwise (a psychic repeat, a call of the same meaning)."""
    cancelled = _cancelled_call(irregularity)
    return Question(
        DIFFERS,
        msg("Does {offender}'s {new_call} differ from the cancelled {cancelled}: a very "
            "different meaning, or either of them a psychic?",
            offender=irregularity.offender, new_call=new_call, cancelled=cancelled),
        ref(irregularity.edition, "17D2(a)"),
        default=new_call != cancelled,
    )


@law("17D3", editions=LAWS_2007, title="Different call later on the other board")
@law("15A3", editions=LAWS_2017, title="Different call later on the other board")
def later_call_on_the_other_board(edition: Edition, cancelled: Call, later: Call,
                                  differs: bool) -> tuple[Effect, ...]:
    """2007 17D3 / 2017 15A3: when the offender plays the board his cards came from, the
    Director may let it be played normally, but awards an artificial adjusted score if his
    call there differs from the cancelled one (``differs``: the Director's answer)."""
    clause = _clause(edition, "17D3", "15A3")
    if not differs:
        return (Cite(clause),)
    return (AdjustedScore(clause, msg("the call {later} differs from the cancelled {cancelled}",
                                      later=later, cancelled=cancelled),
                          artificial=True, played=True),)


def _new_call(irregularity: Irregularity) -> Placed:
    return irregularity.later_calls[-1]


def _decide_differs(
    irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str
) -> Decision:
    edition = irregularity.edition
    _, new_call, new_record = _new_call(irregularity)
    question = differs_question(irregularity, new_call)
    differs = answers.get(DIFFERS, question.default) is True
    if differs:
        option = Option(
            "adjusted-score",
            msg("Law 17D2(a): the new call differs from the cancelled one: artificial adjusted "
                "score, the board is not played"), DIRECTOR,
            (CancelCalls(ref(edition, "17D2(a)"), (new_record,)),
             AdjustedScore(ref(edition, "17D2(a)"), msg("the offender's substituted call "
                                                        "differs from the cancelled one"),
                           artificial=True)),
        )
    else:
        option = Option(
            "continue",
            msg("Law 17D2: the new call stands; the left-hand opponent repeats his call"),
            DIRECTOR, (StandCall(ref(edition, "17D2"), new_record),),
        )
    return Decision(decision_id, irregularity,
                    (ref(edition, "17D"), ref(edition, "17D2"), ref(edition, "17D2(a)")),
                    (question,), answers, (option,))


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    if irregularity.stage == DIFFERS_STAGE:
        return _decide_differs(irregularity, answers, decision_id)
    edition = irregularity.edition
    clauses = (
        (ref(edition, "17D"), ref(edition, "17D1"), ref(edition, "17D2"))
        if edition is Edition.LAWS_2007
        else (ref(edition, "15A"), ref(edition, "15A1"), ref(edition, "15A2"))
    )
    if _partner_called(irregularity):
        option = Option("adjusted-score",
                        msg("The offender's partner had called over the cancelled call: "
                            "adjusted score, the board is not played"), DIRECTOR,
                        partner_has_called(irregularity))
    else:
        option = Option("call-again",
                        msg("The call is cancelled; the offender calls again with his own cards"),
                        DIRECTOR, call_again(irregularity))
    return Decision(decision_id, irregularity, clauses, (), answers, (option,))


def later_call(context: LaterCallContext) -> Watched | None:
    """2007 17D2(a): the offender's new call is held until the Director says whether it
    differs from the cancelled one (his LHO, who had called over it, must repeat his call)."""
    irregularity = context.irregularity
    if context.seat is not irregularity.offender or context.verdict is not None:
        return None
    held = replace(irregularity, stage=DIFFERS_STAGE,
                   later_calls=((context.seat, context.call, context.record),))
    return Watched(rule=held)


RECTIFICATION = Rectification(decide, no_call_before_ruling, later_call)
