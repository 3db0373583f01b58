"""Law 70: a contested claim or concession, adjudicated (spec §5).

The Director rules; the engine proposes. ``adjudicate`` asks the Director's questions that
the position raises, each with the default the catalogue proposes (spec §8: J70C, J70E,
J70N and the 70E2 order), computes V(P) with the answers given (``claim_search``), and
proposes the tricks to award. Any answer changes the search and the proposal; the
Director's own count of tricks (``claim-tricks``) overrides everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.normal_lines import Move, NormalPlay, PlayClass, SuitOrder
from dupbridge.laws.claims.position import (
    ClaimPosition,
    Ending,
    ending_from_play,
    trick_winners,
)
from dupbridge.laws.claims.search import DEFAULT_BUDGET, Outcome, adjudication_value
from dupbridge.laws.claims.statement import Statement
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.ruling import Answer, Question
from dupbridge.rules.play import Play, beats

TRUMP_FORGOTTEN = "trump-forgotten"  # J70C
FINESSE_IRRATIONAL = "finesse-irrational"  # J70E (2007)
SUIT_ORDER = "suit-order"  # 70E2
NORMAL = "normal-"  # J70N, one per questionable card of the worst line
CLAIM_TRICKS = "claim-tricks"  # the Director's award (his answer wins)
STATEMENT_CONFIRMED = "statement-confirmed"  # 70B1: words not read, the reading confirmed
ORDERS: tuple[Answer, ...] = tuple(order.value for order in SuitOrder)
_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class Asked:
    """A question the adjudication asked, with the answer it used."""

    question: Question
    answer: Answer

    @property
    def by_default(self) -> bool:
        return self.answer == self.question.default


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The proposal for the Director. ``value``: V(P) and a worst normal line; ``proposed``:
    the tricks V(P) gives the claimer's side (capped at the number claimed, 68B1: the rest
    is conceded), or, when the search was cut short, those of the worst normal line found
    (an upper bound on V(P), both bounds shown); ``cancel``: the tricks a Law 71
    cancellation would add, from the bound proved); ``awarded``: the
    Director's count if he gave one, else the proposal; ``losing_trick``: the trick of the
    ending at which the worst line falls short of the claim (None: it does not)."""

    position: ClaimPosition
    value: Outcome
    normal: NormalPlay
    asked: tuple[Asked, ...]
    proposed: int
    awarded: int
    cancel: int
    losing_trick: int | None
    unstated_finesse: bool = False  # 70E1: finding a card would have made more tricks

    @property
    def questions(self) -> tuple[Question, ...]:
        return tuple(asked.question for asked in self.asked)

    def grounds(self) -> tuple[LawRef, ...]:
        """The clauses the proposal rests on: those of the questions whose answers shaped
        the worst normal line, each only where its condition held on that line (the
        ruling cites them, and no other, ``docs/ruling-vocabulary.md``)."""
        position, line = self.position, self.value.line
        edition, ending = position.edition, position.ending
        side = ending.claimer.side
        defender_claim = side is not ending.declarer.side
        short = () if self.losing_trick is None else tuple(
            move for move in line if move.trick <= self.losing_trick)
        found: list[str] = []
        if (self.normal.trump_unaware and any(a.question.id == TRUMP_FORGOTTEN for a in self.asked)
                and _lost_to_a_trump(ending, short)):
            found += ["70C1", "70C2", "70C3"]  # unmentioned, perhaps forgotten, costs a trick
        for asked in self.asked:
            if not asked.question.id.startswith(NORMAL) or asked.answer is not True:
                continue
            move = next((m for m in short if normal_question_id(m) == asked.question.id), None)
            if move is None:
                continue
            if move.play_class is PlayClass.GUESS:
                found.append("70E1")  # an unstated finesse or guess is not accepted
            elif not defender_claim or move.seat is ending.claimer:
                found.append("70D1")  # a normal line less successful than the claim
        if defender_claim and any(
                move.seat is ending.claimer.partner
                and (move.play_class.questionable or move.play_class is PlayClass.DISCARD)
                for move in short):
            found.append("70D2")  # a defender's claim relying on partner's choice
        if edition is Edition.LAWS_2007 and ending.after_claim:
            found.append("70D3")  # the cards played after the claim fixed every line
        if self.unstated_finesse:
            found.append("70E1")  # the finesse not stated is not given (2007: or irrational)
        if self.normal.order is not SuitOrder.NONE and any(
                move.seat.side is side and move.play_class is PlayClass.RA_ORDER
                for move in line):
            found.append("70E2")  # the Regulating Authority's order within a suit
        return tuple(ref(edition, clause) for clause in dict.fromkeys(found))

    def explain(self) -> tuple[Msg, ...]:
        """The adjudication in the Director's words (translatable messages)."""
        position = self.position
        lines = [self.verdict(),
                 msg("Statement at the claim (70B1): {statement}",
                     statement=position.statement.text or "-")]
        if position.unread:  # never dropped in silence: the reading leaves them out
            lines.append(msg("Words of the statement not understood (70B1): {words}",
                             words=", ".join(position.unread)))
        lines += hands_lines(position.ending)
        if self.value.line:
            lines += worst_line_lines(self.value.line)
        if self.losing_trick is not None:
            lines.append(msg("It falls short of the claim at trick {trick} of the ending",
                             trick=self.losing_trick))
        for asked in self.asked:
            lines.append(msg("{prompt}: {answer}", prompt=asked.question.prompt,
                             answer=_answer_text(asked)))
        return tuple(lines)

    def verdict(self) -> Msg:
        position = self.position
        if not self.value.decided:
            return msg("Not decided within the search budget: V(P) lies between {lower} and "
                       "{upper}; proposed {tricks} of {left} (the worst normal line found, "
                       "70A)",
                       lower=self.value.lower, upper=self.value.upper, tricks=self.proposed,
                       left=position.ending.tricks_left)
        return msg("{claimer}'s side claimed {claimed} of {left}; V(P) = {value}; "
                   "proposed {tricks}", claimer=position.ending.claimer,
                   claimed=position.claimed, left=position.ending.tricks_left,
                   value=self.value.tricks, tricks=self.proposed)


