"""Reading PBN and LIN: dupbridge's readers against endplay's, on the real files.

Every PBN and LIN file of ``../shared/realdata`` that endplay reads without an error is
read by both, interleaved in the same process (the median of ``--repeat`` rounds per file,
a small file read several times in a row per round, processor time, so that noise on a
shared machine cancels out), and the ratio endplay time / dupbridge
time is printed per format and mode (above 1: dupbridge is faster). Both read text already
decoded. dupbridge reads each file twice, strict (the default, which stops at the first
error) and tolerant (``strict=False``, which keeps going); a file that strict mode refuses
is timed in tolerant mode only. Files endplay cannot read are listed, not timed.

    .venv/bin/python benchmarks/formats.py [--repeat N]

Target (issue 16): a ratio of at least 2 for each format, strict and tolerant.
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from endplay.parsers import lin as endplay_lin
from endplay.parsers import pbn as endplay_pbn

from dupbridge.formats import lin, pbn

REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"
TARGET_RATIO = 2.0


ROUND = 0.02  # seconds: a small file is read several times in a row per round


def _timed(read: Callable[[str], object], text: str, number: int) -> float:
    """Processor seconds per read, over ``number`` reads in a row. Processor time, not
    wall time: on a shared machine a reader is often preempted for longer than it takes to
    read a small file, and wall time would count those waits."""
    started = time.process_time()
    for _ in range(number):
        read(text)
    return (time.process_time() - started) / number


def _median_of(readers: list[Callable[[str], object]], text: str, repeat: int) -> list[float]:
    """The median of ``repeat`` interleaved rounds for each reader; each round reads the
    text as many times as the slowest reader needs to fill ``ROUND`` (a file of a few
    hundred bytes takes less than a millisecond, too short to time once)."""
    once = max(_timed(read, text, 1) for read in readers)
    number = max(1, math.ceil(ROUND / once)) if once > 0 else 1
    rounds = [[_timed(read, text, number) for read in readers] for _ in range(repeat)]
    return [statistics.median(r[index] for r in rounds) for index in range(len(readers))]


def _reads(read: Callable[[str], object], text: str) -> bool:
    try:
        read(text)
    except Exception:  # a file this reader refuses is not comparable
        return False
    return True


def compare(name: str, files: list[Path], module: Callable[..., object],
            theirs: Callable[[str], object], repeat: int) -> list[float]:
    """Ratios endplay / dupbridge for the strict and the tolerant reader."""
    def strict(text: str) -> object:
        return module(text)

    def tolerant(text: str) -> object:
        return module(text, strict=False)

    totals = {"endplay": 0.0, "strict": 0.0, "endplay (strict files)": 0.0, "tolerant": 0.0}
    skipped: list[str] = []
    for path in files:
        text = pbn.decode(path.read_bytes())
        try:
            theirs(text)
        except Exception as error:  # endplay refuses some real files: not comparable
            skipped.append(f"{path.name} ({type(error).__name__})")
            continue
        if _reads(strict, text):
            their_time, strict_time, tolerant_time = _median_of([theirs, strict, tolerant],
                                                                text, repeat)
            totals["strict"] += strict_time
            totals["endplay (strict files)"] += their_time
        else:
            skipped.append(f"{path.name} (refused by dupbridge strict: tolerant only)")
            their_time, tolerant_time = _median_of([theirs, tolerant], text, repeat)
        totals["endplay"] += their_time
        totals["tolerant"] += tolerant_time
    ratios = [totals["endplay (strict files)"] / totals["strict"],
              totals["endplay"] / totals["tolerant"]]
    read = len(files) - sum(1 for line in skipped if "endplay" not in line)
    print(f"{name}: {read} files, endplay {totals['endplay']:.3f} s, dupbridge tolerant "
          f"{totals['tolerant']:.3f} s (ratio {ratios[1]:.2f}); strict files: endplay "
          f"{totals['endplay (strict files)']:.3f} s, dupbridge strict "
          f"{totals['strict']:.3f} s (ratio {ratios[0]:.2f}); target >= {TARGET_RATIO}")
    for line in skipped:
        print(f"  not timed: {line}")
    return ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    # The objects alive now (both libraries, loaded) are set aside, so that a collection
    # of them does not fall on whichever reader happens to be running.
    gc.collect()
    gc.freeze()
    pbn_files = sorted(p for p in (REALDATA / "pbn").rglob("*") if p.suffix.lower() == ".pbn")
    lin_files = sorted((REALDATA / "lin").glob("*.lin"))
    ratios = [*compare("PBN", pbn_files, pbn.loads, endplay_pbn.loads, args.repeat),
              *compare("LIN", lin_files, lin.loads, endplay_lin.loads, args.repeat)]
    return 0 if all(r >= TARGET_RATIO for r in ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
