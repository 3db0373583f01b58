"""Suit holdings as 13-bit masks, looked up rather than computed: the card indexes of a
holding, and a suit's four holdings with their ranks made relative to the cards left, so
that equivalent endings share one entry of the claim search's memory (Law 70).
"""

from __future__ import annotations


def _suit_table(suit: int) -> tuple[tuple[int, ...], ...]:
    base = 13 * suit
    table: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << 13):
        high = mask.bit_length() - 1
        table.append((*table[mask ^ (1 << high)], base + high))
    return tuple(table)


# The card indexes of every 13-bit holding of each suit: the search lists the cards of a
# hand thousands of times a claim, so a table lookup replaces a loop over its bits. Built
# on the first search (60 ms), not when the table engine imports this module.
_SUIT_BITS: list[tuple[tuple[int, ...], ...]] = []


def _fill_tables() -> list[tuple[tuple[int, ...], ...]]:
    _SUIT_BITS.extend(_suit_table(s) for s in range(4))
    return _SUIT_BITS


def card_indexes(mask: int) -> list[int]:
    """The card indexes in ``mask``, ascending."""
    t = _SUIT_BITS or _fill_tables()
    return [*t[0][mask & 0x1FFF], *t[1][mask >> 13 & 0x1FFF], *t[2][mask >> 26 & 0x1FFF],
            *t[3][mask >> 39 & 0x1FFF]]


# One suit's holdings of the four hands, ranks made relative to the cards left in the suit
# (the two of them when two cards are left, whatever they were): equivalent endings share
# one memory entry. The four 13-bit holdings come packed in one int (hand p's at 13 * p),
# and so does the answer. Cached, since the same holdings come back at thousands of nodes.
CANONICAL_SUITS: dict[int, int] = {}


def canonical_suit(holding: int) -> int:
    if len(CANONICAL_SUITS) > 1 << 18:
        CANONICAL_SUITS.clear()
    hands = [holding >> (13 * p) & 0x1FFF for p in range(4)]
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    packed = 0
    position = 0
    for rank in range(13):
        bit = 1 << rank
        if alive & bit:
            for p in range(4):
                if hands[p] & bit:
                    packed |= 1 << (13 * p + position)
                    break
            position += 1
    CANONICAL_SUITS[holding] = packed
    return packed
