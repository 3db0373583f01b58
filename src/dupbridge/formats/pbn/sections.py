"""Section tokens in export form: the Auction and Play sections, tables, and the sections of
other tags.

Tokens are strings. Calls are ``Pass X XX 1C..7NT``, plus ``AP`` (all pass), ``-``
(not yet this player's turn), ``+`` (to be continued) and ``*`` (end); cards are ``SA``...;
``=n=`` refers to a ``[Note "n:text"]``; ``$n`` is a NAG (the suffixes ``! ? !! ?? !? ?!``
become ``$1``..``$6``); ``^I ^S`` (auction) and ``^R ^L`` (play) are irregularity tokens.
A comment inside a section stays where it was, as a token written with its delimiters
(``{...}``, ``;...``, ``%...``); readers of calls and cards skip such tokens.

``fast_export`` reads most sections of real files from their words in one step; what it
cannot take whole (a comment, a word of two pieces, a '+', a damaged token) goes to the
``export_*`` readers, which work token by token and say where a token is wrong."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.formats.pbn.lexer import Item, Kind, Token, cells
from dupbridge.formats.pbn.values import is_table

Fail = Callable[[str, int, int], ParseError]

SUFFIX_NAGS = {"!": "$1", "?": "$2", "!!": "$3", "??": "$4", "!?": "$5", "?!": "$6"}
AUCTION_IRREGULARITIES = frozenset({"^I", "^S"})
PLAY_IRREGULARITIES = frozenset({"^R", "^L"})

# Every character is in a piece: a note reference without its closing '=' ("5D=1") or a
# lone '$' or '^' is a piece of its own, reported for what it is, not skipped.
_PIECE = re.compile(r"=\d+=|=\d*|\$\d+|!!|\?\?|!\?|\?!|!|\?|\^[A-Za-z]|[^=$!?^]+|[$^]")
_NOTE_REF = re.compile(r"^=(\d+)=$")
_NAG = re.compile(r"^\$(\d+)$")
_BID = re.compile(r"^([1-7])(NT|N|S|H|D|C)$")
_CALLS = {"PASS": "Pass", "P": "Pass", "AP": "AP", "X": "X", "D": "X", "DBL": "X",
          "XX": "XX", "R": "XX", "RDBL": "XX"}


def is_comment(token: str) -> bool:
    return token[:1] in ("{", ";", "%")


def comment_token(token: Token) -> str:
    prefix = {Kind.BLOCK: "{", Kind.LINE: ";", Kind.ESCAPE: "%"}[token.kind]
    return prefix + token.text + ("}" if token.kind is Kind.BLOCK else "")


def export_auction(raw: Sequence[Token], fail: Fail) -> tuple[str, ...]:
    return _export_moves(raw, fail, _call, AUCTION_IRREGULARITIES, "a call", in_order=True)


def export_play(raw: Sequence[Token], fail: Fail) -> tuple[str, ...]:
    # Cards are in seat columns, not in the order played: what follows '+' on its line may
    # have been played before it, so only a second '+' is checked.
    return _export_moves(raw, fail, _card, PLAY_IRREGULARITIES, "a card", in_order=False)


def _call(text: str) -> str | None:
    key = text.upper()
    if key in _CALLS:
        return _CALLS[key]
    match = _BID.match(key)
    if match is None:
        return None
    return match[1] + ("NT" if match[2] == "N" else match[2])


def _card(text: str) -> str | None:
    try:
        return str(Card.parse(text))
    except ParseError:
        return None


def _export_moves(raw: Sequence[Token], fail: Fail, move: Callable[[str], str | None],
                  irregular: frozenset[str], what: str, in_order: bool) -> tuple[str, ...]:
    out: list[str] = []
    state = _Order(fail, in_order)
    for token in raw:
        if token.kind is not Kind.WORD:
            if token.kind is Kind.STRING:
                raise fail(f"expected {what}, found a quoted string", token.line, token.column)
            out.append(comment_token(token))
            continue
        for piece, start in _pieces(token.text, move, irregular):
            if piece[0] == "\0":
                raise fail(_what_is_wrong(piece[1:], what), token.line, token.column + start)
            if state.continued or state.ended or piece in ("+", "*"):
                # else nothing to check or change
                state.check(piece, token.line, token.column + start)
            out.append(piece)
    return tuple(out)


def _what_is_wrong(text: str, what: str) -> str:
    if text.startswith("="):
        if len(text) == 1:
            return "expected a note number after '=' (a note reference is written =n=)"
        return (f"expected '=' to close the note reference {text!r} (a note reference is "
                "written =n=)")
    if text == "$":
        return "expected a number after '$' (a NAG is written $n)"
    if text.startswith("$"):
        return f"expected a NAG from $0 to $255, found {text!r}"
    if text.startswith("^"):
        return f"expected an irregularity token ({_tokens_of(what)}), found {text!r}"
    return (f"expected {what}, '-', '*', '+', '=n=', a NAG or an irregularity token, found "
            f"{text!r}")


def _tokens_of(what: str) -> str:
    return " or ".join(sorted(AUCTION_IRREGULARITIES if what == "a call" else
                              PLAY_IRREGULARITIES))


@lru_cache(maxsize=8192)
def _pieces(word: str, move: Callable[[str], str | None], irregular: frozenset[str]
            ) -> tuple[tuple[str, int], ...]:
    """A word's pieces in export form with their offsets (``2C!`` is ``2C`` and ``$1``); a
    piece that is not valid comes back as NUL and its text. Cached: words repeat a lot."""
    out: list[tuple[str, int]] = []
    for match in _PIECE.finditer(word):
        piece = _piece(match.group(0), move, irregular)
        out.append((("\0" + match.group(0)) if piece is None else piece, match.start()))
    return tuple(out)


def _piece(text: str, move: Callable[[str], str | None], irregular: frozenset[str]
           ) -> str | None:
    if text in ("-", "*", "+"):
        return text
    if text == "--":  # a LIN converter's placeholder
        return "-"
    if text in SUFFIX_NAGS:
        return SUFFIX_NAGS[text]
    note = _NOTE_REF.match(text)
    if note:
        return f"={int(note[1])}="
    nag = _NAG.match(text)
    if nag:
        return f"${int(nag[1])}" if int(nag[1]) <= 255 else None
    if text.startswith("^"):
        return text.upper() if text.upper() in irregular else None
    return move(text)


class _Order:
    """What may follow ``+`` (only ``-`` placeholders and ``*``) and ``*`` (nothing but
    annotations), so that a damaged ending is reported where it is."""

    def __init__(self, fail: Fail, in_order: bool) -> None:
        self.fail = fail
        self.in_order = in_order
        self.continued = False
        self.ended = False

    def check(self, piece: str, line: int, column: int) -> None:
        annotation = piece[0] in "=$"
        if self.ended and not annotation:
            raise self.fail(f"expected nothing after '*', found {piece!r}", line, column)
        if self.continued and piece == "+":
            raise self.fail("expected one '+' only, found a second", line, column)
        if self.continued and self.in_order and not annotation and piece not in ("-", "*"):
            raise self.fail(f"expected only '-' or '*' after '+', found {piece!r}", line,
                            column)
        self.continued = self.continued or piece == "+"
        self.ended = piece == "*"


def export_table(raw: Sequence[Token], columns: int, fail: Fail) -> tuple[str, ...]:
    """Table cells as written (a quoted cell keeps its quotes); the number of cells must be a
    whole number of rows."""
    out: list[str] = []
    cells = 0
    last: Token | None = None
    for token in raw:
        if token.kind in (Kind.WORD, Kind.STRING):
            if token.text == "*" and cells % max(columns, 1) == 0:
                out.append("*")
                continue
            cells += 1
            last = token
            out.append(token.text)
        else:
            out.append(comment_token(token))
    if columns and cells % columns and last is not None:
        raise fail(f"expected {columns} cells per row; the table has {cells} cells, "
                   f"{cells % columns} too many for whole rows", last.line, last.column)
    if not columns and cells and last is not None:
        raise fail("expected no cells: the table has no columns", last.line, last.column)
    return tuple(out)


def export_other(raw: Sequence[Token]) -> tuple[str, ...]:
    """The section of a tag the standard gives no grammar for: its tokens as written."""
    return tuple(token.text if token.kind in (Kind.WORD, Kind.STRING) else comment_token(token)
                 for token in raw)


# Words already met and their export form (one piece each); a file repeats a few hundred.
_KNOWN_CALLS: dict[str, str] = {}
_KNOWN_CARDS: dict[str, str] = {}
_KNOWN_LIMIT = 8192


def fast_export(text: str, name: str, section: Sequence[Item], columns: int
                ) -> tuple[str, ...] | None:
    """The section in export form when it is only runs of tokens with nothing to report or
    repair token by token; ``None`` sends it to the token readers."""
    if any(item.kind is not Kind.RUN for item in section):
        return None
    if len(section) == 1:
        words = text[section[0].start:section[0].end]
    else:
        words = "\n".join(text[item.start:item.end] for item in section)
    if name == "Auction":
        return _fast_moves(words, _KNOWN_CALLS, _call, AUCTION_IRREGULARITIES)
    if name == "Play":
        return _fast_moves(words, _KNOWN_CARDS, _card, PLAY_IRREGULARITIES)
    tokens = cells(words, 0, len(words))
    if not is_table(name):
        return tuple(tokens)
    if "*" in tokens or (len(tokens) % columns if columns else tokens):
        return None  # an end mark to place, or cells that are not whole rows
    return tuple(tokens)


def _fast_moves(words: str, known: dict[str, str], move: Callable[[str], str | None],
                irregular: frozenset[str]) -> tuple[str, ...] | None:
    """Calls or cards of one piece each, in export form, without '+' and with '*' last
    only (where the order has nothing to check)."""
    if '"' in words:
        return None
    split = words.split()
    try:
        out = [known[word] for word in split]
    except KeyError:
        found = _learn(split, known, move, irregular)
        if found is None:
            return None
        out = found
    if "+" in out or ("*" in out and out.index("*") != len(out) - 1):
        return None
    return tuple(out)


def _learn(words: list[str], known: dict[str, str], move: Callable[[str], str | None],
           irregular: frozenset[str]) -> list[str] | None:
    out: list[str] = []
    for word in words:
        piece = known.get(word)
        if piece is None:
            pieces = _pieces(word, move, irregular)
            if len(pieces) != 1 or pieces[0][0].startswith("\0"):
                return None
            piece = pieces[0][0]
            if len(known) < _KNOWN_LIMIT:
                known[word] = piece
        out.append(piece)
    return out
