"""The ruling-case runner itself: loading, the event grammar, every expectation key, and
the errors that name the file and the place in it (docs/ruling-cases.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge import PASS, Call, Card, Seat, Vulnerability
from dupbridge.cases import (
    CHECKS,
    CaseError,
    Outcome,
    collect_case_files,
    load_case,
    parse_step,
    run_case_file,
)
from dupbridge.cli.main import app
from dupbridge.notation.steps import (
    AnswerStep,
    CallStep,
    ChooseStep,
    DefaultsStep,
    PlayStep,
    StepError,
)

HEAD = 'title = "a case"\nsource = "laws-17-40.md §20.2 D-32"\nedition = "2017"\ndealer = "N"\n'
DOUBLE = HEAD + 'events = ["N 1S", "E P", "S X"]\n'


def write(tmp_path: Path, text: str, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> str:
    result = run_case_file(write(tmp_path, text))
    assert result.outcome is Outcome.ERROR, result
    assert result.error is not None
    return result.error


# Passing


def test_a_case_that_holds_passes(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + """
events = ["N 1S", "E P", "S X", "choose rectify by Director", "S 2S", "W P"]
[[expect]]
after = 0
turn = "N"
phase = "auction"
[[expect]]
after = 3
pending = true
irregularity = "inadmissible-double"
offender = "S"
pending_clauses = ["36", "19A1"]
pending_options = ["rectify", "unnoticed"]
option_chooser = { rectify = "Director" }
questions = []
rejected = ["N 2S", "play E HA", "choose rectify by S"]
legal_calls = { seat = "none", calls = [] }
[[expect]]
after = 4
bars = ["N rest 36B2"]
lead_restrictions = ["S X"]
information = ["EW"]
clauses = ["36B1", "36B2", "36B3", "72C"]
reviews = ["72C"]
auction = "1S P"
turn = "S"
contract = "none"
[[expect]]
auction = "1S Pass 2S Pass"
legal_calls = { seat = "N", calls = ["Pass"] }
bars = ["N rest"]
""")
    result = run_case_file(path)
    assert result.outcome is Outcome.PASS, result.details()
    assert result.title == "a case" and result.details() == []


def test_rejected_events_are_taken_back(tmp_path: Path) -> None:
    """Trying an event for 'rejected' leaves the table as it was, even when it is accepted."""
    path = write(tmp_path, DOUBLE + """
