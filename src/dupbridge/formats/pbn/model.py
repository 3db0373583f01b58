"""The PBN file as values: games made of tags, each tag with its section, and comments.

Decisions that make the round trips of issue 6 hold:

- Import resolves ``#`` and ``##`` inheritance, so a game holds every value it means.
- Import normalises to export form: upper-case tokens, tags in export order (the
  mandatory 15 in the order of PBN 2.1 §3.1, then the others in the order the file gave
  them, so that each Note stays after the Auction or Play it annotates), a section's
  tokens without their line layout. So import -> export -> import
  gives equal objects, and export -> import -> export the same bytes.
- A comment belongs to the tag it follows (or to the game, before its first tag), so it
  moves with its tag when the tags are put in export order.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Comment:
    """A ``;`` line comment or a ``{...}`` block comment, without its delimiters; ``escape``
    marks a ``%`` line met after the file's header (kept like a comment)."""

    text: str
    block: bool = True
    escape: bool = False


@dataclass(frozen=True, slots=True)
class Tag:
    """``[Name "value"]`` and, for Auction, Play, Note-bearing and table tags, its section:
    the tokens after the tag, one string per token (a quoted table cell keeps its quotes)."""

    name: str
    value: str
    section: tuple[str, ...] = ()
    comments: tuple[Comment, ...] = ()


@dataclass(frozen=True, slots=True)
class Game:
    """One game (board played at one table, or only dealt). ``line`` is where it began in
    the source, for messages; it is not part of the game's value."""

    tags: tuple[Tag, ...]
    comments: tuple[Comment, ...] = ()
    line: int = field(default=0, compare=False)

    def tag(self, name: str) -> Tag | None:
        return next((tag for tag in self.tags if tag.name == name), None)

    def value(self, name: str, default: str = "") -> str:
        found = self.tag(name)
        return default if found is None else found.value


@dataclass(frozen=True, slots=True)
class PbnFile:
    """A whole file: its header comments (``% PBN 2.1``, ``% EXPORT``, BridgeComposer
    directives) and its games. ``errors`` are the ``ParseError``s of games that could not
    be read, with ``strict=False``."""

    games: tuple[Game, ...]
    header: tuple[str, ...] = ()
    errors: tuple[Exception, ...] = field(default=(), compare=False)
    # What import tolerated but changed (a duplicated tag dropped), positioned like errors.
    warnings: tuple[Exception, ...] = field(default=(), compare=False)
