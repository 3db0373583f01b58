"""Law 70 (with 69B and 71): the adjudication value V(P) over the claimer's normal lines,
the Director's questions, and the corrections of a settled claim (spec §5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.cases.runner import run_case_file
from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.edition import Edition
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import render
from dupbridge.laws.claims.law70_contested_claim import (
    CLAIM_TRICKS,
    FINESSE_IRRATIONAL,
    SUIT_ORDER,
    TRUMP_FORGOTTEN,
    adjudicate,
    joined,
)
from dupbridge.laws.claims.normal_lines import NormalPlay, PlayClass, SuitOrder
from dupbridge.laws.claims.position import ClaimPosition, Ending
from dupbridge.laws.claims.search import adjudication_value, best_normal_value
from dupbridge.laws.claims.statement import (
    Cash,
    DrawTrumps,
    Exact,
    Finesse,
    Statement,
    parse_statement,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
CASES = Path(__file__).parent / "cases"


def ending(hands: str, trump: Suit | None = None, leader: Seat = S, claimer: Seat = S,
           **more: object) -> Ending:
    """``hands``: four PBN hands N E S W separated by spaces."""
    sets = tuple(CardSet.from_pbn(hand) for hand in hands.split())
    return Ending((sets[0], sets[1], sets[2], sets[3]), trump, leader, claimer, S,
                  **more)  # type: ignore[arg-type]


TRUMP_OUT = "432... .J32.. A.KQ.. J..9.9"  # 4S: W's SJ outstanding (T70-3)
FINESSE = "AQ...2 .A.A.3 2...AK K3...4"  # S leads S2 to dummy's AQ, SK with W (T70-7)
CLUBS_I = "..32.KQJT AKQ.AK..7 .QJ.54.A2 JT.T.A.98"  # spec §5.6 (i)
CLUBS_II = "..2.AJT98 AK.AKQ..7 .32.43.KQ QJT..AK.6"  # spec §5.6 (ii)


def value(text: str, statement: str = "", trump: Suit | None = None,
          order: SuitOrder = SuitOrder.NONE) -> int:
    found = adjudication_value(ending(text, trump), parse_statement(statement),
                               NormalPlay(order))
    assert found.decided
    return found.tricks


def position(text: str, edition: Edition = Edition.LAWS_2017, statement: str = "",
             claimed: int | None = None, trump: Suit | None = None) -> ClaimPosition:
    end = ending(text, trump)
    return ClaimPosition(end, parse_statement(statement),
                         end.tricks_left if claimed is None else claimed, edition)


# 70 and 70A: the value and the proposal


def test_law70_the_adjudication_proposes_v_of_p_with_a_worst_line() -> None:
    found = adjudicate(position(FINESSE), {})
    assert (found.value.tricks, found.proposed, found.awarded) == (2, 2, 2)
    line = found.value.line
    assert [str(move.card) for move in line[:1]] and len(line) == 12
    assert found.losing_trick is not None
    assert any(move.play_class is PlayClass.OPPONENT for move in line)


def test_law70A_the_directors_count_wins() -> None:
    found = adjudicate(position(FINESSE), {CLAIM_TRICKS: 3})
    assert (found.proposed, found.awarded) == (2, 3)


def test_law70A_a_search_out_of_budget_is_not_decided_and_gives_bounds() -> None:
    found = adjudication_value(ending(CLUBS_I), parse_statement("cash clubs"), NormalPlay(),
                               budget=3)
    assert not found.decided
    assert found.lower <= 2 <= found.upper  # the exact value (2) lies within the bounds
    assert found.tricks == found.upper and len(found.line) == 24  # a real line realises it


# 70B: the statement and the cards before the Director


def test_law70B1_the_statement_made_at_the_claim_is_repeated() -> None:
    found = adjudicate(position(TRUMP_OUT, statement="all high", trump=Suit.SPADES), {})
    text = "\n".join(found.explain())
    assert "Statement at the claim (70B1): all high" in text


def test_law70B3_every_remaining_card_is_shown() -> None:
    text = "\n".join(adjudicate(position(FINESSE), {}).explain())
    assert ("Remaining cards (70B3):\nNorth: SA, SQ, C2\nEast: HA, DA, C3\n"
            "South: S2, CA, CK\nWest: SK, S3, C4") in text


@pytest.mark.parametrize(("lang", "hands", "line"), [
    ("es", "Cartas restantes (70B3):\nNorte: ♠A, ♠D, ♣2\nEste: ♥A, ♦A, ♣3\n"
           "Sur: ♠2, ♣A, ♣R\nOeste: ♠R, ♠3, ♣4", "Peor línea normal:\nBaza 1: Sur ♣R, Oeste ♣4"),
    ("fr", "Cartes restantes (70B3) :\nNord : ♠A, ♠D, ♣2", "Pire ligne normale :\nLevée 1 : Sud ♣R, Ouest ♣4"),
    ("pt", "Cartas restantes (70B3):\nNorte: ♠A, ♠D, ♣2", "Pior linha normal:\nVaza 1: Sul ♣R, Oeste ♣4")])
def test_law70B3_the_cards_and_the_worst_line_read_in_the_directors_notation(
        lang: str, hands: str, line: str) -> None:
    """The cards left and the worst line are written with suit symbols and the honour
    letters of the Director's language (R, D, V), a line for each hand and each trick."""
    text = render(joined(adjudicate(position(FINESSE), {}).explain()), lang)
    assert hands in text and line in text
    assert "S:2...AK" not in text  # no PBN hands


