"""Laws 42-43: dummy's rights and limitations (both editions)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.play import law42_43_dummy as law42
from dupbridge.table.table import Table

# S declarer in 1H, N dummy, W on lead.


def _started(edition: Edition, lead: str = "S2") -> Table:
    table = table_for(edition, "S")
    act(table, "S:1H W:P N:P E:P")
    table.play("W", lead)
    return table


def _reviews(table: Table) -> list[str]:
    return [review.law.clause for review in table.state.reviews]


def test_law42A_absolute_rights(edition: Edition) -> None:
    assert [r.clause for r in law42.absolute_rights(edition)] == ["42A1", "42A2"]


def test_law42A1_information_on_fact_or_law(edition: Edition) -> None:
    assert law42.absolute_rights(edition)[0].edition is edition


def test_law42A2_count_of_tricks(edition: Edition) -> None:
    assert law42.absolute_rights(edition)[1].clause == "42A2"


def test_law42A3_2017_dummy_ensures_dummy_follows_suit() -> None:
    play = _started(Edition.LAWS_2017).state.play
    assert play is not None
    warned = law42.follow_suit_warning(Edition.LAWS_2017, play, Card.parse("H8"))
    assert warned is not None and warned.law.clause == "42A3"
    assert law42.follow_suit_warning(Edition.LAWS_2017, play, Card.parse("SA")) is None


def test_law42A3_2007_no_such_duty() -> None:
    play = _started(Edition.LAWS_2007).state.play
    assert play is not None
    assert law42.follow_suit_warning(Edition.LAWS_2007, play, Card.parse("H8")) is None


def test_law42B_qualified_rights(edition: Edition) -> None:
    play = _started(edition).state.play
    assert play is not None
    assert law42.may_ask_about_revoke(edition, play, Seat.SOUTH) is None


def test_law42B1_dummy_asks_declarer_never_a_defender(edition: Edition) -> None:
    play = _started(edition).state.play
    assert play is not None
    refused = law42.may_ask_about_revoke(edition, play, Seat.EAST)
    assert refused is not None and refused.clause == "42B1"


def test_law42B2_2007_prevention_of_declarer_s_irregularity() -> None:
    play = _started(Edition.LAWS_2007).state.play
    assert play is not None
    assert law42.may_try_to_prevent(Edition.LAWS_2007, play, Seat.SOUTH).clause == "42B2"
    assert law42.may_try_to_prevent(Edition.LAWS_2007, play, Seat.EAST).clause == "9A3"


def test_law42B2_2017_any_irregularity() -> None:
    play = _started(Edition.LAWS_2017).state.play
    assert play is not None
    assert law42.may_try_to_prevent(Edition.LAWS_2017, play, Seat.EAST).clause == "42B2"


def test_law42B3_after_play_dummy_may_draw_attention(edition: Edition) -> None:
    assert law42.dummy_draws_attention(edition, True, False)[0].law.clause == "42B3"


def test_law43A_dummy_may_not_draw_attention_during_play(edition: Edition) -> None:
    table = _started(edition)
    table.play("N", "SA")
    table.play("E", "HA")  # a revoke (East holds spades)
    with pytest.raises(ActionRejected, match="43A1"):
        table.draw_attention("N")


def test_law43A1_limitations_during_play(edition: Edition) -> None:
    rule = "9A3" if edition is Edition.LAWS_2007 else "9A4"
    with pytest.raises(ActionRejected, match=rule):
        law42.dummy_draws_attention(edition, False, False)


def test_law43A1a_no_call_to_the_director(edition: Edition) -> None:
    with pytest.raises(ActionRejected):
        law42.dummy_draws_attention(edition, False, False)


def test_law43A1b_no_attention_drawn(edition: Edition) -> None:
    with pytest.raises(ActionRejected, match=r"43A1\(b\)"):
        law42.dummy_draws_attention(edition, False, False)


def test_law43A3_2017_defender_shows_his_hand_to_dummy() -> None:
    table = _started(Edition.LAWS_2017)
    table.dummy_action("shown")
    assert table.state.dummy_breach
    assert _reviews(table) == ["43A3", "43B1"]


def test_law43A3_2007_not_a_breach() -> None:
    table = _started(Edition.LAWS_2007)
    table.dummy_action("shown")
    assert not table.state.dummy_breach and _reviews(table) == []


def test_law43B_breach_reported(edition: Edition) -> None:
    table = _started(edition)
    table.dummy_action("breach")
    assert table.state.dummy_breach


def test_law43B1_procedural_penalty(edition: Edition) -> None:
    table = _started(edition)
    table.dummy_action("breach")
    assert _reviews(table) == ["43B1"]


def test_law43B2_warning_without_a_breach_is_a_prevention(edition: Edition) -> None:
    table = _started(edition)
    table.dummy_action("warn-hand")
    assert table.pending is None


def test_law43B2a_either_defender_chooses_the_hand(edition: Edition) -> None:
    table = _started(edition)
    table.dummy_action("breach")
    table.dummy_action("warn-hand")
    pending = table.pending
    assert pending is not None
    assert {(o.id, o.chosen_by) for o in pending.options} == {
        ("declarer-hand", Seat.EAST), ("dummy-hand", Seat.EAST)}
    table.choose("dummy-hand", Seat.EAST)
    assert "43B2(a)" in {ref.clause for ref in table.rulings[-1].clauses}


def test_law43B2b_dummy_first_to_ask_forces_law64(edition: Edition) -> None:
    assert law42.revoke_forced(breach=True, dummy_first=True)
    assert not law42.revoke_forced(breach=False, dummy_first=True)
    assert not law42.revoke_forced(breach=True, dummy_first=False)


def test_law43B3_dummy_first_to_draw_attention_no_rectification(edition: Edition) -> None:
    table = _started(edition)
    table.dummy_action("breach")
    table.play("N", "SA")
    table.play("E", "HA")  # East revokes
    table.draw_attention("N")
    assert table.pending is None  # no rectification
    notes = [r.note for r in table.state.reviews if r.law.clause == "43B3"]
    assert len(notes) == 1
    assert ("12B1" in notes[0]) is (edition is Edition.LAWS_2007)
    assert ("defenders' score" in notes[0]) is (edition is Edition.LAWS_2017)


def _warned_after_trick_one(edition: Edition, hand: str) -> Table:
    """Dummy (N) won trick 1 and is on lead; after a breach dummy warns declarer, who was
    about to lead from his own hand; East chooses ``hand``."""
    table = _started(edition)
    for seat, card in (("N", "SA"), ("E", "S8"), ("S", "S5")):
        table.play(seat, card)
    table.dummy_action("breach")
    table.dummy_action("warn-hand")
    table.choose(hand, Seat.EAST)
    return table


def test_law43B2a_chosen_hand_leads_though_not_on_lead(edition: Edition) -> None:
    table = _warned_after_trick_one(edition, "declarer-hand")
    assert table.turn is Seat.SOUTH
    assert Card.parse("DA") in table.legal_cards()
    with pytest.raises(ActionRejected, match=r"43B2\(a\)"):
        table.play("N", "SK")
    table.play("S", "DA")
    play = table.state.play
    assert play is not None and play.current_trick.leader is Seat.SOUTH
    assert table.turn is Seat.WEST and table.state.lead_from is None
    last = table.state.records[-1]
    assert last.law is not None and last.law.clause == "43B2(a)"


def test_law43B2a_choice_of_the_hand_on_lead_binds_too(edition: Edition) -> None:
    table = _warned_after_trick_one(edition, "dummy-hand")
    assert table.turn is Seat.NORTH
    with pytest.raises(ActionRejected, match=r"43B2\(a\)"):
        table.play("S", "DA")
    table.play("N", "SK")
    assert table.turn is Seat.EAST and table.state.lead_from is None


def _declarer_revokes(edition: Edition, breach: bool) -> Table:
    """S declares 1H, W leads the S2, dummy N plays the SA, E the S8 and S, holding
    spades, discards the DJ (a revoke)."""
    table = _started(edition)
    if breach:
        table.dummy_action("breach")
    for seat, card in (("N", "SA"), ("E", "S8"), ("S", "DJ")):
        table.play(seat, card)
    return table


def test_law43B2b_dummy_first_to_ask_opens_the_correction(edition: Edition) -> None:
    table = _declarer_revokes(edition, breach=True)
    table.ask_about_revoke("N", "S")
    pending = table.pending
    assert pending is not None and pending.irregularity.offender is Seat.SOUTH
    (revoke,) = table.state.revokes
    assert revoke.forced and revoke.noticed
    table.choose("correct")
    assert table.turn is Seat.SOUTH
    assert set(table.legal_cards()) == {Card.parse(c) for c in ("S7", "S6", "S5")}
    (revoke,) = table.state.revokes
    assert revoke.corrected and revoke.standing  # Law 64 as if established


def test_law43B2b_without_a_breach_the_question_is_only_talk(edition: Edition) -> None:
    table = _declarer_revokes(edition, breach=False)
    table.ask_about_revoke("N", "S")
    assert table.pending is None
    assert table.talk[-1].law.clause == "61B2(a)"
    (revoke,) = table.state.revokes
    assert not revoke.forced and not revoke.noticed


def test_law43B2b_a_defender_asking_first_is_not_dummy(edition: Edition) -> None:
    table = _declarer_revokes(edition, breach=True)
    table.ask_about_revoke("E", "S")
    assert table.pending is None and not table.state.revokes[0].forced


def _dummy_on_lead(edition: Edition) -> Table:
    """Dummy (N) won trick 1 with the SA and is on lead."""
    table = _started(edition)
    for seat, card in (("N", "SA"), ("E", "S8"), ("S", "S5")):
        table.play(seat, card)
    return table


def test_law42B2_2017_dummy_prevents_a_defenders_lead_out_of_turn() -> None:
    table = _dummy_on_lead(Edition.LAWS_2017)
    table.dummy_action("prevent", "E")
    assert table.pending is None and table.turn is Seat.NORTH


def test_law9A3_2007_dummy_prevention_flagged_default_permitted() -> None:
    table = _dummy_on_lead(Edition.LAWS_2007)
    table.dummy_action("prevent", "E")
    pending = table.pending
    assert pending is not None
    assert [(q.id, q.default) for q in pending.questions] == [("prevention-permitted", True)]
    table.accept_defaults()
    table.choose("permitted")
    assert "9A3" in {ref.clause for ref in table.rulings[-1].clauses}
    assert table.turn is Seat.NORTH and _reviews(table) == []


def test_law9A3_2007_prevention_not_permitted_is_reviewed() -> None:
    table = _dummy_on_lead(Edition.LAWS_2007)
    table.dummy_action("prevent", "E")
    table.answer("prevention-permitted", False)
    table.choose("not-permitted")
    assert _reviews(table) == ["42B2"]


def test_law42B2_2007_prevention_of_declarer_s_irregularity_needs_no_ruling() -> None:
    table = _dummy_on_lead(Edition.LAWS_2007)
    table.dummy_action("prevent", "S")
    assert table.pending is None


def test_law42B1_table_dummy_asks_declarer_only(edition: Edition) -> None:
    table = _started(edition)
    table.play("N", "SA")
    table.play("E", "S8")
    table.play("S", "DJ")
    table.ask_about_revoke("N", "S")
    with pytest.raises(ActionRejected, match=r"61B2\(b\)"):
        table.ask_about_revoke("N", "E")


def test_law43A2_defender_handling_dummy_s_cards_is_flagged(edition: Edition) -> None:
    """T43-5 (AEB note to 43A2(b)): while dummy is away declarer handles dummy's cards
    (45B); a defender who does is an item for the Director; nothing is played."""
    table = _dummy_on_lead(edition)
    table.dummy_action("handled", "S")
    assert _reviews(table) == []
    table.dummy_action("handled", "E")
    assert _reviews(table) == ["45B"] and table.turn is Seat.NORTH
