"""Laws 48-52 and 59: exposed cards, penalty cards and declarer's options on them; Law 44A
and 50D1(b) precedence (spec §10 T44-1, T48-*, T49-*, T50-*, T51-*, T52-*, T59-1, T61-1).

Fixed deal (tests/conftest.py), N declarer in spades, E on lead, S dummy:
N AKQJ.T98.765.432  E T98.AKQJ.432.765  S 765.432.AKQJ.T98  W 432.765.T98.AKQJ
"""

from __future__ import annotations

import pytest

from conftest import DEAL, act, table_for
from dupbridge import ActionRejected, Card, Deal, Denomination, Edition, Seat, Table
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.edition import LawRef
from dupbridge.laws.machinery.ruling import (
    Exposure,
    InformationTag,
    IrregularityKind,
    PenaltyCard,
    PickUpPenaltyCards,
    PlayRule,
    RestrictPlay,
    Until,
)
from dupbridge.laws.play import law48_50_exposed_cards as law48_50
from dupbridge.laws.play.law50_51_penalty_card_options import Stage
from dupbridge.laws.play.law61_64_revokes import transfers
from dupbridge.laws.play.play_obligations import Obligations, is_major, legal_cards
from dupbridge.rules.play import Play
from dupbridge.table.events import DirectorAnswered

NORTH = Seat.NORTH


def cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


def legal(table: Table) -> set[Card]:
    return set(table.legal_cards())


