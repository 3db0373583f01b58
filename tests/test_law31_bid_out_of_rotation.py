"""Law 31: bid out of rotation, both editions (catalogue D-19..D-25, D-51, T-26-fn,
T-31-fn*, T-31-fn**), with the obligation to repeat (erratum A-2)."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import PASS, Edition, LawRef, Seat
from dupbridge.core.calls import Call
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
from dupbridge.laws.machinery.ruling import BarKind, BarScope, IrregularityKind
from dupbridge.table.state import Status
from dupbridge.table.table import Table

H1 = Call.parse("1H")


def bars(table: Table) -> list[tuple[Seat, BarScope, BarKind, str]]:
    return [(b.seat, b.scope, b.kind, b.law.clause) for b in table.restrictions]


def reviews(table: Table) -> set[str]:
    return {review.law.clause for review in table.state.reviews}


def opening_out_of_rotation(edition: Edition) -> Table:
    """Dealer W: N opens 1H at W's turn (his RHO's); E does not accept it."""
    table = table_for(edition, "W")
    act(table, "N:1H")
    table.choose("cancel")
    return table


# 31A: at RHO's turn


def test_law31A_law31A1_rho_passes_offender_must_repeat(edition: Edition) -> None:
    """D-19: W passes: N must repeat 1H (the table offers him only 1H); it is legal, so
    there is no rectification."""
    table = opening_out_of_rotation(edition)
    assert table.turn is Seat.WEST
    act(table, "W:P")
    assert bars(table) == [(Seat.NORTH, BarScope.NEXT, BarKind.REPEAT, "31A1")]
    assert table.restrictions[0].call == H1
    assert list(table.legal_calls()) == [H1]
    act(table, "N:1H")
    assert table.pending is None
    assert auction_text(table) == "Pass 1H"
    assert table.restrictions == ()
    assert table.state.lead_restrictions == ()


def test_law31A1_another_call_than_the_repeat_must_be_repeated_after_all(edition: Edition) -> None:
    """Erratum A-2: N bids 2H instead. Not a Law 37 case; the suggested answer: 2H is
    cancelled (unauthorised to S) and N must repeat 1H."""
    table = opening_out_of_rotation(edition)
    act(table, "W:P N:2H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.BARRED_PLAYER_CALLED
    bar = pending.irregularity.offender_barred
    assert bar is not None and bar.kind is BarKind.REPEAT
    assert [o.id for o in pending.options] == ["repeat"]
    assert pending.waits_for == {Seat.EAST}
    table.choose("repeat")
    assert auction_text(table) == "Pass"
    assert table.turn is Seat.NORTH
    assert list(table.legal_calls()) == [H1]
    assert table.state.records[-1].status is Status.CANCELLED
    act(table, "N:1H")
    assert auction_text(table) == "Pass 1H" and table.restrictions == ()


def test_law31A1_another_call_condoned_by_lho(edition: Edition) -> None:
    """E calls over N's 2H before the ruling: it stands, as in Law 37A."""
    table = opening_out_of_rotation(edition)
    act(table, "W:P N:2H E:P")
    assert table.pending is None
    assert auction_text(table) == "Pass 2H Pass"
    assert table.restrictions == ()


