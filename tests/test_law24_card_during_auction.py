"""Law 24: card exposed or led during the auction (D-52, D-53, D-54, T-AEB-54E,
T-AEB-54C)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Card, Edition, LawRef, Seat, Side, Table
from dupbridge.laws.machinery.ruling import (
    BarScope,
    ImposeBar,
    InformationTag,
    IrregularityKind,
    PenaltyCard,
)
from dupbridge.table.state import CardRecord, Status

# Fixed deal (conftest): N AKQJ.T98.765.432  E T98.AKQJ.432.765
#                        S 765.432.AKQJ.T98  W 432.765.T98.AKQJ


def expose(table: Table, seat: str, card: str) -> None:
    table.play(seat, card)
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.CARD_DURING_AUCTION


def record_of(table: Table, card: str) -> CardRecord:
    entry = next(r for r in table.state.records
                 if isinstance(r, CardRecord) and r.card == Card.parse(card))
    return entry


def bars(table: Table) -> list[tuple[Seat, BarScope, str]]:
    return [(bar.seat, bar.scope, bar.law.clause) for bar in table.restrictions]


def test_law24B_exposed_honour_partner_passes_at_his_next_turn(edition: Edition) -> None:
    """D-52: dealer N: N 1H; E exposes HK face up, which W could see."""
    table = table_for(edition)
    act(table, "N:1H")
    expose(table, "E", "HK")
    pending = table.pending
    assert pending is not None
    assert [(q.id, q.default) for q in pending.questions] == [("could-see", True)]
    table.accept_defaults()
    table.choose("rectify")
    ruling = table.rulings[-1]
    assert LawRef(edition, "24B") in ruling.clauses
    assert bars(table) == [(Seat.WEST, BarScope.NEXT, "24B")]
    assert record_of(table, "HK").status is Status.EXPOSED  # face up until the auction ends
    # the information law of a withdrawn call or play (2017 24: see 16C; 2007 16D)
    info = "16D" if edition is Edition.LAWS_2007 else "16C"
    assert table.state.information[-1] == InformationTag(LawRef(edition, info), 1, Side.NS)
    review = table.state.reviews[-1]
    assert review.law == LawRef(edition, "23" if edition is Edition.LAWS_2007 else "72C")
    assert table.turn is Seat.EAST  # still East's turn to call
    act(table, "E:P S:P")
    assert [str(call) for call in table.legal_calls()] == ["Pass"]
    act(table, "W:P N:2H")
    assert table.restrictions == ()  # the bar was for one turn


def test_law24A_single_low_card_no_rectification(edition: Edition) -> None:
    """D-53: E's D2 alone, not led: no bar; it becomes a penalty card if EW defend."""
    table = table_for(edition)
    act(table, "N:1H")
    expose(table, "E", "D2")
    pending = table.pending
    assert pending is not None
    assert [(q.id, q.default) for q in pending.questions] == [
        ("could-see", True), ("premature-lead", False)]
    table.accept_defaults()
    table.choose("rectify")
    assert LawRef(edition, "24A") in table.rulings[-1].clauses
    assert table.restrictions == ()
    act(table, "E:P S:4H W:P N:P E:P")
    assert str(table.state.contract) == "4H N"
    penalty = table.state.penalty_cards
    clause = "24" if edition is Edition.LAWS_2007 else "24E"
    # Dropped, not led: a minor penalty card (50B), not a deliberate play.
    assert penalty == (PenaltyCard(LawRef(edition, clause), Seat.EAST, Card.parse("D2"), 1,
                                   deliberate=False),)
    # The penalty card stays in East's hand, face up.
    assert table.state.play is not None and table.state.play.holds(Seat.EAST, Card.parse("D2"))
    assert record_of(table, "D2").status is Status.EXPOSED


def test_law24B_low_card_led_prematurely(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1H")
    expose(table, "E", "D2")
    table.answer("premature-lead", True)
    table.accept_defaults()
    table.choose("rectify")
    assert bars(table) == [(Seat.WEST, BarScope.NEXT, "24B")]


def test_law24C_two_cards_exposed_separately_count_together(edition: Edition) -> None:
    """D-54: D2 then C5: two cards exposed: W must pass at his next turn (24C)."""
    table = table_for(edition)
    act(table, "N:1H")
    expose(table, "E", "D2")
    table.accept_defaults()
    table.choose("rectify")
    assert table.restrictions == ()
    expose(table, "E", "C5")
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.questions] == ["could-see"]  # two cards: no 24A question
    table.accept_defaults()
    table.choose("rectify")
    assert bars(table) == [(Seat.WEST, BarScope.NEXT, "24C")]
    assert LawRef(edition, "24C") in table.rulings[-1].clauses


def test_law24_partner_could_not_see_the_card(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1H")
    expose(table, "E", "HK")
    table.answer("could-see", False)
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["return"]
    table.choose("return")
    assert record_of(table, "HK").status is Status.RETURNED
    assert table.restrictions == () and table.state.information == ()


def test_law24_a_low_card_partner_could_not_see_is_not_asked_about_as_a_lead(
    edition: Edition,
) -> None:
    table = table_for(edition)
    act(table, "N:1H")
    table.play("E", "D2")
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.open_questions] == ["could-see", "premature-lead"]
    table.answer("could-see", False)
    pending = table.pending
    assert pending is not None and pending.open_questions == ()
    table.choose("return")
    assert record_of(table, "D2").status is Status.RETURNED


