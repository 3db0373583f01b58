"""Law 12C1, 12C3: assigned and weighted assigned adjusted scores, split scores, the
serious-error / gambling-action rule, the 2007 12C1(e) alternative, individual events.

The Director's judgements (the outcomes, their weights, who erred) come in as data; this
module only turns them into values. Scores are North-South points; a ``Scorer`` turns
points into one direction's matchpoints or IMPs on this board (against the field, or the
other table), so the module works for pairs and teams alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Generic, TypeVar

from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.core.seats import Side
from dupbridge.scoring.law12_adjusted import (
    LAWS_2007,
    LAWS_2017,
    WBF_DEFAULTS,
    AdjustedScoreError,
    Law12Config,
    WeightedArithmetic,
)
from dupbridge.scoring.results import (
    Artificial,
    DirectionScore,
    Fault,
    Mixed,
    Outcome,
    Score,
    Split,
    Weighted,
)

Scorer = Callable[[Fraction], Fraction]
"""North-South points -> one direction's value on the board (matchpoints or IMPs)."""

T = TypeVar("T")


def _describe(outcome: Outcome) -> str:
    return f"{outcome.score:+d} (weight {outcome.weight})"


@law("12C1(a)", title="Assigned score replaces the table result")
def assigned_value(score: int, scorer: Scorer) -> Fraction:
    """12C1(a): an assigned adjusted score replaces the table result, so it is scored
    exactly as a table result would be."""
    return scorer(Fraction(score))


def check_weighting(weighted: Weighted, edition: Edition, config: Law12Config) -> None:
    """Refuse a weighting the edition or the Regulating Authority does not allow."""
    config.check(edition)
    if edition is Edition.LAWS_2017:
        refused = [o for o in weighted.outcomes if not o.legally_achievable]
        if refused:
            names = ", ".join(_describe(o) for o in refused)
            raise AdjustedScoreError(
                f"2017 12C1(c): only outcomes that could have been reached legally may be "
                f"weighted; not legally achievable: {names}"
            )
    elif config.forbid_weighting and len(weighted.outcomes) > 1:
        raise AdjustedScoreError(
            "2007 12C1(c): the Regulating Authority forbids weighted assigned scores"
        )


@law("12C1(c)", title="Weighted assigned adjusted score")
def weighted_value(
    weighted: Weighted,
    scorer: Scorer,
    *,
    edition: Edition,
    config: Law12Config = WBF_DEFAULTS,
) -> Fraction:
    """12C1(c): the value of a weighted assigned score, exact. By default each outcome is
    scored and the results are weighted ("converted", spec Q3); with "raw" the points are
    weighted and their mean scored once (the scorer then meets non-multiples of 10, Q4)."""
    check_weighting(weighted, edition, config)
    if config.weighted_arithmetic is WeightedArithmetic.RAW:
        mean = sum((o.weight * o.score for o in weighted.outcomes), Fraction(0))
        return scorer(mean)
    return sum((o.weight * scorer(Fraction(o.score)) for o in weighted.outcomes), Fraction(0))


def direction_value(
    score: DirectionScore,
    scorer: Scorer,
    *,
    edition: Edition,
    config: Law12Config = WBF_DEFAULTS,
) -> Fraction:
    """One direction's value of a table result, an assigned or a weighted score."""
    if isinstance(score, Weighted):
        return weighted_value(score, scorer, edition=edition, config=config)
    return assigned_value(score, scorer)


def adjusted_values(
    score: Score,
    ns_scorer: Scorer,
    ew_scorer: Scorer,
    *,
    edition: Edition,
    config: Law12Config = WBF_DEFAULTS,
) -> tuple[Fraction, Fraction]:
    """(North-South, East-West) values of a board's score: each direction is scored on
    its own score when they are split (12C1(f) 2007; spec errata B-3)."""
    if isinstance(score, Artificial):
        raise AdjustedScoreError("an artificial score has no points: use artificial_scores")
    if isinstance(score, Mixed):
        raise AdjustedScoreError("a mixed score's artificial side has no points: score "
                                 "the field with score_pairs")
    ns, ew = (score.ns, score.ew) if isinstance(score, Split) else (score, score)
    return (
        direction_value(ns, ns_scorer, edition=edition, config=config),
        direction_value(ew, ew_scorer, edition=edition, config=config),
    )


@law("12C1(f)", editions=LAWS_2007, title="Sides' scores need not balance")
def split_score(ns: DirectionScore, ew: DirectionScore) -> Split:
    """2007 12C1(f): the two sides' adjusted scores need not balance: -200 to one side
    does not force +200 to the other. Both are North-South points. (2017 has no such
    sentence, but non-balancing scores still arise through 12C1(e), 11A, 82C, 86B2.)"""
    return Split(ns, ew)


@law("12C1(d)", title="Artificial score for one side, assigned for the other")
@law("12C1(a)", title="Assigned score replaces the table result")
@law("12C1(f)", editions=LAWS_2007, title="Sides' scores need not balance")
def mixed_score(artificial_side: Side, fault: Fault, assigned: int | Weighted,
                percent: Fraction | None = None) -> Mixed:
    """An artificial adjusted score (12C2(a): by ``fault``, or the ``percent`` the Director
    states) for ``artificial_side``, whose possible outcomes are too many or too unclear
    to assign one (12C1(d)), and the ``assigned`` score (North-South points) for the other
    side, which replaces its table result (12C1(a)). The two need not balance (2007
    12C1(f); in 2017 non-balancing scores remain through 12C1(e), 11A, 82C, 86B2)."""
    return Mixed(artificial_side is Side.NS, fault, assigned, percent)