[[expect]]
rejected = ["W 2H"]
[[expect]]
pending = true
auction = "1S Pass"
""")
    result = run_case_file(path)
    assert result.outcome is Outcome.FAIL
    assert len(result.mismatches) == 1
    assert "rejected: expected rejected: [W 2H]; actual accepted: [W 2H]" in result.details()[0]


# Failing: one mismatch per key, with expected and actual


MISMATCHES = [
    ("pending = false", "pending", "false", "pending: inadmissible double or redouble: South X"),
    ('irregularity = "bid-above-seven"', "irregularity", "bid-above-seven", "inadmissible-double"),
    ('offender = "N"', "offender", "N", "S"),
    ('pending_clauses = ["37"]', "pending_clauses", "includes [37]", "36"),
    ('pending_options = ["accept", "cancel"]', "pending_options", "[accept, cancel]",
     "[rectify, unnoticed]"),
    ('option_chooser = { rectify = "W" }', "option_chooser", "{rectify = W}", "{rectify = Director}"),
    ('option_chooser = { accept = "W" }', "option_chooser", "{accept = W}", "{accept = no such option}"),
    ('questions = ["unintended"]', "questions", "[unintended]", "[] (none)"),
    ('bars = ["N rest"]', "bars", "[N rest]", "[] (none)"),
    ("lead_restrictions = 1", "lead_restrictions", "1", "0"),
    ('lead_restrictions = ["S X"]', "lead_restrictions", "[S X]", "[] (none)"),
    ('legal_calls = { seat = "W", calls = ["P"] }', "legal_calls", "W to call: exactly [Pass]",
     "none to call: [] (none)"),
    ('auction = "1S P X"', "auction", "'1S Pass X'", "'1S Pass'"),
    ('contract = "1S N"', "contract", "1S N", "none"),
    ('result = { contract = "1S N", tricks = 7, ns = 80 }', "result", "1S N, 7 tricks, NS +80",
     "the board is not complete"),
    ('turn = "S"', "turn", "S", "none"),
    ('phase = "play"', "phase", "play", "auction"),
    ('face_down = "W D3"', "face_down", "W D3", "NONE"),
    ('clauses = ["36B"]', "clauses", "includes [36B]", "[] (none)"),
    ('reviews = ["72C"]', "reviews", "includes [72C]", "[] (none)"),
    ("reviews = 1", "reviews", "1", "0 [] (none)"),
    ("information = 1", "information", "1", "0"),
    ('information = ["EW"]', "information", "[EW]", "[] (none)"),
    ('rejected = ["W 2H"]', "rejected", "rejected: [W 2H]", "accepted: [W 2H]"),
    ('talk = ["W review 20B"]', "talk", "[W review 20B]", "[] (none)"),
    ('adjusted = ["17D2(a)"]', "adjusted", "[17D2(a)]", "[] (none)"),
    ('assigned = "2S N 9 NS +140"', "assigned", "2S N 9 NS +140", "none"),
    ('legal_cards = { seat = "S", cards = ["H2"] }', "legal_cards", "S to play: exactly H2",
     "none to play: none"),
    ('penalty_cards = ["E D2"]', "penalty_cards", "[E D2]", "[] (none)"),
    ('transfers = ["W 64A1 2"]', "transfers", "[W 64A1 2]", "[] (none)"),
    ("claim_value = 2", "claim_value", "2", "no Law 70 adjudication pending"),
    ("proposed = 2", "proposed", "2", "no Law 70 adjudication pending"),
    ("loses_at = 1", "loses_at", "1", "no Law 70 adjudication pending"),
    ("question_defaults = { claim-tricks = 2 }", "question_defaults", "{'claim-tricks': 2}",
     "{'claim-tricks': 'not asked'}"),
    ('explains = ["V(P)"]', "explains", "['V(P)']", "missing ['V(P)']"),
]


@pytest.mark.parametrize(("line", "key", "expected", "actual"), MISMATCHES,
                         ids=[f"{m[1]}-{n}" for n, m in enumerate(MISMATCHES)])
def test_each_key_reports_its_mismatch(tmp_path: Path, line: str, key: str, expected: str,
                                       actual: str) -> None:
    path = write(tmp_path, DOUBLE + f"[[expect]]\n{line}\n")
    result = run_case_file(path)
    assert result.outcome is Outcome.FAIL
    assert [m.key for m in result.mismatches] == [key]
    mismatch = result.mismatches[0]
    assert mismatch.expected == expected
    assert actual in mismatch.actual
    text = result.details()[0]
    assert text.startswith(f"{path}: [[expect]] #1 (after 3 events): {key}: expected ")


def test_every_key_has_a_mismatch_test() -> None:
    assert {m[1] for m in MISMATCHES} == set(CHECKS)


def test_reviews_of_a_completed_board_include_those_result_adds(tmp_path: Path) -> None:
    """`reviews` reads the completed board's result: the 64C equity review Table.result()
    adds at the end of play is seen (43B3, 64C), not only the items recorded in play."""
    case = Path(__file__).parent / "cases/2017/T64-14-only-two-of-three-tricks-transferred.toml"
    text = case.read_text(encoding="utf-8").replace('reviews = ["64C1"]', "reviews = 0")
    result = run_case_file(write(tmp_path, text))
    assert result.outcome is Outcome.FAIL
    assert [m.key for m in result.mismatches] == ["reviews"]
    assert result.mismatches[0].expected == "0"
    assert result.mismatches[0].actual == "1 [64C1]"


def test_legal_calls_includes_and_excludes(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + """events = ["N 1S"]
[[expect]]
legal_calls = { seat = "E", includes = ["X", "1NT", "7NT"], excludes = ["1H", "XX"] }
[[expect]]
legal_calls = { seat = "E", includes = ["1H"] }
[[expect]]
legal_calls = { seat = "E", excludes = ["X"] }
[[expect]]
legal_calls = { seat = "S", includes = ["P"] }
""")
    result = run_case_file(path)
    assert [m.block for m in result.mismatches] == [2, 3, 4]
    assert "missing [1H]" in result.mismatches[0].actual
    assert "including [X]" in result.mismatches[1].actual
    assert result.mismatches[2].actual.startswith("E to call: [Pass, X, 1NT..7NT]")


def test_bars_with_kind_and_clause(tmp_path: Path) -> None:
    path = write(tmp_path, DOUBLE.replace('"S X"]', '"S X", "choose rectify"]') + """
