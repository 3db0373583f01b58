"""A hand record: every board of a file with its double-dummy table and par, written as
PBN (the tags BridgeComposer uses) or as a printable HTML page.

Any file dupbridge reads will do (PBN, LIN, USEBIO, dealing-machine files...). A results
file holds a board once per table: each board is analysed once. From a PBN file every
game is kept as it was and gets the tags; from another format, one game per board.
Reading a file and writing the record is ``hand_record_file.make_hand_record``.
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
from dupbridge.formats.pbn import optimum
from dupbridge.formats.pbn import records as pbn_records
from dupbridge.formats.pbn.model import PbnFile
from dupbridge.formats.record import BoardRecord
from dupbridge.formats.registry import file_format, one_per_board

OUTPUTS = (".pbn", ".html", ".htm")


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


def hand_record_pbn(record: HandRecord, original: PbnFile | None = None) -> PbnFile:
    """The PBN file: the original games (or one per board) with the four tags added to
    each board that was solved."""
    by_deal = {board.deal: board for board in record.boards}
    if original is None:
        games = pbn_records.from_records(
            BoardRecord(b.board, b.dealer, b.vulnerability, b.deal) for b in record.boards).games
        header: tuple[str, ...] = ()
    else:
        games, header = original.games, original.header
    out = []
    for game in games:
        deal = pbn_records.deal(game)
        board = by_deal.get(deal) if deal is not None else None
        if board is not None and isinstance(board.table, DDTable) and board.par is not None:
            counts = {(d, s): n for d, s, n in board.table.cells()}
            score = optimum.optimum_score_value(board.par.score, board.par.side)
            side = board.par.side.value if board.par.side else "NS"
            par_text = str(board.par) if board.par.contracts else f"{side} Pass"
            game = optimum.with_optimum_tags(game, optimum.optimum_tags(counts, score, par_text))
        out.append(game)
    return PbnFile(tuple(out), header)
