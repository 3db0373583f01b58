"""USEBIO 1.2 results XML (EBU; facts file §4.11), shaped like ``json``: ``load`` /
``loads`` / ``dump`` / ``dumps``; ``to_records`` / ``from_records`` for ``dupbridge
convert``; ``from_pairs_score`` / ``from_teams_score`` build a file from a scored event.

The model is in ``usebio_model``, the reader in ``usebio_reader``, the writer in
``usebio_writer``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from dupbridge.core.board import Board
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats.record import BoardRecord
from dupbridge.formats.usebio_model import (
    EVENT_TYPES,
    Club,
    Field,
    HandsetBoard,
    LinePoints,
    Participant,
    Player,
    TravellerBoard,
    TravellerLine,
    UsebioEvent,
    artificial_code,
    parse_artificial,
)
from dupbridge.formats.usebio_reader import loads, parse_bytes
from dupbridge.formats.usebio_writer import dumps
from dupbridge.scoring.results import BoardResult

if TYPE_CHECKING:
    from dupbridge.scoring.field import FieldScore, PairsConfig
    from dupbridge.scoring.field_teams import TeamsScore

__all__ = [
    "EVENT_TYPES", "Club", "HandsetBoard", "LinePoints", "Participant", "Played", "Player",
    "TravellerBoard", "TravellerLine", "UsebioEvent", "artificial_code", "dump", "dumps",
    "from_pairs_score", "from_records", "from_teams_score", "load", "loads",
    "parse_artificial", "to_records",
]


def load(path: str | Path) -> UsebioEvent:
    """Read a USEBIO file (its declared encoding, UTF-8 by default)."""
    file = Path(path)
    return parse_bytes(file.read_bytes(), source=str(file))


def dump(event: UsebioEvent, path: str | Path) -> None:
    Path(path).write_text(dumps(event), encoding="utf-8")


# Board records


def to_records(event: UsebioEvent) -> list[BoardRecord]:
    """One record per traveller line (the hand set's deal and that table's result), and
    one for each dealt board nobody's traveller mentions. Dealer and vulnerability are
    not in USEBIO: they come from the board number (Law 2)."""
    names = {p.number: tuple(player.name for player in p.players) for p in event.participants}
    records: list[BoardRecord] = []
    for board in event.boards:
        for line in board.lines:
            records.append(_record(event, board.number, line, names))
    played = {board.number for board in event.boards if board.lines}
    for hands in event.handset:
        if hands.number not in played:
            records.append(_blank(event, hands.number))
    return records


def _blank(event: UsebioEvent, number: int) -> BoardRecord:
    board = Board(number)
    deal = event.deal(number) or Deal(None, None, None, None)
    return BoardRecord(number, board.dealer, board.vulnerability, deal,
                       event=event.description or "", date=event.date or "")


def _record(event: UsebioEvent, number: int, line: TravellerLine,
            names: Mapping[str, tuple[str, ...]]) -> BoardRecord:
    blank = _blank(event, number)
    ns, ew = names.get(line.ns, ()), names.get(line.ew, ())
    players = (_name(ns, 0), _name(ew, 0), _name(ns, 1), _name(ew, 1))
    return BoardRecord(
        blank.board, blank.dealer, blank.vulnerability, blank.deal, event=blank.event,
        date=blank.date, players=players, contract=line.declared,
        passed_out=line.passed_out, tricks=line.tricks,
        score_ns=line.score if isinstance(line.score, int) else None,
    )


def _name(names: tuple[str, ...], index: int) -> str:
    return names[index] if index < len(names) else ""


def from_records(records: Iterable[BoardRecord]) -> UsebioEvent:
    """A pairs event holding the records' deals and results; without pair numbers in a
    record, the n-th table of a board is pairs ``nNS`` and ``nEW``. A result with no
    score of its own is scored by Law 77 from the contract and tricks."""
    boards: dict[int, list[TravellerLine]] = {}
    deals: dict[int, Deal] = {}
    description = ""
    for record in records:
        description = description or record.event
        deals.setdefault(record.board, record.deal)
        lines = boards.setdefault(record.board, [])
        score = _record_score(record)
        if score is None:
            continue
        table = record.table or str(len(lines) + 1)
        contract = record.contract
        lines.append(TravellerLine(
            ns=f"{table}NS", ew=f"{table}EW", score=score,
            contract=None if contract is None else Contract(
                contract.level, contract.denomination, contract.doubled),
            passed_out=record.passed_out,
            played_by=None if contract is None else contract.declarer,
            lead=record.play[0] if record.play else None, tricks=record.tricks))
    header: tuple[Field, ...] = (("EVENT_DESCRIPTION", description),
                                 ("PROGRAM_NAME", "dupbridge"))
    return UsebioEvent(
        event_type="MP_PAIRS", header=header,
        boards=tuple(TravellerBoard(n, tuple(lines)) for n, lines in sorted(boards.items())),
        handset=tuple(HandsetBoard(n, deal) for n, deal in sorted(deals.items())
                      if any(deal[seat] is not None for seat in Seat)),
    )


def _record_score(record: BoardRecord) -> int | None:
    if record.score_ns is not None:
        return record.score_ns
    if record.passed_out:
        return 0
    contract = record.contract
    if contract is None or contract.declarer is None or record.tricks is None:
        return None
    points = contract.score(record.tricks, record.vulnerability.is_vulnerable(contract.declarer))
    return points if contract.declarer.side.value == "NS" else -points


# Scored events


@dataclass(frozen=True, slots=True)
class Played:
    """What the traveller says of a table beside its score: contract, declarer, opening
    lead, declarer's tricks."""

    contract: Contract | None = None
    passed_out: bool = False
    played_by: Seat | None = None
    lead: Card | None = None
    tricks: int | None = None


