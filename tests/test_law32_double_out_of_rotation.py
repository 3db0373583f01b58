"""Law 32: double or redouble out of rotation, both editions (catalogue D-26..D-30, D-33)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import DOUBLE, PASS, Edition, LawRef, Seat
from dupbridge.core.calls import Call
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
from dupbridge.laws.machinery.ruling import BarKind, BarScope, IrregularityKind
from dupbridge.table.table import Table


def bars(table: Table) -> list[tuple[Seat, BarScope, BarKind, str]]:
    return [(b.seat, b.scope, b.kind, b.law.clause) for b in table.restrictions]


def reviews(table: Table) -> set[str]:
    return {review.law.clause for review in table.state.reviews}


def double_at_partners_turn(edition: Edition) -> Table:
    """Dealer N: N 1S; W doubles at E's turn (admissible); N does not accept it."""
    table = table_for(edition)
    act(table, "N:1S W:X")
    table.choose("cancel")
    return table


def double_at_rhos_turn(edition: Edition) -> Table:
    """Dealer N: N 1S, E P; W doubles at S's turn; N does not accept it."""
    table = table_for(edition)
    act(table, "N:1S E:P W:X")
    table.choose("cancel")
    return table


def test_law32_inadmissible_double_out_of_rotation_cannot_be_accepted(edition: Edition) -> None:
    """Preamble (D-33): N 1S; S doubles at E's turn, his partner's bid: inadmissible, so
    Law 36; W calling over it does not accept it (36A)."""
    table = table_for(edition)
    act(table, "N:1S S:X")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    act(table, "W:2H")
    assert auction_text(table) == "1S"
    assert LawRef(edition, "36A") in table.rulings[-1].clauses


# 2007


def test_law32A_2007_at_partners_turn_partner_passes_throughout() -> None:
    """D-26: E must pass for the rest of the auction; 26B if W's final call is not a double."""
    table = double_at_partners_turn(Edition.LAWS_2007)
    assert table.turn is Seat.EAST
    assert bars(table) == [(Seat.EAST, BarScope.REST, BarKind.PASS, "32A")]
    assert "23" in reviews(table)
    act(table, "E:P S:P W:P")
    [restriction] = table.state.lead_restrictions
    assert isinstance(restriction, ReplacedCallRestriction)
    assert (restriction.withdrawn, restriction.replacement) == (DOUBLE, PASS)
    assert restriction.law == LawRef(Edition.LAWS_2007, "26B")


def test_law32_2007_same_double_again_no_different_final_call() -> None:
    """Preamble: W doubles again at his turn: the restriction carries the same call, and
    Law 26 applies only if its meaning was very different (judged at the lead)."""
    table = double_at_partners_turn(Edition.LAWS_2007)
    act(table, "E:P S:2S W:X")
    [restriction] = table.state.lead_restrictions
    assert isinstance(restriction, ReplacedCallRestriction)
    assert restriction.withdrawn == restriction.replacement == DOUBLE


def test_law32B_2007_law32B1_rho_passes_offender_must_repeat() -> None:
    """D-28 (2007): S passes: W must repeat the double; no rectification."""
    table = double_at_rhos_turn(Edition.LAWS_2007)
    act(table, "S:P")
    assert bars(table) == [(Seat.WEST, BarScope.NEXT, BarKind.REPEAT, "32B1")]
    assert list(table.legal_calls()) == [DOUBLE]
    act(table, "W:X")
    assert auction_text(table) == "1S Pass Pass X"
    assert table.restrictions == () and table.state.lead_restrictions == ()


def test_law32B2_2007_rho_acts_partner_passes_throughout() -> None:
    """D-29: S bids 2S: E must pass for the rest of the auction; W bids 3H: 26B (a
    different final call)."""
    table = double_at_rhos_turn(Edition.LAWS_2007)
    act(table, "S:2S")
    assert bars(table) == [(Seat.EAST, BarScope.REST, BarKind.PASS, "32B2")]
    act(table, "W:3H")
    [restriction] = table.state.lead_restrictions
    assert isinstance(restriction, ReplacedCallRestriction)
    assert restriction.replacement == Call.parse("3H")
    act(table, "N:P")
    assert set(table.legal_calls()) == {PASS}


# 2017


def test_law32A_2017_law32A1_rho_passes_offender_must_repeat() -> None:
    """D-28 (2017)."""
    table = double_at_rhos_turn(Edition.LAWS_2017)
    act(table, "S:P")
    assert bars(table) == [(Seat.WEST, BarScope.NEXT, BarKind.REPEAT, "32A1")]
    act(table, "W:X")
    assert auction_text(table) == "1S Pass Pass X"
    assert table.restrictions == ()


def test_law32A1_2017_another_call_than_the_double_must_be_repeated() -> None:
    table = double_at_rhos_turn(Edition.LAWS_2017)
    act(table, "S:P W:2H")
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["repeat"]
    table.choose("repeat")
    assert list(table.legal_calls()) == [DOUBLE]


def test_law32A2_2017_law32A2a_comparable() -> None:
    """D-30: S bids 2S; W doubles 2S: comparable, no rectification."""
    table = double_at_rhos_turn(Edition.LAWS_2017)
    act(table, "S:2S")
    assert table.restrictions == ()
    act(table, "W:X")
    table.answer("comparable", True)
    table.choose("rectify")
    assert auction_text(table) == "1S Pass 2S X"
    assert table.restrictions == () and table.state.lead_restrictions == ()
    assert LawRef(Edition.LAWS_2017, "32A2(a)") in table.rulings[-1].clauses


def test_law32A2b_2017_not_comparable_partner_passes_once() -> None:
    table = double_at_rhos_turn(Edition.LAWS_2017)
    act(table, "S:2S W:3H")
    table.answer("comparable", False)
    table.choose("rectify")
    assert bars(table) == [(Seat.EAST, BarScope.NEXT, BarKind.PASS, "32A2(b)")]
    assert {"16C", "26B", "72C"} <= {ref.clause for ref in table.rulings[-1].clauses}


def test_law32B_2017_law32B1_law32B2_at_partners_turn() -> None:
    """D-27: E passes (free, 16C2), S raises to 2S, W passes: not comparable to the
    double: E must pass at his next turn; 16C, 26B (suits W did not specify), 72C."""
    table = double_at_partners_turn(Edition.LAWS_2017)
    assert table.restrictions == ()
    act(table, "E:P S:2S W:P")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage == "32B"
    table.answer("comparable", False)
    table.choose("rectify")
    assert bars(table) == [(Seat.EAST, BarScope.NEXT, BarKind.PASS, "32A2(b)")]
    assert LawRef(Edition.LAWS_2017, "32B2") in table.rulings[-1].clauses
    [restriction] = table.state.lead_restrictions
    assert restriction.withdrawn is DOUBLE and restriction.law.clause == "26B"


def test_law32C_2017_later_call_at_lhos_turn_is_a_change_of_call() -> None:
    """N 1S, E doubles, then E bids 2H before S calls: Law 25 (erratum C-6: 32C says
    "bids"; a later call at that turn is read the same way)."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1S E:X E:2H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL


def test_law30B3_2007_law32C_2017_later_double_at_lhos_turn_is_a_change_of_call(edition: Edition) -> None:
    """Erratum C-6: a double (not only a bid) at the left-hand opponent's turn, after one's
    own call, is a change of call in both editions (2007 31 footnote ** says "calls")."""
    table = table_for(edition)
    act(table, "N:1S E:2C E:X")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL
