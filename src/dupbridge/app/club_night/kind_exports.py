"""A team or an individual event in the files other programs read (issue 28), from the
state a viewer may see (``visibility``): the pairs writers (``publication.files``) would
write a team event's tables as a matchpoint pairs field and an individual's partnerships
as pairs, which is not what was played.

* teams (a round robin or a Swiss): USEBIO 1.2 ``TEAMS``/``SWISS_TEAMS`` with each table
  as a traveller line between the teams seated North-South and East-West and each team's
  IMPs on the board (``NS_IMPS``/``EW_IMPS``), each team a participant with its VPs (a
  Swiss bye's included) and its place; PBN with each board's ``ScoreTable`` (round,
  table, the teams, the result, IMPs) and the ``TotalScoreTable`` of the teams (``TeamId``,
  ``TeamName``, ``Roster``, ``TotalScoreVP``, ``TotalScoreIMP``);
* individual: PBN with the four players of each table (``PlayerId_North``...) and their
  matchpoints, and the ``TotalScoreTable`` of the players (``PlayerId``, ``Name``,
  ``TotalScoreMP``, ``TotalPercentage``). USEBIO is not written for an individual: how
  USEBIO numbers a table's four players is not known here, and a guess would be read
  wrongly by the program it is sent to.

The rows are also what the published site shows (``web.site``): one set of values for
the files and the pages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from dupbridge.app.club_night.event_kinds import (
    PlayerStanding,
    TeamsResult,
    TeamStanding,
    individual_field,
    roster_of,
    score_individual_of,
    score_teams_of,
    team_board_results,
)
from dupbridge.app.club_night.kind_views import ranked_by_kind
from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.scored import published_state
from dupbridge.app.club_night.state import ClubState, state_of
from dupbridge.app.errors import translated
from dupbridge.core.messages import msg
from dupbridge.formats.pbn import Game, PbnFile, dumps, from_records
from dupbridge.formats.pbn.score_tables import Cell, QuotedText, make_table, table_tag
from dupbridge.formats.record import BoardRecord
from dupbridge.formats.usebio import Participant, Played, Player, from_teams_score
from dupbridge.formats.usebio_writer import dumps as usebio_dumps
from dupbridge.scoring.results import Artificial, Mixed
from dupbridge.tournament.results import Entry, code_of, mixed_text
from dupbridge.tournament.teams import team_of

TEAM_SCORE_COLUMNS = ("Round\\2R", "Table\\2R", "TeamId_NS\\3R", "TeamId_EW\\3R",
                      "Contract\\5L", "Declarer\\1R", "Result\\2R", "Lead\\3L",
                      "Score_NS\\6R", "IMP_NS\\5R", "IMP_EW\\5R")
TEAM_TOTAL_COLUMNS = ("Rank\\3R", "TeamId\\3R", "TeamName\\20L", "TotalScoreVP\\6R",
                      "TotalScoreIMP\\6R", "NrMatches\\2R", "Roster\\60L")
PLAYER_SCORE_COLUMNS = ("Round\\2R", "Table\\2R", "PlayerId_North\\3R", "PlayerId_South\\3R",
                        "PlayerId_East\\3R", "PlayerId_West\\3R", "Contract\\5L",
                        "Declarer\\1R", "Result\\2R", "Lead\\3L", "Score_NS\\6R",
                        "MP_NS\\5R", "MP_EW\\5R")
PLAYER_TOTAL_COLUMNS = ("Rank\\3R", "PlayerId\\3R", "Name\\30L", "TotalScoreMP\\6R",
                        "TotalPercentage\\6R", "NrBoards\\3R")


@translated
def published_kind_state(store: Store, event_id: str) -> ClubState | None:
    """The team or individual event as the public may see it (``visibility``: the boards
    every table has played, no deal before the official scores), what its exports and
    site are made of; None for a pairs event or a barometer (``scored_session``'s)."""
    everything = state_of(store, event_id)
    if not ranked_by_kind(everything):
        return None
    return published_state(store, everything)


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table's result on a board, as a team or individual event publishes it: the
    contestants North-South and East-West (teams, or the two players of each side), the
    result in words (``4S N 10``, ``A60/40``) and what each side earned (IMPs or
    matchpoints; None while the board cannot be compared yet)."""

    board: int
    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    contract: str | None
    declarer: str | None
    tricks: int | None
    lead: str | None
    score: int | str  # North-South points, or the adjusted score's code
    ns_points: Fraction | None
    ew_points: Fraction | None


def _described(entry: Entry, board: int, round_: int, table: int, ns: tuple[int, ...],
               ew: tuple[int, ...], score: object, ns_points: Fraction | None,
               ew_points: Fraction | None) -> TableLine:
    if isinstance(score, Artificial | Mixed):
        shown: int | str = code_of(score) if isinstance(score, Artificial) \
            else mixed_text(score)
        return TableLine(board, round_, table, ns, ew, None, None, None, None, shown,
                         ns_points, ew_points)
    if entry.contract is None:  # passed out, or a score-only traveller (no contract)
        contract = "Pass" if entry.score is None and entry.adjusted is None else None
    else:
        contract = str(replace(entry.contract, declarer=None))
    return TableLine(board, round_, table, ns, ew, contract,
                     None if entry.declarer is None else entry.declarer.letter,
                     entry.tricks, None if entry.lead is None else str(entry.lead),
                     score if isinstance(score, int) else str(score), ns_points, ew_points)


@dataclass(frozen=True, slots=True)
class TeamsPublished:
    """A team event as published: its standings and matches (``score_teams_of``) and
    every table's line with the IMPs each team won on the board."""

    title: str
    kind: str
    result: TeamsResult
    lines: tuple[TableLine, ...]


def teams_published(state: ClubState) -> TeamsPublished:
    """The team event of ``state`` (the results a viewer may see) as published."""
    result = score_teams_of(state)
    results, scored = team_board_results(state)
    imps = {(b.board, b.home): b.home_imps for b in scored.boards} | \
        {(b.board, b.away): b.away_imps for b in scored.boards}
    entries = {(e.board, team_of(e.ns[0]), team_of(e.ew[0])): e
               for e in state.book.entries.values()}
    lines = []
    for r in results:
        entry = entries[(r.board, int(r.ns), int(r.ew))]
        lines.append(_described(entry, r.board, entry.round, entry.table, (int(r.ns),),
                                (int(r.ew),), r.score, imps.get((r.board, r.ns)),
                                imps.get((r.board, r.ew))))
    return TeamsPublished(state.config.name, state.config.kind, result,
                          tuple(sorted(lines, key=lambda line: (line.board, line.table))))


@dataclass(frozen=True, slots=True)
class IndividualPublished:
    title: str
    standings: tuple[PlayerStanding, ...]
    lines: tuple[TableLine, ...]


def individual_published(state: ClubState) -> IndividualPublished:
    """The individual event of ``state`` as published: the players' standings and every
    table's line with its partnerships' matchpoints."""
    standings = score_individual_of(state)
    entries, field = individual_field(state)
    lines = tuple(
        _described(entry, entry.board, entry.round, entry.table, entry.ns, entry.ew,
                   field.results[i].score, field.ns(i), field.ew(i))
        for i, entry in enumerate(entries))
    return IndividualPublished(state.config.name, standings,
                               tuple(sorted(lines, key=lambda line: (line.board, line.table))))


def _decimal(value: Fraction | Decimal | None) -> Decimal | None:
    if value is None:
        return None
    exact = value if isinstance(value, Decimal) else \
        Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# USEBIO


@translated
def teams_usebio_text(state: ClubState, *, club: str = "") -> str:
    """The team event as USEBIO 1.2 (``TEAMS`` for a round robin, ``SWISS_TEAMS`` for a
    Swiss): the tables' lines with each team's IMPs, the teams with their VPs and place."""
    published = teams_published(state)
    results, scored = team_board_results(state)
    played = {}
    for e in state.book.entries.values():
        contract = None if e.contract is None else replace(e.contract, declarer=None)
        played[(e.board, str(team_of(e.ns[0])), str(team_of(e.ew[0])))] = Played(
            contract, e.contract is None and e.adjusted is None and e.score is None,
            e.declarer, e.lead, e.tricks)
    deals = {n: b.deal for n, b in state.boards.items()
             if b.deal is not None and b.deal.is_complete}
    event = from_teams_score(results, scored, played=played, deals=deals, club=club,
                             description=published.title)
    participants = tuple(_team_participant(s) for s in sorted(
        published.result.standings, key=lambda s: s.team))
    kind = "SWISS_TEAMS" if published.kind == "swiss" else "TEAMS"
    event = replace(event, event_type=kind, participants=participants,
                    participants_event_type=kind,
                    boards=tuple(replace(b, event_type=kind) for b in event.boards))
    return usebio_dumps(event)


def _team_participant(standing: TeamStanding) -> Participant:
    return Participant(kind="TEAM", number=str(standing.team), name=standing.name or None,
                       total_score=_decimal(standing.vp), place=standing.place,
                       players=tuple(Player(name) for name in standing.players))


# PBN


def _games(state: ClubState, rows: dict[int, list[Sequence[Cell]]], columns: Sequence[str],
           total: list[Sequence[Cell]], total_columns: Sequence[str]) -> PbnFile:
    records = [BoardRecord(b.number, b.dealer, b.vulnerability, b.deal,
                           event=state.config.name)
               for _, b in sorted(state.boards.items())
               if b.deal is not None and b.deal.is_complete and b.number in rows]
    missing = sorted(set(rows) - {r.board for r in records})
    if missing:
        raise ValueError(msg("boards {boards}: no deal known, so no PBN game to carry their "
                             "results", boards=", ".join(map(str, missing))))
    games = []
    for game, record in zip(from_records(records).games, records, strict=True):
        games.append(Game((*game.tags, table_tag(make_table("ScoreTable", columns,
                                                            rows[record.board])))))
    if games:
        totals = table_tag(make_table("TotalScoreTable", total_columns, total))
        games[0] = Game((*games[0].tags, totals))
    return PbnFile(tuple(games))


def _result_cells(line: TableLine) -> tuple[Cell, ...]:
    score: Cell = line.score if isinstance(line.score, int) else QuotedText(line.score)
    return (line.contract, line.declarer, line.tricks, line.lead, score)


def _rank(place: str) -> Cell:
    return int(place) if place.isdigit() else QuotedText(place)


def teams_pbn_file(state: ClubState) -> PbnFile:
    """One game per board with its ``ScoreTable`` (every table's result and IMPs); the
    first game carries the teams' ``TotalScoreTable``."""
    published = teams_published(state)
    rows: dict[int, list[Sequence[Cell]]] = {}
    for line in published.lines:
        rows.setdefault(line.board, []).append(
            (line.round, line.table, line.ns[0], line.ew[0], *_result_cells(line),
             _decimal(line.ns_points), _decimal(line.ew_points)))
    total: list[Sequence[Cell]] = [
        (_rank(s.place), s.team, QuotedText(s.name), _decimal(s.vp), _decimal(s.imps),
         s.matches, QuotedText(", ".join(s.players)))
        for s in published.result.standings]
    return _games(state, rows, TEAM_SCORE_COLUMNS, total, TEAM_TOTAL_COLUMNS)


def individual_pbn_file(state: ClubState) -> PbnFile:
    """One game per board with its ``ScoreTable`` (the four players of each table and
    their sides' matchpoints); the first game carries the players' ``TotalScoreTable``."""
    published = individual_published(state)
    rows: dict[int, list[Sequence[Cell]]] = {}
    for line in published.lines:
        north, south = (*line.ns, 0, 0)[:2]
        east, west = (*line.ew, 0, 0)[:2]
        rows.setdefault(line.board, []).append(
            (line.round, line.table, north, south, east, west, *_result_cells(line),
             _decimal(line.ns_points), _decimal(line.ew_points)))
    total: list[Sequence[Cell]] = [
        (_rank(s.place), s.player, QuotedText(s.name), _decimal(s.total),
         _decimal(s.percentage), s.boards) for s in published.standings]
    return _games(state, rows, PLAYER_SCORE_COLUMNS, total, PLAYER_TOTAL_COLUMNS)


@translated
def kind_pbn_bytes(state: ClubState, encoding: str = "utf-8") -> bytes:
    """The team or individual event's PBN in ``encoding``."""
    made = teams_pbn_file(state) if state.config.kind in ("teams", "swiss") \
        else individual_pbn_file(state)
    return dumps(made).encode(encoding, "replace")


def team_name(state: ClubState, team: int) -> str:
    return roster_of(state.name_of(team)).name


__all__ = [
    "IndividualPublished",
    "TableLine",
    "TeamsPublished",
    "individual_pbn_file",
    "individual_published",
    "kind_pbn_bytes",
    "published_kind_state",
    "team_name",
    "teams_pbn_file",
    "teams_published",
    "teams_usebio_text",
]
