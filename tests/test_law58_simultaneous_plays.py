"""Law 58 (simultaneous leads or plays) and Law 45E (fifth card played to a trick).

The auction ``N:P E:P S:1S W:P N:P E:P`` makes South declarer (North dummy, West leads).
"""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Card, Edition, Seat, Table
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.laws.play import law58_simultaneous_plays
from dupbridge.laws.play.play_obligations import is_major
from dupbridge.table.state import Status
from test_law57_premature_play import play, south_on_lead


def option_ids(table: Table) -> list[str]:
    assert table.pending is not None
    return [option.id for option in table.pending.options]


def status(table: Table, seat: str, card: str) -> Status:
    for entry in reversed(table.state.records):
        if getattr(entry, "card", None) == Card.parse(card) and entry.seat is Seat.parse(seat):
            return entry.status  # type: ignore[union-attr, no-any-return]
    raise AssertionError(f"no record of {seat} {card}")


# 58A


def test_law58_simultaneous_cards_are_recorded_in_rotation(edition: Edition) -> None:
    table = south_on_lead(edition)
    table.play("S", "S5")
    order = law58_simultaneous_plays.simultaneous_order(
        table.state.play, [(Seat.NORTH, Card.parse("SJ")), (Seat.WEST, Card.parse("S4"))])
    assert [seat for seat, _ in order] == [Seat.WEST, Seat.NORTH]


def test_law58A_card_played_with_a_legal_card_counts_as_after_it(edition: Edition) -> None:
    """T58-1: dummy's card (named by declarer) and East's at the same moment, at dummy's
    turn: East's card is recorded after it, in turn, with no irregularity."""
    table = south_on_lead(edition)
    play(table, "S:S5 W:S4")
    order = law58_simultaneous_plays.simultaneous_order(
        table.state.play, [(Seat.EAST, Card.parse("ST")), (Seat.NORTH, Card.parse("SJ"))])
    for seat, card in order:
        table.play(seat, card)
        assert table.pending is None
    assert str(table.state.play.tricks[-1]) == "S: S5 S4 SJ ST"


# 58B


def test_law58B_the_card_played_of_several(edition: Edition) -> None:
    seven, king = Card.parse("C7"), Card.parse("CK")
    assert law58_simultaneous_plays.card_played([seven, king], designated=king) == king
    with pytest.raises(ValueError, match="58B2"):
        law58_simultaneous_plays.card_played([seven, king])


def test_law58B1_only_visible_card_is_played_the_others_go_back(edition: Edition) -> None:
    """T58-2: only the C7 is visible: it is played; the other card is not recorded."""
    assert law58_simultaneous_plays.card_played([Card.parse("C7")]) == Card.parse("C7")
    table = south_on_lead(edition)
    play(table, "S:S5 W:S4")
    assert table.pending is None and not table.state.penalty_cards


def test_law58B2_defenders_other_visible_card_is_a_penalty_card(edition: Edition) -> None:
    table = south_on_lead(edition)
    play(table, "S:S5 W:S4")
    table.expose("W", "S3", "played with another card")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CARDS_TOGETHER
    assert option_ids(table) == ["penalty-card"]
    table.accept_defaults()
    table.choose("penalty-card")
    (penalty,) = table.state.penalty_cards
    assert penalty.card == Card.parse("S3") and not penalty.deliberate
    assert not is_major(penalty)  # 50B: a single small card


def test_law58B2_declarers_other_visible_card_goes_back(edition: Edition) -> None:
    """T58-3."""
    table = south_on_lead(edition)
    table.play("S", "S5")
    table.expose("S", "S6", "played with another card")
    assert option_ids(table) == ["return"]
    table.accept_defaults()
    table.choose("return")
    assert status(table, "S", "S6") is Status.RETURNED
    assert not table.state.penalty_cards


def test_law58B3_opponent_who_played_after_may_take_back_his_card(edition: Edition) -> None:
    """T58-4: the extra card is taken back; West, who had played after it, replaces his."""
    table = south_on_lead(edition)
    play(table, "S:S5 W:S4")
    table.expose("S", "S6", "played with another card")
    assert option_ids(table) == ["return", "take-back"]
    assert table.pending is not None
    assert table.pending.option("take-back").chosen_by is Seat.WEST  # type: ignore[union-attr]
    table.accept_defaults()
    table.choose("take-back", by=Seat.WEST)
    assert status(table, "W", "S4") is Status.RETURNED
    assert table.state.play.next_to_play is Seat.WEST
    assert Card.parse("S4") in table.legal_cards()


def test_law58B4_noticed_after_both_sides_played_to_next_trick(edition: Edition) -> None:
    """T58-5: Law 67."""
    table = south_on_lead(edition)
    table.expose("S", "S6", "played with another card")
    table.answer("noticed-late", True)
    assert option_ids(table) == ["defective-trick"]
    table.choose("defective-trick")
    assert "Law 67" in table.state.reviews[-1].note


# 45E


