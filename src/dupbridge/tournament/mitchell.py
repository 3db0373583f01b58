"""Mitchell movements: North-South pairs stay at their table, East-West pairs move up one
table a round, boards move down one. With an even number of tables the East-West pairs
would meet boards they have played, so either they skip a table halfway, or two tables
share a set (the relay) and a bye stand holds one set out of play each round.

A relay-and-bye Mitchell evens its boards' plays only over all its rounds: each round one
set is played twice (the relay) and one not at all (the bye stand), and each set takes
both places once in the full movement. Cut short, the rounds dropped leave the sets that
would have been at the relay two plays short and the set on the bye stand none short (in
10 tables cut to 9 rounds: boards played 8, 9 and 10 times). With fewer rounds than tables
the relay is not needed, so a cut relay-and-bye Mitchell is played as the skip Mitchell of
the same rounds, whose boards are all played once a round."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from dupbridge.tournament.boards import BoardSets
from dupbridge.tournament.movement import Encounter, Movement


class EvenTables(Enum):
    SKIP = "skip"
    RELAY_AND_BYE = "relay and bye stand"


def mitchell(tables: int, boards_per_round: int, *, rounds: int | None = None,
             even: EvenTables = EvenTables.SKIP, arrow_switch: Iterable[int] = ()) -> Movement:
    """A Mitchell of ``tables`` tables: NS pair t at table t, EW pair t starts at table t.
    ``arrow_switch`` lists the rounds where East-West pairs sit North-South."""
    if tables < 2:
        raise ValueError("a Mitchell needs at least two tables")
    if tables % 2 and even is not EvenTables.SKIP:
        even = EvenTables.SKIP
    if even is EvenTables.RELAY_AND_BYE and rounds is not None and rounds < tables:
        even = EvenTables.SKIP  # see the module's docstring: a cut relay plays unevenly
    relay = tables % 2 == 0 and even is EvenTables.RELAY_AND_BYE
    sets = BoardSets(tables, boards_per_round)
    full = tables if relay or tables % 2 else tables - 1
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise ValueError(f"a {tables}-table Mitchell has at most {full} rounds")
    switched = set(arrow_switch)
    encounters = []
    for r in range(1, played + 1):
        shift = r - 1
        if tables % 2 == 0 and not relay and r > tables // 2:
            shift += 1  # the skip: East-West jump a table halfway
        for table in range(1, tables + 1):
            ew = (table - 1 - shift) % tables + 1
            board_set = _set_at(table, r, tables, relay)
            meeting = Encounter(r, table, (table,), (tables + ew,),
                                sets.boards_of(board_set), board_set)
            encounters.append(meeting.switched() if r in switched else meeting)
    return Movement(f"Mitchell {tables} tables" + (" relay" if relay else ""),
                    tuple(encounters))


def pair_label(contestant: int, tables: int, numbering: str = "offset") -> str:
    """A Mitchell pair's number as the club writes it: East-West pairs numbered on from
    the tables (``offset``: ``tables + 1`` up) or, as many clubs do, 1 up again with the
    direction (``direction``: ``3 NS``, ``3 EW``). Inside, the numbers stay distinct."""
    if numbering == "offset":
        return str(contestant)
    if numbering != "direction":
        raise ValueError(f"East-West numbering is offset or direction, not {numbering!r}")
    return f"{contestant} NS" if contestant <= tables else f"{contestant - tables} EW"


def _set_at(table: int, round_number: int, tables: int, relay: bool) -> int:
    """Set in play at ``table``: sets move down one position a round. Without a relay the
    positions are the tables. With one, the last table shares the set of table 1 (the
    relay) and a bye stand between the two halves takes a position of its own."""
    if not relay:
        return (table - 1 + round_number - 1) % tables + 1
    half = tables // 2
    # positions 0..tables-1: tables 1..half, the bye stand, tables half+1..tables-1
    position = 0 if table == tables else (table - 1 if table <= half else table)
    return (position + round_number - 1) % tables + 1
