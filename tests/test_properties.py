"""Property tests of the rules layer and the table engine.

* Card conservation (Laws 1, 6, 44, 65): at every step of a random board played through
  ``Table``, the cards still held plus the cards played are the 52 cards, each once.
* Every legal auction ends (Law 22), and no auction is longer than 319 calls; the longest
  one is legal at every call and ends exactly at call 319.
* Auction perft (Laws 18, 19, 22): the number of legal call sequences of each length,
  counted by walking ``Auction.legal_calls()``, equals an independent brute-force count
  over raw call sequences checked by rules written from scratch here, and hardcoded values.
* Replay: the event log reproduces the table's state, irregularities and rulings included;
  undo then re-applying the last event gives the same state back.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    ActionRejected,
    Bid,
    Board,
    Call,
    Card,
    Deal,
    Denomination,
    Edition,
    Seat,
    Table,
)
from dupbridge.core.calls import ALL_BIDS
from dupbridge.core.cards import full_pack
from dupbridge.rules.auction import Auction, AuctionStatus
from dupbridge.table.state import Phase, TableState

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
EDITIONS = st.sampled_from(list(Edition))
BOARD_NUMBERS = st.integers(min_value=1, max_value=16)
EVERY_CALL: tuple[Call, ...] = (*ALL_BIDS, PASS, DOUBLE, REDOUBLE)


# Card conservation


def assert_cards_conserved(state: TableState) -> None:
    """The cards held plus the cards played are the deal: 52 cards, each exactly once,
    and each hand holds 13 minus the cards its seat has played."""
    play = state.play
    if play is None:
        return
    deal = state.board.deal
    assert deal is not None
    played_by: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
    tricks = (*play.tricks, play.current_trick)
    for trick in tricks:
        for position, card in enumerate(trick.cards):
            played_by[trick.seat_of(position)].append(card)
    assert all(trick.is_complete for trick in play.tricks)
    assert not play.current_trick.is_complete
    held = [card for seat in Seat for card in play.hand(seat)]
    played = [card for cards in played_by.values() for card in cards]
    everything = Counter(held + played)
    assert len(held) + len(played) == 52
    assert set(everything) == set(full_pack())
    assert all(count == 1 for count in everything.values())
    for seat in Seat:
        hand = play.hand(seat)
        assert len(hand) == 13 - len(played_by[seat])
        # A seat can only have played cards dealt to it, and still holds the rest.
        assert set(hand) | set(played_by[seat]) == set(deal.hand(seat))


def _random_auction_choice(rng: random.Random, choices: tuple[Call, ...]) -> Call:
    # Pass half the time, so that auctions of every length and passed-out boards occur.
    if PASS in choices and rng.random() < 0.5:
        return PASS
    return rng.choice(choices)


def play_random_board(
    seed: int, edition: Edition, number: int, check: Callable[[Table], None]
) -> Table:
    """A complete board played legally at random through ``Table``, ``check`` after each
    action."""
    rng = random.Random(seed)
    table = Table(Board(number, Deal.random(rng)), edition=edition)
    check(table)
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat is not None
        table.call(seat, _random_auction_choice(rng, table.legal_calls().as_tuple()))
        check(table)
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        legal = sorted(table.legal_cards())
        assert legal
        table.play(seat, rng.choice(legal))
        check(table)
    assert table.phase is Phase.COMPLETE
    return table


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, edition=EDITIONS, number=BOARD_NUMBERS)
def test_law1_law6_cards_are_conserved_through_random_play(
    seed: int, edition: Edition, number: int
) -> None:
    steps = []

    def check(table: Table) -> None:
        assert_cards_conserved(table.state)
        steps.append(table.state)

    table = play_random_board(seed, edition, number, check)
    state = table.state
    assert not state.rulings and not state.reviews  # all legal: nothing irregular recorded
    result = table.result()
    assert result is not None
    if state.play is None:
        assert state.current_auction.status is AuctionStatus.PASSED_OUT
        assert result.passed_out and result.score_ns == 0
    else:
        assert state.play.is_complete
        assert all(len(state.play.hand(seat)) == 0 for seat in Seat)
        assert len(steps) == 1 + len(state.current_auction) + 52
        assert result.tricks is not None and 0 <= result.tricks <= 13


def test_card_conservation_check_detects_a_missing_card() -> None:
    """The conservation check itself can fail: a Play whose hand lost a card unplayed."""
    table = Table(Board(1, Deal.random(random.Random(7))), edition=Edition.LAWS_2017)
    for call in ("1NT", "P", "P", "P"):
        seat = table.turn
        assert seat is not None
        table.call(seat, call)
    play = table.state.play
    assert play is not None
    assert_cards_conserved(table.state)
    card = next(iter(play.hand(Seat.NORTH)))
    broken = object.__new__(type(play))
    for name in type(play).__slots__:
        object.__setattr__(broken, name, getattr(play, name))
    hands = list(play._hands)
    hands[Seat.NORTH] &= ~card.bit
    object.__setattr__(broken, "_hands", tuple(hands))
    with pytest.raises(AssertionError):
        assert_cards_conserved(replace(table.state, play=broken))


# Every auction ends


MAX_AUCTION_LENGTH = 3 + 35 * 9 + 1


def longest_auction() -> list[Call]:
    """Three passes, then each bid doubled and redoubled with passes in between, then the
    closing pass: 3 + 35 * 9 + 1 = 319 calls."""
    calls: list[Call] = [PASS, PASS, PASS]
    for bid in ALL_BIDS:
        calls += [bid, PASS, PASS, DOUBLE, PASS, PASS, REDOUBLE, PASS, PASS]
    calls.append(PASS)
    return calls


@settings(max_examples=60, deadline=None)
@given(dealer=st.sampled_from(list(Seat)), rng=st.randoms(use_true_random=False))
def test_law22_every_random_legal_auction_ends(dealer: Seat, rng: random.Random) -> None:
    auction = Auction(dealer)
    pass_bias = rng.random()
    while not auction.is_over:
        assert len(auction) < MAX_AUCTION_LENGTH
        choices = auction.legal_calls().as_tuple()
        assert PASS in choices  # a player may always pass
        call = PASS if rng.random() < pass_bias else rng.choice(choices)
        assert auction.is_permitted(auction.next_to_call, call)
        auction = auction.with_call(auction.next_to_call, call)
    assert len(auction) <= MAX_AUCTION_LENGTH
    assert auction.status in (AuctionStatus.ENDED, AuctionStatus.PASSED_OUT)
    if auction.status is AuctionStatus.PASSED_OUT:
        assert [record.call for record in auction.calls] == [PASS] * 4
        assert auction.contract() is None
    else:
        contract = auction.contract()
        assert contract is not None and contract.declarer is not None
        assert auction.last_bid is not None and contract.bid == auction.last_bid.call


@pytest.mark.parametrize("dealer", list(Seat))
def test_law22_longest_auction_is_legal_and_ends_at_call_319(dealer: Seat) -> None:
    calls = longest_auction()
    assert len(calls) == MAX_AUCTION_LENGTH == 319
    auction = Auction(dealer)
    for number, call in enumerate(calls, start=1):
        assert auction.status is AuctionStatus.OPEN, f"ended before call {number}"
        assert call in auction.legal_calls(), f"call {number} ({call}) should be legal"
        auction = auction.with_call(auction.next_to_call, call)
    assert len(auction) == 319
    assert auction.status is AuctionStatus.ENDED
    contract = auction.contract()
    assert contract is not None
    assert str(contract).split()[0] == "7NTXX"
    # Bid k (0-based rank) is call 3 + 9k, made by seat dealer + 3 + k. 7NT (k = 34) is
    # bid by the dealer's LHO; the first no trump bid of his side is 1NT (k = 4), by the
    # dealer's RHO, who is declarer (Definitions).
    seven_nt_bidder = Seat((dealer + 3 + 34) % 4)
    assert seven_nt_bidder is dealer.lho
    assert contract.declarer is Seat((dealer + 3 + 4) % 4) is dealer.rho
    assert contract.declarer.side is seven_nt_bidder.side
    assert auction.last_bid is not None and auction.last_bid.call == Bid(7, Denomination.NOTRUMP)


# Auction perft (Laws 18, 19, 22)

_P, _X, _XX = 35, 36, 37  # raw calls: 0..34 are the bids in rank order


def _brute_force_is_legal(sequence: tuple[int, ...], dealer: int) -> bool:
    """Independent rules, from scratch: bids must rise in rank (18C), a double needs an
    opponent's bid as the last call other than pass (19A1), a redouble an opponent's
    double (19B1); nothing follows three passes after a bid or four passes (22)."""
    highest = -1
    last_action: tuple[int, int] | None = None  # (raw call, seat) of the last non-pass
    passes = 0
    for index, call in enumerate(sequence):
        if (highest >= 0 and passes >= 3) or (highest < 0 and passes >= 4):
            return False  # the auction had ended
        seat = (dealer + index) % 4
        if call == _P:
            passes += 1
            continue
        if call < 35:
            if call <= highest:
                return False
            highest = call
        elif call == _X:
            if last_action is None or last_action[0] >= 35 or (last_action[1] - seat) % 2 == 0:
                return False
        elif last_action is None or last_action[0] != _X or (last_action[1] - seat) % 2 == 0:
            return False
        last_action = (call, seat)
        passes = 0
    return True


def brute_force_count(depth: int, dealer: int) -> int:
    """Every raw sequence of ``depth`` calls over the 38 calls, kept if legal."""
    return sum(
        _brute_force_is_legal(sequence, dealer)
        for sequence in itertools.product(range(38), repeat=depth)
    )


def brute_force_count_pruned(depth: int, dealer: int, prefix: tuple[int, ...] = ()) -> int:
    """The same count, extending only legal prefixes (for depths where 38**depth is large)."""
    if len(prefix) == depth:
        return 1
    total = 0
    for call in range(38):
        sequence = (*prefix, call)
        if _brute_force_is_legal(sequence, dealer):
            total += brute_force_count_pruned(depth, dealer, sequence)
    return total


def perft(auction: Auction, depth: int) -> int:
    """Legal call sequences of length ``depth`` from ``auction``, walking the library."""
    if depth == 0:
        return 1
    if auction.is_over:
        return 0
    seat = auction.next_to_call
    return sum(
        perft(auction.with_call(seat, call), depth - 1)
        for call in auction.legal_calls().as_tuple()
    )


PERFT = {1: 36, 2: 701, 3: 9731, 4: 107_451, 5: 999_852}


def test_brute_force_rules_sanity() -> None:
    """The test's own rules, on hand-made sequences (so the oracle is not vacuous)."""
    one_club, one_diamond = 0, 1
    assert _brute_force_is_legal((one_club, _X), 0)  # E doubles N's 1C
    assert not _brute_force_is_legal((one_club, _P, _X), 0)  # S doubles partner's bid
    assert _brute_force_is_legal((one_club, _P, _P, _X), 0)  # W doubles after two passes
    assert not _brute_force_is_legal((_X,), 0)
    assert not _brute_force_is_legal((one_diamond, _P, one_club), 0)  # insufficient
    assert not _brute_force_is_legal((one_club, one_club), 0)
    assert _brute_force_is_legal((one_club, _X, _XX), 0)
    assert not _brute_force_is_legal((one_club, _X, _P, _XX), 0)  # partner's double
    assert _brute_force_is_legal((one_club, _X, _P, _P, _XX), 0)
    assert not _brute_force_is_legal((one_club, _XX), 0)
    assert not _brute_force_is_legal((one_club, _X, _XX, _XX), 0)
    assert not _brute_force_is_legal((one_club, _X, _X), 0)
    assert not _brute_force_is_legal((_P, _P, _P, _P, one_club), 0)  # passed out
    assert not _brute_force_is_legal((one_club, _P, _P, _P, _P), 0)  # ended
    assert _brute_force_is_legal((_P, _P, _P, one_club, _P, _P, _P), 0)


