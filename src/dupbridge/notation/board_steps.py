"""Lines of the event grammar of ruling cases for facts about the cards and the board
reported to the Director (Laws 13-15):

- ``count N HA E``: North holds the HA too many, a card of East's hand (Law 13);
  ``count N SA surplus``: a surplus card not part of the deal (2007 13F, 2017 13C);
- ``found S H5 elsewhere``: South's missing H5 is found elsewhere (Law 14); ``trick``:
  among the played cards (14B1); ``lost``: not found, the deal is rebuilt (14A2, 14B3);
- ``wrong-board-played N``: North's pair is playing a wrong board (2007 Law 15, 2017 15B).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities.law13_15_cards_and_boards import WHERE
from dupbridge.table.table import Table

T = TypeVar("T")

BOARD_GRAMMAR = ("count SEAT CARD SEAT|surplus | found SEAT CARD elsewhere|trick|lost | "
                 "wrong-board-played SEAT")

BOARD_KEYWORDS = frozenset({"count", "found", "wrong-board-played"})


class BoardGrammarError(ValueError):
    """A line about the cards or the board that does not parse."""


@dataclass(frozen=True, slots=True)
class CountStep:
    seat: Seat
    card: Card
    short: Seat | None = None


@dataclass(frozen=True, slots=True)
class FoundStep:
    seat: Seat
    card: Card
    where: str


@dataclass(frozen=True, slots=True)
class WrongBoardPlayedStep:
    seat: Seat


BoardStep = CountStep | FoundStep | WrongBoardPlayedStep


def parse_board_line(words: list[str]) -> BoardStep:
    keyword = words[0].lower()
    if keyword == "count":
        if len(words) != 4:
            raise BoardGrammarError("expected 'count SEAT CARD SEAT|surplus', as in "
                                    "'count N HA E'")
        short = None if words[3].lower() == "surplus" else _parse(Seat.parse, words[3])
        return CountStep(_parse(Seat.parse, words[1]), _parse(Card.parse, words[2]), short)
    if keyword == "found":
        if len(words) != 4 or words[3].lower() not in WHERE:
            raise BoardGrammarError(f"expected 'found SEAT CARD {'|'.join(WHERE)}', as in "
                                    "'found S H5 elsewhere'")
        return FoundStep(_parse(Seat.parse, words[1]), _parse(Card.parse, words[2]),
                         words[3].lower())
    if len(words) != 2:
        raise BoardGrammarError("expected 'wrong-board-played SEAT'")
    return WrongBoardPlayedStep(_parse(Seat.parse, words[1]))


def apply_board_line(table: Table, step: BoardStep) -> None:
    if isinstance(step, CountStep):
        table.report_card_count(step.seat, step.card, step.short)
    elif isinstance(step, FoundStep):
        table.card_found(step.seat, step.card, step.where)
    else:
        table.wrong_board_played(step.seat)


def _parse(parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ParseError as error:
        raise BoardGrammarError(error.reason) from None
