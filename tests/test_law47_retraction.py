"""Law 47 at the table: 47E1 (a wrong "your turn"), 47E2 (a card played after a mistaken
explanation corrected in the play), and the retractions of Law 62C after a revoke."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.machinery.ruling import DIRECTOR, IrregularityKind
from dupbridge.table.table import Table


def misinformed_lead(edition: Edition, revoke: bool = False) -> Table:
    """1NT by South, West leads; West wins trick 1 (East revokes with the D2 if
    ``revoke``); South tells East it is his lead and East leads the HA."""
    table = table_for(edition, "S")
    act(table, "S:1NT W:P N:P E:P")
    for seat, card in (("W", "CA"), ("N", "C2"), ("E", "D2" if revoke else "C5"), ("S", "C8")):
        table.play(seat, card)
    table.tell_turn("S", "E")
    table.play("E", "HA")
    return table


def test_law47E1_misinformed_lead_may_be_retracted(edition: Edition) -> None:
    table = misinformed_lead(edition)
    decision = table.pending
    assert decision is not None
    assert decision.irregularity.kind is IrregularityKind.RETRACTION
    assert [(o.id, o.chosen_by) for o in decision.options] == [("retract", Seat.EAST),
                                                                ("refuse", Seat.SOUTH)]
    assert decision.waits_for == frozenset()
    table.choose("retract", Seat.EAST)
    assert table.turn is Seat.WEST
    assert table.state.penalty_cards == ()
    tag = table.state.information[-1]
    assert tag.authorised is Side.EW
    assert tag.law.clause == ("16D" if edition is Edition.LAWS_2007 else "16C")
    assert Card.parse("HA") in table.state.play.hand(Seat.EAST)  # type: ignore[union-attr]


def test_law47E1_lho_may_not_accept_the_misinformed_lead(edition: Edition) -> None:
    table = misinformed_lead(edition)
    with pytest.raises(ActionRejected):
        table.choose("accept", Seat.SOUTH)
    with pytest.raises(ActionRejected):
        table.play("N", "H2")  # nor by playing to it (53A)


def test_law47E1_without_the_statement_laws_53_56_apply(edition: Edition) -> None:
    table = table_for(edition, "S")
    act(table, "S:1NT W:P N:P E:P")
    for seat, card in (("W", "CA"), ("N", "C2"), ("E", "C5"), ("S", "C8")):
        table.play(seat, card)
    table.tell_turn("S", "E")
    table.play("W", "CK")  # the correct leader leads: the statement misled nobody
    table.play("E", "C6")  # a later card out of turn (North's turn) is not 47E1's
    decision = table.pending
    assert decision is not None and decision.irregularity.kind is IrregularityKind.PREMATURE_PLAY


def test_law47E1_only_an_opponents_statement(edition: Edition) -> None:
    table = table_for(edition, "S")
    act(table, "S:1NT W:P N:P E:P")
    with pytest.raises(ActionRejected, match="47E1"):
        table.tell_turn("W", "E")


def test_law47E1_refused_lead_is_still_a_penalty_card(edition: Edition) -> None:
    table = misinformed_lead(edition)
    table.choose("refuse", Seat.SOUTH)
    assert [(pc.seat, str(pc.card)) for pc in table.state.penalty_cards] == [(Seat.EAST, "HA")]


def test_law63A1_2017_misinformed_lead_does_not_establish_the_revoke() -> None:
    table = misinformed_lead(Edition.LAWS_2017, revoke=True)
    assert [r.established for r in table.state.revokes] == [False]
    table.choose("retract", Seat.EAST)
    table.draw_attention("S")
    decision = table.pending
    assert decision is not None and decision.irregularity.kind is IrregularityKind.REVOKE


def test_law63A1_2007_misinformed_lead_establishes_the_revoke() -> None:
    table = misinformed_lead(Edition.LAWS_2007, revoke=True)
    assert [r.established for r in table.state.revokes] == [True]
    table.choose("retract", Seat.EAST)
    table.draw_attention("S")
    assert table.pending is None  # 63B: established, settled by Law 64 at the end


def test_law63A1_an_irregular_lead_by_the_offending_side_establishes(edition: Edition) -> None:
    table = table_for(edition, "S")
    act(table, "S:1NT W:P N:P E:P")
    for seat, card in (("W", "CA"), ("N", "C2"), ("E", "D2"), ("S", "C8")):
        table.play(seat, card)
    table.play("E", "HA")  # out of turn, no misinformation: legal or not, it establishes
    assert [r.established for r in table.state.revokes] == [True]


def signal_misexplained(edition: Edition) -> Table:
    """1C by West (East dummy); North leads the SA; South explains it; the S9 from dummy;
    South corrects."""
    table = table_for(edition, "W")
    act(table, "W:1C N:P E:P S:P")
    table.play("N", "SA")
    record = len(table.state.records) - 1
    table.explain("S", record, "from ace-king")
    table.play("E", "S9")
    table.explain("S", record, "asks for count")
    return table


def test_law47E2a_card_after_a_misexplained_signal_may_be_changed(edition: Edition) -> None:
    table = signal_misexplained(edition)
    decision = table.pending
    assert decision is not None and decision.irregularity.kind is IrregularityKind.RETRACTION
    assert [q.id for q in decision.questions] == ["mistaken-explanation"]
    table.accept_defaults()
    decision = table.pending
    assert decision is not None
    assert [(o.id, o.chosen_by) for o in decision.options] == [("change", Seat.WEST),
                                                                ("keep", Seat.WEST)]
    table.choose("change", Seat.WEST)
    assert table.turn is Seat.EAST
    assert table.state.penalty_cards == ()
    assert [t.authorised for t in table.state.information] == [Side.EW]
    table.play("E", "ST")
    assert table.turn is Seat.SOUTH


def test_law47E2a_keep_the_card(edition: Edition) -> None:
    table = signal_misexplained(edition)
    table.accept_defaults()
    table.choose("keep", Seat.WEST)
    assert table.turn is Seat.SOUTH and table.state.information == ()


def test_law47E2_explanation_not_mistaken_no_redress(edition: Edition) -> None:
    table = signal_misexplained(edition)
    table.answer("mistaken-explanation", False)
    decision = table.pending
    assert decision is not None
    assert [(o.id, o.chosen_by) for o in decision.options] == [("no-rectification", DIRECTOR)]


def test_law47E2a_too_late_after_a_later_card_to_the_trick(edition: Edition) -> None:
    table = table_for(edition, "W")
    act(table, "W:1C N:P E:P S:P")
    table.play("N", "SA")
    record = len(table.state.records) - 1
    table.explain("S", record, "from ace-king")
    table.play("E", "S9")
    table.play("S", "S5")
    table.explain("S", record, "asks for count")
    table.accept_defaults()
    decision = table.pending
    assert decision is not None and [o.id for o in decision.options] == ["continue"]
    table.choose("continue")
    assert [r.law.clause for r in table.state.reviews] == ["47E2(b)"]


def test_law47E2b_opening_lead_once_dummy_faced_a_card(edition: Edition) -> None:
    table = table_for(edition, "W")
    act(table, "W:1C")
    table.explain("E", 0, "natural")
    act(table, "N:P E:P S:P")
    table.play("N", "SA")
    table.play("E", "S8")
    table.explain("W", 0, "could be short")
    table.accept_defaults()
    decision = table.pending
    assert decision is not None and decision.irregularity.offender is Seat.EAST
    assert [o.id for o in decision.options] == ["continue"]
    table.choose("continue")
    assert {"47E2(b)", "21B3"} <= {r.law.clause for r in table.state.reviews}
    assert table.state.adjustments == ()


def test_law47E2_correction_before_any_card_is_law_21B(edition: Edition) -> None:
    table = table_for(edition, "W")
    act(table, "W:1C")
    table.explain("E", 0, "natural")
    act(table, "N:P E:P S:P")
    table.explain("W", 0, "could be short")  # before the opening lead: Law 21B alone
    decision = table.pending
    assert decision is not None
    assert decision.irregularity.kind is IrregularityKind.MISINFORMATION


def revoke_corrected(edition: Edition, east_plays: bool) -> Table:
    """1S by North (South dummy): West revokes on trick 2 and draws attention to it."""
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    for seat, card in (("E", "D2"), ("S", "DA"), ("W", "D8"), ("N", "D5"), ("S", "DK"),
                       ("W", "CJ"), ("N", "D6")):
        table.play(seat, card)
    if east_plays:
        table.play("E", "D3")
    table.draw_attention("W")
    return table


def test_law47D_non_offender_replaces_his_card_no_rectification(edition: Edition) -> None:
    table = revoke_corrected(edition, east_plays=False)
    table.choose("correct", DIRECTOR)
    table.play("W", "D9")
    table.play("N", "D7")
    assert [(pc.seat, str(pc.card)) for pc in table.state.penalty_cards] == [(Seat.WEST, "CJ")]
    tags = table.state.information
    assert [t.authorised for t in tags] == [Side.NS]  # 2007 16D, 2017 16C: AI to N-S
    clauses = {e.law.clause for ruling in table.rulings for e in ruling.effects}
    assert "62C1" in clauses


def test_law47A_offenders_partner_retakes_a_penalty_card(edition: Edition) -> None:
    table = revoke_corrected(edition, east_plays=True)
    table.answer("retakes-card", True)
    table.choose("correct", DIRECTOR)
    cards = {(pc.seat, str(pc.card)) for pc in table.state.penalty_cards}
    assert cards == {(Seat.WEST, "CJ"), (Seat.EAST, "D3")}
    clauses = {e.law.clause for ruling in table.rulings for e in ruling.effects}
    assert {"47A", "62C2"} <= clauses
