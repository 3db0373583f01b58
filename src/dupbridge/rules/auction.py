"""The correct procedure of the auction: Laws 17-19 and 22 (both editions).

An ``Auction`` holds the calls that stand, in order. It does not judge them: an insufficient
bid accepted under Law 27A1 or a call out of rotation accepted under Law 29A stands too,
and the auction goes on from it. Deciding what is irregular is the table engine's job.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Set
from dataclasses import dataclass
from enum import Enum

from dupbridge.core.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Double,
    Doubled,
    Redouble,
)
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat


class AuctionStatus(Enum):
    OPEN = "open"
    ENDED = "ended"  # three passes after a bid (2007 22A2 / 2017 22A)
    PASSED_OUT = "passed out"  # four passes, no bid (2007 22A1 / 2017 22B)


@dataclass(frozen=True, slots=True)
class StandingCall:
    seat: Seat
    call: Call
    deprived: tuple[Seat, ...] = ()
    """Seats whose turn was skipped when this call came to stand out of rotation (Law 29A)."""

    @property
    def in_rotation(self) -> bool:
        return not self.deprived


class CallChoices(Set[Call]):
    """The calls a player may make at his turn: a set computed from a few numbers (the
    bids are ``ALL_BIDS[min_rank:max_rank]``)."""

    __slots__ = ("_double", "_max_rank", "_min_rank", "_pass", "_redouble")

    def __init__(self, min_rank: int, double: bool, redouble: bool) -> None:
        self._min_rank = min_rank
        self._max_rank = len(ALL_BIDS)
        self._double = double
        self._redouble = redouble
        self._pass = True

    @classmethod
    def pass_only(cls) -> CallChoices:
        """A player required by law to pass."""
        return cls(len(ALL_BIDS), False, False)

    @classmethod
    def none(cls) -> CallChoices:
        """No call is proper now (a ruling is pending, or the auction is over)."""
        choices = cls(len(ALL_BIDS), False, False)
        choices._pass = False
        return choices

    @classmethod
    def only(cls, call: Call) -> CallChoices:
        """A single call: a player who must repeat his call (e.g. Law 31A1)."""
        choices = cls.none()
        if call is PASS:
            choices._pass = True
        elif call is DOUBLE:
            choices._double = True
        elif call is REDOUBLE:
            choices._redouble = True
        else:
            assert isinstance(call, Bid) and call.is_legal_level
            choices._min_rank = call.rank
            choices._max_rank = call.rank + 1
        return choices

    def allowing(self, allowed: Callable[[Call], bool]) -> CallChoices:
        """The choices that ``allowed`` keeps: a law's bars on the player (Laws 30, 31, 32,
        37) keep every bid, none or one, so the bids kept are consecutive."""
        kept = CallChoices.none()
        kept._pass = self._pass and allowed(PASS)
        kept._double = self._double and allowed(DOUBLE)
        kept._redouble = self._redouble and allowed(REDOUBLE)
        ranks = [rank for rank in range(self._min_rank, self._max_rank)
                 if allowed(ALL_BIDS[rank])]
        if ranks:
            assert ranks[-1] - ranks[0] == len(ranks) - 1, "the bids kept are not consecutive"
            kept._min_rank, kept._max_rank = ranks[0], ranks[-1] + 1
        return kept

    def without_doubles(self) -> CallChoices:
        """The same choices without double and redouble (2007 Law 30B2(b))."""
        choices = CallChoices(self._min_rank, False, False)
        choices._max_rank = self._max_rank
        choices._pass = self._pass
        return choices

    def __contains__(self, call: object) -> bool:
        if call is PASS:
            return self._pass
        if isinstance(call, Bid):
            return call.level <= 7 and self._min_rank <= call.rank < self._max_rank
        if call is DOUBLE:
            return self._double
        return call is REDOUBLE and self._redouble

    def __iter__(self) -> Iterator[Call]:
        if self._pass:
            yield PASS
        if self._double:
            yield DOUBLE
        if self._redouble:
            yield REDOUBLE
        yield from ALL_BIDS[self._min_rank : self._max_rank]

    def __len__(self) -> int:
        bids = max(0, self._max_rank - self._min_rank)
        return self._pass + self._double + self._redouble + bids

    def as_tuple(self) -> tuple[Call, ...]:
        """All choices as a tuple (cheap: the bids are a slice of ``ALL_BIDS``)."""
        head: tuple[Call, ...] = (PASS,) if self._pass else ()
        if self._double:
            head += (DOUBLE,)
        if self._redouble:
            head += (REDOUBLE,)
        return head + ALL_BIDS[self._min_rank : self._max_rank]

    def __repr__(self) -> str:
        return f"CallChoices({', '.join(str(call) for call in self)})"


# The checks of Laws 18-22 on plain numbers, shared by ``Auction`` and the table's working
# state (``table/working.py``), which keeps its auction as a few ints for speed: bids by
# rank (``Bid.rank``), and the last call other than pass as one of these.
NO_BID, BID, DOUBLED, REDOUBLED = 0, 1, 2, 3


def supersedes(rank: int, lowest: int) -> bool:
    """Law 18C: a bid of ``rank`` supersedes the last bid when it is at least ``lowest``,
    the rank of the lowest sufficient bid (0 before any bid)."""
    return rank >= lowest


def double_permitted_after(last: int, by_opponent: bool) -> bool:
    """Law 19A1: a double only of the last preceding call other than pass, a bid (``last``
    is ``BID``), made by an opponent."""
    return by_opponent and last == BID


def redouble_permitted_after(last: int, by_opponent: bool) -> bool:
    """Law 19B1: a redouble only of the last preceding call other than pass, a double
    (``last`` is ``DOUBLED``), made by an opponent."""
    return by_opponent and last == DOUBLED


def ended_by_passes(passes: int, bid_made: bool) -> bool:
    """Law 22: three passes in rotation after a bid end the auction, four passes when no
    bid was made (the board is passed out)."""
    return passes >= (3 if bid_made else 4)


@law("18A", title="A bid: one to seven odd tricks and a denomination")
def is_bid(call: Call) -> bool:
    """Law 18A: a bid names a number of odd tricks from one to seven and a denomination;
    pass, double and redouble are calls but not bids (a "bid" above seven is not one either:
    Law 38)."""
    return isinstance(call, Bid) and call.is_legal_level


class Auction:
    """The standing calls of an auction and what follows from them.

    Immutable: ``with_call`` returns a new auction. Every query is O(1) except ``contract``.
    """

    __slots__ = ("_calls", "_contract", "_last_bid", "_last_non_pass", "_passes", "dealer")

    dealer: Seat
    _calls: tuple[StandingCall, ...]
    _last_bid: int  # index in _calls, -1 if none
    _last_non_pass: int
    _passes: int  # consecutive passes at the end
    _contract: Contract | bool | None  # ``contract()`` once found; False: not yet

    def __init__(self, dealer: Seat, calls: tuple[StandingCall, ...] | list[Call] = ()) -> None:
        self.dealer = dealer
        self._calls = ()
        self._last_bid = -1
        self._last_non_pass = -1
        self._passes = 0
        auction = self
        for item in calls:
            if isinstance(item, StandingCall):
                auction = auction.with_call(item.seat, item.call, item.deprived)
            else:
                auction = auction.with_call(auction.next_to_call, item)
        self._calls = auction._calls
        self._last_bid = auction._last_bid
        self._last_non_pass = auction._last_non_pass
        self._passes = auction._passes
        self._contract = False

    def with_call(self, seat: Seat, call: Call, deprived: tuple[Seat, ...] = ()) -> Auction:
        """The auction after ``call`` by ``seat`` comes to stand."""
        new = object.__new__(Auction)
        new.dealer = self.dealer
        new._contract = False
        index = len(self._calls)
        new._calls = (*self._calls, StandingCall(seat, call, deprived))
        if call is PASS:
            new._last_bid = self._last_bid
            new._last_non_pass = self._last_non_pass
            new._passes = self._passes + 1
        else:
            new._last_bid = index if isinstance(call, Bid) else self._last_bid
            new._last_non_pass = index
            new._passes = 0
        return new

    def without_last(self, count: int = 1) -> Auction:
        """The auction with its last ``count`` calls cancelled."""
        return Auction(self.dealer, self._calls[: len(self._calls) - count])

    @property
    def calls(self) -> tuple[StandingCall, ...]:
        return self._calls

    def __len__(self) -> int:
        return len(self._calls)

    @property
    @law("17B", title="The dealer calls first")
    @law("17C", title="Then each player in rotation")
    def next_to_call(self) -> Seat:
        """Law 17B-C: the dealer, then each player in rotation after the last standing call."""
        return self._calls[-1].seat.lho if self._calls else self.dealer

    @property
    def last_bid(self) -> StandingCall | None:
        return self._calls[self._last_bid] if self._last_bid >= 0 else None

    @property
    def last_non_pass(self) -> StandingCall | None:
        return self._calls[self._last_non_pass] if self._last_non_pass >= 0 else None

    def last_call_of(self, seat: Seat) -> int | None:
        """Index of ``seat``'s last standing call, None if he has not called."""
        for index in range(len(self._calls) - 1, -1, -1):
            if self._calls[index].seat is seat:
                return index
        return None

    # Law 18B-D
    @law("18B", title="Superseding a bid")
    @law("18C", title="Sufficient bid")
    @law("18D", title="Insufficient bid")
    @law("18E", title="Rank of the denominations")
    def is_sufficient(self, bid: Bid) -> bool:
        """Law 18C: a bid is sufficient if it supersedes the last bid."""
        return supersedes(bid.rank, self._min_rank())

    def _min_rank(self) -> int:
        if self._last_bid < 0:
            return 0
        last = self._calls[self._last_bid].call
        assert isinstance(last, Bid)
        return last.rank + 1

    # Law 19A1 / 19B1
    @law("19A", title="Doubles")
    @law("19A1", title="When a double is permitted")
    def double_permitted(self, seat: Seat) -> bool:
        """Law 19A1: only the last preceding bid, made by an opponent, with only passes since."""
        record = self.last_non_pass
        return record is not None and double_permitted_after(
            _kind_of(record.call), record.seat.is_opponent_of(seat))

    @law("19B", title="Redoubles")
    @law("19B1", title="When a redouble is permitted")
    def redouble_permitted(self, seat: Seat) -> bool:
        """Law 19B1: only the last preceding double, made by an opponent, only passes since."""
        record = self.last_non_pass
        return record is not None and redouble_permitted_after(
            _kind_of(record.call), record.seat.is_opponent_of(seat))

    @law("19A3", title="A misstated double is of the bid as made")
    @law("19B3", title="A misstated redouble is of the bid as made")
    def bid_doubled(self, stated: Bid | None = None) -> tuple[Bid | None, bool]:
        """Law 19A3 / 19B3: a double or redouble is of the last bid as it was made, whatever
        level or denomination the player ``stated``; returns that bid and whether the
        statement misstated it (unauthorised information to partner may follow, Law 16)."""
        record = self.last_bid
        made = record.call if record is not None and isinstance(record.call, Bid) else None
        return made, stated is not None and stated != made

    def is_permitted(self, seat: Seat, call: Call) -> bool:
        """Whether ``call`` by ``seat`` obeys Laws 18 and 19 (turn and bars aside)."""
        if isinstance(call, Bid):
            return is_bid(call) and self.is_sufficient(call)
        if isinstance(call, Double):
            return self.double_permitted(seat)
        if isinstance(call, Redouble):
            return self.redouble_permitted(seat)
        return True

    def legal_calls(self, seat: Seat | None = None) -> CallChoices:
        """The calls ``seat`` (by default the player whose turn it is) may make."""
        who = self.next_to_call if seat is None else seat
        return CallChoices(
            self._min_rank(), self.double_permitted(who), self.redouble_permitted(who)
        )

    # Law 22 and 2007 17E2 / 2017 17D3 (Law 34)
    @property
    @law("22A", editions={Edition.LAWS_2007}, title="When the auction ends")
    @law("22A1", editions={Edition.LAWS_2007}, title="Four passes: passed out")
    @law("22A2", editions={Edition.LAWS_2007}, title="Three passes after a bid end the auction")
    @law("22A", editions={Edition.LAWS_2017}, title="Three passes after a bid end the auction")
    @law("22B", editions={Edition.LAWS_2017}, title="Four passes: passed out")
    def status(self) -> AuctionStatus:
        bid_made = self._last_bid >= 0
        if not ended_by_passes(self._passes, bid_made) or self._deprived_seat() is not None:
            return AuctionStatus.OPEN
        return AuctionStatus.ENDED if bid_made else AuctionStatus.PASSED_OUT

    @property
    def is_over(self) -> bool:
        return self.status is not AuctionStatus.OPEN

    @law("17E2", editions={Edition.LAWS_2007}, title="A deprived player: the auction goes on")
    @law("17D3", editions={Edition.LAWS_2017}, title="A deprived player: the auction goes on")
    @law("34", title="Retention of the right to call")
    def _deprived_seat(self) -> Seat | None:
        """2007 17E2 / 2017 17D3: three passes one of which was out of rotation do not end
        the auction if a player lost his turn; not yet reachable (Law 29A acceptance of a
        pass out of rotation comes with the Laws 28-32 rectifications)."""
        found = self._missed_turn()
        return None if found is None else found[0]

    def _missed_turn(self) -> tuple[Seat, int] | None:
        # The closing passes: the three after the last bid, or the three after a first pass
        # (a player who passed out of rotation first still made a call himself). A player
        # skipped by one of them who has called since has lost nothing (erratum A-4).
        count = len(self._calls)
        for position in range(max(count - 3, 0), count):
            for seat in self._calls[position].deprived:
                if not any(later.seat is seat for later in self._calls[position + 1 :]):
                    return seat, position
        return None

    @property
    def needs_reversion(self) -> tuple[Seat, int] | None:
        """Under 2007 17E2 / 2017 17D3: the seat the auction reverts to, and the position of
        the pass out of rotation from which the passes are cancelled."""
        if not ended_by_passes(self._passes, self._last_bid >= 0):
            return None
        return self._missed_turn()

    @law("19C", title="A later bid supersedes a double or redouble")
    @law("19D", title="Scoring of a doubled or redoubled contract")
    def contract(self) -> Contract | None:
        """Law 22: the last bid, doubled or redoubled as the calls after it say (Law 19),
        played by the first player of the side to name its denomination (Definitions)."""
        known = self._contract
        if known is False:
            known = self._contract = self._find_contract()
        assert known is not True
        return known

    def _find_contract(self) -> Contract | None:
        if self.status is not AuctionStatus.ENDED:
            return None
        last = self._calls[self._last_bid]
        assert isinstance(last.call, Bid)
        final = self._calls[self._last_non_pass].call
        doubled = (
            Doubled.REDOUBLED if final is REDOUBLE
            else Doubled.DOUBLED if final is DOUBLE
            else Doubled.UNDOUBLED
        )
        side = last.seat.side
        declarer = next(
            record.seat
            for record in self._calls
            if isinstance(record.call, Bid)
            and record.seat.side is side
            and record.call.denomination is last.call.denomination
        )
        return Contract(last.call.level, last.call.denomination, doubled, declarer)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Auction)
            and self.dealer is other.dealer
            and self._calls == other._calls
        )

    def __hash__(self) -> int:
        return hash((self.dealer, self._calls))

    def __str__(self) -> str:
        return " ".join(str(record.call) for record in self._calls)

    @classmethod
    def parse(cls, dealer: Seat, text: str) -> Auction:
        """Calls in rotation from ``dealer``, separated by spaces: ``"1S P 2S P P P"``."""
        return cls(dealer, [Call.parse(token) for token in text.split()])

    def __repr__(self) -> str:
        if all(record.in_rotation for record in self._calls):
            return f"Auction.parse({self.dealer!r}, {str(self)!r})"
        return f"Auction({self.dealer!r}, {self._calls!r})"


def _kind_of(call: Call) -> int:
    """A call other than pass as the kind the checks of Law 19 take."""
    return DOUBLED if call is DOUBLE else REDOUBLED if call is REDOUBLE else BID
