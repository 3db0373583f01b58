"""Multi-section field scoring: two sections, the same boards, matchpointed across the
field (78A), Neuberg on a board the field played fewer times. Figures worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from dupbridge.scoring.field_sections import SectionResults, score_across_the_field
from dupbridge.scoring.results import BoardResult


def _sections() -> list[SectionResults]:
    a = SectionResults("A", (BoardResult(1, "1", "3", 420), BoardResult(1, "2", "4", 450),
                             BoardResult(2, "1", "4", -100), BoardResult(2, "2", "3", 110)))
    # section B's pairs 2 and 3 did not play board 2: the field has 3 results of it, not 4
    b = SectionResults("B", (BoardResult(1, "1", "3", 420), BoardResult(1, "2", "4", 400),
                             BoardResult(2, "1", "4", 140)))
    return [a, b]


def test_boards_are_matchpointed_over_the_whole_field_per_direction() -> None:
    scored = score_across_the_field(_sections())
    values = {(r.board, r.ns): (scored.field.ns(i), scored.field.ew(i))
              for i, r in enumerate(scored.field.results)}
    # board 1, NS 420 420 450 400 (top 6): 420 beats 400 and ties 420 = 3
    assert values[(1, "A1")] == (3, 3)
    assert values[(1, "A2")] == (6, 0)
    assert values[(1, "B1")] == (3, 3)
    assert values[(1, "B2")] == (0, 6)
    # board 2, NS -100 110 140: 0, 2, 4 on top 4, Neuberg to 4 results: (M+1)4/3 - 1
    assert values[(2, "A1")] == (F(1, 3), F(17, 3))
    assert values[(2, "A2")] == (3, 3)
    assert values[(2, "B1")] == (F(17, 3), F(1, 3))
    assert all(scored.field.top(i) == 6 for i in range(len(scored.field.results)))


def test_ranking_across_the_field_and_in_each_section() -> None:
    scored = score_across_the_field(_sections())
    assert scored.sections == ("A", "B")
    across = [(s.place, s.contestant, s.total) for s in scored.across_the_field()]
    assert across == [("1", "A2", 75), ("2", "B1", F(26 * 100, 3 * 12)),
                      ("3", "B4", F(19 * 100, 3 * 12)), ("4=", "A3", 50), ("4=", "B3", 50),
                      ("6", "A4", F(17 * 100, 3 * 12)), ("7", "A1", F(10 * 100, 3 * 12)),
                      ("8", "B2", 0)]
    assert [(s.place, s.contestant) for s in scored.in_section("B")] == [
        ("1", "B1"), ("2", "B4"), ("3", "B3"), ("4", "B2")]
    assert [s.contestant for s in scored.in_section("A")] == ["A2", "A3", "A4", "A1"]
    assert scored.field.pairs["A1"].total == F(10, 3)
    with pytest.raises(KeyError):
        scored.in_section("C")


def test_sections_must_be_two_distinct_on_common_boards() -> None:
    a, b = _sections()
    with pytest.raises(ValueError, match="at least two"):
        score_across_the_field([a])
    with pytest.raises(ValueError, match="distinct"):
        score_across_the_field([a, SectionResults("A", b.results)])
    other = SectionResults("B", (BoardResult(9, "1", "2", 100),))
    with pytest.raises(ValueError, match="no board in common"):
        score_across_the_field([a, other])
