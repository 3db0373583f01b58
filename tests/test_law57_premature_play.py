"""Law 57: premature lead or play (2017: by a defender), both editions.

The auction ``N:P E:P S:1S W:P N:P E:P`` makes South declarer (North dummy, West leads).
Trick 1 ``W DT, N D5, E D2, S DA`` puts South on lead to trick 2, played S, W, N, E.
"""

from __future__ import annotations

from conftest import DEAL, act
from dupbridge import Board, Card, Deal, Edition, Seat, Table
from dupbridge.laws.machinery.ruling import IrregularityKind, PlayRule

TRICK_1 = (("W", "DT"), ("N", "D5"), ("E", "D2"), ("S", "DA"))
WEST_VOID_IN_SPADES = Deal.from_pbn(
    "N:AKQJ.T98.765.432 T98432.AKQJ..765 765.432.AKQJ.T98 .765.T98432.AKQJ")


def south_on_lead(edition: Edition, deal: Deal = DEAL,
                  trick_1: tuple[tuple[str, str], ...] = TRICK_1) -> Table:
    table = Table(Board(1, deal), edition=edition)
    act(table, "N:P E:P S:1S W:P N:P E:P")
    for seat, card in trick_1:
        table.play(seat, card)
    return table


def play(table: Table, script: str) -> None:
    for token in script.split():
        seat, card = token.split(":")
        table.play(seat, card)


def option_ids(table: Table) -> list[str]:
    assert table.pending is not None
    return [option.id for option in table.pending.options]


def clauses(table: Table) -> set[str]:
    assert table.pending is not None
    return {ref.clause for option in table.pending.options for ref in option.clauses}


# 57A: a defender plays before his partner


def test_law57_premature_play_is_ruled_under_law_57(edition: Edition) -> None:
    table = south_on_lead(edition)
    play(table, "S:S5 E:ST")
    pending = table.pending
    assert pending is not None
    assert pending.irregularity.kind is IrregularityKind.PREMATURE_PLAY
    assert pending.automated
    assert [q.id for q in pending.questions] == ["dummy-suggested"]


def test_law57A_card_becomes_major_penalty_card_and_declarer_chooses(edition: Edition) -> None:
    table = south_on_lead(edition)
    play(table, "S:S5 E:ST")
    assert table.pending is not None
    assert all(option.chosen_by is Seat.SOUTH for option in table.pending.options)
    table.accept_defaults()
    table.choose("lowest", by=Seat.SOUTH)
    (penalty,) = table.state.penalty_cards
    assert (penalty.seat, penalty.card, penalty.deliberate) == (Seat.EAST, Card.parse("ST"), True)
    (restriction,) = table.state.restrictions
    assert (restriction.seat, restriction.rule, restriction.trick, restriction.chosen_by) == (
        Seat.WEST, PlayRule.LOWEST, 2, Seat.SOUTH)
    assert set(table.legal_cards()) == {Card.parse("S2")}
    play(table, "W:S2 N:SJ")
    assert set(table.legal_cards()) == {Card.parse("ST")}  # 50D1(a): the major penalty card
    table.play("E", "ST")
    assert str(table.state.play.tricks[-1]) == "S: S5 S2 SJ ST"
    assert not table.state.penalty_cards and not table.state.restrictions


def test_law57A1_highest_card_of_the_suit_led(edition: Edition) -> None:
    table = south_on_lead(edition)
    play(table, "S:S5 E:ST")
    table.accept_defaults()
    table.choose("highest", by=Seat.SOUTH)
    assert set(table.legal_cards()) == {Card.parse("S4")}


def test_law57A2_lowest_card_of_the_suit_led(edition: Edition) -> None:
    table = south_on_lead(edition)
    play(table, "S:S5 E:ST")
    table.accept_defaults()
    table.choose("lowest", by=Seat.SOUTH)
    assert set(table.legal_cards()) == {Card.parse("S2")}


