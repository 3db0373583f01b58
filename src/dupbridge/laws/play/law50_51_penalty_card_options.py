"""Declarer's options on a defender's major penalty cards (Laws 50D2, 51): when the owner's
partner is on lead (50D2, 51B) and when the owner could play more than one of them (51A).

The engine asks ``decision_due`` after every event while penalty cards are on the table;
the decision it opens is an ``Irregularity`` of kind PENALTY_CARD_LEAD whose ``stage``
carries what ``decide`` needs (``Stage``): the step (``lead`` or ``play``), the trick, the
declarer who chooses, and the owner's major penalty cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from dupbridge.core.cards import Card, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2017, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    Answer,
    Cite,
    Decision,
    Effect,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    PickUpPenaltyCards,
    PlayRule,
    Resolution,
    RestrictPlay,
    Ruling,
    Until,
)
from dupbridge.laws.play.play_obligations import (
    Obligations,
    legal_cards,
    majors,
    prohibit_id,
    require_id,
    suit_name,
    trick_number,
)
from dupbridge.rules.play import Play

LEAD = "lead"  # 50D2 / 51B: the owner's partner is on lead
PLAY = "play"  # 51A: the owner could play two or more penalty cards

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True, slots=True)
class Stage:
    """What a PENALTY_CARD_LEAD decision is about, written into ``Irregularity.stage`` as
    ``lead/3/N/SA@12,H2@15`` (step, trick, declarer, the owner's major penalty cards with
    their table records)."""

    step: str
    trick: int
    declarer: Seat
    cards: tuple[Card, ...]
    records: tuple[int, ...]

    def __str__(self) -> str:
        cards = ",".join(f"{card}@{record}" for card, record in zip(self.cards, self.records,
                                                                    strict=True))
        return f"{self.step}/{self.trick}/{self.declarer.letter}/{cards}"

    @classmethod
    def parse(cls, text: str) -> Stage:
        step, trick, declarer, listed = text.split("/")
        pairs = [item.split("@") for item in listed.split(",")]
        return cls(step, int(trick), Seat.parse(declarer),
                   tuple(Card.parse(card) for card, _ in pairs),
                   tuple(int(record) for _, record in pairs))

    def record_of(self) -> dict[Card, int]:
        return dict(zip(self.cards, self.records, strict=True))


def _records(penalty_cards: tuple[PenaltyCard, ...], seat: Seat) -> dict[Card, int]:
    return {pc.card: pc.record for pc in penalty_cards if pc.seat is seat}


def _asked(rulings: tuple[Ruling, ...], step: str, trick: int, owner: Seat) -> bool:
    """Whether declarer already chose at this trick (the decision is offered once a trick;
    a Resolution without a choice, T50-9, does not count)."""
    for ruling in rulings:
        irregularity = ruling.decision.irregularity
        if (irregularity.kind is IrregularityKind.PENALTY_CARD_LEAD and ruling.option is not None
                and irregularity.offender is owner):
            stage = Stage.parse(irregularity.stage)
            if stage.step == step and stage.trick == trick:
                return True
    return False


def decision_due(edition: Edition, play: Play, penalty_cards: tuple[PenaltyCard, ...],
                 rulings: tuple[Ruling, ...], record: int,
                 restrictions: tuple[RestrictPlay, ...] = ()) -> Irregularity | None:
    """The decision declarer owes now, if any: his 50D2 / 51B options when the partner of
    a defender with major penalty cards is to lead (again at every trick that partner keeps
    the lead, 50D2(b) footnote), or his 51A designation when the owner could legally play
    two or more of them."""
    del record
    turn = play.next_to_play
    if turn is None or turn.side is play.declarer.side:
        return None
    trick = trick_number(play)
    if not play.current_trick.cards:
        owner = turn.partner
        cards = majors(penalty_cards, owner)
        if cards and not _asked(rulings, LEAD, trick, owner):
            return _irregularity(edition, play, owner,
                                 _stage(LEAD, trick, play, _ordered(cards), penalty_cards, owner))
    cards = majors(penalty_cards, turn)
    if len(cards) >= 2 and not _asked(rulings, PLAY, trick, turn):
        playable = legal_cards(play, turn, Obligations(penalty_cards, restrictions))
        candidates = tuple(card for card in _ordered(cards) if card in playable)
        if len(candidates) >= 2:
            return _irregularity(edition, play, turn,
                                 _stage(PLAY, trick, play, candidates, penalty_cards, turn))
    return None


def _ordered(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: (-card.suit, -card.rank)))


def _stage(step: str, trick: int, play: Play, cards: tuple[Card, ...],
           penalty_cards: tuple[PenaltyCard, ...], owner: Seat) -> Stage:
    records = _records(penalty_cards, owner)
    return Stage(step, trick, play.declarer, cards, tuple(records[card] for card in cards))


def _irregularity(edition: Edition, play: Play, owner: Seat, stage: Stage) -> Irregularity:
    return Irregularity(IrregularityKind.PENALTY_CARD_LEAD, edition, owner, stage.cards[0],
                        stage.records[0], play.next_to_play,
                        declaring_side=play.declarer.side, auction_period_over=True,
                        is_lead=stage.step == LEAD, stage=str(stage), declarer=play.declarer)


@law("50D", title="Rules for a major penalty card")
@law("50D2", title="Partner's lead: declarer's options")
@law("51", title="Two or more penalty cards")
@law("51B", title="Offender's partner to lead")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    """50D2: the owner's partner may not lead until declarer has chosen; 51A: declarer
    designates which of several penalty cards the owner plays."""
    edition = irregularity.edition
    stage = Stage.parse(irregularity.stage)
    if stage.step == PLAY:
        options = designate(edition, irregularity.offender, stage)
        clauses = (ref(edition, "51A"),)
        waits: frozenset[Seat] = frozenset()
    else:
        partner = irregularity.offender.partner
        options = (lead_options(edition, irregularity.offender, stage) if len(stage.cards) == 1
                   else several_options(edition, irregularity.offender, stage))
        clauses = (ref(edition, "50D2") if len(stage.cards) == 1 else ref(edition, "51B"),)
        waits = frozenset({partner})
    return Decision(decision_id, irregularity, clauses, (), answers, options, waits_for=waits)


@law("51A", title="Offender to play: declarer designates")
def designate(edition: Edition, owner: Seat, stage: Stage) -> tuple[Option, ...]:
    """51A: the owner could legally play two or more penalty cards: declarer designates
    the one he plays."""
    return tuple(
        Option(f"play-{str(card).lower()}", msg("{seat} plays {card} (51A)", seat=owner, card=card),
               stage.declarer,
               (RestrictPlay(ref(edition, "51A"), owner, PlayRule.PLAY_CARD, card=card,
                             until=Until.THIS_CARD, trick=stage.trick,
                             chosen_by=stage.declarer),))
        for card in stage.cards)


def _require(edition: Edition, clause: str, owner: Seat, suit: Suit,
             stage: Stage) -> tuple[Effect, ...]:
    law_ = ref(edition, clause)
    return (RestrictPlay(law_, owner.partner, PlayRule.REQUIRE_SUIT, suit=suit,
                         until=Until.THIS_CARD, trick=stage.trick, chosen_by=stage.declarer),
            PickUpPenaltyCards(law_, owner, suit))


def _forbid(edition: Edition, clause: str, owner: Seat, suits: tuple[Suit, ...],
            stage: Stage) -> tuple[Effect, ...]:
    law_ = ref(edition, clause)
    effects: list[Effect] = []
    for suit in suits:
        effects.append(RestrictPlay(law_, owner.partner, PlayRule.FORBID_SUIT, suit=suit,
                                    until=Until.WHILE_ON_LEAD, trick=stage.trick,
                                    chosen_by=stage.declarer))
        effects.append(PickUpPenaltyCards(law_, owner, suit))
    return tuple(effects)


@law("50E2", editions=LAWS_2017, title="Picked-up card: unauthorized to partner")
def picked_up_information(edition: Edition, owner: Seat, cards: tuple[Card, ...],
                          records: Mapping[Card, int]) -> tuple[Effect, ...]:
    """2017 50E2: the information from a penalty card picked up under 50D2(a) / 51B is
    unauthorised for the owner's partner, authorised for declarer. (2007 has no such
    rule: its 50E2 made the card's information unauthorised from the start.)"""
    if edition is Edition.LAWS_2007:
        return ()
    return tuple(InformationTag(ref(edition, "50E2"), records[card], owner.side.other)
                 for card in cards if card in records)


