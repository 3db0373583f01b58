"""The outcome of a board at a table."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.contract import Contract
from dupbridge.laws.auction import law36_inadmissible_double
from dupbridge.laws.irregularities.assigned_score import AssignedScore
from dupbridge.laws.machinery.ruling import (
    InformationTag,
    LeadRestriction,
    Review,
    Ruling,
    ScoreWithout,
)
from dupbridge.laws.play.law61_64_revokes import Transfer
from dupbridge.table.state import TableState


@dataclass(frozen=True, slots=True)
class Result:
    contract: Contract | None  # None: passed out (Law 22; Law 77: zero to both sides)
    tricks: int | None  # tricks won by declarer (Law 79A)
    score_ns: int  # Law 77, from North-South's side
    rulings: tuple[Ruling, ...]
    reviews: tuple[Review, ...]  # what the Director reviews at the end of play
    lead_restrictions: tuple[LeadRestriction, ...]
    information: tuple[InformationTag, ...]
    transfers: tuple[Transfer, ...] = ()  # Law 64, one per established revoke
    assigned: AssignedScore | None = None  # Law 12C1: replaces the table result when set

    @property
    def final_score_ns(self) -> int:
        """The score that counts: the assigned adjusted score if there is one (12C1(a))."""
        return self.assigned.score_ns if self.assigned is not None else self.score_ns

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    def __str__(self) -> str:
        if self.contract is None:
            return "Passed out: 0"
        assert self.tricks is not None
        made = self.tricks - self.contract.tricks_needed
        outcome = "=" if made == 0 else f"{made:+d}"
        return f"{self.contract}{outcome}: NS {self.score_ns:+d}"


def contract_scored(state: TableState) -> Contract | None:
    """The final contract the board is scored in: the one played, unless a ruling says some
    of its doubles or redoubles are to be scored as if they had not been made (2017 36C)."""
    contract = state.contract
    without = {record for ruling in state.rulings for effect in ruling.effects
               if isinstance(effect, ScoreWithout) for record in effect.records}
    if contract is None or not without:
        return contract
    positions = {position for position, record in enumerate(state.standing) if record in without}
    return law36_inadmissible_double.scored_contract(contract, state.current_auction.calls,
                                                     positions)
