"""An acknowledged result survives the writing process being killed (SIGKILL) in the middle
of a burst of entries, on SQLite (WAL, synchronous=FULL) and on PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from dupbridge.adapters.sql import open_store

WRITER = Path(__file__).with_name("club_writer.py")
ACKNOWLEDGED_BEFORE_KILL = 60


def test_every_acknowledged_result_is_in_the_database_after_sigkill(db_url: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    writer = subprocess.Popen([sys.executable, str(WRITER), db_url], stdout=subprocess.PIPE,
                              text=True, env=env)
    assert writer.stdout is not None
    acknowledged = []
    for line in writer.stdout:
        acknowledged.append(line.strip())
        if len(acknowledged) == ACKNOWLEDGED_BEFORE_KILL:
            writer.send_signal(signal.SIGKILL)
            break
    writer.wait(timeout=60)
    assert writer.returncode == -signal.SIGKILL  # killed mid-burst, not finished
    acknowledged += [line.strip() for line in writer.stdout]  # printed before the kill
    stored = {a.id for a in open_store(db_url).actions("burst", kinds=("result",))}
    assert len(acknowledged) >= ACKNOWLEDGED_BEFORE_KILL
    assert set(acknowledged) <= stored
