"""Laws 45-47: when a card is played, declarer's designation of dummy's card, and the only
routes by which a played card may be taken back.

A designation by words (45B, 45C4(a)) is resolved by Law 46 (``rules.designation``); what
Law 46 leaves open (declarer must say which card, a void designation, "play anything", no
card known to win) becomes a decision that waits for the card declarer (or, under 46B5, a
defender) then designates from dummy. Whether declarer's different intention was
incontrovertible is the Director's judgement (J46), asked with the mechanical reading as
default. 45E (a fifth card) belongs to Laws 48-50's module.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities.table_talk import TalkRecord, TurnStatement
from dupbridge.laws.machinery.clauses import LAWS_2017, ref, withdrawn_information
from dupbridge.laws.machinery.ruling import (
    AdjustedScore,
    Cite,
    Effect,
    Exposure,
    InformationTag,
    Irregularity,
    IrregularityKind,
    PlayCard,
    Question,
    Resolution,
    ReturnCard,
    Review,
)
from dupbridge.rules import designation as law46
from dupbridge.rules.play import Play

# Law 45: the card played


@law("45", title="When a card is played")
@law("45A", title="Playing a card from a hand")
def played_from_hand(play: Play, seat: Seat) -> bool:
    """45A: a player other than dummy plays by detaching the card and facing it in front
    of him; 45B: dummy's cards are played by declarer (the engine records them as
    ``seat=dummy``)."""
    return seat is not play.dummy


@law("45B", title="Playing a card from dummy")
def plays_dummy(play: Play, seat: Seat) -> Seat:
    """45B: who plays a card of ``seat``'s: declarer for dummy, each player for himself."""
    return play.declarer if seat is play.dummy else seat


@law("45C", title="Card deemed played (2017); compulsory play (2007)")
@law("45C1", title="Defender's card partner could see")
@law("45C2", title="Declarer's card held as played")
@law("45C2(a)", title="Held face up near the table")
@law("45C2(b)", title="Held in a played position")
@law("45C3", title="Dummy's card deliberately touched by declarer")
def deemed_played_question(edition: Edition, play: Play, seat: Seat) -> Question:
    """45C1-C3: whether a card held or touched counts as played is the Director's finding
    (J45C1, J45C3): a defender's card that partner could possibly see (C1), declarer's card
    held face up near the table or in a played position (C2), dummy's card deliberately
    touched by declarer (C3, unless arranging or reaching another card). The default the
    catalogue proposes is that it was played (``card_held`` asks it at the table)."""
    if seat is play.dummy:
        return held_question(edition, "45C3")
    return held_question(edition, "45C2" if seat is play.declarer else "45C1")


def held_question(edition: Edition, clause: str) -> Question:
    if clause == "45C3":
        return Question("deliberate-touch", msg("Did declarer touch dummy's card deliberately, "
                                             "not to arrange dummy or reach another card?"),
                        ref(edition, clause), True)
    if clause.startswith("45C2"):
        return Question("held-as-played", msg("Was declarer's card held face up near the table, "
                                           "or in a position showing it was played?"),
                        ref(edition, clause), True)
    return Question("could-see", msg("Could partner possibly have seen the card's face?"),
                    ref(edition, clause), True)


HELD = frozenset({Exposure.HELD, Exposure.HELD_AS_PLAYED, Exposure.TOUCHED})
"""The exposures ``card_held`` rules on: a card that may count as played (45C1-C3)."""


def card_held(edition: Edition, play: Play, seat: Seat, card: Card, how: Exposure,
              record: int) -> Irregularity:
    """A card of ``seat``'s held (45C1: a defender's, partner could see it; 45C2(a):
    declarer's, face up touching or near the table; 45C2(b): declarer's, in a played
    position) or, dummy's, touched by declarer (45C3). ``stage``: the clause and whether it
    was ``seat``'s turn (``turn`` / ``not-turn``): the Director then finds whether it counts
    as played."""
    if how is Exposure.TOUCHED:
        if seat is not play.dummy:
            raise ActionRejected(msg("45C3 is about dummy's cards: declarer touches a card of "
                                     "dummy's"))
        clause = "45C3"
    elif seat is play.dummy:
        raise ActionRejected(msg("declarer plays dummy's cards: a card of dummy's he touches is "
                                 "ruled under 45C3"))
    elif seat is play.declarer:
        clause = "45C2(b)" if how is Exposure.HELD_AS_PLAYED else "45C2(a)"
    else:
        clause = "45C1"
    turn = "turn" if play.next_to_play is seat else "not-turn"
    return Irregularity(IrregularityKind.CARD_HELD, edition, seat, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, is_lead=not play.current_trick.cards,
                        stage=f"{clause} {turn}", declarer=play.declarer)


