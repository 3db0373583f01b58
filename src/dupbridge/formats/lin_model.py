"""The LIN file (BBO) as values: key/value pairs grouped into boards, with typed accessors.

LIN has no public specification (formats-and-scoring-facts.md §4.9). A board keeps every
pair it was read from, in order, so display keys (``pg st rh nt at bt ht sa mn``...) and
keys nobody knows are written back as they came; the accessors read the keys the Laws'
vocabulary needs: ``pn md sv ah qx mb an pc mc``.

The value parsers below raise ``ParseError`` with a position inside the value; the
reader (``lin_reader``) turns it into a file, line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from dupbridge.core.calls import Bid, Call
from dupbridge.core.cards import Card, CardSet, full_pack
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.record import RecordedCall

LIN_SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The order of LIN's ``pn`` names and ``md`` hands; ``md``'s dealer digit d is
``LIN_SEATS[d - 1]`` (1 = South, 2 = West, 3 = North, 4 = East)."""

_SUITS = "SHDC"
_RANKS = "23456789TJQKA"
_LETTER_VULNERABILITY = {
    "O": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
    "N": Vulnerability.NS, "1": Vulnerability.NS,
    "E": Vulnerability.EW, "2": Vulnerability.EW,
    "B": Vulnerability.BOTH, "3": Vulnerability.BOTH,
}
_VULNERABILITY_LETTER = {
    Vulnerability.NONE: "o", Vulnerability.NS: "n",
    Vulnerability.EW: "e", Vulnerability.BOTH: "b",
}
_ROOM = re.compile(r"^\s*([oc])\s*([0-9]+)?", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]+")
_DIGITS = re.compile(r"\s*[0-9]+\s*")


def parse_hand(text: str, offset: int = 0, source: str | None = None) -> CardSet:
    """One hand as ``md`` writes it: ``S<ranks>H<ranks>D<ranks>C<ranks>``, suits in any
    order, ranks in any order and case, an empty suit as two adjacent suit letters
    (``HD``: void in hearts), ``10`` accepted for the ten."""
    where = text if source is None else source
    mask = 0
    suit: int | None = None
    index = 0
    while index < len(text):
        char = text[index].upper()
        position = offset + index
        index += 1
        if char in _SUITS:
            suit = 3 - _SUITS.index(char)  # Suit.SPADES is 3, Suit.CLUBS is 0
            continue
        if char == "1" and index < len(text) and text[index] == "0":
            char, index = "T", index + 1
        if char not in _RANKS:
            raise ParseError(f"expected a suit letter S, H, D, C or a rank, found {char!r}",
                             where, position)
        if suit is None:
            raise ParseError("expected a suit letter (S, H, D or C) before the ranks",
                             where, position)
        bit = 1 << (suit * 13 + _RANKS.index(char))
        if mask & bit:
            raise ParseError(f"card {_SUITS[3 - suit]}{char} twice in one hand", where, position)
        mask |= bit
    return CardSet(mask)


def parse_md(text: str) -> tuple[Seat | None, Deal]:
    """``md|3S...,S...,S...,|``: the dealer (digit 1-4, optional) and the hands in the order
    South, West, North, East. A missing hand is completed from the pack when the three
    others hold 13 cards each (BBO omits the fourth hand, ending with a comma)."""
    dealer: Seat | None = None
    start = 0
    if text[:1] and text[0] in "0123456789":
        digit = int(text[0])
        if not 1 <= digit <= 4:
            raise ParseError("expected the dealer digit 1 (South), 2 (West), 3 (North) or 4 "
                             f"(East), found {text[0]!r}", text, 0)
        dealer, start = LIN_SEATS[digit - 1], 1
    parts = text[start:].split(",")
    if len(parts) > 4 and any(part.strip() for part in parts[4:]):
        position = start + sum(len(part) + 1 for part in parts[:4])
        raise ParseError(f"a deal has 4 hands, found {len(parts)}", text, position)
    hands: dict[Seat, CardSet | None] = {}
    seen = 0
    position = start
    for seat, part in zip(LIN_SEATS, parts[:4] + [""] * (4 - len(parts[:4])), strict=True):
        hand = parse_hand(part.strip(), position, text) if part.strip() else None
        if hand is not None:
            if len(hand) > 13:
                raise ParseError(f"{seat.name.title()} holds {len(hand)} cards; a hand has 13",
                                 text, position)
            if seen & hand.mask:
                card = next(iter(CardSet(seen & hand.mask)))
                raise ParseError(f"card {card} is dealt twice", text, position)
            seen |= hand.mask
        hands[seat] = hand
        position += len(part) + 1
    return dealer, Deal.from_hands(_completed(hands))


