"""Laws 42-43: dummy's rights and limitations.

Dummy's rights (42) and what he may not do (43A) are rules the table checks when dummy
acts; a breach of 43A2 (dummy looked at a defender's card, exchanged hands with declarer,
left his seat to watch) is recorded once reported (J43) and takes away rights: 43B2(a)
(a warning against leading from the wrong hand lets either defender choose the hand),
43B2(b) (dummy first to ask declarer about a revoke: corrected, Law 64 as if established),
43B3 (dummy first to draw attention to a defender's irregularity: no rectification).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2017, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    AcceptCard,
    Answer,
    Cite,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    LeadFrom,
    Option,
    Question,
    Review,
)
from dupbridge.laws.play.law61_revoke import Revoke
from dupbridge.rules.play import Play

# Law 42: dummy's rights


@law("42A", title="Dummy's absolute rights")
@law("42A1", title="Give information on fact or law in the Director's presence")
@law("42A2", title="Keep count of tricks won and lost")
def absolute_rights(edition: Edition) -> tuple[LawRef, ...]:
    """42A1-2: dummy may give information on fact or law when the Director is present and
    keep count of the tricks: rights no breach takes away (the table allows them)."""
    return (ref(edition, "42A1"), ref(edition, "42A2"))


@law("42A3", title="Play dummy's cards as declarer directs (2017: and ensure dummy follows)")
def follow_suit_warning(edition: Edition, play: Play, card: Card) -> Cite | None:
    """42A3: dummy places the cards declarer designates. 2017 adds that dummy ensures dummy
    follows suit: a designated card that would not follow suit draws dummy's reminder (a
    prevention, no rectification, 42B2); 2007 gives dummy no such duty (None)."""
    if edition is not Edition.LAWS_2017 or play.next_to_play is not play.dummy:
        return None
    if not play.follows_suit(play.dummy, card):
        return Cite(ref(edition, "42A3"))
    return None


@law("42B", title="Dummy's qualified rights")
@law("42B1", title="Ask declarer who showed out about a revoke")
def may_ask_about_revoke(edition: Edition, play: Play, asked: Seat) -> LawRef | None:
    """42B1: dummy may ask declarer, who failed to follow suit, whether he has a card of the
    suit led; never a defender (61B: the revoke engineer's inquiry rules). None: he may."""
    if asked is not play.declarer:
        return ref(edition, "42B1")
    return None


@law("42B2", title="Try to prevent an irregularity (2007: by declarer)")
def may_try_to_prevent(edition: Edition, play: Play, offender: Seat) -> LawRef:
    """42B2: dummy may try to prevent an irregularity: 2007 by declarer, though 2007 9A3
    lets any player try to prevent another's (the catalogue's default: permitted, T42-2);
    2017 any irregularity. The clause that permits it is returned."""
    if edition is Edition.LAWS_2007 and offender is not play.declarer:
        return ref(edition, "9A3")
    return ref(edition, "42B2")


@law("42B3", title="Draw attention to an irregularity once play has ended")
@law("43A", title="Dummy's limitations")
@law("43A1", title="Dummy and the Director, the irregularities and the play")
@law("43A1(a)", title="No call to the Director unless attention was drawn")
@law("43A1(b)", title="No attention drawn during the play")
def dummy_draws_attention(edition: Edition, play_over: bool, breach: bool) -> tuple[Effect, ...]:
    """Dummy draws attention to an irregularity: after play has ended he may (42B3); during
    play he may not (43A1(b); 2007 9A3, 2017 9A4) and may not call the Director unless
    another player drew attention (43A1(a)): refused. After a 43A2 breach the table takes
    it, but there is no rectification (43B3)."""
    if play_over:
        return (Cite(ref(edition, "42B3")),)
    if breach:
        return first_to_draw_attention(edition)
    rule = "9A3" if edition is Edition.LAWS_2007 else "9A4"
    raise ActionRejected(msg("dummy may not draw attention to an irregularity during the play "
                             "({law}, {law2})", law=ref(edition, "43A1(b)"),
                             law2=ref(edition, rule)))


def prevention(edition: Edition, play: Play, offender: Seat, record: int) -> Irregularity | None:
    """Dummy tries to prevent ``offender``'s irregularity (e.g. "it's not your lead"): 2017
    42B2, any irregularity: permitted (None, play goes on). 2007 42B2 names only
    declarer's; 9A3 lets any player try to prevent one: the Director is asked
    (``prevention-permitted``, default yes, T42-2)."""
    if may_try_to_prevent(edition, play, offender).clause == "42B2":
        return None
    card = min(play.hand(play.dummy), key=lambda c: (c.suit.value, c.rank))
    return Irregularity(IrregularityKind.DUMMY, edition, play.dummy, card, record,
                        play.next_to_play,
                        declaring_side=play.declarer.side, auction_period_over=True,
                        stage=f"9A3 {offender.letter}")


def _decide_prevention(irregularity: Irregularity, answers: Mapping[str, Answer],
                       decision_id: str) -> Decision:
    """2007: dummy tried to prevent a defender's irregularity, which 42B2 does not name but
    9A3 allows any player: the Director says whether it was permitted (default yes: no
    consequence); if not, an end-of-play item (Law 12A1 if the defenders were damaged)."""
    edition = irregularity.edition
    offender = irregularity.stage.split()[1]
    question = Question("prevention-permitted", msg("Was dummy permitted to try to prevent "
                                             "{offender}'s irregularity (9A3)?",
                                             offender=offender), ref(edition, "9A3"), True)
    if answers.get("prevention-permitted", True):
        option = Option("permitted", msg("a permitted prevention: play goes on"), DIRECTOR,
                        (Cite(ref(edition, "9A3")),))
    else:
        option = Option("not-permitted", msg("not permitted: the Director reviews any damage at "
                                            "the end of play"), DIRECTOR,
                        (Review(ref(edition, "42B2"),
                                msg("dummy tried to prevent {offender}'s irregularity, which "
                                    "42B2 does not allow him: any damage to the defenders "
                                    "(Law 12A1)", offender=offender)),))
    return Decision(decision_id, irregularity, (ref(edition, "42B2"), ref(edition, "9A3")),
                    (question,), answers, (option,),
                    note=msg("2007 42B2 names declarer's irregularities only"))


def dummy_cards_handled(edition: Edition, play: Play, seat: Seat) -> tuple[Effect, ...]:
    """Dummy's cards handled by ``seat`` (e.g. while dummy is away from the table):
    declarer may pick up dummy's card himself (45B); a defender may not (the AEB note to
    43A2(b): only declarer handles dummy's cards when dummy must leave): an item for the
    Director (Law 90). Nothing is played: a card is played from dummy only as declarer
    designates or places it."""
    if seat.side is play.declarer.side:
        return (Cite(ref(edition, "45B")),)
    return (Review(ref(edition, "45B"), msg("{seat} handled dummy's cards: only declarer may "
                                          "(AEB note to 43A2(b)); procedural penalty (Law 90)",
                                          seat=seat.letter)),)


# Law 43B: consequences of a breach of 43A2


@dataclass(frozen=True, slots=True)
class DummyReport:
    """What the Director records when a breach by dummy (or a defender's showing his hand to
    dummy) is reported: whether 43A2 was breached (the flag that enables 43B2-B3), and the
    effects (reviews for Law 90 procedural penalties)."""

    breach: bool
    effects: tuple[Effect, ...]


@law("43B", title="Penalties for violations")
@law("43B1", title="Procedural penalty for dummy's breach")
def breach_reported(edition: Edition) -> DummyReport:
    """43A2 breached (J43: the Director's finding): liable to a procedural penalty (43B1,
    Law 90), and 43B2-B3 apply from now on."""
    return DummyReport(True, (Review(ref(edition, "43B1"), msg("dummy breached 43A2: procedural "
                                         "penalty (Law 90); 43B2 and 43B3 apply")),))


@law("43A3", editions=LAWS_2017, title="A defender may not show his hand to dummy")
def hand_shown_to_dummy(edition: Edition) -> DummyReport:
    """A defender shows his hand to dummy: 2017 43A3 forbids it (procedural penalty for the
    defender) and dummy has looked at a defender's card, a 43A2(c) breach; 2007 forbids
    dummy only to look on his own initiative, so nothing is breached (T43-4)."""
    if edition is Edition.LAWS_2007:
        return DummyReport(False, ())
    return DummyReport(True, (Review(ref(edition, "43A3"), msg("a defender showed his hand to "
                                         "dummy: procedural penalty (Law 90)")),
                              Review(ref(edition, "43B1"), msg("dummy saw a defender's card "
                                         "(43A2(c)): 43B2 and 43B3 apply"))))


@law("43B2", title="After a breach: dummy warns or asks")
@law("43B2(a)", title="Warning against leading from the wrong hand")
def wrong_hand_warning(edition: Edition, dummy: Seat) -> tuple[Option, ...]:
    """43B2(a): after a 43A2 breach, dummy warns declarer against leading from the wrong
    hand: either defender chooses the hand declarer leads from (Law 10C; when the
    defenders disagree the law is silent, spec §9 Q6: dummy's LHO is named as the
    chooser, as Law 10C names one player; his partner may speak for the side)."""
    chooser = dummy.lho
    law = ref(edition, "43B2(a)")
    # The defenders' choice is itself the 43B2(a) ruling, even when no lead of the declaring
    # side is due for it to bind (``chosen_hand``).
    return (Option("declarer-hand", msg("declarer leads from his own hand"), chooser,
                   (Cite(law), LeadFrom(law, dummy.partner))),
            Option("dummy-hand", msg("declarer leads from dummy"), chooser,
                   (Cite(law), LeadFrom(law, dummy))))


def chosen_hand(play: Play, seat: Seat) -> Seat | None:
    """43B2(a): the hand the next lead must come from (None when no lead of the declaring
    side is due: the warning came too late to bind anything)."""
    leader = play.next_to_play
    if play.current_trick.cards or leader is None or leader.side is not play.declarer.side:
        return None
    return seat


def check_chosen_hand(edition: Edition, chosen: Seat, seat: Seat) -> None:
    """43B2(a): the defenders' choice binds declarer: a lead from the other hand of the
    declaring side is refused."""
    if seat is not chosen:
        raise ActionRejected(msg("the defenders chose that declarer leads from {seat}'s hand "
                                 "({law})", seat=chosen, law=ref(edition, "43B2(a)")))


def lead_stands(edition: Edition, record: int) -> AcceptCard:
    """43B2(a): the lead from the chosen hand, which was not the hand on lead, stands as
    if in turn; play goes on from it."""
    return AcceptCard(ref(edition, "43B2(a)"), record)


@law("43B2(b)", title="Dummy first to ask about declarer's revoke")
def revoke_forced(breach: bool, dummy_first: bool) -> bool:
    """43B2(b): after a 43A2 breach, if dummy is first to ask declarer whether a play from
    his hand is a revoke, declarer corrects it and Law 64 applies as if it were
    established (the revoke's ``forced`` transfer)."""
    return breach and dummy_first


def revoke_asked_by_dummy(breach: bool, play: Play, revokes: tuple[Revoke, ...],
                          asker: Seat, asked: Seat) -> Revoke | None:
    """43B2(b): dummy, after a 43A2 breach, is first to ask declarer about a play from his
    hand: the revoke asked about (declarer's latest, still correctable, that nobody has
    drawn attention to), marked ``forced``: it is corrected (62) and Law 64 applies as if
    it were established. None when 43B2(b) does not apply (no breach, another question,
    no such revoke: the question is then only table talk, 61B2(a))."""
    if not revoke_forced(breach, asker is play.dummy and asked is play.declarer):
        return None
    correctable = [r for r in revokes if r.seat is play.declarer and not r.noticed
                   and not r.established and not r.corrected]
    return replace(correctable[-1], forced=True) if correctable else None


@law("43B3", title="Dummy first to draw attention to a defender's irregularity")
def first_to_draw_attention(edition: Edition) -> tuple[Effect, ...]:
    """43B3: after a 43A2 breach, dummy first to draw attention to a defender's
    irregularity: no rectification (2017: no immediate one); play goes on as if it had not
    happened. At the end: 2007 Law 12B1 (an adjusted score for damage); 2017 only the
    defenders' score is adjusted to take away what they gained (split score)."""
    note = (msg("dummy drew attention after a 43A2 breach: no rectification; Law 12B1 at "
                "the end")
            if edition is Edition.LAWS_2007 else
            msg("dummy drew attention after a 43A2 breach: no immediate rectification; at the "
                "end adjust only the defenders' score if they gained from their irregularity"))
    return (Cite(ref(edition, "43B3")), Review(ref(edition, "43B3"), note))


def wrong_hand_irregularity(edition: Edition, play: Play, record: int) -> Irregularity:
    """The matter the Director rules on when dummy, after a 43A2 breach, warns declarer
    against leading from the wrong hand (43B2(a))."""
    card = min(play.hand(play.dummy), key=lambda c: (c.suit.value, c.rank))
    return Irregularity(IrregularityKind.DUMMY, edition, play.dummy, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, stage="43B2(a)")


def _decide(irregularity: Irregularity, answers: Mapping[str, Answer],
            decision_id: str) -> Decision:
    if irregularity.stage.startswith("9A3"):
        return _decide_prevention(irregularity, answers, decision_id)
    edition = irregularity.edition
    law = ref(edition, "43B2(a)")
    options = wrong_hand_warning(edition, irregularity.offender)
    return Decision(decision_id, irregularity, (ref(edition, "43B2"), law), (), answers,
                    options, note=msg("either defender chooses the hand declarer leads from"))


RECTIFICATION = Rectification(_decide, no_call_before_ruling)
