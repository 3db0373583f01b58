"""How a law module answers for the irregularities it rectifies."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import (
    Answer,
    Bar,
    Decision,
    Irregularity,
    IrregularityKind,
    Resolution,
    Watched,
)
from dupbridge.rules.auction import Auction

Decide = Callable[[Irregularity, Mapping[str, Answer], str], Decision]
BeforeRuling = Callable[[Irregularity, Seat, Call, int], "Irregularity | Resolution"]
LaterCall = Callable[["LaterCallContext"], "Watched | None"]
CardBeforeRuling = Callable[[Irregularity, Seat, Card, int], "Irregularity | Resolution"]
CallsStood = Callable[[Irregularity, Auction, tuple[Bar, ...]], "Watched | None"]


@dataclass(frozen=True, slots=True)
class LaterCallContext:
    """A call made while a ``Watch`` is on, as the watching law sees it: ``verdict`` is the
    irregularity the call would be on its own (None if it is legal in rotation), and
    ``auction`` the auction before it; ``bars`` the obligations in force now (a player
    required to pass since the watch began stays required to pass, catalogue §19 Q1)."""

    irregularity: Irregularity
    seat: Seat
    call: Call
    record: int
    verdict: Irregularity | None
    auction: Auction
    bars: tuple[Bar, ...] = ()


@dataclass(frozen=True, slots=True)
class Rectification:
    """``decide`` builds the pending decision from the irregularity and the Director's
    answers so far; ``before_ruling`` says what a call made before the ruling does, by a
    seat the decision waits for (``Decision.waits_for``): it either resolves the matter
    (``Resolution``) or becomes part of the irregularity the Director rules on."""

    decide: Decide
    before_ruling: BeforeRuling
    later_call: LaterCall | None = None
    """For laws that ``Watch`` later calls: None to let the call go as usual and keep
    watching, or what to make of it."""
    card_before_ruling: CardBeforeRuling | None = None
    """What a card played before the ruling does, by a seat the decision waits for (e.g.
    the next hand plays to a lead out of turn: it is accepted, 53A / 60A1)."""
    calls_stood: CallsStood | None = None
    """For laws that ``Watch`` later calls: what to make of calls that stood by a ruling
    rather than being made (a pass substituted, 37B2 / 38C), seen as soon as the ruling is
    given so that the obligation they create is known before the next call."""


RectificationOf = Callable[[IrregularityKind], Rectification]
"""The dispatch's table, handed to a law whose rectification is, in some case, another
law's (25: a late change of call that is not 25A; 47E1: a card out of turn the misinformed
player does not take back). Only the dispatch knows the table: such a law is built by it,
never imports it."""


def no_call_before_ruling(
    irregularity: Irregularity, seat: Seat, call: Call, record: int
) -> Irregularity | Resolution:
    """For laws that provide for no call before the ruling (the decision waits for none)."""
    raise AssertionError(f"{irregularity.kind.value}: no call is provided for before the ruling")