def joined(lines: tuple[Msg, ...]) -> Msg:
    """Lines of an explanation as one message (each line translated on its own)."""
    text = lines[0]
    for line in lines[1:]:
        text = msg("{text}\n{more}", text=text, more=line)
    return text


def hands_lines(ending: Ending) -> list[Msg]:
    """70B3: the cards left, a line for each hand, its cards as objects so that the
    reader's language writes them (suit symbols and the federation's honour letters)."""
    return [msg("Remaining cards (70B3):"), *(
        msg("{seat}: {cards}", seat=seat, cards=tuple(ending.hands[seat]) or "-")
        for seat in Seat)]


def worst_line_lines(line: tuple[Move, ...]) -> list[Msg]:
    """The worst normal line, a line for each trick of the ending, each card with its
    player, written in the reader's language."""
    tricks: dict[int, list[Msg]] = {}
    for move in line:
        tricks.setdefault(move.trick, []).append(
            msg("{seat} {card}", seat=move.seat, card=move.card))
    return [msg("Worst normal line:"), *(
        msg("Trick {number}: {cards}", number=number, cards=tuple(cards))
        for number, cards in tricks.items())]


def line_text(line: tuple[Move, ...]) -> str:
    return " ".join(f"{move.seat.letter}:{move.card}" for move in line)


def _answer_text(asked: Asked) -> str | Msg:
    value = asked.answer
    text: str | Msg = str(value)
    if isinstance(value, bool):
        text = msg("yes") if value else msg("no")
    elif value in {order.value for order in SuitOrder}:
        text = SuitOrder(value).reading
    return msg("{answer} (default)", answer=text) if asked.by_default else text


@lru_cache(maxsize=512)
def _value(ending: Ending, statement: Statement, normal: NormalPlay,
           budget: int = DEFAULT_BUDGET) -> Outcome:
    return adjudication_value(ending, statement, normal, budget)


