"""``dupbridge rule``: the interactive ruling assistant, driven with scripted input."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge import Edition, Seat
from dupbridge.app.ruling_session.flow import find_option
from dupbridge.app.ruling_session.texts import chooser_text, information_text
from dupbridge.cli.main import app
from shared_paths import SHARED

runner = CliRunner()
DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
HANDS = ("AKQJ.T98.765.432", "T98.AKQJ.432.765", "765.432.AKQJ.T98")  # N, E, S: W is the rest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data directory of the test's own: without --save the session is autosaved there
    after every step, never in the user's."""
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path / "data"))


def rule(*lines: str) -> str:
    result = runner.invoke(app, ["rule"], input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    return result.output


def test_law36B_inadmissible_double_rectified_partner_must_pass() -> None:
    """D-32: N 1S, E P, S X; the Director rectifies; S bids 2S, W passes."""
    out = rule("2017", "1", "", "1S P", "S X", "rectify", "S 2S", "W P", "")
    assert "Irregularity: inadmissible double or redouble: South X" in out
    assert "Clauses: 2017 Law 35A, 2017 Law 36, 2017 Law 19A1" in out
    assert "Calls before the ruling: West may call now" in out
    assert "1. rectify: Law 36B" in out
    assert "chosen by the Director; clauses: 2017 Law 16C, 2017 Law 26B" in out
    assert "2017 Law 36B2" in out
    assert "Bars:\n  North must pass (rest of the auction), 2017 Law 36B2" in out
    assert "South withdrew X: 2017 Law 26B may restrict North's first lead" in out
    assert "South's X: authorised to East-West, unauthorised to North-South (2017 Law 16C)" in out
    assert "Options (Law 10C: the Director explains them before the choice):" in out
    assert "2017 Law 72C: " in out  # for the Director's review
    assert "Auction: 1S Pass 2S Pass" in out
    assert "Turn: North; legal calls: Pass" in out


def test_law36A_lho_calls_at_the_option_prompt_2007() -> None:
    """D-31: West calls over the double instead of waiting for the ruling."""
    out = rule("2007", "1", "", "1S P", "S X", "W 2H", "")
    assert "2007 Law 36A" in out
    assert "resolved by the law itself" in out
    assert "Bars: none" in out
    assert "Auction: 1S Pass" in out
    assert "Turn: South" in out


def test_option_by_number_and_enter_accepts_the_single_option() -> None:
    # Then declarer's Law 26 options at South's opening lead (North withdrew 8C).
    by_number = rule("2017", "2", DEAL, "7NT P P", "N 8C", "1", "", "no-restriction", "")
    assert "2017 Law 38C" in by_number and "Contract: 7NT; declarer East" in by_number
    by_default = rule("2017", "2", DEAL, "7NT P P", "N 8C", "", "", "no-restriction", "")
    assert "Contract: 7NT; declarer East" in by_default
    assert "Turn: South to play" in by_default


def test_directors_question_default_accepted_with_enter() -> None:
    """W's 5C after his own final pass: was the pass unintended (Law 25A)? Default no: 39."""
    out = rule("2017", "1", DEAL, "4S P P P", "W 5C", "", "", "", "no-restriction", "")  # 39C: 26B
    assert "Director's question (2017 Law 25A1): Was his last pass unintended" in out
    assert "unintended [yes/no] [no]" in out
    assert out.count("Irregularity: call after the final pass: West 5C") == 1
    assert "2017 Law 39" in out
    assert "Contract: 4S; declarer North, dummy South" in out


def test_directors_question_answered_yes() -> None:
    out = rule("2017", "1", "", "4S P P P", "W 5C", *HANDS, "yes", "replace", "")
    assert "Auction: 4S Pass Pass 5C" in out
    assert "Turn: North" in out


def test_law37B_irregular_call_in_the_auction_so_far_is_ruled_at_once() -> None:
    """The auction so far may itself hold an irregularity: it is ruled, then the rotation
    goes on (D-36: N doubles his partner's 1C; later S, barred, bids)."""
    out = rule("2007", "3", "", "1C P X", "rectify", "N P", "E 1H", "S 3H", "", "")
    assert "Irregularity: inadmissible double or redouble: North X" in out
    assert "Irregularity: action violating the obligation to pass: South 3H" in out
    assert "2007 Law 37B2" in out
    assert "Auction: 1C Pass Pass 1H Pass" in out
    assert "South must pass (rest of the auction), 2007 Law 37B2" in out


def test_profile_and_errors_are_asked_again() -> None:
    """A profile by name; each malformed or impossible answer is said in one line and asked
    again; D-44: S accepts E's insufficient bid by calling over it at the option prompt
    (after the Director's Law 25A questions, answered with their defaults)."""
    out = rule("1999", "aeb-2007", "Q", "1", "", "1S 1Q", "1S", "E 1Q", "play N HA",
               "bid E 1H", "E 1H", "", "", "", "S 2D", "")
    assert "error: give 2007, 2017 or a profile: wbf-2007" in out
    assert "Asociación Española de Bridge" in out and ", 2007 Laws" in out
    assert "error: a board number is 1 or more, not Q" in out
    assert "error: not a call: '1Q'" in out
    assert "rejected: the hand of North is not known; no card can be played" in out
    assert "error: not an action: bid E 1H; expected, e.g., 'E 1H'" in out
    assert "take-hand" not in out  # no grammar dump
    assert "Irregularity: insufficient bid: East 1H" in out
    assert "accept: Law 27A1" in out and "chosen by South; clauses: 2007 Law 27A1" in out
    assert "error: choose an option" in out
    assert "2007 Law 27A1" in out
    assert "Auction: 1S 1H 2D" in out
    assert "Turn: West" in out


def test_small_functions() -> None:
    from dupbridge.cases import DEFAULT_DEAL
    from dupbridge.core.board import Board
    from dupbridge.table.table import Table

    table = Table(Board(1, DEFAULT_DEAL), edition=Edition.LAWS_2017)
    table.call("N", "1S")
    table.call("E", "P")
    table.call("S", "X")
    decision = table.pending
    assert decision is not None
    assert find_option(decision, "1") is decision.options[0]
    assert find_option(decision, "rectify") is decision.options[0]
    assert find_option(decision, "2") is decision.options[1]  # 36C `unnoticed`
    assert find_option(decision, "3") is None and find_option(decision, "W 2H") is None
    assert chooser_text(Seat.SOUTH) == "South" and chooser_text("Director") == "the Director"
    table.call("W", "2H")
    texts = [information_text(tag, table) for tag in table.state.information]
    assert texts[0].startswith("South's X: authorised to East-West")


def test_board_from_a_lin_file_its_markings_and_diagram(tmp_path: Path) -> None:
    """--from FILE --board N: the hands of a real BBO file, shown as a diagram; the session
    saved and taken up again with --load."""
    lin = SHARED / "realdata" / "lin" / "bridgebots_sample.lin"
    saved = tmp_path / "ruling.json"
    result = runner.invoke(app, ["rule", "--lang", "en", "--edition", "2017", "--from",
                                 str(lin), "--board", "15", "--save", str(saved)],
                           input="1D\n\n")
    assert result.exit_code == 0, result.output
    assert "Board 15: dealer South, North-South vulnerable (Law 2)" in result.output
    assert "♠ K 5" in result.output  # North's spades in the diagram
    assert "Turn: West; legal calls: Pass X 1H" in result.output
    assert not (tmp_path / "ruling.autosave.json").exists()  # --save written: autosave gone
    again = runner.invoke(app, ["rule", "--lang", "fr", "--load", str(saved)],
                          input="O 1H\n\n")
    assert again.exit_code == 0, again.output
    assert "Enchères : 1♦ 1♥" in again.output


@pytest.mark.parametrize(("options", "message"), [
    (["--lang", "xx"], "error: --lang is one of en, es, fr, pt, not 'xx'"),
    (["--edition", "2020"], "error: --edition: give 2007, 2017 or a profile"),
    (["--from", "nowhere.pbn", "--board", "2"], "error: --from nowhere.pbn:"),
    (["--from", "nowhere.pbn"], "error: --from needs --board"),
    (["--board", "0"], "error: --board: a board number is 1 or more, not 0"),
    (["--deal", "N:AKQ"], "error: --deal: a PBN deal has 4 hands"),
    (["--load", "missing.json"], "error: missing.json: cannot read"),
])
def test_bad_options_are_one_line_errors(options: list[str], message: str) -> None:
    result = runner.invoke(app, ["rule", *options], input="")
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())  # the console may wrap the line
    assert "Traceback" not in result.output


