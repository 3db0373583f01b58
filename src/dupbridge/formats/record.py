"""What every board-carrying format can say about one board played (or only dealt): the
common ground ``dupbridge convert`` goes through. A format keeps its own richer model
(PBN tags and tables, LIN display keys); it maps to and from this record.

Seats, calls, cards and contracts are the core vocabulary, never format strings."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability


@dataclass(frozen=True, slots=True)
class RecordedCall:
    """A call as written in a record: alerted or not, with its explanation if any."""

    call: Call
    alert: bool = False
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """One board: its deal and markings, and, when it was played, what happened at one table.

    ``players`` are the names in seat order N, E, S, W ("" when unknown). ``contract`` is
    ``None`` when unknown or passed out (``passed_out`` tells which); ``tricks`` are
    declarer's tricks, as PBN's Result. ``claimed`` is the total of tricks for declarer in a
    claim that ended the play (LIN ``mc``). ``score_ns`` is the score from North-South's
    point of view when the file gives it."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    event: str = ""
    site: str = ""
    date: str = ""
    players: tuple[str, str, str, str] = ("", "", "", "")
    room: str = ""
    table: str = ""
    auction: tuple[RecordedCall, ...] = ()
    play: tuple[Card, ...] = ()
    contract: Contract | None = None
    passed_out: bool = False
    tricks: int | None = None
    claimed: int | None = None
    score_ns: int | None = None
