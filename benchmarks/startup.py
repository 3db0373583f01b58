"""Start-up time of the command line and of the engine, against bare ``python -c pass``.

Every command runs as a fresh process of the same interpreter, in turns, so that a busy
machine slows them alike; for each the median wall time and the median CPU time (user and
system, of the child process) are printed, and their ratio to bare Python's.

    .venv/bin/python benchmarks/startup.py [--runs N]

Targets (a 2-core machine): ``dupbridge --help`` under 100 ms, ``from dupbridge import
Table`` under 200 ms, wall time. ``dupbridge --help`` is answered without Typer
(``dupbridge.cli.top_help``); ``import dupbridge`` loads no engine (PEP 562 lazy names).

The interpreter keeps its compiled ``.pyc`` files for these runs (an installed package has
them; ``PYTHONDONTWRITEBYTECODE``, if set, would make every run compile every module), and
a first untimed round writes them. ``--no-bytecode`` measures that worst case instead.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

BARE = "python -c pass"
COMMANDS = {
    BARE: [sys.executable, "-c", "pass"],
    "dupbridge --help": [sys.executable, "-m", "dupbridge", "--help"],
    "import dupbridge": [sys.executable, "-c", "import dupbridge"],
    "from dupbridge import Table": [sys.executable, "-c", "from dupbridge import Table"],
}
TARGETS = {"dupbridge --help": 0.100, "from dupbridge import Table": 0.200}


def _once(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-bytecode", action="store_true",
                        help="Compile every module on every run (PYTHONDONTWRITEBYTECODE "
                             "and no .pyc read)")
    options = parser.parse_args()
    env = {**os.environ, "COLUMNS": "80"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if options.no_bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = os.devnull  # no cache directory can be read there
    for command in COMMANDS.values():  # warm the file cache and write the .pyc files
        _once(command, env)
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(options.runs):
        for name, command in COMMANDS.items():
            wall, cpu = _once(command, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    bare_wall = statistics.median(walls[BARE])
    bare_cpu = max(statistics.median(cpus[BARE]), 1e-6)
    print(f"median of {options.runs} runs"
          + (", no bytecode cache" if options.no_bytecode else ""))
    for name in COMMANDS:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        target = TARGETS.get(name)
        verdict = "" if target is None else (
            f"  {'under' if wall < target else 'OVER'} the {target * 1000:.0f} ms target")
        print(f"{name:<28} wall {wall * 1000:6.1f} ms ({wall / bare_wall:4.1f}x bare)  "
              f"cpu {cpu * 1000:6.1f} ms ({cpu / bare_cpu:4.1f}x bare){verdict}")


if __name__ == "__main__":
    main()
