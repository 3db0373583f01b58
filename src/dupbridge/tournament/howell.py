"""Howell movements generated where no published table fits: every pair meets every other
pair once and plays every board set once, the sets moving down one table a round.

The pairings of each round come from the circle method (pair ``pairs`` stays, the others
rotate); which pairing sits at which table is searched so that no pair meets a set twice.
A published table (the KoPS Howells, read by ``dupbridge.formats``) is preferred where
one exists; this is the fallback."""

from __future__ import annotations

import random

from dupbridge.core.messages import msg
from dupbridge.tournament.balance import orient
from dupbridge.tournament.boards import BoardSets
from dupbridge.tournament.movement import Encounter, Movement

# The cut (3/4) Howells the KoPS tables publish, by tables: the rounds of each (the keys
# "tables-rounds" of KoPS howell.dat as emkael/howellki's movements.json lists them, such
# as 6-8). Only the counts are kept here, to name them when a cut Howell is asked for;
# the tables themselves are read from that file (``dupbridge.formats.movements``).
KOPS_CUT_HOWELLS: dict[int, tuple[int, ...]] = {
    5: (7,), 6: (8, 9, 10), 7: (9, 10, 11, 12), 8: (10, 11, 12, 13, 14),
    9: (11, 12, 13, 14, 15, 16), 10: (12, 13, 14, 15, 16, 17, 18),
    11: (13, 14, 15, 16, 17, 18, 19), 12: (14, 15, 16, 17, 18, 19), 13: (15, 16, 17, 18, 19),
    14: (16, 17, 18, 19), 15: (17, 18, 19), 16: (18, 19), 17: (19,),
}


class NoHowell(ValueError):
    """No complete Howell was found for this field within the search's budget."""