def declared(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    return table


def penalty(table: Table, seat: str, card: str, how: str = "shown", **answers: bool) -> None:
    """``seat`` exposes ``card``; the Director rules it a penalty card."""
    table.expose(seat, card, how)
    for question, value in answers.items():
        table.apply(DirectorAnswered(question, value))
    table.accept_defaults()
    table.choose("penalty-card")


def trick1_west_exposes(edition: Edition, card: str, how: str = "shown") -> Table:
    """E leads HA, S H2, W exposes ``card``, then W H7, N H8: E wins, E to lead trick 2."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    penalty(table, "W", card, how)
    table.play("W", "H7")
    table.play("N", "H8")
    return table


def clauses(table: Table) -> set[str]:
    return {ref.clause for ruling in table.rulings for ref in ruling.clauses}


def pc_texts(table: Table) -> set[str]:
    return {f"{pc.seat.letter} {pc.card}" for pc in table.state.penalty_cards}


# Law 48: declarer's cards


def test_law48_law48A_declarers_dropped_card_is_no_penalty_card(edition: Edition) -> None:
    """T48-1: S (dummy's hand is declarer's) and N drop cards: no penalty card, no duty."""
    table = declared(edition)
    table.play("E", "HA")
    table.expose("N", "SA", "dropped")
    assert table.pending is None
    assert table.state.penalty_cards == ()
    table.play("S", "H2")
    table.play("W", "H7")
    assert CardSet([Card.parse("H8"), Card.parse("H9"), Card.parse("HT")]) == table.legal_cards()
    assert law48_50.no_rectification(edition) == LawRef(edition, "48A")


def test_law48B_law48B1_faced_after_opening_lead_out_of_turn_is_law54(edition: Edition) -> None:
    """T48-2: before the opening lead is made, declarer's faced hand goes to Law 54."""
    play = Play(DEAL, NORTH, Denomination.SPADES)
    clause, question = law48_50.declarer_faces_cards(edition, play)
    assert clause == LawRef(edition, "54") and question is None


def test_law48B2_faced_hand_later_is_a_claim_by_default(edition: Edition) -> None:
    """T48-3: later, the Director is asked whether it is a claim (default yes, 68)."""
    play = Play(DEAL, NORTH, Denomination.SPADES).with_card(Seat.EAST, Card.parse("HA"))
    clause, question = law48_50.declarer_faces_cards(edition, play)
    assert clause == LawRef(edition, "48B2")
    assert question is not None and question.id == "claim" and question.default is True
    assert law48_50.claim_review(edition).law == LawRef(edition, "68")


# Law 49 and 50: a defender's exposed card


def test_law49_named_card_becomes_a_major_penalty_card(edition: Edition) -> None:
    """T49-1: E names the SA... (E holds no SA: W names his CA): a major penalty card."""
    table = declared(edition)
    table.play("E", "HA")
    table.expose("W", "CA", "named")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.EXPOSED_CARD
    assert [q.id for q in pending.questions] == ["is-penalty-card"]  # an honour: no 50B question
    table.accept_defaults()
    option = table.pending.option("penalty-card")  # type: ignore[union-attr]
    assert option is not None and option.chosen_by == "Director"
    table.choose("penalty-card")
    assert pc_texts(table) == {"W CA"}
    assert {"49", "50"} <= clauses(table)


def test_law50_preamble_director_decides_no_penalty_card(edition: Edition) -> None:
    """50 preamble: the Director may decide the card is no penalty card; 23 / 72C review."""
    table = declared(edition)
    table.play("E", "HA")
    table.expose("W", "CA", "shown")
    table.apply(DirectorAnswered("is-penalty-card", False))
    assert [o.id for o in table.pending.options] == ["return"]  # type: ignore[union-attr]
    table.choose("return")
    assert table.state.penalty_cards == ()
    review = "23" if edition is Edition.LAWS_2007 else "72C"
    assert review in {r.law.clause for r in table.state.reviews}


def test_law50A_law50B_dropped_low_card_is_minor_honour_is_major(edition: Edition) -> None:
    """T49-2 / T50-2: a dropped small card is minor; a dropped honour is major (50B)."""
    table = declared(edition)
    table.play("E", "HA")
    table.expose("W", "D9", "dropped")
    assert [q.id for q in table.pending.questions] == ["is-penalty-card", "deliberate"]  # type: ignore[union-attr]
    assert table.pending.questions[1].default is False  # type: ignore[union-attr]
    table.accept_defaults()
    table.choose("penalty-card")
    (pc,) = table.state.penalty_cards
    assert not is_major(pc)
    honour = PenaltyCard(LawRef(edition, "49"), Seat.WEST, Card.parse("DQ"), 9, False)
    assert is_major(honour)


def test_law50B_deliberate_small_card_is_major(edition: Edition) -> None:
    """T50-3: a small card exposed through deliberate play is major."""
    table = declared(edition)
    table.play("E", "HA")
    penalty(table, "W", "D9", "dropped", deliberate=True)
    (pc,) = table.state.penalty_cards
    assert pc.deliberate and is_major(pc)


def test_law50B1_2017_law50B2_2017_second_card_makes_both_major() -> None:
    """T50-4: a minor penalty card, then another: both are major (50B; 2017 50B1/50B2)."""
    for edition in Edition:
        table = declared(edition)
        table.play("E", "HA")
        penalty(table, "W", "D9", "dropped")
        penalty(table, "W", "S2", "dropped")
        pcs = table.state.penalty_cards
        assert all(is_major(pc) for pc in pcs)


def test_law50C_minor_card_no_lower_card_of_its_suit_first(edition: Edition) -> None:
    """T50-5: W's minor S4-like card (S3 here) with S4 S2 in hand: spades led, W may play
    S3 or an honour; nothing else below honour rank of spades. E has no lead restriction."""
    table = declared(edition)
    table.play("E", "S8")
    table.play("S", "S5")
    penalty(table, "W", "S3", "dropped")
    assert legal(table) == cards("S3")
    # With an honour in the suit: pure function, W holds SK 8 3 and a minor S3.
    pc = PenaltyCard(LawRef(edition, "49"), Seat.WEST, Card.parse("S3"), 1, False)
    west = CardSet([Card.parse(c) for c in ("SK", "S8", "S3", "H2")])
    assert _free_choice(west, pc) == cards("SK S3 H2")


def _free_choice(hand: CardSet, pc: PenaltyCard) -> set[Card]:
    from dupbridge.laws.play.play_obligations import _penalty_card_rules
    return set(CardSet(_penalty_card_rules(hand.mask, pc.seat, (pc,))))


def test_law50D_law50D1_law50D1a_major_card_played_when_void(edition: Edition) -> None:
    """T50-6 / T44-1 variant: W void in the suit led must play his major DT."""
    table = trick1_west_exposes(edition, "DT")
    table.choose("no-restriction")
    for lead, dummy, west, north in (("HK", "H3", "H6", "H9"), ("HQ", "H4", "H5", "HT")):
        table.play("E", lead)
        table.play("S", dummy)
        table.play("W", west)
        table.play("N", north)
        table.choose("no-restriction")
    table.play("E", "HJ")
    table.play("S", "C8")
    assert legal(table) == cards("DT")


def test_law44A_law50D1b_law44C_follow_suit_before_the_penalty_card(edition: Edition) -> None:
    """T44-1 / T50-6: hearts led, W holds hearts and a major DJ-like DT: he follows."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    penalty(table, "W", "DT")
    assert legal(table) == cards("H7 H6 H5")
    assert table.state.penalty_cards  # stays on the table


def test_law50D2_partner_to_lead_waits_for_declarers_choice(edition: Edition) -> None:
    """T50-8: W's major DT, E on lead: E may not lead until N has chosen."""
    table = trick1_west_exposes(edition, "DT")
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.PENALTY_CARD_LEAD
    assert [o.id for o in pending.options] == ["require-diamonds", "prohibit-diamonds", "no-restriction"]
    assert {o.chosen_by for o in pending.options} == {NORTH}
    assert pending.waits_for == frozenset({Seat.EAST})


def test_law50D2a_require_the_suit_picks_up_the_card(edition: Edition) -> None:
    table = trick1_west_exposes(edition, "DT")
    table.choose("require-diamonds", by=NORTH)
    assert table.state.penalty_cards == ()
    assert legal(table) == cards("D4 D3 D2")
    (restriction,) = table.state.restrictions
    assert restriction == RestrictPlay(LawRef(edition, "50D2(a)"), Seat.EAST,
                                       PlayRule.REQUIRE_SUIT, suit=Card.parse("DT").suit,
                                       until=Until.THIS_CARD, trick=2, chosen_by=NORTH)
    table.play("E", "D4")
    assert table.state.restrictions == ()


def test_law50D2a_forbid_the_suit_while_partner_keeps_the_lead(edition: Edition) -> None:
    table = trick1_west_exposes(edition, "DT")
    table.choose("prohibit-diamonds", by=NORTH)
    assert table.state.penalty_cards == ()
    assert not legal(table) & cards("D4 D3 D2")
    effects = table.rulings[-1].effects
    assert PickUpPenaltyCards(LawRef(edition, "50D2(a)"), Seat.WEST, Card.parse("DT").suit) in effects
    table.play("E", "HK")
    for seat, card in (("S", "H3"), ("W", "H6"), ("N", "H9")):
        table.play(seat, card)
    assert not legal(table) & cards("D4 D3 D2")  # E won: still forbidden
    assert table.pending is None  # no penalty card left: no new choice


def test_law50D2b_none_card_stays_and_choice_offered_again(edition: Edition) -> None:
    """T50-8 'none': E leads freely, DT stays; E keeps the lead: declarer chooses again."""
    table = trick1_west_exposes(edition, "DT")
    table.choose("no-restriction", by=NORTH)
    assert pc_texts(table) == {"W DT"}
    assert table.pending is None
    table.play("E", "HK")
    for seat, card in (("S", "H3"), ("W", "H6"), ("N", "H9")):
        table.play(seat, card)
    pending = table.pending
    assert pending is not None and Stage.parse(pending.irregularity.stage).trick == 3
    assert "50D2(b)" in clauses(table)


def test_law50D2_lead_before_declarers_choice_becomes_a_penalty_card(edition: Edition) -> None:
    """T50-9: E leads before declarer chooses: his card is a penalty card (49) and the
    choice is offered again."""
    table = trick1_west_exposes(edition, "DT")
    table.play("E", "S9")
    assert pc_texts(table) == {"W DT", "E S9"}
    assert table.pending is not None
    assert table.pending.irregularity.kind is IrregularityKind.PENALTY_CARD_LEAD
    table.choose("require-diamonds", by=NORTH)
    assert legal(table) == cards("D4 D3 D2")  # 50D1(b): the restriction comes first


ONE_SUITERS = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                            "...AKQJT98765432")


