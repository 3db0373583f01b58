"""PBN import: tokens to games in export form (see ``model`` for the decisions).

Rules the standard leaves open, decided here:

- A tag given twice in one game (``ben_nov22_match_bad``: empty first, filled later): the
  later value wins when it is not empty (a value or a section), else the earlier stays; the
  tag keeps the place of its first occurrence, and a warning records each repetition.
- ``##value`` sets the value for this game and every later game that lacks the tag; ``#``
  takes the previous game's value (or the ``##`` value, or ``""``).
- A game with neither Board nor Deal (rpbridge.net files) plays the previous game's board:
  it takes the previous game's ``CARRIED_OVER`` tags it lacks.
- A mandatory tag still missing is added as ``"?"`` (unknown), as export format requires.
- ``%`` lines before the first tag are the file's header; later ones are kept as comments.
  The header always starts with ``% PBN 2.1`` and ``% EXPORT`` (other version lines go).
- Comments before a game's first tag (or in a block without tags) belong to the game; a
  comment after a tag belongs to that tag, unless section tokens follow it, in which case it
  stays in the section as a token.

Speed: a section stays a slice of the text while the game is read; its export form comes
from its words in one step (``sections.fast_export``) and its tokens, with their lines and
columns, are made only when that step finds something to report or to repair.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace

from dupbridge.core.errors import ParseError
from dupbridge.formats.pbn import sections
from dupbridge.formats.pbn.lexer import (
    Item,
    Kind,
    Positions,
    Token,
    first_cell,
    items,
    normalise_newlines,
    run_tokens,
    tag_start,
    tags,
    unescape,
)
from dupbridge.formats.pbn.model import Comment, Game, PbnFile, Tag
from dupbridge.formats.pbn.values import (
    MANDATORY_TAGS,
    NOT_INHERITED,
    OPEN_VALUES,
    UNKNOWN,
    export_board,
    export_contract,
    export_deal,
    export_declarer,
    export_note,
    export_result,
    export_seat,
    export_vulnerable,
    is_table,
    table_columns,
    tag_name,
)

CARRIED_OVER = ("Event", "Site", "Date", "Stage", "HomeTeam", "VisitTeam", "Board", "Dealer",
                "Vulnerable", "Deal")
EXPORT_HEADER = ("% PBN 2.1", "% EXPORT")
_VERSION_LINE = re.compile(r"^%\s*(PBN\s+\d+(\.\d+)?|EXPORT)\s*$", re.IGNORECASE)

_VALUE_EXPORT: dict[str, Callable[[str], str]] = {
    "Board": export_board, "Dealer": export_seat, "Vulnerable": export_vulnerable,
    "Declarer": export_declarer, "Contract": export_contract, "Result": export_result,
    "Auction": export_seat, "Play": export_seat, "Note": export_note,
}
# Tags whose value export rewrites (a plain tag's value is kept as written).
_REWRITTEN = frozenset(_VALUE_EXPORT) | {"Deal", "Dealer"}
# Tags that carry no section: text after them is an error, not a section.
_NO_SECTION = frozenset(MANDATORY_TAGS) | {"Note"}
# Tags without which a game is not what the file says: damaged, the game is an error.
_KEPT_OR_LOST = frozenset(MANDATORY_TAGS) | {"Auction", "Play", "Declarer", "Contract",
                                              "Result"}


def export_header(lines: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The header as export writes it: the version lines first, then the others."""
    return (*EXPORT_HEADER, *(line for line in lines if not _VERSION_LINE.match(line)))


def parse(text: str, source: str, strict: bool) -> PbnFile:
    text = normalise_newlines(text)
    positions = Positions(text, source)
    reader = _Reader(positions, strict)
    feed = reader.feed
    for item in items(text, positions):
        feed(item)
    return reader.finish()