def test_law31A1_insufficient_bid_out_of_rotation_repeated_is_law27(edition: Edition) -> None:
    """D-51, §19 Q3: N 1S; S bids 1H at E's turn (out of rotation and insufficient, 27A2:
    Law 31). E passes: S must repeat 1H, an insufficient bid in rotation now: Law 27."""
    table = table_for(edition)
    act(table, "N:1S S:1H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert {LawRef(edition, "27A2"), LawRef(edition, "31")} <= set(pending.clauses)
    table.choose("cancel")
    assert table.turn is Seat.EAST
    act(table, "E:P")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
    assert pending.irregularity.offender is Seat.SOUTH and pending.irregularity.action == H1
    assert not any(b.kind is BarKind.REPEAT for b in table.restrictions)


def test_law31A2_insufficient_bid_out_of_rotation_rho_bids(edition: Edition) -> None:
    """D-51: E bids 2C instead: S may make any legal call (31A2)."""
    table = table_for(edition)
    act(table, "N:1S S:1H")
    table.choose("cancel")
    act(table, "E:2C")
    assert table.pending is None and table.turn is Seat.SOUTH
    assert Call.parse("2H") in table.legal_calls()


def test_law31A_rhos_illegal_call_is_rectified_first(edition: Edition) -> None:
    """T-31-fn*: W doubles with no bid standing (inadmissible): Law 36 first. Then W's
    final legal call decides 31A: W passes, N must repeat 1H."""
    table = opening_out_of_rotation(edition)
    act(table, "W:X")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    table.choose("rectify")
    assert table.turn is Seat.WEST
    act(table, "W:P")
    assert (Seat.NORTH, BarScope.NEXT, BarKind.REPEAT, "31A1") in bars(table)
    act(table, "N:1H")
    assert auction_text(table) == "Pass 1H"


def test_law31A2_2007_law31A2a_repeats_the_denomination() -> None:
    """D-20: W bids 1S; N bids 2H, repeating hearts: S must pass once; Law 23; no Law 26."""
    table = opening_out_of_rotation(Edition.LAWS_2007)
    act(table, "W:1S N:2H")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage == "31A2"
    assert table.state.records[-1].status is Status.PENDING  # held for the Director
    table.accept_defaults()  # 1H specified hearts
    table.choose("rectify")
    assert auction_text(table) == "1S 2H"
    assert bars(table) == [(Seat.SOUTH, BarScope.NEXT, BarKind.PASS, "31A2(a)")]
    assert "23" in reviews(table)
    assert table.state.lead_restrictions == ()
    act(table, "E:P")
    assert set(table.legal_calls()) == {PASS}
    act(table, "S:P W:P")
    assert table.restrictions == ()


def test_law31A2b_2007_another_denomination_bars_partner_throughout() -> None:
    """D-21: N bids 1NT: S must pass for the rest of the auction; Law 26 may apply (1H
    withdrawn, 1NT a different final call: 26A at the lead if NS defend); Law 23."""
    table = opening_out_of_rotation(Edition.LAWS_2007)
    act(table, "W:1S N:1NT")
    table.accept_defaults()  # 29C: 1H was natural, it specified hearts
    table.choose("rectify")
    assert bars(table) == [(Seat.SOUTH, BarScope.REST, BarKind.PASS, "31A2(b)")]
    [restriction] = table.state.lead_restrictions
    assert isinstance(restriction, ReplacedCallRestriction)
    assert (restriction.offender, restriction.withdrawn, restriction.replacement) == (
        Seat.NORTH, H1, Call.parse("1NT"))
    assert restriction.law == LawRef(Edition.LAWS_2007, "26")
    assert "23" in reviews(table)


@pytest.mark.parametrize(("specified", "cited"), [("hearts", False), ("spades", True)])
def test_law29C_2007_an_artificial_bid_out_of_rotation_cites_29C(specified: str,
                                                                 cited: bool) -> None:
    """29C decides the ruling only when the 1H out of rotation was artificial (it specified
    another denomination than the one named): then the ruling cites it, else not."""
    table = opening_out_of_rotation(Edition.LAWS_2007)
    act(table, "W:1S N:2H")
    table.answer("specified-denominations", specified)
    table.choose("rectify")
    assert ("29C" in {law.clause for law in table.rulings[-1].clauses}) is cited


def test_law31A2b_2007_pass_is_another_denomination() -> None:
    table = opening_out_of_rotation(Edition.LAWS_2007)
    act(table, "W:1S N:P")
    assert bars(table) == [(Seat.SOUTH, BarScope.REST, BarKind.PASS, "31A2(b)")]


def test_law31A2a_2017_comparable_no_rectification() -> None:
    """D-22: N bids 2H; comparable: no rectification, no 26B, 23C review."""
    table = opening_out_of_rotation(Edition.LAWS_2017)
    act(table, "W:1S N:2H")
    pending = table.pending
    assert pending is not None and [q.id for q in pending.questions] == ["comparable"]
    table.answer("comparable", True)
    table.choose("rectify")
    assert auction_text(table) == "1S 2H"
    assert table.restrictions == () and table.state.lead_restrictions == ()
    assert "23C" in reviews(table)
    assert LawRef(Edition.LAWS_2017, "31A2(a)") in table.rulings[-1].clauses


def test_law31A2b_2017_not_comparable_partner_passes_once() -> None:
    """D-23: N bids 1NT, not comparable: S must pass once; 16C, 26B, 72C."""
    table = opening_out_of_rotation(Edition.LAWS_2017)
    act(table, "W:1S N:1NT")
    table.accept_defaults()
    table.choose("rectify")
    assert bars(table) == [(Seat.SOUTH, BarScope.NEXT, BarKind.PASS, "31A2(b)")]
    [restriction] = table.state.lead_restrictions
    assert restriction.law == LawRef(Edition.LAWS_2017, "26B")
    assert "72C" in reviews(table)


# 31B: at partner's turn, or LHO's before the offender called


def test_law31B_2007_at_partners_turn_partner_passes_throughout() -> None:
    """D-24: dealer N: N passes; W bids 1H at E's turn: E must pass for the rest of the
    auction; W may make any legal call; Law 26 may apply (by its preamble)."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:P W:1H")
    table.choose("cancel")
    assert table.turn is Seat.EAST
    assert bars(table) == [(Seat.EAST, BarScope.REST, BarKind.PASS, "31B")]
    assert "23" in reviews(table)
    act(table, "E:P S:P W:2H")
    [restriction] = table.state.lead_restrictions
    assert isinstance(restriction, ReplacedCallRestriction)
    assert restriction.replacement == Call.parse("2H")


def test_law31B_2007_same_call_again_the_director_judges_its_meaning_at_the_lead() -> None:
    """T-26-fn: dealer E: E passes; N opens 1NT at S's turn; S must pass throughout; W 1S;
    N bids 1NT again (an overcall now): the restriction carries the same call, and Law 26
    asks at the lead whether its meaning was very different (2007 26 footnote)."""
    table = table_for(Edition.LAWS_2007, "E")
    act(table, "E:P N:1NT")
    table.choose("cancel")
    assert bars(table) == [(Seat.SOUTH, BarScope.REST, BarKind.PASS, "31B")]
    act(table, "S:P W:1S N:1NT")
    [restriction] = table.state.lead_restrictions
    assert isinstance(restriction, ReplacedCallRestriction)
    assert restriction.withdrawn == restriction.replacement == Call.parse("1NT")


def test_law31B_2017_law31B1_law31B2_comparable() -> None:
    """D-25: dealer N: N P; W 1H at E's turn; E P (free, 16C2); S P; W opens 1H:
    comparable, no rectification."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:P W:1H")
    table.choose("cancel")
    assert table.restrictions == ()
    act(table, "E:P S:P W:1H")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage == "31B"
    table.answer("comparable", True)
    table.choose("rectify")
    assert auction_text(table) == "Pass Pass Pass 1H"
    assert table.restrictions == ()
    assert LawRef(Edition.LAWS_2017, "31B2") in table.rulings[-1].clauses


