"""Late arrivals on the Director's console (issue 27): a pair that arrives after the start
turns the sit-out into a table (it takes the place of the movement's phantom, whose
opponents play from then on instead of sitting out), and two pairs arriving together add
a table where the movement has two free places.

A movement's tables and boards are fixed once it is played (Law 15: nobody plays a board
twice; a new table would need boards of its own), so a table is added only by filling
places the movement already has: the phantoms planned at creation or left by a pair that
withdrew. Where there are none, the refusal says so and what to do instead. The late pairs
join from the round in play (the round the Director started and has not ended), never in a
round already over."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dupbridge.app.club_night.commands import MovementChange, add_late_pairs
from dupbridge.app.club_night.floor import round_clock
from dupbridge.app.club_night.ports import Clock, Store
from dupbridge.app.club_night.state import ClubState, state_of
from dupbridge.app.errors import ResultRefused, translated
from dupbridge.core.messages import msg


@dataclass(frozen=True, slots=True)
class Arrival:
    """What the console offers for a late arrival: the free places (phantoms), the first
    round a late pair may join, and the number the next late pair takes."""

    places: tuple[int, ...]
    first_round: int
    next_pair: int
    rounds: int

    @property
    def sit_out(self) -> bool:
        return bool(self.places)

    @property
    def table(self) -> bool:
        return len(self.places) >= 2


def joining_round(store: Store, state: ClubState) -> int:
    """The first round a late pair may still join: the round in play, the next one once
    the Director has ended it; without the round control, the latest round with a result
    recorded (the one being played), or the first."""
    clock = round_clock(store, state.record.id)
    if clock is not None:
        return clock.round + (1 if clock.ended is not None else 0)
    return max((e.round for e in state.book.entries.values()), default=1)


def free_places(state: ClubState, from_round: int) -> tuple[int, ...]:
    """The phantoms that still have a seat from ``from_round`` on (a phantom whose place a
    late pair took keeps only the rounds before it: those sit-outs are over)."""
    movement = state.movement
    return tuple(sorted(p for p in movement.phantoms
                        if any(p in e.contestants and e.round >= from_round
                               for e in movement.encounters)))


@translated
def arrival(store: Store, event_id: str) -> Arrival:
    state = state_of(store, event_id)
    movement = state.movement
    first = joining_round(store, state)
    return Arrival(free_places(state, first), first,
                   max(movement.contestants, default=0) + 1, movement.rounds)


def _from_round(store: Store, state: ClubState, from_round: int | None) -> int:
    first = joining_round(store, state)
    rounds = state.movement.rounds
    chosen = first if from_round is None else from_round
    if first > rounds or chosen > rounds:
        raise ResultRefused(msg("no round is left for a late pair to join: the movement "
                                "has {rounds} rounds", rounds=rounds))
    if chosen < first:
        raise ResultRefused(msg("round {round} is over: a late pair joins from round "
                                "{first} on", round=chosen, first=first))
    return chosen


@translated
def turn_sit_out_into_table(store: Store, clock: Clock, event_id: str, *, name: str = "",
                            from_round: int | None = None, who: str) -> MovementChange:
    """A late pair takes the sit-out's place (the first phantom) from ``from_round`` (the
    round in play when none is given): where a pair sat out, a table plays."""
    state = state_of(store, event_id)
    first = _from_round(store, state, from_round)
    places = free_places(state, first)
    if not places:
        raise ResultRefused(msg("there is no sit-out to turn into a table: every place of "
                                "the movement is taken"))
    late = max(state.movement.contestants, default=0) + 1
    return add_late_pairs(store, clock, event_id, joining={places[0]: (late, name)},
                          from_round=first, who=who,
                          why="a late pair takes the sit-out's place")


@translated
def add_table(store: Store, clock: Clock, event_id: str, *, names: Sequence[str],
              from_round: int | None = None, who: str) -> MovementChange:
    """Two late pairs arriving together make a table: they take two free places of the
    movement from ``from_round``, in one new version of it. Refused, saying why, where the
    movement has fewer than two free places."""
    if len(names) != 2:
        raise ResultRefused(msg("a table is two pairs: give the names of both"))
    state = state_of(store, event_id)
    first = _from_round(store, state, from_round)
    places = free_places(state, first)
    if len(places) < 2:
        raise ResultRefused(msg(
            "a table cannot be added: the movement has {count} free place(s) and a table "
            "needs two; its tables and boards are fixed once play starts, so create the "
            "event with the pairs expected later as absent", count=len(places)))
    late = max(state.movement.contestants, default=0) + 1
    joining = {places[0]: (late, names[0]), places[1]: (late + 1, names[1])}
    return add_late_pairs(store, clock, event_id, joining=joining, from_round=first,
                          who=who, why="a table added for two late pairs")


__all__ = ["Arrival", "add_table", "arrival", "free_places", "joining_round",
           "turn_sit_out_into_table"]
