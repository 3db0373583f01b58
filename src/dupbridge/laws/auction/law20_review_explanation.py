"""Law 20: review and explanation of calls (both editions).

Who may ask what, and when, is mechanical; the engine enforces it. A request the Laws do
not entitle the player to make is refused (``ActionRejected``, naming the clause) and
nothing is recorded; what a player was entitled to ask is recorded with the answer the
table's record gives (``table_talk``).

- 20A: any player may at once ask which call was made (before the next call).
- 20B: during the auction, a full review at his own turn, unless he is required to pass.
- 20C1: after the final pass, a defender may ask whether the opening lead is his.
- 20C2: declarer or a defender, at his first turn to play (declarer's is dummy's card to
  trick 1, unless he accepted an opening lead out of turn), a full review.
- 20D: only an opponent restates the auction; 20E: any error in it is corrected at once.
- 20F1: during the auction, an explanation of the opponents' calls, at his own turn (2017
  footnote 7: not when he is required to pass); 20F2: after the final pass, a defender at
  his turn to play, declarer at his turn to play from either hand; dummy may not ask;
  20F3: a single call may be asked about (16B1 may apply / applies).
- Explanations are given by the side that made the call (20F1: its partner, unless the
  Director says otherwise). A later explanation of the same call by that side corrects the
  first: the explainer himself must call the Director (2007 20F4: at once; 2017 20F4(a): by
  the end of the Clarification Period, 75B2 in the play); his partner may not correct it
  during the auction (20F5(a)) and does so after the final pass as declarer or dummy, at
  the end of play as a defender (20F5(b)). A late alert is such a correction (20F5(a): a
  failure to alert is a mistaken explanation). The Director then applies Law 21B.
- 2007 20G2 / 2017 20G3: a player consults his own system card only if the Regulating
  Authority allows it, or in the Clarification Period for the declaring side (40B2(b)).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities.table_talk import (
    Alert,
    CardConsulted,
    Enquiry,
    EnquiryKind,
    Explanation,
    Period,
    RestatedCall,
    Restatement,
    TalkRecord,
)
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.ruling import Question
from dupbridge.laws.play import law41_commencement

Placed = tuple[Seat, Call, int]


@dataclass(frozen=True, slots=True)
class Moment:
    """Where the board stands, as Law 20 needs to know it."""

    edition: Edition
    period: Period
    turn: Seat | None  # to call (auction) or to play (after the final pass)
    required_to_pass: frozenset[Seat]
    calls: tuple[Placed, ...]  # the standing calls of the auction
    callers: Mapping[int, Seat]  # the seat of every call made at the table, by record
    last_call: int | None  # record of the last call made at the table, whatever its fate
    talk: tuple[TalkRecord, ...] = ()
    declarer: Seat | None = None
    played: frozenset[Seat] = frozenset()  # seats that have played a card to a trick
    lead_accepted_out_of_turn: bool = False

    @property
    def dummy(self) -> Seat | None:
        return None if self.declarer is None else self.declarer.partner

    def is_defender(self, seat: Seat) -> bool:
        return self.declarer is not None and seat.is_opponent_of(self.declarer)

    def alerted(self) -> frozenset[int]:
        return frozenset(item.record for item in self.talk if isinstance(item, Alert))


def refusal(law: LawRef, why: str) -> ActionRejected:
    """A request the Laws do not entitle the player to make: refused, naming the clause."""
    return ActionRejected(f"{why} ({law})")


def _refuse(edition: Edition, clause: str, why: str) -> ActionRejected:
    return refusal(ref(edition, clause), why)


def _name(seat: Seat) -> str:
    return seat.name.title()


# 20A: which call was made


@law("20A", title="A call not clearly heard")
def clarify(moment: Moment, seat: Seat, record: int) -> Enquiry:
    """20A: a player unsure which call was made may ask at once: before the next call."""
    if record not in moment.callers:
        raise _refuse(moment.edition, "20A", f"there is no call at record {record}")
    if record != moment.last_call:
        raise _refuse(moment.edition, "20A", "only the last call may be clarified at once; a "
                      "review of the auction comes at the player's turn")
    return Enquiry(seat, EnquiryKind.CLARIFICATION, ref(moment.edition, "20A"), about=(record,))


# 20B-20E: reviews


@law("20D", title="Only an opponent restates the auction")
def restater(seat: Seat) -> Seat:
    """20D: a review is given by an opponent only (here the asker's left-hand opponent)."""
    return seat.lho


def restatement(moment: Moment) -> tuple[RestatedCall, ...]:
    """The whole auction as it stands, with the alerts (20B: alerts should be included; a
    partial review is not given)."""
    alerted = moment.alerted()
    return tuple(RestatedCall(seat, call, record in alerted) for seat, call, record in moment.calls)


@law("20", title="Review and explanation of calls")
@law("20B", title="Review during the auction period")
@law("20C", title="Review after the final pass")
@law("20C2", title="Full review at the first turn to play")
def review(moment: Moment, seat: Seat) -> Enquiry:
    """A full review of the auction: during the auction at his own turn unless required to
    pass (20B); after the final pass by declarer or a defender at his first turn to play
    (20C2). Restated by an opponent (20D), with the alerts."""
    edition = moment.edition
    if moment.period is Period.AUCTION:
        if seat is not moment.turn:
            raise _refuse(edition, "20B", f"{_name(seat)} may ask for a review only at his own "
                          "turn to call")
        if seat in moment.required_to_pass:
            raise _refuse(edition, "20B", f"{_name(seat)} is required to pass and may not ask "
                          "for a review")
        clause = "20B"
    elif (moment.period is Period.CLARIFICATION
          and law41_commencement.may_review_before_lead_faced(moment.declarer, seat)):
        clause = "41B"
    elif moment.period in (Period.CLARIFICATION, Period.PLAY):
        if not _first_turn_to_play(moment, seat):
            raise _refuse(edition, "20C2", f"{_name(seat)} may ask for a review only at his "
                          "first turn to play (declarer: dummy's card to trick 1, unless he "
                          "accepted an opening lead out of turn)")
        clause = "20C2"
    else:
        raise _refuse(edition, "20C2", "the auction and play periods are over")
    return Enquiry(seat, EnquiryKind.REVIEW, ref(edition, clause),
                   answered_by=restater(seat), restatement=restatement(moment))


def _first_turn_to_play(moment: Moment, seat: Seat) -> bool:
    """20C2 and its footnote: a defender's first turn is his first card; declarer's is
    dummy's card to trick 1 (his own card when he accepted an opening lead out of turn)."""
    if moment.declarer is None or moment.turn is None:
        return False
    if seat is moment.dummy:
        return False
    if seat is moment.declarer:
        hand = moment.declarer if moment.lead_accepted_out_of_turn else moment.dummy
        return moment.turn is hand and not ({moment.declarer, hand} & moment.played)
    return moment.turn is seat and seat not in moment.played


@law("20C1", title="A defender asks whose opening lead it is")
def whose_lead(moment: Moment, seat: Seat) -> Enquiry:
    """20C1: after the final pass, either defender may ask whether the opening lead is his."""
    edition = moment.edition
    if moment.period is not Period.CLARIFICATION or moment.declarer is None:
        raise _refuse(edition, "20C1", "the opening lead is asked about after the final pass, "
                      "before it is faced")
    if not moment.is_defender(seat):
        raise _refuse(edition, "20C1", "only a defender asks whether the opening lead is his")
    return Enquiry(seat, EnquiryKind.OPENING_LEAD, ref(edition, "20C1"),
                   answer=seat is moment.declarer.lho)


@law("20E", title="Errors in a review are corrected at once")
def restated(moment: Moment, seat: Seat, calls: Iterable[Call]) -> Restatement:
    """20D-E: an opponent of the player who asked restates the auction; every error in it
    is corrected at once (here by the record: the positions that differ are noted, and the
    record's auction is what the asker is given)."""
    edition = moment.edition
    asked = next((item for item in reversed(moment.talk) if isinstance(item, Enquiry)
                  and item.kind is EnquiryKind.REVIEW), None)
    if asked is None or not seat.is_opponent_of(asked.seat):
        raise _refuse(edition, "20D", "a review is restated by an opponent of the player who "
                      "asked for it")
    given = tuple(calls)
    actual = tuple(call for _, call, _ in moment.calls)
    errors = tuple(i for i in range(max(len(given), len(actual)))
                   if i >= len(given) or i >= len(actual) or given[i] != actual[i])
    return Restatement(seat, given, ref(edition, "20E"), errors)


# 20F: explanations


@law("20F", title="Explanation of calls")
@law("20F1", title="Asking during the auction, at one's own turn")
@law("20F2", title="Asking after the final pass, at one's turn to play")
@law("20F3", title="Asking about a single call")
def ask_for_explanation(moment: Moment, seat: Seat, about: tuple[int, ...] = ()) -> Enquiry:
    """20F1-F3: a request for an explanation of the opponents' calls (``about``: records of
    single calls; none for their whole auction)."""
    edition = moment.edition
    clause = _explanation_turn(moment, seat)
    for record in about:
        caller = moment.callers.get(record)
        if caller is None or not caller.is_opponent_of(seat):
            raise _refuse(edition, clause, "a player asks about the opponents' calls only")
    note = ""
    if len(about) == 1:
        note = (msg("20F3: a question about a single call; Law 16B1 may apply")
                if edition is Edition.LAWS_2007
                else msg("20F3: a question about a single call; Law 16B1 applies"))
        clause = "20F3"
    return Enquiry(seat, EnquiryKind.EXPLANATION, ref(edition, clause), about=about, note=note)


def _explanation_turn(moment: Moment, seat: Seat) -> str:
    edition = moment.edition
    if moment.period is Period.AUCTION:
        if seat is not moment.turn:
            raise _refuse(edition, "20F1", f"{_name(seat)} may ask for explanations only at "
                          "his own turn to call")
        if seat in moment.required_to_pass and edition is Edition.LAWS_2017:
            raise _refuse(edition, "20F1", f"{_name(seat)} is required to pass and may not ask "
                          "for an explanation (footnote 7)")
        return "20F1"
    if moment.period in (Period.CLARIFICATION, Period.PLAY):
        if seat is moment.dummy:
            raise _refuse(edition, "20F2", "dummy does not ask for explanations")
        if (moment.period is Period.CLARIFICATION
                and law41_commencement.may_review_before_lead_faced(moment.declarer, seat)):
            return "41B"  # the leader's partner and presumed declarer, before the lead is faced
        hands = {seat} if seat is not moment.declarer else {seat, seat.partner}
        if moment.turn not in hands:
            raise _refuse(edition, "20F2", f"{_name(seat)} may ask only at his own turn to play")
        return "20F2"
    return "20F2"  # after play: the Laws no longer restrict questions


@law("20F4", title="Own explanation found wrong: call the Director")
@law("20F4(a)", editions=LAWS_2017, title="Correct it before the Clarification Period ends")
@law("20F5", title="Partner's mistaken explanation")
@law("20F5(a)", title="No correction or hint during the auction")
@law("20F5(b)", title="Call the Director at the first legal moment")
@law("20F5(b)(i)", title="A defender: at the end of play")
@law("20F5(b)(ii)", title="Declarer or dummy: after the final pass")
def correction_timing(moment: Moment, seat: Seat, explainer: Seat) -> tuple[LawRef, bool]:
    """The clause a correction of ``explainer``'s explanation by ``seat`` rests on, and
    whether it came when the Laws require. His own: 2007 20F4 (at once), 2017 20F4(a) (by
    the end of the Clarification Period; 75B2 during the play). His partner's: never during
    the auction (20F5(a)); declarer and dummy after the final pass (20F5(b)(ii)); a defender
    at the end of play (20F5(b)(i))."""
    edition = moment.edition
    if seat is explainer:
        if edition is Edition.LAWS_2007:
            return ref(edition, "20F4"), True
        return ref(edition, "75B2" if moment.period is Period.PLAY else "20F4(a)"), True
    if moment.period is Period.AUCTION:
        return ref(edition, "20F5(a)"), False
    defender = moment.is_defender(seat)
    if defender:
        return ref(edition, "20F5(b)(i)"), moment.period is Period.OVER
    return ref(edition, "20F5(b)(ii)"), moment.period is Period.CLARIFICATION


def _explanations_of(moment: Moment, record: int) -> list[Explanation]:
    return [item for item in moment.talk if isinstance(item, Explanation) and item.record == record]


def explain(moment: Moment, seat: Seat, record: int, text: str) -> Explanation:
    """An explanation of the call at ``record`` by the side that made it (20F1/20F2: its
    caller's partner, unless the Director says otherwise). A second explanation by that side
    corrects the first (20F4 / 20F5)."""
    edition = moment.edition
    caller = moment.callers.get(record)
    if caller is None:
        raise _refuse(edition, "20F1", f"there is no call at record {record}")
    if caller.is_opponent_of(seat):
        raise _refuse(edition, "20F1", "a call is explained by the side that made it")
    earlier = _explanations_of(moment, record)
    if not earlier:
        clause = "20F1" if moment.period is Period.AUCTION else "20F2"
        return Explanation(seat, record, text, ref(edition, clause))
    law, proper = correction_timing(moment, seat, earlier[0].seat)
    return Explanation(seat, record, text, law, corrects=True, proper=proper)


def alert(moment: Moment, seat: Seat, record: int) -> Alert:
    """An alert of the call at ``record`` by the side that made it (the Regulating
    Authority's alert procedure, 40B2(a)). Made after another call, it is late: a failure to
    alert is a mistaken explanation (20F5(a)), to be dealt with as its correction."""
    edition = moment.edition
    caller = moment.callers.get(record)
    if caller is None:
        raise _refuse(edition, "20F5(a)", f"there is no call at record {record}")
    if caller.is_opponent_of(seat):
        raise _refuse(edition, "20F5(a)", "a call is alerted by the side that made it")
    late = moment.last_call != record
    if not late:
        return Alert(seat, record, ref(edition, "20F1"))
    law, _ = correction_timing(moment, seat, caller.partner)
    return Alert(seat, record, law, late=True)


# 20G: incorrect procedure

IMPROPER_QUESTION = "improper-question"
"""Question id: J-20G, was a question asked solely for partner's benefit (20G1) or, 2017
20G2, solely to elicit a wrong answer from an opponent?"""


@law("20G1", title="A question asked for partner's benefit")
@law("20G2", editions=LAWS_2017, title="A question asked to elicit a wrong answer")
def improper_question(edition: Edition, enquiry: Enquiry) -> Question:
    """J-20G: only the Director can judge why a question was asked; the catalogue's default
    is that it was proper."""
    purpose = msg("solely for his partner's benefit")
    if edition is Edition.LAWS_2017:
        purpose = msg("solely for his partner's benefit or solely to elicit an incorrect "
                      "answer from an opponent")
    return Question(
        IMPROPER_QUESTION,
        msg("Did {seat} ask ({kind}) {purpose}?",
            seat=enquiry.seat, kind=enquiry.kind, purpose=purpose),
        ref(edition, "20G1"),
        default=False,
    )



@law("20G", title="Incorrect procedure")
@law("40B2(b)", title="Consulting own system card")
@law("20G2", editions=LAWS_2007, title="Consulting one's own system card or notes")
@law("20G3", editions=LAWS_2017, title="Consulting one's own system card or notes")
def consult_own_card(moment: Moment, seat: Seat, allowed_by_regulations: bool) -> CardConsulted:
    """2007 20G2 / 2017 20G3: not during the auction and play periods unless the Regulating
    Authority allows it; the declaring side may in the Clarification Period (40B2(b))."""
    edition = moment.edition
    clause = "20G2" if edition is Edition.LAWS_2007 else "20G3"
    during = moment.period in (Period.AUCTION, Period.CLARIFICATION, Period.PLAY)
    declaring = moment.declarer is not None and not moment.is_defender(seat)
    clarifying = moment.period is Period.CLARIFICATION and declaring
    proper = allowed_by_regulations or not during or clarifying
    return CardConsulted(seat, ref(edition, "40B2(b)" if clarifying else clause), proper)


def own_card_consultation_allowed(regulations: Regulations) -> bool:
    """2007 20G2 / 2017 20G3: whether the Regulating Authority lets a player consult his own
    system card during the auction and play (profile key ``own_card_consultation``)."""
    return regulations.option("own_card_consultation") is True
