"""Law 41: commencement of play, both editions (North declarer in spades, East leads)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import act, table_for
from dupbridge import Edition, Seat, Side, Table
from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.laws.irregularities.table_talk import Enquiry
from dupbridge.laws.machinery.profiles import default_regulations, load_profile
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.laws.play import law41_commencement
from dupbridge.table.state import CardRecord, Status
from dupbridge.table.view import view

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _table(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    return table


def test_law41A_face_down_unless_the_regulating_authority_says_otherwise(
    edition: Edition,
) -> None:
    assert law41_commencement.opening_lead_face_down(default_regulations(edition))
    assert law41_commencement.opening_lead_face_down(load_profile("aeb-2007"))


def test_law41B_leaders_partner_and_presumed_declarer_may_have_a_review(
    edition: Edition,
) -> None:
    table = _table(edition)
    table.request_review(W)  # the leader's partner
    table.request_review(N)  # the presumed declarer
    assert [item.law.clause for item in table.state.talk[-2:]] == ["41B", "41B"]
    with pytest.raises(ActionRejected):
        table.request_review(S)  # the presumed dummy may not


def test_law41B_during_play_only_at_first_turn(edition: Edition) -> None:
    table = _table(edition)
    table.play(E, "HA")
    with pytest.raises(ActionRejected):
        table.request_review(W)  # not his turn yet (dummy, South, plays next)
    table.play(S, "H2")
    table.request_review(W)  # his first turn to play
    table.play(W, "H5")
    table.play(N, "H8")
    with pytest.raises(ActionRejected):
        table.request_review(W)  # he has played: too late


def test_law41C_play_period_begins_when_the_lead_is_faced(edition: Edition) -> None:
    table = _table(edition)
    assert not law41_commencement.play_period_begun(table.state.play)
    table.play(E, "HA")
    assert law41_commencement.play_period_begun(table.state.play)
    with pytest.raises(ActionRejected):
        table.request_review(W)  # 41B's window closed: he waits for his first turn (20C2)


def test_law41D_dummy_spreads_once_the_lead_is_faced(edition: Edition) -> None:
    table = _table(edition)
    assert view(table.state, E).dummy is None
    assert law41_commencement.spread_dummy(table.state.play) is None
    table.play(E, "HA")
    assert law41_commencement.spread_dummy(table.state.play) is S
    shown = view(table.state, E).dummy
    assert shown is not None and len(shown) == 13


# The face-down opening lead (41A), facing it (41C), its withdrawal (47E2), Law 54 preamble


def _declared_by_south(edition: Edition, profile: str | None = None) -> Table:
    """S declares 1S (dealer S): W is the opening leader, N dummy, E the leader's partner."""
    if profile is None:
        table = table_for(edition, "S")
    else:
        table = Table(table_for(edition, "S").board, edition=edition,
                      regulations=load_profile(profile))
    act(table, "S:1S W:P N:P E:P")
    return table


def test_law41A_the_opening_leader_leads_face_down(edition: Edition) -> None:
    table = _declared_by_south(edition)
    table.lead_face_down(W, "DT")
    record = table.state.face_down_lead
    assert record is not None
    entry = table.state.records[record]
    assert isinstance(entry, CardRecord) and entry.status is Status.FACE_DOWN
    assert entry.law is not None and entry.law.clause == "41A"
    state = table.state
    assert state.play is not None and not state.play.opening_lead_made  # not yet played
    assert not law41_commencement.play_period_begun(state.play)


def test_law41A_only_the_opening_leader_leads_face_down(edition: Edition) -> None:
    table = _declared_by_south(edition)
    for seat, card in ((N, "SA"), (S, "S5")):
        with pytest.raises(ActionRejected, match="41A"):
            table.lead_face_down(seat, card)
    table.lead_face_down(W, "DT")
    with pytest.raises(ActionRejected):
        table.lead_face_down(W, "D9")  # once only


