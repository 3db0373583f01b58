"""Laws 53-56 and 60: leads out of turn and plays after them, both editions.

The fixed deal, North declarer in spades (``N:1S E:P S:P W:P``): East leads; South is dummy.
"""

from __future__ import annotations

from conftest import act, table_for
from dupbridge import Card, Edition, Seat, Table
from dupbridge.laws.machinery.ruling import IrregularityKind, PenaltyCard
from dupbridge.table.state import CardRecord, Status

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _table(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    return table


def _east_won_trick_one(edition: Edition) -> Table:
    """East leads the HA and wins: East is on lead to trick 2."""
    table = _table(edition)
    for seat, card in ((E, "HA"), (S, "H2"), (W, "H5"), (N, "H8")):
        table.play(seat, card)
    return table


def _dummy_won_trick_one(edition: Edition) -> Table:
    """East leads a diamond, dummy (South) wins with the DA: dummy is on lead to trick 2."""
    table = _table(edition)
    for seat, card in ((E, "D4"), (S, "DA"), (W, "D8"), (N, "D5")):
        table.play(seat, card)
    return table


def _clauses(table: Table) -> set[str]:
    return {ref.clause for ref in table.state.rulings[-1].clauses}


def _record(table: Table, seat: Seat, card: str) -> CardRecord:
    wanted = Card.parse(card)
    return next(entry for entry in table.state.records
                if isinstance(entry, CardRecord) and entry.seat is seat and entry.card == wanted)


def _pc(table: Table) -> set[tuple[Seat, str]]:
    return {(pc.seat, str(pc.card)) for pc in table.state.penalty_cards}


# Law 53


def test_law53A_accepted_by_statement(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.play(W, "CA")  # East's lead
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.LEAD_OUT_OF_TURN
    assert {o.id: o.chosen_by for o in pending.options}["accept"] is N  # declarer chooses
    table.choose("accept", by=N)
    play = table.state.play
    assert play is not None and play.next_to_play is N
    assert str(play.current_trick.cards[0]) == "CA"
    assert _record(table, W, "CA").out_of_turn
    assert "53A" in _clauses(table)


def test_law53_law60_law60A_law60A1_law60A2_next_hand_plays_accepts(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.play(W, "CA")
    table.play(N, "C2")  # the next hand plays to it: accepted, rectification forfeited
    assert table.pending is None
    play = table.state.play
    assert play is not None
    assert [str(c) for c in play.current_trick.cards] == ["CA", "C2"]
    assert play.next_to_play is E
    assert {"53A", "60A1", "60A2"} <= _clauses(table)


def test_law53A_2017_thirteenth_trick_lead_is_cancelled() -> None:
    table = _to_trick_13(Edition.LAWS_2017)
    play = table.state.play
    assert play is not None and play.next_to_play is not None
    wrong = play.next_to_play.lho
    table.play(wrong, str(next(iter(play.hand(wrong)))))
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["return"]
    assert not pending.waits_for
    table.choose("return")
    assert table.state.play is not None and table.state.play.next_to_play is play.next_to_play


def test_law53A_2007_thirteenth_trick_lead_may_be_accepted() -> None:
    table = _to_trick_13(Edition.LAWS_2007)
    play = table.state.play
    assert play is not None and play.next_to_play is not None
    wrong = play.next_to_play.lho
    table.play(wrong, str(next(iter(play.hand(wrong)))))
    pending = table.pending
    assert pending is not None and "accept" in {o.id for o in pending.options}


def _to_trick_13(edition: Edition) -> Table:
    table = _table(edition)
    for _ in range(48):
        play = table.state.play
        assert play is not None and play.next_to_play is not None
        table.play(play.next_to_play, str(next(iter(table.legal_cards()))))
    return table


def test_law53C_2007_correct_leader_leads_instead() -> None:
    _correct_leader_leads(Edition.LAWS_2007, "53C")


def test_law53B_2017_correct_leader_leads_instead() -> None:
    _correct_leader_leads(Edition.LAWS_2017, "53B")


def _correct_leader_leads(edition: Edition, clause: str) -> None:
    table = _east_won_trick_one(edition)
    table.play(N, "SA")  # declarer leads out of turn; East, the correct leader...
    table.play(E, "HK")  # ...simply leads (another suit: his own lead)
    assert table.pending is None
    play = table.state.play
    assert play is not None and [str(c) for c in play.current_trick.cards] == ["HK"]
    assert play.holds(N, Card.parse("SA"))
    assert _record(table, N, "SA").status is Status.RETURNED
    assert clause in _clauses(table)
    tag = table.state.information[-1]
    assert tag.authorised is E.side  # 16D / 16C: the defenders may use it


def test_law53B_2007_wrong_defender_plays_to_declarer_lead() -> None:
    _wrong_defender_plays(Edition.LAWS_2007, "53B")


def test_law53C_2017_wrong_defender_plays_to_declarer_lead() -> None:
    _wrong_defender_plays(Edition.LAWS_2017, "53C")


def _wrong_defender_plays(edition: Edition, clause: str) -> None:
    table = _east_won_trick_one(edition)
    table.play(N, "SA")  # declarer leads out of turn
    table.play(W, "S4")  # the defender on the right of North plays before his partner
    play = table.state.play
    assert play is not None and [str(c) for c in play.current_trick.cards] == ["SA"]
    assert clause in {ref.clause for ref in table.state.rulings[-1].clauses}
    pending = table.pending  # his card goes to Law 57
    assert pending is not None and pending.irregularity.kind is IrregularityKind.PREMATURE_PLAY
    assert pending.irregularity.offender is W


# Law 54


def test_law54_law54C_opening_lead_out_of_turn_options(edition: Edition) -> None:
    table = _table(edition)
    table.play(W, "CA")  # East was to lead
    pending = table.pending
    assert pending is not None
    assert [q.id for q in pending.questions] == ["saw-dummy"]
    assert [(o.id, o.chosen_by) for o in pending.options] == [
        ("spread", N), ("accept", N), ("refuse", N)]
    assert pending.waits_for == {N, S}


def test_law54A_declarer_spreads_and_becomes_dummy(edition: Edition) -> None:
    table = _table(edition)
    table.play(W, "CA")
    table.answer("saw-dummy", False)
    table.choose("spread", by=N)
    play = table.state.play
    assert play is not None and play.declarer is S and play.dummy is N
    assert play.next_to_play is N  # the new dummy plays second
    assert "54A" in _clauses(table)


def test_law54B_law54B1_declarer_accepts(edition: Edition) -> None:
    table = _table(edition)
    table.play(W, "CA")
    table.answer("saw-dummy", False)
    table.choose("accept", by=N)
    play = table.state.play
    assert play is not None and play.declarer is N and play.next_to_play is N
    assert {"54B", "54B1"} <= _clauses(table)


def test_law54B1_declarer_plays_from_his_hand_accepts(edition: Edition) -> None:
    table = _table(edition)
    table.play(W, "CA")
    table.play(N, "C2")
    assert table.pending is None
    play = table.state.play
    assert play is not None and [str(c) for c in play.current_trick.cards] == ["CA", "C2"]
    assert {"54B", "54B1", "60A1"} <= _clauses(table)


def test_law54B2_card_from_dummy_first_stays(edition: Edition) -> None:
    table = _table(edition)
    table.play(W, "CA")
    table.play(S, "C8")  # from dummy, before declarer's hand
    assert "54B2" in {ref.clause for ref in table.state.rulings[-1].clauses}
    assert _record(table, S, "C8").status is not Status.RETURNED
    play = table.state.play
    assert play is not None and str(play.current_trick.cards[0]) == "CA"


def test_law54C_2007_must_accept_when_he_could_see_dummy() -> None:
    table = _table(Edition.LAWS_2007)
    table.play(W, "CA")
    table.answer("saw-dummy", True)
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["spread", "accept"]


def test_law54C_2017_must_accept_and_stays_declarer() -> None:
    table = _table(Edition.LAWS_2017)
    table.play(W, "CA")
    table.answer("saw-dummy", True)
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["accept"]
    table.choose("accept", by=N)
    assert "54C" in _clauses(table)


def test_law54D_refused_lead_is_a_major_penalty_card(edition: Edition) -> None:
    table = _table(edition)
    table.play(W, "CA")
    table.answer("saw-dummy", False)
    table.choose("refuse", by=N)
    assert _pc(table) == {(W, "CA")}
    assert all(pc.deliberate for pc in table.state.penalty_cards)
    assert {"54D", "50D"} <= {ref.clause for ref in table.state.rulings[-1].clauses}
    play = table.state.play
    assert play is not None and not play.opening_lead_made and play.next_to_play is E


# Law 55


def test_law55_law55A_chosen_by_the_defender_next_in_turn(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.play(N, "SA")  # East's lead
    pending = table.pending
    assert pending is not None
    assert {o.id: o.chosen_by for o in pending.options} == {"accept": E, "return": E}
    table.choose("accept", by=E)
    play = table.state.play
    assert play is not None and play.next_to_play is E and "55A" in _clauses(table)


def test_law55B_law55B1_withdrawn_card_goes_back_defender_leads(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.play(N, "SA")
    table.choose("return", by=E)
    play = table.state.play
    assert play is not None and play.holds(N, Card.parse("SA")) and play.next_to_play is E
    assert not play.current_trick.cards
    assert not table.state.penalty_cards
    assert {"55B1", "55C"} <= _clauses(table)
    assert table.state.reviews[-1].law.clause == "55C"


def test_law55B2_wrong_hand_leads_from_the_correct_hand(edition: Edition) -> None:
    table = _dummy_won_trick_one(edition)
    table.play(N, "SA")  # dummy's lead
    table.choose("return", by=E)
    play = table.state.play
    assert play is not None and play.next_to_play is S and play.holds(N, Card.parse("SA"))
    assert "55B2" in _clauses(table)


def test_law55C_2007_adjusted_score_review() -> None:
    table = _east_won_trick_one(Edition.LAWS_2007)
    table.play(N, "SA")
    table.choose("return", by=E)
    assert "adjusted score" in table.state.reviews[-1].note


def test_law55C_2017_law16_review() -> None:
    table = _east_won_trick_one(Edition.LAWS_2017)
    table.play(N, "SA")
    table.choose("return", by=E)
    assert "Law 16" in table.state.reviews[-1].note


# Law 56


def test_law56_law56A_2017_declarer_accepts_defender_lead(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.play(W, "CA")
    table.choose("accept", by=N)
    clause = "56" if edition is Edition.LAWS_2007 else "56A"
    assert clause in _clauses(table)


def test_law56_law56B_2017_refused_at_partners_turn(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.play(W, "CA")  # East's lead
    table.choose("refuse", by=N)
    assert _pc(table) == {(W, "CA")}
    clause = "56" if edition is Edition.LAWS_2007 else "56B"
    assert clause in {ref.clause for ref in table.state.rulings[-1].clauses}
    pending = table.pending  # declarer's 50D2 options come before East's lead
    assert pending is None or pending.irregularity.kind is IrregularityKind.PENALTY_CARD_LEAD


def test_law56_refused_at_declarers_turn_offender_plays_it_first(edition: Edition) -> None:
    table = _dummy_won_trick_one(edition)
    table.play(E, "C5")  # dummy's lead
    table.choose("refuse", by=N)
    assert _pc(table) == {(E, "C5")} and table.pending is None
    for seat, card in ((S, "C8"), (W, "CJ"), (N, "C2")):
        table.play(seat, card)
    assert [str(c) for c in table.legal_cards()] == ["C5"]  # 50D1: at the first opportunity


# Law 60


def test_law60A3_earlier_penalty_card_survives_forfeiture(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.expose(W, "DT", "shown")
    table.accept_defaults()
    table.choose("penalty-card")
    table.choose("no-restriction", by=N)  # declarer's 50D2 options on East's lead
    table.play(W, "CA")
    table.play(N, "C2")  # accepted by play
    assert (W, "DT") in _pc(table)
    assert "60A3" in _clauses(table)


def test_law60B_defender_plays_before_declarers_correct_lead(edition: Edition) -> None:
    table = _dummy_won_trick_one(edition)
    table.play(N, "SA")  # from the wrong hand
    table.choose("return", by=E)
    table.play(E, "C5")  # before declarer leads from dummy
    pending = table.pending
    assert pending is not None and "penalty-card" in {o.id for o in pending.options}
    table.choose("penalty-card")
    assert _pc(table) == {(E, "C5")}
    assert isinstance(table.state.penalty_cards[0], PenaltyCard)
    assert "60B" in _clauses(table)


def test_law60C_offending_side_card_is_held_and_ruled_after(edition: Edition) -> None:
    table = _east_won_trick_one(edition)
    table.play(W, "CA")  # East's lead
    table.play(E, "HK")  # the offender's partner leads before the ruling
    table.choose("accept", by=N)
    assert "60C" in _clauses(table)
    pending = table.pending  # East's card, out of turn after the accepted lead: Law 57
    assert pending is not None and pending.irregularity.offender is E
    assert pending.irregularity.kind is IrregularityKind.PREMATURE_PLAY
