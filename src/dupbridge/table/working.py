"""The table's working state: regular calls and cards at a small constant cost.

``Table`` keeps the event log, the single source of truth, and frozen snapshots made by the
pure engine (``engine.apply``). From a snapshot in which no obligation is in force (nothing
pending, no bar, watch, penalty card, play restriction, lead restriction, revoke, defective
trick, claim or adjusted score), a call or card that the Laws leave nothing to rectify
(Law 84A: in turn, held, sufficient, following suit) changes the state in a few known ways
only: a standing record, the auction or the play one step further. This lane takes those
actions, checked on bitmasks without entering the law dispatch, and records nothing but the
event; the frozen ``TableState`` is built from the snapshot when someone asks for it
(``materialise``), equal to what ``engine.apply`` makes event by event (the property tests
check it). Any other action, or a state the lane does not cover, goes to the engine.

The python-chess way: a mutable working board, frozen values only at the edges.
"""

from __future__ import annotations

from dupbridge.core.calls import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Denomination,
    Doubled,
)
from dupbridge.core.cards import SUIT_MASKS, Card, CardSet
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.play.law41_play_period import face_down_lead_required
from dupbridge.rules.auction import (
    BID,
    DOUBLED,
    NO_BID,
    REDOUBLED,
    Auction,
    CallChoices,
    double_permitted_after,
    ended_by_passes,
    redouble_permitted_after,
    supersedes,
)
from dupbridge.rules.play import BEATING, Play, Trick, follows_suit_mask
from dupbridge.table.events import CallMade, CardPlayed
from dupbridge.table.state import CallRecord, CardRecord, Status, TableState

_SEATS = tuple(Seat)


