"""CDS dealing-machine files (inferred from the real file against its PBN twin, and as
emkael/deal-convert's ``cds.py`` reads them): 14 bytes per board, the board number
(1-255) in one byte, then the packed deal of 13 bytes, one per rank from the ace, each
holding four 2-bit owners for ♠ ♥ ♦ ♣ (high bits first) coded W=0, N=1, E=2, S=3. Dealer
and vulnerability come from Law 2. There is no header and no checksum."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.formats.dealing._common import (
    DealtBoard,
    PathLike,
    as_bytes,
    binary_error,
    check_distinct,
    count_problem,
    from_records,
    read_path,
    to_records,
    write_path,
)
from dupbridge.formats.dealing._packed import PACKED_SIZE, pack, unpack, unpack_owners

__all__ = ["RECORD_SIZE", "DealtBoard", "dump", "dumps", "from_records", "load", "loads",
           "to_records"]

RECORD_SIZE = 1 + PACKED_SIZE
_SHIFT = 1


def loads(data: bytes | str, *, source: str = "<file>") -> list[DealtBoard]:
    """The boards of a CDS file, numbered as the file says."""
    raw = as_bytes(data)
    if len(raw) % RECORD_SIZE:
        start = len(raw) - len(raw) % RECORD_SIZE
        raise binary_error(f"expected {RECORD_SIZE} bytes per board; {len(raw) - start} bytes "
                           "follow the last whole board", raw, start, start, RECORD_SIZE, source)
    boards: list[DealtBoard] = []
    for start in range(0, len(raw), RECORD_SIZE):
        if raw[start] == 0:
            raise binary_error("expected a board number 1-255, found 0", raw, start, start,
                               RECORD_SIZE, source)
        owners = unpack_owners(raw, start + 1, _SHIFT)
        problem = count_problem(owners)
        if problem:
            raise binary_error(problem, raw, start + 1, start, RECORD_SIZE, source)
        boards.append(DealtBoard.of(raw[start], unpack(owners)))
    return boards


def load(path: PathLike) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path))


def dumps(boards: Sequence[DealtBoard]) -> bytes:
    """CDS bytes; a ValueError for a board number above 255 or given twice."""
    check_distinct(boards, "CDS")
    for board in boards:
        if board.number > 255:
            raise ValueError(f"CDS numbers boards 1-255 in one byte; got board {board.number}")
    return b"".join(bytes([board.number]) + pack(board.deal, _SHIFT) for board in boards)


def dump(boards: Sequence[DealtBoard], path: PathLike) -> None:
    write_path(dumps(boards), path)