def test_law59_required_suit_he_has_not_or_forbidden_suit_only(edition: Edition) -> None:
    """T59-1 / T50-10: E holds hearts only. Required to lead spades (none) or forbidden
    hearts (all he has): he may lead any card otherwise legal."""
    play = Play(ONE_SUITERS, NORTH, Denomination.SPADES)
    hearts = set(play.hand(Seat.EAST))
    for rule, suit in ((PlayRule.REQUIRE_SUIT, Suit.SPADES), (PlayRule.FORBID_SUIT, Suit.HEARTS)):
        restriction = RestrictPlay(LawRef(edition, "50D2(a)"), Seat.EAST, rule, suit=suit,
                                   until=Until.WHILE_ON_LEAD, trick=1)
        assert set(legal_cards(play, Seat.EAST, Obligations((), (restriction,)))) == hearts


def test_law59_law44C_duty_to_follow_suit_beats_a_requirement(edition: Edition) -> None:
    """Law 59, third cause: the requirement yields to the duty to follow suit (44C)."""
    play = Play(DEAL, NORTH, Denomination.SPADES).with_card(Seat.EAST, Card.parse("HA"))
    require = RestrictPlay(LawRef(edition, "57A"), Seat.SOUTH, PlayRule.REQUIRE_SUIT,
                           suit=Suit.CLUBS, trick=1)
    assert set(legal_cards(play, Seat.SOUTH, Obligations((), (require,)))) == cards("H4 H3 H2")


