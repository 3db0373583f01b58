"""What a player may lead or play when the Laws put obligations on him, in the order of
their precedence (Law 44C first), and which failure a card outside them is (Law 61A).

Precedence, most binding first (catalogue laws-41-71 §1.3):
1. follow suit if able (44C overrides every other requirement);
2. the lead and play restrictions a rectification imposed (26, 50D2, 51B, 57A; 50D1(b)
   puts them before penalty cards);
3. a major penalty card, at the first legal opportunity (50D1(a)); declarer says which of
   several (51A);
4. a minor penalty card: no other card of its suit below honour rank before it (50C);
5. Law 59: a requirement the player cannot meet is dropped; he plays any card the others
   allow.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from dupbridge.core.cards import SUIT_MASKS, Card, CardSet, Rank, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import PenaltyCard, PlayRule, RestrictPlay, Until
from dupbridge.rules.play import Play

_SUIT_NAMES = {Suit.SPADES: msg("spades"), Suit.HEARTS: msg("hearts"),
               Suit.DIAMONDS: msg("diamonds"), Suit.CLUBS: msg("clubs")}


def suit_name(suit: Suit) -> Msg:
    """The suit in words ("spades"), itself a message, for the rectifications that name a
    suit a player must or may not lead or play (50D2, 51B, 57A)."""
    return _SUIT_NAMES[suit]


# The ids of declarer's options that restrict a lead or play to or from a suit. Here, with
# the restrictions they impose, because they are applied in the play whichever law imposes
# them (26A2, 26B, 50D2, 57A): the auction's Law 26 uses them as well as the play's laws.


def require_id(suit: Suit) -> str:
    return f"require-{suit.name.lower()}"


def prohibit_id(suit: Suit) -> str:
    return f"prohibit-{suit.name.lower()}"


def trick_number(play: Play) -> int:
    """The trick now being played, 1-based."""
    return len(play.tricks) + 1


# Penalty cards (Law 50B)


def penalty_cards_of(penalty_cards: tuple[PenaltyCard, ...], seat: Seat) -> tuple[PenaltyCard, ...]:
    return tuple(pc for pc in penalty_cards if pc.seat is seat)


@law("50B", title="Major and minor penalty cards")
@law("50B1", editions=(Edition.LAWS_2017,), title="When a penalty card is minor")
@law("50B2", editions=(Edition.LAWS_2017,), title="When a penalty card is major")
def is_major(penalty_card: PenaltyCard) -> bool:
    """50B: a card of honour rank, or exposed through deliberate play, is a major penalty
    card; a single card below honour rank exposed unintentionally is minor until its owner
    comes to hold two or more penalty cards (``with_penalty_card``), and then major for
    good."""
    return penalty_card.major


def with_penalty_card(edition: Edition, penalty_cards: tuple[PenaltyCard, ...],
                      new: PenaltyCard) -> tuple[PenaltyCard, ...]:
    """The penalty cards once ``new`` joins them (a card already there is replaced, keeping
    a major status it had). 50B: when a defender has two or more penalty cards all of them
    become major; the change is recorded on each card with its clause, so that it holds
    after the others are played or picked up (51B)."""
    old = next((pc for pc in penalty_cards if pc.seat is new.seat and pc.card == new.card),
               None)
    if old is not None and old.became_major is not None and not is_major(new):
        new = replace(new, became_major=old.became_major)
    cards = (*(pc for pc in penalty_cards if pc is not old), new)
    if len(penalty_cards_of(cards, new.seat)) < 2:
        return cards
    clause = two_or_more_become_major(edition)
    return tuple(replace(pc, became_major=clause)
                 if pc.seat is new.seat and not is_major(pc) else pc for pc in cards)


@law("50B", editions=(Edition.LAWS_2007,), title="Two or more penalty cards: all major")
@law("50B2", editions=(Edition.LAWS_2017,), title="Two or more penalty cards: all major")
def two_or_more_become_major(edition: Edition) -> LawRef:
    """2007 50B / 2017 50B2: a defender with two or more penalty cards has only major ones."""
    return ref(edition, "50B" if edition is Edition.LAWS_2007 else "50B2")


def majors(penalty_cards: tuple[PenaltyCard, ...], seat: Seat) -> tuple[Card, ...]:
    return tuple(pc.card for pc in penalty_cards if pc.seat is seat and is_major(pc))


def minors(penalty_cards: tuple[PenaltyCard, ...], seat: Seat) -> tuple[Card, ...]:
    return tuple(pc.card for pc in penalty_cards if pc.seat is seat and not is_major(pc))


# Restrictions in force


def in_force(play: Play, restriction: RestrictPlay, seat: Seat) -> bool:
    """Whether ``restriction`` governs the card ``seat`` is about to lead or play: a
    requirement for one card, at the trick it names (or his next lead); a prohibition for
    as long as he retains the lead (he has led, and won, every trick since)."""
    if restriction.seat is not seat:
        return False
    now = trick_number(play)
    if restriction.until is Until.THIS_CARD:
        if restriction.trick:
            return now == restriction.trick
        return not play.current_trick.cards
    start = restriction.trick or now
    if now < start or play.current_trick.cards:
        return False
    return all(trick.winner is seat for trick in play.tricks[start - 1:now - 1])


def _restricted(play: Play, restriction: RestrictPlay, cards: int) -> int:
    """The cards among ``cards`` (a mask) that meet ``restriction`` in the trick in
    progress; 0 if none can."""
    trick = play.current_trick
    return _restricted_in(trick.suit_led if trick.cards else None, restriction, cards)


def _restricted_in(suit_led: Suit | None, restriction: RestrictPlay, cards: int) -> int:
    """The cards among ``cards`` (a mask) that meet ``restriction`` in a trick whose suit
    led is ``suit_led`` (None: he leads to it); 0 if none can."""
    rule = restriction.rule
    if rule is PlayRule.PLAY_CARD:
        assert restriction.card is not None
        return cards & restriction.card.bit
    if rule is PlayRule.REQUIRE_SUIT:
        assert restriction.suit is not None
        return cards & SUIT_MASKS[restriction.suit]
    if rule is PlayRule.FORBID_SUIT:
        assert restriction.suit is not None
        return cards & ~SUIT_MASKS[restriction.suit]
    if suit_led is None:
        return 0
    led = cards & SUIT_MASKS[suit_led]
    if not led:
        return 0
    ranked = sorted(CardSet(led), key=lambda card: card.rank)
    chosen = ranked[-1] if rule is PlayRule.HIGHEST else ranked[0]
    return chosen.bit


# The cards a player may play


@dataclass(frozen=True, slots=True)
class Obligations:
    """The obligations in force at a table during the play."""

    penalty_cards: tuple[PenaltyCard, ...] = ()
    restrictions: tuple[RestrictPlay, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.penalty_cards or self.restrictions)


NO_OBLIGATIONS = Obligations()


@law("44A", title="The leader may lead any card, subject to his side's rectifications")
@law("50D1(b)", title="Following suit and restrictions come before a penalty card")
@law("59", title="Inability to lead or play as required")
def legal_cards(play: Play, seat: Seat, obligations: Obligations) -> CardSet:
    """The cards ``seat`` may lead or play now, every obligation in force applied in the
    order of precedence of the Laws (module docstring). A requirement he cannot meet is
    dropped (59), never the duty to follow suit (44C)."""
    trick = play.current_trick
    in_force_now = (r for r in obligations.restrictions if in_force(play, r, seat))
    mask = _obeying(play.legal_cards(seat).mask, trick.suit_led if trick.cards else None,
                    in_force_now)
    return CardSet(_penalty_card_rules(mask, seat, obligations.penalty_cards))


def cards_for_trick(hand: CardSet, suit_led: Suit, trick: int, seat: Seat,
                    obligations: Obligations) -> CardSet:
    """The cards of ``hand`` that ``seat`` may legally play, following to trick number
    ``trick`` (suit led ``suit_led``) at a turn he missed there (a defective trick, 67A1):
    follow suit if able (44C), then the play restrictions a rectification put on his card
    to that trick (57A), then his penalty cards (50C, 50D1(a)); a requirement he cannot
    meet is dropped (59), never the duty to follow suit. A restriction on his next lead
    does not govern a card that follows."""
    following = hand.mask & SUIT_MASKS[suit_led]
    for_that_card = (r for r in obligations.restrictions if r.seat is seat
                     and r.until is Until.THIS_CARD and r.trick == trick)
    mask = _obeying(following or hand.mask, suit_led, for_that_card)
    return CardSet(_penalty_card_rules(mask, seat, obligations.penalty_cards))


def _obeying(mask: int, suit_led: Suit | None, restrictions: Iterable[RestrictPlay]) -> int:
    """The cards among ``mask`` that meet each restriction in turn, one he cannot meet
    dropped (59)."""
    for restriction in restrictions:
        narrowed = _restricted_in(suit_led, restriction, mask)
        if narrowed:
            mask = narrowed
    return mask


@law("50D1", title="The owner's duty to play a major penalty card")
@law("50D1(a)", title="A major penalty card is played at the first legal opportunity")
@law("50C", title="Minor penalty card: no lower card of its suit before it")
def _penalty_card_rules(mask: int, seat: Seat, penalty_cards: tuple[PenaltyCard, ...]) -> int:
    """50D1(a): a major penalty card that may legally be played must be; 50C: no other card
    below honour rank of a minor penalty card's suit before it."""
    if not penalty_cards:
        return mask
    major = _major_mask(penalty_cards, seat)
    if mask & major:
        return mask & major
    for card in minors(penalty_cards, seat):
        low_others = 0
        for other in CardSet(mask & SUIT_MASKS[card.suit]):
            if other != card and other.rank < Rank.TEN:
                low_others |= other.bit
        if mask & ~low_others:
            mask &= ~low_others
    return mask


