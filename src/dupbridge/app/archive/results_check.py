"""Results another program published, scored again by dupbridge and compared line by
line: what ``dupbridge event check FILE`` prints and ``event import FILE`` brings into the
club store.

A USEBIO session (1.1 or 1.2, any writer) is read with its travellers as a book of results
(one round per board: the file names no rounds), scored by the method its event type
names (matchpoints, Butler, cross-IMPs) under the WBF defaults, and every traveller line
and pair total compared with the file's, at the precision the file writes (a figure
written to two decimals is equal when ours rounds to it). Each difference carries its
cause, found on the board: an artificial score (12C2: the program values it its own
way), a board played fewer times than the others (factoring: Neuberg or the program's
own), a Butler datum other than ours (the file's BOARD_AVERAGE), or, for a pair's total,
the differences of its lines; what none of these explains is listed as unexplained."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from dupbridge.app.archive.usebio_session import ImportedSession, import_usebio_session
from dupbridge.app.errors import BadInput, translated
from dupbridge.core.messages import Msg, msg
from dupbridge.formats.usebio_model import TravellerBoard, TravellerLine, UsebioEvent
from dupbridge.scoring.butler import DEFAULT_DROP, Drop, butler_datum
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.scoring.results import Artificial
from dupbridge.tournament.session_scoring import SessionScore, score_session

METHODS: dict[str, PairsMethod] = {"MP_PAIRS": "matchpoints", "BUTLER_PAIRS": "butler",
                                   "CROSS_IMP": "cross-imps", "CROSS_IMPS": "cross-imps",
                                   "CROSS_IMP_PAIRS": "cross-imps"}


@dataclass(frozen=True, slots=True)
class LineDifference:
    board: int
    ns: str
    ew: str
    published: tuple[Decimal | None, Decimal | None]
    ours: tuple[Fraction, Fraction]
    cause: Msg


@dataclass(frozen=True, slots=True)
class PairDifference:
    pair: str
    published: Decimal | None  # total (percentage in a matchpoint event)
    ours: Fraction | None
    cause: Msg


@dataclass(frozen=True, slots=True)
class CheckReport:
    """How many lines and pairs were compared, where ours differ and why, and what the
    reader kept or skipped (warnings)."""

    method: str
    lines: int
    pairs: int
    line_differences: tuple[LineDifference, ...]
    pair_differences: tuple[PairDifference, ...]
    warnings: tuple[str, ...]
    unexplained: int


@dataclass(frozen=True, slots=True)
class Rescored:
    event: UsebioEvent
    imported: ImportedSession
    method: PairsMethod
    scored: SessionScore


def read_results_file(path: Path) -> UsebioEvent:
    """Another program's results file (USEBIO XML)."""
    from dupbridge.formats.usebio import load

    if path.suffix.lower() != ".xml":
        raise BadInput(msg("{file}: results are read from USEBIO (.xml) and PBN (.pbn) "
                           "files", file=path.name))
    return load(path)


def rescore(event: UsebioEvent, source: str) -> Rescored:
    method = METHODS.get(event.event_type.upper())
    if method is None:
        raise BadInput(msg("{file}: event type {type} is not a pairs event dupbridge scores "
                           "(MP_PAIRS, BUTLER_PAIRS, CROSS_IMP)", file=source,
                           type=event.event_type or "?"))
    imported = import_usebio_session(event)
    config = PairsConfig(butler_drop=butler_drop_of(event)) if method == "butler" else None
    scored = score_session(imported.movement, imported.book, imported.boards, method=method,
                           config=config)
    return Rescored(event, imported, method, scored)


def butler_drop_of(event: UsebioEvent) -> Drop:
    """How many scores the file's program dropped at each end for its Butler datums
    (BOARD_AVERAGE): the first rule that gives every datum written, else ours."""
    boards = [(b.average, [line.score for line in b.lines if isinstance(line.score, int)])
              for b in event.boards if b.average is not None]
    for drop in (0, 1, 2, "auto"):
        try:
            if boards and all(butler_datum(scores, drop) == Fraction(average)
                              for average, scores in boards if scores):
                return drop
        except ValueError:
            continue
    return DEFAULT_DROP


Found = list[tuple[TravellerLine, tuple[Decimal | None, Decimal | None],
                   tuple[Fraction, Fraction]]]


