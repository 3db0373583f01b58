"""Swiss pairing (issue 15): no repeat meeting whenever a pairing without one exists,
checked against an exhaustive oracle on small fields and by Dirac's theorem on large ones
(while each contestant has met fewer than half the field, the graph of allowed meetings
has a perfect matching); the minimum cost checked against the oracle. Simulated events:
a few by default, ``DUPBRIDGE_SWISS_EVENTS=10000`` for the long run."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.swiss import BYE, swiss_pairing
from dupbridge.tournament.validation import Plan, validate

EVENTS = int(os.environ.get("DUPBRIDGE_SWISS_EVENTS", "100"))


def _matchings(people: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for k, other in enumerate(rest):
        for more in _matchings(rest[:k] + rest[k + 1:]):
            yield [(first, other), *more]


def _oracle(score: dict[int, float], met: set[frozenset[int]]) -> tuple[int, float]:
    """Fewest repeats, then the lowest cost, over every perfect matching."""
    best = (10**9, float("inf"))
    for matching in _matchings(sorted(score)):
        repeats = sum(frozenset(m) in met for m in matching)
        cost = sum((score[a] - score[b]) ** 2 for a, b in matching)
        best = min(best, (repeats, cost))
    return best


def _simulate(teams: int, rounds: int, rng: random.Random, *, oracle: bool) -> int:
    """A Swiss event with random match results; returns the repeat meetings made."""
    score = {t: 0.0 for t in range(1, teams + 1)}
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    repeats = 0
    encounters = []
    for r in range(1, rounds + 1):
        pairing = swiss_pairing(score, [tuple(m) for m in met], byes=byes)  # type: ignore[misc]
        if oracle:
            field = dict(score)
            allowed = set(met)
            if teams % 2:
                field[BYE] = min(score.values()) - 1
                allowed |= {frozenset((BYE, b)) for b in byes}
            assert pairing.optimal
            assert (pairing.repeats, pairing.cost) == _oracle(field, allowed)
        elif max((sum(1 for m in met if t in m) for t in score), default=0) < teams // 2 - 1:
            assert pairing.repeats == 0  # Dirac: a pairing without repeats exists
        seen = sorted(c for m in pairing.matches for c in m)
        assert seen == sorted([*score, *([BYE] if teams % 2 else [])])
        for table, (a, b) in enumerate(pairing.matches, 1):
            if BYE in (a, b):
                byes.append(a if b == BYE else b)
                score[byes[-1]] += 12
                continue
            repeats += frozenset((a, b)) in met
            met.add(frozenset((a, b)))
            v = rng.randint(0, 20)
            score[a] += v
            score[b] += 20 - v
            encounters.append(Encounter(r, table, (a,), (b,)))
    if repeats == 0:
        movement = Movement("swiss", tuple(encounters))
        assert validate(movement, Plan.of(movement, meetings=1)) == []
    return repeats


def test_law8_swiss_small_fields_match_the_exhaustive_oracle() -> None:
    rng = random.Random(8)
    for _ in range(max(EVENTS // 6, 4)):
        teams = rng.randint(4, 10)
        _simulate(teams, teams - 1, rng, oracle=True)


def test_law8_swiss_large_fields_make_no_repeat_meeting() -> None:
    rng = random.Random(80)
    for _ in range(EVENTS):
        teams = rng.randint(8, 200)
        rounds = min(teams // 2 - 1, rng.randint(4, 12))
        assert _simulate(teams, rounds, rng, oracle=False) == 0


def test_law8_swiss_bye_goes_to_the_lowest_contestant_without_one() -> None:
    pairing = swiss_pairing({1: 30, 2: 20, 3: 10}, byes=[3])
    assert (2, BYE) in pairing.matches and (1, 3) in pairing.matches


@st.composite
def _histories(draw: st.DrawFn) -> tuple[dict[int, float], list[tuple[int, int]], list[int]]:
    """A field of up to 10 contestants, their scores, and any set of past meetings (not
    only those a Swiss would make: the guarantee must hold for every history)."""
    teams = draw(st.integers(2, 10))
    score = {t: float(draw(st.integers(0, 6))) for t in range(1, teams + 1)}
    pairs = [(a, b) for a in score for b in score if a < b]
    met = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    byes = draw(st.lists(st.sampled_from(sorted(score)), unique=True)) if teams % 2 else []
    return score, met, byes


@settings(max_examples=300, deadline=None)
@given(_histories())
def test_law8_swiss_no_avoidable_repeat_against_every_pairing(
        history: tuple[dict[int, float], list[tuple[int, int]], list[int]]) -> None:
    """Over random histories (repeats unavoidable included), the pairing has the fewest
    repeats and then the lowest cost of every perfect matching, found exhaustively."""
    score, met, byes = history
    pairing = swiss_pairing(score, met, byes=byes)
    field = dict(score)
    allowed = {frozenset(m) for m in met}
    if len(score) % 2:
        field[BYE] = min(score.values()) - 1
        allowed |= {frozenset((BYE, b)) for b in byes}
    assert pairing.optimal
    assert (pairing.repeats, pairing.cost) == _oracle(field, allowed)
    assert sorted(c for m in pairing.matches for c in m) == sorted(field)


def test_law8_swiss_large_field_repeat_free_pairing_found_when_the_search_gives_up() -> None:
    """A field above the exact limit with a budget of one node: the branch and bound
    gives up, and the matching still finds the only pairing without a repeat."""
    teams = 60
    score = {t: float(t) for t in range(1, teams + 1)}
    # Everyone has met everyone but their 'mirror' (t, 61 - t): that pairing is forced.
    met = [(a, b) for a in score for b in score if a < b and a + b != teams + 1]
    pairing = swiss_pairing(score, met, budget=1)
    assert pairing.repeats == 0
    assert {frozenset(m) for m in pairing.matches} == {
        frozenset((t, teams + 1 - t)) for t in range(1, teams // 2 + 1)}