@law("45C4", title="Naming or designating a card")
@law("45C4(a)", title="A named card is played")
def named(play: Play, seat: Seat, card: Card) -> Card:
    """45C4(a): a card a player names as the one he proposes to play is played (2017: but
    see Law 47): it must be his (dummy's, when declarer names dummy's card)."""
    if not play.holds(seat, card):
        raise ActionRejected(msg("{seat} does not hold {card}", seat=seat, card=card))
    return card


@law("45C5", title="A penalty card may have to be played")
def penalty_card_law(edition: Edition) -> LawRef:
    """45C5: a penalty card may have to be played: Law 50 says when."""
    return ref(edition, "50")


# Designation by words (45B, 45C4(a), 46)


@dataclass(frozen=True, slots=True)
class Designation:
    """What declarer said: a card, a suit, a rank, "high"/"low"/"win" (of a suit or
    not), or "anything"."""

    word: str = ""  # high, low, win, anything; "" when a suit and/or rank was named
    suit: Suit | None = None
    rank: Rank | None = None


WORDS = ("high", "low", "win", "anything")


def parse_designation(text: str) -> Designation:
    """``"SQ"``, ``"S"``, ``"Q"``, ``"high"``, ``"high S"``, ``"low"``, ``"win"``,
    ``"anything"``."""
    words = text.split()
    if not words or len(words) > 2:
        raise ParseError("expected a card, a suit, a rank, or high|low|win|anything", text)
    word = words[0].lower()
    if word in WORDS:
        suit = Suit.parse(words[1]) if len(words) == 2 and word in ("high", "low") else None
        if len(words) == 2 and suit is None:
            raise ParseError(f"{word!r} takes no suit", text, len(words[0]) + 1)
        return Designation(word, suit)
    if len(words) != 1:
        raise ParseError("expected a card, a suit, a rank, or high|low|win|anything", text)
    if len(word) >= 2:
        card = Card.parse(words[0])
        return Designation("", card.suit, card.rank)
    try:
        return Designation("", Suit.parse(words[0]))
    except ParseError:
        return Designation("", None, Rank.parse(words[0]))


@law("46", title="Incomplete or erroneous call of a card from dummy")
@law("46A", title="Proper form: suit and rank")
@law("46B", title="Incomplete or erroneous call: what it means")
@law("46B1", title="\"High\", \"win\", \"low\"")
def resolve(play: Play, said: Designation) -> tuple[str | None, law46.DesignationResult]:
    """46A: declarer should name suit and rank; if he did, the card is designated (46B4 if
    dummy has no such card). Otherwise 46B says what the words mean (``rules.designation``);
    the clause is returned with the result (None: a complete designation, 45C4(a))."""
    if said.word == "high":
        return "46B1(a)", law46.high(play, said.suit)
    if said.word == "low":
        return "46B1(c)", law46.low(play, said.suit)
    if said.word == "win":
        return "46B1(b)", law46.win(play)
    if said.word == "anything":
        return "46B5", law46.anything(play)
    if said.suit is not None and said.rank is not None:
        return None, law46.named_card(play, Card(said.suit, said.rank))
    if said.suit is not None:
        return "46B2", law46.suit_only(play, said.suit)
    assert said.rank is not None
    return "46B3", law46.rank_only(play, said.rank)


