"""Law 40: a pair's system card as data, used as the Director's evidence in the
misinformation path (20F, 21B1(b), 75C), the windows for consulting cards (40B2(b)-(c)),
and the Regulating Authority's regulation of special understandings (40B2(a))."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge import Board, Deal, Edition, Table, load_profile
from dupbridge.core.seats import Side
from dupbridge.laws.auction.law40_system import Agreement, SystemCard, is_special
from shared_paths import SEEDS  # noqa: F401  (the shared folder must be present)

DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
NATURAL = SystemCard(Side.NS, (Agreement("2D", "natural sign-off", after="1NT P"),))
ASKING = SystemCard(Side.NS, (Agreement("2D", "strong artificial, asks for majors",
                                        after="1NT P", alert=True, artificial=True),))


def _misexplained(edition: Edition, card: SystemCard | None) -> Table:
    """T-75.1: N explains S's 2D as strong and artificial; S corrects it as natural."""
    table = Table(Board(1, Deal.from_pbn(DEAL)), edition=edition)
    if card is not None:
        table.lodge_system_card(card)
    table.call("N", "1NT")
    table.call("E", "P")
    table.call("S", "2D")
    table.request_explanation("W", (2,))
    table.explain("N", 2, "strong artificial, asks for majors")
    table.call("W", "P")
    table.call("N", "2H")
    table.call("E", "P")
    table.call("S", "2NT")
    table.explain("S", 2, "natural sign-off")
    return table


def _question(table: Table) -> tuple[str, object]:
    assert table.pending is not None
    question = next(q for q in table.pending.questions if q.id == "mistaken-explanation")
    return question.prompt, question.default


@pytest.mark.parametrize("edition", [Edition.LAWS_2007, Edition.LAWS_2017])
def test_law40_law40A_law40A1_law40A1a_law40B_the_card_is_the_directors_evidence(
        edition: Edition) -> None:
    prompt, default = _question(_misexplained(edition, NATURAL))
    assert default is True and "natural sign-off" in prompt  # the correction is the system
    prompt, default = _question(_misexplained(edition, ASKING))
    assert default is False and "asks for majors" in prompt  # a mistaken call (75C)


def test_law40A1a_without_a_card_the_director_presumes_a_mistaken_explanation() -> None:
    prompt, default = _question(_misexplained(Edition.LAWS_2017, None))
    assert default is True and "system card" not in prompt
    silent = SystemCard(Side.NS, (Agreement("2C", "Stayman", after="1NT P", alert=True),))
    prompt, default = _question(_misexplained(Edition.LAWS_2017, silent))
    assert default is True and "nothing about this call" in prompt


@pytest.mark.parametrize("edition", [Edition.LAWS_2007, Edition.LAWS_2017])
def test_law40B1_law40B1b_2007_law40B1c_2017_artificial_calls_are_special(
        edition: Edition) -> None:
    assert is_special(edition, ASKING.agreements[0])
    assert not is_special(edition, NATURAL.agreements[0])


def test_law40B2_law40B2a_understandings_the_regulator_disallows_are_reviewed(
        tmp_path: Path) -> None:
    profile = tmp_path / "club.toml"
    profile.write_text('name = "club-2017"\nedition = "2017"\nauthority = "Club"\n'
                       'title = "A club"\n[options]\n'
                       'disallowed_understandings = "asks for majors"\n')
    table = Table(Board(1), regulations=load_profile(str(profile)))
    table.lodge_system_card(ASKING)
    assert [review.law.clause for review in table.state.reviews] == ["40B4"]
    table.lodge_system_card(NATURAL)  # a new card replaces the side's old one
    assert table.state.system_cards == (NATURAL,)


def test_law40B2b_own_card_in_the_clarification_period_for_the_declaring_side() -> None:
    table = Table(Board(1, Deal.from_pbn(DEAL)), edition=Edition.LAWS_2017)
    for seat, call in (("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"),
                       ("E", "P")):
        table.call(seat, call)
    table.consult_system_card("S")
    assert (table.talk[-1].law.clause, table.talk[-1].proper) == ("40B2(b)", True)


@pytest.mark.parametrize("edition", [Edition.LAWS_2007, Edition.LAWS_2017])
def test_law40B2c_law40B2ci_law40B2cii_law40B2ciii_windows_for_the_opponents_card(
        edition: Edition) -> None:
    table = Table(Board(1, Deal.from_pbn(DEAL)), edition=edition)
    table.consult_opponents_card("E")
    assert (table.talk[-1].law.clause, table.talk[-1].proper) == ("40B2(c)(i)", True)
    table.call("N", "1S")
    table.consult_opponents_card("E")  # his turn to call
    assert (table.talk[-1].law.clause, table.talk[-1].proper) == ("40B2(c)(iii)", True)
    table.consult_opponents_card("W")  # not his turn
    assert (table.talk[-1].law.clause, table.talk[-1].proper) == ("40B2(c)", False)
    assert table.state.reviews[-1].law.clause == "40B2(c)"
    for seat, call in (("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"), ("E", "P")):
        table.call(seat, call)
    table.consult_opponents_card("W")
    assert (table.talk[-1].law.clause, table.talk[-1].proper) == ("40B2(c)(ii)", True)


def test_law40B2civ_2017_after_an_opponents_question() -> None:
    table = Table(Board(1, Deal.from_pbn(DEAL)), edition=Edition.LAWS_2017)
    table.call("N", "1NT")
    table.call("E", "2C")
    table.request_explanation("S", (1,))  # S asks about E's 2C at his turn
    table.consult_opponents_card("W")  # W, to explain his partner's call
    assert (table.talk[-1].law.clause, table.talk[-1].proper) == ("40B2(c)(iv)", True)


def test_law16_law40_law72_law73_have_no_clause_not_yet_in_either_edition() -> None:
    import dupbridge.table.table
    import dupbridge.tournament
    from dupbridge.laws import load_rules
    from dupbridge.laws.machinery.coverage import CoverageStatus, coverage, find_tests

    load_rules()
    dupbridge.tournament.load_rules()
    tests = find_tests(Path(__file__).parent)
    for edition in Edition:
        missing = [row.ref.clause for row in coverage(edition, tests)
                   if row.ref.law in (16, 40, 72, 73) and row.status is CoverageStatus.NOT_YET]
        assert missing == [], (edition, missing)


def test_law40_a_lodged_card_is_written_as_json_and_read_back() -> None:
    import json

    from dupbridge.app.ruling_session.event_codec import decode_event, encode_event

    table = Table(Board(1), edition=Edition.LAWS_2017)
    table.lodge_system_card(SystemCard(Side.NS, ASKING.agreements, ("psychics never",)))
    event = table.events[-1]
    again = decode_event(json.loads(json.dumps(encode_event(event))))
    assert again == event and Table.replay(Board(1), [again], edition="2017").state \
        .system_cards == table.state.system_cards
