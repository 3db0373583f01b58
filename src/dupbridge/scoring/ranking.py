"""Rankings: contestants ordered by their totals, with ties, carry-over and tie-breaks.

The Laws fix no ranking method: how totals are compared, what is carried over from an
earlier stage and how ties are broken are conditions of contest (78D, tournament
regulations). So each of them is an explicit input; the default is the plain reading
of a results sheet: the higher total ranks first, and a tie stands.

Equal totals share a place written "3=" and the places they fill are skipped: two
contestants equal third are both "3=", and the next one is 5th.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple

Total = Fraction | Decimal | int
"""A contestant's total: matchpoints or IMPs as exact Fractions, VPs as Decimals."""

TieBreak = Callable[[str, frozenset[str]], Total]
"""A tie-break: a key for ``contestant`` among the ``tied`` contestants (itself
included); the higher key ranks first. The group is passed because some tie-breaks,
such as head-to-head, depend on who else is tied."""


@dataclass(frozen=True, slots=True)
class RankingConfig:
    """How a ranking is drawn up (a condition of contest, 78D).

    ``tie_breaks`` are applied in order to the contestants still tied; a tie that
    survives them all stands. Default: none, the tie stands (the Laws break no tie).
    """

    tie_breaks: tuple[TieBreak, ...] = ()


class Standing(NamedTuple):
    """One line of a ranking: the place as printed ("1", "3="), the contestant and the
    total it was ranked on (carry-over included)."""

    place: str
    contestant: str
    total: Total

    @property
    def position(self) -> int:
        """The place as a number: "3=" -> 3."""
        return int(self.place.rstrip("="))


def add_totals(first: Total, second: Total) -> Total:
    """The exact sum of two totals. Decimal and Fraction do not add in Python; a VP total
    plus a carry-over in matchpoints is made exact as a Fraction (Fraction(Decimal) is
    exact), so no sum is ever rounded."""
    if isinstance(first, int) and isinstance(second, int):
        return first + second
    if isinstance(first, Decimal) and not isinstance(second, Fraction):
        return first + second
    if isinstance(second, Decimal) and not isinstance(first, Fraction):
        return first + second
    return Fraction(first) + Fraction(second)


def with_carry_over(
    totals: Mapping[str, Total], carry_over: Mapping[str, Total]
) -> dict[str, Total]:
    """Totals with each contestant's carry-over added. A carry-over for a contestant not
    in the totals is refused: it is far more likely a misspelt name than a contestant
    who is to be ranked without playing."""
    unknown = sorted(set(carry_over) - set(totals))
    if unknown:
        raise ValueError(f"carry-over for contestants not in the totals: {unknown}")
    return {name: add_totals(total, carry_over.get(name, 0)) for name, total in totals.items()}


def _groups_by_key(contestants: Collection[str], key: Callable[[str], Total]) -> list[list[str]]:
    """The contestants in groups of equal key, the highest key first; names sorted inside
    a group so that the output does not depend on the input order."""
    keyed: dict[Total, list[str]] = {}
    for name in contestants:
        keyed.setdefault(key(name), []).append(name)
    return [sorted(keyed[k]) for k in sorted(keyed, reverse=True)]


def _break_ties(tied: list[str], tie_breaks: Sequence[TieBreak]) -> list[list[str]]:
    """Split a tied group with the first tie-break, then the sub-groups still tied with
    the next ones, each among the contestants still tied with it."""
    if len(tied) == 1 or not tie_breaks:
        return [tied]
    first, rest = tie_breaks[0], tie_breaks[1:]
    group = frozenset(tied)
    ordered: list[list[str]] = []
    for subgroup in _groups_by_key(tied, lambda name: first(name, group)):
        ordered.extend(_break_ties(subgroup, rest))
    return ordered


def _place_label(position: int, size: int) -> str:
    return f"{position}=" if size > 1 else str(position)


def rank(
    totals: Mapping[str, Total],
    carry_over: Mapping[str, Total] | None = None,
    config: RankingConfig = RankingConfig(),
) -> list[Standing]:
    """The ranking: best first, ties sharing a place ("3="), the next place skipped."""
    ranked_totals = with_carry_over(totals, carry_over or {})
    standings: list[Standing] = []
    position = 1
    for group in _groups_by_key(ranked_totals, ranked_totals.__getitem__):
        for tied in _break_ties(group, config.tie_breaks):
            label = _place_label(position, len(tied))
            standings.extend(Standing(label, name, ranked_totals[name]) for name in tied)
            position += len(tied)
    return standings


def by_value(values: Mapping[str, Total]) -> TieBreak:
    """A tie-break on a number per contestant, the higher first (e.g. boards won, or the
    score of the last session). A contestant without a value counts 0."""

    def key(contestant: str, tied: frozenset[str]) -> Total:
        return values.get(contestant, 0)

    return key


def head_to_head(results: Mapping[tuple[str, str], Total]) -> TieBreak:
    """A tie-break on the matches among the tied contestants: ``results[(a, b)]`` is what
    a scored against b (VPs, IMPs...); each contestant's key is the sum of its results
    against the others still tied with it."""

    def key(contestant: str, tied: frozenset[str]) -> Total:
        total: Total = 0
        for (team, opponent), score in results.items():
            if team == contestant and opponent in tied and opponent != contestant:
                total = add_totals(total, score)
        return total

    return key
