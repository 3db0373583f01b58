"""RZD dealing-machine files (inferred from the real file against its PBN twin, and as
emkael/deal-convert's ``rzd.py`` reads them): a 13-byte header, then 13 bytes per board.
The header is the number of boards as a 16-bit little-endian integer followed by 11
spaces; every board is a packed deal (one byte per rank from the ace, four 2-bit owners
for ♠ ♥ ♦ ♣, high bits first, N=0, E=1, S=2, W=3). Boards are numbered 1, 2, ... in file
order (no numbers in the file) with Law 2's dealer and vulnerability.

Known and unknown: the 11 spaces are constant in the files seen; their use, if any, is
unknown, so a reader ignores them and a writer writes spaces. A count that disagrees with
the number of boards is an error."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.formats.dealing._common import (
    DealtBoard,
    PathLike,
    as_bytes,
    binary_error,
    check_consecutive,
    count_problem,
    from_records,
    read_path,
    to_records,
    write_path,
)
from dupbridge.formats.dealing._packed import PACKED_SIZE, pack, unpack, unpack_owners

__all__ = ["DealtBoard", "dump", "dumps", "from_records", "load", "loads", "to_records"]

HEADER_SIZE = 13
_SHIFT = 0


def loads(data: bytes | str, *, source: str = "<file>", first_board: int = 1
          ) -> list[DealtBoard]:
    """The boards of an RZD file, numbered from ``first_board``."""
    raw = as_bytes(data)
    if len(raw) < HEADER_SIZE or (len(raw) - HEADER_SIZE) % PACKED_SIZE:
        start = max(len(raw) - (len(raw) - HEADER_SIZE) % PACKED_SIZE, 0)
        raise binary_error(f"expected a {HEADER_SIZE}-byte header and {PACKED_SIZE} bytes per "
                           f"board; the file has {len(raw)} bytes", raw, start, start,
                           PACKED_SIZE, source)
    count = raw[0] + 256 * raw[1]
    found = (len(raw) - HEADER_SIZE) // PACKED_SIZE
    if count != found:
        raise binary_error(f"the header counts {count} boards; expected {found}, the number of "
                           "boards in the file", raw, 0, 0, HEADER_SIZE, source)
    boards: list[DealtBoard] = []
    for start in range(HEADER_SIZE, len(raw), PACKED_SIZE):
        owners = unpack_owners(raw, start, _SHIFT)
        problem = count_problem(owners)
        if problem:
            raise binary_error(problem, raw, start, start, PACKED_SIZE, source)
        boards.append(DealtBoard.of(first_board + len(boards), unpack(owners)))
    return boards


def load(path: PathLike, *, first_board: int = 1) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path), first_board=first_board)


def dumps(boards: Sequence[DealtBoard]) -> bytes:
    """RZD bytes; a ValueError unless the boards are numbered consecutively (at most
    65535 of them)."""
    check_consecutive(boards, "RZD")
    if len(boards) > 0xFFFF:
        raise ValueError(f"RZD counts boards in 16 bits; got {len(boards)} boards")
    header = len(boards).to_bytes(2, "little") + b" " * 11
    return header + b"".join(pack(board.deal, _SHIFT) for board in boards)


def dump(boards: Sequence[DealtBoard], path: PathLike) -> None:
    write_path(dumps(boards), path)
