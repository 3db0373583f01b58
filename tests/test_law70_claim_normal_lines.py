"""Law 70's footnote (normal includes the careless and the inferior for the class of player,
never the irrational), 70D1 and 70D2: the Director's ``normal-<trick>-<seat><card>``
questions reach every trick of the worst normal line on which the claimer's side still
loses a trick, a discarded master is careless, and a defending claimer's partner plays by
what he has seen (spec §5.7, §5.9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.cases.runner import run_case_file
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.edition import Edition
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.law70_contested_claim import (
    Adjudication,
    adjudicate,
    normal_question_id,
)
from dupbridge.laws.claims.normal_lines import PlayClass
from dupbridge.laws.claims.position import ClaimPosition, Ending
from dupbridge.laws.claims.statement import parse_statement

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
CASES = Path(__file__).parent / "cases"

# T70-12: the stated HK loses to the HA at trick 1; dummy may throw its SA on the CA at 3
LATE = "A.3.32. K.QJ..K 2.K.A.A .A.KQJ."
# T70-13: dummy, void in clubs, throws the D2 or its SA under declarer's CA
MASTER = "A..32. .KQ..K 3..A.A KQ..K."
# T70-14: East (a defender) claims; West on lead has seen East show out of spades
VOID_SEEN = "AK.32.. .AKQJ.. ..AKQJ. 43.54.."
# the HK loses to the HA; later the C2 led from AK2 loses to West's CJ (either end, 70E2)
EITHER_END = "432.3.2. KQ.Q.3.9 .K.A.AK2 .A.KQ.QJ"


def claim(hands: str, statement: str = "", leader: Seat = S, claimer: Seat = S,
          shown_out: frozenset[tuple[Seat, Suit]] = frozenset(), trump: Suit | None = None,
          edition: Edition = Edition.LAWS_2017) -> ClaimPosition:
    """A claim of every remaining trick; ``hands``: four PBN hands N E S W, South
    declares."""
    sets = tuple(CardSet.from_pbn(hand) for hand in hands.split())
    ending = Ending((sets[0], sets[1], sets[2], sets[3]), trump, leader, claimer, S,
                    shown_out=shown_out)
    return ClaimPosition(ending, parse_statement(statement), ending.tricks_left, edition)


def normal_questions(found: Adjudication) -> dict[str, str]:
    """The J70N questions asked: id -> the clause each cites."""
    return {q.id: q.law.clause for q in found.questions if q.id.startswith("normal-")}


def class_of(found: Adjudication, seat: Seat, card: str) -> PlayClass:
    return next(m.play_class for m in found.value.line if m.seat is seat
                and str(m.card) == card)


def test_law70_footnote_a_careless_card_after_the_trick_that_falls_short_is_asked() -> None:
    """The worst line falls short at trick 1 (the HA); dummy's SA thrown at trick 3 costs
    one trick more: the Director is asked about it and may exclude it (J70N)."""
    position = claim(LATE, "cash hearts, cash clubs")
    found = adjudicate(position, {})
    assert (found.value.tricks, found.losing_trick) == (2, 1)
    assert normal_questions(found) == {"normal-3-nsa": "70D1"}
    assert class_of(found, N, "SA") is PlayClass.WINNER_DISCARD
    assert class_of(found, N, "D3") is PlayClass.DISCARD  # his last card: no choice
    ruled = adjudicate(position, {"normal-3-nsa": False})
    assert (ruled.value.tricks, ruled.proposed) == (3, 3)  # the HA only
    assert not normal_questions(ruled)


def test_law70E2_a_suit_led_from_the_wrong_end_later_in_the_line_is_asked() -> None:
    """No order set (70E2): leading the C2 from AK2 is careless, and it loses a trick after
    the one where the line already fell short; it is asked, at its own trick."""
    found = adjudicate(claim(EITHER_END, "cash hearts, cash clubs"), {})
    assert found.losing_trick == 1
    late = [m for m in found.value.line if m.seat is S and m.play_class is PlayClass.ANY_END]
    assert late and late[0].trick > 1
    assert normal_question_id(late[0]) in normal_questions(found)


def test_law70_footnote_a_master_thrown_under_partners_winner_is_careless() -> None:
    """Discarding the master of a suit when a loser of another suit could go: careless by
    default (the S3 is then lost), not normal once the Director says so."""
    position = claim(MASTER, "cash clubs")
    found = adjudicate(position, {})
    assert class_of(found, N, "SA") is PlayClass.WINNER_DISCARD
    assert PlayClass.WINNER_DISCARD.questionable
    assert found.value.tricks == 1 and "normal-1-nsa" in normal_questions(found)
    text = "\n".join(found.explain())
    assert "careless: a winner discarded" in text
    ruled = adjudicate(position, {"normal-1-nsa": False})
    assert ruled.value.tricks == 3
    assert ruled.losing_trick is None and not normal_questions(ruled)  # the claim is made


def test_law70D2_partners_lead_of_the_suit_the_claimer_showed_out_of() -> None:
    """A defender claims: his partner, who saw him show out of spades, leads one while he
    holds hearts: careless for what he has seen, asked under 70D2; ruled not normal, the
    claim stands."""
    position = claim(VOID_SEEN, leader=W, claimer=E,
                     shown_out=frozenset({(E, Suit.SPADES)}))
    found = adjudicate(position, {})
    assert found.value.tricks == 2
    assert class_of(found, W, "S3") is PlayClass.VOID_LEAD
    assert normal_questions(found) == {"normal-1-ws3": "70D2"}
    assert "70D2" in [ref.clause for ref in found.grounds()]
    ruled = adjudicate(position, {"normal-1-ws3": False})
    assert (ruled.value.tricks, ruled.proposed) == (4, 4)


def test_law70D2_a_suit_the_claimer_has_not_shown_out_of_is_a_plain_choice() -> None:
    """Without East's void seen in the play, the spade lead is only a choice of suit
    (careless order) and the question cites 70D2 still: it is partner's card."""
    found = adjudicate(claim(VOID_SEEN, leader=W, claimer=E), {})
    assert class_of(found, W, "S3") is PlayClass.SUIT_ORDER
    assert normal_questions(found) == {"normal-1-ws3": "70D2"}