# 50E: information


def test_law50E_law50E1_law50E2_information_by_edition(edition: Edition) -> None:
    """T50-11: 2007: UI to partner (authorised to declarer's side) from the start; 2017:
    authorised to all while on the table, UI once picked up (50E2)."""
    table = trick1_west_exposes(edition, "DT")
    first = table.state.information[0]
    if edition is Edition.LAWS_2007:
        assert first == InformationTag(LawRef(edition, "50E2"), first.record,
                                       Seat.NORTH.side)
    else:
        assert first == InformationTag(LawRef(edition, "50E1"), first.record, None)
    table.choose("require-diamonds", by=NORTH)
    if edition is Edition.LAWS_2017:
        assert table.state.information[-1].law == LawRef(edition, "50E2")
        assert table.state.information[-1].authorised is Seat.NORTH.side


def test_law50E1_2017_minor_card_follows_the_per_edition_flag() -> None:
    """Errata W1: 2017 50C says a minor card's information is unauthorised; 50E1 says
    authorised: a flag, following 50C's text."""
    edition = Edition.LAWS_2017
    pc = PenaltyCard(LawRef(edition, "49"), Seat.WEST, Card.parse("D9"), 4, False)
    (tag,) = law48_50.information(edition, pc)
    assert law48_50.MINOR_PENALTY_CARD_UNAUTHORISED[edition] is True
    assert tag.law == LawRef(edition, "50C") and tag.authorised is Seat.NORTH.side


def test_law50E3_2017_played_card_how_it_arose_is_unauthorised() -> None:
    edition = Edition.LAWS_2017
    table = trick1_west_exposes(edition, "DT")
    table.choose("no-restriction")
    for seat, card in (("E", "D4"), ("S", "DA"), ("W", "DT")):
        table.play(seat, card)
    assert table.state.information[-1].law == LawRef(edition, "50E3")


def test_law50E3_2007_law50E4_2017_damage_review(edition: Edition) -> None:
    table = trick1_west_exposes(edition, "DT")
    clause = "50E3" if edition is Edition.LAWS_2007 else "50E4"
    assert clause in {r.law.clause for r in table.state.reviews}


# Law 51: two or more penalty cards