@law("50D2(a)", title="Require or forbid the penalty card's suit")
@law("50D2(b)", title="No restriction: card stays a penalty card")
def lead_options(edition: Edition, owner: Seat, stage: Stage) -> tuple[Option, ...]:
    """50D2(a): declarer requires the penalty card's suit (this lead) or forbids it (while
    partner retains the lead); either way the card is picked up. 50D2(b): neither; the
    card stays a penalty card."""
    card = stage.cards[0]
    partner = owner.partner
    suit = suit_name(card.suit)
    records = stage.record_of()
    info = picked_up_information(edition, owner, (card,), records)
    return (
        Option(require_id(card.suit),
               msg("{partner} must lead {suit}; {card} is picked up (50D2(a))",
                   partner=partner, suit=suit, card=card),
               stage.declarer,
               (*_require(edition, "50D2(a)", owner, card.suit, stage), *info)),
        Option(prohibit_id(card.suit),
               msg("{partner} may not lead {suit} while he retains the lead; {card} is "
                   "picked up (50D2(a))", partner=partner, suit=suit, card=card),
               stage.declarer,
               (*_forbid(edition, "50D2(a)", owner, (card.suit,), stage), *info)),
        Option("no-restriction", msg("{partner} leads any card; {card} stays a penalty card "
                                     "(50D2(b))", partner=partner, card=card),
               stage.declarer, (Cite(ref(edition, "50D2(b)")),)),
    )


