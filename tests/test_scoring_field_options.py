"""Every option the scoring package accepts changes what it computes (issue 20): one check
per configuration key, and a test that no key is left without one; the whole-field entry
points refuse the weighted scores the edition or the Regulating Authority does not allow
(12C1(c), 2007 12C1(e)), naming the board, the table and the clause."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction

import pytest

from dupbridge.core.edition import Edition
from dupbridge.scoring import (
    AdjustedScoreError,
    Aggregation,
    ArtificialValues,
    ImpEquivalent,
    Law12Config,
    MatchpointConditions,
    OtherBoards,
    RankingConfig,
    SessionRulePolicy,
    SeveralBoardsProvision,
    WeightedArithmetic,
    by_value,
    imps,
    matchpoint_board,
    rank,
    score_pairs,
    score_teams,
)
from dupbridge.scoring.field import FieldScore, PairsConfig
from dupbridge.scoring.field_teams import TeamsConfig, TeamsScore
from dupbridge.scoring.results import (
    Artificial,
    BoardResult,
    Fault,
    Outcome,
    Score,
    Split,
    Weighted,
)

F = Fraction
L2007, L2017 = Edition.LAWS_2007, Edition.LAWS_2017
RAW = Law12Config(weighted_arithmetic=WeightedArithmetic.RAW)


def one_board(scores: Sequence[Score], board: int = 1) -> list[BoardResult]:
    return [BoardResult(board, f"N{board}-{i}", f"E{board}-{i}", s) for i, s in enumerate(scores)]


def p_session(
    p_scores: Sequence[int | Fault], fields: Sequence[Sequence[int]] | None = None,
    assigned: Sequence[int] = (),
) -> list[BoardResult]:
    """Pair P North-South on boards 1, 2, ...: a number is its score, a Fault an artificial
    score (P's fault; its opponents directly at fault); the other tables of board b hold
    ``fields[b-1]`` (default 100, 200)."""
    out: list[BoardResult] = []
    for b, mine in enumerate(p_scores, start=1):
        others = fields[b - 1] if fields else (100, 200)
        out += [BoardResult(b, f"A{b}{k}", f"B{b}{k}", s) for k, s in enumerate(others)]
        score: Score = Artificial(mine, Fault.DIRECTLY) if isinstance(mine, Fault) else mine
        out.append(BoardResult(b, "P", f"X{b}", score, assigned=b in assigned))
    return out


def p_percent(scored: FieldScore, board: int) -> Fraction:
    """P's percentage of the top on ``board``."""
    i = next(i for i, r in enumerate(scored.results) if r.ns == "P" and r.board == board)
    return 100 * scored.ns(i) / scored.top(i)


def p_imps(scored: FieldScore, board: int) -> Fraction:
    i = next(i for i, r in enumerate(scored.results) if r.ns == "P" and r.board == board)
    return scored.ns(i)


def match(boards: Sequence[tuple[Score, Score]]) -> list[BoardResult]:
    """Teams A v B; each board (A North-South's table, B North-South's table)."""
    out = []
    for b, (open_room, closed_room) in enumerate(boards, start=1):
        out += [BoardResult(b, "A", "B", open_room), BoardResult(b, "B", "A", closed_room)]
    return out


def a_imps(scored: TeamsScore, board: int) -> Fraction:
    return next(b.home_imps for b in scored.boards if b.board == board)


def pairs_values(results: list[BoardResult], method: str = "matchpoints",
                 **config: object) -> list[tuple[Fraction, Fraction]]:
    return score_pairs(results, method, PairsConfig(**config)).values()  # type: ignore[arg-type]


WEIGHTED = Weighted((Outcome(420, F(1, 2)), Outcome(-50, F(1, 2))))
NOT_ACHIEVABLE = Weighted((Outcome(420, F(1, 2)), Outcome(-50, F(1, 2), legally_achievable=False)))


# --- 12C1(c): the arithmetic of a weighted score, everywhere ----------------------------


def test_law12C1c_raw_arithmetic_matchpoints_the_weighted_mean_once() -> None:
    field = one_board([420, 170, -50, WEIGHTED])
    raw = score_pairs(field, config=PairsConfig(law12=RAW))
    # the mean, 185, beats 170 and -50: as if 185 had been scored at the table
    assert raw.values() == score_pairs(one_board([420, 170, -50, 185])).values()
    converted = score_pairs(field)
    assert converted.ns(3) == F(1, 2) * 5 + F(1, 2) * 1  # each outcome scored, then weighted
    assert raw.ns(3) != converted.ns(3)


def test_law12C1c_raw_arithmetic_butler_and_cross_imps_on_an_uneven_mean() -> None:
    thirds = Weighted((Outcome(420, F(1, 3)), Outcome(-50, F(2, 3))))  # mean 320/3 = 106.67
    field = one_board([420, 170, -50, 110, thirds])
    raw = score_pairs(field, "butler", PairsConfig(law12=RAW, butler_drop=0))
    # datum from the plain results: (420 + 170 - 50 + 110) / 4 = 162.5 -> 160
    assert raw.ns(4) == imps(F(320, 3) - 160)
    assert raw.ns(4) != score_pairs(field, "butler", PairsConfig(butler_drop=0)).ns(4)
    cross = score_pairs(field, "cross-imps", PairsConfig(law12=RAW))
    expected = sum(imps(F(320, 3) - s) for s in (420, 170, -50, 110)) / F(4)
    assert cross.ns(4) == expected


def test_law12C1c_raw_arithmetic_in_team_matches() -> None:
    results = match([(WEIGHTED, 170)])
    raw = score_teams(results, TeamsConfig(law12=RAW))
    assert a_imps(raw, 1) == imps(185 - 170)  # 0
    assert a_imps(score_teams(results), 1) == F(1, 2) * imps(250) + F(1, 2) * imps(-220)


def test_law12C1c_2017_field_refuses_an_outcome_not_legally_achievable() -> None:
    field = one_board([420, 170, NOT_ACHIEVABLE], board=7)
    for call in (lambda: score_pairs(field), lambda: score_pairs(field, "butler")):
        with pytest.raises(AdjustedScoreError, match=r"board 7, table N7-2 \(NS\) v E7-2 "
                           r"\(EW\): 2017 12C1\(c\).*-50"):
            call()
    with pytest.raises(AdjustedScoreError, match=r"board 1, table A \(NS\) v B.*12C1\(c\)"):
        score_teams(match([(NOT_ACHIEVABLE, 170)]))
    split = one_board([420, 170, Split(420, NOT_ACHIEVABLE)], board=3)
    with pytest.raises(AdjustedScoreError, match=r"board 3, table N3-2"):
        score_pairs(split)


def test_law12C1c_2007_has_no_legality_condition_but_the_RA_may_forbid_weighting() -> None:
    field = one_board([420, 170, NOT_ACHIEVABLE], board=2)
    assert score_pairs(field, config=PairsConfig(edition=L2007)).ns(2) == F(3, 2)
    forbidden = Law12Config(forbid_weighting=True)
    with pytest.raises(AdjustedScoreError, match=r"board 2, table N2-2.*2007 12C1\(c\).*forbids"):
        score_pairs(field, config=PairsConfig(edition=L2007, law12=forbidden))
    with pytest.raises(AdjustedScoreError, match=r"board 1, table A \(NS\).*forbids"):
        score_teams(match([(WEIGHTED, 170)]), TeamsConfig(edition=L2007, law12=forbidden))
    # an assigned score of one outcome is not weighting
    single = Weighted((Outcome(420, F(1)),))
    assert score_pairs(one_board([420, 170, single]),
                       config=PairsConfig(edition=L2007, law12=forbidden)).ns(2) == 3


def test_law12C1e_2007_RA_choosing_the_alternative_refuses_weighted_scores() -> None:
    chosen = Law12Config(alternative_12C1e=True)
    with pytest.raises(AdjustedScoreError, match=r"board 1, table N1-2.*2007 12C1\(e\)"):
        score_pairs(one_board([420, 170, WEIGHTED]), config=PairsConfig(edition=L2007, law12=chosen))
    with pytest.raises(AdjustedScoreError, match=r"2007 12C1\(e\)"):
        score_teams(match([(WEIGHTED, 170)]), TeamsConfig(edition=L2007, law12=chosen))


def test_law12C1c_2017_refuses_the_2007_RA_options_on_every_entry_point() -> None:
    for option in (Law12Config(forbid_weighting=True), Law12Config(alternative_12C1e=True)):
        with pytest.raises(AdjustedScoreError, match="2017"):
            score_pairs(one_board([420, 170]), config=PairsConfig(law12=option))
        with pytest.raises(AdjustedScoreError, match="2017"):
            score_teams(match([(420, 170)]), TeamsConfig(law12=option))


# --- one check per configuration key -----------------------------------------------------

Check = Callable[[], None]


def _convention() -> None:
    field = one_board([420, 170, -50])
    assert pairs_values(field)[0] == (4, 0)
    assert pairs_values(field, convention="1/0.5")[0] == (2, 0)


def _neuberg() -> None:
    field = one_board([420, 170, -50], 1) + one_board([420, 170], 2)
    assert pairs_values(field)[3][0] == F(7, 2)  # 2 -> (2+1)*3/2 - 1 (Neuberg to 3 results)
    assert pairs_values(field, neuberg=False)[3][0] == 2


def _expected() -> None:
    field = one_board([420, 170, -50])
    assert pairs_values(field, expected=4)[0][0] == F(17, 3)  # (4+1)*4/3 - 1
    assert pairs_values(field)[0][0] == 4


def _pairs_edition() -> None:
    field = one_board([420, 170, NOT_ACHIEVABLE])
    assert pairs_values(field, edition=L2007)[2][0] == F(3, 2)
    with pytest.raises(AdjustedScoreError):
        pairs_values(field, edition=L2017)


def _pairs_law12() -> None:
    field = one_board([420, 170, Artificial(Fault.DIRECTLY, Fault.NONE)])
    lower = Law12Config(values=ArtificialValues(average_minus=F(30)))
    assert pairs_values(field)[2][0] == F(8, 5)  # 40 % of the top 4 (Neuberg to 3 results)
    assert pairs_values(field, law12=lower)[2][0] == F(6, 5)


def _butler_drop() -> None:
    field = one_board([1000, 100, 100, 100, 100])
    assert pairs_values(field, "butler", butler_drop=0)[1][0] == -5  # datum 280: -180
    assert pairs_values(field, "butler", butler_drop=1)[1][0] == 0  # datum 100


def _butler_rounding() -> None:
    field = one_board([0, -30])  # mean -15
    assert pairs_values(field, "butler", butler_drop=0)[0][0] == 1  # -20: +20 is 1 IMP
    up = pairs_values(field, "butler", butler_drop=0, butler_rounding="half-up")
    assert up[0][0] == 0  # -10: +10 is 0 IMPs


def _cross_divide() -> None:
    field = one_board([420, 170, -50])
    total = imps(250) + imps(470)
    assert pairs_values(field, "cross-imps")[0][0] == F(total, 2)
    assert pairs_values(field, "cross-imps", cross_divide="n")[0][0] == F(total, 3)
    assert pairs_values(field, "cross-imps", cross_divide=None)[0][0] == total


def _artificial(p: Fault, **values: Fraction) -> Fraction:
    field = one_board([420, 170, Artificial(p, p)])
    config = Law12Config(values=ArtificialValues(**values))  # type: ignore[arg-type]
    return pairs_values(field, law12=config)[2][0]


def _average_minus() -> None:
    assert _artificial(Fault.DIRECTLY) != _artificial(Fault.DIRECTLY, average_minus=F(25))


def _average() -> None:
    # 12C2(a) fixes average at 50 %: only a 2017 12C2(d) provision may give another value
    field = p_session([Fault.PARTLY, Fault.PARTLY, 1000])
    provision = SeveralBoardsProvision(2, ArtificialValues(average=F(45)))
    config = Law12Config(several_no_result_boards=provision)
    assert p_percent(score_pairs(field), 1) == 50
    assert p_percent(score_pairs(field, config=PairsConfig(law12=config)), 1) == 45


def _average_plus() -> None:
    assert _artificial(Fault.NONE) == F(12, 5)  # 60 % of the top 4
    assert _artificial(Fault.NONE, average_plus=F(65)) == F(13, 5)


def _imp_average() -> None:
    results = match([(Artificial(Fault.NONE, Fault.DIRECTLY), 100)])
    assert a_imps(score_teams(results), 1) == 3
    varied = Law12Config(values=ArtificialValues(imp_average=F(2)))
    assert a_imps(score_teams(results, TeamsConfig(law12=varied)), 1) == 2


def _imp_partly() -> None:
    results = match([(Artificial(Fault.PARTLY, Fault.PARTLY), 100)])
    assert a_imps(score_teams(results), 1) == 0
    varied = Law12Config(values=ArtificialValues(imp_partly=F(1)))
    assert a_imps(score_teams(results, TeamsConfig(law12=varied)), 1) == 1


def _other_boards() -> None:
    # P: board 1 artificial (not at fault), 100 % on boards 2 and 3, an assigned 0 % on 4,
    # another artificial board 5 (60 %)
    field = p_session([Fault.NONE, 1000, 1000, -1000, Fault.NONE], assigned=[4])

    def award(other: OtherBoards) -> Fraction:
        return p_percent(score_pairs(field, config=PairsConfig(
            law12=Law12Config(other_boards=other))), 1)

    assert award(OtherBoards.EXCLUDE_ARTIFICIAL) == F(200, 3)  # boards 2, 3, 4
    assert award(OtherBoards.ALL) == 65  # 2, 3, 4 and 5 at 60 %
    assert award(OtherBoards.TABLE_RESULTS_ONLY) == 100  # 2 and 3


def _aggregation() -> None:
    # P: 100 % of a top of 2 on board 2, 6 of 8 (75 %) on board 3
    field = p_session([Fault.NONE, 1000, 350], fields=[(100, 200), (100,), (100, 200, 300, 400)])
    mean = Law12Config(aggregation=Aggregation.MEAN_OF_PERCENTAGES)
    plain = PairsConfig(neuberg=False)  # the tops stay 2 and 8
    assert p_percent(score_pairs(field, config=plain), 1) == 80  # 8 of 10
    varied = dataclasses.replace(plain, law12=mean)
    assert p_percent(score_pairs(field, config=varied), 1) == F(175, 2)


def _teams_session(home: Fault, other: tuple[int, int], **config: object) -> Fraction:
    """A's artificial IMPs on board 1 (its fault ``home``), board 2 played normally."""
    results = match([(Artificial(home, Fault.DIRECTLY), 100), other])
    law12 = Law12Config(**config)  # type: ignore[arg-type]
    return a_imps(score_teams(results, TeamsConfig(law12=law12)), 1)


def _session_rule_policy() -> None:
    # A earns 2 IMPs on board 2 (+50); with average plus worth 5 IMPs its session is 3.5 a
    # board: the session rule gives the 2 of the other boards, the bounded policy keeps 5
    values = ArtificialValues(imp_average=F(5))
    assert _teams_session(Fault.NONE, (100, 50), values=values) == 2
    bounded = SessionRulePolicy.BOUNDED_BY_BASE
    assert _teams_session(Fault.NONE, (100, 50), values=values, session_rule_policy=bounded) == 5


def _partly_at_fault_is_offending() -> None:
    assert _teams_session(Fault.PARTLY, (-300, 0)) == 0  # average
    assert _teams_session(Fault.PARTLY, (-300, 0), partly_at_fault_is_offending=True) == -7


def _imp_equivalent() -> None:
    assert _teams_session(Fault.NONE, (500, 0)) == 11  # session (3 + 11) / 2 > 3
    assert _teams_session(Fault.NONE, (500, 0), imp_equivalent=ImpEquivalent.NONE) == 3


def _imp_equivalent_threshold() -> None:
    assert _teams_session(Fault.NONE, (500, 0), imp_equivalent_threshold=F(8)) == 3
    assert _teams_session(Fault.NONE, (500, 0), imp_equivalent_threshold=F(6)) == 11


def _weighted_arithmetic() -> None:
    field = one_board([420, 170, -50, WEIGHTED])
    assert pairs_values(field)[3] != pairs_values(field, law12=RAW)[3]


def _forbid_weighting() -> None:
    field = one_board([420, 170, WEIGHTED])
    pairs_values(field, edition=L2007)
    with pytest.raises(AdjustedScoreError):
        pairs_values(field, edition=L2007, law12=Law12Config(forbid_weighting=True))


def _alternative_12C1e() -> None:
    field = one_board([420, 170, WEIGHTED])
    with pytest.raises(AdjustedScoreError):
        pairs_values(field, edition=L2007, law12=Law12Config(alternative_12C1e=True))


def _several_no_result_boards() -> None:
    field = p_session([Fault.NONE, Fault.NONE, 1000, -1000])
    provision = SeveralBoardsProvision(2, ArtificialValues(average_plus=F(55)))
    config = PairsConfig(law12=Law12Config(several_no_result_boards=provision))
    assert p_percent(score_pairs(field), 1) == 60
    assert p_percent(score_pairs(field, config=config), 1) == 55
    with pytest.raises(AdjustedScoreError, match="2007"):
        score_pairs(field, config=dataclasses.replace(config, edition=L2007))


def _teams_edition() -> None:
    results = match([(NOT_ACHIEVABLE, 100)])
    assert a_imps(score_teams(results, TeamsConfig(edition=L2007)), 1) == 2  # (8 - 4) / 2
    with pytest.raises(AdjustedScoreError):
        score_teams(results, TeamsConfig(edition=L2017))


def _teams_law12() -> None:
    _imp_average()


def _knockout() -> None:
    results = match([(Artificial(Fault.NONE, Fault.NONE), 100)])
    assert a_imps(score_teams(results), 1) == 3
    assert a_imps(score_teams(results, TeamsConfig(knockout=True)), 1) == 0


def _victory_points() -> None:
    def flat(margin: Fraction, boards: int) -> tuple[Decimal, Decimal]:
        return Decimal(20), Decimal(0)

    results = match([(420, 170)])
    assert score_teams(results).matches[0].home_vp != Decimal(20)
    assert score_teams(results, TeamsConfig(victory_points=flat)).matches[0].home_vp == 20


def _mp_convention() -> None:
    assert matchpoint_board([420, 170]).ns[0] == 2
    assert matchpoint_board([420, 170], conditions=MatchpointConditions("1/0.5")).ns[0] == 1


def _mp_factoring() -> None:
    scores: list[Score] = [420, 170, Artificial(Fault.NONE, Fault.NONE)]
    assert matchpoint_board(scores).ns[0] == F(7, 2)  # Neuberg to 3 results
    unfactored = MatchpointConditions(factoring="none")
    assert matchpoint_board(scores, conditions=unfactored).ns[0] == 2


def _tie_breaks() -> None:
    totals = {"A": F(10), "B": F(10)}
    assert [s.place for s in rank(totals)] == ["1=", "1="]
    config = RankingConfig(tie_breaks=(by_value({"A": 1, "B": 2}),))
    assert [s.contestant for s in rank(totals, config=config)] == ["B", "A"]


KEY_CHECKS: dict[tuple[type, str], Check] = {
    (PairsConfig, "convention"): _convention,
    (PairsConfig, "neuberg"): _neuberg,
    (PairsConfig, "expected"): _expected,
    (PairsConfig, "edition"): _pairs_edition,
    (PairsConfig, "law12"): _pairs_law12,
    (PairsConfig, "butler_drop"): _butler_drop,
    (PairsConfig, "butler_rounding"): _butler_rounding,
    (PairsConfig, "cross_divide"): _cross_divide,
    (ArtificialValues, "average_minus"): _average_minus,
    (ArtificialValues, "average"): _average,
    (ArtificialValues, "average_plus"): _average_plus,
    (ArtificialValues, "imp_average"): _imp_average,
    (ArtificialValues, "imp_partly"): _imp_partly,
    (Law12Config, "values"): _pairs_law12,
    (Law12Config, "other_boards"): _other_boards,
    (Law12Config, "aggregation"): _aggregation,
    (Law12Config, "session_rule_policy"): _session_rule_policy,
    (Law12Config, "partly_at_fault_is_offending"): _partly_at_fault_is_offending,
    (Law12Config, "imp_equivalent"): _imp_equivalent,
    (Law12Config, "imp_equivalent_threshold"): _imp_equivalent_threshold,
    (Law12Config, "weighted_arithmetic"): _weighted_arithmetic,
    (Law12Config, "forbid_weighting"): _forbid_weighting,
    (Law12Config, "alternative_12C1e"): _alternative_12C1e,
    (Law12Config, "several_no_result_boards"): _several_no_result_boards,
    (TeamsConfig, "edition"): _teams_edition,
    (TeamsConfig, "law12"): _teams_law12,
    (TeamsConfig, "knockout"): _knockout,
    (TeamsConfig, "victory_points"): _victory_points,
    (MatchpointConditions, "convention"): _mp_convention,
    (MatchpointConditions, "factoring"): _mp_factoring,
    (RankingConfig, "tie_breaks"): _tie_breaks,
}


@pytest.mark.parametrize("key", list(KEY_CHECKS), ids=lambda k: f"{k[0].__name__}.{k[1]}")
def test_law12_law78_config_key_changes_the_result(key: tuple[type, str]) -> None:
    KEY_CHECKS[key]()


def test_every_config_key_has_a_check() -> None:
    for cls in {cls for cls, _ in KEY_CHECKS}:
        keys = {f.name for f in dataclasses.fields(cls)}
        assert keys == {k for c, k in KEY_CHECKS if c is cls}, cls.__name__


def test_law86_options_refuse_law12_keys_that_law86_does_not_use() -> None:
    from dupbridge.scoring import TeamPlayOptions

    TeamPlayOptions(law12=Law12Config(values=ArtificialValues(imp_average=F(2))))
    with pytest.raises(AdjustedScoreError, match="Law 86"):
        TeamPlayOptions(law12=Law12Config(imp_equivalent=ImpEquivalent.NONE))