@pytest.mark.parametrize("dealer", list(Seat))
def test_law18_law19_auction_perft(dealer: Seat) -> None:
    """Depths 1-3 (4 too): the library's walk, the brute force over all 38**depth raw
    sequences and the hardcoded numbers agree, from every dealer."""
    for depth in (1, 2, 3):
        walked = perft(Auction(dealer), depth)
        assert walked == brute_force_count(depth, int(dealer)) == PERFT[depth], depth
    assert perft(Auction(dealer), 4) == brute_force_count_pruned(4, int(dealer)) == PERFT[4]


def test_law22_auction_perft_depth5_stops_at_the_end_of_the_auction() -> None:
    """Depth 5 is the first where Law 22 matters (P P P P and bid P P P end the auction
    after four calls, so they have no fifth call)."""
    assert perft(Auction(Seat.NORTH), 5) == brute_force_count_pruned(5, 0) == PERFT[5]


# Replay and undo


def _play_key(state: TableState) -> object:
    play = state.play
    if play is None:
        return None
    return (
        play.declarer,
        play.trump,
        play.leader,
        play.tricks,
        play.current_trick,
        tuple(play.hand(seat) for seat in Seat),
        play.tricks_won(Seat.NORTH.side),
        play.tricks_won(Seat.EAST.side),
    )


