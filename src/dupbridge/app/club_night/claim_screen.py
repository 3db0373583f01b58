"""A disputed claim laid out for a screen (Laws 68-71): the Director's screen as plain
values in her language (the hands at the claim, the tricks awarded beside the double-dummy
value, the worst normal line trick by trick, the questions with their defaults and
clauses), what a table's device may show of it, and what the traveller says of an award.
The claim itself (opened, answered, awarded) is ``disputed_claims``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dupbridge.analysis.claims import ClaimAdjudication
from dupbridge.app.club_night.disputed_claims import ClaimCase, choice_value, declarer_total
from dupbridge.app.club_night.ports import Json
from dupbridge.app.ruling_session.claim_adjudication import (
    STATEMENT_CONFIRMED,
    read_claim_statement,
    reading_json,
)
from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import parameter, render, strain_text
from dupbridge.laws.claims.law70_contested_claim import CLAIM_TRICKS, Asked
from dupbridge.laws.claims.normal_lines import SuitOrder
from dupbridge.laws.claims.position import trick_winners
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import Answer

_DIAGRAM = (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH)  # the order a diagram lays out
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def claim_screen(case: ClaimCase, found: ClaimAdjudication, language: str) -> Json:
    """The Director's screen as plain values, its words in ``language``: the hands at the
    claim, the tricks awarded and the double-dummy value, the worst normal line trick by
    trick (frames of the diagram) with the trick where it loses, and the questions."""
    adj = found.adjudication
    ending = adj.position.ending
    won = case.won
    left = ending.tricks_left

    def text(value: object) -> str:
        return render(parameter(value, language), language)

    reading = reading_json(read_claim_statement(case.entry.statement, case.entry.language),
                           language, case.entry.answers)

    return {
        "round": case.entry.round, "table": case.entry.table, "board": case.entry.board,
        "source": case.source, "edition": case.request.edition.value,
        "contract": _contract_text(case.contract, language),
        "declarer": text(case.declarer),
        "declarer_letter": case.declarer.letter,
        "claimer": text(ending.claimer), "claimer_letter": ending.claimer.letter,
        "claimer_declares": ending.claimer.side is case.declarer.side,
        "won": won, "lost": case.quitted - won, "left": left,
        "claimed": adj.position.claimed, "statement": case.request.said or case.request.statement,
        "note": case.entry.note,
        "decided": adj.value.decided, "bounds": [adj.value.lower, adj.value.upper],
        "proposed": adj.proposed, "awarded": adj.awarded, "double_dummy": found.double_dummy,
        "total": declarer_total(case, adj.awarded),
        "hands": _hands(ending.hands, language),
        "trick": [_card(s, c, "", language) for s, c in _trick_seats(ending.leader,
                                                                      ending.trick)],
        "frames": _frames(case, found, language),
        "losing_trick": adj.losing_trick,
        "questions": [_question(a, language) for a in adj.asked]
        + _statement_question(reading, case, language),
        "reading": reading,
        "explanation": [render(line, language) for line in adj.explain()],
    }


def _statement_question(reading: Json, case: ClaimCase, language: str) -> list[Json]:
    """70B1: the words of the statement not understood, as a question of the screen (is
    the reading shown what the claimer said? default no: rephrase the statement)."""
    asked = reading.get("question")
    if not isinstance(asked, dict):
        return []
    answer = bool(case.entry.answers.get(STATEMENT_CONFIRMED, False))
    return [{"id": STATEMENT_CONFIRMED, "prompt": asked["prompt"], "clause": "70B1",
             "clause_text": render(parameter(ref(case.request.edition, "70B1"), language),
                                   language),
             "edition": case.request.edition.value, "answer": choice_value(answer),
             "default": choice_value(False),
             "by_default": STATEMENT_CONFIRMED not in case.entry.answers, "director": False,
             "choices": [{"value": choice_value(c), "label": _choice_label(c, language)}
                         for c in (True, False)]}]


def _contract_text(contract: Contract, language: str) -> str:
    """``4♠X``: the level, the suit's symbol (or no trump in the reader's words)."""
    strain = "NT" if language == "en" and contract.denomination.suit is None else \
        strain_text(contract.denomination, language)
    return f"{contract.level}{strain}{'X' * int(contract.doubled)}"




def _hands(hands: tuple[CardSet, ...], language: str) -> list[Json]:
    return [{"seat": seat.letter, "name": render(parameter(seat, language), language),
             "place": seat.name.lower(),
             "suits": [{"symbol": suit.symbol, "red": suit in (Suit.HEARTS, Suit.DIAMONDS),
                        "cards": " ".join(parameter(c, language)[1:] for c in sorted(
                            (c for c in hands[seat] if c.suit is suit),
                            key=lambda c: -c.rank.value)) or "-"}
                       for suit in _SUITS]}
            for seat in _DIAGRAM]


def _trick_seats(leader: Seat, cards: tuple[Card, ...]) -> list[tuple[Seat, Card]]:
    return [(Seat((leader + i) % 4), card) for i, card in enumerate(cards)]


def _frames(case: ClaimCase, found: ClaimAdjudication, language: str) -> list[Json]:
    """The worst line trick by trick: the trick's four cards in the middle of the diagram
    (who played each, why it is normal), the hands left around them, its winner, and
    whether the claim is lost there."""
    adj = found.adjudication
    ending = adj.position.ending
    hands = [card_set.mask for card_set in ending.hands]
    winners = trick_winners(ending, adj.value.line)
    frames: list[Json] = []
    cards: list[Json] = [_card(s, c, "", language) for s, c in _trick_seats(
        ending.leader, ending.trick)]
    number = 1
    for move in adj.value.line:
        cards.append(_card(move.seat, move.card, render(parameter(
            move.play_class, language), language), language))
        hands[move.seat] &= ~move.card.bit
        if len(cards) == 4:
            winner = winners[number - 1] if number <= len(winners) else None
            left = tuple(CardSet(h) for h in hands)
            frames.append({"number": number, "hands": _hands(left, language),
                           "cards": cards, "winner": "" if winner is None else render(
                               parameter(winner, language), language),
                           "claimer_wins": winner is not None
                           and winner.side is ending.claimer.side,
                           "loses": adj.losing_trick == number})
            cards = []
            number += 1
    return frames


def _card(seat: Seat, card: Card, why: str, language: str) -> Json:
    """A card of the line: who played it (letter and name), the card, why it is normal
    (empty for the cards played before the claim)."""
    return {"seat": seat.letter, "name": render(parameter(seat, language), language),
            "card": card.suit.symbol + parameter(card, language)[1:], "why": why}


def _question(asked: Asked, language: str) -> Json:
    question = asked.question
    return {"id": question.id, "prompt": render(question.prompt, language),
            "clause": question.law.clause, "clause_text": render(parameter(
                question.law, language), language),
            "edition": question.law.edition.value,
            "answer": choice_value(asked.answer), "default": choice_value(question.default),
            "by_default": asked.by_default, "director": question.id == CLAIM_TRICKS,
            "choices": [{"value": choice_value(c), "label": _choice_label(c, language)}
                        for c in question.choices]}


def _choice_label(choice: Answer, language: str) -> str:
    if isinstance(choice, bool):
        return render(msg("yes") if choice else msg("no"), language)
    if choice in {order.value for order in SuitOrder}:  # 70E2's readings
        return render(SuitOrder(choice).reading, language)
    return str(choice)


# --- The Director's award -----------------------------------------------------------------------


def award_text(document: Mapping[str, Any], language: str) -> str:
    """What the traveller says of a recorded claim: who claimed how many, Law 70's
    proposal and the Director's award (no card: the traveller shows no hand)."""
    award = document.get("award")
    if not isinstance(award, Mapping):
        return ""
    return render(msg("{claimer}'s side claimed {claimed} of {left}; Law 70 proposed "
                      "{proposed}; the Director awarded {tricks}",
                      claimer=Seat.parse(str(award["claimer"])), claimed=award["claimed"],
                      left=award["left"], proposed=award["proposed"],
                      tricks=award["awarded"]), language)


def table_view(screen: Json, finished: bool) -> Json:
    """The claim as a table's device may show it: before the board is finished at that
    table, only what all four players see (the claim, the statement, dummy's cards and
    the cards played); the hidden hands, the worst line and the questions once it is."""
    if finished:
        return {**screen, "questions": [], "finished": True}
    dummy = Seat.parse(str(screen["declarer_letter"])).partner.letter
    hands = screen["hands"]
    assert isinstance(hands, list)
    return {key: screen[key] for key in (
        "round", "table", "board", "contract", "declarer", "claimer", "claimed", "left",
        "won", "lost", "statement", "note", "trick")} | {
        "hands": [h for h in hands if h["seat"] == dummy], "finished": False}
