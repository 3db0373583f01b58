"""Law 21: a call based on misinformation (D-55, T-75)."""

from __future__ import annotations

from conftest import act, auction_text, table_for
from dupbridge import Edition, LawRef, Seat, Side, Table
from dupbridge.laws.machinery.ruling import InformationTag, IrregularityKind, Review
from dupbridge.table.state import Phase


def transfer_misexplained(edition: Edition) -> Table:
    """N 1NT, E P, S 2D (natural, to play) explained by N as a transfer; W passes, N bids
    2H; before E calls, N finds his mistake and corrects it (20F4)."""
    table = table_for(edition)
    act(table, "N:1NT E:P S:2D")
    table.explain("N", 2, "transfer to hearts")
    act(table, "W:P N:2H")
    table.explain("N", 2, "natural, to play")
    return table


def d55(edition: Edition) -> Table:
    """D-55: N 1NT, E P, S 2C (misexplained by N), W P, N 2D, E P, S P, W P; in the
    Clarification Period N, declarer, corrects his explanation."""
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.explain("N", 2, "Stayman")
    act(table, "W:P N:2D E:P S:P W:P")
    assert str(table.state.contract) == "2D N"
    table.explain("N", 2, "transfer to diamonds")
    return table


def test_law21_law21B_law21B1_law21B1a_final_pass_changed_in_the_clarification_period(
    edition: Edition,
) -> None:
    """D-55: W may change his final pass (E has not called since); the auction reopens;
    E's earlier pass cannot be changed (W called after it)."""
    table = d55(edition)
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.MISINFORMATION
    assert [q.id for q in pending.questions] == ["mistaken-explanation", "could-influence"]
    assert [q.default for q in pending.questions] == [True, False]
    assert [(seat, str(call)) for seat, call, _ in pending.irregularity.changeable] == [
        (Seat.WEST, "Pass")]
    assert {LawRef(edition, "21"), LawRef(edition, "21B"), LawRef(edition, "21B1")} <= set(
        pending.clauses)
    table.answer("could-influence", True)
    table.accept_defaults()
    pending = table.pending
    assert pending is not None
    assert [(o.id, o.chosen_by) for o in pending.options] == [
        ("change", Seat.WEST), ("keep", Seat.WEST)]
    table.choose("change", by=Seat.WEST)
    assert auction_text(table) == "1NT Pass 2C Pass 2D Pass Pass"
    assert table.phase is Phase.AUCTION and table.turn is Seat.WEST
    tag = table.state.information[-1]
    assert tag == InformationTag(LawRef(edition, "16D" if edition is Edition.LAWS_2007
                                        else "16C"), 7, Seat.WEST.side)
    assert LawRef(edition, "21B1(a)") in table.rulings[-1].clauses
    act(table, "W:X N:P E:P S:P")
    assert str(table.state.contract) == "2DX N"


def test_law21B1a_not_influenced_no_change(edition: Edition) -> None:
    table = d55(edition)
    table.accept_defaults()  # mistaken explanation: yes; could well have influenced: no
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["continue"]
    table.choose("continue")
    assert str(table.state.contract) == "2D N"
    assert [r.law for r in table.state.reviews] == [LawRef(edition, "21B3")]


def test_law21B1b_law21A_mistaken_call_no_redress(edition: Edition) -> None:
    """T-75: the agreement is as first explained, the call was mistaken: no infraction, and
    no rectification for the non-offending side (21A)."""
    table = d55(edition)
    table.answer("mistaken-explanation", False)
    table.answer("could-influence", True)
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["no-rectification"]
    table.choose("no-rectification")
    assert {LawRef(edition, "21A"), LawRef(edition, "21B1(b)")} <= set(table.rulings[-1].clauses)
    assert table.state.reviews == ()
    assert str(table.state.contract) == "2D N"


def test_law21B2_2017_lho_changes_his_later_call_law16C_applies() -> None:
    table = transfer_misexplained(Edition.LAWS_2017)
    pending = table.pending
    assert pending is not None
    assert [(s.letter, str(c)) for s, c, _ in pending.irregularity.changeable] == [
        ("W", "Pass"), ("N", "2H")]
    table.answer("could-influence", True)
    table.accept_defaults()
    table.choose("change")
    assert auction_text(table) == "1NT Pass 2D"
    act(table, "W:X N:3D")  # N changes his 2H
    edition = Edition.LAWS_2017
    assert table.state.information[-1] == InformationTag(LawRef(edition, "16C"), 4, Side.EW)
    assert LawRef(edition, "21B2") in {cite.law for cite in table.state.rulings[-1].effects}
    assert not [r for r in table.state.reviews if r.law.clause == "16C"]


def test_law21B2_2007_lho_changes_his_later_call_law16D_on_review() -> None:
    table = transfer_misexplained(Edition.LAWS_2007)
    table.answer("could-influence", True)
    table.accept_defaults()
    table.choose("change")
    act(table, "W:X N:3D")
    edition = Edition.LAWS_2007
    assert table.state.information[-1] == InformationTag(LawRef(edition, "16D"), 4, Side.EW)
    assert [r.law.clause for r in table.state.reviews if isinstance(r, Review)] == [
        "21B3", "16D"]


def test_law21B2_lho_repeats_his_call_nothing_withdrawn(edition: Edition) -> None:
    table = transfer_misexplained(edition)
    table.answer("could-influence", True)
    table.accept_defaults()
    table.choose("change")
    tags = len(table.state.information)
    act(table, "W:X N:2H")
    assert len(table.state.information) == tags
    assert auction_text(table) == "1NT Pass 2D X 2H"


def test_law21B3_too_late_to_change_in_the_play(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1NT E:P S:2C")
    table.explain("N", 2, "Stayman")
    act(table, "W:P N:2D E:P S:P W:P")
    table.play("E", "HA")
    table.explain("N", 2, "transfer to diamonds")  # in the play: 2017 75B2
    pending = table.pending
    assert pending is not None and pending.irregularity.changeable == ()
    assert [q.id for q in pending.questions] == ["mistaken-explanation"]
    table.accept_defaults()
    # East led after the misexplanation and dummy has faced no card: 47E2(a) lets him
    # change his lead; he keeps it, and the call is reviewed at the end (21B3).
    assert [o.id for o in table.pending.options] == ["change", "keep"]  # type: ignore[union-attr]
    table.choose("keep", by=Seat.EAST)
    assert [r.law for r in table.state.reviews] == [LawRef(edition, "21B3")]
    assert table.phase is Phase.PLAY


def test_law21B1a_keep(edition: Edition) -> None:
    table = d55(edition)
    table.answer("could-influence", True)
    table.accept_defaults()
    table.choose("keep", by=Seat.WEST)
    assert str(table.state.contract) == "2D N"
    assert table.phase is Phase.PLAY