class _RawGame:
    """A game as read: its tags (name and value as written), where each run of tags
    begins (offset, index of its first tag), and per tag index its section (runs and
    comments, as items) and its comments."""

    __slots__ = ("comments", "line", "pending", "plain", "runs", "sections", "tag_comments",
                 "tags")

    def __init__(self, line: int, comments: list[Comment]) -> None:
        self.line = line
        self.comments = comments
        self.tags: list[tuple[str, str]] = []
        self.runs: list[tuple[int, int]] = []
        self.sections: dict[int, list[Item]] = {}
        self.tag_comments: dict[int, list[Comment]] = {}
        self.pending: list[Item] = []  # comments after the last tag
        # No value inherited ('#' first) in the tags read so far.
        self.plain = True


_NAMES: dict[str, str] = {}


def _canonical(name: str) -> str:
    """``tag_name``, remembered: a file repeats a handful of names."""
    found = _NAMES.get(name)
    if found is None:
        found = tag_name(name)
        if len(_NAMES) < 4096:
            _NAMES[name] = found
    return found


def _comment(item: Item) -> Comment:
    return Comment(item.text, block=item.kind is Kind.BLOCK, escape=item.kind is Kind.ESCAPE)


class _Reader:
    def __init__(self, positions: Positions, strict: bool) -> None:
        self.positions = positions
        self.text = positions.text
        self.strict = strict
        self.header: list[str] = []
        self.in_header = True
        self.orphans: list[Comment] = []
        self.game: _RawGame | None = None
        self.skipping = False
        self.games: list[Game] = []
        self.errors: list[ParseError] = []
        self.warnings: list[ParseError] = []
        self.builder = _GameBuilder(positions, self.warnings, strict)
        self.counted_to = 0  # where lines were last counted, and the line there
        self.counted_line = 1

    def feed(self, item: Item) -> None:
        kind = item.kind
        if self.skipping and kind is not Kind.ERROR and kind is not Kind.WARNING:
            self.skipping = kind is not Kind.BLANK
        elif kind is Kind.TAGS:
            self._tags(item)
        elif kind is Kind.RUN:
            self._run(item)
        elif kind is Kind.BLANK:
            self._end_game()
        elif kind is Kind.ERROR:
            assert item.error is not None
            self._fail(item.error)
        elif kind is Kind.WARNING:
            assert item.error is not None
            self.warnings.append(item.error)
        elif kind is Kind.ESCAPE and self.in_header:
            self.header.append("%" + item.text)
        elif self.game is None:
            self.orphans.append(_comment(item))
        else:
            self.game.pending.append(item)

    def _line(self, offset: int) -> int:
        """The line of ``offset``; offsets asked for only grow, so lines are counted once."""
        self.counted_line += self.text.count("\n", self.counted_to, offset)
        self.counted_to = offset
        return self.counted_line

    def _tags(self, item: Item) -> None:
        self.in_header = False
        game = self.game
        if game is None:
            game = self.game = _RawGame(self._line(item.start), self.orphans)
            self.orphans = []
        elif game.pending:
            self._settle_pending(game)
        game.runs.append((item.start, len(game.tags)))
        game.tags += tags(self.text, item.start, item.end)
        if game.plain:
            text, start, end = self.text, item.start, item.end
            game.plain = text.find('"#', start, end) < 0

    def _run(self, item: Item) -> None:
        game = self.game
        if game is None:
            self._fail(self.positions.error_at(
                f"expected a tag such as [Event \"...\"], found "
                f"{first_cell(self.text, item.start)!r}", item.start))
            self.skipping = True
            return
        section = game.sections.setdefault(len(game.tags) - 1, [])
        if game.pending:  # comments inside a section stay there
            section += game.pending
            game.pending.clear()
        section.append(item)

    @staticmethod
    def _settle_pending(game: _RawGame) -> None:
        comments = game.tag_comments.setdefault(len(game.tags) - 1, [])
        comments += (_comment(item) for item in game.pending)
        game.pending.clear()

    def _end_game(self) -> None:
        if self.game is None:
            return
        raw, self.game = self.game, None
        if raw.pending:
            self._settle_pending(raw)
        try:
            self.games.append(self.builder.build(raw))
        except ParseError as error:
            self._fail(error)

    def _fail(self, error: ParseError) -> None:
        if self.strict:
            raise error
        self.errors.append(error)
        self.game = None
        self.orphans = []

    def finish(self) -> PbnFile:
        self._end_game()
        if self.orphans and self.games:
            self.games[-1] = _with_trailing_comments(self.games[-1], self.orphans)
        return PbnFile(tuple(self.games), export_header(self.header), tuple(self.errors),
                       tuple(self.warnings))


