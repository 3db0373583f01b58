"""Tournaments, pure: events, sections, tables, movements, rounds, dealing, results and
their periods."""

from dupbridge.tournament.balance import (
    arrow_switch,
    balance,
    choose_arrow_switches,
    comparisons,
    orient,
    winners,
)
from dupbridge.tournament.boards import BoardSets
from dupbridge.tournament.contestants import Form, Pair, Player, Substitution, Team
from dupbridge.tournament.event import Event, Scoring, Section, Session, Timing
from dupbridge.tournament.howell import NoHowell, circle_rounds, howell
from dupbridge.tournament.mitchell import EvenTables, mitchell
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.swiss import BYE, SwissPairing, swiss_pairing
from dupbridge.tournament.teams import KnockoutMatch, knockout, round_robin, team_of
from dupbridge.tournament.validation import Plan, Rule, Violation, validate

__all__ = [
    "BYE", "BoardSets", "Encounter", "EvenTables", "Event", "Form", "KnockoutMatch",
    "Movement", "NoHowell", "Pair", "Plan", "Player", "Rule", "Scoring", "Section",
    "Session", "Substitution", "SwissPairing", "Team", "Timing", "Violation", "arrow_switch",
    "balance", "choose_arrow_switches", "circle_rounds", "comparisons", "howell", "knockout",
    "mitchell", "orient", "round_robin", "swiss_pairing", "team_of", "validate", "winners",
]


def load_rules() -> None:
    """Import every module of the tournament layer, so that the registry knows the
    clauses they implement (the coverage command calls it)."""
    from dupbridge.tournament import (  # noqa: F401
        changes,
        dealing,
        director,
        event,
        periods,
        results,
        session_scoring,
    )