def test_law70B_the_statement_binds_exact_cards_first() -> None:
    statement = Statement((Exact((Card.parse("CA"), Card.parse("CK"))),))
    found = adjudication_value(ending(FINESSE), statement, NormalPlay())
    assert [str(m.card) for m in found.line if m.seat is S][:2] == ["CA", "CK"]


# 70C: an outstanding trump


def test_law70C_an_outstanding_trump_may_ruff_a_winner() -> None:
    assert value(TRUMP_OUT, "all high", trump=Suit.SPADES) == 2


def test_law70C1_a_statement_naming_the_trumps_asks_nothing_about_them() -> None:
    assert parse_statement("draw trumps").mentions_trumps(Suit.SPADES)
    assert not parse_statement("all high").mentions_trumps(Suit.SPADES)
    found = adjudicate(position(TRUMP_OUT, statement="draw trumps", trump=Suit.SPADES), {})
    assert TRUMP_FORGOTTEN not in [q.id for q in found.questions]
    assert found.value.tricks == 3


def test_law70C2_the_director_finds_the_trump_not_forgotten() -> None:
    asked = adjudicate(position(TRUMP_OUT, trump=Suit.SPADES), {})
    question = next(q for q in asked.questions if q.id == TRUMP_FORGOTTEN)
    assert question.default is True and question.law.clause == "70C2"
    assert asked.proposed == 2
    assert adjudicate(position(TRUMP_OUT, trump=Suit.SPADES),
                      {TRUMP_FORGOTTEN: False}).proposed == 3


def test_law70C3_a_trick_lost_to_the_trump_on_any_normal_line_goes() -> None:
    found = adjudicate(position(TRUMP_OUT, trump=Suit.SPADES), {})
    west = [m for m in found.value.line if m.seat is W]
    assert str(west[0].card) == "SJ"  # the worst normal line: a heart ruffed by the SJ


# 70D: no unstated successful line; a defender's claim


def test_law70D_draw_trumps_stops_once_the_opponents_have_none() -> None:
    statement = Statement((DrawTrumps(), Cash(Suit.HEARTS)))
    found = adjudication_value(ending(TRUMP_OUT, Suit.SPADES), statement, NormalPlay())
    assert found.tricks == 3 and str(found.line[0].card) == "SA"


def test_law70D1_the_stated_blocking_order_binds() -> None:
    text = ".A..KQJ A.KQJ.. .2.32.A ..AKQ.T"  # T70-4
    assert value(text, "cash hearts, cash clubs") == 2
    assert value(text, "cash clubs, cash hearts") == 4


def test_law70D1_a_careless_card_ruled_not_normal_is_searched_again() -> None:
    first = adjudicate(position(CLUBS_I, statement="cash clubs"), {})
    normal = [q for q in first.questions if q.id.startswith("normal-")]
    assert normal and all(q.default is True for q in normal)
    answers = {q.id: False for q in normal}
    second = adjudicate(position(CLUBS_I, statement="cash clubs"), answers)
    assert second.value.tricks >= first.value.tricks


def test_law70D2_a_defenders_claim_gets_partners_worst_normal_discard() -> None:
    text = ".43.2.K .AKQ.3. A..KQ.A ..A.432"  # T70-5: West must keep the DA
    found = adjudication_value(ending(text, leader=E, claimer=E), parse_statement("cash hearts"),
                               NormalPlay())
    assert found.tricks == 3  # the DA is the master of diamonds: a winner discarded
    assert any(m.seat is W and str(m.card) == "DA" and m.play_class is PlayClass.WINNER_DISCARD
               for m in found.line)


