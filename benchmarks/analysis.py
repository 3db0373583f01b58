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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=160)
    args = parser.parse_args()
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
