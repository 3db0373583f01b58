"""A table's result checked field by field while North enters it, before East-West see the
confirm screen: each field that cannot be right gets its reason (the contract, the
declarer, the lead held by the leader when the boards were dealt here, the number of
tricks), and a result that is whole gets North-South's score (Law 77).

The same checks run again when the result is recorded (``tournament.results.check_entry``);
this one only tells the table early, next to the field, in the players' language. It says
no more than the recording would: whether the leader holds the card named, nothing of the
other cards. And it says it for a few cards only (``LEADS_ANSWERED`` per board at a
table, ``LeadQuestions``): a player could otherwise ask card after card and learn an
opponent's hand before the board is played, where a result sent leaves its trace on the
Director's console. Past that the check is silent about the lead, and the lead is checked
when the result is sent."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.app.club_night.delivery import played_here
from dupbridge.app.club_night.result_input import PASSED, ResultInput
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.errors import BadInput
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.table_notation import card_text
from dupbridge.i18n.words import AmbiguousWord, call_word, card_word, seat_word
from dupbridge.scoring.board_score import ns_score

LEADS_ANSWERED = 3  # different leads a table may have checked on one board


class LeadQuestions:
    """Which leads each table has had checked on each board (in memory, the last
    ``keep`` boards asked about; safe across threads). A lead already asked is answered
    again; a new one only while fewer than ``LEADS_ANSWERED`` were."""

    def __init__(self, keep: int = 4096) -> None:
        self._asked: OrderedDict[tuple[str, int, int, int], set[str]] = OrderedDict()
        self._keep = keep
        self._lock = threading.Lock()

    def allow(self, event: str, round_: int, table: int, board: int, lead: Card) -> bool:
        key = (event, round_, table, board)
        with self._lock:
            asked = self._asked.setdefault(key, set())
            self._asked.move_to_end(key)
            while len(self._asked) > self._keep:
                self._asked.popitem(last=False)
            if str(lead) in asked or len(asked) < LEADS_ANSWERED:
                asked.add(str(lead))
                return True
            return False


@dataclass(frozen=True, slots=True)
class PartialResult:
    """What North has entered so far, as typed or tapped (local or English letters):
    ``contract`` ("" not yet, ``PASS`` passed out), ``declarer``, ``lead``, ``tricks``."""

    round: int
    table: int
    board: int
    contract: str = ""
    declarer: str = ""
    lead: str = ""
    tricks: int | None = None


@dataclass(frozen=True, slots=True)
class EntryCheck:
    """The reason for each field that cannot be right (``contract``, ``declarer``,
    ``lead``, ``tricks``, ``board``), and North-South's score once the result is whole."""

    problems: Mapping[str, Msg]
    ns_score: int | None


def check_partial(state: ClubState, given: PartialResult, language: str = "en",
                  questions: LeadQuestions | None = None) -> EntryCheck:
    """Each field's reason (``questions``: the leads this table has had checked, when the
    lead's check is rationed; None: always answered, for the Director's tools)."""
    problems: dict[str, Msg] = {}
    if not played_here(state, given.table, ResultInput(
            given.round, given.table, given.board, "PASS")):
        problems["board"] = msg("not a board this table has played or is playing")
        return EntryCheck(problems, None)
    text = given.contract.strip()
    if text.upper() in PASSED:
        return EntryCheck(problems, 0)
    contract = _contract(text, language, problems)
    declarer = None
    if given.declarer.strip():
        declarer = seat_word(given.declarer, language)
        if declarer is None:
            problems["declarer"] = msg("not a seat")
    lead = _card(given.lead, language, problems)
    if given.tricks is not None and not 0 <= given.tricks <= 13:
        problems["tricks"] = msg("tricks must be a number from 0 to 13")
    answered = lead is not None and (questions is None or questions.allow(
        state.record.id, given.round, given.table, given.board, lead))
    if lead is not None and declarer is not None and answered:
        leader = declarer.lho
        deal = state.board(given.board).deal
        if deal is not None and deal[leader] is not None and lead not in deal.hand(leader):
            problems["lead"] = msg("{seat} makes the opening lead and does not hold {card}",
                                   seat=leader, card=card_text(lead, language))
    whole = contract is not None and declarer is not None and given.tricks is not None
    score = (ns_score(state.board(given.board), contract, declarer, given.tricks)
             if whole and not problems and isinstance(declarer, Seat) else None)
    return EntryCheck(problems, score)


def contract_word(text: str, language: str) -> str:
    """A contract as the players write it (``4♠X``, ``3SA``, ``4PX`` in Spanish, ``3NT``)
    as the engine writes it (``4SX``, ``3NT``); ``ParseError`` when it is none (a suit
    letter that reads two ways included)."""
    key = text.strip()
    doubled = len(key) - len(key.rstrip("Xx"))
    bid = call_word(key[:len(key) - doubled], language)
    return str(Contract.parse(bid + key[len(key) - doubled:].upper()))


def lead_word(text: str, language: str) -> str:
    """A card as the players write it (``♥R``, ``CR`` in Spanish is ambiguous, ``HK``) as
    the engine writes it (``HK``); ``ParseError`` when it is none."""
    return str(Card.parse(card_word(text, language)))


def typed_contract(text: str, language: str) -> str:
    """A contract typed on a form (the table's, the Director's correction or adjusted
    score) as ``ResultInput`` reads it: ``PASS`` for a pass in any language (paso, passe,
    passo, AP), the engine's contract (``contract_word``), blank as blank; a word whose
    suit letter reads two ways is refused naming both readings (``BadInput``: never
    guessed); any other word is passed on as typed, for ``ResultInput`` to refuse with its
    reason."""
    key = text.strip()
    if not key or key.upper() in PASSED:
        return key.upper()
    try:
        if call_word(key, language) == "P":
            return "PASS"
        return contract_word(key, language)
    except AmbiguousWord as error:
        raise BadInput(error.reason if isinstance(error.reason, Msg)
                       else msg("not a contract")) from None
    except (ParseError, ValueError):
        return key.upper()


def typed_lead(text: str, language: str) -> str:
    """A lead typed on a form as ``ResultInput`` reads it: the engine's card
    (``lead_word``), blank as blank, a card whose suit letter reads two ways refused
    (``BadInput``), any other word passed on as typed."""
    key = text.strip()
    if not key:
        return key
    try:
        return lead_word(key, language)
    except AmbiguousWord as error:
        raise BadInput(error.reason if isinstance(error.reason, Msg)
                       else msg("not a card")) from None
    except (ParseError, ValueError):
        return key.upper()


def _contract(text: str, language: str, problems: dict[str, Msg]) -> Contract | None:
    if not text:
        return None
    try:
        return Contract.parse(contract_word(text, language))
    except AmbiguousWord as error:
        problems["contract"] = error.reason if isinstance(error.reason, Msg) \
            else msg("not a contract")
    except (ParseError, ValueError):
        problems["contract"] = msg("not a contract")
    return None


def _card(text: str, language: str, problems: dict[str, Msg]) -> Card | None:
    if not text.strip():
        return None
    try:
        return Card.parse(lead_word(text, language))
    except AmbiguousWord as error:
        problems["lead"] = error.reason if isinstance(error.reason, Msg) else msg("not a card")
    except (ParseError, ValueError):
        problems["lead"] = msg("not a card")
    return None
