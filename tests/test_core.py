"""Law 1 (cards), Law 2 (boards), Law 18 (calls), deals and contracts as text."""

from __future__ import annotations

import random

import pytest

from dupbridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Board,
    Call,
    Card,
    CardSet,
    Contract,
    Deal,
    Denomination,
    Doubled,
    Edition,
    LawRef,
    ParseError,
    Rank,
    Seat,
    Side,
    Suit,
    Vulnerability,
)
from dupbridge.core.cards import full_pack


def test_law1_card_text_round_trip_and_evaluable_repr() -> None:
    for card in full_pack():
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) is card
    assert Card.parse("h10") is Card(Suit.HEARTS, Rank.TEN)
    assert Card.parse("AS") is Card(Suit.SPADES, Rank.ACE)
    assert len(full_pack()) == 52


@pytest.mark.parametrize("text", ["", "S", "S1", "X5", "SAA", "11S"])
def test_card_parse_errors_say_what(text: str) -> None:
    with pytest.raises(ParseError, match="not a card"):
        Card.parse(text)


def test_law1_rank_order_and_honours() -> None:
    assert sorted(Rank)[0] is Rank.TWO and max(Rank) is Rank.ACE
    assert [r for r in Rank if r.is_honour] == [Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
    assert list(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]


def test_cardset_is_a_set_over_52_bits() -> None:
    hand = CardSet.from_pbn("AKQJ.T98.765.432")
    assert len(hand) == 13 and Card.parse("SA") in hand and Card.parse("SA").bit & hand.mask
    assert hand.to_pbn() == "AKQJ.T98.765.432"
    assert eval(repr(hand), {"CardSet": CardSet}) == hand
    assert next(iter(hand)) is Card.parse("SA") and list(hand)[-1] is Card.parse("C2")
    assert hand.in_suit(Suit.HEARTS) == CardSet.from_pbn(".T98..")
    assert hand - {Card.parse("SA")} == hand.remove(Card.parse("SA"))
    assert hand == set(hand)
    with pytest.raises(KeyError):
        CardSet().remove(Card.parse("SA"))


def test_law1_cardset_as_tuple_is_its_display_order() -> None:
    # ``as_tuple`` is what ``tuple(cards)`` gives: spades, hearts, diamonds, clubs, each
    # high to low, for any holding (the run tables cover every mask).
    assert CardSet.from_pbn("A2.K..T").as_tuple() == tuple(
        Card.parse(text) for text in ("SA", "S2", "HK", "CT"))
    assert CardSet().as_tuple() == ()
    for pbn in ("AK.Q2..", "..KQ.32", "T...", "...2"):  # in one half of the mask only
        hand = CardSet.from_pbn(pbn)
        assert ".".join("".join(card.rank.letter for card in hand.as_tuple() if card.suit == suit)
                        for suit in reversed(Suit)) == pbn
    rng = random.Random(26)
    for _ in range(500):
        cards = rng.sample(list(full_pack()), rng.randrange(53))
        ordered = sorted(cards, key=lambda card: (-card.suit, -card.rank))
        assert CardSet(cards).as_tuple() == tuple(ordered) == tuple(CardSet(cards))


def test_seat_relations() -> None:
    assert Seat.NORTH.lho is Seat.EAST and Seat.NORTH.rho is Seat.WEST
    assert Seat.NORTH.partner is Seat.SOUTH and Seat.EAST.side is Side.EW
    assert Seat.SOUTH.is_opponent_of(Seat.WEST) and not Seat.SOUTH.is_opponent_of(Seat.NORTH)


def test_law2_dealer_and_vulnerability_for_the_first_board_sets() -> None:
    dealers = "NESW" * 4
    vul = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
           "EW", "All", "None", "NS", "All", "None", "NS", "EW"]
    for number in range(1, 129):
        board = Board(number)
        assert board.dealer.letter == dealers[(number - 1) % 16]
        assert board.vulnerability.value == vul[(number - 1) % 16]
    assert Board(5).dealer is Seat.NORTH and Board(5).vulnerability is Vulnerability.NS


