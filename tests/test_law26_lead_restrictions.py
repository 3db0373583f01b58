"""Law 26: lead restrictions after a withdrawn call (D-58..D-62, errata A-3, B-4, C-3),
with playthroughs: the decision at the offender's partner's first turn to lead, and the
leads ``Table.legal_cards`` then allows."""

from __future__ import annotations

import pytest

from conftest import DEAL, act, table_for
from dupbridge import ActionRejected, Board, Edition, LawRef, Seat, Table
from dupbridge.core.calls import Call
from dupbridge.core.cards import Suit
from dupbridge.laws.auction.law26_lead_restrictions import (
    DIFFERENT_MEANING,
    SUIT_SETS,
    different_final_call,
    parse_suits,
    suits_answer,
)
from dupbridge.laws.machinery.profiles import parse_profile
from dupbridge.laws.machinery.ruling import DIRECTOR, IrregularityKind, RestrictLead

# Fixed deal (conftest): N AKQJ.T98.765.432  E T98.AKQJ.432.765
#                        S 765.432.AKQJ.T98  W 432.765.T98.AKQJ


def defender_withdraws(edition: Edition, auction: str, withdrawn: str) -> Table:
    """Dealer N; after the final pass (E declares, S on lead), North, a defender whose
    partner has called since his last call, bids or doubles: 39C, Law 26 may apply."""
    table = table_for(edition)
    act(table, auction)
    table.call("N", withdrawn)
    table.accept_defaults()  # N's final pass was not unintended (25A), where asked
    table.choose("rectify")  # Law 39
    return table


THREE_NT_BY_EAST = "N:1S E:1NT S:P W:3NT N:P E:P S:P"


def lead_decision(table: Table):  # type: ignore[no-untyped-def]
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.LEAD_RESTRICTION
    return pending


def options(table: Table) -> list[tuple[str, object]]:
    pending = table.pending
    assert pending is not None
    return [(option.id, option.chosen_by) for option in pending.options]


def cards(table: Table) -> list[str]:
    return sorted(str(card) for card in table.legal_cards())


def play(table: Table, script: str) -> None:
    for token in script.split():
        seat, card = token.split(":")
        table.play(seat, card)


# 2007 Law 26A: a call related solely to specified suits


def test_law26A2a_2007_declarer_may_require_the_suit() -> None:
    """D-58: N's withdrawn 2H (natural); N bid only spades legally; at S's first turn to
    lead (the opening lead), declarer E may require a heart lead."""
    table = defender_withdraws(Edition.LAWS_2007, THREE_NT_BY_EAST, "2H")
    pending = lead_decision(table)
    assert pending.irregularity.offender is Seat.NORTH
    assert [(q.id, q.default) for q in pending.questions] == [
        ("suit-related", "hearts"), ("specified-suits", "spades")]
    with pytest.raises(ActionRejected):
        table.play("S", "D8")  # no lead while the Director rules
    table.accept_defaults()
    assert options(table) == [("require-hearts", Seat.EAST), ("prohibit-hearts", Seat.EAST),
                              ("no-restriction", Seat.EAST)]
    table.choose("require-hearts", by=Seat.EAST)
    assert table.turn is Seat.SOUTH
    assert cards(table) == ["H2", "H3", "H4"]
    assert LawRef(Edition.LAWS_2007, "26A2(a)") in table.rulings[-1].clauses
    play(table, "S:H4 W:H5 N:HT E:HA")
    assert table.pending is None  # S's first turn to lead is over


def test_law26A2b_2007_prohibition_lasts_while_partner_retains_the_lead() -> None:
    """D-58, the other option: no heart lead by S as long as he keeps the lead."""
    table = defender_withdraws(Edition.LAWS_2007, THREE_NT_BY_EAST, "2H")
    table.accept_defaults()
    table.choose("prohibit-hearts", by=Seat.EAST)
    hearts = {"H2", "H3", "H4"}
    assert not hearts & set(cards(table))
    play(table, "S:DA W:D8 N:D5 E:D2")  # S wins: he retains the lead
    assert table.turn is Seat.SOUTH and not hearts & set(cards(table))
    play(table, "S:DK W:D9 N:D6 E:D3")
    assert not hearts & set(cards(table))
    play(table, "S:S5 W:S2 N:SA E:S8")  # N wins: S has lost the lead
    play(table, "N:D7 E:D4 S:DQ W:DT")  # S on lead again: no restriction
    assert table.turn is Seat.SOUTH and hearts <= set(cards(table))


