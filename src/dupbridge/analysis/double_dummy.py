"""Double-dummy values of positions and deals, one at a time, in this process.

These are the building blocks: ``solve`` and ``card_values`` for any moment of the play
(the trick in progress included), ``dd_table`` and ``par`` for a whole deal. Batches with
a cache, a time budget per position and several cores or a cluster are in ``batch``.
"""

from __future__ import annotations

from dupbridge.analysis import dds
from dupbridge.analysis.position import Position
from dupbridge.analysis.results import DDTable, Par, par_contract
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Side, Vulnerability

# A search (a claim's lines of play) meets the same endings again and again: the answers of
# this process are remembered, up to a bound, by the position's canonical key.
_MEMO_LIMIT = 200_000
_solved: dict[str, int] = {}
_valued: dict[str, dict[Card, int]] = {}


def solve(position: Position) -> int:
    """Tricks the side on turn (``position.turn.side``) wins from the tricks still to be
    quitted, the trick in progress included, all four players playing double dummy."""
    key = position.key()
    found = _solved.get(key)
    if found is None:
        found = dds.solve_native(position)
        if len(_solved) >= _MEMO_LIMIT:
            _solved.clear()
        _solved[key] = found
    return found


def side_total(position: Position, side: Side, future: int | None = None) -> int:
    """Tricks ``side`` ends the board with: those already won plus its double-dummy share
    of the rest (``future``: the value ``solve(position)`` already found, if any)."""
    if position.is_over:
        return position.tricks_won(side)
    value = solve(position) if future is None else future
    share = value if position.turn.side is side else position.tricks_left - value
    return position.tricks_won(side) + share


def card_values(position: Position) -> dict[Card, int]:
    """For each card the player on turn may legally play, the tricks his side wins from
    the tricks still to be quitted (the trick in progress included) if he plays it and
    everyone then plays double dummy. The best of them equals ``solve(position)``."""
    key = position.key()
    found = _valued.get(key)
    if found is None:
        found = dds.card_values_native(position)
        if len(_valued) >= _MEMO_LIMIT // 10:
            _valued.clear()
        _valued[key] = found
    return dict(found)


def dd_table(deal: Deal) -> DDTable:
    """The 20 double-dummy trick counts of a complete deal."""
    if not deal.is_complete:
        raise ValueError("a double-dummy table needs the four hands of 13 cards")
    return DDTable(dds.table_native(deal))


def par(deal: Deal | DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """The par of a deal (see ``Par`` for the convention), from its table or the deal."""
    table = deal if isinstance(deal, DDTable) else dd_table(deal)
    return par_of_table(table, vulnerability, dealer)


def par_of_table(table: DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    score, raw = dds.par_native(table.counts, vulnerability, dealer)
    # DDS names a level-0 contract when the deal is passed out.
    contracts = sorted((par_contract(*fields) for fields in raw if fields[0] > 0),
                       key=lambda found: (found.contract.level, found.contract.denomination))
    return Par(score, tuple(contracts))
