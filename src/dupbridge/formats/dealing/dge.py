"""DGE dealing-machine files (spec §4.12).

128 bytes per board, boards numbered 1, 2, ... in file order (no number, dealer or
vulnerability in the file: Law 2 gives them). Bytes 0-67 give North's, East's, South's and
West's hands, each as four suit markers, ``chr(6)`` ♠, ``chr(3)`` ♥, ``chr(4)`` ♦,
``chr(5)`` ♣, each followed by the ranks held (``AKQJT98765432``, ace first). Bytes 68-127
are 60 NUL bytes in every real file and in ours; a reader ignores them (their use, if any,
is unknown)."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats.dealing._common import (
    RANK_CHARS,
    DealtBoard,
    PathLike,
    as_bytes,
    binary_error,
    check_consecutive,
    count_problem,
    deal_from_owners,
    from_records,
    read_path,
    suit_ranks,
    to_records,
    write_path,
)

__all__ = ["HANDS_SIZE", "RECORD_SIZE", "DealtBoard", "decode_hands", "dump", "dumps",
           "encode_hands", "from_records", "load", "loads", "to_records"]

RECORD_SIZE = 128
HANDS_SIZE = 68
SUIT_MARKERS = b"\x06\x03\x04\x05"
_PADDING = b"\0" * 60


def encode_hands(deal: Deal) -> bytes:
    """The 68 bytes of the four hands, suit markers and ranks."""
    parts: list[bytes] = []
    for seat in Seat:
        for suit in range(4):
            parts.append(SUIT_MARKERS[suit:suit + 1])
            parts.append(suit_ranks(deal, seat, suit).encode("ascii"))
    return b"".join(parts)


def decode_hands(data: bytes, start: int, record_size: int, source: str) -> Deal:
    """The deal written as 68 marker-and-rank bytes at ``start`` of ``data``."""
    owners: list[Seat | None] = [None] * 52
    offset = start
    end = start + HANDS_SIZE
    for seat in Seat:
        for suit in range(4):
            if offset >= end or data[offset] != SUIT_MARKERS[suit]:
                found = data[offset:offset + 1]
                raise binary_error(f"expected the suit marker {SUIT_MARKERS[suit]:#04x} of "
                                   f"{seat.name.title()}'s suit {'SHDC'[suit]}, found {found!r}",
                                   data, offset, start, record_size, source)
            offset += 1
            while offset < end and data[offset] not in SUIT_MARKERS:
                rank = RANK_CHARS.find(chr(data[offset]))
                if rank < 0:
                    raise binary_error(f"expected a rank of {RANK_CHARS} or a suit marker, "
                                       f"found {data[offset:offset + 1]!r}", data, offset,
                                       start, record_size, source)
                if owners[13 * suit + rank] is not None:
                    raise binary_error(f"card {'SHDC'[suit]}{RANK_CHARS[rank]} is dealt twice",
                                       data, offset, start, record_size, source)
                owners[13 * suit + rank] = seat
                offset += 1
    dealt = [Seat.NORTH if owner is None else owner for owner in owners]
    problem = count_problem(dealt) if None not in owners else (
        f"expected all 52 cards in the {HANDS_SIZE} bytes of the hands; "
        f"{owners.count(None)} are missing")
    if problem:
        raise binary_error(problem, data, start, start, record_size, source)
    return deal_from_owners(dealt)


def loads(data: bytes | str, *, source: str = "<file>", first_board: int = 1
          ) -> list[DealtBoard]:
    """The boards of a DGE file, numbered from ``first_board``."""
    raw = as_bytes(data)
    if len(raw) % RECORD_SIZE:
        start = len(raw) - len(raw) % RECORD_SIZE
        raise binary_error(f"expected {RECORD_SIZE} bytes per board; the file has "
                           f"{len(raw)} bytes, {len(raw) % RECORD_SIZE} after the last "
                           "whole board", raw, start, start, RECORD_SIZE, source)
    return [DealtBoard.of(first_board + i, decode_hands(raw, start, RECORD_SIZE, source))
            for i, start in enumerate(range(0, len(raw), RECORD_SIZE))]


def load(path: PathLike, *, first_board: int = 1) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path), first_board=first_board)


def dumps(boards: Sequence[DealtBoard]) -> bytes:
    """DGE bytes; a ValueError unless the boards are numbered consecutively."""
    check_consecutive(boards, "DGE")
    return b"".join(encode_hands(board.deal) + _PADDING for board in boards)


def dump(boards: Sequence[DealtBoard], path: PathLike) -> None:
    write_path(dumps(boards), path)
