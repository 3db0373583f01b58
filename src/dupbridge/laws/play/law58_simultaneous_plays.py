"""Simultaneous leads or plays (Law 58) and the fifth card played to a trick (Law 45E).

How the table records them:

- 58A: two players play at the same moment: the card of the player whose turn it was is
  recorded first, the other after it (``simultaneous_order``); the second card is then in
  turn, or is itself premature (Law 57).
- 58B: one player plays several cards at once. The card played (58B1: the only one whose
  face is visible; 58B2: the one he designates, ``card_played``) is recorded as a card
  played; each other visible card as ``CardExposed(how=WITH_ANOTHER)``, which comes here
  (``cards_together``): a defender's becomes a penalty card (50B: minor if a single card
  below honour rank), declarer's goes back to his hand (48A); an opponent who played after
  it may take his card back (58B3); noticed only after both sides played to the next trick,
  Law 67 applies (58B4).
- 45E: a card played by a player who had already played to the trick is recorded as
  ``CardExposed(how=FIFTH_CARD)`` (or a second card played to the trick in progress, found by
  ``law57_premature_play``), and comes here (``fifth_card``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dupbridge.core.cards import Card, Rank
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import ref, withdrawn_information
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Cite,
    Decision,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    PlayRecord,
    Question,
    ReturnCard,
    ReturnPlayedCard,
    Review,
)
from dupbridge.rules.play import Play

IS_LEAD = "is-lead"
DELIBERATE = "deliberate"
NOTICED_LATE = "noticed-late"


# Law 58A


@law("58", title="Simultaneous leads or plays")
@law("58A", title="A card played with another player's legal card counts as after it")
def simultaneous_order(play: Play,
                       cards: Sequence[tuple[Seat, Card]]) -> tuple[tuple[Seat, Card], ...]:
    """58A: cards played at the same moment by different players are recorded with the card
    of the player whose turn it was (a legal play) first; the others count as played after
    it, in rotation from him."""
    turn = play.next_to_play
    if turn is None:
        return tuple(cards)
    return tuple(sorted(cards, key=lambda entry: (entry[0] - turn) % 4))


# Law 58B


@law("58B", title="Several cards from one hand at once")
@law("58B1", title="Only one card visible: that card played")
@law("58B2", title="Several cards visible: player designates one")
def card_played(visible: Sequence[Card], designated: Card | None = None) -> Card:
    """The card played of several led or played at once: the only visible one (58B1; the
    others go back with no rectification, 47F) or, when several are visible, the one the
    player designates (58B2)."""
    if len(visible) == 1:
        return visible[0]
    if designated is None or designated not in visible:
        raise ValueError("58B2: several cards are visible; the player designates one of them")
    return designated


def cards_together(edition: Edition, play: Play, seat: Seat, card: Card,
                   record: int) -> Irregularity:
    """A visible card played with another (58B2), recorded after the card played: the
    Director rules whether it is noticed in time, and an opponent who played after it may
    take his card back (58B3). ``stage``: the opponent, if any (his seat letter and card)."""
    later = opponent_after(play, seat)
    stage = "" if later is None else f"{later[0].letter} {later[1]}"
    return Irregularity(IrregularityKind.CARDS_TOGETHER, edition, seat, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, stage=stage, declarer=play.declarer,
                        trick=len(play.tricks) + 1)


def opponent_after(play: Play, seat: Seat) -> tuple[Seat, Card] | None:
    """``seat``'s LHO's card, when he played after ``seat``'s last card (to the trick in
    progress, or to the last quitted trick if ``seat``'s card was in it)."""
    for trick in (play.current_trick, *reversed(play.tricks[-1:])):
        mine = trick.card_of(seat)
        if mine is None:
            continue
        theirs = trick.card_of(seat.lho)
        if theirs is not None and trick.leader is not seat.lho:
            return seat.lho, theirs
        return None
    return None


def decide_cards_together(irregularity: Irregularity, answers: Mapping[str, Answer],
                          decision_id: str) -> Decision:
    edition = irregularity.edition
    question = Question(NOTICED_LATE, msg("Was the extra card noticed only after both sides had "
                                         "played to the next trick?"), ref(edition, "58B4"),
                        False)
    if answers.get(NOTICED_LATE, False):
        options: tuple[Option, ...] = (noticed_late(irregularity),)
    else:
        options = (extra_card(irregularity), *take_back(irregularity))
    clauses = tuple(sorted({effect.law for option in options for effect in option.effects}))
    return Decision(decision_id, irregularity, clauses, (question,), answers, options)


