"""BBO's LIN files, shaped like ``json``: ``load`` / ``loads`` / ``dump`` / ``dumps``, and
the mapping to and from ``BoardRecord`` (``to_records`` / ``from_records``) that
``dupbridge convert`` uses.

Decisions where LIN says nothing (formats-and-scoring-facts.md §4.9 is inferred):

- A board starts at ``pn``, ``qx`` or ``mn`` once the board being read has its ``md``;
  a file that begins with ``vg`` has a header (vugraph keys, ``pg`` and one ``pn``, whose
  eight names are the open room's four then the closed room's, South West North East).
- ``sv`` accepts ``o n e b``, ``-`` and the digits ``0-3`` (none, NS, EW, both).
- Without a dealer digit or ``sv``, the board's number gives them (Law 2).
- A claim ``mc`` is the total of declarer's tricks, so it is the record's ``tricks``;
  otherwise tricks are counted when all 52 cards were played.
- Writing from records, ``|`` in an explanation becomes ``/`` (LIN cannot quote it).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from dupbridge.core.board import law2_dealer, law2_vulnerability
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.formats.lin_model import (
    LIN_SEATS,
    LinBoard,
    LinFile,
    LinPair,
    Vugraph,
    format_mb,
    format_md,
    format_sv,
)
from dupbridge.formats.lin_reader import loads
from dupbridge.formats.lin_writer import dumps
from dupbridge.formats.record import BoardRecord, RecordedCall
from dupbridge.rules.auction import Auction, AuctionStatus
from dupbridge.rules.play import Trick

__all__ = [
    "LIN_SEATS", "LinBoard", "LinFile", "LinPair", "Vugraph",
    "dump", "dumps", "from_records", "load", "loads", "to_records",
]

_ROOMS = {"o": "Open", "c": "Closed"}


def read_text(path: str | Path) -> str:
    """UTF-8 (BBO's encoding; a BOM is dropped), else ISO-8859-1, which reads any byte.
    Double-encoded alerts (``intÃ©rÃ©ssÃ©``) are valid UTF-8 and are kept as written."""
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load(path: str | Path, *, strict: bool = True) -> LinFile:
    return loads(read_text(path), source=str(path), strict=strict)


def dump(lin: LinFile, path: str | Path) -> None:
    Path(path).write_text(dumps(lin), encoding="utf-8", newline="")


def declarer_tricks(contract: Contract, cards: tuple[Card, ...]) -> int | None:
    """Declarer's tricks when the 13 tricks were played out (Law 44: the opening lead by
    declarer's left-hand opponent, then each trick led by the winner of the last)."""
    if len(cards) != 52 or contract.declarer is None:
        return None
    leader = contract.declarer.lho
    won = 0
    for start in range(0, 52, 4):
        winner = Trick(leader, cards[start : start + 4], contract.denomination.suit).winner
        won += winner.side is contract.declarer.side
        leader = winner
    return won


def _record(lin: LinFile, board: LinBoard, index: int) -> BoardRecord:
    number = board.number or index
    marked_dealer, marked_vulnerability = board.dealer, board.vulnerability
    dealer = law2_dealer(number) if marked_dealer is None else marked_dealer
    vulnerability = (law2_vulnerability(number) if marked_vulnerability is None
                     else marked_vulnerability)
    calls = board.calls
    auction = Auction(dealer, [recorded.call for recorded in calls])
    contract = auction.contract()
    claim = board.claim
    cards = board.cards
    tricks = claim if claim is not None else (
        declarer_tricks(contract, cards) if contract is not None else None)
    south, west, north, east = lin.players(board)
    vugraph = lin.vugraph
    return BoardRecord(
        board=number,
        dealer=dealer,
        vulnerability=vulnerability,
        deal=board.deal or Deal(None, None, None, None),
        event=vugraph.event if vugraph is not None else "",
        players=(north, east, south, west),
        room=_ROOMS.get(board.room, ""),
        auction=calls,
        play=cards,
        contract=contract,
        passed_out=auction.status is AuctionStatus.PASSED_OUT,
        tricks=tricks,
        claimed=claim,
    )


def to_records(lin: LinFile) -> list[BoardRecord]:
    """One record per board; a board without a number is numbered by its place."""
    return [_record(lin, board, index) for index, board in enumerate(lin.boards, start=1)]


def _call_pairs(recorded: RecordedCall) -> list[LinPair]:
    pairs = [LinPair("mb", format_mb(recorded.call, recorded.alert))]
    if recorded.explanation:
        pairs.append(LinPair("an", recorded.explanation.replace("|", "/")))
    return pairs


def _board_pairs(record: BoardRecord) -> tuple[LinPair, ...]:
    north, east, south, west = record.players
    pairs = [LinPair("pn", ",".join((south, west, north, east)).replace("|", "/"))]
    room = {"open": "o", "closed": "c"}.get(record.room.lower())
    if room is not None:
        pairs.append(LinPair("qx", f"{room}{record.board}"))
    pairs += [
        LinPair("st", ""),
        LinPair("md", format_md(record.dealer, record.deal)),
        LinPair("rh", ""),
        LinPair("ah", f"Board {record.board}"),
        LinPair("sv", format_sv(record.vulnerability)),
    ]
    for recorded in record.auction:
        pairs += _call_pairs(recorded)
    if record.auction:
        pairs.append(LinPair("pg", ""))
    for number, card in enumerate(record.play, start=1):
        pairs.append(LinPair("pc", str(card)))
        if number % 4 == 0:
            pairs.append(LinPair("pg", ""))
    if record.claimed is not None:
        pairs += [LinPair("mc", str(record.claimed)), LinPair("pg", "")]
    return tuple(pairs)


def from_records(records: Iterable[BoardRecord]) -> LinFile:
    """A LIN file with one board per record, written as BBO writes a hand record."""
    return LinFile(tuple(LinBoard(_board_pairs(record)) for record in records))
