"""Law 44: sequence and procedure of play (both editions; cases T44-1 and T44-2)."""

from __future__ import annotations

from conftest import DEAL, act, table_for
from dupbridge import Board, Card, Deal, Denomination, Edition, Seat, Table
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.edition import LawRef
from dupbridge.laws.machinery.ruling import PlayRule, RestrictPlay, Until
from dupbridge.laws.play.play_obligations import Obligations, legal_cards
from dupbridge.rules.play import Play, Trick, beats

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


def _play(play: Play, *moves: str) -> Play:
    for move in moves:
        seat, card = move.split(":")
        play = play.with_card(Seat.parse(seat), Card.parse(card))
    return play


def test_law44A_the_leader_may_lead_any_card() -> None:
    play = Play(DEAL, N, Denomination.SPADES)  # East leads
    assert legal_cards(play, E, Obligations((), ())) == play.hand(E)
    assert play.legal_cards(E) == play.hand(E)


def test_law44A_unless_his_sides_rectification_restricts_him(edition: Edition) -> None:
    play = Play(DEAL, N, Denomination.SPADES)
    forbid = RestrictPlay(LawRef(edition, "50D2(a)"), E, PlayRule.FORBID_SUIT, Suit.HEARTS,
                          None, Until.WHILE_ON_LEAD, 0, N)
    allowed = legal_cards(play, E, Obligations((), (forbid,)))
    assert allowed == CardSet(c for c in play.hand(E) if c.suit is not Suit.HEARTS)


def test_law44B_the_others_play_in_rotation_and_four_cards_make_a_trick() -> None:
    play = Play(DEAL, N, Denomination.SPADES)
    order = []
    for card in ("S8", "S5", "S2", "SA"):
        order.append(play.next_to_play)
        play = play.with_card(play.next_to_play, Card.parse(card))  # type: ignore[arg-type]
    assert order == [E, S, W, N]
    assert len(play.tricks) == 1 and play.tricks[0].is_complete
    assert play.current_trick.cards == ()


def test_law44C_a_player_must_follow_suit_if_able() -> None:
    play = _play(Play(DEAL, N, Denomination.SPADES), "E:HA")
    assert play.legal_cards(S) == play.hand(S).in_suit(Suit.HEARTS)
    assert not play.follows_suit(S, Card.parse("DA"))


def test_law44C_following_suit_overrides_a_major_penalty_card_T44_1(edition: Edition) -> None:
    """T44-1: hearts led, West holds hearts and a major penalty card DT: he must follow
    suit; the DT stays on the table."""
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    table.play("S", "H2")
    table.expose("W", "DT", "dropped")  # an honour: a major penalty card (50B)
    table.accept_defaults()
    table.choose("penalty-card")
    assert [str(pc.card) for pc in table.state.penalty_cards] == ["DT"]
    assert table.turn is W
    assert set(table.legal_cards()) == _cards("H7 H6 H5")
    table.play("W", "H5")
    assert [str(pc.card) for pc in table.state.penalty_cards] == ["DT"]  # still on the table
    assert not table.state.revokes


def test_law44D_void_in_the_suit_led_any_card_subject_to_a_penalty_card_T44_1(
    edition: Edition,
) -> None:
    """T44-1 variant: West void in hearts may play any card, so he must play his major
    penalty card (50D1(a))."""
    deal = Deal.from_pbn("N:AKQJ.T98765.65.2 T98.AKQJ.432.765 765.432.AKQJ.T98 "
                         "432..T987.AKQJ43")
    table = Table(Board(1, deal), edition=edition)
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    table.play("S", "H2")
    table.expose("W", "DT", "dropped")
    table.accept_defaults()
    table.choose("penalty-card")
    assert table.turn is W
    assert set(table.legal_cards()) == _cards("DT")
    play = table.state.play
    assert play is not None and play.legal_cards(W) == play.hand(W)  # 44D alone: any card


def test_law44E_the_highest_trump_wins_T44_2() -> None:
    """T44-2: 4S; HA, H5, S2, HK: the S2 wins and its hand leads next."""
    trick = Trick(E, tuple(Card.parse(c) for c in ("HA", "H5", "S2", "HK")), Suit.SPADES)
    assert trick.winner is W
    assert beats(Card.parse("S2"), Card.parse("HA"), Suit.SPADES)
    assert not beats(Card.parse("HK"), Card.parse("S2"), Suit.SPADES)
    play = _play(Play(DEAL, N, Denomination.SPADES), "E:D2", "S:D7", "W:D8", "N:D5")
    assert play.tricks[0].winner is W and play.leader is W


def test_law44F_otherwise_the_highest_card_of_the_suit_led_wins_T44_2() -> None:
    """T44-2 NT variant: H5, DA, HK, H2: the HK wins (a card of another suit never wins)."""
    trick = Trick(E, tuple(Card.parse(c) for c in ("H5", "DA", "HK", "H2")), None)
    assert trick.winner is W
    assert not beats(Card.parse("DA"), Card.parse("H5"), None)
    play = _play(Play(DEAL, N, Denomination.NOTRUMP), "E:HK", "S:H4", "W:H7", "N:HT")
    assert play.tricks[0].winner is E


def test_law44G_the_winner_of_a_trick_leads_to_the_next() -> None:
    play = _play(Play(DEAL, N, Denomination.NOTRUMP), "E:S8", "S:S5", "W:S2", "N:SA")
    assert play.tricks[0].winner is N
    assert play.leader is N and play.next_to_play is N
    play = _play(play, "N:HT", "E:HA", "S:H2", "W:H5")
    assert play.leader is E
