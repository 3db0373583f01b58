"""The players' names of the pairs at a table, entered on its device when they sit down
(as a Bridgemate asks for the players' numbers at the first round); the Director enters or
changes any pair's names from the console (``commands.name_pairs``)."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.app.club_night.commands import name_pairs
from dupbridge.app.club_night.event_kinds import TEAM_KINDS
from dupbridge.app.club_night.floor import OutOfScope, current_round
from dupbridge.app.club_night.ports import Clock, Store
from dupbridge.app.club_night.state import ClubState, state_of
from dupbridge.app.errors import translated
from dupbridge.core.messages import msg


def unnamed_at(state: ClubState, table: int) -> tuple[int, ...]:
    """The pairs seated at ``table`` in its round now that have no names yet (phantoms
    have none to give). A team event's names are its teams' rosters, which the Director
    enters: a table asks for none."""
    if state.config.kind in TEAM_KINDS:
        return ()
    encounter = current_round(state, table).encounter
    if encounter is None:
        return ()
    return tuple(p for p in encounter.contestants
                 if p not in state.movement.phantoms and not state.name_of(p).strip())


@translated
def name_pairs_at_table(store: Store, clock: Clock, event_id: str, table: int,
                        names: Mapping[int, str]) -> None:
    """A table's device names the pairs seated at it now (only those: another table's
    pair is the Director's to name). Empty names are left out."""
    state = state_of(store, event_id)
    encounter = current_round(state, table).encounter
    seated = set(encounter.contestants) if encounter is not None else set()
    given = {pair: name.strip() for pair, name in names.items() if name.strip()}
    foreign = sorted(set(given) - seated)
    if foreign:
        raise OutOfScope(msg("pair {pair} is not seated at table {table} now",
                             pair=foreign[0], table=table))
    if given:
        name_pairs(store, clock, event_id, given, who=f"table {table} device")


@translated
def name_sides_at_table(store: Store, clock: Clock, event_id: str, table: int, *, ns: str,
                        ew: str) -> None:
    """The names of the North-South and the East-West pair seated at ``table`` now (a
    pairs event: one contestant a side; an individual's players are named from the
    console)."""
    encounter = current_round(state_of(store, event_id), table).encounter
    if encounter is None:
        raise OutOfScope(msg("table {table} has finished every round", table=table))
    names: dict[int, str] = {}
    for side, name in ((encounter.ns, ns), (encounter.ew, ew)):
        if len(side) == 1 and name.strip():
            names[side[0]] = name
    name_pairs_at_table(store, clock, event_id, table, names)
