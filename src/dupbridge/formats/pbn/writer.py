"""PBN 2.1 export format: the header's version lines, then each game as its
comments, its tags (the mandatory ones first, in order) with their sections, and an empty
line. Auction: four calls per line; Play: one trick per line; tables: one row per line,
cells aligned to the column widths."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from dupbridge.formats.pbn.model import Comment, Game, PbnFile, Tag
from dupbridge.formats.pbn.parser import _export_order, export_header
from dupbridge.formats.pbn.sections import is_comment
from dupbridge.formats.pbn.values import OPEN_VALUES, is_table, table_columns

if TYPE_CHECKING:
    from dupbridge.core.board import Board

_PREFIXES = frozenset({"^I", "^R", "^L"})  # written before the call or card they mark


def dumps(pbn: PbnFile) -> str:
    header = "".join(f"{line}\n" for line in export_header(pbn.header)) + "\n"
    return header + "".join(game_text(game) for game in pbn.games)


def game_text(game: Game) -> str:
    """One game as ``dumps`` writes it, with the empty line that ends it: for a program
    that writes games one at a time, such as the command line dealing boards."""
    return "".join(f"{line}\n" for line in _game(game)) + "\n"


def dealt_board(board: Board) -> str:
    """A board as dealt (Law 6), before any play: its number, dealer and vulnerability
    (Law 2) and its deal, North's hand first."""
    if board.deal is None:
        raise ValueError(f"board {board.number} has not been dealt")
    return game_text(Game((Tag("Board", str(board.number)), Tag("Dealer", board.dealer.letter),
                           Tag("Vulnerable", board.vulnerability.value),
                           Tag("Deal", board.deal.to_pbn()))))


def _game(game: Game) -> Iterator[str]:
    yield from _comments(game.comments)
    for tag in _export_order(list(game.tags)):
        yield f'[{tag.name} "{escape(tag.value)}"]'
        yield from _section(tag)
        yield from _comments(tag.comments)


# A tag's value is a string on its tag's line (PBN 2.1 §3.2): a line break (or a NUL)
# becomes a space. Other control characters are kept: real files carry them (a tab, DEL)
# and they read back as written.
CONTROL = re.compile("[\x00\n\r]")


def escape(value: str) -> str:
    """The quote always, a backslash where it would otherwise read as an escape, and a
    space for a line break."""
    value = CONTROL.sub(" ", value)
    out: list[str] = []
    for index, char in enumerate(value):
        following = value[index + 1:index + 2]
        if char == '"':
            out.append('\\"')
        elif char == "\\" and following in ('"', "\\", ""):
            out.append("\\\\")
        else:
            out.append(char)
    return "".join(out)


def _comments(comments: tuple[Comment, ...]) -> Iterator[str]:
    for comment in comments:
        if comment.escape:
            yield "%" + comment.text
        elif comment.block:
            yield "{" + comment.text + "}"
        else:
            yield ";" + comment.text


def _section(tag: Tag) -> Iterator[str]:
    if not tag.section:
        return
    if tag.name in ("Auction", "Play"):
        yield from _rows(tag.section)
    elif is_table(tag.name) and tag.value not in OPEN_VALUES:
        yield from _table(tag.section, table_columns(tag.value))
    else:
        yield from _lines(tag.section, lambda token: False)


def _rows(tokens: tuple[str, ...]) -> Iterator[str]:
    """Four calls (or cards) per line; annotations follow their call, prefixes precede it."""
    count = 0

    def ends_row(token: str) -> bool:
        nonlocal count
        if is_comment(token) or token[0] in "=$" or token in _PREFIXES:
            return False
        count += 1
        return count % 4 == 0

    yield from _lines(tokens, ends_row)


def _lines(tokens: tuple[str, ...], ends_row: Callable[[str], bool]) -> Iterator[str]:
    line: list[str] = []
    pending_break = False
    for token in tokens:
        attaches = token[0] in "{=$"  # block comments and annotations follow their token
        if pending_break and not attaches:
            yield " ".join(line)
            line = []
        pending_break = False
        if token[0] == "%" and line:
            yield " ".join(line)
            line = []
        line.append(token)
        if token[0] in ";%" or ends_row(token):
            pending_break = True
            if token[0] in ";%":
                yield " ".join(line)
                line = []
                pending_break = False
    if line:
        yield " ".join(line)


def _table(tokens: tuple[str, ...], columns: tuple[tuple[int, bool], ...]) -> Iterator[str]:
    row: list[str] = []
    for token in tokens:
        if is_comment(token) or (token == "*" and not row):
            if row:
                yield _row(row, columns)
                row = []
            yield token
            continue
        row.append(token)
        if len(row) == len(columns):
            yield _row(row, columns)
            row = []
    if row:
        yield _row(row, columns)


def _row(cells: list[str], columns: tuple[tuple[int, bool], ...]) -> str:
    padded = [cell.rjust(width) if right else cell.ljust(width)
              for cell, (width, right) in zip(cells, columns, strict=False)]
    return " ".join(padded).rstrip()
