"""Laws 61-64: revoke inquiries, correction, establishment and the Law 64 settlement."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Edition, Seat, Table
from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Side
from dupbridge.laws.machinery.profiles import Regulations, load_profile
from dupbridge.laws.machinery.ruling import Cite, Establish, RestrictPlay, ReturnCard
from dupbridge.laws.play.law61_64_revokes import (
    Transfer,
    both_sides_on_trick,
    equity_reviews,
    established_by,
    established_by_claim,
    established_by_designation,
    may_be_corrected,
    transfers,
)
from dupbridge.laws.play.law61_revoke import (
    NEXT_BOARD,
    ROUND_ENDED,
    Revoke,
    claim_opens_quitted_tricks,
    may_ask,
)
from dupbridge.rules.play import Trick

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
PROFILE = {Edition.LAWS_2007: "wbf-2007", Edition.LAWS_2017: "wbf-2017"}


def spades_by_north(edition: Edition) -> Table:
    """1S by North on the fixed deal: South is dummy, East leads."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    return table


def plays(table: Table, script: str) -> None:
    for token in script.split():
        seat, card = token.split(":")
        table.play(seat, card)


def finish(table: Table) -> None:
    """Everyone plays his lowest legal card to the end."""
    while table.turn is not None:
        table.play(table.turn, min(table.legal_cards(), key=lambda c: (c.suit, c.rank)))


def revoke(seat: Seat, trick: int, record: int = 0, **flags: object) -> Revoke:
    flags.setdefault("established", True)
    return Revoke(record or trick * 10, seat, Card.parse("C2"), trick,
                  LawRef(Edition.LAWS_2007, "44C"), **flags)  # type: ignore[arg-type]


def tricks(winners: str, suit: str = "H") -> tuple[Trick, ...]:
    """Thirteen tricks each led and won by the seat named (``"EWNS..."``)."""
    cards = tuple(Card.parse(f"{suit}{r}") for r in ("A", "2", "3", "4"))
    return tuple(Trick(Seat.parse(w), cards, None) for w in winners)


# 61B


def test_law61B1_declarer_may_ask_a_defender(edition: Edition) -> None:
    regulations = load_profile(PROFILE[edition])
    assert may_ask(regulations, N, N, E).allowed
    assert may_ask(regulations, N, N, W).law.clause == "61B1"


def test_law61B2a_dummy_may_ask_declarer(edition: Edition) -> None:
    inquiry = may_ask(load_profile(PROFILE[edition]), N, S, N)
    assert inquiry.allowed and inquiry.law.clause == "61B2(a)" and "43B2(b)" in inquiry.note


def test_law61B2b_dummy_may_not_ask_a_defender(edition: Edition) -> None:
    inquiry = may_ask(load_profile(PROFILE[edition]), N, S, E)
    assert not inquiry.allowed and inquiry.law.clause == "61B2(b)" and "16B" in inquiry.note


def test_law61B3_defenders_may_ask_declarer(edition: Edition) -> None:
    assert may_ask(load_profile(PROFILE[edition]), N, E, N).allowed


def test_law61B3_2007_defenders_ask_each_other_unless_the_RA_forbids() -> None:
    for name in ("wbf-2007", "aeb-2007", "ffb-2007"):
        assert may_ask(load_profile(name), N, E, W).allowed
    forbidding = Regulations("x", Edition.LAWS_2007, "x", "x",
                             {"defenders_may_ask_each_other": False})
    inquiry = may_ask(forbidding, N, E, W)
    assert not inquiry.allowed and inquiry.law.clause == "61B3"


def test_law61B3_2017_defenders_may_always_ask_each_other() -> None:
    assert may_ask(load_profile("wbf-2017"), N, W, E).allowed


def test_law61B_nobody_asks_himself_and_declarer_does_not_ask_dummy(edition: Edition) -> None:
    regulations = load_profile(PROFILE[edition])
    with pytest.raises(ActionRejected):
        may_ask(regulations, N, E, E)
    with pytest.raises(ActionRejected):
        may_ask(regulations, N, N, S)