def normal_question_id(move: Move) -> str:
    return f"{NORMAL}{move.trick}-{move.seat.letter}{move.card}".lower()


def _excluded(answers: Mapping[str, Answer]) -> frozenset[tuple[int, Seat, Card]]:
    out = set()
    for key, value in answers.items():
        if key.startswith(NORMAL) and value is False:
            trick, move = key[len(NORMAL):].split("-", 1)
            out.add((int(trick), Seat.parse(move[0]), Card.parse(move[1:])))
    return frozenset(out)


@law("70", title="Contested claim or concession", asks=(CLAIM_TRICKS,))
@law("70B", title="Clarification statement repeated; objections heard")
@law("70B1", title="Claimer repeats the statement (frozen at the claim)",
     asks=(STATEMENT_CONFIRMED,))
@law("70B3", title="Remaining cards shown to the Director")
@law("70C", title="Trump remaining")
@law("70C1", title="Claimer did not mention the trump")
@law("70C2", title="Claimer may have forgotten the trump", asks=(TRUMP_FORGOTTEN,))
@law("70C3", title="A trick could be lost to it by any normal line")
@law("70D", title="Director's considerations")
@law("70D1", title="No new successful line for claimer", asks=(NORMAL + "<n>-<seat><card>",))
@law("70D2", title="Defender's claim relying on partner's choice",
     asks=(NORMAL + "<n>-<seat><card>",))
@law("70D3", editions=LAWS_2007, title="Play after the claim as evidence")
@law("70E", title="Unstated line of play")
@law("70E1", editions=LAWS_2017, title="Finessing or guessing lines not accepted")
@law("70E1", editions=LAWS_2007, title="Irrational not to take the line",
     asks=(FINESSE_IRRATIONAL,))
