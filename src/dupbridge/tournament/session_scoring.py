"""A session scored from its book of results with ``dupbridge.scoring``: the movement
version as played, the Director's adjusted scores (Law 12) and procedural penalties
(Law 90) on the totals; a ranking for each group of contestants the movement compares
(one, or two for a Mitchell without arrow switch)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from dupbridge.core.board import Board
from dupbridge.scoring import score_pairs
from dupbridge.scoring.field import FieldScore, PairsConfig, PairsMethod
from dupbridge.scoring.penalties import ProceduralPenalty, apply_penalties
from dupbridge.scoring.ranking import rank
from dupbridge.scoring.results import BoardResult, Score
from dupbridge.tournament.balance import fields
from dupbridge.tournament.changes import expected_results
from dupbridge.tournament.movement import Movement
from dupbridge.tournament.results import DIRECTOR, Book, adjusted_code, ns_points


@dataclass(frozen=True, slots=True)
class Ranked:
    place: int
    contestant: str
    total: Fraction
    percentage: Fraction | None


@dataclass(frozen=True, slots=True)
class SessionScore:
    field: FieldScore
    totals: dict[str, Fraction]
    rankings: tuple[tuple[Ranked, ...], ...]  # one per winner group


def board_results(book: Book, boards: Mapping[int, Board],
                  adjusted: Mapping[tuple[int, int, int], Score] | None = None
                  ) -> list[BoardResult]:
    """Every recorded result as the scorer takes it (North-South points, or the adjusted
    score the Director gave in its place, keyed by round, table and board)."""
    chosen = dict(adjusted or {})
    results = []
    for key, entry in sorted(book.entries.items()):
        ns, ew = "-".join(map(str, entry.ns)), "-".join(map(str, entry.ew))
        if key in chosen:
            score: Score = chosen[key]
        elif entry.adjusted is not None:
            score = adjusted_code(entry.adjusted)
        else:
            score = ns_points(entry, boards[entry.board])
        results.append(BoardResult(entry.board, ns, ew, score, assigned=key in chosen))
    return results


def awaiting_director(book: Book, adjusted: Mapping[tuple[int, int, int], Score] | None = None
                      ) -> Book:
    """The book without its "TD" lines the Director has not scored yet (no adjusted score
    recorded for them): they are not results until then."""
    chosen = adjusted or {}
    waiting = {key for key, e in book.entries.items()
               if e.adjusted is not None and e.adjusted.strip().upper() == DIRECTOR
               and key not in chosen}
    if not waiting:
        return book
    return replace(book, entries={k: e for k, e in book.entries.items() if k not in waiting})


def score_session(movement: Movement, book: Book, boards: Mapping[int, Board], *,
                  method: PairsMethod = "matchpoints", config: PairsConfig | None = None,
                  adjusted: Mapping[tuple[int, int, int], Score] | None = None,
                  penalties: Iterable[ProceduralPenalty] = ()) -> SessionScore:
    """Score the session and rank each group of contestants the movement compares. The
    factoring target is the movement's full field (a late pair's missing boards are
    factored up)."""
    base = config or PairsConfig()
    if base.expected is None:
        base = replace(base, expected=expected_results(movement))
    book = awaiting_director(book, adjusted)
    field = score_pairs(board_results(book, boards, adjusted), method, base)
    totals = {name: t.total for name, t in field.pairs.items()}
    totals = {k: Fraction(v) for k, v in apply_penalties(totals, penalties).items()}
    groups = [{str(c) for c in group} for group in fields(movement)]
    rankings = tuple(_rank(totals, field, group) for group in groups)
    return SessionScore(field, totals, rankings)


def _rank(totals: Mapping[str, Fraction], field: FieldScore, group: set[str]
          ) -> tuple[Ranked, ...]:
    """By percentage where there is one (pairs may have played different numbers of
    boards), else by total; equal values share a place."""
    def value(name: str) -> Fraction:
        pair = field.pairs[name]
        if pair.available:
            return 100 * totals[name] / pair.available
        return totals[name]

    # Places and shared places ("3=") come from scoring.rank; here only what is ranked on.
    standings = rank({name: value(name) for name in totals if name in group})
    return tuple(
        Ranked(int(standing.place.rstrip("=")), standing.contestant, totals[standing.contestant],
               value(standing.contestant) if field.pairs[standing.contestant].available
               else None)
        for standing in standings)
