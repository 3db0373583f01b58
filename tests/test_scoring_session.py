"""Scoring a session as a club scorer does (issue 15, item 6): the profile drives the
configuration, the types come from ``dupbridge.scoring``, a table result becomes
North-South points, total points, travellers, rankings overall and per direction,
personal score cards, individual events."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge import Board, Contract, Seat
from dupbridge.core.edition import Edition
from dupbridge.laws.machinery.profiles import load_profile
from dupbridge.laws.machinery.scoring_profile import law12_config, pairs_config, teams_config
from dupbridge.scoring import (
    AdjustedScoreError,
    Artificial,
    BoardResult,
    Fault,
    Outcome,
    PairsConfig,
    RankingConfig,
    Split,
    TeamsConfig,
    Weighted,
    by_value,
    individual_ranking,
    individual_totals,
    ns_score,
    ranking,
    score_card,
    score_pairs,
    score_teams,
    travellers,
)

F = Fraction


# --- the profile drives the configuration -------------------------------------------------


def test_law12C1c_2007_profile_forbidding_weighting_refuses_weighted_scores() -> None:
    aeb = pairs_config(load_profile("aeb-2007"))
    assert aeb.edition is Edition.LAWS_2007
    weighted = Weighted((Outcome(420, F(1, 2)), Outcome(-50, F(1, 2))))
    field = [BoardResult(1, "A", "B", 420), BoardResult(1, "C", "D", weighted)]
    score_pairs(field, config=aeb)  # the AEB allows weighting
    text = ('name = "x"\nedition = "2007"\nauthority = "X"\ntitle = "x"\n[options]\n'
            'weighted_scores_allowed = false\naverage_plus_percent = 65\nartificial_imps = 2\n')
    from dupbridge.laws.machinery.profiles import parse_profile

    strict = parse_profile(text)
    assert law12_config(strict).forbid_weighting
    with pytest.raises(AdjustedScoreError, match="board 1, table C"):
        score_pairs(field, config=pairs_config(strict))
    assert law12_config(strict).values.average_plus == 65
    assert teams_config(strict).law12.values.imp_average == 2


def test_law12C2a_profile_percentages_reach_the_field() -> None:
    wbf = pairs_config(load_profile("wbf-2017"), convention="1/0.5")
    assert wbf.convention == "1/0.5" and wbf.law12 == law12_config(load_profile("wbf-2017"))
    assert teams_config(load_profile("ffb-2017"), knockout=True).knockout


# --- board + contract + declarer + tricks --------------------------------------------------


def test_law77_ns_score_north_declarer_given_as_a_seat() -> None:
    """North is seat 0: given as a Seat (not text), he is still the declarer."""
    assert ns_score(Board(1), "3H", Seat.NORTH, 9) == 140
    assert ns_score(Board(1), "3H", Seat.NORTH, 8) == -50


def test_law77_ns_score_from_board_contract_declarer_tricks() -> None:
    assert ns_score(Board(1), "4S", "N", 10) == 420  # board 1: nobody vulnerable
    assert ns_score(Board(2), "4S", "E", 10) == -420  # NS vulnerable, EW not
    assert ns_score(Board(3), "4SX", "E", 8) == 500  # EW vulnerable: two down doubled
    assert ns_score(Board(4), "3NT S", tricks=9) == 600
    assert ns_score(Board(4), Contract.parse("3NT"), Seat.WEST, 8) == 100
    assert ns_score(Board(5), None) == 0 and ns_score(Board(5), "Pass") == 0
    with pytest.raises(ValueError, match="needs its declarer"):
        ns_score(Board(1), "4S", tricks=10)


# --- a small Mitchell: 3 NS pairs, 3 EW pairs, 3 boards ------------------------------------


def mitchell() -> list[BoardResult]:
    scores = {1: [420, 450, 170], 2: [-100, -100, 110], 3: [50, -620, 140]}
    return [BoardResult(b, f"N{(t + b) % 3 + 1}", f"E{t + 1}", s)
            for b, row in scores.items() for t, s in enumerate(row)]


def test_law78A_travellers_carry_each_direction_s_percentage() -> None:
    board1 = travellers(score_pairs(mitchell()))[1]
    assert [(line.result.score, line.ns, line.ew) for line in board1] == [
        (420, 2, 2), (450, 4, 0), (170, 0, 4)]
    assert [(line.ns_percentage, line.ew_percentage) for line in board1] == [
        (50, 50), (100, 0), (0, 100)]
    butler = travellers(score_pairs(mitchell(), "butler"))[1]
    assert butler[0].ns_percentage is None and butler[0].top is None


def test_law78D_two_winner_mitchell_ranks_each_direction() -> None:
    scored = score_pairs(mitchell())
    rankings = ranking(scored, by_direction=True)
    assert set(rankings) == {"NS", "EW"}
    assert {s.contestant for s in rankings["NS"]} == {"N1", "N2", "N3"}
    assert {s.contestant for s in rankings["EW"]} == {"E1", "E2", "E3"}
    for direction in ("NS", "EW"):
        percentages = [s.total for s in rankings[direction]]
        assert percentages == sorted(percentages, reverse=True)
        assert all(s.total == scored.pairs[s.contestant].percentage for s in rankings[direction])
    overall = ranking(scored)["overall"]
    assert len(overall) == 6


def test_law78D_tie_breaks_and_a_tie_that_stands() -> None:
    field = [BoardResult(1, "A", "B", 420), BoardResult(1, "C", "D", 420)]
    scored = score_pairs(field)
    ns = ranking(scored, by_direction=True)["NS"]
    assert [s.place for s in ns] == ["1=", "1="]
    broken = ranking(scored, by_direction=True,
                     config=RankingConfig(tie_breaks=(by_value({"A": 1, "C": 2}),)))["NS"]
    assert [s.contestant for s in broken] == ["C", "A"]


def test_law78D_arrow_switch_pair_keeps_its_own_direction() -> None:
    field = [*mitchell(), BoardResult(4, "E1", "N1", 100), BoardResult(4, "E2", "N2", 200)]
    rankings = ranking(score_pairs(field), by_direction=True)
    assert {s.contestant for s in rankings["EW"]} == {"E1", "E2", "E3"}


def test_law15_personal_score_card_in_board_order_with_running_total() -> None:
    card = score_card(score_pairs(mitchell()), "E1")
    assert [(line.board, line.direction, line.opponents) for line in card] == [
        (1, "EW", "N2"), (2, "EW", "N3"), (3, "EW", "N1")]
    assert card[-1].running_total == sum(line.value for line in card)
    assert card[0].percentage == 50
    with pytest.raises(KeyError):
        score_card(score_pairs(mitchell()), "nobody")


# --- total points and individual events -----------------------------------------------------


def test_law78C_total_points_adds_each_pair_s_points() -> None:
    field = [BoardResult(1, "A", "B", 420), BoardResult(2, "B", "A", -50),
             BoardResult(1, "C", "D", Split(420, 170)),
             BoardResult(2, "D", "C", Weighted((Outcome(100, F(1, 2)), Outcome(-100, F(1, 2)))))]
    scored = score_pairs(field, "total-points")
    assert scored.pairs["A"].total == 420 + 50
    assert scored.pairs["B"].total == -420 - 50
    assert scored.pairs["C"].total == 420 + 0
    assert scored.pairs["D"].total == -170 + 0
    with pytest.raises(AdjustedScoreError, match=r"board 3.*total points"):
        score_pairs([BoardResult(3, "A", "B", Artificial(Fault.NONE, Fault.DIRECTLY))],
                    "total-points")


def test_law12C3_individual_event_players_share_their_partnership_s_score() -> None:
    players = {"N1": ("ann", "bob"), "N2": ("cy", "dee"), "N3": ("eve", "fay"),
               "E1": ("gil", "hal"), "E2": ("ann", "ida"), "E3": ("bob", "jo")}
    scored = score_pairs(mitchell())
    totals = individual_totals(scored, players)
    assert totals["ann"].total == scored.pairs["N1"].total + scored.pairs["E2"].total
    assert totals["ann"].boards == 6 and totals["gil"].boards == 3
    standings = individual_ranking(scored, players)
    assert len(standings) == 10
    assert [s.total for s in standings] == sorted((s.total for s in standings), reverse=True)


def test_scoring_exports_what_a_caller_needs() -> None:
    import dupbridge.scoring as scoring

    for name in ("BoardResult", "Artificial", "Weighted", "Split", "Outcome", "Fault",
                 "PairsConfig", "TeamsConfig", "Law12Config", "FieldScore", "TeamsScore",
                 "PairTotal", "ns_score", "travellers", "ranking", "score_card"):
        assert name in scoring.__all__ and getattr(scoring, name) is not None
    assert isinstance(PairsConfig(), PairsConfig) and isinstance(TeamsConfig(), TeamsConfig)
    assert score_teams([BoardResult(1, "A", "B", 420), BoardResult(1, "B", "A", 420)]
                       ).matches[0].home_imps == 0


# --- Law 87 fouled boards and Law 86 rulings in the whole-field totals ---------------------


def test_law87B_fouled_board_is_matchpointed_in_groups_inside_the_field() -> None:
    from dupbridge.scoring import Announcer, FouledBoardFinding, FouledBoardMethod

    # board 9: tables 1-2 played the correct board, tables 3-4 a copy with two cards
    # swapped; board 10 played normally by the same pairs
    field = [BoardResult(9, f"N{n}", f"E{n}", s) for n, s in
             enumerate((420, 450, -100, 140), start=1)]
    field += [BoardResult(10, f"N{n}", f"E{n}", s) for n, s in
              enumerate((100, 200, 300, 400), start=1)]
    form_of = {"N1": "correct", "N2": "correct", "N3": "swapped", "N4": "swapped"}
    finding = FouledBoardFinding(form_of, FouledBoardMethod(Announcer.DIRECTOR))
    scored = score_pairs(field, fouled={9: finding})
    # each group of 2 Neuberg-factored to the 4 results: 0 -> 1, 2 -> 5 of a top of 6
    assert [scored.ns(i) for i in range(4)] == [1, 5, 1, 5]
    assert [scored.top(i) for i in range(4)] == [6, 6, 6, 6]
    assert scored.pairs["N2"].total == 5 + 2  # board 10: 200 beats 100 only
    unfouled = score_pairs(field)
    assert [unfouled.ns(i) for i in range(4)] == [4, 6, 0, 2]
    with pytest.raises(ValueError, match="87B"):
        score_pairs(field, "butler", fouled={9: finding})


def test_law86_ruling_in_imps_replaces_a_board_of_the_match() -> None:
    from dupbridge.scoring import MatchBoardRuling

    results = [BoardResult(1, "A", "B", 420), BoardResult(1, "B", "A", 170),
               BoardResult(2, "A", "B", 100)]  # board 2 played at one table only
    with pytest.raises(ValueError, match="86B3"):
        score_teams(results)
    ruling = MatchBoardRuling(2, "B", "A", F(3), F(-3), clause="86B3")
    scored = score_teams(results, rulings=[ruling])
    assert [(b.board, b.home_imps, b.away_imps) for b in scored.boards] == [
        (1, 6, -6), (2, -3, 3)]
    assert (scored.matches[0].home_imps, scored.matches[0].away_imps) == (3, -3)
    # a ruling also replaces a board played at both tables (86B2, 86D)
    both = [*results, BoardResult(2, "B", "A", 100)]
    assert score_teams(both, rulings=[ruling]).boards[1].home_imps == -3
