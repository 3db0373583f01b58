"""An event and its parts: sessions, sections, tables (Law 3) and the timing of rounds
(Law 8), with the form of scoring the Regulating Authority or the organiser chose."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum

from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.tournament.boards import BoardSets
from dupbridge.tournament.contestants import Form, Pair, Team
from dupbridge.tournament.movement import Movement


class Scoring(Enum):
    """Law 78 and the conditions of contest: how a board's results are compared."""

    MATCHPOINTS = "matchpoints"
    IMPS_BUTLER = "Butler IMPs"
    CROSS_IMPS = "cross-IMPs"
    TEAMS_IMPS_VPS = "teams IMPs to VPs"
    TOTAL_POINTS = "total points"


@dataclass(frozen=True, slots=True)
class Timing:
    """Law 8: when the first round starts, how long a board takes, and the change-over
    between rounds. A round ends when the Director calls the next (8B1)."""

    start: datetime
    minutes_per_board: float = 7.5
    change_minutes: float = 2.0

    def round_start(self, round_number: int, boards_per_round: int) -> datetime:
        length = timedelta(minutes=self.minutes_per_board * boards_per_round
                           + self.change_minutes)
        return self.start + (round_number - 1) * length

    def round_end(self, round_number: int, boards_per_round: int) -> datetime:
        return self.round_start(round_number + 1, boards_per_round) - timedelta(
            minutes=self.change_minutes)


@dataclass(frozen=True, slots=True)
class Section:
    """Tables numbered in sequence (Law 3) under one letter, with their movement and the
    contestants entered in it."""

    letter: str
    movement: Movement
    pairs: tuple[Pair, ...] = ()
    teams: tuple[Team, ...] = ()

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(range(1, self.movement.tables + 1))


@dataclass(frozen=True, slots=True)
class Session:
    number: int
    sections: tuple[Section, ...]
    boards: BoardSets
    timing: Timing | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """The contest: its form (Law 4), scoring (Law 78), edition of the Laws and
    Regulating-Authority profile, chosen when it is created and stored with it."""

    name: str
    form: Form
    scoring: Scoring
    edition: Edition
    profile: str = ""
    sessions: tuple[Session, ...] = field(default_factory=tuple)


@law("3", title="Arrangement of tables: four players, tables numbered in sequence")
def seats_at_tables(section: Section) -> int:
    """Law 3: four players at each table, tables numbered in sequence: the players a
    section seats in each round."""
    numbers = section.tables
    if numbers != tuple(range(1, len(numbers) + 1)):
        raise ValueError(f"section {section.letter}: tables must be numbered in sequence")
    return 4 * len(numbers)


@law("8B", title="End of a round: when the Director calls the next, each table once done")
@law("8B1", title="End of a round: when the Director calls the next, each table once done")
def round_over(next_round_called: bool, table_finished: bool, players_changed: bool) -> bool:
    """Law 8B1: a round ends when the Director signals the next one; a table still
    playing stays in its round until its players have changed."""
    return next_round_called and (table_finished or players_changed)


@law("8B2", title="A postponed board keeps its round open for those players")
def postponed_board_open(played_and_recorded: bool, cancelled: bool) -> bool:
    """Law 8B2: a board the Director postponed keeps the round open for its players until
    it is played and its score agreed and recorded, or cancelled."""
    return not (played_and_recorded or cancelled)


@law("8C", title="End of the last round and of the session")
def session_over(boards_scheduled: int, boards_recorded: int, objections: int) -> bool:
    """Law 8C: the last round (and the session) ends at a table when every board scheduled
    there has been played and every score recorded without objection."""
    return boards_recorded >= boards_scheduled and objections == 0