@law("46B3", title="A rank without a suit")
def designation(edition: Edition, play: Play, seat: Seat, text: str,
                record: int) -> Card | Irregularity:
    """What a designation by words does: the card it designates (played as if placed), or
    the irregularity the Director rules on (an incomplete designation of dummy's card:
    J46; or one that leaves declarer, a defender or the Director to choose)."""
    said = parse_designation(text)
    if seat is not play.dummy:
        if said.suit is None or said.rank is None:
            raise ActionRejected(msg("Law 46 covers only dummy's cards: a player names his own "
                                     "card by suit and rank (45C4(a))"))
        return named(play, seat, Card(said.suit, said.rank))
    clause, result = resolve(play, said)
    if clause is None and isinstance(result, law46.Designated):
        return result.card  # a complete designation (45B, 45C4(a))
    if clause == "46B3":
        clause = "46B3(b)" if play.current_trick.cards else "46B3(a)"
    if isinstance(result, law46.VoidDesignation):
        clause = "46B4"
    elif isinstance(result, law46.NoCardKnownToWin):
        clause = "46B1(b)"
    card = result.card if isinstance(result, law46.Designated) else _any_card(play)
    kind = _KINDS[type(result)]
    return Irregularity(IrregularityKind.DESIGNATION, edition, play.dummy, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, is_lead=not play.current_trick.cards,
                        stage=f"{kind} {clause} {text}")


_KINDS: dict[type, str] = {
    law46.Designated: "designated",
    law46.DeclarerMustChoose: "declarer-chooses",
    law46.VoidDesignation: "void",
    law46.DefenderChooses: "defender-chooses",
    law46.NoCardKnownToWin: "no-card-known-to-win",
}


def _any_card(play: Play) -> Card:
    """A card of dummy's, to stand for a designation that names none (only described)."""
    return min(play.hand(play.dummy), key=lambda card: (card.suit.value, card.rank))


# 45C4(b), 47C, 47D: a change of designation


@law("45C4(b)", title="Correcting an unintended designation")
def may_change_designation(edition: Edition, play: Play, seat: Seat,
                           later: tuple[Seat, ...]) -> LawRef | None:
    """Whether the designation of ``seat``'s card may still be changed (``later``: the
    hands that have played since): None if it may, else the clause that stops it. 2007:
    any player, until his partner has played (for dummy's card: until declarer has played
    from either hand, the catalogue's reading); 2017: only declarer's designation of
    dummy's card, until he next plays from either hand. Whether it was unintended and
    corrected without pause for thought (2007) or a slip of the tongue (2017) is asked."""
    law = ref(edition, "45C4(b)")
    if edition is Edition.LAWS_2017:
        if seat is not play.dummy:
            return law
        stop = {play.declarer, play.dummy}
    else:
        stop = {seat.partner} if seat is not play.dummy else {play.declarer, play.dummy}
    return law if stop & set(later) else None


def change_of_designation(edition: Edition, play: Play, seat: Seat, card: Card, record: int,
                          later: tuple[Seat, ...]) -> Irregularity:
    """The irregularity the Director rules on when ``seat``'s designated card (``record``)
    is to be replaced by ``card``; refused (ActionRejected, 47F2) when too late or, in
    2017, not declarer's designation of a dummy card."""
    stop = may_change_designation(edition, play, seat, later)
    if stop is not None:
        raise ActionRejected(msg("{seat}'s designation can no longer be changed ({stop}); a "
                                 "played card is retracted only as Law 47 allows ({law})",
                                 seat=seat, stop=stop, law=ref(edition, "47F2")))
    if not play.holds(seat, card):
        raise ActionRejected(msg("{seat} does not hold {card}", seat=seat, card=card))
    return Irregularity(IrregularityKind.RETRACTION, edition, seat, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, stage="45C4(b)")


# 45D: dummy places a card declarer did not name


@law("45D", title="Card played by dummy in error")
@law("45D1", editions=LAWS_2017, title="Withdrawn before each side plays to the next trick")
def misplaced_may_be_withdrawn(trick: int, later: tuple[tuple[Seat, int], ...]) -> bool:
    """45D (2017 D1): dummy's card that declarer did not name must be withdrawn if attention
    is drawn before each side has played to the next trick (``later``: the hands and tricks
    of the cards played since)."""
    sides = {seat.side for seat, played_to in later if played_to > trick}
    return len(sides) < 2


@law("45D2", editions=LAWS_2017, title="Too late to change: the play stands")
@law("45D2(a)", editions=LAWS_2017, title="Misplaced card led: a revoke may follow")
@law("45D2(b)", editions=LAWS_2017, title="Dummy revoked: 64B3 and 64C")
def misplaced_too_late(edition: Edition, led: bool) -> tuple[Effect, ...]:
    """2017 45D2: too late to withdraw: the play stands; if the card was the lead, a player
    who failed to follow its suit revoked (64A, 64B7, 64C); if dummy thereby revoked, 64B3
    (no automatic adjustment) and 64C apply. 2007 45D says nothing more: the play stands."""
    if edition is Edition.LAWS_2007:
        return (Cite(ref(edition, "45D")),)
    clause = "45D2(a)" if led else "45D2(b)"
    note = (msg("dummy's misplaced lead stands: a failure to follow its suit is a revoke "
                "(64A, 64B7, 64C)") if led else
            msg("dummy's misplaced card stands: if dummy revoked, 64B3 and 64C apply"))
    return (Cite(ref(edition, "45D2")), Review(ref(edition, clause), note))


