"""Score team matches from a table of results: IMPs per board between the two tables of a
match (78B), totals, then victory points (78D, WBF scale of S2's ``scoring.vp``).

A match is the pair of teams; on each board one table has the first team North-South and
the other has it East-West. Each team's IMPs on a board are computed from its own view,
so non-balancing adjusted scores (split scores; artificial scores where both teams are not
at fault, errata §0.2) stay non-balancing unless the match is a knockout (12C4).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import cast

import numpy as np

from dupbridge.core.registry import law
from dupbridge.scoring.field_checks import check_field
from dupbridge.scoring.field_config import TeamsConfig, VictoryPoints
from dupbridge.scoring.field_kernels import imps_array
from dupbridge.scoring.field_rows import table_origin
from dupbridge.scoring.imps import imps
from dupbridge.scoring.law12_adjusted import (
    AdjustedScoreError,
    Origin,
    SessionBoard,
    WeightedArithmetic,
    artificial_imps,
    artificial_values,
    knockout_average,
)
from dupbridge.scoring.results import (
    Artificial,
    BoardResult,
    Fault,
    Mixed,
    Score,
    Split,
    Weighted,
)


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a match: each team's IMPs from its own view."""

    board: int
    home: str
    away: str
    home_imps: Fraction
    away_imps: Fraction


@dataclass(frozen=True, slots=True)
class Match:
    """A match's totals and victory points."""

    home: str
    away: str
    boards: int
    home_imps: Fraction
    away_imps: Fraction
    home_vp: Decimal | None
    away_vp: Decimal | None


@dataclass(frozen=True, slots=True)
class TeamsScore:
    boards: tuple[MatchBoard, ...]
    matches: tuple[Match, ...]
    vp_totals: dict[str, Decimal]


@dataclass(frozen=True, slots=True)
class MatchBoardRuling:
    """The Director's ruling in IMPs on one board of a match (Law 86: 86B2 several
    results, 86B3 a board played at one table only, 86D the other table's score; 2017
    87C fouled board), each team's IMPs from its own view (they need not balance). It
    replaces the comparison of the two tables, which may then be missing."""

    board: int
    team: str
    opponent: str
    team_imps: Fraction
    opponent_imps: Fraction
    clause: str = "86"


@law("86", title="Rulings in IMPs in a team match's totals")
def score_teams(
    results: Iterable[BoardResult],
    config: TeamsConfig | None = None,
    rulings: Iterable[MatchBoardRuling] = (),
) -> TeamsScore:
    """Score team matches: each board played at the two tables of a match, or decided by
    a ruling in IMPs. Every weighted score is checked against the edition and the
    Regulating Authority's options first (12C1(c), 2007 12C1(e)); the 12C1(c) arithmetic
    is ``config.law12.weighted_arithmetic``."""
    chosen = config or TeamsConfig()
    table = tuple(results)
    check_field(table, chosen.edition, chosen.law12)
    ruled = _ruled_boards(rulings)
    tables = [t for t in _pair_tables(table, set(ruled)) if (t[0], t[1], t[2]) not in ruled]
    boards = sorted([*_match_boards(tables, chosen), *ruled.values()],
                    key=lambda b: (b.board, b.home, b.away))
    matches = _matches(boards, chosen)
    totals: dict[str, Decimal] = {}
    for match in matches:
        for team, vp in ((match.home, match.home_vp), (match.away, match.away_vp)):
            if vp is not None:
                totals[team] = totals.get(team, Decimal(0)) + vp
    return TeamsScore(tuple(boards), tuple(matches), totals)


Tables = tuple[int, str, str, BoardResult, BoardResult]
"""(board, home, away, home's North-South table, home's East-West table)."""


def _ruled_boards(rulings: Iterable[MatchBoardRuling]) -> dict[tuple[int, str, str], MatchBoard]:
    """Each ruling as the board's IMPs, home being the team named first in sort order."""
    out: dict[tuple[int, str, str], MatchBoard] = {}
    for ruling in rulings:
        home, away = sorted((ruling.team, ruling.opponent))
        key = (ruling.board, home, away)
        if key in out:
            raise ValueError(f"board {ruling.board} of {home} v {away} ruled twice")
        imps = {ruling.team: ruling.team_imps, ruling.opponent: ruling.opponent_imps}
        out[key] = MatchBoard(ruling.board, home, away, Fraction(imps[home]),
                              Fraction(imps[away]))
    return out