def _with_trailing_comments(game: Game, comments: list[Comment]) -> Game:
    if not game.tags:
        return replace(game, comments=(*game.comments, *comments))
    last = game.tags[-1]
    tags = (*game.tags[:-1], replace(last, comments=(*last.comments, *comments)))
    return replace(game, tags=tags)


# A tag of a game being built: name, value, comments, and the index of the raw tag it
# comes from (None when inherited with "##" or carried over from the previous game).
_Merged = tuple[str, str, tuple[Comment, ...], int | None]


class _GameBuilder:
    """Raw tags to a ``Game``: inheritance, repeated tags, values and sections in export
    form, mandatory tags completed and put first."""

    def __init__(self, positions: Positions, warnings: list[ParseError],
                 strict: bool = True) -> None:
        self.positions = positions
        self.warnings = warnings
        self.strict = strict
        self.previous_tags: list[Tag] = []  # the tags of the previous game
        self._previous: dict[str, str] | None = {}
        self.inherited: dict[str, str] = {}  # "##" values
        self.raw = _RawGame(0, [])  # the game being built
        self.known: dict[tuple[str, str], Tag] = {}
        # Tags read from the file without section or comment, by name and value as
        # written: a file repeats its seats, vulnerabilities, contracts and results, whose
        # export form depends on nothing else (a Deal depends on the Dealer: not kept).
        # Plain tags (kept as written) are here too, and in ``known`` (also inherited and
        # carried-over values, in export form).
        self.read: dict[tuple[str, str], Tag] = {}

    def build(self, raw: _RawGame) -> Game:
        self.raw = raw
        merged, where = self._merge(raw)
        names: AbstractSet[str] = where.keys()
        if self.inherited:
            merged += [(name, value, (), None) for name, value in self.inherited.items()
                       if name not in names]
            names = names | self.inherited.keys()
        if "Board" not in names and "Deal" not in names and \
                self.previous.get("Deal", "") not in OPEN_VALUES:
            previous = self.previous
            merged += [(name, previous[name], (), None) for name in CARRIED_OVER
                       if name not in names and name in previous]
        dealer = self._dealer(merged)
        sections_of = raw.sections
        read = self.read
        mandatory: dict[str, Tag] = {}
        others: list[Tag] = []
        tag: Tag | None
        for name, value, comments, origin in merged:
            simple = origin is not None and not comments and origin not in sections_of
            if simple and name == "Deal":  # one per game, seldom met before
                try:
                    tag = Tag(name, export_deal(value, dealer))
                except ParseError as error:  # a damaged Deal is the game's error
                    assert origin is not None
                    raise self._value_error(origin, error.reason, error.position) from None
            else:
                tag = read.get((name, value)) if simple else None
            if tag is None:
                try:
                    tag = self._export(name, value, comments, origin, dealer)
                except ParseError as error:
                    self._drop(name, origin, error)
                    continue
                if simple and len(read) < 65536:
                    read[name, value] = tag
            if name in _MANDATORY:
                mandatory[name] = tag
            else:
                others.append(tag)
        tags = [mandatory.get(name) or _UNKNOWN_TAGS[name] for name in MANDATORY_TAGS]
        tags += others
        game = Game(tuple(tags), tuple(raw.comments), raw.line)
        self.previous_tags = tags
        self._previous = None
        return game

    @property
    def previous(self) -> dict[str, str]:
        """The previous game's values by tag name, made when a game inherits or carries
        over a value (most games do neither)."""
        if self._previous is None:
            self._previous = {tag.name: tag.value for tag in self.previous_tags}
        return self._previous

    def _plain(self, name: str, value: str, comments: tuple[Comment, ...] = ()) -> Tag:
        """A tag without a section; one object per name and value (tags are values, and a
        file repeats most of its tags: carried over, or the same seat or result)."""
        if comments:
            return Tag(name, value, (), comments)
        key = (name, value)
        tag = self.known.get(key)
        if tag is None:
            tag = self.known[key] = Tag(name, value)
        return tag

    def _merge(self, raw: _RawGame) -> tuple[list[_Merged], dict[str, int]]:
        """Tags with inheritance resolved, each name once (except Note), and where each
        name is."""
        names = _NAMES
        tag_comments = raw.tag_comments
        if raw.plain and not tag_comments:  # most games: each tag as written, once
            canonical = [names.get(written) or _canonical(written) for written, _ in raw.tags]
            where = {name: index for index, name in enumerate(canonical)}
            if len(where) == len(canonical):
                return [(name, unescape(value) if "\\" in value else value, (), index)
                        for index, (name, (_, value))
                        in enumerate(zip(canonical, raw.tags, strict=True))], where
        merged: list[_Merged] = []
        where = {}
        for index, (written, value) in enumerate(raw.tags):
            name = names.get(written) or _canonical(written)
            if "\\" in value:
                value = unescape(value)
            if value.startswith("#"):
                value = self._inherit(name, value, index)
            comments = tuple(tag_comments[index]) if index in tag_comments else ()
            if name not in where or name == "Note":
                where[name] = len(merged)
                merged.append((name, value, comments, index))
                continue
            at = where[name]
            _, earlier, earlier_comments, origin = merged[at]
            self.warnings.append(self.positions.error_at(
                f"tag {name} appears twice in this game; the later value is kept when it is "
                "not empty", self._start(index)))
            comments = earlier_comments + comments
            if value or index in raw.sections:
                merged[at] = (name, value, comments, index)
            else:
                merged[at] = (name, earlier, comments, origin)
        return merged, where

    def _start(self, index: int) -> int:
        """Where the raw tag ``index`` begins (found again: only messages need it)."""
        start, first = next((start, first) for start, first in reversed(self.raw.runs)
                            if first <= index)
        return tag_start(self.positions.text, start, index - first)

    def _inherit(self, name: str, value: str, index: int) -> str:
        if name in NOT_INHERITED:
            raise self._value_error(index, f"{name} may not be inherited with '#' or '##'", 0)
        if value.startswith("##"):
            self.inherited[name] = value[2:]
            return value[2:]
        if value == "#":
            return self.previous.get(name, self.inherited.get(name, ""))
        return value

    def _dealer(self, merged: list[_Merged]) -> str:
        """The Dealer in export form (``"?"`` when the game has none)."""
        for name, value, _, origin in merged:
            if name == "Dealer":
                try:
                    return export_seat(value)
                except ParseError as error:
                    if origin is None:
                        raise
                    raise self._value_error(origin, error.reason, error.position) from None
        return UNKNOWN

    def _export(self, name: str, value: str, comments: tuple[Comment, ...],
                origin: int | None, dealer: str) -> Tag:
        if origin is None:  # inherited or carried over: in export form, but from its dealer
            return self._plain(name, export_deal(value, dealer) if name == "Deal" else value)
        try:
            if name == "Deal":
                value = export_deal(value, dealer)
            elif name == "Dealer":
                value = dealer
            elif name in _VALUE_EXPORT:
                value = _exported_value(name, value)
            columns = _columns(value) if name.endswith("Table") and value not in OPEN_VALUES \
                else 0  # is_table(name), inlined
        except ParseError as error:
            raise self._value_error(origin, error.reason, error.position) from None
        section = self.raw.sections.get(origin)
        if section is None:
            return self._plain(name, value, comments)
        return Tag(name, value, self._section(name, section, columns), comments)

    def _drop(self, name: str, origin: int | None, error: ParseError) -> None:
        """In tolerant mode an optional tag that cannot be read (Bridge Bidding Analyser's
        OptimumResultTable without ';') is dropped with a warning, and the game kept;
        otherwise ``error`` is the game's."""
        if self.strict or origin is None or name in _KEPT_OR_LOST:
            raise error
        self.warnings.append(self.positions.error(
            f"{error.reason}: the tag is dropped, the game kept", error.line or 1,
            error.column or 1))

    def _section(self, name: str, section: list[Item], columns: int) -> tuple[str, ...]:
        """The section in export form: in one step from its words when it holds only
        section tokens that need no report; else token by token, with their places."""
        if name not in _NO_SECTION:
            fast = sections.fast_export(self.positions.text, name, section, columns)
            if fast is not None:
                return fast
        raw = self._tokens(section)
        fail = self.positions.error
        if name == "Auction":
            return sections.export_auction(raw, fail)
        if name == "Play":
            return sections.export_play(raw, fail)
        if is_table(name):
            return sections.export_table(raw, columns, fail)
        if name in _NO_SECTION:
            first = next((t for t in raw if t.kind in (Kind.WORD, Kind.STRING)), raw[0])
            raise fail(f"expected a tag or an empty line after [{name}], found "
                       f"{first.text!r}", first.line, first.column)
        return sections.export_other(raw)

    def _tokens(self, section: Sequence[Item]) -> list[Token]:
        positions = self.positions
        tokens: list[Token] = []
        for item in section:
            if item.kind is Kind.RUN:
                tokens += run_tokens(positions.text, item.start, item.end, positions)
            else:
                line, column = positions.where(item.start)
                tokens.append(Token(item.kind, item.text, line, column))
        return tokens

    def _value_error(self, index: int, reason: str, position: int) -> ParseError:
        line, column = self.positions.where(self._start(index))
        text = self.positions.line_text(line)
        start = text.find('"', column - 1) + 1
        return self.positions.error(f"{reason} (tag {self.raw.tags[index][0]})", line,
                                    start + position + 1)


