"""The Director called after the end of the round about the tricks won (2007 79B2, 2017
79B3): the result he finds is recorded for both sides only if he answers that he may
change both (2017: clearly convinced); by default the side it lowers takes it and the
other keeps the recorded score, a split score (``NS +420 / EW -450``) kept as the
Director's adjusted score for that table, with who, when and why.

The console's correction form and ``dupbridge event correct --after-round`` both come here.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.app.club_night.commands import adjust_score, correct_result, entry_of
from dupbridge.app.club_night.ports import Clock, Store
from dupbridge.app.club_night.result_input import ResultInput
from dupbridge.app.club_night.state import Recorded, state_of
from dupbridge.app.errors import translated
from dupbridge.core.edition import LawRef
from dupbridge.core.messages import msg
from dupbridge.laws.irregularities import law79_tricks_won
from dupbridge.scoring.law12_assigned import split_text
from dupbridge.scoring.results import Split
from dupbridge.tournament.results import ResultRejected, ns_points


@dataclass(frozen=True, slots=True)
class LateCorrected:
    """What was recorded: the action, the clause, each side's score in North-South points
    and whether the Director's answer (or the law's default) let both sides change."""

    recorded: Recorded
    law: LawRef
    ns: int
    ew: int
    convinced: bool

    @property
    def split(self) -> bool:
        return self.ns != self.ew


@translated
def correct_after_round(store: Store, clock: Clock, event_id: str, found: ResultInput, *,
                        convinced: bool | None, who: str, why: str,
                        action_id: str | None = None) -> LateCorrected:
    """``found``: the result the Director finds the tricks won make; ``convinced``: his
    answer to the edition's question (None: the law's default, no)."""
    state = state_of(store, event_id)
    edition = state.config.edition
    entry = entry_of(state, found, action_id or "late")
    before = state.book.result(entry.round, entry.table, entry.board)
    where = {"round": entry.round, "table": entry.table, "board": entry.board}
    if before is None or before.adjusted is not None:
        raise ResultRejected(msg("round {round}, table {table}, board {board}: no played "
                                 "result is recorded for the Director to change (79B)",
                                 **where))
    if entry.adjusted is not None:
        raise ResultRejected(msg("round {round}, table {table}, board {board}: give the "
                                 "result the tricks won make (contract, declarer, tricks)",
                                 **where))
    board = state.board(entry.board)
    question = law79_tricks_won.late_question(edition)
    answer = bool(question.default) if convinced is None else convinced
    outcome = law79_tricks_won.late_correction(edition, ns_points(before, board),
                                               ns_points(entry, board), answer)
    because = f"{why} ({outcome.law.clause})" if why else outcome.law.clause
    if outcome.split:
        done = adjust_score(store, clock, event_id, round=entry.round, table=entry.table,
                            board=entry.board, score=split_text(Split(outcome.ns, outcome.ew)),
                            who=who, why=because, action_id=action_id)
    else:
        done = correct_result(store, clock, event_id, found, who=who, why=because,
                              action_id=action_id)
    return LateCorrected(done, outcome.law, outcome.ns, outcome.ew, answer)


__all__ = ["LateCorrected", "correct_after_round"]
