"""Multi-section field scoring ("scored across the field"): several sections, each its
own movement, play the same boards, and each board is matchpointed over every result of
the field rather than within its section (78A compares a score "with every other score
obtained on the same board"; which scores form the comparison is a condition of contest,
78D).

Nothing is scored here: the sections' results are put into one field, the pairs named
with their section's letter (``A1``, ``B1``), and :func:`score_pairs` does the 78A
comparison per direction, with Neuberg (formats facts §4.3) on a board played fewer times
than the field's most. The rankings are read from that one scoring: across the field
and, on the same figures, within each section."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dupbridge.core.registry import law
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.scoring.ranking import RankingConfig, Standing, rank
from dupbridge.scoring.results import BoardResult
from dupbridge.scoring.session import RankedOn, ranking

if TYPE_CHECKING:
    from dupbridge.scoring.field import FieldScore


@dataclass(frozen=True, slots=True)
class SectionResults:
    """One section's results, its pairs named as the section numbers them (1, 2...)."""

    letter: str
    results: tuple[BoardResult, ...]


def field_name(letter: str, pair: str) -> str:
    """A pair's name across the field: its section's letter and its number (``B3``)."""
    return f"{letter}{pair}"


@dataclass(frozen=True, slots=True, eq=False)
class SectionsScore:
    """A field of sections scored as one: the field's scoring (pairs named ``A1``...)
    and which section each pair belongs to."""

    field: FieldScore
    section_of: Mapping[str, str]

    @property
    def sections(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.section_of.values())))

    def across_the_field(self, *, on: RankedOn = "auto",
                         config: RankingConfig | None = None) -> tuple[Standing, ...]:
        """Every pair of every section in one ranking."""
        return ranking(self.field, on=on, config=config)["overall"]

    def in_section(self, letter: str, *, on: RankedOn = "auto",
                   config: RankingConfig | None = None) -> tuple[Standing, ...]:
        """One section's pairs ranked among themselves, on the figures of the field."""
        if letter not in self.section_of.values():
            raise KeyError(f"no section {letter!r} in this field")
        totals = {s.contestant: s.total for s in self.across_the_field(on=on)
                  if self.section_of[s.contestant] == letter}
        return tuple(rank(totals, config=config or RankingConfig()))


def _checked(sections: Sequence[SectionResults]) -> None:
    letters = [s.letter for s in sections]
    if len(sections) < 2:
        raise ValueError("a field scored across sections needs at least two sections")
    if len(set(letters)) != len(letters) or any(not letter for letter in letters):
        raise ValueError(f"sections need distinct letters, not {letters}")
    boards = [{r.board for r in s.results} for s in sections]
    if not set.intersection(*boards):
        raise ValueError("the sections play no board in common: nothing to score across "
                         "the field")


@law("78A", title="Matchpoint scoring")
def score_across_the_field(
    sections: Iterable[SectionResults],
    method: PairsMethod = "matchpoints",
    config: PairsConfig | None = None,
) -> SectionsScore:
    """78A across the field: each board's results of all the sections compared together,
    North-South with North-South and East-West with East-West, factored by Neuberg to the
    number of results of the board played most often in the field."""
    from dupbridge.scoring.field import score_pairs

    given = tuple(sections)
    _checked(given)
    results: list[BoardResult] = []
    section_of: dict[str, str] = {}
    for section in given:
        for result in section.results:
            ns, ew = field_name(section.letter, result.ns), field_name(section.letter, result.ew)
            section_of[ns] = section_of[ew] = section.letter
            results.append(replace(result, ns=ns, ew=ew))
    return SectionsScore(score_pairs(results, method, config), section_of)
