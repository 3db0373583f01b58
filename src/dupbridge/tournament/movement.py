"""A movement (Laws 5 and 8): who sits where, against whom, on which boards, round by
round. One shape for every kind: a pairs movement seats one pair per direction, an
individual movement two players, a teams match a team per direction at each of its tables.

A movement is a value. A change made during the session (a late pair, a missed arrow
switch...) makes a new version, validated again, never an edit of the old one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from dupbridge.core.registry import law
from dupbridge.core.seats import Side


@dataclass(frozen=True, slots=True)
class Encounter:
    """In ``round``, at ``table``, North-South ``ns`` plays East-West ``ew`` on ``boards``
    (board numbers) of ``board_set``. ``ns`` and ``ew`` hold one contestant number for a
    pair or a team, two player numbers (North, South / East, West) in an individual."""

    round: int
    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    boards: tuple[int, ...] = ()
    board_set: int | None = None

    @property
    def contestants(self) -> tuple[int, ...]:
        return self.ns + self.ew

    def side_of(self, contestant: int) -> Side | None:
        if contestant in self.ns:
            return Side.NS
        if contestant in self.ew:
            return Side.EW
        return None

    def switched(self) -> Encounter:
        """The arrow switch: East-West sits North-South for this round."""
        return replace(self, ns=self.ew, ew=self.ns)


@dataclass(frozen=True, slots=True)
class Movement:
    name: str
    encounters: tuple[Encounter, ...]
    version: int = 1
    note: str = ""
    phantoms: frozenset[int] = frozenset()

    @property
    def rounds(self) -> int:
        return max((e.round for e in self.encounters), default=0)

    @property
    def tables(self) -> int:
        return max((e.table for e in self.encounters), default=0)

    @property
    def contestants(self) -> tuple[int, ...]:
        return tuple(sorted({c for e in self.encounters for c in e.contestants}))

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for e in self.encounters for b in e.boards}))

    def in_round(self, round_number: int) -> tuple[Encounter, ...]:
        return tuple(e for e in self.encounters if e.round == round_number)

    def of(self, contestant: int) -> Iterator[Encounter]:
        return (e for e in self.encounters if contestant in e.contestants)

    def revised(self, encounters: Iterable[Encounter], note: str) -> Movement:
        """The next version of this movement, with why it changed."""
        ordered = tuple(sorted(encounters, key=lambda e: (e.round, e.table)))
        return Movement(self.name, ordered, self.version + 1, note, self.phantoms)

    def with_phantoms(self, phantoms: Iterable[int]) -> Movement:
        """The same movement with ``phantoms`` marked: whoever meets one sits out."""
        return replace(self, phantoms=frozenset(phantoms))

    def sit_out(self, encounter: Encounter) -> bool:
        return bool(self.phantoms & set(encounter.contestants))


@law("8", title="Sequence of rounds: boards and contestants move as the Director instructs")
def encounters_by_round(movement: Movement) -> dict[int, tuple[Encounter, ...]]:
    """Law 8A: the movement of boards and contestants, round by round, as the Director
    announces it (Law 5B: each player moves at the right time to the right seat)."""
    return {r: movement.in_round(r) for r in range(1, movement.rounds + 1)}
