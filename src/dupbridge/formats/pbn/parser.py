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
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from dupbridge.core.errors import ParseError
from dupbridge.formats.pbn import sections
from dupbridge.formats.pbn.lexer import Kind, Positions, Token, chunks, normalise_newlines
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
    section: list[Token] | None = None
    for chunk in chunks(text, positions):
        # Words inside an open section (most tokens of a file) go straight into it;
        # anything else may change the reader's state, which is asked again after.
        if isinstance(chunk, list):
            if section is not None:
                section.extend(chunk)
                continue
            for token in chunk:
                reader.feed(token)
        else:
            reader.feed(chunk)
        section = reader.open_section()
    return reader.finish()


@dataclass
class _RawTag:
    token: Token
    section: list[Token] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)


@dataclass
class _RawGame:
    line: int
    comments: list[Comment]
    tags: list[_RawTag] = field(default_factory=list)
    pending: list[Token] = field(default_factory=list)  # comments after the last tag


def _comment(token: Token) -> Comment:
    return Comment(token.text, block=token.kind is Kind.BLOCK, escape=token.kind is Kind.ESCAPE)


class _Reader:
    def __init__(self, positions: Positions, strict: bool) -> None:
        self.positions = positions
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

    def open_section(self) -> list[Token] | None:
        """The section a word would go to now with nothing else to settle, if any."""
        game = self.game
        if self.skipping or game is None or not game.tags or game.pending:
            return None
        return game.tags[-1].section

    def feed(self, token: Token) -> None:
        if token.kind is Kind.ERROR:
            assert token.error is not None
            self._fail(token.error)
        elif token.kind is Kind.WARNING:
            assert token.error is not None
            self.warnings.append(token.error)
        elif self.skipping:
            self.skipping = token.kind is not Kind.BLANK
        elif token.kind is Kind.BLANK:
            self._end_game()
        elif token.kind is Kind.TAG:
            self._tag(token)
        elif token.kind in (Kind.WORD, Kind.STRING):
            self._word(token)
        elif token.kind is Kind.ESCAPE and self.in_header:
            self.header.append("%" + token.text)
        elif self.game is None or not self.game.tags:
            self.orphans.append(_comment(token))
        else:
            self.game.pending.append(token)

    def _tag(self, token: Token) -> None:
        self.in_header = False
        if self.game is None:
            self.game = _RawGame(token.line, self.orphans)
            self.orphans = []
        self._settle_pending()
        self.game.tags.append(_RawTag(token))

    def _word(self, token: Token) -> None:
        if self.game is None or not self.game.tags:
            self._fail(self.positions.error(
                f"expected a tag such as [Event \"...\"], found {token.text!r}",
                token.line, token.column))
            self.skipping = True
            return
        current = self.game.tags[-1]
        current.section.extend(self.game.pending)  # comments inside a section stay there
        self.game.pending.clear()
        current.section.append(token)

    def _settle_pending(self) -> None:
        if self.game is not None and self.game.tags and self.game.pending:
            self.game.tags[-1].comments.extend(_comment(t) for t in self.game.pending)
            self.game.pending.clear()

    def _end_game(self) -> None:
        if self.game is None:
            return
        self._settle_pending()
        raw, self.game = self.game, None
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


