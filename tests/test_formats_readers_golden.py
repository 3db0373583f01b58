"""The PBN and LIN readers are made faster without changing what they read (issue 26).

``tests/golden/readers.json`` holds, per real PBN and LIN file of ``../shared/realdata``,
a sha256 over a canonical text of what the readers make of it: the games or boards (with
the line each began on), the header, the errors and warnings as messages, and the
records (``to_records``), in strict and in tolerant mode; and the same over seeded
damaged copies of each file under 200 kB. The digests were written from the readers as
they stood before the speed work; a change to a digest is a change to what a file reads
as, which must be deliberate.

After a deliberate change to the readers, rewrite the digests with
``PYTHONPATH=src python tests/test_formats_readers_golden.py --write`` and say why in
the commit."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from dupbridge.formats import lin, pbn
from shared_paths import REALDATA

GOLDEN = Path(__file__).parent / "golden" / "readers.json"
DAMAGED_COPIES = 6
DAMAGED_UP_TO = 200_000  # bytes: larger files are read whole, not damaged
DAMAGE = '[]"{};%#*+-=^$!?\\:.|,\n\t AKQJT98765432SHDCNXPWEapsxmbc01'


def _files() -> list[Path]:
    return sorted(path for path in REALDATA.rglob("*")
                  if path.suffix.lower() in (".pbn", ".lin") and path.is_file())


def _records(to_records: Callable[[object], object], read: object) -> str:
    try:
        return repr(to_records(read))
    except Exception as error:  # what the records make of a file is part of its reading
        return f"records: {type(error).__name__}: {error}"


def _pbn_outcome(text: str, source: str, strict: bool) -> str:
    try:
        read = pbn.loads(text, source=source, strict=strict)
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return repr((read.games, [game.line for game in read.games], read.header,
                 [str(error) for error in read.errors],
                 [str(warning) for warning in read.warnings],
                 "" if strict else _records(pbn.to_records, read)))  # type: ignore[arg-type]


def _lin_outcome(text: str, source: str, strict: bool) -> str:
    try:
        read = lin.loads(text, source=source, strict=strict)
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return repr((read.boards, [board.line for board in read.boards], read.header,
                 [str(error) for error in read.errors],
                 "" if strict else _records(lin.to_records, read)))  # type: ignore[arg-type]


def _damaged(text: str, rng: random.Random) -> str:
    """Cuts, insertions and repetitions, as the fuzz does, but seeded."""
    for _ in range(rng.randint(1, 6)):
        at = rng.randint(0, len(text))
        kind = rng.choice(("cut", "insert", "repeat"))
        if kind == "cut":
            text = text[:at] + text[at + rng.randint(1, 40):]
        elif kind == "insert":
            text = text[:at] + "".join(rng.choice(DAMAGE) for _ in range(rng.randint(1, 12))) \
                + text[at:]
        else:
            text = text[:at] + text[at:at + rng.randint(1, 200)] + text[at:]
    return text


def _digest(texts: list[str], outcome: Callable[[str, str, bool], str]) -> str:
    hashed = hashlib.sha256()
    for text in texts:
        for strict in (True, False):
            canonical = outcome(text, "f", strict)
            assert " object at 0x" not in canonical  # a repr must not depend on memory
            hashed.update(canonical.encode("utf-8"))
            hashed.update(b"\0")
    return hashed.hexdigest()


def digests(path: Path) -> dict[str, str]:
    """The digests of one file: as it is, and damaged (files under 200 kB)."""
    name = path.relative_to(REALDATA).as_posix()
    text = pbn.decode(path.read_bytes())
    outcome = _lin_outcome if path.suffix.lower() == ".lin" else _pbn_outcome
    found = {name: _digest([text], outcome)}
    if len(text) <= DAMAGED_UP_TO:
        rng = random.Random(name)
        found[f"damaged:{name}"] = _digest(
            [_damaged(text, rng) for _ in range(DAMAGED_COPIES)], outcome)
    return found


def _golden() -> dict[str, str]:
    loaded: dict[str, str] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return loaded


FILES = _files()


def test_the_golden_digests_cover_every_real_pbn_and_lin_file() -> None:
    names = {path.relative_to(REALDATA).as_posix() for path in FILES}
    assert names == {name for name in _golden() if not name.startswith("damaged:")}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.relative_to(REALDATA).as_posix())
def test_each_real_file_and_its_damaged_copies_read_as_before(path: Path) -> None:
    golden = _golden()
    for name, digest in digests(path).items():
        assert golden[name] == digest, f"{name} no longer reads as it did"


if __name__ == "__main__":  # pragma: no cover - rewriting the digests, deliberately
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_formats_readers_golden.py --write")
    everything: dict[str, str] = {}
    for path in FILES:
        everything.update(digests(path))
    GOLDEN.write_text(json.dumps(everything, indent=1, sort_keys=True) + "\n",
                      encoding="utf-8")
    print(f"{len(everything)} digests written to {GOLDEN}")
