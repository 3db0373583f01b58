"""``dupbridge rule``: the Director's ruling assistant at the terminal.

It sets up a board (edition or profile, dealer, the auction so far), takes the irregular
action and any later ones in the ruling-case grammar (``E 1H``, ``play E SK``), and while a
decision is pending shows the irregularity, the clauses, the Director's questions with their
defaults (Enter accepts a default) and the options with who chooses each (Law 10C). The
table engine does the ruling; this module only asks and prints.
"""

from __future__ import annotations

from collections.abc import Callable

import typer
from rich.console import Console
from rich.text import Text

from dupbridge.cases import DEFAULT_DEAL, GRAMMAR, StepError, apply_step, parse_step
from dupbridge.cases.checks import calls_text
from dupbridge.cases.steps import convert_answer
from dupbridge.core.board import Board
from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.profiles import PROFILE_NAMES, Regulations, default_regulations, load_profile
from dupbridge.laws.ruling import Answer, Chooser, Decision, InformationTag, Option, Question
from dupbridge.table.state import CallRecord
from dupbridge.table.table import Table

Ask = Callable[[str, str], str]
"""Ask a question with a default ("" for none) and return the answer: the terminal prompt
in use, a scripted one in tests."""


def prompt_ask(prompt: str, default: str) -> str:
    """The terminal prompt; an empty answer takes ``default``."""
    answer: str = typer.prompt(prompt, default=default, show_default=bool(default))
    return answer.strip()


def say(console: Console, text: str, style: str = "") -> None:
    """Print without markup or wrapping: clauses such as ``27B1(a)`` and long rulings must
    come out exactly as the engine wrote them."""
    console.print(Text(text, style=style), soft_wrap=True, highlight=False)


def run_rule(console: Console, ask: Ask) -> Table:
    """The whole session: set-up, the irregular action, later actions, the outcome."""
    table = setup_table(console, ask)
    enter_auction(console, ask, table)
    while not take_action(console, ask, table,
                          "Irregular action (e.g. 'E 1H', 'S X', 'play E SK')", required=True):
        pass
    while take_action(console, ask, table, "Next action (e.g. 'S 2S'), empty to finish"):
        pass
    show_outcome(console, table)
    return table


# Set-up


def setup_table(console: Console, ask: Ask) -> Table:
    regulations = ask_regulations(console, ask)
    dealer = ask_dealer(console, ask)
    board = Board(dealer + 1, DEFAULT_DEAL)  # boards 1-4: Law 2 gives dealer N, E, S, W
    say(console, f"Board {board.number}: dealer {dealer.name.title()}, vulnerable "
        f"{board.vulnerability.value}; {regulations.title} ({regulations.edition.value} Laws)")
    return Table(board, regulations=regulations)


def ask_regulations(console: Console, ask: Ask) -> Regulations:
    """An edition (``2007``, ``2017``: the WBF profile) or a profile name or file."""
    while True:
        text = ask(f"Edition (2007, 2017) or profile ({', '.join(PROFILE_NAMES)})", "2017")
        try:
            return default_regulations(Edition.parse(text))
        except ParseError:
            pass
        try:
            return load_profile(text)
        except ValueError as error:
            say(console, f"error: {error}", "red")


def ask_dealer(console: Console, ask: Ask) -> Seat:
    while True:
        try:
            return Seat.parse(ask("Dealer (N, E, S, W)", "N"))
        except ParseError as error:
            say(console, f"error: {error.reason}", "red")


def enter_auction(console: Console, ask: Ask, table: Table) -> None:
    """The calls so far, in rotation from the dealer; one the Laws make irregular is ruled
    on at once, and the rotation goes on from where the ruling leaves it."""
    calls = ask_calls(console, ask)
    for call in calls:
        seat = table.turn
        if seat is None:
            say(console, f"error: nobody is to call {call}: the auction is over", "red")
            return
        if not act(console, table, f"{seat.letter} {call}"):
            return
        rule_pending(console, ask, table)


def ask_calls(console: Console, ask: Ask) -> list[Call]:
    while True:
        text = ask("Auction so far, from the dealer (e.g. '1S P 2H'; empty for none)", "")
        try:
            return [Call.parse(token) for token in text.split()]
        except ParseError as error:
            say(console, f"error: {error.reason}", "red")


# Actions and decisions


def take_action(console: Console, ask: Ask, table: Table, prompt: str,
                required: bool = False) -> bool:
    """Ask for one action and rule on what it causes; False when the Director is done (an
    empty answer) or, for a required action, when it was not accepted."""
    text = ask(prompt, "")
    if not text:
        if required:
            say(console, f"error: give an action: {GRAMMAR}", "red")
        return False
    done = act(console, table, text)
    rule_pending(console, ask, table)
    return done or not required


def act(console: Console, table: Table, text: str) -> bool:
    """Parse and apply one step; print why, if it is malformed or the table rejects it."""
    try:
        apply_step(table, parse_step(text))
    except StepError as error:
        say(console, f"error: {error}", "red")
        return False
    except ActionRejected as error:
        say(console, f"rejected: {error}", "red")
        return False
    return True


