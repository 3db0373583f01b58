"""Independent reference implementation of the Law 77 duplicate bridge scoring table.

This module is a *test oracle* only. It exists so that the golden file ``law77.csv`` (and the
product's scorer, checked against it) has a second, independently written source of truth.

It is deliberately written in a different style from the usual closed-form formula:

* the Law 77 tables are transcribed cell by cell as data (trick points per odd trick, premiums,
  undertrick rows), not folded into multipliers;
* a made contract is scored by walking the tricks one at a time (odd tricks bid and made, then
  overtricks), looking every value up in those tables;
* undertrick penalties are precomputed as cumulative tables, built by adding the penalty of each
  successive undertrick (first / each additional / bonus from the 4th on).

It imports nothing from ``dupbridge``. Run it as a script to (re)write ``law77.csv`` next to it::

    python tests/golden/law77_reference.py
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from itertools import accumulate, product
from pathlib import Path
from typing import Final

BOOK: Final = 6
ALL_TRICKS: Final = 13

LEVELS: Final = (1, 2, 3, 4, 5, 6, 7)
DENOMINATIONS: Final = ("C", "D", "H", "S", "NT")
DOUBLED_STATES: Final = (0, 1, 2)
DOUBLED_MARKS: Final = ("", "X", "XX")  # indexed by doubled state
VULNERABILITIES: Final = (False, True)
VULNERABILITY_MARKS: Final = ("NV", "V")  # indexed by int(vulnerable)
TRICK_COUNTS: Final = tuple(range(ALL_TRICKS + 1))

CSV_HEADER: Final = ("level", "denomination", "doubled", "vulnerable", "tricks", "score")
CSV_PATH: Final = Path(__file__).with_name("law77.csv")

# --- Law 77 "Trick points", transcribed cell by cell ------------------------------------------
# For each denomination class and doubled state: (first odd trick, each subsequent odd trick).
# Rows are indexed by doubled state: undoubled, doubled, redoubled.
_TRICK_POINTS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "minor": ((20, 20), (40, 40), (80, 80)),
    "major": ((30, 30), (60, 60), (120, 120)),
    "notrump": ((40, 30), (80, 60), (160, 120)),
}
_DENOMINATION_CLASS: Final[dict[str, str]] = {
    "C": "minor",
    "D": "minor",
    "H": "major",
    "S": "major",
    "NT": "notrump",
}

# A trick score of this much or more on one board is a game; anything less is a partscore.
_GAME_THRESHOLD: Final = 100

# --- Law 77 "Premiums", transcribed; keys are (vulnerable,) or (doubled state, vulnerable) ----
_GAME_PREMIUM: Final[dict[bool, int]] = {False: 300, True: 500}
_PARTSCORE_PREMIUM: Final[dict[bool, int]] = {False: 50, True: 50}
_SLAM_PREMIUM: Final[dict[tuple[int, bool], int]] = {
    (6, False): 500,  # small slam, 12 tricks bid and made
    (6, True): 750,
    (7, False): 1000,  # grand slam, 13 tricks bid and made
    (7, True): 1500,
}
# "Making a doubled (not redoubled) contract" 50; "making any redoubled contract" 100.
_MADE_DOUBLED_PREMIUM: Final[dict[int, int]] = {0: 0, 1: 50, 2: 100}
# Overtricks when doubled / redoubled; undoubled overtricks score at trick value (see below).
_PENALTY_OVERTRICK: Final[dict[tuple[int, bool], int]] = {
    (1, False): 100,
    (1, True): 200,
    (2, False): 200,
    (2, True): 400,
}

# --- Law 77 "Undertrick penalties", transcribed ------------------------------------------------
# (doubled state, vulnerable) -> (first undertrick, each additional, bonus for the 4th and later)
_UNDERTRICK_ROWS: Final[dict[tuple[int, bool], tuple[int, int, int]]] = {
    (0, False): (50, 50, 0),
    (1, False): (100, 200, 100),
    (2, False): (200, 400, 200),
    (0, True): (100, 100, 0),
    (1, True): (200, 300, 0),
    (2, True): (400, 600, 0),
}


def _undertrick_increment(row: tuple[int, int, int], nth: int) -> int:
    """Penalty added by the ``nth`` undertrick (1-based) under one row of the table."""
    first, additional, bonus_from_fourth = row
    return (first if nth == 1 else additional) + (bonus_from_fourth if nth >= 4 else 0)


def _build_undertrick_tables() -> dict[tuple[int, bool], tuple[int, ...]]:
    """Cumulative penalty tables: ``table[key][k]`` is the total penalty for ``k`` undertricks."""
    tables: dict[tuple[int, bool], tuple[int, ...]] = {}
    for key, row in _UNDERTRICK_ROWS.items():
        increments = [_undertrick_increment(row, nth) for nth in range(1, ALL_TRICKS + 1)]
        tables[key] = (0, *accumulate(increments))
    return tables


_UNDERTRICK_TABLE: Final = _build_undertrick_tables()


def _validate(level: int, denomination: str, doubled: int, tricks: int) -> None:
    if level not in LEVELS:
        raise ValueError(f"level must be 1..7, got {level!r}")
    if denomination not in _DENOMINATION_CLASS:
        raise ValueError(f"denomination must be one of {DENOMINATIONS}, got {denomination!r}")
    if doubled not in DOUBLED_STATES:
        raise ValueError(f"doubled must be 0, 1 or 2, got {doubled!r}")
    if tricks not in TRICK_COUNTS:
        raise ValueError(f"tricks must be 0..13, got {tricks!r}")


def _made_score(level: int, denomination: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    first_value, later_value = _TRICK_POINTS[_DENOMINATION_CLASS[denomination]][doubled]
    undoubled_later_value = _TRICK_POINTS[_DENOMINATION_CLASS[denomination]][0][1]
    contracted = BOOK + level

    trick_score = 0
    overtrick_score = 0
    # Walk the tricks above book one by one: odd tricks bid and made, then overtricks.
    for trick_number in range(BOOK + 1, tricks + 1):
        if trick_number <= contracted:
            trick_score += first_value if trick_number == BOOK + 1 else later_value
        elif doubled == 0:
            overtrick_score += undoubled_later_value  # "trick value"
        else:
            overtrick_score += _PENALTY_OVERTRICK[(doubled, vulnerable)]

    premiums = 0
    if trick_score >= _GAME_THRESHOLD:
        premiums += _GAME_PREMIUM[vulnerable]
    else:
        premiums += _PARTSCORE_PREMIUM[vulnerable]
    premiums += _SLAM_PREMIUM.get((level, vulnerable), 0)
    premiums += _MADE_DOUBLED_PREMIUM[doubled]

    return trick_score + overtrick_score + premiums


def reference_score(
    level: int, denomination: str, doubled: int, vulnerable: bool, tricks: int
) -> int:
    """Law 77 score for the declaring side (negative when the contract is defeated).

    ``denomination`` is one of "C", "D", "H", "S", "NT"; ``doubled`` is 0 (undoubled),
    1 (doubled) or 2 (redoubled); ``tricks`` (0..13) is the number of tricks declarer took.
    """
    _validate(level, denomination, doubled, tricks)
    shortfall = BOOK + level - tricks
    if shortfall > 0:
        return -_UNDERTRICK_TABLE[(doubled, vulnerable)][shortfall]
    return _made_score(level, denomination, doubled, vulnerable, tricks)


GoldenRow = tuple[int, str, str, str, int, int]


def golden_rows() -> Iterator[GoldenRow]:
    """Every (level, denomination, doubled mark, vulnerability mark, tricks, score) in CSV order."""
    for level, denomination, doubled, vulnerable, tricks in product(
        LEVELS, DENOMINATIONS, DOUBLED_STATES, VULNERABILITIES, TRICK_COUNTS
    ):
        yield (
            level,
            denomination,
            DOUBLED_MARKS[doubled],
            VULNERABILITY_MARKS[int(vulnerable)],
            tricks,
            reference_score(level, denomination, doubled, vulnerable, tricks),
        )


def render_csv() -> str:
    """The full text of the golden CSV file."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    writer.writerows(golden_rows())
    return buffer.getvalue()


def main() -> None:
    CSV_PATH.write_text(render_csv(), encoding="utf-8", newline="")
    print(f"wrote {CSV_PATH}")


if __name__ == "__main__":
    main()