@translated
def check_results(path: Path) -> CheckReport:
    """The file's figures against ours, line by line and pair by pair, with causes."""
    rescored = rescore(read_results_file(path), path.name)
    event, imported = rescored.event, rescored.imported
    method, scored = rescored.method, rescored.scored
    plain = score_session(imported.movement, imported.book, imported.boards, method=method,
                          config=PairsConfig(neuberg=False)) if method == "matchpoints" else None
    entries = sorted(imported.book.entries)
    index = {key: i for i, key in enumerate(entries)}
    played = Counter(board.number for board in event.boards for _ in board.lines)
    most = max(played.values(), default=0)
    line_differences: list[LineDifference] = []
    lines = 0
    by_pair: Counter[str] = Counter()
    for board in event.boards:
        found: Found = []
        for table, line in enumerate(board.lines, 1):
            if line.points is None:
                continue
            lines += 1
            i = index[(board.number, table, board.number)]
            ours = (scored.field.ns(i), scored.field.ew(i))
            published = (line.points.ns, line.points.ew)
            if not all(p is None or _same(p, o)
                       for p, o in zip(published, ours, strict=True)):
                found.append((line, published, ours))
        own_top = []
        if plain is not None and played[board.number] < most:
            for line, published, _ in found:
                i = index[(board.number, board.lines.index(line) + 1, board.number)]
                if all(p is None or _same(p, o) for p, o in zip(
                        published, (plain.field.ns(i), plain.field.ew(i)), strict=True)):
                    own_top.append(line)
        for line, published, ours in found:
            cause = (msg("the file scores within each section; ours across the field of "
                         "{sections} sections", sections=len(event.sections))
                     if len(event.sections) > 1 else
                     msg("the file writes this board's matchpoints on its own top ({count} "
                         "results); ours are factored (Neuberg) to the field's {most}",
                         count=played[board.number], most=most) if line in own_top
                     else _cause(board, line, [f for f in found if f[0] not in own_top],
                                 method, played, most))
            line_differences.append(LineDifference(board.number, line.ns, line.ew,
                                                   published, ours, cause))
            by_pair[line.ns] += 1
            by_pair[line.ew] += 1
    pair_differences: list[PairDifference] = []
    pairs = 0
    number = {name: contestant for contestant, name in imported.names.items()}
    totals = {int(name): t for name, t in scored.totals.items()}
    for participant in event.participants:
        contestant = number.get(participant.number)
        if contestant is None or contestant not in totals:
            continue
        pair = scored.field.pairs[str(contestant)]
        percentage = pair.percentage if method == "matchpoints" else None
        theirs = participant.percentage if percentage is not None else \
            participant.total_score
        mine = percentage if percentage is not None else totals[contestant]
        if theirs is None:
            continue
        pairs += 1
        if _same(theirs, mine):
            continue
        cause = (msg("the file scores within each section; ours across the field of "
                     "{sections} sections", sections=len(event.sections))
                 if len(event.sections) > 1 else
                 msg("its lines differ on {count} boards", count=by_pair[participant.number])
                 if by_pair[participant.number] else
                 msg("its lines equal ours: the file's total is not the one its own lines "
                     "give (the source is inconsistent)"))
        pair_differences.append(PairDifference(participant.number, theirs, mine, cause))
    unexplained = sum(1 for d in line_differences if d.cause.template == "unexplained") + \
        sum(1 for p in pair_differences if p.cause.template == "unexplained")
    return CheckReport(method, lines, pairs, tuple(line_differences), tuple(pair_differences),
                       event.warnings, unexplained)


def _cause(board: TravellerBoard, line: TravellerLine, found: Found, method: str,
           played: Counter[int], most: int) -> Msg:
    """Why a line's figures differ from ours, read from its board."""
    if any(isinstance(other.score, Artificial) for other in board.lines):
        return msg("artificial score on the board (12C2): the program values it its own "
                   "way")
    averaged = [other for other, _, _ in found if method == "matchpoints" and
                isinstance(other.score, int) and other.points is not None and
                other.points.ns is not None and other.points.ns == other.points.ew and
                2 * other.points.ns == 2 * (len(board.lines) - 1)]
    if averaged and line in averaged:
        return msg("the file gives this played result an average, as if it were adjusted "
                   "(the source is inconsistent)")
    if averaged:
        return msg("factored as if {ns} v {ew} had no result, as the file treats it",
                   ns=averaged[0].ns, ew=averaged[0].ew)
    if played[board.number] < most:
        return msg("board played {count} times, others {most}: factored differently",
                   count=played[board.number], most=most)
    if method == "butler" and board.average is not None:
        datum = _datum(board.lines, method)
        if datum is not None and datum != Fraction(board.average):
            return msg("Butler datum: the file's {theirs}, ours {ours}",
                       theirs=board.average, ours=datum)
    if len(found) == 1 and len(board.lines) > 2:
        return msg("only this line differs: its published figures do not fit its own "
                   "score (the source is inconsistent)")
    return msg("unexplained")


def _same(published: Decimal, ours: Fraction) -> bool:
    """Equal at the precision the file writes: ours rounds to the published figure
    (within half a unit of its last decimal)."""
    exponent = published.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    half = Fraction(1, 2 * 10 ** places)
    return abs(Fraction(published) - ours) <= half


def _datum(lines: tuple[TravellerLine, ...], method: str) -> Fraction | None:
    if method != "butler":
        return None
    scores = [line.score for line in lines if isinstance(line.score, int)]
    return butler_datum(scores) if scores else None
