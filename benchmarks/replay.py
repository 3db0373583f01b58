"""Replay at archive scale: every game of the real PBN and LIN files of ``../shared/realdata``
run through the table engine, against reading them only.

Prints games per second replayed through the engine (one process, then every core), and
the ratio of parse-only time to replay time (how much the engine costs on top of reading).

    .venv/bin/python benchmarks/replay.py [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from dupbridge.app.archive.replay import files_of, replay_file, replay_files
from dupbridge.formats import lin, pbn

REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"


def _parse_only(files: list[Path]) -> float:
    started = time.perf_counter()
    for path in files:
        if path.suffix.lower() == ".pbn":
            pbn.load(path, strict=False)
        else:
            lin.to_records(lin.load(path, strict=False))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    jobs = parser.parse_args().jobs
    files = files_of([REALDATA])
    parse = _parse_only(files)
    started = time.perf_counter()
    alone = [replay_file(path) for path in files]
    one = time.perf_counter() - started
    started = time.perf_counter()
    shared = list(replay_files(files, jobs=jobs))
    many = time.perf_counter() - started
    games = sum(r.replayed for r in alone)
    assert games == sum(r.replayed for r in shared), "workers replayed other games"
    print(f"{len(files)} files, {sum(r.games for r in alone)} games, {games} replayed "
          f"through the engine, {sum(r.irregular for r in alone)} with a ruling, "
          f"{sum(len(r.mismatches) for r in alone)} not as the file says")
    print(f"parse only:            {parse:7.2f} s")
    print(f"replay, one process:   {one:7.2f} s  {games / one:8.0f} games/s  "
          f"parse/replay ratio {parse / one:.3f}")
    print(f"replay, {jobs} processes: {many:7.2f} s  {games / many:8.0f} games/s  "
          f"speed-up {one / many:.2f}x")


if __name__ == "__main__":
    main()