class WorkingState:
    """The state after a snapshot and the regular actions taken since, kept mutable.

    ``Table.legal_calls`` and ``Table.legal_cards`` read its auction and play fields
    directly (Laws 18-19 and 44C-D): asked before every call and card, they are one call
    shorter so; ``legal_call_choices`` below is theirs."""

    __slots__ = ("_auction_over", "_beating", "_best", "_bidder", "_calls", "_carried",
                 "_contract", "_current", "_first", "_hands", "_last_kind", "_last_seat",
                 "_lead_review", "_leader", "_led", "_min_rank", "_next", "_passes", "_play",
                 "_quitted", "_trick_count", "_trump", "_turn", "_winner", "_won", "base",
                 "turn")

    base: TableState
    turn: Seat | None
    """Who is to act (``Table.turn``): kept with every action, read for every action."""
    _calls: list[CallMade]  # calls since the snapshot
    # The cards played since the snapshot are those of ``_quitted`` and ``_current`` after
    # the first ``_carried`` (the trick in progress at the snapshot): no list of their own.
    _carried: int
    # The auction: whose turn, the lowest sufficient bid's rank, the last call other than
    # pass (kind and seat), the passes since it, the last bidder, and by side and
    # denomination the first player to name it (who would declare it).
    _next: int
    _min_rank: int
    _last_kind: int
    _last_seat: int
    _passes: int
    _auction_over: bool
    _bidder: int
    _first: list[int]  # side * 5 + denomination -> seat, -1 if not named
    # The contract played (Law 22): the snapshot's when the play began before it, else the
    # one the auction reached here; the auction fields above are not kept in the first case.
    _contract: Contract | None
    # The play: the play at the snapshot (or as the auction ended here), then on bitmasks:
    # hands, whose turn (4 once the play is over), the trick in progress (its leader, the
    # mask of the suit led or 0, the winning card and its player so far), tricks quitted.
    _play: Play | None
    _hands: list[int]
    _turn: int
    _leader: int
    _current: list[Card]
    _led: int
    _best: int
    _winner: int
    _trump: int  # suit, -1 for no trump
    _beating: tuple[int, ...]  # by card: the mask of the cards that beat it (44E-F)
    _quitted: list[tuple[int, tuple[Card, ...]]]  # leader and cards, since ``_play``
    _trick_count: int
    _won: list[int]  # tricks won by NS, EW (Law 79A)
    _lead_review: bool | None  # a lead faced at once is a 41A review item: the engine's

    @classmethod
    def start(cls, state: TableState, initial: bool = False) -> WorkingState | None:
        """A working state from ``state``, or None when the lane does not cover it.
        ``initial``: ``state`` is a table's first (``TableState.initial``), in which no
        obligation can be in force: only its deal is looked at."""
        deal = state.board.deal
        if deal is None:
            return None
        if not initial and (
                state.pending is not None or state.bars or state.watches or state.penalty_cards
                or state.restrictions or state.lead_restrictions or state.lead_choices
                or state.lead_from is not None or state.revokes or state.defects
                or state.claim is not None or state.adjustments):
            return None
        north, east, south, west = deal.north, deal.east, deal.south, deal.west
        if (north is None or east is None or south is None or west is None
                or north.mask.bit_count() != 13 or east.mask.bit_count() != 13
                or south.mask.bit_count() != 13 or west.mask.bit_count() != 13):
            return None  # the play needs the whole pack dealt
        if not initial and state.records and any(
                isinstance(entry, CardRecord) and entry.status in _OFF_THE_LANE
                for entry in state.records):
            return None  # Law 24 at the end of the auction, a face-down lead (41A)...
        work = object.__new__(cls)
        work.base = state
        work._calls = []
        work._carried = 0
        work._quitted, work._current, work._trick_count, work._leader = [], [], 0, 4
        work._play = None
        work._turn = 4
        work.turn = None
        work._lead_review = None
        work._bidder = 0
        work._first = [-1] * 10
        if state.play is None and not state.standing:  # the auction has not begun
            work._auction_over = False
            work._next = state.board.dealer
            work._min_rank = work._last_kind = work._last_seat = work._passes = 0
            work.turn = _SEATS[work._next]
            return work
        if state.play is None:
            auction = state.current_auction
            if auction.is_over or any(not call.in_rotation for call in auction.calls):
                return None
            work._auction_over = False
            work._next = auction.next_to_call
            last_bid = auction.last_bid
            work._min_rank = 0
            if last_bid is not None:
                assert isinstance(last_bid.call, Bid)
                work._min_rank = last_bid.call.rank + 1
            work._last_kind, work._last_seat, work._passes = NO_BID, 0, 0
            for standing in auction.calls:
                call, seat = standing.call, standing.seat
                if call is PASS:
                    work._passes += 1
                    continue
                work._passes = 0
                work._last_seat = seat
                work._last_kind = (DOUBLED if call is DOUBLE
                                   else REDOUBLED if call is REDOUBLE else BID)
                if isinstance(call, Bid):
                    work._named(seat, call.rank)
            work.turn = _SEATS[work._next]
            return work
        play = state.play
        if play.is_complete or play.current_trick.omitted is not None:
            return None
        work._auction_over = True
        work._contract = state.contract
        work._begin_play(play)
        return work

    def _begin_play(self, play: Play) -> None:
        self._play = play
        self._hands = [play.hand(seat).mask for seat in _SEATS]
        self._trump = -1 if play.trump is None else int(play.trump)
        self._beating = BEATING[self._trump + 1]
        self._quitted = []
        self._trick_count = len(play.tricks)
        self._won = [play.tricks_won(Side.NS), play.tricks_won(Side.EW)]
        self._leader = int(play.leader)
        self._current = list(play.current_trick.cards)
        self._carried = len(self._current)
        self._led = 0
        self._best = self._winner = -1
        for position, card in enumerate(self._current):
            self._follow((self._leader + position) % 4, card.index)
        self._turn = (self._leader + len(self._current)) % 4
        self.turn = _TURN[self._turn]

    # Queries

    def finished(self) -> tuple[Contract | None, int] | None:
        """None while the board goes on; once it is complete, the contract (None: passed
        out) and the tricks declarer won (Laws 22, 77, 79A)."""
        if not self._auction_over or (self._turn != 4 and self._play is not None):
            return None
        contract = self._contract if self._play is not None else None
        if contract is None:
            return None, 0
        assert contract.declarer is not None
        return contract, self._won[contract.declarer % 2]

    # Actions: True when taken here, False when the engine must judge the action

    def call(self, seat: Seat | str, call: Call | str) -> CallMade | None:
        """A call in turn that Laws 18-19 allow (Law 84A: nothing to rectify): made; its
        event (one value per seat and call, shared), None when the engine must judge it
        (or ``seat`` and ``call`` are not the values themselves: given as text)."""
        if self._auction_over or seat != self._next:
            return None
        who = self._next  # ``seat``, as a plain int
        if call is PASS:
            passes = self._passes = self._passes + 1
            # Law 22: whether a bid was made, as ``Auction.status`` reads it (a double or
            # redouble standing before any bid is no bid).
            over = _ENDED_BY_PASSES[passes][self._min_rank > 0]
            code = 0
        else:
            if call is DOUBLE or call is REDOUBLE:
                code = 1 if call is DOUBLE else 2
                permitted = _DOUBLE_PERMITTED if code == 1 else _REDOUBLE_PERMITTED
                if not permitted[self._last_kind][(self._last_seat - who) % 2]:
                    return None
                self._last_kind += 1
            elif isinstance(call, Bid):
                rank = call.rank
                if not supersedes(rank, self._min_rank) or rank > _SEVEN_NO_TRUMP:
                    return None  # insufficient (27) or above seven (38): the engine's
                self._min_rank = rank + 1
                self._last_kind = BID
                self._named(who, rank)
                code = 3 + rank
            else:
                return None
            self._last_seat = who
            self._passes = 0
            over = False
        made = who * 38 + code
        event = _CALLS_MADE[made]
        if event is None or event.call is not call:  # an equal bid not from ``ALL_BIDS``
            event = CallMade(_SEATS[who], call)
            if call is _CANONICAL_CALLS[code]:
                _CALLS_MADE[made] = event
        self._calls.append(event)
        following = self._next = (who + 1) & 3
        if over:
            self._end_auction()
        else:
            self.turn = _SEATS[following]
        return event

    def _named(self, seat: int, rank: int) -> None:
        """A bid of rank ``rank`` by ``seat``: the first of his side to name its
        denomination would declare it (Definitions, Declarer)."""
        self._bidder = seat
        key = seat % 2 * 5 + rank % 5
        if self._first[key] < 0:
            self._first[key] = seat

    def _end_auction(self) -> None:
        """Law 22: the auction is over; the play begins if a contract was reached (41)."""
        self._auction_over = True
        self.turn = None
        deal = self.base.board.deal
        if self._min_rank == 0 or deal is None:
            return  # passed out: the board is complete
        rank = self._min_rank - 1
        denomination = rank % 5
        declarer = _SEATS[self._first[self._bidder % 2 * 5 + denomination]]
        key = (rank * 4 + self._last_kind) * 4 + declarer
        contract = _CONTRACTS[key]
        if contract is None:
            contract = _CONTRACTS[key] = Contract(rank // 5 + 1, _DENOMINATIONS[denomination],
                                                  _DOUBLED_STATES[self._last_kind], declarer)
        self._contract = contract
        play = self._play = Play(deal, declarer, _DENOMINATIONS[denomination])
        self._hands = list(play.hand_masks())
        self._trump = -1 if play.trump is None else int(play.trump)
        self._beating = BEATING[self._trump + 1]
        self._won = [0, 0]  # the tricks quitted and the trick in progress: none yet
        self._leader = self._turn = (declarer + 1) % 4  # 41A: declarer's LHO leads
        self.turn = _SEATS[self._turn]
        self._led = 0
        self._best = self._winner = -1

    def card(self, seat: Seat | str, card: Card) -> CardPlayed | None:
        """A card in turn, held, following suit (Law 44): played; its event (one value
        per seat and card, shared), None when the engine must judge it (or ``seat`` is
        not the ``Seat`` whose turn it is: a seat given as text too)."""
        turn = self._turn  # the seat as a plain int (4: no card is due), for the arithmetic
        if _TURN[turn] is not seat:
            return None
        index = card.index
        bit = 1 << index
        hands = self._hands
        hand = hands[turn]
        if not hand & bit:
            return None
        led = self._led
        if led:
            # A card of the suit led follows suit: Law 44C asked only of another card.
            if not bit & led and not follows_suit_mask(hand, led, bit):
                return None  # a revoke (61A): recorded by the engine
            hands[turn] = hand ^ bit
            if self._beating[self._best] & bit:  # Law 44E-F: it wins the trick so far
                self._best = index
                self._winner = turn
        elif self._trick_count == 0 and self._reviews_lead():
            return None
        else:
            hands[turn] = hand ^ bit
            self._led = _SUIT_MASK[index]
            self._best = index
            self._winner = turn
        event = _PLAYED[turn * 52 + index]
        if event is None:
            event = _PLAYED[turn * 52 + index] = CardPlayed(_SEATS[turn], card)
        current = self._current
        current.append(card)
        if len(current) < 4:
            turn = self._turn = (turn + 1) & 3
            self.turn = _SEATS[turn]
        else:  # Law 44G: the trick's winner leads to the next
            winner = self._winner
            self._quitted.append((self._leader, tuple(current)))
            self._won[winner & 1] += 1
            tricks = self._trick_count = self._trick_count + 1
            turn = self._leader = self._turn = winner if tricks < 13 else 4
            self.turn = _TURN[turn]
            self._current = []
            self._led = 0
        return event

    def _follow(self, seat: int, index: int) -> None:
        """Law 44E-F: the card at ``index`` played by ``seat``: does it win the trick so far?"""
        if not self._led:
            self._led = _SUIT_MASK[index]
            self._best, self._winner = index, seat
            return
        if self._beating[self._best] >> index & 1:
            self._best, self._winner = index, seat

    def _reviews_lead(self) -> bool:
        if self._lead_review is None:
            # ``law41_commencement.lead_faced_at_once``'s test, without loading its Review
            self._lead_review = face_down_lead_required(self.base.regulations)
        return self._lead_review

    # The frozen state

    def _auction(self) -> Auction:
        auction = self.base.current_auction
        for made in self._calls:
            auction = auction.with_call(made.seat, made.call)
        return auction

    def materialise(self) -> TableState:
        """The frozen state: the snapshot with the actions taken since."""
        base = self.base
        calls = self._calls
        if not calls and not self._quitted and len(self._current) == self._carried:
            return base
        records = base.records
        changes: dict[str, object] = {}
        if calls:
            first = len(records)
            records = (*records, *(CallRecord(made.seat, made.call, Status.STANDING)
                                   for made in calls))
            changes["auction"] = self._auction()
            changes["standing"] = (*base.standing, *range(first, first + len(calls)))
        changes["records"] = (*records, *self._standing_cards())
        play = self._play
        if play is not None:
            hands = self._hands
            trump = None if self._trump < 0 else play.trump
            tricks = tuple(Trick(_SEATS[leader], cards, trump) for leader, cards in self._quitted)
            leader = _SEATS[self._leader] if self._leader < 4 else tricks[-1].winner
            changes["play"] = play.resumed((hands[0], hands[1], hands[2], hands[3]), tricks,
                                           tuple(self._current), leader,
                                           (self._won[0], self._won[1]))
        return base.evolve(**changes)

    def _standing_cards(self) -> list[CardRecord]:
        """The records of the cards played since the snapshot, in order."""
        if self._play is None:
            return []
        records: list[CardRecord] = []
        skip = self._carried
        trick = self._trick_count - len(self._quitted)
        for leader, cards in (*self._quitted, (self._leader, tuple(self._current))):
            trick += 1
            for position, card in enumerate(cards):
                if skip:
                    skip -= 1
                    continue
                key = (((leader + position) % 4 * 52 + card.index) * 16 + trick)
                records.append(_standing_card(key))
        return records