# 70E: unstated finesses and the order within a suit


def test_law70E_an_unstated_finesse_is_not_given() -> None:
    assert value(FINESSE) == 2


def test_law70E1_a_stated_finesse_is_taken() -> None:
    statement = Statement((Finesse(Card.parse("SK"), W),))
    assert adjudication_value(ending(FINESSE), statement, NormalPlay()).tricks == 3


def test_law70E1_an_opponent_who_showed_out_locates_the_card() -> None:
    text = "AQ...2 .32..3 2...AK K3...4"
    assert value(text) == 2
    shown = ending(text, shown_out=frozenset({(E, Suit.SPADES)}))
    assert adjudication_value(shown, Statement(), NormalPlay()).tricks == 3


def test_law70E1_2007_irrational_not_to_finesse_is_asked_only_in_2007() -> None:
    asked_2007 = adjudicate(position(FINESSE, Edition.LAWS_2007), {})
    asked_2017 = adjudicate(position(FINESSE, Edition.LAWS_2017), {})
    assert FINESSE_IRRATIONAL in [q.id for q in asked_2007.questions]
    assert FINESSE_IRRATIONAL not in [q.id for q in asked_2017.questions]
    yes = adjudicate(position(FINESSE, Edition.LAWS_2007), {FINESSE_IRRATIONAL: True})
    assert (asked_2007.proposed, yes.proposed) == (2, 3)


@pytest.mark.parametrize(("order", "tricks_i", "tricks_ii"), [
    (SuitOrder.EACH_HAND, 4, 2), (SuitOrder.LEAD, 4, 2), (SuitOrder.NONE, 2, 2)])
def test_law70E2_the_two_top_down_readings_of_spec_5_6(order: SuitOrder, tricks_i: int,
                                                       tricks_ii: int) -> None:
    # the claimer's side makes 2 of the non-club tricks in neither ending: club tricks only
    assert value(CLUBS_I, "cash clubs", order=order) == tricks_i
    assert value(CLUBS_II, "cash clubs", order=order) == tricks_ii


def test_law70E2_the_suit_order_question_defaults_to_the_profile() -> None:
    end = ending(CLUBS_I)
    aeb = ClaimPosition(end, parse_statement("cash clubs"), 6, Edition.LAWS_2007,
                        SuitOrder.from_profile("top-down"))
    found = adjudicate(aeb, {})
    question = next(q for q in found.questions if q.id == SUIT_ORDER)
    assert question.default == "top-down-each-hand" and found.proposed == 4
    assert adjudicate(aeb, {SUIT_ORDER: "none"}).proposed == 2


# 69B and 71: corrections of a settled claim, checked on the ruling cases


def _case(edition: str, name: str) -> None:
    result = run_case_file(CASES / edition / name)
    assert result.passed, result.details()


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_law69B1_agreement_to_a_trick_won_in_play_is_withdrawn(edition: str) -> None:
    _case(edition, "T69-2-agreed-to-a-trick-already-won.toml")


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_law69B_no_withdrawal_after_the_correction_period(edition: str) -> None:
    _case(edition, "T69-2-withdrawal-after-the-correction-period.toml")


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_law70B2_an_objection_puts_the_claim_before_the_director(edition: str) -> None:
    _case(edition, "T70-2-statement-and-hands-before-the-director.toml")


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_law69B2_the_director_judges_a_trick_likely_won(edition: str) -> None:
    _case(edition, "T69-3-agreed-although-west-held-the-trump.toml")


def test_law69B2_report_range_over_the_claimers_normal_lines() -> None:
    end = ending(TRUMP_OUT, Suit.SPADES)
    assert best_normal_value(end, NormalPlay()) == 3
    assert adjudication_value(end, Statement(), NormalPlay()).tricks == 2


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_law71_a_concession_is_cancelled_within_the_correction_period(edition: str) -> None:
    _case(edition, "T71-2-conceded-trick-needing-a-finesse.toml")
    _case(edition, "T71-2-claim-below-what-no-normal-play-loses.toml")


def test_law71_1_2007_and_law71A_2017_a_conceded_trick_already_won() -> None:
    _case("2007", "T71-1-concession-of-a-trick-already-won.toml")
    _case("2017", "T71-1-concession-of-a-trick-already-won.toml")


def test_law71_2_2007_and_law71B_2017_a_trick_no_normal_play_loses() -> None:
    _case("2007", "T71-2-conceded-trick-that-cannot-be-lost.toml")
    _case("2017", "T71-2-conceded-trick-that-cannot-be-lost.toml")
