"""PBN 2.1 (Portable Bridge Notation): tolerant import, strict export.

``loads``/``load`` read a file into a ``PbnFile`` in export form (see ``model``);
``dumps``/``dump`` write PBN 2.1 export format. ``to_records``/``from_records`` map games to
and from the common ``BoardRecord``; ``records`` also reads single typed values of a game."""

from __future__ import annotations

import os
from pathlib import Path

from dupbridge.formats.pbn.model import Comment, Game, PbnFile, Tag
from dupbridge.formats.pbn.parser import parse
from dupbridge.formats.pbn.records import from_records, to_records
from dupbridge.formats.pbn.writer import dumps

__all__ = ["Comment", "Game", "PbnFile", "Tag", "decode", "dump", "dumps", "from_records",
           "load", "loads", "to_records"]


def loads(text: str, *, source: str = "<string>", strict: bool = True) -> PbnFile:
    """Read PBN text. ``strict`` raises the first ``ParseError``; otherwise the games that
    could be read come back with the errors of the others in ``PbnFile.errors``."""
    return parse(text, source, strict)


def decode(data: bytes) -> str:
    """UTF-8 with or without a byte order mark; otherwise ISO-8859-1 (PBN's own charset)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def load(path: str | os.PathLike[str], *, strict: bool = True) -> PbnFile:
    file = Path(path)
    return loads(decode(file.read_bytes()), source=str(file), strict=strict)


def dump(pbn: PbnFile, path: str | os.PathLike[str]) -> None:
    """Write export format, UTF-8 without a byte order mark, LF line ends."""
    Path(path).write_bytes(dumps(pbn).encode("utf-8"))