def test_law41A_partners_face_down_lead_goes_back_to_his_hand_no_penalty_card(
        edition: Edition) -> None:
    """The leader's partner leads face down: the Director rules (no card faced, so not Law
    54); the card returns to his hand, W leads, and EW may not use what it told them."""
    table = _declared_by_south(edition)
    table.lead_face_down(E, "D2")
    assert table.pending is not None and table.turn is None
    assert [option.id for option in table.pending.options] == ["return-to-hand"]
    table.choose("return-to-hand")
    assert table.turn is W and table.state.penalty_cards == ()
    assert [tag.authorised for tag in table.state.information] == [Side.NS]
    table.lead_face_down(W, "DT")
    table.face_lead(W)
    assert table.state.play is not None and table.state.play.holds(E, Card.parse("D2"))


def test_law41B_leaders_partner_and_declarer_ask_while_the_lead_is_face_down(
    edition: Edition,
) -> None:
    table = _declared_by_south(edition)
    table.lead_face_down(W, "DT")
    table.request_review(E)
    table.request_review(S)
    table.request_explanation(E, ())
    table.request_explanation(S, ())
    assert [item.law.clause for item in table.state.talk] == ["41B"] * 4
    with pytest.raises(ActionRejected):
        table.request_review(N)  # the presumed dummy may not
    with pytest.raises(ActionRejected):
        table.request_explanation(N, ())


def test_law41C_facing_the_face_down_lead_plays_it(edition: Edition) -> None:
    table = _declared_by_south(edition)
    table.lead_face_down(W, "DT")
    with pytest.raises(ActionRejected, match="41A"):
        table.play(W, "CA")  # he faces the card he led face down
    table.face_lead(W)
    state = table.state
    assert state.face_down_lead is None
    assert state.play is not None and state.play.current_trick.cards == (Card.parse("DT"),)
    assert law41_commencement.play_period_begun(state.play)
    assert table.turn is N
    assert not state.reviews


def test_law41C_playing_the_face_down_card_faces_it(edition: Edition) -> None:
    table = _declared_by_south(edition)
    table.lead_face_down(W, "DT")
    table.play(W, "DT")
    assert table.state.face_down_lead is None
    assert len([e for e in table.state.records if isinstance(e, CardRecord)]) == 1


def test_law41A_face_up_leads_by_regulation_lead_directly(edition: Edition) -> None:
    base = default_regulations(edition)
    regulations = replace(base, options={**base.options, "opening_lead_face_down": False})
    table = Table(table_for(edition, "S").board, edition=edition, regulations=regulations)
    act(table, "S:1S W:P N:P E:P")
    table.play(W, "DT")
    assert table.state.play is not None and table.state.play.opening_lead_made
    assert not table.state.reviews


@pytest.mark.parametrize("profile", ["aeb-2007", "ffb-2007", "ffb-2017"])
def test_law41A_lead_faced_at_once_under_a_face_down_regulation_is_the_lead(
    profile: str,
) -> None:
    regulations = load_profile(profile)
    table = _declared_by_south(regulations.edition, profile)
    table.play(W, "DT")
    state = table.state
    assert state.play is not None and state.play.opening_lead_made
    assert [review.law.clause for review in state.reviews] == ["41A"]


def test_law41A_wbf_default_logs_no_procedure_note(edition: Edition) -> None:
    table = _declared_by_south(edition)
    table.play(W, "DT")
    assert not table.state.reviews


def _misexplained(edition: Edition) -> Table:
    """S explains N's 2C as natural; W leads face down; N then corrects (it was Drury)."""
    table = table_for(edition, "S")
    act(table, "S:1S W:P N:2C E:P S:2S W:P N:P E:P")
    two_clubs = next(i for i, e in enumerate(table.state.records)
                     if getattr(e, "seat", None) is N and str(getattr(e, "call", "")) == "2C")
    table.request_explanation(W, ())
    table.explain(S, two_clubs, "natural")
    table.lead_face_down(W, "DT")
    table.explain(N, two_clubs, "Drury, a raise in spades")
    table.accept_defaults()  # a mistaken explanation; E's pass not influenced
    table.choose("continue", "Director")
    return table


