"""Citations that say why (issue 31): a Law 70 ruling cites the clauses of the questions
its proposal rests on, only where their condition held; a claim or concession that stands
rests on 68A / 68B1 (and 69A once agreed); an inadmissible call's ruling cites the Law 35
item that sends it to Laws 36-39; a Law 24 card that becomes a penalty card makes its
ruling cite Law 50 and the information law of the exposed card (2007 16D, 2017 16C)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge.core.cards import Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import law35_inadmissible_calls
from dupbridge.laws.claims.law70_contested_claim import (
    FINESSE_IRRATIONAL,
    TRUMP_FORGOTTEN,
    Adjudication,
    adjudicate,
)
from dupbridge.laws.claims.normal_lines import SuitOrder
from dupbridge.laws.claims.position import ClaimPosition, made_as
from dupbridge.laws.claims.statement import parse_statement
from dupbridge.table.events import ClaimAgreed, ClaimContested, Claimed, Conceded
from dupbridge.table.table import Table
from test_law70_claim_adjudication import CLUBS_I, FINESSE, TRUMP_OUT, ending, position

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def grounds(found: Adjudication) -> list[str]:
    return [law.clause for law in found.grounds()]


# Law 70: the questions the proposal rests on


def test_law70C1_law70C2_law70C3_the_forgotten_trump_that_wins_a_trick_is_cited() -> None:
    found = adjudicate(position(TRUMP_OUT, trump=Suit.SPADES), {})
    assert {"70C1", "70C2", "70C3"} <= set(grounds(found))


def test_law70C2_a_trump_not_forgotten_cites_no_70C() -> None:
    found = adjudicate(position(TRUMP_OUT, trump=Suit.SPADES), {TRUMP_FORGOTTEN: False})
    assert not {"70C1", "70C2", "70C3"} & set(grounds(found))


def test_law70C1_a_statement_naming_the_trumps_cites_no_70C() -> None:
    found = adjudicate(position(TRUMP_OUT, statement="draw trumps", trump=Suit.SPADES), {})
    assert not [c for c in grounds(found) if c.startswith("70C")]


@pytest.mark.parametrize("edition", list(Edition))
def test_law70E1_only_an_unstated_finesse_would_make_the_claim(edition: Edition) -> None:
    assert "70E1" in grounds(adjudicate(position(FINESSE, edition), {}))


def test_law70E1_2007_the_irrational_exception_is_cited_when_it_gives_the_trick() -> None:
    found = adjudicate(position(FINESSE, Edition.LAWS_2007), {FINESSE_IRRATIONAL: True})
    assert found.proposed == found.position.claimed and "70E1" in grounds(found)


def test_law70D1_a_careless_normal_order_that_does_worse_is_cited() -> None:
    found = adjudicate(position(CLUBS_I, statement="cash clubs"), {})
    assert found.proposed < found.position.claimed
    assert "70D1" in grounds(found) and "70E2" not in grounds(found)  # no RA order


def test_law70E2_the_regulating_authoritys_order_is_cited_where_it_plays() -> None:
    aeb = ClaimPosition(ending(CLUBS_I), parse_statement("cash clubs"), 6, Edition.LAWS_2007,
                        SuitOrder.EACH_HAND)
    assert "70E2" in grounds(adjudicate(aeb, {}))


def test_law70D2_a_defenders_claim_relying_on_partners_discard() -> None:
    text = ".43.2.K .AKQ.3. A..KQ.A ..A.432"  # T70-5: West must keep the DA
    claim = ClaimPosition(ending(text, leader=E, claimer=E), parse_statement("cash hearts"), 4,
                          Edition.LAWS_2017)
    found = adjudicate(claim, {})
    assert "70D2" in grounds(found) and "70D1" not in grounds(found)


def test_law70D3_2007_play_after_the_claim_is_cited_as_evidence() -> None:
    after = ((S, next(iter(ending(FINESSE).hands[S]))),)
    claim = ClaimPosition(ending(FINESSE, after_claim=after), parse_statement(""), 3,
                          Edition.LAWS_2007)
    assert "70D3" in grounds(adjudicate(claim, {}))
    in_2017 = ClaimPosition(claim.ending, claim.statement, 3, Edition.LAWS_2017)
    assert "70D3" not in grounds(adjudicate(in_2017, {}))


def test_law70A_the_directors_own_count_rests_on_no_question() -> None:
    """His own count of tricks, other than the proposal, is cited as 70A alone (the ruling
    says so through 70A's effect): the search's grounds are not his."""
    found = adjudicate(position(TRUMP_OUT, trump=Suit.SPADES), {"claim-tricks": 3})
    assert found.awarded != found.proposed
    table = _doubted_claim(Edition.LAWS_2017)
    table.answer("claim-tricks", 0)
    table.accept_defaults()
    table.choose("adjudicate")
    cited = {law.clause for law in table.rulings[-1].clauses}
    assert not [c for c in cited if c.startswith(("70C", "70D", "70E"))]


# 68A / 68B1 / 69A: a claim or concession that stands


def test_law68A_law68B1_what_a_claim_or_concession_stands_on() -> None:
    ed = Edition.LAWS_2017
    assert made_as(ed, 5, 5, False) == (LawRef(ed, "68A"),)
    assert made_as(ed, 4, 5, False) == (LawRef(ed, "68A"), LawRef(ed, "68B1"))
    assert made_as(ed, 4, 5, True) == (LawRef(ed, "68B1"),)
    assert made_as(ed, 0, 5, False) == (LawRef(ed, "68B1"),)


def _declared(edition: Edition) -> Table:
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:P W:P")
    for token in ["E:D2", "S:DA", "W:D8", "N:D5"]:
        seat, card = token.split(":")
        table.play(seat, card)
    return table


def _doubted_claim(edition: Edition) -> Table:
    table = _declared(edition)
    table.apply(Claimed(N, 12, "all high"))
    table.apply(ClaimContested(W))
    if edition is Edition.LAWS_2017:
        table.answer("play-on", False)
    return table


@pytest.mark.parametrize("edition", list(Edition))
def test_law68A_law69A_an_agreed_claim_carries_what_it_rests_on(edition: Edition) -> None:
    """An agreed claim is settled by no ruling (69A): it carries 68A (and 68B1 for the
    tricks it concedes) and 69A, as a penalty card carries its clauses."""
    table = _declared(edition)
    table.apply(Claimed(N, 9, "three losers"))
    claim = table.state.claim
    assert [law.clause for law in claim.rests_on(edition)] == ["68A", "68B1"]
    table.apply(ClaimAgreed(E))
    table.apply(ClaimAgreed(W))
    claim = table.state.claim
    assert [law.clause for law in claim.rests_on(edition)] == ["68A", "68B1", "69A"]
    assert table.rulings == ()


@pytest.mark.parametrize("edition", list(Edition))
def test_law68B1_law69A_an_agreed_concession_carries_68B1(edition: Edition) -> None:
    table = _declared(edition)
    table.apply(Conceded(N, 2))
    table.apply(ClaimAgreed(E))
    table.apply(ClaimAgreed(W))
    claim = table.state.claim
    assert [law.clause for law in claim.rests_on(edition)] == ["68B1", "69A"]


# Law 35: the item that sends an inadmissible call to its law


@pytest.mark.parametrize(("edition", "items"), [
    (Edition.LAWS_2007, ["35-1", "35-2", "35-3", "35-4"]),
    (Edition.LAWS_2017, ["35A", "35B", "35C", "35D"]),
])
def test_law35_the_item_numbering_of_each_edition(edition: Edition, items: list[str]) -> None:
    assert [law35_inadmissible_calls.item(edition, n).clause for n in (36, 37, 38, 39)] == items


@pytest.mark.parametrize(("script", "option", "law", "item_2007", "item_2017"), [
    ("N:1S E:P S:X", "rectify", "36", "35-1", "35A"),
    ("N:1S E:P S:8S", "rectify", "38", "35-3", "35C"),
    ("N:1S E:P S:P W:P E:X", "rectify", "39", "35-4", "35D"),
])
def test_law35_an_inadmissible_calls_ruling_cites_its_law35_item(
        script: str, option: str, law: str, item_2007: str, item_2017: str) -> None:
    for edition, item in ((Edition.LAWS_2007, item_2007), (Edition.LAWS_2017, item_2017)):
        table = table_for(edition, "N")
        act(table, script)
        table.accept_defaults()
        table.choose(option)
        cited = {c.clause for c in table.rulings[-1].clauses}
        assert item in cited and any(c.startswith(law) for c in cited), cited


@pytest.mark.parametrize("edition", list(Edition))
def test_law35_law36A_the_law_itself_resolving_cites_the_item_too(edition: Edition) -> None:
    table = table_for(edition, "N")
    act(table, "N:1S E:P S:X W:2H")  # 36A: LHO called before the ruling
    item = "35-1" if edition is Edition.LAWS_2007 else "35A"
    assert item in {c.clause for c in table.rulings[-1].clauses}


# Law 24: a card exposed during the auction that becomes a penalty card


@pytest.mark.parametrize(("edition", "information", "status"), [
    (Edition.LAWS_2007, "16D", "50B"), (Edition.LAWS_2017, "16C", "50B2")])
def test_law24_law50_the_exposure_ruling_cites_law50_and_the_information_law(
        edition: Edition, information: str, status: str) -> None:
    table = table_for(edition, "N")
    act(table, "N:1H")
    table.play("E", "HK")  # face up during the auction: W could see it
    table.accept_defaults()
    table.choose("rectify")
    ruling = table.rulings[-1]
    assert information in {c.clause for c in ruling.clauses}
    assert "50" not in {c.clause for c in ruling.clauses}  # not a penalty card yet
    act(table, "E:P S:2H W:P N:4H E:P S:P W:P")  # East defends: a penalty card (24 / 24E)
    cited = {c.clause for c in table.rulings[0].clauses}
    assert {"50", status, "50D", information} <= cited


def test_law24D_a_card_back_to_declarers_hand_cites_no_law50() -> None:
    table = table_for(Edition.LAWS_2017, "N")
    act(table, "N:1H")
    table.play("E", "HK")
    table.accept_defaults()
    table.choose("rectify")
    act(table, "E:1S S:P W:P N:P")  # East declares 1S: the card goes back to his hand
    assert "50" not in {c.clause for c in table.rulings[0].clauses}
