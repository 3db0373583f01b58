"""The static results site of a scored session, as values: the rankings (overall, or per
direction for a two-winner Mitchell), the travellers with each side's points and
percentage, and each pair's personal score card. The pages themselves are the web's
templates (``dupbridge.web.site`` renders and writes them, with the running-percentage
chart and the hand record): the app layer decides what a page says, never its markup."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from dupbridge.app.publication.scored_session import ScoredSession
from dupbridge.core.messages import Msg, msg
from dupbridge.scoring.results import Artificial, BoardResult, Mixed
from dupbridge.scoring.session import score_card, travellers
from dupbridge.tournament.results import Entry, code_of, mixed_text


@dataclass(frozen=True, slots=True)
class Played:
    """A table's result as a traveller prints it (the fields of a club night's ``Line``
    the result text reads): the contract without its declarer, the declarer's letter,
    the lead, the tricks, or the adjusted-score code the Director gave (Law 12C2)."""

    contract: str
    declarer: str
    lead: str
    tricks: int | None
    adjusted: str | None = None


@dataclass(frozen=True, slots=True)
class RankingRow:
    place: str  # "3=" when tied
    contestant: str
    name: str
    total: Fraction
    percentage: Fraction | None


@dataclass(frozen=True, slots=True)
class Ranking:
    title: Msg
    rows: tuple[RankingRow, ...]


@dataclass(frozen=True, slots=True)
class TravellerRow:
    """``played`` is None for an assigned score (12C1: the score column says it)."""

    ns: str
    ew: str
    played: Played | None
    score: int | None
    ns_points: Fraction
    ew_points: Fraction
    ns_percentage: Fraction | None
    ew_percentage: Fraction | None


@dataclass(frozen=True, slots=True)
class CardRow:
    round: int | None
    board: int
    direction: str
    opponents: str
    played: Played | None
    score: int | None
    points: Fraction
    percentage: Fraction | None
    total: Fraction


@dataclass(frozen=True, slots=True)
class ScoreCard:
    contestant: str
    label: str  # the pair's number and its players' names
    rows: tuple[CardRow, ...]


def rankings(session: ScoredSession) -> tuple[Ranking, ...]:
    """The ranking of each group the movement compares (two: North-South, East-West)."""
    groups = session.score.rankings
    titles = [msg("Overall")] if len(groups) == 1 else \
        [msg("North-South"), msg("East-West")] if len(groups) == 2 else \
        [msg("Group {number}", number=i + 1) for i in range(len(groups))]
    out = []
    for title, group in zip(titles, groups, strict=True):
        places = [r.place for r in group]
        out.append(Ranking(title, tuple(
            RankingRow(f"{r.place}{'=' if places.count(r.place) > 1 else ''}", r.contestant,
                       session.name_of(r.contestant), r.total, r.percentage)
            for r in group)))
    return tuple(out)


def board_travellers(session: ScoredSession) -> dict[int, tuple[TravellerRow, ...]]:
    """Per board, each table's result with both sides' values and percentages."""
    played = _played(session)
    return {board: tuple(
        TravellerRow(line.result.ns, line.result.ew, _as_played(played, line.result),
                     _score(line.result), line.ns, line.ew, line.ns_percentage,
                     line.ew_percentage) for line in lines)
            for board, lines in travellers(session.score.field).items()}


def score_cards(session: ScoredSession) -> tuple[ScoreCard, ...]:
    """Each pair's personal score card: its boards with opponents, score, value,
    percentage and running total."""
    played = _played(session)
    cards = []
    for contestant in sorted(session.score.field.pairs, key=_order):
        rows = []
        for line in score_card(session.score.field, contestant):
            r = line.result
            entry = played.get((r.board, r.ns, r.ew))
            rows.append(CardRow(None if entry is None else entry.round, line.board,
                                line.direction, line.opponents, _as_played(played, r),
                                _score(r), line.value, line.percentage, line.running_total))
        label = f"{contestant} {session.name_of(contestant)}".strip()
        cards.append(ScoreCard(contestant, label, tuple(rows)))
    return tuple(cards)


def _played(session: ScoredSession) -> dict[tuple[int, str, str], Entry]:
    return {(e.board, "-".join(map(str, e.ns)), "-".join(map(str, e.ew))): e
            for e in session.book.entries.values()}


def _as_played(played: dict[tuple[int, str, str], Entry], result: BoardResult
               ) -> Played | None:
    if isinstance(result.score, Artificial):
        return Played("", "", "", None, adjusted=code_of(result.score))
    if isinstance(result.score, Mixed):
        return Played("", "", "", None, adjusted=mixed_text(result.score))
    entry = played.get((result.board, result.ns, result.ew))
    if entry is None or result.assigned:  # an assigned score: the score column says it
        return None
    if entry.contract is None:
        return Played("PASS", "", "", None)
    return Played(str(replace(entry.contract, declarer=None)),
                  "" if entry.declarer is None else entry.declarer.letter,
                  "" if entry.lead is None else str(entry.lead), entry.tricks)


def _score(result: BoardResult) -> int | None:
    return result.score if isinstance(result.score, int) else None


def _order(contestant: str) -> tuple[int, str]:
    return (int(contestant) if contestant.isdigit() else 0, contestant)
