"""Law 79B: the Director is called about the number of tricks won after the end of the
round, when the four hands are long back in the board.

2017 79B3: he may change the score of both sides only if he is clearly convinced by the
result obtained at the table; otherwise he keeps the recorded score or reduces one side's
score without increasing the other's. 2007 79B2 (its second sentence): he rules under
79C or Law 87, but he is not obliged to increase either side's score. In both editions,
then, unless the Director answers otherwise, only the side whose score goes down is
scored on the result he finds; the other keeps the recorded score, and the two need not
balance (a split score, ``dupbridge.scoring.Split``: North-South +420, East-West -450).

Whether he is convinced is judgement: a question with the default the law gives (no).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.ruling import Question
from dupbridge.scoring.results import Split

CLEARLY_CONVINCED = "clearly-convinced"
"""Question id: after the end of the round, may both sides' scores change?"""


def late_clause(edition: Edition) -> LawRef:
    """Where each edition says it: the second sentence of 2007 79B2, 2017 79B3."""
    return ref(edition, "79B2" if edition is Edition.LAWS_2007 else "79B3")


@law("79B2", editions=LAWS_2007, title="Called after the round: no obligation to increase",
     asks=(CLEARLY_CONVINCED,))
@law("79B3", editions=LAWS_2017, title="Called after the round: both sides only if convinced",
     asks=(CLEARLY_CONVINCED,))
def late_question(edition: Edition) -> Question:
    """The Director's judgement, default no: 2017 79B3 changes both sides only if he is
    clearly convinced; 2007 79B2 never obliges him to increase a side's score."""
    prompt = (msg("79B2: the Director was called after the end of the round; he need not "
                  "increase either side's score. Score both sides on the result found?")
              if edition is Edition.LAWS_2007 else
              msg("79B3: the Director was called after the end of the round. Is he clearly "
                  "convinced by the result obtained at the table, so that both sides' scores "
                  "change?"))
    return Question(CLEARLY_CONVINCED, prompt, late_clause(edition), False)


@dataclass(frozen=True, slots=True)
class LateCorrection:
    """The score a late disagreement on the tricks ends in, both in North-South points:
    ``ns`` for North-South, ``ew`` for East-West (equal unless the score is split)."""

    law: LawRef
    ns: int
    ew: int

    @property
    def split(self) -> bool:
        return self.ns != self.ew

    @property
    def score(self) -> int | Split:
        return Split(self.ns, self.ew) if self.split else self.ns


def late_correction(edition: Edition, recorded_ns: int, found_ns: int,
                    convinced: bool) -> LateCorrection:
    """The recorded score (``recorded_ns``) against the one the Director finds the tricks
    won make (``found_ns``), both North-South points. Convinced: both sides are scored on
    the result found. Not convinced: the side it lowers takes it and the other keeps the
    recorded score (79B3: reduce one side without increasing the other's; 2007 79B2: not
    obliged to increase)."""
    clause = late_clause(edition)
    if convinced:
        return LateCorrection(clause, found_ns, found_ns)
    # North-South's score falls when their points fall; East-West's when they rise.
    ns = min(recorded_ns, found_ns)
    ew = max(recorded_ns, found_ns)
    return LateCorrection(clause, ns, ew)


__all__ = ["CLEARLY_CONVINCED", "LateCorrection", "late_clause", "late_correction",
           "late_question"]
