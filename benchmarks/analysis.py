"""Double-dummy tables of a whole event: dupbridge's batch against raw endplay.

The 160 boards of the Camrose 2024 hand record in ../shared/realdata, in one process:

A. raw endplay: ``calc_all_tables`` over the deals (DDS's own threads on every core).
B. ``dupbridge.analysis.batch.dd_tables`` with its defaults (worker processes on every
   core, a budget per deal, an on-disk cache), cold: into an empty cache.
C. the same call again: every table from the cache.

Both answers are checked equal. Printed: the times and the ratios A/B (target >= 0.95)
and A/C (target >= 50).

    .venv/bin/python benchmarks/analysis.py [--boards N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dupbridge.analysis.batch import Batch, dd_tables
from dupbridge.analysis.cache import DDCache
from dupbridge.analysis.results import DDTable
from dupbridge.core.calls import Denomination
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats import pbn
from dupbridge.formats.pbn import records

CAMROSE = (Path(__file__).resolve().parents[2] / "shared" / "realdata" / "pbn"
           / "ben_Camrose24_1_handrecord_dd.pbn")
REALDATA = Path(__file__).resolve().parents[2] / "shared" / "realdata"
TARGET_COLD = 0.95
TARGET_CACHED = 50.0


def raw_endplay(deals: list[Deal]) -> list[tuple[int, ...]]:
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    denoms = {Denomination.CLUBS: Denom.clubs, Denomination.DIAMONDS: Denom.diamonds,
              Denomination.HEARTS: Denom.hearts, Denomination.SPADES: Denom.spades,
              Denomination.NOTRUMP: Denom.nt}
    tables: list[tuple[int, ...]] = []
    # DDS's CalcAllTables takes at most 40 deals per call with all five strains.
    for start in range(0, len(deals), 40):
        chunk = [EndplayDeal(deal.to_pbn()) for deal in deals[start:start + 40]]
        for table in calc_all_tables(chunk):
            tables.append(tuple(table[denoms[d], Player(int(s))]
                                for d in Denomination for s in Seat))
    return tables


def claim_latency(per_size: int, real: int) -> int:
    """Law 70 adjudication latency (claim "the rest", no statement) on random endings of 4
    to 8 cards per hand and on the real claims of the LIN files, beside a raw endplay solve
    of the same ending (the baseline, same process); the safe-claim check at 4 to 6 cards."""
    import random
    import statistics

    from dupbridge.analysis.claims import claim_is_safe, position_of
    from dupbridge.analysis.double_dummy import solve
    from dupbridge.app.claims import _ends_in_claim
    from dupbridge.core.cards import CardSet, Suit
    from dupbridge.core.edition import Edition
    from dupbridge.core.seats import Seat
    from dupbridge.formats import lin
    from dupbridge.laws.claim_search import ClaimPosition, Ending
    from dupbridge.laws.claim_statement import Statement
    from dupbridge.laws.law70_contested_claim import _value, adjudicate

    rng = random.Random(70)

    def ending(size: int) -> Ending:
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [CardSet(sum(1 << c for c in cards[i * size:(i + 1) * size])) for i in range(4)]
        return Ending((hands[0], hands[1], hands[2], hands[3]), rng.choice([None, *Suit]),
                      rng.choice(list(Seat)), Seat.SOUTH, Seat.SOUTH)

    everything: list[float] = []
    baseline_all: list[float] = []

    def adjudicate_timed(end: Ending) -> tuple[float, bool, int]:
        _value.cache_clear()  # each run from cold: the baseline runs the same ending
        started = time.perf_counter()
        found = adjudicate(ClaimPosition(end, Statement(), end.tricks_left,
                                         Edition.LAWS_2017), {})
        return time.perf_counter() - started, found.value.decided, found.value.tricks

    def stats(times: list[float]) -> str:
        times = sorted(times)
        return (f"median {statistics.median(times) * 1000:.0f} ms, "
                f"90% {times[max(int(0.9 * len(times)) - 1, 0)] * 1000:.0f} ms, "
                f"max {times[-1] * 1000:.0f} ms")

    def timed(endings: list[Ending], label: str) -> None:
        times: list[float] = []
        baseline: list[float] = []
        dd_times: list[float] = []
        undecided = undecided_before = 0
        for end in endings:
            took, decided, tricks = adjudicate_timed(end)
            times.append(took)
            undecided += not decided
            with _previous_search():
                took_before, decided_before, tricks_before = adjudicate_timed(end)
            baseline.append(took_before)
            undecided_before += not decided_before
            if decided and decided_before and tricks != tricks_before:
                raise SystemExit(f"{label}: V(P) {tricks} differs from the previous "
                                 f"{tricks_before}")
            started = time.perf_counter()
            solve(position_of(end))
            dd_times.append(time.perf_counter() - started)
        everything.extend(times)
        baseline_all.extend(baseline)
        print(f"{label}: {len(times)} claims; dupbridge {stats(times)}, not decided "
              f"{undecided}; previous search {stats(baseline)}, not decided {undecided_before}; "
              f"ratio of medians previous/ours "
              f"{statistics.median(baseline) / statistics.median(times):.1f}x; "
              f"endplay solve median {statistics.median(dd_times) * 1000:.1f} ms")

    solve(position_of(ending(4)))  # load the solver before timing
    for size in range(4, 9):
        timed([ending(size) for _ in range(per_size)], f"random endings, {size} cards per hand")
    print(f"random endings, 4 to 8 cards per hand, all together: dupbridge {stats(everything)}; "
          f"previous search {stats(baseline_all)}")
    found: list[Ending] = []
    for path in sorted((REALDATA / "lin").glob("*.lin")):
        for record in lin.to_records(lin.load(path, strict=False)):
            if _ends_in_claim(record) and len(found) < real:
                from dupbridge.app.claims import _play_cards, _table_of

                try:
                    table = _table_of(record)
                    _play_cards(table, record.play, record.board)
                except Exception:
                    continue
                play = table.state.play
                if play is not None and 13 - len(play.tricks) <= 8:
                    from dupbridge.laws.claim_search import ending_from_play

                    found.append(ending_from_play(play, play.declarer))
    timed(found, "real LIN claims (<= 8 cards per hand)")
    for size in (4, 5, 6):
        checks = []
        for _ in range(per_size):
            end = ending(size)
            started = time.perf_counter()
            claim_is_safe(position_of(end), Statement(), end.claimer, end.declarer)
            checks.append(time.perf_counter() - started)
        checks.sort()
        print(f"claim_is_safe, {size} cards per hand: median "
              f"{statistics.median(checks) * 1000:.0f} ms, max {checks[-1] * 1000:.0f} ms")
    return 0


@contextmanager
def _previous_search() -> Iterator[None]:
    """The search as it was before its trump lower bound (the baseline of the latency
    figures): the bound answers 0, so nothing is cut by it."""
    from dupbridge.laws import claim_search

    bound = claim_search._Search._sure_trumps
    claim_search._Search._sure_trumps = lambda self: 0  # type: ignore[method-assign]
    try:
        yield
    finally:
        claim_search._Search._sure_trumps = bound  # type: ignore[method-assign]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=160)
    parser.add_argument("--claims", type=int, default=0,
                        help="instead: claim adjudication latency, this many endings per size")
    parser.add_argument("--real-claims", type=int, default=60)
    args = parser.parse_args()
    if args.claims:
        return claim_latency(args.claims, args.real_claims)
    games = pbn.load(CAMROSE).games[:args.boards]
    deals = [deal for deal in (records.deal(game) for game in games) if deal is not None]

    started = time.perf_counter()
    expected = raw_endplay(deals)
    raw = time.perf_counter() - started

    with tempfile.TemporaryDirectory() as folder, DDCache(Path(folder) / "dd.sqlite3") as cache:
        started = time.perf_counter()
        cold_tables = dd_tables(deals, Batch(cache=cache))
        cold = time.perf_counter() - started
        started = time.perf_counter()
        warm_tables = dd_tables(deals, Batch(cache=cache))
        warm = time.perf_counter() - started

    for found in (cold_tables, warm_tables):
        counts = [table.counts if isinstance(table, DDTable) else str(table) for table in found]
        if counts != expected:
            print("MISMATCH between dupbridge and raw endplay", file=sys.stderr)
            return 1
    print(f"{len(deals)} deals: raw endplay {raw:.2f} s; dupbridge cold {cold:.2f} s, "
          f"cached {warm * 1000:.1f} ms")
    print(f"ratio raw/dupbridge cold: {raw / cold:.2f} (target >= {TARGET_COLD})")
    print(f"ratio raw/dupbridge cached: {raw / warm:.0f}x (target >= {TARGET_CACHED:g}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
