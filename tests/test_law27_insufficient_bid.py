"""Law 27: the insufficient bid, both editions (catalogue §9, D-44..D-51, T-AEBc-1..9, 27D;
errata B-1, C-1, C-4)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import PASS, Call, Edition, LawRef, Seat, Side, Table
from dupbridge.core.registry import implementations
from dupbridge.laws.auction.law26_lead_restrictions import ReplacedCallRestriction
from dupbridge.laws.auction.law27_insufficient_bid import (
    REPLACEMENT,
    SUBSTITUTE,
    lowest_sufficient_bid,
    out_of_rotation_kind,
)
from dupbridge.laws.machinery.ruling import (
    BarScope,
    InformationTag,
    IrregularityKind,
    LeadRestriction,
    Review,
    Ruling,
)
from dupbridge.rules.auction import Auction
from dupbridge.table.state import Status

E2007, E2017 = Edition.LAWS_2007, Edition.LAWS_2017


def awareness(edition: Edition) -> str:
    return "23" if edition is E2007 else "72C"


def withdrawn(edition: Edition) -> str:
    return "16D" if edition is E2007 else "16C"


def declined(edition: Edition, script: str = "N:1S E:1H", dealer: str = "N") -> Table:
    """The insufficient bid, not unintended, declined by the offender's LHO."""
    table = table_for(edition, dealer)
    act(table, script)
    table.accept_defaults()
    lho = table.pending.irregularity.offender.lho  # type: ignore[union-attr]
    table.choose("decline", by=lho)
    return table


def replaced(edition: Edition, call: str, script: str = "N:1S E:1H", dealer: str = "N") -> Table:
    table = declined(edition, script, dealer)
    offender = table.turn
    assert offender is not None
    table.call(offender, call)
    return table


def questions(table: Table) -> list[str]:
    assert table.pending is not None
    return [q.id for q in table.pending.open_questions]


def options(table: Table) -> list[tuple[str, object]]:
    assert table.pending is not None
    return [(o.id, o.chosen_by) for o in table.pending.options]


def bars(table: Table) -> set[tuple[Seat, BarScope, str]]:
    return {(b.seat, b.scope, b.law.clause) for b in table.restrictions}


def last_ruling(table: Table) -> Ruling:
    return table.rulings[-1]


def clauses(ruling: Ruling) -> set[str]:
    return {ref.clause for ref in ruling.clauses}


def tags(table: Table) -> list[tuple[int, Side | None, str]]:
    return [(t.record, t.authorised, t.law.clause) for t in table.state.information]


def review_clauses(table: Table) -> list[str]:
    return [r.law.clause for r in table.state.reviews]


def restrictions(table: Table) -> list[tuple[Seat, str]]:
    return [(r.offender, str(r.withdrawn)) for r in table.state.lead_restrictions]


# 27A: accepted


def test_law27A_law27A1_lho_may_accept_the_insufficient_bid(edition: Edition) -> None:
    """D-44: N 1S, E 1H; S (E's LHO) accepts: 1H stands as if legal, S calls next."""
    table = table_for(edition)
    act(table, "N:1S E:1H")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
    assert {LawRef(edition, c) for c in ("27", "27A1", "27B")} <= set(pending.clauses)
    assert options(table) == [("accept", Seat.SOUTH), ("decline", Seat.SOUTH)]
    assert pending.waits_for == {Seat.SOUTH, Seat.EAST}  # LHO (27A1) and the offender (27C)
    table.accept_defaults()
    table.choose("accept", by=Seat.SOUTH)
    assert auction_text(table) == "1S 1H"
    assert table.turn is Seat.SOUTH
    assert table.restrictions == ()
    assert "27A1" in clauses(last_ruling(table))


def test_law27A1_lho_calling_over_the_insufficient_bid_accepts_it(edition: Edition) -> None:
    """D-44: S bids 2D over 1H before the ruling: 1H is accepted, 2D is in rotation."""
    table = table_for(edition)
    act(table, "N:1S E:1H S:2D")
    assert table.pending is None
    assert auction_text(table) == "1S 1H 2D"
    assert last_ruling(table).option is None
    assert "27A1" in clauses(last_ruling(table))
    assert table.turn is Seat.WEST and PASS in table.legal_calls()


