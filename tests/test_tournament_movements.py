"""Movements (issue 15): every real movement file validates; one-cell mutations of them
are judged by the validator exactly as an independent check written here judges them;
generated Mitchells, Howells and team round robins validate; arrow switches raise the
balance and merge the two fields of a Mitchell."""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from dupbridge.app.club_night.movement_files import load_movements
from dupbridge.tournament.balance import arrow_switch, balance, choose_arrow_switches, winners
from dupbridge.tournament.howell import NoHowell, howell
from dupbridge.tournament.mitchell import EvenTables, mitchell
from dupbridge.tournament.movement import Encounter, Movement, encounters_by_round
from dupbridge.tournament.teams import knockout, round_robin, team_of
from dupbridge.tournament.validation import Plan, Rule, validate
from shared_paths import REALDATA

TABLES = REALDATA / "tables"
FILES = [*sorted((TABLES / "thebridsk_movements").glob("*Movement*.yaml")),
         TABLES / "emkael_howellki_movements.json",
         *sorted((TABLES / "bridgepal_individual").glob("*.txt"))]
MUTATIONS = int(os.environ.get("DUPBRIDGE_MUTATIONS", "1000"))


def _all_movements() -> dict[str, Movement]:
    found: dict[str, Movement] = {}
    for path in FILES:
        found.update({f"{Path(path).name}:{k}": m for k, m in load_movements(path).items()})
    return found


MOVEMENTS = _all_movements()


def test_law8_every_real_movement_file_keeps_its_plan() -> None:
    assert len(MOVEMENTS) == 26 + 69 + 4
    bad = {name: [str(v.message) for v in validate(m, Plan.of(m))][:3]
           for name, m in MOVEMENTS.items() if validate(m, Plan.of(m))}
    assert bad == {}


def _independent_ok(encounters: list[Encounter], plan: Plan) -> bool:
    """The rules of dupbridge.tournament.validation, written again another way: sorted
    lists and explicit searches instead of counters."""
    for e in encounters:
        if e.round < 1 or e.round > plan.rounds or e.table < 1 or e.table > plan.tables:
            return False
        people = list(e.ns) + list(e.ew)
        if any(p not in plan.contestants for p in people) or len(people) != len(set(people)):
            return False
    by_round: dict[int, list[Encounter]] = {}
    for e in encounters:
        by_round.setdefault(e.round, []).append(e)
    for same in by_round.values():
        tables = sorted(e.table for e in same)
        if any(a == b for a, b in itertools.pairwise(tables)):
            return False
        seated = sorted(p for e in same for p in e.ns + e.ew)
        if any(a == b for a, b in itertools.pairwise(seated)):
            return False
        boards = sorted(b for e in same for b in e.boards)
        for b in set(boards):
            if boards.count(b) > plan.copies:
                return False
        sets = [e.board_set for e in same if e.board_set is not None]
        if any(sets.count(s) > plan.copies for s in sets):
            return False
    all_boards = [b for e in encounters for b in e.boards]
    if all_boards:
        counts = sorted(all_boards.count(b) for b in set(all_boards))
        planned = plan.plays if plan.plays is not None else max(
            set(counts), key=lambda c: (counts.count(c), -c))
        if any(c != planned for c in counts):
            return False
    for person in plan.contestants:
        mine = [e for e in encounters if person in e.ns + e.ew]
        boards = [b for e in mine for b in e.boards]
        if len(boards) != len(set(boards)):
            return False
        sets = [e.board_set for e in mine if e.board_set is not None]
        if len(sets) != len(set(sets)):
            return False
        together: dict[int, int] = {}
        for e in mine:
            if len(e.ns) == 1 and len(e.ew) == 1:
                others = [p for p in e.ns + e.ew if p != person]
            else:
                others = [p for p in (e.ns if person in e.ns else e.ew) if p != person]
            for o in others:
                together[o] = together.get(o, 0) + 1
        if any(n > plan.meetings for n in together.values()):
            return False
    return True


def _mutate(movement: Movement, rng: random.Random) -> list[Encounter]:
    """One cell of one row changed to another value from the same column's range."""
    rows = list(movement.encounters)
    i = rng.randrange(len(rows))
    row = rows[i]
    cells = ["round", "table", "ns", "ew"] + (["boards"] if row.boards else [])
    cell = rng.choice(cells)
    if cell == "round":
        new = replace(row, round=_other(row.round, movement.rounds, rng))
    elif cell == "table":
        new = replace(row, table=_other(row.table, movement.tables, rng))
    elif cell in ("ns", "ew"):
        side = list(getattr(row, cell))
        k = rng.randrange(len(side))
        side[k] = _other(side[k], max(movement.contestants), rng)
        new = replace(row, **{cell: tuple(side)})
    else:
        boards = list(row.boards)
        k = rng.randrange(len(boards))
        if row.board_set is not None:  # a set-numbered row: the cell is the set
            per = len(boards)
            sets = max(e.board_set or 0 for e in movement.encounters)
            board_set = _other(row.board_set, sets, rng)
            new = replace(row, board_set=board_set,
                          boards=tuple(range((board_set - 1) * per + 1, board_set * per + 1)))
        else:
            boards[k] = _other(boards[k], max(movement.boards), rng)
            new = replace(row, boards=tuple(boards))
    rows[i] = new
    return rows


