"""Use cases of an event's preparation: a movement planned (generated, its arrow switches
chosen by balance, validated) or read from a file and validated; boards dealt with a
commitment. The CLI and the web app call these, never the tournament layer directly."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dupbridge.app.club_night.movement_files import load_movements, load_movements_text
from dupbridge.app.errors import BadInput, translated
from dupbridge.core.board import Board
from dupbridge.core.messages import msg
from dupbridge.tournament.balance import arrow_switch, balance, choose_arrow_switches, winners
from dupbridge.tournament.dealing import DealingRecord, deal_boards, new_seed, publish_before_play
from dupbridge.tournament.howell import KOPS_CUT_HOWELLS, barometer, howell
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


KINDS = ("mitchell", "howell", "barometer", "teams")


def no_cut_howell(pairs: int, rounds: int, *, on_form: bool = False) -> BadInput:
    """Why a cut Howell is not made here, naming what the published KoPS tables offer for
    the field: dupbridge generates complete Howells only (``tournament.howell``).
    ``on_form``: said to the new-event form's reader (send the file), not the CLI's."""
    tables = (pairs + 1) // 2
    published = KOPS_CUT_HOWELLS.get(tables, ())
    if rounds in published and on_form:
        return BadInput(msg("a cut (3/4) Howell is played from a published table: {pairs} "
                            "pairs in {rounds} rounds is table {table} of the KoPS Howells; "
                            "send their file (a .json) as the movement file",
                            pairs=pairs, rounds=rounds, table=f"{tables}-{rounds}"))
    if rounds in published:
        return BadInput(msg("a cut (3/4) Howell is not generated: {pairs} pairs in {rounds} "
                            "rounds is published table {table} of the KoPS Howells: give "
                            "--movement-file (those tables) and --movement-name {table}",
                            pairs=pairs, rounds=rounds, table=f"{tables}-{rounds}"))
    if published:
        return BadInput(msg("a cut (3/4) Howell is not generated, and the KoPS tables have "
                            "{pairs} pairs in {choices} rounds, not {rounds} (or the complete "
                            "Howell: {complete} rounds)", pairs=pairs, rounds=rounds,
                            choices=", ".join(map(str, published)),
                            complete=2 * tables - 1))
    return BadInput(msg("a cut (3/4) Howell is not generated, and the KoPS tables have none "
                        "for {pairs} pairs (they have {low} to {high} pairs); the complete "
                        "Howell has {complete} rounds", pairs=pairs,
                        low=2 * min(KOPS_CUT_HOWELLS) - 1, high=2 * max(KOPS_CUT_HOWELLS),
                        complete=2 * tables - 1))


@translated
def plan_movement(kind: str, size: int, boards_per_round: int, *, relay: bool = False,
                  arrow_switches: str = "none", rounds: int | None = None,
                  file: Path | None = None, name: str | None = None,
                  upload: tuple[str, str] | None = None) -> PlannedMovement:
    """``kind`` mitchell (``size`` tables), howell or barometer (``size`` pairs) or teams
    (``size`` teams); ``rounds`` cuts a Mitchell or a barometer; ``arrow_switches``
    "none", "auto" (chosen to raise the balance) or a list of rounds such as "6,7".
    With ``file``, the movement ``name`` of that file (its only one if no name): a
    published table (a KoPS 3/4 Howell such as ``6-8``) or rows written by hand, with
    ``boards_per_round`` boards per set where the file names sets. ``upload``: such a
    file sent as its name and text (the new-event form)."""
    if upload is not None:
        movement = _chosen(load_movements_text(*upload), upload[0], name, boards_per_round,
                           on_form=True)
    elif file is not None:
        movement = _from_file(file, name, boards_per_round)
    elif kind == "mitchell":
        even = EvenTables.RELAY_AND_BYE if relay else EvenTables.SKIP
        movement = mitchell(size, boards_per_round, even=even, rounds=rounds)
    elif kind == "howell":
        if rounds is not None and rounds != size - 1 + size % 2:
            raise no_cut_howell(size, rounds)
        movement = howell(size, boards_per_round)
    elif kind == "barometer":
        movement = barometer(size, boards_per_round, rounds=rounds)
    elif kind == "teams":
        movement = round_robin(size, boards_per_round)
    else:
        raise BadInput(msg("a movement is {kinds}, not {kind}", kinds=", ".join(KINDS),
                           kind=kind))
    switches: tuple[int, ...]
    if arrow_switches == "auto":
        switches = tuple(choose_arrow_switches(movement))
    elif arrow_switches in ("", "none"):
        switches = ()
    else:
        try:
            switches = tuple(int(r) for r in arrow_switches.split(","))
        except ValueError:
            raise ValueError(f"--arrow-switch is none, auto or rounds such as 6,7, not "
                             f"{arrow_switches!r}") from None
    movement = arrow_switch(movement, switches)
    return PlannedMovement(movement, balance(movement), winners(movement), switches,
                           tuple(validate(movement, Plan.of(movement))))


def _from_file(file: Path, name: str | None, boards_per_set: int) -> Movement:
    return _chosen(load_movements(file), file.name, name, boards_per_set)


def _chosen(found: dict[str, Movement], file_name: str, name: str | None,
            boards_per_set: int, *, on_form: bool = False) -> Movement:
    if name is None and len(found) == 1:
        movement = next(iter(found.values()))
    elif name in found:
        movement = found[name]
    elif on_form and name is not None:
        raise BadInput(msg("{file} has no movement {name}; it holds {names}",
                           file=file_name, name=name, names=", ".join(found)))
    elif on_form:
        raise BadInput(msg("{file} holds the movements {names}: name the one to play",
                           file=file_name, names=", ".join(found)))
    else:
        raise BadInput(msg("{file} holds the movements {names}: name one "
                           "(--movement-name)", file=file_name, names=", ".join(found)))
    if any(e.board_set is not None for e in movement.encounters) and boards_per_set > 1:
        movement = _sets_of(movement, boards_per_set)
    return movement


def _sets_of(movement: Movement, per_set: int) -> Movement:
    """A movement naming board sets, with ``per_set`` boards in each."""
    from dataclasses import replace

    return replace(movement, encounters=tuple(
        replace(e, boards=tuple(range((e.board_set - 1) * per_set + 1,
                                      e.board_set * per_set + 1)))
        if e.board_set is not None else e for e in movement.encounters))


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
