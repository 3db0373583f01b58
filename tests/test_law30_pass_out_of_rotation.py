"""Law 30: pass out of rotation, both editions (catalogue D-14..D-18), 30C, and the breach
of 2007 30B2(b) (§19 Q4)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import DOUBLE, PASS, REDOUBLE, Edition, LawRef, Seat
from dupbridge.core.calls import Call
from dupbridge.laws.machinery.ruling import BarKind, BarScope, IrregularityKind
from dupbridge.table.table import Table


def bars(table: Table) -> list[tuple[Seat, BarScope, BarKind, str]]:
    return [(b.seat, b.scope, b.kind, b.law.clause) for b in table.restrictions]


def reviews(table: Table) -> set[str]:
    return {review.law.clause for review in table.state.reviews}


def cancel(table: Table) -> None:
    table.accept_defaults()  # the pass was not artificial (30C)
    table.choose("cancel")


def test_law30C_question_artificial_pass(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1H W:P")
    pending = table.pending
    assert pending is not None
    [question] = pending.questions
    assert question.id == "artificial" and question.default is False
    assert question.law == LawRef(edition, "30C")


# 2007


def test_law30A_2007_before_any_bid_offender_passes_once() -> None:
    """D-14: dealer N: E passes at N's turn, nobody has bid: E must pass at his next turn;
    Law 23 may apply."""
    table = table_for(Edition.LAWS_2007)
    act(table, "E:P")
    cancel(table)
    assert table.turn is Seat.NORTH
    assert bars(table) == [(Seat.EAST, BarScope.NEXT, BarKind.PASS, "30A")]
    assert "23" in reviews(table)
    act(table, "N:1C")
    assert set(table.legal_calls()) == {PASS}
    act(table, "E:P")
    assert table.restrictions == ()


def test_law30A_2007_at_partners_turn_before_any_bid() -> None:
    """30A, whoever's turn it was: S passes at N's turn before anyone has bid: S must pass
    once, and N is free (30B2 is for after a bid)."""
    table = table_for(Edition.LAWS_2007)
    act(table, "S:P")
    cancel(table)
    assert bars(table) == [(Seat.SOUTH, BarScope.NEXT, BarKind.PASS, "30A")]
    assert table.turn is Seat.NORTH


def test_law30B_2007_law30B1_at_rhos_turn_after_a_bid() -> None:
    """30B1: N 1H; S passes at E's turn: S must pass at his next turn."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1H S:P")
    cancel(table)
    assert table.turn is Seat.EAST
    assert bars(table) == [(Seat.SOUTH, BarScope.NEXT, BarKind.PASS, "30B1")]


def test_law30B2_2007_law30B2a_law30B2b_at_partners_turn() -> None:
    """D-16: N 1H; W passes at E's turn: W must pass for the rest of the auction; E may bid
    (sufficiently) or pass, but not double or redouble at that turn."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1H W:P")
    cancel(table)
    assert table.turn is Seat.EAST
    assert bars(table) == [
        (Seat.WEST, BarScope.REST, BarKind.PASS, "30B2(a)"),
        (Seat.EAST, BarScope.NEXT, BarKind.NO_DOUBLE, "30B2(b)"),
    ]
    assert "23" in reviews(table)
    assert DOUBLE not in table.legal_calls() and PASS in table.legal_calls()
    assert Call.parse("1S") in table.legal_calls()
    act(table, "E:1S S:2H")
    assert set(table.legal_calls()) == {PASS}  # W, for the rest of the auction
    act(table, "W:P N:P")
    assert REDOUBLE not in table.legal_calls()
    assert DOUBLE in table.legal_calls()  # E's next turn: free again
    act(table, "E:X S:P W:P")
    assert [b.seat for b in table.restrictions] == [Seat.WEST]


def test_law30B2b_2007_double_forbidden_at_that_turn_ruled_as_law37_by_default() -> None:
    """§19 Q4, its suggested answer: E doubles anyway. Not a Law 37 case (35-2 is for
    players required to pass); the Director is asked, default: rule it as Law 37B."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1H W:P")
    cancel(table)
    act(table, "E:X")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.BARRED_PLAYER_CALLED
    assert pending.irregularity.offender_barred is not None
    assert pending.irregularity.offender_barred.kind is BarKind.NO_DOUBLE
    assert LawRef(Edition.LAWS_2007, "35-2") not in pending.clauses
    [question] = pending.questions
    assert question.id == "as-law-37" and question.default is True
    assert pending.waits_for == {Seat.SOUTH}
    table.accept_defaults()
    table.choose("rectify")
    assert auction_text(table) == "1H Pass"
    assert table.turn is Seat.SOUTH
    assert {(b.seat, b.scope) for b in table.restrictions} == {
        (Seat.EAST, BarScope.REST), (Seat.WEST, BarScope.REST)}
    assert len(table.state.lead_restrictions) == 1


