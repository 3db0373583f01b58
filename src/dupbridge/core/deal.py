"""Deals (Law 6): four hands, each of thirteen cards, from one pack."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dupbridge.core.cards import CardSet, full_pack
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat

if TYPE_CHECKING:
    from random import Random


@dataclass(frozen=True, slots=True)
class Deal(Mapping[Seat, CardSet | None]):
    """The four hands of a board, indexed by seat. A hand may be unknown (``None``),
    as PBN's ``-`` allows; known hands never share a card and hold at most 13 cards."""

    north: CardSet | None
    east: CardSet | None
    south: CardSet | None
    west: CardSet | None

    def __post_init__(self) -> None:
        seen = 0
        for seat in Seat:
            hand = self[seat]
            if hand is None:
                continue
            if len(hand) > 13:
                raise ValueError(f"{seat.name.title()} holds {len(hand)} cards; a hand has 13")
            if seen & hand.mask:
                shared = CardSet(seen & hand.mask)
                raise ValueError(f"{seat.name.title()} holds {shared} also held by another hand")
            seen |= hand.mask

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, CardSet | None]) -> Deal:
        return cls(*(hands.get(seat) for seat in Seat))

    def __getitem__(self, seat: Seat) -> CardSet | None:
        return (self.north, self.east, self.south, self.west)[seat]

    def __iter__(self) -> Iterator[Seat]:
        return iter(Seat)

    def __len__(self) -> int:
        return 4

    def hand(self, seat: Seat) -> CardSet:
        """The hand of ``seat``; an error if that hand is unknown."""
        hand = self[seat]
        if hand is None:
            raise ValueError(f"the hand of {seat.name.title()} is not known")
        return hand

    @property
    def is_complete(self) -> bool:
        """Four known hands of 13 cards: the whole pack is dealt."""
        return all(hand is not None and len(hand) == 13 for hand in self.values())

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """PBN deal string: ``N:AKQJ.T98.765.432 - ...``, first seat then four hands clockwise;
        ``-`` for an unknown hand. The first seat may be any of N, E, S, W."""
        stripped = text.strip()
        lead = len(text) - len(text.lstrip())
        if len(stripped) < 2 or stripped[1] != ":" or stripped[0].upper() not in "NESW":
            raise ParseError(msg("a PBN deal starts with a seat and a colon, as in 'N:'"), text,
                             lead)
        first = Seat.parse(stripped[0])
        body = stripped[2:]
        tokens: list[tuple[str, int]] = []
        position = lead + 2
        for chunk in body.split(" "):
            if chunk:
                tokens.append((chunk, position))
            position += len(chunk) + 1
        if len(tokens) != 4:
            raise ParseError(msg("a PBN deal has 4 hands, found {count}", count=len(tokens)), text,
                             lead + 2)
        hands: dict[Seat, CardSet | None] = {}
        seen = 0
        for number, (token, offset) in enumerate(tokens):
            seat = Seat((first + number) % 4)
            if token == "-":
                hands[seat] = None
                continue
            hand = CardSet.from_pbn(token, offset, text)
            if len(hand) > 13:
                raise ParseError(msg("{seat} holds {count} cards", seat=seat, count=len(hand)),
                                 text, offset)
            if seen & hand.mask:
                card = next(iter(CardSet(seen & hand.mask)))
                raise ParseError(msg("card {card} is dealt twice", card=card), text, offset)
            seen |= hand.mask
            hands[seat] = hand
        return cls.from_hands(hands)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        hands = []
        for number in range(4):
            hand = self[Seat((first + number) % 4)]
            hands.append("-" if hand is None else hand.to_pbn())
        return f"{first.letter}:{' '.join(hands)}"

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    @classmethod
    def random(cls, rng: Random | None = None) -> Deal:
        """Law 6: a random deal. Without ``rng`` the operating system's entropy source is
        used (``secrets.SystemRandom``), far beyond the 96 bits needed to reach every one of
        the 5.36e28 deals; pass ``random.Random(seed)`` for a reproducible deal."""
        import secrets  # here: loading it (hashlib, random...) is no part of importing a deal

        shuffler = rng if rng is not None else secrets.SystemRandom()
        bits = list(_PACK_BITS)  # the pack in its display order, as card bits
        shuffler.shuffle(bits)
        deal = _new(cls)  # four hands of 13 from one pack: nothing to check
        for name, start in _HANDS_DEALT:
            # ``trusted_card_set`` written out: a table is dealt for every board played.
            hand = _new(CardSet)
            _set(hand, "mask", sum(bits[start : start + 13]))
            _set(deal, name, hand)
        return deal


_HANDS_DEALT = (("north", 0), ("east", 13), ("south", 26), ("west", 39))
_new = object.__new__
_set = object.__setattr__
_PACK_BITS = tuple(card.bit for card in full_pack())
"""The 52 card bits in the order ``full_pack()`` iterates: shuffled as the cards were, so a
seed deals the same hands."""
