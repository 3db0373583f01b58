"""The ruling screen's content laid out for the templates, in the reader's language: the
Director's whole view (every hand), a table's view (what a player at the table may see,
``table.view``: no hidden hand) and the traveller's (the rulings' clauses and their text,
never a card of a hand). The app layer (``club_rulings``, ``rule_flow``) decides; this only
renders its messages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night.claim_screen import award_text
from dupbridge.app.club_night.disputed_claims import CLAIM
from dupbridge.app.club_night.local_time import clock_time
from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.rulings import Place
from dupbridge.app.club_night.state import ClubState, state_of
from dupbridge.app.ruling_session import flow as rule_flow
from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.app.ruling_session.outcome import outcome_lines
from dupbridge.app.ruling_session.texts import (
    calls_text,
    chooser_text,
    rank_text,
    transfer_text,
    vulnerability_text,
)
from dupbridge.core.calls import Bid, Denomination, Double, Pass, Redouble
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import parameter, render
from dupbridge.i18n.table_notation import contract_text
from dupbridge.i18n.words import seat_letter
from dupbridge.lawbook.model import LawBook
from dupbridge.laws.machinery.ruling import Decision
from dupbridge.table.table import Table
from dupbridge.table.view import view
from dupbridge.web.lawlinks import clause_url

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def suit_rows(hand: CardSet, language: str) -> list[tuple[str, str]]:
    """A hand as four rows: each suit's symbol and its cards, highest first."""
    return [(suit.symbol, " ".join(rank_text(card, language)
                                   for card in sorted(hand.in_suit(suit), reverse=True))
             or "—") for suit in SUITS]


def _t(text: str | Msg, language: str) -> str:
    return render(text, language)


def clauses_view(clauses: Sequence[LawRef], language: str, books: Sequence[LawBook]
                 ) -> list[dict[str, str]]:
    return [{"law": _t(msg("{law}", law=c.ref), language), "title": c.title, "text": c.text,
             "href": clause_url(c.ref)}
            for c in rule_flow.clause_texts(clauses, language, books)]


def rulings_view(session: RulingSession, language: str, books: Sequence[LawBook]
                 ) -> list[dict[str, Any]]:
    """Each ruling made, who chose it, and its clauses with their title and text."""
    return [{"text": _t(ruling.describe(), language),
             "chooser": _t(chooser_text(ruling.chosen_by), language),
             "clauses": clauses_view(ruling.clauses, language, books)}
            for ruling in session.table.state.rulings]


def director_screen(store: Store, event_id: str, place: Place, language: str,
                    books: Sequence[LawBook]) -> dict[str, Any]:
    """Everything the Director's ruling screen shows for the board at the table."""
    state = state_of(store, event_id)
    session = club_rulings.open_ruling(store, event_id, place)
    latest = club_rulings.current(state, place)
    return {
        **screen_of(session, language, books),
        "base": f"/director/events/{event_id}/rulings/{place.table}/{place.board}",
        "event": event_id, "name": state.config.name,
        "round": place.round, "table": place.table, "board": place.board,
        "saved": None if latest is None else {
            "version": latest.version, "final": latest.final, "score": latest.score or "",
            "why": latest.why},
        "books_missing": not any(book.edition is state.config.edition
                                 and book.language == language for book in books),
        "pairs": [p for e in state.movement.in_round(place.round) if e.table == place.table
                  for p in (*e.ns, *e.ew) if p not in state.movement.phantoms],
        "appeals": [{"pair": a.pair, "at": clock_time(a.at, state.config.timezone)}
                    for a in state.appeals
                    if (a.round, a.table, a.board) == (place.round, place.table, place.board)],
    }


def document_screen(session: RulingSession, language: str, books: Sequence[LawBook]
                    ) -> dict[str, Any]:
    """The ruling screen on a ruling session document kept by the page alone (a file of
    ``dupbridge rule --save``, a case's JSON): nothing is stored."""
    return {**screen_of(session, language, books), "base": "/director/rulings/document",
            "document": session.dumps(), "event": None, "name": "", "round": None,
            "table": None, "board": session.board.number, "saved": None,
            "books_missing": not any(book.edition is session.regulations.edition
                                     and book.language == language for book in books)}