def test_law45E_is_the_fifth_card_a_lead(edition: Edition) -> None:
    table = south_on_lead(edition)
    table.expose("W", "D9", "fifth card to a trick")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.FIFTH_CARD
    questions = {q.id: q.default for q in pending.questions}
    assert questions == {"is-lead": False, "deliberate": True}


def test_law45E1_defenders_fifth_card_is_a_penalty_card(edition: Edition) -> None:
    """T45-2: an honour is a major penalty card."""
    table = south_on_lead(edition)
    table.expose("W", "CQ", "fifth card to a trick")
    assert table.pending is not None
    assert [q.id for q in table.pending.questions] == ["is-lead"]
    table.accept_defaults()
    table.choose("penalty-card")
    (penalty,) = table.state.penalty_cards
    assert penalty.card == Card.parse("CQ") and is_major(penalty)
    assert penalty.law.clause == "45E1"


def test_law45E1_small_fifth_card_exposed_unintentionally_is_minor(edition: Edition) -> None:
    """T45-10."""
    table = south_on_lead(edition)
    table.expose("W", "D8", "fifth card to a trick")
    table.answer("is-lead", False)
    table.answer("deliberate", False)
    table.choose("penalty-card")
    (penalty,) = table.state.penalty_cards
    assert not is_major(penalty)


def test_law45E1_second_card_to_a_trick_in_progress(edition: Edition) -> None:
    """West, who led, plays again after his partner played, before declarer: 45E."""
    table = table_for(edition, "N")
    act(table, "N:P E:P S:1S W:P N:P E:P")
    play(table, "W:DT N:D5 E:D2 W:D9")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.FIFTH_CARD
    table.accept_defaults()
    table.choose("penalty-card")
    assert table.state.penalty_cards[0].card == Card.parse("D9")


def test_law45E1_judged_a_lead_goes_to_the_lead_out_of_turn_laws(edition: Edition) -> None:
    table = south_on_lead(edition)  # South won trick 1: West's card is a lead out of turn
    table.expose("W", "D9", "fifth card to a trick")
    table.answer("is-lead", True)
    table.accept_defaults()
    assert option_ids(table) == ["lead"]
    table.choose("lead")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.LEAD_OUT_OF_TURN


def test_law45E2_declarers_fifth_card_goes_back(edition: Edition) -> None:
    """T45-11: from dummy."""
    table = south_on_lead(edition)
    table.expose("N", "H8", "fifth card to a trick")
    table.accept_defaults()
    assert option_ids(table) == ["return"]
    table.choose("return")
    assert status(table, "N", "H8") is Status.RETURNED
    assert not table.state.penalty_cards


def test_law45E2_declarers_fifth_card_judged_a_lead_is_his_lead(edition: Edition) -> None:
    table = south_on_lead(edition)  # South is on lead: his card is simply his lead
    table.expose("S", "S5", "fifth card to a trick")
    table.answer("is-lead", True)
    table.choose("lead")
    assert table.pending is None
    assert table.state.play.current_trick.cards == (Card.parse("S5"),)


# 58B3: information from the withdrawn cards (2007 16D, 2017 16C)


def test_law58B3_withdrawn_cards_are_tagged_unauthorised_for_the_offenders(
        edition: Edition) -> None:
    """Declarer's extra card goes back and West takes back the card he played after it:
    both are withdrawn, their information authorised to E-W only."""
    table = south_on_lead(edition)
    play(table, "S:S5 W:S4")
    table.expose("S", "S6", "played with another card")
    extra = len(table.state.records) - 1
    table.accept_defaults()
    table.choose("take-back", by=Seat.WEST)
    tags = table.state.information
    clause = "16D" if edition is Edition.LAWS_2007 else "16C"
    assert [(tag.law.clause, tag.authorised) for tag in tags] == [(clause, Seat.WEST.side)] * 2
    assert extra in {tag.record for tag in tags}
    (west,) = (tag.record for tag in tags if tag.record != extra)
    assert status(table, "W", "S4") is Status.RETURNED
    assert table.state.records[west].card == Card.parse("S4")  # type: ignore[union-attr]


def test_law58B2_declarers_returned_extra_card_is_tagged(edition: Edition) -> None:
    table = south_on_lead(edition)
    table.play("S", "S5")
    table.expose("S", "S6", "played with another card")
    table.accept_defaults()
    table.choose("return")
    (tag,) = table.state.information
    assert tag.authorised is Seat.WEST.side and tag.record == len(table.state.records) - 1


def test_law58B2_defenders_extra_card_is_a_penalty_card_not_a_withdrawal(
        edition: Edition) -> None:
    """A defender's visible card stays on the table as a penalty card: its information is
    Law 50's, no 16D / 16C tag."""
    table = south_on_lead(edition)
    play(table, "S:S5 W:S4")
    table.expose("W", "S3", "played with another card")
    table.accept_defaults()
    table.choose("penalty-card")
    assert all(tag.law.clause.startswith("50") for tag in table.state.information)
