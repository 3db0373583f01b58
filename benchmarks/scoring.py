"""Scoring a whole field: the vectorised field scorer against naive all-pairs Python.

A synthetic field of T tables x B boards (default 10,000 x 36). Each board has a few
contracts (a realistic mix of part-scores, games, slams, doubled sacrifices), each table
plays one of them with a spread of tricks around what the contract usually makes, and the
score is Law 77's (``contract_score``). A few boards miss some results, so Neuberg works.

A. ``dupbridge.scoring.field``: matchpoints + Neuberg (``matchpoint_arrays``) and
   cross-IMPs (``cross_imp_arrays``) over the whole field, by distinct score per board.
B. A naive all-pairs loop written here (the spec's ``mp_units``, and ``imps`` by bisect
   for every pair of scores), run in the same process on a subsample of one board.

Both are checked equal on the subsample, then compared per comparison (one comparison =
one ordered pair of results on a board). Also timed, not a target: ``score_pairs`` end to
end from ``BoardResult`` objects, exact per-pair totals included.

    .venv/bin/python benchmarks/scoring.py [--tables T] [--boards B] [--sample S] [--seed K]

Targets: the whole field in under 0.2 s on one core; A at least 300x B per comparison.
"""

from __future__ import annotations

import argparse
import bisect
import sys
import time
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from dupbridge.core.calls import Denomination, Doubled
from dupbridge.core.contract import Contract
from dupbridge.core.scoring_table import contract_score
from dupbridge.scoring import score_pairs
from dupbridge.scoring.field import PairsConfig, cross_imp_arrays, matchpoint_arrays
from dupbridge.scoring.imps import IMP_LOWER_BOUNDS
from dupbridge.scoring.results import BoardResult

TARGET_SECONDS = 0.2
TARGET_RATIO = 300.0

# (level, denomination, doubled, tricks usually made, weight): a board's menu is drawn
# from these; North-South declare about half the time.
CONTRACTS = [
    (1, Denomination.NOTRUMP, Doubled.UNDOUBLED, 7, 3),
    (2, Denomination.SPADES, Doubled.UNDOUBLED, 8, 4),
    (2, Denomination.HEARTS, Doubled.UNDOUBLED, 8, 4),
    (3, Denomination.CLUBS, Doubled.UNDOUBLED, 9, 3),
    (3, Denomination.NOTRUMP, Doubled.UNDOUBLED, 9, 6),
    (4, Denomination.SPADES, Doubled.UNDOUBLED, 10, 6),
    (4, Denomination.HEARTS, Doubled.UNDOUBLED, 10, 5),
    (5, Denomination.DIAMONDS, Doubled.UNDOUBLED, 11, 2),
    (6, Denomination.SPADES, Doubled.UNDOUBLED, 12, 1),
    (6, Denomination.NOTRUMP, Doubled.UNDOUBLED, 12, 1),
    (4, Denomination.SPADES, Doubled.DOUBLED, 8, 1),
    (5, Denomination.CLUBS, Doubled.DOUBLED, 9, 1),
    (3, Denomination.NOTRUMP, Doubled.DOUBLED, 8, 1),
]


