"""What the pages show of a team or an individual event (``event_kinds`` scores them): the
teams at each table, the standings of the results a viewer may see, and the next Swiss
round's state. A pairs event or a barometer is read by ``views`` as before."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.app.club_night.event_kinds import (
    TEAM_KINDS,
    PlayerStanding,
    TeamRoster,
    TeamsResult,
    roster_of,
    score_individual_of,
    score_teams_of,
)
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.errors import ResultRefused
from dupbridge.tournament.movement import Encounter
from dupbridge.tournament.teams import team_of


def is_teams(state: ClubState) -> bool:
    """A teams round robin or a Swiss: each match at two tables, scored in IMPs and VPs."""
    return state.config.kind in TEAM_KINDS


def ranked_by_kind(state: ClubState) -> bool:
    """A team or individual event, ranked by ``kind_standings_of`` (a pairs event or a
    barometer by ``views.score_of``)."""
    return state.config.kind in (*TEAM_KINDS, "individual")


def teams_at(state: ClubState, encounter: Encounter) -> tuple[int, int] | None:
    """The teams seated North-South and East-West at a table of a team event (None in
    any other event: its contestants are pairs or players)."""
    if not is_teams(state):
        return None
    return team_of(encounter.ns[0]), team_of(encounter.ew[0])


def team_numbers(state: ClubState) -> tuple[int, ...]:
    """Every team of the event (a Swiss's teams from its size: one may have the bye)."""
    if state.config.kind == "swiss":
        return tuple(range(1, state.config.size + 1))
    return tuple(sorted({team_of(c) for c in state.movement.contestants}))


def rosters(state: ClubState) -> dict[int, TeamRoster]:
    """Each team's name and players as the Director entered them."""
    return {team: roster_of(state.name_of(team)) for team in team_numbers(state)}


@dataclass(frozen=True, slots=True)
class KindStandings:
    """A team event's standings and matches, or an individual's standings; empty while
    nothing can be scored yet (no result, or no match complete at both tables)."""

    kind: str
    teams: TeamsResult | None = None
    players: tuple[PlayerStanding, ...] = ()


def kind_standings_of(state: ClubState) -> KindStandings | None:
    """The standings of a team or individual event from the results in ``state`` (the
    state a viewer may see, ``visibility``); None for a pairs event or a barometer."""
    kind = state.config.kind
    if not ranked_by_kind(state):
        return None
    if not state.book.entries:
        return KindStandings(kind)
    try:
        if kind == "individual":
            return KindStandings(kind, players=score_individual_of(state))
        return KindStandings(kind, teams=score_teams_of(state))
    except ResultRefused:
        return KindStandings(kind)


@dataclass(frozen=True, slots=True)
class SwissProgress:
    """Where a Swiss stands: rounds paired of those planned, and whether the last paired
    round is complete (every board at both tables of every match), so the next may be
    paired."""

    paired: int
    planned: int
    complete: bool


def swiss_progress_of(state: ClubState) -> SwissProgress | None:
    if state.config.kind != "swiss":
        return None
    last = state.movement.rounds
    complete = all((e.round, e.table, b) in state.book.entries
                   for e in state.movement.in_round(last) for b in e.boards)
    return SwissProgress(last, int(state.config.options.get("swiss_rounds", 0)), complete)
