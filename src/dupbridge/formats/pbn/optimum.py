"""The double-dummy and par tags BridgeComposer writes, read and written.

- ``[DoubleDummyTricks "…"]``: 20 hexadecimal digits, declarers North, South, East, West,
  each in notrump, spades, hearts, diamonds, clubs (``a`` = 10 … ``d`` = 13).
- ``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]``: the same 20 cells as rows
  such as ``N NT 9`` in that order.
- ``[OptimumScore "NS 110"]``: the par score, from the declaring side's point of view.
  Other programs write ``NS -140`` from North-South's side whoever declares, or
  ``NS 6N; +990``: all read as North-South's score.
- ``[ParContract "EW 1S+2"]``: the par contracts, ``; `` between them.

Counts are keyed ``(Denomination, Seat)`` (the declarer's tricks), as in the analysis.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from dupbridge.core.calls import Denomination
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Side
from dupbridge.formats.pbn.model import Game, Tag
from dupbridge.formats.pbn.score_tables import make_table, table_tag

Counts = Mapping[tuple[Denomination, Seat], int]

_DECLARERS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_DENOMINATIONS = (Denomination.NOTRUMP, Denomination.SPADES, Denomination.HEARTS,
                  Denomination.DIAMONDS, Denomination.CLUBS)
_CELLS = tuple((denomination, seat) for seat in _DECLARERS for denomination in _DENOMINATIONS)
_SCORE = re.compile(r"^(?P<side>NS|EW)\s+(?:[1-7][CDHSN]\w*\s*;\s*)?(?P<score>[+-]?\d+)$")


def read_double_dummy_tricks(value: str) -> dict[tuple[Denomination, Seat], int]:
    text = value.strip()
    if len(text) != 20 or any(char not in "0123456789abcdefABCDEF" for char in text):
        raise ParseError("DoubleDummyTricks is 20 hexadecimal digits", value, 0)
    counts = [int(char, 16) for char in text]
    if max(counts) > 13:
        raise ParseError("a double-dummy count is 0 to 13 (d)", value, 0)
    return dict(zip(_CELLS, counts, strict=True))


def double_dummy_tricks_value(counts: Counts) -> str:
    return "".join(format(counts[cell], "x") for cell in _CELLS)


def optimum_result_table(counts: Counts) -> Tag:
    rows = [(seat.letter, denomination.letter, counts[(denomination, seat)])
            for denomination, seat in _CELLS]
    columns = ("Declarer", "Denomination\\2R", "Result\\2R")
    return table_tag(make_table("OptimumResultTable", columns, rows))


def read_optimum_score(value: str) -> int:
    """North-South's par score from an ``OptimumScore`` value.

    BridgeComposer writes the declaring side's score (``EW 140``: East-West make 140);
    others always write North-South's (``NS -140``). Both read as North-South's score.
    """
    match = _SCORE.match(value.strip())
    if match is None:
        raise ParseError("expected OptimumScore as 'NS 110' or 'EW 4S; -620'", value, 0)
    score = int(match["score"])
    return -score if match["side"] == "EW" else score


def optimum_score_value(score_ns: int, side: Side | None) -> str:
    """BridgeComposer's spelling: the declaring side and its score (``NS 0`` passed out)."""
    if side is Side.EW:
        return f"EW {-score_ns}"
    return f"NS {score_ns}"


OPTIMUM_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OptimumResultTable")


def optimum_tags(counts: Counts, optimum_score: str, par_contract: str) -> tuple[Tag, ...]:
    """The four tags, in BridgeComposer's order."""
    return (Tag("DoubleDummyTricks", double_dummy_tricks_value(counts)),
            Tag("OptimumScore", optimum_score), Tag("ParContract", par_contract),
            optimum_result_table(counts))


def with_optimum_tags(game: Game, tags: tuple[Tag, ...]) -> Game:
    """The game with ``tags`` in place of any double-dummy and par tags it had."""
    kept = tuple(tag for tag in game.tags if tag.name not in OPTIMUM_TAGS)
    return replace(game, tags=kept + tags)
