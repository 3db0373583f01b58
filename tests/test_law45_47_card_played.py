"""Laws 45-47: card played, designation of dummy's card, retraction (both editions)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge.core.board import Board
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import AdjustedScore, Cite, ReturnCard, Review
from dupbridge.laws.play import law45_47_card_played as law45
from dupbridge.table.table import Table

# S declarer in 1H, N dummy (AKQJ.T98.765.432), W on lead.


def _started(edition: Edition, lead: str = "S2") -> Table:
    table = table_for(edition, "S")
    act(table, "S:1H W:P N:P E:P")
    table.play("W", lead)
    return table


def _clauses(table: Table) -> set[str]:
    return {ref.clause for ref in table.rulings[-1].clauses}


def _trick(table: Table) -> list[str]:
    play = table.state.play
    assert play is not None
    return [str(card) for card in play.current_trick.cards]


# Law 45


def test_law45A_a_player_other_than_dummy_plays_his_own_card(edition: Edition) -> None:
    table = _started(edition)
    play = table.state.play
    assert play is not None
    assert law45.played_from_hand(play, Seat.EAST)
    assert not law45.played_from_hand(play, Seat.NORTH)


def test_law45_card_played_by_naming_it(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "SQ")
    assert _trick(table) == ["S2", "SQ"]


def test_law45B_declarer_plays_dummy_s_cards(edition: Edition) -> None:
    table = _started(edition)
    play = table.state.play
    assert play is not None
    assert law45.plays_dummy(play, Seat.NORTH) is Seat.SOUTH
    assert law45.plays_dummy(play, Seat.EAST) is Seat.EAST


@pytest.mark.parametrize(("seat", "question"), [("W", "could-see"), ("S", "held-as-played"),
                                                ("N", "deliberate-touch")])
def test_law45C_deemed_played_is_the_director_s_finding(edition: Edition, seat: str,
                                                        question: str) -> None:
    play = _started(edition).state.play
    assert play is not None
    asked = law45.deemed_played_question(edition, play, Seat.parse(seat))
    assert asked.id == question and asked.default is True


def test_law45C1_defender_s_card_partner_could_see(edition: Edition) -> None:
    play = _started(edition).state.play
    assert play is not None
    assert law45.deemed_played_question(edition, play, Seat.EAST).law.clause == "45C1"


def test_law45C2_declarer_s_card_held_as_played(edition: Edition) -> None:
    play = _started(edition).state.play
    assert play is not None
    assert law45.deemed_played_question(edition, play, Seat.SOUTH).law.clause == "45C2"


def test_law45C2a_held_face_up_near_the_table(edition: Edition) -> None:
    play = _started(edition).state.play
    assert play is not None
    assert law45.deemed_played_question(edition, play, Seat.SOUTH).default is True


def test_law45C2b_held_in_a_played_position(edition: Edition) -> None:
    play = _started(edition).state.play
    assert play is not None
    assert "played" in law45.deemed_played_question(edition, play, Seat.SOUTH).prompt


def test_law45C3_dummy_card_deliberately_touched(edition: Edition) -> None:
    play = _started(edition).state.play
    assert play is not None
    assert law45.deemed_played_question(edition, play, Seat.NORTH).law.clause == "45C3"


def test_law45C4_designation_parsing() -> None:
    assert law45.parse_designation("SQ") == law45.Designation("", Card.parse("SQ").suit,
                                                              Card.parse("SQ").rank)
    assert law45.parse_designation("high S").word == "high"
    assert law45.parse_designation("Q").suit is None
    with pytest.raises(ParseError):
        law45.parse_designation("win S")


def test_law45C4a_a_defender_s_named_card_is_played(edition: Edition) -> None:
    table = _started(edition)
    table.play("N", "SA")
    table.designate("E", "S8")
    assert _trick(table) == ["S2", "SA", "S8"]
    with pytest.raises(ActionRejected):
        table.designate("S", "high")  # Law 46 covers only dummy's cards


def test_law45C4b_2007_any_player_until_partner_has_played() -> None:
    table = _started(Edition.LAWS_2007)
    table.play("N", "SA")
    table.designate("E", "S8")
    table.change_designation("E", "S9")
    assert [q.id for q in table.pending.questions] == ["without-pause"]  # type: ignore[union-attr]
    table.answer("without-pause", True)
    table.choose("change")
    assert _trick(table) == ["S2", "SA", "S9"]
    assert {"45C4(b)", "47C"} <= _clauses(table)


def test_law45C4b_2007_refused_after_a_pause() -> None:
    table = _started(Edition.LAWS_2007)
    table.play("N", "SA")
    table.designate("E", "S8")
    table.change_designation("E", "S9")
    table.accept_defaults()
    table.choose("stands")
    assert _trick(table) == ["S2", "SA", "S8"]
    assert "47F2" in _clauses(table)


def test_law45C4b_2007_too_late_once_partner_has_played() -> None:
    table = _started(Edition.LAWS_2007)
    table.play("N", "SA")
    table.designate("E", "S8")
    table.play("S", "S5")
    table.designate("N", "SK")  # dummy won: declarer leads from dummy
    table.play("E", "S9")
    table.play("S", "S6")  # declarer has played since the designation
    with pytest.raises(ActionRejected, match="45C4"):
        table.change_designation("N", "SQ")


def test_law45C4b_2017_only_declarer_s_designation_of_dummy() -> None:
    table = _started(Edition.LAWS_2017)
    table.play("N", "SA")
    table.designate("E", "S8")
    with pytest.raises(ActionRejected, match="45C4"):
        table.change_designation("E", "S9")


def test_law45C4b_2017_slip_of_the_tongue_until_declarer_plays_again() -> None:
    table = _started(Edition.LAWS_2017)
    table.designate("N", "SA")
    table.play("E", "S8")
    table.change_designation("N", "SJ")
    table.answer("slip", True)
    table.choose("change")
    assert _trick(table) == ["S2", "SJ"]  # East's S8 went back to his hand (47D)
    assert {"45C4(b)", "47C", "47D", "16C1"} <= _clauses(table)
    table.play("E", "S9")
    table.play("S", "S5")
    with pytest.raises(ActionRejected):
        table.change_designation("N", "SK")


def test_law45C5_a_penalty_card_may_have_to_be_played(edition: Edition) -> None:
    assert law45.penalty_card_law(edition).clause == "50"


def test_law45D_misplaced_card_withdrawn_before_each_side_plays_on(edition: Edition) -> None:
    table = _started(edition)
    table.play("N", "SK")  # declarer had named SJ
    table.play("E", "S8")
    table.dummy_misplaced(5, "SJ")
    assert _trick(table) == ["S2", "SJ"]
    table.play("E", "S9")
    assert _trick(table) == ["S2", "SJ", "S9"]


def test_law45D1_2017_withdrawn_while_in_time() -> None:
    assert law45.misplaced_may_be_withdrawn(1, ((Seat.EAST, 1), (Seat.SOUTH, 1),
                                                (Seat.WEST, 1), (Seat.NORTH, 2)))
    assert not law45.misplaced_may_be_withdrawn(1, ((Seat.NORTH, 2), (Seat.EAST, 2)))


def test_law45D2_2017_too_late_the_play_stands() -> None:
    table = _started(Edition.LAWS_2017)
    table.play("N", "SK")
    for seat, card in (("E", "S8"), ("S", "S5"), ("N", "SA"), ("E", "S9")):
        table.play(seat, card)
    table.dummy_misplaced(5, "SJ")
    assert len(table.state.play.tricks) == 1  # type: ignore[union-attr]
    assert any(review.law.clause == "45D2(b)" for review in table.state.reviews)


def test_law45D2a_2017_misplaced_lead_review() -> None:
    effects = law45.misplaced_too_late(Edition.LAWS_2017, led=True)
    assert any(isinstance(e, Review) and e.law.clause == "45D2(a)" for e in effects)


def test_law45D2b_2017_dummy_revoked_64B3() -> None:
    effects = law45.misplaced_too_late(Edition.LAWS_2017, led=False)
    assert any(isinstance(e, Review) and "64B3" in e.note for e in effects)
    assert law45.misplaced_too_late(Edition.LAWS_2007, led=False) == (
        Cite(LawRef(Edition.LAWS_2007, "45D")),)


def test_law45F_dummy_indicates_a_card(edition: Edition) -> None:
    table = _started(edition)
    table.dummy_action("indicate")
    assert [review.law.clause for review in table.state.reviews] == ["45F"]
    assert table.pending is None  # play continues


# Law 46


def _deal_table(edition: Edition, pbn: str, lead: str) -> Table:
    table = Table(Board(3, Deal.from_pbn(pbn)), edition=edition)
    act(table, "S:1NT W:P N:P E:P")
    table.play("W", lead)
    return table


def test_law46A_suit_and_rank_need_no_ruling(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "SJ")
    assert table.pending is None and _trick(table) == ["S2", "SJ"]


def test_law46_designation_and_intention(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "high")
    table.answer("intention-incontrovertible", True)
    assert table.pending is not None and table.pending.options == ()
    table.play("N", "SQ")  # the card declarer incontrovertibly meant
    assert _trick(table) == ["S2", "SQ"]


def test_law46B_mechanical_reading_by_default(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "low")
    table.accept_defaults()
    table.choose("designated")
    assert _trick(table) == ["S2", "SJ"]
    assert {"46B1(c)"} <= _clauses(table)


def test_law46B1_high(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "high")
    table.accept_defaults()
    table.choose("designated")
    assert _trick(table) == ["S2", "SA"]


def test_law46B1b_no_card_known_to_win_waits_for_declarer(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "win")  # an unseen heart (trumps) could ruff: nothing known to win
    assert table.pending is not None and "46B1(b)" in table.pending.note
    table.play("N", "SA")
    assert _trick(table) == ["S2", "SA"]


def test_law46B2_suit_only_lowest(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "S")
    table.accept_defaults()
    table.choose("designated")
    assert _trick(table) == ["S2", "SJ"] and "46B2" in _clauses(table)


def test_law46B3_rank_only_follows_suit(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "Q")
    table.accept_defaults()
    table.choose("designated")
    assert _trick(table) == ["S2", "SQ"] and "46B3(b)" in _clauses(table)


def test_law46B3b_two_cards_of_that_rank_declarer_must_say_which(edition: Edition) -> None:
    table = _deal_table(edition, "N:Q5432.Q5432.543. AKJ.AKJ.AKJT.432 T987.T987.Q98.A5 "
                        "6.6.762.KQJT9876", "CK")
    table.designate("N", "Q")  # dummy is void in clubs: both queens are legal
    assert table.pending is not None and "46B3(b)" in table.pending.note
    table.play("N", "HQ")
    assert _trick(table) == ["CK", "HQ"] and "46B3(b)" in _clauses(table)


def test_law46B4_card_not_in_dummy_void(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "CA")
    assert table.pending is not None and "46B4" in table.pending.note
    table.play("N", "SK")
    assert _trick(table) == ["S2", "SK"] and "46B4" in _clauses(table)


def test_law46B5_anything_either_defender_chooses(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "anything")
    assert table.pending is not None and "46B5" in table.pending.note
    table.play("N", "SJ")
    assert "46B5" in _clauses(table)


# Law 47


def test_law47_routes(edition: Edition) -> None:
    assert law45.retraction_route(edition, "designation").clause == "47C"


def test_law47A_rectification_route(edition: Edition) -> None:
    assert law45.retraction_route(edition, "rectification").clause == "47A"


def test_law47B_illegal_play_route(edition: Edition) -> None:
    assert law45.retraction_route(edition, "illegal").clause == "47B"


def test_law47C_after_a_change_of_designation(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "SA")
    table.change_designation("N", "SK")
    table.answer(table.pending.questions[0].id, True)  # type: ignore[union-attr]
    table.choose("change")
    assert _trick(table) == ["S2", "SK"] and "47C" in _clauses(table)


def test_law47D_opponent_may_change_after_the_change(edition: Edition) -> None:
    table = _started(edition)
    table.designate("N", "SA")
    table.play("E", "S8")
    table.change_designation("N", "SK")
    table.answer(table.pending.questions[0].id, True)  # type: ignore[union-attr]
    table.choose("change")
    table.play("E", "S9")  # East plays another card
    assert _trick(table) == ["S2", "SK", "S9"]


def test_law47E_misinformation(edition: Edition) -> None:
    assert law45.retraction_route(edition, "turn").clause == "47E1"


def test_law47E1_misinformed_about_whose_turn(edition: Edition) -> None:
    assert not law45.lho_may_accept(misinformed=True)
    assert law45.establishes_revoke(edition, True) is (edition is Edition.LAWS_2007)
    cited = {e.law.clause for e in law45.misinformed_turn(edition)}
    assert cited == ({"47E1"} if edition is Edition.LAWS_2007 else {"47E1", "16C"})


def test_law47E2_2007_to_that_trick_only() -> None:
    effects = law45.after_misexplanation(Edition.LAWS_2007, 7, to_that_trick=False,
                                         any_later=True, opening_lead=False, dummy_faced=True)
    assert effects == (ReturnCard(LawRef(Edition.LAWS_2007, "47E2(a)"), 7),)


def test_law47E2a_2017_any_later_card_too_late() -> None:
    effects = law45.after_misexplanation(Edition.LAWS_2017, 7, to_that_trick=False,
                                         any_later=True, opening_lead=False, dummy_faced=True)
    assert isinstance(effects[0], AdjustedScore)


def test_law47E2b_opening_lead_once_dummy_faced(edition: Edition) -> None:
    effects = law45.after_misexplanation(edition, 5, to_that_trick=False, any_later=False,
                                         opening_lead=True, dummy_faced=True)
    assert isinstance(effects[0], AdjustedScore) and effects[0].law.clause == "47E2(b)"


def test_law47F_no_other_route(edition: Edition) -> None:
    with pytest.raises(ActionRejected, match="47F2"):
        law45.retraction_route(edition, "change of mind")


def test_law47F1_cards_played_to_an_irregular_lead(edition: Edition) -> None:
    assert law45.retraction_route(edition, "irregular-lead").clause == "47F1"


def test_law47F2_no_change_of_mind(edition: Edition) -> None:
    table = _started(edition)
    table.play("N", "SA")
    table.play("E", "S8")  # played, not designated: nothing to change
    with pytest.raises(ActionRejected):
        table.change_designation("E", "S9")


def test_law47E2_2017_no_later_card_at_all() -> None:
    effects = law45.after_misexplanation(Edition.LAWS_2017, 7, to_that_trick=False,
                                         any_later=False, opening_lead=False, dummy_faced=True)
    assert effects == (ReturnCard(LawRef(Edition.LAWS_2017, "47E2(a)"), 7),)


def test_law47E2a_2007_a_later_card_to_that_trick_too_late() -> None:
    effects = law45.after_misexplanation(Edition.LAWS_2007, 7, to_that_trick=True,
                                         any_later=True, opening_lead=False, dummy_faced=True)
    assert isinstance(effects[0], AdjustedScore)