@law("70E2", title="Regulated order of playing a suit", asks=(SUIT_ORDER,))
def adjudicate(position: ClaimPosition, answers: Mapping[str, Answer],
               budget: int = DEFAULT_BUDGET, ceiling: int | None = None) -> Adjudication:
    """Law 70 on ``position`` with the Director's ``answers`` so far (missing answers take
    their defaults): the questions, V(P), the worst normal line and the proposal.
    ``budget``: positions the search may visit before it answers with bounds; ``ceiling``:
    another upper bound on V(P) (the double-dummy value), which a proposal made from a
    search cut short never exceeds."""
    edition = position.edition
    ending, statement = position.ending, position.statement
    asked: list[Asked] = []

    def ask(question: Question) -> Answer:
        answer = answers.get(question.id, question.default)
        asked.append(Asked(question, answer))
        return answer

    if position.unread:  # as the claim screen asks it (default no: rephrase the statement)
        ask(Question(STATEMENT_CONFIRMED, msg(
            "Words of the statement are not understood: is the reading shown what the "
            "claimer said?"), ref(edition, "70B1"), False))
    unaware = True
    if _trump_outstanding(ending) and not statement.mentions_trumps(ending.trump):
        unaware = bool(ask(Question(TRUMP_FORGOTTEN, msg(
            "70C2: is it at all likely that the claimer was unaware of the outstanding "
            "trump?"), ref(edition, "70C2"), True)))
    order = SuitOrder(str(ask(Question(SUIT_ORDER, msg(
        "70E2: the order in which the claimer is deemed to play a suit"),
        ref(edition, "70E2"), position.order.value, ORDERS))))
    normal = NormalPlay(order, unaware, False, _excluded(answers))
    value = _value(ending, statement, normal, budget)
    unstated_finesse = False  # 70E1: only a line finding a card would have made the claim
    # 2017: the line finding the card matters only if the line without it falls short of
    # the claim (70E1), so a claim that V(P) reaches needs no second search
    if value.decided and (edition is Edition.LAWS_2007 or value.lower < position.claimed):
        located = _value(ending, statement, NormalPlay(order, unaware, True, normal.excluded),
                         budget)
        # it matters only if the line without it falls short of the claim
        unstated_finesse = located.tricks > value.tricks and value.lower < position.claimed
        if located.tricks > value.tricks and edition is Edition.LAWS_2007 and ask(Question(
                FINESSE_IRRATIONAL, msg(
                    "70E1: would it be irrational for the claimer not to take the line that "
                    "finds the missing card?"), ref(edition, "70E1"), False)):
            normal, value = NormalPlay(order, unaware, True, normal.excluded), located
    losing = _losing_trick(position, value)
    # J70N: a careless or inferior card of the side at any trick of the worst line with a
    # trick still lost after it (at or before the last trick the side loses), once the line
    # falls short of the claim; "no" excludes it and the new worst line asks its own
    last = 0 if losing is None else _lost_tricks(ending, value)[-1]
    partner = ending.claimer.partner if ending.claimer.side is not ending.declarer.side \
        else None  # 70D2: a defender's claim, partner's cards
    for move in value.line:
        if move.seat.side is ending.claimer.side and move.play_class.questionable and (
                move.trick <= last):
            ask(Question(normal_question_id(move), msg(
                "Law 70 footnote: is {seat}'s {card} at trick {trick} normal ({kind})?",
                seat=move.seat, card=move.card, trick=move.trick, kind=move.play_class),
                ref(edition, "70D2" if move.seat is partner else "70D1"), True))
    # cut short, the worst normal line found is proposed: a normal line that makes no more
    # (V(P) is at most its tricks); the bound proved below it has no line to show (70A)
    proposed = min(value.tricks, position.claimed)
    if not value.decided and ceiling is not None:
        proposed = min(proposed, ceiling)
    awarded = ask(Question(CLAIM_TRICKS, msg(
        "Law 70: how many of the remaining tricks go to the claimer's side? (doubtful "
        "points against the claimer, 70A)"), ref(edition, "70A"), proposed,
        tuple(range(ending.tricks_left + 1))))
    assert isinstance(awarded, int)
    cancel = max(0, value.lower - position.claimed)
    return Adjudication(position, value, normal, tuple(asked), proposed, awarded, cancel,
                        losing, unstated_finesse)


def ending_at_claim(play: Play, claimer: Seat) -> Ending:
    """The position a claim is made in (with who has shown out, for 70E1(a))."""
    return ending_from_play(play, claimer)


def _lost_to_a_trump(ending: Ending, line: tuple[Move, ...]) -> bool:
    """70C3: on ``line`` an opponent of the claimer wins a trick with a trump."""
    trump = ending.trump
    if trump is None:
        return False
    trick = list(ending.trick)
    leader = ending.leader
    for move in line:
        trick.append(move.card)
        if len(trick) < 4:
            continue
        best = 0
        for i in range(1, 4):
            if beats(trick[i], trick[best], trump):
                best = i
        winner = _SEATS[(leader + best) % 4]
        if winner.side is not ending.claimer.side and trick[best].suit is trump:
            return True
        leader, trick = winner, []
    return False


def _trump_outstanding(ending: Ending) -> bool:
    """70C: an opponent of the claimer still holds a trump."""
    if ending.trump is None:
        return False
    side = ending.claimer.side
    return any(any(card.suit is ending.trump for card in ending.hands[seat])
               for seat in Seat if seat.side is not side)


def _lost_tricks(ending: Ending, value: Outcome) -> list[int]:
    """The tricks of the ending the claimer's side loses on the worst line, in order."""
    return [number for number, winner in enumerate(trick_winners(ending, value.line), start=1)
            if winner.side is not ending.claimer.side]


def _losing_trick(position: ClaimPosition, value: Outcome) -> int | None:
    """The trick of the ending at which the worst line leaves the claimer's side unable to
    reach the tricks claimed."""
    lost = _lost_tricks(position.ending, value)
    allowed = position.ending.tricks_left - position.claimed
    return lost[allowed] if 0 <= allowed < len(lost) else None