def test_law57A3_2007_forbid_another_named_suit_only() -> None:
    table = south_on_lead(Edition.LAWS_2007)
    play(table, "S:S5 E:ST")
    assert option_ids(table) == ["highest", "lowest", "prohibit-clubs", "prohibit-diamonds",
                                 "prohibit-hearts"]
    assert "57A3" in clauses(table) and "57A4" not in clauses(table)


def test_law57A3_2017_require_another_named_suit() -> None:
    table = south_on_lead(Edition.LAWS_2017)
    play(table, "S:S5 E:ST")
    assert option_ids(table) == ["highest", "lowest", "require-clubs", "require-diamonds",
                                 "require-hearts", "prohibit-clubs", "prohibit-diamonds",
                                 "prohibit-hearts"]
    table.accept_defaults()
    table.choose("require-hearts", by=Seat.SOUTH)
    (restriction,) = table.state.restrictions
    assert restriction.rule is PlayRule.REQUIRE_SUIT and restriction.law.clause == "57A3"
    # 57B / 44C: West holds spades, so he follows suit; the requirement is dropped (59).
    assert set(table.legal_cards()) == {Card.parse(c) for c in ("S4", "S3", "S2")}


def test_law57A4_2017_forbid_another_named_suit() -> None:
    table = south_on_lead(Edition.LAWS_2017, WEST_VOID_IN_SPADES,
                          (("W", "DT"), ("N", "D5"), ("E", "C5"), ("S", "DA")))
    play(table, "S:S5 E:ST")
    table.accept_defaults()
    table.choose("prohibit-hearts", by=Seat.SOUTH)
    (restriction,) = table.state.restrictions
    assert restriction.rule is PlayRule.FORBID_SUIT and restriction.law.clause == "57A4"
    legal = table.legal_cards()
    assert legal and not any(card.suit.name == "HEARTS" for card in legal)


def test_law57A_lead_to_the_next_trick_before_partner_played(edition: Edition) -> None:
    table = south_on_lead(edition)
    play(table, "S:S5 W:S2 W:H5")  # West leads to trick 3; East has not played to 2
    pending = table.pending
    assert pending is not None and pending.irregularity.stage.startswith("57A next trick")
    table.accept_defaults()
    table.choose("highest", by=Seat.SOUTH)
    (restriction,) = table.state.restrictions
    assert (restriction.seat, restriction.trick) == (Seat.EAST, 2)
    table.play("N", "SJ")
    assert set(table.legal_cards()) == {Card.parse("ST")}
    assert table.state.penalty_cards[0].card == Card.parse("H5")


def test_law57B_partner_who_cannot_comply_plays_any_card(edition: Edition) -> None:
    """T57-3: declarer requires West's highest spade; West is void (Law 59)."""
    table = south_on_lead(edition, WEST_VOID_IN_SPADES,
                          (("W", "DT"), ("N", "D5"), ("E", "C5"), ("S", "DA")))
    play(table, "S:S5 E:ST")
    table.accept_defaults()
    table.choose("highest", by=Seat.SOUTH)
    assert table.legal_cards() == table.state.play.hand(Seat.WEST)


# 57C: no rectification


def test_law57C_declarer_played_from_both_hands(edition: Edition) -> None:
    """T57-4: South leads, names dummy's card before West plays (a premature play that
    stands, 57C2/57C3), then East plays before West: no rectification (57C1)."""
    table = south_on_lead(edition)
    play(table, "S:S5 N:SJ")
    assert option_ids(table) == ["keep"]
    table.choose("keep")
    play(table, "E:ST")
    assert option_ids(table) == ["no-rectification"]
    assert clauses(table) == {"57C1"}
    table.choose("no-rectification")
    assert not table.state.penalty_cards
    table.play("W", "S4")
    assert set(table.legal_cards()) == {Card.parse("SJ")}
    play(table, "N:SJ E:ST")
    assert str(table.state.play.tricks[-1]) == "S: S5 S4 SJ ST"


