"""The printable hand record: one page section per board with the hand diagram, the
double-dummy table and the par, laid out for A4 or Letter paper (four boards a page)."""

from __future__ import annotations

from html import escape

from dupbridge.analysis.jobs import Unsolved
from dupbridge.analysis.results import DDTable, Par, ParContract
from dupbridge.app.publication.hand_record import BoardAnalysis, HandRecord
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.i18n.catalogues import parameter, render, strain_text

_SUIT_CLASS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}
_COLUMNS = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS,
            Denomination.DIAMONDS, Denomination.CLUBS)
_ROWS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
# The rank letters of each language's card names (R D V: rey/roi/rei, dama/dame, valet/
# valete), the ten as "10", as ``i18n.catalogues`` writes a card.
_HONOURS = {"es": "ARDV", "fr": "ARDV", "pt": "ARDV"}

# The boards' own rules: the printable page and the web app's page (under its header) share
# them; two boards a row on paper and on a wide screen, one on a phone.
BOARDS_STYLE = """
.boards { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0.6cm; }
@media screen and (max-width: 40rem) {
  .boards { grid-template-columns: minmax(0, 1fr); }
  .board { padding: 0.2rem; font-size: 0.95rem; } }
.board { border: 1px solid #999; padding: 0.3cm; break-inside: avoid; page-break-inside: avoid; }
.board:nth-child(4n) { break-after: page; }
.board .head { font-weight: bold; margin-bottom: 0.2cm; }
.board .diagram { display: grid; grid-template-columns: repeat(3, auto); justify-content: start;
           column-gap: 0.4cm; gap: 0 0.4cm; }
.board .hand { white-space: nowrap; line-height: 1.25; }
.board .n { grid-column: 2; } .board .w { grid-column: 1; } .board .e { grid-column: 3; }
.board .south { grid-column: 2; }
.board .h, .board .d { color: #c00; }
.board .s, .board .c { color: #000; }
table.dd { border-collapse: collapse; margin-top: 0.2cm; }
table.dd td, table.dd th { border: 1px solid #bbb; padding: 1px 5px; text-align: center; }
.board .par { margin-top: 0.2cm; }
.board .unsolved { color: #a00; }
"""
HAND_RECORD_WEB_STYLE = BOARDS_STYLE
HAND_RECORD_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; margin: 1cm; }
h1 { font-size: 14pt; }
@media print { body { margin: 0.5cm; } }
""" + BOARDS_STYLE


def hand_record_html(record: HandRecord, language: str = "en") -> str:
    """The page in ``language`` (en, es, fr, pt)."""
    title = escape(record.title or render(msg("Hand record"), language))
    return (f"<!DOCTYPE html>\n<html lang=\"{escape(language)}\">\n<head>\n"
            f"<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{title}</title>\n<style>{HAND_RECORD_STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{title}</h1>\n{hand_record_boards(record, language)}\n</body>\n</html>\n")


def hand_record_boards(record: HandRecord, language: str = "en") -> str:
    """The boards alone (the web app puts them in its own page, under its header)."""
    boards = "\n".join(_board(board, language) for board in record.boards)
    return f'<div class="boards">\n{boards}\n</div>'


def _board(board: BoardAnalysis, language: str) -> str:
    head = escape(render(_head(board), language))
    hands = "".join(
        f'<div class="hand {css}">{hand_html(board.deal.hand(seat), language)}</div>'
        for seat, css in ((Seat.NORTH, "n"), (Seat.WEST, "w"), (Seat.EAST, "e"),
                          (Seat.SOUTH, "south")))
    if isinstance(board.table, Unsolved):
        reason = escape(render(board.table.message, language))
        analysis = f'<div class="unsolved">{reason}</div>'
    else:
        par = "" if board.par is None else escape(render(_par(board.par, language), language))
        analysis = f'{_table(board.table, language)}<div class="par">{par}</div>'
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


def _par(par: Par, language: str = "en") -> Msg:
    """North-South's par score when positive, else East-West's, and the contracts, in the
    reader's letters (NS/EO, 4♠, SA...)."""
    if not par.contracts:
        return msg("Par: passed out")
    side = side_letters(Side.NS if par.score >= 0 else Side.EW, language)
    return msg("Par: {side} {score} ({contracts})", side=side, score=abs(par.score),
               contracts="; ".join(par_contract_text(c, language) for c in par.contracts))


def seat_initial(seat: Seat, language: str) -> str:
    """The seat's initial in ``language`` (N E S W; N E S O in es, fr and pt)."""
    return seat.letter if language == "en" else parameter(seat, language)[0]


def side_letters(side: Side, language: str) -> str:
    """NS and EW, or EO where West is Oeste/Ouest."""
    seats = (Seat.NORTH, Seat.SOUTH) if side is Side.NS else (Seat.EAST, Seat.WEST)
    return "".join(seat_initial(seat, language) for seat in seats)


def strain_head(denomination: Denomination, language: str) -> str:
    """The suit symbol, or the language's no trump: NT, SA (sans atout, sin atout), ST."""
    suit = denomination.suit
    if language == "en":
        return "NT" if suit is None else suit.symbol
    return strain_text(denomination, language)


def par_contract_text(contract: ParContract, language: str) -> str:
    """``NS 4♠=``, ``N 5♥X-2``, ``EO 3SA+1``: BridgeComposer's order in the reader's
    letters."""
    who = (side_letters(contract.side, language) if len(contract.declarers) == 2
           else seat_initial(contract.declarers[0], language))
    result = "=" if contract.result == 0 else f"{contract.result:+d}"
    return (f"{who} {contract.contract.level}"
            f"{strain_head(contract.contract.denomination, language)}"
            f"{contract.contract.doubled.suffix}{result}")


def rank_letters(language: str) -> dict[str, str]:
    """From the English rank letter to the reader's (K Q J T: R D V 10 in es, fr, pt)."""
    honours = _HONOURS.get(language, "AKQJ")
    return {"A": honours[0], "K": honours[1], "Q": honours[2], "J": honours[3], "T": "10"}


def hand_html(hand: CardSet, language: str = "en") -> str:
    """A hand suit by suit, spades first, the suit symbols coloured, the ranks in the
    letters of the reader's card names."""
    letters = rank_letters(language)
    lines = []
    for suit in reversed(Suit):
        ranks = "".join(letters.get(rank.letter, rank.letter)
                        for rank in hand.ranks(suit)) or "—"
        css = _SUIT_CLASS[suit]
        lines.append(f'<span class="{css}">{suit.symbol}</span> {ranks}')
    return "<br>".join(lines)


def _table(table: DDTable, language: str = "en") -> str:
    head = "".join(f'<th class="{_head_class(d)}">{strain_head(d, language)}</th>'
                   for d in _COLUMNS)
    rows = "".join(
        f"<tr><th>{seat_initial(seat, language)}</th>"
        + "".join(f"<td>{table.tricks(d, seat)}</td>" for d in _COLUMNS) + "</tr>"
        for seat in _ROWS)
    return f'<table class="dd"><tr><th></th>{head}</tr>{rows}</table>'


def _head_class(denomination: Denomination) -> str:
    suit = denomination.suit
    return "" if suit is None else _SUIT_CLASS[suit]
