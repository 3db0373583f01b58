"""The hand record of a club event, for its public pages: every dealt board with its
double-dummy table and par (``app.publication.hand_record``), given only once the official
scores are out, so that no hidden card reaches a player while a board may still be in play.

The tables are computed once, in the background, when the boards are dealt or the scores
published (``analyse_event``), and kept with the event (``HandRecordStore``): the page only
reads them (``stored_hand_record``) and, while they are being computed, says how far the
work has gone (``HandRecordProgress``). The par is worked out from a stored table when the
page is read (a native call of well under a millisecond a board)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from dupbridge.analysis.batch import Batch, dd_tables
from dupbridge.analysis.double_dummy import par_of_table
from dupbridge.analysis.jobs import Unsolved
from dupbridge.analysis.results import DDTable
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.errors import translated
from dupbridge.app.publication.hand_record import BoardAnalysis, HandRecord, analyse
from dupbridge.formats.record import BoardRecord


@dataclass(frozen=True, slots=True)
class StoredBoard:
    """One board's analysis as kept: the deal solved (PBN text), its 20 double-dummy counts
    (``DDTable.counts``), or None and why not (``unsolved``, the solver's own words)."""

    board: int
    deal: str
    tricks: tuple[int, ...] | None
    unsolved: str = ""


class HandRecordStore(Protocol):
    """Where the analysed boards of an event are kept (the SQL adapter implements it)."""

    def stored_boards(self, event_id: str) -> Mapping[int, StoredBoard]:
        """The boards analysed so far, by number."""

    def keep_boards(self, event_id: str, boards: list[StoredBoard]) -> None:
        """Keep these analyses (a board analysed again replaces its row: a deal redealt)."""


@dataclass(frozen=True, slots=True)
class HandRecordProgress:
    """How far the background analysis has gone: ``done`` of ``total`` boards."""

    done: int
    total: int


def _records(state: ClubState) -> list[BoardRecord]:
    return [BoardRecord(board.number, board.dealer, board.vulnerability, board.deal,
                        event=state.config.name)
            for _, board in sorted(state.boards.items())
            if board.deal is not None and board.deal.is_complete]


def _missing(state: ClubState, kept: Mapping[int, StoredBoard]) -> list[BoardRecord]:
    """The dealt boards with no analysis of their present deal."""
    return [record for record in _records(state)
            if record.board not in kept or kept[record.board].deal != record.deal.to_pbn()]


def analyse_event(state: ClubState, records: HandRecordStore, batch: Batch | None = None,
                  progress: Callable[[int, int], None] | None = None) -> HandRecordProgress:
    """Solve the event's dealt boards not yet analysed (one batch: on every core, each
    board within its budget), keeping each board as soon as it is solved so that readers
    see the progress."""
    missing = _missing(state, records.stored_boards(state.record.id))
    total = len(_records(state))
    done = [total - len(missing)]
    boards_of: dict[str, list[int]] = {}
    for record in missing:
        boards_of.setdefault(record.deal.to_pbn(), []).append(record.board)

    def keep(key: str, answer: Any) -> None:  # a job's answer: 20 counts, or Unsolved
        table = answer if isinstance(answer, Unsolved) else DDTable(tuple(answer))
        boards = boards_of.pop(key, [])
        records.keep_boards(state.record.id, [
            StoredBoard(board, key, None if isinstance(table, Unsolved) else table.counts,
                        _unsolved_text(table)) for board in boards])
        done[0] += len(boards)
        if progress is not None:
            progress(done[0], total)

    if missing:
        dd_tables([record.deal for record in missing],
                  replace(batch or Batch(), answered=keep))
    return HandRecordProgress(done[0], total)


_BUDGET = "budget:"


def _unsolved_text(table: DDTable | Unsolved) -> str:
    """Why a board was not solved, kept so that its page says it in the reader's language:
    the budget spent (``budget:60``) or the solver's own error."""
    if not isinstance(table, Unsolved):
        return ""
    if table.error or table.seconds is None:
        return table.error or "?"
    return f"{_BUDGET}{table.seconds:g}"


def _unsolved_of(text: str) -> Unsolved:
    if text.startswith(_BUDGET):
        return Unsolved(seconds=float(text.removeprefix(_BUDGET)))
    return Unsolved(error=text or "?")


def hand_record_progress(state: ClubState, records: HandRecordStore) -> HandRecordProgress:
    kept = records.stored_boards(state.record.id)
    total = len(_records(state))
    return HandRecordProgress(total - len(_missing(state, kept)), total)


def stored_hand_record(state: ClubState, records: HandRecordStore, *, director: bool = False
                       ) -> HandRecord | HandRecordProgress | None:
    """The event's hand record from the kept analyses, once the scores are official (at
    any time for the ``director``, who prints it for after the session); how far the
    analysis has gone while a board is still being solved; None before the official
    scores or when the app dealt no board (no deal known)."""
    if state.official_at is None and not director:
        return None
    boards = _records(state)
    if not boards:
        return None
    kept = records.stored_boards(state.record.id)
    if _missing(state, kept):
        return hand_record_progress(state, records)
    analysed = []
    for record in boards:
        stored = kept[record.board]
        table: DDTable | Unsolved = (_unsolved_of(stored.unsolved) if stored.tricks is None
                                     else DDTable(stored.tricks))
        analysed.append(BoardAnalysis(
            record.board, record.dealer, record.vulnerability, record.deal, table,
            None if isinstance(table, Unsolved) else
            par_of_table(table, record.vulnerability, record.dealer)))
    return HandRecord(state.config.name, tuple(analysed))


@translated
def event_hand_record_of(state: ClubState, batch: Batch | None = None) -> HandRecord | None:
    """The analysed boards of the event computed now (the command line's way; the web
    reads ``stored_hand_record``); None before the official scores or when the boards
    were not dealt by the app (no deal known)."""
    if state.official_at is None:
        return None
    records = _records(state)
    if not records:
        return None
    return analyse(records, batch, title=state.config.name)
