"""The adapter over Bo Haglund's DDS double-dummy solver, reached through ``endplay``.

endplay is imported on the first call here, never at import time: the command's help,
the table engine and the file formats must start without loading a native solver.

DDS's orders differ from ours: strains spades, hearts, diamonds, clubs, notrump (0-4);
hands North, East, South, West (0-3, as ``Seat``); a holding is a bit mask with bit ``r``
for rank ``r`` (2-14). Calls into DDS are serialised by a lock: DDS keeps per-thread
memory by thread index, and a Dask worker may run two tasks in threads of one process.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import Any

from dupbridge.analysis.position import Position
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import Card, CardSet, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability

_LOCK = threading.Lock()
# Our Denomination (C D H S NT = 0..4) to the DDS strain index, and back.
DDS_STRAIN = {Denomination.SPADES: 0, Denomination.HEARTS: 1, Denomination.DIAMONDS: 2,
              Denomination.CLUBS: 3, Denomination.NOTRUMP: 4}
_SUIT_OF_DDS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SEATS = tuple(Seat)


class SolverUnavailable(RuntimeError):
    """endplay (and with it DDS) is not installed or cannot be loaded."""


_loaded: list[Any] = []


def dds() -> Any:
    """endplay's ctypes binding of DDS, loaded on first use."""
    if not _loaded:
        try:
            _loaded.append(importlib.import_module("endplay._dds"))
        except ImportError as error:  # pragma: no cover - endplay is a dependency
            raise SolverUnavailable(f"the double-dummy solver cannot be loaded: {error}") from None
    return _loaded[0]


def _holding(hand: CardSet, suit: Suit) -> int:
    """DDS's holding of ``suit``: bit r for rank r."""
    return ((hand.mask >> (13 * suit)) & 0x1FFF) << 2


def _fill_cards(target: Any, hands: tuple[CardSet, ...]) -> None:
    for seat in _SEATS:
        for index, suit in enumerate(_SUIT_OF_DDS):
            target[seat][index] = _holding(hands[seat], suit)


def dds_deal(position: Position) -> Any:
    """The position as DDS's ``deal`` structure."""
    module = dds()
    deal = module.deal()
    deal.trump = DDS_STRAIN[position.trump]
    deal.first = int(position.leader)
    for index, card in enumerate(position.trick):
        deal.currentTrickSuit[index] = 3 - int(card.suit)
        deal.currentTrickRank[index] = int(card.rank)
    _fill_cards(deal.remainCards, position.hands)
    return deal


def _future(position: Position, solutions: int) -> Any:
    module = dds()
    future = module.futureTricks()
    with _LOCK:
        module.SolveBoard(dds_deal(position), -1, solutions, 1, future, 0)
    return future


def solve_native(position: Position) -> int:
    """Tricks the side on turn wins from the remaining ones (the trick in progress
    included), both sides playing double dummy."""
    if position.tricks_left == 0:
        return 0
    legal = position.legal_cards()
    if len(legal) == 1:
        # DDS may answer -2 when the only card is forced (dds #48): play it ourselves.
        return value_after(position, next(iter(legal)), solve_native)
    score = int(_future(position, 1).score[0])
    if score < 0:  # pragma: no cover - DDS's forced-card quirk on equivalent cards
        return max(value_after(position, card, solve_native) for card in legal)
    return score


def card_values_native(position: Position) -> dict[Card, int]:
    """For every card the player on turn may legally play (Law 44C), the tricks his side
    then wins from the remaining ones (the trick in progress included)."""
    if position.tricks_left == 0:
        return {}
    legal = position.legal_cards()
    if len(legal) == 1:
        card = next(iter(legal))
        return {card: value_after(position, card, solve_native)}
    future = _future(position, 3)
    values: dict[Card, int] = {}
    for index in range(future.cards):
        score = int(future.score[index])
        suit = _SUIT_OF_DDS[future.suit[index]]
        holding = (1 << future.rank[index]) | future.equals[index]
        for rank in range(2, 15):
            if holding >> rank & 1:
                card = Card(suit, Rank(rank))
                values[card] = score if score >= 0 else value_after(position, card, solve_native)
    missing = legal - CardSet(values)
    for card in missing:  # pragma: no cover - DDS lists every legal card in mode 3
        values[card] = value_after(position, card, solve_native)
    return values


def value_after(position: Position, card: Card, solve: Callable[[Position], int]) -> int:
    """Tricks the side on turn wins from the remaining ones if ``card`` is played and
    both sides then play double dummy (``solve`` values the next position)."""
    side = position.turn.side
    after = position.play(card)
    gained = after.tricks_won(side) - position.tricks_won(side)
    if after.is_over:
        return gained
    future = solve(after)
    return gained + (future if after.turn.side is side else after.tricks_left - future)


def table_native(deal: Deal) -> tuple[int, ...]:
    """The 20 double-dummy trick counts of a whole deal, in ``DDTable`` order
    (denominations clubs..notrump, each for North, East, South, West)."""
    module = dds()
    table_deal = module.ddTableDeal()
    _fill_cards(table_deal.cards, tuple(deal.hand(seat) for seat in _SEATS))
    results = module.ddTableResults()
    with _LOCK:
        module.CalcDDtable(table_deal, results)
    return tuple(int(results.resTable[DDS_STRAIN[denomination]][seat])
                 for denomination in Denomination for seat in _SEATS)


# DDS's par contracts name the denomination notrump, spades, hearts, diamonds, clubs (0-4)
# and the declarers by a seat (0-3), or 4 for North-South, 5 for East-West.
_PAR_DENOMINATION = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS,
                     Denomination.DIAMONDS, Denomination.CLUBS)
_PAR_SEATS = ((Seat.NORTH,), (Seat.EAST,), (Seat.SOUTH,), (Seat.WEST,),
              (Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST))
_DDS_VULNERABILITY = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2,
                      Vulnerability.EW: 3}
RawPar = tuple[int, tuple[tuple[int, Denomination, tuple[Seat, ...], int], ...]]


def par_native(table: tuple[int, ...], vulnerability: Vulnerability, dealer: Seat) -> RawPar:
    """DDS's ``DealerParBin``: the par score for the dealer's side, and each par contract
    as (level, denomination, declarers, tricks over (+) or under (-) the contract)."""
    module = dds()
    results = module.ddTableResults()
    for denomination in Denomination:
        for seat in _SEATS:
            results.resTable[DDS_STRAIN[denomination]][seat] = table[4 * denomination + seat]
    master = module.parResultsMaster()
    with _LOCK:
        module.DealerParBin(results, master, int(dealer), _DDS_VULNERABILITY[vulnerability])
    contracts = tuple(
        (int(c.level), _PAR_DENOMINATION[c.denom], _PAR_SEATS[c.seats],
         int(c.overTricks) - int(c.underTricks))
        for c in master.contracts[:master.number])
    return int(master.score), contracts
