"""The clauses of Laws 1, 6, 82 and 84 that the tournament layer and the Director's
ruling flow implement (issue 15)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Card, Edition, Seat
from dupbridge.core.cards import outranks
from dupbridge.scoring.results import Artificial, Fault
from dupbridge.tournament.dealing import redeal_required
from dupbridge.tournament.director import (
    BoardDirection,
    BoardOrder,
    cancelled_board_score,
    directors_error_score,
)


def test_law1_law1A_rank_of_cards_and_suits() -> None:
    assert outranks(Card.parse("SA"), Card.parse("SK"))
    assert outranks(Card.parse("S2"), Card.parse("HA"))
    assert outranks(Card.parse("H2"), Card.parse("DA")) and outranks(Card.parse("D2"), Card.parse("CA"))
    assert not outranks(Card.parse("C2"), Card.parse("C3"))


def test_law6D_law6D1_redeal_only_when_found_before_the_auction() -> None:
    assert redeal_required(True, dealt_incorrectly=True, card_could_have_been_seen=False)
    assert redeal_required(True, dealt_incorrectly=False, card_could_have_been_seen=True)
    assert not redeal_required(False, dealt_incorrectly=True, card_could_have_been_seen=True)
    assert not redeal_required(True, dealt_incorrectly=False, card_could_have_been_seen=False)


def test_law82_law82B2_cancelled_board_scored_by_fault_postponed_keeps_round_open() -> None:
    cancel = BoardDirection(BoardOrder.CANCEL, 2, 3, 5, Fault.DIRECTLY, Fault.NONE)
    assert cancelled_board_score(cancel) == Artificial(Fault.DIRECTLY, Fault.NONE)
    postpone = BoardDirection(BoardOrder.POSTPONE, 2, 3, 5)
    assert cancelled_board_score(postpone) is None and postpone.keeps_round_open


def test_law82C_directors_error_both_sides_non_offending() -> None:
    assert directors_error_score() == Artificial(Fault.NONE, Fault.NONE)


@pytest.mark.parametrize("edition", list(Edition))
def test_law84A_a_regular_call_leaves_nothing_to_rule(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:2H")
    assert table.pending is None and table.turn is Seat.SOUTH


@pytest.mark.parametrize("edition", list(Edition))
def test_law84_law84B_law84C_the_ruling_offers_every_option_with_its_chooser(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:1H")
    pending = table.pending
    assert pending is not None
    choices = [(o.id, o.chosen_by) for o in pending.options]
    assert ("accept", Seat.SOUTH) in choices and ("decline", Seat.SOUTH) in choices
