"""A hand record from a file to a file: the boards read, analysed (``hand_record``) and
written as PBN or as the printable page (``hand_record_page``). Apart from both so that
the page's module, which reads the record's values, and the record's module do not
import each other."""

from __future__ import annotations

from pathlib import Path

from dupbridge.analysis.batch import Batch
from dupbridge.app.publication.hand_record import (
    OUTPUTS,
    HandRecord,
    analyse,
    hand_record_pbn,
    read_boards,
)
from dupbridge.app.publication.hand_record_page import hand_record_html
from dupbridge.core.messages import msg
from dupbridge.formats import pbn


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
