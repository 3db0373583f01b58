"""Mid-session changes (issue 15): each makes a new version of the movement, validated
again, lists the results it affects, and never gives a pair a board twice (Law 15)."""

from __future__ import annotations

from collections import Counter

import pytest

from dupbridge.core.edition import Edition
from dupbridge.tournament import Plan, mitchell, validate
from dupbridge.tournament.changes import (
    ChangeRefused,
    Effect,
    expected_results,
    late_pair,
    missed_arrow_switch,
    withdrawal,
    wrong_boards,
)


def _club(tables: int = 7) -> tuple:
    """A Mitchell whose EW pair 14 is a phantom (13 pairs)."""
    movement = mitchell(tables, 3).with_phantoms({2 * tables})
    return movement, Plan.of(movement)


def _no_replay(movement) -> None:
    seen = Counter((c, b) for e in movement.encounters for c in e.contestants for b in e.boards)
    assert max(seen.values()) == 1


def test_law8_late_pair_takes_the_phantoms_seat_after_round_one() -> None:
    movement, plan = _club()
    revision = late_pair(movement, plan, late=15, phantom=14, from_round=2)
    after = revision.movement
    assert after.version == 2 and revision.valid
    assert all(15 not in e.contestants for e in after.in_round(1))
    assert any(15 in e.contestants for e in after.in_round(2))
    sat_out = {a.board for a in revision.affected if a.effect is Effect.SIT_OUT}
    assert sat_out == set(next(e for e in movement.in_round(1) if 14 in e.contestants).boards)
    assert after.phantoms == {14}  # still the phantom of round 1
    _no_replay(after)
    assert expected_results(after) == 7  # the full field's results on most boards


def test_law8_withdrawal_leaves_a_phantom_and_sit_outs() -> None:
    movement, plan = _club()
    revision = withdrawal(movement, plan, pair=3, phantom=20, from_round=5)
    assert {a.round for a in revision.affected} == {5, 6, 7}
    assert all(a.effect is Effect.SIT_OUT for a in revision.affected)
    assert 20 in revision.movement.phantoms
    assert validate(revision.movement, Plan.of(revision.movement)) == []


def test_law15B1_2017_wrong_board_played_before_is_cancelled_and_never_replayed() -> None:
    movement, plan = _club()
    first = movement.in_round(1)[0]          # table 1, NS 1 v EW 8, set 1
    second = movement.in_round(2)[0]         # table 1 in round 2: NS 1 plays another set
    # in round 2 table 1 plays set 1 again (NS 1 had it) and one board of set 3
    played = (first.boards[0], movement.in_round(3)[0].boards[0])
    revision = wrong_boards(movement, plan, round_number=2, table=1, played=played,
                            edition=Edition.LAWS_2017)
    effects = {(a.board, a.effect, str(a.law)) for a in revision.affected if a.round == 2}
    assert (first.boards[0], Effect.CANCELLED, "2017 Law 15B1") in effects
    assert (played[1], Effect.STANDS, "2017 Law 15B2") in effects
    assert {a.board for a in revision.affected if a.effect is Effect.NOT_PLAYED} == set(second.boards)
    # NS 1 was to play set 3 in round 3: the board it has now played is taken away (15B3)
    later = [a for a in revision.affected if a.round > 2]
    assert later and all(a.effect is Effect.CANCELLED and str(a.law) == "2017 Law 15B3" for a in later)
    _no_replay(revision.movement)


def test_law15A1_2007_wrong_board_nobody_played_stands() -> None:
    movement, plan = _club()
    board = movement.in_round(4)[0].boards[0]
    revision = wrong_boards(movement, plan, round_number=2, table=1, played=(board,),
                            edition=Edition.LAWS_2007)
    assert any(a.effect is Effect.STANDS and str(a.law) == "2007 Law 15A1" for a in revision.affected)
    _no_replay(revision.movement)


def test_law8_missed_arrow_switch_scores_the_directions_played() -> None:
    movement = mitchell(5, 2, arrow_switch=(5,))
    plan = Plan.of(movement)
    revision = missed_arrow_switch(movement, plan, round_number=5, table=2)
    changed = next(e for e in revision.movement.in_round(5) if e.table == 2)
    assert changed.ns[0] <= 5  # NS stayed NS
    assert {a.effect for a in revision.affected} == {Effect.DIRECTIONS_AS_PLAYED}
    with pytest.raises(ChangeRefused):
        missed_arrow_switch(movement, plan, round_number=5, table=9)


def test_law15_a_change_that_would_break_the_movement_is_refused() -> None:
    movement, plan = _club()
    with pytest.raises(ChangeRefused):
        late_pair(movement, plan, late=3, phantom=14, from_round=2)  # 3 is already playing
