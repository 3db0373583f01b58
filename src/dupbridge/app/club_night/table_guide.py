"""What a table's phone tells its players beside the entry: where each pair goes and which
boards come from where when a round ends (Law 8: the Director's movement, announced at
every table), whether the Director has started the next round, the board's traveller once
entered (as ``visibility`` lets the table see it), and what waits for the Director at this
table (a conflict, a dispute, a call) with its state until he acts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from dupbridge.app.club_night import visibility
from dupbridge.app.club_night.floor import (
    RoundClock,
    TableRound,
    current_round,
    director_calls,
    round_clock,
)
from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.club_night.views import Line, results_of
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Side
from dupbridge.tournament.movement import Encounter


@dataclass(frozen=True, slots=True)
class PairMove:
    """Where ``pair`` plays ``round``: at ``table`` in ``side``; ``sits_out`` when it meets
    a phantom (or the movement gives it no table that round)."""

    pair: int
    table: int | None
    side: Side | None
    sits_out: bool


@dataclass(frozen=True, slots=True)
class BoardsFrom:
    """Boards this table plays next, and the table that played them last (None: nobody
    has yet, they come from the stand)."""

    boards: tuple[int, ...]
    from_table: int | None


@dataclass(frozen=True, slots=True)
class RoundGuide:
    """The movement for this table from one round to the next (``round``): the pairs that
    sat here and where they go, the pairs that come here, the boards and where they come
    from, the tables sharing them (a relay), and whether this table sits out."""

    round: int
    leaving: tuple[PairMove, ...]
    coming: tuple[PairMove, ...]
    boards: tuple[BoardsFrom, ...]
    shared_with: tuple[int, ...]
    sits_out: bool


@dataclass(frozen=True, slots=True)
class Waiting:
    """Something at this table the Director acts on: ``kind`` conflict, dispute or call;
    ``attended`` when he has come (a call)."""

    kind: str
    round: int
    board: int | None
    at: datetime | None
    attended: datetime | None = None

    @property
    def text(self) -> Msg:
        if self.kind == "conflict":
            return msg("two different results: waiting for the Director")
        if self.kind == "dispute":
            return msg("East-West did not agree: waiting for the Director")
        if self.attended is not None:
            return msg("Director called: attended")
        return msg("Director called: waiting for the Director")


@dataclass(frozen=True, slots=True)
class TableGuide:
    """Everything the table's phone shows beside the entry."""

    now: TableRound
    clock: RoundClock | None
    waiting_for_start: bool  # the table is done; the Director has not started its round
    guide: RoundGuide | None
    travellers: tuple[tuple[int, tuple[Line, ...]], ...]
    waiting: tuple[Waiting, ...]


def guide_of(store: Store, state: ClubState, table: int) -> TableGuide:
    """The table's guide, read once per page."""
    now = current_round(state, table)
    clock = round_clock(store, state.record.id)
    encounter = now.encounter
    waiting_for_start = encounter is not None and clock is not None \
        and encounter.round > clock.round
    started = encounter is not None and not now.recorded
    guide = None
    if encounter is not None and (started or waiting_for_start):
        shown = encounter.round
        if waiting_for_start and clock is not None:
            # The round the Director starts next, or the one in play when this table sits
            # it out (its phone skips a sit-out round: nothing to enter there).
            playing = _at(state, clock.round, table)
            sat_out = playing is None or state.movement.sit_out(playing)
            shown = min(shown, clock.round if sat_out and clock.ended is None
                        else clock.round + 1)
        guide = round_guide(state, table, shown) if shown > 1 else None
    # While the table waits for the Director to start its next round, the pairs of the
    # round it has finished are still at it (the policy's "seated now" are those of the
    # next round, who may not have played these boards yet).
    still_here = _at(state, encounter.round - 1, table) if waiting_for_start \
        and encounter is not None else None
    return TableGuide(now, clock, waiting_for_start, guide,
                      travellers_of(state, table, now, still_here),
                      waiting_of(store, state, table, now))