def test_law57C1_dummy_lead_2007_exempts_2017_does_not() -> None:
    """Erratum U1: 2007 57C1 "if dummy has played a card" read literally: dummy's lead
    exempts the defender who plays before his partner; 2017 57C1 needs both hands."""
    for edition, expected in ((Edition.LAWS_2007, ["no-rectification"]),
                              (Edition.LAWS_2017, ["highest", "lowest"])):
        table = Table(Board(1, DEAL), edition=edition)
        act(table, "N:P E:P S:1S W:P N:P E:P")
        play(table, "W:S2 N:SA E:S8 S:S5")
        assert table.state.play.leader is Seat.NORTH
        play(table, "N:D5 W:D8")  # West plays before his partner East (second hand)
        assert option_ids(table)[:len(expected)] == expected


def test_law57C1_a_dummy_card_counts_as_played_only_once_designated(edition: Edition) -> None:
    """T57-5: dummy's card not yet named does not count: 57A applies."""
    table = south_on_lead(edition)
    play(table, "S:S5 E:ST")
    assert option_ids(table)[:2] == ["highest", "lowest"]


def test_law57C1_dummy_illegally_suggested_a_card(edition: Edition) -> None:
    """T45-12: dummy pushed a card forward; East then played before West: 57C."""
    table = south_on_lead(edition)
    play(table, "S:S5 E:ST")
    table.answer("dummy-suggested", True)
    assert option_ids(table) == ["no-rectification"]
    expected = "57C1" if edition is Edition.LAWS_2007 else "57C2"
    assert clauses(table) == {expected}


def test_law57C2_2017_dummy_chose_a_card_on_his_own_initiative() -> None:
    """T57-6."""
    table = south_on_lead(Edition.LAWS_2017)
    play(table, "S:S5 E:ST")
    assert table.pending is not None
    (question,) = table.pending.questions
    assert "own initiative" in question.prompt and question.default is False
    table.answer("dummy-suggested", True)
    table.choose("no-rectification")
    assert not table.state.penalty_cards


def test_law57C2_2007_declarers_premature_play_stands() -> None:
    """T57-7: South plays dummy's card before West plays to South's lead."""
    table = south_on_lead(Edition.LAWS_2007)
    play(table, "S:S5 N:SJ")
    assert clauses(table) == {"57C2"}
    table.choose("keep")
    table.play("W", "S4")
    assert set(table.legal_cards()) == {Card.parse("SJ")}


def test_law57C3_2017_declarers_legal_premature_play_stands() -> None:
    table = south_on_lead(Edition.LAWS_2017)
    play(table, "S:S5 N:SJ")
    assert clauses(table) == {"57C3"}
    table.choose("keep")
    table.play("W", "S4")
    assert set(table.legal_cards()) == {Card.parse("SJ")}


def test_law57C3_2017_illegal_premature_play_is_a_revoke_corrected() -> None:
    table = south_on_lead(Edition.LAWS_2017)
    play(table, "S:S5 N:H8")  # North holds spades: a revoke, corrected under 62
    assert option_ids(table) == ["return"]
    assert clauses(table) == {"57C3", "62A", "62B2"}
    table.choose("return")
    table.play("W", "S4")
    assert Card.parse("H8") not in table.legal_cards()
    assert not table.state.restrictions


# 57D (2017) / 2007: a defender plays at his RHO's turn after his partner played


def test_law57D_2017_legal_card_is_played_at_his_turn() -> None:
    """T57-8: South leads, West plays, East plays before dummy."""
    table = south_on_lead(Edition.LAWS_2017)
    play(table, "S:S5 W:S4 E:ST")
    assert option_ids(table) == ["keep"]
    assert clauses(table) == {"57D", "16C"}
    table.choose("keep")
    assert not table.state.penalty_cards
    assert table.state.information[-1].authorised is not None
    table.play("N", "SJ")
    assert set(table.legal_cards()) == {Card.parse("ST")}


