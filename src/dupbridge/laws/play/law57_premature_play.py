"""Premature lead or play (Law 57; 2017: by a defender).

A card played out of turn to a trick in progress comes here (``dispatch.classify_card``).
Which case it is depends on the trick when the card was played, so the classification is
made at once and kept in the irregularity's ``stage`` (``Premature``):

- a defender plays before his partner has played to the trick: 57A (the card becomes a
  major penalty card and declarer chooses what partner plays to this trick), unless 57C
  exempts him (declarer has played from both hands; 2007: dummy has played; both: dummy
  illegally suggested a card, 2017: or chose one on his own initiative before his RHO);
- a defender leads to the next trick before his partner has played to this one: 57A
  always. 57C excuses only "playing" before partner (2007 57C1, 2017 57C1 and 57C2); the
  Laws keep a lead apart from a play (57C2/57C3 "not a lead", the Law 50 preamble);
- a defender plays at his RHO's turn after his partner has played: 2017 57D (Law 16; the
  card is played at his turn if legal, otherwise a major penalty card); 2007 has no such
  clause, the Director decides (default: a penalty card, Law 50 preamble);
- declarer plays prematurely from either hand: the card is played (2007 57C2, 2017 57C3);
  2017: only if legal, an illegal one is a revoke corrected under Law 62 (2007 reads the
  same through 62A: attention is drawn before the revoke is established);
- a player who has already played to the trick, his partner too, plays again: Law 45E
  (``law58_simultaneous_plays.fifth_card``).

A card that "stands" but was played before its turn is held for its turn: it goes back to
the hand and a ``RestrictPlay(PLAY_CARD)`` makes it the only card he may play at that turn
(a card that then fails to follow suit is dropped by Law 59, and 61A makes any other card a
revoke). Such held cards count as played for 57C1 (``held``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum

from dupbridge.core.cards import Card, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref, withdrawn_information
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Cite,
    Decision,
    Effect,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    PlayRule,
    Question,
    RestrictPlay,
    ReturnCard,
    Until,
)
from dupbridge.laws.play import law58_simultaneous_plays
from dupbridge.laws.play.play_obligations import prohibit_id, require_id, suit_name
from dupbridge.rules.play import Play


class Premature(Enum):
    """Which case of Law 57 a premature card is, read from the trick when it was played."""

    BEFORE_PARTNER = "57A"  # played before partner played to the trick
    NEXT_TRICK = "57A next trick"  # led to the next trick before partner played to this one
    EXEMPT = "57C1"  # before partner, but declarer has played from both hands (2007: or dummy)
    AT_RHO_TURN = "57D"  # after partner had played, at RHO's turn
    DECLARER = "declarer"  # declarer, from either hand (2007 57C2, 2017 57C3)


DUMMY_SUGGESTED = "dummy-suggested"
PLAYS_AT_TURN = "plays-at-turn"


def _stage(case: Premature, legal: bool, suit_led: Suit | None) -> str:
    """``57A/legal/SPADES``: the case, whether the card follows suit (44C), the suit led to
    the trick in progress (``-`` for none)."""
    return f"{case.value}/{'legal' if legal else 'illegal'}/{suit_led.name if suit_led else '-'}"


def case_of(irregularity: Irregularity) -> tuple[Premature, bool, Suit | None]:
    """The case, whether the card is legal, and the suit led, from ``stage``."""
    case, legal, suit = irregularity.stage.split("/")
    return Premature(case), legal == "legal", None if suit == "-" else Suit[suit]


# Classification, when the card is played


def premature_play(edition: Edition, play: Play, seat: Seat, card: Card, record: int,
                   held: tuple[RestrictPlay, ...] = ()) -> Irregularity:
    """The irregularity of ``seat``'s ``card`` played out of turn to the trick in progress;
    ``held``: the restrictions in force, among them the premature cards held for their
    turn (they count as played to this trick)."""
    trick = len(play.tricks) + 1
    played = _played_to_trick(play, held, trick)
    declaring = play.declarer.side
    if seat in played and (seat.side is declaring or seat.partner in played):
        return law58_simultaneous_plays.fifth_card(edition, play, seat, card, record)
    next_trick = seat in played
    legal = next_trick or play.follows_suit(seat, card)
    current = play.current_trick
    suit_led = current.suit_led if current.cards else None
    if seat.side is declaring:
        case = Premature.DECLARER
    elif seat.partner in played:
        case = Premature.AT_RHO_TURN
    elif next_trick:
        case = premature_lead()
    elif exempt(edition, play, played):
        case = Premature.EXEMPT
    else:
        case = Premature.BEFORE_PARTNER
    return Irregularity(IrregularityKind.PREMATURE_PLAY, edition, seat, card, record,
                        play.next_to_play, declaring_side=declaring, auction_period_over=True,
                        stage=_stage(case, legal, suit_led), declarer=play.declarer,
                        trick=trick)


def _played_to_trick(play: Play, held: tuple[RestrictPlay, ...], trick: int) -> set[Seat]:
    """Who has played to the trick in progress, a premature card held for its turn
    counting as played (it is a played card: 57C2/57C3, 57D)."""
    current = play.current_trick
    seats = {current.seat_of(position) for position in range(len(current.cards))}
    seats.update(r.seat for r in held
                 if r.rule is PlayRule.PLAY_CARD and r.trick == trick and r.chosen_by is None)
    return seats


@law("57A", title="Defender leads to the next trick before partner played to this one")
def premature_lead() -> Premature:
    """57A: a defender's lead to the next trick before his partner has played to the trick
    in progress is a premature lead. No 57C exemption: it excuses a defender for *playing*
    before his partner, never for leading (the Laws keep a lead apart from a play: 2007
    57C2 and 2017 57C3 "not a lead", the Law 50 preamble sends a lead to Law 57)."""
    return Premature.NEXT_TRICK


@law("57C", title="Declarer or dummy has already played")
@law("57C1", title="No rectification once declarer has played from both hands")
def exempt(edition: Edition, play: Play, played: set[Seat]) -> bool:
    """57C1: a defender is not rectified for playing before his partner once declarer has
    played from both hands; 2007 also once dummy has played a card (erratum U1: literally,
    dummy's lead too). A dummy card counts as played only when declarer designated it,
    which is when the table records it."""
    if play.declarer in played and play.dummy in played:
        return True
    return edition is Edition.LAWS_2007 and play.dummy in played


# The decision


def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    case, legal, _ = case_of(irregularity)
    edition = irregularity.edition
    questions: tuple[Question, ...] = ()
    options: tuple[Option, ...]
    if case is Premature.DECLARER:
        options = (declarer_card(irregularity, legal),)
    elif case is Premature.EXEMPT:
        options = (no_rectification(irregularity, legal, ref(edition, "57C1")),)
    elif case is Premature.AT_RHO_TURN:
        questions, options = _at_rho_turn(irregularity, answers, legal)
    elif case is Premature.NEXT_TRICK:
        options = partner_options(irregularity)  # 57C does not excuse a lead: no question
    else:
        questions = (dummy_suggested_question(edition),)
        if answers.get(DUMMY_SUGGESTED, False):
            options = (no_rectification(irregularity, legal, _dummy_clause(edition)),)
        else:
            options = partner_options(irregularity)
    clauses = tuple(sorted({effect.law for option in options for effect in option.effects}))
    return Decision(decision_id, irregularity, clauses, questions, answers, options)


def _dummy_clause(edition: Edition) -> LawRef:
    return ref(edition, "57C1" if edition is Edition.LAWS_2007 else "57C2")


@law("57C2", editions=LAWS_2017, title="Dummy chose or suggested a card")
def dummy_suggested_question(edition: Edition) -> Question:
    """2007 57C1 / 2017 57C2: no rectification when dummy illegally suggested a card (45F);
    2017 also when dummy chose a card on his own initiative before his RHO played."""
    prompt = (msg("Did dummy illegally suggest a card, or on his own initiative chose one "
                  "before his RHO played, before the defender played prematurely?")
              if edition is Edition.LAWS_2017 else
              msg("Did dummy illegally suggest a card before the defender played "
                  "prematurely?"))
    return Question(DUMMY_SUGGESTED, prompt, _dummy_clause(edition), False)


@law("57", title="Premature lead or play")
@law("57A", title="Defender leads or plays before partner: major penalty card, declarer's options")
def partner_options(irregularity: Irregularity) -> tuple[Option, ...]:
    """57A: the offender's card becomes a major penalty card and declarer chooses what the
    offender's partner plays to the trick in progress (57A1-57A4). 57B: a requirement he
    cannot meet is dropped (Law 59, ``play_obligations.legal_cards``)."""
    edition = irregularity.edition
    offender = irregularity.offender
    card = irregularity.action
    assert isinstance(card, Card)
    penalty = PenaltyCard(ref(edition, "57A"), offender, card, irregularity.record, True)
    declarer = _declarer(irregularity)
    partner = offender.partner
    trick = irregularity.trick

    def option(ident: str, text: Msg, clause: str, rule: PlayRule, suit: Suit | None) -> Option:
        restriction = RestrictPlay(ref(edition, clause), partner, rule, suit, None,
                                   Until.THIS_CARD, trick, declarer)
        return Option(ident, msg("{card} becomes a major penalty card; {text}", card=card,
                                 text=text), declarer,
                      (penalty, restriction, cannot_comply(edition)))

    who = partner
    options = [highest(option, who), lowest(option, who)]
    others = [suit for suit in Suit if suit is not _suit_led(irregularity)]
    if edition is Edition.LAWS_2017:
        options += [require_suit(option, who, suit) for suit in others]
    options += [prohibit_suit(option, who, suit, edition) for suit in others]
    return tuple(options)


def _suit_led(irregularity: Irregularity) -> Suit | None:
    return case_of(irregularity)[2]


@law("57B", title="Partner cannot comply")
def cannot_comply(edition: Edition) -> Cite:
    """57B: a partner unable to comply with declarer's choice plays any card Law 59 allows:
    ``play_obligations.legal_cards`` drops a requirement he cannot meet (never 44C)."""
    return Cite(ref(edition, "57B"))


MakeOption = Callable[[str, Msg, str, PlayRule, Suit | None], Option]
"""Builds a 57A option: id, description, clause, rule for partner, suit."""


@law("57A1", title="Require partner's highest card of suit led")
def highest(option: MakeOption, who: Seat) -> Option:
    """57A1: partner plays his highest card of the suit led."""
    return option(
        "highest", msg("{who} must play his highest card of the suit led", who=who), "57A1",
        PlayRule.HIGHEST, None)


@law("57A2", title="Require partner's lowest card of suit led")
def lowest(option: MakeOption, who: Seat) -> Option:
    """57A2: partner plays his lowest card of the suit led."""
    return option(
        "lowest", msg("{who} must play his lowest card of the suit led", who=who), "57A2",
        PlayRule.LOWEST, None)


@law("57A3", editions=LAWS_2017, title="Require partner to play another named suit")
def require_suit(option: MakeOption, who: Seat, suit: Suit) -> Option:
    """2017 57A3: partner plays a card of another suit declarer names."""
    return option(
        require_id(suit), msg("{who} must play a card of {suit}", who=who,
                              suit=suit_name(suit)), "57A3",
        PlayRule.REQUIRE_SUIT, suit)


@law("57A3", editions=LAWS_2007, title="Forbid partner another named suit")
@law("57A4", editions=LAWS_2017, title="Forbid partner another named suit")
def prohibit_suit(option: MakeOption, who: Seat, suit: Suit, edition: Edition) -> Option:
    """2007 57A3 / 2017 57A4: partner may not play a card of another suit declarer names."""
    clause = "57A3" if edition is Edition.LAWS_2007 else "57A4"
    return option(
        prohibit_id(suit), msg("{who} may not play a card of {suit}", who=who,
                               suit=suit_name(suit)), clause,
        PlayRule.FORBID_SUIT, suit)


def _declarer(irregularity: Irregularity) -> Seat:
    declarer = irregularity.declarer
    assert declarer is not None
    return declarer


def hold_for_turn(irregularity: Irregularity, law_ref: LawRef) -> tuple[Effect, ...]:
    """The card stands as the player's play to the trick in progress, made at his turn:
    back to his hand for now, the only card he may play when his turn comes."""
    card = irregularity.action
    assert isinstance(card, Card)
    return (ReturnCard(law_ref, irregularity.record),
            RestrictPlay(law_ref, irregularity.offender, PlayRule.PLAY_CARD, None, card,
                         Until.THIS_CARD, irregularity.trick))


@law("57C2", editions=LAWS_2007, title="Declarer's premature play stands")
@law("57C3", editions=LAWS_2017, title="Declarer's legal premature play stands")
def declarer_card(irregularity: Irregularity, legal: bool) -> Option:
    """2007 57C2 / 2017 57C3: declarer's premature card from either hand is played and may
    not be withdrawn. 2017: only if legal; an illegal card is a revoke corrected under 62
    (declarer's card goes back without rectification, 62B2). 2007 gives the same through
    62A (the revoke is found before it is established) [§9 decision]."""
    edition = irregularity.edition
    clause = ref(edition, "57C2" if edition is Edition.LAWS_2007 else "57C3")
    card = irregularity.action
    if legal:
        return Option("keep", msg("{card} is played and may not be withdrawn: it is played "
                                 "at its turn", card=card), DIRECTOR,
                      hold_for_turn(irregularity, clause))
    return Option("return", msg("{card} does not follow suit: a revoke corrected at once "
                             "(Law 62); it goes back to the hand", card=card), DIRECTOR,
                  (Cite(clause), Cite(ref(edition, "62A")),
                   ReturnCard(ref(edition, "62B2"), irregularity.record)))


def no_rectification(irregularity: Irregularity, legal: bool, clause: LawRef) -> Option:
    """57C: the defender is not rectified for playing before his partner: his card is his
    play to the trick. If it fails to follow suit it is a revoke found at once: corrected,
    the card a major penalty card (62A, 62B1)."""
    edition = irregularity.edition
    card = irregularity.action
    assert isinstance(card, Card)
    if legal:
        return Option("no-rectification", msg("No rectification: {card} is played at its turn",
                                                 card=card),
                      DIRECTOR, (Cite(clause), *hold_for_turn(irregularity, clause)))
    return Option("penalty-card", msg("{card} does not follow suit: a revoke corrected at once; "
                                   "it becomes a major penalty card (62B1)", card=card),
                  DIRECTOR,
                  (Cite(clause), Cite(ref(edition, "62A")),
                   PenaltyCard(ref(edition, "62B1"), irregularity.offender, card,
                               irregularity.record, True)))


def _at_rho_turn(irregularity: Irregularity, answers: Mapping[str, Answer],
                 legal: bool) -> tuple[tuple[Question, ...], tuple[Option, ...]]:
    edition = irregularity.edition
    if edition is Edition.LAWS_2017:
        return (), (at_rho_turn(irregularity, legal),)
    question = plays_at_turn_question(edition)
    if answers.get(PLAYS_AT_TURN, False) and legal:
        return (question,), (Option("keep", msg("{card} is played at his turn",
                                                card=irregularity.action),
                                    DIRECTOR, hold_for_turn(irregularity, ref(edition, "57"))),)
    return (question,), (_penalty_card(irregularity, ref(edition, "50")),)


@law("57D", editions=LAWS_2017, title="Defender plays at right-hand opponent's turn")
def at_rho_turn(irregularity: Irregularity, legal: bool) -> Option:
    """2017 57D: a defender plays (not leads) at his RHO's turn, his partner having played:
    Law 16 applies (the information is unauthorised for his side); a card he may legally
    play to the trick is played at his turn, otherwise it is a major penalty card."""
    edition = irregularity.edition
    clause = ref(edition, "57D")
    tag = InformationTag(withdrawn_information(edition), irregularity.record,
                         irregularity.declaring_side)
    if legal:
        return Option("keep", msg("{card} is played at his turn (Law 16 applies)",
                                   card=irregularity.action),
                      DIRECTOR, (tag, *hold_for_turn(irregularity, clause)))
    option = _penalty_card(irregularity, clause)
    return Option(option.id, option.description, DIRECTOR, (tag, *option.effects))


@law("57", editions=LAWS_2007, title="Premature lead or play")
def plays_at_turn_question(edition: Edition) -> Question:
    """2007 has no 57D: a defender who plays at his RHO's turn after his partner played is
    not under 57A; his card was exposed early and is a penalty card (Law 50 preamble)
    unless the Director decides it stands as his play at his turn (§9 question 5)."""
    return Question(PLAYS_AT_TURN, msg("2007 has no 57D: does the card stand as the defender's "
                                        "play at his turn (if legal), rather than a penalty "
                                        "card (Law 50)?"),
                    ref(edition, "57"), False)


def _penalty_card(irregularity: Irregularity, clause: LawRef) -> Option:
    card = irregularity.action
    assert isinstance(card, Card)
    return Option("penalty-card", msg("{card} becomes a major penalty card", card=card), DIRECTOR,
                  (PenaltyCard(clause, irregularity.offender, card, irregularity.record, True),))


RECTIFICATION = Rectification(decide, no_call_before_ruling)
