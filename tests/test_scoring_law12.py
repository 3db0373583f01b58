"""Law 12C adjusted scores (and Laws 88, 89 which refer to it), both editions.

Vectors: spec §9.3 T-12.1 .. T-12.8 and the fault table of spec errata §0.2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import implementations
from dupbridge.core.seats import Side
from dupbridge.scoring import (
    AdjustedScoreError,
    Aggregation,
    ArtificialValues,
    ImpEquivalent,
    Law12Config,
    Method,
    Origin,
    OtherBoards,
    SelfInflicted,
    SessionBoard,
    SessionData,
    SessionRulePolicy,
    SeveralBoardsProvision,
    WeightedArithmetic,
    adjusted_values,
    artificial_imps,
    artificial_matchpoints,
    artificial_percentage,
    artificial_scores,
    assigned_value,
    full_top,
    individual_adjustment,
    knockout_average,
    most_favourable_alternative,
    self_inflicted_damage,
    session_rule,
    split_score,
    weighted_value,
)
from dupbridge.scoring.results import Artificial, Fault, Outcome, Split, Weighted

F = Fraction
D, P, N = Fault.DIRECTLY, Fault.PARTLY, Fault.NONE
BOTH = pytest.mark.parametrize("edition", list(Edition))
E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017

# T-12.6 needs a complete field (errata C-9): five other results on the board, so the
# top is 2(6-1) = 10. +420 beats three and ties one: 7; -50 beats one: 2.
FIELD = (450, 420, 170, 140, -100)


def pair(ns: int | Fraction, ew: int | Fraction) -> tuple[Fraction, Fraction]:
    return F(ns), F(ew)


def ns_matchpoints(points: Fraction) -> Fraction:
    """North-South matchpoints against FIELD, 2 per score beaten and 1 per tie (78A)."""
    wins = sum(2 if points > other else 1 if points == other else 0 for other in FIELD)
    return F(wins)


def ew_matchpoints(points: Fraction) -> Fraction:
    return 10 - ns_matchpoints(points)


TOP = F(12)


def session(pct: Fraction, boards: int = 10, top: Fraction = TOP) -> list[SessionBoard]:
    """A contestant's other boards, each scored at ``pct`` percent of ``top``."""
    return [SessionBoard(pct * top / 100, top) for _ in range(boards)]


def imp_session(per_board: Fraction, boards: int = 10) -> list[SessionBoard]:
    return [SessionBoard(per_board) for _ in range(boards)]


# --- 12C2(a): pairs percentages -------------------------------------------------------


@BOTH
def test_law12C2a_T12_1_no_fault_and_directly_at_fault(edition: Edition) -> None:
    scores = artificial_scores(Artificial(ns=N, ew=D), Method.PAIRS, edition=edition)
    assert scores == pair(60, 40)
    scores = artificial_scores(Artificial(ns=P, ew=P), Method.PAIRS, edition=edition)
    assert scores == pair(50, 50)


FAULT_TABLE = [  # errata §0.2: (side 1, side 2, pairs, IMPs, IMPs knockout)
    (D, N, (40, 60), (-3, 3), (-3, 3)),
    (P, P, (50, 50), (0, 0), (0, 0)),
    (N, N, (60, 60), (3, 3), (0, 0)),
    (D, P, (40, 50), (-3, 0), (F(-3, 2), F(3, 2))),
    (D, D, (40, 40), (-3, -3), (0, 0)),
]


@BOTH
@pytest.mark.parametrize(("ns", "ew", "pairs", "imps", "knockout"), FAULT_TABLE)
def test_law12C2a_fault_table_errata_0_2_pairs(
    edition: Edition, ns: Fault, ew: Fault, pairs: object, imps: object, knockout: object
) -> None:
    assert artificial_scores(Artificial(ns, ew), Method.PAIRS, edition=edition) == pairs


def test_law12C2a_bounds_at_most_40_at_least_60() -> None:
    assert Law12Config(ArtificialValues(F(35), F(50), F(65))).values.average_plus == 65
    with pytest.raises(AdjustedScoreError, match="at most 40"):
        Law12Config(ArtificialValues(average_minus=F(45)))
    with pytest.raises(AdjustedScoreError, match="at least 60"):
        Law12Config(ArtificialValues(average_plus=F(55)))
    with pytest.raises(AdjustedScoreError, match="50"):
        Law12Config(ArtificialValues(average=F(45)))