def two_spades(edition: Edition) -> Table:
    """W has major penalty cards S4 and S3 (T51: S7 and S9 in the spec's hand)."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    penalty(table, "W", "S4")
    penalty(table, "W", "S3")
    return table


def test_law51_law51A_declarer_designates_which_penalty_card(edition: Edition) -> None:
    """T50-7 / T51-1: W void in the suit led with two playable penalty cards: N chooses."""
    table = declared(edition)
    table.play("E", "S8")
    table.play("S", "S5")
    penalty(table, "W", "S4")
    penalty(table, "W", "S3")
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["play-s4", "play-s3"]
    assert {o.chosen_by for o in pending.options} == {NORTH}
    table.choose("play-s3", by=NORTH)
    assert legal(table) == cards("S3")
    table.play("W", "S3")
    assert pc_texts(table) == {"W S4"}


def test_law51B_law51B1_law51B1a_require_the_one_suit(edition: Edition) -> None:
    """T51-2: both spades picked up; E must lead a spade."""
    table = two_spades(edition)
    table.play("W", "H7")
    table.play("N", "H8")
    pending = table.pending
    assert pending is not None
    assert [o.id for o in pending.options] == ["require-spades", "prohibit-spades", "no-restriction"]
    table.choose("require-spades", by=NORTH)
    assert table.state.penalty_cards == ()
    assert legal(table) == cards("ST S9 S8")
    assert "51B1(a)" in clauses(table)


def test_law51B1b_forbid_the_one_suit(edition: Edition) -> None:
    """T51-3."""
    table = two_spades(edition)
    table.play("W", "H7")
    table.play("N", "H8")
    table.choose("prohibit-spades", by=NORTH)
    assert table.state.penalty_cards == ()
    assert not legal(table) & cards("ST S9 S8")
    assert "51B1(b)" in clauses(table)


def two_suits(edition: Edition) -> Table:
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    penalty(table, "W", "S4")
    penalty(table, "W", "H6")
    table.play("W", "H7")
    table.play("N", "H8")
    return table


def test_law51B2_law51B2a_require_one_suit_others_stay(edition: Edition) -> None:
    """T51-4: penalty cards in two suits; require hearts: H6 picked up, S4 stays."""
    table = two_suits(edition)
    ids = [o.id for o in table.pending.options]  # type: ignore[union-attr]
    expected = ["require-spades", "require-hearts", "prohibit-spades", "prohibit-hearts", "prohibit-spades-hearts", "no-restriction"]
    assert ids == expected
    table.choose("require-hearts", by=NORTH)
    assert pc_texts(table) == {"W S4"}
    assert legal(table) == cards("HK HQ HJ")
    assert "51B2(a)" in clauses(table)


def test_law51B2b_forbid_both_suits(edition: Edition) -> None:
    """T51-5."""
    table = two_suits(edition)
    table.choose("prohibit-spades-hearts", by=NORTH)
    assert table.state.penalty_cards == ()
    assert legal(table) == cards("D4 D3 D2 C7 C6 C5")
    assert "51B2(b)" in clauses(table)


def test_law51B2c_2017_no_requirement_cards_stay_offered_again() -> None:
    """T51-6 (2017): no requirement; the cards stay (51B2(c)); 2007 cites 50D2(b)."""
    for edition, clause in ((Edition.LAWS_2017, "51B2(c)"), (Edition.LAWS_2007, "50D2(b)")):
        table = two_suits(edition)
        table.choose("no-restriction", by=NORTH)
        assert pc_texts(table) == {"W S4", "W H6"}
        assert clause in clauses(table)


def two_dropped(edition: Edition) -> Table:
    """W drops the S4 and the H6 (two small cards, each minor alone): both major (50B)."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    penalty(table, "W", "S4", "dropped")
    penalty(table, "W", "H6", "dropped")
    table.play("W", "H7")
    table.play("N", "H8")
    return table


def became_major(table: Table) -> dict[str, str | None]:
    return {str(pc.card): pc.became_major.clause if pc.became_major else None
            for pc in table.state.penalty_cards}