# Law 61A: which failure a card outside the legal ones is


@dataclass(frozen=True, slots=True)
class Failure:
    """What a card outside ``legal_cards`` failed to do: ``law`` names the requirement
    (44C follow suit, 50C/50D1(a) a penalty card, the clause of a restriction), and
    ``penalty_card`` is True when it is a failure to play a penalty card (Law 52)."""

    law: LawRef
    penalty_card: bool = False
    faced: bool = False  # the card he failed to play was face up on the table (64B3)


@law("61A", title="Revoke: failure to follow suit or to play a card or suit required")
def failure(
    edition: Edition, play: Play, seat: Seat, card: Card, obligations: Obligations
) -> Failure | None:
    """61A: a card played in turn is a revoke when it fails to follow suit though the
    player could (44C), or fails, when able, to play a card or suit a law requires (a
    penalty card, 50C/50D1(a)) or an opponent specified in choosing a rectification; None
    when the card is legal."""
    if not play.follows_suit(seat, card):
        return Failure(ref(edition, "44C"), faced=seat is play.dummy)
    if not obligations or card in legal_cards(play, seat, obligations):
        return None
    mask = play.legal_cards(seat).mask
    for restriction in obligations.restrictions:
        if in_force(play, restriction, seat):
            narrowed = _restricted(play, restriction, mask)
            if narrowed and not narrowed & card.bit:
                return Failure(restriction.law)
            if narrowed:
                mask = narrowed
    clause = "50D1(a)" if mask & _major_mask(obligations.penalty_cards, seat) else "50C"
    return Failure(ref(edition, clause), penalty_card=True, faced=True)


def _major_mask(penalty_cards: tuple[PenaltyCard, ...], seat: Seat) -> int:
    mask = 0
    for card in majors(penalty_cards, seat):
        mask |= card.bit
    return mask


def after_card(before: Play, after: Play, seat: Seat,
               restrictions: tuple[RestrictPlay, ...]) -> tuple[RestrictPlay, ...]:
    """The restrictions still to come once ``seat`` has played: a requirement for one card
    is spent by his card at its trick; a prohibition ends when he no longer retains the
    lead (another player won a trick after it began)."""
    kept = []
    for restriction in restrictions:
        if restriction.until is Until.THIS_CARD:
            if restriction.seat is seat and in_force(before, restriction, seat):
                continue
        else:
            start = restriction.trick or trick_number(before)
            if any(trick.winner is not restriction.seat
                   for trick in after.tricks[start - 1:]):
                continue
        kept.append(restriction)
    return tuple(kept)
