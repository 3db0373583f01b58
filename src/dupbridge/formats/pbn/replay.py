"""A PBN game's Auction and Play sections replayed through the table engine, and back.

The irregularity tokens of PBN 2.1 §3.9 map to the engine's events:

- ``^I`` before a bid: an insufficient bid the left-hand opponent accepted (27A1): the
  bid is fed, then the option ``accept`` is chosen;
- ``^S`` in the column of a player whose turn was skipped: the next call was out of
  rotation and was accepted (29A); the call is fed by the seat whose column it is in,
  then ``accept`` is chosen. The engine keeps the skipped seats (``StandingCall.deprived``);
- ``^R`` before a card: a revoke (61A). The engine records it by itself; the token is
  checked against what the engine found, and the revoke stands and is established by the
  later play as in the file;
- ``^L`` before a card: a lead out of turn that was accepted (53A, 54B, 55A);
- ``^`` before the Declarer (``"^S"``): declarer and dummy were swapped: after an opening
  lead out of turn, declarer spread his hand and became dummy (54A), so the lead is fed
  and the option ``spread`` is chosen;
- ``^`` before the Result: the result differs from the tricks won (a score adjusted); it
  is data, read by :func:`parse_result`.

Where the file says something the engine has no event for (or that the engine finds
false, such as ``^R`` before a card that follows suit), ``ParseError`` names the token.
Where the record stops (``-`` for an unknown card, ``*``, a claim), the table stops there;
a play that stops before the last trick with a Result (not marked ``^``) is a claim: declarer
claims the tricks that bring his total to the Result and the defenders agree (68A, 69A).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

from dupbridge.core.board import Board
from dupbridge.core.calls import PASS, Bid, Call
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.pbn.model import Game, Tag
from dupbridge.rules.auction import Auction
from dupbridge.table.events import ClaimAgreed, Claimed
from dupbridge.table.irregularity_tokens import play_rows
from dupbridge.table.state import TableState
from dupbridge.table.table import Table

# Notes (=n=), NAGs ($n), suffixes standing alone (!, ?, !!, ?!...) and comments left in a
# section ({...}, ;...): about the call or card before them, not cells of the section.
_ANNOTATION = re.compile(r"^(=\d+=|\$\d+|[!?]{1,2}|\{.*|;.*)$", re.DOTALL)
_SUFFIX = re.compile(r"[!?]+$")
# Where a token of a section's text begins: the PBN model keeps tokens, not offsets.
_Located = tuple[str, int]


@dataclass(frozen=True, slots=True)
class PbnResult:
    """The Result tag: declarer's tricks (None when not given), and whether the ``^`` says
    the result differs from the tricks actually won."""

    tricks: int | None
    adjusted: bool = False


def parse_result(value: str) -> PbnResult:
    """``"9"``, ``"^5"``, ``""`` or ``"?"`` (other import forms, ``NS 9``, give None)."""
    adjusted = value.startswith("^")
    digits = value[1:] if adjusted else value
    return PbnResult(int(digits) if digits.isdigit() else None, adjusted)


# --- Import --------------------------------------------------------------------------------


def game_to_table(game: Game, *, edition: Edition = Edition.LAWS_2017,
                  source: str | None = None, strict: bool = True,
                  warnings: list[ParseError] | None = None) -> Table:
    """The table the game's Auction and Play sections describe, replayed event by event.
    ``strict=False`` ignores what cannot be replayed but loses nothing already recorded
    (play rows after the thirteenth trick), each with a positioned ``ParseError`` appended
    to ``warnings``."""
    table = Table(board_of(game), edition=edition)
    auction = game.tag("Auction")
    if auction is None:
        return table
    _Replayer(table, game, auction, source).auction()
    play = game.tag("Play")
    if play is not None and table.state.play is not None:
        _Replayer(table, game, play, source, strict, warnings).play()
        claim_at_the_end(table, parse_result(game.value("Result")))
    return table


def claim_at_the_end(table: Table, result: PbnResult) -> None:
    """The play stopped before the last trick and the Result says how it ended: declarer
    claimed the tricks that make his total, and the defenders agreed (68A, 69A)."""
    state = table.state
    play = state.play
    if (play is None or not play.opening_lead_made or play.is_complete or result.adjusted
            or result.tricks is None or state.pending is not None or state.claim is not None):
        return
    share = result.tricks - play.declarer_tricks
    if not 0 <= share <= 13 - len(play.tricks):
        return
    table.apply(Claimed(play.declarer, share))
    for seat in (play.declarer.lho, play.declarer.rho):
        table.apply(ClaimAgreed(seat))


def board_of(game: Game) -> Board:
    """The board the game's Board, Dealer, Vulnerable and Deal tags describe (board 1 when
    the number is not given: the markings then come from the tags)."""
    number = game.value("Board")
    deal = game.value("Deal")
    dealer = game.value("Dealer")
    vulnerable = game.value("Vulnerable")
    return Board(
        int(number) if number.isdigit() and int(number) > 0 else 1,
        Deal.from_pbn(deal) if deal not in ("", "?") else None,
        marked_dealer=Seat.parse(dealer) if dealer in ("N", "E", "S", "W") else None,
        marked_vulnerability=(Vulnerability.parse(vulnerable)
                              if vulnerable not in ("", "?") else None),
    )


class _Replayer:
    """Feeds one section's tokens to the table; knows where each token is, for errors."""

    def __init__(self, table: Table, game: Game, tag: Tag, source: str | None,
                 strict: bool = True, warnings: list[ParseError] | None = None) -> None:
        self.table = table
        self.game = game
        self.tag = tag
        self.source = source
        self.strict = strict
        self.warnings = warnings
        self.text = " ".join(tag.section)

    def error(self, message: str, position: int) -> ParseError:
        return ParseError(f"[{self.tag.name}] {message}", self.text, position,
                          source=self.source, line=self.game.line or None, column=position + 1)

    def tokens(self) -> Iterator[_Located]:
        position = 0
        for token in self.tag.section:
            yield token, position
            position += len(token) + 1

    # Auction

    def auction(self) -> None:
        seat = _seat(self.tag.value, self.table.board.dealer)
        insufficient: int | None = None  # where the ^I was
        skipped = 0
        for token, at in self.tokens():
            if _ANNOTATION.match(token):
                continue
            word = _SUFFIX.sub("", token.upper())
            if word in ("*", "+"):
                return
            if word == "-":
                seat = seat.lho
            elif word == "^S":
                skipped += 1
                seat = seat.lho
            elif word == "^I":
                insufficient = at
            elif word == "AP":
                self.all_pass(at)
            else:
                self.call(seat, word, at, insufficient is not None, skipped > 0)
                insufficient, skipped = None, 0
                seat = seat.lho

    def call(self, seat: Seat, word: str, at: int, insufficient: bool, skipped: bool) -> None:
        try:
            call = Call.parse(word)
        except ParseError as error:
            raise self.error(f"expected a call, AP, -, ^I, ^S, *, + or a note: {word!r}",
                             at) from error
        if insufficient and not isinstance(call, Bid):
            raise self.error("^I stands before an insufficient bid, not before a "
                             f"{call}", at)
        self.act(partial(self.table.call, seat, call), at)
        self.accept(at, "^I" if insufficient else "^S" if skipped else "")

    def all_pass(self, at: int) -> None:
        """AP: passes in rotation until the auction is over."""
        while not self.table.state.current_auction.is_over:
            if self.table.pending is not None:
                raise self.error("AP met an irregularity the file does not mark", at)
            seat = self.table.state.current_auction.next_to_call
            self.act(partial(self.table.call, seat, PASS), at)

    def accept(self, at: int, token: str, option: str = "accept") -> None:
        """The irregularity the token marks was accepted; no pending decision where no
        token says there was an irregularity."""
        pending = self.table.pending
        if not token:
            if pending is not None:
                raise self.error("the engine finds an irregularity here "
                                 f"({pending.irregularity.kind.value}) that the file does "
                                 "not mark", at)
            return
        if pending is None:
            raise self.error(f"{token} marks an irregularity the engine does not find "
                             "here", at)
        if pending.open_questions:
            self.act(self.table.accept_defaults, at)
        if self.table.pending is None or self.table.pending.option(option) is None:
            raise self.error(f"{token}: the engine offers no option {option!r} for this "
                             f"{pending.irregularity.kind.value}", at)
        self.act(partial(self.table.choose, option), at)

    def act(self, action: Callable[[], object], at: int) -> None:
        try:
            action()
        except ActionRejected as rejected:
            raise self.error(f"the table rejects this: {rejected}", at) from rejected

    # Play

    def play(self) -> None:
        play = self.table.state.play
        assert play is not None
        leader = _seat(self.tag.value, play.opening_leader)
        columns = tuple(Seat((leader + i) % 4) for i in range(4))
        for row in _rows(list(self.tokens())):
            if row is None:
                return
            if self.table.state.play is None or self.table.state.play.next_to_play is None:
                self.beyond_last_trick(row)
                return
            if not self.trick(dict(zip(columns, row, strict=True)), leader):
                return

    def beyond_last_trick(self, row: tuple[_PlayCell, ...]) -> None:
        """A row after the thirteenth trick (even ``- - - -``): an error, or in tolerant
        mode the rest of the section ignored with a warning."""
        at = max(row[0].at, 0)
        error = self.error("a play row after the thirteenth trick: a deal has 13 tricks", at)
        if self.strict:
            raise error
        if self.warnings is not None:
            self.warnings.append(error)

    def trick(self, cards: dict[Seat, _PlayCell], leader: Seat) -> bool:
        """Feeds one row in playing order; False where the record stops."""
        state = self.table.state
        assert state.play is not None
        first_trick = not state.play.opening_lead_made
        out_of_turn = [seat for seat, cell in cards.items() if "^L" in cell.tokens]
        if len(out_of_turn) > 1:
            raise self.error("two leads out of turn in one trick", cards[out_of_turn[1]].at)
        expected = state.play.next_to_play
        assert expected is not None
        swapped = first_trick and self._declarer_swapped() and leader is not expected
        first = out_of_turn[0] if out_of_turn else leader if swapped else expected
        for i in range(4):
            seat = Seat((first + i) % 4)
            cell = cards[seat]
            if cell.card is None:
                return False  # the record stops here: an unknown card
            self.card(seat, cell, i == 0 and (bool(out_of_turn) or swapped), swapped)
            if self.table.state.play is None or self.table.pending is not None:
                return False
        return True

    def card(self, seat: Seat, cell: _PlayCell, leads_out_of_turn: bool,
             swapped: bool) -> None:
        card = cell.card
        assert card is not None
        revokes = len(self.table.state.revokes)
        self.act(partial(self.table.play, seat, card), cell.at)
        if leads_out_of_turn:
            self.accept(cell.at, "^Declarer" if swapped else "^L",
                        "spread" if swapped else "accept")
        else:
            self.accept(cell.at, "")
        revoked = len(self.table.state.revokes) > revokes
        if ("^R" in cell.tokens) != revoked:
            what = ("^R marks a card the engine finds no revoke in" if not revoked
                    else "the engine finds a revoke the file does not mark with ^R")
            raise self.error(what, cell.at)

    def _declarer_swapped(self) -> bool:
        return self.game.value("Declarer").startswith("^")