def test_law61C_2017_a_revoke_claim_does_not_open_the_quitted_tricks() -> None:
    assert claim_opens_quitted_tricks(Edition.LAWS_2017) == (False, LawRef(Edition.LAWS_2017,
                                                                           "61C"))


def test_law62C3_2007_a_revoke_claim_does_not_open_the_quitted_tricks() -> None:
    assert claim_opens_quitted_tricks(Edition.LAWS_2007) == (False, LawRef(Edition.LAWS_2007,
                                                                           "62C3"))


# 62: correction at the table


def test_law62A_a_revoke_is_corrected_before_it_is_established(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ")  # W holds hearts
    table.draw_attention("E")
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["correct"]
    assert {c.clause for c in pending.clauses} >= {"62A", "62B"}
    table.choose("correct")
    assert table.turn is W and set(map(str, table.legal_cards())) == {"H5", "H6", "H7"}


def test_law62B1_a_defenders_revoke_card_becomes_a_major_penalty_card(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ")
    table.draw_attention("N")
    table.choose("correct")
    (penalty,) = table.state.penalty_cards
    assert (penalty.seat, str(penalty.card), penalty.deliberate, penalty.law.clause) == (
        W, "CJ", True, "62B1")
    assert table.state.revokes[0].corrected


def test_law62B2_declarers_or_dummys_revoke_card_goes_back_freely(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:DJ")  # dummy holds hearts
    table.draw_attention("E")
    effects = table.pending.options[0].effects  # type: ignore[union-attr]
    (effect,) = [e for e in effects if not isinstance(e, Cite)]
    assert isinstance(effect, ReturnCard) and effect.law.clause == "62B2"
    table.choose("correct")
    assert {ref.clause for ref in table.rulings[-1].clauses} == {"62A", "62B", "62B2"}
    assert not table.state.penalty_cards and table.turn is S
    assert set(map(str, table.legal_cards())) == {"H2", "H3", "H4"}


def test_law62C1_the_non_offenders_cards_after_the_revoke_go_back(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ N:H8")
    table.draw_attention("N")
    table.choose("correct")
    assert table.turn is W  # North's H8 is back in his hand: he plays again after West
    plays(table, "W:H5")
    assert Card.parse("H8") in table.legal_cards()


def table_62C2(edition: Edition) -> Table:
    """Trick 2: dummy leads DK, W revokes with C2, N plays D6, E plays D3 after it."""
    table = spades_by_north(edition)
    plays(table, "E:D2 S:DA W:D8 N:D5 S:DK W:CJ N:D6 E:D3")
    table.draw_attention("E")
    return table


def test_law62C2_the_offenders_partner_keeps_his_card_unless_he_changes_it(
        edition: Edition) -> None:
    table = table_62C2(edition)
    pending = table.pending
    assert pending is not None and [q.id for q in pending.open_questions] == ["retakes-card"]
    table.answer("retakes-card", False)
    effects = table.pending.options[0].effects  # type: ignore[union-attr]
    assert isinstance(effects[3], RestrictPlay) and str(effects[3].card) == "D3"
    table.choose("correct")
    plays(table, "W:D9 N:D7")
    assert set(map(str, table.legal_cards())) == {"D3"}


def test_law62C2_a_defenders_card_taken_back_becomes_a_penalty_card(edition: Edition) -> None:
    table = table_62C2(edition)
    table.answer("retakes-card", True)
    table.choose("correct")
    assert {(pc.seat, str(pc.card)) for pc in table.state.penalty_cards} == {(W, "CJ"), (E, "D3")}


def test_law62C3_2017_both_sides_revoked_on_one_trick_both_are_corrected() -> None:
    table = spades_by_north(Edition.LAWS_2017)
    # trick 2: W and N both revoke; only N-S play to trick 3 (N's revoke established)
    plays(table, "E:D2 S:DA W:D8 N:D5 S:DK W:CJ N:H8 E:D3 S:DQ")
    assert [r.established for r in table.state.revokes] == [False, True]
    table.draw_attention("E", table.state.revokes[1].record)
    assert {c.clause for c in table.pending.clauses} >= {"62C3"}  # type: ignore[union-attr]
    table.choose("correct")
    assert {"62C3", "16C2"} <= {law.clause for law in table.rulings[-1].clauses}
    assert all(r.corrected and r.both_sides for r in table.state.revokes)
    assert [(pc.seat, str(pc.card)) for pc in table.state.penalty_cards] == [(W, "CJ")]
    assert table.turn is W


def test_law64B8_2017_revokes_corrected_under_62C3_carry_no_transfer() -> None:
    table = spades_by_north(Edition.LAWS_2017)
    plays(table, "E:D2 S:DA W:D8 N:D5 S:DK W:CJ N:H8 E:D3 S:DQ")
    table.draw_attention("E", table.state.revokes[1].record)
    table.choose("correct")
    finish(table)
    result = table.result()
    assert result is not None
    assert {t.law.clause for t in result.transfers} == {"64B8"}
    assert all(t.tricks == 0 for t in result.transfers)


def test_law62C3_2007_the_established_revoke_stands() -> None:
    table = spades_by_north(Edition.LAWS_2007)
    plays(table, "E:D2 S:DA W:D8 N:D5 S:DK W:CJ N:H8 E:D3 S:DQ")
    table.draw_attention("E", table.state.revokes[1].record)
    assert table.pending is None  # 63B: N's revoke is established
    table.draw_attention("E")  # W's revoke is not: corrected under 62A
    assert table.pending is not None
    assert {c.clause for c in table.pending.clauses} >= {"62A"}


def no_lead_restriction(table: Table) -> None:
    """Declarer declines his penalty-card options on a lead (50D2)."""
    pending = table.pending
    assert pending is not None
    ids = [option.id for option in pending.options]
    table.choose("no-restriction" if "no-restriction" in ids else ids[-1])


ELEVEN_TRICKS = (
    "E:C5 S:C8 W:CJ N:C3 W:CA N:C4 E:C7 S:C9 W:S3 N:SJ E:ST S:S7 N:D6 E:D3 S:DA W:DT "
    "S:S6 W:S4 N:SA E:S9 N:H9 E:HJ S:H2 W:H6 E:HQ S:H4 W:H7 N:HT E:HA S:H3 W:H5 N:H8 "
    "E:D2 S:DJ W:D8 N:D7 S:DQ W:D9 N:D5 E:D4 S:DK W:CK N:SK E:S8")


def test_law62D1_a_trick_12_revoke_found_after_trick_13_is_corrected(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, ELEVEN_TRICKS)
    plays(table, "N:C2 E:HK S:CT W:CQ W:S2 N:SQ E:C6 S:S5")  # E revokes on trick 12
    assert table.result() is not None and table.state.revokes[0].established
    table.draw_attention("N")  # before the hands are returned to the board
    pending = table.pending
    assert pending is not None and {c.clause for c in pending.clauses} >= {"62D1", "62C2"}
    table.answer("retakes-card", False)  # W keeps his CQ (62C2)
    table.choose("correct")
    assert table.turn is E and set(map(str, table.legal_cards())) == {"C6"}
    plays(table, "E:C6 S:CT W:CQ")
    no_lead_restriction(table)  # declarer's 50D2 options: W to lead, E's HK a penalty card
    plays(table, "W:S2 N:SQ E:HK S:S5")  # trick 13 replayed, HK his last card
    result = table.result()
    assert result is not None and result.transfers == ()
    assert str(table.state.play.tricks[11]) == "N: C2 C6 CT CQ"  # type: ignore[union-attr]


def test_law62D2_the_revoke_on_trick_12_before_partner_played_is_reviewed(
        edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, ELEVEN_TRICKS)
    plays(table, "N:C2 E:HK S:CT W:CQ W:S2 N:SQ E:C6 S:S5")
    table.draw_attention("N")
    table.answer("retakes-card", False)
    table.choose("correct")
    plays(table, "E:C6 S:CT W:CQ")
    no_lead_restriction(table)
    plays(table, "W:S2 N:SQ E:HK S:S5")
    result = table.result()
    assert result is not None and [r.law.clause for r in result.reviews] == ["62D2"]


def test_law64B6_a_trick_12_revoke_found_after_the_hands_are_returned(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, ELEVEN_TRICKS)
    plays(table, "N:C2 E:HK S:CT W:CQ W:S2 N:SQ E:C6 S:S5")
    table.draw_attention("N", late=ROUND_ENDED)
    result = table.result()
    assert result is not None and [t.law.clause for t in result.transfers] == ["64B5"]


def test_law62D2_trick_12_revoke_before_partner_played_is_reviewed(edition: Edition) -> None:
    from dupbridge.laws.machinery.ruling import Irregularity, IrregularityKind, Review
    from dupbridge.laws.play.law61_64_revokes import decide
    irregularity = Irregularity(IrregularityKind.REVOKE, edition, E, Card.parse("C2"), 40,
                                W, declaring_side=Side.NS, auction_period_over=True,
                                stage="62A trick=12 62D2")
    decision = decide(irregularity, {}, "d")
    (review,) = [e for e in decision.options[0].effects if isinstance(e, Review)]
    assert review.law.clause == "62D2"
    assert ("16C" in review.note) is (edition is Edition.LAWS_2017)


# 63


def test_law63A1_established_by_the_offending_sides_next_card_only(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:D2 S:DA W:CJ N:D5")  # S wins: N-S lead to trick 2
    plays(table, "S:DK")
    assert not table.state.revokes[0].established  # 63A1: the non-offenders' card
    plays(table, "W:D8")
    assert table.state.revokes[0].established


def test_law63A2_established_by_a_card_designated_for_the_next_trick() -> None:
    revokes = (revoke(W, 4, established=False),)
    assert not established_by_designation(revokes, N, 5)[0].established
    assert established_by_designation(revokes, E, 5)[0].established
    assert established_by(revokes, W, 5)[0].established


def test_law63A3_established_when_the_offending_side_claims(edition: Edition) -> None:
    revokes = (revoke(W, 4, established=False),)
    (effect,) = established_by_claim(edition, revokes, E)
    assert isinstance(effect, Establish) and effect.record == 40 and effect.law.clause == "63A3"
    assert established_by_claim(edition, revokes, N) == ()


def test_law63A3_2007_agreeing_to_the_opponents_claim_establishes() -> None:
    revokes = (revoke(W, 4, established=False),)
    (effect,) = established_by_claim(Edition.LAWS_2007, revokes, S, agreed_by=Side.EW,
                                     agreement_final=False)
    assert effect.law.clause == "63A3"


def test_law63A4_2017_agreement_establishes_once_final() -> None:
    revokes = (revoke(W, 4, established=False),)
    assert established_by_claim(Edition.LAWS_2017, revokes, S, agreed_by=Side.EW,
                                agreement_final=False) == ()
    (effect,) = established_by_claim(Edition.LAWS_2017, revokes, S, agreed_by=Side.EW)
    assert effect.law.clause == "63A4"


def test_law63A4_2017_the_engine_applies_an_establish_effect() -> None:
    table = spades_by_north(Edition.LAWS_2017)
    plays(table, "E:HA S:H2 W:CJ")
    (effect,) = established_by_claim(Edition.LAWS_2017, table.state.revokes, N,
                                     agreed_by=Side.EW)
    from dupbridge.table.engine import apply_effect as _apply_effect
    state = _apply_effect(table.state, effect)
    assert state.revokes[0].established


def test_law63B_an_established_revoke_is_not_corrected(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ N:H8 E:HK")
    table.draw_attention("N")
    assert table.pending is None and table.state.revokes[0].noticed
    assert str(table.state.play.tricks[0]) == "E: HA H2 CJ H8"  # type: ignore[union-attr]
    assert may_be_corrected(edition, table.state.revokes[0], table.state.revokes, "") is None


def test_law63B_exceptions_trick_12_and_2017_both_sides(edition: Edition) -> None:
    twelfth = revoke(W, 12)
    assert may_be_corrected(edition, twelfth, (twelfth,), "").clause == "62D1"  # type: ignore[union-attr]
    assert may_be_corrected(edition, twelfth, (twelfth,), ROUND_ENDED) is None
    mine, theirs = revoke(W, 5), revoke(N, 5, established=False, record=51)
    expected = "62C3" if edition is Edition.LAWS_2017 else None
    found = may_be_corrected(edition, mine, (mine, theirs), "")
    assert (found.clause if found else None) == expected
    assert (both_sides_on_trick(edition, mine, (mine, theirs)) is theirs) is (expected is not None)


# 64


def settle(edition: Edition, revokes: tuple[Revoke, ...], winners: str,
           suit: str = "H") -> tuple[Transfer, ...]:
    return transfers(edition, revokes, tricks(winners, suit))


def test_law64A1_offender_won_the_revoke_trick_and_a_later_one(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 5),), "NNNNWNNNENNNN")
    assert (t.tricks, t.law.clause) == (2, "64A1")
    (t,) = settle(edition, (revoke(W, 5),), "NNNNWNNNNNNNN")
    assert (t.tricks, t.law.clause) == (1, "64A1")


def test_law64A2_offending_side_won_the_trick_or_a_later_one(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 5),), "NNNNENNNNNNNN")
    assert (t.tricks, t.law.clause) == (1, "64A2")
    (t,) = settle(edition, (revoke(W, 5),), "NNNNNNNNNEEEE")
    assert (t.tricks, t.law.clause) == (1, "64A2")


def test_law64A1_a_trick_won_in_dummy_is_not_won_by_declarer(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(S, 5),), "EEEENNNNNNNNN")
    assert (t.tricks, t.law.clause) == (1, "64A2")


def test_law64B1_offending_side_won_nothing_from_the_revoke_on(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 5),), "EEEENNNNNNNNN")
    assert (t.tricks, t.law.clause) == (0, "64B1")


