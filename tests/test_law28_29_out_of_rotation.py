"""Laws 28B and 29: a call out of rotation accepted (29A), forfeited by the player whose
turn it was (28B), or cancelled (29B) with Laws 30-32 to follow; the open questions of
the catalogue (§3 J-ACCEPT, §19 Q1, Q2) and 2007 29C."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import PASS, Edition, LawRef, Seat
from dupbridge.core.calls import Call
from dupbridge.laws.machinery.ruling import BarKind, BarScope, IrregularityKind, LeadRestriction
from dupbridge.table.state import Status
from dupbridge.table.table import Table


def bars(table: Table) -> list[tuple[Seat, BarScope, BarKind, str]]:
    return [(b.seat, b.scope, b.kind, b.law.clause) for b in table.restrictions]


def clauses(table: Table) -> set[str]:
    return {ref.clause for ref in table.rulings[-1].clauses}


# 29A: accepted


def test_law29A_lho_calling_over_a_call_out_of_rotation_accepts_it(edition: Edition) -> None:
    """D-13: dealer W; N 1H out of rotation (at W's turn); E bids 2C: 1H stands, W loses
    his turn and S calls next."""
    table = table_for(edition, "W")
    act(table, "N:1H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert pending.waits_for == {Seat.EAST, Seat.WEST}
    act(table, "E:2C")
    assert auction_text(table) == "1H 2C"
    assert table.state.current_auction.calls[0].deprived == (Seat.WEST,)
    assert table.turn is Seat.SOUTH
    assert LawRef(edition, "29A") in table.rulings[-1].clauses
    assert table.rulings[-1].option is None


def test_law29A_lho_may_accept_by_choosing_the_option(edition: Edition) -> None:
    table = table_for(edition, "W")
    act(table, "N:1H")
    pending = table.pending
    assert pending is not None
    accept = pending.option("accept")
    assert accept is not None and accept.chosen_by is Seat.EAST
    table.choose("accept", by=Seat.EAST)
    assert auction_text(table) == "1H"
    assert table.turn is Seat.EAST
    assert table.restrictions == ()


# 28B: the player whose turn it was calls


def test_law28B_call_by_the_player_whose_turn_it_was_cancels_the_call(edition: Edition) -> None:
    """D-12: dealer W; N 1H at W's turn; W, unaware, opens 1S: N's 1H is cancelled and is
    unauthorised information to S; no rectification (2017: Law 26 does not apply)."""
    table = table_for(edition, "W")
    act(table, "N:1H W:1S")
    assert auction_text(table) == "1S"
    assert table.turn is Seat.NORTH
    assert table.state.records[0].status is Status.CANCELLED
    tags = table.state.information
    assert [t.authorised.value for t in tags] == ["EW"]
    assert LawRef(edition, "28B") in table.rulings[-1].clauses
    assert table.restrictions == ()
    assert table.state.lead_restrictions == ()
    assert set(table.legal_calls()) >= {PASS, Call.parse("2H")}  # N calls freely


# J-ACCEPT: the left-hand opponent is the player whose turn it was


def test_law29A_law28B_lho_whose_turn_it_was_calls_over_it_aware(edition: Edition) -> None:
    """Catalogue §3 J-ACCEPT: dealer E; N opens 1H at E's turn (before anyone called); E
    bids 2C, a call that makes sense over 1H: default, he knew of it (29A)."""
    table = table_for(edition, "E")
    act(table, "N:1H E:2C")
    pending = table.pending
    assert pending is not None and pending.waits_for == frozenset()
    [question] = pending.questions
    assert question.id == "lho-aware" and question.default is True
    table.accept_defaults()
    assert [o.id for o in table.pending.options] == ["accept", "simultaneous"]  # type: ignore[union-attr]
    table.choose("accept")
    assert auction_text(table) == "1H 2C"
    assert table.turn is Seat.SOUTH
    assert "29A" in clauses(table)


def test_law28B_law29A_lho_whose_turn_it_was_calls_unaware(edition: Edition) -> None:
    """J-ACCEPT: E opens 1C, a bid that would not supersede 1H: default, he called at his
    own turn unaware of it (28B): 1H is cancelled."""
    table = table_for(edition, "E")
    act(table, "N:1H E:1C")
    pending = table.pending
    assert pending is not None and pending.questions[0].default is False
    table.accept_defaults()
    table.choose("cancel")
    assert auction_text(table) == "1C"
    assert table.turn is Seat.SOUTH
    assert "28B" in clauses(table)
    assert table.state.records[0].status is Status.CANCELLED


def test_law29A_law28B_the_director_decides_awareness(edition: Edition) -> None:
    table = table_for(edition, "E")
    act(table, "N:1H E:2C")
    table.answer("lho-aware", False)
    table.choose("cancel")
    assert auction_text(table) == "2C"
    assert table.turn is Seat.SOUTH


# 29B: cancelled


def test_law29B_options_and_cancellation(edition: Edition) -> None:
    """The decision: LHO accepts or not (29A/29B), or the Director finds the call was
    simultaneous (33). Cancelled: back to the player whose turn it was; the call's
    information is authorised to the non-offending side only (2007 16D, 2017 16C)."""
    table = table_for(edition, "W")
    act(table, "N:1H")
    pending = table.pending
    assert pending is not None
    assert [(o.id, o.chosen_by) for o in pending.options] == [
        ("accept", Seat.EAST), ("cancel", Seat.EAST), ("simultaneous", "Director")]
    assert {"28", "29", "29A", "29B", "31"} <= {ref.clause for ref in pending.clauses}
    table.choose("cancel", by=Seat.EAST)
    assert table.turn is Seat.WEST
    assert auction_text(table) == ""
    assert table.state.records[0].status is Status.CANCELLED
    [tag] = table.state.information
    assert tag.record == 0 and tag.authorised is not None and tag.authorised.value == "EW"
    law16 = "16D" if edition is Edition.LAWS_2007 else "16C2"  # 2017 30B1(a), 31B1, 32B1 name 16C2
    assert tag.law == LawRef(edition, law16)
    assert "29B" in clauses(table)


# 29C (2007): an artificial bid out of rotation, as the denominations it specified


def test_law29C_2007_artificial_bid_repeated_in_the_denomination_it_specified() -> None:
    """Dealer W: N 1C out of rotation at W's turn, artificial, showing hearts; W bids 1S; N
    bids 2H: the Director says 1C specified hearts, so N repeated the denomination (31A2(a)):
    S must pass once."""
    table = table_for(Edition.LAWS_2007, "W")
    act(table, "N:1C")
    table.choose("cancel")
    act(table, "W:1S N:2H")
    pending = table.pending
    assert pending is not None
    [question] = pending.questions
    assert question.id == "specified-denominations" and question.default == "clubs"
    assert "hearts" in question.choices and "clubs+hearts" in question.choices
    table.answer("specified-denominations", "hearts")
    table.choose("rectify")
    assert auction_text(table) == "1S 2H"
    assert bars(table) == [(Seat.SOUTH, BarScope.NEXT, BarKind.PASS, "31A2(a)")]
    assert table.state.lead_restrictions == ()


def test_law29C_2007_natural_by_default_another_denomination_bars_partner_throughout() -> None:
    table = table_for(Edition.LAWS_2007, "W")
    act(table, "N:1C")
    table.choose("cancel")
    act(table, "W:1S N:2H")
    table.accept_defaults()  # 1C natural: it specified clubs
    table.choose("rectify")
    assert bars(table) == [(Seat.SOUTH, BarScope.REST, BarKind.PASS, "31A2(b)")]
    [restriction] = table.state.lead_restrictions
    assert restriction.offender is Seat.NORTH and restriction.withdrawn == Call.parse("1C")


# §19 Q1: a barred player calls out of rotation


def test_law29B_a_barred_player_calling_out_of_rotation_stays_barred(edition: Edition) -> None:
    """Catalogue §19 Q1, its suggested answer: Laws 29-32 rule the call out of rotation
    and the player keeps his bar. N 1S, E P, S X (inadmissible, N barred for the rest of the
    auction, 36B2); S 2S; N bids 3S at W's turn."""
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    table.choose("rectify")
    act(table, "S:2S N:3S")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert pending.irregularity.offender_barred is not None
    assert LawRef(edition, "36B2") in pending.clauses
    table.choose("cancel")
    assert table.turn is Seat.WEST
    act(table, "W:P")  # RHO passes: N cannot repeat 3S, he must pass (31A1)
    assert table.turn is Seat.NORTH
    assert set(table.legal_calls()) == {PASS}
    assert any(b.seat is Seat.NORTH and b.kind is BarKind.PASS and b.scope is BarScope.REST
               for b in table.restrictions)
    assert not any(b.kind is BarKind.REPEAT for b in table.restrictions)


# §19 Q2: the offender's partner, whose turn it was, calls before the ruling


def test_law29B_partner_whose_turn_it_was_calls_before_the_ruling_2007() -> None:
    """Catalogue §19 Q2, its suggested answer: N 1H; W passes at E's turn; E bids 1S before
    the ruling. E's 1S stands in rotation, W's pass stays cancelled and Law 30 applies: W
    must pass for the rest of the auction (30B2(a)); E's turn is over, so 30B2(b) has
    nothing left to forbid."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1H W:P E:1S")
    pending = table.pending
    assert pending is not None and pending.waits_for == frozenset()
    assert [o.id for o in pending.options] == ["cancel", "simultaneous"]
    table.accept_defaults()
    table.choose("cancel")
    assert auction_text(table) == "1H 1S"
    assert table.turn is Seat.SOUTH
    assert bars(table) == [(Seat.WEST, BarScope.REST, BarKind.PASS, "30B2(a)")]


def test_law29B_partner_whose_turn_it_was_calls_before_the_ruling_2017() -> None:
    """The same in 2017: E's 1S stands; W's own call at his turn is then tested (30B1(b))."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1H W:P E:1S")
    table.accept_defaults()
    table.choose("cancel")
    assert auction_text(table) == "1H 1S"
    assert table.restrictions == ()
    act(table, "S:2H W:2S")
    pending = table.pending
    assert pending is not None and [q.id for q in pending.questions] == ["comparable"]
    table.accept_defaults()
    table.choose("rectify")
    assert bars(table) == [(Seat.EAST, BarScope.NEXT, BarKind.PASS, "30B1(b)(ii)")]
    assert any(isinstance(r, LeadRestriction) for r in table.state.lead_restrictions)
