"""Claims and concessions in the event grammar of ruling cases (Laws 48B2, 63A2, 68-69):

- ``claim S`` / ``claim S 4`` / ``claim S 4 drawing trumps first``: South claims the rest
  (or 4 of the remaining tricks), with his statement (68A, 68C) in his own words, read
  phrase by phrase as the claim screen reads them (``i18n.claim_statements``: the words
  nothing read are kept and the Director asked to confirm the reading, 70B1); play is
  suspended;
- ``claim W trick [CARD] [statement]``: West says the trick in progress is his side's,
  showing CARD: no claim (68 preamble); the Director says whether the card counts as played;
- ``concede W`` / ``concede S 1``: West abandons his hand (all the remaining tricks), South
  concedes one trick (68B);
- ``agree E``: East, an opponent, accepts the claim (69A); ``object W``: West doubts it
  (68D) or objects to his partner's concession (68B2);
- ``face-hand S``: South faces his hand without a word (48B2 / 68A);
- ``announce E HA``: East names the card he will play to a later trick (63A2);
- ``claim N total 10 ...`` / ``concede W total 10``: the claim counts the side's tricks of the
  whole board; the concession, the opponents' (a miscount is possible: 69B1, 71);
- ``after-claim W C3``: West plays the C3 while the claim stands (2007 70D3: evidence);
- ``withdraw-agreement E [late]``: East's side withdraws its agreement (69B);
  ``cancel-concession W [late]``: the Director is asked to cancel West's side's concession
  (71); ``late``: after the Correction Period (refused).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.i18n.claim_statements import read_statement
from dupbridge.table.events import (
    AgreementWithdrawn,
    ClaimAgreed,
    ClaimContested,
    Claimed,
    ClaimEvent,
    Conceded,
    ConcessionCancelled,
    HandFaced,
    PlayAnnounced,
    PlayedAfterClaim,
    TrickClaimed,
)
from dupbridge.table.table import Table

CLAIM_GRAMMAR = ("claim SEAT [N|total N|trick [CARD]] [STATEMENT] | concede SEAT [N|total N] | "
                 "agree SEAT | object SEAT | face-hand SEAT | announce SEAT CARD | "
                 "after-claim SEAT CARD | withdraw-agreement SEAT [late] | "
                 "cancel-concession SEAT [late]")

CLAIM_KEYWORDS = frozenset({"claim", "concede", "agree", "object", "face-hand", "announce",
                            "after-claim", "withdraw-agreement", "cancel-concession"})


class ClaimGrammarError(ValueError):
    """A claim line that does not parse; the message says what was expected."""


@dataclass(frozen=True, slots=True)
class ClaimStep:
    """A claim line: the table event it stands for."""

    event: ClaimEvent


def parse_claim_line(words: list[str], language: str = "en") -> ClaimStep:
    """A claim line; the words of a claim's statement are read in ``language``."""
    keyword = words[0].lower()
    if len(words) < 2:
        raise ClaimGrammarError(f"expected {CLAIM_GRAMMAR}")
    seat = _seat(words[1])
    rest = words[2:]
    if keyword == "claim":
        return ClaimStep(_claim(seat, rest, language))
    if keyword == "concede":
        return ClaimStep(_concede(seat, rest))
    if keyword in ("announce", "after-claim"):
        if len(rest) != 1:
            raise ClaimGrammarError(f"expected '{keyword} SEAT CARD', as in '{keyword} E HA'")
        return ClaimStep(PlayAnnounced(seat, _card(rest[0])) if keyword == "announce"
                         else PlayedAfterClaim(seat, _card(rest[0])))
    if keyword in ("withdraw-agreement", "cancel-concession"):
        if rest not in ([], ["late"]):
            raise ClaimGrammarError(f"expected '{keyword} SEAT [late]'")
        kind = AgreementWithdrawn if keyword == "withdraw-agreement" else ConcessionCancelled
        return ClaimStep(kind(seat, not rest))
    if rest:
        raise ClaimGrammarError(f"expected '{keyword} SEAT'")
    if keyword == "agree":
        return ClaimStep(ClaimAgreed(seat))
    return ClaimStep(ClaimContested(seat) if keyword == "object" else HandFaced(seat))


def _claim(seat: Seat, rest: list[str], language: str) -> Claimed | TrickClaimed:
    if rest and rest[0].lower() == "trick":
        card = None
        words = rest[1:]
        if words:
            try:
                card = Card.parse(words[0])
                words = words[1:]
            except ParseError:
                card = None
        return TrickClaimed(seat, card, " ".join(words))
    if rest[:1] == ["total"]:
        if len(rest) < 2 or not rest[1].isdigit():
            raise ClaimGrammarError("expected 'claim SEAT total N [STATEMENT]'")
        return _read(Claimed(seat, None, " ".join(rest[2:]), int(rest[1])), language)
    tricks = int(rest[0]) if rest and rest[0].isdigit() else None
    return _read(Claimed(seat, tricks, " ".join(rest[1:] if tricks is not None else rest)),
                 language)


def _read(made: Claimed, language: str) -> Claimed:
    """The statement in the claimer's words read phrase by phrase, as the claim screen
    reads it (70B1): its plan steps, and the words nothing read (the Director is asked to
    confirm the reading; no word is dropped in silence)."""
    if not made.statement.strip():
        return made
    reading = read_statement(made.statement, language)
    return replace(made, reading=reading.grammar, unread=reading.unread)


def _concede(seat: Seat, rest: list[str]) -> Conceded:
    if len(rest) == 2 and rest[0] == "total" and rest[1].isdigit():
        return Conceded(seat, None, int(rest[1]))
    if len(rest) > 1 or (rest and not rest[0].isdigit()):
        raise ClaimGrammarError("expected 'concede SEAT [N | total N]', as in 'concede S 1'")
    return Conceded(seat, int(rest[0]) if rest else None)


def apply_claim_line(table: Table, step: ClaimStep) -> None:
    table.apply(step.event)


def _seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except ParseError as error:
        raise ClaimGrammarError(error.reason) from None


def _card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ParseError as error:
        raise ClaimGrammarError(error.reason) from None
