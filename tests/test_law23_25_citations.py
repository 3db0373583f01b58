"""The clauses a change of call and a comparable call rest on, cited at the level the text
names (docs/ruling-vocabulary.md, "Citations")."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Edition
from dupbridge.laws.auction.law23_comparable_call import COMPARABLE
from dupbridge.laws.machinery.ruling import Answer

E2007, E2017 = Edition.LAWS_2007, Edition.LAWS_2017


def _cited(table) -> set[str]:  # type: ignore[no-untyped-def]
    return {law.clause for law in table.rulings[-1].clauses}


def _unintended(table, edition: Edition, yes: bool) -> None:  # type: ignore[no-untyped-def]
    table.answer("unintended", yes)
    if edition is E2007:
        table.answer("without-pause", yes)


@pytest.mark.parametrize(("edition", "after_final_pass"), [(E2007, "25A3"), (E2017, "25A5")])
def test_law25A3_2007_law25A5_2017_unintended_final_pass_replaced(
        edition: Edition, after_final_pass: str) -> None:
    """An unintended final pass replaced by the call meant: the ruling cites 25A1 and the
    clause that allows it after the auction ended, never Law 35 or 39."""
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P W:X")
    _unintended(table, edition, True)
    table.choose("replace")
    cited = _cited(table)
    assert {"25A1", after_final_pass} <= cited
    assert not any(clause.startswith(("35", "39")) for clause in cited)


def test_law25A2_2017_an_unintended_call_cites_25A2() -> None:
    table = table_for(E2017)
    act(table, "N:1C N:1NT")
    _unintended(table, E2017, True)
    table.choose("replace")
    assert {"25A1", "25A2"} <= _cited(table)
    assert not any(clause.startswith(("35", "39")) for clause in _cited(table))


@pytest.mark.parametrize("edition", [E2007, E2017])
def test_law25B_an_intended_change_does_not_cite_25A(edition: Edition) -> None:
    """Found intended, Law 25A did not apply: 25B is cited, no 25A clause."""
    table = table_for(edition)
    act(table, "N:1C N:1NT")
    _unintended(table, edition, False)
    table.choose("accept")
    cited = _cited(table)
    assert "25B1" in cited
    assert not any(clause.startswith("25A") for clause in cited)


def _double_replaces_insufficient_bid(comparable: Answer) -> set[str]:
    """2017: E's insufficient 1D over 1H is declined and replaced by a double (27B1(b));
    the Director answers ``comparable`` as given, every other question by its default.
    The clauses cited by the rulings."""
    table = table_for(E2017)
    act(table, "N:1H E:1D")
    table.accept_defaults()  # not unintended (25A)
    table.choose("decline")
    table.call("E", "X")
    while table.pending is not None and table.pending.open_questions:
        question = table.pending.open_questions[0]
        table.answer(question.id, comparable if question.id == COMPARABLE else question.default)
    assert table.pending is not None
    assert table.pending.answers[COMPARABLE] == ("yes" if comparable is True else comparable)
    table.choose(table.pending.options[0].id)
    return {law.clause for ruling in table.rulings for law in ruling.clauses}


@pytest.mark.parametrize(("reason", "clause"), [("same-meaning", "23A1"), ("subset", "23A2"),
                                                ("same-purpose", "23A3")])
def test_law23A1_law23A2_law23A3_2017_the_reason_is_recorded_and_cited(
        reason: str, clause: str) -> None:
    """2017 27B1(b): the Director finds the replacement comparable and says why; the
    ruling cites the reason's clause, with 23B."""
    assert {clause, "23B"} <= _double_replaces_insufficient_bid(reason)


def test_law23A_2017_yes_is_still_accepted_as_comparable_without_a_reason() -> None:
    """The old answer ``yes`` (and ``True``) is read as comparable, reason not recorded:
    only 23A is cited."""
    cited = _double_replaces_insufficient_bid(True)
    assert {"23A", "23B"} <= cited and not cited & {"23A1", "23A2", "23A3"}
