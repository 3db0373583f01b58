"""Players, partnerships and teams (Law 4), and the two stand-ins a movement needs: the
phantom pair the Director seats to fill an odd field, and the sit-out it produces."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dupbridge.core.registry import law


class Form(Enum):
    """How contestants enter (Law 4): as pairs, as teams, or each player alone."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


@dataclass(frozen=True, slots=True)
class Player:
    """A player; ``code`` is the federation's membership number when there is one."""

    name: str
    code: str = ""


@dataclass(frozen=True, slots=True)
class Pair:
    """A partnership, numbered in its section. A phantom pair has no players: the
    contestant that meets it sits out that round."""

    number: int
    players: tuple[Player, ...] = ()
    phantom: bool = False

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"pairs are numbered from 1, got {self.number}")
        if not self.phantom and len(self.players) not in (0, 2):
            raise ValueError(f"pair {self.number}: a partnership has two players")


@dataclass(frozen=True, slots=True)
class Team:
    """A team of four to six players (substitutes authorised by the Director, Law 4)."""

    number: int
    name: str
    players: tuple[Player, ...] = ()

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError(f"teams are numbered from 1, got {self.number}")


@dataclass(frozen=True, slots=True)
class Substitution:
    """A change of partnership within a session: valid only with the Director's
    authorisation (Law 4)."""

    contestant: int
    leaving: Player
    joining: Player
    authorised_by_director: bool


@law("4", title="Partnerships: fixed for the session, save the Director's substitutions")
def check_substitution(substitution: Substitution) -> None:
    """Law 4: partnerships stay the same throughout a session in pair and team events;
    only the Director may authorise a substitute."""
    if not substitution.authorised_by_director:
        raise ValueError(f"contestant {substitution.contestant}: a substitution needs the "
                         "Director's authorisation (Law 4)")


@law("4", title="Partnerships: fixed for the session, save the Director's substitutions")
def partnerships_fixed(form: Form) -> bool:
    """Law 4: partnerships are fixed for the session in pair and team events; in
    individual events they change from round to round."""
    return form is not Form.INDIVIDUAL