def _pair_tables(
    results: Iterable[BoardResult], ruled: set[tuple[int, str, str]] | None = None
) -> list[Tables]:
    """The two tables of each board of each match; home is the team named first in sort
    order, so the output does not depend on the order of the input. A board with a
    ruling may have been played at one table only, or at none."""
    open_rooms: dict[tuple[int, str, str], BoardResult] = {}
    closed_rooms: dict[tuple[int, str, str], BoardResult] = {}
    for result in results:
        home, away = sorted((result.ns, result.ew))
        rooms = open_rooms if result.ns == home else closed_rooms
        key = (result.board, home, away)
        if key in rooms:
            raise ValueError(f"board {result.board} of {home} v {away} given twice")
        rooms[key] = result
    missing = sorted((open_rooms.keys() ^ closed_rooms.keys()) - (ruled or set()))
    if missing:
        raise ValueError(f"boards played at one table only (see 2017 86B3): {missing}")
    both = open_rooms.keys() & closed_rooms.keys()
    return [(k[0], k[1], k[2], open_rooms[k], closed_rooms[k]) for k in sorted(both)]


@law("78B", title="IMPs between the two tables of a team match")
def _match_boards(tables: list[Tables], config: TeamsConfig) -> list[MatchBoard]:
    """IMPs per board: the plain boards in one NumPy pass, assigned ones one by one, then
    the artificial ones, whose 12C2(c) session is each team's other boards."""
    plain = [i for i, t in enumerate(tables) if _is_points(t[3].score) and _is_points(t[4].score)]
    out: list[MatchBoard | None] = [None] * len(tables)
    if plain:
        open_scores = np.array([cast(int, tables[i][3].score) for i in plain], dtype=np.int64)
        closed = np.array([cast(int, tables[i][4].score) for i in plain], dtype=np.int64)
        # home's net points: North-South at the open table, East-West at the closed one
        home = imps_array(open_scores - closed)
        for i, value in zip(plain, home.tolist(), strict=True):
            b, h, a, _, _ = tables[i]
            out[i] = MatchBoard(b, h, a, Fraction(value), Fraction(-value))
    raw = config.law12.weighted_arithmetic is WeightedArithmetic.RAW
    for i, table in enumerate(tables):
        if out[i] is None and _origin(table) is Origin.ASSIGNED:
            out[i] = _knockout(_assigned_board(table, raw), config)
    done = [board for board in out if board is not None]
    for i, table in enumerate(tables):
        if out[i] is None:
            out[i] = _knockout(_artificial_board(table, tables, done, config), config)
    return [board for board in out if board is not None]


def _is_points(score: Score) -> bool:
    return isinstance(score, int)


def _origin(table: Tables) -> Origin:
    """Where a board's score comes from for both teams (12C2(c) "other boards")."""
    origins = {table_origin(table[3]), table_origin(table[4])}
    for origin in (Origin.ARTIFICIAL, Origin.ASSIGNED):
        if origin in origins:
            return origin
    return Origin.TABLE


def _knockout(board: MatchBoard, config: TeamsConfig) -> MatchBoard:
    """12C4: in a knockout a non-balancing board is averaged."""
    if not config.knockout or board.home_imps + board.away_imps == 0:
        return board
    home, away = knockout_average(board.home_imps, board.away_imps)
    return MatchBoard(board.board, board.home, board.away, home, away)


def _assigned_board(table: Tables, raw: bool) -> MatchBoard:
    """Assigned, weighted (12C1(c), each pair of outcomes IMPed and weighted, or the raw
    means IMPed once) and split scores (each team on its own direction's scores, errata
    B-3)."""
    board, home, away, open_room, closed_room = table
    if isinstance(open_room.score, Mixed) or isinstance(closed_room.score, Mixed):
        raise AdjustedScoreError(f"board {board}: an artificial score for one side and an "
                                 "assigned one for the other is for pairs events; in a "
                                 "team match give both sides an assigned or an artificial "
                                 "score (12C1, 12C2(b))")
    # home: NS at the open table, EW at the closed; away: EW at open, NS at closed
    home_imps = _weighted_imps(open_room.ns_score(), closed_room.ew_score(), raw)
    away_imps = _weighted_imps(closed_room.ns_score(), open_room.ew_score(), raw)
    return MatchBoard(board, home, away, home_imps, away_imps)


@law("12C2(c)", title="Artificial IMPs of a team, its other boards as the session")
def _artificial_board(
    table: Tables, tables: list[Tables], scored: list[MatchBoard], config: TeamsConfig
) -> MatchBoard:
    """An artificial score at either table (12C2(b)): each team by its own fault, its
    session being its other boards of the results given (12C2(c) "IMP equivalent"; 2017
    12C2(d) by its number of boards without a result)."""
    board, home, away, open_room, closed_room = table
    home_fault, away_fault = _faults(open_room.score, closed_room.score)
    values = []
    for team, fault in ((home, home_fault), (away, away_fault)):
        others = [t for t in tables if team in (t[1], t[2]) and t is not table]
        no_result = 1 + sum(1 for t in others if _origin(t) is Origin.ARTIFICIAL)
        session = _team_session(team, others, scored, config, no_result)
        values.append(artificial_imps(fault, edition=config.edition, config=config.law12,
                                      session=session, no_result_boards=no_result))
    return MatchBoard(board, home, away, values[0], values[1])


