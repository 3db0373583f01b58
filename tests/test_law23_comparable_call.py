"""2017 Law 23: the comparable-call question and what a comparable replacement does."""

from __future__ import annotations

from dupbridge import Call, Edition, Seat
from dupbridge.laws.auction.law23_comparable_call import (
    COMPARABLE,
    comparable_question,
    comparable_replacement,
    is_comparable,
)
from dupbridge.laws.machinery.ruling import Cite, InformationTag, Review


def test_law23A_2017_not_comparable_unless_the_director_says_so() -> None:
    question = comparable_question(Call.parse("1H"), Call.parse("2H"))
    assert question.id == COMPARABLE
    assert question.default == "no"
    assert question.law.clause == "23A" and question.law.edition is Edition.LAWS_2017
    assert "2H" in question.prompt and "1H" in question.prompt
    assert not is_comparable({})
    assert not is_comparable({COMPARABLE: "no"})
    for reason in ("same-meaning", "subset", "same-purpose", "yes"):
        assert is_comparable({COMPARABLE: reason})
    assert question.canonical(True) == "yes" and question.canonical(False) == "no"


def test_law23B_2017_comparable_replacement_lifts_16C2_and_leaves_a_23C_review() -> None:
    effects = comparable_replacement(3, Seat.EAST)
    assert [type(e) for e in effects] == [Cite, InformationTag, Review]
    tag = effects[1]
    assert isinstance(tag, InformationTag)
    assert tag.record == 3 and tag.authorised is None
    assert {e.law.clause for e in effects} == {"23B", "23C"}
    assert all(e.law.edition is Edition.LAWS_2017 for e in effects)
