"""Pavlicek's RBN: the real file read to exact values, inheritance of repeating labels,
round trip, and positioned errors."""

from __future__ import annotations

import pytest

from dupbridge.core.calls import DOUBLE, PASS, Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import rbn
from dupbridge.rules.play import Trick
from shared_paths import REALDATA

FLORIDA = REALDATA / "rbn" / "pavlicek_florida_belles_example.rbn"


def test_the_real_rbn_file_holds_one_record_with_its_lines_in_order() -> None:
    loaded = rbn.load(FLORIDA)
    assert len(loaded.boards) == 1
    labels = "".join(item.label for item in loaded.boards[0].items)
    assert labels == "DTLEFN{{{{BHACPR{{"


def test_rbn_record_maps_to_a_board_record_with_exact_values() -> None:
    record = rbn.to_records(rbn.load(FLORIDA))[0]
    assert record.board == 8
    assert (record.dealer, record.vulnerability) == (Seat.WEST, Vulnerability.NONE)
    assert record.deal == Deal.from_pbn(
        "W:A8765.QT.K9.AT87 J42.AJ7632.J.632 QT3.85.Q86.KQJ54 K9.K94.AT75432.9")
    assert " ".join(str(recorded.call) for recorded in record.auction) == (
        "1S 2H 2S 4D 4S Pass Pass 5H X Pass Pass Pass")
    assert record.contract == Contract.parse("5HX N")
    assert (record.tricks, record.score_ns) == (9, -300)
    assert record.players == ("", "Julia Carswell", "", "Helen Shanbrom")
    assert (record.date, record.site, record.event) == (
        "1993.05.12", "West Palm Beach FL", "ACBL International Fund Game")


def test_rbn_play_follows_the_suit_led_unless_a_suit_is_named() -> None:
    record = rbn.to_records(rbn.load(FLORIDA))[0]
    assert " ".join(str(card) for card in record.play) == (
        "CK C9 C7 C2 CQ H4 C8 C3 DA D9 DJ D6 D2 DK H2 D8 SJ SQ SK SA CA")


def test_every_rbn_card_is_played_by_the_seat_that_holds_it() -> None:
    """The check that the play notation is read right: in rotation from the opening
    leader, each trick led by the last winner, every card is in its player's hand."""
    record = rbn.to_records(rbn.load(FLORIDA))[0]
    assert record.contract is not None and record.contract.declarer is Seat.NORTH
    trump = record.contract.denomination.suit
    leader = record.contract.declarer.lho
    for start in range(0, len(record.play), 4):
        trick = Trick(leader, record.play[start : start + 4], trump)
        for position, card in enumerate(trick.cards):
            assert card in record.deal.hand(trick.seat_of(position))
        leader = trick.winner
    assert leader is Seat.WEST  # West won the spade ace and led the club ace


def test_rbn_round_trip_is_equal_and_stable() -> None:
    loaded = rbn.load(FLORIDA)
    text = rbn.dumps(loaded)
    again = rbn.loads(text)
    assert again == loaded
    assert rbn.dumps(again) == text


_TWO_ROOMS = (
    "E Test match\nB 3\nH N:AKQJ.T98.765.432:T98.765.432.AKQJ:765.432.AKQJ.T98:\n"
    "A SE:1NPP*X:A\nC 1NX:S\nR 7+180\n\n"
    "A SE:PPPP\nR 0\n"
)


def test_repeating_labels_carry_over_to_the_next_record() -> None:
    loaded = rbn.loads(_TWO_ROOMS)
    first, second = rbn.to_records(loaded)
    assert [item.label for item in loaded.boards[1].inherited] == ["E", "B", "H"]
    assert second.deal == first.deal and second.board == 3 and second.event == "Test match"
    assert [recorded.call for recorded in first.auction] == [
        Call.parse("1NT"), PASS, PASS, DOUBLE, PASS, PASS, PASS]
    assert first.auction[2].alert is True
    assert first.deal.hand(Seat.WEST).to_pbn() == "432.AKQJ.T98.765"
    assert second.passed_out and second.contract is None


def test_rbn_auction_without_dealer_starts_with_west() -> None:
    record = rbn.to_records(rbn.loads("B 1\nA 1SPPP\n"))[0]
    assert record.dealer is Seat.WEST
    assert record.contract == Contract.parse("1S W")


def test_rbn_errors_name_line_and_column() -> None:
    with pytest.raises(ParseError) as caught:
        rbn.loads("B 1\nA SE:1N9\n", source="x.rbn")
    assert (caught.value.source, caught.value.line, caught.value.column) == ("x.rbn", 2, 8)
    assert "expected a call" in caught.value.reason
    with pytest.raises(ParseError) as label:
        rbn.loads("B 1\nQ what\n")
    assert (label.value.line, label.value.column) == (2, 1)
    with pytest.raises(ParseError) as hands:
        rbn.loads("H N:AKQ.XJ..:::\n")
    assert (hands.value.line, hands.value.column) == (1, 9)


def test_rbn_tolerant_mode_keeps_good_records() -> None:
    loaded = rbn.loads("B 1\nP CZ\n\nB 2\nP CA\n", strict=False)
    assert [board.number for board in loaded.boards] == [2]
    assert loaded.boards[0].play == (Card.parse("CA"),)
    assert len(loaded.errors) == 1 and loaded.errors[0].line == 2
