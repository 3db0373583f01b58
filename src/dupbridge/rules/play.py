"""The correct procedure of the play: Laws 41, 44, 45, 65, 66 and 79A (both editions)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.calls import Denomination
from dupbridge.core.cards import SUIT_MASKS, Card, CardSet, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side

_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class Trick:
    """Four cards played in rotation from the leader (Law 44A-B). ``omitted``: a player
    passed over, the trick quitted without his card (a defective trick, Law 67)."""

    leader: Seat
    cards: tuple[Card, ...]
    trump: Suit | None
    omitted: Seat | None = None

    @property
    def suit_led(self) -> Suit:
        return self.cards[0].suit

    @property
    def is_complete(self) -> bool:
        return len(self.cards) + (self.omitted is not None) == 4

    def seat_of(self, position: int) -> Seat:
        """The player of ``cards[position]`` (the omitted player's turn is skipped)."""
        if self.omitted is not None and (self.omitted - self.leader) % 4 <= position:
            position += 1
        return _SEATS[(self.leader + position) % 4]

    def card_of(self, seat: Seat) -> Card | None:
        position = (seat - self.leader) % 4
        if self.omitted is not None:
            skipped = (self.omitted - self.leader) % 4
            if position == skipped:
                return None
            position -= position > skipped
        return self.cards[position] if position < len(self.cards) else None

    @property
    def winning_position(self) -> int:
        """Law 44E: the highest trump wins; Law 44F: else the highest card of the suit led."""
        best = 0
        for position in range(1, len(self.cards)):
            if beats(self.cards[position], self.cards[best], self.trump):
                best = position
        return best

    @property
    def winner(self) -> Seat:
        return self.seat_of(self.winning_position)

    def __str__(self) -> str:
        return f"{self.leader.letter}: {' '.join(str(card) for card in self.cards)}"


@law("44E", title="The highest trump wins the trick")
@law("44F", title="Otherwise the highest card of the suit led")
def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Law 44E-F: whether `card` beats `best` (the card winning so far)."""
    return beats_index(card.index, best.index, -1 if trump is None else trump)


# The checks of Law 44 on card indexes and 52-bit masks (``Card.index``, ``CardSet.mask``),
# shared by ``Play`` and the table's working state (``table/working.py``), which keeps the
# hands as masks for speed.


def beats_index(index: int, best: int, trump: int) -> bool:
    """Law 44E-F on card indexes: whether the card ``index`` beats ``best`` (the card
    winning so far); ``trump``: the trump suit, -1 at no trump."""
    return bool(BEATING[trump + 1][best] >> index & 1)


def _beating(best: int, trump: int) -> int:
    """Law 44E-F: the mask of the cards that beat the card ``best``: the higher cards of
    its suit, and every trump if it is not one."""
    suit = best // 13
    higher = SUIT_MASKS[suit] & ~((2 << best) - 1)
    return higher | (SUIT_MASKS[trump] if trump >= 0 and trump != suit else 0)


BEATING = tuple(tuple(_beating(best, trump) for best in range(52)) for trump in range(-1, 4))
"""``BEATING[trump + 1][best]``: the mask of the cards that beat the card ``best`` (its
index) with ``trump`` the trump suit (-1 at no trump); a lookup, for the hot loops."""


def playable_mask(hand: int, led: int) -> int:
    """Law 44C-D on masks: the cards of ``hand`` of the suit led (``led``: its mask, 0 for
    a lead) if he holds one, else any card."""
    return hand & led or hand


def follows_suit_mask(hand: int, led: int, bit: int) -> bool:
    """Law 44C on masks: whether the card ``bit`` of ``hand`` follows the suit led (``led``:
    its mask, 0 for a lead), or he holds none of it."""
    return not led or bool(bit & led) or not hand & led


class Play:
    """The play of one deal: hands left, the trick in progress and the quitted tricks.

    Immutable; ``with_card`` returns the state after a card is played. It trusts its caller:
    the table engine decides which cards are legal or irregular before playing them.
    """

    __slots__ = ("_added", "_current", "_hands", "_leader", "_omitted", "_tricks", "_won",
                 "declarer", "trump")

    declarer: Seat
    trump: Suit | None
    _hands: tuple[int, int, int, int]
    _current: tuple[Card, ...]
    _tricks: tuple[Trick, ...]
    _won: tuple[int, int]  # tricks won by NS, EW (Law 79A)
    _leader: Seat  # leader of the trick in progress
    _omitted: Seat | None  # a player passed over in the trick in progress (Law 67)
    _added: tuple[tuple[int, Seat, Card], ...]  # cards put with a trick out of rotation (67)

    def __init__(self, deal: Deal, declarer: Seat, denomination: Denomination) -> None:
        self.declarer = declarer
        self.trump = denomination.suit
        north, east, south, west = deal.north, deal.east, deal.south, deal.west
        if north is None or east is None or south is None or west is None:
            for seat in _SEATS:
                deal.hand(seat)  # the error naming the first hand not known
        assert north is not None and east is not None and south is not None and west is not None
        self._hands = (north.mask, east.mask, south.mask, west.mask)
        self._current = ()
        self._tricks = ()
        self._won = (0, 0)
        self._leader = _SEATS[(declarer + 1) % 4]  # declarer's left-hand opponent
        self._omitted = None
        self._added = ()

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    @law("41A", title="Opening lead by declarer's left-hand opponent")
    def opening_leader(self) -> Seat:
        """Law 41A: the defender on declarer's left makes the opening lead."""
        return self.declarer.lho

    @property
    @law("44G", title="The winner of a trick leads to the next")
    def leader(self) -> Seat:
        """Law 44G: the winner of the previous trick leads to the next."""
        return self._leader

    @property
    @law("44B", title="The others play in rotation")
    def next_to_play(self) -> Seat | None:
        """Law 44B: the players follow in rotation; None once thirteen tricks are played."""
        if len(self._tricks) == 13:
            return None
        return _SEATS[(self._leader + len(self._current) + (self._omitted is not None)) % 4]

    @property
    def current_trick(self) -> Trick:
        return Trick(self.leader, self._current, self.trump, self._omitted)

    @property
    def added_cards(self) -> tuple[tuple[int, Seat, Card], ...]:
        """Cards put with a trick outside its rotation (trick, seat, card): a second card
        that went into it unseen, or a card faced into it under Law 67B1."""
        return self._added

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The quitted tricks, in order (Law 65)."""
        return self._tricks

    @property
    def is_complete(self) -> bool:
        return len(self._tricks) == 13

    @property
    def opening_lead_made(self) -> bool:
        return bool(self._tricks or self._current)

    def hand(self, seat: Seat) -> CardSet:
        """The cards ``seat`` has not yet played."""
        return CardSet(self._hands[seat])

    def hand_masks(self) -> tuple[int, int, int, int]:
        """The four hands left as masks, North first (``CardSet.mask``)."""
        return self._hands

    def holds(self, seat: Seat, card: Card) -> bool:
        return bool(self._hands[seat] >> card.index & 1)

    @law("44C", title="Following suit")
    @law("44D", title="Unable to follow suit: any card")
    def legal_cards(self, seat: Seat | None = None) -> CardSet:
        """Law 44C: follow suit if able; Law 44D: otherwise any card. The leader plays any."""
        who = self.next_to_play if seat is None else seat
        if who is None:
            return CardSet()
        led = SUIT_MASKS[self._current[0].suit] if self._current else 0
        return CardSet(playable_mask(self._hands[who], led))

    def follows_suit(self, seat: Seat, card: Card) -> bool:
        """Law 44C: false if ``card`` fails to follow the suit led while ``seat`` holds it."""
        if not self._current:
            return True
        return follows_suit_mask(self._hands[seat], SUIT_MASKS[self._current[0].suit], card.bit)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in Play.__slots__)

    def __hash__(self) -> int:
        return hash((self._hands, self._current, self._tricks, self.declarer))

    def with_lead_out_of_turn(self, seat: Seat, card: Card) -> Play:
        """Law 53A: a lead out of turn treated as a correct lead; play goes on from it."""
        if self._current:
            raise ValueError("a lead is the first card of a trick")
        moved = self._copy()
        moved._leader = seat
        return moved.with_card(seat, card)

    def with_card(self, seat: Seat, card: Card) -> Play:
        """The play after ``seat`` plays ``card`` to the current trick. A trick keeps its
        cards in rotation from its leader (44B), so only the player next in rotation can be
        given a card: another seat's card would be credited to the wrong player."""
        if len(self._tricks) == 13 or seat is not _SEATS[
                (self._leader + len(self._current) + (self._omitted is not None)) % 4]:
            raise ValueError(f"it is not {seat.name.title()}'s turn to play {card}")
        new = object.__new__(Play)
        new.declarer = self.declarer
        new.trump = self.trump
        new._added = self._added
        hands = list(self._hands)
        hands[seat] &= ~card.bit
        new._hands = (hands[0], hands[1], hands[2], hands[3])
        current = (*self._current, card)
        omitted = self._omitted
        if len(current) + (omitted is not None) == 4:
            self._quit(new, Trick(self._leader, current, self.trump, omitted))
        else:
            new._tricks = self._tricks
            new._current = current
            new._won = self._won
            new._leader = self._leader
            new._omitted = omitted
        return new

    def resumed(self, hands: tuple[int, int, int, int], tricks: tuple[Trick, ...],
                current: tuple[Card, ...], leader: Seat, won: tuple[int, int]) -> Play:
        """This play with cards played since in rotation, given as they now lie: the hands
        left (masks), the tricks quitted since, in order, the trick in progress with its
        leader, the tricks won by NS and EW. The same play as ``with_card`` card by card,
        for a caller that kept the cards on bitmasks (the table's working state); it
        trusts its caller likewise."""
        new = object.__new__(Play)
        new.declarer = self.declarer
        new.trump = self.trump
        new._added = self._added
        new._hands = hands
        new._tricks = (*self._tricks, *tricks) if tricks else self._tricks
        new._current = current
        new._omitted = self._omitted if not tricks else None
        new._leader = leader
        new._won = won
        return new

    def _quit(self, new: Play, trick: Trick) -> None:
        """Law 65A: the trick is turned; Law 44G: its winner leads next."""
        new._tricks = (*self._tricks, trick)
        new._current = ()
        new._omitted = None
        new._leader = trick.winner
        ns, ew = self._won
        new._won = (ns + 1, ew) if trick.winner.side is Side.NS else (ns, ew + 1)

    def _copy(self) -> Play:
        new = object.__new__(Play)
        for name in Play.__slots__:
            object.__setattr__(new, name, getattr(self, name))
        return new

    def with_omission(self) -> Play:
        """The player whose turn it is is passed over (Law 67: he omits to play to the
        trick); the trick is quitted without his card once the others have played, so he
        keeps a card too many."""
        seat = self.next_to_play
        if seat is None or self._omitted is not None or len(self._current) == 0:
            raise ValueError("a player can be passed over only after the lead, once a trick")
        new = self._copy()
        new._omitted = seat
        if len(self._current) == 3:
            self._quit(new, Trick(self._leader, self._current, self.trump, seat))
        return new

    def with_added_card(self, trick: int, seat: Seat, card: Card) -> Play:
        """``seat``'s ``card`` leaves his hand and lies with trick ``trick`` (1-based)
        without taking part in it: a second card gone in unseen, or a card faced into a
        defective trick under 67B1 (ownership of the trick unchanged)."""
        new = self._copy()
        hands = list(self._hands)
        hands[seat] &= ~card.bit
        new._hands = (hands[0], hands[1], hands[2], hands[3])
        new._added = (*self._added, (trick, seat, card))
        return new

    @law("79A", title="Tricks won by each side")
    def tricks_won(self, side: Side) -> int:
        """Law 79A: the tricks won by ``side`` so far."""
        return self._won[0] if side is Side.NS else self._won[1]

    @property
    def declarer_tricks(self) -> int:
        return self.tricks_won(self.declarer.side)

    @law("66A", title="Inspecting the last trick")
    def may_inspect_last_trick(self, seat: Seat) -> bool:
        """Law 66A: a player may look at the last quitted trick until he or his partner has
        led or played to the next trick."""
        if not self._tricks:
            return False
        for position in range(len(self._current)):
            if Seat((self.leader + position) % 4).side is seat.side:
                return False
        return True