def round_guide(state: ClubState, table: int, round_number: int) -> RoundGuide:
    """Where the pairs of round ``round_number - 1`` at this table go in ``round_number``,
    who comes here, and which boards this table plays then and from which table."""
    movement = state.movement
    before = _at(state, round_number - 1, table)
    here = _at(state, round_number, table)

    def move(pair: int) -> PairMove:
        encounter = next((e for e in movement.in_round(round_number)
                          if pair in e.contestants), None)
        if encounter is None:
            return PairMove(pair, None, None, True)
        return PairMove(pair, encounter.table, encounter.side_of(pair),
                        movement.sit_out(encounter))

    def real(pairs: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(p for p in pairs if p not in movement.phantoms)

    leaving = tuple(move(p) for p in real(before.contestants)) if before else ()
    coming = tuple(move(p) for p in real(here.contestants)
                   if before is None or p not in before.contestants) if here else ()
    boards: list[BoardsFrom] = []
    shared: tuple[int, ...] = ()
    if here is not None:
        for board in here.boards:
            came = _last_table(state, board, round_number)
            if boards and boards[-1].from_table == came:
                boards[-1] = BoardsFrom((*boards[-1].boards, board), came)
            else:
                boards.append(BoardsFrom((board,), came))
        shared = tuple(sorted(e.table for e in movement.in_round(round_number)
                              if e.table != table and set(e.boards) & set(here.boards)
                              and not movement.sit_out(e)))
    return RoundGuide(round_number, leaving, coming, tuple(boards), shared,
                      here is None or movement.sit_out(here))


def _at(state: ClubState, round_number: int, table: int) -> Encounter | None:
    return next((e for e in state.movement.in_round(round_number) if e.table == table), None)


def _last_table(state: ClubState, board: int, round_number: int) -> int | None:
    earlier = [e for e in state.movement.encounters
               if e.round < round_number and board in e.boards]
    return max(earlier, key=lambda e: e.round).table if earlier else None


def travellers_of(state: ClubState, table: int, now: TableRound,
                  still_here: Encounter | None = None
                  ) -> tuple[tuple[int, tuple[Line, ...]], ...]:
    """The traveller of each board this table has entered in its round now and the round
    before (the latest first), as far as the table may see it (its own line at once, the
    others' once every pair seated here has played the board; ``still_here``: the
    encounter whose pairs are at the table, when the Director has not moved them on yet)."""
    if still_here is None:
        seen = visibility.sight_of(state, visibility.at_table(table)).state
    else:
        pairs = frozenset(still_here.contestants)
        boards = visibility.table_boards(state, pairs)
        seen = visibility.restricted(state, lambda e: e.board in boards or set(
            e.ns + e.ew) <= pairs, boards)
    lines = results_of(seen).lines
    rounds = {now.encounter.round, now.encounter.round - 1} if now.encounter else {
        max((e.round for e in state.movement.encounters if e.table == table), default=0)}
    mine = [line for line in lines if line.table == table and line.round in rounds]
    return tuple((board, tuple(line for line in lines if line.board == board))
                 for board in sorted({line.board for line in mine}, key=lambda b: (
                     -next(x.round for x in mine if x.board == b), -b)))


def waiting_of(store: Store, state: ClubState, table: int, now: TableRound
               ) -> tuple[Waiting, ...]:
    """Conflicts and disputes on this table's boards until the Director settles them, and
    the table's calls of its round now and the round before, attended or not."""
    book = state.book
    found = [Waiting("conflict", second.round, second.board, None)
             for _, second in book.conflicts if second.table == table]
    found += [Waiting("dispute", d.round, d.board, None)
              for d in book.disputes if d.table == table]
    recent = {now.encounter.round, now.encounter.round - 1} if now.encounter else None
    found += [Waiting("call", c.round, c.board, c.at, c.attended)
              for c in director_calls(store, state.record.id)
              if c.table == table and (c.attended is None or recent is None
                                       or c.round in recent)]
    return tuple(found)