def test_law2_a_marked_board_keeps_its_markings() -> None:
    board = Board(1, marked_dealer=Seat.WEST, marked_vulnerability=Vulnerability.BOTH)
    assert board.dealer is Seat.WEST and board.vulnerability is Vulnerability.BOTH
    assert not board.conforms_to_law2 and Board(1).conforms_to_law2


@pytest.mark.parametrize("number", [0, -3])
def test_board_numbers_start_at_one(number: int) -> None:
    with pytest.raises(ValueError, match="numbered from 1"):
        Board(number)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1NT", Bid(1, Denomination.NOTRUMP)), ("1N", Bid(1, Denomination.NOTRUMP)),
     ("7nt", Bid(7, Denomination.NOTRUMP)), ("P", PASS), ("Pass", PASS), ("X", DOUBLE),
     ("XX", REDOUBLE), ("D", DOUBLE), ("R", REDOUBLE), ("8C", Bid(8, Denomination.CLUBS)),
     ("4♠", Bid(4, Denomination.SPADES))],
)
def test_law18A_call_parse(text: str, expected: Call) -> None:
    assert Call.parse(text) == expected


def test_law18E_denomination_rank_and_call_round_trip() -> None:
    bids = [Bid(level, d) for level in range(1, 8) for d in Denomination]
    assert [b.rank for b in bids] == list(range(35))
    for call in [*bids, PASS, DOUBLE, REDOUBLE]:
        assert Call.parse(str(call)) == call
    assert not Bid(8, Denomination.CLUBS).is_legal_level
    with pytest.raises(ParseError):
        Call.parse("0S")
    with pytest.raises(ParseError, match="not a call"):
        Call.parse("1Z")


def test_deal_pbn_round_trip_any_first_seat() -> None:
    deal = Deal.random(random.Random(7))
    assert deal.is_complete
    for first in Seat:
        text = deal.to_pbn(first)
        assert Deal.from_pbn(text) == deal
    partial = Deal.from_pbn("E:- AKQJ.T98.765.432 - -")
    assert partial.south is not None and partial.north is None and not partial.is_complete
    void = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert void.north == CardSet.from_pbn("AKQJT98765432...")


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("AKQ.JT9.876.5432 - - -", 0, "starts with a seat"),
        ("N:AKQ.JT9.876.5432 - -", 2, "4 hands"),
        ("N:AKQ.JT9.876 - - -", 2, "4 suits"),
        ("N:AKQZ.JT9.876.5432 - - -", 5, "not a rank"),
        ("N:AKQ.JT9.876.5432 A... - -", 19, "dealt twice"),
    ],
)
def test_deal_parse_errors_carry_position(text: str, position: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as error:
        Deal.from_pbn(text)
    assert error.value.position == position


def test_law6_random_deal_reproducible_with_seed_and_default_uses_system_entropy() -> None:
    assert Deal.random(random.Random("x")) == Deal.random(random.Random("x"))
    assert Deal.random() != Deal.random()  # 5.36e28 deals: a repeat means no entropy


def test_contract_parse_and_text() -> None:
    contract = Contract.parse("4SX")
    assert (contract.level, contract.denomination, contract.doubled) == (
        4, Denomination.SPADES, Doubled.DOUBLED)
    assert Contract.parse("3NT by S").declarer is Seat.SOUTH
    assert Contract.parse("6HXX N") == Contract(6, Denomination.HEARTS, Doubled.REDOUBLED, Seat.NORTH)
    assert Contract.parse("1N").denomination is Denomination.NOTRUMP
    assert str(Contract.parse("4sx w")) == "4SX W"
    with pytest.raises(ParseError):
        Contract.parse("8S")
    assert Contract.parse("4SX").score(tricks=10, vulnerable=True) == 790


def test_lawref_always_carries_its_edition() -> None:
    ref = LawRef.parse("2017 Law 27B1(a)")
    assert ref == LawRef(Edition.LAWS_2017, "27B1(a)") and ref.law == 27
    assert str(ref) == "2017 Law 27B1(a)"
    assert LawRef(Edition.LAWS_2007, "35-1").law == 35
    assert sorted([LawRef(Edition.LAWS_2017, "9A"), LawRef(Edition.LAWS_2017, "10")])[0].clause == "9A"
    with pytest.raises(ParseError):
        LawRef(Edition.LAWS_2017, "27Z")
