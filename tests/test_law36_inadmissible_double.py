"""Law 36: inadmissible doubles and redoubles, both editions (catalogue D-31..D-33)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import PASS, Edition, LawRef, Seat
from dupbridge.laws.machinery.ruling import BarScope, IrregularityKind, LeadRestriction
from dupbridge.table.state import Status


def awareness(edition: Edition) -> str:
    return "23" if edition is Edition.LAWS_2007 else "72C"


def test_law36B_law36B1_law36B3_double_of_partners_bid_is_cancelled_and_partner_barred(edition: Edition) -> None:
    """D-32: N 1S, E P, S X (partner's bid); W does not call."""
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    assert pending.irregularity.offender is Seat.SOUTH
    assert LawRef(edition, "36") in pending.clauses
    assert LawRef(edition, "19A1") in pending.clauses
    assert [o.id for o in pending.options] == ["rectify", "unnoticed"]  # unnoticed: 36C
    assert {o.chosen_by for o in pending.options} == {"Director"}
    assert len(table.legal_calls()) == 0  # calls wait for the ruling

    table.choose("rectify")
    assert auction_text(table) == "1S Pass"
    assert table.turn is Seat.SOUTH  # 36B2: the offender substitutes a legal call
    assert [(b.seat, b.scope) for b in table.restrictions] == [(Seat.NORTH, BarScope.REST)]
    ruling = table.rulings[-1]
    assert {LawRef(edition, c) for c in ("36B1", "36B2", "36B3")} <= set(ruling.clauses)
    assert LawRef(edition, awareness(edition)) in ruling.clauses
    assert any(isinstance(e, LeadRestriction) for e in ruling.effects)


def test_law36B2_partner_stays_barred_for_the_rest_of_the_auction(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    table.choose("rectify")
    act(table, "S:2S W:3H")
    assert table.turn is Seat.NORTH
    assert set(table.legal_calls()) == {PASS}
    act(table, "N:P E:P S:3S W:P")
    assert table.turn is Seat.NORTH
    assert set(table.legal_calls()) == {PASS}


def test_law36A_lho_calls_before_rectification_cancels_everything_after(edition: Edition) -> None:
    """D-31: W calls 2H before the ruling: S's X and W's 2H cancelled, back to S, no bar."""
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    pending = table.pending
    assert pending is not None and Seat.WEST in pending.waits_for
    act(table, "W:2H")
    assert table.pending is None
    assert auction_text(table) == "1S Pass"
    assert table.turn is Seat.SOUTH
    assert table.restrictions == ()
    ruling = table.rulings[-1]
    assert ruling.option is None  # the law resolved it, nobody chose
    assert LawRef(edition, "36A") in ruling.clauses
    assert not any(isinstance(e, LeadRestriction) for e in ruling.effects)
    statuses = [r.status for r in table.state.records]
    assert statuses == [Status.STANDING, Status.STANDING, Status.CANCELLED, Status.CANCELLED]
    # 16D (2007) / 16C (2017): both withdrawn calls are authorised to EW only
    tags = table.state.information
    assert {t.record for t in tags} == {2, 3}
    assert all(t.authorised.value == "EW" for t in tags)


def test_law36B4_inadmissible_double_out_of_rotation(edition: Edition) -> None:
    """D-33: N 1S; S doubles at E's turn (out of rotation and inadmissible)."""
    table = table_for(edition)
    act(table, "N:1S S:X")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    assert pending.irregularity.turn is Seat.EAST
    table.choose("rectify")
    assert table.turn is Seat.EAST  # back to the player whose turn it was
    assert [(b.seat, b.scope) for b in table.restrictions] == [(Seat.NORTH, BarScope.REST)]
    assert LawRef(edition, "36B4") in table.rulings[-1].clauses


def test_law36_redouble_without_a_double_is_inadmissible(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:XX")
    pending = table.pending
    assert pending is not None
    assert LawRef(edition, "19B1") in pending.clauses


def test_law36_not_the_directors_choice_to_let_another_player_act(edition: Edition) -> None:
    """While the Director rules, only the player the law names may call (Law 9B2)."""
    import pytest

    from dupbridge import ActionRejected

    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    with pytest.raises(ActionRejected):
        table.call("N", "2S")
    with pytest.raises(ActionRejected):
        table.play("E", "HA")
    assert len(table.events) == 3


def _options(table_script: str, edition: Edition) -> list[str]:
    table = table_for(edition)
    act(table, table_script)
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    return [option.id for option in pending.options]


def test_law36_law19A1_law19B1_a_call_of_nothing_is_never_let_stand(edition: Edition) -> None:
    """No option lets an inadmissible double stand when no bid was made before it, nor a
    redouble when the last bid is not doubled: nothing would follow from it (2007 Law 36 /
    2017 36A-B; 36C and 2007's 84D answer only a call of an existing bid or double)."""
    assert _options("N:X", edition) == ["rectify"]  # the opening double: no bid at all
    assert _options("N:P E:XX", edition) == ["rectify"]
    assert _options("N:1S E:P S:P W:XX", edition) == ["rectify"]  # 1S is not doubled
    assert _options("N:1S E:X S:2H W:XX", edition) == ["rectify"]  # the double was of 1S
    # A call of an existing bid or double may be found unnoticed after the auction period
    assert _options("N:1S E:P S:X", edition) == ["rectify", "unnoticed"]  # partner's bid
    assert _options("N:1S E:X S:P W:XX", edition) == ["rectify", "unnoticed"]  # own side's X