def extra_card(irregularity: Irregularity) -> Option:
    """58B2: a defender's other visible card becomes a penalty card (50B: exposed
    unintentionally, so minor if a single card below honour rank); declarer's goes back to
    his hand (48A)."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    seat = irregularity.offender
    if seat.side is irregularity.declaring_side:
        # 58B3: the withdrawn card's information is unauthorised for declarer's side (2007
        # 16D, 2017 16C); a defender's stays as a penalty card, whose information is 50E's.
        return Option("return", msg("{card} goes back to the hand (48A)", card=card), DIRECTOR,
                      (Cite(ref(edition, "58B2")),
                       ReturnCard(ref(edition, "48A"), irregularity.record),
                       InformationTag(withdrawn_information(edition), irregularity.record,
                                      seat.side.other)))
    return Option("penalty-card", msg("{card} becomes a penalty card (50B)", card=card), DIRECTOR,
                  (PenaltyCard(ref(edition, "58B2"), seat, card, irregularity.record,
                               deliberate=False),))  # it carries its 50B clause (2017 50B1/B2)


@law("58B3", title="Opponent may change a later play")
def take_back(irregularity: Irregularity) -> tuple[Option, ...]:
    """58B3: once the visible card is taken back (as a penalty card or to the hand), an
    opponent who played after it may take back his card and play another, with no further
    rectification; the information is unauthorised for the offending side (2007 16D,
    2017 16C)."""
    if not irregularity.stage:
        return ()
    letter, text = irregularity.stage.split()
    opponent, played = Seat.parse(letter), Card.parse(text)
    edition = irregularity.edition
    base = extra_card(irregularity)
    return (Option("take-back", msg("{description}; {seat} takes back {card} and plays again",
                                    description=base.description, seat=opponent, card=played),
                   opponent,
                   (*base.effects, ReturnPlayedCard(ref(edition, "58B3"), opponent, played,
                                                    withdrawn_information(edition)),
                    Cite(withdrawn_information(edition)))),)


@law("58B4", title="Discovered late: defective trick rules")
def noticed_late(irregularity: Irregularity) -> Option:
    """58B4: noticed only after both sides have played to the next trick: Law 67 (a
    defective trick) applies; the Director rules it at the end of play (Review)."""
    edition = irregularity.edition
    clause = ref(edition, "58B4")
    return Option("defective-trick", msg("Law 67 applies: the trick is defective"), DIRECTOR,
                  (ReturnCard(clause, irregularity.record),
                   Review(clause, msg("58B4: {card} was played with another card and noticed "
                                      "late: rule the defective trick under Law 67",
                                      card=irregularity.action))))


# Law 45E


def fifth_card(edition: Edition, play: Play, seat: Seat, card: Card,
               record: int) -> Irregularity:
    """A card played by a player who had already played to the trick (45E). ``stage``:
    ``complete`` when the trick he played to is complete (the card may be a lead to the
    next trick), ``in progress`` otherwise."""
    stage = "in progress" if play.current_trick.cards else "complete"
    return Irregularity(IrregularityKind.FIFTH_CARD, edition, seat, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, stage=stage, declarer=play.declarer,
                        trick=len(play.tricks) + (1 if play.current_trick.cards else 0))


@law("45E", title="Fifth card played to a trick")
def decide_fifth_card(irregularity: Irregularity, answers: Mapping[str, Answer],
                      decision_id: str) -> Decision:
    """45E: the Director judges whether the card is a lead (default: not); if not, 45E1 /
    45E2 apply."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    defender = irregularity.offender.side is not irregularity.declaring_side
    clause = ref(edition, "45E1" if defender else "45E2")
    questions = [Question(IS_LEAD, msg("Is {card} a lead to the next trick?", card=card), clause,
                           False)]
    if answers.get(IS_LEAD, False):
        options = (as_lead(irregularity, clause),)
    elif defender:
        if card.rank < Rank.TEN:
            questions.append(Question(DELIBERATE, msg("Was {card} placed deliberately as a play "
                                                      "(not exposed unintentionally)?",
                                                      card=card), ref(edition, "50B"), True))
        options = (defender_fifth_card(irregularity, bool(answers.get(DELIBERATE, True))),)
    else:
        options = (declarer_fifth_card(irregularity),)
    clauses = tuple(sorted({clause, *(e.law for o in options for e in o.effects)}))
    return Decision(decision_id, irregularity, clauses, tuple(questions), answers, options)


@law("45E1", title="Defender's fifth card")
def defender_fifth_card(irregularity: Irregularity, deliberate: bool) -> Option:
    """45E1: a defender's fifth card is a penalty card, major or minor as 50B says
    (deliberately placed as a play: major; a single card below honour rank exposed
    unintentionally: minor)."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    return Option("penalty-card", msg("{card} becomes a penalty card (50B)", card=card), DIRECTOR,
                  (PenaltyCard(ref(edition, "45E1"), irregularity.offender, card,
                               irregularity.record, deliberate),))  # and its 50B clause


@law("45E2", title="Declarer's fifth card")
def declarer_fifth_card(irregularity: Irregularity) -> Option:
    """45E2: declarer's fifth card, from his hand or dummy, goes back to that hand with no
    rectification."""
    return Option("return", msg("{card} goes back to the hand, no rectification",
                             card=irregularity.action),
                  DIRECTOR, (ReturnCard(ref(irregularity.edition, "45E2"), irregularity.record),))


def as_lead(irregularity: Irregularity, clause: LawRef) -> Option:
    """45E judged a lead: to a complete trick, the card is led now and classified again: the
    correct leader's lead stands, anyone else's is a lead out of turn (defender: 53, 56;
    declarer: 53, 55). Made while the trick is still in progress, no law of the engine
    reaches it: the card goes back and the Director rules by hand (Review)."""
    if irregularity.stage == "complete":
        return Option("lead", msg("{card} is a lead to the next trick", card=irregularity.action),
                      DIRECTOR,
                      (PlayRecord(clause, irregularity.record),))
    note = msg("45E: {card} judged a lead to the next trick before the trick in progress "
               "was complete: Laws 53-56 by hand", card=irregularity.action)
    return Option("lead", msg("{card} is a lead to the next trick (by hand)",
                              card=irregularity.action),
                  DIRECTOR, (ReturnCard(clause, irregularity.record), Review(clause, note)))


FIFTH_CARD = Rectification(decide_fifth_card, no_call_before_ruling)
CARDS_TOGETHER = Rectification(decide_cards_together, no_call_before_ruling)
