"""Read USEBIO 1.1 and 1.2 XML into ``UsebioEvent``, as other programs write them.

Elements the reader does not know are kept (leaf text in the ``extra`` fields; an element
holding elements where text was expected, such as ``<MASTER_POINTS>`` around
``<MASTER_POINTS_AWARDED>``, as ``CHILD=value`` pairs) with a warning, never an error. A
file in sections (``<SECTION>`` blocks of participants and travellers inside the event)
is read as one field: with more than one section the pair numbers are prefixed with the
section's id (``A1``, ``B1``), so that the boards can be scored across the sections.

The XML is parsed by expat into ElementTree elements, keeping each element's line and
column so a value of the wrong shape is reported where it is. The DOCTYPE's external DTD
is never loaded (no external-entity handler, parameter entities off) and a file that
declares entities is refused: USEBIO needs none, and expanding them is how XML bombs work.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pyexpat import XML_PARAM_ENTITY_PARSING_NEVER, ExpatError, ParserCreate

from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.formats.usebio_model import (
    Club,
    Field,
    HandsetBoard,
    LinePoints,
    Participant,
    Player,
    TravellerBoard,
    TravellerLine,
    UsebioEvent,
    parse_artificial,
)
from dupbridge.scoring.results import Score

_SUIT_TAGS = (("SPADES", Suit.SPADES), ("HEARTS", Suit.HEARTS),
              ("DIAMONDS", Suit.DIAMONDS), ("CLUBS", Suit.CLUBS))


class _Positioned:
    """An expat parse into ElementTree elements, remembering where each one starts."""

    def __init__(self, data: bytes, source: str) -> None:
        self.data = data
        self.text = data.decode("utf-8", errors="replace")  # for error excerpts only
        self.source = source
        self.where: dict[int, tuple[int, int]] = {}
        self._builder = ET.TreeBuilder()
        self._parser = ParserCreate()
        self._parser.SetParamEntityParsing(XML_PARAM_ENTITY_PARSING_NEVER)
        self._parser.StartElementHandler = self._start
        self._parser.EndElementHandler = self._builder.end
        self._parser.CharacterDataHandler = self._builder.data
        self._parser.EntityDeclHandler = self._entity
        self._parser.buffer_text = True

    def _start(self, tag: str, attrib: dict[str, str]) -> None:
        element = self._builder.start(tag, attrib)
        self.where[id(element)] = (self._parser.CurrentLineNumber,
                                   self._parser.CurrentColumnNumber + 1)

    def _entity(self, name: str, *_: object) -> None:
        raise ParseError(f"entity {name!r} declared: USEBIO files declare no entities",
                         source=self.source, line=self._parser.CurrentLineNumber,
                         column=self._parser.CurrentColumnNumber + 1)

    def parse(self) -> ET.Element:
        try:
            self._parser.Parse(self.data, True)
        except ExpatError as error:
            line_text = _line(self.text, error.lineno)
            raise ParseError(f"malformed XML ({_reason(error)})", line_text, error.offset,
                             source=self.source, line=error.lineno,
                             column=error.offset + 1) from None
        root: ET.Element = self._builder.close()
        return root

    def error(self, element: ET.Element, message: str) -> ParseError:
        line, column = self.where.get(id(element), (1, 1))
        return ParseError(f"<{element.tag}>: {message}", _line(self.text, line), column - 1,
                          source=self.source, line=line, column=column)


def _line(text: str, number: int) -> str:
    lines = text.splitlines()
    return lines[number - 1] if 0 < number <= len(lines) else ""


def _reason(error: ExpatError) -> str:
    from pyexpat import ErrorString

    return ErrorString(error.code) or "error"


def loads(text: str, *, source: str = "<string>") -> UsebioEvent:
    """Parse USEBIO XML text."""
    # Text is already decoded: the declaration's encoding must not be applied again.
    return parse_bytes(_without_encoding(text).encode("utf-8"), source=source)


def parse_bytes(data: bytes, *, source: str = "<string>") -> UsebioEvent:
    """Parse a USEBIO file's bytes; expat applies the declared encoding (UTF-8 default)."""
    doc = _Positioned(data, source)
    root = doc.parse()
    if root.tag != "USEBIO":
        raise doc.error(root, "expected the root element USEBIO")
    return _Reader(doc).event(root)


