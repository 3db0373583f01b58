"""Board sets (Law 2): which boards travel together in a round, with the dealer and
vulnerability each board carries (Law 2's cycle, or the markings of a non-conforming board,
which stand for the whole session)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from dupbridge.core.board import Board
from dupbridge.core.seats import Seat, Vulnerability


@dataclass(frozen=True, slots=True)
class BoardSets:
    """``count`` sets of ``per_set`` boards numbered from ``first``: set 1 is boards
    first..first+per_set-1, and so on. ``markings`` holds the boards whose dealer or
    vulnerability is not Law 2's (Law 2: once used, those markings apply all session)."""

    count: int
    per_set: int
    first: int = 1
    markings: Mapping[int, tuple[Seat, Vulnerability]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.count < 1 or self.per_set < 1 or self.first < 1:
            raise ValueError("a board set plan needs at least one set of at least one board")

    def boards_of(self, board_set: int) -> tuple[int, ...]:
        if not 1 <= board_set <= self.count:
            raise ValueError(f"board set {board_set} is not one of 1..{self.count}")
        start = self.first + (board_set - 1) * self.per_set
        return tuple(range(start, start + self.per_set))

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(range(self.first, self.first + self.count * self.per_set))

    def board(self, number: int) -> Board:
        """The board with its dealer and vulnerability (Law 2, or its markings)."""
        if number not in self.boards:
            raise ValueError(f"board {number} is not in this session's sets")
        dealer, vulnerability = self.markings.get(number, (None, None))
        return Board(number, marked_dealer=dealer, marked_vulnerability=vulnerability)

    def set_of(self, board: int) -> int:
        if board not in self.boards:
            raise ValueError(f"board {board} is not in this session's sets")
        return (board - self.first) // self.per_set + 1