def test_law64B2_a_later_revoke_in_the_same_suit_by_the_same_player(edition: Edition) -> None:
    first, second = revoke(W, 3), revoke(W, 6)
    found = settle(edition, (first, second), "WWWWWWWWWWWWW")
    assert [(t.trick, t.law.clause) for t in found] == [(3, "64A1"), (6, "64B2")]
    other_suit = transfers(edition, (first, second), tricks("WWWWWWWWWWWWW", "H")[:5]
                           + tricks("WWWWWWWW", "C"))
    assert other_suit[1].law.clause == "64A1"


def test_law64B2_after_a_corrected_first_revoke_per_edition() -> None:
    first = revoke(W, 3, corrected=True)
    second = revoke(W, 6)
    assert settle(Edition.LAWS_2007, (first, second), "W" * 13)[0].law.clause == "64B2"
    assert settle(Edition.LAWS_2017, (first, second), "W" * 13)[0].law.clause == "64A1"


def test_law64B3_failure_to_play_a_faced_card_per_edition() -> None:
    penalty = revoke(W, 5, faced=True, penalty_card=True)
    dummy = revoke(S, 5, faced=True, dummy=True)
    faced_hand = revoke(W, 5, faced=True)  # e.g. cards faced under 68B2
    for edition in Edition:
        assert settle(edition, (penalty,), "W" * 13)[0].law.clause == "64B3"
        assert settle(edition, (dummy,), "S" * 13)[0].law.clause == "64B3"
    assert settle(Edition.LAWS_2007, (faced_hand,), "W" * 13)[0].law.clause == "64B3"
    assert settle(Edition.LAWS_2017, (faced_hand,), "W" * 13)[0].law.clause == "64A1"


