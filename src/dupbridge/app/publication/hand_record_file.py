"""``dupbridge handrecord``'s work: a file's boards read, analysed and written as PBN
(the tags BridgeComposer uses) or as the printable page. The values are ``hand_record``
and the page ``hand_record_page``; this module alone chooses between the two outputs."""

from __future__ import annotations

from pathlib import Path

from dupbridge.analysis.batch import Batch
from dupbridge.analysis.results import DDTable
from dupbridge.app.publication.hand_record import HandRecord, analyse, read_boards
from dupbridge.app.publication.hand_record_page import hand_record_html
from dupbridge.core.messages import msg
from dupbridge.formats import pbn
from dupbridge.formats.pbn import optimum
from dupbridge.formats.pbn import records as pbn_records
from dupbridge.formats.pbn.model import PbnFile
from dupbridge.formats.record import BoardRecord

OUTPUTS = (".pbn", ".html", ".htm")


def make_hand_record(source: Path, target: Path, batch: Batch | None = None,
                     language: str = "en") -> HandRecord:
    """Read ``source``, analyse each board, write ``target`` (.pbn, .html or .htm; the
    page in ``language``: en, es, fr or pt)."""
    if target.suffix.lower() not in OUTPUTS:
        raise ValueError(msg("a hand record is written as .pbn or .html, not {name}",
                             name=target.name))
    records = read_boards(source)
    event = records[0].event
    record = analyse(records, batch, title=event if event not in ("", "?") else source.stem)
    if target.suffix.lower() == ".pbn":
        original = pbn.load(source) if source.suffix.lower() == ".pbn" else None
        pbn.dump(hand_record_pbn(record, original), target)
    else:
        target.write_text(hand_record_html(record, language), encoding="utf-8")
    return record


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
