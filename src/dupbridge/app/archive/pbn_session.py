"""A pairs session a PBN file publishes with a ``ScoreTable`` per board (JFR, KoPS, Ruter,
Magic Contest exports), brought into the tournament layer as ``usebio_session`` brings a
USEBIO one: its rows become a book of results on a movement of one round per board, so
that ``dupbridge event import FILE.pbn`` makes an event of it and ``event score`` scores
it again by the file's own method (``[Scoring]``; a Butler's datum rule read from its
``ButlerDatum`` column).

A row keeps its contract, declarer, tricks and lead when Law 77 on the board gives the
score the file prints; otherwise (or with no contract) it is a score-only line, the
file's score as written; an artificial row (``A+``, ``A-``, ``A=``) its adjusted-score
code."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from dupbridge.app.archive.results_check_pbn import _decimal, _drop, _method, _score
from dupbridge.app.archive.usebio_session import ImportedSession
from dupbridge.app.errors import BadInput
from dupbridge.core.board import Board
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.formats.pbn.score_tables import Cell, PbnTable, read_table
from dupbridge.scoring.board_score import ns_score
from dupbridge.scoring.butler import Drop
from dupbridge.scoring.field_config import PairsMethod
from dupbridge.scoring.results import Artificial, BoardResult
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.results import Book, Entry, code_of, record


@dataclass(frozen=True, slots=True)
class PbnSession:
    title: str
    imported: ImportedSession
    method: PairsMethod
    butler_drop: Drop | None
    names: dict[str, str]  # the file's pair number -> its players' names
    published: dict[str, Decimal]  # the file's pair number -> its total (percentage in MPs)


def import_pbn_session(path: Path) -> PbnSession:
    """The file's ScoreTables as a session; a file without one is refused in one line."""
    from dupbridge.formats.pbn import load

    games = [g for g in load(path, strict=False).games if g.tag("ScoreTable") is not None]
    if not games:
        raise BadInput(msg("{file}: no ScoreTable, and no team match's tables (HomeTeam, "
                           "VisitTeam, ScoreIMP), to make an event of", file=path.name))
    method = _method(games[0].value("Scoring"))
    numbers: dict[str, int] = {}
    encounters: list[Encounter] = []
    entries: list[Entry] = []
    boards: dict[int, Board] = {}
    results: list[BoardResult] = []
    datums: dict[int, Decimal] = {}
    totals: PbnTable | None = None
    for game in games:
        number = int(game.value("Board"))
        if number in boards:
            continue  # a board written twice (another room's copy): its first table counts
        boards[number] = board = Board(number)
        tag = game.tag("TotalScoreTable")
        if tag is not None and totals is None:
            totals = read_table(tag)
        table_number = 0
        for row in read_table(game.tag("ScoreTable")).records():  # type: ignore[arg-type]
            score = _score(row)
            if score is None:
                continue
            ns_id, ew_id = str(row["PairId_NS"]), str(row["PairId_EW"])
            for pair in (ns_id, ew_id):
                numbers.setdefault(pair, len(numbers) + 1)
            table_number += 1
            ns, ew = (numbers[ns_id],), (numbers[ew_id],)
            encounters.append(Encounter(number, table_number, ns, ew, (number,)))
            key = f"{number}-{table_number}"
            results.append(BoardResult(number, ns_id, ew_id, score))
            datum = _decimal(row.get("ButlerDatum"))
            if datum is not None:
                datums[number] = datum
            if isinstance(score, Artificial):
                entries.append(Entry(key, number, table_number, number, ns, ew,
                                     adjusted=code_of(score)))
                continue
            entries.append(_played(key, number, table_number, ns, ew, row, board, score))
    movement = Movement(f"PBN session {path.name}", tuple(encounters))
    book = Book()
    for entry in entries:
        book = record(book, entry, movement, boards[entry.board])
    imported = ImportedSession(movement, book, boards, {v: k for k, v in numbers.items()})
    names, published = _totals(totals, method)
    drop = _drop(results, datums) if method == "butler" else None
    title = games[0].value("Event") or path.stem
    return PbnSession(title, imported, method, drop, names, published)


def _played(key: str, number: int, table: int, ns: tuple[int, ...], ew: tuple[int, ...],
            row: dict[str, Cell], board: Board, score: int) -> Entry:
    """The row as a table result: its contract when Law 77 gives its printed score, else
    the score alone (a score-only traveller)."""
    contract, declarer, tricks = _contract(row)
    if contract == "PASS" and score == 0:
        return Entry(key, number, table, number, ns, ew)
    if isinstance(contract, Contract) and declarer is not None and tricks is not None \
            and ns_score(board, contract, declarer, tricks) == score:
        return Entry(key, number, table, number, ns, ew, contract, declarer,
                     _lead(row.get("Lead")), tricks)
    return Entry(key, number, table, number, ns, ew, score=score)


def _contract(row: dict[str, Cell]) -> tuple[Contract | str | None, Seat | None, int | None]:
    text = str(row.get("Contract") or "").strip()
    if text.upper() in ("PASS", "AP", "P"):
        return "PASS", None, None
    try:
        contract = Contract.parse(text)
        declarer = Seat.parse(str(row.get("Declarer") or ""))
        tricks = int(str(row.get("Result")))
    except (ParseError, ValueError):
        return None, None, None
    if not 0 <= tricks <= 13:
        return None, None, None
    return contract, declarer, tricks


def _lead(cell: Cell) -> Card | None:
    """The lead as the file writes it (``S9``, ``HJ``); none without a deal to check it
    against is lost: the store keeps a lead only as a record."""
    if cell is None:
        return None
    try:
        return Card.parse(str(cell))
    except ParseError:
        return None


def _totals(table: PbnTable | None, method: PairsMethod
            ) -> tuple[dict[str, str], dict[str, Decimal]]:
    names: dict[str, str] = {}
    published: dict[str, Decimal] = {}
    for row in table.records() if table is not None else ():
        pair = str(row.get("PairId"))
        if row.get("Names") is not None:
            names[pair] = str(row.get("Names"))
        column = ("SessionPercentage" if "SessionPercentage" in row else "TotalPercentage") \
            if method == "matchpoints" else "TotalScoreIMP"
        figure = _decimal(row.get(column))
        if figure is not None:
            published[pair] = figure
    return names, published