def state_key(state: TableState) -> tuple[object, ...]:
    """Every field of a TableState, the Play by its observable parts (an oracle that does
    not rely on the library's own __eq__)."""
    return (
        state.board,
        state.edition,
        state.regulations,
        state.records,
        state.current_auction,
        tuple(state.current_auction.calls),
        state.standing,
        state.bars,
        _play_key(state),
        state.pending,
        state.rulings,
        state.reviews,
        state.lead_restrictions,
        state.lead_choices,
        state.penalty_cards,
        state.information,
        state.decisions,
        state.phase,
    )


def random_action(table: Table, rng: random.Random) -> None:
    """One action, legal most of the time, irregular or impossible otherwise (it may raise
    ActionRejected)."""
    state = table.state
    pending = state.pending
    auction = state.current_auction
    seat = rng.choice(list(Seat))
    roll = rng.random()
    if pending is not None:
        if roll < 0.6:
            table.accept_defaults()
            table.choose(rng.choice(table.state.pending.options).id)  # type: ignore[union-attr]
        elif roll < 0.8 and pending.waits_for:
            table.call(rng.choice(sorted(pending.waits_for)), rng.choice(EVERY_CALL))
        else:
            table.call(seat, rng.choice(EVERY_CALL))  # rejected unless seat is waited for
        return
    if state.play is None and not auction.is_over:
        turn = auction.next_to_call
        if roll < 0.75:
            table.call(turn, _random_auction_choice(rng, table.legal_calls().as_tuple()))
        elif roll < 0.8:
            table.call(seat, rng.choice(EVERY_CALL))  # maybe out of rotation
        elif roll < 0.85:
            table.call(turn, Bid(8, rng.choice(list(Denomination))))
        elif roll < 0.9:
            table.call(turn, rng.choice((DOUBLE, REDOUBLE)))  # maybe inadmissible
        elif roll < 0.95:
            table.call(turn, Bid(1, Denomination.CLUBS))  # maybe insufficient
        else:
            deal = state.board.deal
            assert deal is not None
            table.play(seat, rng.choice(sorted(deal.hand(seat))))  # card during the auction
        return
    play = state.play
    if play is None or play.next_to_play is None:
        table.call(seat, rng.choice(EVERY_CALL))  # the board is complete: rejected
        return
    turn = play.next_to_play
    if roll < 0.85:
        table.play(turn, rng.choice(sorted(play.legal_cards())))
    elif roll < 0.9:
        table.play(seat, rng.choice(sorted(full_pack())))  # out of turn, or not held
    elif roll < 0.95:
        table.play(turn, rng.choice(sorted(play.hand(turn))))  # maybe a revoke
    else:
        table.call(seat, rng.choice(EVERY_CALL))  # call after the final pass


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, edition=EDITIONS, number=BOARD_NUMBERS)
def test_replay_of_the_event_log_reproduces_the_state(
    seed: int, edition: Edition, number: int
) -> None:
    rng = random.Random(seed)
    board = Board(number, Deal.random(rng))
    table = Table(board, edition=edition)
    for _ in range(250):
        if table.phase is Phase.COMPLETE:
            break
        before = (table.events, table.state)
        try:
            random_action(table, rng)
        except ActionRejected:
            # accept_defaults then choose is two events: roll back to a consistent point
            while len(table.events) > len(before[0]):
                table.undo()
            assert table.events == before[0] and table.state is before[1]
        assert_cards_conserved(table.state)
    events = table.events
    assert events
    replayed = Table.replay(board, events, edition=edition)
    assert replayed.events == events
    assert state_key(replayed.state) == state_key(table.state)
    assert replayed.state == table.state
    assert replayed.phase is table.phase
    assert replayed.restrictions == table.restrictions
    assert replayed.rulings == table.rulings
    assert replayed.pending == table.pending
    assert replayed.result() == table.result()
    assert replayed.legal_calls().as_tuple() == table.legal_calls().as_tuple()
    assert replayed.legal_cards() == table.legal_cards()
    # Every prefix of the log replays to the state recorded at that point.
    middle = len(events) // 2
    partial = Table.replay(board, events[:middle], edition=edition)
    undone = Table.replay(board, events, edition=edition)
    for _ in range(len(events) - middle):
        undone.undo()
    assert state_key(partial.state) == state_key(undone.state)
    assert partial.state == undone.state
    # Undo then re-apply the last event: the same state again.
    last_state = table.state
    event = table.undo()
    assert event == events[-1]
    assert table.events == events[:-1]
    previous = Table.replay(board, events[:-1], edition=edition).state
    assert state_key(table.state) == state_key(previous)
    table.apply(event)
    assert table.events == events
    assert state_key(table.state) == state_key(last_state)
    assert table.state == last_state


