"""Use cases of an event's preparation: a movement planned (generated, its arrow switches
chosen by balance, validated) or read from a file and validated; boards dealt with a
commitment. The CLI and the web app call these, never the tournament layer directly."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dupbridge.app.club_night.movement_files import load_movements
from dupbridge.app.errors import translated
from dupbridge.core.board import Board
from dupbridge.tournament.balance import arrow_switch, balance, choose_arrow_switches, winners
from dupbridge.tournament.dealing import DealingRecord, deal_boards, new_seed, publish_before_play
from dupbridge.tournament.howell import howell
from dupbridge.tournament.mitchell import EvenTables, mitchell
from dupbridge.tournament.movement import Movement
from dupbridge.tournament.teams import round_robin
from dupbridge.tournament.validation import Plan, Violation, validate


@dataclass(frozen=True, slots=True)
class PlannedMovement:
    movement: Movement
    balance: float
    winners: int
    arrow_switches: tuple[int, ...]
    violations: tuple[Violation, ...]


@translated
def plan_movement(kind: str, size: int, boards_per_round: int, *, relay: bool = False,
                  arrow_switches: str = "none", rounds: int | None = None
                  ) -> PlannedMovement:
    """``kind`` mitchell (``size`` tables), howell (``size`` pairs) or teams (``size``
    teams); ``arrow_switches`` "none", "auto" (chosen to raise the balance) or a list
    of rounds such as "6,7"; ``rounds`` cuts a Mitchell short (all its rounds when None)."""
    if kind == "mitchell":
        even = EvenTables.RELAY_AND_BYE if relay else EvenTables.SKIP
        movement = mitchell(size, boards_per_round, even=even, rounds=rounds)
    elif kind == "howell":
        movement = howell(size, boards_per_round)
    elif kind == "teams":
        movement = round_robin(size, boards_per_round)
    else:
        raise ValueError(f"a movement is mitchell, howell or teams, not {kind!r}")
    switched: tuple[int, ...]
    if arrow_switches == "auto":
        switched = choose_arrow_switches(movement)
    elif arrow_switches in ("", "none"):
        switched = ()
    else:
        try:
            switched = tuple(int(r) for r in arrow_switches.split(","))
        except ValueError:
            raise ValueError(f"--arrow-switch is none, auto or rounds such as 6,7, not "
                             f"{arrow_switches!r}") from None
    movement = arrow_switch(movement, switched)
    return PlannedMovement(movement, balance(movement), winners(movement), switched,
                           tuple(validate(movement, Plan.of(movement))))


@translated
def check_movement_file(path: Path) -> dict[str, PlannedMovement]:
    """Every movement of a file, validated against the plan it implies."""
    found = {}
    for name, movement in load_movements(path).items():
        found[name] = PlannedMovement(movement, balance(movement), winners(movement), (),
                                      tuple(validate(movement, Plan.of(movement))))
    return found


@dataclass(frozen=True, slots=True)
class DealtSession:
    seed: bytes
    record: DealingRecord
    boards: tuple[Board, ...]


@translated
def deal_session(first: int, last: int,
                 entropy: Callable[[int], bytes] = secrets.token_bytes) -> DealtSession:
    """Boards ``first`` to ``last`` from a fresh secret seed, with the commitment to
    publish before play (Law 6, docs/dealing.md)."""
    if not 1 <= first <= last:
        raise ValueError("boards are numbered from 1, the first not above the last")
    seed = new_seed(entropy)
    numbers = range(first, last + 1)
    return DealtSession(seed, publish_before_play(seed, numbers), deal_boards(seed, numbers))
