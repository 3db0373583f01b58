"""Start-up time of the command line: ``dupbridge --help`` against bare ``python -c pass``.

Both run as fresh processes of the same interpreter, alternately, so that a busy machine
slows them alike; the medians and their ratio are printed. ``import dupbridge`` loads no
engine (PEP 562 lazy names) and the commands import what they need when they run, so
``--help`` costs Python, Typer and the command table.

    .venv/bin/python benchmarks/startup.py [--runs N]

Target: ``dupbridge --help`` median under 150 ms (bare Python is about 10-20 ms).
Also timed: ``python -c "import dupbridge"`` and ``from dupbridge import Table`` (the
engine, loaded on first use).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "dupbridge --help": [sys.executable, "-m", "dupbridge", "--help"],
    "import dupbridge": [sys.executable, "-c", "import dupbridge"],
    "from dupbridge import Table": [sys.executable, "-c", "from dupbridge import Table"],
}


def _once(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    for command in COMMANDS.values():  # warm the file cache and the .pyc files
        _once(command)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        for name, command in COMMANDS.items():
            times[name].append(_once(command))
    bare = statistics.median(times["python -c pass"])
    for name, measured in times.items():
        median = statistics.median(measured)
        print(f"{name:<30} median {median * 1000:7.1f} ms over {runs} runs, "
              f"{median / bare:5.1f}x bare python")
    helped = statistics.median(times["dupbridge --help"])
    verdict = "under" if helped < 0.150 else "OVER"
    print(f"dupbridge --help: {helped * 1000:.0f} ms, {verdict} the 150 ms target")


if __name__ == "__main__":
    main()
