"""The ruling assistant's dialogue with the Director: what ``dupbridge rule`` asks and says.

The edition or profile, the board, the hands as far as known; the auction and the actions
in the Director's words, each read back; while a decision is pending, the irregularity, the
Director's questions and every option with who chooses it and what it entails (Law 10C);
a revoke from the facts (``revoke``), declarer's tricks (``result``), each side's adjusted
score (``score``); then what is in force (``outcome.outcome_lines``). Everything said is a
``Msg`` in the Director's language; the terminal, or a test, is the ``Prompter``: this
module never prints nor reads by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol, TypeVar

from dupbridge.app.ruling_session.answers import (
    InputError,
    faced_default,
    late_default,
    read_board_number,
    read_contract,
    read_faced,
    read_hand,
    read_late,
    read_number,
    read_regulations,
    with_hand,
)
from dupbridge.app.ruling_session.document import RulingSession, complete_deal
from dupbridge.app.ruling_session.facts import PlaySummary
from dupbridge.app.ruling_session.flow import (
    ambiguous_words,
    answer_text,
    apply_line,
    breach_lines,
    choice_label,
    choices,
    chosen_reading,
    clause_texts,
    decision_lines,
    error_message,
    find_option,
    is_step,
    line_error,
    option_views,
    provisional,
    question_prompt,
    read_answer,
    reading_question,
    revoke_summary,
    summary_echo,
    with_reading,
)
from dupbridge.app.ruling_session.given_score import SCORE_QUESTION, GivenScoreError, given_reader
from dupbridge.app.ruling_session.outcome import given_echo, outcome_lines
from dupbridge.app.ruling_session.texts import diagram, echo_line, transfer_text, vulnerability_text
from dupbridge.core.board import Board
from dupbridge.core.calls import Call
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import render
from dupbridge.i18n.command_words import command_word
from dupbridge.i18n.id_words import id_typed, id_word
from dupbridge.i18n.words import (
    back_word,
    canonical_line,
    hand_word,
    is_back,
    parse_call,
    parse_seat,
    seat_letter,
    seat_letters,
)
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import book_for
from dupbridge.laws.machinery.profiles import PROFILE_NAMES, Regulations
from dupbridge.laws.machinery.ruling import Decision, Question, Ruling
from dupbridge.notation.steps import StepError
from dupbridge.notation.talk_steps import TALK_KEYWORDS
from dupbridge.table.table import Table

T = TypeVar("T")

REVOKE = "revoke"
RESULT = "result"
SCORE = "score"


class Interrupted(Exception):
    """The Director left the dialogue (Ctrl-C, Ctrl-D at the terminal): the prompter raises
    it; what was recorded is still in the session, to be saved."""


class Back(Exception):
    """The Director typed "back": take back the last answer, or leave a sub-question."""


class Prompter(Protocol):
    """The Director's side of the dialogue: the terminal, or a script in tests."""

    def ask(self, prompt: str, default: str = "") -> str:
        """Ask ``prompt``; an empty answer takes ``default``. Raises ``Interrupted`` when
        the Director leaves."""
        ...

    def say(self, text: str, style: str = "") -> None:
        ...


@dataclass
class Setup:
    """What the command line already says (``None``: ask for it)."""

    regulations: Regulations | None = None
    board: int | None = None
    deal: Deal | None = None
    board_marked: Board | None = None  # a board read from a file, with its markings