def test_law57D_2017_illegal_card_becomes_major_penalty_card() -> None:
    table = south_on_lead(Edition.LAWS_2017)
    play(table, "S:S5 W:S4 E:HA")  # East holds spades
    assert option_ids(table) == ["penalty-card"]
    table.choose("penalty-card")
    (penalty,) = table.state.penalty_cards
    assert penalty.card == Card.parse("HA") and penalty.deliberate


def test_law57_2007_play_at_rhos_turn_after_partner_is_a_penalty_card_by_default() -> None:
    table = south_on_lead(Edition.LAWS_2007)
    play(table, "S:S5 W:S4 E:ST")
    assert table.pending is not None
    (question,) = table.pending.questions
    assert (question.id, question.default) == ("plays-at-turn", False)
    table.accept_defaults()
    table.choose("penalty-card")
    assert table.state.penalty_cards[0].card == Card.parse("ST")


def test_law57_2007_director_may_let_the_card_stand_at_his_turn() -> None:
    table = south_on_lead(Edition.LAWS_2007)
    play(table, "S:S5 W:S4 E:ST")
    table.answer("plays-at-turn", True)
    table.choose("keep")
    table.play("N", "SJ")
    assert set(table.legal_cards()) == {Card.parse("ST")}


def test_law57A_law57C1_lead_to_next_trick_is_not_excused(edition: Edition) -> None:
    """57C1 excuses a defender for *playing* before his partner once declarer has played
    from both hands; a *lead* to the next trick before partner played to this one is 57A
    all the same: a major penalty card, and declarer chooses partner's play to this trick."""
    table = south_on_lead(edition)
    play(table, "S:S5 N:SJ")
    table.choose("keep")
    play(table, "W:S4")
    # Declarer has played from both hands (North's SJ is held for its turn); West now leads
    # to trick 3 before East has played to trick 2.
    table.play("W", "H5")
    pending = table.pending
    assert pending is not None and pending.irregularity.stage.startswith("57A next trick")
    assert not pending.questions  # no 57C question: a lead is never excused
    assert option_ids(table)[:2] == ["highest", "lowest"]
    assert "57C1" not in clauses(table) and {"57A1", "57A2", "57B"} <= clauses(table)
    assert all(option.chosen_by is Seat.SOUTH for option in pending.options)
    table.choose("lowest", by=Seat.SOUTH)
    (penalty,) = table.state.penalty_cards
    assert (penalty.seat, penalty.card, penalty.law.clause) == (Seat.WEST, Card.parse("H5"), "57A")
    table.play("N", "SJ")
    assert set(table.legal_cards()) == {Card.parse("S8")}  # East's lowest spade (57A2)
    table.play("E", "S8")
    assert str(table.state.play.tricks[-1]) == "S: S5 S4 SJ S8"
    # North won; West's major penalty card must be played at the first legal opportunity.
    play(table, "N:H8 E:HJ S:H2")
    assert set(table.legal_cards()) == {Card.parse("H5")}  # 50D1(a)


def test_law57A_premature_lead_then_partner_to_lead_law50D2(edition: Edition) -> None:
    """Once the trick is over the 57A penalty card follows Law 50: when the offender's
    partner wins it and is to lead, he waits for declarer's choice (50D2)."""
    table = south_on_lead(edition)
    play(table, "S:H2 W:H6 N:H8")
    table.play("W", "CA")  # a lead to trick 3 before East has played to trick 2
    assert option_ids(table)[:2] == ["highest", "lowest"]
    table.choose("highest", by=Seat.SOUTH)
    assert set(table.legal_cards()) == {Card.parse("HA")}  # 57A1
    table.play("E", "HA")
    pending = table.pending
    assert pending is not None and pending.irregularity.offender is Seat.WEST
    assert option_ids(table) == ["require-clubs", "prohibit-clubs", "no-restriction"]
    table.choose("require-clubs", by=Seat.SOUTH)
    assert not table.state.penalty_cards
    assert set(table.legal_cards()) == {Card.parse(c) for c in ("C7", "C6", "C5")}