def synthetic_field(
    tables: int, boards: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """Board numbers and North-South scores, one per table and board."""
    weights = np.array([c[4] for c in CONTRACTS], dtype=float)
    board_column, score_column = [], []
    for board in range(1, boards + 1):
        position = (board - 1) % 16
        vulnerability = (position + position // 4) % 4  # Law 2: none, NS, EW, both
        menu = rng.choice(len(CONTRACTS), size=rng.integers(2, 6), replace=False,
                          p=weights / weights.sum())
        share = rng.dirichlet(np.ones(len(menu)) * 2)
        declaring_ns = rng.random(len(menu)) < 0.5
        played = tables if board % 12 else tables - rng.integers(1, max(2, tables // 50))
        choice = rng.choice(len(menu), size=played, p=share)
        scores = np.empty(played, dtype=np.int64)
        for k, index in enumerate(menu):
            level, denomination, doubled, usual, _ = CONTRACTS[index]
            at = choice == k
            tricks = np.clip(np.rint(rng.normal(usual, 1.0, at.sum())), 0, 13).astype(int)
            side_ns = bool(declaring_ns[k])
            vulnerable = vulnerability == 3 or vulnerability == (1 if side_ns else 2)
            table = [contract_score(Contract(level, denomination, doubled), t, vulnerable)
                     for t in range(14)]
            points = np.array(table, dtype=np.int64)[tricks]
            scores[at] = points if side_ns else -points
        board_column.append(np.full(played, board, dtype=np.int64))
        score_column.append(scores)
    return np.concatenate(board_column), np.concatenate(score_column)


# B: the naive all-pairs implementation


def naive_matchpoints(scores: list[int]) -> list[int]:
    """78A as the spec writes it: each score against every other, 2 / 1 / 0."""
    return [
        sum(2 if mine > other else 1 if mine == other else 0
            for j, other in enumerate(scores) if j != i)
        for i, mine in enumerate(scores)
    ]


def naive_imps(difference: int) -> int:
    magnitude = bisect.bisect_right(IMP_LOWER_BOUNDS, abs(difference))
    return magnitude if difference >= 0 else -magnitude


def naive_cross_imps(scores: list[int]) -> list[Fraction]:
    """Cross-IMPs: each score IMPed against every other, summed, over the comparisons."""
    n = len(scores)
    return [
        Fraction(sum(naive_imps(mine - other) for j, other in enumerate(scores) if j != i),
                 n - 1)
        for i, mine in enumerate(scores)
    ]


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeats`` runs, in seconds (noise only ever adds time)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def comparisons(boards: np.ndarray) -> int:
    counts = np.unique(boards, return_counts=True)[1].astype(np.int64)
    return int((counts * (counts - 1)).sum())


def check_subsample(sample: list[int]) -> bool:
    """A and B agree exactly on the subsample (same board, no factoring needed)."""
    boards = np.ones(len(sample), dtype=np.int64)
    scores = np.array(sample, dtype=np.int64)
    mp = matchpoint_arrays(boards, scores)
    ours_mp = [Fraction(int(n), int(d)) for n, d in zip(mp.ns_num, mp.den, strict=True)]
    num, den = cross_imp_arrays(boards, scores)
    ours_cross = [Fraction(int(n), int(d)) for n, d in zip(num, den, strict=True)]
    return ours_mp == naive_matchpoints(sample) and ours_cross == naive_cross_imps(sample)


def benchmark(tables: int, boards: int, sample: int, seed: int, repeats: int) -> int:
    rng = np.random.default_rng(seed)
    board_column, score_column = synthetic_field(tables, boards, rng)
    results = len(board_column)
    pairs_compared = comparisons(board_column)
    distinct = len(np.unique(board_column * (1 << 21) + score_column))
    print(f"dupbridge field-scoring benchmark: {tables} tables x {boards} boards = {results} "
          f"results ({distinct} distinct scores; {pairs_compared:,} comparisons); "
          f"Python {sys.version.split()[0]}, NumPy {np.__version__}")

    first_board = score_column[board_column == 1]
    subsample = [int(s) for s in rng.choice(first_board, size=min(sample, len(first_board)),
                                            replace=False)]
    if not check_subsample(subsample):
        print("cross-check FAILED: A and B disagree on the subsample")
        return 1
    print(f"cross-check: matchpoints and cross-IMPs of A and B are equal on {len(subsample)} "
          "results of board 1")

    config = PairsConfig()
    mp = best_of(repeats, lambda: matchpoint_arrays(board_column, score_column, config))
    cross = best_of(repeats, lambda: cross_imp_arrays(board_column, score_column, config))
    n = len(subsample)
    sample_comparisons = n * (n - 1)
    naive_mp = best_of(3, lambda: naive_matchpoints(subsample))
    naive_cross = best_of(3, lambda: naive_cross_imps(subsample))
    sample_boards = np.ones(n, dtype=np.int64)
    sample_scores = np.array(subsample, dtype=np.int64)
    small_mp = best_of(repeats, lambda: matchpoint_arrays(sample_boards, sample_scores))
    small_cross = best_of(repeats, lambda: cross_imp_arrays(sample_boards, sample_scores))

    print()
    print(f"{'':34}{'seconds':>10}{'ns/comparison':>15}{'ratio B/A':>11}")
    rows = [
        ("A matchpoints + Neuberg, field", mp, pairs_compared, naive_mp / sample_comparisons),
        ("A cross-IMPs, field", cross, pairs_compared, naive_cross / sample_comparisons),
        ("A matchpoints, subsample", small_mp, sample_comparisons,
         naive_mp / sample_comparisons),
        ("A cross-IMPs, subsample", small_cross, sample_comparisons,
         naive_cross / sample_comparisons),
        ("B naive matchpoints, subsample", naive_mp, sample_comparisons, None),
        ("B naive cross-IMPs, subsample", naive_cross, sample_comparisons, None),
    ]
    ratios = []
    for name, seconds, compared, naive_per in rows:
        per = seconds / compared
        ratio = "" if naive_per is None else f"{naive_per / per:>11.0f}"
        if naive_per is not None and "field" in name:
            ratios.append(naive_per / per)
        print(f"{name:34}{seconds:>10.4f}{per * 1e9:>15.3f}{ratio}")

    whole = mp + cross
    print()
    print(f"whole field, matchpoints + Neuberg and cross-IMPs: {whole:.3f} s "
          f"(target < {TARGET_SECONDS} s: {'met' if whole < TARGET_SECONDS else 'NOT met'})")
    print(f"ratio per comparison, field vs naive: min {min(ratios):.0f}x "
          f"(target >= {TARGET_RATIO:.0f}x: {'met' if min(ratios) >= TARGET_RATIO else 'NOT met'})")

    # End to end from BoardResult objects (not a target): building the objects is not
    # timed; score_pairs includes reading them, exact per-pair totals and percentages.
    names = np.arange(results) % tables
    field = [BoardResult(int(b), f"NS{t}", f"EW{t}", int(s))
             for b, t, s in zip(board_column, names, score_column, strict=True)]
    end_to_end = best_of(1, lambda: score_pairs(field))
    values = best_of(1, lambda: score_pairs(field).values())
    print(f"score_pairs end to end from {results} BoardResult objects: {end_to_end:.2f} s; "
          f"with every per-result value as a Fraction: {values:.2f} s "
          "(pair totals included)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--sample", type=int, default=200,
                        help="results of one board for the naive loop (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=5, help="best of N runs (default 5)")
    args = parser.parse_args(argv)
    return benchmark(args.tables, args.boards, args.sample, args.seed, args.repeats)


if __name__ == "__main__":
    sys.exit(main())