@dataclass(frozen=True, slots=True)
class _PlayCell:
    card: Card | None  # None: "-", unknown or not played
    tokens: tuple[str, ...]
    at: int


def _rows(tokens: Sequence[_Located]) -> Iterator[tuple[_PlayCell, ...] | None]:
    """The play section as rows of four cells; None where the record stops (``*``, ``+``)."""
    row: list[_PlayCell] = []
    marks: list[str] = []
    for token, at in tokens:
        word = token.upper()
        if word in ("*", "+"):
            yield None
            return
        if _ANNOTATION.match(word):
            continue
        if word in ("^R", "^L"):
            marks.append(word)
            continue
        card = None if word in ("-", "--") else _card(_SUFFIX.sub("", word), at)
        row.append(_PlayCell(card, tuple(marks), at))
        marks = []
        if len(row) == 4:
            yield tuple(row)
            row = []
    if row:
        yield tuple(row + [_PlayCell(None, (), -1)] * (4 - len(row)))


def _card(word: str, at: int) -> Card:
    try:
        return Card.parse(word)
    except ParseError as error:
        raise ParseError(f"[Play] expected a card, -, ^R, ^L, * or +: {word!r}", word,
                         at) from error


def _seat(value: str, default: Seat) -> Seat:
    text = value.lstrip("^")
    return Seat.parse(text) if text in ("N", "E", "S", "W") else default


