"""The rule registry against the law index; Regulating-Authority profiles."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge import Edition, LawRef
from dupbridge.laws import load_rules, registered
from dupbridge.laws.machinery.coverage import CoverageStatus, coverage, find_tests
from dupbridge.laws.machinery.index import law_index
from dupbridge.laws.machinery.profiles import OPTIONS, PROFILE_NAMES, load_profile, parse_profile

TESTS = Path(__file__).parent


def test_index_has_every_law_of_both_editions() -> None:
    for edition in Edition:
        index = law_index(edition)
        assert [law.number for law in index.laws] == list(range(1, 94))
        ids = [clause.ref.clause for clause in index.all_clauses()]
        assert len(ids) == len(set(ids))
    assert LawRef(Edition.LAWS_2017, "23A") in law_index(Edition.LAWS_2017)
    assert LawRef(Edition.LAWS_2017, "36C") in law_index(Edition.LAWS_2017)
    assert LawRef(Edition.LAWS_2007, "36C") not in law_index(Edition.LAWS_2007)
    assert LawRef(Edition.LAWS_2007, "17E2") in law_index(Edition.LAWS_2007)


def test_every_registered_rule_points_at_an_indexed_clause() -> None:
    load_rules()
    rules = registered()
    assert rules, "no rule registered"
    missing = [str(ref) for ref in rules if ref not in law_index(ref.edition)]
    assert missing == []


def test_every_registered_clause_has_a_test_named_after_it() -> None:
    load_rules()
    tests = find_tests(TESTS)
    for edition in Edition:
        untested = [row.ref.clause for row in coverage(edition, tests)
                    if row.status is CoverageStatus.UNTESTED]
        assert untested == [], f"{edition.value}: clauses implemented without a test"


def test_coverage_marks_judgement_and_not_yet() -> None:
    load_rules()
    rows = {row.ref.clause: row for row in coverage(Edition.LAWS_2017, find_tests(TESTS))}
    assert rows["38B"].status is CoverageStatus.IMPLEMENTED
    assert any("test_law38B" in name for name in rows["38B"].tests)
    assert rows["40B2(c)(iv)"].status is CoverageStatus.IMPLEMENTED  # "not yet" until issue 19
    assert rows["36C"].status is CoverageStatus.IMPLEMENTED
    assert any(row.status is CoverageStatus.JUDGEMENT for row in rows.values())


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_shipped_profiles_load_and_cite_indexed_clauses(name: str) -> None:
    regulations = load_profile(name)
    assert regulations.name == name and regulations.edition.value == name[-4:]
    for value, ref in regulations.choices().values():
        assert ref in law_index(regulations.edition), ref
        assert value is not None


def test_profiles_record_the_authorities_choices() -> None:
    assert load_profile("aeb-2007").option("claim_suit_order") == "top-down"
    assert load_profile("ffb-2017").option("written_explanations") == "screens-only"
    assert load_profile("wbf-2017").option("claim_suit_order") == "none"
    with pytest.raises(KeyError):
        load_profile("wbf-2017").option("weighted_scores_allowed")  # a 2007-only option


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[options]\nno_such_thing = 1', "unknown option 'no_such_thing'"),
        ('[options]\nopening_lead_face_down = "yes"', "takes a bool"),
        ('[options]\nclaim_suit_order = "sideways"', "is one of"),
        ('[options]\nweighted_scores_allowed = true', "only in the 2007 Laws"),
        ('colour = "red"', "unknown key"),
    ],
)
def test_profile_errors_name_the_file_and_key(body: str, message: str) -> None:
    text = f'name = "x"\nedition = "2017"\nauthority = "X"\ntitle = "t"\n{body}\n'
    with pytest.raises(ValueError, match=message) as error:
        parse_profile(text, "mine.toml")
    assert "mine.toml" in str(error.value)


def test_every_option_cites_indexed_clauses() -> None:
    for spec in OPTIONS.values():
        for edition in spec.clauses:
            assert spec.law(edition) in law_index(edition), spec.key


def test_unknown_profile_name() -> None:
    with pytest.raises(ValueError, match="no profile"):
        load_profile("xyz-2017")