def test_law70D2_with_trumps_a_lead_of_the_claimers_void_may_be_a_ruff() -> None:
    """Clubs trumps: East showed out of spades but not of trumps, so for all West knows the
    spade lead is a ruff for East: a plain choice of suit, not the careless class; once East
    has shown out of trumps too, it is."""
    spades = frozenset({(E, Suit.SPADES)})
    found = adjudicate(claim(VOID_SEEN, leader=W, claimer=E, trump=Suit.CLUBS,
                             shown_out=spades), {})
    assert class_of(found, W, "S3") is PlayClass.SUIT_ORDER
    assert normal_questions(found) == {"normal-1-ws3": "70D2"}
    both = adjudicate(claim(VOID_SEEN, leader=W, claimer=E, trump=Suit.CLUBS,
                            shown_out=spades | {(E, Suit.CLUBS)}), {})
    assert class_of(both, W, "S3") is PlayClass.VOID_LEAD


@pytest.mark.parametrize("edition", ["2007", "2017"])
@pytest.mark.parametrize("name", [
    "T70-12-careless-discard-after-the-lost-trick-excluded.toml",
    "T70-13-winner-thrown-under-partners-ace-excluded.toml",
    "T70-14-defenders-claim-partner-leads-the-claimers-void.toml",
])
def test_law70_footnote_cases_the_director_excludes_a_careless_card(edition: str,
                                                                    name: str) -> None:
    result = run_case_file(CASES / edition / name)
    assert result.passed, result.details()