def test_law26A1_2007_every_suit_specified_legally_no_restriction() -> None:
    """D-59: N bid hearts legally: no lead restriction (Law 16D still applies)."""
    table = defender_withdraws(Edition.LAWS_2007, "N:1H E:1NT S:P W:3NT N:P E:P S:P", "2H")
    table.accept_defaults()
    assert options(table) == [("no-restriction", DIRECTOR)]
    table.choose("no-restriction")
    assert LawRef(Edition.LAWS_2007, "26A1") in table.rulings[-1].clauses
    assert len(cards(table)) == 13


def test_law26A_2007_suits_specified_not_named() -> None:
    """Erratum C-3: the suits a call specifies are the Director's answer (a transfer names
    diamonds and shows hearts)."""
    table = defender_withdraws(Edition.LAWS_2007, THREE_NT_BY_EAST, "2D")
    table.answer("suit-related", "hearts")
    table.accept_defaults()
    assert [option for option, _ in options(table)] == [
        "require-hearts", "prohibit-hearts", "no-restriction"]


@pytest.mark.parametrize("withdrawn", ["4NT", "X"])
def test_law26B_2007_other_calls_prohibit_any_suit(withdrawn: str) -> None:
    """D-60: a withdrawn no trump bid or double: declarer may prohibit any one suit."""
    table = defender_withdraws(Edition.LAWS_2007, THREE_NT_BY_EAST, withdrawn)
    pending = lead_decision(table)
    assert [(q.id, q.default) for q in pending.questions] == [
        ("suit-related", "none"), ("specified-suits", "spades")]
    table.accept_defaults()
    assert [option for option, _ in options(table)] == [
        "prohibit-clubs", "prohibit-diamonds", "prohibit-hearts", "prohibit-spades",
        "no-restriction"]
    table.choose("prohibit-spades", by=Seat.EAST)
    assert LawRef(Edition.LAWS_2007, "26B") in table.rulings[-1].clauses
    assert not any(card.startswith("S") for card in cards(table))


# 2017 Law 26B


def test_law26B_2017_prohibit_a_suit_the_offender_did_not_specify() -> None:
    """D-61: N specified spades and hearts legally: declarer may prohibit diamonds or
    clubs only; no "require" option."""
    table = defender_withdraws(
        Edition.LAWS_2017, "N:1S E:1NT S:P W:2NT N:3H E:3NT S:P W:P N:P", "X")
    pending = lead_decision(table)
    assert [(q.id, q.default) for q in pending.questions] == [
        ("specified-suits", "hearts+spades")]
    table.accept_defaults()
    assert options(table) == [("prohibit-clubs", Seat.EAST), ("prohibit-diamonds", Seat.EAST),
                              ("no-restriction", Seat.EAST)]
    table.choose("prohibit-diamonds")
    assert LawRef(Edition.LAWS_2017, "26B") in table.rulings[-1].clauses
    assert cards(table) == ["C8", "C9", "CT", "H2", "H3", "H4", "S5", "S6", "S7"]


def test_law26B_2017_every_suit_specified_nothing_to_prohibit() -> None:
    table = defender_withdraws(Edition.LAWS_2017, THREE_NT_BY_EAST, "X")
    table.answer("specified-suits", "clubs+diamonds+hearts+spades")
    assert options(table) == [("no-restriction", DIRECTOR)]


def test_law26B_lead_restriction_at_a_later_first_turn_to_lead(edition: Edition) -> None:
    """W declares, N leads; S's first turn to lead comes when he wins a trick."""
    table = defender_withdraws(edition, "N:1S E:P S:P W:1NT N:P E:3NT S:P W:P N:P", "2H")
    assert table.pending is None and table.turn is Seat.NORTH
    play(table, "N:D5 E:D2 S:DA W:D8")
    lead_decision(table)
    assert table.turn is None and len(table.legal_cards()) == 0
    table.accept_defaults()
    table.choose("prohibit-hearts", by=Seat.WEST)
    assert table.turn is Seat.SOUTH
    assert not any(card.startswith("H") for card in cards(table))