# 27A2: out of rotation


def test_law27A2_insufficient_bid_out_of_rotation_is_a_call_out_of_rotation(edition: Edition) -> None:
    """D-51: dealer N: N 1S; S bids 1H at E's turn: Law 31 through 27A2, not Law 27."""
    table = table_for(edition)
    act(table, "N:1S S:1H")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert pending.irregularity.offender is Seat.SOUTH
    assert pending.irregularity.turn is Seat.EAST
    assert out_of_rotation_kind() is IrregularityKind.CALL_OUT_OF_ROTATION
    assert LawRef(edition, "27A2") in out_of_rotation_kind.__laws__  # type: ignore[attr-defined]
    assert implementations(LawRef(edition, "27A2"))


# 27B: declined, the offender replaces it


def test_law27B_declined_insufficient_bid_is_cancelled_and_the_offender_calls_again(edition: Edition) -> None:
    table = declined(edition)
    assert auction_text(table) == "1S"
    assert table.turn is Seat.EAST
    assert table.state.records[1].status is Status.CANCELLED
    assert table.restrictions == ()  # nothing yet: it depends on the replacement
    assert [w.irregularity.stage for w in table.state.watches] == [REPLACEMENT]
    assert "27B" in clauses(last_ruling(table))
    assert Call.parse("2H") in table.legal_calls()


def test_law27B_replacement_is_held_for_the_director(edition: Edition) -> None:
    table = replaced(edition, "2D")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage == REPLACEMENT
    assert pending.irregularity.later_calls == ((Seat.EAST, Call.parse("2D"), 2),)
    assert table.state.records[2].status is Status.PENDING
    assert options(table) == [("rectify", "Director")]
    assert pending.waits_for == frozenset()
    assert table.state.watches == ()


def test_law27B_other_players_calls_do_not_end_the_watch(edition: Edition) -> None:
    """A call by someone else while the offender is to replace the bid is ruled on in its
    own right (here W, out of rotation); the watch goes on for the offender's call."""
    table = declined(edition)
    act(table, "W:2C")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.CALL_OUT_OF_ROTATION
    assert [w.irregularity.stage for w in table.state.watches] == [REPLACEMENT]


def test_law27B_the_watch_ends_when_the_offenders_turn_is_taken_away(edition: Edition) -> None:
    """W calls at E's turn and N (W's LHO) accepts it by calling (29A): E's turn was
    skipped, so his next call is not the replacement of the insufficient bid."""
    table = declined(edition)
    act(table, "W:2C N:P")
    assert auction_text(table) == "1S 2C Pass"
    assert table.turn is Seat.EAST
    act(table, "E:2D")
    assert table.pending is None
    assert auction_text(table) == "1S 2C Pass 2D"
    assert table.state.watches == ()


# 27B1: either part lets the auction continue


def test_law27B1_the_auction_continues_with_no_bar_no_law26_and_a_27D_review(edition: Edition) -> None:
    """27B1(a) and 27B1(b) alike: the replacement stands, nobody is barred, Law 26 does not
    apply (2007: WBFLC, AEB commentary; 2017: in the text), the insufficient bid's
    information is authorised to both sides, and 27D is left for the end of play."""
    b1a = "not-artificial" if edition is E2007 else "same-denomination"
    b1b = "same-or-more-precise" if edition is E2007 else "comparable"
    for call, answer, part in (("2H", b1a, "27B1(a)"), ("3H", b1b, "27B1(b)")):
        table = replaced(edition, call)
        table.answer(answer, True)
        table.accept_defaults()
        table.choose("rectify")
        assert auction_text(table) == f"1S {call}"
        assert table.restrictions == ()
        assert restrictions(table) == []
        assert [t.authorised for t in table.state.information] == [None]
        assert "27D" in review_clauses(table)
        assert {"27B1", part} <= clauses(last_ruling(table))