def test_law12C2a_configured_values_per_fault() -> None:
    config = Law12Config(ArtificialValues(F(35), F(50), F(65)))
    assert artificial_percentage(D, edition=E17, config=config) == 35
    assert artificial_percentage(N, edition=E17, config=config) == 65


def test_law12C2a_matchpoints_on_the_boards_full_top_errata_A1() -> None:
    # 11 tables expected: the full top is 2(11-1) = 20 whatever the other results were
    # factored from, and 60 % of it is 12 matchpoints; in 1/0.5 units 6 of 10.
    assert full_top(11) == 20
    assert artificial_matchpoints(F(60), full_top(11)) == 12
    assert full_top(11, "1/0.5") == 10
    assert artificial_matchpoints(F(40), full_top(11, "1/0.5")) == 4


# --- 12C2(b): IMPs --------------------------------------------------------------------


@BOTH
def test_law12C2b_T12_2_three_imps(edition: Edition) -> None:
    assert artificial_scores(Artificial(N, D), Method.IMPS, edition=edition) == pair(3, -3)


@BOTH
@pytest.mark.parametrize(("ns", "ew", "pairs", "imps", "knockout"), FAULT_TABLE)
def test_law12C2b_fault_table_errata_0_2_imps(
    edition: Edition, ns: Fault, ew: Fault, pairs: object, imps: object, knockout: object
) -> None:
    assert artificial_scores(Artificial(ns, ew), Method.IMPS, edition=edition) == imps


@BOTH
def test_law12C2b_organiser_may_vary_the_imps(edition: Edition) -> None:
    config = Law12Config(ArtificialValues(imp_average=F(2)))
    assert artificial_imps(N, edition=edition, config=config) == 2
    assert artificial_imps(D, edition=edition, config=config) == -2
    assert artificial_imps(P, edition=edition, config=config) == 0


# --- 12C2(c): the session rule --------------------------------------------------------


@BOTH
def test_law12C2c_T12_3_session_percentage(edition: Edition) -> None:
    assert artificial_percentage(N, edition=edition, session=session(F(65))) == 65
    assert artificial_percentage(D, edition=edition, session=session(F(35))) == 35
    assert artificial_percentage(N, edition=edition, session=session(F(55))) == 60
    assert artificial_percentage(D, edition=edition, session=session(F(45))) == 40


def test_law12C2c_awards_the_other_boards_not_the_session() -> None:
    # 65 % on the other boards; with the adjusted board at 60 % the session is lower:
    # the text awards the other-boards percentage (errata §0.3).
    awarded = artificial_percentage(N, edition=E17, session=session(F(65), boards=3))
    assert awarded == 65


def test_law12C2c_partly_at_fault_is_not_offending_by_default_Q5() -> None:
    assert artificial_percentage(P, edition=E17, session=session(F(30))) == 50
    config = Law12Config(partly_at_fault_is_offending=True)
    assert artificial_percentage(P, edition=E17, config=config, session=session(F(30))) == 30
    # a partly-at-fault contestant is never "non-offending": no average plus by the rule
    assert artificial_percentage(P, edition=E17, session=session(F(70))) == 50


def test_law12C2c_other_boards_leave_out_artificial_ones_B6a() -> None:
    boards = [*session(F(70), boards=4), SessionBoard(F(0), F(12), Origin.ARTIFICIAL)]
    assert artificial_percentage(N, edition=E17, session=boards) == 70
    config = Law12Config(other_boards=OtherBoards.ALL)
    assert artificial_percentage(N, edition=E17, config=config, session=boards) == 56 + 4
    # ALL: 4 boards at 70 % and one at 0 % is 56 %, below the trigger: average plus 60


def test_law12C2c_table_results_only_leaves_out_assigned_boards() -> None:
    boards = [*session(F(70), boards=2), SessionBoard(F(12), F(12), Origin.ASSIGNED)]
    assert artificial_percentage(N, edition=E17, session=boards) == 80
    config = Law12Config(other_boards=OtherBoards.TABLE_RESULTS_ONLY)
    assert artificial_percentage(N, edition=E17, config=config, session=boards) == 70


def test_law12C2c_aggregation_when_tops_differ_B6b() -> None:
    boards = [SessionBoard(F(10), F(10)), SessionBoard(F(0), F(2))]
    assert artificial_percentage(N, edition=E17, session=boards, board_top=F(10)) == F(250, 3)
    config = Law12Config(aggregation=Aggregation.MEAN_OF_PERCENTAGES)
    assert artificial_percentage(N, edition=E17, config=config, session=boards) == 60


