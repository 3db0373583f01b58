"""How evenly a movement compares contestants with one another, and the arrow switches
that make it more even.

Two contestants are compared on a board when both play it in the same direction (their
scores go into the same matchpoint comparison) and they did not play it against each
other. The balance figure is 100 × (1 − the coefficient of variation of those counts over
every two contestants): 100 when everyone is compared with everyone equally often, lower
as the comparisons bunch up; a two-winner Mitchell scores low because North-South and
East-West pairs are never compared. This is the idea of the EBU's movement balance (how
evenly pairs are compared), in a figure of our own."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from itertools import combinations

from dupbridge.core.seats import Side
from dupbridge.tournament.movement import Encounter, Movement


def comparisons(encounters: Iterable[Encounter]) -> Counter[tuple[int, int]]:
    """For every two contestants (lower number first), on how many boards they are
    compared."""
    by_board: dict[int, dict[Side, list[int]]] = {}
    for e in encounters:
        for b in e.boards:
            seats = by_board.setdefault(b, {Side.NS: [], Side.EW: []})
            seats[Side.NS].extend(e.ns)
            seats[Side.EW].extend(e.ew)
    counts: Counter[tuple[int, int]] = Counter()
    for seats in by_board.values():
        for side in (Side.NS, Side.EW):
            for a, b in combinations(sorted(set(seats[side])), 2):
                counts[a, b] += 1
    return counts


def balance(movement: Movement) -> float:
    """The balance figure of the module docstring, 0 to 100."""
    contestants = movement.contestants
    counts = comparisons(movement.encounters)
    values = [counts.get(pair, 0) for pair in combinations(contestants, 2)]
    if not values:
        return 100.0
    mean = sum(values) / len(values)
    if mean == 0:
        return 0.0
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
    return max(0.0, 100.0 * (1 - spread / mean))


def fields(movement: Movement) -> list[set[int]]:
    """The groups of contestants linked by comparisons, each ranked on its own: two for a
    Mitchell without arrow switch (North-South, East-West), one with it. Phantoms are in
    no group."""
    parent = {c: c for c in movement.contestants if c not in movement.phantoms}

    def root(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for a, b in comparisons(movement.encounters):
        if a in parent and b in parent:
            parent[root(a)] = root(b)
    groups: dict[int, set[int]] = {}
    for c in parent:
        groups.setdefault(root(c), set()).add(c)
    return sorted(groups.values(), key=min)


def winners(movement: Movement) -> int:
    """How many separate rankings the movement gives (see ``fields``)."""
    return len(fields(movement))


def choose_arrow_switches(movement: Movement, *, most: int | None = None) -> tuple[int, ...]:
    """Rounds to arrow-switch, chosen greedily: add the round that raises the balance
    most, while one does (at most ``most`` rounds)."""
    chosen: list[int] = []
    best = balance(movement)
    limit = movement.rounds if most is None else most
    while len(chosen) < limit:
        trial = {r: balance(arrow_switch(movement, (*chosen, r)))
                 for r in range(1, movement.rounds + 1) if r not in chosen}
        if not trial:
            break
        r, value = max(trial.items(), key=lambda kv: (kv[1], -kv[0]))
        if value <= best + 1e-9:
            break
        chosen.append(r)
        best = value
    return tuple(sorted(chosen))


def arrow_switch(movement: Movement, rounds: Iterable[int]) -> Movement:
    """The movement with East-West sitting North-South in ``rounds``."""
    switched = set(rounds)
    return replace(movement, encounters=tuple(e.switched() if e.round in switched else e
                                              for e in movement.encounters))


def orient(movement: Movement, *, passes: int = 4) -> Movement:
    """Which pair of each match sits North-South, chosen to raise the balance: one
    match turned at a time while that helps (a Howell's arrow switches table by table)."""
    encounters = list(movement.encounters)
    best = balance(movement)
    for _ in range(passes):
        improved = False
        for i, e in enumerate(encounters):
            encounters[i] = e.switched()
            value = balance(Movement(movement.name, tuple(encounters)))
            if value > best + 1e-9:
                best, improved = value, True
            else:
                encounters[i] = e
        if not improved:
            break
    return replace(movement, encounters=tuple(encounters))