def misplaced_card(edition: Edition, play: Play, record: int, trick: int, named_card: Card,
                   later: tuple[tuple[Seat, int], ...], led: bool) -> Resolution:
    """The Director's ruling on dummy's misplaced card (``record``, played to ``trick``)
    when declarer had named ``named_card``."""
    if not misplaced_may_be_withdrawn(trick, later):
        return Resolution(misplaced_too_late(edition, led))
    law = ref(edition, "45D1" if edition is Edition.LAWS_2017 else "45D")
    # The withdrawn card is unauthorised information for declarer's side (2007 16D,
    # 2017 16C), authorised for the defenders.
    tag = InformationTag(withdrawn_information(edition), record, play.declarer.side.other)
    return Resolution((ReturnCard(law, record), tag, Cite(ref(edition, "47D")),
                       PlayCard(law, play.dummy, named_card)))


# 45F: dummy indicates a card


@law("45F", title="Dummy indicates a card")
def dummy_indicated(edition: Edition) -> tuple[Effect, ...]:
    """45F: dummy touched or indicated a card without declarer's instruction: play goes on;
    at the end the Director awards an adjusted score if dummy suggested the play and the
    defenders were damaged (J45F). A defender's premature play that follows is Law 57C's."""
    return (Review(ref(edition, "45F"), msg("dummy indicated a card: adjusted score if dummy "
                                          "suggested the play and the defenders were "
                                          "damaged")),)


# Law 47: the only routes for taking back a played card


@law("47", title="Retraction of a card played")
@law("47A", title="To comply with a rectification")
@law("47B", title="To correct an illegal play")
@law("47F", title="No other retraction")
@law("47F1", title="Cards played to an irregular lead (53B/53C)")
@law("47F2", title="No other retraction is allowed")
def retraction_route(edition: Edition, route: str) -> LawRef:
    """The clause under which a played card may be taken back: ``rectification`` (47A),
    ``illegal`` (47B, 58 for simultaneous plays), ``designation`` (47C), ``opponent``
    (47D), ``turn`` (47E1), ``explanation`` (47E2), ``irregular-lead`` (47F1: 2007 53C,
    2017 53B). Any other route is refused (47F2)."""
    clause = _ROUTES.get(route)
    if clause is None:
        raise ActionRejected(msg("a played card may not be taken back ({law})",
                                 law=ref(edition, "47F2")))
    return ref(edition, clause)


_ROUTES = {"rectification": "47A", "illegal": "47B", "designation": "47C", "opponent": "47D",
           "turn": "47E1", "explanation": "47E2(a)", "irregular-lead": "47F1"}


@law("47E", title="Change of play based on misinformation")
@law("47E1", title="Misinformed that it was his turn")
def misinformed_turn(edition: Edition) -> tuple[Effect, ...]:
    """47E1: a lead or play out of turn made because an opponent said wrongly that it was
    his turn may be retracted with no rectification, and the offender's LHO may not accept
    it. 2017 adds: 63A1 does not apply (it establishes no revoke) and 16C."""
    effects: tuple[Effect, ...] = (Cite(ref(edition, "47E1")),)
    if edition is Edition.LAWS_2017:
        effects += (Cite(ref(edition, "16C")),)
    return effects


def lho_may_accept(misinformed: bool) -> bool:
    """47E1: the offender's LHO may not accept a lead out of turn he was misinformed into."""
    return not misinformed


def establishes_revoke(edition: Edition, misinformed: bool) -> bool:
    """2017 47E1: a misinformed lead out of turn does not establish a revoke (63A1 does not
    apply); 2007 is silent, so 63A1 applies."""
    return not (edition is Edition.LAWS_2017 and misinformed)