_SPLIT = re.compile(r"^NS\s*([+-]?\d+)\s*/\s*EW\s*([+-]?\d+)$", re.IGNORECASE)


def split_text(split: Split) -> str:
    """A split score in points as each side reads its own: ``NS +420 / EW -450``
    (North-South scored +420, East-West -450, that is North-South points 420 and 450)."""
    if not isinstance(split.ns, int) or not isinstance(split.ew, int):
        raise AdjustedScoreError("only a split score in points is written as text")
    return f"NS {split.ns:+d} / EW {-split.ew:+d}"


def read_split(text: str) -> Split:
    """``split_text``'s inverse: ``NS +420 / EW -450``; a clear ValueError otherwise."""
    match = _SPLIT.match(text.strip())
    if match is None:
        raise ValueError(f"a split score is written as each side's score, such as "
                         f"'NS +420 / EW -450', not {text!r}")
    ns, ew = int(match[1]), int(match[2])
    return Split(ns, -ew)


class SelfInflicted(Enum):
    """Why the non-offending side contributed to its own damage."""

    SERIOUS_ERROR = "serious error"  # unrelated to the infraction
    WILD_ACTION = "wild action"  # 2007 only: 2017 dropped "wild" (errata C-4)
    GAMBLING_ACTION = "gambling action"  # 2017: one it might hope to recover by rectification


@law("12C1(e)(ii)", editions=LAWS_2017, title="No relief for self-inflicted damage")
@law("12C1(e)(i)", editions=LAWS_2017, title="Offenders keep the score of their infraction")
@law("12C1(e)", editions=LAWS_2017, title="Non-offenders' serious error or gamble")
@law("12C1(b)", editions=LAWS_2007, title="Non-offenders' serious error or gamble")
def self_inflicted_damage(
    offending: Side,
    infraction_alone: DirectionScore,
    non_offending_score: DirectionScore,
    reason: SelfInflicted,
    *,
    edition: Edition,
) -> Split:
    """2007 12C1(b) / 2017 12C1(e): the non-offending side contributed to its damage by a
    serious error unrelated to the infraction, or by a wild (2007) or gambling action. The
    offending side gets the score its infraction alone would have produced; the
    non-offending side gets no relief for the self-inflicted part: ``non_offending_score``
    is the Director's finding of what it keeps. The result is a split score."""
    if reason is SelfInflicted.WILD_ACTION and edition is Edition.LAWS_2017:
        raise AdjustedScoreError("2017 12C1(e) has no 'wild action': a gambling action only")
    if offending is Side.NS:
        return Split(ns=infraction_alone, ew=non_offending_score)
    return Split(ns=non_offending_score, ew=infraction_alone)


@law("12C1(e)(ii)", editions=LAWS_2007, title="Offenders: most unfavourable probable result")
@law("12C1(e)(i)", editions=LAWS_2007, title="Non-offenders: most favourable likely result")
@law("12C1(e)", editions=LAWS_2007, title="Regulator's alternative to weighting")
def most_favourable_alternative(
    non_offending: Side,
    likely: Sequence[int],
    at_all_probable: Sequence[int],
    *,
    edition: Edition,
    config: Law12Config = WBF_DEFAULTS,
) -> Split:
    """2007 12C1(e), when the Regulating Authority adopts it in place of weighting: the
    non-offending side gets the most favourable result that was likely had the
    irregularity not occurred (i); the offending side the most unfavourable result that
    was at all probable (ii). Results in North-South points; the split need not balance
    (12C1(f)). On one board, more points are better for a side in MP and IMPs alike."""
    if edition is not Edition.LAWS_2007:
        raise AdjustedScoreError("the 12C1(e) alternative exists only in the 2007 Laws")
    if not config.alternative_12C1e:
        raise AdjustedScoreError(
            "the Regulating Authority has not adopted 2007 12C1(e): weighting (12C1(c)) applies"
        )
    if not likely or not at_all_probable:
        raise AdjustedScoreError("12C1(e) needs the likely and the at-all-probable results")
    nos_sign = 1 if non_offending is Side.NS else -1
    nos = max(likely, key=lambda points: nos_sign * points)
    offenders = min(at_all_probable, key=lambda points: -nos_sign * points)
    if non_offending is Side.NS:
        return Split(ns=nos, ew=offenders)
    return Split(ns=offenders, ew=nos)


@dataclass(frozen=True, slots=True)
class IndividualAdjustment(Generic[T]):
    """12C3 / Law 89: an individual event's adjusted score for the offending side."""

    scores: tuple[tuple[str, T], ...]  # both members of the offending side
    procedural_penalty_liable: frozenset[str]  # never a partner in no way at fault


@law("89", title="Individual events: see 12C3")
@law("12C3", title="Individual events: both offenders adjusted")
def individual_adjustment(
    offending_side: tuple[str, str], score: T, at_fault: Collection[str]
) -> IndividualAdjustment[T]:
    """12C3: in an individual event the ruling and the adjusted score apply equally to
    both members of the offending side, even when only one caused the irregularity; but
    no procedural penalty goes to a partner the Director finds in no way at fault."""
    players = set(offending_side)
    if len(players) != 2:
        raise AdjustedScoreError("an offending side has two different players")
    unknown = set(at_fault) - players
    if unknown:
        raise AdjustedScoreError(f"not members of the offending side: {sorted(unknown)}")
    if not at_fault:
        raise AdjustedScoreError("at least one member of the offending side is at fault")
    return IndividualAdjustment(
        scores=tuple((player, score) for player in offending_side),
        procedural_penalty_liable=frozenset(at_fault),
    )
