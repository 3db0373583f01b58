"""Law 1: the pack, the rank of cards and suits; hands as 52-bit sets."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.registry import law


class Suit(IntEnum):
    """Law 1A: spades rank highest, then hearts, diamonds, clubs."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        if len(key) == 1 and key in _SUIT_LETTERS:
            return cls(_SUIT_LETTERS[key])
        raise ParseError(msg("not a suit: {text!r} (expected one of C D H S ♣ ♦ ♥ ♠)", text=text),
                         text, 0)

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_LETTERS = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}


class Rank(IntEnum):
    """Law 1A: ace high down to two."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_CHARS[self - 2]

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in _RANK_CHARS:
            return cls(_RANK_CHARS.index(key) + 2)
        raise ParseError(msg("not a rank: {text!r} (expected A K Q J T/10 9 .. 2)", text=text),
                         text, 0)

    @property
    def is_honour(self) -> bool:
        """Definitions: ace, king, queen, jack and ten are honours."""
        return self >= Rank.TEN

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_CHARS = "23456789TJQKA"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 52 cards. Text form: suit letter then rank, as in ``SA`` or ``HT``."""

    suit: Suit
    rank: Rank
    index: int = field(init=False, repr=False)
    """Bit position in a CardSet: clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51
    (stored, not computed: the table's hot path reads it for every card played)."""

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        # Interned: the 52 cards are made once below, so identity comparison is equality.
        if suit not in _SUIT_VALUES or rank not in _RANK_VALUES:
            raise ValueError(f"no card of suit {suit!r} and rank {rank!r}")
        return _CARDS[suit * 13 + rank - 2]

    def __getnewargs__(self) -> tuple[Suit, Rank]:
        return (self.suit, self.rank)

    @property
    def bit(self) -> int:
        return 1 << (self.suit * 13 + self.rank - 2)

    @classmethod
    def from_index(cls, index: int) -> Card:
        return _CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """``SA``, ``sa``, ``S10``, ``ST``, ``♠A``; also rank first (``AS``) when unambiguous."""
        key = text.strip().upper()
        if len(key) in (2, 3):
            head, tail = key[0], key[1:]
            if head in _SUIT_LETTERS and (tail == "10" or (len(tail) == 1 and tail in _RANK_CHARS)):
                return cls(Suit(_SUIT_LETTERS[head]), Rank.parse(tail))
            head, tail = key[:-1], key[-1]
            if tail in _SUIT_LETTERS and (head == "10" or (len(head) == 1 and head in _RANK_CHARS)):
                return cls(Suit(_SUIT_LETTERS[tail]), Rank.parse(head))
        raise ParseError(msg("not a card: {text!r} (expected suit and rank, as in SA or H10)",
                             text=text), text, 0)

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __repr__(self) -> str:
        return f"Card({self.suit!r}, {self.rank!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.suit * 13 + self.rank - 2


