"""Law 67: a defective trick, one to which a player omitted to play or played too many
cards.

The table engine cannot hold a trick of three or five cards (``rules.play.Trick`` is four
cards in rotation), so Law 67 is pure functions over the trick record: which rectification
applies (67A in time, 67B later), the cards the offender may supply, the extra cards that go
back to his hand, the revokes a returned card makes, and the one-trick transfer of a deemed
revoke (67B1, under 64A2). The Director's judgements (which trick was defective, which card
was faced) come in as arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2017, ref
from dupbridge.laws.machinery.ruling import AdjustedScore, Effect, PenaltyCard, ReturnCard, Review
from dupbridge.laws.play.law61_64_revokes import Transfer
from dupbridge.laws.play.law61_revoke import NEXT_BOARD, ROUND_ENDED
from dupbridge.laws.play.play_obligations import NO_OBLIGATIONS, Obligations, cards_for_trick
from dupbridge.rules.play import Trick, beats


@dataclass(frozen=True, slots=True)
class Defect:
    """``seat`` played ``cards`` to trick ``trick`` (1-based): none (an omission) or more
    than one (too many)."""

    trick: int
    seat: Seat
    cards: tuple[Card, ...]

    @property
    def omitted(self) -> bool:
        return not self.cards


@law("67", title="Defective trick")
def defects(trick: int, played: Iterable[tuple[Seat, Card]]) -> tuple[Defect, ...]:
    """67: the players who omitted to play to the trick or played more than one card to
    it, from the cards found in it."""
    by_seat: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    for seat, card in played:
        by_seat[seat].append(card)
    return tuple(Defect(trick, seat, tuple(cards)) for seat, cards in by_seat.items()
                 if len(cards) != 1)


@law("67A", title="Noticed before a player of each side has played to the next trick")
@law("67B", title="Noticed later, or found by the Director from a wrong card count")
def rectification(edition: Edition, next_trick_players: Iterable[Seat],
                  found_from_card_count: bool = False) -> LawRef | None:
    """67A while a player of each side has not yet played to the next trick; 67B after
    (2007: attention drawn, or the Director finds it; 2017: the Director determines it,
    from a player's wrong number of cards, erratum M4). None: 2017, noticed late but not
    yet determined from a card count (the Director is to count the cards)."""
    sides = {seat.side for seat in next_trick_players}
    if len(sides) < 2:
        return ref(edition, "67A")
    if edition is Edition.LAWS_2007 or found_from_card_count:
        return ref(edition, "67B")
    return None


def _following(hand: CardSet, suit: Suit) -> CardSet:
    cards = [card for card in hand if card.suit is suit]
    return CardSet(cards) if cards else hand


@law("67A1", title="An omitted card is supplied: a legal card")
def card_to_supply(hand: CardSet, suit_led: Suit, trick: int, seat: Seat,
                   obligations: Obligations) -> CardSet:
    """67A1: the offender supplies a card he can legally play to the defective trick
    ``trick``: one of the suit led if he has one (44C), and one that meets the play
    restrictions on his card to that trick (57A) and his penalty cards (50C, 50D1(a))
    in force (``obligations``), as any card he plays; the trick's winner is then found
    again with it (spec [design]). The card is supplied as the Director's rectification,
    so only such a card is taken (both editions say "a card he can legally play"; no
    revoke can arise from it)."""
    return cards_for_trick(hand, suit_led, trick, seat, obligations)


@law("67A2", title="Too many cards: Law 45E or 58B")
def too_many_cards(edition: Edition, simultaneous: bool) -> LawRef:
    """67A2: cards played together are simultaneous plays (58B); a card added to a trick
    he had already played to is a fifth card (45E)."""
    return ref(edition, "58B" if simultaneous else "45E")


@law("67B1", title="The offender faces a card and is deemed to have revoked")
@law("67B1(a)", title="With a card of the suit led, one of those")
@law("67B1(b)", title="Without one, any card")
def card_to_face(edition: Edition, hand: CardSet, suit_led: Suit) -> tuple[CardSet, LawRef]:
    """67B1: the offender faces a card at once and adds it to his played cards, the
    ownership of the trick unchanged: (a) a card of the suit led if he has one, (b) else
    any card. Returns the cards he may choose and the sub-clause."""
    if hand.has_suit(suit_led):
        return _following(hand, suit_led), ref(edition, "67B1(a)")
    return hand, ref(edition, "67B1(b)")


def deemed_revoke(edition: Edition, seat: Seat, trick: int, tricks: tuple[Trick, ...],
                  late: str = "") -> Transfer:
    """67B1: the offender is deemed to have revoked on the defective trick: one trick is
    transferred under 64A2 if his side won it or a later trick (0 under 64B1 if not; the
    64B4 / 64B5 exceptions too, spec [design])."""
    if late == NEXT_BOARD:
        return Transfer(-1, seat, trick, 0, ref(edition, "64B4"))
    if late == ROUND_ENDED:
        return Transfer(-1, seat, trick, 0, ref(edition, "64B5"))
    won = any(t.winner.side is seat.side for t in tricks[trick - 1:])
    return Transfer(-1, seat, trick, int(won), ref(edition, "64A2" if won else "64B1"))


@dataclass(frozen=True, slots=True)
class ExtraCards:
    """67B2: the card left in the trick and the cards returned to the offender's hand."""

    kept: Card
    returned: tuple[Card, ...]
    effects: tuple[Effect, ...]  # penalty cards: a defender's returned cards seen


@law("67B2", title="The offender played more than one card")
@law("67B2(a)", title="The extra cards go back to his hand")
def extra_cards(edition: Edition, defect: Defect, suit_led: Suit, trump: Suit | None,
                faced: Card | None, defender: bool,
                exposed: Iterable[Card] = ()) -> ExtraCards:
    """67B2(a): every card but one goes back to the offender's hand, ownership of the trick
    unchanged: the one left is the card faced when he played (``faced``, the Director's
    finding), or else the highest card he could legally have played to the trick (a card
    of the suit led if he played one). A defender's returned card that was exposed becomes
    a penalty card (footnote), exposed unintentionally (50B: "as in playing two cards to a
    trick"), so minor if a single card below honour rank."""
    cards = defect.cards
    if faced is not None:
        kept = faced
    else:
        legal = [card for card in cards if card.suit is suit_led] or list(cards)
        kept = legal[0]
        for card in legal[1:]:
            if beats(card, kept, trump):
                kept = card
    returned = tuple(card for card in cards if card != kept)
    seen = set(exposed)
    effects: tuple[Effect, ...] = tuple(
        PenaltyCard(ref(edition, "67B2(a)"), defect.seat, card, -1, deliberate=False)
        for card in returned if defender and card in seen)
    return ExtraCards(kept, returned, effects)


@law("67B2(b)", title="A returned card was held throughout: failing to play it may be a revoke")
def revokes_by_returned_card(returned: Card, seat: Seat, defective: int,
                             tricks: tuple[Trick, ...]) -> tuple[int, ...]:
    """67B2(b): the returned card is deemed to have been in his hand all along: each later
    trick whose suit led is its suit and to which he played another suit is a revoke."""
    found = []
    for number, trick in enumerate(tricks[defective:], start=defective + 1):
        card = trick.card_of(seat)
        if (card is not None and trick.suit_led is returned.suit
                and card.suit is not returned.suit and trick.leader is not seat):
            found.append(number)
    return tuple(found)


@law("67B3", editions=LAWS_2017, title="A played card not kept with the quitted tricks")
def misplaced_card(card: Card, trick: int, played_again: int | None,
                   too_late: bool) -> tuple[Effect, ...]:
    """2017 67B3: a card played to a trick but not kept with the offender's quitted cards
    goes back to that trick; if it was played again to a later trick and that illegal play
    can no longer be corrected, the Director awards an adjusted score."""
    edition = Edition.LAWS_2017
    effects: list[Effect] = [Review(ref(edition, "67B3"), msg("{card} restored to trick {trick}",
                                                                     card=card, trick=trick))]
    if played_again is not None and too_late:
        effects.append(AdjustedScore(ref(edition, "67B3"), msg("{card} played again to trick "
                                                         "{trick}, too late to correct",
                                                         card=card, trick=played_again),
                                     artificial=False, played=True))
    return tuple(effects)


# At the table: the defects as they happen, and the ruling when attention is drawn


@dataclass(frozen=True, slots=True)
class TrickDefect:
    """A defect as it happened at the table: ``seat`` was passed over in trick ``trick``
    (``card`` None, he holds a card too many) or a second ``card`` of his went into it
    unseen (he holds a card too few). ``at``: the number of table records before it, where
    a replay of the play applies it. ``ruling``: "" until attention is drawn; then the
    clause under which the offender owes a card ("67A1" / "67B1"), or "done".
    ``placed``: the record of the card he supplied (67A1, in rotation) or faced (67B1,
    beside the trick); ``returned``: an extra card back in his hand (67B2(a), 58B1);
    ``exposed``: the extra card was seen. ``replayed``: 2017 67B3, ``card`` (his card of
    trick ``trick``, not kept with his quitted cards) was played again: the record of that
    second play (-1: none)."""

    trick: int
    seat: Seat
    card: Card | None
    at: int
    ruling: str = ""
    placed: int = -1
    returned: bool = False
    exposed: bool = False
    replayed: int = -1

    @property
    def omitted(self) -> bool:
        return self.card is None


def next_trick_players(defect: TrickDefect, tricks: tuple[Trick, ...],
                       current: Trick) -> tuple[Seat, ...]:
    """The players who have played to the trick after the defective one."""
    if defect.trick < len(tricks):
        trick = tricks[defect.trick]
    elif defect.trick == len(tricks):
        trick = current
    else:
        return ()
    return tuple(trick.seat_of(position) for position in range(len(trick.cards)))


@dataclass(frozen=True, slots=True)
class DefectRuling:
    """The Director's ruling on a defect: the defect as now ruled, the clause, and the
    effects (penalty cards, reviews) the engine applies."""

    defect: TrickDefect
    law: LawRef
    effects: tuple[Effect, ...] = ()


def rule(edition: Edition, defect: TrickDefect, tricks: tuple[Trick, ...],
         current: Trick, defender: bool) -> DefectRuling:
    """Attention drawn to a defective trick (the Director, called, counts the hands and so
    finds it from a card too many or too few: 2017 67B, erratum M4): 67A while a player of
    each side has not yet played to the next trick, else 67B. An omission leaves the
    offender owing a card (he plays it next); a second card goes back to his hand (58B1 in
    time: it was not seen; 67B2(a) later, a penalty card if a defender's was exposed)."""
    clause = rectification(edition, next_trick_players(defect, tricks, current), True)
    assert clause is not None
    late = clause.clause == "67B"
    if defect.omitted:
        owed = "67B1" if late else "67A1"
        return DefectRuling(_ruled(defect, owed), ref(edition, owed))
    assert defect.card is not None
    if not late:
        return DefectRuling(_ruled(defect, "done", returned=True), ref(edition, "67A2"),
                            _in_time(edition, defect.seat, defect.card,
                                     defender and defect.exposed))
    effects: tuple[Effect, ...] = ()
    if defender and defect.exposed:
        effects = (PenaltyCard(ref(edition, "67B2(a)"), defect.seat, defect.card, -1,
                               deliberate=False),)
    return DefectRuling(_ruled(defect, "done", returned=True), ref(edition, "67B2(a)"),
                        effects)


def _in_time(edition: Edition, seat: Seat, card: Card, seen: bool) -> tuple[Effect, ...]:
    """67A2 -> 58B: a second card not seen goes back with no rectification (58B1); a
    defender's that was seen is a card played with another, a penalty card (58B2, 50B;
    declarer's goes back to his hand, 48A)."""
    if not seen:
        return (Review(ref(edition, "58B1"), msg("{card} was not seen: back to the hand",
                                                 card=card)),)
    return (Review(ref(edition, "58B2"), msg("{card} was seen: a penalty card", card=card)),
            PenaltyCard(ref(edition, "58B2"), seat, card, -1, deliberate=False))


def _ruled(defect: TrickDefect, ruling: str, returned: bool = False) -> TrickDefect:
    return TrickDefect(defect.trick, defect.seat, defect.card, defect.at, ruling,
                       defect.placed, returned or defect.returned, defect.exposed,
                       defect.replayed)


def owed_cards(edition: Edition, defect: TrickDefect, hand: CardSet, suit_led: Suit,
               obligations: Obligations = NO_OBLIGATIONS) -> CardSet:
    """The cards the offender may supply (67A1: a legal card, under the ``obligations`` in
    force) or face (67B1(a)/(b): a card of the suit led if he has one; not a play, the
    revoke is deemed)."""
    if defect.ruling == "67A1":
        return card_to_supply(hand, suit_led, defect.trick, defect.seat, obligations)
    return card_to_face(edition, hand, suit_led)[0]


def placed(defect: TrickDefect, record: int) -> TrickDefect:
    return TrickDefect(defect.trick, defect.seat, defect.card, defect.at, "done", record,
                       defect.returned, defect.exposed, defect.replayed)


def rule_replayed(edition: Edition, defect: TrickDefect, played_again: int,
                  in_progress: bool) -> DefectRuling:
    """Attention drawn to a card played again (``defect.replayed``): 2017 67B3, the card
    stays in (is restored to) its own trick ``defect.trick``; the second play to trick
    ``played_again`` is withdrawn while that trick is in progress (spec [design]: the
    illegal play can still be corrected, the offender then plays a card he holds), else it
    is too late and the Director awards an adjusted score. 2007 has no such clause: the
    same restoration, and a 12A1 review item once it is too late (no rectification
    provided)."""
    assert defect.card is not None
    ruled = _ruled(defect, "done")
    clause = ref(edition, "67" if edition is Edition.LAWS_2007 else "67B3")
    if in_progress:
        return DefectRuling(ruled, clause, (ReturnCard(clause, defect.replayed),))
    if edition is Edition.LAWS_2007:
        return DefectRuling(ruled, clause, (Review(
            ref(edition, "12A1"), msg("{card} played again to trick {trick}: no "
                                      "rectification provided", card=defect.card,
                                      trick=played_again)),))
    # The first effect is the restoration's review item, which the table makes itself.
    too_late = misplaced_card(defect.card, defect.trick, played_again, True)
    return DefectRuling(ruled, clause, too_late[1:])
