"""Law 90: procedural penalties, kept apart from the scores of the boards.

A procedural penalty (PP) is given "in addition to" any rectification (90A): it is a
line of its own, against a contestant's total, and never enters the comparison of a
board's results (spec Law 90 and issue 5: "applied to a side's total, not to the board's
comparisons"), so the other contestants' matchpoints on that board do not move.

The Laws give no amounts: amount and unit (matchpoints, percent, IMPs, VPs) come from
regulation or the Director, so they are data on the penalty.

Whom it hits: a PP falls on the one the Director finds at fault. In an individual event
each player is a contestant, and 12C3 (= Law 89) lets a penalty fall only on the member
of the side who is at fault, never on a partner in no way at fault; so a penalty names
either a contestant or a player, and a player's penalty goes to that player's own entry
in the totals when the event ranks players (individual), or to the pair or team the
player belongs to otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from dupbridge.core.registry import law
from dupbridge.scoring.ranking import Total, add_totals


class PenaltyUnit(Enum):
    """The unit a PP is given in; it must be the unit of the total it is applied to."""

    MATCHPOINTS = "matchpoints"
    PERCENT = "percent"
    IMPS = "IMPs"
    VPS = "VPs"


class Offence(Enum):
    """90B: offences subject to a procedural penalty (the list is not exhaustive: 90A
    covers any breach of correct procedure, ``OTHER``)."""

    LATE_ARRIVAL = "90B1"
    SLOW_PLAY = "90B2"
    AUDIBLE_DISCUSSION = "90B3"
    COMPARING_SCORES = "90B4"
    TOUCHING_CARDS = "90B5"
    WRONG_POCKET = "90B6"
    PROCEDURAL_ERROR = "90B7"  # one that requires an adjusted score for any contestant
    DISOBEYING_DIRECTOR = "90B8"
    OTHER = "90A"


@dataclass(frozen=True, slots=True)
class Contestant:
    """A pair or team (or, in an individual event, a player) as the totals name it."""

    name: str


@dataclass(frozen=True, slots=True)
class Player:
    """A player the Director finds at fault, and the contestant he plays in (his pair
    or team; in an individual event, himself or the partnership of the board)."""

    name: str
    contestant: str


Target = Contestant | Player


@dataclass(frozen=True, slots=True)
class ProceduralPenalty:
    """One PP line: who, how much (a positive amount is deducted), in which unit, for
    which offence and under which clause, with the Director's note."""

    target: Target
    amount: Total
    unit: PenaltyUnit
    offence: Offence = Offence.OTHER
    clause: str = "90A"
    board: int | None = None  # the board it was given on, if any: for the record only
    note: str = ""

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError("a procedural penalty deducts: give a positive amount (90A)")


@law("90", title="Procedural penalties")
@law("90A", title="Director's power to penalise procedure")
def procedural_penalty(
    target: Target,
    amount: Total,
    unit: PenaltyUnit,
    *,
    offence: Offence = Offence.OTHER,
    board: int | None = None,
    note: str = "",
) -> ProceduralPenalty:
    """90A: the Director gives a PP in addition to any rectification: a separate line,
    citing the clause of the offence (90B1-8, or 90A for any other breach)."""
    return ProceduralPenalty(target, amount, unit, offence, offence.value, board, note)


@law("90B", title="Offences subject to procedural penalty")
def offence_of(clause: str) -> Offence:
    """90B: the offence a clause names ("90B2" -> slow play); any other clause is a
    breach of correct procedure under 90A."""
    for offence in Offence:
        if offence.value == clause:
            return offence
    return Offence.OTHER


def penalised_entry(target: Target, contestants: Iterable[str]) -> str:
    """The entry of the totals a penalty is deducted from. A player ranked on his own
    (individual event) bears it alone, never his partner (12C3 / Law 89); otherwise it
    falls on his pair or team."""
    names = set(contestants)
    if isinstance(target, Player) and target.name in names:
        return target.name
    entry = target.contestant if isinstance(target, Player) else target.name
    if entry not in names:
        raise ValueError(f"the penalty names no contestant of the event: {target}")
    return entry


@law("90", title="Procedural penalties")
def apply_penalties(
    totals: Mapping[str, Total],
    penalties: Iterable[ProceduralPenalty],
    *,
    unit: PenaltyUnit | None = None,
) -> dict[str, Total]:
    """The totals after the PPs are deducted, each from its contestant's total only
    (the board comparisons are left as they were). Every penalty must be in the unit of
    the totals (``unit``; when not given, all the penalties must share one unit): a PP in
    percent is never silently taken from matchpoints."""
    chosen = list(penalties)
    units = {p.unit for p in chosen} | ({unit} if unit else set())
    if len(units) > 1:
        names = sorted(u.value for u in units)
        raise ValueError(f"procedural penalties in different units: {names}")
    result = dict(totals)
    for penalty in chosen:
        entry = penalised_entry(penalty.target, result)
        result[entry] = add_totals(result[entry], -penalty.amount)
    return result


def penalties_of(
    entry: str, penalties: Iterable[ProceduralPenalty], contestants: Iterable[str]
) -> list[ProceduralPenalty]:
    """The PP lines that fall on one entry of the totals (for its score card)."""
    names = set(contestants)
    return [p for p in penalties if penalised_entry(p.target, names) == entry]
