"""The play's own lines in the event grammar of ruling cases (besides ``play SEAT CARD``):
cards exposed other than by playing them, and attention drawn to a revoke.

- ``expose W DQ dropped``: West's DQ is exposed; how: ``dropped``, ``shown``, ``named``,
  ``with`` (played together with another card, 58B), ``fifth`` (added to a trick he has
  played to, 45E);
- ``attention S``: South draws attention to the earliest revoke nobody has noticed;
  ``attention S 7``: to the card at record 7; ``attention E next-board`` /
  ``attention E round-ended``: after a call on the next board (64B4) or after the round
  (64B5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.ruling import Exposure
from dupbridge.table.table import Table

T = TypeVar("T")

PLAY_GRAMMAR = ("expose SEAT CARD dropped|shown|named|with|fifth | "
                "attention SEAT [RECORD] [next-board|round-ended]")

EXPOSURES = {
    "dropped": Exposure.DROPPED,
    "shown": Exposure.SHOWN,
    "named": Exposure.NAMED,
    "with": Exposure.WITH_ANOTHER,
    "fifth": Exposure.FIFTH_CARD,
}

LATE = ("next-board", "round-ended")


class PlayGrammarError(ValueError):
    """A play line that does not parse; the message says what was expected."""


@dataclass(frozen=True, slots=True)
class ExposeStep:
    seat: Seat
    card: Card
    how: Exposure


@dataclass(frozen=True, slots=True)
class AttentionStep:
    seat: Seat
    record: int | None = None
    late: str = ""


PlayStepLine = ExposeStep | AttentionStep

PLAY_KEYWORDS = frozenset({"expose", "attention"})


def parse_play_line(words: list[str]) -> PlayStepLine:
    keyword = words[0].lower()
    if keyword == "expose":
        if len(words) != 4 or words[3].lower() not in EXPOSURES:
            raise PlayGrammarError(f"expected 'expose SEAT CARD {'|'.join(EXPOSURES)}', "
                                   "as in 'expose W DQ dropped'")
        return ExposeStep(_parse(Seat.parse, words[1]), _parse(Card.parse, words[2]),
                          EXPOSURES[words[3].lower()])
    if len(words) < 2 or len(words) > 4:
        raise PlayGrammarError("expected 'attention SEAT [RECORD] [next-board|round-ended]'")
    seat = _parse(Seat.parse, words[1])
    record = None
    late = ""
    for word in words[2:]:
        if word.isdigit():
            record = int(word)
        elif word.lower() in LATE:
            late = word.lower()
        else:
            raise PlayGrammarError(f"'attention': {word!r} is neither a record number nor one "
                                   f"of {', '.join(LATE)}")
    return AttentionStep(seat, record, late)


def apply_play_line(table: Table, step: PlayStepLine) -> None:
    if isinstance(step, ExposeStep):
        table.expose(step.seat, step.card, step.how)
    else:
        table.draw_attention(step.seat, step.record, step.late)


def _parse(parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ParseError as error:
        raise PlayGrammarError(error.reason) from None