def test_law31B2_2017_not_comparable_partner_passes_once() -> None:
    table = table_for(Edition.LAWS_2017)
    act(table, "N:P W:1H")
    table.choose("cancel")
    act(table, "E:1S S:P W:2C")
    table.answer("comparable", False)
    table.choose("rectify")
    assert bars(table) == [(Seat.EAST, BarScope.NEXT, BarKind.PASS, "31A2(b)")]


def test_law31B_at_lhos_turn_before_the_offender_called(edition: Edition) -> None:
    """Dealer N: W opens 1H at N's turn (W's LHO, W not having called); N declines. 2007:
    E must pass throughout (31B); 2017: E free, W's call at his turn judged (31B2)."""
    table = table_for(edition)
    act(table, "W:1H")
    pending = table.pending
    assert pending is not None and pending.waits_for == {Seat.NORTH}
    table.choose("cancel")
    assert table.turn is Seat.NORTH
    if edition is Edition.LAWS_2007:
        assert bars(table) == [(Seat.EAST, BarScope.REST, BarKind.PASS, "31B")]
    else:
        assert table.restrictions == ()
        act(table, "N:P E:P S:P W:1H")
        assert table.pending is not None and table.pending.irregularity.stage == "31B"


def test_law30B3_2007_law31C_2017_later_call_at_lhos_turn_is_a_change_of_call(edition: Edition) -> None:
    """T-31-fn**: dealer N: N 1H, then "2H" before E calls: Law 25, not Law 31 (2007 31
    footnote **, 2017 31C)."""
    table = table_for(edition)
    act(table, "N:1H N:2H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CHANGE_OF_CALL
