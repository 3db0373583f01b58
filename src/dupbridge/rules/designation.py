"""Law 46B: what an incomplete or erroneous designation of dummy's card means.

Each function resolves one form of designation against the play so far, unless
declarer's different intention is incontrovertible (a Director's judgement, not ours).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import FULL_MASK, Card, CardSet, Rank, Suit
from dupbridge.core.registry import law
from dupbridge.rules.play import Play, beats


@dataclass(frozen=True, slots=True)
class Designated:
    """The card the designation resolves to."""

    card: Card


@dataclass(frozen=True, slots=True)
class DeclarerMustChoose:
    """Law 46B3(b): two or more cards fit; declarer must say which."""

    cards: CardSet


@dataclass(frozen=True, slots=True)
class VoidDesignation:
    """Law 46B4: the named card is not in dummy; declarer may designate any legal card."""


@dataclass(frozen=True, slots=True)
class DefenderChooses:
    """Law 46B5: neither suit nor rank named: either defender chooses dummy's card."""


@dataclass(frozen=True, slots=True)
class NoCardKnownToWin:
    """Law 46B1(b) cannot apply: no card of dummy is known to win; the Director decides."""


DesignationResult = (
    Designated | DeclarerMustChoose | VoidDesignation | DefenderChooses | NoCardKnownToWin
)


def _dummy_choices(play: Play, suit: Suit | None) -> CardSet:
    legal = play.legal_cards(play.dummy)
    return legal.in_suit(suit) if suit is not None else legal


@law("46B1(a)", title="\"High\" means the highest card")
def high(play: Play, suit: Suit | None = None) -> DesignationResult:
    """Law 46B1(a): "high" designates the highest card (of the suit named or followed)."""
    cards = _dummy_choices(play, suit)
    return Designated(max(cards, key=lambda card: card.rank)) if cards else VoidDesignation()


@law("46B1(c)", title="\"Low\" means the lowest card")
def low(play: Play, suit: Suit | None = None) -> DesignationResult:
    """Law 46B1(c): "low" designates the lowest card."""
    cards = _dummy_choices(play, suit)
    return Designated(min(cards, key=lambda card: card.rank)) if cards else VoidDesignation()


@law("46B1(b)", title="\"Win\" means the lowest card known to win")
def win(play: Play) -> DesignationResult:
    """Law 46B1(b): "win" designates the lowest card known to win the trick.

    Known to win is judged on what declarer sees (his hand, dummy, the cards played): the
    card beats the cards already played to the trick, and no card he cannot see could beat
    it in the hand of a defender still to play. Declarer does not know the defenders'
    voids, so any unseen trump counts as a threat to a card that is not a trump.
    """
    trick = play.current_trick
    seen = play.hand(play.declarer).mask | play.hand(play.dummy).mask
    for card in (*trick.cards, *(c for quitted in play.tricks for c in quitted.cards)):
        seen |= card.bit
    unseen = CardSet(FULL_MASK & ~seen)
    defender_after = any(
        trick.seat_of(position).side is not play.declarer.side
        for position in range(len(trick.cards) + 1, 4)
    )
    best = trick.cards[trick.winning_position] if trick.cards else None
    winners = [
        card
        for card in play.legal_cards(play.dummy)
        if (best is None or beats(card, best, play.trump))
        and not (defender_after and any(beats(other, card, play.trump) for other in unseen))
    ]
    if not winners:
        return NoCardKnownToWin()
    suits = {card.suit for card in winners}
    if len(suits) > 1:
        return DeclarerMustChoose(CardSet(winners))
    return Designated(min(winners, key=lambda card: card.rank))


@law("46B2", title="A suit only: the lowest card of the suit")
def suit_only(play: Play, suit: Suit) -> DesignationResult:
    """Law 46B2: a suit without a rank designates the lowest card of that suit."""
    cards = play.hand(play.dummy).in_suit(suit)
    return Designated(min(cards, key=lambda card: card.rank)) if cards else VoidDesignation()


@law("46B3(a)", title="A rank only when dummy leads")
@law("46B3(b)", title="A rank only otherwise")
def rank_only(play: Play, rank: Rank) -> DesignationResult:
    """Law 46B3: a rank without a suit. (a) Dummy leading: the suit in which dummy won the
    previous trick, if dummy holds that rank in it; (b) otherwise a legal card of that rank."""
    trick = play.current_trick
    if not trick.cards and play.leader is play.dummy and play.tricks:
        won_with = play.tricks[-1].card_of(play.dummy)
        if won_with is not None:
            candidate = Card(won_with.suit, rank)
            if play.holds(play.dummy, candidate):
                return Designated(candidate)
    cards = CardSet(card for card in play.legal_cards(play.dummy) if card.rank is rank)
    if not cards:
        return VoidDesignation()
    if len(cards) == 1:
        return Designated(next(iter(cards)))
    return DeclarerMustChoose(cards)


@law("46B4", title="A card not in dummy: void designation")
def named_card(play: Play, card: Card) -> DesignationResult:
    """Law 46B4: a card not in dummy voids the designation."""
    return Designated(card) if play.holds(play.dummy, card) else VoidDesignation()


@law("46B5", title="Neither suit nor rank: a defender chooses")
def anything(play: Play) -> DesignationResult:
    """Law 46B5: "play anything" lets either defender choose dummy's card."""
    return DefenderChooses()
