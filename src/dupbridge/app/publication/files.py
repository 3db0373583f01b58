"""A scored session as files other scoring programs read: USEBIO 1.2 XML (the EBU's
results format) and PBN 2.1 with the travellers as the standard's ``ScoreTable`` (one game
per board: the deal, then every table's result with its matchpoints) and the ranking as a
``TotalScoreTable`` in the first game.

PBN's character set is ISO-8859-1 (PBN 2.1 §3.1): a name with a letter outside it (a
Polish ł, a Czech ř...) is refused with the name and the letter, unless the caller asks
for UTF-8, which the project's reader and most current programs accept."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from dupbridge.app.errors import translated
from dupbridge.app.publication.scored_session import ScoredSession
from dupbridge.core.messages import msg
from dupbridge.formats.pbn import Game, PbnFile, dumps, from_records
from dupbridge.formats.pbn.score_tables import Cell, QuotedText, make_table, table_tag
from dupbridge.formats.record import BoardRecord
from dupbridge.formats.usebio import Played, from_pairs_score
from dupbridge.formats.usebio_writer import dumps as usebio_dumps
from dupbridge.scoring.results import Artificial, Mixed
from dupbridge.scoring.session import travellers
from dupbridge.tournament.results import Entry, code_of, mixed_text

ENCODINGS = ("iso-8859-1", "utf-8")
SCORE_COLUMNS = ("PairId_NS\\2R", "PairId_EW\\2R", "Contract\\5L", "Declarer\\1R",
                 "Result\\2R", "Lead\\3L", "Score_NS\\6R", "MP_NS\\5R", "MP_EW\\5R",
                 "Percentage_NS\\3R", "Percentage_EW\\3R")
TOTAL_COLUMNS = ("Rank\\3R", "PairId\\3R", "Direction\\2R", "TotalScoreMP\\6R",
                 "TotalPercentage\\5R", "Names\\40L")


def _players(session: ScoredSession) -> dict[str, list[str]]:
    """A pair's players from its name as entered ("Ana Pérez & João Silva")."""
    return {str(pair): [part.strip() for part in name.split("&") if part.strip()]
            for pair, name in session.names.items() if name}


def _entries(session: ScoredSession) -> dict[tuple[int, str, str], Entry]:
    return {(e.board, "-".join(map(str, e.ns)), "-".join(map(str, e.ew))): e
            for e in session.book.entries.values()}


@translated
def usebio_text(session: ScoredSession, *, club: str = "") -> str:
    """The session as a USEBIO 1.2 pairs event: travellers with contract, declarer, lead,
    tricks and each side's points, participants with totals, percentages and places (per
    direction for a two-winner Mitchell), and the hand set when the deals are known. The
    totals are the field's, before any procedural penalty (USEBIO has no element for
    one)."""
    played = {key: Played(None if e.contract is None else replace(e.contract, declarer=None),
                          e.contract is None and e.adjusted is None, e.declarer, e.lead,
                          e.tricks)
              for key, e in _entries(session).items()}
    deals = {n: b.deal for n, b in session.boards.items()
             if b.deal is not None and b.deal.is_complete}
    event = from_pairs_score(session.score.field, config=session.config, played=played,
                             deals=deals, players=_players(session), club=club,
                             description=session.title)
    return usebio_dumps(event)


def _decimal(value: Fraction | None) -> Cell:
    if value is None:
        return None
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _score_rows(session: ScoredSession) -> dict[int, list[Sequence[Cell]]]:
    entries = _entries(session)
    rows: dict[int, list[Sequence[Cell]]] = {}
    for board, lines in travellers(session.score.field).items():
        for line in lines:
            r = line.result
            entry = entries.get((r.board, r.ns, r.ew))
            contract: Cell = None
            declarer: Cell = None
            tricks: Cell = None
            lead: Cell = None
            if isinstance(r.score, Artificial | Mixed):
                score: Cell = QuotedText(code_of(r.score) if isinstance(r.score, Artificial)
                                         else mixed_text(r.score))
            else:
                score = r.score if isinstance(r.score, int) else None
                if entry is not None and not r.assigned:
                    if entry.contract is None:
                        contract = "Pass"
                    else:
                        contract = str(replace(entry.contract, declarer=None))
                        declarer = None if entry.declarer is None else entry.declarer.letter
                        tricks = entry.tricks
                        lead = None if entry.lead is None else str(entry.lead)
            rows.setdefault(board, []).append(
                (int(r.ns) if r.ns.isdigit() else QuotedText(r.ns),
                 int(r.ew) if r.ew.isdigit() else QuotedText(r.ew),
                 contract, declarer, tricks, lead, score, _decimal(line.ns),
                 _decimal(line.ew), _decimal(line.ns_percentage),
                 _decimal(line.ew_percentage)))
    return rows


def _total_rows(session: ScoredSession) -> list[Sequence[Cell]]:
    groups = session.score.rankings
    direction = ("NS", "EW") if len(groups) == 2 else ("",) * len(groups)
    rows: list[Sequence[Cell]] = []
    for side, group in zip(direction, groups, strict=True):
        places = [r.place for r in group]
        for r in group:
            rank: Cell = r.place if places.count(r.place) == 1 else QuotedText(f"{r.place}=")
            rows.append((rank, int(r.contestant) if r.contestant.isdigit() else
                         QuotedText(r.contestant), side or None, _decimal(r.total),
                         _decimal(r.percentage), QuotedText(session.name_of(r.contestant))))
    return rows


def pbn_file(session: ScoredSession) -> PbnFile:
    """One game per board with its deal and ``ScoreTable``; the first game also carries
    the ranking (``TotalScoreTable``)."""
    records = [BoardRecord(b.number, b.dealer, b.vulnerability, b.deal, event=session.title)
               for _, b in sorted(session.boards.items())
               if b.deal is not None and b.deal.is_complete]
    known = {r.board for r in records}
    rows = _score_rows(session)
    games = []
    for game, record in zip(from_records(records).games, records, strict=True):
        tags = list(game.tags)
        if record.board in rows:
            tags.append(table_tag(make_table("ScoreTable", SCORE_COLUMNS, rows[record.board])))
        games.append(Game(tuple(tags)))
    missing = sorted(set(rows) - known)
    if missing:
        raise ValueError(msg("boards {boards}: no deal known, so no PBN game to carry their "
                             "results", boards=", ".join(map(str, missing))))
    if games:
        total = table_tag(make_table("TotalScoreTable", TOTAL_COLUMNS, _total_rows(session)))
        games[0] = Game((*games[0].tags, total))
    return PbnFile(tuple(games))


@translated
def pbn_bytes(session: ScoredSession, encoding: str = "iso-8859-1") -> bytes:
    """The PBN file in ``encoding`` (ISO-8859-1, the standard's, by default; or UTF-8).
    A character the encoding cannot hold is a ValueError naming it and the line."""
    if encoding.lower().replace("_", "-") not in (*ENCODINGS, "latin-1", "latin1", "utf8"):
        raise ValueError(msg("PBN is written in iso-8859-1 or utf-8, not {encoding}",
                             encoding=encoding))
    text = dumps(pbn_file(session))
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as error:
        line = text.count("\n", 0, error.start) + 1
        bad = text[error.start:error.end]
        raise ValueError(msg("PBN line {line}: {char} is not in {encoding}; "
                             "export with --encoding utf-8", line=line, char=repr(bad),
                             encoding=encoding)) from None