def test_law26B_restriction_made_during_the_play_b4(edition: Edition) -> None:
    """Erratum B-4: N doubles during the first trick (39C): S's first turn to lead still
    lies ahead, and declarer's options come then."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:1NT N:P E:3NT S:P W:P N:P")
    play(table, "N:D5")
    table.call("N", "X")
    pending = table.pending
    assert pending is not None and pending.questions == ()  # after the auction period
    table.choose("rectify")
    assert table.pending is None
    play(table, "E:D2 S:DA W:D8")
    lead_decision(table)


def test_law26B_no_decision_once_the_first_turn_to_lead_has_passed(edition: Edition) -> None:
    table = table_for(edition)
    act(table, THREE_NT_BY_EAST)
    play(table, "S:DA")
    table.call("N", "X")
    table.choose("rectify")
    play(table, "W:D8 N:D5 E:D2")
    assert table.pending is None and table.turn is Seat.SOUTH
    assert len(table.state.lead_restrictions) == 1


def test_law26B_no_restriction_when_the_offender_declares(edition: Edition) -> None:
    """D-43 with N declaring: the 25B restriction never comes into play."""
    table = table_for(edition)
    act(table, "N:1C N:1NT")
    table.accept_defaults()
    table.choose("accept")
    act(table, "E:P S:3NT W:P N:P E:P")
    assert str(table.state.contract) == "3NT N"
    assert table.pending is None and table.turn is Seat.EAST
    assert len(table.state.lead_restrictions) == 1


def test_law26B_lead_in_breach_stands_with_a_review(edition: Edition) -> None:
    table = defender_withdraws(edition, THREE_NT_BY_EAST, "X")
    table.accept_defaults()
    table.choose("prohibit-hearts")
    table.play("S", "H4")  # against declarer's prohibition
    assert table.state.play is not None and not table.state.play.holds(Seat.SOUTH,
                                                                         _card("H4"))
    review = table.state.reviews[-1]
    assert review.law.clause in ("26B",)
    assert "prohibited" in review.note


def _card(text: str):  # type: ignore[no-untyped-def]
    from dupbridge import Card
    return Card.parse(text)


def test_law26B_unable_to_comply_any_card(edition: Edition) -> None:
    """A restricted player holding only the prohibited suit may lead it (Law 59)."""
    from dupbridge.laws.auction.law26_lead_restrictions import allowed_leads
    from dupbridge.laws.machinery.ruling import LeadRestriction
    table = defender_withdraws(edition, THREE_NT_BY_EAST, "X")
    table.accept_defaults()
    table.choose("prohibit-hearts")
    play_ = table.state.play
    assert play_ is not None
    law = LawRef(edition, "26B")
    choice = RestrictLead(law, Seat.SOUTH, LeadRestriction(law, Seat.NORTH, Call.parse("X")),
                          Suit.HEARTS)
    hearts_only = play_.hand(Seat.SOUTH).in_suit(Suit.HEARTS)
    assert allowed_leads(play_, (choice,), hearts_only) == hearts_only


# Law 26 by its own preamble (25B, 27B4): the replacement call


def d43_north_defends(edition: Edition) -> Table:
    """D-43: N 1C, then 1NT (change of mind), E accepts it; EW declare 4S; S leads."""
    table = table_for(edition)
    act(table, "N:1C N:1NT")
    table.accept_defaults()
    table.choose("accept", by=Seat.EAST)
    act(table, "E:2S S:P W:4S N:P E:P S:P")
    assert str(table.state.contract) == "4S E"
    return table


def test_law26A2_2007_after_an_accepted_change_of_call() -> None:
    """D-43 (2007): 26A on clubs, N never having bid clubs legally."""
    table = d43_north_defends(Edition.LAWS_2007)
    pending = lead_decision(table)
    assert [(q.id, q.default) for q in pending.questions] == [
        ("suit-related", "clubs"), ("specified-suits", "none")]
    table.accept_defaults()
    assert [option for option, _ in options(table)] == [
        "require-clubs", "prohibit-clubs", "no-restriction"]
    table.choose("require-clubs", by=Seat.EAST)
    assert cards(table) == ["C8", "C9", "CT"]


def test_law26B_2017_after_an_accepted_change_of_call_not_comparable() -> None:
    table = d43_north_defends(Edition.LAWS_2017)
    pending = lead_decision(table)
    assert [q.id for q in pending.questions] == ["comparable", "specified-suits"]
    table.accept_defaults()  # not comparable
    assert len(options(table)) == 5
    table.choose("prohibit-diamonds", by=Seat.EAST)
    assert not any(card.startswith("D") for card in cards(table))


def test_law26A_2017_comparable_replacement_no_restriction() -> None:
    table = d43_north_defends(Edition.LAWS_2017)
    table.answer("comparable", True)
    table.accept_defaults()
    assert options(table) == [("no-restriction", DIRECTOR)]
    table.choose("no-restriction")
    ruling = table.rulings[-1]
    assert {LawRef(Edition.LAWS_2017, "26A"), LawRef(Edition.LAWS_2017, "23B")} <= set(
        ruling.clauses)
    assert len(cards(table)) == 13


def test_law26_2007_same_call_same_meaning_no_restriction() -> None:
    """D-62: the offender's final call at that turn is the withdrawn call, with the same
    meaning: Law 26 does not apply (preamble; footnote: a very different meaning would
    make it a different call)."""
    table = table_for(Edition.LAWS_2007)
    act(table, "N:1C N:1C")  # says his call again: an intended "change"
    table.accept_defaults()
    table.choose("accept")
    act(table, "E:2S S:P W:4S N:P E:P S:P")
    pending = lead_decision(table)
    assert pending.questions[0].id == DIFFERENT_MEANING
    table.accept_defaults()
    assert options(table) == [("no-restriction", DIRECTOR)]
    assert table.pending is not None
    assert table.pending.options[0].clauses == (LawRef(Edition.LAWS_2007, "26"),)
    table.answer(DIFFERENT_MEANING, True)  # then a different call: 26 applies; but
    assert table.pending.options[0].clauses == (LawRef(Edition.LAWS_2007, "26A1"),)
    table.answer("specified-suits", "none")  # e.g. the repeated 1C was artificial
    assert ("require-clubs", Seat.EAST) in options(table)


def test_law26_2007_different_final_call() -> None:
    one_club, one_nt = Call.parse("1C"), Call.parse("1NT")
    assert different_final_call(one_club, one_nt, {})
    assert not different_final_call(one_club, one_club, {})
    assert different_final_call(one_club, one_club, {DIFFERENT_MEANING: True})


# Several restrictions (catalogue §19 Q9)


def test_law26B_several_restrictions_one_decision_each(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1C N:1NT")
    table.accept_defaults()
    table.choose("accept", by=Seat.EAST)  # 25B1: 1C withdrawn
    act(table, "E:2S S:P W:P N:XX")  # inadmissible: 36B, XX withdrawn
    table.choose("rectify")
    act(table, "N:P")
    assert str(table.state.contract) == "2S E"
    assert len(table.state.lead_restrictions) == 2
    table.accept_defaults()
    first = "require-clubs" if edition is Edition.LAWS_2007 else "prohibit-clubs"
    table.choose(first)
    lead_decision(table)  # the second one
    table.accept_defaults()
    table.choose("prohibit-diamonds")
    choices = table.state.lead_choices
    assert [choice.suit for choice in choices] == [Suit.CLUBS, Suit.DIAMONDS]
    assert table.pending is None and table.turn is Seat.SOUTH
    if edition is Edition.LAWS_2007:
        assert cards(table) == ["C8", "C9", "CT"]
    else:
        assert cards(table) == ["H2", "H3", "H4", "S5", "S6", "S7"]


def test_law26_suit_set_answers() -> None:
    assert len(SUIT_SETS) == 16 and SUIT_SETS[0] == "none"
    assert suits_answer([Suit.SPADES, Suit.HEARTS]) == "hearts+spades"
    assert parse_suits("hearts+spades") == {Suit.HEARTS, Suit.SPADES}
    assert parse_suits("none") == frozenset()


ALL_SUITS_PROFILE = """
name = "club-2007"
edition = "2007"
authority = "Club"
title = "A club reading all of the withdrawn call's suits into 26A2"

[options]
law_26a_candidate_suits = "all-withdrawn-suits"
"""


@pytest.mark.parametrize(
    ("profile", "offered"),
    [(None, ["hearts"]), (ALL_SUITS_PROFILE, ["hearts", "spades"])],
    ids=["unspecified-suits", "all-withdrawn-suits"],
)
def test_law26A2_2007_candidate_suits_follow_the_profile(
    profile: str | None, offered: list[str]
) -> None:
    """Catalogue §19 Q8: N's withdrawn call showed hearts and spades, and N bid spades
    legally. By default 26A2 offers only the suit he did not specify (hearts); a profile
    may offer every suit of the withdrawn call."""
    regulations = parse_profile(profile) if profile else None
    table = Table(Board(1, DEAL), edition=Edition.LAWS_2007, regulations=regulations)
    act(table, THREE_NT_BY_EAST)
    table.call("N", "2H")
    table.accept_defaults()
    table.choose("rectify")
    table.answer("suit-related", "hearts+spades")
    table.accept_defaults()  # N specified spades legally
    assert [option for option, _ in options(table)] == [
        *(f"require-{suit}" for suit in offered), *(f"prohibit-{suit}" for suit in offered),
        "no-restriction"]