# --- Export --------------------------------------------------------------------------------


def table_to_game(table: Table, tags: Sequence[Tag]) -> Game:
    """``tags`` with the Auction and Play sections written from the table. An Auction or
    Play tag among ``tags`` gives what the table cannot know: its notes and NAGs (kept
    after the same call or card), an ``AP`` ending, and the Auction's first column."""
    given = {tag.name: tag for tag in tags}
    state = table.state
    auction = _auction_tag(state, given.get("Auction"))
    play = _play_tag(state, given.get("Play"))
    written = [tag for tag in tags if tag.name not in ("Auction", "Play")]
    at = next((i + 1 for i, tag in enumerate(written) if tag.name == "Result"), len(written))
    new = tuple(t for t in (auction, play) if t is not None)
    return Game((*written[:at], *new, *written[at:]))


def auction_tokens(state: TableState, first: Seat | None = None,
                   all_pass: bool = False) -> tuple[str, ...]:
    """The auction's tokens from column ``first`` (the dealer by default): ``-`` up to the
    dealer, ``^S`` for each player a call out of rotation skipped, ``^I`` before an
    accepted insufficient bid, ``AP`` for the closing passes when ``all_pass``."""
    auction = state.current_auction
    dealer = state.board.dealer
    start = dealer if first is None else first
    tokens = ["-"] * ((dealer - start) % 4)
    before = Auction(dealer)
    for standing in auction.calls:
        tokens.extend("^S" for _ in standing.deprived)
        if isinstance(standing.call, Bid) and not before.is_sufficient(standing.call):
            tokens.append("^I")
        tokens.append(str(standing.call))
        before = before.with_call(standing.seat, standing.call, standing.deprived)
    if all_pass and auction.is_over:
        tokens = _all_pass(tokens)
    if not auction.is_over:
        tokens.append("*")
    return tuple(tokens)