def rule_pending(console: Console, ask: Ask, table: Table) -> None:
    """While a decision is pending: the Director's questions first, then the options. The
    irregularity is shown once per decision, the options once per set of options."""
    shown_decision: str | None = None
    shown_options: tuple[str, ...] | None = None
    while (decision := table.pending) is not None:
        if decision.id != shown_decision:
            show_decision(console, decision)
            shown_decision, shown_options = decision.id, None
        question = next(iter(decision.open_questions), None)
        if question is not None:
            answer_question(console, ask, table, question)
            continue
        options = tuple(option.id for option in decision.options)
        if options != shown_options:
            show_options(console, decision)
            shown_options = options
        choose_option(console, ask, table, decision)


def show_decision(console: Console, decision: Decision) -> None:
    say(console, "")
    say(console, f"Irregularity: {decision.irregularity.describe()}", "bold yellow")
    say(console, "Clauses: " + ", ".join(str(ref) for ref in decision.clauses))
    if not decision.automated:
        say(console, "Not yet automated: the Director applies this law by hand"
            + (f" ({decision.note})" if decision.note else ""))
    if decision.waits_for:
        seats = " or ".join(seat.name.title() for seat in sorted(decision.waits_for))
        say(console, f"Calls before the ruling: {seats} may call now (the law says what "
            "such a call does)")


def answer_question(console: Console, ask: Ask, table: Table, question: Question) -> None:
    say(console, f"Director's question ({question.law}): {question.prompt}")
    text = ask(f"  {question.id} [{_choices_text(question)}]", _answer_text(question.default))
    try:
        table.answer(question.id, convert_answer(question, text))
    except (StepError, ActionRejected) as error:
        say(console, f"error: {error}", "red")


def _choices_text(question: Question) -> str:
    return "/".join(_answer_text(choice) for choice in question.choices)


def _answer_text(value: Answer) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def show_options(console: Console, decision: Decision) -> None:
    say(console, "Options:")
    for number, option in enumerate(decision.options, 1):
        clauses = ", ".join(str(ref) for ref in option.clauses)
        say(console, f"  {number}. {option.id}: {option.description}")
        say(console, f"     chosen by {chooser_text(option.chosen_by)} (Law 10C); "
            f"clauses: {clauses}")


def chooser_text(chooser: Chooser | None) -> str:
    if chooser is None:
        return "nobody (the law itself)"
    return chooser.name.title() if isinstance(chooser, Seat) else "the Director"


def choose_option(console: Console, ask: Ask, table: Table, decision: Decision) -> None:
    """The option by number or id; or a call the law provides for before the ruling."""
    prompt = "Option (number or id)"
    if decision.waits_for:
        prompt += ", or a call before the ruling (e.g. "
        prompt += f"'{min(decision.waits_for).letter} P')"
    default = decision.options[0].id if len(decision.options) == 1 else ""
    text = ask(prompt, default)
    option = find_option(decision, text)
    if option is None and not text:
        say(console, f"error: choose an option (1-{len(decision.options)} or its id)", "red")
        return
    if option is None:
        act(console, table, text)
        return
    try:
        table.choose(option.id)
    except ActionRejected as error:
        say(console, f"rejected: {error}", "red")
        return
    ruling = table.rulings[-1]
    say(console, f"Ruling: {ruling.describe()}", "green")


def find_option(decision: Decision, text: str) -> Option | None:
    if text.isdigit() and 1 <= int(text) <= len(decision.options):
        return decision.options[int(text) - 1]
    return decision.option(text)


# The outcome


def show_outcome(console: Console, table: Table) -> None:
    state = table.state
    say(console, "")
    say(console, "Outcome", "bold")
    _section(console, "Rulings", [f"{ruling.describe()} (chosen by "
                                  f"{chooser_text(ruling.chosen_by)})"
                                  for ruling in state.rulings])
    _section(console, "Bars", [str(bar) for bar in state.bars])
    _section(console, "Lead restrictions", [
        f"{r.offender.name.title()} withdrew {r.withdrawn}: {r.law} may restrict "
        f"{r.offender.partner.name.title()}'s first lead if {r.offender.name.title()} "
        "becomes a defender" for r in state.lead_restrictions])
    _section(console, "Information", [information_text(table, tag) for tag in state.information])
    _section(console, "For the Director's review at the end of play",
             [f"{review.law}: {review.note}" for review in state.reviews])
    auction = str(state.current_auction)
    say(console, f"Auction: {auction or '(no calls)'}")
    show_turn(console, table)


def _section(console: Console, title: str, lines: list[str]) -> None:
    say(console, f"{title}:" + ("" if lines else " none"))
    for line in lines:
        say(console, f"  {line}")


def information_text(table: Table, tag: InformationTag) -> str:
    record = table.state.records[tag.record]
    what = (f"{record.seat.name.title()}'s {record.call}" if isinstance(record, CallRecord)
            else f"{record.seat.name.title()}'s {record.card}")
    if tag.authorised is None:
        return f"{what}: authorised to both sides ({tag.law})"
    other: Side = tag.authorised.other
    return f"{what}: authorised to {tag.authorised}, unauthorised to {other} ({tag.law})"


def show_turn(console: Console, table: Table) -> None:
    state = table.state
    contract = state.contract
    if contract is not None:
        say(console, f"Contract: {contract}")
    elif state.current_auction.is_over:
        say(console, "Passed out")
    turn = table.turn
    if turn is None:
        say(console, f"Phase: {table.phase.value}; nobody is to act")
    elif state.play is None:
        say(console, f"Turn: {turn.name.title()}; legal calls: {calls_text(table.legal_calls())}")
    else:
        say(console, f"Turn: {turn.name.title()} to play")
