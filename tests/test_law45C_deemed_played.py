"""Law 45C1-C3: a card held or touched that may count as played (2007 "must be played",
2017 "deemed played"): the Director's finding decides.

The auction ``N:1S E:P S:P W:P`` makes North declarer, South dummy, East the opening leader.
"""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Card, Edition, Seat, Table
from dupbridge.core.errors import ActionRejected
from dupbridge.laws.machinery.ruling import Exposure, IrregularityKind
from dupbridge.laws.play.play_obligations import is_major
from dupbridge.table.state import CardRecord, Status


def started(edition: Edition, *cards: str) -> Table:
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    for text in cards:
        seat, card = text.split(":")
        table.play(seat, card)
    return table


def last_record(table: Table) -> CardRecord:
    entry = table.state.records[-1]
    assert isinstance(entry, CardRecord)
    return entry


def question(table: Table) -> tuple[str, str]:
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CARD_HELD
    first = pending.questions[0]
    return first.id, first.law.clause


def option_ids(table: Table) -> list[str]:
    assert table.pending is not None
    return [option.id for option in table.pending.options]


def record_of(table: Table, seat: str, card: str) -> CardRecord:
    for entry in reversed(table.state.records):
        if (isinstance(entry, CardRecord) and entry.seat is Seat.parse(seat)
                and entry.card == Card.parse(card)):
            return entry
    raise AssertionError(f"no record of {seat} {card}")


# 45C1


def test_law45C1_defender_s_card_partner_could_see_is_played(edition: Edition) -> None:
    """T45-1: at West's turn he holds the H5 where East could see it: played."""
    table = started(edition, "E:HA", "S:H2")
    table.expose("W", "H5", Exposure.HELD)
    assert question(table) == ("could-see", "45C1")
    table.accept_defaults()
    assert option_ids(table) == ["played"]
    assert table.pending is not None
    description = table.pending.options[0].description
    assert ("must be played" if edition is Edition.LAWS_2007 else "deemed played") in description
    table.choose("played")
    assert table.pending is None
    assert str(table.state.play.current_trick) == "E: HA H2 H5"
    assert record_of(table, "W", "H5").status is Status.STANDING
    assert not table.state.penalty_cards


def test_law45C1_partner_could_not_see_the_card_is_not_played(edition: Edition) -> None:
    table = started(edition, "E:HA", "S:H2")
    table.expose("W", "H5", Exposure.HELD)
    table.answer("could-see", False)
    assert option_ids(table) == ["not-played"]
    table.choose("not-played")
    assert record_of(table, "W", "H5").status is Status.RETURNED
    assert table.state.play.next_to_play is Seat.WEST and not table.state.penalty_cards
    assert Card.parse("H5") in table.legal_cards()


def test_law45C1_not_at_his_turn_the_card_is_exposed_law49(edition: Edition) -> None:
    """Held where partner could see it before his turn: a card exposed (49): an honour is a
    major penalty card."""
    table = started(edition, "E:HA")
    table.expose("W", "CQ", Exposure.HELD)
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.questions] == ["could-see"]
    table.answer("could-see", True)
    assert table.pending is not None
    assert [q.id for q in table.pending.questions] == ["could-see", "is-penalty-card"]
    table.accept_defaults()
    assert option_ids(table) == ["penalty-card"]
    table.choose("penalty-card")
    (penalty,) = table.state.penalty_cards
    assert penalty.card == Card.parse("CQ") and penalty.law.clause == "49"
    assert is_major(penalty)
    assert table.state.play.next_to_play is Seat.SOUTH


# 45C2


def test_law45C2a_declarer_s_card_held_face_up_near_the_table(edition: Edition) -> None:
    """T45-3: declarer (North) holds the H8 face up touching the table at his turn."""
    table = started(edition, "E:HA", "S:H2", "W:H5")
    table.expose("N", "H8", Exposure.HELD)
    assert question(table) == ("held-as-played", "45C2(a)")
    table.accept_defaults()
    table.choose("played")
    assert str(table.state.play.tricks[-1]) == "E: HA H2 H5 H8"