@law("51B1", title="Penalty cards in a single suit")
@law("51B1(a)", title="Lead of that suit required")
@law("51B1(b)", title="Lead of that suit forbidden")
@law("51B2", title="Penalty cards in several suits")
@law("51B2(a)", title="Lead of one such suit required")
@law("51B2(b)", title="Lead of such suits forbidden")
def several_options(edition: Edition, owner: Seat, stage: Stage) -> tuple[Option, ...]:
    """51B: two or more penalty cards and the owner's partner on lead. In one suit (B1):
    require it or forbid it, and they are picked up. In several suits (B2): require one of
    them (B1(a) for that suit; the others stay penalty cards, §3 Law 51 (i)), or forbid
    one or more of them (every penalty card of a forbidden suit is picked up). Neither:
    2017 B2(c); in 2007 50D2(b) in general terms (§3 Law 51 (iii))."""
    suits = tuple(suit for suit in SUIT_ORDER if any(c.suit is suit for c in stage.cards))
    single = len(suits) == 1
    require, forbid = ("51B1(a)", "51B1(b)") if single else ("51B2(a)", "51B2(b)")
    records = stage.record_of()
    options = []
    for suit in suits:
        cards = tuple(c for c in stage.cards if c.suit is suit)
        options.append(Option(
            require_id(suit), _required(suit, cards, require), stage.declarer,
            (*_require(edition, require, owner, suit, stage),
             *picked_up_information(edition, owner, cards, records))))
    for size in range(1, len(suits) + 1):
        for chosen in combinations(suits, size):
            cards = tuple(c for c in stage.cards if c.suit in chosen)
            words = "-".join(_word(suit) for suit in chosen)
            options.append(Option(
                f"prohibit-{words}", _forbidden(chosen, cards, forbid), stage.declarer,
                (*_forbid(edition, forbid, owner, chosen, stage),
                 *picked_up_information(edition, owner, cards, records))))
    options.append(Option("no-restriction", msg("no requirement: the penalty cards stay ({clause})",
                                                 clause=_no_requirement(edition, single)),
                          stage.declarer,
                          (Cite(ref(edition, _no_requirement(edition, single))),)))
    return tuple(options)


@law("51B2(c)", editions=LAWS_2017, title="No requirement: penalty cards remain")
def _no_requirement(edition: Edition, single: bool) -> str:
    """2017 51B2(c): penalty cards in several suits, declarer requires nothing: they stay.
    With one suit (and in 2007 for several suits) 50D2(b) says so in general terms."""
    return "51B2(c)" if edition is Edition.LAWS_2017 and not single else "50D2(b)"


def _word(suit: Suit) -> str:
    """A suit in an option id, as in ``require_id``: ``spades``."""
    return suit.name.lower()


def _required(suit: Suit, cards: tuple[Card, ...], clause: str) -> Msg:
    # One template for a single card, one for several: the verb agrees with the cards.
    if len(cards) == 1:
        return msg("the lead of {suit} is required; {cards} is picked up ({clause})",
                   suit=suit_name(suit), cards=cards, clause=clause)
    return msg("the lead of {suit} is required; {cards} are picked up ({clause})",
               suit=suit_name(suit), cards=cards, clause=clause)


def _forbidden(suits: tuple[Suit, ...], cards: tuple[Card, ...], clause: str) -> Msg:
    if len(cards) == 1:
        return msg("no lead of {suits} while the lead is retained; {cards} is picked up "
                   "({clause})", suits=_suits(suits), cards=cards, clause=clause)
    return msg("no lead of {suits} while the lead is retained; {cards} are picked up "
               "({clause})", suits=_suits(suits), cards=cards, clause=clause)


def _suits(suits: tuple[Suit, ...]) -> Msg:
    """"spades or hearts or clubs", each "or" a message of its own."""
    words = suit_name(suits[0])
    for suit in suits[1:]:
        words = msg("{suits} or {suit}", suits=words, suit=suit_name(suit))
    return words


def card_before_ruling(irregularity: Irregularity, seat: Seat, card: Card,
                       record: int) -> Irregularity | Resolution:
    """50D2: the owner's partner leads before declarer has chosen: his card is exposed
    early and becomes a penalty card (Law 49; deliberate, so major); declarer's choice is
    offered again (T50-9)."""
    return Resolution((PenaltyCard(ref(irregularity.edition, "49"), seat, card, record, True),
                       Cite(ref(irregularity.edition, "50D2"))))


RECTIFICATION = Rectification(decide, no_call_before_ruling, card_before_ruling=card_before_ruling)

__all__ = ["RECTIFICATION", "LawRef", "decide", "decision_due"]
