"""Law 59 (inability to lead or play as required) and Law 60 (play after an illegal play):
the ruling-case situations T50-10, T59-1, T60-2, T60-3, and 60C with cards held before the
ruling."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Board, Card, Deal, Edition, Seat, Table
from dupbridge.core.errors import ActionRejected
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.table.state import CardRecord, Status

VOID_HEARTS = Deal.from_pbn(
    "N:AKQJ.T98.765.432 T98..432.AKQJ765 765.432.AKQJ.T98 432.AKQJ765.T98.")
"""East has no heart; West has seven."""
ONLY_HEARTS = Deal.from_pbn(
    "N:KQJT..AKQJT.AKQJ A.AKQJT9876543.. 9876..98765.T987 5432.2.432.65432")
"""East holds the SA and twelve hearts: after trick 1 only hearts."""


def cards(table: Table) -> list[str]:
    return sorted(str(card) for card in table.legal_cards())


def penalty_card_for_partner(table: Table, exposed: str, how: str, trick: str) -> None:
    """Trick 1 (``trick``: four cards) is won by East; West exposes ``exposed``, a major
    penalty card: declarer's 50D2 options open for East's lead."""
    for text in trick.split():
        seat, card = text.split(":")
        table.play(seat, card)
    table.expose("W", exposed, how)
    table.accept_defaults()
    table.choose("penalty-card")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.PENALTY_CARD_LEAD


def test_law59_required_suit_void_any_card(edition: Edition) -> None:
    """T50-10: declarer requires a heart lead (50D2(a)); East has none: any card (59); the
    HK was picked up when declarer chose."""
    table = Table(Board(1, VOID_HEARTS), edition=edition)
    act(table, "N:1S E:P S:P W:P")
    penalty_card_for_partner(table, "HK", "dropped", "E:CA S:C8 W:D8 N:C2")
    table.choose("require-hearts", by=Seat.NORTH)
    assert not table.state.penalty_cards
    assert len(cards(table)) == 12  # every card East holds
    table.play("E", "D2")
    assert not table.state.revokes and not table.state.restrictions


@pytest.mark.parametrize(("exposed", "option"), [("H2", "prohibit-hearts"),
                                                 ("S5", "require-spades")])
def test_law59_forbidden_suit_only_that_suit_or_required_suit_void(
        edition: Edition, exposed: str, option: str) -> None:
    """T59-1: East is forbidden hearts but holds only hearts, or required to lead spades
    and has none: he may lead any legal card (here, any heart)."""
    table = Table(Board(1, ONLY_HEARTS), edition=edition)
    act(table, "N:1NT E:P S:P W:P")
    penalty_card_for_partner(table, exposed, "shown", "E:SA S:S6 W:S2 N:ST")
    table.choose(option, by=Seat.NORTH)
    assert cards(table) == sorted(f"H{rank}" for rank in "AKQJT9876543")
    table.play("E", "HA")
    assert not table.state.revokes


def after_trick_won_by_north(edition: Edition) -> Table:
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    for seat, card in (("E", "S8"), ("S", "S5"), ("W", "S2"), ("N", "SA")):
        table.play(seat, card)
    return table


def record_of(table: Table, seat: str, card: str) -> CardRecord:
    for entry in reversed(table.state.records):
        if (isinstance(entry, CardRecord) and entry.seat is Seat.parse(seat)
                and entry.card == Card.parse(card)):
            return entry
    raise AssertionError(f"no record of {seat} {card}")


def test_law60A3_penalty_card_obligation_continues_after_forfeit(edition: Edition) -> None:
    """T60-2: West has a major penalty card DT; East leads out of turn and dummy plays:
    the rectification of the lead is forfeited (60A1), the DT must still be played (60A3)."""
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    table.play("S", "H2")
    table.expose("W", "DT", "shown")
    table.accept_defaults()
    table.choose("penalty-card")
    table.play("W", "H7")
    table.play("N", "H8")
    table.choose("no-restriction", by=Seat.NORTH)
    for seat, card in (("E", "S8"), ("S", "S5"), ("W", "S2"), ("N", "SA")):
        table.play(seat, card)
    table.play("E", "D2")  # North is on lead
    table.play("S", "DA")
    assert table.pending is None
    clauses = {ref.clause for ref in table.state.rulings[-1].clauses}
    assert {"60A1", "60A2", "60A3"} <= clauses
    assert cards(table) == ["DT"]


def test_law60A2_offenders_card_held_is_played_after_the_forfeit(edition: Edition) -> None:
    """60C then 60A1: West plays before the ruling (held), then dummy plays to East's lead:
    the lead stands and West's held card is played in its turn, not left in limbo."""
    table = after_trick_won_by_north(edition)
    table.play("E", "D2")
    table.play("W", "D8")
    table.play("S", "DA")
    assert table.pending is None
    assert str(table.state.play.current_trick) == "E: D2 DA D8"
    assert record_of(table, "W", "D8").status is Status.STANDING


def test_law60C_non_offenders_keep_their_options_offenders_card_rectified(
        edition: Edition) -> None:
    """T60-3: East leads out of turn, West plays before the ruling: North keeps every
    option; once he accepts, West's card is a premature play (2007 57A: a penalty card;
    2017 57D: played at his turn, Law 16)."""
    table = after_trick_won_by_north(edition)
    table.play("E", "D2")
    table.play("W", "D8")
    pending = table.pending
    assert pending is not None
    assert [o.id for o in pending.options] == ["accept", "refuse", "penalty-card"]
    table.choose("accept", by=Seat.NORTH)
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.PREMATURE_PLAY
    table.accept_defaults()
    option = pending.options[0] if table.pending is None else table.pending.options[0]
    table.choose(option.id)
    if edition is Edition.LAWS_2007:
        assert [pc.card for pc in table.state.penalty_cards] == [Card.parse("D8")]
    else:
        assert not table.state.penalty_cards
        assert [r.card for r in table.state.restrictions] == [Card.parse("D8")]


def test_law60C_two_cards_held_before_the_ruling(edition: Edition) -> None:
    """West plays twice before the ruling: both are held; after the ruling the first is
    ruled on (premature), and the second waits for that ruling, then is a card added to
    a trick he has played to (45E1: a penalty card)."""
    table = after_trick_won_by_north(edition)
    table.play("E", "D2")
    table.play("W", "D8")
    table.play("W", "CA")
    pending = table.pending
    assert pending is not None and len(pending.irregularity.cards_before_ruling) == 2
    table.choose("accept", by=Seat.NORTH)
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.PREMATURE_PLAY
    assert [c for _, c, _ in pending.irregularity.cards_before_ruling] == [Card.parse("CA")]
    table.accept_defaults()
    table.choose(table.pending.options[0].id)  # type: ignore[union-attr]
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.action == Card.parse("CA")
    assert record_of(table, "W", "CA").status is not Status.BEFORE_RULING


def test_law60C_a_held_card_cannot_be_played_twice(edition: Edition) -> None:
    table = after_trick_won_by_north(edition)
    table.play("E", "D2")
    table.play("W", "D8")
    with pytest.raises(ActionRejected, match="60C"):
        table.play("W", "D8")