# 27B1(a)


def test_law27B1a_2007_lowest_sufficient_bid_both_natural_continues(edition: Edition = E2007) -> None:
    """D-45 (2007): E replaces 1H by 2H; the Director finds both bids incontrovertibly not
    artificial: the auction continues; 16D does not apply; no Law 26; 27D review."""
    table = replaced(edition, "2H")
    assert questions(table) == ["not-artificial", "same-or-more-precise"]
    table.answer("not-artificial", True)
    assert questions(table) == []  # B1(b) is no longer needed
    table.choose("rectify", by="Director")
    assert auction_text(table) == "1S 2H"
    assert table.restrictions == ()
    assert table.turn is Seat.SOUTH
    act(table, "S:P")
    assert Call.parse("3H") in table.legal_calls()  # W is not barred
    assert {"27B1", "27B1(a)", "27D"} <= clauses(last_ruling(table))
    assert tags(table) == [(1, None, "27B1(a)")]
    assert review_clauses(table) == ["27D"]
    assert restrictions(table) == []


def test_law27B1a_2007_any_doubt_about_artificiality_is_27B2(edition: Edition = E2007) -> None:
    """2007 27B1(a) needs both bids incontrovertibly natural; the proposed answer is no."""
    table = replaced(edition, "2H")
    table.accept_defaults()
    table.choose("rectify")
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B2")}


def test_law27B1a_2007_only_the_lowest_sufficient_bid_in_the_same_denomination(edition: Edition = E2007) -> None:
    """3H is not the lowest sufficient heart bid: 27B1(a) is not even asked."""
    table = replaced(edition, "3H")
    assert questions(table) == ["same-or-more-precise"]


def test_law27B1a_2017_lowest_bid_specifying_the_same_denomination_continues(edition: Edition = E2017) -> None:
    """D-45 (2017) / T-AEBc-1b: 2H, the lowest sufficient bid specifying hearts: one
    question (erratum C-4), proposed yes; 26B and 16C do not apply; 27D review."""
    table = replaced(edition, "2H")
    assert questions(table) == ["same-denomination", "comparable"]
    pending = table.pending
    assert pending is not None
    assert pending.questions[0].default is True
    assert pending.questions[0].law == LawRef(edition, "27B1(a)")
    table.accept_defaults()
    table.choose("rectify")
    assert auction_text(table) == "1S 2H"
    assert table.restrictions == ()
    assert {"27B1", "27B1(a)", "27D"} <= clauses(last_ruling(table))
    assert tags(table) == [(1, None, "27B1(a)")]
    assert restrictions(table) == []


def test_law27B1a_2017_artificial_bid_specifying_the_same_suit(edition: Edition = E2017) -> None:
    """2017 allows an artificial replacement: a transfer 2D showing hearts, which the
    Director finds the lowest sufficient bid specifying hearts (proposed no)."""
    table = replaced(edition, "2D")
    pending = table.pending
    assert pending is not None and pending.questions[0].default is False
    table.answer("same-denomination", True)
    assert questions(table) == []
    table.choose("rectify")
    assert auction_text(table) == "1S 2D"
    assert table.restrictions == ()
    assert "27B1(a)" in clauses(last_ruling(table))


def test_law27B1a_lowest_sufficient_bid_in_a_denomination() -> None:
    auction = Auction(Seat.NORTH, [Call.parse("1S")])
    assert str(lowest_sufficient_bid(auction, Call.parse("1H").denomination)) == "2H"  # type: ignore[attr-defined]
    assert str(lowest_sufficient_bid(auction, Call.parse("1NT").denomination)) == "1NT"  # type: ignore[attr-defined]
    top = Auction(Seat.NORTH, [Call.parse("7NT")])
    assert lowest_sufficient_bid(top, Call.parse("1C").denomination) is None  # type: ignore[attr-defined]


# 27B1(b)


