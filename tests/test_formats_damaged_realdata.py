"""Every real file of ``../shared/realdata``, damaged (issue 20): truncated, bytes flipped,
lines duplicated, read in the wrong encoding; each damaged copy goes to the reader of its
format (strict and tolerant where the reader has both; PBN games also replayed through the
table engine), which may read it or raise a ``ParseError`` whose position lies inside the
damaged file, and nothing else.

The damage is seeded: a failure names the file, the kind and the round, and repeats.
Each damaged copy must be read within a deadline far above the normal time (a hang
detector, not a speed test): ``DUPBRIDGE_DAMAGE_DEADLINE`` seconds (10 by default) per
200 kB of input. The default run damages each file once per kind, files over 200 kB in
their first 200 kB (whole lines), and replays the first 12 games of a PBN file;
``DUPBRIDGE_DAMAGE_ROUNDS=50`` runs a long one on the whole files and every game."""

from __future__ import annotations

import os
import random
import re
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pytest

from dupbridge.core.errors import ParseError
from dupbridge.formats import dds_lists, lin, movements, pbn, rbn
from dupbridge.formats.dealing import ber, bhg, bigdeal_csv, bri, cds, dge, dlm, dup, rzd
from dupbridge.formats.pbn.replay import game_to_table
from dupbridge.formats.usebio_reader import parse_bytes
from shared_paths import REALDATA

ROUNDS = int(os.environ.get("DUPBRIDGE_DAMAGE_ROUNDS", "1"))
DEADLINE = float(os.environ.get("DUPBRIDGE_DAMAGE_DEADLINE", "10"))
# The default run replays the first games of each damaged PBN file and damages at most
# the first WINDOW bytes of a file; the long run replays all, on the whole files.
REPLAYED = None if ROUNDS > 1 else 12
WINDOW = None if ROUNDS > 1 else 200_000

Reader = Callable[[bytes, str], None]


def _text(data: bytes) -> str:
    return pbn.decode(data)  # UTF-8 (BOM or not), else ISO-8859-1: LIN and RBN alike


def _pbn(data: bytes, source: str) -> None:
    text = _text(data)
    with _parse_error_allowed():
        pbn.loads(text, source=source)
    tolerant = pbn.loads(text, source=source, strict=False)
    for game in tolerant.games[:REPLAYED]:
        warnings: list[ParseError] = []
        with _parse_error_allowed():
            game_to_table(game, source=source, strict=False, warnings=warnings)
        with _parse_error_allowed():
            game_to_table(game, source=source)


def _strict_and_tolerant(loads: Callable[..., object]) -> Reader:
    def read(data: bytes, source: str) -> None:
        text = _text(data)
        with _parse_error_allowed():
            loads(text, source=source)
        loads(text, source=source, strict=False)

    return read


def _text_reader(loads: Callable[..., object]) -> Reader:
    def read(data: bytes, source: str) -> None:
        loads(_text(data), source=source)

    return read


def _bytes_reader(loads: Callable[..., object]) -> Reader:
    def read(data: bytes, source: str) -> None:
        loads(data, source=source)

    return read


READERS: dict[str, Reader] = {
    ".pbn": _pbn,
    ".lin": _strict_and_tolerant(lin.loads),
    ".rbn": _strict_and_tolerant(rbn.loads),
    ".xml": _bytes_reader(parse_bytes),
    ".yaml": _text_reader(movements.loads_bridgescorer),
    ".json": _text_reader(movements.loads_howellki),
    **{f".{name}": _bytes_reader(module.loads) for name, module in (
        ("ber", ber), ("bhg", bhg), ("csv", bigdeal_csv), ("bri", bri), ("cds", cds),
        ("dge", dge), ("dlm", dlm), ("dup", dup), ("rzd", rzd))},
}