def _team_session(
    team: str,
    others: list[Tables],
    scored: list[MatchBoard],
    config: TeamsConfig,
    no_result: int,
) -> list[SessionBoard]:
    """A team's other boards with their origins; another artificial board counts at its
    12C2(b) value (``law12.other_boards`` decides whether it is used)."""
    imps_of = {(b.board, b.home, b.away): b.home_imps if b.home == team else b.away_imps
               for b in scored}
    base = artificial_values(config.edition, config.law12, no_result)
    session = []
    for other in others:
        origin = _origin(other)
        if origin is Origin.ARTIFICIAL:
            faults = _faults(other[3].score, other[4].score)
            value = base.imps(faults[0] if other[1] == team else faults[1])
        else:
            value = imps_of[(other[0], other[1], other[2])]
        session.append(SessionBoard(value, None, origin))
    return session


_FAULT_RANK = {Fault.NONE: 0, Fault.PARTLY: 1, Fault.DIRECTLY: 2}


def _faults(open_score: Score, closed_score: Score) -> tuple[Fault, Fault]:
    """Home's and away's fault; when both tables are artificial, a team's greater fault
    counts (the Laws give one value per contestant per board, 12C2(b))."""
    home: list[Fault] = []
    away: list[Fault] = []
    for score in (open_score, closed_score):
        if isinstance(score, Artificial) and (score.ns_percent is not None
                                              or score.ew_percent is not None):
            raise ValueError("an artificial score stated in percent is for matchpoints; "
                             "in a team match give the faults (A60/40)")
    if isinstance(open_score, Artificial):
        home.append(open_score.ns)
        away.append(open_score.ew)
    if isinstance(closed_score, Artificial):
        home.append(closed_score.ew)
        away.append(closed_score.ns)
    return max(home, key=_FAULT_RANK.__getitem__), max(away, key=_FAULT_RANK.__getitem__)


def _components(score: Score) -> list[tuple[int, Fraction]]:
    if isinstance(score, Weighted):
        return [(o.score, o.weight) for o in score.outcomes]
    if isinstance(score, int):
        return [(score, Fraction(1))]
    raise TypeError(f"not a direction's score: {score!r}")


def _weighted_imps(north_south: Score, east_west: Score, raw: bool) -> Fraction:
    """IMPs of a team scoring ``north_south`` at one table and ``east_west`` (still in
    North-South points) at the other: each pair of components, by the product of weights;
    in raw arithmetic (12C1(c), spec Q3) the difference of the weighted means, once."""
    assert not isinstance(north_south, Split) and not isinstance(east_west, Split)
    if raw:
        means = [sum((w * p for p, w in _components(s)), Fraction(0))
                 for s in (north_south, east_west)]
        return Fraction(imps(means[0] - means[1]))
    total = Fraction(0)
    for ns_points, ns_weight in _components(north_south):
        for ew_points, ew_weight in _components(east_west):
            value = int(imps_array(np.array([ns_points - ew_points], dtype=np.int64))[0])
            total += ns_weight * ew_weight * value
    return total


def _matches(boards: list[MatchBoard], config: TeamsConfig) -> list[Match]:
    """Totals per match and victory points, each team from its own margin."""
    grouped: dict[tuple[str, str], list[MatchBoard]] = {}
    for board in boards:
        grouped.setdefault((board.home, board.away), []).append(board)
    scale = config.victory_points or _wbf_vp()
    matches = []
    for (home, away), played in grouped.items():
        home_imps = sum((b.home_imps for b in played), Fraction(0))
        away_imps = sum((b.away_imps for b in played), Fraction(0))
        home_vp = _vp(scale, home_imps, len(played))
        away_vp = _vp(scale, away_imps, len(played))
        matches.append(Match(home, away, len(played), home_imps, away_imps, home_vp, away_vp))
    return matches


def _vp(scale: VictoryPoints | None, margin: Fraction, boards: int) -> Decimal | None:
    """A team's VPs from its own IMP margin (a non-balancing board gives each team its own
    margin; balanced matches give the usual winner/loser pair)."""
    if scale is None:
        return None
    winner, loser = scale(abs(margin), boards)
    return winner if margin >= 0 else loser


def _wbf_vp() -> VictoryPoints | None:
    """S2's WBF scale, if that module is present (it is written alongside this one)."""
    try:
        module = importlib.import_module("dupbridge.scoring.vp")
    except ImportError:
        return None
    return cast(VictoryPoints, module.wbf_vp)


__all__ = ["Match", "MatchBoard", "MatchBoardRuling", "TeamsConfig", "TeamsScore",
           "VictoryPoints", "score_teams"]