def test_law12C2c_literal_award_versus_bounded_policy_C2() -> None:
    values = ArtificialValues(average_minus=F(30), average_plus=F(65))
    literal = Law12Config(values)
    bounded = Law12Config(values, session_rule_policy=SessionRulePolicy.BOUNDED_BY_BASE)
    assert artificial_percentage(D, edition=E17, config=literal, session=session(F(35))) == 35
    assert artificial_percentage(D, edition=E17, config=bounded, session=session(F(35))) == 30
    assert artificial_percentage(N, edition=E17, config=literal, session=session(F(62))) == 62
    assert artificial_percentage(N, edition=E17, config=bounded, session=session(F(62))) == 65


@BOTH
def test_law12C2c_imp_equivalent(edition: Edition) -> None:
    assert artificial_imps(N, edition=edition, session=imp_session(F(4))) == 4
    assert artificial_imps(N, edition=edition, session=imp_session(F(2))) == 3
    assert artificial_imps(D, edition=edition, session=imp_session(F(-5))) == -5
    config = Law12Config(imp_equivalent=ImpEquivalent.NONE)
    assert artificial_imps(N, edition=edition, config=config, session=imp_session(F(4))) == 3


def test_law12C2c_imp_threshold_is_its_own_key_C8() -> None:
    # With the award varied to 2 IMPs, a contestant at +2.5 a board elsewhere is not
    # above the +3 threshold: it keeps 2 (a rule "x > base" would give 2.5).
    config = Law12Config(ArtificialValues(imp_average=F(2)))
    assert artificial_imps(N, edition=E17, config=config, session=imp_session(F(5, 2))) == 2
    lower = Law12Config(ArtificialValues(imp_average=F(2)), imp_equivalent_threshold=F(2))
    assert artificial_imps(N, edition=E17, config=lower, session=imp_session(F(5, 2))) == F(5, 2)


def test_law12C2c_session_rule_direct_call() -> None:
    assert session_rule(N, F(60), None, Method.PAIRS) == 60
    assert session_rule(N, F(60), session(F(75)), Method.PAIRS) == 75


def test_law12C2c_session_data_per_contestant() -> None:
    data = SessionData(ns=session(F(70)), ew=session(F(30)))
    scores = artificial_scores(Artificial(N, D), Method.PAIRS, edition=E07, session=data)
    assert scores == pair(70, 30)


# --- 12C2 / Law 88 ----------------------------------------------------------------------


@BOTH
def test_law12C2_nobody_at_fault_is_average_plus_to_both_B1(edition: Edition) -> None:
    assert artificial_scores(Artificial(N, N), Method.PAIRS, edition=edition) == pair(60, 60)
    assert artificial_scores(Artificial(N, N), Method.IMPS, edition=edition) == pair(3, 3)


@BOTH
def test_law88_indemnity_points_are_the_12C2_artificial_scores(edition: Edition) -> None:
    names = {rule.function for rule in implementations(LawRef(edition, "88"))}
    assert "dupbridge.scoring.law12_adjusted.artificial_scores" in names
    assert artificial_scores(Artificial(D, N), Method.IMPS, edition=edition) == pair(-3, 3)


# --- 12C2(d) (2017) ---------------------------------------------------------------------


def test_law12C2d_2017_several_boards_without_result() -> None:
    provision = SeveralBoardsProvision(2, ArtificialValues(F(40), F(50), F(55), F(2)))
    config = Law12Config(several_no_result_boards=provision)
    assert artificial_percentage(N, edition=E17, config=config, no_result_boards=1) == 60
    assert artificial_percentage(N, edition=E17, config=config, no_result_boards=3) == 55
    assert artificial_imps(D, edition=E17, config=config, no_result_boards=2) == -2
    data = SessionData(ns_no_result_boards=2, ew_no_result_boards=2)
    scores = artificial_scores(
        Artificial(N, D), Method.PAIRS, edition=E17, config=config, session=data
    )
    assert scores == pair(55, 40)


def test_law12C2d_2017_default_a_and_b_apply() -> None:
    assert artificial_percentage(N, edition=E17, no_result_boards=4) == 60
    assert artificial_imps(N, edition=E17, no_result_boards=4) == 3


