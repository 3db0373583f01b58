"""Richard Pavlicek's RBN, shaped like ``json``: ``load`` / ``loads`` / ``dump`` /
``dumps``, and ``to_records`` for ``dupbridge convert`` (formats-and-scoring-facts.md
§4.10).

A record is a run of lines ``<label> <data>`` ended by a blank line; ``{`` lines are
commentary. Every line is kept as written (``RbnItem``); labels T D L E S F K N B H that a
record leaves out repeat from the records before it (``inherited``).

Decisions where the notation is not explicit in what we have:

- ``N``: ``North+South:West+East`` (the real file names West first in its E-W pair).
- ``A``: without a dealer-vulnerability start the dealer is West (RBN 3.2); ``A`` (all
  pass) adds the passes that end the auction; ``Y`` (your call) ends the recorded calls;
  ``*`` alerts the call before it; ``^`` and a note digit are skipped.
- ``P``: tricks are separated by ``:`` (``;`` too); a rank alone is of the suit led, a
  suit letter names the suit of the next card only; ``!`` and ``?`` are skipped.
- ``R``: declarer's tricks, then the score, taken as North-South's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dupbridge.core.board import law2_dealer, law2_vulnerability
from dupbridge.core.calls import PASS, Bid, Call, Denomination
from dupbridge.core.cards import Card, CardSet, Rank, Suit, full_pack
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.record import BoardRecord, RecordedCall
from dupbridge.rules.auction import Auction, AuctionStatus

__all__ = ["RbnBoard", "RbnFile", "RbnItem", "dump", "dumps", "load", "loads", "to_records"]

_LABELS = frozenset("DTLESFKNBHACPRMI0123456789{%")
_REPEATING = "TDLESFKNBH"
_VULNERABILITY = {"Z": Vulnerability.NONE, "N": Vulnerability.NS,
                  "E": Vulnerability.EW, "B": Vulnerability.BOTH}
_SIMPLE_CALLS = {"P": "P", "X": "X", "R": "XX"}
_RESULT = re.compile(r"^\s*([0-9]{1,2})([+-][0-9]+)?")
_LEADING_NUMBER = re.compile(r"^\s*([0-9]+)")


@dataclass(frozen=True, slots=True)
class RbnItem:
    """One line: its label (``{`` for commentary) and its data as written."""

    label: str
    value: str


def _error(message: str, value: str, position: int) -> ParseError:
    return ParseError(message, value, position)


def parse_hands(text: str) -> Deal:
    """``H W:A8765.QT.K9.AT87:J42...:QT3...:``: the first seat, then the hands clockwise,
    ``:``-separated; an empty hand is unknown, and completed when it is the only one."""
    if len(text) < 2 or text[0].upper() not in "NESW" or text[1] != ":":
        raise _error("expected a seat and ':' before the hands, as in 'W:'", text, 0)
    first = Seat.parse(text[0])
    parts = text[2:].split(":")
    if len(parts) > 4 and any(part.strip() for part in parts[4:]):
        raise _error(f"a deal has 4 hands, found {len(parts)}", text, 2)
    hands: dict[Seat, CardSet | None] = {}
    position = 2
    for number, part in enumerate([*parts, "", "", "", ""][:4]):
        seat = Seat((first + number) % 4)
        hands[seat] = CardSet.from_pbn(part, position, text) if part.strip() else None
        position += len(part) + 1
    missing = [seat for seat, hand in hands.items() if hand is None]
    known = [hand for hand in hands.values() if hand is not None]
    if len(missing) == 1 and all(len(hand) == 13 for hand in known):
        rest = full_pack()
        for hand in known:
            rest = rest - hand
        hands[missing[0]] = rest
    try:
        return Deal.from_hands(hands)
    except ValueError as error:
        raise _error(str(error), text, 2) from None


def _auction_start(text: str) -> tuple[Seat, Vulnerability | None, int]:
    head = text.split(":", 1)[0]
    if len(head) == 2 and head[0] in "NESW" and head[1] in "ZNEB?":
        return Seat.parse(head[0]), _VULNERABILITY.get(head[1]), len(head) + 1
    return Seat.WEST, None, 0


def parse_auction(text: str) -> tuple[Seat, Vulnerability | None, tuple[RecordedCall, ...]]:
    """``A WZ:1S2H2S4D:4SPP5H:XA``: dealer and vulnerability, then the calls."""
    dealer, vulnerability, index = _auction_start(text)
    calls: list[RecordedCall] = []
    while index < len(text):
        char = text[index].upper()
        if char in ": ":
            index += 1
        elif char == "*" and calls:
            calls[-1] = RecordedCall(calls[-1].call, True, calls[-1].explanation)
            index += 1
        elif char == "^":
            index += 2 if index + 1 < len(text) and text[index + 1].isdigit() else 1
        elif char in _SIMPLE_CALLS:
            calls.append(RecordedCall(Call.parse(_SIMPLE_CALLS[char])))
            index += 1
        elif char in "1234567" and index + 1 < len(text) and text[index + 1].upper() in "CDHSN":
            calls.append(RecordedCall(Bid(int(char), Denomination.parse(text[index + 1]))))
            index += 2
        elif char == "A":
            auction = Auction(dealer, [recorded.call for recorded in calls])
            while not auction.is_over:
                auction = auction.with_call(auction.next_to_call, PASS)
                calls.append(RecordedCall(PASS))
            index += 1
        elif char == "Y":
            break
        else:
            raise _error(f"expected a call (1C-7N, P, X, R, A or Y), found {text[index]!r}",
                         text, index)
    return dealer, vulnerability, tuple(calls)


def parse_play(text: str) -> tuple[Card, ...]:
    """``P CK972:CQ!H483:...``: each trick from its leader. A rank alone is of the suit
    led; a suit letter names the suit of the one card after it (``CQ!H483``: the queen of
    clubs led, the four of hearts, then the eight and three of clubs)."""
    cards: list[Card] = []
    led: Suit | None = None
    named: Suit | None = None
    for index, char in enumerate(text.upper()):
        if char in ":;":
            led = named = None
        elif char in "SHDC":
            named = Suit.parse(char)
        elif char in "23456789TJQKA":
            suit = named if named is not None else led
            if suit is None:
                raise _error("expected a suit letter before the first rank of a trick",
                             text, index)
            cards.append(Card(suit, Rank.parse(char)))
            led, named = (suit if led is None else led), None
        elif char not in "!? ":
            raise _error(f"expected a card, found {text[index]!r}", text, index)
    return tuple(cards)


def parse_contract(text: str) -> Contract | None:
    """``C 5HX:N``: the contract, ``:`` and declarer; ``P`` for a passed-out board."""
    fields = text.split(":")
    body = fields[0].strip().upper()
    if body in ("P", "PASS", ""):
        return None
    if body.endswith("R"):
        body = body[:-1] + "XX"
    declarer = fields[1].strip() if len(fields) > 1 else ""
    return Contract.parse(f"{body} {declarer}".strip())


@dataclass(frozen=True, slots=True)
class RbnBoard:
    """One record: its own lines, and the repeating ones it takes from earlier records.
    ``line`` is where it began in the source; it is not part of the value."""

    items: tuple[RbnItem, ...]
    inherited: tuple[RbnItem, ...] = ()
    line: int = field(default=0, compare=False)

    def value(self, label: str) -> str | None:
        for item in (*self.items, *self.inherited):
            if item.label == label:
                return item.value
        return None

    @property
    def number(self) -> int | None:
        match = _LEADING_NUMBER.match(self.value("B") or "")
        return int(match[1]) if match else None

    @property
    def deal(self) -> Deal | None:
        text = self.value("H")
        return None if text is None else parse_hands(text)

    @property
    def auction(self) -> tuple[Seat, Vulnerability | None, tuple[RecordedCall, ...]] | None:
        text = self.value("A")
        return None if text is None else parse_auction(text)

    @property
    def contract(self) -> Contract | None:
        text = self.value("C")
        return None if text is None else parse_contract(text)

    @property
    def play(self) -> tuple[Card, ...]:
        text = self.value("P")
        return () if text is None else parse_play(text)

    @property
    def result(self) -> tuple[int | None, int | None]:
        """Declarer's tricks and the score from ``R``."""
        match = _RESULT.match(self.value("R") or "")
        if not match:
            return None, None
        return int(match[1]), (int(match[2]) if match[2] else None)

    @property
    def players(self) -> tuple[str, str, str, str]:
        """North, East, South, West from ``N north+south:west+east``."""
        pairs = [*(self.value("N") or "").split(":"), "", ""][:2]
        north, south = ([*pairs[0].split("+"), "", ""])[:2]
        west, east = ([*pairs[1].split("+"), "", ""])[:2]
        return (north.strip(), east.strip(), south.strip(), west.strip())


@dataclass(frozen=True, slots=True)
class RbnFile:
    boards: tuple[RbnBoard, ...]
    errors: tuple[ParseError, ...] = field(default=(), compare=False)


def _records(lines: list[str]) -> Iterator[tuple[int, list[tuple[int, str]]]]:
    """Runs of non-blank lines (with their 1-based numbers); a ``{`` commentary runs on
    until its ``}``, blank lines included."""
    current: list[tuple[int, str]] = []
    open_comment = False
    for number, line in enumerate(lines, start=1):
        if open_comment:
            label_line, text = current[-1]
            current[-1] = (label_line, f"{text}\n{line}")
            open_comment = "}" not in line
            continue
        if not line.strip():
            if current:
                yield current[0][0], current
            current = []
            continue
        current.append((number, line))
        open_comment = line.startswith("{") and "}" not in line
    if current:
        yield current[0][0], current


def _item(number: int, line: str, source: str) -> RbnItem:
    label = line[0]
    if label not in _LABELS:
        raise ParseError(f"expected an RBN label (one of DTLESFKNBHACPRMI, a digit or '{{'), "
                         f"found {label!r}", line, 0, source=source, line=number, column=1)
    if label in "{%":
        return RbnItem(label, line[1:])
    return RbnItem(label, line[2:] if line[1:2] == " " else line[1:])


_CHECKS = {"H": parse_hands, "A": parse_auction, "P": parse_play, "C": parse_contract}


def _check(item: RbnItem, number: int, line: str, source: str) -> None:
    check = _CHECKS.get(item.label)
    if check is None:
        return
    try:
        check(item.value)
    except ParseError as error:
        column = len(line) - len(item.value) + error.position + 1
        raise ParseError(f"in {item.label}: {error.reason}", line, column - 1, source=source,
                         line=number, column=column) from None
    except ValueError as error:
        raise ParseError(f"in {item.label}: {error}", line, 0, source=source, line=number,
                         column=1) from None


def loads(text: str, *, source: str = "<string>", strict: bool = True) -> RbnFile:
    """Read RBN text; ``strict=False`` keeps the good records and returns the errors."""
    lines = text.removeprefix("\ufeff").splitlines()
    boards: list[RbnBoard] = []
    errors: list[ParseError] = []
    carried: dict[str, RbnItem] = {}
    for first, record in _records(lines):
        try:
            items = []
            for number, line in record:
                item = _item(number, line, source)
                _check(item, number, line, source)
                items.append(item)
        except ParseError as error:
            if strict:
                raise
            errors.append(error)
            continue
        own = {item.label for item in items}
        inherited = tuple(carried[label] for label in _REPEATING
                          if label in carried and label not in own)
        carried.update({item.label: item for item in items if item.label in _REPEATING})
        boards.append(RbnBoard(tuple(items), inherited, line=first))
    return RbnFile(tuple(boards), tuple(errors))


def load(path: str | Path, *, strict: bool = True) -> RbnFile:
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return loads(text, source=str(path), strict=strict)


def dumps(rbn: RbnFile) -> str:
    """Each record's own lines, LF-ended (RBN 3.2), and a blank line after each record."""
    out: list[str] = []
    for board in rbn.boards:
        for item in board.items:
            out.append(f"{item.label}{item.value}" if item.label in "{%"
                       else f"{item.label} {item.value}")
        out.append("")
    return "\n".join(out) + ("\n" if out else "")


def dump(rbn: RbnFile, path: str | Path) -> None:
    Path(path).write_text(dumps(rbn), encoding="utf-8", newline="")


def _date(text: str) -> str:
    digits = text.strip()[:8]
    return f"{digits[:4]}.{digits[4:6]}.{digits[6:8]}" if digits.isdigit() else text.strip()


def _record(board: RbnBoard, index: int) -> BoardRecord:
    number = board.number or index
    dealer, vulnerability, calls = board.auction or (law2_dealer(number), None, ())
    auction = Auction(dealer, [recorded.call for recorded in calls])
    contract = board.contract if board.value("C") is not None else auction.contract()
    tricks, score = board.result
    return BoardRecord(
        board=number,
        dealer=dealer,
        vulnerability=vulnerability or law2_vulnerability(number),
        deal=board.deal or Deal(None, None, None, None),
        event=board.value("E") or "",
        site=(board.value("L") or "").split(":")[0],
        date=_date(board.value("D") or ""),
        players=board.players,
        auction=calls,
        play=board.play,
        contract=contract,
        passed_out=auction.status is AuctionStatus.PASSED_OUT,
        tricks=tricks,
        score_ns=score,
    )


def to_records(rbn: RbnFile) -> list[BoardRecord]:
    return [_record(board, index) for index, board in enumerate(rbn.boards, start=1)]