def test_law27B1b_2007_double_with_the_same_meaning_continues(edition: Edition = E2007) -> None:
    """T-AEBc-1a: dealer W: 1C 1S 1H*; S declines; E doubles (4+ hearts): same meaning:
    27B1(b), W not barred, no Law 26, the bid's information authorised to both sides."""
    table = replaced(edition, "X", "W:1C N:1S E:1H", dealer="W")
    assert questions(table) == ["same-or-more-precise"]
    table.answer("same-or-more-precise", True)
    table.choose("rectify")
    assert auction_text(table) == "1C 1S X"
    assert table.restrictions == ()
    assert {"27B1", "27B1(b)", "27D"} <= clauses(last_ruling(table))
    assert tags(table) == [(2, None, "27B1(b)")]
    assert review_clauses(table) == ["27D"]
    assert restrictions(table) == []


def test_law27B1b_2017_comparable_call_continues(edition: Edition = E2017) -> None:
    """T-AEBc-1a (2017): the double is comparable (23A1/23A2): 27B1(b), 23B (16C2 does
    not apply), 26A (no lead restriction), reviews 23C and 27D."""
    table = replaced(edition, "X", "W:1C N:1S E:1H", dealer="W")
    assert questions(table) == ["comparable"]
    table.answer("comparable", True)
    table.choose("rectify")
    assert auction_text(table) == "1C 1S X"
    assert table.restrictions == ()
    assert {"27B1(b)", "23B", "26A", "27D"} <= clauses(last_ruling(table))
    assert tags(table) == [(2, None, "23B")]
    assert sorted(review_clauses(table)) == ["23C", "27D"]
    assert restrictions(table) == []


def test_law27B1b_pass_more_precise_than_the_insufficient_bid(edition: Edition) -> None:
    """T-AEBc-4(a): 4NT 5D 5C* (1 or 4 key cards); N passes, showing 1: more precise /
    comparable: the auction continues without a bar."""
    table = replaced(edition, "P", "S:4NT W:5D N:5C", dealer="S")
    qid = "same-or-more-precise" if edition is E2007 else "comparable"
    assert questions(table) == [qid]
    table.answer(qid, True)
    table.choose("rectify")
    assert auction_text(table) == "4NT 5D Pass"
    assert table.restrictions == ()
    assert "27B1(b)" in clauses(last_ruling(table))


# 27B2


def test_law27B2_2007_other_sufficient_bid_partner_passes_throughout(edition: Edition = E2007) -> None:
    """D-46: E replaces 1H by 2D (natural): W must pass for the rest of the auction; Law 26
    may apply to 1H; see Law 23; 1H is unauthorised to EW."""
    table = replaced(edition, "2D")
    table.accept_defaults()
    table.choose("rectify")
    assert auction_text(table) == "1S 2D"
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B2")}
    assert {"27B2", "26", "23", "16D"} <= clauses(last_ruling(table))
    assert tags(table) == [(1, Side.NS, "16D")]
    assert restrictions(table) == [(Seat.EAST, "1H")]
    assert review_clauses(table) == ["23"]
    act(table, "S:P")
    assert set(table.legal_calls()) == {PASS}


def test_law27B2_2017_partner_passes_for_the_rest_of_the_auction_not_only_next_turn(edition: Edition = E2017) -> None:
    """D-47: the FFB text says "at his next turn" (catalogue §18 E1, erratum C-1); the bar
    lasts the rest of the auction. 26B and 72C."""
    table = replaced(edition, "2D")
    table.accept_defaults()
    table.choose("rectify")
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B2")}
    assert {"27B2", "26B", "72C", "16C"} <= clauses(last_ruling(table))
    assert restrictions(table) == [(Seat.EAST, "1H")]
    act(table, "S:P")
    assert set(table.legal_calls()) == {PASS}
    act(table, "W:P N:2S E:3D S:P")
    assert table.turn is Seat.WEST
    assert set(table.legal_calls()) == {PASS}  # still barred at his second turn


def test_law27B2_pass_replacement_bars_partner(edition: Edition) -> None:
    table = replaced(edition, "P")
    qid = "same-or-more-precise" if edition is E2007 else "comparable"
    assert questions(table) == [qid]
    table.accept_defaults()
    table.choose("rectify")
    assert auction_text(table) == "1S Pass"
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B2")}


