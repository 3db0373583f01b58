"""The ruling assistant's dialogue with the Director: what ``dupbridge rule`` asks and says.

It sets up a ruling session (the edition or profile, the board by its number, the hands
as far as they are known), takes the auction and the actions in the Director's words, and
while a decision is pending shows the irregularity, asks the Director's questions, and
before anyone chooses prints every option with who chooses it and what it entails
(Law 10C). A revoke can be ruled from the facts at the end of the hand (``revoke``). The
outcome shows what is in force: rulings with their clauses (and the imported text of each
clause, once), bars, lead restrictions, penalty cards, declarer and dummy, the result,
Law 64 transfers, the score and the Director's review items.

Everything said is a ``Msg`` rendered in the Director's language; everything typed is read
with that language's words (``dupbridge.lawbook.words``). The terminal, or a test, is the
``Prompter``: this module never prints nor reads by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from dupbridge.app.facts import PlaySummary
from dupbridge.app.rule_answers import (
    InputError,
    read_board_number,
    read_contract,
    read_faced,
    read_hand,
    read_late,
    read_number,
    read_regulations,
    with_hand,
)
from dupbridge.app.rule_texts import (
    calls_text,
    chooser_text,
    contract_text,
    diagram,
    entails,
    information_text,
    lead_restriction_lines,
    restrict_play_text,
    transfer_text,
    vulnerability_text,
)
from dupbridge.app.session import RulingSession, complete_deal
from dupbridge.cases.steps import GRAMMAR, StepError, apply_step, parse_step
from dupbridge.cases.talk_steps import TALK_KEYWORDS
from dupbridge.core.board import Board
from dupbridge.core.calls import Call
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.lawbook.i18n import call_text, render
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import book_for, is_within, show
from dupbridge.lawbook.render import imported_text
from dupbridge.lawbook.titles import clause_title
from dupbridge.lawbook.words import (
    canonical_line,
    parse_call,
    parse_seat,
    seat_letter,
    seat_letters,
    yes_no,
    yes_no_words,
)
from dupbridge.laws.law64_facts import RevokeFacts
from dupbridge.laws.profiles import PROFILE_NAMES, Regulations
from dupbridge.laws.ruling import Answer, Decision, Option, Question, Ruling
from dupbridge.table.result import Result
from dupbridge.table.table import Table

T = TypeVar("T")

REVOKE = "revoke"
RESULT = "result"


class Prompter(Protocol):
    """The Director's side of the dialogue: the terminal, or a script in tests."""

    def ask(self, prompt: str, default: str = "") -> str:
        """Ask ``prompt``; an empty answer takes ``default``."""
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

    # Saying and asking, in the Director's language

    def text(self, message: str | Msg) -> str:
        return render(message, self.language, federation=self.federation)

    def say(self, message: str | Msg, style: str = "") -> None:
        self.io.say(self.text(message), style)

    def ask(self, prompt: str | Msg, default: str = "") -> str:
        return self.io.ask(self.text(prompt), default).strip()

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
        self.say(msg("error: {reason}", reason=_message(error, reason)), "red")

    @property
    def table(self) -> Table:
        assert self.session is not None
        return self.session.table

    # The whole session

    def run(self, setup: Setup) -> RulingSession:
        if self.session is None:
            self.session = self.start(setup)
            self.enter_auction()
        else:
            self.show_board()
        self.rule_pending()
        while self.take_action():
            pass
        self.show_outcome()
        return self.session

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
        return complete_deal(Deal.from_pbn(text))

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
                lambda text: read_hand(text, needed))
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
        calls = self.ask_until(
            msg("Auction so far, from the dealer (e.g. '1S P 2H'; empty for none)"), "",
            lambda text: [parse_call(word, self.language) for word in text.split()])
        for call in calls:
            seat = self.table.turn
            if seat is None:
                self.say(msg("error: nobody is to call {call}: the auction is over", call=call),
                         "red")
                return
            if not self.act(f"{seat.letter} {call}"):
                return
            self.rule_pending()

    def take_action(self) -> bool:
        """One action and the rulings it causes; False when the Director is done."""
        text = self.ask(msg("Next action ('E 1H', 'play E SK', 'lead-face-down E SK', "
                            "'revoke' to rule a revoke from the facts), Enter to finish"))
        if not text:
            return False
        line = canonical_line(text, self.language)
        if line.split()[0] == REVOKE:
            self.rule_revoke_from_facts()
            return True
        if line.split()[0] == RESULT:
            self.enter_result(line.split()[1:])
            return True
        if self.needs_hands(line):
            self.hands_for_the_play()
        self.act(line)
        self.rule_pending()
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
        try:
            apply_step(self.table, parse_step(line))
        except StepError as error:
            reason = str(error)
            if GRAMMAR in reason:  # not a line of the grammar at all: say what fits, briefly
                self.say(msg("error: not an action: {text}; expected, e.g., 'E 1H', 'play E SK', "
                             "'lead-face-down W SA', 'claim S 10', 'revoke', 'result 9'",
                             text=line), "red")
            else:
                self.say(msg("error: {reason}", reason=reason), "red")
            return False
        except ActionRejected as error:
            self.say(msg("rejected: {reason}", reason=_message(error, str(error))), "red")
            return False
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
        self.say(msg("Irregularity: {irregularity}",
                     irregularity=decision.irregularity.describe()), "bold yellow")
        self.say(msg("Clauses: {clauses}", clauses=decision.clauses))
        if not decision.automated:
            self.say(msg("Not yet automated: the Director applies this law by hand"))
        if decision.waits_for and self.table.state.play is None:
            self.say(msg("Calls before the ruling: {seats} may call now (the law says what "
                         "such a call does)", seats=tuple(sorted(decision.waits_for))))
        elif decision.waits_for:
            self.say(msg("Cards before the ruling: {seats} may play now (the law says what "
                         "such a card does)", seats=tuple(sorted(decision.waits_for))))

    def answer_question(self, question: Question) -> None:
        self.say(msg("Director's question ({law}): {prompt}", law=question.law,
                     prompt=question.prompt))
        value = self.ask_until(msg("  {id} [{choices}]", id=question.id,
                                   choices=self._choices(question)),
                               self._answer_text(question.default),
                               lambda text: self._read_answer(question, text))
        self.table.answer(question.id, value)

    def _choices(self, question: Question) -> str:
        if isinstance(question.default, bool):
            return "/".join(yes_no_words(self.language))
        return "/".join(self._answer_text(choice) for choice in question.choices)

    def _answer_text(self, value: Answer) -> str:
        """An answer as the Director types it: yes and no, and a call, in his words."""
        if isinstance(value, bool):
            return yes_no_words(self.language)[0 if value else 1]
        if isinstance(value, str) and self.language != "en":
            try:
                return call_text(Call.parse(value), self.language)
            except ParseError:
                pass
        return str(value)

    def _read_answer(self, question: Question, text: str) -> Answer:
        if isinstance(question.default, bool):
            answer = yes_no(text, self.language)
            if answer is None:
                yes, no = yes_no_words(self.language)
                raise InputError(msg("answer {yes} or {no}", yes=yes, no=no))
            return answer
        if isinstance(question.default, int):
            try:
                return int(text)
            except ValueError:
                raise InputError(msg("give a number")) from None
        try:  # a call in the Director's words, written as the question's choices are
            as_call = str(parse_call(text, self.language))
        except ParseError:
            as_call = text
        for choice in question.choices:
            if str(choice).lower() in (text.lower(), as_call.lower()):
                return choice
        if question.choices:
            raise InputError(msg("answer one of {choices}", choices=self._choices(question)))
        return text

    def show_options(self, decision: Decision) -> None:
        """Law 10C: every option, who chooses it, and what it entails, before the choice."""
        self.say(msg("Options (Law 10C: the Director explains them before the choice):"))
        for number, option in enumerate(decision.options, 1):
            self.say(msg("  {number}. {id}: {description}", number=number, id=option.id,
                         description=option.description))
            self.say(msg("     chosen by {chooser}; clauses: {clauses}",
                         chooser=chooser_text(option.chosen_by), clauses=option.clauses))
            for line in entails(option, decision, self.table):
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
        default = decision.options[0].id if len(decision.options) == 1 else ""
        text = self.ask(prompt, default)
        option = find_option(decision, text)
        if option is None:
            line = canonical_line(text, self.language)
            if not text or not decision.waits_for or not _is_step(line):
                self.say(msg("error: choose an option: 1-{count} or its id",
                             count=len(decision.options)), "red")
                return
            self.act(line)
            return
        try:
            self.table.choose(option.id)
        except ActionRejected as error:
            self.say(msg("rejected: {reason}", reason=_message(error, str(error))), "red")
            return
        self.show_ruling(self.table.rulings[-1])

    def show_ruling(self, ruling: Ruling) -> None:
        self.say(msg("Ruling: {ruling}", ruling=ruling.describe()), "green")
        self.show_clauses(ruling.clauses)

    def show_clauses(self, clauses: Sequence[LawRef]) -> None:
        """Each clause with its title, and the imported text of the clause the first time
        it is cited in this session (not again per ruling). A clause whose sub-clause is
        cited too shows its own words only, not the whole law under it."""
        for ref in clauses:
            self.say(msg("  {law}: {title}", law=ref,
                         title=clause_title(ref, self.language, federation=self.federation)))
            if ref in self.texts_shown:
                continue
            self.texts_shown.add(ref)
            narrower = any(other != ref and other.edition is ref.edition
                           and is_within(other.clause, ref.clause) for other in clauses)
            official = (show(ref, self.language, self.books).text or "" if narrower
                        else imported_text(ref, self.language, self.books))
            if official:
                self.io.say("    " + " ".join(official.split()), "dim")
            elif not self.books_missing_said and book_for(self.books, ref.edition,
                                                          self.language) is None:
                self.books_missing_said = True
                self.say(msg("    (no imported law book of the {edition} Laws in this language:"
                             " see 'dupbridge laws import')", edition=ref.edition.value), "dim")

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
        contract = self.summary_contract()
        text = words[0] if words else ""
        tricks = (read_number(text, 0, 13) if text.isdigit() and int(text) <= 13 else
                  self.ask_until(msg("Tricks declarer won in all, as played (0-13)"), "",
                                 lambda answer: read_number(answer, 0, 13)))
        self.session.summary = PlaySummary(contract, tricks)

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
        tricks = self.ask_until(msg("Tricks declarer won in all, as played (0-13)"), "",
                                lambda text: read_number(text, 0, 13))
        faced = self.ask_until(msg("Was the card not played face up: no, dummy, penalty-card "
                                   "or hand-faced?"), "no", read_faced)
        late = self.ask_until(msg("Attention first drawn: in-time, next-board (after a call "
                                  "on the next board) or round-ended?"), "in-time", read_late)
        try:
            facts = RevokeFacts(seat, trick, winner, later, faced, late)
            summary = PlaySummary(contract, tricks, facts)
        except ValueError as error:
            self.error(error)
            return
        self.session.summary = summary
        result = self.session.result()
        assert result is not None
        for transfer in result.transfers:
            self.say(transfer_text(transfer), "green")
            self.show_clauses((transfer.law,))

    # The outcome

    def show_outcome(self) -> None:
        assert self.session is not None
        state = self.table.state
        result = self.session.result()
        self.say("")
        self.say(msg("Outcome"), "bold")
        self.section(msg("Rulings"), [msg("{ruling} (chosen by {chooser})",
                                          ruling=ruling.describe(),
                                          chooser=chooser_text(ruling.chosen_by))
                                      for ruling in state.rulings])
        self.section(msg("Bars"), [str(bar) for bar in state.bars])
        self.section(msg("Lead restrictions"), [
            *lead_restriction_lines(state.lead_restrictions, state.lead_choices),
            *(restrict_play_text(restriction) for restriction in state.restrictions)])
        self.section(msg("Penalty cards"), [msg("{seat}: {card}", seat=card.seat,
                                                card=card.card)
                                            for card in state.penalty_cards])
        self.section(msg("Information"), [information_text(tag, self.table)
                                              for tag in state.information])
        auction = str(state.current_auction)
        calls = tuple(standing.call for standing in state.current_auction.calls)
        self.say(msg("Auction: {auction}", auction=calls_text(calls, self.language) if auction
                     else msg("(no calls)")))
        contract = state.contract if result is None else result.contract
        if contract is not None and contract.declarer is not None:
            declarer = (state.play.declarer if state.play is not None else contract.declarer)
            self.say(msg("Contract: {contract}; declarer {declarer}, dummy {dummy}",
                         contract=contract_text(contract), declarer=declarer,
                         dummy=declarer.partner))
        elif state.current_auction.is_over:
            self.say(msg("Passed out"))
        if result is not None:
            self.show_result(result)
        else:
            self.show_turn()

    def show_result(self, result: Result) -> None:
        self.section(msg("Law 64 transfers"), [transfer_text(t) for t in result.transfers])
        assigned = result.assigned
        if assigned is not None:
            self.say(msg("Assigned adjusted score ({law}): {contract}, {tricks} tricks to "
                         "declarer; score {score} to North-South", law=assigned.law,
                         contract=msg("passed out") if assigned.contract is None
                         else contract_text(assigned.contract), tricks=assigned.tricks or 0,
                         score=format(assigned.score_ns, "+d")), "bold")
            if assigned.contract is not None and assigned.contract.declarer is not None:
                self.say(msg("  declarer {declarer}", declarer=assigned.contract.declarer))
            self.say(msg("Table result replaced by the assigned score: {contract} as played",
                         contract=contract_text(result.contract) if result.contract
                         else msg("passed out")))
        elif result.contract is not None and result.tricks is None:
            self.say(msg("Result: not entered (give 'result' and declarer's tricks)"), "bold")
        elif result.contract is not None and result.tricks is not None:
            score = format(result.score_ns, "+d")
            self.say(msg("Result: {tricks} tricks to declarer; score {score} to North-South "
                         "(Law 77)", tricks=result.tricks, score=score), "bold")
        else:
            self.say(msg("Result: passed out, 0 to both sides"), "bold")
        self.section(msg("For the Director's review"), [msg("{law}: {note}", law=review.law,
                                                            note=review.note)
                                                        for review in result.reviews])

    def show_turn(self) -> None:
        state = self.table.state
        self.section(msg("For the Director's review at the end of play"),
                     [msg("{law}: {note}", law=review.law, note=review.note)
                      for review in state.reviews])
        turn = self.table.turn
        if turn is None:
            self.say(msg("Nobody is to act now"))
        elif state.play is None:
            self.say(msg("Turn: {seat}; legal calls: {calls}", seat=turn,
                         calls=calls_text(tuple(self.table.legal_calls()), self.language)))
        else:
            self.say(msg("Turn: {seat} to play", seat=turn))

    def section(self, title: Msg, lines: Sequence[str | Msg]) -> None:
        if not lines:
            self.say(msg("{title}: none", title=title))
            return
        self.say(msg("{title}:", title=title))
        for line in lines:
            self.say(msg("  {line}", line=line))


def _is_step(line: str) -> bool:
    try:
        parse_step(line)
    except StepError:
        return False
    return True


def find_option(decision: Decision, text: str) -> Option | None:
    if text.isdigit() and 1 <= int(text) <= len(decision.options):
        return decision.options[int(text) - 1]
    return decision.option(text)


def _message(error: Exception, reason: str) -> str | Msg:
    """The exception's message as a ``Msg`` when it was built from one (it renders in the
    Director's language), else its text."""
    first = error.args[0] if error.args else reason
    return first if isinstance(first, Msg) else reason
