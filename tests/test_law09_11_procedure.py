"""Laws 9-11 in the auction: drawing attention, the Director's ruling, the options and who
chooses them, and forfeiture of the right to rectification."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import ActionRejected, Edition, LawRef, Seat, Table
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.irregularities.table_talk import Period
from dupbridge.laws.machinery.ruling import CancelCalls, IrregularityKind
from dupbridge.table.state import CallRecord, Status

E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017


def inadmissible_double(edition: Edition) -> Table:
    """N 1S, E P, S doubles his partner's bid: the Director is ruling (Law 36); W, the
    offender's LHO, is the one player the law provides for before the ruling (36A)."""
    table = table_for(edition)
    act(table, "N:1S E:P S:X")
    pending = table.pending
    assert pending is not None and pending.waits_for == frozenset({Seat.WEST})
    return table


# Law 9


def test_law9_law9A_law9A1_any_player_may_draw_attention_during_the_auction(
    edition: Edition,
) -> None:
    for seat in Seat:
        assert law09_11_procedure.may_draw_attention(edition, seat, Period.AUCTION,
                                                     None) is None
    table = table_for(edition, "S")
    act(table, "S:1H")
    table.report_wrong_board("S", by="E")  # not East's turn: he may still draw attention
    assert table.pending is not None


def test_law9A2_law9A3_2007_dummy_may_not_draw_attention_during_the_play() -> None:
    assert law09_11_procedure.may_draw_attention(E07, Seat.NORTH, Period.PLAY,
                                                 Seat.SOUTH) is None  # declarer
    assert law09_11_procedure.may_draw_attention(E07, Seat.SOUTH, Period.PLAY,
                                                 Seat.SOUTH) == LawRef(E07, "9A3")
    assert law09_11_procedure.may_draw_attention(E07, Seat.SOUTH, Period.OVER,
                                                 Seat.SOUTH) is None  # after play


def test_law9A2_law9A4_2017_dummy_may_not_draw_attention_during_the_play() -> None:
    assert law09_11_procedure.may_draw_attention(E17, Seat.EAST, Period.PLAY,
                                                 Seat.SOUTH) is None  # a defender
    assert law09_11_procedure.may_draw_attention(E17, Seat.SOUTH, Period.PLAY,
                                                 Seat.SOUTH) == LawRef(E17, "9A4")


def test_law9B1b_law9B1c_law9B1d_who_draws_attention_changes_no_right(edition: Edition) -> None:
    """The offender himself, his partner or an opponent: the same ruling."""
    options = []
    for by in ("S", "N", "E", None):
        table = table_for(edition, "S")
        act(table, "S:1H W:1S")
        table.report_wrong_board("S", by=by)
        pending = table.pending
        assert pending is not None
        options.append(pending.options)
    assert all(found == options[0] for found in options)


def test_law9B_law9B1_law9B1a_the_director_rules_at_once(edition: Edition) -> None:
    table = inadmissible_double(edition)
    pending = table.pending
    assert pending is not None and table.turn is None and len(table.legal_calls()) == 0


def test_law9B2_no_player_acts_until_the_ruling(edition: Edition) -> None:
    table = inadmissible_double(edition)
    with pytest.raises(ActionRejected, match="9B2"):
        table.call("N", "2S")  # the offender's partner
    with pytest.raises(ActionRejected, match="9B2"):
        table.call("S", "2S")  # the offender
    with pytest.raises(ActionRejected, match="9B2"):
        table.request_review("W")


# Law 10


def test_law10_law10C_law10C1_the_director_explains_every_option(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")  # insufficient: E's LHO may accept (27A1)
    table.accept_defaults()
    pending = table.pending
    assert pending is not None
    explained = law09_11_procedure.options_explained(pending)
    assert len(explained) == len(pending.options) >= 2
    assert all(text.startswith(option.id) for text, option in zip(explained, pending.options,
                                                                  strict=True))
    assert any("chosen by South" in text for text in explained)


def test_law10A_law10C2_the_option_is_chosen_by_the_player_the_law_names(
    edition: Edition,
) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")
    table.accept_defaults()
    with pytest.raises(ActionRejected, match="10C"):
        table.choose("accept", by=Seat.NORTH)  # South's partner may not choose for him
    with pytest.raises(ActionRejected, match="10C"):
        table.choose("accept", by="Director")
    table.choose("accept", by=Seat.SOUTH)
    assert auction_text(table) == "1S 1H"


# Law 11


def test_law11_law11A_non_offending_call_before_the_director_is_asked_about(
    edition: Edition,
) -> None:
    """E (non-offending, not the player 36A provides for) calls before the Director comes:
    the call is recorded and the Director asked whether it forfeits the rectification."""
    table = inadmissible_double(edition)
    act(table, "E:2H")
    entry = table.state.records[-1]
    assert isinstance(entry, CallRecord) and entry.status is Status.BEFORE_RULING
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.INADMISSIBLE_DOUBLE
    assert [(q.id, q.default, q.law) for q in pending.questions] == [
        ("forfeited", False, LawRef(edition, "11A"))]
    assert LawRef(edition, "11A") in pending.clauses
    with pytest.raises(ActionRejected, match="9B2"):
        table.call("W", "2H")  # the Director is now at the table


def test_law11A_not_forfeited_premature_call_cancelled_rectification_as_usual(
    edition: Edition,
) -> None:
    table = inadmissible_double(edition)
    act(table, "E:2H")
    table.accept_defaults()  # not forfeited
    table.choose("rectify")
    ruling = table.rulings[-1]
    cancelled = [e for e in ruling.effects if isinstance(e, CancelCalls)]
    assert cancelled[0].law == LawRef(edition, "9B2") and cancelled[0].records == (3,)
    assert auction_text(table) == "1S Pass" and table.turn is Seat.SOUTH
    assert [b.seat for b in table.restrictions] == [Seat.NORTH]  # 36B2 as usual
    tag = next(t for t in table.state.information if t.record == 3)
    assert tag.authorised is not None and tag.authorised.value == "NS"  # unauthorised to EW


def test_law11A_2007_forfeited_treated_as_called_over() -> None:
    table = inadmissible_double(E07)
    act(table, "E:2H")
    table.answer("forfeited", True)
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["forfeit"]
    table.choose("forfeit")
    assert auction_text(table) == "1S Pass" and table.turn is Seat.SOUTH
    assert table.restrictions == ()  # no further rectification (as 36A)
    assert LawRef(E07, "11A") in table.rulings[-1].clauses
    assert table.state.reviews == ()


def test_law11A_2017_forfeited_only_the_gaining_side_adjusted() -> None:
    table = inadmissible_double(E17)
    act(table, "E:2H")
    table.answer("forfeited", True)
    table.choose("forfeit")
    assert table.restrictions == ()
    assert [r.law for r in table.state.reviews] == [LawRef(E17, "11A")]
    assert "only that side's score" in table.state.reviews[0].note


def test_law11A_not_for_the_offending_side_nor_once_the_director_is_there(
    edition: Edition,
) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")  # insufficient bid: S may accept
    pending = table.pending
    assert pending is not None
    with pytest.raises(ActionRejected, match="9B2"):
        table.call("W", "2H")  # the offender's partner
    table.accept_defaults()  # the Director has answered (was it unintended?): he is there
    pending = table.pending
    assert pending is not None and pending.answers
    with pytest.raises(ActionRejected, match="9B2"):
        table.call("N", "2S")
