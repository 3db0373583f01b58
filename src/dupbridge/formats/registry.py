"""Which formats ``dupbridge convert`` knows, and how each reads and writes board records.

Every format module has the same four functions: ``load(path)``, ``to_records(loaded)``,
``from_records(records)`` and ``dump(loaded, path)``; the registry only names them, so a
new format is one line here. Modules are imported when used: reading a LIN file does not
load the XML machinery."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dupbridge.formats.record import BoardRecord


@dataclass(frozen=True, slots=True)
class FileFormat:
    name: str
    extensions: tuple[str, ...]
    module: str
    description: str
    writes: bool = True
    deals_only: bool = False  # a dealing-machine file: one deal per board, no play

    def _api(self, function: str) -> Callable[..., Any]:
        found: Callable[..., Any] = getattr(importlib.import_module(self.module), function)
        return found

    def read(self, path: Path) -> list[BoardRecord]:
        records: list[BoardRecord] = self._api("to_records")(self._api("load")(path))
        return records

    def write(self, records: Iterable[BoardRecord], path: Path) -> None:
        if not self.writes:
            raise ValueError(f"dupbridge reads {self.name} files but does not write them")
        if self.deals_only:
            records = one_per_board(records)
        self._api("dump")(self._api("from_records")(records), path)


def one_per_board(records: Iterable[BoardRecord]) -> list[BoardRecord]:
    """The deal of each board once, in board order: a results file holds a board once per
    table, a dealing machine wants it once. Two different deals under one number is an
    error, not a choice to make silently."""
    boards: dict[int, BoardRecord] = {}
    for record in records:
        seen = boards.setdefault(record.board, record)
        if seen.deal != record.deal:
            raise ValueError(f"board {record.board} has two different deals in the input")
    return [boards[number] for number in sorted(boards)]


FORMATS: tuple[FileFormat, ...] = (
    FileFormat("pbn", (".pbn",), "dupbridge.formats.pbn", "Portable Bridge Notation 2.1"),
    FileFormat("lin", (".lin",), "dupbridge.formats.lin", "BBO hand records (LIN)"),
    FileFormat("usebio", (".xml",), "dupbridge.formats.usebio", "USEBIO 1.2 results"),
    FileFormat("rbn", (".rbn",), "dupbridge.formats.rbn", "Richard Pavlicek's RBN",
               writes=False),
    *(FileFormat(name, (f".{name}",), f"dupbridge.formats.dealing.{module}", description,
                 deals_only=True)
      for name, module, description in (
          ("bri", "bri", "dealing machine, BRI"), ("dge", "dge", "dealing machine, DGE"),
          ("dup", "dup", "Duplimate DUP"), ("dlm", "dlm", "Duplimate DLM"),
          ("ber", "ber", "dealing machine, BER"), ("bhg", "bhg", "dealing machine, BHG"),
          ("cds", "cds", "dealing machine, CDS"), ("rzd", "rzd", "dealing machine, RZD"),
          ("csv", "bigdeal_csv", "Big Deal CSV"))),
)


def file_format(name: str | None, path: Path) -> FileFormat:
    """The format called ``name``, or, when no name is given, the one of ``path``'s
    extension; a ValueError that lists the known ones otherwise."""
    if name is not None:
        for known in FORMATS:
            if known.name == name.lower():
                return known
        raise ValueError(f"unknown format {name!r}; known: {', '.join(f.name for f in FORMATS)}")
    suffix = path.suffix.lower()
    for known in FORMATS:
        if suffix in known.extensions:
            return known
    extensions = ", ".join(sorted({ext for f in FORMATS for ext in f.extensions}))
    raise ValueError(f"cannot tell the format of {path.name!r} from its extension "
                     f"(known: {extensions})")