def test_law50B_2007_law50B2_2017_two_dropped_cards_become_major_as_a_fact(
        edition: Edition) -> None:
    """Two small cards dropped: each is minor alone, both become major (2007 50B, 2017
    50B2); the change is recorded on each card with its clause."""
    table = two_dropped(edition)
    clause = "50B" if edition is Edition.LAWS_2007 else "50B2"
    assert became_major(table) == {"S4": clause, "H6": clause}
    assert all(not pc.deliberate and is_major(pc) for pc in table.state.penalty_cards)


def test_law51B2a_law50B_card_left_after_pick_up_stays_major(edition: Edition) -> None:
    """Declarer requires hearts (51B2(a)): the H6 is picked up, the S4 stays, and stays
    major (50B: no law makes a major penalty card minor again). When East is next on lead
    he waits for declarer's choice again (50D2), which a minor card would not impose."""
    table = two_dropped(edition)
    table.choose("require-hearts", by=NORTH)
    assert pc_texts(table) == {"W S4"}
    (left,) = table.state.penalty_cards
    assert is_major(left) and left.became_major is not None
    for seat, card in (("E", "HK"), ("S", "H3"), ("W", "H5"), ("N", "H9")):
        table.play(seat, card)
    pending = table.pending
    assert pending is not None and pending.irregularity.offender is Seat.WEST
    assert [o.id for o in pending.options] == ["require-spades", "prohibit-spades",
                                               "no-restriction"]


def test_law50B_law50D1a_card_left_after_the_other_is_played_stays_major(
        edition: Edition) -> None:
    """One of the two dropped cards is played; the other is still a major penalty card:
    its owner must lead it when he gains the lead (50D1(a))."""
    table = two_dropped(edition)
    table.choose("no-restriction", by=NORTH)
    table.play("E", "S8")
    table.play("S", "S5")
    assert legal(table) == cards("S4")
    for seat, card in (("W", "S4"), ("N", "SA"), ("N", "C2"), ("E", "C5"), ("S", "C8")):
        table.play(seat, card)
    assert pc_texts(table) == {"W H6"}
    table.play("W", "CA")
    assert table.state.play.leader is Seat.WEST  # type: ignore[union-attr]
    assert legal(table) == cards("H6")


# Law 52: failure to play a penalty card


def west_void_in_hearts(edition: Edition) -> Table:
    """W's major DT on the table; E leads hearts until W is void, then HJ."""
    table = trick1_west_exposes(edition, "DT")
    table.choose("no-restriction")
    for lead, dummy, west, north in (("HK", "H3", "H6", "H9"), ("HQ", "H4", "H5", "HT")):
        table.play("E", lead)
        table.play("S", dummy)
        table.play("W", west)
        table.play("N", north)
        table.choose("no-restriction")
    table.play("E", "HJ")
    table.play("S", "C8")
    return table


def test_law52_law52A_law61A_failure_is_a_revoke_and_stands(edition: Edition) -> None:
    """T52-1 / T61-1: W discards S2 instead of the DT: a revoke (Law 52 too); the card
    stays in the trick (W may not take it back himself)."""
    table = west_void_in_hearts(edition)
    table.play("W", "S2")
    (revoke,) = table.state.revokes
    assert revoke.penalty_card and revoke.failure == LawRef(edition, "50D1(a)")
    assert Card.parse("S2") in table.state.play.current_trick.cards  # type: ignore[union-attr]
    table.draw_attention("N")
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["accept", "decline"]
    assert {o.chosen_by for o in pending.options} == {NORTH}
    assert {"52A", "52B"} <= {c.clause for c in pending.clauses}


def test_law52B_law52B1_law52B1a_law52B1c_accept(edition: Edition) -> None:
    """T52-2: the S2 stands; the DT stays a penalty card."""
    table = west_void_in_hearts(edition)
    table.play("W", "S2")
    table.draw_attention("N")
    table.choose("accept", by=NORTH)
    assert pc_texts(table) == {"W DT"}
    assert Card.parse("S2") in table.state.play.current_trick.cards  # type: ignore[union-attr]
    assert {"52B1(a)", "52B1(c)"} <= clauses(table)