TableKey = tuple[int, str, str]
"""(board, North-South, East-West) as in ``BoardResult``."""

_PAIRS_TYPES = {"matchpoints": ("MP_PAIRS", "MATCH_POINTS"),
                "butler": ("BUTLER_PAIRS", "BUTLER_POINTS"),
                "cross-imps": ("CROSS_IMP", "CROSS_IMP_POINTS")}


def from_pairs_score(
    score: FieldScore,
    *,
    config: PairsConfig | None = None,
    played: Mapping[TableKey, Played] | None = None,
    deals: Mapping[int, Deal] | None = None,
    players: Mapping[str, Sequence[str]] | None = None,
    club: str = "",
    description: str = "",
) -> UsebioEvent:
    """A pairs event from ``score_pairs``'s result: each result becomes a traveller line
    with the pair's points (2 decimals), each pair a participant with its total,
    percentage (matchpoints) and place (``3=`` for ties; within each direction when every
    pair kept one direction, as a two-winner Mitchell). Butler boards carry the datum
    ``score_pairs`` used (``config`` must be the same)."""
    from dupbridge.scoring.field import PairsConfig

    chosen = config or PairsConfig()
    event_type, kind = _PAIRS_TYPES[score.method]
    details = played or {}
    lines: dict[int, list[TravellerLine]] = {}
    for i, result in enumerate(score.results):
        points = LinePoints(kind, _decimal(score.ns(i)), _decimal(score.ew(i)))
        lines.setdefault(result.board, []).append(
            _line(result, details.get((result.board, result.ns, result.ew)), points))
    directions = _directions(score.results)
    two_winners = all(d is not None for d in directions.values())
    participants = _pair_participants(score, directions, two_winners, players or {})
    header: list[Field] = [("EVENT_DESCRIPTION", description), ("PROGRAM_NAME", "dupbridge"),
                           ("WINNER_TYPE", "2" if two_winners else "1")]
    if score.method != "matchpoints":
        header.append(("SCORING_METHOD", "IMPS"))
    boards = tuple(
        TravellerBoard(n, tuple(board_lines), event_type=event_type,
                       average=_datum(board_lines, chosen) if score.method == "butler" else None)
        for n, board_lines in sorted(lines.items()))
    return UsebioEvent(
        event_type=event_type, club=Club((("CLUB_NAME", club),)) if club else None,
        header=tuple(header), participants=participants, participants_event_type=event_type,
        boards=boards, handset=_handset(deals or {}),
    )


def _line(result: BoardResult, played: Played | None, points: LinePoints) -> TravellerLine:
    details = played or Played()
    return TravellerLine(
        ns=result.ns, ew=result.ew, score=result.score, contract=details.contract,
        passed_out=details.passed_out, played_by=details.played_by, lead=details.lead,
        tricks=details.tricks, points=points)


def _decimal(value: Fraction) -> Decimal:
    if value.denominator == 1:
        return Decimal(value.numerator)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _directions(results: Iterable[BoardResult]) -> dict[str, str | None]:
    seen: dict[str, set[str]] = {}
    for result in results:
        seen.setdefault(result.ns, set()).add("NS")
        seen.setdefault(result.ew, set()).add("EW")
    return {pair: next(iter(sides)) if len(sides) == 1 else None for pair, sides in seen.items()}


