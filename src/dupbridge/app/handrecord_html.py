"""The printable hand record: one page section per board with the hand diagram, the
double-dummy table and the par, laid out for A4 or Letter paper (four boards a page)."""

from __future__ import annotations

from html import escape

from dupbridge.analysis.results import DDTable
from dupbridge.app.handrecord import BoardAnalysis, HandRecord
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.seats import Seat

_SUIT_CLASS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}
_COLUMNS = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS,
            Denomination.DIAMONDS, Denomination.CLUBS)
_ROWS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DENOMINATION_HEAD = {Denomination.NOTRUMP: "NT", Denomination.SPADES: "♠",
                      Denomination.HEARTS: "♥", Denomination.DIAMONDS: "♦",
                      Denomination.CLUBS: "♣"}

_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; margin: 1cm; }
h1 { font-size: 14pt; }
.boards { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6cm; }
.board { border: 1px solid #999; padding: 0.3cm; break-inside: avoid; page-break-inside: avoid; }
.board:nth-child(4n) { break-after: page; }
.head { font-weight: bold; margin-bottom: 0.2cm; }
.diagram { display: grid; grid-template-columns: repeat(3, auto); justify-content: start;
           column-gap: 0.4cm; }
.hand { white-space: nowrap; line-height: 1.25; }
.n { grid-column: 2; } .w { grid-column: 1; } .e { grid-column: 3; } .south { grid-column: 2; }
.h, .d { color: #c00; }
.s, .c { color: #000; }
table.dd { border-collapse: collapse; margin-top: 0.2cm; }
table.dd td, table.dd th { border: 1px solid #bbb; padding: 1px 5px; text-align: center; }
.par { margin-top: 0.2cm; }
.unsolved { color: #a00; }
@media print { body { margin: 0.5cm; } }
"""


def hand_record_html(record: HandRecord) -> str:
    title = escape(record.title or "Hand record")
    boards = "\n".join(_board(board) for board in record.boards)
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{title}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{title}</h1>\n<div class=\"boards\">\n{boards}\n</div>\n</body>\n</html>\n")


def _board(board: BoardAnalysis) -> str:
    head = (f"Board {board.board} &middot; Dealer {board.dealer.name.title()} &middot; "
            f"Vul {escape(_vulnerability(board))}")
    hands = "".join(
        f'<div class="hand {css}">{_hand(board.deal.hand(seat))}</div>'
        for seat, css in ((Seat.NORTH, "n"), (Seat.WEST, "w"), (Seat.EAST, "e"),
                          (Seat.SOUTH, "south")))
    if isinstance(board.table, DDTable) and board.par is not None:
        contracts = escape(str(board.par)) if board.par.contracts else "Pass"
        analysis = (f"{_table(board.table)}<div class=\"par\">Par: "
                    f"{'NS' if board.par.score >= 0 else 'EW'} {abs(board.par.score)} "
                    f"({contracts})</div>")
    else:
        analysis = f'<div class="unsolved">{escape(str(board.table))}</div>'
    return (f'<section class="board" id="board-{board.board}"><div class="head">{head}</div>'
            f'<div class="diagram">{hands}</div>{analysis}</section>')


def _vulnerability(board: BoardAnalysis) -> str:
    return {"None": "None", "NS": "N-S", "EW": "E-W", "All": "All"}[board.vulnerability.value]


def _hand(hand: CardSet) -> str:
    lines = []
    for suit in reversed(Suit):
        ranks = "".join(rank.letter for rank in hand.ranks(suit)).replace("T", "10") or "—"
        css = _SUIT_CLASS[suit]
        lines.append(f'<span class="{css}">{suit.symbol}</span> {ranks}')
    return "<br>".join(lines)


def _table(table: DDTable) -> str:
    head = "".join(f'<th class="{_head_class(d)}">{_DENOMINATION_HEAD[d]}</th>'
                   for d in _COLUMNS)
    rows = "".join(
        f"<tr><th>{seat.letter}</th>"
        + "".join(f"<td>{table.tricks(d, seat)}</td>" for d in _COLUMNS) + "</tr>"
        for seat in _ROWS)
    return f'<table class="dd"><tr><th></th>{head}</tr>{rows}</table>'


def _head_class(denomination: Denomination) -> str:
    suit = denomination.suit
    return "" if suit is None else _SUIT_CLASS[suit]
