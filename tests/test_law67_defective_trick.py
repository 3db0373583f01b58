"""Law 67: defective trick (pure functions over the trick record)."""

from __future__ import annotations

from dupbridge import Edition, Seat
from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.laws.law61_64_revokes import NEXT_BOARD
from dupbridge.laws.law67_defective_trick import (
    Defect,
    card_to_face,
    card_to_supply,
    deemed_revoke,
    defects,
    extra_cards,
    misplaced_card,
    rectification,
    revokes_by_returned_card,
    too_many_cards,
)
from dupbridge.laws.ruling import AdjustedScore, PenaltyCard, Review
from dupbridge.rules.play import Trick

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def cards(text: str) -> CardSet:
    return CardSet(Card.parse(c) for c in text.split())


def trick(leader: Seat, text: str, trump: Suit | None = Suit.HEARTS) -> Trick:
    return Trick(leader, tuple(Card.parse(c) for c in text.split()), trump)


def test_law67_a_trick_with_a_missing_or_an_extra_card_is_defective() -> None:
    found = defects(7, [(S, Card.parse("C2")), (W, Card.parse("C3")), (N, Card.parse("C4"))])
    assert found == (Defect(7, E, ()),) and found[0].omitted
    (two,) = defects(3, [(N, Card.parse("S2")), (E, Card.parse("S3")), (S, Card.parse("S4")),
                         (W, Card.parse("S9")), (W, Card.parse("H4"))])
    assert two.seat is W and not two.omitted and len(two.cards) == 2


def test_law67A_noticed_before_a_player_of_each_side_has_played_on(edition: Edition) -> None:
    assert rectification(edition, []).clause == "67A"  # type: ignore[union-attr]
    assert rectification(edition, [N, S]).clause == "67A"  # type: ignore[union-attr]


def test_law67B_noticed_later_per_edition() -> None:
    assert rectification(Edition.LAWS_2007, [N, E]).clause == "67B"  # type: ignore[union-attr]
    assert rectification(Edition.LAWS_2017, [N, E]) is None  # erratum M4: a card count
    assert rectification(Edition.LAWS_2017, [N, E], found_from_card_count=True).clause == "67B"  # type: ignore[union-attr]


def test_law67A1_the_offender_supplies_a_legal_card() -> None:
    assert card_to_supply(cards("C5 C9 H2"), Suit.CLUBS) == cards("C5 C9")
    assert card_to_supply(cards("D5 H2"), Suit.CLUBS) == cards("D5 H2")


def test_law67A2_too_many_cards_go_to_45E_or_58B(edition: Edition) -> None:
    assert too_many_cards(edition, simultaneous=True).clause == "58B"
    assert too_many_cards(edition, simultaneous=False).clause == "45E"


def test_law67B1a_he_faces_a_card_of_the_suit_led(edition: Edition) -> None:
    choices, clause = card_to_face(edition, cards("C5 C9 H2"), Suit.CLUBS)
    assert choices == cards("C5 C9") and clause.clause == "67B1(a)"


def test_law67B1b_void_he_faces_any_card(edition: Edition) -> None:
    choices, clause = card_to_face(edition, cards("D5 H2"), Suit.CLUBS)
    assert choices == cards("D5 H2") and clause.clause == "67B1(b)"


def test_law67B1_deemed_revoke_transfers_one_trick_under_64A2(edition: Edition) -> None:
    won_by = [N] * 13
    won_by[9] = W  # E-W won trick 10
    tricks = tuple(Trick(seat, tuple(Card.parse(c) for c in ("SA", "S2", "S3", "S4")), None)
                   for seat in won_by)
    transfer = deemed_revoke(edition, E, 7, tricks)
    assert (transfer.tricks, transfer.law.clause) == (1, "64A2")
    none_later = tuple(Trick(N, t.cards, None) for t in tricks)
    assert deemed_revoke(edition, E, 7, none_later).tricks == 0
    assert deemed_revoke(edition, E, 7, tricks, late=NEXT_BOARD).law.clause == "64B4"


def test_law67B2a_extra_cards_go_back_the_faced_card_stays(edition: Edition) -> None:
    defect = Defect(3, W, (Card.parse("S9"), Card.parse("H4")))
    found = extra_cards(edition, defect, Suit.SPADES, Suit.HEARTS, Card.parse("S9"), True)
    assert found.kept == Card.parse("S9") and found.returned == (Card.parse("H4"),)
    assert found.effects == ()
    exposed = extra_cards(edition, defect, Suit.SPADES, Suit.HEARTS, Card.parse("S9"), True,
                          exposed=[Card.parse("H4")])
    (penalty,) = exposed.effects
    assert isinstance(penalty, PenaltyCard) and penalty.seat is W


def test_law67B2a_unknown_faced_card_the_highest_legal_one_stays(edition: Edition) -> None:
    defect = Defect(3, W, (Card.parse("S9"), Card.parse("SK"), Card.parse("H4")))
    found = extra_cards(edition, defect, Suit.SPADES, Suit.HEARTS, None, False,
                        exposed=[Card.parse("H4")])
    assert found.kept == Card.parse("SK") and found.effects == ()  # declarer: no penalty


def test_law67B2b_the_returned_card_was_held_a_later_discard_is_a_revoke() -> None:
    tricks = (trick(N, "S2 S3 S4 S9"), trick(N, "D2 D3 D4 D5"), trick(N, "C2 C3 C4 C5"),
              trick(N, "D6 D7 D8 D9"), trick(N, "H2 H3 H5 C6"))
    assert revokes_by_returned_card(Card.parse("H4"), W, 3, tricks) == (5,)


def test_law67B3_2017_misplaced_card_restored_adjusted_if_too_late() -> None:
    (review,) = misplaced_card(Card.parse("D5"), 5, None, False)
    assert isinstance(review, Review) and review.law.clause == "67B3"
    effects = misplaced_card(Card.parse("D5"), 5, 9, True)
    assert isinstance(effects[1], AdjustedScore)


def test_law67B2_two_cards_to_one_trick_one_stays(edition: Edition) -> None:
    (defect,) = defects(3, [(N, Card.parse("S2")), (E, Card.parse("S3")), (S, Card.parse("S4")),
                            (W, Card.parse("S9")), (W, Card.parse("H4"))])
    found = extra_cards(edition, defect, Suit.SPADES, Suit.HEARTS, None, True)
    assert found.kept == Card.parse("S9") and found.returned == (Card.parse("H4"),)