def screen_of(session: RulingSession, language: str, books: Sequence[LawBook]
              ) -> dict[str, Any]:
    """The ruling session as the Director's screen shows it: every hand, the auction, the
    pending decision (its questions, then its options and what each entails, Law 10C), the
    rulings with their clauses and text, and the outcome."""
    table = session.table
    tstate = table.state
    board = session.board
    play = tstate.play
    hands = []
    if board.deal is not None:
        for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):
            held = play.hand(seat) if play is not None else board.deal[seat]
            if held is not None:
                hands.append({"place": seat.name.lower(), "seat": parameter(seat, language),
                              "letter": seat.letter, "rows": suit_rows(held, language),
                              "cards": [(str(card), rank_text(card, language), card.suit.symbol)
                                        for suit in SUITS
                                        for card in sorted(held.in_suit(suit), reverse=True)]})
    turn = table.turn
    contract = tstate.contract
    regulations = session.regulations
    return {
        "profile": regulations.authority, "edition": regulations.edition.value,
        "dealer": parameter(board.dealer, language),
        "vulnerability": _t(vulnerability_text(board.vulnerability), language),
        "hands": hands,
        "auction": calls_text(tuple(c.call for c in tstate.current_auction.calls), language),
        "seats": [{"letter": s.letter, "name": parameter(s, language),
                   "short": seat_letter(s, language)} for s in Seat],
        "turn": None if turn is None else turn.letter,
        "bidding": play is None and not tstate.current_auction.is_over,
        "playing": play is not None and turn is not None,
        "calls": call_grid(language),
        "decision": None if tstate.pending is None else decision_view(
            tstate.pending, table, language),
        "rulings": rulings_view(session, language, books),
        "cited": clauses_view(club_rulings.citations_of(session), language, books),
        "outcome": [(_t(text, language), style)
                    for text, style in outcome_lines(session, language)[2:]],
        "contract": "" if contract is None or contract.declarer is None else
        f"{contract_text(str(replace(contract, declarer=None)), language)} "
        f"{seat_letter(contract.declarer, language)}",
        "summary": session.summary is not None,
        "last": "" if (last := rule_flow.last_step(session, language)) is None
        else _t(last, language),
        "given": "" if session.given is None else session.given.text,
    }


def decision_view(pending: Decision, table: Table, language: str) -> dict[str, Any]:
    """The pending decision: its first open question (with its default), or else its
    options with who chooses and what each entails."""
    question = next(iter(pending.open_questions), None)
    return {
        "id": pending.id,
        "open": " ".join(q.id for q in pending.open_questions),
        "option_ids": " ".join(o.id for o in pending.options),
        "lines": [(_t(text, language), style)
                  for text, style in rule_flow.decision_lines(pending, table)],
        "question": None if question is None else {
            "id": question.id, "prompt": _t(rule_flow.question_prompt(question), language),
            "choices": [{"value": rule_flow.answer_text(choice, language),
                         "raw": str(choice).lower(), "default": choice == question.default,
                         "label": _t(rule_flow.choice_label(choice, language), language)}
                        for choice in question.choices]},
        "options": [] if question is not None else [
            {"number": o.number, "id": o.id, "description": _t(o.description, language),
             "chooser": _t(msg("chosen by {chooser}; clauses: {clauses}",
                               chooser=o.chooser, clauses=o.clauses), language),
             "entails": [_t(line, language) for line in o.entails]}
            for o in rule_flow.option_views(pending, table)]}


def call_grid(language: str) -> dict[str, Any]:
    """The calls to tap: Pass, Double, Redouble and every bid, written in the language."""
    strains = (Denomination.CLUBS, Denomination.DIAMONDS, Denomination.HEARTS,
               Denomination.SPADES, Denomination.NOTRUMP)
    return {"others": [(str(call), calls_text((call,), language))
                       for call in (Pass(), Double(), Redouble())],
            "bids": [[(str(Bid(level, strain)), calls_text((Bid(level, strain),), language))
                      for strain in strains] for level in range(1, 8)]}


