"""What every dealing-machine format shares: the dealt board, the machines' card order,
reading and writing helpers, and positioned parse errors.

The machines (Duplimate and its kin) list the pack spades, hearts, diamonds, clubs, each
from the ace down to the two: that order is the *machine index* 0-51 used below (0 = ♠A,
12 = ♠2, 51 = ♣2). Hands are North, East, South, West."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dupbridge.core.board import law2_dealer, law2_vulnerability
from dupbridge.core.cards import Card, CardSet, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.record import BoardRecord

PathLike = str | os.PathLike[str]

#: The pack in machine order: ♠A ♠K ... ♠2 ♥A ... ♣2.
MACHINE_CARDS: tuple[Card, ...] = tuple(
    Card(Suit(3 - suit), Rank(14 - rank)) for suit in range(4) for rank in range(13)
)
#: Machine index of each card, by ``Card.index``.
MACHINE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(MACHINE_CARDS)}
#: Rank characters in machine order within a suit.
RANK_CHARS = "AKQJT98765432"


@dataclass(frozen=True, slots=True)
class DealtBoard:
    """A board as a dealing file knows it: its number, its complete deal, and its dealer and
    vulnerability (Law 2's from the number when the format does not carry them)."""

    number: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise ValueError(f"boards are numbered from 1, got {self.number!r}")
        if not self.deal.is_complete:
            raise ValueError(f"board {self.number}: a dealing file needs all 52 cards dealt")

    @classmethod
    def of(cls, number: int, deal: Deal) -> DealtBoard:
        """Board ``number`` with Law 2's dealer and vulnerability."""
        return cls(number, deal, law2_dealer(number), law2_vulnerability(number))


# -- the deal as 52 owners ------------------------------------------------------------------


def owners_of(deal: Deal) -> list[Seat]:
    """The seat holding each card, by machine index."""
    owners = [Seat.NORTH] * 52
    for seat in Seat:
        for card in deal.hand(seat):
            owners[MACHINE_INDEX[card]] = seat
    return owners


def hand_indices(deal: Deal, seat: Seat) -> list[int]:
    """Machine indices of ``seat``'s cards, in machine order (♠A first)."""
    return sorted(MACHINE_INDEX[card] for card in deal.hand(seat))


def suit_ranks(deal: Deal, seat: Seat, machine_suit: int) -> str:
    """The ranks ``seat`` holds in a suit (0 = spades ... 3 = clubs), ace first."""
    return "".join(RANK_CHARS[index % 13] for index in hand_indices(deal, seat)
                   if index // 13 == machine_suit)


def count_problem(owners: Sequence[Seat]) -> str | None:
    """Why 52 owners are not a deal (a hand without 13 cards), or None when they are."""
    for seat in Seat:
        held = sum(1 for owner in owners if owner is seat)
        if held != 13:
            return f"{seat.name.title()} holds {held} cards; expected 13 cards in each hand"
    return None


def deal_from_owners(owners: Sequence[Seat]) -> Deal:
    """The deal in which card ``i`` (machine index) is held by ``owners[i]``."""
    masks = [0, 0, 0, 0]
    for index, seat in enumerate(owners):
        masks[seat] |= MACHINE_CARDS[index].bit
    return Deal(*(CardSet(mask) for mask in masks))


# -- numbering -------------------------------------------------------------------------------


def check_consecutive(boards: Sequence[DealtBoard], fmt: str, *, first: int | None = None,
                      last: int | None = None) -> None:
    """A ValueError unless the boards are numbered n, n+1, n+2 ... (and within
    ``first``..``last`` when given): formats without board numbers need it."""
    if not boards:
        return
    start = boards[0].number
    for offset, board in enumerate(boards):
        if board.number != start + offset:
            raise ValueError(f"{fmt} needs consecutive board numbers: board {board.number} "
                             f"follows board {boards[offset - 1].number}")
    end = start + len(boards) - 1
    too_low = first is not None and start < first
    too_high = last is not None and end > last
    if too_low or too_high:
        raise ValueError(f"{fmt} holds boards {first}-{last}; got boards {start}-{end}")


def check_distinct(boards: Sequence[DealtBoard], fmt: str) -> None:
    seen: set[int] = set()
    for board in boards:
        if board.number in seen:
            raise ValueError(f"{fmt}: board {board.number} appears twice")
        seen.add(board.number)


# -- bytes and text --------------------------------------------------------------------------


def as_bytes(data: bytes | str) -> bytes:
    return data.encode("latin-1") if isinstance(data, str) else bytes(data)


def as_text(data: bytes | str) -> str:
    return data.decode("latin-1") if isinstance(data, bytes | bytearray) else data


def read_path(path: PathLike) -> bytes:
    return Path(path).read_bytes()


def write_path(data: bytes | str, path: PathLike) -> None:
    """Writes exactly these bytes (text is ASCII, its line ends kept as given)."""
    Path(path).write_bytes(as_bytes(data))


def newline_of(text: str, default: str = "\r\n") -> str:
    """The line end a text file uses: CRLF or LF."""
    first = text.find("\n")
    if first < 0:
        return default
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


# -- positioned errors -----------------------------------------------------------------------


def binary_error(what: str, data: bytes, offset: int, record_start: int, record_size: int,
                 source: str) -> ParseError:
    """A ParseError at byte ``offset`` of a binary file, showing the record around it."""
    record = data[record_start:record_start + record_size]
    shown = "".join(chr(b) if 32 <= b < 127 else "." for b in record)
    error = ParseError(f"{source}: byte {offset}: {what}", shown, offset - record_start,
                       source=source)
    return error


def text_error(what: str, text: str, offset: int, source: str) -> ParseError:
    """A ParseError at character ``offset`` of a text file, with its line and column."""
    line = text.count("\n", 0, offset) + 1
    line_start = text.rfind("\n", 0, offset) + 1
    line_end = text.find("\n", offset)
    shown = text[line_start:len(text) if line_end < 0 else line_end].rstrip("\r")
    return ParseError(what, shown, offset - line_start, source=source, line=line,
                      column=offset - line_start + 1)


# -- board records ---------------------------------------------------------------------------


def to_records(boards: Iterable[DealtBoard]) -> list[BoardRecord]:
    """Board records carrying only the deal, number, dealer and vulnerability."""
    return [BoardRecord(board=b.number, dealer=b.dealer, vulnerability=b.vulnerability,
                        deal=b.deal) for b in boards]


def from_records(records: Iterable[BoardRecord]) -> list[DealtBoard]:
    """The dealt boards of records; a ValueError for a record whose deal is not complete."""
    return [DealtBoard(r.board, r.deal, r.dealer, r.vulnerability) for r in records]