def test_law30B2b_2007_double_forbidden_ruled_as_law36B() -> None:
    """Answered no: as an inadmissible double, the double is cancelled, E calls again
    (still not doubling) and his partner, W, must pass for the rest of the auction."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1H W:P")
    cancel(table)
    act(table, "E:X")
    table.answer("as-law-37", False)
    table.choose("rectify")
    assert auction_text(table) == "1H"
    assert table.turn is Seat.EAST
    assert DOUBLE not in table.legal_calls() and Call.parse("2C") in table.legal_calls()


def test_law30B2b_2007_lho_calling_over_the_forbidden_double_condones_it() -> None:
    """As in Law 37A: S calls over E's double before the ruling: it stands."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1H W:P")
    cancel(table)
    act(table, "E:X S:XX")
    assert table.pending is None
    assert auction_text(table) == "1H X XX"
    assert table.turn is Seat.WEST


def test_law30B3_2007_pass_at_lhos_turn_after_own_call_is_a_change_of_call() -> None:
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1H N:P")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL


# 2017


def test_law30A_2017_at_rhos_turn_offender_passes_once() -> None:
    """D-15: dealer N: E passes at N's turn: E must pass at his next turn; 72C."""
    table = table_for(Edition.LAWS_2017)
    act(table, "E:P")
    cancel(table)
    assert bars(table) == [(Seat.EAST, BarScope.NEXT, BarKind.PASS, "30A")]
    assert "72C" in reviews(table)


def test_law30B_2017_law30B1_law30B1a_law30B1b_law30B1bii_not_comparable() -> None:
    """D-17: N 1H; W passes at E's turn. E may double (16C2 on the cancelled pass), S
    passes, W bids 2C: not comparable to a pass: E must pass at his next turn; 16C, 26B
    and 72C."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1H W:P")
    cancel(table)
    assert table.restrictions == ()
    assert DOUBLE in table.legal_calls()
    act(table, "E:X S:P W:2C")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage == "30B1"
    assert [q.id for q in pending.questions] == ["comparable"]
    assert pending.waits_for == frozenset()
    table.answer("comparable", False)
    table.choose("rectify")
    assert auction_text(table) == "1H X Pass 2C"
    assert bars(table) == [(Seat.EAST, BarScope.NEXT, BarKind.PASS, "30B1(b)(ii)")]
    ruling = table.rulings[-1]
    assert {LawRef(Edition.LAWS_2017, c) for c in ("30B1(b)(ii)", "16C", "26B", "72C")} <= set(
        ruling.clauses)
    [restriction] = table.state.lead_restrictions
    assert restriction.offender is Seat.WEST and restriction.withdrawn is PASS
    act(table, "N:P")
    assert set(table.legal_calls()) == {PASS}


def test_law30B1bi_2017_comparable_call_no_further_rectification() -> None:
    """D-18: W passes at his own turn; comparable: nothing more, no 26B, 23C review, and
    the cancelled pass is no longer unauthorised to E (23B)."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1H W:P")
    cancel(table)
    act(table, "E:P S:P W:P")
    table.answer("comparable", True)
    table.choose("rectify")
    assert auction_text(table) == "1H Pass Pass Pass"
    assert table.restrictions == ()
    assert table.state.lead_restrictions == ()
    assert "23C" in reviews(table)
    assert any(tag.authorised is None for tag in table.state.information)


def test_law30B1_2017_at_lhos_turn_before_the_offender_called() -> None:
    """30B1 also covers a pass at the LHO's turn when the offender had not called: dealer
    N, W passes first. 2007: 30A (nobody has bid), W passes once."""
    for edition, expected in ((Edition.LAWS_2017, []),
                              (Edition.LAWS_2007, [(Seat.WEST, BarScope.NEXT, BarKind.PASS, "30A")])):
        table = table_for(edition)
        act(table, "W:P")
        cancel(table)
        assert bars(table) == expected
        assert table.turn is Seat.NORTH


def test_law30B2_2017_pass_at_lhos_turn_after_own_call_is_a_change_of_call() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1H N:P")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL


def test_law30C_artificial_pass_is_rectified_under_law31(edition: Edition) -> None:
    """30C: N 1H; W's pass at E's turn was artificial: Law 31B, not 30B2."""
    table = table_for(edition)
    act(table, "N:1H W:P")
    table.answer("artificial", True)
    pending = table.pending
    assert pending is not None and LawRef(edition, "31") in pending.clauses
    table.choose("cancel")
    if edition is Edition.LAWS_2007:
        assert bars(table) == [(Seat.EAST, BarScope.REST, BarKind.PASS, "31B")]
    else:
        assert table.restrictions == ()
        act(table, "E:P S:P W:P")
        pending = table.pending
        assert pending is not None and pending.irregularity.stage == "31B"