def test_law27B2_pass_that_ends_the_auction_still_restricts_the_lead(edition: Edition) -> None:
    """N 1S, E P, S P, W 1H*: W's replacing pass ends the auction; E, on lead, may be
    restricted (Law 26)."""
    table = replaced(edition, "P", "N:1S E:P S:P W:1H")
    table.accept_defaults()
    table.choose("rectify")
    assert table.state.current_auction.is_over
    assert restrictions(table) == [(Seat.WEST, "1H")]
    assert table.restrictions == ()


# 27B3


def test_law27B3_double_is_cancelled_and_partner_barred_whatever_follows(edition: Edition) -> None:
    """D-48 / T-AEBc-1c: E replaces 1H by a double that is not 27B1(b): the double is
    cancelled, E makes a legal call (2H), W must pass for the rest of the auction."""
    table = replaced(edition, "X")
    table.accept_defaults()
    table.choose("rectify")
    assert auction_text(table) == "1S"
    assert table.turn is Seat.EAST
    assert table.state.records[2].status is Status.CANCELLED
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B3")}
    ruling = last_ruling(table)
    assert {"27B3", awareness(edition), withdrawn(edition)} <= clauses(ruling)
    assert sorted(restrictions(table)) == [(Seat.EAST, "1H"), (Seat.EAST, "X")]
    assert [w.irregularity.stage for w in table.state.watches] == [SUBSTITUTE]
    act(table, "E:2H")  # a legal call now simply stands
    assert table.pending is None
    assert auction_text(table) == "1S 2H"
    assert table.state.watches == ()
    act(table, "S:P")
    assert set(table.legal_calls()) == {PASS}


def test_law27B3_double_that_law19_does_not_permit_is_cancelled_without_questions(edition: Edition) -> None:
    """E redoubles (nothing to redouble): not a legal call, so 27B1(b) cannot apply."""
    table = replaced(edition, "XX")
    assert questions(table) == []
    table.choose("rectify")
    assert auction_text(table) == "1S"
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B3")}


def test_law27B3_a_second_double_is_cancelled_again(edition: Edition) -> None:
    table = replaced(edition, "X")
    table.accept_defaults()
    table.choose("rectify")
    act(table, "E:X")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage == SUBSTITUTE
    assert options(table) == [("rectify", "Director")]
    table.choose("rectify")
    assert auction_text(table) == "1S"
    assert table.turn is Seat.EAST
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B3")}
    act(table, "E:P")
    assert auction_text(table) == "1S Pass"


# 27B4


def test_law27B4_lho_may_accept_another_insufficient_bid(edition: Edition) -> None:
    """D-49: E replaces 1H by 1D, insufficient too; S accepts it: 1D stands; 1H stays
    withdrawn (unauthorised to EW) and Law 26 may apply to it (erratum B-1)."""
    table = replaced(edition, "1D")
    assert options(table) == [("accept", Seat.SOUTH), ("decline", Seat.SOUTH)]
    assert questions(table) == []
    pending = table.pending
    assert pending is not None and pending.waits_for == {Seat.SOUTH}
    table.accept_defaults()
    table.choose("accept", by=Seat.SOUTH)
    assert auction_text(table) == "1S 1D"
    assert table.turn is Seat.SOUTH
    assert table.restrictions == ()
    assert {"27B4", "27A1"} <= clauses(last_ruling(table))
    assert tags(table) == [(1, Side.NS, withdrawn(edition))]
    assert restrictions(table) == [(Seat.EAST, "1H")]


def test_law27B4_accepted_law26_is_judged_on_the_replacement_at_the_lead(edition: Edition) -> None:
    """Erratum B-1: Law 26 applies by its own preamble; the restriction carries the
    accepted bid, so that at the lead the Director judges 2007 "a different final call" or
    2017 comparability (26A)."""
    table = replaced(edition, "1D")
    table.choose("accept")
    (restriction,) = table.state.lead_restrictions
    assert isinstance(restriction, ReplacedCallRestriction)
    assert (str(restriction.withdrawn), str(restriction.replacement)) == ("1H", "1D")
    assert restriction.law.clause == ("26" if edition is E2007 else "26B")


