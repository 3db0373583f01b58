"""DUP files for Duplimate dealing machines (spec §4.12).

156 bytes per board: the 78 BRI digits of the deal, the 68 DGE bytes of the same deal,
then 10 header bytes. On the first board the header is ``"YN" + first(2) + " 0 " +
count(2) + " "``: the first board's number left-justified in two characters, and the
number of boards in two digits; boards are numbered consecutively from it, with Law 2's
dealer and vulnerability. On the other boards the header is 10 NUL bytes.

Known and unknown: the second letter ``N`` means "not reversed" (deal-convert's reading;
what a reversed file would hold is unknown, so any other letter is an error). The first
letter ``Y`` and the ``0`` are constant in every file seen; their meaning is unknown and a
reader ignores them. A reader ignores the header bytes of later boards too. Both encodings
of a deal must agree, or the file is malformed. Two-character fields limit a file to boards
1-99."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.formats.dealing import bri, dge
from dupbridge.formats.dealing._common import (
    DealtBoard,
    PathLike,
    as_bytes,
    binary_error,
    check_consecutive,
    from_records,
    read_path,
    to_records,
    write_path,
)

__all__ = ["RECORD_SIZE", "DealtBoard", "dump", "dumps", "from_records", "load", "loads",
           "to_records"]

RECORD_SIZE = 156
_HEADER_AT = bri.HANDS_SIZE + dge.HANDS_SIZE


def _header_numbers(raw: bytes, source: str) -> tuple[int, int]:
    """First board and board count from the first record's header."""
    header = raw[_HEADER_AT:_HEADER_AT + 10]
    if header[1:2] != b"N":
        raise binary_error(f"expected the header's not-reversed flag 'N', found "
                           f"{header[1:2]!r}", raw, _HEADER_AT + 1, 0, RECORD_SIZE, source)
    fields = ((2, header[2:4], "first board number"), (7, header[7:9], "board count"))
    numbers: list[int] = []
    for at, field, name in fields:
        text = field.strip()
        if not text.isdigit() or int(text) < 1:
            raise binary_error(f"expected the {name} (1-99) in the header, found {field!r}",
                               raw, _HEADER_AT + at, 0, RECORD_SIZE, source)
        numbers.append(int(text))
    return numbers[0], numbers[1]


def loads(data: bytes | str, *, source: str = "<file>") -> list[DealtBoard]:
    """The boards of a DUP file, numbered as its header says."""
    raw = as_bytes(data)
    if len(raw) % RECORD_SIZE or not raw:
        start = len(raw) - len(raw) % RECORD_SIZE
        raise binary_error(f"expected {RECORD_SIZE} bytes per board and at least one board; "
                           f"the file has {len(raw)} bytes", raw, start, start, RECORD_SIZE,
                           source)
    first, count = _header_numbers(raw, source)
    if count != len(raw) // RECORD_SIZE:
        raise binary_error(f"the header counts {count} boards; expected "
                           f"{len(raw) // RECORD_SIZE}, the number of boards in the file",
                           raw, _HEADER_AT + 7, 0, RECORD_SIZE, source)
    boards: list[DealtBoard] = []
    for i, start in enumerate(range(0, len(raw), RECORD_SIZE)):
        deal = bri.decode_hands(raw, start, RECORD_SIZE, source)
        twin = dge.decode_hands(raw, start + bri.HANDS_SIZE, RECORD_SIZE, source)
        if twin != deal:
            raise binary_error("expected the DGE part to give the same deal as the BRI part",
                               raw, start + bri.HANDS_SIZE, start, RECORD_SIZE, source)
        boards.append(DealtBoard.of(first + i, deal))
    return boards


def load(path: PathLike) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path))


def dumps(boards: Sequence[DealtBoard]) -> bytes:
    """DUP bytes; a ValueError unless there are 1-99 boards numbered consecutively in 1-99."""
    if not boards:
        raise ValueError("a DUP file holds at least one board")
    check_consecutive(boards, "DUP", first=1, last=99)
    header = f"YN{boards[0].number:<2d} 0 {len(boards):02d} ".encode("ascii")
    return b"".join(bri.encode_hands(board.deal) + dge.encode_hands(board.deal)
                    + (header if i == 0 else b"\0" * 10) for i, board in enumerate(boards))


def dump(boards: Sequence[DealtBoard], path: PathLike) -> None:
    write_path(dumps(boards), path)
