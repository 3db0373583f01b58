"""Sequences the stateful test found (tests/test_table_stateful.py), each shrunk by hand
to the few actions that matter and named after the clauses involved.

Fixed deal (tests/conftest.py), North declares 1S, East leads, South is dummy:
N AKQJ.T98.765.432  E T98.AKQJ.432.765  S 765.432.AKQJ.T98  W 432.765.T98.AKQJ
"""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import ActionRejected, Card, Edition, Seat, Table
from dupbridge.table.events import CardOmitted
from dupbridge.table.state import CardRecord, Status

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


def declared(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    return table


def west_passed_over(edition: Edition, dropped: str | None = None) -> Table:
    """Trick 1: East leads the HA, dummy the H2; West (after dropping ``dropped``, a
    penalty card) is passed over and North plays the H8: attention is drawn before the
    next trick (67A1): West owes a heart."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    if dropped is not None:
        table.expose("W", dropped, "dropped")
        table.accept_defaults()
        table.choose("penalty-card")
    table.apply(CardOmitted(W))
    table.play("N", "H8")
    table.draw_attention(N)
    (defect,) = table.state.defects
    assert defect.ruling == "67A1"
    return table


def test_law67A1_law50D1_penalty_card_supplied_to_a_defective_trick_is_played(
        edition: Edition) -> None:
    """The stateful test: "penalty card D7 not in E's hand". A penalty card supplied to a
    defective trick (67A1) has left the hand: it is played, no longer a penalty card."""
    table = west_passed_over(edition, dropped="H7")
    assert [(pc.seat, pc.card) for pc in table.state.penalty_cards] == [(W, Card.parse("H7"))]
    table.play("W", "H7")
    assert table.state.penalty_cards == ()
    play = table.state.play
    assert play is not None and play.tricks[0].card_of(W) == Card.parse("H7")
    assert not play.holds(W, Card.parse("H7"))


def test_law67A1_the_owed_card_is_one_he_can_legally_play_both_editions(
        edition: Edition) -> None:
    """The stateful test: "Law 67A1: South must supply one of DJ, D9" was rejected while
    the model expected a revoke. 67A1 (both editions: a card he can legally play) is the
    Director's rectification: the offender supplies one of the cards it allows, and the
    table offers only those; another card is refused, nothing recorded."""
    table = west_passed_over(edition)
    assert table.turn is E  # East won trick 1 and leads; West's card is owed first
    events = table.events
    with pytest.raises(ActionRejected, match="67A1"):
        table.play("W", "D8")
    assert table.events == events
    table.play("W", "H5")
    assert table.state.defects[0].ruling == "done"


def test_law67A1_owed_card_played_out_of_rotation_is_no_card_out_of_turn(
        edition: Edition) -> None:
    """The stateful test: a "card out of turn" left no pending decision. The player who
    owes a card to a defective trick supplies it out of rotation by nature: his card is
    that one, placed in the defective trick, not a lead or play out of turn (53-57)."""
    table = west_passed_over(edition)
    play = table.state.play
    assert play is not None and play.next_to_play is E
    table.play("W", "H6")
    assert table.pending is None
    entry = table.state.records[-1]
    assert isinstance(entry, CardRecord) and entry.status is Status.STANDING
    assert entry.law is not None and entry.law.clause == "67A1" and entry.trick == 1


def test_law9B2_law67A1_no_owed_card_while_the_director_rules_on_another_matter(
        edition: Edition) -> None:
    """A card owed to a defective trick waits, like any action, while another decision is
    pending (9B2): the table refuses it and records nothing."""
    table = west_passed_over(edition)
    table.call("S", "2C")  # a call after the auction: the Director is to rule (Law 39)
    assert table.pending is not None
    events = table.events
    with pytest.raises(ActionRejected):
        table.play("W", "H6")
    assert table.events == events


def test_law62A_law67A1_omission_replayed_at_the_offenders_own_turn(edition: Edition) -> None:
    """The stateful test (card conservation): North revokes, East is passed over and owes a
    card (67A1), then North's revoke is corrected (62A). The trick is in progress again
    before East's turn: he is passed over no more, owes nothing, and plays at his turn
    (before, the replay passed over whoever was next: North)."""
    table = declared(edition)
    for seat, card in (("E", "C5"), ("S", "C8"), ("W", "CA"), ("N", "C2"),
                       ("W", "D8"), ("N", "H8")):  # North revokes: he holds diamonds
        table.play(seat, card)
    revoke = len(table.state.records) - 1
    table.apply(CardOmitted(E))
    table.draw_attention(W, revoke)  # the Director finds the defective trick first
    assert table.state.defects[0].ruling == "67A1"
    table.draw_attention(W, revoke)
    table.choose("correct")
    play = table.state.play
    assert play is not None and play.next_to_play is N and table.turn is N
    assert play.current_trick.omitted is None  # East has not been passed over yet
    assert set(table.legal_cards()) == cards("D7 D6 D5")
    table.play("N", "D7")
    assert table.turn is E  # his turn has come: he plays it, passed over no more
    table.play("E", "D4")
    assert table.pending is None
    play = table.state.play
    assert play is not None and play.current_trick.omitted is None
    assert play.current_trick.card_of(E) == Card.parse("D4")
    assert play.current_trick.card_of(N) == Card.parse("D7")
    table.play("S", "DA")
    assert len(play.tricks) + 1 == len(table.state.play.tricks)  # type: ignore[union-attr]
    assert table.state.play.tricks[-1].omitted is None  # type: ignore[union-attr]
