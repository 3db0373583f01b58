"""The hand record of a club event, for its public pages: every dealt board with its
double-dummy table and par (``app.handrecord``), given only once the official scores are
out, so that no hidden card reaches a player while a board may still be in play."""

from __future__ import annotations

from dupbridge.analysis.batch import Batch
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.errors import translated
from dupbridge.app.publication.hand_record import HandRecord, analyse
from dupbridge.formats.record import BoardRecord


@translated
def event_hand_record_of(state: ClubState, batch: Batch | None = None) -> HandRecord | None:
    """The analysed boards of the event; None before the official scores or when the
    boards were not dealt by the app (no deal known)."""
    if state.official_at is None:
        return None
    records = [BoardRecord(board.number, board.dealer, board.vulnerability, board.deal,
                           event=state.config.name)
               for _, board in sorted(state.boards.items())
               if board.deal is not None and board.deal.is_complete]
    if not records:
        return None
    return analyse(records, batch, title=state.config.name)