def test_law24_the_same_card_again_changes_nothing(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1H")
    expose(table, "E", "D2")
    table.accept_defaults()
    table.choose("rectify")
    expose(table, "E", "D2")
    pending = table.pending
    assert pending is not None and pending.questions == ()
    table.choose("rectify")
    assert table.restrictions == ()
    act(table, "E:P S:4H W:P N:P E:P")
    assert len(table.state.penalty_cards) == 1


def test_law24D_2017_offender_declarer_cards_back_to_hand() -> None:
    """D-52, E declaring: the HK goes back to his hand (24D)."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1S")
    expose(table, "E", "HK")
    table.accept_defaults()
    table.choose("rectify")
    act(table, "E:2H S:P W:P N:P")  # W was barred for this one turn
    assert str(table.state.contract) == "2H E"
    entry = record_of(table, "HK")
    assert entry.status is Status.RETURNED and entry.law == LawRef(Edition.LAWS_2017, "24D")
    assert table.state.penalty_cards == ()


def test_law24_2007_offender_dummy_cards_back_to_hand() -> None:
    """T-AEB-54C: S exposed H2 during the auction and becomes dummy: back to his hand,
    not a penalty card (so it cannot oblige declarer to accept a lead out of turn, 54C)."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1S E:P")
    expose(table, "S", "H2")
    table.accept_defaults()
    table.choose("rectify")
    act(table, "S:2S W:P N:4S E:P S:P W:P")
    assert str(table.state.contract) == "4S N"
    entry = record_of(table, "H2")
    assert entry.status is Status.RETURNED and entry.law == LawRef(Edition.LAWS_2007, "24")
    assert table.state.penalty_cards == ()


def test_law24E_2017_offender_defender_penalty_cards() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1S")
    expose(table, "E", "D2")
    table.accept_defaults()
    table.choose("rectify")
    expose(table, "E", "C5")
    table.accept_defaults()
    table.choose("rectify")
    act(table, "E:P S:2S W:P N:4S E:P S:P W:P")  # W's barred pass, then N 4S
    assert [(p.seat, str(p.card), p.law.clause) for p in table.state.penalty_cards] == [
        (Seat.EAST, "D2", "24E"), (Seat.EAST, "C5", "24E")]


def test_law24_passed_out_cards_back_to_hand(edition: Edition) -> None:
    table = table_for(edition)
    expose(table, "N", "SA")
    table.accept_defaults()
    table.choose("rectify")
    act(table, "N:P E:P S:P W:P")
    assert record_of(table, "SA").status is Status.RETURNED


@pytest.mark.parametrize("seat", ["S", "N"])
def test_law54E_attempted_lead_by_the_declaring_side_law24(edition: Edition, seat: str) -> None:
    """T-AEB-54E: after N 4S P P P, the future dummy (or declarer) faces a card as if
    leading: Law 24 applies: back to the hand, information unauthorised to NS; the bar of
    24B is moot, the auction being over."""
    table = table_for(edition)
    act(table, "N:4S E:P S:P W:P")
    card = "SK" if seat == "N" else "S7"
    expose(table, seat, card)
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.questions] == ["could-see"]
    table.accept_defaults()
    table.choose("rectify")
    ruling = table.rulings[-1]
    assert LawRef(edition, "54E") in ruling.clauses
    assert not any(isinstance(effect, ImposeBar) for effect in ruling.effects)
    assert record_of(table, card).status is Status.RETURNED
    assert table.state.information[-1].authorised is Side.EW
    assert table.turn is Seat.EAST
    table.play("E", "HA")  # the opening lead


# At the end of the auction: a defender's penalty card, major or minor (50B)


def _defending_with(edition: Edition, card: str, led: bool = False) -> Table:
    """Dealer N: N 1H; E puts ``card`` face up (``led``: the Director finds it led
    prematurely); the auction ends in 4H by North, so East defends."""
    table = table_for(edition)
    act(table, "N:1H")
    expose(table, "E", card)
    if led:
        table.answer("premature-lead", True)
    table.accept_defaults()
    table.choose("rectify")
    act(table, "E:P S:4H W:P N:P E:P")
    return table


def _carried(table: Table) -> list[str]:
    (penalty,) = table.state.penalty_cards
    return [law.clause for law in penalty.clauses]


def test_law24A_law50B_a_single_low_card_dropped_becomes_a_minor_penalty_card(
        edition: Edition) -> None:
    """A single card below honour rank exposed unintentionally during the auction becomes
    a minor penalty card once its owner defends (2007 Law 24 preamble, 2017 24E, and 50B:
    minor), with the minor card's obligations (50C), not those of a major one."""
    table = _defending_with(edition, "D2")
    (penalty,) = table.state.penalty_cards
    assert not penalty.major
    making = "24" if edition is Edition.LAWS_2007 else "24E"
    status = "50B" if edition is Edition.LAWS_2007 else "50B1"
    assert _carried(table) == [making, "50", status, "50C"]


def test_law24B_law50B_a_card_led_prematurely_becomes_a_major_penalty_card(
        edition: Edition) -> None:
    """A low card the Director finds led prematurely (24B) was a deliberate play: as a
    defender's penalty card it is major (50B) and its play is under 50D."""
    table = _defending_with(edition, "D2", led=True)
    (penalty,) = table.state.penalty_cards
    assert penalty.major and penalty.deliberate
    status = "50B" if edition is Edition.LAWS_2007 else "50B2"
    assert _carried(table)[1:] == ["50", status, "50D"]


def test_law24B_law50B_law50D_an_exposed_honour_carries_law50_and_its_obligations(
        edition: Edition) -> None:
    """D-52: East's exposed HK becomes a penalty card of the defender (2007 24, 2017 24E);
    it rests on Law 50 too: 50B (an honour: major; 2017 50B2) and the obligations of a
    major penalty card (50D)."""
    table = _defending_with(edition, "HK")
    status = "50B" if edition is Edition.LAWS_2007 else "50B2"
    making = "24" if edition is Edition.LAWS_2007 else "24E"
    assert _carried(table) == [making, "50", status, "50D"]
