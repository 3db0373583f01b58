"""Law 16: authorised and unauthorised information, as far as software can carry it.

What the engine can say mechanically (16A1, 2007 16D / 2017 16C): which of the things that
happened at the table a player may base a call or play on. The legal calls of the board
(accepted irregular calls included) are authorised to everyone (16A1(a)); information from a
withdrawn or cancelled call is authorised to the non-offending side and unauthorised to the
offending side, whichever side made it (16A1(b), 2007 16D1-D2, 2017 16C1-C2); what the
opponents disclose through the procedures of Law 20 is authorised (16A1(c)); the board's
markings were known before the hands were taken out (16A1(d)). What partner says or does
besides his calls (alerts, explanations, questions) is extraneous: unauthorised when it
could suggest a call or play (16B1), which only the Director can judge.

Whether a player then chose, from logical alternatives, one demonstrably suggested by
unauthorised information is judgement (16B1, 2007 16D2, 2017 16C2): a question for the
Director at the end of play, with "no" as its default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import N_, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.irregularities.table_talk import (
    Alert,
    Enquiry,
    EnquiryKind,
    Explanation,
    TalkRecord,
)
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref, withdrawn_information
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.ruling import AdjustedScore, InformationTag, Question

UI_LOGICAL_ALTERNATIVE = "ui-logical-alternative"
"""Question id: J-UI-LA of the catalogue."""


class Use(Enum):
    AUTHORISED = N_("authorised")
    UNAUTHORISED = N_("unauthorised")
    EXTRANEOUS = N_("extraneous")  # from partner: unauthorised if it could suggest a call (16B1)


@dataclass(frozen=True, slots=True)
class Information:
    """One thing a player knows from the table, and whether he may use it: ``record`` is the
    call's index in the table's record, ``talk`` the index of an alert, explanation or
    question in the table talk (one of them, or neither for the board's markings)."""

    use: Use
    law: LawRef
    what: str
    record: int | None = None
    talk: int | None = None


@law("16D", editions=LAWS_2007, title="Information from withdrawn calls and plays")
@law("16D1", editions=LAWS_2007, title="Authorised to the non-offending side")
@law("16C", editions=LAWS_2017, title="Information from withdrawn calls and plays")
@law("16C1", editions=LAWS_2017, title="Authorised to the non-offending side")
def withdrawn_call_information(edition: Edition, record: int, offenders: Side) -> InformationTag:
    """2007 16D1 / 2017 16C1: all information from a withdrawn action is authorised to the
    non-offending side, its own action or the opponents'; to the offending side it is
    unauthorised (16D2 / 16C2)."""
    return InformationTag(withdrawn_information(edition), record, offenders.other)


def is_authorised(tag: InformationTag, seat: Seat) -> bool:
    """Whether the information of a withdrawn call (its tag) is authorised to ``seat``."""
    return tag.authorised is None or tag.authorised is seat.side


@law("16", title="Authorised and unauthorised information")
@law("16A", title="What a player may use")
@law("16A1", title="Information a player may use")
@law("16A1(a)", title="Legal calls and plays of this board")
@law("16A1(b)", title="Authorised information from withdrawn actions")
@law("16A1(c)", title="Information from legal procedures")
@law("16A1(d)", title="Information held before taking the hand")
def information_for(
    edition: Edition,
    seat: Seat,
    standing: Iterable[int],
    withdrawn: Iterable[InformationTag],
    talk: Iterable[TalkRecord] = (),
) -> tuple[Information, ...]:
    """What ``seat`` knows from the table and whether he may base a call or play on it."""
    found = [Information(Use.AUTHORISED, ref(edition, "16A1(d)"),
                         msg("the board's markings: dealer and vulnerability"))]
    found.extend(Information(Use.AUTHORISED, ref(edition, "16A1(a)"), msg("a call of the auction"),
                             record=index) for index in standing)
    for tag in withdrawn:
        clause = "16A1(b)" if is_authorised(tag, seat) else _withdrawn_unauthorised(edition)
        use = Use.AUTHORISED if is_authorised(tag, seat) else Use.UNAUTHORISED
        found.append(Information(use, ref(edition, clause), msg("a withdrawn call"),
                                 record=tag.record))
    for index, item in enumerate(talk):
        heard = _heard(edition, seat, item, index)
        if heard is not None:
            found.append(heard)
    return tuple(found)


def _withdrawn_unauthorised(edition: Edition) -> str:
    return "16D2" if edition is Edition.LAWS_2007 else "16C2"


def _heard(edition: Edition, seat: Seat, item: TalkRecord, index: int) -> Information | None:
    """An alert, explanation or question: the opponents' disclosure is authorised (16A1(c));
    partner's is extraneous (16B1); one's own is no information."""
    if not isinstance(item, Alert | Explanation | Enquiry) or item.seat is seat:
        return None
    if isinstance(item, Enquiry) and item.kind is EnquiryKind.OPENING_LEAD:
        return None
    what = _talk_words(item)
    if item.seat is seat.partner:
        return Information(Use.EXTRANEOUS, ref(edition, "16B1"), msg("partner's {what}",
                                                                     what=what), talk=index)
    return Information(Use.AUTHORISED, ref(edition, "16A1(c)"), msg("an opponent's {what}",
                                                                    what=what),
                       talk=index)


def _talk_words(item: Alert | Explanation | Enquiry) -> str:
    if isinstance(item, Alert):
        return "alert"
    if isinstance(item, Explanation):
        return msg("correction of an explanation") if item.corrects else "explanation"
    return "question"


@law("16D2", editions=LAWS_2007, title="Unauthorised to the offending side")
@law("16C2", editions=LAWS_2017, title="Unauthorised to the offending side")
def logical_alternative_question(tag: InformationTag, edition: Edition) -> Question:
    """J-UI-LA, at the end of play: did a player of the offending side choose, from logical
    alternatives, one demonstrably suggested by the withdrawn call's information? Only the
    Director can say (a poll of peers, 16B1(b)); the catalogue's default is no."""
    offenders = msg("both sides") if tag.authorised is None else str(tag.authorised.other)
    return Question(
        UI_LOGICAL_ALTERNATIVE,
        msg("Did a player of {offenders} choose, from among logical alternatives, a call or "
            "play demonstrably suggested by the withdrawn call (record {record})?",
            offenders=offenders, record=tag.record),
        ref(edition, _withdrawn_unauthorised(edition)),
        default=False,
    )


def end_of_play_questions(
    edition: Edition, withdrawn: Iterable[InformationTag]
) -> tuple[Question, ...]:
    """The UI questions the Director reviews when play ends: one per withdrawn call whose
    information is unauthorised to a side."""
    return tuple(logical_alternative_question(tag, edition)
                 for tag in withdrawn if tag.authorised is not None)


@law("16C3", editions=LAWS_2017, title="Damage from a breach: adjusted score")
@law("16A4", editions=LAWS_2007, title="Damage from a breach: adjusted score")
def adjustment_for_unauthorised_use(edition: Edition, suggested_action_chosen: bool,
                                    damaged: bool) -> AdjustedScore | None:
    """2007 16A4 / 2017 16C3: when the Director finds that unauthorised information was used
    (the answer to J-UI-LA) and the non-offending side was damaged, he adjusts (12C1)."""
    if not (suggested_action_chosen and damaged):
        return None
    clause = "16A4" if edition is Edition.LAWS_2007 else "16C3"
    return AdjustedScore(ref(edition, clause), msg("assigned adjusted score (Law 12C1): "
                                                   "unauthorised information was used and the "
                                                   "non-offending side damaged"),
                         artificial=False, played=True)


@law("16B2", title="Reserving the right to call the Director")
def may_reserve_rights(edition: Edition, allowed_by_regulations: bool) -> LawRef | None:
    """16B2: a player who thinks an opponent conveyed unauthorised information may announce
    that he reserves the right to call the Director later, unless the Regulating Authority
    forbids it (it may require the Director to be called instead). None when he may; else
    the clause that stops him."""
    return None if allowed_by_regulations else ref(edition, "16B2")


def reserving_rights_allowed(regulations: Regulations) -> bool:
    """16B2: whether the Regulating Authority lets a player reserve his rights rather than
    call the Director at once (profile key ``reserve_rights_allowed``)."""
    return regulations.option("reserve_rights_allowed") is True
