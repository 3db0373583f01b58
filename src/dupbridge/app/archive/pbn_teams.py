"""A teams session a PBN file publishes table by table (RealBridge: ``[HomeTeam]`` North-South
at the table, ``[VisitTeam]`` East-West, ``[ScoreIMP]`` the table's IMPs against the other
room), brought into the tournament layer as a round of team matches: each match at two
tables on the same boards, in the layout of ``tournament.teams`` (team t's pairs 2t - 1
and 2t), so that ``dupbridge event import FILE.pbn`` makes a teams event of it and
``event score`` gives each match its IMPs and Victory Points.

A table keeps its contract, declarer and tricks when Law 77 on the board gives the
``[Score]`` the file writes; otherwise it is a score-only line."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from dupbridge.app.archive.results_check_pbn import _ns_imps
from dupbridge.app.errors import BadInput
from dupbridge.core.board import Board
from dupbridge.core.messages import msg
from dupbridge.formats.pbn import records
from dupbridge.formats.pbn.model import Game
from dupbridge.scoring.board_score import ns_score
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.results import Book, Entry, record


@dataclass(frozen=True, slots=True)
class PbnTeams:
    title: str
    teams: tuple[str, ...]  # team t (from 1) is teams[t - 1]
    movement: Movement
    book: Book
    boards: dict[int, Board]
    # (board, home team, away team) -> the IMPs the file gives the match's home team (the
    # first named) on the board, from its table where home sat North-South
    published: dict[tuple[int, int, int], Decimal]


def _teams_table(game: Game) -> bool:
    """A table of a team match: its teams named, its scoring plain IMPs (not a pairs
    event's IMP;Cross or IMP;Butler) or its competition Teams."""
    return bool(game.value("HomeTeam") and game.value("VisitTeam") and game.value("Board")
                and (game.value("Competition").lower() == "teams"
                     or game.value("Scoring").upper() == "IMP"))


def import_pbn_teams(path: Path) -> PbnTeams:
    from dupbridge.formats.pbn import load

    games = [g for g in load(path, strict=False).games if _teams_table(g)]
    if not games:
        raise BadInput(msg("{file}: no ScoreTable, and no team match's tables (HomeTeam, "
                           "VisitTeam, ScoreIMP), to make an event of", file=path.name))
    teams = tuple(sorted({g.value(t) for g in games for t in ("HomeTeam", "VisitTeam")}))
    number = {name: i for i, name in enumerate(teams, 1)}
    # a match is its two teams, the first in the file's order its home team
    matches: dict[frozenset[int], tuple[int, int]] = {}
    boards_of: dict[frozenset[int], set[int]] = defaultdict(set)
    for game in games:
        ns, ew = number[game.value("HomeTeam")], number[game.value("VisitTeam")]
        matches.setdefault(frozenset((ns, ew)), (ns, ew))
        boards_of[frozenset((ns, ew))].add(int(game.value("Board")))
    encounters: list[Encounter] = []
    table_of: dict[tuple[frozenset[int], bool], int] = {}
    for m, (key, (home, away)) in enumerate(matches.items(), 1):
        played = tuple(sorted(boards_of[key]))
        encounters.append(Encounter(1, 2 * m - 1, (2 * home - 1,), (2 * away,), played, 1))
        encounters.append(Encounter(1, 2 * m, (2 * away - 1,), (2 * home,), played, 1))
        table_of[key, True] = 2 * m - 1
        table_of[key, False] = 2 * m
    movement = Movement(f"PBN teams {path.name}", tuple(encounters))
    boards: dict[int, Board] = {}
    book = Book()
    published: dict[tuple[int, int, int], Decimal] = {}
    for game in games:
        ns, ew = number[game.value("HomeTeam")], number[game.value("VisitTeam")]
        key = frozenset((ns, ew))
        home, away = matches[key]
        at_home = ns == home
        table = table_of[key, at_home]
        board_number = int(game.value("Board"))
        board = boards.setdefault(board_number, Board(board_number))
        pairs = ((2 * home - 1,), (2 * away,)) if at_home else ((2 * away - 1,), (2 * home,))
        entry = _entry(f"{board_number}-{table}", board_number, table, pairs, game, board)
        if (1, table, board_number) in book.entries:
            continue  # the same table written twice: its first copy counts
        book = record(book, entry, movement, board)
        imps = _ns_imps(game.value("ScoreIMP"))
        if imps is not None and at_home:
            published[board_number, home, away] = imps
    title = games[0].value("Event") or path.stem
    return PbnTeams(title, teams, movement, book, boards, published)


def _entry(key: str, board_number: int, table: int, pairs: tuple[tuple[int], tuple[int]],
           game: Game, board: Board) -> Entry:
    ns, ew = pairs
    base = Entry(key, 1, table, board_number, ns, ew)
    if records.passed_out(game) or game.value("Contract").strip().upper() in ("PASS", ""):
        return base
    words = game.value("Score").split()
    written = None
    if len(words) == 2 and words[0] in ("NS", "EW") and words[1].lstrip("+-").isdigit():
        written = int(words[1]) if words[0] == "NS" else -int(words[1])
    contract, declarer, tricks = (records.contract(game), records.declarer(game),
                                  records.tricks(game))
    if contract is not None and declarer is not None and tricks is not None and \
            (written is None or ns_score(board, contract, declarer, tricks) == written):
        return Entry(key, 1, table, board_number, ns, ew, contract, declarer, None, tricks)
    return base if written is None else Entry(key, 1, table, board_number, ns, ew,
                                              score=written)