def test_portuguese_seats_and_calls_are_read() -> None:
    """N L S O in Portuguese: L is East; passo, dobro."""
    result = runner.invoke(app, ["rule", "--lang", "pt", "--edition", "2017", "--board", "1"],
                           input="\n1S passo 2S dobro\n\n")
    assert result.exit_code == 0, result.output
    assert "Irregularidade" not in result.output or "dobro" in result.output
    assert "Leilão: 1♠ Passe 2♠ Dobre" in result.output


def test_law54A_summary_shows_the_new_declarer_and_dummy() -> None:
    out = rule("2017", "1", DEAL, "1NT P 3NT P P P", "play W CA", "", "spread", "")
    assert "- declarer's partner becomes declarer, and declarer dummy (2017 Law 54A)" in out
    assert "Contract: 3NT; declarer South, dummy North" in out
    assert "Turn: North to play" in out


def test_law26A2b_lead_restriction_chosen_is_in_force_in_the_summary() -> None:
    """2007: W's insufficient 1C declined and replaced by Pass (27B2); N declares 4S and
    prohibits clubs at E's opening lead. The summary says so (issue 19: it used to say
    'Lead restrictions: none')."""
    out = rule("2007", "3", DEAL, "1D 1C P 1S P 4S P P P", "", "", "decline", "", "", "", "",
               "prohibit-clubs", "")
    assert "Lead restrictions:\n  East may not lead C while he retains the lead " \
           "(2007 Law 26A2(b))" in out
    assert "Bars: none" in out  # the auction is over: East's bar has ended


def test_three_hands_given_tell_the_fourth() -> None:
    result = runner.invoke(app, ["rule", "--lang", "en", "--edition", "2017", "--board", "1",
                                 "--deal", DEAL.rsplit(" ", 1)[0] + " -"],
                           input="1S P P P\nplay E HA\n\n")
    assert result.exit_code == 0, result.output
    assert "♣ A K Q J" in result.output  # West's clubs, the rest of the pack
    assert "Turn: South to play" in result.output
