"""Law 77: the duplicate bridge scoring table, one function per component.

Every function scores for the declaring side. The table is the same in 2007 and 2017.
It lives in core, beside the contract it scores, because ``Contract.score`` is the public
shortcut to it and core imports nothing above itself; it reads a contract through
``ScoredContract`` so that the contract module can import it, not the reverse.
"""

from __future__ import annotations

from typing import Protocol

from dupbridge.core.calls import Denomination, Doubled
from dupbridge.core.registry import law

GAME_THRESHOLD = 100
"""Law 77: a trick score of 100 or more on one board is a game, less is a part-score."""


class ScoredContract(Protocol):
    """What Law 77 reads of a contract (``dupbridge.core.contract.Contract``)."""

    @property
    def level(self) -> int: ...
    @property
    def denomination(self) -> Denomination: ...
    @property
    def doubled(self) -> Doubled: ...
    @property
    def tricks_needed(self) -> int: ...


@law("77", title="Duplicate bridge scoring table")
def multiplier(doubled: Doubled) -> int:
    """Law 77 trick points: doubled x2, redoubled x4."""
    return 1 << doubled


@law("77", title="Duplicate bridge scoring table")
def trick_value(denomination: Denomination, first: bool) -> int:
    """Law 77 undoubled value of one odd trick: minors 20, majors 30, no trump 40 then 30."""
    if denomination is Denomination.NOTRUMP:
        return 40 if first else 30
    return 30 if denomination.is_major else 20


@law("77", title="Duplicate bridge scoring table")
def trick_score(level: int, denomination: Denomination, doubled: Doubled) -> int:
    """Law 77: points for the odd tricks bid and made."""
    undoubled = trick_value(denomination, True) + (level - 1) * trick_value(denomination, False)
    return undoubled * multiplier(doubled)


@law("77", title="Duplicate bridge scoring table")
def overtrick_score(
    overtricks: int, denomination: Denomination, doubled: Doubled, vulnerable: bool
) -> int:
    """Law 77: undoubled at trick value; doubled 100/200, redoubled 200/400 each."""
    if doubled is Doubled.UNDOUBLED:
        return overtricks * trick_value(denomination, False)
    per_trick = 200 if vulnerable else 100
    return overtricks * per_trick * (2 if doubled is Doubled.REDOUBLED else 1)


@law("77", title="Duplicate bridge scoring table")
def insult_bonus(doubled: Doubled) -> int:
    """Law 77: 50 for making a doubled contract, 100 for a redoubled one."""
    return (0, 50, 100)[doubled]


@law("77", title="Duplicate bridge scoring table")
def game_or_partscore_bonus(trick_points: int, vulnerable: bool) -> int:
    """Law 77: game 300 not vulnerable / 500 vulnerable; any part-score 50."""
    if trick_points >= GAME_THRESHOLD:
        return 500 if vulnerable else 300
    return 50


@law("77", title="Duplicate bridge scoring table")
def slam_bonus(level: int, vulnerable: bool) -> int:
    """Law 77: small slam bid and made 500/750, grand slam 1000/1500."""
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


@law("77", title="Duplicate bridge scoring table")
def undertrick_penalty(undertricks: int, doubled: Doubled, vulnerable: bool) -> int:
    """Law 77 undertricks, a positive number the defenders score.

    Undoubled 50/100 each. Doubled not vulnerable 100, 200 for the 2nd and 3rd, 300 from
    the 4th; doubled vulnerable 200 then 300 each. Redoubled twice doubled.
    """
    if doubled is Doubled.UNDOUBLED:
        return undertricks * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (undertricks - 1)
    else:
        penalty = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return penalty * (2 if doubled is Doubled.REDOUBLED else 1)


@law("77", title="Duplicate bridge scoring table")
def contract_score(contract: ScoredContract, tricks: int, vulnerable: bool) -> int:
    """Law 77: the declaring side's score when declarer takes ``tricks`` of 13 (each score
    worked out once: a table scores every board it completes)."""
    key = (contract.level, contract.denomination, contract.doubled, contract.tricks_needed,
           tricks, vulnerable)
    score = _SCORES.get(key)
    if score is None:
        score = _SCORES[key] = _contract_score(contract, tricks, vulnerable)
    return score


_SCORES: dict[tuple[int, Denomination, Doubled, int, int, bool], int] = {}
"""``contract_score`` by contract, tricks and vulnerability: a few thousand at most."""


def _contract_score(contract: ScoredContract, tricks: int, vulnerable: bool) -> int:
    if not 0 <= tricks <= 13:
        raise ValueError(f"declarer takes 0 to 13 tricks, got {tricks}")
    shortfall = contract.tricks_needed - tricks
    if shortfall > 0:
        return -undertrick_penalty(shortfall, contract.doubled, vulnerable)
    points = trick_score(contract.level, contract.denomination, contract.doubled)
    return (
        points
        + game_or_partscore_bonus(points, vulnerable)
        + slam_bonus(contract.level, vulnerable)
        + insult_bonus(contract.doubled)
        + overtrick_score(-shortfall, contract.denomination, contract.doubled, vulnerable)
    )
