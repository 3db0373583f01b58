"""A hand record as values: every board of a file with its double-dummy table and par.
Written as PBN or as a printable page by ``hand_record_file`` (the page itself is
``hand_record_page``, which reads these values and is never read by them).

Any file dupbridge reads will do (PBN, LIN, USEBIO, dealing-machine files...). A results
file holds a board once per table: each board is analysed once. From a PBN file every
game is kept as it was and gets the tags; from another format, one game per board.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dupbridge.analysis.batch import Batch, dd_tables
from dupbridge.analysis.double_dummy import par_of_table
from dupbridge.analysis.jobs import Unsolved
from dupbridge.analysis.results import DDTable, Par
from dupbridge.core.deal import Deal
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.record import BoardRecord
from dupbridge.formats.registry import file_format, one_per_board


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """One board of the hand record: ``table`` is ``Unsolved`` when the solver did not
    finish within its budget, and ``par`` is then None."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    table: DDTable | Unsolved
    par: Par | None


@dataclass(frozen=True, slots=True)
class HandRecord:
    title: str
    boards: tuple[BoardAnalysis, ...]

    @property
    def unsolved(self) -> tuple[BoardAnalysis, ...]:
        return tuple(board for board in self.boards if isinstance(board.table, Unsolved))


def read_boards(source: Path) -> list[BoardRecord]:
    """Each board of ``source`` once, in board order, with a complete deal. A ValueError
    names what is wrong (unknown format, no board with a complete deal)."""
    records = file_format(None, source).read(source)
    complete = [record for record in records if record.deal.is_complete]
    if not complete:
        raise ValueError(msg("{source}: no board with the four hands of 13 cards",
                             source=str(source)))
    return one_per_board(complete)


def analyse(records: list[BoardRecord], batch: Batch | None = None,
            title: str = "") -> HandRecord:
    """The table and par of each board (a batch: cached, on every core, budgeted)."""
    tables = dd_tables([record.deal for record in records], batch)
    boards = tuple(
        BoardAnalysis(record.board, record.dealer, record.vulnerability, record.deal, table,
                      None if isinstance(table, Unsolved) else
                      par_of_table(table, record.vulnerability, record.dealer))
        for record, table in zip(records, tables, strict=True))
    return HandRecord(title or (records[0].event if records else ""), boards)
