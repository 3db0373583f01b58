"""Law 67: defective trick (pure functions over the trick record)."""

from __future__ import annotations

import pytest

from conftest import DEAL, act, table_for
from dupbridge import Edition, Seat
from dupbridge.core.board import Board
from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionRejected
from dupbridge.laws.machinery.ruling import AdjustedScore, PenaltyCard, Review
from dupbridge.laws.play.law61_revoke import NEXT_BOARD
from dupbridge.laws.play.law67_defective_trick import (
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
from dupbridge.laws.play.play_obligations import Obligations
from dupbridge.rules.play import Trick
from dupbridge.table.events import CardOmitted, ExtraCardPlayed
from dupbridge.table.table import Table

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
    none = Obligations()
    assert card_to_supply(cards("C5 C9 H2"), Suit.CLUBS, 3, Seat.WEST, none) == cards("C5 C9")
    assert card_to_supply(cards("D5 H2"), Suit.CLUBS, 3, Seat.WEST, none) == cards("D5 H2")


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


# At the table: a trick quitted without a player's card, a second card gone in unseen

SIX_TRICKS = ("E:C5 S:C8 W:CJ N:C2 W:CQ N:C3 E:C6 S:C9 W:CK N:C4 E:C7 S:CT "
              "W:CA N:D5 E:D2 S:DJ W:D8 N:D6 E:D3 S:DQ S:DK W:D9 N:D7 E:D4")


def _played(table: Table, script: str) -> None:
    for token in script.split():
        seat, card = token.split(":")
        table.play(seat, card)


def _trick7_without_east(edition: Edition) -> Table:
    """1S by North; tricks 1-6 played; trick 7: S H2, W H5, N H8, East passed over."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    _played(table, SIX_TRICKS + " S:H2 W:H5 N:H8")
    table.apply(CardOmitted(E))
    return table


def _cards_held(table: Table) -> int:
    play = table.state.play
    assert play is not None
    return sum(len(play.hand(seat)) for seat in Seat)


def test_law67_omitted_player_trick_quitted_with_three_cards(edition: Edition) -> None:
    table = _trick7_without_east(edition)
    play = table.state.play
    assert play is not None
    trick = play.tricks[6]
    assert trick.omitted is E and trick.card_of(E) is None and trick.winner is N
    assert trick.card_of(W) == Card.parse("H5") and play.leader is N
    assert len(play.hand(E)) == len(play.hand(N)) + 1
    assert _cards_held(table) + sum(len(t.cards) for t in play.tricks) == 52


def test_law67A1_supplied_card_is_legal_and_winner_found_again(edition: Edition) -> None:
    table = _trick7_without_east(edition)
    table.play(N, "SA")  # N leads to trick 8: only N-S have played to it
    table.draw_attention(W)
    assert [r.law.clause for r in table.state.reviews] == ["67A1"]
    with pytest.raises(ActionRejected):
        table.play(E, "S8")  # 67A1: a legal card, a heart
    table.play(E, "HA")
    play = table.state.play
    assert play is not None
    assert play.tricks[6].winner is E and len(play.tricks) == 7
    assert play.holds(N, Card.parse("SA")) and table.turn is E  # the lead went back (M2)


def test_law67B1a_faced_card_of_the_suit_led_ownership_unchanged(edition: Edition) -> None:
    table = _trick7_without_east(edition)
    _played(table, "N:H9 E:HJ S:H3 W:H6 E:HQ S:H4 W:H7 N:HT")
    table.draw_attention(N)
    assert [r.law.clause for r in table.state.reviews] == ["67B1"]
    with pytest.raises(ActionRejected):
        table.play(E, "S8")
    table.play(E, "HA")
    play = table.state.play
    assert play is not None
    assert play.tricks[6].winner is N and play.added_cards == ((7, E, Card.parse("HA")),)
    assert len(play.hand(E)) == len(play.hand(N))
    revoke = table.state.revokes[-1]
    assert revoke.trick == 7 and revoke.established and revoke.failure.clause == "67B1"


def test_law67B1_deemed_revoke_one_trick_transferred_at_the_end(edition: Edition) -> None:
    table = _trick7_without_east(edition)
    _played(table, "N:H9 E:HJ S:H3 W:H6 E:HQ S:H4 W:H7 N:HT")
    table.draw_attention(N)
    table.play(E, "HA")
    _played(table, "E:HK S:DA W:DT N:SJ N:SQ E:S8 S:S5 W:S2 N:SK E:S9 S:S6 W:S3 "
                   "N:SA E:ST S:S7 W:S4")
    result = table.result()
    assert result is not None
    assert [(t.seat, t.law.clause, t.tricks) for t in result.transfers] == [(E, "64A2", 1)]


def test_law67B1b_void_in_the_suit_led_any_card(edition: Edition) -> None:
    hand = CardSet([Card.parse("SA"), Card.parse("HK"), Card.parse("HQ")])
    cards, clause = card_to_face(edition, hand, Suit.CLUBS)
    assert cards == hand and clause.clause == "67B1(b)"


def test_law67A2_unseen_extra_card_noticed_in_time_goes_back(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    table.play(E, "C5")
    table.apply(ExtraCardPlayed(E, Card.parse("C6")))
    assert not table.state.play.holds(E, Card.parse("C6"))  # type: ignore[union-attr]
    table.draw_attention(S)
    assert [r.law.clause for r in table.state.reviews] == ["67A2", "58B1"]
    assert table.state.play.holds(E, Card.parse("C6"))  # type: ignore[union-attr]
    assert table.state.penalty_cards == ()


def _second_card_at_trick3(edition: Edition, exposed: bool) -> Table:
    deal = "N:AKQ.AKQ.AKQ.AKQJ JT76.JT98.JT.T54 543.76532.432.32 982.4.98765.9876"
    table = Table(Board(1, Deal.from_pbn(deal)), edition=edition)
    act(table, "N:1NT E:P S:P W:P")
    _played(table, "E:SJ S:S3 W:S2 N:SQ N:CA E:C4 S:C2 W:C6 N:SA E:S6 S:S4 W:S9")
    table.apply(ExtraCardPlayed(W, Card.parse("H4"), exposed))
    _played(table, "N:SK E:S7 S:S5 W:S8 N:HA E:H8 S:H2 W:D5 N:DA E:DT S:D2 W:D7")
    table.draw_attention(N)
    return table


def test_law67B2a_extra_card_back_in_hand_trick_unchanged(edition: Edition) -> None:
    table = _second_card_at_trick3(edition, exposed=False)
    play = table.state.play
    assert play is not None
    assert play.holds(W, Card.parse("H4")) and play.tricks[2].winner is N
    assert play.added_cards == () and table.state.penalty_cards == ()
    assert [r.law.clause for r in table.state.reviews] == ["67B2(a)"]


def test_law67B2a_exposed_extra_card_of_a_defender_is_a_penalty_card(edition: Edition) -> None:
    table = _second_card_at_trick3(edition, exposed=True)
    assert [(pc.seat, str(pc.card)) for pc in table.state.penalty_cards] == [(W, "H4")]


def test_law67B2a_law50B_the_returned_low_card_is_a_minor_penalty_card(
        edition: Edition) -> None:
    """The footnote sends the exposed extra card to Law 50; 50B names playing two cards to
    a trick as an unintended exposure: a single card below honour rank is minor, under 50C
    (it was taken for major, as if deliberately played)."""
    table = _second_card_at_trick3(edition, exposed=True)
    (penalty,) = table.state.penalty_cards
    assert not penalty.major
    minor = "50B" if edition is Edition.LAWS_2007 else "50B1"
    assert [law.clause for law in penalty.clauses] == ["67B2(a)", "50", minor, "50C"]


def test_law67A2_law58B2_a_seen_extra_card_noticed_in_time_is_a_minor_penalty_card(
        edition: Edition) -> None:
    """In time (67A2) a defender's second card that was seen is a card played with
    another (58B2): a minor penalty card when it is a single low card, as under 58B2 itself."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    table.play(E, "C5")
    table.apply(ExtraCardPlayed(E, Card.parse("C6"), True))
    table.draw_attention(S)
    (penalty,) = table.state.penalty_cards
    assert penalty.card == Card.parse("C6") and not penalty.major


def test_law67B2b_returned_card_makes_an_earlier_discard_a_revoke(edition: Edition) -> None:
    table = _second_card_at_trick3(edition, exposed=False)
    revokes = table.state.revokes
    assert [(r.seat, r.trick, str(r.card), r.established) for r in revokes] == [
        (W, 5, "D5", True)]
    assert revokes[0].failure.clause == "67B2(b)"


def test_law67_rejects_omission_out_of_turn_and_at_the_lead(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    with pytest.raises(ActionRejected):
        table.apply(CardOmitted(E))  # nothing led yet
    table.play(E, "C5")
    with pytest.raises(ActionRejected):
        table.apply(CardOmitted(W))  # not his turn


# 67A1: the card he can legally play, under the obligations in force


def _west_passed_over_in_diamonds(edition: Edition, exposure: str) -> Table:
    """North declares 1S (South dummy). Trick 1: East leads the D4, dummy plays the DJ;
    West puts the D8 face up (``exposure``: dropped, a minor penalty card; shown, a major
    one, 50B), is passed over, and North plays the D7. Attention is drawn before the next
    trick (67A1): West owes a diamond, from DT D9 D8."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "D4")
    table.play("S", "DJ")
    table.expose("W", "D8", exposure)
    table.accept_defaults()
    table.choose("penalty-card")
    table.apply(CardOmitted(W))
    table.play("N", "D7")
    table.draw_attention(N)
    assert table.state.defects[0].ruling == "67A1"
    return table


def _refused(table: Table, seat: Seat, text: str) -> None:
    """Each of these cards is refused as the card ``seat`` owes (67A1), nothing recorded."""
    events = table.events
    for card in text.split():
        with pytest.raises(ActionRejected, match="67A1"):
            table.play(seat.letter, card)
        assert table.events == events


def test_law67A1_law50C_the_supplied_card_respects_a_minor_penalty_card(
        edition: Edition) -> None:
    """67A1 (both editions: a card he can legally play): with the D8 a minor penalty card,
    West may not supply another diamond below honour rank before it (50C): the D8, or the
    DT, an honour; the D9 is refused and nothing is recorded."""
    table = _west_passed_over_in_diamonds(edition, "dropped")
    _refused(table, W, "D9 S4 H7 CA")
    table.play("W", "DT")
    assert table.state.defects[0].ruling == "done"
    assert [str(pc.card) for pc in table.state.penalty_cards] == ["D8"]


def test_law67A1_law50D1a_the_supplied_card_is_the_major_penalty_card(
        edition: Edition) -> None:
    """67A1: with the D8 a major penalty card, West must play it at the first legal
    opportunity (50D1(a)); supplying a diamond to the defective trick is one, so the D8
    is the card he can legally play, and once supplied it is no longer a penalty card."""
    table = _west_passed_over_in_diamonds(edition, "shown")
    _refused(table, W, "DT D9")
    table.play("W", "D8")
    assert table.state.penalty_cards == ()
    play = table.state.play
    assert play is not None and play.tricks[0].card_of(W) == Card.parse("D8")


def test_law67A1_law57A_the_supplied_card_meets_the_play_restriction_of_that_trick(
        edition: Edition) -> None:
    """67A1: South declares 1S, West led trick 1 and South won it. Trick 2: South leads
    the S5, East plays the ST before his partner (57A) and declarer requires West's
    highest spade. West is then passed over; attention drawn before the next trick, the
    card he supplies must meet that requirement: the S4, not the S3 or S2."""
    table = Table(Board(1, DEAL), edition=edition)
    act(table, "N:P E:P S:1S W:P N:P E:P")
    for seat, card in (("W", "DT"), ("N", "D5"), ("E", "D2"), ("S", "DA"), ("S", "S5"),
                       ("E", "ST")):
        table.play(seat, card)
    table.accept_defaults()
    table.choose("highest", by=S)
    table.apply(CardOmitted(W))
    table.play("N", "SJ")
    table.play("E", "ST")  # his major penalty card (50D1(a))
    table.draw_attention(N)
    assert table.state.defects[0].ruling == "67A1"
    _refused(table, W, "S3 S2")
    table.play("W", "S4")
    play = table.state.play
    assert play is not None and play.tricks[1].card_of(W) == Card.parse("S4")
