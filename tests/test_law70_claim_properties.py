"""Properties of the Law 70 adjudication value on random endings (claim: the rest, no
statement), against the double-dummy value and against a brute-force enumeration of every
normal line written here, card by card, without memory, pruning or card equivalence.

By default a few endings per size keep the suite fast; ``DUPBRIDGE_CLAIM_ENDINGS=1000`` runs
the long version (1,000 endings per size, 2 to 6 cards per hand)."""

from __future__ import annotations

import os
import random

import pytest

from dupbridge.analysis.claims import double_dummy_value
from dupbridge.analysis.position import Position
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import Card, CardSet, Suit
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.normal_lines import NormalPlay
from dupbridge.laws.claims.position import Ending
from dupbridge.laws.claims.search import _Search, _unbeaten, adjudication_value
from dupbridge.laws.claims.statement import Statement

COUNT = int(os.environ.get("DUPBRIDGE_CLAIM_ENDINGS", "12"))
SEATS = tuple(Seat)


def random_ending(rng: random.Random, size: int) -> Ending:
    cards = list(range(52))
    rng.shuffle(cards)
    hands = tuple(CardSet(sum(1 << c for c in cards[i * size:(i + 1) * size]))
                  for i in range(4))
    trump = rng.choice([None, *Suit])
    declarer = rng.choice(SEATS)
    claimer = rng.choice([declarer, declarer.lho, declarer.rho])
    return Ending((hands[0], hands[1], hands[2], hands[3]), trump, rng.choice(SEATS), claimer,
                  declarer)


def endings(size: int) -> list[Ending]:
    rng = random.Random(7000 + size)
    return [random_ending(rng, size) for _ in range(COUNT)]


def v_of_p(ending: Ending) -> int:
    found = adjudication_value(ending, Statement(), NormalPlay(), budget=10**7)
    assert found.decided
    return found.tricks


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_law70A_v_of_p_never_exceeds_the_double_dummy_value(size: int) -> None:
    for ending in endings(size):
        value, dd = v_of_p(ending), double_dummy_value(ending)
        assert value <= dd, ending
        if value == ending.tricks_left:  # every normal line wins every trick
            assert dd == value


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_law70A_v_of_p_equals_double_dummy_when_every_normal_line_wins(size: int) -> None:
    """At notrump the claimer's side holds the top cards of every suit: no line loses a
    trick, and V(P) is the double-dummy value, all of the tricks. (With a trump suit the
    opponents may hold, a careless line that leaves their trumps out loses tricks, 70C.)"""
    rng = random.Random(9000 + size)
    for _ in range(COUNT):
        ending = random_ending(rng, size)
        side = ending.claimer.side
        ours = [s for s in SEATS if s.side is side]
        theirs = [s for s in SEATS if s.side is not side]
        pool = sorted((c for h in ending.hands for c in h), key=lambda c: -c.rank)
        by_suit = {suit: [c for c in pool if c.suit is suit] for suit in Suit}
        top = [c for suit in Suit for c in by_suit[suit][:len(by_suit[suit]) // 2]]
        rest = [c for c in pool if c not in top]
        if len(top) != 2 * size:  # odd suit lengths: the split is not even, skip
            continue
        hands = [CardSet(), CardSet(), CardSet(), CardSet()]
        for index, card in enumerate(top):
            hands[ours[index % 2]] = hands[ours[index % 2]].add(card)
        for index, card in enumerate(rest):
            hands[theirs[index % 2]] = hands[theirs[index % 2]].add(card)
        if len({len(h) for h in hands}) != 1:
            continue
        even = Ending((hands[0], hands[1], hands[2], hands[3]), None, ending.leader,
                      ending.claimer, ending.declarer)
        assert v_of_p(even) == double_dummy_value(even) == size


# The brute force: every normal line, card by card


def normal_cards(position: Position, ending: Ending, voids: frozenset[tuple[Seat, Suit]]
                 ) -> list[Card]:
    """Every card of the claimer's side the taxonomy calls normal here (each card of an
    equivalent run of the search's choices, so equivalence is checked too)."""
    now = Ending(position.hands, ending.trump, position.leader, ending.claimer,
                 ending.declarer, position.trick, voids)
    search = _Search(now, Statement(), NormalPlay(), 10**9)
    seat = position.turn
    cards = []
    for rep, _ in search._options(int(seat)):
        mask = search._class_mask(int(seat), rep)
        cards += [Card.from_index(i) for i in range(52) if mask >> i & 1]
    return cards


def brute_force(position: Position, ending: Ending, voids: frozenset[tuple[Seat, Suit]]
                ) -> int:
    if position.is_over:
        return 0
    seat = position.turn
    if seat.side is ending.claimer.side:
        choices = normal_cards(position, ending, voids)
    else:
        choices = list(position.legal_cards())
    best = 99
    for card in choices:
        after = position.play(card)
        shown = voids
        if position.trick and card.suit is not position.trick[0].suit:
            shown = voids | {(seat, position.trick[0].suit)}
        won = 0
        if not after.trick:  # the trick was quitted
            won = after.tricks_won(ending.claimer.side) - position.tricks_won(
                ending.claimer.side)
        best = min(best, won + brute_force(after, ending, shown))
    return best


@pytest.mark.parametrize("size", [2, 3, 4])
def test_law70A_v_of_p_agrees_with_every_normal_line_enumerated(size: int) -> None:
    for ending in endings(size):
        trump = Denomination.NOTRUMP if ending.trump is None else Denomination(int(ending.trump))
        start = Position(ending.hands, trump, ending.leader)
        assert v_of_p(ending) == brute_force(start, ending, frozenset()), ending


def test_law70A_trumps_paired_with_higher_opposing_trumps_bound_v_of_p_from_below() -> None:
    """The search's lower bound at a trick boundary: a hand's trumps go to distinct tricks,
    each lost only to a distinct higher trump of the opponents."""
    clubs = Suit.CLUBS
    j64 = CardSet.from_pbn("...J64").mask
    assert _unbeaten(j64, CardSet.from_pbn("...Q").mask) == 2
    assert _unbeaten(j64, CardSet.from_pbn("...AKQ").mask) == 0
    assert _unbeaten(j64, CardSet.from_pbn("...5").mask) == 2  # the 4 may lose to the 5
    # South's J64 of trumps against West's lone queen: two tricks, however anyone plays
    hands = (CardSet.from_pbn(".432.."), CardSet.from_pbn("..432."),
             CardSet.from_pbn("...J64"), CardSet.from_pbn("32...Q"))
    ending = Ending(hands, clubs, Seat.WEST, Seat.SOUTH, Seat.SOUTH)
    start = Position(ending.hands, Denomination.CLUBS, ending.leader)
    assert v_of_p(ending) == brute_force(start, ending, frozenset()) == 2
