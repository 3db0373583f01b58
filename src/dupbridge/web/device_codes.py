"""Which table a device code opens, found without recomputing every event's codes at each
join (issue 29: two hundred phones joining at the start of a session).

A code is an HMAC of the event, the table and the generation of codes in force
(``security.Signer.device_code``), so finding the table of a code means computing the
codes of every table of every event, and the tables and generation are read from each
event's journal (its ``devices`` and ``movement`` actions). This keeps, per worker, each
event's codes with where those actions stood when they were computed
(``derived.journal_position``, one indexed query): while no new generation and no change
of movement was recorded they are still the codes in force for the tables the movement
has; otherwise that event's codes are computed again. The newest events are tried first
(tonight's)."""

from __future__ import annotations

import threading

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import floor as club_floor
from dupbridge.app.club_night.derived import journal_position
from dupbridge.app.club_night.ports import Store
from dupbridge.web.security import Signer

_CODES_READ_FROM = (club_floor.DEVICES, "movement")


class DeviceCodes:
    def __init__(self, signer: Signer) -> None:
        self.signer = signer
        # event -> (journal position, code -> (table, generation))
        self._known: dict[str, tuple[str, dict[str, tuple[int, int]]]] = {}
        self._lock = threading.Lock()

    def table_of(self, store: Store, code: str) -> tuple[str, int, int] | None:
        """The event, table and generation ``code`` opens now (a code of a past generation
        opens nothing), or None. A code already known is checked against its own event
        alone (one query, not one per event)."""
        with self._lock:
            known = next((event for event, (_, codes) in self._known.items()
                          if code in codes), None)
        if known is not None:
            found = self._codes(store, known).get(code)
            if found is not None:
                return known, found[0], found[1]
        for record in reversed(club.list_events(store)):
            found = self._codes(store, record.id).get(code)
            if found is not None:
                return record.id, found[0], found[1]
        return None

    def _codes(self, store: Store, event_id: str) -> dict[str, tuple[int, int]]:
        position = journal_position(store, event_id, _CODES_READ_FROM)
        with self._lock:
            known = self._known.get(event_id)
        if known is not None and known[0] == position:
            return known[1]
        # Read after the position: codes at least as new as it (a later action only
        # makes the next join compute them again).
        generation = club_floor.device_generation(store, event_id)
        codes = {self.signer.device_code(event_id, table, generation): (table, generation)
                 for table in range(1, club_floor.tables_of(store, event_id) + 1)}
        with self._lock:
            self._known[event_id] = (position, codes)
        return codes
