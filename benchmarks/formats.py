"""Reading PBN and LIN: dupbridge's readers against endplay's, on the real files and on
large generated ones.

Every PBN and LIN file of ``../shared/realdata`` that endplay reads without an error is
read by both, interleaved in the same process (the median of ``--repeat`` rounds per file,
a small file read several times in a row per round, processor time, so that noise on a
shared machine cancels out), and the ratio endplay time / dupbridge
time is printed per format and mode (above 1: dupbridge is faster). Both read text already
decoded. dupbridge reads each file twice, strict (the default, which stops at the first
error) and tolerant (``strict=False``, which keeps going); a file that strict mode refuses
is timed in tolerant mode only. Files endplay cannot read are listed, not timed.

Then the large files of ``formats_files.py``, written from a seed in a temporary
directory: 10,000 boards as ``dupbridge deal`` writes them, the same with double-dummy
tags, 2,000 boards played (auction and play), and 10,000 boards played as LIN. Each is
read once per round by endplay and by dupbridge strict and tolerant, interleaved; the
median wall and processor times are printed with the ratio endplay / dupbridge (of
processor time). The peak resident memory of a process that reads each generated file
with dupbridge is printed beside it.

    .venv/bin/python benchmarks/formats.py [--repeat N] [--rounds N] [--profile KIND]

``--profile`` prints dupbridge's strict reading of one generated file (``hand record``,
``hand record, DD``, ``played``, ``played (LIN)``) under cProfile, and stops.

Targets: (issue 16) a ratio of at least 2 for each format, strict and tolerant, on the
real files; (issue 26) the same on each generated file, and under 200 MB resident while
reading one.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import math
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from endplay.parsers import lin as endplay_lin
from endplay.parsers import pbn as endplay_pbn

from dupbridge.formats import lin, pbn
from formats_files import write_files

REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"
TARGET_RATIO = 2.0
TARGET_MEMORY_MB = 200


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


def _readers(path: Path) -> list[tuple[str, Callable[[str], object]]]:
    module: Callable[..., object] = lin.loads if path.suffix == ".lin" else pbn.loads
    theirs = endplay_lin.loads if path.suffix == ".lin" else endplay_pbn.loads
    return [("endplay", theirs), ("strict", module),
            ("tolerant", lambda text: module(text, strict=False))]


def compare_large(kind: str, path: Path, repeat: int) -> list[float]:
    """Wall and processor seconds of one read of a large file by each reader (the median
    of ``repeat`` interleaved rounds), and the ratios endplay / dupbridge."""
    text = pbn.decode(path.read_bytes())
    readers = _readers(path)
    rounds: list[list[tuple[float, float]]] = []
    for _ in range(repeat):
        times = []
        for _, read in readers:
            wall, cpu = time.perf_counter(), time.process_time()
            read(text)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
        rounds.append(times)
    walls = [statistics.median(r[i][0] for r in rounds) for i in range(len(readers))]
    cpus = [statistics.median(r[i][1] for r in rounds) for i in range(len(readers))]
    ratios = [cpus[0] / cpus[1], cpus[0] / cpus[2]]
    memory = peak_memory_mb(path)
    print(f"{kind} ({path.stat().st_size / 1e6:.1f} MB): endplay {walls[0]:.2f} s wall "
          f"{cpus[0]:.2f} s CPU; dupbridge strict {walls[1]:.2f} s wall {cpus[1]:.2f} s CPU "
          f"(ratio {ratios[0]:.2f}), tolerant {walls[2]:.2f} s wall {cpus[2]:.2f} s CPU "
          f"(ratio {ratios[1]:.2f}); peak RSS reading it {memory:.0f} MB")
    return [*ratios, TARGET_RATIO if memory < TARGET_MEMORY_MB else 0.0]


# VmHWM, the peak resident set of this process's memory; ru_maxrss would not do here, as
# Linux carries it over from the parent through fork and exec.
_MEMORY = """
import re, sys
from dupbridge.formats import lin, pbn
module = lin if sys.argv[1].endswith(".lin") else pbn
read = module.load(sys.argv[1], strict=False)
with open("/proc/self/status") as status:
    print(re.search(r"VmHWM:\\s*(\\d+) kB", status.read())[1])
"""


def peak_memory_mb(path: Path) -> float:
    """The peak resident memory (MB) of a fresh process that reads ``path`` with dupbridge
    (tolerant) and keeps what it read: the interpreter and the library count too."""
    done = subprocess.run([sys.executable, "-c", _MEMORY, str(path)], capture_output=True,
                          text=True, check=True)
    return int(done.stdout.split()[-1]) / 1024


def profile(path: Path) -> None:
    text = pbn.decode(path.read_bytes())
    read = _readers(path)[1][1]
    profiler = cProfile.Profile()
    profiler.runcall(read, text)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3, help="rounds per generated file")
    parser.add_argument("--profile", metavar="KIND")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        generated = write_files(Path(directory))
        if args.profile:
            profile(generated[args.profile])
            return 0
        # The objects alive now (both libraries, loaded) are set aside, so that a
        # collection of them does not fall on whichever reader happens to be running.
        gc.collect()
        gc.freeze()
        pbn_files = sorted(p for p in (REALDATA / "pbn").rglob("*")
                           if p.suffix.lower() == ".pbn")
        lin_files = sorted((REALDATA / "lin").glob("*.lin"))
        ratios = [*compare("PBN", pbn_files, pbn.loads, endplay_pbn.loads, args.repeat),
                  *compare("LIN", lin_files, lin.loads, endplay_lin.loads, args.repeat)]
        print(f"Generated files (target: ratio >= {TARGET_RATIO}, under "
              f"{TARGET_MEMORY_MB} MB):")
        for kind, path in generated.items():
            ratios += compare_large(kind, path, args.rounds)
    return 0 if all(r >= TARGET_RATIO for r in ratios) else 1


if __name__ == "__main__":
    sys.exit(main())
