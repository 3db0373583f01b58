"""BRI dealing-machine files (spec §4.12).

128 bytes per board, boards numbered 1, 2, ... in file order (the file carries no number,
dealer or vulnerability: they come from Law 2). Bytes 0-77 are 39 two-digit card numbers
``01``-``52`` in machine order (``01`` = ♠A, ``52`` = ♣2), thirteen for North, then East,
then South; West holds the 13 cards not named. Bytes 78-127 are padding: every real file
has 32 spaces then 18 NUL bytes, and so do we; their use, if any, is unknown, so a reader
ignores them."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats.dealing._common import (
    DealtBoard,
    PathLike,
    as_bytes,
    binary_error,
    check_consecutive,
    deal_from_owners,
    from_records,
    hand_indices,
    read_path,
    to_records,
    write_path,
)

__all__ = ["HANDS_SIZE", "RECORD_SIZE", "DealtBoard", "decode_hands", "dump", "dumps",
           "encode_hands", "from_records", "load", "loads", "to_records"]

RECORD_SIZE = 128
HANDS_SIZE = 78
_PADDING = b" " * 32 + b"\0" * 18


def encode_hands(deal: Deal) -> bytes:
    """The 78 digits naming North's, East's and South's cards."""
    numbers = [index + 1 for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH)
               for index in hand_indices(deal, seat)]
    return "".join(f"{number:02d}" for number in numbers).encode("ascii")


def decode_hands(data: bytes, start: int, record_size: int, source: str) -> Deal:
    """The deal written as 78 digits at ``start`` of ``data``."""
    owners: list[Seat | None] = [None] * 52
    for slot in range(39):
        offset = start + 2 * slot
        pair = data[offset:offset + 2]
        number = int(pair) if pair.isdigit() else 0
        if not 1 <= number <= 52:
            raise binary_error(f"expected a card number 01-52, found {pair!r}", data, offset,
                               start, record_size, source)
        if owners[number - 1] is not None:
            raise binary_error(f"card number {number:02d} is dealt twice", data, offset,
                               start, record_size, source)
        owners[number - 1] = Seat(slot // 13)
    return deal_from_owners([Seat.WEST if owner is None else owner for owner in owners])


def loads(data: bytes | str, *, source: str = "<file>", first_board: int = 1
          ) -> list[DealtBoard]:
    """The boards of a BRI file, numbered from ``first_board``."""
    raw = as_bytes(data)
    if len(raw) % RECORD_SIZE:
        start = len(raw) - len(raw) % RECORD_SIZE
        raise binary_error(f"expected {RECORD_SIZE} bytes per board; the file has "
                           f"{len(raw)} bytes, {len(raw) % RECORD_SIZE} after the last "
                           "whole board", raw, start, start, RECORD_SIZE, source)
    return [DealtBoard.of(first_board + i,
                          decode_hands(raw, start, RECORD_SIZE, source))
            for i, start in enumerate(range(0, len(raw), RECORD_SIZE))]


def load(path: PathLike, *, first_board: int = 1) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path), first_board=first_board)


def dumps(boards: Sequence[DealtBoard]) -> bytes:
    """BRI bytes; a ValueError unless the boards are numbered consecutively."""
    check_consecutive(boards, "BRI")
    return b"".join(encode_hands(board.deal) + _PADDING for board in boards)


def dump(boards: Sequence[DealtBoard], path: PathLike) -> None:
    write_path(dumps(boards), path)
