"""Law 90: procedural penalties, a separate line against a contestant's total, never in
the board comparisons; in individual events only the player at fault (12C3 / Law 89)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.registry import implementations
from dupbridge.scoring import (
    Contestant,
    Offence,
    PenaltyUnit,
    Player,
    ProceduralPenalty,
    apply_penalties,
    matchpoints,
    procedural_penalty,
    rank,
)
from dupbridge.scoring.penalties import offence_of, penalties_of


def test_law90_penalty_is_deducted_from_the_total_only() -> None:
    totals = {"1": Fraction(130), "2": Fraction(120), "3": Fraction(90)}
    pp = procedural_penalty(Contestant("1"), Fraction(3), PenaltyUnit.MATCHPOINTS, board=7)
    assert apply_penalties(totals, [pp]) == {"1": 127, "2": 120, "3": 90}
    assert totals["1"] == 130  # the totals given are not changed


def test_law90_board_comparisons_are_untouched() -> None:
    # A PP on the pair that scored +620 does not change anyone's matchpoints on the board:
    # it is not a score, it is a line on the total.
    scores = [620, 170, 620, -100]
    before = matchpoints(scores)
    pp = procedural_penalty(Contestant("NS1"), 2, PenaltyUnit.MATCHPOINTS, board=1)
    totals = dict(zip(["NS1", "NS2", "NS3", "NS4"], before, strict=True))
    after = apply_penalties(totals, [pp])
    assert matchpoints(scores) == before
    assert after["NS1"] == before[0] - 2 and after["NS3"] == before[2]


def test_law90_penalty_can_change_the_ranking() -> None:
    totals = {"A": Decimal("45.20"), "B": Decimal("44.10")}
    pp = procedural_penalty(
        Contestant("A"), Decimal("2"), PenaltyUnit.VPS, offence=Offence.SLOW_PLAY
    )
    assert [s.contestant for s in rank(apply_penalties(totals, [pp]))] == ["B", "A"]


def test_law90A_penalty_is_a_record_line_with_its_clause() -> None:
    pp = procedural_penalty(
        Player("Smith", "Team East"), 1, PenaltyUnit.IMPS, offence=Offence.WRONG_POCKET,
        board=12, note="card returned to the wrong pocket",
    )  # fmt: skip
    assert pp == ProceduralPenalty(
        Player("Smith", "Team East"), 1, PenaltyUnit.IMPS, Offence.WRONG_POCKET, "90B6", 12,
        "card returned to the wrong pocket",
    )  # fmt: skip


def test_law90A_penalty_deducts_a_positive_amount() -> None:
    with pytest.raises(ValueError, match="positive amount"):
        procedural_penalty(Contestant("A"), -1, PenaltyUnit.MATCHPOINTS)


def test_law90A_any_breach_not_listed_in_90B() -> None:
    pp = procedural_penalty(Contestant("A"), Fraction(1, 2), PenaltyUnit.PERCENT)
    assert pp.offence is Offence.OTHER and pp.clause == "90A"


def test_law90A_player_penalty_falls_on_his_pair_in_a_pairs_event() -> None:
    pp = procedural_penalty(Player("Ana", "NS3"), 1, PenaltyUnit.MATCHPOINTS)
    assert apply_penalties({"NS3": 50, "EW3": 50}, [pp]) == {"NS3": 49, "EW3": 50}


def test_law90A_individual_event_only_the_player_at_fault() -> None:
    # 12C3 / Law 89: Ana (at fault) and Bea (partner, in no way at fault) played board 4
    # together; only Ana's total is penalised.
    totals = {"Ana": Fraction(55), "Bea": Fraction(52), "Cid": Fraction(47)}
    pp = procedural_penalty(Player("Ana", "Ana+Bea"), Fraction(3), PenaltyUnit.MATCHPOINTS)
    assert apply_penalties(totals, [pp]) == {"Ana": 52, "Bea": 52, "Cid": 47}


def test_law90A_unknown_target_is_refused() -> None:
    pp = procedural_penalty(Contestant("Z"), 1, PenaltyUnit.MATCHPOINTS)
    with pytest.raises(ValueError, match="no contestant"):
        apply_penalties({"A": 1}, [pp])


def test_law90A_units_must_agree() -> None:
    mp = procedural_penalty(Contestant("A"), 1, PenaltyUnit.MATCHPOINTS)
    pct = procedural_penalty(Contestant("A"), 1, PenaltyUnit.PERCENT)
    with pytest.raises(ValueError, match="different units"):
        apply_penalties({"A": 10}, [mp, pct])
    with pytest.raises(ValueError, match="different units"):
        apply_penalties({"A": 10}, [mp], unit=PenaltyUnit.VPS)
    assert apply_penalties({"A": 10}, [mp, mp], unit=PenaltyUnit.MATCHPOINTS) == {"A": 8}


def test_law90A_penalties_of_one_contestant() -> None:
    first = procedural_penalty(Contestant("A"), 1, PenaltyUnit.IMPS)
    second = procedural_penalty(Player("Ana", "B"), 2, PenaltyUnit.IMPS)
    assert penalties_of("B", [first, second], ["A", "B"]) == [second]


@pytest.mark.parametrize(
    ("clause", "offence"),
    [
        ("90B1", Offence.LATE_ARRIVAL),
        ("90B2", Offence.SLOW_PLAY),
        ("90B3", Offence.AUDIBLE_DISCUSSION),
        ("90B4", Offence.COMPARING_SCORES),
        ("90B5", Offence.TOUCHING_CARDS),
        ("90B6", Offence.WRONG_POCKET),
        ("90B7", Offence.PROCEDURAL_ERROR),
        ("90B8", Offence.DISOBEYING_DIRECTOR),
        ("74B", Offence.OTHER),
    ],
)
def test_law90B_offences_by_clause(clause: str, offence: Offence) -> None:
    assert offence_of(clause) is offence


def test_law90B_listed_offence_cites_its_clause() -> None:
    pp = procedural_penalty(Contestant("A"), 1, PenaltyUnit.VPS, offence=Offence.LATE_ARRIVAL)
    assert pp.clause == "90B1"


@pytest.mark.parametrize("clause", ["90", "90A", "90B"])
def test_law90_clauses_registered_in_both_editions(clause: str) -> None:
    for edition in Edition:
        assert implementations(LawRef(edition, clause)), (edition, clause)
