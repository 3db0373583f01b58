"""The printable hand record: one page section per board with the hand diagram, the
double-dummy table and the par, laid out for A4 or Letter paper (four boards a page)."""

from __future__ import annotations

from html import escape

from dupbridge.analysis.jobs import Unsolved
from dupbridge.analysis.results import DDTable, Par
from dupbridge.app.publication.hand_record import BoardAnalysis, HandRecord
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.i18n.catalogues import render

_SUIT_CLASS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}
_COLUMNS = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS,
            Denomination.DIAMONDS, Denomination.CLUBS)
_ROWS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DENOMINATION_HEAD = {Denomination.NOTRUMP: "NT", Denomination.SPADES: "♠",
                      Denomination.HEARTS: "♥", Denomination.DIAMONDS: "♦",
                      Denomination.CLUBS: "♣"}

HAND_RECORD_STYLE = """
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


def hand_record_html(record: HandRecord, language: str = "en") -> str:
    """The page in ``language`` (en, es, fr, pt)."""
    title = escape(record.title or render(msg("Hand record"), language))
    boards = "\n".join(_board(board, language) for board in record.boards)
    return (f"<!DOCTYPE html>\n<html lang=\"{escape(language)}\">\n<head>\n"
            f"<meta charset=\"utf-8\">\n"
            f"<title>{title}</title>\n<style>{HAND_RECORD_STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{title}</h1>\n<div class=\"boards\">\n{boards}\n</div>\n</body>\n</html>\n")


def _board(board: BoardAnalysis, language: str) -> str:
    head = escape(render(_head(board), language))
    hands = "".join(
        f'<div class="hand {css}">{hand_html(board.deal.hand(seat))}</div>'
        for seat, css in ((Seat.NORTH, "n"), (Seat.WEST, "w"), (Seat.EAST, "e"),
                          (Seat.SOUTH, "south")))
    if isinstance(board.table, Unsolved):
        reason = escape(render(board.table.message, language))
        analysis = f'<div class="unsolved">{reason}</div>'
    else:
        par = "" if board.par is None else escape(render(_par(board.par), language))
        analysis = f'{_table(board.table)}<div class="par">{par}</div>'
    return (f'<section class="board" id="board-{board.board}"><div class="head">{head}</div>'
            f'<div class="diagram">{hands}</div>{analysis}</section>')


def _head(board: BoardAnalysis) -> Msg:
    return board_heading(board.board, board.dealer, board.vulnerability)


def board_heading(number: int, dealer: Seat, vulnerability: Vulnerability) -> Msg:
    """"Board 5 · dealer N · North-South vulnerable" (hand records and curtain cards)."""
    if vulnerability is Vulnerability.NS:
        return msg("Board {number} · dealer {dealer} · North-South vulnerable",
                   number=number, dealer=dealer)
    if vulnerability is Vulnerability.EW:
        return msg("Board {number} · dealer {dealer} · East-West vulnerable",
                   number=number, dealer=dealer)
    if vulnerability is Vulnerability.BOTH:
        return msg("Board {number} · dealer {dealer} · both sides vulnerable",
                   number=number, dealer=dealer)
    return msg("Board {number} · dealer {dealer} · nobody vulnerable",
               number=number, dealer=dealer)


def _par(par: Par) -> Msg:
    """North-South's par score when positive, else East-West's, and the contracts."""
    if not par.contracts:
        return msg("Par: passed out")
    side = "NS" if par.score >= 0 else "EW"
    return msg("Par: {side} {score} ({contracts})", side=side, score=abs(par.score),
               contracts=str(par))


def hand_html(hand: CardSet) -> str:
    """A hand suit by suit, spades first, the suit symbols coloured."""
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
