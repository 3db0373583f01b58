"""Changes made during a session, each a new version of the movement, validated again:
a late pair, a pair that withdraws (a phantom takes its place), a table that played the
wrong boards, a table that missed an arrow switch.

A change never gives a contestant a board a second time (Law 15) and never edits a
recorded result: it lists the results it affects and what the scorer does with each
(the score stands, it is cancelled for an artificial adjusted score, it is missing and the
board is factored, the contestant sits out)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.validation import Plan, Violation, validate


class Effect(Enum):
    STANDS = "score stands"
    CANCELLED = "cancelled: artificial adjusted score"
    NOT_PLAYED = "not played: board factored"
    SIT_OUT = "sit-out: no result"
    DIRECTIONS_AS_PLAYED = "scored in the directions actually played"


@dataclass(frozen=True, slots=True)
class Affected:
    """One result a change touches: ``board`` between ``ns`` and ``ew`` in ``round``."""

    round: int
    table: int
    board: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    effect: Effect
    law: LawRef | None = None


@dataclass(frozen=True, slots=True)
class Revision:
    movement: Movement
    affected: tuple[Affected, ...]
    violations: tuple[Violation, ...]

    @property
    def valid(self) -> bool:
        return not self.violations


class ChangeRefused(ValueError):
    """A change that would leave the movement broken; nothing is changed. ``message`` is
    what the scorer reads (a ``Msg``, rendered in their language)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _revise(before: Movement, plan: Plan, encounters: list[Encounter], note: str,
            affected: list[Affected], phantoms: frozenset[int] | None = None,
            copies: int | None = None) -> Revision:
    """The new version, validated against the plan with what the change may relax: new
    contestants, boards played fewer times, and (boards played at a table they were not
    meant for) a set at one more table in that round."""
    after = before.revised(encounters, note)
    if phantoms is not None:
        after = after.with_phantoms(phantoms)
    relaxed = replace(plan, contestants=plan.contestants | frozenset(after.contestants),
                      exact_plays=False, copies=copies or plan.copies)
    violations = tuple(validate(after, relaxed))
    if violations:
        raise ChangeRefused(f"{note}: {violations[0].message}")
    return Revision(after, tuple(affected), violations)


def late_pair(movement: Movement, plan: Plan, *, late: int, phantom: int,
              from_round: int) -> Revision:
    """A late pair takes the phantom's place from ``from_round``; the phantom's opponents
    in the rounds before it sat out."""
    if phantom not in movement.phantoms:
        raise ChangeRefused(msg("pair {pair} is not a phantom of this movement", pair=phantom))
    if late in movement.contestants:
        raise ChangeRefused(msg("pair {pair} is already in the movement", pair=late))
    encounters, affected = [], []
    for e in movement.encounters:
        if phantom in e.contestants and e.round >= from_round:
            e = _substitute(e, phantom, late)
        elif phantom in e.contestants:
            affected += _each_board(e, Effect.SIT_OUT)
        encounters.append(e)
    still = any(phantom in e.contestants for e in encounters)
    phantoms = movement.phantoms - ({phantom} if not still else set())
    return _revise(movement, plan, encounters, f"pair {late} joins in round {from_round}",
                   affected, phantoms)


def withdrawal(movement: Movement, plan: Plan, *, pair: int, phantom: int,
               from_round: int) -> Revision:
    """A pair leaves from ``from_round``: a phantom takes its seat and its opponents sit
    out (their boards are factored)."""
    encounters, affected = [], []
    for e in movement.encounters:
        if pair in e.contestants and e.round >= from_round:
            e = _substitute(e, pair, phantom)
            affected += _each_board(e, Effect.SIT_OUT)
        encounters.append(e)
    return _revise(movement, plan, encounters, f"pair {pair} withdraws from round {from_round}",
                   affected, movement.phantoms | {phantom})


@law("15", title="Wrong board: a contestant never plays a board a second time")
def wrong_boards(movement: Movement, plan: Plan, *, round_number: int, table: int,
                 played: tuple[int, ...], edition: Edition) -> Revision:
    """The table played ``played`` instead of its boards in ``round_number``. A board one of
    its contestants had played before is cancelled for both sides (2007 15B, 2017 15B1); the
    others stand (2007 15A1, 2017 15B2). Later rounds where these contestants were to play a
    board they have now played lose it, and whoever is deprived of a score gets an artificial
    adjusted score (2007 15B, 2017 15B3). The boards they should have played are missing:
    factored, unless the Director has them played later (2007 15A2, 2017 15B2)."""
    stands = LawRef(edition, "15A1" if edition is Edition.LAWS_2007 else "15B2")
    cancelled = LawRef(edition, "15B" if edition is Edition.LAWS_2007 else "15B1")
    deprived = LawRef(edition, "15B" if edition is Edition.LAWS_2007 else "15B3")
    target = next((e for e in movement.encounters
                   if e.round == round_number and e.table == table), None)
    if target is None:
        raise ChangeRefused(msg("no table {table} in round {round}", table=table,
                                round=round_number))
    people = set(target.contestants)
    before = {(c, b) for e in movement.encounters if e.round < round_number
              for c in e.contestants for b in e.boards}
    affected: list[Affected] = []
    kept = []
    for b in played:
        if any((c, b) in before for c in people):
            affected.append(Affected(round_number, table, b, target.ns, target.ew,
                                     Effect.CANCELLED, cancelled))
        else:
            kept.append(b)
            affected.append(Affected(round_number, table, b, target.ns, target.ew,
                                     Effect.STANDS, stands))
    affected += [Affected(round_number, table, b, target.ns, target.ew, Effect.NOT_PLAYED)
                 for b in target.boards if b not in played]
    encounters = []
    for e in movement.encounters:
        if e is target:
            e = replace(e, boards=tuple(kept), board_set=None)
        elif e.round > round_number and people & set(e.contestants):
            lost = tuple(b for b in e.boards if b in played)
            affected += [Affected(e.round, e.table, b, e.ns, e.ew, Effect.CANCELLED, deprived)
                         for b in lost]
            if lost:
                e = replace(e, boards=tuple(b for b in e.boards if b not in lost))
        encounters.append(e)
    return _revise(movement, plan, encounters,
                   f"table {table} played boards {played} in round {round_number}", affected,
                   copies=plan.copies + 1)


def missed_arrow_switch(movement: Movement, plan: Plan, *, round_number: int,
                        table: int) -> Revision:
    """The table did not switch (or switched when it should not): its pairs are scored in
    the directions they actually sat."""
    encounters, affected = [], []
    for e in movement.encounters:
        if e.round == round_number and e.table == table:
            e = e.switched()
            affected += _each_board(e, Effect.DIRECTIONS_AS_PLAYED)
        encounters.append(e)
    if not affected:
        raise ChangeRefused(msg("no table {table} in round {round}", table=table,
                                round=round_number))
    return _revise(movement, plan, encounters,
                   f"table {table} sat the other way in round {round_number}", affected)


def expected_results(movement: Movement) -> int:
    """The number of results a fully played board has (the scorer's factoring target):
    the most any board receives, sit-outs excluded."""
    counts = Counter(b for e in movement.encounters if not movement.sit_out(e)
                     for b in e.boards)
    return max(counts.values(), default=0)


def _substitute(e: Encounter, old: int, new: int) -> Encounter:
    return replace(e, ns=tuple(new if c == old else c for c in e.ns),
                   ew=tuple(new if c == old else c for c in e.ew))


def _each_board(e: Encounter, effect: Effect) -> list[Affected]:
    return [Affected(e.round, e.table, b, e.ns, e.ew, effect) for b in e.boards]
