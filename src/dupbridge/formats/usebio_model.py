"""The USEBIO 1.2 results model (EBU XML: facts file §4.11): a club, one event with its
participants and travellers, and the hand set.

Values are the core vocabulary (contracts, seats, cards, deals) and the scoring's
``Score`` (a table result in North-South points, or ``Artificial`` for the files'
``A5050``/``A6040``/``A6060``). Header elements that carry no scoring meaning (contact,
master-point scale, charge rates...) are kept as ordered ``(tag, text)`` fields, so a file
read and written again says the same."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.scoring.results import Artificial, Fault, Score

Field = tuple[str, str]
"""A leaf element kept as it was: (tag, text)."""

# Event types seen in USEBIO files (facts file §4.11, and the CROSS_IMP/MP_PAIRS of the
# real files); an unknown type is read all the same and reported by ``known_type``.
EVENT_TYPES = frozenset({
    "INDIVIDUAL", "PAIRS", "MP_PAIRS", "SWISS_PAIRS", "TEAMS", "SWISS_TEAMS",
    "BUTLER_PAIRS", "CROSS_IMP",
})


def field_value(fields: tuple[Field, ...], tag: str) -> str | None:
    """The text of the first field called ``tag``, or None."""
    for name, text in fields:
        if name == tag:
            return text
    return None


@dataclass(frozen=True, slots=True)
class Club:
    """``CLUB``: its name and number, with any other elements in order."""

    fields: tuple[Field, ...] = ()

    @property
    def name(self) -> str | None:
        return field_value(self.fields, "CLUB_NAME")

    @property
    def id_number(self) -> str | None:
        return field_value(self.fields, "CLUB_ID_NUMBER")


@dataclass(frozen=True, slots=True)
class Player:
    """``PLAYER`` of a pair or team."""

    name: str
    national_id: str | None = None
    club_id: str | None = None
    extra: tuple[Field, ...] = ()


@dataclass(frozen=True, slots=True)
class Participant:
    """``PAIR`` or ``TEAM``: its number as the travellers write it (``9NS``, ``8EW`` in a
    Mitchell), its result and its players. ``place`` is text: ties read ``3=``."""

    kind: str  # "PAIR" or "TEAM"
    number: str
    players: tuple[Player, ...] = ()
    name: str | None = None  # TEAM_NAME
    direction: str | None = None
    total_score: Decimal | None = None
    percentage: Decimal | None = None
    place: str | None = None
    masterpoints: str | None = None
    extra: tuple[Field, ...] = ()


@dataclass(frozen=True, slots=True)
class LinePoints:
    """What a traveller line earned each direction: ``kind`` is the element name after
    ``NS_``/``EW_`` (``MATCH_POINTS``, ``BUTLER_POINTS``, ``CROSS_IMP_POINTS``...)."""

    kind: str
    ns: Decimal | None
    ew: Decimal | None


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result on a board. ``contract`` carries no declarer: ``played_by`` does
    (files write ``PLAYED_BY`` N even for a passed-out board). ``tricks`` are declarer's."""

    ns: str
    ew: str
    score: Score
    contract: Contract | None = None
    passed_out: bool = False
    played_by: Seat | None = None
    lead: Card | None = None
    tricks: int | None = None
    points: LinePoints | None = None
    extra: tuple[Field, ...] = ()

    @property
    def declared(self) -> Contract | None:
        """The contract with its declarer, when both are known."""
        if self.contract is None:
            return None
        return replace(self.contract, declarer=self.played_by)

    @property
    def is_artificial(self) -> bool:
        return isinstance(self.score, Artificial)


@dataclass(frozen=True, slots=True)
class TravellerBoard:
    """``BOARD`` of the event: its number, the datum (``BOARD_AVERAGE``) of a Butler
    event, and the traveller."""

    number: int
    lines: tuple[TravellerLine, ...] = ()
    average: Decimal | None = None
    event_type: str | None = None  # the BOARD element's EVENT_TYPE attribute


