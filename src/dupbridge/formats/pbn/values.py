"""Tag values of PBN 2.1 in export form: what import accepts (tolerant) and what it writes.

Each ``export_*`` function takes a value as found in a file and returns it as the export
format writes it, or raises ``ParseError`` (position within the value) saying what was
expected. ``"?"`` (unknown) and ``""`` (not applicable) pass unchanged everywhere."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from dupbridge.core.cards import Suit
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability

UNKNOWN = "?"
OPEN_VALUES = ("", UNKNOWN)

# PBN 2.1: the mandatory tag set, in export order.
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South",
                  "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")

# Tags whose value PBN 2.1 forbids to inherit with "#" or "##".
NOT_INHERITED = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract",
                           "Auction", "Play"})

_KNOWN_TAGS = (
    *MANDATORY_TAGS,
    "Auction", "Play", "Note", "Annotator", "AnnotatorNA", "Application", "BidSystemEW",
    "BidSystemNS", "Competition", "DealId", "Description", "EastNA", "EastType",
    "EventDate", "EventSponsor", "FrenchMP", "Generator", "Hidden", "HomeTeam", "Lead",
    "Mode", "NorthNA", "NorthType", "OptimumScore", "PairEW", "PairNS", "Room", "Round",
    "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory",
    "Section", "SouthNA", "SouthType", "Stage", "Table", "Termination", "Time", "TimeCall",
    "TimeCard", "TimeControl", "UTCDate", "UTCTime", "VisitTeam", "WestNA", "WestType",
    "ScoreTable", "TotalScoreTable", "OptimumResultTable", "OptimumPlayTable",
    "InstantScoreTable", "ActionTable", "AuctionTimeTable", "PlayTimeTable",
    "DoubleDummyTricks", "ParContract", "BCFlags")
_CANONICAL = {name.upper(): name for name in _KNOWN_TAGS}


def tag_name(name: str) -> str:
    """A known tag's name in the standard's spelling (import accepts any case)."""
    return _CANONICAL.get(name.upper(), name)


def is_table(name: str) -> bool:
    """Tables (``ScoreTable``, ``OptimumResultTable``, ...) carry a column specification."""
    return name.endswith("Table")


def export_seat(value: str) -> str:
    """Dealer, Auction and Play: one of N, E, S, W."""
    if value in OPEN_VALUES:
        return value
    key = value.strip().upper()
    if key in ("N", "E", "S", "W"):
        return key
    raise ParseError(f"expected a seat N, E, S or W, found {value!r}", value, 0)


def export_declarer(value: str) -> str:
    """Declarer: a seat, ``^`` before it when declarer and dummy were swapped."""
    if value.startswith("^"):
        return "^" + export_seat(value[1:])
    return export_seat(value)


def export_vulnerable(value: str) -> str:
    """``None``, ``NS``, ``EW`` or ``All`` (import: also Love, -, Both, N-S, E-W)."""
    if value in OPEN_VALUES:
        return value
    try:
        return str(Vulnerability.parse(value))
    except ParseError:
        raise ParseError(f"expected a vulnerability None, NS, EW or All, found {value!r}",
                         value, 0) from None


def export_board(value: str) -> str:
    """A board number without leading zeros (``"01"`` is board 1)."""
    if value in OPEN_VALUES:
        return value
    if value.strip().isdigit():
        return str(int(value))
    raise ParseError(f"expected a board number, found {value!r}", value, 0)


_CONTRACT = re.compile(r"^([1-7])\s*(NOTRUMPS?|NT|N|S|H|D|C)\s*(XX|X|R|\*\*|\*)?$")
_DOUBLED = {"": "", "X": "X", "*": "X", "XX": "XX", "R": "XX", "**": "XX"}


def export_contract(value: str) -> str:
    """``Pass`` or level, denomination (``NT`` for no trump) and ``X``/``XX`` (import: also
    ``1N``, ``R`` for redouble, lower case)."""
    if value in OPEN_VALUES:
        return value
    key = value.strip().upper()
    if key in ("PASS", "P", "AP"):
        return "Pass"
    if key in ("NT", "N", "S", "H", "D", "C"):  # an end position gives only the trump suit
        return "NT" if key == "N" else key
    match = _CONTRACT.match(key)
    if match is None:
        raise ParseError(f"expected a contract such as 4S, 3NTX or Pass, found {value!r}",
                         value, 0)
    denomination = "NT" if match[2].startswith("N") else match[2]
    return f"{match[1]}{denomination}{_DOUBLED[match[3] or '']}"


_TRICKS = re.compile(r"^\^?(\d{1,2})$")
_SIDE_TRICKS = re.compile(r"^(NS|EW)\s+(\d{1,2})(?:\s+(NS|EW)\s+(\d{1,2}))?$")


def export_result(value: str) -> str:
    """Declarer's tricks 0-13 (``^`` before it when it differs from the tricks won); import
    also allows ``NS n``, ``EW n`` and both."""
    if value in OPEN_VALUES:
        return value
    key = value.strip().upper()
    match = _TRICKS.match(key)
    if match and int(match[1]) <= 13:
        return ("^" if key.startswith("^") else "") + str(int(match[1]))
    sides = _SIDE_TRICKS.match(key)
    if sides and int(sides[2]) <= 13 and (sides[4] is None or int(sides[4]) <= 13):
        if sides[3] is None:
            return f"{sides[1]} {int(sides[2])}"
        if sides[3] != sides[1]:
            return f"{sides[1]} {int(sides[2])} {sides[3]} {int(sides[4])}"
    raise ParseError(f"expected the number of tricks 0-13, or 'NS n' / 'EW n', found "
                     f"{value!r}", value, 0)


_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def parse_deal(value: str) -> Deal:
    """The Deal tag, tolerantly: lower case, ``10`` for the ten, suit letters repeated before
    each suit's ranks, ``-`` for an unknown hand, any first seat."""
    text = value.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in "NESW":
        raise ParseError("expected a deal such as 'N:AKQ.JT9.876.5432 - - -' (first seat, "
                         "colon, four hands)", value, 0)
    hands = text[2:].split()
    if len(hands) != 4:
        raise ParseError(f"expected 4 hands after {text[:2]!r}, found {len(hands)}",
                         value, 2)
    first = Seat.parse(text[0])
    cleaned = [hand if hand == "-" else _clean_hand(hand, value) for hand in hands]
    return Deal.from_pbn(f"{first.letter}:{' '.join(cleaned)}")