_SUIT_VALUES = frozenset(range(4))
_RANK_VALUES = frozenset(range(2, 15))
_CARDS: tuple[Card, ...] = tuple(object.__new__(Card) for _ in range(52))
for _i, _card in enumerate(_CARDS):
    object.__setattr__(_card, "suit", Suit(_i // 13))
    object.__setattr__(_card, "rank", Rank(_i % 13 + 2))
    object.__setattr__(_card, "index", _i)

FULL_MASK = (1 << 52) - 1
SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def trusted_card_set(mask: int) -> CardSet:
    """The card set of ``mask``, known to hold 52 bits at most (a hot path's shortcut past
    ``CardSet.__init__``'s checks: a hand's cards, a suit of it)."""
    new = _new_set(CardSet)
    _set_mask(new, "mask", mask)
    return new


def _part_runs(suit: int, low: int, width: int) -> tuple[tuple[Card, ...], ...]:
    """By the bits of ``width`` ranks of ``suit`` from rank index ``low``: their cards,
    high to low."""
    return tuple(tuple(_CARDS[13 * suit + low + rank] for rank in range(width - 1, -1, -1)
                       if bits >> rank & 1) for bits in range(1 << width))


# By suit, the cards of its top six ranks (bits 7-12) and of its low seven (bits 0-6), high
# to low: 768 small tuples, made at import. An iteration is eight look-ups in them; tables by
# whole 13-bit holdings (4 x 8192 tuples, filled as met) cost fewer look-ups but spread over
# megabytes, and their cache misses made the table's hot loop slower (issue 26).
_SPADES_HIGH, _SPADES_LOW, _HEARTS_HIGH, _HEARTS_LOW = (
    _part_runs(3, 7, 6), _part_runs(3, 0, 7), _part_runs(2, 7, 6), _part_runs(2, 0, 7))
_DIAMONDS_HIGH, _DIAMONDS_LOW, _CLUBS_HIGH, _CLUBS_LOW = (
    _part_runs(1, 7, 6), _part_runs(1, 0, 7), _part_runs(0, 7, 6), _part_runs(0, 0, 7))


class CardSet(Set[Card]):
    """An immutable set of cards held as a 52-bit integer (bit = ``Card.index``).

    Iterates in the usual display order: spades, hearts, diamonds, clubs, high to low.
    """

    __slots__ = ("mask",)
    mask: int
    """The cards as bits (``Card.index``): a slot, not a property, as the engine reads it
    for every hand (``CardSet`` is immutable: ``__setattr__`` refuses)."""

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards > FULL_MASK:
                raise ValueError(f"a card set mask has 52 bits, got {cards:#x}")
            mask = cards
        else:
            mask = 0
            for card in cards:
                mask |= card.bit
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return CardSet, (self.mask,)  # pickle and copy by the mask: no attribute is set

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        # ``as_tuple``'s look-ups, not a call to it: an interpreter entry more for every
        # iteration of a set would cost the engine's law dispatch and the analysis more.
        mask = self.mask
        high = mask >> 26
        low = mask & 0x3FFFFFF
        return iter(_SPADES_HIGH[high >> 20] + _SPADES_LOW[high >> 13 & 0x7F]
                    + _HEARTS_HIGH[high >> 7 & 0x3F] + _HEARTS_LOW[high & 0x7F]
                    + _DIAMONDS_HIGH[low >> 20] + _DIAMONDS_LOW[low >> 13 & 0x7F]
                    + _CLUBS_HIGH[low >> 7 & 0x3F] + _CLUBS_LOW[low & 0x7F])

    def as_tuple(self) -> tuple[Card, ...]:
        """The cards in display order, as a tuple: what ``tuple(cards)`` gives, in one call
        where ``tuple`` asks ``__len__`` and then ``__iter__`` (a player choosing among his
        legal cards asks for them before every card, as ``CallChoices.as_tuple``)."""
        mask = self.mask
        high = mask >> 26  # spades and hearts, then diamonds and clubs: small ints each
        low = mask & 0x3FFFFFF
        # Cards of one suit (a player following suit) lie in one half: four look-ups.
        if not low:
            return (_SPADES_HIGH[high >> 20] + _SPADES_LOW[high >> 13 & 0x7F]
                    + _HEARTS_HIGH[high >> 7 & 0x3F] + _HEARTS_LOW[high & 0x7F])
        if not high:
            return (_DIAMONDS_HIGH[low >> 20] + _DIAMONDS_LOW[low >> 13 & 0x7F]
                    + _CLUBS_HIGH[low >> 7 & 0x3F] + _CLUBS_LOW[low & 0x7F])
        return (_SPADES_HIGH[high >> 20] + _SPADES_LOW[high >> 13 & 0x7F]
                + _HEARTS_HIGH[high >> 7 & 0x3F] + _HEARTS_LOW[high & 0x7F]
                + _DIAMONDS_HIGH[low >> 20] + _DIAMONDS_LOW[low >> 13 & 0x7F]
                + _CLUBS_HIGH[low >> 7 & 0x3F] + _CLUBS_LOW[low & 0x7F])

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:  # ``not cards`` for every card played: no bit count
        return self.mask != 0

    def __hash__(self) -> int:
        return hash(self.mask)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return Set.__eq__(self, other)

    def __or__(self, other: Iterable[Any]) -> CardSet:
        return CardSet(self.mask | _as_mask(other))

    def __and__(self, other: Iterable[Any]) -> CardSet:
        return CardSet(self.mask & _as_mask(other))

    def __sub__(self, other: Iterable[Any]) -> CardSet:
        return CardSet(self.mask & ~_as_mask(other))

    def __xor__(self, other: Iterable[Any]) -> CardSet:
        return CardSet(self.mask ^ _as_mask(other))

    def add(self, card: Card) -> CardSet:
        return CardSet(self.mask | card.bit)

    def remove(self, card: Card) -> CardSet:
        if not self.mask & card.bit:
            raise KeyError(card)
        return CardSet(self.mask & ~card.bit)

    def in_suit(self, suit: Suit) -> CardSet:
        return CardSet(self.mask & SUIT_MASKS[suit])

    def has_suit(self, suit: Suit) -> bool:
        return bool(self.mask & SUIT_MASKS[suit])

    def ranks(self, suit: Suit) -> list[Rank]:
        """Ranks held in ``suit``, high to low."""
        return [card.rank for card in self.in_suit(suit)]

    def to_pbn(self) -> str:
        """PBN hand: spades.hearts.diamonds.clubs, each high to low, ``T`` for the ten."""
        return ".".join(
            "".join(rank.letter for rank in self.ranks(suit)) for suit in reversed(Suit)
        )

    @classmethod
    def from_pbn(cls, text: str, offset: int = 0, source: str | None = None) -> CardSet:
        """Parse ``AKQ.JT9.876.5432``. ``offset``/``source`` place errors in a longer text."""
        source = text if source is None else source
        parts = text.split(".")
        if len(parts) != 4:
            raise ParseError(msg("a hand has 4 suits separated by dots, found {count}",
                                 count=len(parts)), source, offset)
        mask = 0
        position = offset
        for suit, part in zip(reversed(Suit), parts, strict=True):
            for char in part:
                upper = char.upper()
                if upper not in _RANK_CHARS:
                    raise ParseError(msg("not a rank: {char!r}", char=char), source, position)
                bit = 1 << (suit * 13 + _RANK_CHARS.index(upper))
                if mask & bit:
                    raise ParseError(msg("card {card} twice in one hand", card=Card(
                        suit, Rank(_RANK_CHARS.index(upper) + 2))), source, position)
                mask |= bit
                position += 1
            position += 1
        return cls(mask)

    def __repr__(self) -> str:
        return f"CardSet.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()


Hand = CardSet


class _HoldingSet(CardSet):
    """A card set within one suit made by ``holding_set``: shared, so its cards are kept in
    their order once."""

    __slots__ = ("_cards",)
    _cards: tuple[Card, ...]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return CardSet, (self.mask,)


_HOLDING_SETS: dict[int, CardSet] = {}
"""``holding_set``'s sets by mask: 4 x 8192 at most."""


def holding_set(mask: int) -> CardSet:
    """The card set of ``mask``, cards of one suit (a player's legal cards when he follows
    suit): made once per holding and shared, as a card set is immutable."""
    found = _HOLDING_SETS.get(mask)
    if found is None:
        assert any(mask & suit == mask for suit in SUIT_MASKS), f"{mask:#x} is not one suit"
        new = _new_set(_HoldingSet)
        _set_mask(new, "mask", mask)
        _set_mask(new, "_cards", tuple(CardSet.__iter__(new)))
        found = _HOLDING_SETS[mask] = new
    return found


def _as_mask(other: Iterable[Any]) -> int:
    if isinstance(other, CardSet):
        return other.mask
    mask = 0
    for card in other:
        if not isinstance(card, Card):
            raise TypeError(f"not a card: {card!r}")
        mask |= card.bit
    return mask


@law("1", title="The pack: 52 cards, ranked within four ranked suits")
@law("1A", editions=(Edition.LAWS_2017,), title="Rank of cards and suits")
def outranks(card: Card, other: Card) -> bool:
    """Law 1A: within a suit, ace high down to two; between suits, spades, hearts,
    diamonds, clubs (the order of the denominations in the auction, no trumps above)."""
    return (card.suit, card.rank) > (other.suit, other.rank)


_new_set = object.__new__
_set_mask = object.__setattr__


def full_pack() -> CardSet:
    """Law 1: the 52 cards."""
    return CardSet(FULL_MASK)
