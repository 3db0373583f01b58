"""A moment of the play seen double dummy: every remaining card known.

A ``Position`` is what a double-dummy solver, a claim adjudicator and a hand record share:
the cards each player still holds, the trump, who led to the trick in progress and the
cards already played to it, and the tricks each side has won so far. It is a pure value
(no solver is loaded to build, play or print one).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dupbridge.core.calls import Denomination
from dupbridge.core.cards import Card, CardSet
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat, Side
from dupbridge.rules.play import Trick

_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class Position:
    """``hands[seat]``: the cards ``seat`` still holds (not those already played to the
    trick in progress). ``leader`` led, or is to lead, the trick in progress; ``trick`` the
    cards played to it so far, from the leader on (0 to 3 cards). ``won`` the tricks
    already quitted, won by North-South and by East-West.

    Every player holds the same number of cards, less one for those who have played to the
    trick in progress: so ``tricks_left`` (the trick in progress included) is well defined.
    """

    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    trump: Denomination
    leader: Seat
    trick: tuple[Card, ...] = ()
    won: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise ValueError(msg("a position has four hands, got {count}", count=len(self.hands)))
        if len(self.trick) > 3:
            raise ValueError(msg("a trick in progress holds at most 3 cards; the fourth quits it"))
        seen = 0
        for card in self.trick:
            if seen & card.bit:
                raise ValueError(msg("{card} is played twice to the trick in progress", card=card))
            seen |= card.bit
        for seat in _SEATS:
            hand = self.hands[seat]
            if seen & hand.mask:
                raise ValueError(msg("{seat} holds {cards} that another hand or the trick "
                                     "already has", seat=seat,
                                     cards=tuple(CardSet(seen & hand.mask))))
            seen |= hand.mask
        played = {Seat((self.leader + i) % 4) for i in range(len(self.trick))}
        left = {len(self.hands[seat]) + (seat in played) for seat in _SEATS}
        if len(left) != 1:
            counts = tuple(msg("{seat} {count}", seat=seat, count=len(self.hands[seat]))
                           for seat in _SEATS)
            raise ValueError(msg("the hands do not hold a consistent number of cards ({counts}, "
                                 "{played} played to the trick)", counts=counts,
                                 played=len(self.trick)))
        if min(self.won) < 0 or sum(self.won) + self.tricks_left > 13:
            raise ValueError(msg("tricks won ({won}) and {left} left exceed 13", won=self.won,
                                 left=self.tricks_left))
        if self.tricks_left == 0 and self.trick:
            raise ValueError(msg("cards played to a trick after the last one"))

    @classmethod
    def from_deal(cls, deal: Deal, trump: Denomination, leader: Seat) -> Position:
        """The start of the play: ``leader`` to make the opening lead."""
        return cls(tuple(deal.hand(seat) for seat in _SEATS),  # type: ignore[arg-type]
                   trump, leader)

    @classmethod
    def from_pbn(cls, hands: str, trump: Denomination | str, leader: Seat | str,
                 trick: Iterable[Card | str] = (), won: tuple[int, int] = (0, 0)) -> Position:
        """``Position.from_pbn("N:AK.. ...", "S", "W", ["HA"])``: the hands as a PBN deal
        string (holding the same number of cards each, or one fewer for those who have
        played to the trick)."""
        deal = Deal.from_pbn(hands)
        return cls(
            tuple(deal.hand(seat) for seat in _SEATS),  # type: ignore[arg-type]
            trump if isinstance(trump, Denomination) else Denomination.parse(trump),
            leader if isinstance(leader, Seat) else Seat.parse(leader),
            tuple(card if isinstance(card, Card) else Card.parse(card) for card in trick),
            won,
        )

    @property
    def turn(self) -> Seat:
        """The player to play next."""
        return _SEATS[(self.leader + len(self.trick)) % 4]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be quitted, the trick in progress included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    @property
    def is_over(self) -> bool:
        return self.tricks_left == 0

    def tricks_won(self, side: Side) -> int:
        return self.won[0] if side is Side.NS else self.won[1]

    def legal_cards(self) -> CardSet:
        """Law 44C: a player follows suit if able; otherwise any card."""
        hand = self.hands[self.turn]
        if self.trick:
            following = hand.in_suit(self.trick[0].suit)
            if following:
                return following
        return hand

    def play(self, card: Card) -> Position:
        """The position after the player on turn plays ``card`` (a legal one); a fourth
        card quits the trick (Law 44G: its winner leads to the next)."""
        if card not in self.legal_cards():
            raise ValueError(msg("{card} is not a legal card for {seat} here", card=card,
                                 seat=self.turn))
        hands = list(self.hands)
        hands[self.turn] = hands[self.turn].remove(card)
        trick = (*self.trick, card)
        if len(trick) < 4:
            return _unchecked(hands, self.trump, self.leader, trick, self.won)
        winner = Trick(self.leader, trick, self.trump.suit).winner
        won = (self.won[0] + 1, self.won[1]) if winner.side is Side.NS else (
            self.won[0], self.won[1] + 1)
        return _unchecked(hands, self.trump, winner, (), won)

    def key(self) -> str:
        """A canonical text of what the double-dummy value depends on (not ``won``): the
        four hands as 52-bit masks in hexadecimal, trump, leader, the trick's cards. Cheap,
        because a search asks for it at every node."""
        hands = ".".join(format(hand.mask, "x") for hand in self.hands)
        trick = "".join(_CARD_TEXT[card.index] for card in self.trick)
        return f"{hands}|{self.trump.letter}|{self.leader.letter}|{trick}"

    def __str__(self) -> str:
        trick = " ".join(str(card) for card in self.trick) or "-"
        return (f"{Deal(*self.hands).to_pbn()} trump {self.trump.letter}, "
                f"{self.leader.letter} led {trick}, won NS {self.won[0]} EW {self.won[1]}")


def _unchecked(hands: list[CardSet], trump: Denomination, leader: Seat,
               trick: tuple[Card, ...], won: tuple[int, int]) -> Position:
    """A position known valid (the legal play of a valid one): a search makes many, so
    the checks of ``__post_init__`` are not run again."""
    position = object.__new__(Position)
    for name, value in (("hands", (hands[0], hands[1], hands[2], hands[3])), ("trump", trump),
                        ("leader", leader), ("trick", trick), ("won", won)):
        object.__setattr__(position, name, value)
    return position


def parse_position_key(key: str) -> Position:
    """The inverse of ``Position.key`` (``won`` is not part of the key)."""
    try:
        hands, trump, leader, trick = key.split("|")
        masks = [CardSet(int(mask, 16)) for mask in hands.split(".")]
        cards = tuple(Card.parse(trick[i:i + 2]) for i in range(0, len(trick), 2))
        return Position((masks[0], masks[1], masks[2], masks[3]), Denomination.parse(trump),
                        Seat.parse(leader), cards)
    except (ValueError, IndexError) as error:
        raise ParseError(f"not a position key: {error}", key, 0) from None


_CARD_TEXT = tuple(str(Card.from_index(index)) for index in range(52))