_PLAIN: set[str] = set()  # names met whose value is kept as written


def _is_plain(name: str) -> bool:
    """Whether a tag's value is kept as written (no rewrite, no table columns)."""
    plain = name not in _REWRITTEN and not is_table(name)
    if plain and len(_PLAIN) < 4096:
        _PLAIN.add(name)
    return plain


_COLUMNS: dict[str, int] = {}


def _columns(value: str) -> int:
    """The number of columns of a table's specification (remembered: a file gives the same
    one for each game)."""
    found = _COLUMNS.get(value)
    if found is None:
        found = len(table_columns(value))  # raises ParseError for what it cannot read
        if len(_COLUMNS) < 4096:
            _COLUMNS[value] = found
    return found


# Values already exported, per tag: a file repeats its contracts, results and seats.
_EXPORTED: dict[str, dict[str, str]] = {name: {} for name in _VALUE_EXPORT}


def _exported_value(name: str, value: str) -> str:
    known = _EXPORTED[name]
    found = known.get(value)
    if found is None:
        found = _VALUE_EXPORT[name](value)  # raises ParseError for a value it cannot read
        if len(known) < 4096:
            known[value] = found
    return found


_MANDATORY = frozenset(MANDATORY_TAGS)
_UNKNOWN_TAGS = {name: Tag(name, UNKNOWN) for name in MANDATORY_TAGS}
_RANK = {name: index for index, name in enumerate(MANDATORY_TAGS)}


def _export_order(tags: list[Tag]) -> tuple[Tag, ...]:
    """The mandatory tags in the standard's order, then the others in their order."""
    first = sorted((tag for tag in tags if tag.name in _RANK), key=lambda tag: _RANK[tag.name])
    return tuple(first) + tuple(tag for tag in tags if tag.name not in _RANK)