def test_law12C2d_2007_has_no_such_provision() -> None:
    provision = SeveralBoardsProvision(2, ArtificialValues())
    config = Law12Config(several_no_result_boards=provision)
    with pytest.raises(AdjustedScoreError, match="12C2\\(d\\)"):
        artificial_percentage(N, edition=E07, config=config, no_result_boards=3)
    with pytest.raises(AdjustedScoreError, match="several"):
        SeveralBoardsProvision(1, ArtificialValues())


# --- 12C4: knockout -----------------------------------------------------------------------


@BOTH
def test_law12C4_T12_5_knockout_average(edition: Edition) -> None:
    assert knockout_average(F(7), F(-10)) == (F(17, 2), F(-17, 2))


@BOTH
@pytest.mark.parametrize(("ns", "ew", "pairs", "imps", "knockout"), FAULT_TABLE)
def test_law12C4_fault_table_errata_0_2_knockout(
    edition: Edition, ns: Fault, ew: Fault, pairs: object, imps: object, knockout: object
) -> None:
    scores = artificial_scores(Artificial(ns, ew), Method.IMPS, edition=edition, knockout=True)
    assert scores == knockout


def test_law12C4_applies_to_imps_only() -> None:
    with pytest.raises(AdjustedScoreError, match="12C4"):
        artificial_scores(Artificial(N, D), Method.PAIRS, edition=E17, knockout=True)


# --- 12C1(a), (c): assigned and weighted scores -----------------------------------------


@BOTH
def test_law12C1a_assigned_score_is_scored_as_a_table_result(edition: Edition) -> None:
    assert assigned_value(420, ns_matchpoints) == 7
    assert adjusted_values(420, ns_matchpoints, ew_matchpoints, edition=edition) == pair(7, 3)


def t12_6(legal: bool = True) -> Weighted:
    return Weighted((Outcome(420, F(3, 5)), Outcome(-50, F(2, 5), legally_achievable=legal)))


@BOTH
def test_law12C1c_T12_6_weighted_converted(edition: Edition) -> None:
    assert weighted_value(t12_6(), ns_matchpoints, edition=edition) == 5
    ns, ew = adjusted_values(t12_6(), ns_matchpoints, ew_matchpoints, edition=edition)
    assert (ns, ew) == pair(5, 5)


def test_law12C1c_raw_arithmetic_weights_the_points_Q3() -> None:
    # 0.6 x 420 + 0.4 x -50 = 232, which beats 170, 140 and -100: 6 of 10
    config = Law12Config(weighted_arithmetic=WeightedArithmetic.RAW)
    assert weighted_value(t12_6(), ns_matchpoints, edition=E17, config=config) == 6


def test_law12C1c_2017_rejects_outcomes_not_legally_achievable() -> None:
    with pytest.raises(AdjustedScoreError, match="-50 \\(weight 2/5\\)"):
        weighted_value(t12_6(legal=False), ns_matchpoints, edition=E17)


def test_law12C1c_2007_has_no_legality_condition() -> None:
    assert weighted_value(t12_6(legal=False), ns_matchpoints, edition=E07) == 5


def test_law12C1c_2007_regulating_authority_forbids_weighting() -> None:
    config = Law12Config(forbid_weighting=True)
    with pytest.raises(AdjustedScoreError, match="forbids"):
        weighted_value(t12_6(), ns_matchpoints, edition=E07, config=config)
    single = Weighted((Outcome(420, F(1)),))
    assert weighted_value(single, ns_matchpoints, edition=E07, config=config) == 7


def test_law12C1c_2017_no_power_to_forbid_weighting() -> None:
    with pytest.raises(AdjustedScoreError, match="2017"):
        weighted_value(
            t12_6(), ns_matchpoints, edition=E17, config=Law12Config(forbid_weighting=True)
        )


# --- 12C1(f) 2007: need not balance ---------------------------------------------------------


def test_law12C1f_2007_T12_4_scores_need_not_balance() -> None:
    # North-South -200; East-West get +100 (North-South points -100), not +200.
    score = split_score(-200, -100)
    ns, ew = adjusted_values(score, lambda p: p, lambda p: -p, edition=E07)
    assert (ns, ew) == pair(-200, 100)
    assert ns + ew != 0


def test_law12C1f_2007_split_with_weighted_direction() -> None:
    score = split_score(t12_6(), 420)
    assert adjusted_values(score, ns_matchpoints, ew_matchpoints, edition=E07) == pair(5, 3)


