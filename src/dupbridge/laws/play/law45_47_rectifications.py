"""Laws 45-47: the Director's decisions when a card is held as if played (45C1-C3), when a
designation needs him (45C4(b), 46B, 47C, 47D) and when a played card may be taken back
after misinformation (47E1, 47E2): the rectifications the dispatch hands out. What the
Laws say happens at the table (when a card is played, what a designation means, the routes
of a retraction) is in ``law45_47_card_played``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import ref, withdrawn_information
from dupbridge.laws.machinery.rectification import (
    Rectification,
    RectificationOf,
    no_call_before_ruling,
)
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    AcceptCard,
    Answer,
    Cite,
    Decision,
    Effect,
    Exposure,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PlayCard,
    PlayRecord,
    Question,
    Resolution,
    ReturnCard,
    Review,
)
from dupbridge.laws.play import law48_50_exposed_cards
from dupbridge.laws.play.law45_47_card_played import (
    MISEXPLANATION,
    after_misexplanation,
    held_question,
    is_misinformed_turn,
    lho_may_accept,
    misinformed_turn,
)


def _decide_held(irregularity: Irregularity, answers: Mapping[str, Answer],
                 decision_id: str) -> Decision:
    """The Director's finding (J45C1, J45C3; default: it counts as played). Played at his
    turn: the card is played (2007 "must be played", 2017 "deemed played"), classified as
    any card in turn (it may be a revoke). Played not at his turn: an exposed card, as
    Laws 48-50 rule it (a defender's: a penalty card, 49; declarer's or dummy's: back to the
    hand with no rectification, 48A). Not played: it goes back to the hand, no obligation."""
    edition = irregularity.edition
    clause, turn = irregularity.stage.split(" ")
    question = held_question(edition, clause)
    law = ref(edition, clause)
    card = irregularity.action
    answer = answers.get(question.id)
    options: tuple[Option, ...] = ()
    if answer is False:
        options = (Option("not-played", msg("{card} is not played: back to the hand, no "
                                             "obligation ({clause})", card=card, clause=clause),
                          DIRECTOR,
                          (Cite(law), ReturnCard(law, irregularity.record))),)
    elif answer is True and turn == "turn":
        played = (msg("{card} must be played ({clause})", card=card, clause=clause)
                  if edition is Edition.LAWS_2007 else
                  msg("{card} is deemed played ({clause})", card=card, clause=clause))
        options = (Option("played", played, DIRECTOR,
                          (Cite(law), PlayRecord(law, irregularity.record))),)
    elif answer is True and irregularity.offender.side is not irregularity.declaring_side:
        return _exposed_not_at_turn(irregularity, question, answers, decision_id)
    elif answer is True:
        no_rectification = law48_50_exposed_cards.no_rectification(edition)
        options = (Option("return", msg("{card} goes back to the hand: not his turn, no "
                                         "rectification (48A)", card=card), DIRECTOR,
                          (Cite(law), ReturnCard(no_rectification, irregularity.record))),)
    return Decision(decision_id, irregularity, (law,), (question,), answers, options)


def _exposed_not_at_turn(irregularity: Irregularity, question: Question,
                         answers: Mapping[str, Answer], decision_id: str) -> Decision:
    """45C1 found, but not at the defender's turn: the card is exposed, held so that partner
    could see it (Law 49): Laws 49-50 rule it as they rule any card shown."""
    shown = replace(irregularity, kind=IrregularityKind.EXPOSED_CARD,
                    stage=Exposure.SHOWN.value)
    exposed = law48_50_exposed_cards.decide(shown, answers, decision_id)
    return replace(exposed, irregularity=irregularity,
                   clauses=(question.law, *exposed.clauses),
                   questions=(question, *exposed.questions))


def _decide_designation(irregularity: Irregularity, answers: Mapping[str, Answer],
                        decision_id: str) -> Decision:
    """An incomplete designation of dummy's card. Resolved by 46B to one card: the
    Director is asked whether declarer's different intention is incontrovertible (J46,
    default no), then that card is played; if it was, or 46B leaves the choice open
    (46B1(b) no card known to win, 46B3(b) two cards, 46B4 void, 46B5 anything), the
    decision waits for the card designated from dummy."""
    edition = irregularity.edition
    kind, clause, *_ = irregularity.stage.split(" ")
    law = ref(edition, clause)
    dummy = irregularity.offender
    questions: tuple[Question, ...] = ()
    options: tuple[Option, ...] = ()
    note = _NOTES[kind]
    waits_for = frozenset({dummy})
    if kind == "designated":
        questions = (Question("intention-incontrovertible", msg("Was declarer's different "
                                                       "intention incontrovertible?"),
                              ref(edition, "46B"), False),)
        answer = answers.get("intention-incontrovertible")
        if answer is True:
            note = msg("declarer's intended card is placed from dummy (46B)")
        else:
            waits_for = frozenset()
        if answer is False:
            card = irregularity.action
            assert isinstance(card, Card)
            options = (Option("designated", msg("{card} is played from dummy ({clause})",
                                                 card=card, clause=clause), DIRECTOR,
                              (PlayCard(law, dummy, card),)),)
    return Decision(decision_id, irregularity, (ref(edition, "46B"), law), questions,
                    answers, options, waits_for=waits_for, note=note)


_NOTES = {
    "designated": "",
    "declarer-chooses": msg("declarer must say which card (46B3(b)); play it from dummy"),
    "void": msg("the designation is void: declarer designates any legal card, no "
                "rectification (46B4)"),
    "defender-chooses": msg("either defender chooses dummy's card (46B5); play it from dummy"),
    "no-card-known-to-win": msg("no card is known to win (46B1(b)); the Director decides the "
                                "card (default: declarer designates again)"),
}


def _card_after_designation(irregularity: Irregularity, seat: Seat, card: Card,
                            record: int) -> Irregularity | Resolution:
    """The card placed from dummy while the designation is pending: the one declarer (46B3,
    46B4, or his incontrovertible intention) or a defender (46B5) designated: played."""
    edition = irregularity.edition
    if irregularity.kind is IrregularityKind.RETRACTION:
        return irregularity
    clause = irregularity.stage.split(" ")[1]
    if irregularity.stage.startswith("designated"):
        clause = "46B"
    return Resolution((Cite(ref(edition, clause)), PlayRecord(ref(edition, clause), record)))


@law("47C", title="After a permitted change of designation")
@law("47D", title="After an opponent's change of play")
def _decide_change(irregularity: Irregularity, answers: Mapping[str, Answer],
                   decision_id: str) -> Decision:
    """45C4(b): the Director finds whether the designation was unintended and corrected
    without pause for thought (2007) or was a slip of the tongue (2017; not a change of
    mind or loss of concentration). If so the designated card is withdrawn with no
    rectification (47C) and every card played after it goes back too: an opponent who
    played after may play another card (47D), the withdrawn card being unauthorised
    information for the side that changed (2007 16D, 2017 16C)."""
    edition = irregularity.edition
    question_id = "without-pause" if edition is Edition.LAWS_2007 else "slip"
    prompt = (msg("Was the designation unintended and changed without pause for thought?")
              if edition is Edition.LAWS_2007 else
              msg("Was it a slip of the tongue (not a change of mind or loss of "
                  "concentration)?"))
    question = Question(question_id, prompt, ref(edition, "45C4(b)"), False)
    card = irregularity.action
    assert isinstance(card, Card)
    seat = irregularity.offender
    options: tuple[Option, ...] = ()
    answer = answers.get(question_id)
    if answer is True:
        opponents = seat.lho.side
        effects: tuple[Effect, ...] = (
            ReturnCard(ref(edition, "47C"), irregularity.record),
            Cite(ref(edition, "47D")),
            InformationTag(ref(edition, "16D1" if edition is Edition.LAWS_2007 else "16C1"),
                           irregularity.record, opponents),
            PlayCard(ref(edition, "45C4(b)"), seat, card),
        )
        options = (Option("change", msg("the designation is changed: {card} is played (45C4(b), "
                                         "47C); opponents who played since may change their "
                                         "cards (47D)", card=card), DIRECTOR, effects),)
    elif answer is False:
        options = (Option("stands", msg("the designated card stays played (45C4(a), 47F2)"),
                          DIRECTOR, (Cite(ref(edition, "45C4(a)")),
                                     Cite(ref(edition, "47F2")))),)
    return Decision(decision_id, irregularity, (ref(edition, "45C4(b)"),), (question,),
                    answers, options)


def _out_of_turn(irregularity: Irregularity) -> Irregularity:
    """The lead or play out of turn a 47E1 irregularity stands for."""
    _, kind, stage = irregularity.stage.split(" ", 2)
    return replace(irregularity, kind=IrregularityKind[kind], stage=stage)


def _accepted_by(option: Option, seat: Seat) -> bool:
    return option.chosen_by is seat and any(isinstance(e, AcceptCard) for e in option.effects)


def _decide_misinformed_turn(irregularity: Irregularity, answers: Mapping[str, Answer],
                             decision_id: str, out_of_turn: RectificationOf) -> Decision:
    """47E1: the misinformed player may take his card back with no rectification (the
    information from it is authorised to his side only: 2007 16D, 2017 16C); if he does not,
    the rectification of the lead or play out of turn applies, but his LHO may not accept
    it (nor by playing to it: the decision waits for nobody's card)."""
    edition = irregularity.edition
    original = _out_of_turn(irregularity)
    base = out_of_turn(original.kind).decide(original, answers, decision_id)
    seat = irregularity.offender
    retract = Option("retract", msg("47E1: {seat} takes back his card with no rectification (an "
                              "opponent told him wrongly it was his turn)", seat=seat), seat,
                     (ReturnCard(ref(edition, "47E1"), irregularity.record),
                      InformationTag(withdrawn_information(edition), irregularity.record,
                                     seat.side),
                      *misinformed_turn(edition)))
    others = tuple(o for o in base.options
                   if lho_may_accept(misinformed=True) or not _accepted_by(o, seat.lho))
    return Decision(decision_id, irregularity, (ref(edition, "47E1"), *base.clauses),
                    base.questions, answers, (retract, *others), waits_for=frozenset())


def _decide_misexplanation(irregularity: Irregularity, answers: Mapping[str, Answer],
                           decision_id: str) -> Decision:
    """47E2: was the explanation mistaken (21B1(b): presumed so; if not, 21A: no redress)?
    If it was, the card the misinformed side played since may be changed with no
    rectification while 47E2(a) allows (its information authorised to that side only, 2007
    16D / 2017 16C); too late, the Director may adjust the score at the end (47E2(b)). A
    misexplained call may have misled more than this card: the 21B3 review as well."""
    edition = irregularity.edition
    _, letter, *flags = irregularity.stage.split()
    seat = Seat.parse(letter)
    assert irregularity.declarer is not None
    chooser = irregularity.declarer if seat is irregularity.declarer.partner else seat
    question = Question("mistaken-explanation", msg("Was {seat}'s side's explanation mistaken "
                                                "(their agreement differs from it), rather "
                                                "than their call or play?",
                                                seat=irregularity.offender),
                        ref(edition, "21B1(b)"), True)
    tail: tuple[Effect, ...] = ()
    if "call" in flags:
        tail = (Review(ref(edition, "21B3"), msg("21B3: did the offending side gain through the "
                                           "misinformation about their call? Then an "
                                           "adjusted score")),)
    options: tuple[Option, ...]
    if answers.get("mistaken-explanation", True) is not True:
        options = (Option("no-rectification", msg("21A: the explanation was right: no "
                                                   "rectification, no redress"), DIRECTOR,
                          (Cite(ref(edition, "21B1(b)")), Cite(ref(edition, "21A")))),)
    else:
        effects = after_misexplanation(edition, irregularity.record, "to-that-trick" in flags,
                                       "any-later" in flags, "opening-lead" in flags,
                                       "dummy-faced" in flags)
        first = effects[0]
        if isinstance(first, ReturnCard):
            change = (first, InformationTag(withdrawn_information(edition),
                                            irregularity.record, seat.side))
            options = (
                Option("change", msg("47E2(a): {card} is taken back with no rectification and "
                                     "another card played", card=irregularity.action),
                       chooser, (*change, *tail)),
                Option("keep", msg("{card} stays played", card=irregularity.action), chooser,
                       (Cite(ref(edition, "47E2(a)")), *tail)),
            )
        else:
            options = (Option("continue", msg("47E2(b): too late to change {card}; the "
                                              "Director may adjust the score at the end",
                                              card=irregularity.action), DIRECTOR,
                              (Review(first.law, msg("47E2(b): was the card played after the "
                                                     "misexplanation damaged by it? Then an "
                                                     "adjusted score")),
                               *tail)),)
    return Decision(decision_id, irregularity, (ref(edition, "47E"), ref(edition, "47E2")),
                    (question,), answers, options)


def retraction(out_of_turn: RectificationOf) -> Rectification:
    """Law 47's retractions (45C4(b), 47E1, 47E2), with ``out_of_turn`` giving the
    rectification of the lead or play out of turn a 47E1 retraction stands for when the
    player keeps his card (Laws 53-57, from the dispatch)."""

    def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
               decision_id: str) -> Decision:
        if irregularity.stage == "45C4(b)":
            return _decide_change(irregularity, answers, decision_id)
        if is_misinformed_turn(irregularity):
            return _decide_misinformed_turn(irregularity, answers, decision_id, out_of_turn)
        if irregularity.stage.startswith(MISEXPLANATION + " "):
            return _decide_misexplanation(irregularity, answers, decision_id)
        raise AssertionError(f"unknown retraction {irregularity.stage!r}")

    return Rectification(decide, no_call_before_ruling)


DESIGNATION = Rectification(_decide_designation, no_call_before_ruling,
                            card_before_ruling=_card_after_designation)


CARD_HELD = Rectification(_decide_held, no_call_before_ruling)
