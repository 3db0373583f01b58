"""Rankings: ties ("3="), carry-over and configurable tie-breaks (issue 5; conditions of
contest under Law 78D)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from dupbridge.scoring import RankingConfig, Standing, by_value, head_to_head, rank
from dupbridge.scoring.ranking import add_totals


def places(standings: list[Standing]) -> list[tuple[str, str]]:
    return [(s.place, s.contestant) for s in standings]


def test_rank_orders_by_total_best_first() -> None:
    standings = rank({"A": Fraction(110), "B": Fraction(130), "C": Fraction(95)})
    assert standings == [("1", "B", 130), ("2", "A", 110), ("3", "C", 95)]


def test_rank_ties_share_a_place_and_skip_the_next() -> None:
    totals = {"A": 60, "B": 55, "C": 50, "D": 50, "E": 40}
    assert places(rank(totals)) == [("1", "A"), ("2", "B"), ("3=", "C"), ("3=", "D"), ("5", "E")]
    assert [s.position for s in rank(totals)] == [1, 2, 3, 3, 5]


def test_rank_ties_on_exact_fractions() -> None:
    # 1/3 + 1/3 + 1/3 == 1 exactly: no float could tie these.
    totals = {"A": Fraction(1, 3) * 3, "B": Fraction(1), "C": Fraction(2, 3)}
    assert places(rank(totals)) == [("1=", "A"), ("1=", "B"), ("3", "C")]


def test_rank_decimal_vp_totals() -> None:
    totals = {"Red": Decimal("33.75"), "Blue": Decimal("46.25"), "Green": Decimal("33.75")}
    assert places(rank(totals)) == [("1", "Blue"), ("2=", "Green"), ("2=", "Red")]


def test_rank_carry_over_is_added_before_ranking() -> None:
    totals = {"A": Decimal("40.00"), "B": Decimal("36.50")}
    standings = rank(totals, carry_over={"B": Decimal("5.00")})
    assert standings == [("1", "B", Decimal("41.50")), ("2", "A", Decimal("40.00"))]


def test_rank_carry_over_may_be_a_fraction_on_vp_totals() -> None:
    # A carry-over of a third of the previous VPs stays exact.
    standings = rank({"A": Decimal("10.50"), "B": Decimal("10")}, carry_over={"B": Fraction(1, 2)})
    assert standings[0].total == standings[1].total == Fraction(21, 2)
    assert places(standings) == [("1=", "A"), ("1=", "B")]


def test_rank_carry_over_for_an_unknown_contestant_is_refused() -> None:
    with pytest.raises(ValueError, match="not in the totals"):
        rank({"A": 1}, carry_over={"Z": 3})


def test_rank_tie_stands_by_default() -> None:
    assert RankingConfig().tie_breaks == ()
    assert places(rank({"A": 5, "B": 5})) == [("1=", "A"), ("1=", "B")]


def test_rank_head_to_head_breaks_a_tie() -> None:
    # B and C tie on 30 VPs; C beat B 12.80 - 7.20 in their match.
    matches = {("B", "C"): Decimal("7.20"), ("C", "B"): Decimal("12.80"), ("A", "B"): 15}
    config = RankingConfig(tie_breaks=(head_to_head(matches),))
    standings = rank({"A": 40, "B": 30, "C": 30}, config=config)
    assert places(standings) == [("1", "A"), ("2", "C"), ("3", "B")]


def test_rank_tie_breaks_apply_in_order_among_those_still_tied() -> None:
    # Three tied; head-to-head leaves B and C level (each 10), then boards won decides.
    matches = {("A", "B"): 12, ("A", "C"): 12, ("B", "A"): 8, ("C", "A"): 8}
    matches |= {("B", "C"): 10, ("C", "B"): 10}
    boards_won = {"A": 20, "B": 14, "C": 17}
    config = RankingConfig(tie_breaks=(head_to_head(matches), by_value(boards_won)))
    standings = rank({"A": 50, "B": 50, "C": 50, "D": 60}, config=config)
    assert places(standings) == [("1", "D"), ("2", "A"), ("3", "C"), ("4", "B")]


def test_rank_tie_surviving_every_tie_break_stands() -> None:
    config = RankingConfig(tie_breaks=(by_value({"A": 3, "B": 3, "C": 1}),))
    standings = rank({"A": 7, "B": 7, "C": 7}, config=config)
    assert places(standings) == [("1=", "A"), ("1=", "B"), ("3", "C")]


def test_rank_head_to_head_counts_only_opponents_still_tied() -> None:
    # A's big win over D (not tied) must not count in the A-B tie-break.
    matches = {("A", "D"): 20, ("A", "B"): 9, ("B", "A"): 11}
    config = RankingConfig(tie_breaks=(head_to_head(matches),))
    standings = rank({"A": 30, "B": 30, "D": 10}, config=config)
    assert places(standings) == [("1", "B"), ("2", "A"), ("3", "D")]


def test_rank_is_independent_of_input_order() -> None:
    totals = {"C": 1, "B": 2, "A": 2}
    assert rank(totals) == rank(dict(reversed(list(totals.items()))))


def test_add_totals_keeps_types_exact() -> None:
    assert add_totals(1, 2) == 3 and isinstance(add_totals(1, 2), int)
    assert add_totals(Decimal("1.25"), 1) == Decimal("2.25")
    assert add_totals(Fraction(1, 3), Decimal("0.5")) == Fraction(5, 6)