def _completed(hands: dict[Seat, CardSet | None]) -> dict[Seat, CardSet | None]:
    """The one missing hand is the rest of the pack, when the other three are whole."""
    missing = [seat for seat, hand in hands.items() if hand is None]
    known = [hand for hand in hands.values() if hand is not None]
    if len(missing) == 1 and all(len(hand) == 13 for hand in known):
        rest = full_pack()
        for hand in known:
            rest = rest - hand
        return {**hands, missing[0]: rest}
    return hands


def format_hand(hand: CardSet) -> str:
    """``S<ranks>H<ranks>D<ranks>C<ranks>``, ranks high to low, as BBO writes them."""
    return "".join(
        letter + "".join(card.rank.letter for card in sorted(hand, reverse=True)
                         if card.suit.letter == letter)
        for letter in _SUITS
    )


def format_md(dealer: Seat, deal: Deal) -> str:
    """BBO's form: the dealer digit, then South, West, North; East is left out (trailing
    comma) when the deal is complete, since a reader completes it from the pack."""
    hands = [deal[seat] for seat in LIN_SEATS]
    if deal.is_complete:
        hands[3] = None
    text = ",".join("" if hand is None else format_hand(hand) for hand in hands)
    return f"{LIN_SEATS.index(dealer) + 1}{text}"


def parse_sv(text: str) -> Vulnerability:
    """``sv``: ``o`` none, ``n`` NS, ``e`` EW, ``b`` both; also ``0``-``3`` and ``-``."""
    key = text.strip().upper()
    if key in _LETTER_VULNERABILITY:
        return _LETTER_VULNERABILITY[key]
    raise ParseError(f"expected a vulnerability o, n, e, b (or 0-3), found {text!r}", text, 0)


def format_sv(vulnerability: Vulnerability) -> str:
    return _VULNERABILITY_LETTER[vulnerability]


def parse_mb(text: str) -> tuple[Call, bool]:
    """``mb``: ``p``, ``d``, ``r`` or a bid ``1C``..``7N``; a ``!`` marks an alert."""
    alert = "!" in text
    try:
        call = Call.parse(text.replace("!", ""))
    except ParseError:
        call = None
    if call is None or (isinstance(call, Bid) and not call.is_legal_level):
        raise ParseError(f"expected a call (p, d, r or a bid 1C to 7N), found {text!r}", text, 0)
    return call, alert


def format_mb(call: Call, alert: bool = False) -> str:
    words = {"Pass": "p", "X": "d", "XX": "r"}
    text = words.get(str(call), str(call).replace("NT", "N"))
    return text + ("!" if alert else "")


@lru_cache(maxsize=512)  # a file plays the same 52 cards over and over
def parse_pc(text: str) -> Card:
    try:
        return Card.parse(text)
    except ParseError:
        raise ParseError(f"expected a card such as SA or h10, found {text!r}", text, 0) from None


def parse_mc(text: str) -> int:
    """``mc``: the claim, as the total of tricks for declarer (0 to 13)."""
    if not _DIGITS.fullmatch(text) or int(text) > 13:
        raise ParseError(f"expected a number of tricks 0-13 in a claim, found {text!r}", text, 0)
    return int(text)


