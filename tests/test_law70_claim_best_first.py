"""Law 70A / 70D1: the claim search past its depth-first phase goes best first over the
positions at the end of each trick (``_Search._best_first``). Whatever phase decides it,
V(P) is the same: the fewest tricks over every normal line of the side (the opponents any
legal card). Cut short, its bounds hold V(P) and the line it proposes makes the upper bound.
"""

from __future__ import annotations

import random

import pytest

from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.seats import Seat
from dupbridge.laws.claims import search as claim_search
from dupbridge.laws.claims.normal_lines import NormalPlay
from dupbridge.laws.claims.position import Ending, trick_winners
from dupbridge.laws.claims.search import adjudication_value
from dupbridge.laws.claims.statement import Statement

S = Seat.SOUTH


def random_ending(rng: random.Random, size: int) -> Ending:
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [CardSet(sum(1 << c for c in cards[i * size:(i + 1) * size])) for i in range(4)]
    return Ending((hands[0], hands[1], hands[2], hands[3]), rng.choice([None, *Suit]),
                  rng.choice(list(Seat)), S, S)


def side_tricks(end: Ending, line: tuple[object, ...]) -> int:
    return sum(1 for seat in trick_winners(end, line) if seat.side is end.claimer.side)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_law70A_best_first_gives_the_value_of_the_depth_first_search(
        size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same endings searched with the depth-first phase given nearly the whole budget
    (it decides them alone) and with almost none of it (the best-first search decides
    them): the same V(P); a line decided best first is complete and makes V(P)."""
    rng = random.Random(70 + size)
    best_first = 0
    for _ in range(12):
        end = random_ending(rng, size)
        monkeypatch.setattr(claim_search, "_FIRST", 1)
        exact = adjudication_value(end, Statement(), NormalPlay(), budget=2_000_000)
        assert exact.decided
        monkeypatch.setattr(claim_search, "_FIRST", 10**6)  # depth-first: 2 positions
        found = adjudication_value(end, Statement(), NormalPlay(), budget=2_000_000)
        assert found.decided and found.tricks == exact.tricks
        assert len(found.line) == 4 * size and side_tricks(end, found.line) == found.tricks
        best_first += found.nodes > 2
    assert best_first  # the best-first search did decide some of them


@pytest.mark.parametrize("seed", range(4))
def test_law70A_best_first_cut_short_bounds_hold_the_value(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    monkeypatch.setattr(claim_search, "_FIRST", 10**6)
    cut = 0
    for _ in range(15):
        end = random_ending(rng, 7)
        exact = adjudication_value(end, Statement(), NormalPlay(), budget=2_000_000)
        assert exact.decided
        for budget in (100, 400, 1_600):
            short = adjudication_value(end, Statement(), NormalPlay(), budget=budget)
            assert short.lower <= exact.tricks <= short.upper
            assert short.tricks == short.upper  # the line's value, never the lower bound
            assert len(short.line) == 28 and side_tricks(end, short.line) == short.upper
            cut += not short.decided
    assert cut  # some searches were cut short