def test_law27B4_lho_calling_over_the_second_insufficient_bid_accepts_it(edition: Edition) -> None:
    table = replaced(edition, "1D")
    act(table, "S:2C")
    assert table.pending is None
    assert auction_text(table) == "1S 1D 2C"
    assert {"27B4", "27A1"} <= clauses(last_ruling(table))


def test_law27B4_declined_rules_as_27B3(edition: Edition) -> None:
    """D-49, otherwise: 1D cancelled, E calls again, W barred for the rest of the auction."""
    table = replaced(edition, "1D")
    table.accept_defaults()
    table.choose("decline", by=Seat.SOUTH)
    assert auction_text(table) == "1S"
    assert table.turn is Seat.EAST
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B4")}
    assert {"27B4", "27B3", awareness(edition)} <= clauses(last_ruling(table))
    assert sorted(restrictions(table)) == [(Seat.EAST, "1D"), (Seat.EAST, "1H")]
    act(table, "E:1C")  # a third insufficient bid: LHO may accept it in turn
    assert options(table) == [("accept", Seat.SOUTH), ("decline", Seat.SOUTH)]
    table.choose("accept")
    assert auction_text(table) == "1S 1C"
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B4")}


# 27C: premature replacement


def test_law27C_premature_replacement_stands_unless_the_bid_is_accepted(edition: Edition) -> None:
    """D-50: E "corrects" to 2H before the Director rules; S does not accept 1H; both
    natural: 27B1(a), the auction continues."""
    table = table_for(edition)
    act(table, "N:1S E:1H E:2H")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage == ""
    assert pending.irregularity.calls_before_ruling == ((Seat.EAST, Call.parse("2H"), 2),)
    assert LawRef(edition, "27C") in pending.clauses
    assert pending.waits_for == frozenset()
    assert options(table) == [("accept", Seat.SOUTH), ("decline", Seat.SOUTH)]
    if edition is E2007:
        assert questions(table) == ["unintended", "without-pause", "not-artificial",
                                    "same-or-more-precise"]
        table.answer("not-artificial", True)
    else:
        assert questions(table) == ["unintended", "same-denomination", "comparable"]
    table.accept_defaults()
    table.choose("decline", by=Seat.SOUTH)
    assert auction_text(table) == "1S 2H"
    assert table.restrictions == ()
    assert {"27C", "27B1(a)"} <= clauses(last_ruling(table))
    assert table.state.records[1].status is Status.CANCELLED