@dataclass(frozen=True, slots=True)
class LinPair:
    """One ``key|value|`` pair as read (the key without surrounding line breaks)."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class LinBoard:
    """One board (at one table): the pairs it was read from, and what they say. ``line``
    is where it began in the source, for messages; it is not part of the board's value."""

    pairs: tuple[LinPair, ...]
    line: int = field(default=0, compare=False)

    def values(self, key: str) -> tuple[str, ...]:
        return tuple(pair.value for pair in self.pairs if pair.key.lower() == key)

    def value(self, key: str) -> str | None:
        found = self.values(key)
        return found[0] if found else None

    @property
    def room(self) -> str:
        """``o`` (open) or ``c`` (closed) from ``qx``; ``""`` when not said."""
        match = _ROOM.match(self.value("qx") or "")
        return match.group(1).lower() if match else ""

    @property
    def number(self) -> int | None:
        """The board number: from ``ah`` (``Board 15``), else from ``qx`` (``o46``)."""
        heading = _NUMBER.findall(self.value("ah") or "")
        if heading:
            return int(heading[-1])
        room = _ROOM.match(self.value("qx") or "")
        return int(room.group(2)) if room and room.group(2) else None

    @property
    def players(self) -> tuple[str, str, str, str] | None:
        """Names from ``pn`` in LIN order South, West, North, East; with eight names (a
        vugraph), the first four sit in the open room and the last four in the closed."""
        text = self.value("pn")
        return None if text is None else players_of(text, self.room)

    @property
    def dealer(self) -> Seat | None:
        text = self.value("md")
        return None if text is None else parse_md(text)[0]

    @property
    def deal(self) -> Deal | None:
        text = self.value("md")
        return None if text is None else parse_md(text)[1]

    @property
    def vulnerability(self) -> Vulnerability | None:
        text = self.value("sv")
        return None if text is None else parse_sv(text)

    @property
    def calls(self) -> tuple[RecordedCall, ...]:
        """The calls of ``mb``, alerted by ``!``; ``an`` explains the call before it."""
        calls: list[RecordedCall] = []
        for pair in self.pairs:
            key = pair.key.lower()
            if key == "mb":
                call, alert = parse_mb(pair.value)
                calls.append(RecordedCall(call, alert))
            elif key == "an" and calls:
                last = calls[-1]
                calls[-1] = RecordedCall(last.call, last.alert, pair.value)
        return tuple(calls)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(parse_pc(text) for text in self.values("pc"))

    @property
    def claim(self) -> int | None:
        """``mc``: total tricks for declarer in the claim that ended the play."""
        text = self.value("mc")
        return None if text is None else parse_mc(text)


def players_of(text: str, room: str = "") -> tuple[str, str, str, str]:
    names = [name.strip() for name in text.split(",")]
    if len(names) >= 8 and room == "c":
        names = names[4:8]
    names = [*names, "", "", "", ""][:4]
    return (names[0], names[1], names[2], names[3])


@dataclass(frozen=True, slots=True)
class Vugraph:
    """The vugraph headers: ``vg`` (event, segment, scoring, first and last board, the
    teams and their carry-over), ``rs`` results, ``pw`` players, ``mp`` scores and ``bn``
    boards, each list as written (comma separated)."""

    event: str = ""
    segment: str = ""
    scoring: str = ""
    first_board: int | None = None
    last_board: int | None = None
    teams: tuple[str, str] = ("", "")
    carry_over: tuple[str, str] = ("", "")
    results: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    scores: tuple[str, ...] = ()
    boards: tuple[str, ...] = ()


def _as_int(text: str) -> int | None:
    return int(text) if _DIGITS.fullmatch(text) else None


def vugraph_of(header: tuple[LinPair, ...]) -> Vugraph | None:
    values = {pair.key.lower(): pair.value for pair in header}
    if not values.keys() & {"vg", "rs", "pw", "mp", "bn"}:
        return None
    fields = (values.get("vg", "").split(",") + [""] * 9)[:9]

    def listed(key: str) -> tuple[str, ...]:
        return tuple(values[key].split(",")) if key in values else ()

    return Vugraph(
        event=fields[0], segment=fields[1], scoring=fields[2],
        first_board=_as_int(fields[3]), last_board=_as_int(fields[4]),
        teams=(fields[5], fields[7]), carry_over=(fields[6], fields[8]),
        results=listed("rs"), players=listed("pw"), scores=listed("mp"), boards=listed("bn"),
    )


@dataclass(frozen=True, slots=True)
class LinFile:
    """A whole file: the vugraph headers (pairs before the first board) and the boards.
    ``errors`` are the ``ParseError``s of boards that could not be read, with
    ``strict=False``."""

    boards: tuple[LinBoard, ...]
    header: tuple[LinPair, ...] = ()
    errors: tuple[ParseError, ...] = field(default=(), compare=False)

    @property
    def vugraph(self) -> Vugraph | None:
        return vugraph_of(self.header)

    def players(self, board: LinBoard) -> tuple[str, str, str, str]:
        """South, West, North, East at ``board``. In a vugraph whose header names eight
        players, the header seats a board's room (a closed-room board may repeat the open
        room's ``pn``, as the 2015 Bermuda Bowl file does); otherwise the board's own
        ``pn``, else the header's first four."""
        header = next((pair.value for pair in self.header if pair.key.lower() == "pn"), None)
        if header is not None and header.count(",") >= 7 and board.room:
            return players_of(header, board.room)
        own = board.players
        if own is not None:
            return own
        return ("", "", "", "") if header is None else players_of(header, board.room)