class _GameBuilder:
    """Raw tags to a ``Game``: inheritance, repeated tags, values and sections in export
    form, mandatory tags completed and put first."""

    def __init__(self, positions: Positions, warnings: list[ParseError],
                 strict: bool = True) -> None:
        self.positions = positions
        self.warnings = warnings
        self.strict = strict
        self.previous: dict[str, str] = {}
        self.inherited: dict[str, str] = {}  # "##" values

    def build(self, raw: _RawGame) -> Game:
        merged = self._merge(raw)
        names = {tag.name for tag, _ in merged}
        merged += [(Tag(name, value), None) for name, value in self.inherited.items()
                   if name not in names]
        names |= self.inherited.keys()
        if "Board" not in names and "Deal" not in names and \
                self.previous.get("Deal", "") not in OPEN_VALUES:
            merged += [(Tag(name, self.previous[name]), None) for name in CARRIED_OVER
                       if name not in names and name in self.previous]
        values = {tag.name: tag.value for tag, _ in merged}
        dealer = self._exported("Dealer", values.get("Dealer", UNKNOWN), merged)
        exported = (self._export_or_drop(tag, origin, dealer) for tag, origin in merged)
        tags = [tag for tag in exported if tag is not None]
        present = {tag.name for tag in tags}
        tags += [Tag(name, UNKNOWN) for name in MANDATORY_TAGS if name not in present]
        game = Game(_export_order(tags), tuple(raw.comments), raw.line)
        self.previous = {tag.name: tag.value for tag in game.tags}
        return game

    def _merge(self, raw: _RawGame) -> list[tuple[Tag, _RawTag | None]]:
        """Tags with inheritance resolved, each name once (except Note)."""
        merged: list[tuple[Tag, _RawTag | None]] = []
        where: dict[str, int] = {}
        for item in raw.tags:
            name = tag_name(item.token.text)
            tag = Tag(name, self._inherit(name, item), (), tuple(item.comments))
            if tag.name == "Note" or tag.name not in where:
                where[tag.name] = len(merged)
                merged.append((tag, item))
                continue
            index = where[tag.name]
            earlier, origin = merged[index]
            self.warnings.append(self.positions.error(
                f"tag {tag.name} appears twice in this game; the later value is kept when "
                "it is not empty", item.token.line, item.token.column))
            comments = earlier.comments + tag.comments
            if tag.value or item.section:
                merged[index] = (replace(tag, comments=comments), item)
            else:
                merged[index] = (replace(earlier, comments=comments), origin)
        return merged

    def _inherit(self, name: str, item: _RawTag) -> str:
        value = item.token.value
        if not value.startswith("#"):
            return value
        if name in NOT_INHERITED:
            raise self._value_error(item, f"{name} may not be inherited with '#' or '##'", 0)
        if value.startswith("##"):
            self.inherited[name] = value[2:]
            return value[2:]
        if value == "#":
            return self.previous.get(name, self.inherited.get(name, ""))
        return value

    def _exported(self, name: str, value: str, merged: list[tuple[Tag, _RawTag | None]]
                  ) -> str:
        origin = next((item for tag, item in merged if tag.name == name), None)
        try:
            return _VALUE_EXPORT[name](value) if name in _VALUE_EXPORT else value
        except ParseError as error:
            if origin is None:
                raise
            raise self._value_error(origin, error.reason, error.position) from None

    def _export(self, tag: Tag, origin: _RawTag | None, dealer: str) -> Tag:
        if origin is not None and not origin.section and tag.name not in _REWRITTEN and \
                not is_table(tag.name):
            return tag  # a plain tag without a section is already in export form
        if origin is None:  # inherited or carried over: in export form, but from its dealer
            return replace(tag, value=export_deal(tag.value, dealer)) if tag.name == "Deal" \
                else tag
        try:
            if tag.name == "Deal":
                value = export_deal(tag.value, dealer)
            elif tag.name == "Dealer":
                value = dealer
            else:
                value = _VALUE_EXPORT.get(tag.name, _same)(tag.value)
            columns = table_columns(value) if is_table(tag.name) and value not in \
                OPEN_VALUES else ()
        except ParseError as error:
            raise self._value_error(origin, error.reason, error.position) from None
        section = self._section(tag.name, origin, len(columns))
        return Tag(tag.name, value, section, tag.comments)

    def _export_or_drop(self, tag: Tag, origin: _RawTag | None, dealer: str) -> Tag | None:
        """The tag in export form; in tolerant mode an optional tag that cannot be read
        (Bridge Bidding Analyser's OptimumResultTable without ';') is dropped with a
        warning, and the game kept."""
        try:
            return self._export(tag, origin, dealer)
        except ParseError as error:
            if self.strict or origin is None or tag.name in _KEPT_OR_LOST:
                raise
            self.warnings.append(self.positions.error(
                f"{error.reason}: the tag is dropped, the game kept", error.line or 1,
                error.column or 1))
            return None

    def _section(self, name: str, origin: _RawTag, columns: int) -> tuple[str, ...]:
        raw = origin.section
        if not raw:
            return ()
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

    def _value_error(self, item: _RawTag, reason: str, position: int) -> ParseError:
        line = item.token.line
        text = self.positions.line_text(line)
        start = text.find('"', item.token.column - 1) + 1
        return self.positions.error(f"{reason} (tag {item.token.text})", line,
                                    start + position + 1)


def _same(value: str) -> str:
    return value


def _export_order(tags: list[Tag]) -> tuple[Tag, ...]:
    """The mandatory tags in the standard's order, then the others in their order."""
    rank = {name: index for index, name in enumerate(MANDATORY_TAGS)}
    first = sorted((tag for tag in tags if tag.name in rank), key=lambda tag: rank[tag.name])
    return tuple(first) + tuple(tag for tag in tags if tag.name not in rank)
