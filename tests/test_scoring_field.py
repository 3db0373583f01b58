"""The field entry points (scoring.field, scoring.field_teams) against the exact per-board
reference functions (scoring.matchpoints, scoring.butler) and the facts of the issue."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.scoring import score_pairs, score_teams
from dupbridge.scoring.butler import butler, cross_imps
from dupbridge.scoring.field import PairsConfig
from dupbridge.scoring.field_teams import TeamsConfig
from dupbridge.scoring.imps import imps
from dupbridge.scoring.matchpoints import MatchpointConditions, matchpoint_board
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


def one_board(scores: list[Score], board: int = 1) -> list[BoardResult]:
    return [BoardResult(board, f"N{board}-{i}", f"E{board}-{i}", s) for i, s in enumerate(scores)]


# Hand-computed fields and the facts of the issue


def test_small_field_matchpoints_by_hand() -> None:
    # 420 beats 3 and ties 1 -> 2*3 + 1 = 7 of top 8; 170 beats 1 -> 2; -50 beats none.
    field = one_board([420, 420, 170, -50, 140])
    scored = score_pairs(field)
    assert [scored.ns(i) for i in range(5)] == [7, 7, 4, 0, 2]
    assert [scored.ew(i) for i in range(5)] == [1, 1, 4, 8, 6]
    assert scored.top(0) == 8
    assert scored.pairs["N1-0"].percentage == F(700, 8)


def test_one_half_convention_halves_the_units() -> None:
    scored = score_pairs(one_board([420, 420, 170]), config=PairsConfig(convention="1/0.5"))
    assert [scored.ns(i) for i in range(3)] == [F(3, 2), F(3, 2), 0]
    assert scored.top(0) == 2


def test_ebu_neuberg_example() -> None:
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    scored = score_pairs(one_board(scores), config=PairsConfig(expected=11))
    expected = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]
    assert [scored.ns(i) for i in range(10)] == [F(x) for x in expected]
    assert [scored.ew(i) for i in range(10)] == [F(x) for x in reversed(expected)]
    assert scored.top(0) == 20


def test_neuberg_is_automatic_for_the_board_played_fewer_times() -> None:
    field = one_board([100, 200, 300]) + one_board([100, 200], board=2)
    scored = score_pairs(field)
    # board 2: n=2, N=3: M' = (M+1)*3/2 - 1 -> 2 and 0 become 7/2 and 1/2 (top 4)
    assert [scored.ns(i) for i in range(3, 5)] == [F(1, 2), F(7, 2)]
    assert scored.top(3) == 4
    plain = score_pairs(field, config=PairsConfig(neuberg=False))
    assert [plain.ns(i) for i in range(3, 5)] == [0, 2]
    assert plain.top(3) == 2


def test_butler_club_example() -> None:
    field = one_board([-140, -140, 50, 100, -420, 50, 50])
    scored = score_pairs(field, "butler", PairsConfig(butler_drop=1))
    assert [scored.ns(i) for i in range(7)] == [-3, -3, 2, 4, -9, 2, 2]
    assert [scored.ew(i) for i in range(7)] == [3, 3, -2, -4, 9, -2, -2]
    second = one_board([-110, 50, 90, -200, 50, 50, -100])
    scored = score_pairs(second, "butler", PairsConfig(butler_drop=1))
    assert [scored.ns(i) for i in range(7)] == [-3, 2, 3, -5, 2, 2, -3]


def test_butler_datum_half_rounding_is_configurable() -> None:
    # mean -25: away -> -30 (so -50 is 1 IMP down), up -> -20 (-50 is 1 IMP down, 0 is 1 up)
    field = one_board([0, -50])
    away = score_pairs(field, "butler", PairsConfig(butler_rounding="half-away"))
    up = score_pairs(field, "butler", PairsConfig(butler_rounding="half-up"))
    assert [away.ns(0), away.ns(1)] == [imps(30), imps(-20)]
    assert [up.ns(0), up.ns(1)] == [imps(20), imps(-30)]


def test_cross_imps_divisions() -> None:
    field = one_board([620, 170, -100])
    total = score_pairs(field, "cross-imps", PairsConfig(cross_divide=None))
    assert total.ns(0) == imps(450) + imps(720) == 10 + 12
    assert score_pairs(field, "cross-imps").ns(0) == 11  # Cross2: by the comparisons
    assert score_pairs(field, "cross-imps", PairsConfig(cross_divide="n")).ns(0) == F(22, 3)
    assert total.ew(0) == -22


# Adjusted scores (errata A-1, B-2, B-3)


def test_artificial_table_is_not_compared_and_gets_its_percentage_of_the_full_top() -> None:
    field = one_board([420, 170, -50, Artificial(Fault.NONE, Fault.DIRECTLY)])
    scored = score_pairs(field)
    # the three results among themselves: 4, 2, 0 of top 4, Neuberg to 4 results (top 6)
    assert [scored.ns(i) for i in range(3)] == [F(17, 3), F(3), F(1, 3)]
    assert scored.top(3) == 6
    assert scored.ns(3) == F(60, 100) * 6  # average plus, of the full top
    assert scored.ew(3) == F(40, 100) * 6  # average minus


def test_artificial_score_follows_the_session_rule() -> None:
    # N1 scores top on boards 2 and 3 (100 %), then gets Avg+ on board 1: 12C2(c) gives
    # its percentage on the other boards, 100 %.
    field = [
        BoardResult(1, "N1", "E1", Artificial(Fault.NONE, Fault.DIRECTLY)),
        BoardResult(1, "N2", "E2", 100),
        BoardResult(1, "N3", "E3", 50),
        BoardResult(2, "N1", "E1", 600),
        BoardResult(2, "N2", "E2", 100),
        BoardResult(2, "N3", "E3", 50),
        BoardResult(3, "N1", "E1", 600),
        BoardResult(3, "N2", "E3", 100),
        BoardResult(3, "N3", "E2", 50),
    ]
    scored = score_pairs(field)
    assert scored.ns(0) == 4  # 100 % of top 4
    # E1 directly at fault and at 0 % on its other boards: 0 % rather than 40 %
    assert scored.ew(0) == 0
    assert score_pairs(field[:3]).ew(0) == F(16, 10)  # alone: average minus, 40 % of 4
    assert scored.pairs["N1"].percentage == 100


def test_weighted_score_stands_in_with_its_weights() -> None:
    weighted = Weighted((Outcome(420, F(3, 10)), Outcome(-50, F(7, 10))))
    scores: list[Score] = [420, 170, -50, weighted]
    scored = score_pairs(one_board(scores))
    reference = matchpoint_board(scores)
    assert [scored.ns(i) for i in range(4)] == list(reference.ns)
    assert [scored.ew(i) for i in range(4)] == list(reference.ew)
    # weighted: 0.3 * (2+2+1) + 0.7 * (0+0+1) = 2.2
    assert scored.ns(3) == F(22, 10)
    assert sum(scored.ns(i) + scored.ew(i) for i in range(4)) == 4 * 3 * 2


def test_split_score_compares_each_direction_on_its_own_score() -> None:
    scores: list[Score] = [420, 170, -50, Split(420, -50)]
    scored = score_pairs(one_board(scores))
    reference = matchpoint_board(scores)
    assert [scored.ns(i) for i in range(4)] == list(reference.ns)
    assert [scored.ew(i) for i in range(4)] == list(reference.ew)
    assert scored.ns(3) == 5 and scored.ew(3) == 5  # both sides compared on their own


# Random fields against the exact reference functions

plain_scores = st.sampled_from([-500, -200, -100, -50, 0, 90, 110, 140, 170, 420, 450, 620, 1430])
adjusted = st.one_of(
    plain_scores,
    st.builds(Artificial, st.sampled_from(list(Fault)), st.sampled_from(list(Fault))),
    st.builds(
        lambda a, b, w: Weighted((Outcome(a, F(w, 10)), Outcome(b, F(10 - w, 10)))),
        plain_scores, plain_scores, st.integers(1, 9),
    ),
    st.builds(Split, plain_scores, plain_scores),
)
boards_of = st.lists(st.lists(plain_scores, min_size=1, max_size=9), min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(adjusted, min_size=1, max_size=8), min_size=1, max_size=4),
       st.sampled_from(["2/1", "1/0.5"]), st.booleans())
def test_random_fields_match_the_per_board_reference(
    boards: list[list[Score]], convention: str, neuberg: bool
) -> None:
    field = [r for b, scores in enumerate(boards, start=1) for r in one_board(scores, b)]
    config = PairsConfig(convention=convention, neuberg=neuberg)  # type: ignore[arg-type]
    scored = score_pairs(field, config=config)
    expected = max(len(scores) for scores in boards)
    conditions = MatchpointConditions(convention, "neuberg" if neuberg else "none")  # type: ignore[arg-type]
    start = 0
    for scores in boards:
        if any(not isinstance(s, Artificial) for s in scores):
            reference = matchpoint_board(scores, expected, conditions)
            for i, score in enumerate(scores):
                if not isinstance(score, Artificial):
                    assert scored.ns(start + i) == reference.ns[i]
                    assert scored.ew(start + i) == reference.ew[i]
                    assert scored.top(start + i) == reference.top
        start += len(scores)


@settings(max_examples=60, deadline=None)
@given(boards_of, st.sampled_from([0, 1, "auto"]),
       st.sampled_from(["half-away", "half-up", "half-even"]))
def test_random_fields_butler_matches_the_reference(
    boards: list[list[int]], drop: int | str, rounding: str
) -> None:
    field = [r for b, scores in enumerate(boards, start=1) for r in one_board(list(scores), b)]
    config = PairsConfig(butler_drop=drop, butler_rounding=rounding)  # type: ignore[arg-type]
    scored = score_pairs(field, "butler", config)
    start = 0
    for scores in boards:
        k = 0 if drop == "auto" else int(drop)
        if len(scores) - 2 * k >= 1:
            _, reference = butler(scores, drop, rounding)  # type: ignore[arg-type]
            assert [scored.ns(start + i) for i in range(len(scores))] == reference
            assert [scored.ew(start + i) for i in range(len(scores))] == [-x for x in reference]
        start += len(scores)


@settings(max_examples=60, deadline=None)
@given(boards_of, st.sampled_from(["comparisons", "n", None]))
def test_random_fields_cross_imps_match_the_reference(
    boards: list[list[int]], divide: str | None
) -> None:
    field = [r for b, scores in enumerate(boards, start=1) for r in one_board(list(scores), b)]
    scored = score_pairs(field, "cross-imps", PairsConfig(cross_divide=divide))  # type: ignore[arg-type]
    start = 0
    for scores in boards:
        reference = cross_imps(scores, divide)  # type: ignore[arg-type]
        assert [scored.ns(start + i) for i in range(len(scores))] == reference
        start += len(scores)


@settings(max_examples=40, deadline=None)
@given(boards_of)
def test_pair_totals_are_the_sums_of_the_board_values(boards: list[list[int]]) -> None:
    field = [
        BoardResult(b, f"N{i}", f"E{i}", s)
        for b, scores in enumerate(boards, start=1)
        for i, s in enumerate(scores)
    ]
    scored = score_pairs(field)
    for pair, total in scored.pairs.items():
        mine = [
            scored.ns(i) if r.ns == pair else scored.ew(i)
            for i, r in enumerate(field)
            if pair in (r.ns, r.ew)
        ]
        assert total.total == sum(mine, F(0))
        assert total.boards == len(mine)


# Team matches


def test_team_match_imps_and_victory_points() -> None:
    def flat(margin: Fraction, boards: int) -> tuple[Decimal, Decimal]:
        return Decimal(10) + Decimal(int(margin)), Decimal(10) - Decimal(int(margin))

    results = [
        BoardResult(1, "A", "B", 620), BoardResult(1, "B", "A", 170),  # A +450: +10
        BoardResult(2, "A", "B", -100), BoardResult(2, "B", "A", 110),  # A -210: -5
        BoardResult(3, "A", "B", 420), BoardResult(3, "B", "A", Artificial(Fault.NONE, Fault.NONE)),
    ]
    scored = score_teams(results, TeamsConfig(victory_points=flat))
    by_board = {b.board: (b.home_imps, b.away_imps) for b in scored.boards}
    assert by_board[1] == (10, -10)
    assert by_board[2] == (-5, 5)
    assert by_board[3] == (3, 3)  # neither team at fault: +3 / +3 (errata §0.2)
    match = scored.matches[0]
    assert (match.home_imps, match.away_imps) == (8, -2)
    assert (match.home_vp, match.away_vp) == (Decimal(18), Decimal(8))
    knockout = score_teams(results, TeamsConfig(knockout=True, victory_points=flat))
    assert {b.board: b.home_imps for b in knockout.boards}[3] == 0  # 12C4 averaging


def test_team_match_weighted_and_split() -> None:
    weighted = Weighted((Outcome(620, F(1, 2)), Outcome(-100, F(1, 2))))
    results = [BoardResult(1, "A", "B", weighted), BoardResult(1, "B", "A", 170),
               BoardResult(2, "A", "B", Split(620, 170)), BoardResult(2, "B", "A", -100)]
    scored = score_teams(results, TeamsConfig(victory_points=lambda m, b: (Decimal(0),) * 2))
    first, second = scored.boards
    assert first.home_imps == F(1, 2) * imps(450) + F(1, 2) * imps(-270)
    assert first.away_imps == -first.home_imps
    assert second.home_imps == imps(620 - (-100))  # A: NS 620 at table 1, EW at table 2
    assert second.away_imps == imps(-100 - 170)  # B: NS -100, EW on 170


def test_team_match_with_wbf_scale() -> None:
    vp = pytest.importorskip("dupbridge.scoring.vp")
    results = [BoardResult(b, "A", "B", 420 if b == 1 else 0) for b in range(1, 17)]
    results += [BoardResult(b, "B", "A", 400 if b == 1 else 0) for b in range(1, 17)]
    scored = score_teams(results)
    match = scored.matches[0]
    assert match.home_imps == 1
    assert (match.home_vp, match.away_vp) == vp.wbf_vp(1, 16)
    assert match.home_vp == Decimal("10.31")
