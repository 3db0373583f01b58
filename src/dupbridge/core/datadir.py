"""Where dupbridge keeps the user's data: ``$DUPBRIDGE_DATA``, else
``$XDG_DATA_HOME/dupbridge``, else ``~/.local/share/dupbridge``."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """The user's data directory, read from the environment at each call."""
    if os.environ.get("DUPBRIDGE_DATA"):
        return Path(os.environ["DUPBRIDGE_DATA"])
    if os.environ.get("XDG_DATA_HOME"):
        return Path(os.environ["XDG_DATA_HOME"]) / "dupbridge"
    return Path.home() / ".local" / "share" / "dupbridge"
