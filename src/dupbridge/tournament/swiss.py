"""Swiss pairing: each round, contestants of like score meet, and nobody meets an
opponent again whenever a pairing without a repeat meeting exists.

The pairing is a minimum-cost perfect matching. The cost of a match is the square of the
score difference; a repeat meeting is allowed only when the search proves there is no
pairing without one (then the fewest repeats, then the lowest cost). The search is a
branch and bound in ranking order: the top unpaired contestant takes each eligible
opponent in turn, nearest score first, and a branch is cut when its cost plus a lower
bound for the rest reaches the best pairing found. The bound is exact for the
unconstrained problem: with a convex cost on a line, pairing neighbours in score order is
optimal, so that pairing's cost can never be beaten by the rest of a branch.

An odd field adds a bye (contestant 0) ranked below everyone: the lowest-ranked
contestant who has not had one gets it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

BYE = 0


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
                  *, byes: Iterable[int] = (), budget: int = 2_000) -> SwissPairing:
    """Pair ``standings`` (contestant -> score; contestant numbers from 1) for the next
    round, given the meetings so far (``met``: pairs of contestants) and who has had a
    bye. ``budget`` caps the search's nodes per attempt."""
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
    optimal = True
    for allowed in range(0, len(order) // 2 + 1):
        search = _Search(order, score, frozen, allowed, budget)
        search.run(order, [], 0.0, 0)
        optimal = optimal and search.exhausted
        if search.best is not None:
            return SwissPairing(tuple(search.best), search.best_repeats, search.best_cost,
                                optimal)
    raise AssertionError("a pairing with every meeting allowed always exists")


def minimum_repeats(pairing: Sequence[tuple[int, int]],
                    met: Iterable[tuple[int, int]]) -> int:
    """How many matches of ``pairing`` repeat a meeting of ``met``."""
    seen = {frozenset(m) for m in met}
    return sum(frozenset(m) in seen for m in pairing)