def test_law27C_lho_accepts_the_insufficient_bid_and_the_replacement_goes(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H E:2H")
    table.accept_defaults()
    table.choose("accept", by=Seat.SOUTH)
    assert auction_text(table) == "1S 1H"
    assert table.turn is Seat.SOUTH
    assert table.state.records[2].status is Status.CANCELLED
    assert tags(table) == [(2, Side.NS, withdrawn(edition))]


def test_law27C_premature_sufficient_bid_is_judged_as_27B2(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H E:2D")
    table.accept_defaults()
    table.choose("decline")
    assert auction_text(table) == "1S 2D"
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B2")}


def test_law27C_premature_double_is_cancelled_as_27B3(edition: Edition) -> None:
    """2017 27C "if legal ... but see B3": the double does not stand."""
    table = table_for(edition)
    act(table, "N:1S E:1H E:X")
    table.accept_defaults()
    table.choose("decline")
    assert auction_text(table) == "1S"
    assert table.turn is Seat.EAST
    assert bars(table) == {(Seat.WEST, BarScope.REST, "27B3")}
    act(table, "E:2H")
    assert auction_text(table) == "1S 2H"


def test_law27C_premature_insufficient_bid_lho_may_accept_either(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H E:1D")
    assert options(table) == [("accept", Seat.SOUTH), ("accept-replacement", Seat.SOUTH),
                              ("decline", Seat.SOUTH)]
    table.accept_defaults()
    table.choose("accept-replacement")
    assert auction_text(table) == "1S 1D"
    assert table.state.records[1].status is Status.CANCELLED
    assert restrictions(table) == [(Seat.EAST, "1H")]


def test_law27C_premature_bid_above_seven_goes_to_law38(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H E:8NT")
    table.accept_defaults()
    table.choose("decline")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.BID_ABOVE_SEVEN


# 27D


def test_law27D_review_of_the_outcome_after_27B1(edition: Edition) -> None:
    """T-AEBc-27D: dealer W: 1S 2H 1NT*; S declines; E bids 2NT; both natural: 27B1(a); at
    the end of play the Director asks whether EW would probably have reached the same
    contract without the insufficient bid (they are not treated as offenders)."""
    table = replaced(edition, "2NT", "W:1S N:2H E:1NT", dealer="W")
    if edition is E2007:
        table.answer("not-artificial", True)
    table.accept_defaults()
    table.choose("rectify")
    assert auction_text(table) == "1S 2H 2NT"
    reviews = [r for r in table.state.reviews if r.law.clause == "27D"]
    assert len(reviews) == 1
    assert "probably" in reviews[0].note and "not treat them as offenders" in reviews[0].note
    act(table, "S:P W:P N:P")
    result = table.state
    assert result.contract is not None and str(result.contract).startswith("2NT")
    assert any(isinstance(r, Review) and r.law.clause == "27D" for r in result.reviews)


def test_law27D_no_review_when_partner_is_barred(edition: Edition) -> None:
    """27D follows 27B1 only; 27B2 leaves the Law 23 / 72C review instead."""
    table = replaced(edition, "3D")
    table.accept_defaults()
    table.choose("rectify")
    assert review_clauses(table) == [awareness(edition)]


# Law 25A before Law 27


def test_law27_law25A1_unintended_insufficient_bid_replaced_by_the_intended_call(edition: Edition) -> None:
    """The Director first asks whether the bid was unintended: N 1S, E pulls 1H meaning 2H
    and says so at once: 2H replaces it with no rectification."""
    table = table_for(edition)
    act(table, "N:1S E:1H E:2H")
    table.answer("unintended", True)
    if edition is E2007:
        table.answer("without-pause", True)
    assert options(table) == [("replace", "Director")]
    assert LawRef(edition, "25A") in table.pending.clauses  # type: ignore[union-attr]
    table.choose("replace")
    assert auction_text(table) == "1S 2H"
    assert table.restrictions == ()
    assert restrictions(table) == []
    assert "25A1" in clauses(last_ruling(table))


def test_law25A1_2007_unintended_but_after_a_pause_is_law27(edition: Edition = E2007) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")
    table.answer("unintended", True)
    table.answer("without-pause", False)
    assert [o.id for o in table.pending.options] == ["accept", "decline"]  # type: ignore[union-attr]


def test_law25A1_unintended_bid_the_intended_call_made_at_the_offenders_turn(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")
    table.answer("unintended", True)
    if edition is E2007:
        table.answer("without-pause", True)
    assert table.pending.waits_for == {Seat.EAST}  # type: ignore[union-attr]
    table.choose("replace")
    assert auction_text(table) == "1S"
    assert table.turn is Seat.EAST
    act(table, "E:2H")
    assert table.pending is None and auction_text(table) == "1S 2H"


# The replacement irregular in its own right


def test_law27B_replacement_above_seven_is_law38(edition: Edition) -> None:
    table = replaced(edition, "8C")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.BID_ABOVE_SEVEN
    assert any(isinstance(t, InformationTag) and t.record == 1 for t in table.state.information)


def test_law27B2_restriction_records_the_withdrawn_bid(edition: Edition) -> None:
    table = replaced(edition, "2D")
    table.accept_defaults()
    table.choose("rectify")
    (restriction,) = table.state.lead_restrictions
    assert isinstance(restriction, LeadRestriction)
    assert restriction.law.clause == ("26" if edition is E2007 else "26B")
