"""Reading PBN and LIN: dupbridge's readers against endplay's, on the real files.

Every PBN and LIN file of ``../shared/realdata`` that endplay reads without an error is
read by both, interleaved in the same process (best of ``--repeat`` rounds, so that noise
on a shared machine cancels out), and the ratio endplay time / dupbridge time is printed
per format (above 1: dupbridge is faster). Both read text already decoded; dupbridge's
reader is the tolerant one (``strict=False``), which does everything the strict one does
and keeps going. Files endplay cannot read are listed, not timed.

    .venv/bin/python benchmarks/formats.py [--repeat N]

Target (issue 16): a ratio of at least 2 for each format.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from endplay.parsers import lin as endplay_lin
from endplay.parsers import pbn as endplay_pbn

from dupbridge.formats import lin, pbn

REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"
TARGET_RATIO = 2.0


def _timed(read: Callable[[str], object], text: str) -> float:
    started = time.perf_counter()
    read(text)
    return time.perf_counter() - started


def _best_of(ours: Callable[[str], object], theirs: Callable[[str], object], text: str,
             repeat: int) -> tuple[float, float]:
    """The best of ``repeat`` interleaved rounds for each reader."""
    rounds = [(_timed(ours, text), _timed(theirs, text)) for _ in range(repeat)]
    return min(r[0] for r in rounds), min(r[1] for r in rounds)


def compare(name: str, files: list[Path], ours: Callable[[str], object],
            theirs: Callable[[str], object], repeat: int) -> float:
    our_total = their_total = 0.0
    skipped: list[str] = []
    for path in files:
        text = pbn.decode(path.read_bytes())
        try:
            theirs(text)
        except Exception as error:  # endplay refuses some real files: not comparable
            skipped.append(f"{path.name} ({type(error).__name__})")
            continue
        our_time, their_time = _best_of(ours, theirs, text, repeat)
        our_total += our_time
        their_total += their_time
    ratio = their_total / our_total if our_total else float("nan")
    print(f"{name}: {len(files) - len(skipped)} files, endplay {their_total:.3f} s, "
          f"dupbridge {our_total:.3f} s, ratio {ratio:.2f} (target >= {TARGET_RATIO})")
    for line in skipped:
        print(f"  not read by endplay: {line}")
    return ratio


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    pbn_files = sorted(p for p in (REALDATA / "pbn").rglob("*") if p.suffix.lower() == ".pbn")
    lin_files = sorted((REALDATA / "lin").glob("*.lin"))
    ratios = [
        compare("PBN", pbn_files, lambda text: pbn.loads(text, strict=False),
                endplay_pbn.loads, args.repeat),
        compare("LIN", lin_files, lambda text: lin.loads(text, strict=False),
                endplay_lin.loads, args.repeat),
    ]
    return 0 if all(r >= TARGET_RATIO for r in ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
