"""One validator for every movement: Mitchell, Howell, individual, teams, Swiss rounds and
every version a mid-session change produces.

The rules (Laws 3, 5, 8 and 15):

* every board is played the planned number of times;
* each contestant plays each board at most once (Law 15: never a board a second time)
  and each board set at most once;
* no two contestants meet more often than planned (in an individual, no two players are
  partners more often than planned);
* no table is used twice in a round, nor a board set beyond its planned copies
  (a relay or duplicated boards, Law 6F), and nobody sits at two tables at once;
* tables, rounds and contestants are those of the plan; no contestant plays itself."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.tournament.movement import Encounter, Movement


class Rule(Enum):
    PLAYS = "board played other than the planned number of times"
    BOARD_REPLAYED = "contestant plays a board twice"
    SET_REPLAYED = "contestant plays a board set twice"
    MEETINGS = "contestants meet more often than planned"
    TABLE_TWICE = "table used twice in a round"
    SET_TWICE = "board set in play at more tables than planned"
    SEATED_TWICE = "contestant seated twice in a round"
    OUTSIDE_PLAN = "table, round or contestant outside the plan"
    SELF = "contestant seated against itself"


@dataclass(frozen=True, slots=True)
class Violation:
    rule: Rule
    round: int | None
    message: Msg


@dataclass(frozen=True, slots=True)
class Plan:
    """What a movement promises. ``plays`` is how often each board is played (None: the
    same number of times for every board); ``meetings`` is how often two contestants may
    meet (partners, in an individual); ``copies`` is at how many tables one board may be in
    play in the same round (2 for a relay, one per match for duplicated team boards).
    ``exact_plays`` False lets a revised movement play a board fewer times than planned (a
    late pair, a withdrawal: the missing results are factored), never more."""

    contestants: frozenset[int]
    tables: int
    rounds: int
    meetings: int = 1
    plays: int | None = None
    copies: int = 1
    exact_plays: bool = True

    @staticmethod
    def of(movement: Movement, *, meetings: int | None = None, plays: int | None = None,
           copies: int | None = None) -> Plan:
        """The plan a published movement implies: its tables, rounds and contestants;
        every board played as often as most boards are; meetings as even as the number of
        rounds allows (rounds played over possible opponents, rounded up); and the copies
        its own relays use, which are part of its design."""
        contestants = frozenset(movement.contestants)
        if meetings is None:
            most = max(Counter(c for e in movement.encounters for c in e.contestants).values(),
                       default=0)
            meetings = max(1, math.ceil(most / max(len(contestants) - 1, 1)))
        if plays is None:
            counts = Counter(b for e in movement.encounters for b in e.boards)
            plays = Counter(counts.values()).most_common(1)[0][0] if counts else None
        if copies is None:
            copies = max(Counter((e.round, b) for e in movement.encounters
                                 for b in e.boards).values(), default=1)
        return Plan(contestants, movement.tables, movement.rounds, meetings, plays, copies)


@law("15", title="Wrong board: a contestant never plays a board a second time")
@law("8", title="Sequence of rounds: boards and contestants move as the Director instructs")
def validate(movement: Movement, plan: Plan) -> list[Violation]:
    """Every broken rule of the module docstring, with its round; empty when the movement
    keeps its plan."""
    found: list[Violation] = []
    found += _seating(movement.encounters, plan)
    found += _plays(movement.encounters, plan)
    found += _replays(movement.encounters)
    found += _meetings(movement.encounters, plan)
    return found


def _seating(encounters: Iterable[Encounter], plan: Plan) -> list[Violation]:
    found: list[Violation] = []
    tables: Counter[tuple[int, int]] = Counter()
    seated: Counter[tuple[int, int]] = Counter()
    boards: Counter[tuple[int, int]] = Counter()
    sets: Counter[tuple[int, int]] = Counter()
    for e in encounters:
        tables[e.round, e.table] += 1
        for c in e.contestants:
            seated[e.round, c] += 1
        for b in e.boards:
            boards[e.round, b] += 1
        if e.board_set is not None:
            sets[e.round, e.board_set] += 1
        if not (1 <= e.round <= plan.rounds and 1 <= e.table <= plan.tables) or \
                not set(e.contestants) <= plan.contestants:
            found.append(Violation(Rule.OUTSIDE_PLAN, e.round, msg(
                "round {round}, table {table}: outside the plan", round=e.round,
                table=e.table)))
        if set(e.ns) & set(e.ew) or len(set(e.contestants)) < len(e.contestants):
            found.append(Violation(Rule.SELF, e.round, msg(
                "round {round}, table {table}: a contestant is seated against itself",
                round=e.round, table=e.table)))
    found += [Violation(Rule.TABLE_TWICE, r, msg("round {round}: table {table} used twice",
                                                  round=r, table=t))
              for (r, t), n in tables.items() if n > 1]
    found += [Violation(Rule.SEATED_TWICE, r, msg(
        "round {round}: contestant {contestant} seated at two tables", round=r, contestant=c))
        for (r, c), n in seated.items() if n > 1]
    found += [Violation(Rule.SET_TWICE, r, msg(
        "round {round}: board {board} in play at {count} tables", round=r, board=b, count=n))
        for (r, b), n in boards.items() if n > plan.copies]
    found += [Violation(Rule.SET_TWICE, r, msg(
        "round {round}: board set {board_set} in play at {count} tables", round=r,
        board_set=s, count=n)) for (r, s), n in sets.items() if n > plan.copies]
    return found


def _plays(encounters: Iterable[Encounter], plan: Plan) -> list[Violation]:
    plays = Counter(b for e in encounters for b in e.boards)
    if not plays:
        return []
    expected = plan.plays if plan.plays is not None else \
        Counter(plays.values()).most_common(1)[0][0]
    return [Violation(Rule.PLAYS, None, msg(
        "board {board} played {count} times, planned {planned}", board=b, count=n,
        planned=expected)) for b, n in sorted(plays.items())
        if n > expected or (n < expected and plan.exact_plays)]


def _replays(encounters: Iterable[Encounter]) -> list[Violation]:
    boards: Counter[tuple[int, int]] = Counter()
    sets: Counter[tuple[int, int]] = Counter()
    for e in encounters:
        for c in set(e.contestants):
            for b in set(e.boards):
                boards[c, b] += 1
            if e.board_set is not None:
                sets[c, e.board_set] += 1
    found = [Violation(Rule.BOARD_REPLAYED, None, msg(
        "contestant {contestant} plays board {board} {count} times", contestant=c, board=b,
        count=n)) for (c, b), n in sorted(boards.items()) if n > 1]
    found += [Violation(Rule.SET_REPLAYED, None, msg(
        "contestant {contestant} plays board set {board_set} {count} times", contestant=c,
        board_set=s, count=n)) for (c, s), n in sorted(sets.items()) if n > 1]
    return found


def meetings(encounters: Iterable[Encounter]) -> Counter[frozenset[int]]:
    """How often each two contestants meet; in an individual, how often two players are
    partners (North-South or East-West together)."""
    met: Counter[frozenset[int]] = Counter()
    for e in encounters:
        if len(e.ns) == 1 and len(e.ew) == 1:
            met[frozenset(e.contestants)] += 1
        else:
            for side in (e.ns, e.ew):
                if len(set(side)) == 2:
                    met[frozenset(side)] += 1
    return met


def _meetings(encounters: Iterable[Encounter], plan: Plan) -> list[Violation]:
    return [Violation(Rule.MEETINGS, None, msg(
        "contestants {first} and {second} meet {count} times, planned at most {planned}",
        first=min(pair), second=max(pair), count=n, planned=plan.meetings))
        for pair, n in sorted(meetings(encounters).items(), key=lambda kv: sorted(kv[0]))
        if n > plan.meetings and len(pair) == 2]
