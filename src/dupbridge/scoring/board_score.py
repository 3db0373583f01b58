"""A table result as North-South points: the board's vulnerability, the contract, the
declarer and the tricks declarer took (Law 77), the sign from North-South's side."""

from __future__ import annotations

from dupbridge.core.board import Board
from dupbridge.core.contract import Contract
from dupbridge.core.registry import law
from dupbridge.core.scoring_table import contract_score
from dupbridge.core.seats import Seat, Side


@law("77", title="A table result in North-South points")
def ns_score(board: Board, contract: Contract | str | None, declarer: Seat | str | None = None,
             tricks: int | None = None) -> int:
    """North-South's score on ``board``: ``contract`` (``"4SX"``, or ``None`` / ``"Pass"``
    when the board was passed out, 0), ``declarer`` (a seat, or the contract's own, as in
    ``"4SX N"``) and declarer's ``tricks`` (0-13), vulnerability from the board (Law 2)."""
    if contract is None or (isinstance(contract, str) and contract.strip().upper() in
                            ("PASS", "P", "AP", "PASSED OUT")):
        return 0
    parsed = Contract.parse(contract) if isinstance(contract, str) else contract
    # Not `declarer or ...`: North is seat 0, and falsy.
    seat = (Seat.parse(declarer) if isinstance(declarer, str)
            else parsed.declarer if declarer is None else declarer)
    if seat is None:
        raise ValueError(f"board {board.number}: {parsed} needs its declarer")
    if tricks is None:
        raise ValueError(f"board {board.number}: {parsed} by {seat.name.title()} needs the "
                         "tricks declarer took")
    side = seat.side
    points = contract_score(parsed, tricks, board.vulnerability.is_vulnerable(side))
    return points if side is Side.NS else -points
