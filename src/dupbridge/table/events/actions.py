"""The actions of every board: a call, a card played, and the Director's answer to a
question and choice of an option (Laws 9-12)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.answers import Answer, Chooser


@dataclass(frozen=True, slots=True)
class CallMade:
    """A player makes a call, in turn or not, legal or not."""

    seat: Seat
    call: Call

    def __str__(self) -> str:
        return f"{self.seat.letter} calls {self.call}"


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card is played (or exposed) from ``seat``'s hand; declarer plays dummy's cards
    as ``seat=dummy``."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.letter} plays {self.card}"


@dataclass(frozen=True, slots=True)
class DirectorAnswered:
    """The Director answers one question of the pending decision."""

    question: str
    answer: Answer

    def __str__(self) -> str:
        return f"Director: {self.question} = {self.answer}"


@dataclass(frozen=True, slots=True)
class OptionChosen:
    """An option of the pending decision is chosen (by the player Law 10C names, or the
    Director)."""

    option: str
    by: Chooser | None = None

    def __str__(self) -> str:
        return f"option {self.option}" + ("" if self.by is None else f" chosen by {self.by}")
