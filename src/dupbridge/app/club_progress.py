"""The running percentages of a club session: each pair's percentage after each round,
scored as the whole session is (``tournament.session_scoring``) from the results of the
rounds played so far, for the public page's chart. Procedural penalties (Law 90) count on
the final totals only, so the chart leaves them out; adjusted scores (Law 12) are in from
their round on."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from dupbridge.app.club import state_of
from dupbridge.app.club_state import SCORING_METHODS
from dupbridge.app.store import Store
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.tournament.session_scoring import score_session


def running_percentages(store: Store, event_id: str) -> dict[int, list[Fraction | None]]:
    """Pair -> its percentage after rounds 1, 2, ... up to the last round with a result
    (None for a round after which the pair had no scored board yet)."""
    state = state_of(store, event_id)
    method: PairsMethod = next(m for m in SCORING_METHODS if m == state.config.scoring)
    last = max((key[0] for key in state.book.entries), default=0)
    pairs = [c for c in state.movement.contestants if c not in state.movement.phantoms]
    running: dict[int, list[Fraction | None]] = {pair: [] for pair in pairs}
    for round_number in range(1, last + 1):
        entries = {k: e for k, e in state.book.entries.items() if k[0] <= round_number}
        book = replace(state.book, entries=entries, conflicts=(), disputes=())
        adjusted = {k: a.score for k, a in state.adjustments.items() if k[0] <= round_number}
        scored = score_session(state.movement, book, state.boards, method=method,
                               config=PairsConfig(edition=state.config.edition),
                               adjusted=adjusted)
        percent = {int(r.contestant): r.percentage for group in scored.rankings
                   for r in group}
        for pair in running:
            running[pair].append(percent.get(pair))
    return running
