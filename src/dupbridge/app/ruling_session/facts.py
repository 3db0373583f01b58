"""End-of-hand rulings from a summary of the play, not from the play card by card.

The Director is called when the hand is over: he learns the contract, the tricks declarer
took and what the irregularity was (a revoke: which trick, who won it, the offending side's
later tricks). ``PlaySummary`` holds those facts; ``summary_result`` settles them (Law 64 for
a revoke, 64C for the Director's review) and scores the board (Law 77).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.board import Board
from dupbridge.core.contract import Contract
from dupbridge.core.messages import msg
from dupbridge.core.scoring_table import contract_score
from dupbridge.laws.play import law61_64_revokes
from dupbridge.laws.play.law64_facts import RevokeFacts, transfer_from_facts
from dupbridge.table.result import Result, scored_result
from dupbridge.table.state import TableState


@dataclass(frozen=True, slots=True)
class PlaySummary:
    """The play as the Director learns it at the end of the hand: the ``contract`` (with its
    declarer), the tricks declarer won as played, and the revoke if there was one."""

    contract: Contract
    declarer_tricks: int
    revoke: RevokeFacts | None = None

    def __post_init__(self) -> None:
        if self.contract.declarer is None:
            raise ValueError(msg("the contract needs its declarer, as in '4S S'"))
        if not 0 <= self.declarer_tricks <= 13:
            raise ValueError(msg("declarer won 0 to 13 tricks, not {tricks}",
                                 tricks=self.declarer_tricks))
        if self.revoke is not None and self.revoke.won_from_revoke_trick > self.offenders_tricks:
            raise ValueError(msg("the offending side won {total} tricks in all, fewer than "
                                 "{counted} from the revoke trick on",
                                 total=self.offenders_tricks,
                                 counted=self.revoke.won_from_revoke_trick))

    @property
    def offenders_tricks(self) -> int:
        """The tricks the revoker's side won as played."""
        declarer = self.contract.declarer
        if self.revoke is None or declarer is None:
            return 0
        if self.revoke.seat.side is declarer.side:
            return self.declarer_tricks
        return 13 - self.declarer_tricks


def summary_result(state: TableState, summary: PlaySummary) -> Result:
    """The board's result from ``summary``: the Law 64 transfer and the 64C review for a
    revoke, and the Law 77 score; the rulings made at the table come with it."""
    declarer = summary.contract.declarer
    assert declarer is not None
    transfers: tuple[law61_64_revokes.Transfer, ...] = ()
    if summary.revoke is not None:
        transfers = (transfer_from_facts(state.edition, summary.revoke),)
    tricks = law61_64_revokes.declarer_tricks_after(summary.declarer_tricks, transfers,
                                                    declarer)
    # The table's result scored as the table does, with the assigned adjusted score the
    # rulings gave (12C1): that score, not the table's, is the board's.
    return scored_result(state, summary.contract, tricks, transfers)


def score_ns(board: Board, contract: Contract, tricks: int) -> int:
    """Law 77, from North-South's side."""
    declarer = contract.declarer
    assert declarer is not None
    score = contract_score(contract, tricks, board.vulnerability.is_vulnerable(declarer))
    return score if declarer.side.value == "NS" else -score
