"""Claims and concessions in the event grammar of ruling cases (Laws 48B2, 63A2, 68-69):

- ``claim S`` / ``claim S 4`` / ``claim S 4 drawing trumps first``: South claims the rest
  (or 4 of the remaining tricks), with his statement (68A, 68C); play is suspended;
- ``claim W trick [CARD] [statement]``: West says the trick in progress is his side's,
  showing CARD: no claim (68 preamble); the Director says whether the card counts as played;
- ``concede W`` / ``concede S 1``: West abandons his hand (all the remaining tricks), South
  concedes one trick (68B);
- ``agree E``: East, an opponent, accepts the claim (69A); ``object W``: West doubts it
  (68D) or objects to his partner's concession (68B2);
- ``face-hand S``: South faces his hand without a word (48B2 / 68A);
- ``announce E HA``: East names the card he will play to a later trick (63A2).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.table.events import (
    ClaimAgreed,
    ClaimContested,
    Claimed,
    ClaimEvent,
    Conceded,
    HandFaced,
    PlayAnnounced,
    TrickClaimed,
)
from dupbridge.table.table import Table

CLAIM_GRAMMAR = ("claim SEAT [N|trick [CARD]] [STATEMENT] | concede SEAT [N] | agree SEAT | "
                 "object SEAT | face-hand SEAT | announce SEAT CARD")

CLAIM_KEYWORDS = frozenset({"claim", "concede", "agree", "object", "face-hand", "announce"})


class ClaimGrammarError(ValueError):
    """A claim line that does not parse; the message says what was expected."""


@dataclass(frozen=True, slots=True)
class ClaimStep:
    """A claim line: the table event it stands for."""

    event: ClaimEvent


def parse_claim_line(words: list[str]) -> ClaimStep:
    keyword = words[0].lower()
    if len(words) < 2:
        raise ClaimGrammarError(f"expected {CLAIM_GRAMMAR}")
    seat = _seat(words[1])
    rest = words[2:]
    if keyword == "claim":
        return ClaimStep(_claim(seat, rest))
    if keyword == "concede":
        if len(rest) > 1 or (rest and not rest[0].isdigit()):
            raise ClaimGrammarError("expected 'concede SEAT [N]', as in 'concede S 1'")
        return ClaimStep(Conceded(seat, int(rest[0]) if rest else None))
    if keyword == "announce":
        if len(rest) != 1:
            raise ClaimGrammarError("expected 'announce SEAT CARD', as in 'announce E HA'")
        return ClaimStep(PlayAnnounced(seat, _card(rest[0])))
    if rest:
        raise ClaimGrammarError(f"expected '{keyword} SEAT'")
    if keyword == "agree":
        return ClaimStep(ClaimAgreed(seat))
    return ClaimStep(ClaimContested(seat) if keyword == "object" else HandFaced(seat))


def _claim(seat: Seat, rest: list[str]) -> Claimed | TrickClaimed:
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
    tricks = int(rest[0]) if rest and rest[0].isdigit() else None
    return Claimed(seat, tricks, " ".join(rest[1:] if tricks is not None else rest))


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
