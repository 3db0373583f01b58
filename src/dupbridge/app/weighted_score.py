"""A weighted assigned adjusted score (Law 12C1(c)) as the club writes it: each result the
Director weighs, with its percentage, ``60% 3H S 9, 40% 4H S 8`` (60 % of 3♥ by South
making nine, 40 % of 4♥ by South one down), the percentages summing to 100.

The ruling session writes it so (``ruling_session.given_score`` reads it in the Director's
words) and the club reads it back into ``scoring.results.Weighted``, the outcomes in
North-South points with their weights, which the scoring layer scores (converted or raw
arithmetic, ``scoring.field_rows``). Whether the edition and the Regulating Authority allow
weighting is asked of ``weighting_refused``: 2017 12C1(c) always (the Director weighs only
results that could have been reached legally: he states them so by giving them), 2007
12C1(c) unless the Regulating Authority forbids it or applies 12C1(e) instead."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.core.board import Board
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.scoring.board_score import ns_score
from dupbridge.scoring.results import Outcome, Weighted
from dupbridge.tournament.results import ResultRejected

_PART = re.compile(r"^(\d{1,3})\s*%\s*(.+)$")


@dataclass(frozen=True, slots=True)
class WeightedPart:
    """One weighed result: its percentage, the assigned result (``3H S 9``; ``PASS``) and
    North-South's points for it."""

    percent: int
    text: str
    points: int


def is_weighted(text: str) -> bool:
    """Whether ``text`` is written as a weighted score (its results with percentages)."""
    return "%" in text


def split_parts(text: str) -> list[tuple[int, str]]:
    """``60% 3H S 9, 40% 4H S 8`` (or ``60% 3H S 9 + 40% 4H S 8``, as scorers' files write
    it) as its (percentage, result) pairs, in the order written; a ValueError when a part
    has no percentage before its result."""
    parts = []
    for written in re.split(r"[,+]", text):
        match = _PART.match(written.strip())
        if match is None:
            raise ValueError(f"a weighted score is written '60% 3H S 9, 40% 4H S 8', "
                             f"not {text!r}")
        parts.append((int(match[1]), " ".join(match[2].split())))
    return parts


def weights_refused(percents: list[int]) -> Msg | None:
    """Why these percentages weigh no score: each a share of the whole, summing to 100."""
    if any(percent <= 0 for percent in percents):
        return msg("each result of a weighted score has a percentage above 0")
    total = sum(percents)
    if total != 100:
        return msg("the percentages of a weighted score sum to 100, not {total}", total=total)
    return None


def weighting_refused(regulations: Regulations) -> Msg | None:
    """Why the edition and the Regulating Authority allow no weighted score (2007
    12C1(c): the Regulating Authority may forbid it, or apply 12C1(e) in its place); None
    when they allow one (always in 2017)."""
    if regulations.edition is not Edition.LAWS_2007:
        return None
    if not regulations.option("weighted_scores_allowed"):
        return msg("{profile}: the Regulating Authority does not allow weighted scores "
                   "(2007 Law 12C1(c))", profile=regulations.name)
    if regulations.option("law_12c1e_applies"):
        return msg("{profile}: the Regulating Authority applies 2007 Law 12C1(e) in place "
                   "of weighted scores", profile=regulations.name)
    return None


def result_points(board: Board, text: str) -> int:
    """North-South's points of one assigned result written ``4S N 10`` or ``PASS``."""
    words = text.split()
    if len(words) == 1 and words[0].upper() in ("PASS", "P", "AP"):
        return 0
    if len(words) != 3 or not words[2].isdigit() or int(words[2]) > 13:
        raise ValueError(f"an assigned result is written as contract, declarer and tricks "
                         f"(4S N 10) or PASS, not {text!r}")
    return ns_score(board, Contract.parse(words[0]), Seat.parse(words[1]), int(words[2]))


def read_parts(text: str, board: Board) -> tuple[WeightedPart, ...]:
    """The weighed results of ``text`` (the club's writing), each with its points;
    ``ResultRejected`` when the percentages do not sum to 100."""
    parts = tuple(WeightedPart(percent, result, result_points(board, result))
                  for percent, result in split_parts(text))
    refused = weights_refused([part.percent for part in parts])
    if refused is not None:
        raise ResultRejected(refused)  # said in the reader's language
    return parts


def weighted_of(parts: tuple[WeightedPart, ...]) -> Weighted:
    """The scoring layer's weighted score: each result's North-South points at its weight
    (legally achievable: the Director gave it as one)."""
    return Weighted(tuple(Outcome(part.points, Fraction(part.percent, 100))
                          for part in parts))


def read_weighted(text: str, board: Board) -> Weighted:
    """``60% 3H S 9, 40% 4H S 8`` as the scoring layer's ``Weighted``."""
    return weighted_of(read_parts(text, board))


def weighted_text(parts: tuple[WeightedPart, ...]) -> str:
    """How the club writes the weighted score (``read_parts``' inverse)."""
    return ", ".join(f"{part.percent}% {part.text}" for part in parts)


def mean_points(parts: tuple[WeightedPart, ...]) -> Fraction:
    """North-South's weighted mean of the points (what "raw" arithmetic scores)."""
    return sum((Fraction(part.percent, 100) * part.points for part in parts), Fraction(0))


def heaviest(parts: tuple[WeightedPart, ...]) -> WeightedPart:
    """The result of the greatest weight (the first written among equals)."""
    return max(parts, key=lambda part: part.percent)


__all__ = ["WeightedPart", "heaviest", "is_weighted", "mean_points", "read_parts",
           "read_weighted", "result_points", "split_parts", "weighted_of", "weighted_text",
           "weighting_refused", "weights_refused"]
