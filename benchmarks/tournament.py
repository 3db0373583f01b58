"""Tournament timings: a Swiss round for 200 teams, and scoring a 200-table session.

A. ``swiss_pairing`` for a 200-team Swiss event with random match results, round after
   round (default 10 rounds), against a baseline in the same process: plain greedy
   pairing in ranking order (the top unpaired team takes the next one it has not met,
   no search), so that the ratio says what the minimum-cost search costs over it. The
   guarantee (no repeat meeting while a pairing without one exists) holds in every round;
   the exact blossom matching alone, used up to ``EXACT_UP_TO`` contestants and as the
   large field's fallback, is timed too on a first round of that size.
B. A 200-table Mitchell session (400 pairs, 2 boards a round, 27 rounds cut to the
   boards in play) scored by ``dupbridge.scoring.score_pairs`` from its results table.

    .venv/bin/python benchmarks/tournament.py [--teams N] [--rounds R] [--tables T] [--seed K]

Targets: under 50 ms per Swiss round for 200 teams, under 0.5 s to score the session.
Wall-clock and CPU time are both printed (the machine may be shared).
"""

from __future__ import annotations

import argparse
import random
import time

from dupbridge.scoring import score_pairs
from dupbridge.scoring.results import BoardResult
from dupbridge.tournament.mitchell import mitchell
from dupbridge.tournament.swiss import EXACT_UP_TO, _exact, swiss_pairing


def greedy(score: dict[int, float], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    order = sorted(score, key=lambda c: -score[c])
    matches = []
    while order:
        first = order.pop(0)
        k = next((i for i, o in enumerate(order) if frozenset((first, o)) not in met), 0)
        matches.append((first, order.pop(k)))
    return matches


def swiss(teams: int, rounds: int, seed: int) -> tuple[float, float, float, float, int, int]:
    rng = random.Random(seed)
    score = {t: 0.0 for t in range(1, teams + 1)}
    met: set[frozenset[int]] = set()
    ours = cpu = base = worst = 0.0
    repeats = not_proved = 0
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        pairing = swiss_pairing(score, [tuple(m) for m in met])  # type: ignore[misc]
        took = time.perf_counter() - start
        ours, worst = ours + took, max(worst, took)
        cpu += time.process_time() - start_cpu
        start = time.perf_counter()
        greedy(score, met)
        base += time.perf_counter() - start
        repeats += pairing.repeats
        not_proved += not pairing.optimal
        for a, b in pairing.matches:
            met.add(frozenset((a, b)))
            v = rng.randint(0, 20)
            score[a] += v
            score[b] += 20 - v
    return ours / rounds, cpu / rounds, worst, base / rounds, repeats, not_proved


def exact_only(teams: int) -> float:
    """The blossom matching alone on a first round (every meeting allowed)."""
    score = {t: float(t % 7) for t in range(1, teams + 1)}
    start = time.perf_counter()
    _exact(sorted(score, key=lambda t: -score[t]), score, {})
    return time.perf_counter() - start


def session(tables: int, seed: int) -> tuple[float, float, int]:
    rng = random.Random(seed)
    movement = mitchell(tables if tables % 2 else tables + 1, 1, rounds=27)
    results = [BoardResult(b, str(e.ns[0]), str(e.ew[0]),
                           rng.choice((-200, -100, -50, 110, 140, 420, 450, 620, 650)))
               for e in movement.encounters if e.table <= tables for b in e.boards]
    start, start_cpu = time.perf_counter(), time.process_time()
    score_pairs(results)
    return time.perf_counter() - start, time.process_time() - start_cpu, len(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    ours, cpu, worst, base, repeats, not_proved = swiss(args.teams, args.rounds, args.seed)
    print(f"Swiss, {args.teams} teams, {args.rounds} rounds: {ours * 1000:.1f} ms per round "
          f"wall, {cpu * 1000:.1f} ms CPU, slowest round {worst * 1000:.1f} ms "
          f"(target < 50 ms); greedy baseline {base * 1000:.2f} ms; ratio {ours / base:.0f}x; "
          f"repeat meetings {repeats}; rounds whose minimum cost was not proved {not_proved}")
    print(f"Exact blossom matching alone, {EXACT_UP_TO} teams: "
          f"{exact_only(EXACT_UP_TO) * 1000:.1f} ms (for 200 teams it takes seconds: the "
          f"large field's fallback only)")
    seconds, cpu_seconds, results = session(args.tables, args.seed)
    print(f"Session, {args.tables} tables ({results} results): scored in {seconds:.3f} s "
          f"wall, {cpu_seconds:.3f} s CPU (target < 0.5 s)")


if __name__ == "__main__":
    main()
