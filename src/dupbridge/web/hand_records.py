"""The hand record's double-dummy analysis, run in the background of the web server: started
when the Director creates a dealt event or publishes the scores (and by the first reader
of a hand record no one analysed yet), so that the page itself only reads what is kept.

One analysis per event at a time in this process (a second start while one runs does
nothing); two server processes analysing the same event write the same values."""

from __future__ import annotations

import logging
import threading

from dupbridge.adapters.sql.hand_records import SqlHandRecords
from dupbridge.analysis.batch import Batch
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.hand_record import (
    HandRecordProgress,
    analyse_event,
    hand_record_progress,
)
from dupbridge.app.errors import AppError
from dupbridge.web.pages import Pages

_log = logging.getLogger(__name__)
_running: set[str] = set()
_lock = threading.Lock()


def records_of(pages: Pages) -> SqlHandRecords:
    return SqlHandRecords(pages.store.engine)


def analysing(event_id: str) -> bool:
    with _lock:
        return event_id in _running


def start_analysis(pages: Pages, event_id: str, batch: Batch | None = None
                   ) -> threading.Thread | None:
    """Analyse the event's dealt boards not yet kept, in a thread of its own; None when an
    analysis of this event already runs here or every board is already kept."""
    with _lock:
        if event_id in _running:
            return None
        try:
            state = club.state_of(pages.store, event_id)
        except AppError:
            return None
        progress = hand_record_progress(state, records_of(pages))
        if progress.done == progress.total:
            return None
        _running.add(event_id)

    def run() -> None:
        try:
            # One solver process by default: the server keeps its other cores for the
            # room (results arriving, pages read) while the boards are solved.
            analyse_event(state, records_of(pages), batch or Batch(processes=1))
        except Exception:  # a solver or a database failure: the page offers to retry
            _log.exception("hand record of %s: the analysis failed", event_id)
        finally:
            with _lock:
                _running.discard(event_id)

    thread = threading.Thread(target=run, name=f"hand-record-{event_id}", daemon=True)
    thread.start()
    return thread


def progress_of(pages: Pages, event_id: str) -> HandRecordProgress:
    return hand_record_progress(club.state_of(pages.store, event_id), records_of(pages))