@dataclass(frozen=True, slots=True)
class HandsetBoard:
    """``HANDSET``/``BOARD``: the deal of one board."""

    number: int
    deal: Deal


@dataclass(frozen=True, slots=True)
class UsebioEvent:
    """A whole USEBIO file: ``header`` holds EVENT's leaf elements in file order (typed
    properties read the ones with meaning), ``contact`` the CONTACT block."""

    event_type: str
    club: Club | None = None
    header: tuple[Field, ...] = ()
    contact: tuple[Field, ...] | None = None
    participants: tuple[Participant, ...] = ()
    participants_event_type: str | None = None
    boards: tuple[TravellerBoard, ...] = ()
    handset: tuple[HandsetBoard, ...] = ()
    version: str = "1.2"
    # What the reader kept in a shape of its own or left out, one line each (an element
    # with elements where text was expected, sections merged): never an error.
    warnings: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()  # the SECTION ids, when the file has sections

    @property
    def known_type(self) -> bool:
        return self.event_type in EVENT_TYPES

    @property
    def identifier(self) -> str | None:
        return field_value(self.header, "EVENT_IDENTIFIER")

    @property
    def description(self) -> str | None:
        return field_value(self.header, "EVENT_DESCRIPTION")

    @property
    def program_name(self) -> str | None:
        return field_value(self.header, "PROGRAM_NAME")

    @property
    def program_version(self) -> str | None:
        return field_value(self.header, "PROGRAM_VERSION")

    @property
    def scoring_method(self) -> str | None:
        return field_value(self.header, "SCORING_METHOD")

    @property
    def winner_type(self) -> int | None:
        text = field_value(self.header, "WINNER_TYPE")
        return int(text) if text and text.strip().isdigit() else None

    @property
    def date(self) -> str | None:
        return field_value(self.header, "DATE")

    @property
    def title(self) -> str | None:
        return field_value(self.header, "TITLE")

    def participant(self, number: str) -> Participant | None:
        for one in self.participants:
            if one.number == number:
                return one
        return None

    def deal(self, board: int) -> Deal | None:
        for one in self.handset:
            if one.number == board:
                return one.deal
        return None

    def lines(self) -> list[tuple[int, TravellerLine]]:
        """Every traveller line with its board number, in file order."""
        return [(board.number, line) for board in self.boards for line in board.lines]


# Artificial adjusted scores are written ``A`` + North-South's and East-West's percentage
# (``A6040``: average plus to NS, average minus to EW); 12C2(a) gives them by fault.
_FAULT_BY_PERCENT = {"60": Fault.NONE, "50": Fault.PARTLY, "40": Fault.DIRECTLY}
_PERCENT_BY_FAULT = {fault: percent for percent, fault in _FAULT_BY_PERCENT.items()}


def parse_artificial(text: str) -> Artificial | None:
    """``A5050`` -> Artificial(PARTLY, PARTLY); other two-digit figures (``A7070``, written
    by some programs, or ``A60/40``) are stated percentages; None if ``text`` is not such
    a code."""
    key = text.strip().upper().replace("/", "")
    if len(key) != 5 or key[0] != "A" or not key[1:].isdigit():
        return None
    ns, ew = _FAULT_BY_PERCENT.get(key[1:3]), _FAULT_BY_PERCENT.get(key[3:5])
    if ns is None or ew is None:
        return Artificial.of_percentages(Fraction(key[1:3]), Fraction(key[3:5]))
    return Artificial(ns, ew)


def artificial_code(score: Artificial) -> str:
    if score.ns_percent is not None or score.ew_percent is not None:
        ns = score.ns_percent if score.ns_percent is not None else \
            Fraction(_PERCENT_BY_FAULT[score.ns])
        ew = score.ew_percent if score.ew_percent is not None else \
            Fraction(_PERCENT_BY_FAULT[score.ew])
        return f"A{int(ns):02d}{int(ew):02d}"
    return f"A{_PERCENT_BY_FAULT[score.ns]}{_PERCENT_BY_FAULT[score.ew]}"