_TURN: tuple[Seat | None, ...] = (*Seat, None)


def legal_call_choices(min_rank: int, last_kind: int, by_opponent: int) -> CallChoices:
    """Laws 18-19 at the turn of the player to call, no bar in force: the choices are fixed
    by the lowest sufficient bid's rank, the last call other than pass (``NO_BID``...)
    and whether an opponent made it (1) or not (0), so each is made once and shared."""
    key = (min_rank * 4 + last_kind) * 2 + by_opponent
    found = _CHOICES[key]
    return found if found is not None else _choices(key)


class _SharedChoices(CallChoices):
    """Calls a player may make, shared by every working state (``legal_calls``): made
    once, with the tuple of its calls made once too."""

    __slots__ = ("_calls",)
    _calls: tuple[Call, ...]

    def as_tuple(self) -> tuple[Call, ...]:
        return self._calls


_CHOICES: list[CallChoices | None] = [None] * (36 * 4 * 2)
"""By lowest sufficient bid's rank (35: none), last call other than pass (``NO_BID``...)
and whether an opponent made it: the choices of Laws 18-19, made when first met."""


def _choices(key: int) -> CallChoices:
    by_opponent = key % 2 == 1
    min_rank, last = divmod(key // 2, 4)
    choices = _SharedChoices(min_rank, double_permitted_after(last, by_opponent),
                             redouble_permitted_after(last, by_opponent))
    choices._calls = CallChoices.as_tuple(choices)
    _CHOICES[key] = choices
    return choices


# Laws 19 and 22 on the working state's numbers, as tables of the shared checks.
_DOUBLE_PERMITTED = tuple((double_permitted_after(last, False),
                           double_permitted_after(last, True)) for last in range(4))
_REDOUBLE_PERMITTED = tuple((redouble_permitted_after(last, False),
                             redouble_permitted_after(last, True)) for last in range(4))
_ENDED_BY_PASSES = tuple((ended_by_passes(passes, False), ended_by_passes(passes, True))
                         for passes in range(5))
_CANONICAL_CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *ALL_BIDS)
"""The calls by the working state's code: 0 pass, 1 double, 2 redouble, 3 + a bid's rank."""
_CALLS_MADE: list[CallMade | None] = [None] * (4 * len(_CANONICAL_CALLS))
"""The event of each call made by each seat: an immutable value, so made once."""
_CONTRACTS: list[Contract | None] = [None] * (35 * 4 * 4)
"""The contract by bid, doubled state and declarer: an immutable value, so made once."""
NO_CALLS = CallChoices.none()
NO_CARDS = CardSet()
_SEVEN_NO_TRUMP = 34  # the highest bid's rank (Law 18A: seven odd tricks at most)
_DOUBLED_STATES = (Doubled.UNDOUBLED, Doubled.UNDOUBLED, Doubled.DOUBLED, Doubled.REDOUBLED)
_SUIT_MASK = tuple(SUIT_MASKS[index // 13] for index in range(52))
_DENOMINATIONS = tuple(Denomination)
_OFF_THE_LANE = (Status.EXPOSED, Status.FACE_DOWN, Status.PENDING, Status.BEFORE_RULING)
_PLAYED: list[CardPlayed | None] = [None] * 208
"""The event of each card played by each seat: an immutable value, so made once."""
_STANDING_CARDS: dict[int, CardRecord] = {}
"""The record of a card played in turn, by seat, card and trick: immutable, so made once."""


def _standing_card(key: int) -> CardRecord:
    """The record of a card played in turn; ``key``: (seat * 52 + card) * 16 + trick."""
    entry = _STANDING_CARDS.get(key)
    if entry is None:
        played, trick = divmod(key, 16)
        seat, index = divmod(played, 52)
        entry = _STANDING_CARDS[key] = CardRecord(_SEATS[seat], Card.from_index(index),
                                                  Status.STANDING, None, False, trick)
    return entry