@law("47E2", title="Misexplanation of a call or play")
@law("47E2(a)", title="Retraction before a later card is played")
@law("47E2(b)", title="Too late: an adjusted score")
def after_misexplanation(edition: Edition, record: int, to_that_trick: bool, any_later: bool,
                         opening_lead: bool, dummy_faced: bool) -> tuple[Effect, ...]:
    """47E2: a card played after an opponent's misexplanation, before its correction, may
    be changed with no rectification if no card has since been played (2007: to that trick;
    2017 (V6): at all), never an opening lead once dummy has faced a card; otherwise the
    Director may award an adjusted score (47E2(b))."""
    later = to_that_trick if edition is Edition.LAWS_2007 else any_later
    if later or (opening_lead and dummy_faced):
        return (AdjustedScore(ref(edition, "47E2(b)"), msg("card played after a misexplanation "
                                                   "could no longer be changed"),
                              artificial=False, played=True),)
    return (ReturnCard(ref(edition, "47E2(a)"), record),)


# 47E1 at the table: a wrong "your turn" by an opponent


MISINFORMED_TURN = "47E1"


_OUT_OF_TURN = (IrregularityKind.LEAD_OUT_OF_TURN, IrregularityKind.PREMATURE_PLAY)


def turn_stated(edition: Edition, play: Play | None, seat: Seat, told: Seat,
                at: int) -> TurnStatement:
    """``seat`` tells ``told`` that it is his turn (``at``: the records so far). Recorded as
    said; whether it was wrong, and acted on, is judged when ``told`` plays (47E1)."""
    if play is None:
        raise ActionRejected(msg("a turn to lead or play is stated only during the play (47E1)"))
    if not seat.is_opponent_of(told):
        raise ActionRejected(msg("47E1 is about an opponent's statement; partner's word is "
                                 "extraneous information (Law 16)"))
    return TurnStatement(seat, told, ref(edition, "47E1"), at)


@law("47E1", title="Misinformed that it was his turn")
def misinformed(irregularity: Irregularity, talk: tuple[TalkRecord, ...]) -> Irregularity:
    """47E1: a lead or play out of turn made at once after an opponent told the player it
    was his turn is no longer the 53-57 irregularity alone: the player may retract it and
    his LHO may not accept it. The irregularity is kept whole in the stage, to be decided
    by its own law without the LHO's acceptance."""
    if irregularity.kind not in _OUT_OF_TURN or not any(
            isinstance(item, TurnStatement) and item.told is irregularity.offender
            and item.at == irregularity.record for item in talk):
        return irregularity
    return replace(irregularity, kind=IrregularityKind.RETRACTION,
                   stage=f"{MISINFORMED_TURN} {irregularity.kind.name} {irregularity.stage}")


def is_misinformed_turn(irregularity: Irregularity) -> bool:
    return (irregularity.kind is IrregularityKind.RETRACTION
            and irregularity.stage.startswith(MISINFORMED_TURN + " "))


# 47E2 at the table: a card played after a mistaken explanation, corrected in the play


MISEXPLANATION = "47E2"


Standing = tuple[tuple[int, Seat, Card, int], ...]
"""The cards standing in the play, in order: record, seat, card, trick."""


@law("47E2(a)", title="Retraction before a later card is played")
def misexplained_play(edition: Edition, play: Play | None, cards: Standing, explainer: Seat,
                      since: int, misexplained_call: bool) -> Irregularity | None:
    """A side corrects its explanation (``explainer``'s, given when the table held ``since``
    records) during the play: the last card the misinformed side played since then is the
    one 47E2 may let its player change; None if they played none (Law 21B alone then)."""
    if play is None or not play.opening_lead_made:
        return None
    theirs = [c for c in cards if c[0] >= since and c[1].is_opponent_of(explainer)]
    if not theirs:
        return None
    record, seat, card, trick = theirs[-1]
    later = [c for c in cards if c[0] > record]
    opening_lead = record == cards[0][0]
    flags = {"to-that-trick": any(c[3] == trick for c in later), "any-later": bool(later),
             "opening-lead": opening_lead, "dummy-faced": opening_lead and bool(later),
             "call": misexplained_call}
    stage = " ".join([MISEXPLANATION, seat.letter, *(k for k, v in flags.items() if v)])
    return Irregularity(IrregularityKind.RETRACTION, edition, explainer, card, record,
                        play.next_to_play, declaring_side=play.declarer.side,
                        auction_period_over=True, declarer=play.declarer, stage=stage)