[[expect]]
bars = ["N rest 36B2"]
[[expect]]
bars = ["N rest 36B1"]
[[expect]]
bars = ["N next"]
[[expect]]
bars = ["N rest", "S rest"]
""")
    result = run_case_file(path)
    assert [m.block for m in result.mismatches] == [2, 3, 4]
    assert result.mismatches[0].actual == "[N rest 36B2]"


def test_all_mismatches_of_all_blocks_are_reported(tmp_path: Path) -> None:
    path = write(tmp_path, DOUBLE + """
[[expect]]
after = 1
auction = "1S P"
turn = "S"
[[expect]]
pending = false
""")
    result = run_case_file(path)
    assert [(m.block, m.after, m.key) for m in result.mismatches] == [
        (1, 1, "auction"), (1, 1, "turn"), (2, 3, "pending")]


def test_contract_and_passed_out(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + """events = ["N P", "E P", "S P", "W P"]
[[expect]]
contract = "passed out"
phase = "complete"
turn = "none"
[[expect]]
contract = "4S by N"
""")
    result = run_case_file(path)
    assert [(m.key, m.expected, m.actual) for m in result.mismatches] == [
        ("contract", "4S N", "passed out")]


THREE_NT_DOWN_FOUR = [  # 3NT by N, E on lead: one trick a line
    "E HA", "S H2", "W H5", "N H8", "E HK", "S H3", "W H6", "N H9",
    "E HQ", "S H4", "W H7", "N HT", "E HJ", "S C8", "W D8", "N C2",
    "E C5", "S C9", "W CJ", "N C3", "W CA", "N C4", "E C6", "S CT",
    "W CK", "N D5", "E C7", "S S5", "W CQ", "N D6", "E D2", "S S6",
    "W S2", "N SA", "E S8", "S S7", "N SK", "E S9", "S DJ", "W S3",
    "N SQ", "E ST", "S DQ", "W S4", "N SJ", "E D3", "S DK", "W D9",
    "N D7", "E D4", "S DA", "W DT"]


def test_result_scores_the_complete_board(tmp_path: Path) -> None:
    """``result``: the contract scored, tricks to declarer and NS's score (Law 77), each
    part checked only when written (a 2017 36C ruling scores the contract without the
    inadmissible double: tests/cases/2017/D-34-...)."""
    plays = ", ".join(f'"play {play}"' for play in THREE_NT_DOWN_FOUR)
    path = write(tmp_path, HEAD + f"""events = ["N 3NT", "E X", "S P", "W P", "N P", {plays}]
