"""What a scorer publishes from a scored pairs field: travellers per board with
percentages, rankings overall or per direction (a two-winner Mitchell), tie-breaks,
personal score cards, and the totals of an individual event.

All of it reads a ``FieldScore`` (``score_pairs``) and returns frozen values; nothing here
imports NumPy or prints. Rankings use ``scoring.ranking`` (ties, tie-breaks, carry-over
are conditions of contest, 78D)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from dupbridge.scoring.ranking import RankingConfig, Standing, rank
from dupbridge.scoring.results import BoardResult

if TYPE_CHECKING:
    from dupbridge.scoring.field import FieldScore

Direction = Literal["NS", "EW"]


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table of a board's traveller: the result, each direction's value, and for
    matchpoints each direction's percentage of the board's top."""

    result: BoardResult
    ns: Fraction
    ew: Fraction
    top: Fraction | None
    ns_percentage: Fraction | None
    ew_percentage: Fraction | None


def _percentage(value: Fraction, top: Fraction | None) -> Fraction | None:
    return None if top is None or top <= 0 else 100 * value / top


def _top(score: FieldScore, i: int) -> Fraction | None:
    return score.top(i) if score.method == "matchpoints" else None


def travellers(score: FieldScore) -> dict[int, tuple[TravellerLine, ...]]:
    """Per board (in board order) its tables in input order, with values and percentages."""
    boards: dict[int, list[TravellerLine]] = {}
    for i, result in enumerate(score.results):
        top = _top(score, i)
        ns, ew = score.ns(i), score.ew(i)
        boards.setdefault(result.board, []).append(TravellerLine(
            result, ns, ew, top, _percentage(ns, top), _percentage(ew, top)))
    return {board: tuple(boards[board]) for board in sorted(boards)}


@dataclass(frozen=True, slots=True)
class ScoreCardLine:
    """One board of a contestant's personal score card: where it sat, against whom, the
    score, its value, the percentage (matchpoints) and the running total."""

    board: int
    direction: Direction
    opponents: str
    result: BoardResult
    value: Fraction
    top: Fraction | None
    percentage: Fraction | None
    running_total: Fraction


def score_card(score: FieldScore, contestant: str) -> tuple[ScoreCardLine, ...]:
    """A contestant's boards in board order (a contestant plays a board once, Law 15)."""
    tables = [(r.board, i) for i, r in enumerate(score.results) if contestant in (r.ns, r.ew)]
    if not tables:
        raise KeyError(f"{contestant!r} played no board of this field")
    lines: list[ScoreCardLine] = []
    total = Fraction(0)
    for board, i in sorted(tables):
        result = score.results[i]
        north_south = result.ns == contestant
        value = score.ns(i) if north_south else score.ew(i)
        total += value
        top = _top(score, i)
        lines.append(ScoreCardLine(board, "NS" if north_south else "EW",
                                   result.ew if north_south else result.ns, result, value,
                                   top, _percentage(value, top), total))
    return tuple(lines)


def directions(score: FieldScore) -> dict[str, Direction]:
    """Each contestant's direction: the one it sat in on most of its boards (a Mitchell
    pair's own direction, kept through an arrow switch of a minority of rounds). A pair
    that sat each direction equally often has none: pass ``direction_of`` yourself."""
    counts: dict[str, list[int]] = {}
    for result in score.results:
        counts.setdefault(result.ns, [0, 0])[0] += 1
        counts.setdefault(result.ew, [0, 0])[1] += 1
    out: dict[str, Direction] = {}
    for contestant, (ns, ew) in counts.items():
        if ns == ew:
            raise ValueError(f"{contestant!r} sat North-South and East-West equally often: "
                             "give its direction for a ranking per direction")
        out[contestant] = "NS" if ns > ew else "EW"
    return out


RankedOn = Literal["auto", "total", "percentage"]


