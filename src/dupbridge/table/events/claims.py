"""Claims and concessions (Laws 68-71)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat


@dataclass(frozen=True, slots=True)
class Claimed:
    """``seat`` claims ``tricks`` of the remaining tricks for his side (None: all of them),
    with his clarification ``statement`` (Law 68A, 68C)."""

    seat: Seat
    tricks: int | None = None
    statement: str = ""
    total: int | None = None  # the side's tricks of the whole board, as the claimer counts
    # the statement read phrase by phrase (``i18n.claim_statements``): its plan steps in the
    # short grammar (None: ``statement`` is in the short grammar) and the words nothing read
    reading: str | None = None
    unread: tuple[str, ...] = ()

    def __str__(self) -> str:
        what = ("the rest" if self.tricks is None else str(self.tricks)) if self.total is None \
            else f"{self.total} in all"
        return f"{self.seat.letter} claims {what}" + (f": {self.statement}"
                                                       if self.statement else "")


@dataclass(frozen=True, slots=True)
class Conceded:
    """``seat`` concedes ``tricks`` (None: abandons his hand, all the remaining, 68B1);
    ``total``: the opponents' tricks of the whole board, as he counts them."""

    seat: Seat
    tricks: int | None = None
    total: int | None = None

    def __str__(self) -> str:
        return f"{self.seat.letter} concedes {'all' if self.tricks is None else self.tricks}"


@dataclass(frozen=True, slots=True)
class ClaimAgreed:
    """``seat``, an opponent of the claimer, accepts the claim (Law 69A)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} agrees to the claim"


@dataclass(frozen=True, slots=True)
class ClaimContested:
    """``seat`` (any player, dummy too) doubts the claim or objects to his partner's
    concession (Laws 68B2, 68D)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} objects to the claim"


@dataclass(frozen=True, slots=True)
class HandFaced:
    """``seat`` faces his hand without a word (48B2 declarer; 68A a defender)."""

    seat: Seat

    def __str__(self) -> str:
        return f"{self.seat.letter} faces his hand"


@dataclass(frozen=True, slots=True)
class TrickClaimed:
    """``seat`` says the trick in progress is his side's (68 preamble: no claim), showing
    ``card`` if any."""

    seat: Seat
    card: Card | None = None
    statement: str = ""

    def __str__(self) -> str:
        shown = f", showing {self.card}" if self.card is not None else ""
        return f"{self.seat.letter} says this trick is his side's{shown}"


@dataclass(frozen=True, slots=True)
class PlayAnnounced:
    """``seat`` names ``card`` as one he will play to a later trick (Law 63A2)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} announces he will play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayedAfterClaim:
    """``seat`` plays ``card`` while a claim stands, contrary to 68D (2007 70D3: evidence of
    the probable play; 2017: refused, play resumes only under 68D2(b))."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} plays {self.card} after the claim"


@dataclass(frozen=True, slots=True)
class AgreementWithdrawn:
    """``seat``'s side withdraws its agreement to the opponents' claim (69B); ``in_time``:
    within the Correction Period (79C), which the table does not time."""

    seat: Seat
    in_time: bool = True

    def __str__(self) -> str:
        return f"{self.seat.letter} withdraws his side's agreement to the claim"


@dataclass(frozen=True, slots=True)
class ConcessionCancelled:
    """The Director is asked to cancel the concession of ``seat``'s side (Law 71), within
    the Correction Period (``in_time``)."""

    seat: Seat
    in_time: bool = True

    def __str__(self) -> str:
        return f"{self.seat.letter} asks that his side's concession be cancelled"


ClaimEvent = (Claimed | Conceded | ClaimAgreed | ClaimContested | HandFaced | TrickClaimed
              | PlayAnnounced | PlayedAfterClaim | AgreementWithdrawn | ConcessionCancelled)


CLAIM_EVENTS = (Claimed, Conceded, ClaimAgreed, ClaimContested, HandFaced, TrickClaimed,
                PlayAnnounced, PlayedAfterClaim, AgreementWithdrawn, ConcessionCancelled)