def _clean_hand(hand: str, value: str) -> str:
    suits = hand.upper().replace("10", "T").split(".")
    if len(suits) != 4:
        raise ParseError(f"expected a hand of 4 suits separated by dots, found {hand!r}",
                         value, max(value.find(hand), 0))
    # A suit letter repeated before its own ranks ("SAK.HQ..") is dropped; no rank is S/H/D/C.
    return ".".join(part.replace(suit.letter, "") for suit, part in
                    zip(_SUIT_ORDER, suits, strict=True))


# A deal of four hands of 16 characters (13 ranks and 3 dots: 13 cards) from a seat.
_FOUR_HANDS = re.compile(r"([NESW]):(\S{16}) (\S{16}) (\S{16}) (\S{16})")
_SEATS = "NESW"
_RANKS = "AKQJT98765432"


@cache
def _suit_masks() -> dict[str, int]:
    """Each holding of one suit in export form (ranks descending, once: ``"AQT2"``, ``""``)
    and its 13-bit mask, made on first use."""
    return {"".join(rank for bit, rank in enumerate(_RANKS) if bits >> bit & 1): bits
            for bits in range(1 << 13)}


def _exported_hands(value: str) -> tuple[str, ...] | None:
    """The four hands of ``value`` when it is a complete deal in export form whatever its
    first seat (most files): 13 cards a hand, ranks descending, no card twice. Such a deal
    is written from another seat by turning its hands, without parsing it into a Deal.

    Each suit of each hand must be a holding in export form, and each suit's four holdings
    must together be the whole suit: with 13 cards a hand that is all 52 cards, once."""
    match = _FOUR_HANDS.fullmatch(value)
    if match is None:
        return None
    hands = match.groups()[1:]
    suits = [hand.split(".") for hand in hands]
    if any(len(holdings) != 4 for holdings in suits):
        return None
    mask = _suit_masks().get
    for a, b, c, d in zip(*suits, strict=True):
        if mask(a, -1) | mask(b, -1) | mask(c, -1) | mask(d, -1) != 0x1FFF:
            return None
    return hands


@lru_cache(maxsize=4096)  # both rooms of a match, and carried-over games, repeat a deal
def export_deal(value: str, dealer: str) -> str:
    """The deal written from the dealer (or from its own first seat when the dealer is
    unknown), ranks in descending order."""
    if value in OPEN_VALUES:
        return value
    first_letter = dealer if dealer in ("N", "E", "S", "W") else value.strip()[:1].upper()
    hands = _exported_hands(value)
    if hands is not None:
        if value[0] == first_letter:
            return value
        turn = (_SEATS.index(first_letter) - _SEATS.index(value[0])) % 4
        return f"{first_letter}:{' '.join(hands[turn:] + hands[:turn])}"
    deal = parse_deal(value)
    return deal.to_pbn(Seat.parse(first_letter))


_NOTE = re.compile(r"^\s*(\d{1,3})\s*:(.*)$", re.DOTALL)


def export_note(value: str) -> str:
    """``n:text``: the reference number without padding, the text as written."""
    match = _NOTE.match(value)
    if match is None:
        raise ParseError(f"expected a note 'n:text', found {value!r}", value, 0)
    return f"{int(match[1])}:{match[2]}"


_COLUMN = re.compile(r"^([+-]?)([A-Za-z0-9_]+)(?:\\([0-9]+)([LR]?))?$")


def table_columns(value: str) -> tuple[tuple[int, bool], ...]:
    """A table's column specification ``[+|-]Name[\\width[L|R]];...``: per column, its width
    (0 when not given) and whether it is right aligned."""
    columns: list[tuple[int, bool]] = []
    offset = 0
    for column in value.split(";"):
        match = _COLUMN.match(column.strip())
        if match is None and len(column.split()) > 1:
            raise ParseError(f"expected columns separated by ';', found {column!r}", value,
                             offset)
        if match is None:
            raise ParseError(f"expected a column 'Name' or 'Name\\<width>[L|R]', found "
                             f"{column!r}", value, offset)
        columns.append((int(match[3] or 0), match[4] == "R"))
        offset += len(column) + 1
    return tuple(columns)