def test_law47E2_face_down_lead_withdrawn_after_a_corrected_explanation(
    edition: Edition,
) -> None:
    table = _misexplained(edition)
    record = table.state.face_down_lead
    assert record is not None
    table.withdraw_face_down_lead(W)
    state = table.state
    assert state.face_down_lead is None
    entry = state.records[record]
    assert isinstance(entry, CardRecord) and entry.status is Status.RETURNED
    assert entry.law is not None and entry.law.clause == "47E2(a)"
    assert not state.penalty_cards  # back in the hand, not a penalty card
    tag = state.information[-1]
    clause = "16D" if edition is Edition.LAWS_2007 else "16C"
    assert (tag.law.clause, tag.record, tag.authorised) == (clause, record, W.side)
    table.lead_face_down(W, "CA")  # he leads again
    table.face_lead(W)
    assert table.state.play is not None and table.state.play.opening_lead_made


def test_law47E2_no_withdrawal_without_an_irregularity(edition: Edition) -> None:
    table = _declared_by_south(edition)
    table.lead_face_down(W, "DT")
    with pytest.raises(ActionRejected, match="47E2"):
        table.withdraw_face_down_lead(W)
    with pytest.raises(ActionRejected):
        table.withdraw_face_down_lead(E)  # he has no face-down lead


def test_law54_face_down_lead_goes_back_when_partner_faces_a_lead_out_of_turn(
    edition: Edition,
) -> None:
    table = _declared_by_south(edition)
    table.lead_face_down(W, "DT")
    record = table.state.face_down_lead
    assert record is not None
    table.play(E, "HA")  # the wrong defender faces a lead
    state = table.state
    entry = state.records[record]
    assert isinstance(entry, CardRecord) and entry.status is Status.RETURNED
    assert entry.law is not None and entry.law.clause == "54"
    assert state.face_down_lead is None and not state.penalty_cards
    assert state.pending is not None
    assert state.pending.irregularity.kind is IrregularityKind.LEAD_OUT_OF_TURN


def test_law41C_contract_asked_at_his_turn_not_who_doubled(edition: Edition) -> None:
    table = table_for(edition, "S")
    act(table, "S:4S W:X N:P E:P S:P")
    for seat, card in (("W", "CA"), ("N", "C2"), ("E", "C5"), ("S", "C8")):
        table.play(seat, card)
    with pytest.raises(ActionRejected, match="41C"):
        table.ask_contract(E)  # not his turn
    table.ask_contract(W)  # W won trick 1 and is on lead
    item = table.state.talk[-1]
    assert item.law.clause == "41C"
    assert isinstance(item, Enquiry) and item.note == "4S doubled"
    assert "W" not in item.note and "West" not in item.note


def test_law41C_dummy_does_not_ask_what_the_contract_is(edition: Edition) -> None:
    table = _declared_by_south(edition)
    table.play(W, "DT")
    with pytest.raises(ActionRejected, match="41C"):
        table.ask_contract(N)
    table.ask_contract(S)  # declarer, at dummy's turn
    assert table.state.talk[-1].law.clause == "41C"


def test_law47E2_correction_before_the_face_down_lead_gives_no_withdrawal(
    edition: Edition,
) -> None:
    table = table_for(edition, "S")
    act(table, "S:1S W:P N:2C E:P S:2S W:P N:P E:P")
    two_clubs = 2
    table.request_explanation(W, ())
    table.explain(S, two_clubs, "natural")
    table.explain(N, two_clubs, "Drury, a raise in spades")  # corrected before the lead
    table.accept_defaults()
    table.choose("continue", "Director")
    table.lead_face_down(W, "DT")  # led with the right information
    with pytest.raises(ActionRejected, match="47E2"):
        table.withdraw_face_down_lead(W)