def seat_screen(store: Store, event_id: str, place: Place, seat: Seat | None,
                language: str, books: Sequence[LawBook]) -> dict[str, Any]:
    """What a player at the table (``seat``), or the table's device (``None``: what all
    four see), may see of the ruling: the auction, the cards played, penalty cards, dummy
    once faced, the rulings and their clauses; his own hand only for a seat."""
    state = state_of(store, event_id)
    session = club_rulings.open_ruling(store, event_id, place)
    seen = view(session.table.state, seat or Seat.NORTH)
    hands = []
    if seat is not None and seen.hand is not None:
        hands.append({"seat": parameter(seat, language), "rows": suit_rows(seen.hand, language)})
    if seen.dummy is not None and (seat is None or seen.dummy != seen.hand):
        hands.append({"seat": _t(msg("dummy"), language), "rows": suit_rows(seen.dummy,
                                                                              language)})
    latest = club_rulings.current(state, place)
    return {
        "event": event_id, "name": state.config.name, "round": place.round,
        "table": place.table, "board": place.board,
        "seat": None if seat is None else parameter(seat, language),
        "hands": hands,
        "auction": calls_text(tuple(r.call for r in seen.calls), language),
        "tricks": [" ".join(parameter(card, language) for card in trick.cards)
                   for trick in seen.tricks],
        "penalty_cards": [_t(msg("{seat}: {card}", seat=p.seat, card=p.card), language)
                          for p in seen.penalty_cards],
        "rulings": rulings_view(session, language, books),
        # In full, as the Director's screen says it (a revoke's transfers, the result, an
        # adjusted score): what is in force at the table holds no hidden card.
        "outcome": [(_t(text, language), style)
                    for text, style in outcome_lines(session, language)[2:]
                    if text and not _empty_section(text)],
        "cited": clauses_view(club_rulings.citations_of(session), language, books),
        "score": "" if latest is None else latest.score or "",
        "why": "" if latest is None else latest.why,
        "recorded": latest is not None and latest.final,
    }


# Said elsewhere on the phone's page (the auction above it) or saying nothing is there.
_EMPTY_SECTIONS = frozenset({"{title}: none", "Rulings: none", "Auction: {auction}"})


def _empty_section(text: str | Msg) -> bool:
    """A section of the outcome saying it has nothing (no bars, no penalty card): the
    table's phone leaves it out, as the players need only what is in force."""
    return isinstance(text, Msg) and text.template in _EMPTY_SECTIONS


def traveller_rulings(state: ClubState, board: int, language: str,
                      books: Sequence[LawBook]) -> list[dict[str, Any]]:
    """The rulings in force on ``board`` at each table, for its traveller: what was ruled,
    the clauses and their text, the adjusted score; never a card of a hand."""
    shown = []
    for versions in state.rulings.values():
        latest = versions[-1]
        if latest.board != board or not latest.final:
            continue
        refs = [_ref(text) for text in latest.citations]
        texts: list[str] = []
        if latest.kind == "ruling":
            session = RulingSession.from_json(dict(latest.document))
            texts = [_t(ruling.describe(), language) for ruling in session.table.state.rulings]
            result = session.result()
            if result is not None:
                texts += [_t(transfer_text(t), language) for t in result.transfers]
        elif latest.kind == CLAIM:
            texts = [award_text(latest.document, language)]
        clauses = clauses_view([r for r in refs if r is not None], language, books)
        shown.append({"table": latest.table, "round": latest.round, "kind": latest.kind,
                      "texts": texts, "score": latest.score or "",
                      "amended": latest.version > 1 and any(v.final for v in versions[:-1]),
                      "clauses": clauses, "edition": state.config.edition.value,
                      "books_missing": any(not clause["text"] for clause in clauses)})
    return sorted(shown, key=lambda r: (r["table"], r["kind"]))


def _ref(text: str) -> LawRef | None:
    edition, _, clause = text.partition(" ")
    try:
        return LawRef(Edition.parse(edition), clause)
    except ValueError:
        return None


__all__ = ["director_screen", "document_screen", "seat_screen", "suit_rows",
           "traveller_rulings"]