# --- serious error / gambling action: 2007 12C1(b), 2017 12C1(e) ------------------------------


def test_law12C1b_2007_serious_error_gives_a_split_score() -> None:
    # EW's infraction alone would have let NS make 4S (+420); NS then erred seriously and
    # went one down: NS keep -50, EW are scored as if NS had made +420.
    score = self_inflicted_damage(Side.EW, 420, -50, SelfInflicted.SERIOUS_ERROR, edition=E07)
    assert score == Split(ns=-50, ew=420)
    assert adjusted_values(score, ns_matchpoints, ew_matchpoints, edition=E07) == pair(2, 3)


def test_law12C1b_2007_wild_action() -> None:
    score = self_inflicted_damage(Side.NS, -100, 620, SelfInflicted.WILD_ACTION, edition=E07)
    assert score == Split(ns=-100, ew=620)


def test_law12C1e_2017_gambling_action_split_score() -> None:
    score = self_inflicted_damage(Side.EW, 420, -50, SelfInflicted.GAMBLING_ACTION, edition=E17)
    assert score == Split(ns=-50, ew=420)


def test_law12C1e_2017_has_no_wild_action_C4() -> None:
    with pytest.raises(AdjustedScoreError, match="wild"):
        self_inflicted_damage(Side.EW, 420, -50, SelfInflicted.WILD_ACTION, edition=E17)


def test_law12C1ei_2017_offenders_get_the_score_of_their_infraction_alone() -> None:
    score = self_inflicted_damage(Side.NS, -620, 100, SelfInflicted.SERIOUS_ERROR, edition=E17)
    assert score.ns == -620


def test_law12C1eii_2017_no_relief_for_the_self_inflicted_part() -> None:
    score = self_inflicted_damage(Side.NS, -620, 100, SelfInflicted.SERIOUS_ERROR, edition=E17)
    assert score.ew == 100  # East-West keep what their own error left them


# --- 2007 12C1(e): the Regulating Authority's alternative -------------------------------------

ALTERNATIVE = Law12Config(alternative_12C1e=True)


def test_law12C1e_2007_T12_7_most_favourable_and_most_unfavourable() -> None:
    # NS non-offending: likely +420 or +170. EW's at-all-probable results from their own
    # view -420, -170, +50 are, in North-South points, +420, +170, -50.
    score = most_favourable_alternative(
        Side.NS, [420, 170], [420, 170, -50], edition=E07, config=ALTERNATIVE
    )
    assert score == Split(ns=420, ew=420)


def test_law12C1ei_2007_non_offenders_most_favourable_likely_result() -> None:
    score = most_favourable_alternative(
        Side.EW, [-140, 110], [-140, 110], edition=E07, config=ALTERNATIVE
    )
    assert score.ew == -140  # best for East-West


def test_law12C1eii_2007_offenders_most_unfavourable_probable_result() -> None:
    # North-South offended: of -200, +110 and +50 the worst for them is -200.
    score = most_favourable_alternative(
        Side.EW, [-140], [-200, 110, 50], edition=E07, config=ALTERNATIVE
    )
    assert score == Split(ns=-200, ew=-140)


def test_law12C1e_2007_option_off_weighting_applies() -> None:
    with pytest.raises(AdjustedScoreError, match="12C1\\(c\\)"):
        most_favourable_alternative(Side.NS, [420], [420], edition=E07)


def test_law12C1e_2017_alternative_deleted() -> None:
    with pytest.raises(AdjustedScoreError, match="2007"):
        most_favourable_alternative(Side.NS, [420], [420], edition=E17, config=ALTERNATIVE)


# --- 12C3 / Law 89: individuals --------------------------------------------------------------


@BOTH
def test_law12C3_T12_8_both_members_adjusted_penalty_to_the_offender(edition: Edition) -> None:
    ruling = individual_adjustment(("North", "South"), F(40), at_fault={"North"})
    assert ruling.scores == (("North", F(40)), ("South", F(40)))
    assert ruling.procedural_penalty_liable == {"North"}


@BOTH
def test_law89_individual_events_follow_12C3(edition: Edition) -> None:
    names = {rule.function for rule in implementations(LawRef(edition, "89"))}
    assert "dupbridge.scoring.law12_assigned.individual_adjustment" in names
    with pytest.raises(AdjustedScoreError, match="not members"):
        individual_adjustment(("North", "South"), F(40), at_fault={"East"})
