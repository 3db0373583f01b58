"""The correct procedure: Laws 18-19 and 22 (auction), 41, 44, 46B, 66 and 79 (play)."""

from __future__ import annotations

from conftest import DEAL
from dupbridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Bid,
    Card,
    Denomination,
    Play,
    Seat,
    Side,
    Suit,
)
from dupbridge.core.calls import bid
from dupbridge.core.cards import Rank
from dupbridge.rules import designation
from dupbridge.rules.auction import AuctionStatus

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_law18B_law18C_law18D_sufficiency() -> None:
    """D-01: over 1S, 1NT and 2C are sufficient, 1H is not."""
    auction = Auction.parse(N, "1S")
    assert auction.is_sufficient(bid("1NT")) and auction.is_sufficient(bid("2C"))
    assert not auction.is_sufficient(bid("1H")) and not auction.is_sufficient(bid("1S"))


def test_law19A1_double_only_of_an_opponents_last_bid() -> None:
    assert Auction.parse(N, "1S").double_permitted(E)  # D-02
    assert not Auction.parse(N, "1S P").double_permitted(S)  # D-03: partner's bid
    assert Auction.parse(N, "1S P P").double_permitted(W)  # D-05: passes since
    assert not Auction.parse(N, "1S X").double_permitted(S)  # already doubled
    assert not Auction(N).double_permitted(N)  # no bid


def test_law19B1_redouble_only_of_an_opponents_double() -> None:
    assert Auction.parse(N, "1S X").redouble_permitted(S)  # D-04
    assert not Auction.parse(N, "1S X P").redouble_permitted(W)  # partner's double
    assert Auction.parse(N, "1S X P P").redouble_permitted(N)
    assert not Auction.parse(N, "1S").redouble_permitted(E)


def test_law22A1_2007_law22B_2017_passed_out_after_four_passes() -> None:
    """D-06 (2007 22A1 / 2017 22B)."""
    auction = Auction.parse(N, "P P P")
    assert auction.status is AuctionStatus.OPEN
    auction = auction.with_call(W, PASS)
    assert auction.status is AuctionStatus.PASSED_OUT and auction.contract() is None


def test_law22A2_2007_law22A_2017_contract_and_declarer() -> None:
    """D-07: 3NT by N, the first NS player to bid no trump."""
    auction = Auction.parse(N, "1C P 1H P 1NT P 3NT P P P")
    assert auction.status is AuctionStatus.ENDED
    contract = auction.contract()
    assert contract is not None and str(contract) == "3NT N"


def test_law19C_law19D_doubled_state() -> None:
    """D-08: 1S X P P P is doubled; a later bid supersedes the double."""
    assert str(Auction.parse(N, "1S X P P P").contract()) == "1SX N"
    assert str(Auction.parse(N, "1S X XX P P P").contract()) == "1SXX N"
    assert str(Auction.parse(N, "1S X 2S P P P").contract()) == "2S N"


def test_law17B_law17C_rotation_and_legal_calls() -> None:
    auction = Auction.parse(E, "1H")
    assert auction.next_to_call is S
    choices = auction.legal_calls()
    assert PASS in choices and DOUBLE in choices and REDOUBLE not in choices
    assert bid("1S") in choices and bid("1D") not in choices and Bid(8, Denomination.CLUBS) not in choices
    assert len(choices) == 1 + 1 + 32  # pass, double, 1S..7NT
    assert set(choices) == set(choices.as_tuple())


def test_law41A_law44B_law44F_law44G_law79A_opening_lead_and_trick_winner() -> None:
    play = Play(DEAL, N, Denomination.HEARTS)  # N declarer, E leads
    assert play.opening_leader is E and play.dummy is S and play.next_to_play is E
    # E: T98.AKQJ.432.765 ; S: 765.432.AKQJ.T98 ; W: 432.765.T98.AKQJ ; N: AKQJ.T98.765.432
    for seat, card in [(E, "S8"), (S, "S5"), (W, "S2"), (N, "SA")]:
        assert Card.parse(card) in play.legal_cards(seat)
        play = play.with_card(seat, Card.parse(card))
    assert play.tricks[0].winner is N and play.leader is N  # 44F and 44G
    assert play.tricks_won(Side.NS) == 1  # 79A