def _pair_participants(score: FieldScore, directions: Mapping[str, str | None],
                       two_winners: bool, players: Mapping[str, Sequence[str]]
                       ) -> tuple[Participant, ...]:
    def key(pair: str) -> Fraction:
        total = score.pairs[pair]
        return total.percentage if total.percentage is not None else total.total

    groups: dict[str | None, list[str]] = {}
    for pair in score.pairs:
        groups.setdefault(directions.get(pair) if two_winners else None, []).append(pair)
    places: dict[str, str] = {}
    for members in groups.values():
        places.update(places_by(members, key))
    out = []
    for pair in sorted(score.pairs, key=_pair_order):
        total = score.pairs[pair]
        percentage = total.percentage
        out.append(Participant(
            kind="PAIR", number=pair, direction=directions.get(pair) if two_winners else None,
            total_score=_decimal(total.total),
            percentage=None if percentage is None else _decimal(percentage),
            place=places[pair],
            players=tuple(Player(name) for name in players.get(pair, ()))))
    return tuple(out)


def places_by(members: Sequence[str], key: Callable[[str], Fraction]) -> dict[str, str]:
    """Places from the highest ``key`` down; equal keys share a place written ``3=``."""
    values = [key(member) for member in members]
    places: dict[str, str] = {}
    for member, value in zip(members, values, strict=True):
        above = sum(1 for other in values if other > value)
        tied = values.count(value) > 1
        places[member] = f"{above + 1}{'=' if tied else ''}"
    return places


def _pair_order(pair: str) -> tuple[int, str]:
    digits = "".join(ch for ch in pair if ch.isdigit())
    return (int(digits) if digits else 0, pair)


def _datum(lines: Sequence[TravellerLine], config: PairsConfig) -> Decimal | None:
    from dupbridge.scoring.butler import butler_datum

    scores = [line.score for line in lines if isinstance(line.score, int)]
    if not scores:
        return None
    return _decimal(butler_datum(scores, config.butler_drop, config.butler_rounding))


def _handset(deals: Mapping[int, Deal]) -> tuple[HandsetBoard, ...]:
    return tuple(HandsetBoard(n, deal) for n, deal in sorted(deals.items()))


def from_teams_score(
    results: Sequence[BoardResult],
    score: TeamsScore,
    *,
    played: Mapping[TableKey, Played] | None = None,
    deals: Mapping[int, Deal] | None = None,
    players: Mapping[str, Sequence[str]] | None = None,
    names: Mapping[str, str] | None = None,
    club: str = "",
    description: str = "",
) -> UsebioEvent:
    """A teams event from ``score_teams``'s result and the table results it scored: each
    table is a traveller line between the teams seated North-South and East-West, with
    each team's IMPs on that board of the match (``NS_IMPS``/``EW_IMPS``); each team a
    participant with its total (victory points when the match was converted, else IMPs)
    and place."""
    imps: dict[tuple[int, str], Fraction] = {}
    for board in score.boards:
        imps[(board.board, board.home)] = board.home_imps
        imps[(board.board, board.away)] = board.away_imps
    details = played or {}
    lines: dict[int, list[TravellerLine]] = {}
    for result in results:
        points = LinePoints("IMPS", _decimal(imps[(result.board, result.ns)]),
                            _decimal(imps[(result.board, result.ew)]))
        lines.setdefault(result.board, []).append(
            _line(result, details.get((result.board, result.ns, result.ew)), points))
    totals = _team_totals(score)
    places = places_by(list(totals), lambda team: totals[team])
    team_names = names or {}
    participants = tuple(
        Participant(kind="TEAM", number=team, name=team_names.get(team),
                    total_score=_decimal(totals[team]), place=places[team],
                    players=tuple(Player(n) for n in (players or {}).get(team, ())))
        for team in sorted(totals, key=_pair_order))
    header: tuple[Field, ...] = (("EVENT_DESCRIPTION", description),
                                 ("PROGRAM_NAME", "dupbridge"), ("WINNER_TYPE", "1"),
                                 ("SCORING_METHOD", "IMPS"))
    return UsebioEvent(
        event_type="TEAMS", club=Club((("CLUB_NAME", club),)) if club else None,
        header=header, participants=participants, participants_event_type="TEAMS",
        boards=tuple(TravellerBoard(n, tuple(ls), event_type="TEAMS")
                     for n, ls in sorted(lines.items())),
        handset=_handset(deals or {}),
    )


def _team_totals(score: TeamsScore) -> dict[str, Fraction]:
    """Victory points when every match has them, else IMPs won minus IMPs lost."""
    if score.matches and all(m.home_vp is not None for m in score.matches):
        return {team: Fraction(vp) for team, vp in score.vp_totals.items()}
    totals: dict[str, Fraction] = {}
    for match in score.matches:
        totals[match.home] = totals.get(match.home, Fraction(0)) + match.home_imps - match.away_imps
        totals[match.away] = totals.get(match.away, Fraction(0)) + match.away_imps - match.home_imps
    return totals
