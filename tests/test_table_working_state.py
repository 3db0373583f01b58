"""The table's working state (``table/working.py``) against the event log and the pure engine.

``Table`` takes regular calls and cards on a mutable working state and builds the frozen
``TableState`` only when asked. Whatever the mix of legal and irregular actions, these
properties must hold after every step:

* the state equals the pure engine's fold of the log (``engine.apply`` event by event from
  the board's initial state): the event log is the single source of truth;
* ``Table.replay`` of the log gives an equal state, and the same result (which the working
  state scores without building the frozen state);
* ``undo()`` of the last events gives the states seen before them, and applying the same
  events again gives the same state back;
* a state handed out earlier never changes under its holder: its records are frozen, and it
  still equals the engine's fold of the log as it was.

The table state machine of ``test_table_stateful`` drives the table (legal and irregular
actions of every kind); these invariants are added to it. Short by default; the soak
(``DUPBRIDGE_SOAK=1``) runs many more examples and seeded walks.
"""

from __future__ import annotations

import dataclasses
import random
from functools import reduce

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import invariant

import seeded_machine
from dupbridge import PASS, Board, Deal, Edition, Seat, Table
from dupbridge.core.errors import ActionRejected
from dupbridge.table.engine import apply
from dupbridge.table.events import CallMade, CardPlayed, Event
from dupbridge.table.state import TableState
from dupbridge.table.table import turn_of
from test_table_stateful import SOAK, TableMachine


def engine_fold(table: Table, events: tuple[Event, ...]) -> TableState:
    """The state the pure engine makes from ``events``, event by event."""
    initial = TableState(table.board, table.edition, table.state.regulations)
    return reduce(apply, events, initial)


def replayed(table: Table, events: tuple[Event, ...]) -> Table:
    return Table.replay(table.board, events, regulations=table.state.regulations)


class WorkingStateMachine(TableMachine):
    """The table machine, with the working state's invariants checked after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[int, TableState] = {}  # the state after each number of events
        self.rng = random.Random(0)

    @invariant()
    def log_is_the_source_of_truth(self) -> None:
        if self.table is None:
            return
        table = self.table
        events = table.events
        state = table.state
        assert state == engine_fold(table, events)
        again = replayed(table, events)
        assert again.result() == _without_working_state(table).result()
        assert again.state == state
        self.seen[len(events)] = state
        for count in [k for k in self.seen if k > len(events)]:
            del self.seen[count]

    @invariant()
    def undo_gives_the_earlier_states(self) -> None:
        if self.table is None or not self.table.events:
            return
        table = self.table
        events = table.events
        now = table.state
        depth = min(len(events), self.rng.randint(1, 3))
        undone = [table.undo() for _ in range(depth)]
        assert undone == list(reversed(events[-depth:]))
        assert table.events == events[:-depth]
        earlier = self.seen.get(len(table.events))
        if earlier is not None:
            assert table.state == earlier
        assert table.state == engine_fold(table, table.events)
        for event in reversed(undone):
            table.apply(event)
        assert table.events == events
        assert table.state == now

    @invariant()
    def states_handed_out_never_change(self) -> None:
        if self.table is None or not self.seen:
            return
        count = self.rng.choice(sorted(self.seen))
        earlier = self.seen[count]
        assert earlier == engine_fold(self.table, self.table.events[:count])
        with pytest.raises(dataclasses.FrozenInstanceError):
            earlier.records = ()  # type: ignore[misc]
        if earlier.records:
            with pytest.raises(dataclasses.FrozenInstanceError):
                earlier.records[-1].status = None  # type: ignore[misc]
        assert isinstance(earlier.records, tuple)


WorkingStateMachine.TestCase.settings = settings(
    max_examples=200 if SOAK else 12,
    stateful_step_count=60,
    deadline=None,
    derandomize=not SOAK,
    database=None if not SOAK else settings.default.database,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_working_state_machine = WorkingStateMachine.TestCase

SEEDED_WALKS = 400 if SOAK else 8


def test_working_state_seeded_walks() -> None:
    """The same invariants over seeded random walks of legal and irregular actions."""
    for seed in range(SEEDED_WALKS):
        seeded_machine.run(WorkingStateMachine, 10_000 + seed, 80,
                           ("check_table", "log_is_the_source_of_truth",
                            "undo_gives_the_earlier_states", "states_handed_out_never_change"))


# Plain examples


def _regular_board(seed: int, edition: Edition) -> Table:
    """A board played to the end with random legal calls and cards."""
    rng = random.Random(seed)
    table = Table(Board(seed % 16 + 1, Deal.random(rng)), edition=edition)
    while choices := table.legal_calls().as_tuple():
        seat = table.turn
        assert seat is not None
        table.call(seat, PASS if rng.random() < 0.6 else rng.choice(choices))
    while cards := tuple(table.legal_cards()):
        seat = table.turn
        assert seat is not None
        table.play(seat, rng.choice(cards))
    return table


@pytest.mark.parametrize("edition", list(Edition))
def test_a_regular_board_equals_the_engine_fold_after_every_event(edition: Edition) -> None:
    for seed in range(20):
        table = _regular_board(seed, edition)
        assert table.result() is not None
        events = table.events
        for count in range(len(events) + 1):
            partial = replayed(table, events[:count])
            assert partial.state == engine_fold(table, events[:count])
            assert partial.turn == _engine_turn(partial)
            assert partial.legal_calls().as_tuple() == _engine_calls(partial)
            assert partial.legal_cards() == _engine_cards(partial)
            assert partial.result() == _without_working_state(partial).result()


def _engine_turn(table: Table) -> Seat | None:
    """``Table.turn`` as the engine's frozen state answers it (no working state)."""
    plain = _without_working_state(table)
    return plain.turn


