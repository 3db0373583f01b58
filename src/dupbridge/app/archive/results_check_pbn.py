"""PBN files with published scores, scored again and compared (``event check FILE.pbn``):

* a ``ScoreTable`` per board (JFR, KoPS, Ruter, Magic Contest exports): each row's
  matchpoints (``MP_NS``/``MP_EW``) or IMPs (``IMP_NS``/``IMP_EW``) against ours, the
  method from ``[Scoring]`` (MatchPoints, IMP;Butler, IMP;Cross), a Butler datum rule
  read from the ``ButlerDatum`` column; the ``TotalScoreTable``'s percentages or totals
  against our pairs';
* a teams file with ``[ScoreIMP]`` per table (RealBridge): each table's IMPs against the
  other table of the same match on the same board.

The causes are those of ``results_check``, found on the board."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from dupbridge.app.archive.results_check import CheckReport, LineDifference, PairDifference, _same
from dupbridge.app.errors import BadInput, translated
from dupbridge.core.messages import Msg, msg
from dupbridge.formats.pbn.model import Game
from dupbridge.formats.pbn.score_tables import Cell, PbnTable, number, read_table
from dupbridge.scoring.butler import DEFAULT_DROP, Drop, butler_datum
from dupbridge.scoring.field import score_pairs
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.scoring.imps import imps
from dupbridge.scoring.results import Artificial, BoardResult, Fault

# An artificial row as Magic Contest writes it: "A+" average plus, "A-" minus, "A=" average.
_ARTIFICIAL = {"A+": Fault.NONE, "A-": Fault.DIRECTLY, "A=": Fault.PARTLY, "A": Fault.PARTLY}


@translated
def check_pbn_results(path: Path) -> CheckReport:
    from dupbridge.formats.pbn import load

    games = list(load(path, strict=False).games)
    if any(g.tag("ScoreTable") is not None for g in games):
        return _score_tables(games, path.name)
    if any(g.value("ScoreIMP") for g in games):
        return _score_imps(games)
    raise BadInput(msg("{file}: no published scores (ScoreTable or ScoreIMP) to check",
                       file=path.name))


def _method(scoring: str) -> PairsMethod:
    words = scoring.upper()
    if words.startswith(("MATCHPOINTS", "MP")):
        return "matchpoints"
    if "BUTLER" in words:
        return "butler"
    if "CROSS" in words:
        return "cross-imps"
    raise BadInput(msg("scoring {scoring} is not one dupbridge checks (MatchPoints, "
                       "IMP;Butler, IMP;Cross)", scoring=scoring or "?"))


def _score(row: dict[str, Cell]) -> int | Artificial | None:
    ns, ew = row.get("Score_NS"), row.get("Score_EW")
    points = [number(ns), number(ew)]
    if points[0] is None and points[1] is None:
        faults = [_ARTIFICIAL.get(str(cell).strip()) for cell in (ns, ew)]
        if faults[0] is None or faults[1] is None:
            return None
        return Artificial(faults[0], faults[1])
    return int(points[0] or 0) - int(points[1] or 0)


def _score_tables(games: list[Game], source: str) -> CheckReport:
    boards: list[tuple[int, PbnTable]] = []
    method: PairsMethod | None = None
    totals: PbnTable | None = None
    for game in games:
        tag = game.tag("ScoreTable")
        if tag is None:
            continue
        method = method or _method(game.value("Scoring"))
        boards.append((int(game.value("Board")), read_table(tag)))
        found = game.tag("TotalScoreTable")
        if found is not None and totals is None:
            totals = read_table(found)
    assert method is not None
    results: list[BoardResult] = []
    published: list[tuple[Decimal | None, Decimal | None]] = []
    datums: dict[int, Decimal] = {}
    kind = "MP" if method == "matchpoints" else "IMP"
    for board, table in boards:
        for row in table.records():
            score = _score(row)
            if score is None:
                continue
            results.append(BoardResult(board, str(row["PairId_NS"]), str(row["PairId_EW"]),
                                       score))
            published.append((_decimal(row.get(f"{kind}_NS")), _decimal(row.get(f"{kind}_EW"))))
            datum = _decimal(row.get("ButlerDatum"))
            if datum is not None:
                datums[board] = datum
    config = PairsConfig(butler_drop=_drop(results, datums)) if method == "butler" else None
    field = score_pairs(results, method, config)
    by_board: dict[int, list[int]] = defaultdict(list)
    for i, result in enumerate(results):
        by_board[result.board].append(i)
    most = max(len(v) for v in by_board.values())
    differences: list[LineDifference] = []
    lines = 0
    by_pair: dict[str, int] = defaultdict(int)
    for board, rows in by_board.items():
        differing = [i for i in rows if not all(
            p is None or _same(p, o) for p, o in zip(published[i],
                                                      (field.ns(i), field.ew(i)), strict=True))]
        lines += sum(1 for i in rows if published[i] != (None, None))
        for i in differing:
            cause = _cause(results, rows, differing, i, most)
            result = results[i]
            differences.append(LineDifference(board, result.ns, result.ew, published[i],
                                              (field.ns(i), field.ew(i)), cause))
            by_pair[result.ns] += 1
            by_pair[result.ew] += 1
    pair_differences: list[PairDifference] = []
    pairs = 0
    for row in totals.records() if totals is not None else ():
        pair = str(row.get("PairId"))
        if pair not in field.pairs:
            continue
        if method == "matchpoints":
            # a table of several sessions gives this one's figures apart (Magic Contest)
            column = "SessionPercentage" if "SessionPercentage" in row else "TotalPercentage"
            theirs, mine = _decimal(row.get(column)), field.pairs[pair].percentage
        else:
            theirs, mine = _decimal(row.get("TotalScoreIMP")), field.pairs[pair].total
        if theirs is None or mine is None:
            continue
        pairs += 1
        if not _same(theirs, mine):
            printed = _from_printed_lines(pair, results, published, field.pairs[pair].available,
                                          method)
            counted = number(row.get("NrBoardsSession", row.get("NrBoards")))
            held = field.pairs[pair].boards
            pair_differences.append(PairDifference(pair, theirs, mine, (
                msg("the file's total counts {counted} boards; it holds {held} of them",
                    counted=counted, held=held)
                if counted is not None and int(counted) != held else
                msg("its lines differ on {count} boards", count=by_pair[pair])
                if by_pair[pair] else
                msg("the file adds up its lines as printed (rounded); ours adds the exact "
                    "figures") if printed is not None and _same(theirs, printed) else
                msg("its lines equal ours: the file's total is not the one its own lines "
                    "give (the source is inconsistent)"))))
    unexplained = sum(1 for d in differences if d.cause.template == "unexplained")
    return CheckReport(method, lines, pairs, tuple(differences), tuple(pair_differences), (),
                       unexplained)


def _from_printed_lines(pair: str, results: list[BoardResult],
                        published: list[tuple[Decimal | None, Decimal | None]],
                        available: Fraction | None, method: str) -> Fraction | None:
    """The pair's total (a percentage in matchpoints) from the line figures the file
    prints."""
    total = Fraction(0)
    for result, (ns, ew) in zip(results, published, strict=True):
        side = ns if result.ns == pair else ew if result.ew == pair else None
        if side is not None:
            total += Fraction(side)
    if method != "matchpoints":
        return total
    return None if not available else 100 * total / available


def _cause(results: list[BoardResult], rows: list[int], differing: list[int], i: int,
           most: int) -> Msg:
    if any(isinstance(results[j].score, Artificial) for j in rows):
        return msg("artificial score on the board (12C2): the program values it its own "
                   "way")
    if len(rows) < most:
        return msg("board played {count} times, others {most}: factored differently",
                   count=len(rows), most=most)
    if len(differing) == 1 and len(rows) > 2:
        return msg("only this line differs: its published figures do not fit its own "
                   "score (the source is inconsistent)")
    return msg("unexplained")


def _drop(results: list[BoardResult], datums: dict[int, Decimal]) -> Drop:
    """The Butler datum rule the file's ButlerDatum column shows."""
    scores: dict[int, list[int]] = defaultdict(list)
    for result in results:
        if isinstance(result.score, int):
            scores[result.board].append(result.score)
    rules: tuple[Drop, ...] = (0, 1, 2, "auto")
    for drop in rules:
        try:
            if all(butler_datum(scores[b], drop) == Fraction(d) for b, d in datums.items()):
                return drop
        except ValueError:
            continue
    return DEFAULT_DROP


