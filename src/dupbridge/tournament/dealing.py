"""Dealing (Law 6): boards dealt by computer (6E4) from a secret seed, with a commitment
that can be published before play and checked by anyone after the seed is revealed.

Randomness is an input: the caller passes the seed's source (``secrets.token_bytes`` in
the application), so the domain never reads a global generator. The algorithm, fixed by
its version ``dupbridge-deal-v1`` and documented in docs/dealing.md:

1. ``seed``: at least 12 bytes (96 bits) from a cryptographically secure source.
2. Commitment: SHA-256 of ``b"dupbridge-deal-v1:" + seed``, in hexadecimal.
3. Board n: a byte stream, the concatenated blocks
   ``HMAC-SHA256(key=seed, msg=f"dupbridge-deal-v1:board:{n}:block:{k}")`` for k = 0, 1, …
4. Random integers below m from the stream: take 4 bytes big-endian as u; reject
   u >= 2**32 - (2**32 mod m) (no bias), else u mod m.
5. Shuffle the cards 0..51 (clubs 2 = 0, …, spades A = 51) by Fisher-Yates: for
   i = 51 down to 1, swap i with a random j in 0..i.
6. Positions 0-12 go to North, 13-25 East, 26-38 South, 39-51 West.

Every deal of 52 cards into four hands of 13 is equally likely (6E4 asks for the
randomness of a proper shuffle and deal, 6A-6B)."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from dupbridge.core.board import Board
from dupbridge.core.cards import Card, CardSet
from dupbridge.core.deal import Deal
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat

ALGORITHM = "dupbridge-deal-v1"
MIN_SEED_BYTES = 12  # 96 bits
SEED_BYTES = 32

EntropySource = Callable[[int], bytes]
"""The randomness port: n bytes from a cryptographically secure source."""


class WeakSeed(ValueError):
    """A seed of fewer than 96 bits: its deals could be guessed."""


@dataclass(frozen=True, slots=True)
class DealingRecord:
    """What the Director publishes: before play the commitment, after play the seed
    (hexadecimal) that regenerates every board (Law 6: the dealing method and its
    provenance recorded)."""

    algorithm: str
    commitment: str
    boards: tuple[int, ...]
    seed: str | None = None


def new_seed(entropy: EntropySource, size: int = SEED_BYTES) -> bytes:
    seed = entropy(size)
    check_seed(seed)
    return seed


def check_seed(seed: bytes) -> None:
    if len(seed) < MIN_SEED_BYTES:
        raise WeakSeed(f"a dealing seed needs at least {MIN_SEED_BYTES * 8} bits, got "
                       f"{len(seed) * 8}")


def commitment(seed: bytes) -> str:
    """The hash to publish before play."""
    return hashlib.sha256(f"{ALGORITHM}:".encode() + seed).hexdigest()


def _stream(seed: bytes, board: int) -> Iterator[int]:
    block = 0
    while True:
        digest = hmac.new(seed, f"{ALGORITHM}:board:{board}:block:{block}".encode(),
                          hashlib.sha256).digest()
        for i in range(0, len(digest), 4):
            yield int.from_bytes(digest[i:i + 4], "big")
        block += 1


def _below(stream: Iterator[int], m: int) -> int:
    limit = 2**32 - (2**32 % m)
    while True:
        u = next(stream)
        if u < limit:
            return u % m


@law("6E4", title="Dealing by another method giving equal randomness (computer dealing)")
@law("6A", title="Thorough shuffle before play")
@law("6B", title="Cards dealt one at a time into four hands of thirteen")
def deal_board(seed: bytes, number: int) -> Board:
    """Board ``number`` of the set the seed deals: a uniform random permutation of the
    pack (6A's thorough shuffle) split into four hands of 13 (6B), by the algorithm of
    the module docstring (6E4: a method of equal randomness)."""
    check_seed(seed)
    cards = list(range(52))
    stream = _stream(seed, number)
    for i in range(51, 0, -1):
        j = _below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    hands = {seat: CardSet(Card.from_index(c) for c in cards[13 * seat:13 * seat + 13])
             for seat in Seat}
    return Board(number, Deal.from_hands(hands))


def deal_boards(seed: bytes, numbers: range | tuple[int, ...]) -> tuple[Board, ...]:
    return tuple(deal_board(seed, n) for n in numbers)


def publish_before_play(seed: bytes, numbers: range | tuple[int, ...]) -> DealingRecord:
    return DealingRecord(ALGORITHM, commitment(seed), tuple(numbers))


def reveal(record: DealingRecord, seed: bytes) -> DealingRecord:
    """The record with its seed, once play is over; refuses a seed that does not match
    the published commitment."""
    if commitment(seed) != record.commitment:
        raise ValueError("this seed does not match the published commitment")
    return DealingRecord(record.algorithm, record.commitment, record.boards, seed.hex())


@law("6F", title="Exact copies of the original deals")
def verify(record: DealingRecord, boards: tuple[Board, ...]) -> list[int]:
    """Anyone's check after the seed is revealed: the numbers of the boards whose deal is
    not the one the seed gives (6F: every copy must be an exact copy of the original;
    a difference is a fouled board, Law 87)."""
    if record.seed is None:
        raise ValueError("the seed has not been revealed yet")
    seed = bytes.fromhex(record.seed)
    if commitment(seed) != record.commitment or record.algorithm != ALGORITHM:
        raise ValueError("the revealed seed does not match the commitment")
    return [b.number for b in boards if b.deal != deal_board(seed, b.number).deal]


@law("6D", title="New shuffle and redeal")
@law("6D1", title="Redeal after a faulty deal or a card seen before the auction")
def redeal_required(found_before_auction: bool, dealt_incorrectly: bool,
                    card_could_have_been_seen: bool) -> bool:
    """Law 6D1: a new shuffle and deal when, before the auction begins, the cards are found
    dealt incorrectly or a player could have seen another's card during the shuffle or
    deal (whether he could have is the Director's finding, passed in as a fact)."""
    return found_before_auction and (dealt_incorrectly or card_could_have_been_seen)


@law("6D2", title="No result stands from an unshuffled or imported deal")
def result_may_stand(deal_shuffled: bool, imported_from_other_session: bool,
                     replaying_old_deals: bool = False) -> bool:
    """Law 6D2: unless the contest replays earlier deals on purpose, no result stands on a
    deal from a pack not shuffled, or one brought from another session."""
    if replaying_old_deals:
        return True
    return deal_shuffled and not imported_from_other_session