def test_undo_of_an_empty_log_is_rejected() -> None:
    table = Table(Board(1, Deal.random(random.Random(3))))
    with pytest.raises(ActionRejected):
        table.undo()
    assert table.events == ()


def test_replayed_state_with_play_is_equal_by_value() -> None:
    """TableState == compares by value, the Play included."""
    board = Board(1, Deal.random(random.Random(11)))
    table = Table(board, edition=Edition.LAWS_2017)
    for call in ("1NT", "P", "P", "P"):
        seat = table.turn
        assert seat is not None
        table.call(seat, call)
    seat = table.turn
    assert seat is not None
    table.play(seat, next(iter(table.legal_cards())))
    replayed = Table.replay(board, table.events, edition=Edition.LAWS_2017)
    assert state_key(replayed.state) == state_key(table.state)
    assert replayed.state == table.state


def test_replayed_state_without_play_is_equal_by_value() -> None:
    """Before any play exists, TableState == compares by value (Auction has __eq__)."""
    board = Board(1, Deal.random(random.Random(11)))
    table = Table(board, edition=Edition.LAWS_2007)
    table.call(Seat.NORTH, "1NT")
    table.call(Seat.SOUTH, "2C")  # out of rotation: a decision is pending
    assert table.pending is not None
    replayed = Table.replay(board, table.events, edition=Edition.LAWS_2007)
    assert replayed.state == table.state
