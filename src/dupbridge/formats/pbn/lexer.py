"""PBN text as items: tags, runs of section tokens, comments, escape lines, and the empty
lines that end games.

One compiled pattern walks the text (``finditer``); each match is a whole construct with
the blanks and the line feed after it, so a tag line or a section's rows cost one step
each. Items carry offsets, not lines and columns: ``Positions`` turns an offset into a line
and a column only when something is reported (an error, a warning, where a game begins).
A run of section tokens stays a slice of the text until a reader asks for its tokens.

The lexer never stops at a malformed construct: it yields an ``ERROR`` item carrying the
``ParseError`` and resumes after the next empty line, so that the parser can report the
damaged game and still read the others (``strict=False``)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from enum import Enum
from typing import NamedTuple

from dupbridge.core.errors import ParseError


class Kind(Enum):
    TAGS = "tags"  # [Name "value"] tags one after the other (see ``tags``)
    WORD = "word"  # a section token
    STRING = "string"  # a quoted section token (table cell), quotes kept
    BLOCK = "block"  # {comment}, text without braces
    LINE = "line"  # ;comment, text without the semicolon
    ESCAPE = "escape"  # % line in the first column, text without the %
    BLANK = "blank"  # an empty line: the end of a game
    RUN = "run"  # section tokens one after the other, possibly over several lines
    ERROR = "error"  # a malformed construct; error holds the ParseError
    WARNING = "warning"  # a construct read with a repair; error holds the explanation


class Token(NamedTuple):
    """A section token or a comment with its place, made only where a message may need it
    (the tokens of a section that its fast reading could not take whole)."""

    kind: Kind
    text: str
    line: int
    column: int


class Item(NamedTuple):
    """What the lexer found from ``start`` to ``end``: a comment has its text without
    delimiters; ``ERROR`` and ``WARNING`` carry the error."""

    kind: Kind
    start: int
    end: int
    text: str = ""
    error: ParseError | None = None


class Positions:
    """Line and column (1-based) of an offset in the text, and the text of a line. The line
    starts are found on the first question, so that a file read without a message to
    report never lists them."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self._starts: list[int] | None = None

    @property
    def starts(self) -> list[int]:
        if self._starts is None:
            self._starts = [0] + [match.end() for match in re.finditer("\n", self.text)]
        return self._starts

    def where(self, offset: int) -> tuple[int, int]:
        starts = self.starts
        line = bisect_right(starts, offset)
        return line, offset - starts[line - 1] + 1

    def line_text(self, line: int) -> str:
        start = self.starts[line - 1]
        end = self.text.find("\n", start)
        return self.text[start:] if end < 0 else self.text[start:end]

    def error(self, message: str, line: int, column: int) -> ParseError:
        return ParseError(message, self.line_text(line), column - 1,
                          source=self.source, line=line, column=column)

    def error_at(self, message: str, offset: int) -> ParseError:
        line, column = self.where(offset)
        return self.error(message, line, column)


# A section token: a word, or a quoted string (a table cell) ending on its line. Strings
# and tag values are written as unrolled loops, which the regex engine runs much faster.
_WORD = r'[^\s\[\]{};"%]++'
_STRING = r'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"'
_CELL_PATTERN = rf"{_STRING}|{_WORD}"
_GAP = r"[^\S\n]"  # any whitespace but the line feed (NBSP, U+0085, U+3000...)
# A line of section tokens: words, blanks and strings; a run begins with a token and goes
# on over the lines that begin (after blanks) with one.
_PLAIN = r'[^\n\[\]{};"%]*+'
_ROW = rf"{_PLAIN}(?:{_STRING}{_PLAIN})*+"
_STARTS = rf'(?=[^\s\[\]{{}};"%]|{_STRING})'
_TAG_PATTERN = r'\[\s*+([A-Za-z0-9_]++)\s*+"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\s*+\]'
_ANY_TAG = r'\[\s*+[A-Za-z0-9_]++\s*+"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"\s*+\]'
# Each construct takes the blanks and the line feed after it, so that a bare line feed met
# by the scan ends an empty line: the end of a game. Tags one after the other are one
# match, and so are the rows of a section.
_ITEM = re.compile(rf"""{_GAP}*+(?:
    (?P<blank>\n)
  | (?P<tags>(?:{_ANY_TAG}{_GAP}*+\n?)++)
  | (?P<run>{_STARTS}{_ROW}(?:\n(?={_GAP}*+{_STARTS}){_ROW})*+)\n?
  | (?P<block>\{{(?:[^}}\n]|\n(?![ \t]*\[))*+\}}?){_GAP}*+\n?
  | (?P<line>;[^\n]*+)\n?
  | (?P<escape>%[^\n]*+)\n?
  | (?P<stray>\}}){_GAP}*+\n?
  | (?P<other>[\s\S]))
""", re.VERBOSE)
_TAG = re.compile(_TAG_PATTERN)
_CELL = re.compile(_CELL_PATTERN)
_RESYNC = re.compile(r"\n[ \t\f\v]*(?=\n)")
_UNESCAPE = re.compile(r'\\([\\"])')


class _Malformed(Exception):
    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


