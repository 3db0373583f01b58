"""Every file in ../shared/realdata is read (issue 6 acceptance). The per-format tests
assert each file's exact counts; this test makes sure no file is left without a reader,
so a file added to the corpus fails here until a reader and a count cover it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from dupbridge.core.errors import ParseError
from dupbridge.formats import dds_lists, movements
from dupbridge.formats.registry import file_format
from shared_paths import REALDATA


def _records(path: Path) -> int:
    return len(file_format(None, path).read(path))


def _bridgescorer(path: Path) -> int:
    read = movements.load_bridgescorer(path)
    return len(read.rows) if isinstance(read, movements.Movement) else len(read.boards)


def _howellki(path: Path) -> int:
    return sum(len(movement.rows) for movement in movements.load_howellki(path).values())


def _reader(path: Path) -> Callable[[Path], int]:
    relative = path.relative_to(REALDATA).as_posix()
    if relative.startswith("tables/thebridsk_movements/"):
        return _bridgescorer
    if relative.startswith("tables/bridgepal_individual/"):
        return lambda found: len(movements.load_bridgepal(found).rows)
    if relative.startswith("tables/dds_hands/"):
        return lambda found: len(dds_lists.load(found))
    if relative == "tables/emkael_howellki_movements.json":
        return _howellki
    return _records


DELIBERATELY_MALFORMED = {"pbn/pbn_reference_tests/errors_10.pbn",
                          "pbn/pbn_reference_tests/errors_20.pbn"}
"""The PBN standard's own error files: tests/test_formats_pbn_realdata.py documents the
positioned error each raises, and what the tolerant mode reads of them."""

FILES = sorted(path for path in REALDATA.rglob("*")
               if path.is_file() and path.name != "SOURCES.md")


def test_the_corpus_is_the_one_these_tests_were_written_for() -> None:
    assert len(FILES) == 121


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.relative_to(REALDATA).as_posix())
def test_every_real_file_is_read(path: Path) -> None:
    if path.relative_to(REALDATA).as_posix() in DELIBERATELY_MALFORMED:
        with pytest.raises(ParseError) as raised:
            _reader(path)(path)
        assert raised.value.source and raised.value.line and raised.value.column
        return
    assert _reader(path)(path) > 0
