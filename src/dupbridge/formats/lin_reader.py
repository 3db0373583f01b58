"""Reading LIN text: pairs, then boards, then a check of every value the accessors read.

Tolerated because real files do it (SOURCES.md): line breaks between pairs (LF, CRLF and
CR alone, mixed), values that span lines (``at`` ASCII diagrams), a stray ``|`` where
no pair starts (``pn|...||pg||`` in a Bermuda Bowl vugraph file), no trailing newline.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from dupbridge.core.errors import ParseError
from dupbridge.formats.lin_model import (
    LinBoard,
    LinFile,
    LinPair,
    parse_mb,
    parse_mc,
    parse_md,
    parse_pc,
    parse_sv,
)

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_HEADER_KEYS = frozenset({"vg", "rs", "pw", "mp", "bn"})
_BOARD_STARTS = frozenset({"pn", "qx", "mn"})
_CHECKS: dict[str, Callable[[str], object]] = {
    "md": parse_md, "sv": parse_sv, "mb": parse_mb, "pc": parse_pc, "mc": parse_mc,
}


class _RawPair(NamedTuple):
    key: str
    value: str
    key_at: int
    value_at: int


# A well-formed pair from where the last one ended: most of a file, read in one match each.
_PAIR = re.compile(r"\s*+([A-Za-z]{2})\s*+\|([^|]*+)\|")


class _Source:
    """The text and its name, to turn an offset into a positioned ``ParseError``."""

    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.starts = [0] + [match.end() for match in _LINE_BREAK.finditer(text)]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def error(self, message: str, offset: int) -> ParseError:
        line = self.line_of(offset)
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.text)
        excerpt = self.text[start:end].rstrip("\r\n")
        return ParseError(message, excerpt, offset - start, source=self.name, line=line,
                          column=offset - start + 1)


def _pairs(source: _Source, errors: list[ParseError] | None) -> Iterator[_RawPair]:
    """``key|value|`` pairs. With ``errors`` (strict=False) a bad key is skipped and
    recorded; without, it raises."""
    text = source.text
    position = 0
    match_pair = _PAIR.match
    while True:
        match = match_pair(text, position)
        if match is not None:
            yield _RawPair(match[1], match[2], match.start(1), match.start(2))
            position = match.end()
            continue
        bar = text.find("|", position)
        if bar < 0:
            if text[position:].strip():
                _fail(source.error("unterminated pair: expected '|' after the key "
                                   f"{text[position:].strip()[:20]!r}", position), errors)
            return
        raw = text[position:bar]
        key = raw.strip()
        key_at = position + len(raw) - len(raw.lstrip())
        if not key:  # a stray separator: nothing to keep
            position = bar + 1
            continue
        if not (len(key) == 2 and key.isascii() and key.isalpha()):  # [A-Za-z]{2}
            _fail(source.error(f"expected a two-letter key such as md or mb, found {key[:20]!r}",
                               key_at), errors)
            position = bar + 1
            continue
        end = text.find("|", bar + 1)
        if end < 0:
            _fail(source.error(f"unterminated pair: expected '|' closing the value of {key!r}",
                               bar + 1), errors)
            return
        yield _RawPair(key, text[bar + 1 : end], key_at, bar + 1)
        position = end + 1


def _fail(error: ParseError, errors: list[ParseError] | None) -> None:
    if errors is None:
        raise error
    errors.append(error)


def _split(pairs: list[_RawPair]) -> tuple[list[_RawPair], list[list[_RawPair]]]:
    """The vugraph header (a file that begins with ``vg``...: its run of header keys,
    ``pg`` and one ``pn``), then the boards: a board starts at ``pn``, ``qx`` or ``mn``
    (or a second ``md``) once the board being read has its deal."""
    header: list[_RawPair] = []
    index = 0
    if pairs and pairs[0].key.lower() in _HEADER_KEYS:
        names_seen = False
        while index < len(pairs):
            key = pairs[index].key.lower()
            if key == "pn" and not names_seen:
                names_seen = True
            elif key not in _HEADER_KEYS and key != "pg":
                break
            header.append(pairs[index])
            index += 1
    boards: list[list[_RawPair]] = []
    current: list[_RawPair] = []
    dealt = False
    for pair in pairs[index:]:
        key = pair.key.lower()
        if dealt and (key in _BOARD_STARTS or key == "md"):
            boards.append(current)
            current, dealt = [], False
        current.append(pair)
        dealt = dealt or key == "md"
    if current:
        boards.append(current)
    return header, boards


# Values already found good, per key: a file repeats its calls and cards over and over.
_GOOD: dict[str, set[str]] = {key: set() for key in _CHECKS}
_GOOD_LIMIT = 4096


def _check(board: list[_RawPair], source: _Source) -> None:
    """Every value an accessor will read parses; the first that does not is reported at
    its place in the file."""
    for pair in board:
        key = pair.key.lower()
        check = _CHECKS.get(key)
        if check is None or pair.value in _GOOD[key]:
            continue
        try:
            check(pair.value)
        except ParseError as error:
            raise source.error(f"in {pair.key}|{pair.value[:30]}|: {error.reason}",
                               pair.value_at + error.position) from None
        except ValueError as error:  # a Deal that cannot exist
            raise source.error(f"in {pair.key}: {error}", pair.value_at) from None
        if key != "md" and len(_GOOD[key]) < _GOOD_LIMIT:  # a deal comes once
            _GOOD[key].add(pair.value)


def _made(made: dict[tuple[str, str], LinPair], pair: _RawPair) -> LinPair:
    found = made[(pair.key, pair.value)] = LinPair(pair.key, pair.value)
    return found


def loads(text: str, *, source: str = "<string>", strict: bool = True) -> LinFile:
    """Read LIN text. ``strict=False`` keeps the good boards and returns the errors in
    ``LinFile.errors`` instead of raising the first ``ParseError``."""
    where = _Source(text.removeprefix("\ufeff"), source)
    errors: list[ParseError] | None = None if strict else []
    header, raw_boards = _split(list(_pairs(where, errors)))
    boards: list[LinBoard] = []
    made: dict[tuple[str, str], LinPair] = {}  # one object per pair met (pairs are values)
    for raw in raw_boards:
        try:
            _check(raw, where)
        except ParseError as error:
            _fail(error, errors)
            continue
        pairs = tuple(made.get((pair.key, pair.value)) or _made(made, pair) for pair in raw)
        boards.append(LinBoard(pairs, line=where.line_of(raw[0].key_at)))
    return LinFile(
        tuple(boards),
        tuple(LinPair(pair.key, pair.value) for pair in header),
        tuple(errors or ()),
    )