def normalise_newlines(text: str) -> str:
    """CRLF and CR line ends become LF; a leading byte order mark goes."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def unescape(value: str) -> str:
    """Tag values escape only the quote and the backslash (``\\"`` and ``\\\\``); any other
    backslash is a character of the value (suit escapes ``\\S`` stay as written)."""
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value


def tags(text: str, start: int, end: int) -> list[tuple[str, str]]:
    """The tags of a ``TAGS`` item: name and value each, as written (value escaped)."""
    return _TAG.findall(text, start, end)


def tag_start(text: str, start: int, index: int) -> int:
    """Where the tag ``index`` (from 0) of the ``TAGS`` item at ``start`` begins."""
    for number, match in enumerate(_TAG.finditer(text, start)):
        if number == index:
            return match.start()
    raise IndexError(index)


def cells(text: str, start: int, end: int) -> list[str]:
    """The tokens of a run, as written (a quoted cell keeps its quotes)."""
    return _CELL.findall(text, start, end)


def first_cell(text: str, start: int) -> str:
    """The first token of the run that begins at ``start``."""
    match = _CELL.match(text, start)
    assert match is not None  # a run begins with a token
    return match.group()


def run_tokens(text: str, start: int, end: int, positions: Positions) -> list[Token]:
    """The tokens of a run with their places, for a reader that reports one of them."""
    out = []
    for match in _CELL.finditer(text, start, end):
        line, column = positions.where(match.start())
        kind = Kind.STRING if match.group().startswith('"') else Kind.WORD
        out.append(Token(kind, match.group(), line, column))
    return out


def items(text: str, positions: Positions) -> Iterator[Item]:
    """The items of ``text`` (already LF-normalised), ``ERROR`` items included."""
    offset = 0
    while offset < len(text):
        try:
            yield from _scan(text, offset, positions)
            return
        except _Malformed as bad:
            yield Item(Kind.ERROR, bad.offset, bad.offset,
                       error=positions.error_at(bad.message, bad.offset))
            resync = _RESYNC.search(text, bad.offset)
            if resync is None:
                return
            offset = resync.end()


# Items are made a hundred thousand times in a large file: the tuple is built directly,
# without the named tuple's Python-level constructor.
_new_item: Callable[[type[Item], tuple[Kind, int, int, str, None]], Item] = tuple.__new__
BLANK_ITEM = Item(Kind.BLANK, 0, 0)


def _scan(text: str, offset: int, positions: Positions) -> Iterator[Item]:
    """Items from ``offset``; raises ``_Malformed`` at the first malformed construct."""
    new, tags_kind, run_kind = _new_item, Kind.TAGS, Kind.RUN
    for match in _ITEM.finditer(text, offset):
        group = match.lastgroup
        if group == "tags":
            yield new(Item, (tags_kind, match.start("tags"), match.end(), "", None))
        elif group == "run":
            yield new(Item, (run_kind, match.start("run"), match.end("run"), "", None))
        elif group == "blank":
            yield BLANK_ITEM
        else:
            yield from _rare(match, text, positions)


def _rare(match: re.Match[str], text: str, positions: Positions) -> Iterator[Item]:
    """Comments, escape lines, a stray '}', and what cannot be read."""
    group = match.lastgroup
    start = match.start(group or 0)
    if group == "block":
        body = match.group("block")
        closed = len(body) > 1 and body.endswith("}")  # the body itself holds no '}'
        end = match.end("block") - closed
        if not closed:
            if not text.startswith("\n", end):  # neither '}' nor a tag line follows
                raise _Malformed("expected '}' to close this comment", start)
            # A comment still open when a line begins with '[' lost its '}' (BridgeComposer,
            # ``ben_nov22_match_bad``): it ends before that line, so the tags on it are read.
            yield Item(Kind.WARNING, start, start, error=positions.error_at(
                "this comment has no '}': it ends before the tag on the next line", start))
        yield Item(Kind.BLOCK, start, match.end(), text[start + 1:end])
    elif group == "line":
        yield Item(Kind.LINE, start, match.end(), match.group("line")[1:])
    elif group == "escape":
        if start > 0 and text[start - 1] != "\n":
            raise _Malformed("'%' begins an escape line only in the first column", start)
        yield Item(Kind.ESCAPE, start, match.end(), match.group("escape")[1:])
    elif group == "stray":
        # A '}' with no '{' (a LIN converter's nested "{... {name}}"): dropped, noted.
        yield Item(Kind.WARNING, start, start, error=positions.error_at(
            "'}' without '{' is ignored", start))
    else:
        _explain(match.group("other"), text, start)


def _explain(char: str, text: str, offset: int) -> None:
    """Raise the error for what cannot begin a construct at ``offset``."""
    if char == "[":
        _explain_bad_tag(text, offset)
    if char == '"':
        raise _Malformed("expected '\"' to close this string on the same line", offset)
    raise _Malformed(f"unexpected {char!r}: expected a tag, a section token or a comment",
                     offset)


_NAME = re.compile(r"\[[ \t]*([A-Za-z0-9_]*)[ \t]*")
_VALUE = re.compile(r'"((?:[^"\\\n]|\\.)*)("?)[ \t]*')


def _explain_bad_tag(text: str, offset: int) -> None:
    """Raise the error that says which part of ``[Name "value"]`` is missing."""
    name = _NAME.match(text, offset)
    assert name is not None  # matches any '['
    if not name.group(1):
        raise _Malformed("expected a tag name (letters, digits, '_') after '['", name.end())
    if text[name.end():name.end() + 1] != '"':
        raise _Malformed(f"expected '\"' to open the value of tag {name.group(1)}", name.end())
    value = _VALUE.match(text, name.end())
    assert value is not None  # matches any '"'
    if not value.group(2):
        raise _Malformed(f"expected '\"' to close the value of tag {name.group(1)} on the "
                         "same line", value.end())
    raise _Malformed(f"expected ']' to close tag {name.group(1)}", value.end())
