"""Double-dummy results kept on disk, so that analysing a file twice costs nothing.

A small SQLite file, ``dd-cache.sqlite3`` in the user's data directory (see
``dupbridge.core.datadir``), or where ``$DUPBRIDGE_DD_CACHE`` points. Entries are keyed by
the job's kind (versioned) and the canonical text of what was solved, and hold JSON.
A double-dummy value never changes, so entries never expire.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from dupbridge.core.datadir import data_dir

_SCHEMA = ("CREATE TABLE IF NOT EXISTS results "
           "(kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, "
           "PRIMARY KEY (kind, key)) WITHOUT ROWID")
_CHUNK = 500  # SQLite's limit on bound parameters is far above this


def default_cache_path() -> Path:
    if os.environ.get("DUPBRIDGE_DD_CACHE"):
        return Path(os.environ["DUPBRIDGE_DD_CACHE"])
    return data_dir() / "dd-cache.sqlite3"


class DDCache:
    """The on-disk cache. ``DDCache()`` opens the default file; ``DDCache(path)`` another."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_cache_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._connection = sqlite3.connect(self.path)
        self._connection.execute(_SCHEMA)
        self._connection.commit()

    def get_many(self, kind: str, keys: Iterable[str]) -> dict[str, Any]:
        """The cached values of those ``keys`` that are in the cache."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, Any] = {}
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start:start + _CHUNK]
            marks = ",".join("?" * len(chunk))
            rows = self._connection.execute(
                f"SELECT key, value FROM results WHERE kind = ? AND key IN ({marks})",
                (kind, *chunk))
            found.update((key, json.loads(value)) for key, value in rows)
        return found

    def put_many(self, kind: str, values: Mapping[str, Any]) -> None:
        self._connection.executemany(
            "INSERT OR REPLACE INTO results (kind, key, value) VALUES (?, ?, ?)",
            ((kind, key, json.dumps(value, separators=(",", ":")))
             for key, value in values.items()))
        self._connection.commit()

    def __len__(self) -> int:
        return int(self._connection.execute("SELECT COUNT(*) FROM results").fetchone()[0])

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> DDCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