@dataclass
class RuleDialogue:
    io: Prompter
    language: str = "en"
    federation: str | None = None
    books: Sequence[LawBook] = ()
    session: RulingSession | None = None
    texts_shown: set[LawRef] = field(default_factory=set)
    books_missing_said: bool = False
    on_step: Callable[[RulingSession], None] | None = None  # e.g. an autosave, per step

    # Saying and asking, in the Director's language

    def text(self, message: str | Msg) -> str:
        return render(message, self.language, federation=self.federation)

    def say(self, message: str | Msg, style: str = "") -> None:
        self.io.say(self.text(message), style)

    def ask(self, prompt: str | Msg, default: str = "") -> str:
        """Ask, once everything recorded so far is handed to ``on_step`` (so a ruling left
        at any question is kept); "back" in the Director's words raises ``Back``."""
        if self.on_step is not None and self.session is not None:
            self.session.language = self.language
            self.on_step(self.session)
        answer = self.io.ask(self.text(prompt), default).strip()
        if is_back(answer, self.language):
            raise Back
        return answer

    def ask_until(self, prompt: str | Msg, default: str, read: Callable[[str], T]) -> T:
        """Ask until the answer reads; each wrong answer gets one line and the question
        again."""
        while True:
            answer = self.ask(prompt, default)
            try:
                return read(answer)
            except (InputError, ParseError, StepError, ValueError) as error:
                self.error(error)

    def error(self, error: Exception) -> None:
        reason = error.reason if isinstance(error, ParseError) else str(error)
        self.say(msg("error: {reason}", reason=error_message(error, reason)), "red")

    @property
    def table(self) -> Table:
        assert self.session is not None
        return self.session.table

    # The whole session

    def run(self, setup: Setup) -> RulingSession:
        if self.session is None:
            self.session = self.start(setup)
            self.session.language = self.language
            try:
                self.enter_auction()
            except Back:
                self.take_back()
        else:
            self.session.language = self.language
            self.show_board()
            self.say(msg("Taken up again where it stopped; '{back}' takes back the last "
                         "answer.", back=back_word(self.language)))
        while True:
            try:
                self.rule_pending()
                if not self.take_action():
                    break
            except Back:
                self.take_back()
        self.show_outcome()
        return self.session

    def take_back(self) -> None:
        """"back": the last step undone (its events replayed without it)."""
        assert self.session is not None
        if self.session.undo():
            self.say(msg("Taken back: the last step is undone."), "yellow")
        else:
            self.say(msg("Nothing to take back."), "yellow")

    def start(self, setup: Setup) -> RulingSession:
        regulations = setup.regulations or self.ask_until(
            msg("Edition (2007, 2017) or profile ({profiles})", profiles=", ".join(PROFILE_NAMES)),
            "2017", read_regulations)
        if setup.board_marked is not None:
            board = setup.board_marked
        else:
            number = setup.board or self.ask_until(msg("Board number"), "1", read_board_number)
            deal = setup.deal if setup.deal is not None else self.ask_hands()
            board = Board(number, deal)
        self.session = RulingSession.start(board, regulations)
        self.show_board()
        return self.session

    def show_board(self) -> None:
        board = self.table.board
        regulations = self.table.state.regulations
        self.say(msg("Board {number}: dealer {dealer}, {vulnerability} (Law 2); {title}, "
                     "{edition} Laws", number=board.number, dealer=board.dealer,
                     vulnerability=vulnerability_text(board.vulnerability),
                     title=regulations.title, edition=regulations.edition.value), "bold")
        if board.deal is not None and any(hand is not None for hand in board.deal.values()):
            for line in diagram(board.deal, self.language):
                self.io.say(line)

    # The hands

    def ask_hands(self) -> Deal | None:
        """A PBN deal string, one hand at a time, or none (Enter)."""
        return self.ask_until(
            msg("Hands: a PBN deal (N:AKQ.J98.T7.6543 ... with - for an unknown hand), "
                "'1' to give them one at a time, Enter if the ruling does not need them"),
            "", self._read_hands)

    def _read_hands(self, text: str) -> Deal | None:
        if not text:
            return None
        if text == "1":
            return self.ask_each_hand(Deal(None, None, None, None))
        return complete_deal(Deal.from_pbn(hand_word(text, self.language)))

    def ask_each_hand(self, deal: Deal, needed: bool = False) -> Deal:
        """Each unknown hand in turn ('-' leaves it unknown unless the ruling needs it)."""
        for seat in Seat:
            if deal[seat] is not None:
                continue
            deal = complete_deal(deal)
            if deal[seat] is not None:
                break
            hand = self.ask_until(
                msg("{seat}'s hand (spades.hearts.diamonds.clubs, as AKQ.J98.T7.6543; "
                    "- if unknown)", seat=seat), "" if needed else "-",
                lambda text: read_hand(text, needed, self.language))
            if hand is not None:
                deal = with_hand(deal, seat, hand)
        return complete_deal(deal)

    def hands_for_the_play(self) -> bool:
        """The play needs all four hands: ask for those not known (three tell the fourth)."""
        board = self.table.board
        deal = board.deal or Deal(None, None, None, None)
        if deal.is_complete:
            return True
        self.say(msg("The play needs the four hands: give those not known yet."))
        deal = self.ask_each_hand(deal, needed=True)
        assert self.session is not None
        self.session.with_hands(deal)
        for line in diagram(deal, self.language):
            self.io.say(line)
        return True

    # The auction and the actions

    def enter_auction(self) -> None:
        """The calls so far, in rotation from the dealer; an irregular one is ruled at once,
        and the rotation goes on from where the ruling leaves it."""
        prompt = msg("Auction so far, from the dealer (e.g. '1S P 2H'; empty for none)")
        while True:
            text = self.ask(prompt)
            try:  # every word checked first, an ambiguous one read one way for now
                for word in provisional(text, self.language).split():
                    parse_call(word, self.language)
                calls = [parse_call(word, self.language) for word in self.resolve(text).split()]
            except ParseError as error:
                self.error(error)
                continue
            self.call_in_rotation(calls)
            return

    def call_in_rotation(self, calls: Sequence[Call]) -> None:
        """Each call by the seat whose turn it is, each irregularity ruled at once."""
        for call in calls:
            seat = self.table.turn
            if seat is None or self.table.state.current_auction.is_over:
                self.say(msg("error: nobody is to call {call}: the auction is over", call=call),
                         "red")
                return
            if not self.act(f"{seat.letter} {call}"):
                return
            self.rule_pending()

    def bare_calls(self, text: str) -> list[Call] | None:
        """Calls typed without their seats during the auction (``paso paso paso``), else
        None."""
        state = self.table.state
        if state.play is not None or state.current_auction.is_over:
            return None
        try:
            return [parse_call(word, self.language) for word in text.split()]
        except ParseError:
            return None

    def resolve(self, text: str) -> str:
        """``text`` with each call or card whose suit letter reads two ways in the
        Director's language (fr ``3C``: 3♥ coeur or 3♣ clubs) spelt with the suit he
        chooses: asked, never guessed."""
        for place, word, readings in ambiguous_words(text, self.language):
            text = with_reading(text, place, self.ask_until(
                reading_question(word, readings), "",
                partial(chosen_reading, readings=readings)))
        return text

    def take_action(self) -> bool:
        """One action and the rulings it causes; False when the Director is done."""
        if (session := self.session) is not None and session.given is None and \
                session.assigned() is None and session.adjustment() is not None:
            self.say(msg("The Director gives each side its adjusted score with '{score}' "
                         "(A60/40, NS +140 / EW -110 or 4S N 10)",
                         score=command_word(SCORE, self.language)), "yellow")
        text = self.ask(msg("Next action ('E 1H', 'play E SK', 'lead-face-down E SK', "
                            "'revoke' to rule a revoke from the facts), Enter to finish"))
        if not text:
            return False
        if not self.readable(text):
            return True
        text = self.resolve(text)
        calls = self.bare_calls(text)
        if calls:
            self.call_in_rotation(calls)
            return True
        line = canonical_line(text, self.language)
        if line.split()[0] == REVOKE:
            self.sub_dialogue(self.rule_revoke_from_facts)
            return True
        if line.split()[0] == RESULT:
            self.sub_dialogue(lambda: self.enter_result(line.split()[1:]))
            return True
        if line.split()[0] == SCORE:
            self.sub_dialogue(lambda: self.enter_score(line.split(maxsplit=1)[1:]))
            return True
        if self.needs_hands(line) and not self.sub_dialogue(self.hands_for_the_play):
            return True
        self.act(line)
        self.rule_pending()
        return True

    def readable(self, text: str) -> bool:
        """Whether ``text`` is an action, checked whole before an ambiguous suit letter in
        it is asked (fr ``N 1C``: 'N' is no call, said first); says why not."""
        line = provisional(text, self.language)
        if self.bare_calls(line):
            return True
        line = canonical_line(line, self.language)
        if line.split()[0] in (REVOKE, RESULT, SCORE):
            return True
        error = line_error(line, self.language)
        if error is not None:
            self.say(error, "red")
            return False
        return True

    def sub_dialogue(self, questions: Callable[[], object]) -> bool:
        """Questions that record nothing until the last answer: "back" at any of them
        leaves them, with nothing recorded (False)."""
        try:
            questions()
        except Back:
            self.say(msg("Left: nothing recorded."), "yellow")
            return False
        return True

    def needs_hands(self, line: str) -> bool:
        """After the auction the engine plays the board, which needs the four hands (even
        a call after the final pass is ruled before the opening lead, in the play's set-up)."""
        state = self.table.state
        card_action = line.split()[0] not in ("answer", "choose", "defaults", *TALK_KEYWORDS)
        deal = state.board.deal
        return (card_action and state.contract is not None and state.current_auction.is_over
                and (deal is None or not deal.is_complete))

    def act(self, line: str) -> bool:
        """Apply one line of the grammar; say in one line why, if it does not fit or the
        table refuses it."""
        self.io.say(echo_line(line, self.language))
        before = self.table.state
        error = apply_line(self.table, line, self.language)
        if error is not None:
            self.say(error, "red")
            return False
        for warning in breach_lines(before, self.table.state):
            self.say(warning, "bold yellow")
        return True

    # Decisions: questions, then the options explained (Law 10C), then the ruling

    def rule_pending(self) -> None:
        shown_decision: str | None = None
        shown_options: tuple[str, ...] | None = None
        while (decision := self.table.pending) is not None:
            if decision.id != shown_decision:
                self.show_decision(decision)
                shown_decision, shown_options = decision.id, None
            question = next(iter(decision.open_questions), None)
            if question is not None:
                self.answer_question(question)
                continue
            options = tuple(option.id for option in decision.options)
            if options != shown_options:
                self.show_options(decision)
                shown_options = options
            self.choose_option(decision)

    def show_decision(self, decision: Decision) -> None:
        self.say("")
        for line, style in decision_lines(decision, self.table):
            self.say(line, style)

    def answer_question(self, question: Question) -> None:
        self.say(question_prompt(question))
        value = self.ask_until(msg("  {id} [{choices}]", id=id_word(question.id, self.language),
                                   choices="/".join(choices(question, self.language))),
                               answer_text(question.default, self.language),
                               lambda text: read_answer(question, text, self.language))
        self.io.say("→ " + self.text(choice_label(value, self.language)))
        self.table.answer(question.id, value)

    def show_options(self, decision: Decision) -> None:
        """Law 10C: every option, who chooses it, and what it entails, before the choice."""
        self.say(msg("Options (Law 10C: the Director explains them before the choice):"))
        for option in option_views(decision, self.table):
            self.say(msg("  {number}. {id}: {description}", number=option.number,
                         id=id_word(option.id, self.language), description=option.description))
            self.say(msg("     chosen by {chooser}; clauses: {clauses}",
                         chooser=option.chooser, clauses=option.clauses))
            for line in option.entails:
                self.say(msg("     - {line}", line=line))

    def choose_option(self, decision: Decision) -> None:
        """The option by number or id; or a call the law provides for before the ruling."""
        prompt = msg("Option (number or id)")
        if decision.waits_for and self.table.state.play is None:
            prompt = msg("Option (number or id), or a call before the ruling (e.g. '{seat} P')",
                         seat=seat_letter(min(decision.waits_for), self.language))
        elif decision.waits_for:
            prompt = msg("Option (number or id), or a card before the ruling (e.g. 'play "
                         "{seat} SA')", seat=seat_letter(min(decision.waits_for), self.language))
        default = (id_word(decision.options[0].id, self.language)
                   if len(decision.options) == 1 else "")
        text = self.ask(prompt, default)
        option = find_option(decision, id_typed(text, tuple(o.id for o in decision.options),
                                                self.language) or text)
        if option is None:
            if not text or not decision.waits_for or not is_step(
                    canonical_line(provisional(text, self.language), self.language),
                    self.language):
                self.say(msg("error: choose an option: 1-{count} or its id",
                             count=len(decision.options)), "red")
                return
            self.act(canonical_line(self.resolve(text), self.language))
            return
        try:
            self.table.choose(option.id)
        except ActionRejected as error:
            self.say(msg("rejected: {reason}", reason=error_message(error, str(error))), "red")
            return
        self.show_ruling(self.table.rulings[-1])

    def show_ruling(self, ruling: Ruling) -> None:
        self.say(msg("Ruling: {ruling}", ruling=ruling.describe()), "green")
        self.show_clauses(ruling.clauses)

    def show_clauses(self, clauses: Sequence[LawRef]) -> None:
        """Each clause with its title, and the imported text of the clause the first time
        it is cited in this session (not again per ruling). A clause whose sub-clause is
        cited too shows its own words only, not the whole law under it."""
        for clause in clause_texts(clauses, self.language, self.books, self.federation):
            self.say(msg("  {law}: {title}", law=clause.ref, title=clause.title))
            if clause.ref in self.texts_shown:
                continue
            self.texts_shown.add(clause.ref)
            book = book_for(self.books, clause.ref.edition, self.language)
            if clause.text:
                self.io.say("    " + clause.text, "dim")
            elif book is not None:  # a gap of the book, said as such, not a bare title
                self.say(msg("    (not in this book: {source} has no text for this clause)",
                             source=book.source), "dim")
            elif not self.books_missing_said:
                self.books_missing_said = True
                self.say(msg("    (no imported law book of the {edition} Laws in this language:"
                             " see 'dupbridge laws import')",
                             edition=clause.ref.edition.value), "dim")

    # End-of-hand rulings from the facts

    def summary_contract(self) -> Contract:
        """The contract the auction reached, or the one the Director gives."""
        contract = self.table.state.contract
        if contract is None or contract.declarer is None:
            contract = self.ask_until(msg("Contract and declarer (e.g. 4S S, 3NTX W)"), "",
                                      read_contract)
        return contract

    def enter_result(self, words: list[str]) -> None:
        """``result N``: the tricks declarer won, as played, when the play itself was not
        entered; the board is scored from it with the rulings made."""
        assert self.session is not None
        if (facts := self.session.summary) is not None and facts.revoke is not None:
            # the revoke's facts hold declarer's tricks as played: never replaced unsaid
            self.say(msg("error: the revoke's facts already give declarer's tricks as played "
                         "({tricks}); '{back}' takes them back first",
                         tricks=facts.declarer_tricks, back=back_word(self.language)), "red")
            return
        contract = self.summary_contract()
        text = words[0] if words else ""
        tricks = (read_number(text, 0, 13) if text.isdigit() and int(text) <= 13 else
                  self.ask_until(msg("Tricks declarer won in all, as played (0-13)"), "",
                                 lambda answer: read_number(answer, 0, 13)))
        self.session.summary = PlaySummary(contract, tricks)
        self.io.say("→ " + self.text(summary_echo(self.session.summary)))

    def enter_score(self, words: list[str]) -> None:
        """``score A60/40`` (``NS +140 / EW -110``, ``4S N 10``): each side's score (12C)."""
        assert self.session is not None
        read = given_reader(self.session.board, self.session.regulations, self.language)
        try:
            given = read(words[0]) if words else None
        except GivenScoreError as error:
            self.error(error)
            given = None
        self.session.given = given or self.ask_until(SCORE_QUESTION, "", read)
        self.io.say("→ " + self.text(given_echo(self.session.given, self.language)))

    # A revoke from the facts (Law 64)

    def rule_revoke_from_facts(self) -> None:
        """The facts the Director learns at the end of the hand; Law 64 and the score."""
        assert self.session is not None
        contract = self.summary_contract()
        letters = seat_letters(self.language)
        seat = self.ask_until(msg("Who revoked ({letters})?", letters=letters), "",
                              lambda text: parse_seat(text, self.language))
        trick = self.ask_until(msg("On which trick (1-12)?"), "",
                               lambda text: read_number(text, 1, 12))
        winner = self.ask_until(msg("Who won trick {trick} ({letters})?", trick=trick,
                                    letters=letters), "",
                                lambda text: parse_seat(text, self.language))
        later = self.ask_until(msg("Tricks the offending side won after trick {trick} "
                                   "(0-{left})", trick=trick, left=13 - trick), "",
                               lambda text: read_number(text, 0, 13 - trick))
        def possible(text: str) -> int:
            """Declarer's tricks, checked against the facts already given (the offending
            side cannot have won fewer tricks in all than from the revoke trick on): an
            impossible number is refused here, the other answers kept."""
            number = read_number(text, 0, 13)
            revoke_summary(contract, seat, trick, winner, later, number)
            return number

        tricks = self.ask_until(msg("Tricks declarer won in all, as played (0-13)"), "",
                                possible)
        faced = self.ask_until(msg("Was the card not played face up: no, dummy, penalty-card "
                                   "or hand-faced?"), faced_default(self.language),
                               partial(read_faced, language=self.language))
        late = self.ask_until(msg("Attention first drawn: in-time, next-board (after a call "
                                  "on the next board) or round-ended?"),
                              late_default(self.language),
                              partial(read_late, language=self.language))
        try:
            summary = revoke_summary(contract, seat, trick, winner, later, tricks, faced, late)
        except ValueError as error:
            self.error(error)
            return
        self.session.summary = summary
        self.io.say("→ " + self.text(summary_echo(summary)))
        result = self.session.result()
        assert result is not None
        for transfer in result.transfers:
            self.say(transfer_text(transfer), "green")
            self.show_clauses((transfer.law,))

    # The outcome

    def show_outcome(self) -> None:
        assert self.session is not None
        for line, style in outcome_lines(self.session, self.language):
            self.say(line, style)