def _without_encoding(text: str) -> str:
    if text.startswith("\ufeff"):
        text = text[1:]
    if text.startswith("<?xml"):
        end = text.find("?>")
        declaration = text[:end]
        if "encoding" in declaration:
            head = declaration.split("encoding")[0].rstrip()
            # keep the line count: positions in errors must match the file
            return head + text[end:]
    return text


class _Reader:
    def __init__(self, doc: _Positioned) -> None:
        self.doc = doc
        self.warnings: list[str] = []

    # values

    def loose(self, element: ET.Element) -> str:
        """An element whose meaning the reader does not need: its text, or, when it holds
        elements, its children as ``TAG=value`` pairs, with a warning."""
        if not len(element):
            return (element.text or "").strip()
        line, _ = self.doc.where.get(id(element), (0, 0))
        self.warnings.append(f"line {line}: <{element.tag}> holds elements; kept as text")
        return "; ".join(f"{child.tag}={self.loose(child)}" for child in element)

    def text(self, element: ET.Element) -> str:
        if len(element):
            raise self.doc.error(element, f"expected text, found <{element[0].tag}>")
        return (element.text or "").strip()

    def integer(self, element: ET.Element, what: str) -> int:
        text = self.text(element)
        try:
            return int(text)
        except ValueError:
            message = f"expected {what} (a whole number), found {text!r}"
            raise self.doc.error(element, message) from None

    def decimal(self, element: ET.Element) -> Decimal | None:
        text = self.text(element)
        if not text:
            return None
        try:
            return Decimal(text)
        except InvalidOperation:
            raise self.doc.error(element, f"expected a number, found {text!r}") from None

    def fields(self, element: ET.Element, skip: frozenset[str] = frozenset()) -> tuple[Field, ...]:
        return tuple((child.tag, self.loose(child)) for child in element
                     if child.tag not in skip)

    def one(self, parent: ET.Element, tag: str) -> ET.Element:
        found = parent.find(tag)
        if found is None:
            raise self.doc.error(parent, f"expected a <{tag}> element")
        return found

    # structure

    def event(self, root: ET.Element) -> UsebioEvent:
        event = self.one(root, "EVENT")
        club = root.find("CLUB")
        contact = event.find("CONTACT")
        handset = root.find("HANDSET")
        leaf = [child for child in event
                if child.tag not in ("PARTICIPANTS", "BOARD", "CONTACT", "SECTION")]
        sections = event.findall("SECTION")
        blocks = [(self._section_id(section, i), section)
                  for i, section in enumerate(sections, 1)] or [("", event)]
        participants: list[Participant] = []
        boards: list[TravellerBoard] = []
        participants_type = None
        for section_id, block in blocks:
            prefix = section_id if len(blocks) > 1 else ""
            found = block.find("PARTICIPANTS")
            if found is not None:
                participants_type = participants_type or found.get("EVENT_TYPE")
                participants += [_prefixed(self.participant(p), prefix) for p in found]
            boards += [_prefixed_board(self.board(b), prefix) for b in block.findall("BOARD")]
        if len(blocks) > 1:
            boards = _merged(boards)
            self.warnings.append(f"{len(blocks)} sections read as one field; pair numbers "
                                 f"prefixed with the section ({', '.join(i for i, _ in blocks)})")
        return UsebioEvent(
            event_type=event.get("EVENT_TYPE", ""),
            version=root.get("Version", ""),
            club=Club(self.fields(club)) if club is not None else None,
            header=tuple((child.tag, self.loose(child)) for child in leaf),
            contact=self.fields(contact) if contact is not None else None,
            participants=tuple(participants),
            participants_event_type=participants_type,
            boards=tuple(boards),
            handset=tuple(self.hands(b) for b in handset.findall("BOARD"))
            if handset is not None else (),
            warnings=tuple(self.warnings),
            sections=tuple(i for i, _ in blocks if i),
        )

    def _section_id(self, section: ET.Element, index: int) -> str:
        for tag in ("SECTION_ID", "SECTION_LETTER", "SECTION_NAME"):
            found = section.find(tag)
            if found is not None and self.loose(found):
                return self.loose(found)
        return section.get("SECTION_ID") or section.get("ID") or chr(ord("A") + index - 1)

    def participant(self, element: ET.Element) -> Participant:
        number_tag = "TEAM_NUMBER" if element.tag == "TEAM" else "PAIR_NUMBER"
        values: dict[str, ET.Element] = {}
        extra: list[Field] = []
        players: list[Player] = []
        for child in element:
            if child.tag == "PLAYER":
                players.append(self.player(child))
            elif child.tag == "MASTER_POINTS" and len(child) and \
                    child.find("MASTER_POINTS_AWARDED") is not None:
                # a writer's nesting: the awarded figure inside, with its kind
                values.setdefault("MASTER_POINTS_AWARDED", self.one(child,
                                                                     "MASTER_POINTS_AWARDED"))
                extra += [(f"MASTER_POINTS/{c.tag}", self.loose(c)) for c in child
                          if c.tag != "MASTER_POINTS_AWARDED"]
            elif child.tag in _PARTICIPANT_TAGS and child.tag not in values:
                values[child.tag] = child
            else:
                extra.append((child.tag, self.loose(child)))
        number = values.get(number_tag)
        if number is None:
            raise self.doc.error(element, f"expected a <{number_tag}> element")

        def text(tag: str) -> str | None:
            found = values.get(tag)
            return self.text(found) if found is not None else None

        def decimal(tag: str) -> Decimal | None:
            found = values.get(tag)
            return self.decimal(found) if found is not None else None

        return Participant(
            kind=element.tag, number=self.text(number), players=tuple(players),
            name=text("TEAM_NAME"), direction=text("DIRECTION"),
            total_score=decimal("TOTAL_SCORE"), percentage=decimal("PERCENTAGE"),
            place=text("PLACE"), masterpoints=text("MASTER_POINTS_AWARDED"),
            extra=tuple(extra),
        )

    def player(self, element: ET.Element) -> Player:
        known = {child.tag: self.text(child) for child in element
                 if child.tag in ("PLAYER_NAME", "NATIONAL_ID_NUMBER", "CLUB_ID_NUMBER")}
        return Player(
            name=known.get("PLAYER_NAME", ""),
            national_id=known.get("NATIONAL_ID_NUMBER"),
            club_id=known.get("CLUB_ID_NUMBER"),
            extra=self.fields(element, _PLAYER_TAGS),
        )

    def board(self, element: ET.Element) -> TravellerBoard:
        average = element.find("BOARD_AVERAGE")
        return TravellerBoard(
            number=self.integer(self.one(element, "BOARD_NUMBER"), "a board number"),
            lines=tuple(self.line(line) for line in element.findall("TRAVELLER_LINE")),
            average=self.decimal(average) if average is not None else None,
            event_type=element.get("EVENT_TYPE"),
        )

    def line(self, element: ET.Element) -> TravellerLine:
        children = {child.tag: child for child in element}
        contract, passed_out = self.contract(children.get("CONTRACT"))
        played_by = children.get("PLAYED_BY")
        lead = children.get("LEAD")
        tricks = children.get("TRICKS")
        return TravellerLine(
            ns=self.text(self.one(element, "NS_PAIR_NUMBER")),
            ew=self.text(self.one(element, "EW_PAIR_NUMBER")),
            score=self.score(self.one(element, "SCORE")),
            contract=contract,
            passed_out=passed_out,
            played_by=self.seat(played_by) if played_by is not None else None,
            lead=self.card(lead) if lead is not None else None,
            tricks=self.tricks(tricks) if tricks is not None else None,
            points=self.points(element),
            extra=tuple((child.tag, self.loose(child)) for child in element
                        if child.tag not in _LINE_TAGS and not _is_points(child.tag)),
        )

    def contract(self, element: ET.Element | None) -> tuple[Contract | None, bool]:
        if element is None:
            return None, False
        text = self.text(element)
        if text.upper() in ("PASS", "P", "AP"):
            return None, True
        try:
            return Contract.parse(text), False
        except ParseError as error:
            raise self.doc.error(element, error.reason) from None

    def seat(self, element: ET.Element) -> Seat | None:
        text = self.text(element)
        if not text:
            return None
        try:
            return Seat.parse(text)
        except ParseError:
            raise self.doc.error(element, f"expected a seat N, E, S or W, found {text!r}") from None

    def card(self, element: ET.Element) -> Card | None:
        text = self.text(element)
        if not text:
            return None
        try:
            return Card.parse(text)
        except ParseError:
            raise self.doc.error(element, f"expected a card such as KH, found {text!r}") from None

    def tricks(self, element: ET.Element) -> int | None:
        if not self.text(element):
            return None
        tricks = self.integer(element, "a number of tricks")
        if not 0 <= tricks <= 13:
            raise self.doc.error(element, f"expected 0 to 13 tricks, found {tricks}")
        return tricks

    def score(self, element: ET.Element) -> Score:
        text = self.text(element)
        if text[:1].upper() == "A":
            artificial = parse_artificial(text)
            if artificial is None:
                raise self.doc.error(element, "expected an artificial score A followed by "
                                     f"NS and EW percentages (A6040), found {text!r}")
            return artificial
        return self.integer(element, "a score in North-South points or A5050")

    def points(self, element: ET.Element) -> LinePoints | None:
        found = [child for child in element if _is_points(child.tag)]
        if not found:
            return None
        kind = found[0].tag[3:]
        values = {child.tag[:2]: child for child in found if child.tag[3:] == kind}
        ns, ew = values.get("NS"), values.get("EW")
        return LinePoints(kind, self.decimal(ns) if ns is not None else None,
                          self.decimal(ew) if ew is not None else None)

    def hands(self, element: ET.Element) -> HandsetBoard:
        number = self.integer(self.one(element, "BOARD_NUMBER"), "a board number")
        hands: dict[Seat, CardSet | None] = {seat: None for seat in Seat}
        for hand in element.findall("HAND"):
            direction = self.one(hand, "DIRECTION")
            try:
                seat = Seat.parse(self.text(direction))
            except ParseError:
                raise self.doc.error(direction, "expected North, East, South or West, "
                                     f"found {self.text(direction)!r}") from None
            suits = {child.tag: self.text(child) for child in hand}
            pbn = ".".join(suits.get(tag, "") for tag, _ in _SUIT_TAGS)
            try:
                hands[seat] = CardSet.from_pbn(pbn)
            except ParseError as error:
                raise self.doc.error(hand, f"{error.reason}") from None
        try:
            deal = Deal.from_hands(hands)
        except ValueError as error:
            raise self.doc.error(element, str(error)) from None
        return HandsetBoard(number, deal)