def test_law45C2b_declarer_s_card_held_in_a_played_position(edition: Edition) -> None:
    table = started(edition, "E:HA", "S:H2", "W:H5")
    table.expose("N", "H8", Exposure.HELD_AS_PLAYED)
    assert question(table) == ("held-as-played", "45C2(b)")
    table.answer("held-as-played", False)
    table.choose("not-played")
    assert record_of(table, "N", "H8").status is Status.RETURNED
    assert table.state.play.next_to_play is Seat.NORTH


def test_law45C2_declarer_s_card_not_at_his_turn_goes_back_48A(edition: Edition) -> None:
    table = started(edition, "E:HA", "S:H2")
    table.expose("N", "H8", Exposure.HELD)
    table.accept_defaults()
    assert option_ids(table) == ["return"]
    table.choose("return")
    entry = record_of(table, "N", "H8")
    assert entry.status is Status.RETURNED and entry.law is not None
    assert entry.law.clause == "48A" and not table.state.penalty_cards
    assert table.state.play.next_to_play is Seat.WEST


def test_law45C2_dummy_s_card_is_touched_not_held(edition: Edition) -> None:
    table = started(edition, "E:HA")
    with pytest.raises(ActionRejected, match="45C3"):
        table.expose("S", "H2", Exposure.HELD)


# 45C3


def test_law45C3_declarer_deliberately_touches_dummy_s_card(edition: Edition) -> None:
    """T45-4: at dummy's turn declarer touches dummy's H2 deliberately: it is played."""
    table = started(edition, "E:HA")
    table.expose("S", "H2", Exposure.TOUCHED)
    assert question(table) == ("deliberate-touch", "45C3")
    table.accept_defaults()
    table.choose("played")
    assert str(table.state.play.current_trick) == "E: HA H2"


def test_law45C3_touched_to_reach_another_card_or_arrange_dummy(edition: Edition) -> None:
    table = started(edition, "E:HA")
    table.expose("S", "H4", Exposure.TOUCHED)
    table.answer("deliberate-touch", False)
    table.choose("not-played")
    assert table.state.play.next_to_play is Seat.SOUTH
    table.play("S", "H2")
    assert str(table.state.play.current_trick) == "E: HA H2"


def test_law45C3_only_dummy_s_cards_are_touched(edition: Edition) -> None:
    table = started(edition, "E:HA")
    with pytest.raises(ActionRejected, match="45C3"):
        table.expose("W", "H5", Exposure.TOUCHED)


def test_law45C_card_deemed_played_out_of_suit_is_a_revoke(edition: Edition) -> None:
    """Played at his turn, the card is classified as any card in turn: here a revoke."""
    table = started(edition, "E:HA", "S:H2")
    table.expose("W", "CQ", Exposure.HELD)
    table.accept_defaults()
    table.choose("played")
    assert [revoke.card for revoke in table.state.revokes] == [Card.parse("CQ")]
    assert last_record(table).card == Card.parse("CQ")


# 45D: dummy's misplaced card withdrawn (2007 16D, 2017 16C)


def test_law45D_withdrawn_misplaced_card_is_unauthorised_for_declarer_s_side(
        edition: Edition) -> None:
    """South declares 1H, North is dummy; declarer names the SJ, dummy places the SK."""
    table = table_for(edition, "S")
    act(table, "S:1H W:P N:P E:P")
    table.play("W", "S2")
    table.play("N", "SK")
    table.play("E", "S8")
    table.dummy_misplaced(5, "SJ")
    (tag,) = table.state.information
    assert tag.record == 5 and tag.authorised is Seat.EAST.side
    assert tag.law.clause == ("16D" if edition is Edition.LAWS_2007 else "16C")