def test_law44C_law44D_follow_suit_law44E_trump_wins() -> None:
    play = Play(DEAL, N, Denomination.SPADES)
    play = play.with_card(E, Card.parse("D2"))
    assert play.legal_cards(S) == play.hand(S).in_suit(Suit.DIAMONDS)
    play = play.with_card(S, Card.parse("D7"))
    play = play.with_card(W, Card.parse("D8"))
    assert not play.follows_suit(N, Card.parse("SA"))
    play = play.with_card(N, Card.parse("D5"))
    assert play.tricks[0].winner is W
    play = Play(DEAL, N, Denomination.SPADES).with_card(E, Card.parse("HA"))
    play = play.with_card(S, Card.parse("H2")).with_card(W, Card.parse("H5"))
    play = play.with_card(N, Card.parse("HT"))
    assert play.tricks[0].winner is E


def test_law66A_last_trick_may_be_inspected_until_own_side_plays() -> None:
    play = Play(DEAL, N, Denomination.NOTRUMP)
    assert not play.may_inspect_last_trick(E)
    for seat, card in [(E, "HA"), (S, "H2"), (W, "H5"), (N, "HT")]:
        play = play.with_card(seat, Card.parse(card))
    assert play.may_inspect_last_trick(N) and play.may_inspect_last_trick(E)
    play = play.with_card(E, Card.parse("HK"))
    assert not play.may_inspect_last_trick(W) and play.may_inspect_last_trick(S)


def test_law46B1a_law46B1c_law46B2_law46B3a_law46B4_law46B5_designations() -> None:
    play = Play(DEAL, W, Denomination.NOTRUMP)  # W declarer, E dummy, N leads
    play = play.with_card(N, Card.parse("H8"))
    play = play.with_card(E, Card.parse("HJ"))
    play = play.with_card(S, Card.parse("H2"))
    play = play.with_card(W, Card.parse("H7"))
    assert play.tricks[0].winner is E  # dummy leads next
    assert play.leader is E
    assert designation.high(play, Suit.CLUBS) == designation.Designated(Card.parse("C7"))  # 46B1(a)
    assert designation.low(play, Suit.SPADES) == designation.Designated(Card.parse("S8"))  # 46B1(c)
    assert designation.suit_only(play, Suit.DIAMONDS) == designation.Designated(Card.parse("D2"))
    assert designation.rank_only(play, Rank.KING) == designation.Designated(Card.parse("HK"))  # 46B3(a)
    assert designation.named_card(play, Card.parse("SA")) == designation.VoidDesignation()  # 46B4
    assert designation.anything(play) == designation.DefenderChooses()  # 46B5


def test_law46B1b_win_is_the_lowest_card_known_to_win() -> None:
    play = Play(DEAL, W, Denomination.NOTRUMP)  # N leads, E is dummy
    play = play.with_card(N, Card.parse("D5"))
    # dummy E holds D432; S (a defender) plays after dummy: nothing is known to win
    assert designation.win(play) == designation.NoCardKnownToWin()
    play = Play(DEAL, S, Denomination.NOTRUMP)  # S declarer, N dummy, W leads
    play = play.with_card(W, Card.parse("S2"))
    # N holds SAKQJ, S S765: the unseen spades are T98 and 43, so the jack is known to win
    assert designation.win(play) == designation.Designated(Card.parse("SJ"))


def test_law46B3b_rank_only_when_two_cards_fit_declarer_says_which() -> None:
    play = Play(DEAL, W, Denomination.NOTRUMP)  # N leads, E is dummy
    play = play.with_card(N, Card.parse("S4"))
    # dummy E holds ST98 only in spades: "ten" fits one card
    assert designation.rank_only(play, Rank.TEN) == designation.Designated(Card.parse("ST"))
    play = Play(DEAL, W, Denomination.NOTRUMP).with_card(N, Card.parse("C2"))
    # dummy E: C765 -> "seven" is the club seven; a rank dummy lacks is void
    assert designation.rank_only(play, Rank.SEVEN) == designation.Designated(Card.parse("C7"))
    assert designation.rank_only(play, Rank.ACE) == designation.VoidDesignation()