def _engine_calls(table: Table) -> tuple[object, ...]:
    return _without_working_state(table).legal_calls().as_tuple()


def _engine_cards(table: Table) -> object:
    return _without_working_state(table).legal_cards()


def _without_working_state(table: Table) -> Table:
    """The same table whose queries read the frozen state only."""
    plain = replayed(table, table.events)
    plain._work = None  # the queries then read the materialised state
    plain._state = table.state
    plain.turn = turn_of(plain._state)  # the frozen state's answer, not the working state's
    return plain


def test_law44_the_working_state_leaves_a_revoke_to_the_engine() -> None:
    """A card that fails to follow suit is no regular card: the engine records the revoke
    (61A), and the table goes on from its frozen state."""
    rng = random.Random(3)
    for _ in range(200):
        table = Table(Board(1, Deal.random(rng)), edition=Edition.LAWS_2017)
        for seat, call in zip(Seat, ("1NT", "P", "P", "P"), strict=True):
            table.call(seat, call)
        leader = table.turn
        assert leader is not None
        lead = next(iter(table.legal_cards()))
        table.play(leader, lead)
        follower = leader.lho
        hand = table.state.play.hand(follower) if table.state.play is not None else None
        assert hand is not None
        off_suit = [card for card in hand if card.suit is not lead.suit]
        if not off_suit or not hand.has_suit(lead.suit):
            continue
        table.play(follower, off_suit[0])
        assert len(table.state.revokes) == 1
        assert table.state == engine_fold(table, table.events)
        return
    pytest.fail("no deal gave a revoke to try")


def test_an_event_the_working_state_refuses_is_judged_by_the_engine() -> None:
    """A call out of turn opens the Law 29 decision, as without the working state; an
    action the Laws reject records nothing."""
    table = Table(Board(1, Deal.random(random.Random(5))), edition=Edition.LAWS_2017)
    table.call(Seat.NORTH, "1C")
    before = table.state
    with pytest.raises(ActionRejected):
        table.play(Seat.EAST, "SA" if "SA" not in map(str, table.board.deal.hand(Seat.EAST))
                   else "HA")  # a card East does not hold
    assert table.state is before and len(table.events) == 1
    table.call(Seat.SOUTH, "P")  # East's turn: out of rotation
    assert table.pending is not None
    assert table.state == engine_fold(table, table.events)
    assert isinstance(table.events[-1], CallMade)
    assert not any(isinstance(event, CardPlayed) for event in table.events)
