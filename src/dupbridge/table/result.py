"""The outcome of a board at a table: the contract scored (Law 77), with the tricks a claim
credits (69A) and those revokes transfer (64), and what the Director keeps for the end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dupbridge.core.contract import Contract
from dupbridge.core.scoring_table import contract_score
from dupbridge.table.state import Phase, TableState

if TYPE_CHECKING:
    from dupbridge.laws.irregularities.assigned_score import AssignedScore
    from dupbridge.laws.machinery.effects import InformationTag, LeadRestriction, Review
    from dupbridge.laws.machinery.ruling import Ruling
    from dupbridge.laws.play.law61_64_revokes import Transfer

# The laws of a board that was not regular (36C, 64, 69A, 12C1) are imported where the
# board needs them: the result of a regular board loads none of them (start-up).


@dataclass(frozen=True, slots=True)
class Result:
    """The board's result at this table (``board_result``)."""

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
    if contract is None or not state.rulings:
        return contract
    from dupbridge.laws.machinery.effects import ScoreWithout

    without = {record for ruling in state.rulings for effect in ruling.effects
               if isinstance(effect, ScoreWithout) for record in effect.records}
    if not without:
        return contract
    from dupbridge.laws.auction import law36_inadmissible_double

    positions = {position for position, record in enumerate(state.standing) if record in without}
    return law36_inadmissible_double.scored_contract(contract, state.current_auction.calls,
                                                     positions)


def board_result(state: TableState) -> Result | None:
    """The result once the board is complete, else None: declarer's tricks played, those a
    claim credits (69A: scored as though they had been played), then the revoke transfers
    (Law 64), scored under Law 77."""
    if state.phase is not Phase.COMPLETE:
        return None
    contract = contract_scored(state)  # 2017 36C may score it otherwise than played
    tricks: int | None = None
    transfers: tuple[Transfer, ...] = ()
    if contract is not None and state.play is not None:
        assert contract.declarer is not None
        tricks = state.play.declarer_tricks
        if state.claim is not None:
            from dupbridge.laws.claims import law68_69_claims

            tricks += law68_69_claims.declarer_credit(state.claim, contract.declarer)
        if state.revokes:
            from dupbridge.laws.claims import law68_69_claims
            from dupbridge.laws.play import law61_64_revokes

            claimed = (law68_69_claims.credited_sides(state.claim)
                       if state.claim is not None else ())
            transfers = law61_64_revokes.transfers(state.edition, state.revokes,
                                                   state.play.tricks, claimed)
            tricks = law61_64_revokes.declarer_tricks_after(tricks, transfers,
                                                            contract.declarer)
    return scored_result(state, contract, tricks, transfers)


def scored_otherwise(rulings: tuple[Ruling, ...]) -> bool:
    """Whether a ruling scores a double or redouble as not made (2017 36C)."""
    if not rulings:
        return False
    from dupbridge.laws.machinery.effects import ScoreWithout

    return any(isinstance(effect, ScoreWithout) for ruling in rulings
               for effect in ruling.effects)


def scored_result(state: TableState, contract: Contract | None, tricks: int | None,
                  transfers: tuple[Transfer, ...] = ()) -> Result:
    """Law 77 for ``contract`` made with ``tricks`` (declarer's, after any revoke
    transfers), with the rulings, reviews and adjustments of ``state``."""
    score_ns = 0
    if contract is not None and tricks is not None:
        declarer = contract.declarer
        assert declarer is not None
        vulnerable = state.board.vulnerability.is_vulnerable(declarer)
        score = contract_score(contract, tricks, vulnerable)
        score_ns = score if declarer % 2 == 0 else -score  # North and South: seats 0 and 2
    reviews = state.reviews
    if transfers:
        from dupbridge.laws.play import law61_64_revokes

        reviews += law61_64_revokes.equity_reviews(state.edition, transfers)
    assigned: tuple[AssignedScore, ...] = ()
    if state.adjustments:
        from dupbridge.laws.irregularities.assigned_score import AssignedScore

        assigned = tuple(a for a in state.adjustments if isinstance(a, AssignedScore))
    return Result(contract, tricks, score_ns, state.rulings, reviews,
                  state.lead_restrictions, state.information, transfers,
                  assigned[-1] if assigned else None)