def _all_pass(tokens: list[str]) -> list[str]:
    end = len(tokens)
    while end > 0 and tokens[end - 1] == "Pass":
        end -= 1
    return [*tokens[:end], "AP"]


def _auction_tag(state: TableState, given: Tag | None) -> Tag | None:
    if not state.records and given is None:
        return None
    first = _seat(given.value, state.board.dealer) if given is not None else state.board.dealer
    all_pass = given is not None and "AP" in (t.upper() for t in given.section)
    tokens = auction_tokens(state, first, all_pass)
    if given is not None:
        tokens = _with_annotations(tokens, given.section, _is_call)
        if not state.current_auction.is_over:
            tokens = _with_tail(tokens[:-1], given.section, _is_call, 1)
    return Tag("Auction", first.letter, tokens, given.comments if given else ())


def play_tokens(state: TableState) -> tuple[str, ...]:
    """The play section's tokens: the engine's rows (``^R``, ``^L`` included), then ``*``
    when the play was not finished."""
    play = state.play
    if play is None:
        return ()
    tokens = [token for row in play_rows(state) for token in row.split()]
    if tokens and tokens[0] == "^L" and _declarer_swapped(state):
        del tokens[0]  # 54A: after the swap the opening lead was the correct lead
    if not play.is_complete:
        tokens.append("*")
    return tuple(tokens)


def _declarer_swapped(state: TableState) -> bool:
    contract = state.contract
    return (state.play is not None and contract is not None
            and contract.declarer is not state.play.declarer)


def declarer_value(state: TableState) -> str:
    """The Declarer tag: the seat, ``^`` before it when declarer and dummy were swapped
    (54A), ``""`` when passed out or not yet known."""
    if state.play is None:
        contract = state.contract
        return "" if contract is None or contract.declarer is None else contract.declarer.letter
    return ("^" if _declarer_swapped(state) else "") + state.play.declarer.letter


def _play_tag(state: TableState, given: Tag | None) -> Tag | None:
    play = state.play
    if play is None or not play.opening_lead_made:
        return given if given is not None and state.play is None else None
    tokens = play_tokens(state)
    if given is not None:
        tokens = _with_annotations(tokens, given.section, _is_card_cell)
        if not play.is_complete:
            tokens = _with_tail(tokens[:-1], given.section, _is_card_cell, 4)
        elif given.section[-1:] == ("*",):
            tokens = (*tokens, "*")  # some writers end even a finished play with *
    return Tag("Play", play.opening_leader.letter, tokens, given.comments if given else ())


def _with_tail(tokens: Sequence[str], original: Sequence[str],
                counts: Callable[[str], bool], row: int) -> tuple[str, ...]:
    """Where the table stopped before the record did (an unknown card, a claim, ``*`` or
    ``+``): the written tokens, the last row filled with ``-``, then the record's own
    tokens after as many counted cells (cards and ``-``, or calls)."""
    written = list(tokens)
    cells = sum(1 for token in written if counts(token))
    while cells % row:
        written.append("-")
        cells += 1
    seen = 0
    for index, token in enumerate(original):
        if seen == cells and not _ANNOTATION.match(token):
            return (*written, *original[index:])
        if counts(token):
            seen += 1
    return tuple(written)


def _is_call(token: str) -> bool:
    return not token.startswith("^") and token not in ("*", "+") and not _ANNOTATION.match(
        token)


def _is_card_cell(token: str) -> bool:
    return not token.startswith("^") and token not in ("*", "+") and not _ANNOTATION.match(
        token)


def _with_annotations(tokens: Sequence[str], original: Sequence[str],
                      counts: Callable[[str], bool]) -> tuple[str, ...]:
    """The notes and NAGs of ``original`` put back after the same counted token (the n-th
    call or card cell) of ``tokens``."""
    after: dict[int, list[str]] = {}
    seen = -1
    for token in original:
        if _ANNOTATION.match(token):
            after.setdefault(seen, []).append(token)
        elif counts(token):
            seen += 1
    result = list(after.get(-1, []))
    seen = -1
    for token in tokens:
        result.append(token)
        if counts(token):
            seen += 1
            result.extend(after.get(seen, []))
    return tuple(result)