def _other(value: int, top: int, rng: random.Random) -> int:
    choices = [v for v in range(1, max(top, 2) + 1) if v != value]
    return rng.choice(choices)


def test_law15_one_cell_mutations_are_judged_as_the_independent_check_judges_them() -> None:
    rng = random.Random(15)
    names = sorted(MOVEMENTS)
    caught = kept_valid = 0
    for _ in range(MUTATIONS):
        movement = MOVEMENTS[rng.choice(names)]
        plan = Plan.of(movement)
        mutated = _mutate(movement, rng)
        ours = not validate(Movement(movement.name, tuple(mutated)), plan)
        theirs = _independent_ok(mutated, plan)
        assert ours == theirs, (movement.name, mutated)
        caught += not ours
        kept_valid += ours
    assert caught + kept_valid == MUTATIONS
    assert caught > 0.8 * MUTATIONS  # most one-cell changes break a movement


@pytest.mark.parametrize("tables", range(3, 16))
@pytest.mark.parametrize("even", list(EvenTables))
def test_law8_mitchell_keeps_its_plan(tables: int, even: EvenTables) -> None:
    movement = mitchell(tables, 2, even=even)
    plan = Plan.of(movement)
    assert validate(movement, plan) == []
    relay = tables % 2 == 0 and even is EvenTables.RELAY_AND_BYE
    assert plan.copies == (2 if relay else 1)
    assert movement.rounds == (tables if relay or tables % 2 else tables - 1)
    assert winners(movement) == 2


def test_law8_arrow_switch_chosen_to_raise_balance_and_give_one_winner() -> None:
    movement = mitchell(7, 3)
    rounds = choose_arrow_switches(movement)
    switched = arrow_switch(movement, rounds)
    assert rounds and balance(switched) > balance(movement)
    assert winners(switched) == 1
    assert validate(switched, Plan.of(switched)) == []
    # the chosen rounds beat every single round and the neighbours of the choice
    for r in range(1, 8):
        assert balance(arrow_switch(movement, (r,))) <= balance(switched) + 1e-9


def test_law8_arrow_switch_on_given_rounds_seats_ew_pairs_north_south() -> None:
    movement = mitchell(5, 2, arrow_switch=(4, 5))
    assert all(e.ns[0] > 5 for e in movement.in_round(5))
    assert all(e.ns[0] <= 5 for e in movement.in_round(3))
    assert encounters_by_round(movement)[4] == movement.in_round(4)


@pytest.mark.parametrize("pairs", [8, 10, 12])
def test_law8_generated_howell_every_pair_meets_every_pair_and_plays_every_set(pairs: int) -> None:
    movement = howell(pairs, 2)
    assert validate(movement, Plan.of(movement, meetings=1)) == []
    sets = Counter((c, e.board_set) for e in movement.encounters for c in e.contestants)
    assert len(sets) == pairs * (pairs - 1)
    assert balance(movement) > 75  # oriented: the circle order alone gives about 60


def test_law8_no_complete_howell_for_two_tables() -> None:
    with pytest.raises(NoHowell):
        howell(4, 2, budget=5_000)


@pytest.mark.parametrize("teams", [4, 5, 8, 9])
def test_law8_team_round_robin_every_match_once_on_duplicated_boards(teams: int) -> None:
    movement = round_robin(teams, 8)
    assert validate(movement, Plan.of(movement)) == []
    matches = {frozenset(team_of(c) for c in e.contestants) for e in movement.encounters}
    assert len(matches) == teams * (teams - 1) // 2


def test_law8_knockout_bracket_top_seeds_get_byes_and_meet_late() -> None:
    bracket = knockout(6)
    first = [m for m in bracket if m.stage == 1]
    assert [(m.home, m.away) for m in first] == [(1, None), (4, 5), (2, None), (3, 6)]
    assert max(m.stage for m in bracket) == 3


def test_law15_validator_names_a_pair_given_a_board_again() -> None:
    movement = mitchell(3, 2)
    first = movement.encounters[0]
    replayed = movement.revised([*movement.encounters[1:],
                                 replace(first, boards=movement.encounters[1].boards)],
                                "wrong boards")
    rules = {v.rule for v in validate(replayed, Plan.of(movement))}
    assert Rule.BOARD_REPLAYED in rules or Rule.PLAYS in rules
    assert replayed.version == 2
