"""A scored USEBIO session brought into the tournament layer: its travellers become a
book of results on a movement of one round per board (a USEBIO file names no rounds or
tables), so that the session can be scored again with ``score_session`` and its
rankings compared with the ones the file publishes."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.board import Board
from dupbridge.formats.usebio_model import UsebioEvent
from dupbridge.scoring.results import Artificial
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.results import Book, Entry, code_of, record


@dataclass(frozen=True, slots=True)
class ImportedSession:
    movement: Movement
    book: Book
    boards: dict[int, Board]
    names: dict[int, str]  # contestant number in the movement -> the file's pair number
    wrong_leads: tuple[tuple[int, str, str], ...] = ()  # (board, NS, EW) whose lead is off

    def name(self, contestant: str) -> str:
        return self.names[int(contestant)]


def import_usebio_session(event: UsebioEvent) -> ImportedSession:
    """The travellers as entries: contract, declarer, lead and tricks where the line has
    them, the adjusted-score code where it has an artificial score. A lead card the leader
    does not hold (an entry error in the file) is left out and listed in ``wrong_leads``."""
    numbers: dict[str, int] = {}
    for participant in event.participants:
        numbers.setdefault(participant.number, len(numbers) + 1)
    for _, line in event.lines():
        for pair in (line.ns, line.ew):
            numbers.setdefault(pair, len(numbers) + 1)
    deals = {hand.number: hand.deal for hand in event.handset}
    boards = {b.number: Board(b.number, deals.get(b.number)) for b in event.boards}
    encounters = []
    entries = []
    wrong: list[tuple[int, str, str]] = []
    for board in event.boards:
        for table, line in enumerate(board.lines, 1):
            ns, ew = (numbers[line.ns],), (numbers[line.ew],)
            encounters.append(Encounter(board.number, table, ns, ew, (board.number,)))
            key = f"{board.number}-{table}"
            if isinstance(line.score, Artificial):
                entries.append(Entry(key, board.number, table, board.number, ns, ew,
                                     adjusted=code_of(line.score)))
            elif line.passed_out or line.contract is None:
                entries.append(Entry(key, board.number, table, board.number, ns, ew))
            else:
                lead = line.lead
                deal = boards[board.number].deal
                if lead is not None and line.played_by is not None and deal is not None \
                        and lead not in deal.hand(line.played_by.lho):
                    # the scorer's entry error, kept as found: the result stands, the lead
                    # is dropped and named
                    wrong.append((board.number, line.ns, line.ew))
                    lead = None
                entries.append(Entry(key, board.number, table, board.number, ns, ew,
                                     line.contract, line.played_by, lead, line.tricks))
    movement = Movement("USEBIO session", tuple(encounters))
    book = Book()
    for entry in entries:
        book = record(book, entry, movement, boards[entry.board])
    return ImportedSession(movement, book, boards, {v: k for k, v in numbers.items()},
                           tuple(wrong))
