"""Write a ``UsebioEvent`` as USEBIO 1.2 XML: the declaration, the DOCTYPE the real files
carry, ``<USEBIO Version="1.2">``, and the elements in the order the real files use
(CLUB; EVENT with its header, CONTACT, PARTICIPANTS, BOARDs; HANDSET)."""

from __future__ import annotations

import re
from decimal import Decimal
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr as xml_quoteattr

from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats.usebio_model import (
    Field,
    HandsetBoard,
    Participant,
    Player,
    TravellerBoard,
    TravellerLine,
    UsebioEvent,
    artificial_code,
)
from dupbridge.scoring.results import Artificial, Score

DOCTYPE = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
# The real files list hands East, North, South, West and suits clubs first.
_HAND_ORDER = (Seat.EAST, Seat.NORTH, Seat.SOUTH, Seat.WEST)
_SUIT_ORDER = (("CLUBS", Suit.CLUBS), ("DIAMONDS", Suit.DIAMONDS),
               ("HEARTS", Suit.HEARTS), ("SPADES", Suit.SPADES))
_SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


# What XML 1.0 cannot carry at all (control characters but tab and line breaks, lone
# surrogates, U+FFFE/U+FFFF): a space in its place, so that the file stays well-formed.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` as an element's content: ``&``, ``<`` and ``>`` escaped, and what XML
    cannot carry a space."""
    return xml_escape(_NOT_XML.sub(" ", text))


def quoteattr(text: str) -> str:
    return xml_quoteattr(_NOT_XML.sub(" ", text))


class _Out:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def leaf(self, depth: int, tag: str, text: str) -> None:
        self.lines.append(f"{'  ' * depth}<{tag}>{escape(text)}</{tag}>")

    def fields(self, depth: int, fields: tuple[Field, ...]) -> None:
        for tag, text in fields:
            self.leaf(depth, tag, text)

    def open(self, depth: int, tag: str, event_type: str | None = None) -> None:
        attribute = f" EVENT_TYPE={quoteattr(event_type)}" if event_type is not None else ""
        self.lines.append(f"{'  ' * depth}<{tag}{attribute}>")

    def close(self, depth: int, tag: str) -> None:
        self.lines.append(f"{'  ' * depth}</{tag}>")


def dumps(event: UsebioEvent) -> str:
    """The event as USEBIO 1.2 XML text (LF line ends, UTF-8 when encoded)."""
    out = _Out()
    out.lines += ['<?xml version="1.0" encoding="UTF-8"?>', DOCTYPE,
                  f"<USEBIO Version={quoteattr(event.version or '1.2')}>"]
    if event.club is not None:
        out.open(0, "CLUB")
        out.fields(1, event.club.fields)
        out.close(0, "CLUB")
    out.open(0, "EVENT", event.event_type)
    out.fields(1, event.header)
    if event.contact is not None:
        out.open(1, "CONTACT")
        out.fields(2, event.contact)
        out.close(1, "CONTACT")
    if event.participants or event.participants_event_type is not None:
        out.open(1, "PARTICIPANTS", event.participants_event_type)
        for participant in event.participants:
            _participant(out, participant)
        out.close(1, "PARTICIPANTS")
    for board in event.boards:
        _board(out, board)
    out.close(0, "EVENT")
    if event.handset:
        out.open(0, "HANDSET")
        for hands in event.handset:
            _hands(out, hands)
        out.close(0, "HANDSET")
    out.lines.append("</USEBIO>")
    return "\n".join(out.lines) + "\n"


def _participant(out: _Out, participant: Participant) -> None:
    out.open(2, participant.kind)
    number_tag = "TEAM_NUMBER" if participant.kind == "TEAM" else "PAIR_NUMBER"
    out.leaf(3, number_tag, participant.number)
    optional: tuple[tuple[str, str | Decimal | None], ...] = (
        ("TEAM_NAME", participant.name), ("DIRECTION", participant.direction),
        ("TOTAL_SCORE", participant.total_score), ("PERCENTAGE", participant.percentage),
        ("PLACE", participant.place), ("MASTER_POINTS_AWARDED", participant.masterpoints),
    )
    for tag, value in optional:
        if value is not None:
            out.leaf(3, tag, str(value))
    out.fields(3, participant.extra)
    for player in participant.players:
        _player(out, player)
    out.close(2, participant.kind)


def _player(out: _Out, player: Player) -> None:
    out.open(3, "PLAYER")
    out.leaf(4, "PLAYER_NAME", player.name)
    if player.national_id is not None:
        out.leaf(4, "NATIONAL_ID_NUMBER", player.national_id)
    if player.club_id is not None:
        out.leaf(4, "CLUB_ID_NUMBER", player.club_id)
    out.fields(4, player.extra)
    out.close(3, "PLAYER")


def _board(out: _Out, board: TravellerBoard) -> None:
    out.open(1, "BOARD", board.event_type)
    out.leaf(2, "BOARD_NUMBER", str(board.number))
    if board.average is not None:
        out.leaf(2, "BOARD_AVERAGE", str(board.average))
    for line in board.lines:
        _line(out, line)
    out.close(1, "BOARD")


def _line(out: _Out, line: TravellerLine) -> None:
    out.open(2, "TRAVELLER_LINE")
    out.leaf(3, "NS_PAIR_NUMBER", line.ns)
    out.leaf(3, "EW_PAIR_NUMBER", line.ew)
    if line.contract is not None or line.passed_out:
        out.leaf(3, "CONTRACT", "PASS" if line.contract is None else str(line.contract))
    if line.played_by is not None:
        out.leaf(3, "PLAYED_BY", line.played_by.letter)
    if line.lead is not None:
        # USEBIO writes the rank first: KH, TD
        out.leaf(3, "LEAD", line.lead.rank.letter + line.lead.suit.letter)
    if line.contract is not None or line.passed_out:
        out.leaf(3, "TRICKS", "" if line.tricks is None else str(line.tricks))
    out.leaf(3, "SCORE", score_text(line.score))
    if line.points is not None:
        for side, value in (("NS", line.points.ns), ("EW", line.points.ew)):
            if value is not None:
                out.leaf(3, f"{side}_{line.points.kind}", str(value))
    out.fields(3, line.extra)
    out.close(2, "TRAVELLER_LINE")


def score_text(score: Score) -> str:
    """SCORE's text: North-South points, or the artificial code (A6040)."""
    if isinstance(score, Artificial):
        return artificial_code(score)
    if isinstance(score, int):
        return str(score)
    raise ValueError(f"USEBIO 1.2 has no way to write a {type(score).__name__} score; "
                     "write each direction's assigned score as a table result")


def _hands(out: _Out, board: HandsetBoard) -> None:
    out.open(1, "BOARD")
    out.leaf(2, "BOARD_NUMBER", str(board.number))
    for seat in _HAND_ORDER:
        hand = board.deal[seat]
        if hand is not None:
            _hand(out, seat, hand)
    out.close(1, "BOARD")


def _hand(out: _Out, seat: Seat, hand: CardSet) -> None:
    out.open(2, "HAND")
    out.leaf(3, "DIRECTION", _SEAT_NAMES[seat])
    for tag, suit in _SUIT_ORDER:
        out.leaf(3, tag, "".join(rank.letter for rank in hand.ranks(suit)))
    out.close(2, "HAND")


def empty_deal() -> Deal:
    return Deal(None, None, None, None)