def _merged(boards: list[TravellerBoard]) -> list[TravellerBoard]:
    """Each board's travellers of every section as one traveller (the field)."""
    by_number: dict[int, TravellerBoard] = {}
    for board in boards:
        known = by_number.get(board.number)
        by_number[board.number] = board if known is None else \
            replace(known, lines=known.lines + board.lines)
    return list(by_number.values())


def _prefixed(participant: Participant, prefix: str) -> Participant:
    return replace(participant, number=prefix + participant.number) if prefix else participant


def _prefixed_board(board: TravellerBoard, prefix: str) -> TravellerBoard:
    if not prefix:
        return board
    return replace(board, lines=tuple(replace(line, ns=prefix + line.ns, ew=prefix + line.ew)
                                      for line in board.lines))


_PARTICIPANT_TAGS = frozenset({"PAIR_NUMBER", "TEAM_NUMBER", "TEAM_NAME", "DIRECTION",
                               "TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED"})
_PLAYER_TAGS = frozenset({"PLAYER_NAME", "NATIONAL_ID_NUMBER", "CLUB_ID_NUMBER"})
_LINE_TAGS = frozenset({"NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD",
                        "TRICKS", "SCORE"})


def _is_points(tag: str) -> bool:
    return tag[:3] in ("NS_", "EW_") and tag not in _LINE_TAGS