[[expect]]
result = {{ contract = "3NTX N", tricks = 5, ns = -800 }}
[[expect]]
result = {{ contract = "3NTX by N" }}
[[expect]]
result = {{ contract = "3NT N", ns = -200 }}
[[expect]]
result = {{ contract = "passed out" }}
""")
    result = run_case_file(path)
    assert [(m.block, m.key, m.expected, m.actual) for m in result.mismatches] == [
        (3, "result", "3NT N, NS -200", "3NTX N, 5 tricks, NS -800"),
        (4, "result", "passed out", "3NTX N, 5 tricks, NS -800")]


@pytest.mark.parametrize("line", ['result = "4S N"', 'result = { tricks = 7 }',
                                  'result = { contract = "none" }',
                                  'result = { contract = "4S N", ns = "-150" }',
                                  'result = { contract = "4S N", score = 1 }'])
def test_result_malformed_is_an_error(tmp_path: Path, line: str) -> None:
    assert "result" in error_of(tmp_path, DOUBLE + f"[[expect]]\n{line}\n")


# Answers and the Director's defaults


FOUR_SPADES = HEAD + 'events = ["N 4S", "E P", "S P", "W P", "W 5C", {answer}]\n'


def test_answer_yes_no_converted_for_the_question(tmp_path: Path) -> None:
    path = write(tmp_path, FOUR_SPADES.format(answer='"answer unintended yes"') + """
[[expect]]
after = 5
questions = ["unintended"]
[[expect]]
pending_options = ["replace"]
""")
    assert run_case_file(path).outcome is Outcome.PASS


def test_defaults_accepts_every_open_question(tmp_path: Path) -> None:
    path = write(tmp_path, FOUR_SPADES.format(answer='"defaults"') + """
