"""PBN tables (``ScoreTable``, ``TotalScoreTable``, ``OptimumResultTable``, ... PBN 2.1
§5): the column spec ``[+|-]Name[\\width[L|R]]`` separated by ``;``, then rows of cells.

A cell is typed: ``None`` for ``-`` (no value), ``int`` or ``Decimal`` for a bare number
(a Decimal keeps its digits: ``28.30`` stays ``28.30``), ``QuotedText`` for a quoted
string (a ``str`` that remembers its quotes, so ``"420"`` is written back quoted), ``str``
for any other bare word (``4S``, ``S9``, ``NT``). :meth:`PbnTable.numbers` reads a column
as numbers, quoted ones included. Comments left among the cells are kept in place."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from dupbridge.core.errors import ParseError
from dupbridge.formats.pbn.model import Tag

TABLE_TAGS = ("ScoreTable", "TotalScoreTable", "OptimumResultTable", "OptimumPlayTable",
              "InstantScoreTable", "ActionTable", "AuctionTimeTable", "PlayTimeTable")

_COLUMN = re.compile(r"^(?P<sort>[+-]?)(?P<name>[^\\]+)(?:\\(?P<width>\d+)(?P<align>[LR]?))?$")
_INTEGER = re.compile(r"^[+-]?\d+$")
_DECIMAL = re.compile(r"^[+-]?(\d+\.\d*|\.\d+)$")

Align = Literal["L", "R"]
Sort = Literal["+", "-"]
_ALIGN: dict[str, Align] = {"L": "L", "R": "R"}
_SORT: dict[str, Sort] = {"+": "+", "-": "-"}


class QuotedText(str):
    """A cell written between double quotes."""

    __slots__ = ()


Cell = int | Decimal | str | None
Number = int | Decimal


@dataclass(frozen=True, slots=True)
class Column:
    """One column: its name, display width and alignment, and sort order (``+``
    ascending, ``-`` descending) when given."""

    name: str
    width: int | None = None
    align: Align | None = None
    sort: Sort | None = None

    @classmethod
    def parse(cls, text: str) -> Column:
        match = _COLUMN.match(text.strip())
        if match is None:
            raise ParseError("expected a column as [+|-]Name[\\width[L|R]]", text, 0)
        width = match["width"]
        return cls(match["name"], int(width) if width else None,
                   _ALIGN.get(match["align"] or ""), _SORT.get(match["sort"] or ""))

    def __str__(self) -> str:
        width = "" if self.width is None else f"\\{self.width}{self.align or ''}"
        return f"{self.sort or ''}{self.name}{width}"


@dataclass(frozen=True, slots=True)
class PbnTable:
    """A table tag read: ``name`` is the tag (``ScoreTable``...); ``comments`` are the
    comments found among the cells, each with the number of cells before it."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    comments: tuple[tuple[int, str], ...] = ()

    def index(self, column: str) -> int:
        for i, each in enumerate(self.columns):
            if each.name == column:
                return i
        raise KeyError(f"{self.name} has no column {column!r}")

    def has(self, column: str) -> bool:
        return any(each.name == column for each in self.columns)

    def column(self, column: str) -> tuple[Cell, ...]:
        i = self.index(column)
        return tuple(row[i] for row in self.rows)

    def numbers(self, column: str) -> tuple[Number | None, ...]:
        """The column as numbers: quoted numbers read as numbers; ``-`` and words that are
        not numbers (``"A+"``) as None."""
        return tuple(number(cell) for cell in self.column(column))

    def records(self) -> tuple[dict[str, Cell], ...]:
        """Each row as a mapping from column name to cell."""
        names = [column.name for column in self.columns]
        return tuple(dict(zip(names, row, strict=True)) for row in self.rows)


def number(cell: Cell) -> Number | None:
    """A cell as a number, quoted or not; None when it holds none."""
    if cell is None or isinstance(cell, int | Decimal):
        return cell
    return _number(cell)


def _number(text: str) -> Number | None:
    if _INTEGER.match(text):
        return int(text)
    if _DECIMAL.match(text):
        return Decimal(text)
    return None


def parse_cell(token: str) -> Cell:
    if token == "-":
        return None
    if len(token) >= 2 and token[0] == token[-1] == '"':
        # PBN 2.1 strings: \" is a quote, \\ a backslash
        return QuotedText(re.sub(r'\\(["\\])', r"\1", token[1:-1]))
    found = _number(token)
    return token if found is None else found


def format_cell(cell: Cell) -> str:
    if cell is None:
        return "-"
    if isinstance(cell, QuotedText):
        # A string on one line (PBN 2.1 §3.2): a line break or control character a space.
        escaped = re.sub("[\x00-\x1f\x7f]", " ", cell).replace("\\", "\\\\").replace(
            '"', '\\"')
        return f'"{escaped}"'
    return str(cell)


def read_table(tag: Tag, *, source: str | None = None, line: int | None = None) -> PbnTable:
    """The typed table of a table tag; ``ParseError`` when a column spec is malformed or
    the cells do not fill whole rows."""
    try:
        columns = tuple(Column.parse(part) for part in tag.value.split(";") if part.strip())
    except ParseError as error:
        raise ParseError(f"[{tag.name}] {error.reason}", tag.value, 0, source=source,
                         line=line, column=1) from error
    cells: list[Cell] = []
    comments: list[tuple[int, str]] = []
    for token in tag.section:
        if token.startswith(("{", ";")):
            comments.append((len(cells), token))
        else:
            cells.append(parse_cell(token))
    width = len(columns)
    if width == 0 or len(cells) % width:
        text = " ".join(tag.section)
        raise ParseError(f"[{tag.name}] expected rows of {width} cells, found {len(cells)} "
                         "cells", text, len(text), source=source, line=line,
                         column=len(text) + 1)
    rows = tuple(tuple(cells[i:i + width]) for i in range(0, len(cells), width))
    return PbnTable(tag.name, columns, rows, tuple(comments))


def table_tag(table: PbnTable) -> Tag:
    """The inverse of :func:`read_table`: the tag with its column spec and cells."""
    tokens: list[str] = []
    comments = list(table.comments)
    count = 0
    for row in table.rows:
        for cell in row:
            while comments and comments[0][0] == count:
                tokens.append(comments.pop(0)[1])
            tokens.append(format_cell(cell))
            count += 1
    tokens.extend(text for _, text in comments)
    return Tag(table.name, ";".join(str(column) for column in table.columns), tuple(tokens))


def make_table(name: str, columns: Sequence[Column | str],
               rows: Sequence[Sequence[Cell]]) -> PbnTable:
    """A table to export, columns given as :class:`Column` or as their spec text."""
    parsed = tuple(c if isinstance(c, Column) else Column.parse(c) for c in columns)
    for row in rows:
        if len(row) != len(parsed):
            raise ValueError(f"a row of {len(row)} cells in a table of {len(parsed)} columns")
    return PbnTable(name, parsed, tuple(tuple(row) for row in rows))
