"""``from dupbridge import Table`` starts fast (benchmarks/startup.py measures it) because a
regular board, calls and cards with nothing to rectify, loads only what it uses: the
irregular paths (the rulings' values, the irregular events, the engine's law dispatch and
the laws it applies) are loaded by the first irregularity. These tests guard that structure,
not a time; and that every name is still read where it was."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import get_args

import pytest

from dupbridge.laws.machinery import effects, irregularity, ruling
from dupbridge.table import events

# Loaded by an irregularity, never by a regular board.
IRREGULAR_PATHS = (
    "dupbridge.laws.dispatch",
    "dupbridge.laws.machinery.ruling",
    "dupbridge.laws.machinery.effects",
    "dupbridge.laws.machinery.irregularity",
    "dupbridge.laws.machinery.rectification",
    "dupbridge.laws.play.law41_commencement",
    "dupbridge.laws.irregularities.table_talk",
    "dupbridge.laws.claims.law68_69_claims",
    "dupbridge.table.engine",
    "dupbridge.table.engine.dispatch",
    "dupbridge.table.events.talk",
    "dupbridge.table.events.play",
    "dupbridge.table.events.claims",
    "dupbridge.table.events.information",
    "dupbridge.table.events.boards",
    "dupbridge.table.talk",
    "dupbridge.table.information",
)

_REGULAR_BOARD = """
import sys
from dupbridge import Board, Deal, Seat, Table

deal = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.J98.765 6543.J76.AKQ.T98 2.5432.T432.AKQJ")
table = Table(Board(1, deal), edition={edition!r})
for call in ("1NT", "P", "P", "P"):
    table.legal_calls()
    table.call(table.turn, call)
while table.result() is None:
    table.play(table.turn, min(table.legal_cards()))
    table.view(Seat.SOUTH)
print("RESULT", table.result(), table.state.phase.value, len(table.events))
print("LOADED", sorted(m for m in {paths!r} if m in sys.modules))
"""


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=os.environ.copy()).stdout


@pytest.mark.parametrize("edition", ["2007", "2017"])
def test_a_regular_board_loads_none_of_the_irregular_paths(edition: str) -> None:
    out = _run(_REGULAR_BOARD.format(edition=edition, paths=IRREGULAR_PATHS))
    result = next(line for line in out.splitlines() if line.startswith("RESULT"))
    assert result.split()[-2:] == ["complete", "56"]  # four calls and 52 cards, all taken
    assert out.rsplit("LOADED", 1)[1].strip() == "[]"


def test_an_irregularity_loads_the_law_dispatch_and_is_ruled() -> None:
    out = _run("import sys\nfrom dupbridge import Board, Deal, Table\n"
               "table = Table(Board(1, Deal.random()), edition='2017')\n"
               "table.call('N', '1NT'); table.call('E', '1S')\n"
               "print(table.pending.irregularity.kind.name)\n"
               "print('dupbridge.table.engine.dispatch' in sys.modules)")
    assert out.split() == ["INSUFFICIENT_BID", "True"]


def test_every_event_name_is_read_from_the_events_package() -> None:
    classes = set(get_args(events.Event))
    for name in events.__all__:
        value = getattr(events, name)
        if isinstance(value, type) and value.__module__.startswith("dupbridge.table.events."):
            topic = sys.modules[value.__module__]
            assert getattr(topic, name) is value
    named = {getattr(events, name) for name in events.__all__}
    assert classes <= named and events.CallMade in classes and events.Claimed in classes
    with pytest.raises(AttributeError):
        events.NoSuchEvent  # noqa: B018


def test_the_ruling_values_are_read_from_ruling_and_from_the_laws_package() -> None:
    import dupbridge.laws

    assert ruling.PenaltyCard is effects.PenaltyCard
    assert ruling.Irregularity is irregularity.Irregularity
    assert issubclass(ruling.Watch, ruling.Effect)
    assert dupbridge.laws.Decision is ruling.Decision
    assert dupbridge.laws.DIRECTOR == "Director"
    assert {name for name in ruling.__all__ if not hasattr(ruling, name)} == set()


def test_the_table_package_reads_view_as_the_function() -> None:
    import dupbridge.table
    from dupbridge.table.table import Table

    assert dupbridge.table.view is sys.modules["dupbridge.table.view"].view
    assert dupbridge.table.Table is Table