[[expect]]
questions = []
pending_options = ["rectify"]
""")
    assert run_case_file(path).outcome is Outcome.PASS


def test_answer_of_the_wrong_kind_is_an_error(tmp_path: Path) -> None:
    text = FOUR_SPADES.format(answer='"answer unintended maybe"') + "[[expect]]\npending = true\n"
    error = error_of(tmp_path, text)
    assert "event 6 'answer unintended maybe'" in error
    assert "answered yes or no" in error


def test_answer_to_a_question_nobody_asked_is_rejected(tmp_path: Path) -> None:
    text = FOUR_SPADES.format(answer='"answer comparable yes"') + "[[expect]]\npending = true\n"
    error = error_of(tmp_path, text)
    assert "event 6 'answer comparable yes': rejected by the table" in error
    assert "unintended" in error  # the table lists the questions it does ask


# The event grammar


@pytest.mark.parametrize(("text", "step"), [
    ("N 1S", CallStep(Seat.NORTH, Call.parse("1S"))),
    ("west pass", CallStep(Seat.WEST, PASS)),
    ("play e sk", PlayStep(Seat.EAST, Card.parse("SK"))),
    ("S 8c", CallStep(Seat.SOUTH, Call.parse("8C"))),  # recorded, then ruled on (Law 38)
    ("answer comparable yes", AnswerStep("comparable", "yes")),
    ("Defaults", DefaultsStep()),
    ("choose decline", ChooseStep("decline")),
    ("choose decline by S", ChooseStep("decline", Seat.SOUTH)),
    ("choose rectify by TD", ChooseStep("rectify", "Director")),
])
def test_event_grammar(text: str, step: object) -> None:
    assert parse_step(text) == step


MALFORMED = [
    ("N 1Q", "not a call"),
    ("Q 1S", "not a seat"),
    ("N", "expected SEAT CALL"),
    ("N 1S 2S", "expected SEAT CALL"),
    ("play E", "expected 'play SEAT CARD'"),
    ("play E S1", "not a card"),
    ("answer comparable", "expected 'answer QUESTION VALUE'"),
    ("defaults now", "'defaults' takes nothing"),
    ("choose", "expected 'choose OPTION'"),
    ("choose decline S", "expected 'choose OPTION'"),
    ("choose decline by Q", "not a seat"),
    ("", "an empty event"),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED, ids=[m[0] or "empty" for m in MALFORMED])
def test_malformed_event_names_file_position_and_text(tmp_path: Path, text: str,
                                                      message: str) -> None:
    path = write(tmp_path, HEAD + f'events = ["N 1S", "{text}"]\n[[expect]]\npending = false\n')
    with pytest.raises(CaseError) as caught:
        load_case(path)
    assert caught.value.where == f"event 2 {text!r}"
    assert message in caught.value.reason
    assert str(caught.value).startswith(f"{path}: event 2 {text!r}: ")
    assert run_case_file(path).outcome is Outcome.ERROR


def test_parse_step_errors_are_step_errors() -> None:
    with pytest.raises(StepError):
        parse_step("E 8Q")


@pytest.mark.parametrize(("events", "where", "message"), [
    ('["N 1S", "E P", "S X", "N 2S"]', "event 4 'N 2S'", "Law 9B2"),
    ('["N 1S", "E P", "S X", "choose rectify by S"]', "event 4 'choose rectify by S'", "Law 10C"),
    ('["N 1S", "choose rectify"]', "event 2 'choose rectify'", "no decision is pending"),
    ('["N 1S", "play N HA"]', "event 2 'play N HA'", "does not hold"),
    ('["N 1S", "defaults"]', "event 2 'defaults'", "no decision is pending"),
    ('["N P", "E P", "S P", "W P", "N 1S"]', "event 5 'N 1S'", "complete"),
])
def test_event_rejected_by_the_table_is_an_error_at_its_position(
        tmp_path: Path, events: str, where: str, message: str) -> None:
    path = write(tmp_path, HEAD + f"events = {events}\n[[expect]]\npending = false\n")
    result = run_case_file(path)
    assert result.error is not None
    assert result.error.startswith(f"{path}: {where}: rejected by the table: ")
    assert message in result.error


def test_checks_before_the_rejected_event_are_kept(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + """events = ["N 1S", "E P", "S X", "N 2S"]
[[expect]]
after = 1
turn = "S"
""")
    result = run_case_file(path)
    assert result.outcome is Outcome.ERROR
    assert [m.key for m in result.mismatches] == ["turn"]
    assert result.details() == [result.error]


# The file: keys, set-up, values


@pytest.mark.parametrize(("text", "where", "message"), [
    (DOUBLE + 'titel = "x"\n[[expect]]\npending = true\n', "", "unknown key(s) titel"),
    (DOUBLE + "[[expect]]\npendng = true\n", "[[expect]] #1", "unknown key(s) pendng"),
    (DOUBLE + "[[expect]]\npending = true\n[[expect]]\nbar = []\n", "[[expect]] #2",
     "unknown key(s) bar"),
    (DOUBLE, "", "one or more [[expect]] tables"),
    (DOUBLE + "[[expect]]\nafter = 2\n", "[[expect]] #1", "checks nothing"),
    (DOUBLE + "[[expect]]\nafter = 4\npending = true\n", "[[expect]] #1",
     "'after' must be a number of events from 0 to 3"),
    (DOUBLE + '[[expect]]\npending = "yes"\n', "[[expect]] #1, key 'pending'", "true or false"),
    (DOUBLE + '[[expect]]\nbars = ["N always"]\n', "[[expect]] #1, key 'bars'", "SEAT rest|next"),
    (DOUBLE + '[[expect]]\nbars = ["N next repeat"]\n', "[[expect]] #1, key 'bars'", "names the call"),
    (DOUBLE + '[[expect]]\nclauses = ["36Z"]\n', "[[expect]] #1, key 'clauses'", "not a clause id"),
    (DOUBLE + '[[expect]]\nphase = "bidding"\n', "[[expect]] #1, key 'phase'", "auction, complete, play"),
    (DOUBLE + '[[expect]]\nirregularity = "no-such-kind"\n', "[[expect]] #1, key 'irregularity'",
     "inadmissible-double"),
    (DOUBLE + '[[expect]]\ncontract = "9S"\n', "[[expect]] #1, key 'contract'", "not a contract"),
    (DOUBLE + '[[expect]]\nlegal_calls = { seat = "W" }\n', "[[expect]] #1, key 'legal_calls'",
     "one or more of 'calls'"),
    (DOUBLE + '[[expect]]\nlegal_calls = { seat = "W", call = ["P"] }\n',
     "[[expect]] #1, key 'legal_calls'", "unknown: call"),
    (DOUBLE + '[[expect]]\nlead_restrictions = ["S"]\n', "[[expect]] #1, key 'lead_restrictions'",
     "OFFENDER CALL"),
    (DOUBLE + '[[expect]]\ninformation = ["N"]\n', "[[expect]] #1, key 'information'", "NS, EW or both"),
    (DOUBLE + '[[expect]]\nrejected = ["N 1Q"]\n', "[[expect]] #1, key 'rejected'", "not a call"),
    (DOUBLE + '[[expect]]\noption_chooser = { rectify = "Q" }\n',
     "[[expect]] #1, key 'option_chooser'", "not a seat"),
    (HEAD + 'events = "N 1S"\n[[expect]]\npending = false\n', "", "'events' must be a list"),
    (HEAD.replace('title = "a case"\n', "") + 'events = []\n[[expect]]\npending = false\n', "",
     "'title' must be a non-empty string"),
    (HEAD.replace('edition = "2017"\n', "") + 'events = []\n[[expect]]\npending = false\n', "",
     "give 'edition'"),
    (HEAD.replace('"2017"', '"1997"') + 'events = []\n[[expect]]\npending = false\n', "",
     "not an edition"),
    (HEAD + 'profile = "aeb-2007"\nevents = []\n[[expect]]\npending = false\n', "",
     "is for the 2007 Laws, not 2017"),
    (HEAD + 'profile = "nowhere"\nevents = []\n[[expect]]\npending = false\n', "", "no profile"),
    (HEAD.replace('dealer = "N"', 'dealer = "Q"') + 'events = []\n[[expect]]\npending = false\n',
     "", "not a seat"),
    (HEAD + 'board = 2\nevents = []\n[[expect]]\npending = false\n', "",
     "board 2 is dealt by East (Law 2), not North"),
    (HEAD + 'deal = "N:AKQ"\nevents = []\n[[expect]]\npending = false\n', "", "'deal'"),
    ("title = [\n", "", "not valid TOML"),
])
def test_file_errors_name_the_place(tmp_path: Path, text: str, where: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(CaseError) as caught:
        load_case(path)
    assert caught.value.path == str(path)
    assert caught.value.where == where
    assert message in caught.value.reason, caught.value.reason


def test_board_profile_vulnerability_and_deal(tmp_path: Path) -> None:
    text = HEAD.replace('edition = "2017"\ndealer = "N"\n', "") + """profile = "aeb-2007"
