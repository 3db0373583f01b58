"""Double-dummy tables of a whole event: dupbridge's batch against raw endplay.

The 160 boards of the Camrose 2024 hand record in ../shared/realdata, in one process:

A. raw endplay: ``calc_all_tables`` over the deals (DDS's own threads on every core).
B. ``dupbridge.analysis.batch.dd_tables`` with its defaults (worker processes on every
   core, a budget per deal, an on-disk cache), cold: into an empty cache.
C. the same call again: every table from the cache.

Both answers are checked equal. Printed: the times and the ratios A/B (target >= 0.95)
and A/C (target >= 50).

    .venv/bin/python benchmarks/analysis.py [--boards N]

``--claims N``: Law 70 adjudication latency on random endings and real LIN claims (see
``claim_latency``). ``--real-claims-report N``: the real claims of ../shared/realdata (every
file with a claim, as ``dupbridge claim FILE --report`` reads them): the share decided at the
report's budget and at the default budget, and the whole adjudication's time by cards left,
wall and CPU, with the targets for claims of 12-13 cards (median < 1 s, 90 % < 3 s); N
claims drawn at random (0: all of them, which takes long), and ``--early M`` more claims of
12-13 cards drawn at random for the latency targets (they are 3 % of the claims).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

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


BASELINE_REV = "c4a5e8f"  # the search before its trump pairing bound and holding tables


def baseline_search(rev: str) -> ModuleType:
    """``dupbridge.laws.claims.search`` as it was at git revision ``rev``, loaded beside ours
    in this process (the baseline of the latency figures)."""
    import importlib.util
    import subprocess

    root = Path(__file__).resolve().parents[1]
    text = subprocess.run(["git", "show", f"{rev}:src/dupbridge/laws/claim_search.py"],
                          cwd=root, check=True, capture_output=True, text=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="dupbridge-baseline-"))
    (folder / "claim_search_baseline.py").write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("claim_search_baseline",
                                                  folder / "claim_search_baseline.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _figures(times: list[float]) -> str:
    import statistics

    times = sorted(times)
    return (f"median {statistics.median(times) * 1000:.0f} ms, "
            f"90% {times[max(0, int(0.9 * len(times)) - 1)] * 1000:.0f} ms, "
            f"max {times[-1] * 1000:.0f} ms")


def claim_latency(per_size: int, real: int, rev: str) -> int:
    """Law 70 adjudication latency (claim "the rest", no statement) on random endings of 4
    to 8 cards per hand and on the real claims of the LIN files: the whole adjudication
    (V(P), worst line, the Director's questions) and, beside it in the same process, the
    search alone against the search of git revision ``rev`` (the baseline) on the same
    endings with the same budget; CPU time (the machine is shared, so wall time is printed
    too). Then the safe-claim check at 4 to 6 cards."""
    import random
    import statistics

    from dupbridge.analysis.claims import claim_is_safe, position_of
    from dupbridge.analysis.double_dummy import solve
    from dupbridge.app.ruling_session.claim_adjudication import (
        _ends_in_claim,
        _play_cards,
        _table_of,
    )
    from dupbridge.core.cards import CardSet, Suit
    from dupbridge.core.edition import Edition
    from dupbridge.core.seats import Seat
    from dupbridge.formats import lin
    from dupbridge.laws.claims import search as claim_search
    from dupbridge.laws.claims.law70_contested_claim import adjudicate
    from dupbridge.laws.claims.normal_lines import NormalPlay
    from dupbridge.laws.claims.position import ClaimPosition, Ending, ending_from_play
    from dupbridge.laws.claims.statement import Statement

    old = baseline_search(rev)
    rng = random.Random(70)

    def ending(size: int) -> Ending:
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [CardSet(sum(1 << c for c in cards[i * size:(i + 1) * size])) for i in range(4)]
        return Ending((hands[0], hands[1], hands[2], hands[3]), rng.choice([None, *Suit]),
                      rng.choice(list(Seat)), Seat.SOUTH, Seat.SOUTH)

    def search_time(module: ModuleType, end: Ending) -> tuple[float, tuple[int, int, int]]:
        twin = module.Ending(end.hands, end.trump, end.leader, end.claimer, end.declarer,
                             end.trick, end.shown_out)
        started = time.process_time()
        found = module.adjudication_value(twin, Statement(), NormalPlay())
        return time.process_time() - started, (found.tricks, found.lower, found.upper)

    def timed(endings: list[Ending], label: str) -> None:
        whole: list[float] = []
        wall: list[float] = []
        ours: list[float] = []
        theirs: list[float] = []
        undecided = differ = 0
        for end in endings:
            started, clock = time.perf_counter(), time.process_time()
            found = adjudicate(ClaimPosition(end, Statement(), end.tricks_left,
                                             Edition.LAWS_2017), {})
            whole.append(time.process_time() - clock)
            wall.append(time.perf_counter() - started)
            undecided += not found.value.decided
            spent, ours_value = search_time(claim_search, end)
            ours.append(spent)
            spent, old_value = search_time(old, end)
            theirs.append(spent)
            # the same V(P), or (past a budget) bounds that agree with the other's
            differ += max(ours_value[1], old_value[1]) > min(ours_value[2], old_value[2])
        print(f"{label}: {len(endings)} claims, {undecided} not decided (bounds given)")
        print(f"  adjudication, CPU: {_figures(whole)}; wall: {_figures(wall)}")
        print(f"  search, ours: {_figures(ours)}; baseline {rev}: {_figures(theirs)}; "
              f"ratio of medians {statistics.median(theirs) / statistics.median(ours):.1f}x, "
              f"of totals {sum(theirs) / sum(ours):.1f}x; values that differ: {differ}")

    solve(position_of(ending(4)))  # load the solver before timing
    for size in range(4, 9):
        timed([ending(size) for _ in range(per_size)], f"random endings, {size} cards per hand")
    found: list[Ending] = []
    for path in sorted((REALDATA / "lin").glob("*.lin")):
        for record in lin.to_records(lin.load(path, strict=False)):
            if _ends_in_claim(record) and len(found) < real:
                try:
                    table = _table_of(record)
                    _play_cards(table, record.play, record.board)
                except Exception:
                    continue
                play = table.state.play
                if play is not None and 13 - len(play.tricks) <= 8:
                    found.append(ending_from_play(play, play.declarer))
    timed(found, "real LIN claims (<= 8 cards per hand)")
    for size in (4, 5, 6):
        checks = []
        for _ in range(per_size):
            end = ending(size)
            started = time.process_time()
            claim_is_safe(position_of(end), Statement(), end.claimer, end.declarer)
            checks.append(time.process_time() - started)
        print(f"claim_is_safe, {size} cards per hand, CPU: {_figures(checks)}")
    return 0


def _real_claims() -> list[tuple[str, object, int]]:
    """Every claim of the real files as the claims report sets it up: (file, the claim's
    position for Law 70, cards left)."""
    from dupbridge.app.ruling_session.claim_adjudication import (
        ClaimInputError,
        _ends_in_claim,
        _play_cards,
        _table_of,
    )
    from dupbridge.core.errors import ActionRejected, ParseError
    from dupbridge.formats.registry import file_format
    from dupbridge.laws.claims.position import ClaimPosition
    from dupbridge.laws.claims.statement import Statement
    from dupbridge.table.events import ClaimAgreed, Claimed

    found: list[tuple[str, object, int]] = []
    for path in sorted(REALDATA.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in (".lin", ".pbn"):
            continue
        try:
            records = file_format(None, path).read(path)
        except (ValueError, OSError):
            continue
        for record in records:
            if not _ends_in_claim(record) or record.tricks is None:
                continue
            try:
                table = _table_of(record, repairs=[])
                _play_cards(table, record.play, record.board, [])
                play = table.state.play
                assert play is not None
                share = record.tricks - play.declarer_tricks
                if not 0 <= share <= 13 - len(play.tricks):
                    continue
                table.apply(Claimed(play.declarer, share))
                for seat in (play.declarer.lho, play.declarer.rho):
                    table.apply(ClaimAgreed(seat))
            except (ClaimInputError, ActionRejected, ParseError, ValueError):
                continue
            made = table.state.claim
            assert made is not None and made.ending is not None
            position = ClaimPosition(made.ending, Statement(), share, table.edition)
            found.append((path.name, position, made.ending.tricks_left))
    return found


def real_claims_report(count: int, early: int = 30, seed: int = 70) -> int:
    """The share of the real claims decided at the report's and the default budget, and
    the time of the whole adjudication (Law 70 and the double-dummy value) by cards left,
    CPU and wall; 0 if the 12-13-card targets are met."""
    import random
    import statistics
    from collections import defaultdict

    from dupbridge.analysis.claims import adjudicate_claim
    from dupbridge.app.ruling_session.claim_adjudication import REPORT_BUDGET
    from dupbridge.laws.claims import law70_contested_claim
    from dupbridge.laws.claims.position import ClaimPosition
    from dupbridge.laws.claims.search import DEFAULT_BUDGET

    every = _real_claims()
    total = len(every)
    rng = random.Random(seed)
    claims = rng.sample(every, count) if count and count < total else every
    drawn = {id(claim) for claim in claims}
    pool = [claim for claim in every if claim[2] >= 12 and id(claim) not in drawn]
    extra = rng.sample(pool, min(early, len(pool)))
    print(f"{total} real claims in {REALDATA}; {len(claims)} drawn, and {len(extra)} more "
          f"of 12-13 cards for their latency")
    met = True
    for budget, label in ((REPORT_BUDGET, "the report's"), (DEFAULT_BUDGET, "the default")):
        by: dict[int, list[tuple[bool, float, float]]] = defaultdict(list)
        timed = claims + extra if budget == DEFAULT_BUDGET else claims
        decided = 0
        for index, (_name, position, left) in enumerate(timed):
            assert isinstance(position, ClaimPosition)
            law70_contested_claim._value.cache_clear()  # each claim timed cold
            started, clock = time.perf_counter(), time.process_time()
            found = adjudicate_claim(position, budget=budget)
            spent, waited = time.process_time() - clock, time.perf_counter() - started
            exact = found.adjudication.value.decided
            by[left].append((exact, spent, waited))
            decided += exact and index < len(claims)  # the share: of the claims drawn
        print(f"{label} budget ({budget:,} positions): {decided} of {len(claims)} drawn "
              f"decided ({100 * decided / len(claims):.1f} %, target >= 97 %)")
        for left in sorted(by):
            rows = by[left]
            cpu = [c for _d, c, _w in rows]
            wall = [w for _d, _c, w in rows]
            print(f"  {left:2d} cards: {len(rows):4d} claims, "
                  f"{sum(d for d, _c, _w in rows):4d} decided; CPU {_figures(cpu)}; "
                  f"wall {_figures(wall)}")
        slow = [row for left in (12, 13) for row in by.get(left, [])]
        if slow and budget == DEFAULT_BUDGET:
            cpu = sorted(c for _d, c, _w in slow)
            wall = sorted(w for _d, _c, w in slow)
            p90 = max(0, int(0.9 * len(slow)) - 1)
            print(f"  12-13 cards: CPU median {statistics.median(cpu):.2f} s, 90% "
                  f"{cpu[p90]:.2f} s; wall median {statistics.median(wall):.2f} s, 90% "
                  f"{wall[p90]:.2f} s (targets: median < 1 s, 90% < 3 s)")
            met = (met and statistics.median(cpu) < 1 and cpu[p90] < 3
                   and statistics.median(wall) < 1 and wall[p90] < 3)
        met = met and (budget != DEFAULT_BUDGET or decided >= 0.97 * len(claims))
    return 0 if met else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=160)
    parser.add_argument("--claims", type=int, default=0,
                        help="instead: claim adjudication latency, this many endings per size")
    parser.add_argument("--real-claims", type=int, default=60)
    parser.add_argument("--baseline", default=BASELINE_REV,
                        help="git revision whose claim search is the baseline")
    parser.add_argument("--real-claims-report", type=int, default=None, metavar="N",
                        help="instead: the real files' claims, N drawn at random (0: all): "
                             "the share decided and the time by cards left")
    parser.add_argument("--early", type=int, default=30,
                        help="with --real-claims-report: this many more 12-13-card claims")
    args = parser.parse_args()
    if args.real_claims_report is not None:
        return real_claims_report(args.real_claims_report, args.early)
    if args.claims:
        return claim_latency(args.claims, args.real_claims, args.baseline)
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
