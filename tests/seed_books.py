"""The Spanish 2007 book (FVB) and the French book (FFB, both editions) imported from the
seeds as the README shows, into a data directory of the caller's own (``DUPBRIDGE_DATA``
points at it while the context lasts). The official texts are never written in the
project: tests read them from the imported books at run time."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.main import app
from shared_paths import SEEDS

IMPORTS = (["000_377f3742eda8b0ef.txt", "--lang", "es", "--edition", "2007",
            "--authority", "fvb"], ["002_3450a71fbd3619f3.txt", "--lang", "fr"])


@contextmanager
def imported_books(data: Path) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DUPBRIDGE_DATA", str(data))
        for arguments in IMPORTS:
            result = CliRunner().invoke(app, ["laws", "import", str(SEEDS / arguments[0]),
                                              *arguments[1:]])
            assert result.exit_code == 0, result.output
        yield data
