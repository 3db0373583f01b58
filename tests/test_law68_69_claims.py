"""Claims and concessions at the table: Laws 68-69, with 48B2 and 63A2-A4."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.claims import law68_69_claims
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.table.events import (
    ClaimAgreed,
    ClaimContested,
    Claimed,
    Conceded,
    HandFaced,
    PlayAnnounced,
    PlayedAfterClaim,
    TrickClaimed,
)
from dupbridge.table.result import board_result
from dupbridge.table.state import Phase
from dupbridge.table.table import Table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
FIRST_TRICK = "E:D2 S:DA W:D8 N:D5"  # 1S by North; dummy (S) wins trick 1
WITH_REVOKE = "E:D2 S:DA W:CJ N:D5"  # West revokes on trick 1 (he holds diamonds)


def _table(edition: Edition, plays: str = FIRST_TRICK) -> Table:
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    for token in plays.split():
        seat, card = token.split(":")
        table.play(seat, card)
    return table


def _revoke_established(table: Table) -> bool:
    return all(revoke.established for revoke in table.state.revokes)


def test_law68_statement_about_the_trick_in_progress_is_no_claim(edition: Edition) -> None:
    table = _table(edition, FIRST_TRICK + " S:DK")
    table.apply(TrickClaimed(E, None, "this trick is ours"))
    assert table.state.claim is None and table.pending is None
    assert [tag.authorised for tag in table.state.information] == [Side.NS]
    table.play(W, "D9")  # play continues


def test_law68_card_shown_with_it_is_no_penalty_card_unless_found_played(
        edition: Edition) -> None:
    table = _table(edition, FIRST_TRICK + " S:DK")
    table.apply(TrickClaimed(W, table.state.play.hand(W).__iter__().__next__(), "ours"))
    assert table.pending is not None and table.pending.irregularity.kind is IrregularityKind.CLAIM
    table.accept_defaults()
    table.choose("not-played")
    assert table.state.penalty_cards == () and table.state.claim is None


def test_law68A_claim_suspends_play(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Claimed(N, None, "all top tricks"))
    claim = table.state.claim
    assert claim is not None and (claim.tricks, claim.remaining) == (12, 12)
    with pytest.raises(ActionRejected, match="68D"):
        table.play(S, "DK")


def test_law70D3_2007_a_card_played_after_the_claim_is_evidence(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Claimed(N, None, "all top tricks"))
    if edition is Edition.LAWS_2017:  # no 70D3: play goes on only under 68D2(b)
        with pytest.raises(ActionRejected, match="68D"):
            table.apply(PlayedAfterClaim(S, Card.parse("DK")))
        return
    before = table.state.play
    table.apply(PlayedAfterClaim(S, Card.parse("DK")))
    claim = table.state.claim
    assert claim is not None and [str(c) for _, c in claim.after_claim] == ["DK"]
    assert table.state.play == before


def test_law68A_dummy_does_not_claim(edition: Edition) -> None:
    with pytest.raises(ActionRejected, match="68A"):
        _table(edition).apply(Claimed(S))


def test_law68A_a_claim_of_more_than_remain_is_refused(edition: Edition) -> None:
    with pytest.raises(ActionRejected):
        _table(edition).apply(Claimed(N, 13))


def test_law68B1_a_concession_claims_the_rest(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Conceded(N, 1))
    claim = table.state.claim
    assert claim is not None and claim.tricks == 11 and claim.concession


def test_law68B_abandoning_the_hand_concedes_everything(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Conceded(W))
    table.apply(ClaimAgreed(N))  # declarer agrees for his side
    result = table.result()
    assert result is not None and result.tricks == 13


def test_law68B2_partner_objects_to_a_defenders_concession(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Conceded(W, 3))
    table.apply(ClaimContested(E))
    assert table.state.claim is None and table.pending is None
    assert table.state.penalty_cards == ()
    assert [tag.authorised for tag in table.state.information] == [Side.NS]
    assert [r.law.clause for r in table.state.reviews] == ["68B2"]
    table.play(S, "DK")


def test_law68B2_2007_a_defenders_claim_doubted_by_partner_goes_to_the_director() -> None:
    table = _table(Edition.LAWS_2007)
    table.apply(Claimed(E, 2, "two hearts"))
    table.apply(ClaimContested(W))
    assert table.pending is not None and table.state.claim is not None


def test_law68B2_2017_no_concession_or_claim() -> None:
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(E, 2, "two hearts"))
    table.apply(ClaimContested(W))
    assert table.pending is None and table.state.claim is None


def test_law68C_claim_without_a_statement_is_reviewed(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Claimed(N))
    assert [r.law.clause for r in table.state.reviews] == ["68C"]
    assert ("show his hand" in table.state.reviews[0].note) is (edition is Edition.LAWS_2017)


def test_law68D_doubted_claim_goes_to_the_director(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(S))  # dummy too may doubt it (68D)
    pending = table.pending
    assert pending is not None
    assert "68D" in [c.clause for c in pending.clauses]
    with pytest.raises(ActionRejected):
        table.play(S, "DK")


def test_law68D_2007_director_adjudicates_default_against_the_claimer() -> None:
    table = _table(Edition.LAWS_2007)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(W))
    pending = table.pending
    assert pending is not None
    question = pending.questions[-1]
    assert (question.id, question.law.clause) == ("claim-tricks", "70A")
    proposed = question.default
    assert isinstance(proposed, int) and proposed < 10  # a cross-ruff with losers to lose
    assert "V(P)" in pending.note
    table.accept_defaults()
    table.choose("adjudicate")
    result = table.result()
    assert result is not None and result.tricks == 1 + proposed  # dummy's trick 1
    assert table.phase is Phase.COMPLETE


def test_law68D1_2017_agreed_claim_is_law_69() -> None:
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(N, 12, "all"))
    table.apply(ClaimAgreed(E))
    assert table.phase is Phase.PLAY  # W has not agreed yet
    table.apply(ClaimAgreed(W))
    assert table.phase is Phase.COMPLETE


def test_law68D2_2017_doubted_claim_asks_whether_all_four_play_on() -> None:
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(W))
    pending = table.pending
    assert pending is not None and [q.id for q in pending.questions] == ["play-on"]
    assert pending.questions[0].default is False


def test_law68D2a_2017_without_agreement_the_director_rules() -> None:
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(W))
    table.answer("play-on", False)
    table.answer("claim-tricks", 9)
    table.choose("adjudicate")
    result = table.result()
    assert result is not None and result.tricks == 9 + 1  # dummy won trick 1


def test_law68D2bi_2017_play_on_chosen_by_the_non_claiming_side() -> None:
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(W))
    table.answer("play-on", True)
    with pytest.raises(ActionRejected, match="10C"):
        table.choose("play-on", N)


def test_law68D2bii_2017_play_on_voids_the_claim() -> None:
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(W))
    table.answer("play-on", True)
    table.choose("play-on", E)
    assert table.state.claim is None and table.state.penalty_cards == ()
    assert table.state.information == ()
    table.play(S, "DK")


def test_law68D2bii_2017_play_on_to_the_last_trick_is_scored_from_the_play() -> None:
    """Regression: after the play-on (68D2(b)(ii)) the cards went on regularly to the last
    trick, and ``result()`` read auction fields the table never kept for a board whose play
    had begun before the ruling (an AttributeError). The contract is the one played."""
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(W))
    table.answer("play-on", True)
    table.choose("play-on", E)
    while table.turn is not None:
        table.play(table.turn, min(table.legal_cards()))
    result = table.result()
    assert result is not None and result.contract == table.state.contract
    assert result == board_result(table.state)
    assert result.tricks == table.state.play.declarer_tricks  # type: ignore[union-attr]


def test_law69A_agreed_claim_scored_as_won_in_play(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Claimed(N, 9, "three losers"))
    table.apply(ClaimAgreed(E))
    table.apply(ClaimAgreed(W))
    result = table.result()
    assert result is not None and result.tricks == 1 + 9
    with pytest.raises(ActionRejected):
        table.apply(ClaimAgreed(E))


def test_law69A_the_claimers_side_does_not_agree(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Claimed(N, 9, "three losers"))
    with pytest.raises(ActionRejected, match="69A"):
        table.apply(ClaimAgreed(S))


def test_law69A_declarer_credit_of_a_defenders_claim() -> None:
    claim = law68_69_claims.Claim(E, 4, 10, credited=4)
    assert law68_69_claims.declarer_credit(claim, N) == 6


def test_law48B2_declarer_facing_his_hand_is_deemed_a_claim(edition: Edition) -> None:
    table = _table(edition)
    table.apply(HandFaced(N))
    pending = table.pending
    assert pending is not None and pending.questions[0].id == "claim"
    assert pending.questions[0].default is True
    table.accept_defaults()
    table.choose("claim")
    assert table.state.claim is not None and table.state.claim.tricks == 12
    assert table.state.penalty_cards == ()


def test_law48B2_not_intended_play_continues(edition: Edition) -> None:
    table = _table(edition)
    table.apply(HandFaced(N))
    table.answer("claim", False)
    table.choose("no-claim")
    assert table.state.claim is None
    table.play(S, "DK")


def test_law63A2_card_named_for_a_later_trick_establishes(edition: Edition) -> None:
    table = _table(edition, WITH_REVOKE)
    assert not _revoke_established(table)
    table.apply(PlayAnnounced(E, table.state.play.hand(E).__iter__().__next__()))
    assert _revoke_established(table)


def test_law63A3_claim_by_the_offending_side_establishes(edition: Edition) -> None:
    table = _table(edition, "E:HA S:H2 W:H5 N:C2")  # North revokes
    table.apply(Claimed(N))
    assert _revoke_established(table)


def test_law63A3_2007_agreeing_to_the_claim_establishes_at_once() -> None:
    table = _table(Edition.LAWS_2007, WITH_REVOKE)
    table.apply(Claimed(N))
    table.apply(ClaimAgreed(E))
    assert _revoke_established(table)


def test_law63A4_2017_established_once_the_sides_agreement_is_final() -> None:
    table = _table(Edition.LAWS_2017, WITH_REVOKE)
    table.apply(Claimed(N))
    table.apply(ClaimAgreed(E))
    assert not _revoke_established(table)
    table.apply(ClaimAgreed(W))
    assert _revoke_established(table)
    assert [r.law.clause for r in table.state.rulings] == []


def test_law69_agreed_concession_by_a_defender(edition: Edition) -> None:
    table = _table(edition)
    table.apply(Conceded(E, 2))
    table.apply(ClaimAgreed(N))
    result = table.result()
    assert result is not None and result.tricks == 1 + 2


def test_law68D2b_2017_play_on_only_at_the_non_claiming_sides_request() -> None:
    table = _table(Edition.LAWS_2017)
    table.apply(Claimed(N, 10, "cross-ruff"))
    table.apply(ClaimContested(W))
    table.answer("play-on", True)
    pending = table.pending
    assert pending is not None
    assert [(o.id, o.chosen_by) for o in pending.options] == [("play-on", E)]
