"""Big Deal's CSV export (inferred from the real files against their PBN twins, and as
emkael/deal-convert's ``csv.py`` reads them): one line per board, 18 fields, all quoted.
Fields 1-16 are the suits ♠ ♥ ♦ ♣ of North, East, South and West, each the ranks held
(``AKQJT98765432`` order, ``""`` for a void); field 17 is the board number; field 18 is
``dealer/vulnerability`` as in ``N/-``, ``E/NS``, ``S/EW``, ``W/All``. This is the one
dealing format that carries its own dealer and vulnerability, so they need not follow
Law 2. Lines end with CRLF or LF (``dumps(..., newline=)``); quotes are optional when
reading."""

from __future__ import annotations

import re
from collections.abc import Sequence

from dupbridge.core.cards import CardSet
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.dealing._common import (
    MACHINE_CARDS,
    RANK_CHARS,
    DealtBoard,
    PathLike,
    as_text,
    check_distinct,
    from_records,
    read_path,
    suit_ranks,
    text_error,
    to_records,
    write_path,
)

__all__ = ["DealtBoard", "dump", "dumps", "from_records", "load", "loads", "to_records"]

_FIELD = re.compile(r'"([^"]*)"|([^,"]*)')
_VULNERABILITY_TEXT = {Vulnerability.NONE: "-", Vulnerability.NS: "NS",
                       Vulnerability.EW: "EW", Vulnerability.BOTH: "All"}
_VULNERABILITY_OF = {text: vulnerability for vulnerability, text in _VULNERABILITY_TEXT.items()}


def _fields(text: str, start: int, end: int, source: str) -> list[tuple[str, int]]:
    """The fields of the line ``text[start:end]``, each with where its value starts."""
    fields: list[tuple[str, int]] = []
    at = start
    while True:
        match = _FIELD.match(text, at, end)
        if match is None:  # pragma: no cover - the pattern matches the empty string
            raise text_error("expected a field", text, at, source)
        quoted = match.group(1) is not None
        fields.append((match.group(1) if quoted else match.group(2), at + quoted))
        at = match.end()
        if at == end:
            return fields
        if text[at] != ",":
            raise text_error(f"expected ',' between fields, found {text[at]!r}", text, at, source)
        at += 1


def _hands(fields: list[tuple[str, int]], text: str, source: str) -> Deal:
    masks = [0, 0, 0, 0]
    dealt = 0
    for slot in range(16):
        value, offset = fields[slot]
        seat, suit = divmod(slot, 4)
        for at, char in enumerate(value):
            rank = RANK_CHARS.find(char.upper())
            if rank < 0:
                raise text_error(f"expected a rank of {RANK_CHARS}, found {char!r}", text,
                                 offset + at, source)
            bit = MACHINE_CARDS[13 * suit + rank].bit
            if dealt & bit:
                raise text_error(f"card {'SHDC'[suit]}{char.upper()} is dealt twice", text,
                                 offset + at, source)
            dealt |= bit
            masks[seat] |= bit
    for seat in Seat:
        held = masks[seat].bit_count()
        if held != 13:
            raise text_error(f"{seat.name.title()} holds {held} cards; expected 13 cards in "
                             "each hand", text, fields[4 * seat][1], source)
    return Deal(*(CardSet(mask) for mask in masks))


def _board(fields: list[tuple[str, int]], text: str, line_start: int, source: str
           ) -> DealtBoard:
    if len(fields) != 18:
        raise text_error(f"expected 18 fields (16 suits, board, dealer/vulnerability), found "
                         f"{len(fields)}", text, line_start, source)
    deal = _hands(fields, text, source)
    number, offset = fields[16]
    if not number.isdigit() or int(number) < 1:
        raise text_error(f"expected a board number from 1, found {number!r}", text, offset,
                         source)
    marking, offset = fields[17]
    dealer, slash, vulnerable = marking.partition("/")
    if dealer not in ("N", "E", "S", "W") or not slash or vulnerable not in _VULNERABILITY_OF:
        raise text_error(f"expected dealer/vulnerability as in 'N/-', 'E/NS', 'S/EW', 'W/All', "
                         f"found {marking!r}", text, offset, source)
    return DealtBoard(int(number), deal, Seat.parse(dealer), _VULNERABILITY_OF[vulnerable])


def loads(data: bytes | str, *, source: str = "<file>") -> list[DealtBoard]:
    """The boards of a Big Deal CSV file; blank lines are skipped."""
    text = as_text(data)
    boards: list[DealtBoard] = []
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        stop = end - 1 if end > start and text[end - 1] == "\r" else end
        if text[start:stop].strip():
            boards.append(_board(_fields(text, start, stop, source), text, start, source))
        start = end + 1
    return boards


def load(path: PathLike) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path))


def _row(board: DealtBoard) -> str:
    values = [suit_ranks(board.deal, seat, suit) for seat in Seat for suit in range(4)]
    values += [str(board.number),
               f"{board.dealer.letter}/{_VULNERABILITY_TEXT[board.vulnerability]}"]
    return ",".join(f'"{value}"' for value in values)


def dumps(boards: Sequence[DealtBoard], newline: str = "\r\n") -> str:
    """Big Deal CSV text; a ValueError if a board number appears twice."""
    check_distinct(boards, "CSV")
    if newline not in ("\r\n", "\n"):
        raise ValueError("a CSV line ends with CRLF or LF")
    return "".join(_row(board) + newline for board in boards)


def dump(boards: Sequence[DealtBoard], path: PathLike, newline: str = "\r\n") -> None:
    write_path(dumps(boards, newline), path)