def test_law52B1b_must_accept_after_declarer_played(edition: Edition) -> None:
    """T52-3: N has played after the S2: only 'accept'."""
    table = west_void_in_hearts(edition)
    table.play("W", "S2")
    table.play("N", "C2")
    table.draw_attention("N")
    assert [o.id for o in table.pending.options] == ["accept"]  # type: ignore[union-attr]


def test_law52B2_reject_the_penalty_card_is_substituted(edition: Edition) -> None:
    """T52-4: W plays the DT; the S2 becomes a major penalty card."""
    table = west_void_in_hearts(edition)
    table.play("W", "S2")
    table.draw_attention("N")
    table.choose("decline", by=NORTH)
    assert table.turn is Seat.WEST
    assert legal(table) == cards("DT")
    table.play("W", "DT")
    assert pc_texts(table) == {"W S2"}
    pcs = table.state.penalty_cards
    assert all(is_major(pc) for pc in pcs)
    assert all(r.corrected for r in table.state.revokes)


def test_law52B1_law64B3_established_failure_no_automatic_transfer(edition: Edition) -> None:
    """T52-5: W ruffs with S2 instead of playing the DT and wins; he then leads the DT:
    the revoke is established, attention drawn too late for Law 52; no transfer (64B3)."""
    table = west_void_in_hearts(edition)
    table.play("W", "S2")
    table.play("N", "C2")
    table.play("W", "DT")
    (revoke,) = table.state.revokes
    assert revoke.established
    table.draw_attention("N")
    assert table.pending is None
    play = table.state.play
    assert play is not None
    (transfer,) = transfers(edition, table.state.revokes, play.tricks)
    assert transfer.tricks == 0 and transfer.law == LawRef(edition, "64B3")