def test_law64B4_attention_first_drawn_after_a_call_on_the_next_board(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 5, late=NEXT_BOARD),), "W" * 13)
    assert (t.tricks, t.law.clause) == (0, "64B4")


def test_law64B5_attention_first_drawn_after_the_round(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 5, late=ROUND_ENDED),), "W" * 13)
    assert (t.tricks, t.law.clause) == (0, "64B5")


def test_law64B4_the_table_records_when_attention_was_first_drawn(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ N:H8")
    finish(table)
    table.draw_attention("N", late=NEXT_BOARD)
    result = table.result()
    assert result is not None and [t.law.clause for t in result.transfers] == ["64B4"]


def test_law64B6_a_revoke_on_the_twelfth_trick(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 12),), "W" * 13)
    assert (t.tricks, t.law.clause) == (0, "64B6")


def test_law64B7_both_sides_revoked_per_edition() -> None:
    mine, theirs = revoke(W, 3), revoke(N, 6, established=False, corrected=True)
    assert settle(Edition.LAWS_2007, (mine, theirs), "W" * 13)[0].law.clause == "64B7"
    assert settle(Edition.LAWS_2017, (mine, theirs), "W" * 13)[0].law.clause == "64A1"
    both = (mine, revoke(N, 6))
    for edition in Edition:
        assert {t.law.clause for t in settle(edition, both, "WWWWWWNNNNNNN")} == {"64B7"}


