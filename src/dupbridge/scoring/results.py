"""What a scorer receives for one table on one board: a table result, or the Director's
adjusted score (Law 12), for each direction.

The model keeps the two directions apart because the Laws do: an artificial adjusted
score is awarded per contestant according to its fault (12C2(a)), and adjusted scores
need not balance (2007 12C1(f); 2017 12C1(e), 11A, 82C, 86B2). Scores are North-South
points throughout; East-West's are their negation.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction


class Fault(Enum):
    """A contestant's responsibility for a board on which no result could be obtained
    (12C2(a)): it decides between average minus, average and average plus."""

    DIRECTLY = "directly"  # average minus: at most 40 % (pairs), -3 IMPs (12C2(b))
    PARTLY = "partly"  # average: 50 %
    NONE = "none"  # average plus: at least 60 %, +3 IMPs


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score (12A2, 12C2): no result stands on the board; each
    side is scored by its own fault. It is not a result for Law 78A: the other tables
    are compared among themselves (spec errata A-1).

    ``ns_percent`` / ``ew_percent``, when given, are the percentages the Director states
    for that side (A70/70, A60/0, 40 %/60 %: 12C2 sets bounds, a Regulating Authority
    or a Director may award other figures); the fault then only records how the side is
    regarded (more than 50: not at fault), and a matchpoint field values the side at that
    percentage of the board's top. Without them the fault's value comes from the profile."""

    ns: Fault
    ew: Fault
    ns_percent: Fraction | None = None
    ew_percent: Fraction | None = None

    @staticmethod
    def of_percentages(ns: Fraction, ew: Fraction) -> Artificial:
        """Stated percentages, each side's fault read from its figure."""
        for value in (ns, ew):
            if not 0 <= value <= 100:
                raise ValueError(f"an artificial score is a percentage from 0 to 100, "
                                 f"not {value}")
        return Artificial(fault_of_percentage(ns), fault_of_percentage(ew), ns, ew)

    def percent(self, north_south: bool) -> Fraction | None:
        return self.ns_percent if north_south else self.ew_percent


def fault_of_percentage(value: Fraction) -> Fault:
    """How a side awarded ``value`` percent is regarded: above average not at fault, at
    average partly, below directly (12C2(a)'s three figures)."""
    return Fault.NONE if value > 50 else Fault.PARTLY if value == 50 else Fault.DIRECTLY


@dataclass(frozen=True, slots=True)
class Outcome:
    """One possible result in a weighted assigned score (12C1(c)), in North-South points,
    with its weight. 2017 12C1(c) admits only outcomes that could have been reached
    legally, so the Director states it for each one."""

    score: int
    weight: Fraction
    legally_achievable: bool = True


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted assigned adjusted score (12C1(c)): the outcomes stand in for the table
    result, each with its weight (spec errata B-3); the weights sum to 1."""

    outcomes: tuple[Outcome, ...]

    def __post_init__(self) -> None:
        if not self.outcomes:
            raise ValueError("a weighted score needs at least one outcome (12C1(c))")
        total = sum((o.weight for o in self.outcomes), Fraction(0))
        if total != 1:
            raise ValueError(f"the weights of a weighted score must sum to 1, not {total}")
        if any(o.weight <= 0 for o in self.outcomes):
            raise ValueError("every weight of a weighted score must be positive")


# A direction's score: points (a table result, or an assigned score, which replaces the
# table result, 12C1(a)) or a weighted assigned score.
DirectionScore = int | Weighted


@dataclass(frozen=True, slots=True)
class Split:
    """Adjusted scores that do not balance: North-South are scored on ``ns`` and East-West
    on ``ew`` (both in North-South points). Each direction's comparisons with the field
    use that direction's score (spec errata B-3, the stated default)."""

    ns: DirectionScore
    ew: DirectionScore


@dataclass(frozen=True, slots=True)
class Mixed:
    """An artificial adjusted score for one side and an assigned one for the other: when
    the outcomes are too many or too unclear to assign one to a side (12C1(d)) the
    Director may give that side an artificial score (12C2) while the other keeps the
    assigned score he can name (12C1(a)); the two need not balance (2007 12C1(f)).

    ``artificial_ns``: North-South are the side scored artificially. ``fault`` and
    ``percent`` are that side's, as in ``Artificial``; ``assigned`` is the other side's
    score in North-South points (a result, or a weighted score). The artificial side's
    direction has no result on this table for Law 78A (errata A-1); the other direction
    compares the assigned score with its field, as a split score does."""

    artificial_ns: bool
    fault: Fault
    assigned: int | Weighted
    percent: Fraction | None = None

    def __post_init__(self) -> None:
        if self.percent is not None and not 0 <= self.percent <= 100:
            raise ValueError(f"an artificial score is a percentage from 0 to 100, not "
                             f"{self.percent}")

    def artificial(self) -> Artificial:
        """The artificial side's score as an ``Artificial`` (both faults its own; only the
        artificial side's half is read)."""
        return Artificial(self.fault, self.fault, self.percent, self.percent)


Score = int | Weighted | Split | Artificial | Mixed


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One table's result on one board: who sat North-South and East-West (pair or team
    identifiers as the event names them) and the score. ``assigned`` marks a score in
    points that the Director assigned (12C1(a)) rather than one obtained in play: the
    12C2(c) session rule may leave assigned scores out of "the other boards" (a weighted
    or split score is assigned by nature)."""

    board: int
    ns: str
    ew: str
    score: Score
    assigned: bool = False

    def ns_score(self) -> Score:
        """The score North-South are compared on."""
        if isinstance(self.score, Split):
            return self.score.ns
        if isinstance(self.score, Mixed):
            return self.score.artificial() if self.score.artificial_ns else self.score.assigned
        return self.score

    def ew_score(self) -> Score:
        """The score East-West are compared on (still in North-South points)."""
        if isinstance(self.score, Split):
            return self.score.ew
        if isinstance(self.score, Mixed):
            return self.score.assigned if self.score.artificial_ns else self.score.artificial()
        return self.score
