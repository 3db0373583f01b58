"""Swiss pairing: each round, contestants of like score meet, and nobody meets an
opponent again whenever a pairing without a repeat meeting exists.

The pairing is a minimum-cost perfect matching. The cost of a match is the square of the
score difference; a repeat meeting is allowed only when there is no pairing without one
(then the fewest repeats, then the lowest cost). Both are guaranteed by a maximum-weight
matching of maximum cardinality (networkx's blossom algorithm, ``_exact``): first over the
meetings still allowed, where a perfect matching exists exactly when a pairing without a
repeat does; failing that over every meeting, a repeat weighing more than any cost.

The blossom algorithm is cubic in pure Python (about a second and a half for 200
contestants), so a large field is first searched by a branch and bound: when it finds a
pairing without a repeat there is nothing more to guarantee, and when it runs out of budget
without one the exact matching decides. The search runs in ranking order: the top
unpaired contestant takes each eligible opponent in turn, nearest score first, and a
branch is cut when its cost plus a lower bound for the rest reaches the best pairing
found. The bound is exact for the
unconstrained problem: with a convex cost on a line, pairing neighbours in score order is
optimal, so that pairing's cost can never be beaten by the rest of a branch.

An odd field adds a bye (contestant 0) ranked below everyone: the lowest-ranked
contestant who has not had one gets it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import networkx as nx

BYE = 0
# Up to this many contestants the exact matching is the whole method (some 20 ms of CPU
# at 32, 50 at 48): the cost is then proved minimal, not only the repeats fewest.
EXACT_UP_TO = 32


@dataclass(frozen=True, slots=True)
class SwissPairing:
    """The matches of a round (higher-ranked contestant first; ``(c, BYE)`` is a bye),
    how many of them are repeat meetings, their total cost, and whether the search ran to
    the end (``optimal``: the cost is the minimum, the repeats the fewest possible)."""

    matches: tuple[tuple[int, int], ...]
    repeats: int
    cost: float
    optimal: bool


class _Search:
    def __init__(self, order: list[int], score: Mapping[int, float],
                 met: Mapping[int, frozenset[int]], repeats_allowed: int, budget: int) -> None:
        self.order, self.score, self.met = order, score, met
        self.repeats_allowed = repeats_allowed
        self.budget, self.nodes = budget, 0
        self.best_cost = float("inf")
        self.best: list[tuple[int, int]] | None = None
        self.best_repeats = 0
        self.exhausted = True

    def run(self, rest: list[int], chosen: list[tuple[int, int]], cost: float,
            repeats: int) -> None:
        if not rest:
            if cost < self.best_cost:
                self.best_cost, self.best, self.best_repeats = cost, list(chosen), repeats
            return
        self.nodes += 1
        if self.nodes > self.budget:
            self.exhausted = False
            return
        first, s = rest[0], self.score
        values = [s[c] for c in rest]
        m = len(values)
        gap = [(values[i] - values[i + 1]) ** 2 for i in range(m - 1)] + [0.0]
        # head[i]: neighbours paired from rest[1] up to rest[i] (i odd: complete pairs);
        # tail[j]: neighbours paired from rest[j] to the end.
        head = [0.0] * (m + 1)
        for i in range(2, m, 2):
            head[i] = head[i - 2] + gap[i - 1]
        tail = [0.0] * (m + 2)
        for j in range(m - 2, -1, -1):
            tail[j] = tail[j + 2] + gap[j]
        met = self.met.get(first, frozenset())
        for k in range(1, m):
            other = rest[k]
            repeat = other in met
            if repeat and repeats >= self.repeats_allowed:
                continue
            step = (values[0] - values[k]) ** 2
            if k % 2:  # rest[1..k-1] pair among themselves
                bound = head[k - 1] + tail[k + 1]
            else:      # rest[k-1] pairs across the gap with rest[k+1]
                across = (values[k - 1] - values[k + 1]) ** 2 if k + 1 < m else 0.0
                bound = head[k - 2] + across + tail[k + 2]
            if cost + step + bound >= self.best_cost:
                continue
            chosen.append((first, other))
            self.run(rest[1:k] + rest[k + 1:], chosen, cost + step, repeats + repeat)
            chosen.pop()
            if self.nodes > self.budget:
                return


def swiss_pairing(standings: Mapping[int, float], met: Iterable[tuple[int, int]] = (),
                  *, byes: Iterable[int] = (), budget: int = 400) -> SwissPairing:
    """Pair ``standings`` (contestant -> score; contestant numbers from 1) for the next
    round, given the meetings so far (``met``: pairs of contestants) and who has had a
    bye. ``budget`` caps the branch and bound's nodes on a field larger than
    ``EXACT_UP_TO``; the fewest repeats are guaranteed whatever it is."""
    score = dict(standings)
    if BYE in score:
        raise ValueError("contestant numbers start at 1 (0 is the bye)")
    opponents: dict[int, set[int]] = {c: set() for c in score}
    for a, b in met:
        opponents.setdefault(a, set()).add(b)
        opponents.setdefault(b, set()).add(a)
    if len(score) % 2:
        score[BYE] = min(score.values(), default=0.0) - 1.0
        opponents[BYE] = set(byes)
        for c in byes:
            opponents.setdefault(c, set()).add(BYE)
    frozen = {c: frozenset(v) for c, v in opponents.items()}
    order = sorted(score, key=lambda c: (-score[c], c == BYE, c))
    if len(order) > EXACT_UP_TO:
        search = _Search(order, score, frozen, 0, budget)
        search.run(order, [], 0.0, 0)
        if search.best is not None:
            return SwissPairing(tuple(search.best), 0, search.best_cost, search.exhausted)
    return _exact(order, score, frozen)


def _exact(order: list[int], score: Mapping[int, float],
           met: Mapping[int, frozenset[int]]) -> SwissPairing:
    """The fewest repeats, then the lowest cost, by maximum-weight perfect matchings.
    Weights are integers (scores scaled to whole numbers), so the blossom algorithm
    computes exactly: a match weighs ``top - cost``, and a repeat ``top - cost - penalty``
    with the penalty above the cost of any whole pairing, so one repeat fewer always wins.
    Among pairings of equal cost, neighbours in the ranking meet (the cost is scaled and
    the square of the rank difference added, below one unit of it): 1 v 2, 3 v 4 in a
    first round, and the bye to the lowest-ranked contestant who has not had one."""
    whole = _whole(score, order)
    n = len(order)
    unit = n ** 3 + 1  # above any pairing's sum of squared rank differences
    cost = {(a, b): (whole[a] - whole[b]) ** 2 * unit + (j - i) ** 2
            for i, a in enumerate(order) for j, b in enumerate(order) if j > i}
    penalty = sum(sorted(cost.values())[-(n // 2):], 1)
    top = penalty * (n // 2 + 1)
    graph = nx.Graph()
    graph.add_nodes_from(order)
    graph.add_weighted_edges_from((a, b, top - c) for (a, b), c in cost.items()
                                  if b not in met.get(a, frozenset()))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < n:  # no pairing without a repeat: allow them, dearly
        graph.add_weighted_edges_from((a, b, top - c - penalty) for (a, b), c in cost.items()
                                      if b in met.get(a, frozenset()))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
    rank = {c: i for i, c in enumerate(order)}
    matches = sorted((tuple(sorted(m, key=rank.__getitem__)) for m in matching),
                     key=lambda m: rank[m[0]])
    repeats = sum(b in met.get(a, frozenset()) for a, b in matches)
    total = sum((score[a] - score[b]) ** 2 for a, b in matches)
    return SwissPairing(tuple((a, b) for a, b in matches), repeats, total, True)


def _whole(score: Mapping[int, float], order: list[int]) -> dict[int, int]:
    """The scores as integers in the same proportions, read as the decimals they print as
    (12.34 VPs is 1234/100, not the binary fraction nearest to it)."""
    exact = {c: Fraction(repr(float(score[c]))) for c in order}
    scale = lcm(*(f.denominator for f in exact.values()))
    return {c: int(f * scale) for c, f in exact.items()}


def minimum_repeats(pairing: Sequence[tuple[int, int]],
                    met: Iterable[tuple[int, int]]) -> int:
    """How many matches of ``pairing`` repeat a meeting of ``met``."""
    seen = {frozenset(m) for m in met}
    return sum(frozenset(m) in seen for m in pairing)