def test_law64C_equity_review_after_every_established_revoke(edition: Edition) -> None:
    found = settle(edition, (revoke(W, 3), revoke(W, 6)), "W" * 13)
    clauses = [r.law.clause for r in equity_reviews(edition, found)]
    expected = ["64C", "64C"] if edition is Edition.LAWS_2007 else ["64C1", "64C2(a)"]
    assert clauses == expected


def test_law64C2b_2017_both_sides_revoked_review() -> None:
    found = settle(Edition.LAWS_2017, (revoke(W, 3), revoke(N, 6)), "W" * 13)
    assert {r.law.clause for r in equity_reviews(Edition.LAWS_2017, found)} == {"64C2(b)"}


def test_law64C1_2017_review_in_the_result() -> None:
    table = spades_by_north(Edition.LAWS_2017)
    plays(table, "E:HA S:H2 W:CJ N:H8")
    finish(table)
    result = table.result()
    assert result is not None
    assert [t.law.clause for t in result.transfers] == ["64A2"]
    assert [r.law.clause for r in result.reviews] == ["64C1"]


def test_law64A2_the_table_transfers_one_trick(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ N:H8")
    finish(table)
    result = table.result()
    assert result is not None and table.state.play is not None
    assert result.tricks == table.state.play.declarer_tricks + 1


def test_law43B2b_a_corrected_revoke_settled_as_if_established(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:H5 N:D5")  # declarer revokes; dummy asks (after an A2 breach)
    table.draw_attention("E")
    table.choose("correct")
    record = table.state.revokes[0].record
    from dupbridge.table.engine import apply_effect as _apply_effect
    state = _apply_effect(table.state, Establish(LawRef(edition, "43B2(b)"), record))
    assert state.revokes[0].forced and state.revokes[0].standing
    found = transfers(edition, state.revokes, tricks("NNEEEEEEEEEEE"))
    assert [(t.tricks, t.law.clause) for t in found] == [(2, "64A1")]


def test_law62B1_law50B_a_low_revoke_card_is_major_and_carries_law50(edition: Edition) -> None:
    """50B names "revoking and then correcting" as a deliberate play: the corrected
    revoke card is major whatever its rank, and rests on Law 50, its 50B status and 50D."""
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:D9")
    table.draw_attention("N")
    table.choose("correct")
    (penalty,) = table.state.penalty_cards
    assert penalty.card == Card.parse("D9") and penalty.major
    major = "50B" if edition is Edition.LAWS_2007 else "50B2"
    assert [law.clause for law in penalty.clauses] == ["62B1", "50", major, "50D"]


# Parent clauses: the whole procedure on one board


def test_law61B2_dummy_asks_declarer_not_a_defender(edition: Edition) -> None:
    regulations = load_profile(PROFILE[edition])
    assert [may_ask(regulations, N, S, seat).allowed for seat in (N, E, W)] == [
        True, False, False]


def test_law62_correction_then_play_goes_on(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ")
    table.draw_attention("N")
    table.choose("correct")
    plays(table, "W:H5 N:H8")
    assert str(table.state.play.tricks[0]) == "E: HA H2 H5 H8"  # type: ignore[union-attr]


def test_law62B_the_offender_substitutes_a_legal_card(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ")
    table.draw_attention("N")
    table.choose("correct")
    assert set(map(str, table.legal_cards())) == {"H5", "H6", "H7"}  # CJ: a penalty card
    table.play("W", "CA")  # a second revoke, recorded
    assert len(table.state.revokes) == 2


def test_law62C_every_card_after_the_revoke_goes_back(edition: Edition) -> None:
    table = table_62C2(edition)
    table.answer("retakes-card", True)
    table.choose("correct")
    assert table.state.play.current_trick.cards == (Card.parse("DK"),)  # type: ignore[union-attr]


def test_law62D_trick_12_correction_changes_the_trick_count(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, ELEVEN_TRICKS)
    plays(table, "N:C2 E:HK S:CT W:CQ W:S2 N:SQ E:C6 S:S5")
    before = table.result()
    table.draw_attention("N")
    table.answer("retakes-card", True)  # W takes back his CQ: a penalty card (62C2)
    table.choose("correct")
    plays(table, "E:C6 S:CT")
    assert table.turn is W and set(map(str, table.legal_cards())) == {"CQ"}
    assert before is not None


def test_law63A_the_offenders_partners_lead_establishes(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ N:H8")
    assert not table.state.revokes[0].established
    plays(table, "E:HK")
    assert table.state.revokes[0].established


def test_law64_result_counts_the_transfer(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:D2 S:DA W:S2 N:D5")  # W ruffs a diamond holding them
    finish(table)
    result = table.result()
    assert result is not None
    (transfer,) = result.transfers
    assert transfer.law.clause == "64A1" and transfer.seat is W
    assert result.tricks == table.state.play.declarer_tricks + transfer.tricks  # type: ignore[union-attr]


def test_law64A_transfers_never_exceed_the_offending_sides_tricks(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 11),), "NNNNNNNNNNWNN")
    assert t.tricks == 1


def test_law64B_exceptions_come_before_the_transfer(edition: Edition) -> None:
    (t,) = settle(edition, (revoke(W, 5, late=NEXT_BOARD, faced=True),), "W" * 13)
    assert t.law.clause == "64B4" and t.tricks == 0


def test_law64C2_2017_special_cases() -> None:
    found = settle(Edition.LAWS_2017, (revoke(W, 3), revoke(W, 6), revoke(N, 8)), "W" * 13)
    clauses = {r.law.clause for r in equity_reviews(Edition.LAWS_2017, found)}
    assert clauses == {"64C2(a)", "64C2(b)"}


def test_law64C2a_2017_repeated_revokes_review() -> None:
    found = settle(Edition.LAWS_2017, (revoke(W, 3), revoke(W, 6)), "W" * 13)
    assert equity_reviews(Edition.LAWS_2017, found)[1].law.clause == "64C2(a)"


def test_law61B1_the_table_records_an_inquiry_and_refuses_dummys(edition: Edition) -> None:
    table = spades_by_north(edition)
    plays(table, "E:HA S:H2 W:CJ")
    table.ask_about_revoke("N", "W")
    (enquiry,) = table.state.talk
    assert enquiry.seat is N and enquiry.law.clause == "61B1"
    with pytest.raises(ActionRejected, match="61B2"):
        table.ask_about_revoke("S", "W")
    table.ask_about_revoke("E", "W")
    assert table.state.talk[-1].law.clause == "61B3"