board = 6
vulnerability = "All"
deal = "N:432.765.T98.AKQJ AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98"
events = ["E 1S"]
[[expect]]
auction = "1S"
"""
    case = load_case(write(tmp_path, text))
    assert case.regulations.name == "aeb-2007"
    assert case.board.number == 6 and case.board.dealer is Seat.EAST
    assert case.board.vulnerability is Vulnerability.BOTH
    assert case.board.deal is not None and case.board.deal.to_pbn().startswith("N:432.")
    assert case.note == ""
    assert run_case_file(case.path).outcome is Outcome.PASS


def test_profile_file_next_to_the_case(tmp_path: Path) -> None:
    write(tmp_path, 'name = "club"\nedition = "2007"\nauthority = "Club"\ntitle = "Our club"\n',
          "club.toml")
    text = HEAD.replace('edition = "2017"', 'profile = "club.toml"') + """note = "n"
events = []
[[expect]]
turn = "N"
"""
    case = load_case(write(tmp_path, text))
    assert case.regulations.name == "club" and case.note == "n"


def test_collect_case_files_recurses_and_rejects_missing_paths(tmp_path: Path) -> None:
    write(tmp_path, DOUBLE, "b/two.toml")
    write(tmp_path, DOUBLE, "a/deeper/one.toml")
    write(tmp_path, "not a case", "a/readme.md")
    single = write(tmp_path, DOUBLE, "single.toml")
    found = collect_case_files([tmp_path / "a", tmp_path / "b", single])
    assert [p.name for p in found] == ["one.toml", "two.toml", "single.toml"]
    with pytest.raises(FileNotFoundError):
        collect_case_files([tmp_path / "missing"])


# The command


runner = CliRunner()


def test_case_run_command_passes_and_fails(tmp_path: Path) -> None:
    write(tmp_path, DOUBLE + "[[expect]]\npending = true\n", "cases/good.toml")
    write(tmp_path, DOUBLE.replace("a case", "a bad case") + '[[expect]]\nauction = "1S"\n',
          "cases/sub/bad.toml")
    write(tmp_path, DOUBLE.replace('"S X"', '"S 1Q"'), "cases/broken.toml")
    result = runner.invoke(app, ["case", "run", str(tmp_path / "cases")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(line.startswith("PASS  a case") for line in lines)
    assert any(line.startswith("FAIL  a bad case") for line in lines)
    assert any(line.startswith("ERROR broken") for line in lines)
    assert "auction: expected '1S'; actual '1S Pass'" in result.output
    assert "event 3 'S 1Q': not a call" in result.output
    assert "3 cases: 1 passed, 1 failed, 1 errors" in result.output


def test_case_run_command_all_pass(tmp_path: Path) -> None:
    good = write(tmp_path, DOUBLE + "[[expect]]\npending = true\n")
    result = runner.invoke(app, ["case", "run", str(good)])
    assert result.exit_code == 0, result.output
    assert "1 cases: 1 passed, 0 failed, 0 errors" in result.output


def test_case_run_command_without_cases(tmp_path: Path) -> None:
    empty = runner.invoke(app, ["case", "run", str(tmp_path)])
    assert empty.exit_code == 1 and "no case files" in empty.output
    missing = runner.invoke(app, ["case", "run", str(tmp_path / "missing")])
    assert missing.exit_code == 2 and "no such file or directory" in missing.output


def test_case_run_command_runs_the_shipped_cases() -> None:
    cases = Path(__file__).parent / "cases"
    if not cases.is_dir() or not any(cases.rglob("*.toml")):
        pytest.skip("no shipped cases")
    result = runner.invoke(app, ["case", "run", str(cases)])
    assert result.exit_code == 0, result.output


def test_case_run_command_reports_a_crashing_case_and_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A case that crashes the engine (here an event, and a check that asks for the result)
    is that case's ERROR with the last line of its traceback; the folder's run goes on to
    the next case instead of aborting."""
    from dupbridge.table.table import Table

    def broken(*_: object) -> None:
        raise AttributeError("'WorkingState' object has no attribute '_min_rank'")

    monkeypatch.setattr(Table, "result", broken)
    monkeypatch.setattr(Table, "choose", broken)
    write(tmp_path, DOUBLE.replace("a case", "a checked crash")
          + '[[expect]]\nresult = { contract = "1S N" }\n', "cases/a_check.toml")
    write(tmp_path, HEAD.replace("a case", "an event crash")
          + 'events = ["N 1S", "E P", "S X", "choose rectify by Director"]\n'
          + "[[expect]]\npending = false\n", "cases/b_event.toml")
    write(tmp_path, DOUBLE + "[[expect]]\npending = true\n", "cases/c_good.toml")
    result = runner.invoke(app, ["case", "run", str(tmp_path / "cases")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(line.startswith("ERROR a checked crash") for line in lines)
    assert any(line.startswith("ERROR an event crash") for line in lines)
    assert any(line.startswith("PASS  a case") for line in lines)
    last_line = "crashed: AttributeError: 'WorkingState' object has no attribute '_min_rank'"
    assert f"[[expect]] #1, key 'result': {last_line}" in result.output
    assert f"event 4 'choose rectify by Director': {last_line}" in result.output
    assert "3 cases: 1 passed, 0 failed, 2 errors" in result.output
