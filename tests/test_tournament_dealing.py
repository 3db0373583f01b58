"""Dealing (Law 6, issue 15): seeded computer dealing with a published commitment, the
documented algorithm regenerated independently here, uniformity, and Law 6D2/6F."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import Counter

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.tournament.dealing import (
    WeakSeed,
    commitment,
    deal_board,
    deal_boards,
    new_seed,
    publish_before_play,
    result_may_stand,
    reveal,
    verify,
)


def _independent_deal(seed: bytes, n: int) -> dict[Seat, set[str]]:
    """docs/dealing.md, written again from the text."""
    words: list[int] = []
    block = 0
    while len(words) < 400:
        d = hmac.new(seed, f"dupbridge-deal-v1:board:{n}:block:{block}".encode(),
                     hashlib.sha256).digest()
        words += [int.from_bytes(d[i:i + 4], "big") for i in range(0, 32, 4)]
        block += 1
    it = iter(words)
    pack = list(range(52))
    for i in range(51, 0, -1):
        m = i + 1
        while True:
            u = next(it)
            if u < 2**32 - 2**32 % m:
                break
        j = u % m
        pack[i], pack[j] = pack[j], pack[i]
    return {seat: {str(Card.from_index(c)) for c in pack[13 * seat:13 * seat + 13]}
            for seat in Seat}


def test_law6E4_law6A_law6B_deals_regenerate_from_the_documented_algorithm() -> None:
    seed = bytes(range(32))
    for n in range(1, 37):
        board = deal_board(seed, n)
        assert board.deal is not None and board.deal.is_complete
        assert {seat: {str(c) for c in board.deal.hand(seat)} for seat in Seat} == \
            _independent_deal(seed, n)


def test_law6_commitment_published_before_play_checked_after() -> None:
    seed = new_seed(secrets.token_bytes)
    record = publish_before_play(seed, range(1, 28))
    assert record.seed is None and record.commitment == commitment(seed)
    with pytest.raises(ValueError):
        reveal(record, new_seed(secrets.token_bytes))
    revealed = reveal(record, seed)
    boards = deal_boards(seed, range(1, 28))
    assert verify(revealed, boards) == []
    other = deal_board(new_seed(secrets.token_bytes), 5)
    assert verify(revealed, (*boards[:4], other, *boards[5:])) == [5]


def test_law6F_copies_must_be_exact_and_seeds_have_96_bits() -> None:
    with pytest.raises(WeakSeed):
        new_seed(secrets.token_bytes, 11)
    with pytest.raises(WeakSeed):
        deal_board(b"short", 1)
    assert deal_board(b"x" * 12, 3) == deal_board(b"x" * 12, 3)


def test_law6A_every_card_reaches_every_seat_about_equally() -> None:
    seed = b"uniformity check seed"
    counts: Counter[tuple[int, Seat]] = Counter()
    for n in range(1, 801):
        deal = deal_board(seed, n).deal
        assert deal is not None
        for seat in Seat:
            for card in deal.hand(seat):
                counts[card.index, seat] += 1
    # 800 deals: each (card, seat) expects 200 with sd ~12.2; 6 sd either side
    assert all(127 <= counts[c, s] <= 273 for c in range(52) for s in Seat)


def test_law6D2_no_result_from_an_unshuffled_or_imported_deal() -> None:
    assert result_may_stand(True, False)
    assert not result_may_stand(False, False)
    assert not result_may_stand(True, True)
    assert result_may_stand(False, True, replaying_old_deals=True)
