"""What a dealt session goes to the card room with (Law 6): the files dealing machines
read (PBN, the Duplimate family's DUP, BRI, DGE, DLM and the others of
``formats.dealing``), curtain cards (one card per seat per board: its hand, the board
number, dealer and vulnerability, for the boards duplicated by hand from the cards) and a
hand record per board set."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from dupbridge.analysis.batch import Batch
from dupbridge.app.errors import translated
from dupbridge.app.publication.hand_record_page import HAND_RECORD_STYLE, board_heading, hand_html
from dupbridge.core.board import Board
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.formats.record import BoardRecord
from dupbridge.formats.registry import FORMATS, file_format
from dupbridge.i18n.catalogues import render
from dupbridge.tournament.boards import BoardSets

MACHINE_FORMATS = tuple(f.name for f in FORMATS if f.deals_only or f.name == "pbn")

_CARD_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 12pt; margin: 1cm; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5cm; }
.card { border: 1px dashed #666; padding: 0.4cm; break-inside: avoid;
        page-break-inside: avoid; }
.card:nth-child(8n) { break-after: page; }
.seat { font-size: 16pt; font-weight: bold; }
.h, .d { color: #c00; }
.s, .c { color: #000; }
"""


def _records(boards: Sequence[Board], event: str = "") -> list[BoardRecord]:
    records = []
    for board in sorted(boards, key=lambda b: b.number):
        if board.deal is None or not board.deal.is_complete:
            raise ValueError(msg("board {board}: its deal is not known, so it cannot be "
                                 "dealt by a machine", board=board.number))
        records.append(BoardRecord(board.number, board.dealer, board.vulnerability,
                                   board.deal, event=event))
    return records


@translated
def write_machine_file(boards: Sequence[Board], machine: str, path: Path) -> Path:
    """The boards in the file format ``machine`` reads (``MACHINE_FORMATS``). Formats
    without board numbers (BRI, DGE...) need consecutive boards: a gap is an error."""
    if machine.lower() not in MACHINE_FORMATS:
        raise ValueError(msg("a dealing machine reads one of {formats}, not {machine}",
                             formats=", ".join(MACHINE_FORMATS), machine=machine))
    file_format(machine, path).write(_records(boards), path)
    return path


@translated
def curtain_cards_html(boards: Sequence[Board], title: str = "",
                       language: str = "en") -> str:
    """One card per seat per board, in board order, North, East, South, West."""
    cards = []
    for board in sorted(boards, key=lambda b: b.number):
        deal = _records([board])[0].deal
        head = escape(render(board_heading(board.number, board.dealer, board.vulnerability),
                             language))
        for seat in Seat:
            name = escape(render(msg(seat.name.capitalize()), language))
            cards.append(f'<section class="card"><div class="seat">{name}</div>'
                         f"<div>{head}</div><div>{hand_html(deal.hand(seat))}</div>"
                         "</section>")
    heading = escape(title or render(msg("Curtain cards"), language))
    return (f'<!DOCTYPE html>\n<html lang="{escape(language)}">\n<head>\n'
            f'<meta charset="utf-8">\n<title>{heading}</title>\n<style>{_CARD_STYLE}'
            f"</style>\n</head>\n<body>\n<h1>{heading}</h1>\n<div class=\"cards\">\n"
            + "\n".join(cards) + "\n</div>\n</body>\n</html>\n")


def write_dealing_files(boards: Sequence[Board], folder: Path, *,
                        machines: Sequence[str] = ("pbn", "dup"),
                        sets: BoardSets | None = None, title: str = "",
                        language: str = "en", analyse: bool = False,
                        batch: Batch | None = None) -> list[Path]:
    """Into ``folder``: a file per machine format (``boards.dup``...), the curtain cards
    (``curtain-cards.html``) and, with ``sets``, per board set its curtain cards and its
    hand record (``set-2-curtain-cards.html``, ``set-2-hand-record.html``; the
    double-dummy table and par only with ``analyse``)."""
    from dupbridge.app.publication.hand_record import analyse as analyse_boards
    from dupbridge.app.publication.hand_record_page import hand_record_html

    folder.mkdir(parents=True, exist_ok=True)
    written = [write_machine_file(boards, machine, folder / f"boards.{machine.lower()}")
               for machine in machines]
    cards = folder / "curtain-cards.html"
    cards.write_text(curtain_cards_html(boards, title, language), encoding="utf-8")
    written.append(cards)
    by_number = {b.number: b for b in boards}
    for number in range(1, (sets.count if sets else 0) + 1):
        assert sets is not None
        chosen = [by_number[n] for n in sets.boards_of(number) if n in by_number]
        if not chosen:
            continue
        name = render(msg("Board set {number}", number=number), language)
        path = folder / f"set-{number}-curtain-cards.html"
        path.write_text(curtain_cards_html(chosen, f"{title} {name}".strip(), language),
                        encoding="utf-8")
        written.append(path)
        path = folder / f"set-{number}-hand-record.html"
        records = _records(chosen, f"{title} {name}".strip())
        if analyse:
            page = hand_record_html(analyse_boards(records, batch), language)
        else:
            page = _plain_hand_record(chosen, f"{title} {name}".strip(), language)
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written


def _plain_hand_record(boards: Sequence[Board], title: str, language: str) -> str:
    """The four hands of each board without analysis (no solver run)."""
    sections = []
    for board in boards:
        deal = _records([board])[0].deal
        head = escape(render(board_heading(board.number, board.dealer, board.vulnerability),
                             language))
        hands = "".join(
            f'<div class="hand {css}">{hand_html(deal.hand(seat))}</div>'
            for seat, css in ((Seat.NORTH, "n"), (Seat.WEST, "w"), (Seat.EAST, "e"),
                              (Seat.SOUTH, "south")))
        sections.append(f'<section class="board" id="board-{board.number}">'
                        f'<div class="head">{head}</div><div class="diagram">{hands}</div>'
                        "</section>")
    return (f'<!DOCTYPE html>\n<html lang="{escape(language)}">\n<head>\n'
            f'<meta charset="utf-8">\n<title>{escape(title)}</title>\n<style>{HAND_RECORD_STYLE}'
            f"</style>\n</head>\n<body>\n<h1>{escape(title)}</h1>\n<div class=\"boards\">\n"
            + "\n".join(sections) + "\n</div>\n</body>\n</html>\n")
