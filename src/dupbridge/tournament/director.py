"""The Director's tools for errors of procedure (Law 82) as the scorer sees them: a board
whose play he requires, postpones or cancels, and the adjusted score after his own error."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dupbridge.core.registry import law
from dupbridge.scoring.results import Artificial, Fault


class BoardOrder(Enum):
    REQUIRE = "require"
    POSTPONE = "postpone"
    CANCEL = "cancel"


@dataclass(frozen=True, slots=True)
class BoardDirection:
    """82B2: the Director's instruction for one board at one table."""

    order: BoardOrder
    round: int
    table: int
    board: int
    ns_fault: Fault = Fault.NONE
    ew_fault: Fault = Fault.NONE

    @property
    def keeps_round_open(self) -> bool:
        """A postponed board keeps its round open for those players (Law 8B2)."""
        return self.order is BoardOrder.POSTPONE


@law("82", title="Rectification of errors of procedure")
@law("82B2", title="Requiring, postponing or cancelling the play of a board")
def cancelled_board_score(direction: BoardDirection) -> Artificial | None:
    """82B2: a cancelled board gets an artificial adjusted score by each side's fault
    (12C2(a)); a required or postponed board is still to be played (no score yet)."""
    if direction.order is not BoardOrder.CANCEL:
        return None
    return Artificial(direction.ns_fault, direction.ew_fault)


@law("82C", title="Director's error: both sides treated as non-offending")
def directors_error_score() -> Artificial:
    """82C: when a ruling proves wrong and the board cannot be scored normally, the
    adjusted score treats both sides as non-offending: average plus to each (12C2(a))."""
    return Artificial(Fault.NONE, Fault.NONE)