def _decimal(cell: Cell | None) -> Decimal | None:
    value = number(cell)
    return None if value is None else Decimal(value)


def _score_imps(games: list[Game]) -> CheckReport:
    """Teams: each table's IMPs (``ScoreIMP "NS x EW -x"``) against the other table of
    its match on the board: IMPs of its North-South score less the other's."""
    # the two tables of a match name its teams in either order (home at its own table)
    matches: dict[tuple[int, str, str], list[Game]] = defaultdict(list)
    for game in games:
        home, away = sorted((game.value("HomeTeam"), game.value("VisitTeam")))
        matches[int(game.value("Board")), home, away].append(game)
    differences: list[LineDifference] = []
    lines = 0
    for (board, home, away), tables in sorted(matches.items()):
        for game in tables:
            given = _ns_imps(game.value("ScoreIMP"))
            if given is None:
                continue
            lines += 1
            others = [g for g in tables if g is not game]
            if len(others) != 1:
                differences.append(LineDifference(board, home, away, (given, -given),
                                                  (Fraction(0), Fraction(0)), msg(
                    "the match's other table is not in the file ({count} tables of the "
                    "board): its IMPs cannot be computed", count=len(tables))))
                continue
            ours = imps(_ns_points(game) - _ns_points(others[0]))
            if _same(given, Fraction(ours)):
                continue
            differences.append(LineDifference(board, home, away, (given, -given),
                                              (Fraction(ours), Fraction(-ours)),
                                              msg("unexplained")))
    unexplained = sum(1 for d in differences if d.cause.template == "unexplained")
    return CheckReport("teams IMPs", lines, 0, tuple(differences), (), (), unexplained)


def _ns_imps(text: str) -> Decimal | None:
    words = text.split()
    if len(words) >= 2 and words[0] == "NS":
        return Decimal(words[1])
    if len(words) >= 2 and words[0] == "EW":
        return -Decimal(words[1])
    return None


def _ns_points(game: Game) -> int:
    words = game.value("Score").split()
    if len(words) != 2:
        return 0
    value = int(words[1])
    return value if words[0] == "NS" else -value
