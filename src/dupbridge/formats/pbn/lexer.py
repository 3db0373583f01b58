"""PBN text as tokens: tags, section words and strings, comments, escape lines, and the
empty lines that end games.

The lexer never stops at a malformed construct: it yields an ``ERROR`` token carrying the
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
    TAG = "tag"  # [Name "value"]: text is the name, value the unescaped value
    WORD = "word"  # a section token
    STRING = "string"  # a quoted section token (table cell), quotes kept
    BLOCK = "block"  # {comment}, text without braces
    LINE = "line"  # ;comment, text without the semicolon
    ESCAPE = "escape"  # % line in the first column, text without the %
    BLANK = "blank"  # an empty line: the end of a game
    ERROR = "error"  # a malformed construct; error holds the ParseError
    WARNING = "warning"  # a construct read with a repair; error holds the explanation


class Token(NamedTuple):
    """A named tuple rather than a frozen dataclass: a large file has a million of them."""

    kind: Kind
    text: str
    line: int
    column: int
    value: str = ""
    error: ParseError | None = None


# Building the tuple directly skips the named tuple's Python-level constructor: a word token
# is made a million times in a large file.
_new_token: Callable[[type[Token], tuple[Kind, str, int, int, str, None]], Token] = \
    tuple.__new__
_WORD_KIND = Kind.WORD


class Positions:
    """Line and column (1-based) of an offset in the text, and the text of a line."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.starts = [0] + [match.end() for match in re.finditer("\n", text)]

    def where(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1

    def line_text(self, line: int) -> str:
        start = self.starts[line - 1]
        end = self.text.find("\n", start)
        return self.text[start:] if end < 0 else self.text[start:end]

    def error(self, message: str, line: int, column: int) -> ParseError:
        return ParseError(message, self.line_text(line), column - 1,
                          source=self.source, line=line, column=column)


_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
# Any whitespace but the line feed separates tokens: a non-breaking space, U+0085 (the
# Windows-1252 ellipsis read as Latin-1), the separators U+001C-U+001F, U+2028, U+3000...
_SPACE = re.compile(r"[^\S\n]+")
_BRACE_END = re.compile(r"\}|\n(?=[ \t]*\[)")
_TO_EOL = re.compile(r"[^\n]*")
_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_WORD = re.compile(r'[^\s\[\]{};"%]+')
_WORD_RUN = re.compile(r'[^\s\[\]{};"%]+(?:[^\S\n]+[^\s\[\]{};"%]+)*')
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


def tokens(text: str, positions: Positions) -> Iterator[Token]:
    """The tokens of ``text`` (already LF-normalised), ``ERROR`` tokens included."""
    for chunk in chunks(text, positions):
        if isinstance(chunk, list):
            yield from chunk
        else:
            yield chunk


def chunks(text: str, positions: Positions) -> Iterator[Token | list[Token]]:
    """``tokens``, but a run of section words on one line comes as one list: a reader that
    appends it to a section whole saves a step per word (section rows are most of a file)."""
    offset = 0
    while offset < len(text):
        try:
            yield from _scan(text, offset, positions)
            return
        except _Malformed as bad:
            line, column = positions.where(bad.offset)
            yield Token(Kind.ERROR, "", line, column, error=positions.error(bad.message, line,
                                                                             column))
            resync = _RESYNC.search(text, bad.offset)
            if resync is None:
                return
            offset = resync.end()


def _scan(text: str, offset: int, positions: Positions) -> Iterator[Token | list[Token]]:
    """Tokens from ``offset``; raises ``_Malformed`` at the first malformed construct."""
    content = False  # the scan starts at the beginning of a line, or on an empty one
    size = len(text)
    while offset < size:
        char = text[offset]
        if char == "\n":
            if not content:
                line, column = positions.where(offset)
                yield Token(Kind.BLANK, "", line, column)
            content = False
            offset += 1
            continue
        if char.isspace():  # the line feed is handled above
            offset = _SPACE.match(text, offset).end()  # type: ignore[union-attr]
            continue
        start = offset
        content = True
        if char == "[":
            match = _TAG.match(text, offset)
            if match is None:
                _explain_bad_tag(text, offset)
            assert match is not None  # _explain_bad_tag always raises
            line, column = positions.where(offset)
            token = Token(Kind.TAG, match.group(1), line, column, unescape(match.group(2)))
            offset = match.end()
            if text.startswith("\n", offset):  # the usual end of a tag's line: one step
                offset, content = offset + 1, False
        elif char == "{":
            end, closed = _block_end(text, offset)
            token = _token(Kind.BLOCK, text[offset + 1:end], start, positions)
            offset = end + 1 if closed else end
            if not closed:
                line, column = positions.where(start)
                yield Token(Kind.WARNING, "", line, column, error=positions.error(
                    "this comment has no '}': it ends before the tag on the next line",
                    line, column))
        elif char == ";":
            end = _TO_EOL.match(text, offset + 1).end()  # type: ignore[union-attr]
            token, offset = _token(Kind.LINE, text[offset + 1:end], start, positions), end
        elif char == "%":
            if offset > 0 and text[offset - 1] != "\n":
                raise _Malformed("'%' begins an escape line only in the first column", offset)
            end = _TO_EOL.match(text, offset + 1).end()  # type: ignore[union-attr]
            token, offset = _token(Kind.ESCAPE, text[offset + 1:end], start, positions), end
        elif char == '"':
            match = _STRING.match(text, offset)
            if match is None:
                raise _Malformed("expected '\"' to close this string on the same line", offset)
            token, offset = _token(Kind.STRING, match.group(0), start, positions), match.end()
        elif char == "}":
            # A '}' with no '{' (a LIN converter's nested "{... {name}}"): dropped, noted.
            line, column = positions.where(offset)
            token, offset = Token(Kind.WARNING, "", line, column, error=positions.error(
                "'}' without '{' is ignored", line, column)), offset + 1
        elif char == "]":
            raise _Malformed(f"unexpected {char!r}: expected a tag, a section token or a "
                             "comment", offset)
        else:
            # Section rows are most of a file: a run of words on one line is read in one
            # go, its line found once (the column is the distance from the run's start).
            end = _WORD_RUN.match(text, offset).end()  # type: ignore[union-attr]
            line, column = positions.where(offset)
            column -= offset
            yield [_new_token(Token, (_WORD_KIND, word.group(), line, column + word.start(),
                                      "", None))
                   for word in _WORD.finditer(text, offset, end)]
            offset = end
            if text.startswith("\n", offset):
                offset, content = offset + 1, False
            continue
        yield token


def _block_end(text: str, offset: int) -> tuple[int, bool]:
    """Where the block comment opened at ``offset`` ends, and whether a brace closes it.

    The first ``}`` closes it (comments do not nest). A comment still open when a line
    begins with ``[`` lost its ``}`` (BridgeComposer, ``ben_nov22_match_bad``): it ends
    before that line, so the tags on it are read."""
    match = _BRACE_END.search(text, offset)
    if match is None:
        raise _Malformed("expected '}' to close this comment", offset)
    return match.start(), match.group(0) == "}"


def _token(kind: Kind, text: str, offset: int, positions: Positions) -> Token:
    line, column = positions.where(offset)
    return Token(kind, text, line, column)


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