def reader_of(path: Path) -> Reader:
    if path.suffix == ".txt":
        if path.parent.name == "dds_hands":
            return _text_reader(dds_lists.loads)
        return _text_reader(movements.loads_bridgepal)
    return READERS[path.suffix.lower()]


FILES = sorted(p for p in REALDATA.rglob("*") if p.is_file() and p.suffix != ".md")


# --- damage ------------------------------------------------------------------------------


def truncated(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def flipped(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if out:
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def duplicated_lines(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(lines))
        lines[at:at] = lines[at : at + rng.randint(1, 3)]
    return b"\n".join(lines)


_SPACES = "\u00a0\u0085\u001c\u001d\u001e\u001f\u2028\u3000\ufeff"


def wrong_encoding(data: bytes, rng: random.Random) -> bytes:
    """The text re-encoded as another program would have written it, or odd whitespace
    (from a wrong decoding) put among its words."""
    text = data.decode("utf-8", errors="replace") if rng.random() < 0.5 else data.decode(
        "latin-1")
    kind = rng.choice(("latin-1", "cp1252", "utf-16", "utf-8-sig", "mojibake", "spaces"))
    if kind == "mojibake":  # UTF-8 read as Latin-1 and written back as UTF-8
        return text.encode("utf-8").decode("latin-1").encode("utf-8")
    if kind == "spaces":
        chars = list(text)
        for _ in range(rng.randint(1, 6)):
            chars.insert(rng.randrange(len(chars) + 1), rng.choice(_SPACES))
        return "".join(chars).encode("utf-8")
    return text.encode(kind, errors="replace")


DAMAGES = {"truncated": truncated, "flipped": flipped, "duplicated": duplicated_lines,
           "encoding": wrong_encoding}


# --- what a reader may do ----------------------------------------------------------------


class _Allowed:
    data: bytes = b""


ALLOWED = _Allowed()


@contextmanager
def _parse_error_allowed() -> Iterator[None]:
    try:
        yield
    except ParseError as error:
        _assert_inside(error, ALLOWED.data)


def _assert_inside(error: ParseError, data: bytes) -> None:
    """A ParseError positioned inside the damaged file: a line of it, or a byte of it."""
    if error.line is not None:
        lines = data.count(b"\n") + data.count(b"\r") + 2  # any line-end convention
        assert 1 <= error.line <= lines, f"line {error.line} outside the file: {error}"
        return
    byte = re.search(r"\bbyte (\d+)", str(error))
    assert byte is not None, f"a ParseError without a position: {error}"
    assert int(byte.group(1)) <= len(data), f"byte outside the file: {error}"


class _Hang(Exception):
    pass


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Interrupt a reader that is still running after ``seconds`` (a hang)."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise _Hang(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(REALDATA)))
def test_damaged_real_file_gives_only_a_positioned_parse_error(path: Path) -> None:
    read = reader_of(path)
    original = path.read_bytes()
    if WINDOW is not None and len(original) > WINDOW:
        original = original[: original.rfind(b"\n", 0, WINDOW) + 1]
    for round_ in range(ROUNDS):
        for kind, damage in DAMAGES.items():
            rng = random.Random(f"{path.name}/{kind}/{round_}")
            ALLOWED.data = damaged = damage(original, rng)
            where = f"{path.name}, {kind}, round {round_}"
            try:
                with _deadline(DEADLINE * (1 + len(damaged) / 200_000)), \
                        _parse_error_allowed():
                    read(damaged, where)
            except (_Hang, AssertionError):
                raise
            except Exception as other:  # the defect this test is about
                pytest.fail(f"{where}: {type(other).__name__}: {other}")


def test_lexer_reads_every_kind_of_whitespace_between_tokens() -> None:
    for space in _SPACES.replace("\ufeff", ""):
        text = f'[Event "x"]{space}[Board "1"]\n{space}[Dealer "N"]{space}\n'
        loaded = pbn.loads(text)
        assert [(g.value("Board"), g.value("Dealer")) for g in loaded.games] == [("1", "N")]
