"""Claims adjudicated under Law 70 with the double-dummy value beside (spec §5), and the
safe-claim check a platform can run before it accepts a claim.

``adjudicate_claim`` is Law 70's adjudication (``dupbridge.laws.claims.law70_contested_claim``:
the Director's questions, V(P) over the claimer's normal lines, a worst normal line) with
the double-dummy value of the same ending, which bounds V(P) from above. ``claim_is_safe``
asks whether a claim succeeds against every layout of the cards the claimer cannot see,
for every normal line: exhaustive over layouts (never sampled), layouts that differ only
by equivalent cards (touching among the unseen cards) counted once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from dupbridge.analysis.double_dummy import solve
from dupbridge.analysis.position import Position
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import SUIT_MASKS, CardSet, Suit
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.law70_contested_claim import Adjudication, adjudicate
from dupbridge.laws.claims.normal_lines import NormalPlay, SuitOrder
from dupbridge.laws.claims.position import ClaimPosition, Ending
from dupbridge.laws.claims.search import DEFAULT_BUDGET, adjudication_value
from dupbridge.laws.claims.statement import Statement
from dupbridge.laws.machinery.ruling import Answer

_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class ClaimAdjudication:
    """Law 70's adjudication and, beside it, the double-dummy value of the ending for the
    claimer's side (an upper bound on V(P): the claimer there plays the best card)."""

    adjudication: Adjudication
    double_dummy: int

    @property
    def tricks(self) -> int:
        return self.adjudication.awarded


def position_of(ending: Ending) -> Position:
    """The double-dummy position of an ending (the cards played after a claim left out)."""
    trump = Denomination.NOTRUMP if ending.trump is None else Denomination(int(ending.trump))
    return Position(ending.hands, trump, ending.leader, ending.trick)


def ending_of(position: Position, claimer: Seat, declarer: Seat,
              shown_out: frozenset[tuple[Seat, Suit]] = frozenset()) -> Ending:
    """The ending a claim is made in, from a double-dummy position."""
    return Ending(position.hands, position.trump.suit, position.leader, claimer, declarer,
                  position.trick, shown_out)


def double_dummy_value(ending: Ending) -> int:
    """The claimer's side's tricks of the ending, every player playing double dummy."""
    position = position_of(ending)
    if position.is_over:
        return 0
    value = solve(position)
    return value if position.turn.side is ending.claimer.side else ending.tricks_left - value


def adjudicate_claim(position: ClaimPosition, answers: Mapping[str, Answer] | None = None,
                     budget: int = DEFAULT_BUDGET) -> ClaimAdjudication:
    """Law 70 on ``position`` with the Director's answers (defaults for the others), and
    the double-dummy value beside it. Changing an answer and calling again recomputes."""
    dd = double_dummy_value(position.ending)  # V(P) is never above it
    return ClaimAdjudication(adjudicate(position, answers or {}, budget, dd), dd)


@dataclass(frozen=True, slots=True)
class SafeClaim:
    """Whether the claim succeeds on every layout of the unseen cards for every normal
    line. ``layouts``: the distinct layouts checked (equivalent cards counted once);
    ``failing``: a layout on which a normal line falls short (the four hands), with the
    tricks the worst normal line then makes."""

    safe: bool
    layouts: int
    failing: tuple[CardSet, CardSet, CardSet, CardSet] | None = None
    tricks_on_failing: int | None = None
    decided: bool = True  # false: a layout's search ran out of budget (not safe, not sure)


def claim_is_safe(position: Position, statement: Statement, claimer: Seat, declarer: Seat,
                  claimed: int | None = None, order: SuitOrder = SuitOrder.NONE,
                  shown_out: frozenset[tuple[Seat, Suit]] = frozenset()) -> SafeClaim:
    """Does the claim of ``claimed`` tricks (all that are left by default) succeed against
    every layout of the cards ``claimer`` cannot see, whatever normal line is followed?"""
    ending = ending_of(position, claimer, declarer, shown_out)
    want = ending.tricks_left if claimed is None else claimed
    normal = NormalPlay(order)
    count = 0
    for hands in layouts(ending):
        count += 1
        value, decided = _value_at_least(
            Ending(hands, ending.trump, ending.leader, claimer, declarer, ending.trick,
                   shown_out), statement, normal, want)
        if value < want:
            return SafeClaim(False, count, hands, value if decided else None, decided)
    return SafeClaim(True, count)


@lru_cache(maxsize=4096)
def _value_at_least(ending: Ending, statement: Statement, normal: NormalPlay,
                    want: int) -> tuple[int, bool]:
    """V(P) if below ``want`` (exact), else ``want``; and whether the search finished."""
    found = adjudication_value(ending, statement, normal, limit=want)
    if found.decided:
        return found.tricks, True
    return found.lower, found.lower >= want


def unseen_seats(ending: Ending) -> tuple[Seat, Seat]:
    """The hands the claimer cannot see: the defenders for declarer's side; partner and
    declarer for a defender (dummy is on the table)."""
    declarer = ending.declarer
    if ending.claimer.side is declarer.side:
        return declarer.lho, declarer.rho
    return ending.claimer.partner, declarer


def layouts(ending: Ending) -> Iterator[tuple[CardSet, CardSet, CardSet, CardSet]]:
    """Every layout of the unseen cards between the two unseen hands, with their sizes and
    the suits each has shown out of; cards touching among the unseen ones (no seen card
    between them) are interchangeable, so only how many of each run a hand gets counts."""
    first, second = unseen_seats(ending)
    pool = ending.hands[first].mask | ending.hands[second].mask
    seen = 0
    for seat in _SEATS:
        if seat not in (first, second):
            seen |= ending.hands[seat].mask
    for card in ending.trick:
        seen |= card.bit
    runs = _runs(pool, seen)
    size = len(ending.hands[first])
    void_first = {suit for seat, suit in ending.shown_out if seat is first}
    void_second = {suit for seat, suit in ending.shown_out if seat is second}
    choices = []
    for suit, cards in runs:
        low = len(cards) if suit in void_second else 0
        high = 0 if suit in void_first else len(cards)
        choices.append(range(low, high + 1))
    for counts in product(*choices):
        if sum(counts) != size:
            continue
        mask = 0
        for (_suit, run), taken in zip(runs, counts, strict=True):
            for index in run[:taken]:
                mask |= 1 << index
        hands = list(ending.hands)
        hands[first] = CardSet(mask)
        hands[second] = CardSet(pool & ~mask)
        yield hands[0], hands[1], hands[2], hands[3]


def _runs(pool: int, seen: int) -> list[tuple[Suit, list[int]]]:
    """Runs of unseen cards, per suit, broken by a card the claimer can see."""
    runs: list[tuple[Suit, list[int]]] = []
    for suit in Suit:
        current: list[int] = []
        for index in range(13 * suit, 13 * suit + 13):
            if pool >> index & 1:
                current.append(index)
            elif seen >> index & 1 and current:
                runs.append((suit, current))
                current = []
        if current:
            runs.append((suit, current))
    return [(suit, cards) for suit, cards in runs if SUIT_MASKS[suit] & pool]
