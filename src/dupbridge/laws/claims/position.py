"""The position at a claim: the ending (spec §5.2's P), what Law 70 adjudicates of it, and
the claim as a matter before the Director. Apart from the search, so that the laws and the
ruling session that only name a position do not load the search.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.normal_lines import Move, SuitOrder
from dupbridge.laws.claims.statement import Statement
from dupbridge.laws.machinery.ruling import Irregularity
from dupbridge.rules.play import Play, beats

_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class Ending:
    """The position at the claim: the cards each seat still holds, the trick in progress
    (cards from ``leader``), who claims, who declares, and who has shown out of which
    suit before the claim (70E1(a)). ``after_claim``: cards played after the claim
    (2007 70D3: evidence, fixed as the first cards of every line)."""

    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    trump: Suit | None
    leader: Seat
    claimer: Seat
    declarer: Seat
    trick: tuple[Card, ...] = ()
    shown_out: frozenset[tuple[Seat, Suit]] = frozenset()
    after_claim: tuple[tuple[Seat, Card], ...] = ()

    @property
    def tricks_left(self) -> int:
        """The tricks still to be played, the one in progress included."""
        return max(len(hand) for hand in self.hands)

    def to_play(self) -> Seat:
        return _SEATS[(self.leader + len(self.trick)) % 4]


@dataclass(frozen=True, slots=True)
class ClaimPosition:
    """What Law 70 adjudicates: the ending, the statement made with the claim, the tricks
    claimed for the claimer's side (of ``ending.tricks_left``), the edition and the
    Regulating Authority's order within a suit (70E2)."""

    ending: Ending
    statement: Statement
    claimed: int
    edition: Edition
    order: SuitOrder = SuitOrder.NONE
    concession: bool = False  # made as a concession (68B1), not as a claim (68A)
    unread: tuple[str, ...] = ()  # words of the statement nothing read (70B1)

    def standing(self) -> tuple[LawRef, ...]:
        """What the claim stands on when the Director lets it stand as made."""
        return made_as(self.edition, self.claimed, self.ending.tricks_left, self.concession)


def made_as(edition: Edition, claimed: int, left: int, concession: bool) -> tuple[LawRef, ...]:
    """A claim or concession as made: 68A for the tricks claimed, 68B1 for those conceded
    (a claim of some of the ``left`` tricks concedes the rest)."""
    clauses = []
    if not concession and claimed > 0:
        clauses.append("68A")
    if concession or claimed < left:
        clauses.append("68B1")
    return tuple(LawRef(edition, clause) for clause in clauses)


@dataclass(frozen=True, slots=True)
class ClaimMatter(Irregularity):
    """A claim or concession put to the Director (68D, 69B, 71): ``claim``, when it is
    doubted or corrected, the position, statement and tricks Law 70 adjudicates."""

    claim: ClaimPosition | None = None


def ending_from_play(play: Play, claimer: Seat,
                     after_claim: tuple[tuple[Seat, Card], ...] = ()) -> Ending:
    """The ending at the moment of a claim, with who has shown out of what before it
    (70E1(a): a player who did not follow to a trick led in a suit)."""
    shown: set[tuple[Seat, Suit]] = set()
    for trick in play.tricks:
        for position, card in enumerate(trick.cards):
            if card.suit is not trick.suit_led:
                shown.add((trick.seat_of(position), trick.suit_led))
    current = play.current_trick
    for position, card in enumerate(current.cards):
        if card.suit is not current.suit_led:
            shown.add((current.seat_of(position), current.suit_led))
    hands = tuple(play.hand(seat) for seat in Seat)
    return Ending((hands[0], hands[1], hands[2], hands[3]), play.trump, current.leader,
                  claimer, play.declarer, current.cards, frozenset(shown), after_claim)


def trick_winners(ending: Ending, line: tuple[Move, ...]) -> list[Seat]:
    """The winner of each trick the line completes, in order."""
    trick = list(ending.trick)
    leader = ending.leader
    winners: list[Seat] = []
    for move in line:
        trick.append(move.card)
        if len(trick) == 4:
            best = 0
            for i in range(1, 4):
                if beats(trick[i], trick[best], ending.trump):
                    best = i
            leader = _SEATS[(leader + best) % 4]
            winners.append(leader)
            trick = []
    return winners