def _key(score: FieldScore, on: RankedOn) -> Callable[[str], Fraction]:
    """What a contestant is ranked on: matchpoint pairs by percentage ("auto"; the tops
    differ when boards are played a different number of times), the others by total."""
    by_percentage = on == "percentage" or (on == "auto" and score.method == "matchpoints")

    def key(contestant: str) -> Fraction:
        total = score.pairs[contestant]
        if by_percentage:
            if total.percentage is None:
                raise ValueError(f"{contestant!r} has no percentage to be ranked on")
            return total.percentage
        return total.total

    return key


def ranking(
    score: FieldScore,
    *,
    by_direction: bool = False,
    direction_of: Mapping[str, Direction] | None = None,
    on: RankedOn = "auto",
    config: RankingConfig | None = None,
    carry_over: Mapping[str, Fraction] | None = None,
) -> dict[str, tuple[Standing, ...]]:
    """The ranking of the field: ``{"overall": ...}``, or with ``by_direction`` one ranking
    per direction (``{"NS": ..., "EW": ...}``, the two winners of a Mitchell), each
    contestant in the direction ``direction_of`` gives or it sat in most. Ties stand
    unless ``config`` breaks them (78D)."""
    key = _key(score, on)
    totals = {contestant: key(contestant) for contestant in score.pairs}
    if not by_direction:
        return {"overall": tuple(rank(totals, carry_over, config or RankingConfig()))}
    sides = dict(direction_of) if direction_of is not None else directions(score)
    out: dict[str, tuple[Standing, ...]] = {}
    for direction in ("NS", "EW"):
        members = {c: t for c, t in totals.items() if sides.get(c) == direction}
        carried = None if carry_over is None else {c: v for c, v in carry_over.items()
                                                   if c in members}
        out[direction] = tuple(rank(members, carried, config or RankingConfig()))
    return out


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    """An individual event's player (12C3, Law 89): the sum over its partnerships."""

    player: str
    boards: int
    total: Fraction
    available: Fraction | None

    @property
    def percentage(self) -> Fraction | None:
        if self.available is None or self.available == 0:
            return None
        return 100 * self.total / self.available


def individual_totals(
    score: FieldScore, players_of: Mapping[str, tuple[str, str]]
) -> dict[str, PlayerTotal]:
    """Each player's total in an individual event, where every partnership of the field
    (a ``BoardResult``'s ``ns`` or ``ew``) is two players, ``players_of[partnership]``:
    both members get the partnership's value on each board (12C3 adjusted scores apply
    equally to both, so they need no special case here)."""
    boards: dict[str, int] = {}
    totals: dict[str, Fraction] = {}
    available: dict[str, Fraction | None] = {}
    for i, result in enumerate(score.results):
        for partnership, value in ((result.ns, score.ns(i)), (result.ew, score.ew(i))):
            if partnership not in players_of:
                raise KeyError(f"board {result.board}: partnership {partnership!r} has no "
                               "players")
            top = _top(score, i)
            for player in players_of[partnership]:
                boards[player] = boards.get(player, 0) + 1
                totals[player] = totals.get(player, Fraction(0)) + value
                so_far = available.get(player, Fraction(0))
                available[player] = None if top is None or so_far is None else so_far + top
    return {p: PlayerTotal(p, boards[p], totals[p], available[p]) for p in sorted(boards)}


def individual_ranking(
    score: FieldScore,
    players_of: Mapping[str, tuple[str, str]],
    config: RankingConfig | None = None,
) -> tuple[Standing, ...]:
    """Players ranked on their percentage (matchpoints) or their total (IMPs, points)."""
    players = individual_totals(score, players_of)
    matchpoints = score.method == "matchpoints"
    totals: dict[str, Fraction] = {}
    for name, player in players.items():
        value = player.percentage if matchpoints else player.total
        if value is None:
            raise ValueError(f"player {name!r} has no percentage to be ranked on")
        totals[name] = value
    return tuple(rank(totals, config=config or RankingConfig()))