def test_law50B_2007_law50B2_2017_the_ruling_on_the_second_card_cites_the_change(
        edition: Edition) -> None:
    """The first small card dropped is minor: its ruling cites 50B (2017 50B1) and 50C.
    The second makes both major: its ruling cites the clause that did (2007 50B, 2017
    50B2) and 50D, the obligations the cards are now under, not 50B1; in 2017 the
    information of both, major now, is authorised to all while they are on the table
    (50E1), no longer 50C's."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    penalty(table, "W", "S4", "dropped")
    first = {law.clause for law in table.rulings[-1].clauses}
    minor = "50B" if edition is Edition.LAWS_2007 else "50B1"
    assert {minor, "50C"} <= first and "50D" not in first
    penalty(table, "W", "H6", "dropped")
    second = {law.clause for law in table.rulings[-1].clauses}
    major = "50B" if edition is Edition.LAWS_2007 else "50B2"
    assert {"49", major, "50D"} <= second and not second & {"50B1", "50C"}
    assert all({major, "50D"} <= {law.clause for law in pc.clauses}
               for pc in table.state.penalty_cards)
    # The information follows: 2017 50E1 for both cards (the first card's 50C tag goes).
    tags = {tag.law.clause for tag in table.state.information}
    assert tags == ({"50E2"} if edition is Edition.LAWS_2007 else {"50E1"})


# Two cards exposed in one act (one event, one ruling)


def west_drops_two_at_once(edition: Edition) -> Table:
    """Trick 1: E HA, S H2, W H5, N H8: East wins and is to lead. West then drops the S4
    and the D8 together, one act: the Director rules on both at once."""
    table = declared(edition)
    for seat, card in (("E", "HA"), ("S", "H2"), ("W", "H5"), ("N", "H8")):
        table.play(seat, card)
    table.expose("W", "S4", "dropped", also=["D8"])
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.EXPOSED_CARD
    assert [q.id for q in pending.questions] == ["is-penalty-card"]  # no 'deliberate'
    table.accept_defaults()
    table.choose("penalty-card")
    return table


def test_law50B_2007_law50B2_2017_two_cards_dropped_together_are_both_major(
        edition: Edition) -> None:
    """Two small cards dropped in one act: each would be minor alone; as two penalty cards
    both are major (2007 50B, 2017 50B2), recorded on each card, in one ruling that cites
    the clause and the major cards' obligations (50D), not a minor card's (2017 50B1)."""
    table = west_drops_two_at_once(edition)
    clause = "50B" if edition is Edition.LAWS_2007 else "50B2"
    assert pc_texts(table) == {"W S4", "W D8"}
    assert became_major(table) == {"S4": clause, "D8": clause}
    assert all(pc.major and not pc.deliberate for pc in table.state.penalty_cards)
    (ruling,) = table.rulings
    cited = {law.clause for law in ruling.clauses}
    assert {"49", "50", clause, "50D"} <= cited and "50B1" not in cited


def test_law51B2a_law50B_one_act_two_suits_declarer_requires_one_the_other_stays_major(
        edition: Edition) -> None:
    """East, the owner's partner, is on lead: declarer has the 51B choices for penalty
    cards in two suits. He requires spades (51B2(a)): the S4 is picked up and East must
    lead a spade; the D8 stays a penalty card, and stays major (50B: no law makes it minor
    again), so West must play it at his first legal opportunity (50D1(a))."""
    table = west_drops_two_at_once(edition)
    pending = table.pending
    assert pending is not None and pending.irregularity.kind is IrregularityKind.PENALTY_CARD_LEAD
    assert [o.id for o in pending.options] == [
        "require-spades", "require-diamonds", "prohibit-spades", "prohibit-diamonds",
        "prohibit-spades-diamonds", "no-restriction"]
    table.choose("require-spades", by=NORTH)
    assert {law.clause for law in table.rulings[-1].clauses} >= {"51B2(a)"}
    assert pc_texts(table) == {"W D8"}
    (left,) = table.state.penalty_cards
    assert left.major and left.became_major is not None
    assert legal(table) == cards("ST S9 S8")
    table.play("E", "ST")
    table.play("S", "S5")
    assert legal(table) == cards("S4 S3 S2")  # following suit comes first (50D1(b))
    table.play("W", "S2")
    table.play("N", "SA")
    table.play("N", "D5")  # North leads a diamond: West must play his penalty card
    table.play("E", "D2")
    table.play("S", "DA")
    assert legal(table) == cards("D8")


def test_law49_law50_cards_exposed_together_the_director_rules_no_penalty_cards(
        edition: Edition) -> None:
    """The Director may decide the cards are no penalty cards (50 preamble): both go back
    to the hand in the one ruling, with a 23 / 72C review."""
    table = declared(edition)
    for seat, card in (("E", "HA"), ("S", "H2"), ("W", "H5"), ("N", "H8")):
        table.play(seat, card)
    table.expose("W", "S4", "dropped", also=["D8"])
    table.apply(DirectorAnswered("is-penalty-card", False))
    table.choose("return")
    assert table.state.penalty_cards == ()
    play = table.state.play
    assert play is not None and play.holds(Seat.WEST, Card.parse("S4"))
    assert play.holds(Seat.WEST, Card.parse("D8"))
    assert {review.law.clause for review in table.state.reviews} & {"23", "72C"}


def test_law48A_declarer_drops_two_cards_together_no_rectification(edition: Edition) -> None:
    """Declarer's exposed cards are no penalty cards (48A): two dropped at once go back to
    his hand, no decision."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    table.play("W", "H5")
    table.expose("N", "C2", "dropped", also=["D7"])
    assert table.pending is None and table.state.penalty_cards == ()
    table.play("N", "H8")
    assert table.state.play is not None and len(table.state.play.tricks) == 1


def test_law58B_law45E_a_card_played_with_another_or_a_fifth_card_comes_alone(
        edition: Edition) -> None:
    """58B and 45E rule one card at a time: cards exposed together must be dropped, shown
    or named; anything else is refused, nothing recorded."""
    table = declared(edition)
    table.play("E", "HA")
    events = table.events
    for how in (Exposure.WITH_ANOTHER, Exposure.FIFTH_CARD):
        with pytest.raises(ActionRejected, match="exposed together"):
            table.expose("S", "C8", how, also=["C9"])
    with pytest.raises(ActionRejected, match="twice"):
        table.expose("W", "S4", "dropped", also=["S4"])
    assert table.events == events