def circle_rounds(contestants: int) -> list[list[tuple[int, int]]]:
    """The circle method (Berger tables): ``contestants - 1`` rounds in which every two
    contestants meet once. An odd field gets a phantom ``contestants + 1``."""
    n = contestants + contestants % 2
    others = list(range(1, n))
    rounds = []
    for r in range(n - 1):
        ring = others[r:] + others[:r]
        pairs = [(n, ring[0])] + [(ring[i], ring[n - 1 - i]) for i in range(1, n // 2)]
        rounds.append([(a, b) if (r + i) % 2 else (b, a) for i, (a, b) in enumerate(pairs)])
    return rounds


def howell(pairs: int, boards_per_round: int, *, seed: int = 0, budget: int = 200_000
           ) -> Movement:
    """A complete Howell for an even number of ``pairs`` (an odd field: add a phantom
    pair and let its opponents sit out): ``pairs - 1`` rounds and sets, every pair playing
    every set once. Raises ``NoHowell`` when none is found within ``budget`` steps (none
    exists for four pairs: two tables need a relay or two meetings).

    A cut Howell (3/4 Howell) is not generated: keeping every board played equally often
    needs as many sets as rounds with every pair playing each set once, which the circle
    method's first rounds rarely allow (tried: none for 12 pairs in 7 to 10 rounds; a
    random choice of the circle's rounds with each set played once per table found one
    for 14 pairs in 10 rounds and none for 8 to 24 pairs otherwise, within 200 000 steps:
    the arrays are Howell designs H(rounds, pairs), whose constructions are case by case).
    The published KoPS tables have them (``6-8`` is 12 pairs in 8 rounds, the counts in
    ``KOPS_CUT_HOWELLS``), read from a movement file."""
    if pairs < 4 or pairs % 2:
        raise ValueError(msg("a Howell needs an even number of pairs, four or more"))
    rounds = pairs - 1
    sets = BoardSets(rounds, boards_per_round)
    schedule = circle_rounds(pairs)
    chosen = _assign_sets(schedule, pairs, random.Random(seed), budget)
    if chosen is None:
        raise NoHowell(f"no Howell for {pairs} pairs within {budget} steps")
    encounters = []
    for r, (matches, round_sets) in enumerate(zip(schedule, chosen, strict=True)):
        for t, ((ns, ew), board_set) in enumerate(zip(matches, round_sets, strict=True)):
            encounters.append(Encounter(r + 1, t + 1, (ns,), (ew,),
                                        sets.boards_of(board_set + 1), board_set + 1))
    return orient(Movement(f"Howell {pairs} pairs", tuple(encounters)))


def barometer(pairs: int, boards_per_round: int, *, rounds: int | None = None
              ) -> Movement:
    """A barometer: the pairs meet as in a Howell (the circle method; an odd field has a
    phantom whose opponents sit out), and every table plays the same set in a round, so
    that each round's results can be released as soon as it ends. ``rounds`` cuts it."""
    if pairs < 4:
        raise ValueError("a barometer needs four pairs or more")
    schedule = circle_rounds(pairs)
    played = len(schedule) if rounds is None else rounds
    if not 1 <= played <= len(schedule):
        raise ValueError(f"a barometer of {pairs} pairs has from 1 to {len(schedule)} rounds")
    sets = BoardSets(played, boards_per_round)
    encounters = [Encounter(r + 1, t + 1, (ns,), (ew,), sets.boards_of(r + 1), r + 1)
                  for r, matches in enumerate(schedule[:played])
                  for t, (ns, ew) in enumerate(matches)]
    movement = orient(Movement(f"Barometer {pairs} pairs", tuple(encounters)))
    if pairs % 2:
        movement = movement.with_phantoms([pairs + 1])
    return movement


def _assign_sets(schedule: list[list[tuple[int, int]]], pairs: int, rng: random.Random,
                 budget: int) -> list[list[int]] | None:
    """A set for every match: different within a round, different for each pair over the
    session. Back-tracking on the match with the fewest sets left (bit masks), restarted
    in a new random order when one attempt runs long."""
    matches = [(r, i, a, b) for r, round_matches in enumerate(schedule)
               for i, (a, b) in enumerate(round_matches)]
    steps = 0
    while steps < budget:
        attempt = _SetSearch(schedule, pairs, matches, rng,
                             min(budget - steps, 20 * len(matches) + 2000))
        found = attempt.solve()
        steps += attempt.steps
        if found:
            return attempt.result
    return None


class _SetSearch:
    def __init__(self, schedule: list[list[tuple[int, int]]], pairs: int,
                 matches: list[tuple[int, int, int, int]], rng: random.Random,
                 limit: int) -> None:
        self.rounds = len(schedule)
        self.full = (1 << self.rounds) - 1
        self.round_used = [0] * self.rounds
        self.pair_used = [0] * (pairs + 1)
        self.result = [[-1] * len(m) for m in schedule]
        self.open = list(matches)
        rng.shuffle(self.open)
        self.rng, self.limit, self.steps = rng, limit, 0

    def _free(self, r: int, a: int, b: int) -> int:
        return self.full & ~(self.round_used[r] | self.pair_used[a] | self.pair_used[b])

    def _set(self, r: int, a: int, b: int, bit: int, on: bool) -> None:
        for used, key in ((self.round_used, r), (self.pair_used, a), (self.pair_used, b)):
            used[key] = used[key] | bit if on else used[key] & ~bit

    def solve(self) -> bool:
        if not self.open:
            return True
        self.steps += 1
        if self.steps > self.limit:
            return False
        best, fewest = 0, self.rounds + 1
        for k, (r, _, a, b) in enumerate(self.open):
            n = self._free(r, a, b).bit_count()
            if n < fewest:
                best, fewest = k, n
                if n <= 1:
                    break
        if fewest == 0:
            return False
        r, i, a, b = self.open.pop(best)
        free = self._free(r, a, b)
        options = [s for s in range(self.rounds) if free >> s & 1]
        self.rng.shuffle(options)
        for s in options:
            self._set(r, a, b, 1 << s, True)
            self.result[r][i] = s
            if self.solve():
                return True
            self._set(r, a, b, 1 << s, False)
        self.open.insert(best, (r, i, a, b))
        return False
