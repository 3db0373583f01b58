"""BHG dealing-machine files: text, one line per board (inferred from the real files
against their PBN twins, and as emkael/deal-convert's ``bhg.py`` reads them).

Line ``n`` (counting the first line as 0) is board ``n``; an empty line is a board number
the file does not hold. A board line has 52 letters, 13 per hand, starting with the
dealer's hand (Law 2's dealer for that number) and going clockwise; each letter is a card
in machine order, ``A``-``Z`` for ♠A-♥2 and ``a``-``z`` for ♦A-♣2, each hand in that order.
Dealer and vulnerability come from Law 2.

Known and unknown: line 0 is empty in every real file; what it may hold is unknown, so a
reader ignores it and a writer leaves it empty. The file ends with a line end; CRLF or LF
(``dumps(..., newline=)``; the reader takes either)."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.core.board import law2_dealer
from dupbridge.core.seats import Seat
from dupbridge.formats.dealing._common import (
    DealtBoard,
    PathLike,
    as_text,
    check_distinct,
    count_problem,
    deal_from_owners,
    from_records,
    hand_indices,
    read_path,
    text_error,
    to_records,
    write_path,
)

__all__ = ["DealtBoard", "dump", "dumps", "from_records", "load", "loads", "to_records"]

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _board(number: int, line: str, text: str, offset: int, source: str) -> DealtBoard:
    if len(line) != 52:
        raise text_error(f"expected 52 card letters for board {number}, found {len(line)} "
                         "characters", text, offset, source)
    dealer = law2_dealer(number)
    owners: list[Seat | None] = [None] * 52
    for at, letter in enumerate(line):
        index = _LETTERS.find(letter)
        if index < 0:
            raise text_error(f"expected a card letter A-Z or a-z, found {letter!r}", text,
                             offset + at, source)
        if owners[index] is not None:
            raise text_error(f"card letter {letter!r} is dealt twice", text, offset + at, source)
        owners[index] = Seat((dealer + at // 13) % 4)
    problem = count_problem([Seat.NORTH if o is None else o for o in owners])
    if problem:  # cannot happen once 52 distinct letters are read; kept as a guard
        raise text_error(problem, text, offset, source)
    return DealtBoard.of(number, deal_from_owners([o for o in owners if o is not None]))


def loads(data: bytes | str, *, source: str = "<file>") -> list[DealtBoard]:
    """The boards of a BHG file, numbered by their lines."""
    text = as_text(data)
    boards: list[DealtBoard] = []
    offset = 0
    for number, raw in enumerate(text.split("\n")):
        line = raw.rstrip("\r").strip()
        if number > 0 and line:
            boards.append(_board(number, line, text, offset + raw.find(line[0]), source))
        offset += len(raw) + 1
    return boards


def load(path: PathLike) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path))


def _line(board: DealtBoard) -> str:
    dealer = law2_dealer(board.number)
    seats = [Seat((dealer + turn) % 4) for turn in range(4)]
    return "".join(_LETTERS[index] for seat in seats for index in hand_indices(board.deal, seat))


def dumps(boards: Sequence[DealtBoard], newline: str = "\r\n") -> str:
    """BHG text; a ValueError if a board number appears twice."""
    check_distinct(boards, "BHG")
    if newline not in ("\r\n", "\n"):
        raise ValueError("a BHG line ends with CRLF or LF")
    lines = [""] * (max((board.number for board in boards), default=0) + 1)
    for board in boards:
        lines[board.number] = _line(board)
    return "".join(line + newline for line in lines)


def dump(boards: Sequence[DealtBoard], path: PathLike, newline: str = "\r\n") -> None:
    write_path(dumps(boards, newline), path)
