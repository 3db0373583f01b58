"""Laws 9-11 as far as the auction goes: drawing attention to an irregularity and summoning
the Director (9), who assesses the rectification and who chooses among its options (10),
and the forfeiture of the right to rectification (11).

How the engine reads them:
- An irregular call or card opens the Director's decision at once (9B1(a)); while it is
  pending no player acts (9B2), except the calls the law itself provides for before the
  ruling (the offender's LHO calling over it: ``Decision.waits_for``).
- 11A: a call by a player of the non-offending side who is not one of those (he acted before
  the Director was summoned) is not refused: it is recorded, and the Director is asked
  whether it forfeits the rectification (question ``forfeited``, default no). Forfeited:
  the irregularity is treated as the law treats a call by the non-offending side over it
  (the rectification's ``before_ruling``), with no further rectification; 2017 adds that a
  side that gained through a later action of an opponent unaware of the law has only its
  own score adjusted. Not forfeited: the premature call is cancelled (its information
  unauthorised to its side, 16D / 16C) and the rectification goes on as the law says.
- Attention to a fact the table cannot see (cards from a wrong board) may be drawn by any
  player during the auction period, by declarer or a defender during the play, never by
  dummy before the end of play (9A); who draws it changes nobody's rights (9B1(b)-(d)).
- The options are the Director's to explain (10C1) and each is chosen by the player the law
  names, without consulting partner, or by the Director (10A, 10C2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities.law16_information import withdrawn_call_information
from dupbridge.laws.irregularities.table_talk import Period
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    CancelCalls,
    Chooser,
    Cite,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    Option,
    Question,
    Resolution,
    Review,
)

FORFEITED = "forfeited"
"""Question id: did the non-offending side's action before the Director was summoned forfeit
the right to rectification (11A)?"""

REPORTED = frozenset({IrregularityKind.MISINFORMATION, IrregularityKind.WRONG_BOARD})
"""Irregularities put to the Director when he is called: nobody can act before he comes."""


# Law 9: drawing attention, summoning the Director


@law("9", title="Procedure after an irregularity")
@law("9A", title="Drawing attention to an irregularity")
@law("9A1", title="Any player during the auction period")
@law("9A2", title="Declarer or a defender during the play")
@law("9A3", editions=LAWS_2007, title="Dummy waits until the end of play")
@law("9A4", editions=LAWS_2017, title="Dummy waits until the end of play")
@law("9B1(b)", title="Any player, dummy included, may call the Director")
@law("9B1(c)", title="Calling the Director keeps all rights")
@law("9B1(d)", title="Own-side report leaves opponents' rights intact")
def may_draw_attention(edition: Edition, seat: Seat, period: Period,
                       dummy: Seat | None) -> LawRef | None:
    """Whether ``seat`` may draw attention to an irregularity now: None if he may, else the
    clause that stops him. During the auction period anyone may, at his turn or not (9A1);
    during the play declarer or a defender (9A2), dummy only once play is over (2007 9A3,
    2017 9A4). Anyone may call the Director (9B1(b)); who drew attention, and whether he
    called the Director, changes no right and not the rectification (9B1(c)-(d))."""
    if period is Period.PLAY and seat is dummy:
        return ref(edition, "9A3" if edition is Edition.LAWS_2007 else "9A4")
    return None


@law("9B", title="After attention is drawn")
@law("9B2", title="No action until the Director has ruled")
def no_action_until_ruling(decision: Decision, seat: Seat) -> ActionRejected:
    """9B2: no player acts until the Director has explained the rectification."""
    return ActionRejected(
        f"the Director is ruling on {decision.irregularity.describe()}; no player acts until "
        f"the ruling (Law 9B2), {seat.name.title()} included"
    )


# Law 10: the options and who chooses


@law("10", title="Assessment of rectification")
@law("10C", title="Options after an irregularity")
@law("10C1", title="The Director explains every option")
def options_explained(decision: Decision) -> tuple[str, ...]:
    """10C1: every option the Laws give, each with who chooses it (10C2)."""
    return tuple(msg("{id}: {description} (chosen by {chooser})",
                     id=option.id, description=option.description,
                     chooser=_chooser(option.chosen_by))
                 for option in decision.options)


def _chooser(chooser: Chooser) -> Seat | Msg:
    return msg("Director") if isinstance(chooser, str) else chooser


@law("10A", title="Only the Director assesses rectification")
@law("10C2", title="The player with the option chooses, without consulting partner")
def check_chooser(option: Option, by: Chooser | None) -> None:
    """10A: a rectification is what the Director rules, never what players impose; 10C2:
    the option is chosen by the player the Law names (not his partner), or by the Director.
    ``by`` None: the Director records the choice of whoever the option names."""
    if by is not None and by != option.chosen_by:
        raise ActionRejected(f"option {option.id!r} is chosen by {option.chosen_by}, not {by} "
                             "(Law 10C)")


# Law 11: forfeiture


def may_act_before_director(rectification: Rectification, decision: Decision,
                            seat: Seat) -> bool:
    """11A: a non-offending player not named by the law calls while the decision is pending,
    before the Director has done anything: an action before the Director was summoned. Only
    for irregularities whose law provides for calls before the ruling (a call over them by
    the non-offending side means something), and not for facts reported to the Director."""
    irregularity = decision.irregularity
    return (
        seat not in decision.waits_for
        and bool(decision.waits_for)
        and seat.is_opponent_of(irregularity.offender)
        and irregularity.kind not in REPORTED
        and rectification.before_ruling is not no_call_before_ruling
        and not decision.answers
    )


@law("11", title="Forfeiture of the right to rectification")
@law("11A", title="The non-offending side acts before the Director is summoned")
def forfeiture_question(irregularity: Irregularity) -> Question:
    """11A: the right to rectification may be lost when the non-offending side acts before
    summoning the Director, e.g. when it could gain through a later action of an opponent
    unaware of the law. Only the Director can say; default: not forfeited."""
    who = tuple(msg("{seat} {call}", seat=seat, call=call)
                for seat, call, _ in irregularity.before_director)
    return Question(
        FORFEITED,
        msg("Did the non-offending side forfeit the rectification of {describe} by acting "
            "({who}) before the Director was summoned?",
            describe=irregularity.describe(), who=who),
        ref(irregularity.edition, "11A"),
        default=False,
    )


@law("9B1", title="Summoning the Director")
@law("9B1(a)", title="The Director is called at once")
def decide(rectification: Rectification, irregularity: Irregularity,
           answers: Mapping[str, Answer], decision_id: str) -> Decision:
    """The pending decision on ``irregularity`` (9B1(a): the Director, summoned at once),
    with the 11A question when the non-offending side acted before he came."""
    if not irregularity.before_director:
        return rectification.decide(irregularity, answers, decision_id)
    plain = replace(irregularity, before_director=())
    base = rectification.decide(plain, answers, decision_id)
    question = forfeiture_question(irregularity)
    if FORFEITED not in answers:
        options = base.options
    elif answers[FORFEITED] is True:
        forfeited = forfeit(rectification, irregularity, answers, decision_id)
        if isinstance(forfeited, Decision):
            return forfeited
        options = (forfeited,)
    else:
        options = tuple(replace(option, effects=(*premature(irregularity), *option.effects))
                        for option in base.options)
    return replace(base, irregularity=irregularity, questions=(question, *base.questions),
                   clauses=(*base.clauses, ref(irregularity.edition, "11A")),
                   options=options, waits_for=frozenset())


def premature(irregularity: Irregularity) -> tuple[Effect, ...]:
    """Not forfeited: the calls made before the ruling are cancelled (9B2); their
    information is unauthorised to the side that made them (16D / 16C)."""
    edition = irregularity.edition
    records = tuple(record for _, _, record in irregularity.before_director)
    side = irregularity.offender.lho.side
    return (
        Cite(ref(edition, "11A")),
        CancelCalls(ref(edition, "9B2"), records),
        *(withdrawn_call_information(edition, record, side) for record in records),
    )


def forfeit(rectification: Rectification, irregularity: Irregularity,
            answers: Mapping[str, Answer], decision_id: str) -> Option | Decision:
    """Forfeited: the law's treatment of a call by the non-offending side over the
    irregularity, with no further rectification; 2017 11A: only the score of a side that
    gained through a later action of an opponent unaware of the law is adjusted."""
    edition = irregularity.edition
    seat, call, record = irregularity.before_director[0]
    plain = replace(irregularity, before_director=())
    outcome = rectification.before_ruling(plain, seat, call, record)
    forfeiture: list[Effect] = [Cite(ref(edition, "11A"))]
    if edition is Edition.LAWS_2017:
        forfeiture.append(Review(ref(edition, "11A"), msg("11A: if a side gained through a "
                                                          "later action of an opponent unaware "
                                                          "of the law, the Director adjusts "
                                                          "only that side's score; the other "
                                                          "keeps its table score")))
    if isinstance(outcome, Resolution):
        return Option("forfeit", msg("Law 11A: the right to rectification is forfeited; the "
                                     "irregularity is treated as called over"), DIRECTOR,
                      (*forfeiture, *outcome.effects))
    decision = rectification.decide(outcome, answers, decision_id)
    options = tuple(replace(option, effects=(*forfeiture, *option.effects))
                    for option in decision.options)
    return replace(decision, options=options,
                   clauses=(*decision.clauses, ref(edition, "11A")))
