"""BER dealing-machine files: one line of digits, 52 per board, no separator and no line
end (inferred from the real files against their PBN twins, and as emkael/deal-convert's
``ber.py`` reads them). Digit ``i`` of a board names the owner of card ``i`` in machine
order (♠A ... ♣2): ``1`` North, ``2`` East, ``3`` South, ``4`` West. Boards are numbered
1, 2, ... in file order, with Law 2's dealer and vulnerability. Trailing white space is
ignored."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.core.seats import Seat
from dupbridge.formats.dealing._common import (
    DealtBoard,
    PathLike,
    as_text,
    check_consecutive,
    count_problem,
    deal_from_owners,
    from_records,
    owners_of,
    read_path,
    text_error,
    to_records,
    write_path,
)

__all__ = ["DealtBoard", "dump", "dumps", "from_records", "load", "loads", "to_records"]

BOARD_SIZE = 52


def loads(data: bytes | str, *, source: str = "<file>", first_board: int = 1
          ) -> list[DealtBoard]:
    """The boards of a BER file, numbered from ``first_board``."""
    text = as_text(data)
    digits = text.rstrip()
    if len(digits) % BOARD_SIZE:
        start = len(digits) - len(digits) % BOARD_SIZE
        raise text_error(f"expected {BOARD_SIZE} digits per board; {len(digits) - start} "
                         "follow the last whole board", text, start, source)
    boards: list[DealtBoard] = []
    for start in range(0, len(digits), BOARD_SIZE):
        owners: list[Seat] = []
        for at in range(start, start + BOARD_SIZE):
            if digits[at] not in "1234":
                raise text_error(f"expected a seat digit 1-4, found {digits[at]!r}", text, at,
                                 source)
            owners.append(Seat(int(digits[at]) - 1))
        problem = count_problem(owners)
        if problem:
            raise text_error(problem, text, start, source)
        boards.append(DealtBoard.of(first_board + len(boards), deal_from_owners(owners)))
    return boards


def load(path: PathLike, *, first_board: int = 1) -> list[DealtBoard]:
    return loads(read_path(path), source=str(path), first_board=first_board)


def dumps(boards: Sequence[DealtBoard]) -> str:
    """BER text; a ValueError unless the boards are numbered consecutively."""
    check_consecutive(boards, "BER")
    return "".join(str(seat + 1) for board in boards for seat in owners_of(board.deal))


def dump(boards: Sequence[DealtBoard], path: PathLike) -> None:
    write_path(dumps(boards), path)
